//! What the window opens on when the command line names a run: `--set`/`--level` (and
//! `--players` for hot seat), found and loaded before the window opens so a typo is a one-line
//! error.

use super::scenes::hot_seat::HotSeatScene;
use super::scenes::level_menu::LevelMenuScene;
use super::scenes::play::{Campaign, GameStart, PlayScene};
use super::{App, RunOptions};
use crate::assets::{Assets, LevelSetSource, OpenedSet};
use crate::cli::PlayArgs;
use crate::level::Level;
use std::sync::Arc;

/// The run options of the command line `args`, as the scenes read them.
pub(super) fn run_options(args: &PlayArgs) -> RunOptions {
    RunOptions {
        autoplay: args.autoplay,
        powerups: args.powerups.clone(),
        record: args.record.clone(),
        named_run: args.level.is_some() || args.set.is_some(),
        modes: args.modes.clone(),
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
    let campaign = Campaign::new(&set, index).starting_at(app.ctx.difficulty());
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
