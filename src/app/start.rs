//! What the window opens on when the command line names a run: `--set`/`--level` (and
//! `--players` for hot seat), found and loaded before the window opens so a typo is a one-line
//! error; and running the app's event loop (natively until the player quits, then `--stats`;
//! in a page, handed to the browser).

use super::scenes::hot_seat::HotSeatScene;
use super::scenes::level_menu::LevelMenuScene;
use super::scenes::play::{Campaign, GameStart, PlayScene};
use super::{App, RunOptions};
use crate::assets::{Assets, LevelSetSource, OpenedSet};
use crate::cli::PlayArgs;
use crate::level::Level;
#[cfg(not(target_arch = "wasm32"))]
use anyhow::Context as _;
use std::sync::Arc;
use winit::event_loop::EventLoop;

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
    let bonus = crate::config::Config::load(args.game.config.as_deref())
        .map_or(true, |loaded| loaded.config.game.bonus_levels);
    let start = crate::assets::run_set::resolve_run_start(
        assets,
        user_dir.as_deref(),
        sets,
        (args.set.as_deref(), args.level.as_deref()),
        bonus,
    )?;
    let start = match start {
        None if args.players.is_some() => {
            Some((LevelSetSource::Shipped.open(assets)?.with_bonus(bonus), 0))
        }
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

impl App {
    /// Runs the event loop until the player quits, then prints `--stats` and reports any
    /// error.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn run(mut self, event_loop: EventLoop<()>) -> anyhow::Result<()> {
        event_loop
            .run_app(&mut self)
            .context("the window's event loop failed")?;
        self.finish()
    }

    /// Hands the app to the browser's event loop (its animation frames and input events) and
    /// returns at once: the page goes on running it.
    #[cfg(target_arch = "wasm32")]
    pub(super) fn run(self, event_loop: EventLoop<()>) -> anyhow::Result<()> {
        use winit::platform::web::EventLoopExtWebSys as _;
        event_loop.spawn_app(self);
        Ok(())
    }

    /// After the event loop: prints `--stats` and reports any error.
    #[cfg(not(target_arch = "wasm32"))]
    fn finish(self) -> anyhow::Result<()> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if self.args.window.stats {
            let seconds = self.first_frame.map_or(0.0, |t| t.elapsed().as_secs_f64());
            let render = self
                .gfx
                .as_ref()
                .map_or_else(Default::default, |g| g.render_stats());
            let stats = super::stats::FrameStats::from_samples(
                &self.frame_times,
                seconds,
                render,
                self.particles_drawn,
                self.ctx.game_steps,
            );
            println!("{}", serde_json::to_string(&stats)?);
        }
        Ok(())
    }
}
