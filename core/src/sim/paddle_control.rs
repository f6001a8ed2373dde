//! [`PaddleControl`]: what the paddle keeps for the controls' rules (`control_rules`), and the
//! *Normal* (flat) paddle style's bounce (LBreakoutHD `libgame/balls.c`: a flat paddle reflects,
//! its motion bends the bounce for `frictionTimeout`, 200 ms). Kept apart from
//! `control_rules.rs` so that `ball.rs` can use it without a cycle.

use super::tuning::PADDLE_SPEED;
use glam::Vec2;

/// Normal style: the share of the paddle's speed added to the ball's horizontal speed.
pub const FRICTION: f32 = 0.3;
/// Normal style: the share of the paddle's half width at each end that is round (aims as
/// *Convex*).
pub const ROUND_END_FRACTION: f32 = 0.2;

/// The controls' state a paddle keeps: all zero (and left out of the state hash) unless a
/// setting that needs it is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct PaddleControl {
    /// The paddle style is *Normal*.
    pub normal: bool,
    /// Key acceleration: steps a movement key has been held (0: none held).
    pub key_steps: u32,
    /// Normal style: the paddle's last motion, pixels/second, capped at `tuning::PADDLE_SPEED`.
    pub motion_vx: f32,
    /// Normal style: steps since [`PaddleControl::motion_vx`] was measured.
    pub motion_age: u32,
}

impl PaddleControl {
    /// Nothing kept (every game without the settings).
    pub fn is_idle(&self) -> bool {
        *self == PaddleControl::default()
    }
}

/// Normal (flat) style: the direction (not yet within the anti-loop limits, at `speed`
/// pixels/second) of a ball hitting the paddle at `offset` (−1 left end … 1 right end) with
/// velocity `vel` (zero: falling straight down): reflected, with [`FRICTION`] × the paddle's
/// last motion `motion_vx` (pixels/second, at most `tuning::PADDLE_SPEED`) added to its x speed.
/// `None` on the round ends ([`ROUND_END_FRACTION`]), which aim as *Convex*.
pub fn flat_bounce(offset: f32, vel: Vec2, speed: f32, motion_vx: f32) -> Option<Vec2> {
    if offset.abs() > 1.0 - ROUND_END_FRACTION {
        return None;
    }
    let falling = if vel == Vec2::ZERO {
        Vec2::new(0.0, speed)
    } else {
        vel
    };
    let vx = falling.x + FRICTION * motion_vx.clamp(-PADDLE_SPEED, PADDLE_SPEED);
    Some(Vec2::new(vx, -falling.y.abs()).normalize_or(Vec2::NEG_Y) * speed)
}
