//! What every scene shares, owned by the app and lent to the scene being updated, given input or
//! drawn.

use crate::app::InputState;
use crate::audio::Audio;
use crate::cli::PlayArgs;
use crate::collision::CollisionMode;
use crate::effects::Effects;
use crate::highscores::HighScores;
use crate::sim::GameConfig;

/// State shared by the scenes: settings, input, sound, particles, high scores, counters.
pub struct Context {
    /// The command line: `--autoplay`, `--level`, `--effect` and the run's other options.
    pub args: PlayArgs,
    /// Simulation settings from the command line and config file (its collision mode is the
    /// starting one; [`Context::collision`] is the current one).
    pub game_config: GameConfig,
    /// The collision mode in use; `C` cycles it, and it carries over to the next level.
    pub collision: CollisionMode,
    /// `F1`: draw the collision debug overlay.
    pub debug_overlay: bool,
    /// Keyboard and mouse, as window events left them; the game reads it each step.
    pub input: InputState,
    /// Sound (none with `--mute` or when no audio device opened).
    pub audio: Option<Audio>,
    /// Particles and post-processing state.
    pub effects: Effects,
    /// Best score per level (none if the platform has no data directory).
    pub scores: Option<HighScores>,
    /// Why the last level could not be started (its file's errors), shown by the menu until a
    /// level starts.
    pub level_error: Option<String>,
    /// Simulation steps run, over every level (for `--stats`).
    pub game_steps: u64,
}

impl Context {
    /// The settings for a new game: the configured ones with the current collision mode.
    pub fn config(&self) -> GameConfig {
        GameConfig {
            collision: self.collision,
            ..self.game_config
        }
    }

    /// Records `score` for the level named `level` in the high-score table and saves the table
    /// if it is a new best (a failed save is logged). Returns the level's best before this
    /// score and whether this one beat it; `None` without a table.
    pub fn record_score(&mut self, level: &str, score: u32) -> Option<(Option<u32>, bool)> {
        let scores = self.scores.as_mut()?;
        let previous = scores.best(level);
        let is_best = scores.record(level, score);
        if is_best {
            if let Err(e) = scores.save() {
                log::warn!("cannot save high scores: {e}");
            }
        }
        Some((previous, is_best))
    }
}
