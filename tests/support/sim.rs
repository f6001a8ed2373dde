//! Simulation helpers shared by the tests that drive `breakout::sim` directly (`simulation`,
//! `regressions`): test levels and quiet configurations, placing a ball, stepping, reading
//! events, and the seam and ball-against-ball scenarios both crates pin. Playfield pixels, origin
//! top-left, y down.

use breakout::collision::CollisionMode;
use breakout::level::Level;
use breakout::sim::tuning::{BALL_LAUNCH_SPEED, BALL_RADIUS, FIXED_TIMESTEP};
use breakout::sim::{Game, GameConfig, GameEvent, Input, PowerUpSettings};
use glam::Vec2;
use std::collections::BTreeSet;

/// The ball's radius.
pub const R: f32 = BALL_RADIUS;

/// A level from its text, named `name`; panics (naming it) if the text is not a level.
pub fn named_level(name: &str, text: &str) -> Level {
    Level::parse(text, name).unwrap_or_else(|e| panic!("{name} level: {e}"))
}

/// A level from its text (named "test").
pub fn level(text: &str) -> Level {
    named_level("test", text)
}

/// A quiet game for exact scenarios: clamp mode, launch speed (no speed-up, no aimed launch),
/// three lives, no random power-ups (the test levels place none), so nothing but the
/// collisions under test changes the ball.
pub fn clamp_config(seed: u64) -> GameConfig {
    GameConfig {
        seed,
        collision: CollisionMode::Clamp,
        powerups: PowerUpSettings::none(),
        pace: breakout::sim::PaceSettings::OFF,
        ..GameConfig::default()
    }
}

/// Steps once with no input (the paddle stays put) and returns the events of that step.
pub fn step_idle(game: &mut Game) -> Vec<GameEvent> {
    game.step(&Input::default());
    game.events().to_vec()
}

/// The bricks (row, column) destroyed in `events`.
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

/// The angle of `v` from the horizontal, 0–90 degrees, whichever way it points.
pub fn angle_from_horizontal_deg(v: Vec2) -> f32 {
    v.y.abs().atan2(v.x.abs()).to_degrees()
}

/// Places the single ball so that after exactly one fixed step (one sub-step at launch speed)
/// its centre is at `target`.
pub fn aim(game: &mut Game, target: Vec2, vel: Vec2) {
    game.set_ball(target - vel * FIXED_TIMESTEP, vel);
}

/// Is the ball centred at `center` deeper than `tol` pixels into a live brick?
pub fn overlaps_a_brick(game: &Game, center: Vec2, tol: f32) -> bool {
    game.bricks().iter_live().any(|(_, _, b)| {
        let q = center.clamp(b.rect.min, b.rect.max);
        center.distance(q) < R - tol
    })
}

/// Two destructible bricks side by side: (2,3) spans x 300..400, (2,4) x 400..500, both
/// y 150..225. The seam is at x = 400 on the shared bottom face y = 225.
pub const SEAM_LEVEL: &str = "2 0 0 0 0 0 0 0\n0 0 0 0 0 0 0 0\n0 0 0 3 4 0 0 0\n0 0 0 0 0 0 0 0\n";
/// The seam's x in [`SEAM_LEVEL`].
pub const SEAM_X: f32 = 400.0;
/// The bottom face's y in [`SEAM_LEVEL`].
pub const SEAM_FACE_Y: f32 = 225.0;

/// Runs one step, in [`SEAM_LEVEL`] with [`clamp_config`] seed 1, of a ball moving at `deg` from
/// vertical that, after the step's move, is at `offset` px right of the seam and `pen` px into
/// the bottom face. Returns the velocity before, the velocity after, the ball's centre after, and
/// the bricks destroyed.
pub fn seam_step(deg: f32, offset: f32, pen: f32) -> (Vec2, Vec2, Vec2, BTreeSet<(usize, usize)>) {
    let mut game = Game::new(&level(SEAM_LEVEL), clamp_config(1));
    let vel = from_vertical(deg) * BALL_LAUNCH_SPEED;
    aim(
        &mut game,
        Vec2::new(SEAM_X + offset, SEAM_FACE_Y + R - pen),
        vel,
    );
    let events = step_idle(&mut game);
    let ball = game.balls()[0];
    (vel, ball.vel, ball.pos, destroyed(&events))
}

/// Steps (at most 3 times) until some ball's velocity changes: the balls, placed to overlap
/// after one move, have met (whenever in the step the simulation resolves ball against ball).
pub fn step_until_balls_turn(game: &mut Game) -> bool {
    let initial: Vec<Vec2> = game.balls().iter().map(|b| b.vel).collect();
    for _ in 0..3 {
        step_idle(game);
        if game.balls().iter().zip(&initial).any(|(b, v)| b.vel != *v) {
            return true;
        }
    }
    false
}
