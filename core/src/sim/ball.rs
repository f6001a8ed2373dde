//! The ball, its paddle, and the shared collision-resolution routine.
//!
//! Every collision algorithm produces a [`Contact`]; [`resolve`] turns contacts into motion:
//! push the ball out along the contact normal by the penetration depth, then reflect its velocity
//! about the normal if (and only if) it is still moving into the surface.

use super::paddle_control::{self, PaddleControl};
use super::paddle_rule::{Aim, PaddleHit, PaddleRule};
use super::tuning::*;
use crate::collision::model::ModelMemory;
use crate::collision::{Aabb, Circle, Contact};
use glam::Vec2;

/// A ball: a circle with a velocity.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Ball {
    /// Centre, playfield pixels.
    pub pos: Vec2,
    /// Centre at the start of the last step, for render interpolation.
    pub prev_pos: Vec2,
    /// Velocity, pixels/second.
    pub vel: Vec2,
    /// Radius, pixels.
    pub radius: f32,
    /// True while the ball rides on the paddle waiting to be launched.
    pub stuck: bool,
    /// While stuck: the ball's x offset from the paddle's centre, pixels (0 at the start of a
    /// life; where it landed when a sticky paddle caught it).
    pub stick_offset: f32,
    /// True while a sticky paddle holds it (not at the start of a life): launched, it leaves at
    /// the paddle's bounce angle for where it sits, as if it had bounced there (LBreakout2's
    /// and SDL-Ball's glue), instead of a random launch angle.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub caught: bool,
    /// Loop breaker's timer: fixed steps (of [`FIXED_TIMESTEP`] seconds) since the ball last
    /// touched the paddle or a destructible brick, or was last nudged. Past
    /// [`LOOP_BREAKER_STEPS`] its next bounce off a wall or a solid brick is nudged (see
    /// `nudge_direction`).
    pub idle_steps: u32,
    /// What a collision model with its own resolution keeps about this ball between sub-steps
    /// ([`ModelMemory`]); empty for the textbook modes (and then left out of the state hash).
    #[serde(skip_serializing_if = "ModelMemory::is_empty")]
    pub memory: ModelMemory,
    /// Fixed steps the ball's centre has spent inside a live brick in a row, counted only under a
    /// model with its own resolution (always 0 under the textbook modes, and then left out of
    /// the state hash): at [`BURIED_RESCUE_STEPS`] the game takes it out (`sim/own_resolution.rs`).
    #[serde(skip_serializing_if = "is_zero")]
    pub buried_steps: u32,
    /// Fixed steps since the ball last scored off a brick, for recalling idle balls
    /// (`control_rules`). Left out of the state hash so that games hash as before it existed:
    /// it only matters once the recall key or auto-return acts, which the inputs and the
    /// settings (both in a replay) decide.
    #[serde(skip)]
    pub since_score: u32,
}

/// For `skip_serializing_if`.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Ball {
    /// The ball as a circle for the collision tests: its centre and radius, playfield pixels.
    pub fn circle(&self) -> Circle {
        Circle {
            center: self.pos,
            radius: self.radius,
        }
    }

    /// A ball in play at `pos` (playfield pixels) moving at `vel` (pixels/second).
    pub(crate) fn in_play(pos: Vec2, vel: Vec2) -> Ball {
        Ball {
            pos,
            prev_pos: pos,
            vel,
            radius: BALL_RADIUS,
            stuck: false,
            stick_offset: 0.0,
            caught: false,
            idle_steps: 0,
            memory: ModelMemory::default(),
            buried_steps: 0,
            since_score: 0,
        }
    }

    /// A ball stuck on top of the paddle, centred.
    pub fn on_paddle(paddle: &Paddle) -> Ball {
        let pos = Self::rest_position(paddle);
        Ball {
            pos,
            prev_pos: pos,
            vel: Vec2::ZERO,
            radius: BALL_RADIUS,
            stuck: true,
            stick_offset: 0.0,
            caught: false,
            idle_steps: 0,
            memory: ModelMemory::default(),
            buried_steps: 0,
            since_score: 0,
        }
    }

    /// Where a stuck ball sits: centred on the paddle, resting on its top edge.
    pub(crate) fn rest_position(paddle: &Paddle) -> Vec2 {
        Vec2::new(paddle.center_x(), paddle.pos.y - BALL_RADIUS)
    }

    /// Where this stuck ball sits: on the paddle's top edge at its offset from the centre (kept
    /// within the paddle, which may have shrunk since).
    pub(crate) fn stuck_position(&self, paddle: &Paddle) -> Vec2 {
        let half = paddle.size.x / 2.0;
        Vec2::new(
            paddle.center_x() + self.stick_offset.clamp(-half, half),
            paddle.pos.y - self.radius,
        )
    }
}

/// The player's paddle.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Paddle {
    /// Top-left corner, playfield pixels.
    pub pos: Vec2,
    /// Top-left x at the start of the last step, for render interpolation.
    pub prev_x: f32,
    /// Width and height, pixels.
    pub size: Vec2,
    /// The controls' state ([`PaddleControl`]); left out of the state hash while idle.
    #[serde(skip_serializing_if = "PaddleControl::is_idle")]
    pub control: PaddleControl,
}

impl Paddle {
    /// Resizes the paddle to `width` pixels around its centre, kept inside the playfield.
    pub(in crate::sim) fn set_width(&mut self, width: f32) {
        let center = self.center_x();
        self.size.x = width;
        self.pos.x = (center - width / 2.0).clamp(0.0, PLAYFIELD_WIDTH - width);
        self.prev_x = self.pos.x;
    }

    /// A paddle centred horizontally near the bottom of the playfield.
    pub fn new() -> Paddle {
        let size = Vec2::new(PADDLE_WIDTH, PADDLE_HEIGHT);
        let pos = Vec2::new(
            (PLAYFIELD_WIDTH - size.x) / 2.0,
            PLAYFIELD_HEIGHT - PADDLE_BOTTOM_MARGIN - size.y,
        );
        Paddle {
            pos,
            prev_x: pos.x,
            size,
            control: PaddleControl::default(),
        }
    }

    /// Horizontal centre, pixels.
    pub fn center_x(&self) -> f32 {
        self.pos.x + self.size.x / 2.0
    }

    /// The paddle's box, pixels.
    pub fn rect(&self) -> Aabb {
        Aabb::from_pos_size(self.pos, self.size)
    }

    /// Moves the paddle by `dx` pixels, kept inside the playfield.
    pub(crate) fn move_by(&mut self, dx: f32) {
        self.pos.x = (self.pos.x + dx).clamp(0.0, PLAYFIELD_WIDTH - self.size.x);
    }
}

impl Default for Paddle {
    fn default() -> Self {
        Self::new()
    }
}

/// Shared resolution: moves `ball` out of penetration along the contact normal and reflects its
/// velocity about the normal if it is moving into the surface (`v·n < 0`). Returns true if the
/// velocity was reflected. A ball already moving away is only pushed out, which is what stops a
/// second flip when two adjacent bricks are touched in the same step.
pub fn resolve(ball: &mut Ball, contact: &Contact) -> bool {
    ball.pos += contact.normal * contact.depth;
    let vn = ball.vel.dot(contact.normal);
    if vn < 0.0 {
        ball.vel -= 2.0 * vn * contact.normal;
        true
    } else {
        false
    }
}

/// Anti-loop rule (as in LBreakout): keeps the direction at least
/// [`MIN_ANGLE_FROM_HORIZONTAL_DEG`] from horizontal and [`MIN_ANGLE_FROM_VERTICAL_DEG`] from
/// vertical, preserving speed and the signs of both components. A zero component takes the sign
/// `default_sign` (x) or upward (y).
pub fn clamp_direction(vel: Vec2, default_x_sign: f32) -> Vec2 {
    let speed = vel.length();
    if speed <= 0.0 || !speed.is_finite() {
        return vel;
    }
    let min = MIN_ANGLE_FROM_HORIZONTAL_DEG.to_radians();
    let max = (90.0 - MIN_ANGLE_FROM_VERTICAL_DEG).to_radians();
    let angle = libm::atan2f(vel.y.abs(), vel.x.abs());
    if (min..=max).contains(&angle) {
        return vel;
    }
    let angle = angle.clamp(min, max);
    let sx = if vel.x == 0.0 {
        default_x_sign.signum()
    } else {
        vel.x.signum()
    };
    let sy = if vel.y == 0.0 { -1.0 } else { vel.y.signum() };
    Vec2::new(sx * libm::cosf(angle), sy * libm::sinf(angle)) * speed
}

/// Loop breaker: `vel` turned by `turn_deg` degrees (signed: positive turns it towards vertical),
/// or the other way if that way the anti-loop limits of [`clamp_direction`] would cut the turn
/// to less than half of [`LOOP_BREAKER_MIN_TURN_DEG`] or send the ball into one of
/// `surfaces` (unit normals, pointing towards the ball, of the surfaces it just bounced off).
/// Keeps the speed, the signs of both components (so a ball that left a wall still leaves it)
/// and the limits of [`clamp_direction`]. `None` if neither way works (try again at the next
/// bounce). Only the velocity changes: applied after the contact is resolved, the nudge cannot
/// move the ball into anything.
pub(crate) fn nudge_direction(vel: Vec2, turn_deg: f32, surfaces: &[Vec2]) -> Option<Vec2> {
    let speed = vel.length();
    if speed <= 0.0 || !speed.is_finite() {
        return None;
    }
    let min = MIN_ANGLE_FROM_HORIZONTAL_DEG.to_radians();
    let max = (90.0 - MIN_ANGLE_FROM_VERTICAL_DEG).to_radians();
    let angle = libm::atan2f(vel.y.abs(), vel.x.abs()).clamp(min, max);
    let sx = if vel.x < 0.0 { -1.0 } else { 1.0 };
    let sy = if vel.y < 0.0 { -1.0 } else { 1.0 };
    let turn = turn_deg.to_radians();
    let least = (LOOP_BREAKER_MIN_TURN_DEG / 2.0).to_radians();
    [turn, -turn].into_iter().find_map(|t| {
        let a = (angle + t).clamp(min, max);
        let v = Vec2::new(sx * libm::cosf(a), sy * libm::sinf(a)) * speed;
        let away = surfaces.iter().all(|n| v.dot(*n) > 0.0);
        ((a - angle).abs() >= least && away).then(|| clamp_direction(v, sx))
    })
}

/// The velocity after `ball` hit `paddle`, by the paddle rule `rule` (its row's
/// [`PaddleRuleDef::aim`](super::paddle_rule::PaddleRuleDef::aim)): this game's own
/// ([`PaddleRule::Game`], the default) or another game's (`sim::paddle_rule`). The ball leaves
/// at `speed` (pixels/second), always upward. A caught ball (zero velocity) counts as falling
/// straight down.
pub fn paddle_bounce(rule: PaddleRule, ball: &Ball, speed: f32, paddle: &Paddle) -> Vec2 {
    match rule.def().aim {
        Aim::Game if paddle.control.normal => {
            let offset = (ball.pos.x - paddle.center_x()) / (paddle.size.x / 2.0);
            match paddle_control::flat_bounce(offset, ball.vel, speed, paddle.control.motion_vx) {
                Some(v) => {
                    let v = clamp_direction(v, if v.x < 0.0 { -1.0 } else { 1.0 });
                    Vec2::new(v.x, -v.y.abs())
                }
                None => game_paddle_bounce(ball.pos.x, speed, paddle),
            }
        }
        Aim::Game => game_paddle_bounce(ball.pos.x, speed, paddle),
        Aim::Own(aim) => aim(&PaddleHit {
            ball: ball.pos,
            radius: ball.radius,
            vel: ball.vel,
            speed,
            paddle_pos: paddle.pos,
            paddle_size: paddle.size,
        }),
    }
}

/// This game's paddle rule ([`PaddleRule::Game`]): the outgoing angle from vertical grows
/// linearly with the distance of the hit from the paddle's centre, up to
/// [`PADDLE_MAX_BOUNCE_DEG`] at the ends; speed is preserved and the ball always leaves upward.
fn game_paddle_bounce(ball_x: f32, speed: f32, paddle: &Paddle) -> Vec2 {
    let offset = ((ball_x - paddle.center_x()) / (paddle.size.x / 2.0)).clamp(-1.0, 1.0);
    let angle = offset * PADDLE_MAX_BOUNCE_DEG.to_radians();
    let vel = Vec2::new(libm::sinf(angle), -libm::cosf(angle)) * speed;
    let side = if offset < 0.0 { -1.0 } else { 1.0 };
    let vel = clamp_direction(vel, side);
    // clamp_direction keeps the sign of y, which is negative (up) here.
    Vec2::new(vel.x, -vel.y.abs())
}

/// Bounces the ball off the left, right and top walls. Returns true if it hit one.
pub(crate) fn collide_walls(ball: &mut Ball) -> bool {
    let r = ball.radius;
    let mut hit = false;
    if ball.pos.x < r {
        ball.pos.x = r;
        if ball.vel.x < 0.0 {
            ball.vel.x = -ball.vel.x;
            hit = true;
        }
    } else if ball.pos.x > PLAYFIELD_WIDTH - r {
        ball.pos.x = PLAYFIELD_WIDTH - r;
        if ball.vel.x > 0.0 {
            ball.vel.x = -ball.vel.x;
            hit = true;
        }
    }
    if ball.pos.y < r {
        ball.pos.y = r;
        if ball.vel.y < 0.0 {
            ball.vel.y = -ball.vel.y;
            hit = true;
        }
    }
    hit
}
