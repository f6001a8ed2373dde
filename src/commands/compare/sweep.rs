//! `--speed-sweep`: bricks tunnelled through against ball speed, per mode, in a fixed test
//! scene: a wall of solid bricks four rows thick across the playfield (behind it a row of
//! nine-hit bricks, so that the level is not won at once) and one ball launched at
//! it from below ([`Game::set_ball`]), at [`ANGLES`] angles, at each speed from 450 to
//! 50,000 px/s. Tunnels are counted as in `compare.csv` ([`super::tunnels`]).

use super::models::Model;
use super::tunnels::TunnelCounter;
use crate::level::Level;
use crate::sim::{Game, GameConfig, Input};
use glam::Vec2;
use rayon::prelude::*;

/// The test scene: twelve columns; a row of nine-hit bricks, an empty row, then four rows of
/// solid bricks (`1`).
const WALL: &str = "@name: speed sweep wall\n\
2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9\n\
0 0 0 0 0 0 0 0 0 0 0 0\n\
1 1 1 1 1 1 1 1 1 1 1 1\n\
1 1 1 1 1 1 1 1 1 1 1 1\n\
1 1 1 1 1 1 1 1 1 1 1 1\n\
1 1 1 1 1 1 1 1 1 1 1 1\n";

/// Launch angles from straight up, degrees: an odd spread so that no two are mirror images.
pub const ANGLES: [f32; 8] = [-52.0, -37.0, -23.0, -9.0, 4.0, 17.0, 31.0, 46.0];

/// Where each ball starts, playfield pixels: below the wall's middle.
const START: Vec2 = Vec2::new(400.0, 480.0);

/// How far each ball travels, pixels (its speed × the steps played): at every speed it reaches
/// the wall and comes back.
pub const TRAVEL: f32 = 3_000.0;

/// Speeds swept, pixels/second.
const SLOWEST: f32 = 450.0;
/// Speeds swept, pixels/second.
const FASTEST: f32 = 50_000.0;
/// Points of the sweep.
pub const POINTS: usize = 25;

/// The swept speeds, pixels/second: [`POINTS`] spaced evenly on a log scale from 450 to 50,000.
pub fn speeds() -> Vec<f32> {
    let (a, b) = (SLOWEST.ln(), FASTEST.ln());
    (0..POINTS)
        .map(|i| (a + (b - a) * i as f32 / (POINTS - 1) as f32).exp())
        .collect()
}

/// One speed's result.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPoint {
    /// Ball speed, pixels/second.
    pub speed: f32,
    /// Per mode (in the order asked): bricks tunnelled through, summed over the [`ANGLES`]
    /// launches.
    pub tunnelled: Vec<u32>,
}

/// Runs the sweep for `modes` at `speeds` on rayon's threads.
pub fn speed_sweep(modes: &[Model], speeds: &[f32]) -> Vec<SweepPoint> {
    let level = Level::parse(WALL, "speed sweep wall").expect("the sweep's wall is a level");
    speeds
        .par_iter()
        .map(|&speed| SweepPoint {
            speed,
            tunnelled: modes
                .iter()
                .map(|model| {
                    ANGLES
                        .iter()
                        .map(|&a| launch(&level, model, speed, a))
                        .sum()
                })
                .collect(),
        })
        .collect()
}

/// Bricks tunnelled through by one ball launched at `speed` (pixels/second), `degrees` from
/// straight up, with `model`, while it travels [`TRAVEL`] pixels (the paddle stays still).
pub fn launch(level: &Level, model: &Model, speed: f32, degrees: f32) -> u32 {
    let config = GameConfig {
        collision: model.mode().unwrap_or_default(),
        launch_speed: speed,
        infinite_lives: true,
        ..GameConfig::default()
    };
    let mut game = Game::new(level, config);
    model.apply(&mut game);
    let (sin, cos) = degrees.to_radians().sin_cos();
    game.set_ball(START, Vec2::new(sin, -cos) * speed);
    let steps = (TRAVEL / (speed * crate::sim::tuning::FIXED_TIMESTEP)).ceil() as u32;
    let mut counter = TunnelCounter::default();
    let input = Input::default();
    for _ in 0..steps.max(1) {
        counter.before_step(&game);
        game.step(&input);
        counter.after_step(&game);
    }
    counter.count
}
