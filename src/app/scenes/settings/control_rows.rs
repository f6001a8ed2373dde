//! The settings screen's rows of the controls (`[controls]` in `breakout.toml`): the paddle's
//! style, the ball turbo, key acceleration, the launch angle, auto-return and the mouse. Each
//! change applies at once: to the next game's `GameConfig::controls` (stored in its replay)
//! and to the mouse ([`crate::app::InputState::set_mouse`]).

use super::row::Setting;
use super::values::{next_of, on_off};
use crate::app::scenes::context::Context;
use crate::config::{MouseMode, BALL_TURBO_SPEED_RANGE, MOUSE_SENSITIVITY_RANGE};
use crate::sim::{LaunchAngle, PaddleStyle};

/// Ball turbo speed per step, pixels/second.
const TURBO_SPEED_STEP: u32 = 200;
/// Mouse sensitivity per step, per cent.
const SENSITIVITY_STEP: u32 = 10;

/// The choices from `lo` to `hi` by `step`.
fn steps((lo, hi): (u32, u32), step: u32) -> Vec<u32> {
    (lo..=hi).step_by(step as usize).collect()
}

/// The value after `now` among `all`, `dir` steps around.
fn cycle<T: Copy + PartialEq, const N: usize>(all: [T; N], now: T, dir: i32) -> T {
    let at = all.iter().position(|&v| v == now).unwrap_or(0);
    all[(at as i32 + dir).rem_euclid(N as i32) as usize]
}

/// Applies the controls of the player's settings to the next game and to the mouse.
fn apply(ctx: &mut Context) {
    ctx.game_config.controls = ctx.settings.now.controls.game();
    ctx.input.set_mouse(ctx.settings.now.controls.mouse());
}

/// Changes the controls' settings with `change`, then applies them.
fn change(ctx: &mut Context, change: impl FnOnce(&mut crate::config::ControlsConfig)) {
    change(&mut ctx.settings.now.controls);
    apply(ctx);
}

/// Paddle style: convex or normal.
pub(super) const PADDLE_STYLE: Setting = Setting {
    label: "Paddle style",
    value: |ctx| ctx.settings.now.controls.paddle_style.name().to_string(),
    step: |ctx, dir| {
        change(ctx, |c| {
            c.paddle_style = cycle(PaddleStyle::ALL, c.paddle_style, dir)
        })
    },
    sound: None,
};

/// Ball turbo speed, pixels/second.
pub(super) const BALL_TURBO_SPEED: Setting = Setting {
    label: "Ball turbo speed",
    value: |ctx| format!("{} px/s", ctx.settings.now.controls.ball_turbo_speed),
    step: |ctx, dir| {
        change(ctx, |c| {
            let choices = steps(BALL_TURBO_SPEED_RANGE, TURBO_SPEED_STEP);
            c.ball_turbo_speed = next_of(&choices, c.ball_turbo_speed.round() as u32, dir) as f32;
        })
    },
    sound: None,
};

/// Ball turbo *Auto*.
pub(super) const BALL_TURBO_AUTO: Setting = Setting {
    label: "Ball turbo auto",
    value: |ctx| on_off(ctx.settings.now.controls.ball_turbo_auto),
    step: |ctx, _| change(ctx, |c| c.ball_turbo_auto = !c.ball_turbo_auto),
    sound: None,
};

/// Key acceleration.
pub(super) const KEY_ACCELERATION: Setting = Setting {
    label: "Key acceleration",
    value: |ctx| on_off(ctx.settings.now.controls.key_acceleration),
    step: |ctx, _| change(ctx, |c| c.key_acceleration = !c.key_acceleration),
    sound: None,
};

/// Launch angle: motion or random.
pub(super) const LAUNCH_ANGLE: Setting = Setting {
    label: "Launch angle",
    value: |ctx| ctx.settings.now.controls.launch_angle.name().to_string(),
    step: |ctx, dir| {
        change(ctx, |c| {
            c.launch_angle = cycle(LaunchAngle::ALL, c.launch_angle, dir)
        })
    },
    sound: None,
};

/// Auto-return of idle balls.
pub(super) const AUTO_RETURN: Setting = Setting {
    label: "Auto-return",
    value: |ctx| on_off(ctx.settings.now.controls.auto_return),
    step: |ctx, _| change(ctx, |c| c.auto_return = !c.auto_return),
    sound: None,
};

/// Mouse: absolute or relative.
pub(super) const MOUSE: Setting = Setting {
    label: "Mouse",
    value: |ctx| ctx.settings.now.controls.mouse.name().to_string(),
    step: |ctx, dir| {
        let all = [MouseMode::Absolute, MouseMode::Relative];
        change(ctx, |c| c.mouse = cycle(all, c.mouse, dir))
    },
    sound: None,
};

/// Mouse sensitivity (relative motion), per cent.
pub(super) const MOUSE_SENSITIVITY: Setting = Setting {
    label: "Mouse sensitivity",
    value: |ctx| format!("{}%", ctx.settings.now.controls.mouse_sensitivity),
    step: |ctx, dir| {
        change(ctx, |c| {
            let choices = steps(MOUSE_SENSITIVITY_RANGE, SENSITIVITY_STEP);
            c.mouse_sensitivity = next_of(&choices, c.mouse_sensitivity, dir);
        })
    },
    sound: None,
};

/// Mouse invert.
pub(super) const MOUSE_INVERT: Setting = Setting {
    label: "Mouse invert",
    value: |ctx| on_off(ctx.settings.now.controls.mouse_invert),
    step: |ctx, _| change(ctx, |c| c.mouse_invert = !c.mouse_invert),
    sound: None,
};
