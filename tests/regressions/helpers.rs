//! Helpers shared by the regression tests: configurations, levels, and the checks "inside the
//! walls" and "inside a brick".

use breakout::collision::CollisionMode;
use breakout::level::Level;
use breakout::sim::tuning::{BALL_RADIUS, FIXED_TIMESTEP, PLAYFIELD_WIDTH};
use breakout::sim::{Game, GameConfig, GameEvent, Input, PowerUpSettings};
use glam::Vec2;
use proptest::test_runner::{Config as ProptestConfig, FileFailurePersistence};
use std::collections::BTreeSet;
use std::path::Path;

/// The ball's radius.
pub const R: f32 = BALL_RADIUS;
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
/// power-ups, infinite lives.
pub fn config(mode: CollisionMode) -> GameConfig {
    GameConfig {
        seed: 1,
        collision: mode,
        powerups: PowerUpSettings::none(),
        infinite_lives: true,
        ..GameConfig::default()
    }
}

/// A quiet game for exact scenarios: clamp mode, launch speed, three lives, no random power-ups
/// (the test levels place none), so nothing but the collisions under test changes the ball.
pub fn clamp_config(seed: u64) -> GameConfig {
    GameConfig {
        seed,
        collision: CollisionMode::Clamp,
        powerups: PowerUpSettings::none(),
        ..GameConfig::default()
    }
}

/// A level from its text.
pub fn level(text: &str) -> Level {
    Level::parse(text, "test").unwrap_or_else(|e| panic!("test level: {e}"))
}

/// A shipped level, `levels/<name>.lvl`.
pub fn shipped(name: &str) -> Level {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("levels")
        .join(format!("{name}.lvl"));
    Level::load(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One brick in the bottom-left cell of the brick area, far from the balls of these scenarios,
/// so the level is not cleared.
pub fn far_brick_level() -> Level {
    Level::parse(
        "0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n2 0 0 0 0 0 0 0\n",
        "test",
    )
    .unwrap()
}

/// Two destructible bricks side by side: (2,3) spans x 300..400, (2,4) x 400..500, both
/// y 150..225. The seam is at x = 400 on the shared bottom face y = 225.
pub const SEAM_LEVEL: &str = "2 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 0 0 3 4 0 0 0\n0 0 0 0 0 0 0 0\n";
/// The seam's x in [`SEAM_LEVEL`].
pub const SEAM_X: f32 = 400.0;
/// The bottom face's y in [`SEAM_LEVEL`].
pub const SEAM_FACE_Y: f32 = 225.0;

/// Steps once with no input (the paddle stays put) and returns the events of that step.
pub fn step_idle(game: &mut Game) -> Vec<GameEvent> {
    game.step(&Input::default());
    game.events().to_vec()
}

/// The bricks destroyed in `events`.
pub fn destroyed(events: &[GameEvent]) -> BTreeSet<(usize, usize)> {
    events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::BrickDestroyed { row, col, .. } => Some((row, col)),
            _ => None,
        })
        .collect()
}

/// Unit direction at `deg` degrees from straight up, positive to the right.
pub fn from_vertical(deg: f32) -> Vec2 {
    let a = deg.to_radians();
    Vec2::new(a.sin(), -a.cos())
}

/// Places the single ball so that after exactly one fixed step (one sub-step at launch speed)
/// its centre is at `target`.
pub fn aim(game: &mut Game, target: Vec2, vel: Vec2) {
    game.set_ball(target - vel * FIXED_TIMESTEP, vel);
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

/// Is `center` (a ball's) deeper than `tol` pixels into a live brick?
pub fn overlaps_a_brick(game: &Game, center: Vec2, tol: f32) -> bool {
    game.bricks().iter_live().any(|(_, _, b)| {
        let q = center.clamp(b.rect.min, b.rect.max);
        center.distance(q) < R - tol
    })
}

/// Is `center` inside (or on) a live brick?
pub fn centre_in_a_brick(game: &Game, center: Vec2) -> bool {
    game.bricks()
        .iter_live()
        .any(|(_, _, b)| b.rect.contains(center))
}
