//! The run's options as the scenes read them.

/// What the command line says of the runs played in this window, as the scenes read it (built
/// once at start-up by `app/start.rs`; the scenes never see the command line).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RunOptions {
    /// `--autoplay`: the bot plays every game, from the menu on (demo mode); no score is kept.
    pub autoplay: bool,
    /// `--powerup`: power-ups kept on all the time, collected when a level starts and again
    /// whenever a timed one runs out.
    pub powerups: Vec<crate::level::PowerUpKind>,
    /// `--record`: also write the replay of each level played to this file.
    pub record: Option<std::path::PathBuf>,
    /// `--set` or `--level` named the run: the demo stops on its end screen instead of going
    /// back to the menu.
    pub named_run: bool,
    /// `--modes`: the collision models the fork, its split view and the lab show.
    pub modes: crate::cli::ModeList,
}
