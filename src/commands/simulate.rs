//! `breakout simulate`: the bot plays a level headless and the result is printed as JSON.
//!
//! The game and its report are the core's ([`crate::sim::report`]), so the core's `headless`
//! example prints the same line; this adds the recording (`simulate --record`).

use crate::level::Level;
use crate::replay::{Origin, Recorder, Replay};
use crate::sim::report::Simulation;
use crate::sim::GameConfig;

pub use crate::sim::report::{simulate, SimulateReport};

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
