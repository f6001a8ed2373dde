//! Power-ups: released by destroyed bricks, they fall, and touching the paddle collects them.
//!
//! The six of LearnOpenGL's Breakout (speed, sticky, pass-through, pad size increase, confuse,
//! chaos), multiball and extra life, and every power-up of LBreakout2, KBreakOut, SDL-Ball and
//! gnome-breakout (48 in all, [`crate::level::PowerUpKind`]). What each one is, is its row in
//! the level layer ([`crate::level::POWER_UPS`]: name, family, good or bad, how long it lasts);
//! what it does is its behaviour function in `sim/powerup_table.rs` (`behaviour`); `docs/architecture.md`
//! has the recipe for adding one. How long each lasts and the sizes and speeds come from the level's
//! `@powerups:` rules ([`rules`]); under this game's own, spawn chances and durations come from
//! [`PowerUpSettings`] (the `[powerups]` section of `breakout.toml`). Effects are cleared when a
//! life is lost or the level changes, and stacking is bounded. What runs each step (timers,
//! falling, magnets, the weapon's shots, the ball's size) is in `sim/powerup_systems.rs`; both sit above the bricks, which this module's state and
//! rules sit below.

use crate::collision::Aabb;
use crate::level::PowerUpKind;
use crate::sim::tuning::BALL_RADIUS;
use glam::Vec2;
use rules::{Lasting, Rules, SpeedChange};
use serde::Serialize;

pub mod rules;
mod settings;
pub(crate) mod weapon;

pub use settings::{PerKind, PowerUpSettings, CLASSIC_RANDOM};
pub use weapon::{Shot, Weapon, BONUS_FLOOR_Y, SHOT_SIZE};
#[cfg(test)]
mod kinds_tests;
#[cfg(test)]
mod tests;

/// Size of a falling power-up, pixels (LearnOpenGL: 60×20).
pub const POWERUP_SIZE: Vec2 = Vec2::new(60.0, 20.0);
/// Falling speed, pixels/second (LearnOpenGL: 150).
pub(crate) const POWERUP_FALL_SPEED: f32 = 150.0;
/// Most balls in play at once: multiball and extra balls add none beyond it. Why: LBreakout2
/// levels chain multiball extras into dozens of balls, which the eye cannot follow and the
/// ball–ball pass (quadratic in the balls) pays for every step.
pub(crate) const MAX_BALLS: usize = 20;
/// Most lives a player can hold; an extra life beyond it gives nothing.
pub const MAX_LIVES: u32 = 9;
/// Angle of the two extra balls of multiball from the original ball's direction, degrees.
pub(crate) const MULTIBALL_SPREAD_DEG: f32 = 25.0;
/// Least angle between any two of the three balls of a split, degrees. Why: the balls start on
/// one point and must part on their own (see [`super::tuning::BALL_PARTING_FRACTION`]); the
/// anti-loop limits can fold a turned direction back next to another one (a ball 26° from
/// horizontal turned 25° down comes out at 20°), so such a turn is replaced.
pub(crate) const MULTIBALL_MIN_SEPARATION_DEG: f32 = 12.5;

/// A power-up falling towards the paddle.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FallingPowerUp {
    /// Which power-up.
    pub kind: PowerUpKind,
    /// Top-left corner, playfield pixels.
    pub pos: Vec2,
    /// Top-left at the start of the last step, for render interpolation.
    pub prev_pos: Vec2,
}

impl FallingPowerUp {
    /// A power-up centred on `center` (a destroyed brick's centre).
    pub fn new(kind: PowerUpKind, center: Vec2) -> Self {
        let pos = center - POWERUP_SIZE / 2.0;
        FallingPowerUp {
            kind,
            pos,
            prev_pos: pos,
        }
    }

    /// Its box, pixels.
    pub fn rect(&self) -> Aabb {
        Aabb::from_pos_size(self.pos, POWERUP_SIZE)
    }
}

/// A power-up in effect, with the seconds left for timed ones.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ActiveEffect {
    /// Which power-up.
    pub kind: PowerUpKind,
    /// Seconds left; infinite for one that lasts until the life is lost (KBreakOut's and
    /// SDL-Ball's rules).
    pub seconds_left: f32,
}

/// The power-ups in effect. Its default is [`ActiveEffects::new`] (none: multipliers at 1), not
/// zeroed fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ActiveEffects {
    /// Timed effects: at most one entry per kind; collecting one again restarts its timer, or
    /// adds its time under LBreakout2's rules (`rules::Rules::add_time`).
    pub timed: Vec<ActiveEffect>,
    /// Ball speed multiplier from the speed power-ups (and KBreakOut's fast and slow), within
    /// the rules' bounds; LBreakout2's fast and slow override it while they run
    /// ([`ActiveEffects::speed`]).
    pub speed_multiplier: f32,
    /// Paddle width added by pad-size power-ups (negative: taken by shrink), pixels.
    pub paddle_extra: f32,
    /// Ball radius factor of the big and small ball power-ups (1: [`BALL_RADIUS`]).
    #[serde(skip_serializing_if = "is_one")]
    pub ball_scale: f32,
}

fn is_one(x: &f32) -> bool {
    *x == 1.0
}

impl Default for ActiveEffects {
    /// No effects: [`ActiveEffects::new`].
    fn default() -> Self {
        ActiveEffects::new()
    }
}

impl ActiveEffects {
    /// No effects.
    pub fn new() -> Self {
        ActiveEffects {
            timed: Vec::new(),
            speed_multiplier: 1.0,
            paddle_extra: 0.0,
            ball_scale: 1.0,
        }
    }

    /// True while a timed effect of `kind` runs.
    pub fn has(&self, kind: PowerUpKind) -> bool {
        self.timed.iter().any(|e| e.kind == kind)
    }

    /// Seconds left of `kind`'s effect (infinite: until the life is lost), if it runs.
    pub fn seconds_left(&self, kind: PowerUpKind) -> Option<f32> {
        self.timed
            .iter()
            .find(|e| e.kind == kind)
            .map(|e| e.seconds_left)
    }

    /// Starts a timed effect lasting `lasting` (nothing for an instant one); if it runs
    /// already, its time restarts, or grows by the new time when `add_time`.
    pub fn start(&mut self, kind: PowerUpKind, lasting: Lasting, add_time: bool) {
        let seconds = match lasting {
            Lasting::Instant => return,
            Lasting::Seconds(s) => s,
            Lasting::UntilLifeLost => f32::INFINITY,
        };
        match self.timed.iter_mut().find(|e| e.kind == kind) {
            Some(e) if add_time => e.seconds_left += seconds,
            Some(e) => e.seconds_left = seconds,
            None => self.timed.push(ActiveEffect {
                kind,
                seconds_left: seconds,
            }),
        }
    }

    /// Ends `kind`'s effect; true if it was running.
    pub fn end(&mut self, kind: PowerUpKind) -> bool {
        let before = self.timed.len();
        self.timed.retain(|e| e.kind != kind);
        self.timed.len() != before
    }

    /// Counts timed effects down by `dt` seconds; returns the kinds that just ended.
    pub fn tick(&mut self, dt: f32) -> Vec<PowerUpKind> {
        let mut ended = Vec::new();
        self.timed.retain_mut(|e| {
            e.seconds_left -= dt;
            if e.seconds_left <= 0.0 {
                ended.push(e.kind);
                false
            } else {
                true
            }
        });
        ended
    }

    /// The balls' speed as a multiple of the launch speed under `rules`: a running fast or slow
    /// of LBreakout2's kind ([`SpeedChange::For`]), else the speed multiplier.
    pub fn speed(&self, rules: &Rules) -> f32 {
        match (rules.fast, rules.slow) {
            (SpeedChange::For(m), _) if self.has(PowerUpKind::Fast) => m,
            (_, SpeedChange::For(m)) if self.has(PowerUpKind::Slow) => m,
            _ => self.speed_multiplier,
        }
    }

    /// Ball radius now, pixels.
    pub(crate) fn ball_radius(&self) -> f32 {
        BALL_RADIUS * self.ball_scale
    }
}
