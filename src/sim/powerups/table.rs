//! Power-ups as data: one row of [`POWERUPS`] per kind says whether it is bad for the player,
//! where a timed one's duration comes from, and what collecting it changes (its behaviour
//! function, [`PowerUpInfo::collect`]).
//!
//! **Adding a power-up** means one row here and one behaviour function below it, plus its letter
//! in [`crate::level::PowerUpKind`] (the level format; the row's index is the kind's). A timed
//! power-up's effect is its running timer ([`super::ActiveEffects::has`]), which the systems that
//! care read; its behaviour is then usually [`no_change`].
//!
//! Units: pixels, pixels/second, seconds; playfield coordinates (origin top-left, y down).

use super::{
    ActiveEffects, PowerUpSettings, MAX_LIVES, MAX_PADDLE_WIDTH, MAX_SPEED_MULTIPLIER,
    MULTIBALL_MIN_SEPARATION_DEG, MULTIBALL_SPREAD_DEG, PAD_SIZE_INCREASE, SPEED_FACTOR,
};
use crate::level::PowerUpKind;
use crate::sim::ball::{clamp_direction, Ball, Paddle};
use crate::sim::tuning::{PADDLE_WIDTH, PLAYFIELD_WIDTH};
use glam::Vec2;

/// What the game knows about one kind of power-up.
#[derive(Clone, Copy, Debug)]
pub struct PowerUpInfo {
    /// The kind this row describes (the row's index is the kind's).
    pub kind: PowerUpKind,
    /// True if it hinders the player (LearnOpenGL's "negative" power-ups): it spawns with
    /// [`PowerUpSettings::bad_chance`], and the bot dodges it.
    pub bad: bool,
    /// For a timed power-up, its duration in seconds read from the settings; `None` for an
    /// instant or lasting one.
    pub duration: Option<fn(&PowerUpSettings) -> f32>,
    /// What collecting it changes (after its timer, if any, has started).
    pub collect: fn(&mut Collect<'_>),
}

/// The parts of the game a collected power-up may change, borrowed for the moment it is caught.
#[derive(Debug)]
pub struct Collect<'a> {
    /// Every ball, on the paddle or in play.
    pub balls: &'a mut Vec<Ball>,
    /// The paddle.
    pub paddle: &'a mut Paddle,
    /// The power-ups in effect (multipliers, timers).
    pub effects: &'a mut ActiveEffects,
    /// Lives left.
    pub lives: &'a mut u32,
    /// The game's launch speed, pixels/second.
    pub launch_speed: f32,
}

/// Every power-up, in the order of [`PowerUpKind`] (see [`info`]).
pub const POWERUPS: [PowerUpInfo; 8] = [
    PowerUpInfo {
        kind: PowerUpKind::Speed,
        bad: false,
        duration: None,
        collect: speed_up,
    },
    PowerUpInfo {
        kind: PowerUpKind::Sticky,
        bad: false,
        duration: Some(|s| s.sticky_seconds),
        collect: no_change,
    },
    PowerUpInfo {
        kind: PowerUpKind::PassThrough,
        bad: false,
        duration: Some(|s| s.pass_through_seconds),
        collect: no_change,
    },
    PowerUpInfo {
        kind: PowerUpKind::PadSizeIncrease,
        bad: false,
        duration: None,
        collect: widen_paddle,
    },
    PowerUpInfo {
        kind: PowerUpKind::Confuse,
        bad: true,
        duration: Some(|s| s.confuse_seconds),
        collect: no_change,
    },
    PowerUpInfo {
        kind: PowerUpKind::Chaos,
        bad: true,
        duration: Some(|s| s.chaos_seconds),
        collect: no_change,
    },
    PowerUpInfo {
        kind: PowerUpKind::Multiball,
        bad: false,
        duration: None,
        collect: multiball,
    },
    PowerUpInfo {
        kind: PowerUpKind::ExtraLife,
        bad: false,
        duration: None,
        collect: extra_life,
    },
];

/// The table row of `kind`: a lookup by index, no search.
pub fn info(kind: PowerUpKind) -> &'static PowerUpInfo {
    &POWERUPS[kind as usize]
}

/// Behaviour of a power-up whose running timer is the whole effect (sticky, pass-through,
/// confuse, chaos): nothing else changes.
pub fn no_change(_: &mut Collect<'_>) {}

/// Speed: every ball in play goes [`SPEED_FACTOR`] times faster, up to a total of
/// [`MAX_SPEED_MULTIPLIER`] (later launches too).
pub fn speed_up(c: &mut Collect<'_>) {
    let old = c.effects.speed_multiplier;
    let new = (old * SPEED_FACTOR).min(MAX_SPEED_MULTIPLIER);
    for ball in c.balls.iter_mut().filter(|b| !b.stuck) {
        ball.vel *= new / old;
    }
    c.effects.speed_multiplier = new;
}

/// Pad size increase: the paddle grows by [`PAD_SIZE_INCREASE`] pixels around its centre, up to
/// [`MAX_PADDLE_WIDTH`].
pub fn widen_paddle(c: &mut Collect<'_>) {
    let extra = (c.effects.paddle_extra + PAD_SIZE_INCREASE).min(MAX_PADDLE_WIDTH - PADDLE_WIDTH);
    set_paddle_width(c.paddle, PADDLE_WIDTH + extra);
    c.effects.paddle_extra = extra;
}

/// Extra life: one more, up to [`MAX_LIVES`].
pub fn extra_life(c: &mut Collect<'_>) {
    *c.lives = (*c.lives + 1).min(MAX_LIVES);
}

/// Multiball: two extra balls leave the first ball in play at ±[`MULTIBALL_SPREAD_DEG`] from its
/// direction (from the paddle, going up, if every ball is on it), within the anti-loop limits
/// and at least [`MULTIBALL_MIN_SEPARATION_DEG`] from each other and the first ball: where the
/// limits fold one turn onto another direction, twice the spread is used instead.
pub fn multiball(c: &mut Collect<'_>) {
    let speed = c.launch_speed * c.effects.speed_multiplier;
    let (pos, vel) = match c.balls.iter().find(|b| !b.stuck) {
        Some(b) => (b.pos, b.vel),
        None => (Ball::rest_position(c.paddle), Vec2::new(0.0, -speed)),
    };
    let side = if pos.x < PLAYFIELD_WIDTH / 2.0 {
        1.0
    } else {
        -1.0
    };
    let turned = |k: f32| {
        let v = Vec2::from_angle((k * MULTIBALL_SPREAD_DEG).to_radians()).rotate(vel);
        clamp_direction(v, side)
    };
    let apart =
        |a: Vec2, b: Vec2| a.angle_to(b).abs().to_degrees() >= MULTIBALL_MIN_SEPARATION_DEG - 1e-3;
    let mut dirs: Vec<Vec2> = Vec::with_capacity(2);
    for k in [-1.0, 1.0, -2.0, 2.0] {
        let v = turned(k);
        if dirs.len() < 2 && apart(v, vel) && dirs.iter().all(|&d| apart(v, d)) {
            dirs.push(v);
        }
    }
    // Not seen for any direction within the limits (a property test sweeps them all).
    for k in [-1.0, 1.0] {
        if dirs.len() < 2 {
            dirs.push(turned(k));
        }
    }
    for v in dirs {
        c.balls.push(Ball::in_play(pos, v));
    }
}

/// Resizes `paddle` to `width` pixels around its centre, kept inside the playfield.
pub fn set_paddle_width(paddle: &mut Paddle, width: f32) {
    let center = paddle.center_x();
    paddle.size.x = width;
    paddle.pos.x = (center - width / 2.0).clamp(0.0, PLAYFIELD_WIDTH - width);
    paddle.prev_x = paddle.pos.x;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_describes_the_kind_at_its_index() {
        for (i, kind) in PowerUpKind::ALL.into_iter().enumerate() {
            assert_eq!(POWERUPS[i].kind, kind);
            assert_eq!(info(kind).kind, kind);
        }
    }
}
