//! What the window opens on when the command line names a run: `--set`/`--level` (and
//! `--players` for hot seat), found and loaded before the window opens so a typo is a one-line
//! error.

use super::scenes::hot_seat::HotSeatScene;
use super::scenes::level_menu::LevelMenuScene;
use super::scenes::play::{Campaign, GameStart, PlayScene};
use super::App;
use crate::assets::{Assets, LevelSetSource, OpenedSet};
use crate::cli::PlayArgs;
use crate::level::Level;
use std::sync::Arc;

/// What the command line says of the runs played in this window, as the scenes read it (built
/// once at start-up by [`RunOptions::from_args`]; the scenes never see the command line).
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
}

impl RunOptions {
    /// The run options of the command line `args`.
    pub fn from_args(args: &PlayArgs) -> RunOptions {
        RunOptions {
            autoplay: args.autoplay,
            powerups: args.powerups.clone(),
            record: args.record.clone(),
            named_run: args.level.is_some() || args.set.is_some(),
        }
    }
}

/// The run the command line asks for: its set, the index of its first level (0-based) and that
/// level, loaded; `None` when it names none (the menu opens). A hot-seat run (`--players`)
/// with no `--set`/`--level` goes through the shipped levels. Errors: an unknown set or level,
/// or a level file that does not load.
pub(super) fn resolve(
    args: &PlayArgs,
    assets: &Assets,
    sets: &[LevelSetSource],
) -> anyhow::Result<Option<(Arc<OpenedSet>, usize, Level)>> {
    let user_dir = crate::assets::user_levels_dir();
    let start = crate::assets::sets::resolve_start(
        assets,
        user_dir.as_deref(),
        sets,
        args.set.as_deref(),
        args.level.as_deref(),
    )?;
    let start = match start {
        None if args.players.is_some() => Some((LevelSetSource::Shipped.open(assets)?, 0)),
        start => start,
    };
    Ok(match start {
        Some((set, index)) => {
            let level = set.levels[index].source.load()?;
            Some((Arc::new(set), index, level))
        }
        None => None,
    })
}

/// Puts the run on the scene stack: the set's level list under it (where ending the run comes
/// back to), then the game, or the hot-seat game of `--players`.
pub(super) fn push_run(app: &mut App, set: Arc<OpenedSet>, index: usize, level: &Level) {
    let campaign = Campaign::new(&set, index).starting_at(app.ctx.difficulty);
    app.scenes.push(Box::new(LevelMenuScene::new(set, index)));
    match app.args.players.clone() {
        Some(players) => {
            if let Ok(scene) = HotSeatScene::start(&mut app.ctx, &campaign, &players.0) {
                app.scenes.push(Box::new(scene));
            }
        }
        None => match PlayScene::start(&mut app.ctx, GameStart::Level(campaign, level)) {
            Ok(play) => app.scenes.push(Box::new(play)),
            Err(e) => log::error!("{e}"),
        },
    }
}
