//! Helpers of the regression tests alone: configurations, levels, and the checks "inside the
//! walls" and "inside a brick". The helpers they share with `tests/simulation.rs` are in
//! `tests/support/sim.rs` ([`crate::support::sim`]).

use crate::support::sim::{level, R};
use breakout::collision::{CollisionMode, Resolution};
use breakout::level::Level;
use breakout::sim::tuning::{BURIED_RESCUE_STEPS, PLAYFIELD_WIDTH};
use breakout::sim::{Game, GameConfig, Input, PowerUpSettings};
use glam::Vec2;
use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence};
use std::path::Path;

/// Slack for "inside the walls": the continuous integrator stops balls 1e-3 px off a surface.
const WALL_TOL: f32 = 1e-2;

/// A property test's configuration with `cases` cases, its saved failures kept beside its source
/// file: `tests/regressions/<file>.proptest-regressions`. (Proptest's default,
/// `SourceParallel`, walks up from the source file to a directory holding a `main.rs` —
/// here `tests/regressions/` itself — and would use `tests/proptest-regressions/<file>.txt`.)
pub fn proptest_config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

/// The simulation scenarios logged by `breakout simulate`: seed 1, the given mode, no random
/// power-ups, infinite lives, at the launch speed (the bugs were found before the speed-up
/// existed; their scenarios are timed to it).
pub fn config(mode: CollisionMode) -> GameConfig {
    GameConfig {
        seed: 1,
        collision: mode,
        powerups: PowerUpSettings::none(),
        infinite_lives: true,
        pace: breakout::sim::PaceSettings::OFF,
        ..GameConfig::default()
    }
}

/// A shipped level, `levels/<name>.lvl`.
pub fn shipped(name: &str) -> Level {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(format!("{name}.lvl"));
    Level::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A game of `level` in `mode` (see [`config`]) just after a multiball split: the balls all at
/// `pos`, with the velocities `vels` (the first is the ball's that collected the power-up).
pub fn after_split(level: &Level, mode: CollisionMode, pos: Vec2, vels: [Vec2; 3]) -> Game {
    let mut game = Game::new(level, config(mode));
    game.set_ball(pos, vels[0]);
    for vel in &vels[1..] {
        game.add_ball(pos, *vel);
    }
    game
}

/// One brick in the bottom-left cell of the brick area, far from the balls of these scenarios,
/// so the level is not cleared.
pub fn far_brick_level() -> Level {
    level("0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n2 0 0 0 0 0 0 0\n")
}

/// Why `ball` (a centre) is outside the walls, if it is. A ball is inside the playfield's walls
/// when its centre is at least a radius from the left, right and top walls: `r <= x <= W - r`,
/// `y >= r`.
pub fn outside_walls(pos: Vec2) -> Option<&'static str> {
    if !pos.is_finite() {
        Some("not finite")
    } else if pos.x < R - WALL_TOL {
        Some("through the left wall")
    } else if pos.x > PLAYFIELD_WIDTH - R + WALL_TOL {
        Some("through the right wall")
    } else if pos.y < R - WALL_TOL {
        Some("through the ceiling")
    } else {
        None
    }
}

/// Steps `game` idle `steps` times; after every step each ball in play is inside the walls and
/// no escape was counted.
pub fn assert_balls_stay_inside_walls(game: &mut Game, steps: usize, what: &str) {
    for s in 0..steps {
        game.step(&Input::default());
        for (i, ball) in game.balls().iter().enumerate() {
            if let Some(why) = outside_walls(ball.pos) {
                panic!("{what}, step {s}: ball {i} went {why}: {ball:?}");
            }
        }
        assert_eq!(game.stats().balls_escaped, 0, "{what}, step {s}");
    }
}

/// Is `center` inside (or on) a live brick?
pub fn centre_in_a_brick(game: &Game, center: Vec2) -> bool {
    game.bricks()
        .iter_live()
        .any(|(_, _, b)| b.rect.contains(center))
}

/// Does `mode` resolve ball–brick contacts with its own (a peer game's) algorithm? Such a model
/// is held to the rules, not to the textbook modes' exact geometry.
pub fn own_model(mode: CollisionMode) -> bool {
    matches!(mode.model().resolution(), Resolution::Own(_))
}

/// The rules for an own model, checked after one step for every ball (`buried[i]`
/// counts the steps in a row ball `i` has ended with its centre inside a live brick): position
/// and velocity finite, inside the walls, and never buried for more than
/// [`BURIED_RESCUE_STEPS`] steps in a row (the game's stuck-ball rescue takes it out by then).
pub fn assert_own_rules(game: &Game, buried: &mut Vec<u32>, what: &str) {
    buried.resize(game.balls().len(), 0);
    for (i, ball) in game.balls().iter().enumerate() {
        assert!(
            ball.pos.is_finite() && ball.vel.is_finite(),
            "{what}: ball {i} not finite: {ball:?}"
        );
        if let Some(why) = outside_walls(ball.pos) {
            panic!("{what}: ball {i} went {why}: {ball:?}");
        }
        if centre_in_a_brick(game, ball.pos) {
            buried[i] += 1;
        } else {
            buried[i] = 0;
        }
        assert!(
            buried[i] <= BURIED_RESCUE_STEPS,
            "{what}: ball {i} inside a brick for {} steps: {ball:?}",
            buried[i]
        );
    }
}
