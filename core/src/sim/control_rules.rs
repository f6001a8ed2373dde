//! The rules of the controls a player sets ([`super::controls::ControlSettings`] and the
//! [`Action`]s), after LBreakoutHD: paddle turbo and key acceleration (`libgame/paddle.c`), the
//! *Normal* (flat) paddle style with its friction (`libgame/balls.c`, `frictionTimeout`), ball
//! turbo (`libgame/balls.c`), the fire keys (`libgame/balls.c`) and the return of idle balls.
//! Every rule is off at the settings' defaults and without the actions, so games played
//! without them play (and hash) as before.

use super::actions::Action;
use super::ball::{Ball, Paddle};
use super::controls::{ControlSettings, PaddleStyle, FIRE_ANGLE_DEGREES};
pub use super::paddle_control::PaddleControl;
use super::tuning::{FIXED_TIMESTEP, PADDLE_SPEED, PLAYFIELD_HEIGHT};
use super::Input;
use glam::Vec2;

/// Paddle turbo: the paddle's key (and stick) speed is multiplied by this while held.
pub const PADDLE_TURBO_FACTOR: f32 = 2.0;
/// Key acceleration: the share of full speed a key starts at.
pub const KEY_START_FRACTION: f32 = 0.25;
/// Key acceleration: seconds from the start speed to full speed.
pub const KEY_RAMP_SECONDS: f32 = 0.25;
/// Normal style: how long the paddle's last motion bends a bounce, seconds (LBreakoutHD's
/// `frictionTimeout`, 200 ms).
pub const FRICTION_SECONDS: f32 = 0.2;
/// Idle balls (no brick scored for this long, seconds) may be recalled and are auto-returned.
pub const IDLE_RETURN_SECONDS: f32 = 10.0;

/// The factor on the paddle's key and stick speed this step: ×[`PADDLE_TURBO_FACTOR`] with the
/// paddle turbo held, and with key acceleration a ramp from [`KEY_START_FRACTION`] to 1 over
/// [`KEY_RAMP_SECONDS`] of holding a key. Updates the key-hold count.
pub(crate) fn key_speed_factor(c: &ControlSettings, input: &Input, p: &mut PaddleControl) -> f32 {
    let turbo = match input.actions.contains(Action::PaddleTurbo) {
        true => PADDLE_TURBO_FACTOR,
        false => 1.0,
    };
    if !c.key_acceleration {
        return turbo;
    }
    if input.left == input.right {
        p.key_steps = 0;
        return turbo;
    }
    p.key_steps = p.key_steps.saturating_add(1);
    let held = p.key_steps as f32 * FIXED_TIMESTEP;
    let ramp = KEY_START_FRACTION + (1.0 - KEY_START_FRACTION) * (held / KEY_RAMP_SECONDS);
    turbo * ramp.min(1.0)
}

/// Normal style: records the paddle's motion of this step (`dx` pixels), capped, or ages the
/// last one while still; forgets it after [`FRICTION_SECONDS`].
pub(crate) fn track_motion(style: PaddleStyle, p: &mut PaddleControl, dx: f32) {
    p.normal = style == PaddleStyle::Normal;
    if !p.normal {
        return;
    }
    if dx != 0.0 {
        p.motion_vx = (dx / FIXED_TIMESTEP).clamp(-PADDLE_SPEED, PADDLE_SPEED);
        p.motion_age = 0;
    } else if (p.motion_age as f32 + 1.0) * FIXED_TIMESTEP > FRICTION_SECONDS {
        p.motion_vx = 0.0;
        p.motion_age = 0;
    } else if p.motion_vx != 0.0 {
        p.motion_age += 1;
    }
}

/// The velocity of a ball launched by a fire key at `speed` pixels/second:
/// [`FIRE_ANGLE_DEGREES`] left (FireLeft) or right (FireRight) of vertical; `None` without one
/// (FireLeft wins when both are held).
pub fn fire_velocity(input: &Input, speed: f32) -> Option<Vec2> {
    let side = if input.actions.contains(Action::FireLeft) {
        -1.0
    } else if input.actions.contains(Action::FireRight) {
        1.0
    } else {
        return None;
    };
    let a = side * FIRE_ANGLE_DEGREES.to_radians();
    Some(Vec2::new(libm::sinf(a), -libm::cosf(a)) * speed)
}

/// Ball turbo: the speed (pixels/second) a ball of `speed` moves at this step while the turbo
/// is held: the turbo speed (never slower than its own), or with *Auto* from its own speed at
/// the paddle to the turbo speed a playfield's height away. `None` without the turbo.
pub fn turbo_speed(
    c: &ControlSettings,
    input: &Input,
    ball: &Ball,
    paddle: &Paddle,
    speed: f32,
) -> Option<f32> {
    if !input.actions.contains(Action::BallTurbo) {
        return None;
    }
    let top = c.ball_turbo_speed.max(speed);
    if !c.ball_turbo_auto {
        return Some(top);
    }
    let distance = (paddle.pos.y - ball.pos.y).max(0.0);
    let t = (distance / PLAYFIELD_HEIGHT).min(1.0);
    Some(speed + (top - speed) * t)
}

/// Steps a ball must go without scoring a brick to count as idle.
pub fn idle_return_steps() -> u32 {
    (IDLE_RETURN_SECONDS / FIXED_TIMESTEP) as u32
}

impl super::Game {
    /// Stage: idle balls (no brick scored for [`IDLE_RETURN_SECONDS`]) go back onto the paddle
    /// when the recall key is pressed or, with auto-return on, by themselves.
    pub(super) fn return_idle_balls(&mut self, input: &Input) {
        let asked = input.actions.contains(Action::Recall) || self.config.controls.auto_return;
        if !asked {
            return;
        }
        let idle = idle_return_steps();
        let paddle = self.paddle;
        for ball in self.balls.iter_mut() {
            if !ball.stuck && ball.since_score >= idle {
                *ball = Ball {
                    radius: ball.radius,
                    ..Ball::on_paddle(&paddle)
                };
            }
        }
    }
}
