//! Tuning constants of the simulation, grouped in one place with their units.
//!
//! Coordinates are playfield pixels (origin top-left, y down); times in seconds; speeds in
//! pixels/second; angles in degrees unless the name says radians.

// The playfield geometry lives in the leaf module `crate::playfield` (the level lint and the
// renderer use it too); re-exported here so the simulation's constants stay in one list.
pub use crate::playfield::{BALL_RADIUS, BRICK_AREA_FRACTION, PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};

/// Fixed simulation time step in seconds: 240 Hz. At the launch speed the ball moves under 2 px
/// a step, far below its radius, and the step divides the common 60/120/144/240 Hz displays.
pub const FIXED_TIMESTEP: f32 = 1.0 / 240.0;

/// Paddle size in pixels (width, height); LearnOpenGL uses 100×20.
pub(crate) const PADDLE_WIDTH: f32 = 100.0;
/// Paddle height in pixels.
pub(crate) const PADDLE_HEIGHT: f32 = 20.0;
/// Gap between the paddle's bottom edge and the bottom of the playfield, in pixels, so the ball
/// visibly passes the paddle before it is lost.
pub const PADDLE_BOTTOM_MARGIN: f32 = 24.0;
/// Paddle speed under keyboard control, pixels/second (LearnOpenGL: 500).
pub(crate) const PADDLE_SPEED: f32 = 600.0;
/// Fastest the paddle follows the mouse or the bot, pixels/second: quick enough to feel direct,
/// bounded so a teleporting paddle cannot swallow the ball.
pub(crate) const PADDLE_FOLLOW_SPEED: f32 = 2400.0;

/// Ball speed at launch, pixels/second. Every bounce preserves the speed; only the speed-up
/// in play (`[ball]` settings, [`super::pace`]) and the speed power-ups change it.
pub const BALL_LAUNCH_SPEED: f32 = 450.0;
/// Largest random deviation of the launch direction from straight up, degrees.
pub(crate) const LAUNCH_SPREAD_DEG: f32 = 25.0;
/// Launch angle from straight up when the paddle moves at [`PADDLE_SPEED`] or faster at
/// launch (aimed launch, `[ball] aim_launch`), degrees: wider than the random spread so that
/// aiming is worth it, well inside [`PADDLE_MAX_BOUNCE_DEG`] so it never feels like a slice.
pub(crate) const LAUNCH_AIM_MAX_DEG: f32 = 35.0;
/// Paddle speed below which a launch is not aimed, pixels/second: a hand resting on the mouse
/// jitters the paddle by a few pixels a second.
pub(crate) const LAUNCH_AIM_MIN_PADDLE_SPEED: f32 = 30.0;
/// Largest distance the ball may move in one collision sub-step, as a fraction of its radius.
/// Half a radius means a brick or wall thicker than a radius can never be stepped over. Only
/// with sub-steps on, the default ([`super::SubSteps`]); off, a step is one raw test.
pub const MAX_SUBSTEP_FRACTION: f32 = 0.5;

/// Penetration depths (pixels) closer than this count as equal when choosing the first contact
/// to resolve, and the most axis-aligned contact normal wins. Why: a ball a hair off the seam of
/// two adjacent bricks touches the flat face of one and the inner corner of the other at the
/// same depth up to f32 rounding; resolving the corner first tilted the bounce by about 0.01°
/// (a "ghost vertex" in a flat wall). Far below anything visible, far above f32 noise at
/// playfield scale.
pub(crate) const CONTACT_DEPTH_TIE: f32 = 1e-3;
/// Two overlapping balls already moving apart along the contact normal at no less than this
/// fraction of the faster one's speed are left to part by their own motion instead of being
/// pushed apart. Why: multiball starts its balls on one point, at least
/// `MULTIBALL_MIN_SEPARATION_DEG` (12.5°) apart, so parting at 2·sin(6.25°) = 0.22 of their
/// speed or more, at any speed; a push-out made them jump a whole radius sideways at once (into a
/// brick beside them, once). Pairs parting slower (moving nearly in step) are still pushed apart.
pub(crate) const BALL_PARTING_FRACTION: f32 = 0.2;

/// Outgoing angle from vertical when the ball hits the very end of the paddle, degrees.
/// The centre sends the ball straight up; in between it varies linearly (Arkanoid-style control).
pub const PADDLE_MAX_BOUNCE_DEG: f32 = 60.0;
/// Anti-loop: the ball's direction is kept at least this far from horizontal, degrees
/// (LBreakout's rule), so it always makes vertical progress towards the paddle or the bricks.
pub const MIN_ANGLE_FROM_HORIZONTAL_DEG: f32 = 20.0;
/// Anti-loop: the ball's direction is kept at least this far from vertical, degrees, so it cannot
/// bounce forever in one column between a solid brick and the paddle.
pub const MIN_ANGLE_FROM_VERTICAL_DEG: f32 = 10.0;

/// Loop breaker (as in LBreakout and DX-Ball): game time, in seconds, a ball may go without
/// touching the paddle or a destructible brick before its next bounce off a wall or a solid brick
/// turns it by a small random angle. The anti-loop angle limits above cannot stop every loop: a
/// ball at exactly [`MIN_ANGLE_FROM_HORIZONTAL_DEG`] that hits a solid corner is reflected to a
/// shallower angle, clamped back to the limit, i.e. sent back exactly the way it came, and may
/// retrace one path in a pocket of walls and solid bricks for ever (08-citadel, seed 5, ball
/// speed 900). Long enough that normal play (a ball crossing the playfield in about a second)
/// never sees it; short enough that a player trapped by a loop waits only a few seconds.
pub const LOOP_BREAKER_SECONDS: f32 = 8.0;
/// [`LOOP_BREAKER_SECONDS`] in fixed steps of [`FIXED_TIMESTEP`] (1920 at 240 Hz).
pub const LOOP_BREAKER_STEPS: u32 = (LOOP_BREAKER_SECONDS / FIXED_TIMESTEP + 0.5) as u32;
/// Smallest turn of the loop breaker's nudge, degrees: large enough that the new path leaves the
/// old one within a few bounces.
pub(crate) const LOOP_BREAKER_MIN_TURN_DEG: f32 = 4.0;
/// Largest turn of the loop breaker's nudge, degrees: small enough to look like a slightly
/// uneven bounce rather than a jump.
pub(crate) const LOOP_BREAKER_MAX_TURN_DEG: f32 = 12.0;

/// Lives at the start of a game.
pub const START_LIVES: u32 = 3;

// Brick scores are in the brick kinds' table, `super::brick_kinds`.

/// Seconds between an explosive brick's destruction and its neighbours' (LBreakout2: 150 ms,
/// KBreakOut 100 ms): long enough that a chain is seen spreading, short enough to feel like one
/// blast.
pub const EXPLOSION_DELAY: f32 = 0.15;
/// Seconds a regenerating brick below its cap takes to regain one hit (LBreakout2: 4 s at
/// normal difficulty, `brick_loose_dur`).
pub const REGENERATION_SECONDS: f32 = 4.0;
/// Largest turn, degrees, of a ball leaving a chaotic brick at random away from the contact
/// normal: ±70° keeps it clear of grazing the face it bounced off.
pub(crate) const CHAOTIC_MAX_ANGLE_DEG: f32 = 70.0;

/// Fixed steps (one second) a ball's centre may stay inside a live brick under a game's own
/// collision model (which may leave it there, as its original does) before the game takes it
/// out to free space, as the textbook modes would at once (`sim/own_resolution.rs`).
pub const BURIED_RESCUE_STEPS: u32 = (1.0 / FIXED_TIMESTEP + 0.5) as u32;
