//! `breakout simulate`: the bot plays a level headless and the result is printed as JSON.
//!
//! The game and its report are the core's ([`crate::sim::report`]), so the core's `headless`
//! example prints the same line; this adds the recording (`simulate --record`).

use crate::level::Level;
use crate::replay::{Origin, Recorder, Replay};
use crate::sim::report::Simulation;
use crate::sim::{GameConfig, Physics};

pub use crate::sim::report::{simulate, SimulateReport};

/// What `breakout simulate` (one level) is asked for.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// `--set`: the set the level is in.
    pub set: Option<&'a str>,
    /// `--level`: the level (in the set, a number from 1 or a name).
    pub level: Option<&'a str>,
    /// `--steps`: at most this many fixed steps.
    pub steps: u64,
    /// `--record FILE`: where the bot's game is written as a replay.
    pub record: Option<&'a std::path::Path>,
}

/// `breakout simulate` for one level: the level loaded, the game configured (`config`, called
/// after the level loads: the settings and the physics chosen, resolved for the level by
/// [`Physics::config_for`]), played, recorded where asked, and the report printed as one JSON
/// line. Returns the exit status: an error (no such level, a bad configuration, a replay that
/// cannot be written) is one line on stderr.
pub fn run(
    request: &Request<'_>,
    config: impl FnOnce() -> anyhow::Result<(GameConfig, Physics)>,
) -> std::process::ExitCode {
    let loaded = crate::assets::Assets::from_env()
        .map_err(anyhow::Error::from)
        .and_then(|assets| super::load_level(&assets, request.set, request.level))
        .and_then(|level| {
            let (config, physics) = config()?;
            let config = physics.config_for(config, &level);
            Ok((level, config))
        });
    let (level, config) = match loaded {
        Ok(loaded) => loaded,
        Err(e) => return super::fail(&super::describe(&e)),
    };
    let origin = request.record.map(|_| Origin {
        set: request.set.map(str::to_string),
        level_key: request.level.map(str::to_string),
        ..Default::default()
    });
    let (report, replay) = simulate_recorded(&level, request.steps, config, origin);
    if let (Some(path), Some(replay)) = (request.record, &replay) {
        if let Err(e) = crate::replay::file::write(path, replay) {
            return super::fail(&e.to_string());
        }
    }
    println!("{}", report.json_line());
    std::process::ExitCode::SUCCESS
}

/// As [`simulate`], and with `origin` also records the game (`simulate --record`): the replay
/// of the bot's game, ended where the simulation stopped.
pub fn simulate_recorded(
    level: &Level,
    steps: u64,
    config: GameConfig,
    origin: Option<Origin>,
) -> (SimulateReport, Option<Replay>) {
    let mut sim = Simulation::new(level, steps, config);
    let mut recorder = origin.map(|origin| {
        let game = sim.game();
        let mut r = Recorder::new(game, level, origin, game.score(), game.lives(), 0);
        r.set_played_by(Some("bot".into()));
        r
    });
    while let Some(input) = sim.step() {
        if let Some(r) = recorder.as_mut() {
            r.step(&input, sim.game());
        }
    }
    let replay = recorder.map(|r| r.finish(sim.game()));
    (sim.report(), replay)
}
