//! Power-ups: spawned by destroyed bricks, they fall, and touching the paddle collects them.
//!
//! The six of LearnOpenGL's Breakout (speed, sticky, pass-through, pad size increase, confuse,
//! chaos) plus multiball and extra life. What each one is and does is data: one row per kind in
//! [`table::POWERUPS`] (good or bad, where its duration comes from, its behaviour function);
//! **adding a power-up** means a row and a behaviour there (and a letter in
//! [`crate::level::PowerUpKind`] for the level format). Spawn chances and durations come from
//! [`PowerUpSettings`] (the `[powerups]` section of `breakout.toml`); effects are cleared when a
//! life is lost or the level changes, and stacking is bounded.

use crate::collision::Aabb;
use crate::level::PowerUpKind;
use glam::Vec2;
use rand::Rng;
use serde::{Deserialize, Serialize};

pub mod table;
#[cfg(test)]
mod tests;

/// Size of a falling power-up, pixels (LearnOpenGL: 60×20).
pub const POWERUP_SIZE: Vec2 = Vec2::new(60.0, 20.0);
/// Falling speed, pixels/second (LearnOpenGL: 150).
pub const POWERUP_FALL_SPEED: f32 = 150.0;
/// Ball speed multiplier of one speed power-up (LearnOpenGL: 1.2).
pub const SPEED_FACTOR: f32 = 1.2;
/// Largest total speed multiplier: three speed-ups. Beyond it the ball gets hard to follow.
pub const MAX_SPEED_MULTIPLIER: f32 = 1.728;
/// Paddle width added by one pad-size power-up, pixels (LearnOpenGL: 50).
pub const PAD_SIZE_INCREASE: f32 = 50.0;
/// Widest the paddle can grow, pixels: two increases on the 100 px paddle… plus one.
pub const MAX_PADDLE_WIDTH: f32 = 250.0;
/// Most lives a player can hold; an extra life beyond it gives nothing.
pub const MAX_LIVES: u32 = 9;
/// Angle of the two extra balls of multiball from the original ball's direction, degrees.
pub const MULTIBALL_SPREAD_DEG: f32 = 25.0;
/// Least angle between any two of the three balls of a split, degrees. Why: the balls start on
/// one point and must part on their own (see [`super::tuning::BALL_PARTING_FRACTION`]); the
/// anti-loop limits can fold a turned direction back next to another one (a ball 26° from
/// horizontal turned 25° down comes out at 20°), so such a turn is replaced.
pub const MULTIBALL_MIN_SEPARATION_DEG: f32 = 12.5;

/// Spawn chances and durations; the `[powerups]` section of `breakout.toml`. Chances are per
/// destroyed brick (one roll per power-up kind, as in LearnOpenGL), durations in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct PowerUpSettings {
    /// Chance of each good power-up (speed, sticky, pass-through, pad size, multiball, extra life)
    /// per destroyed brick. LearnOpenGL: 1/75.
    pub good_chance: f32,
    /// Chance of each bad power-up (confuse, chaos). LearnOpenGL: 1/15.
    pub bad_chance: f32,
    /// Sticky paddle duration, seconds.
    pub sticky_seconds: f32,
    /// Pass-through duration, seconds.
    pub pass_through_seconds: f32,
    /// Confuse duration, seconds.
    pub confuse_seconds: f32,
    /// Chaos duration, seconds.
    pub chaos_seconds: f32,
}

impl Default for PowerUpSettings {
    fn default() -> Self {
        PowerUpSettings {
            good_chance: 1.0 / 75.0,
            bad_chance: 1.0 / 15.0,
            sticky_seconds: 20.0,
            pass_through_seconds: 10.0,
            confuse_seconds: 15.0,
            chaos_seconds: 15.0,
        }
    }
}

impl PowerUpSettings {
    /// No random power-ups (placed ones still spawn): for tests that need a quiet game.
    pub fn none() -> Self {
        PowerUpSettings {
            good_chance: 0.0,
            bad_chance: 0.0,
            ..Self::default()
        }
    }

    /// Duration of a timed power-up, seconds; `None` for instant or lasting ones (the
    /// power-up's table row, [`table::PowerUpInfo::duration`], says which setting).
    pub fn duration(&self, kind: PowerUpKind) -> Option<f32> {
        table::info(kind).duration.map(|seconds| seconds(self))
    }

    /// Rolls the random spawn for a destroyed brick: each kind is tried in turn with its chance,
    /// the first success spawns (so at most one power-up per brick).
    pub fn roll(&self, rng: &mut impl Rng) -> Option<PowerUpKind> {
        PowerUpKind::ALL.into_iter().find(|&kind| {
            let chance = if is_bad(kind) {
                self.bad_chance
            } else {
                self.good_chance
            };
            chance > 0.0 && rng.random::<f32>() < chance
        })
    }
}

/// True for the power-ups that hinder the player (LearnOpenGL's "negative" ones: confuse and
/// chaos), from their table row ([`table::PowerUpInfo::bad`]).
pub fn is_bad(kind: PowerUpKind) -> bool {
    table::info(kind).bad
}

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
    /// Seconds left.
    pub seconds_left: f32,
}

/// The power-ups in effect.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ActiveEffects {
    /// Timed effects (sticky, pass-through, confuse, chaos): at most one entry per kind;
    /// collecting one again restarts its timer instead of stacking.
    pub timed: Vec<ActiveEffect>,
    /// Ball speed multiplier from speed power-ups (1 to [`MAX_SPEED_MULTIPLIER`]).
    pub speed_multiplier: f32,
    /// Paddle width added by pad-size power-ups, pixels.
    pub paddle_extra: f32,
}

impl ActiveEffects {
    /// No effects.
    pub fn new() -> Self {
        ActiveEffects {
            timed: Vec::new(),
            speed_multiplier: 1.0,
            paddle_extra: 0.0,
        }
    }

    /// True while a timed effect of `kind` runs.
    pub fn has(&self, kind: PowerUpKind) -> bool {
        self.timed.iter().any(|e| e.kind == kind)
    }

    /// Starts (or restarts) a timed effect.
    pub fn start(&mut self, kind: PowerUpKind, seconds: f32) {
        match self.timed.iter_mut().find(|e| e.kind == kind) {
            Some(e) => e.seconds_left = seconds,
            None => self.timed.push(ActiveEffect {
                kind,
                seconds_left: seconds,
            }),
        }
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
}

use super::tuning::{PADDLE_WIDTH, PLAYFIELD_HEIGHT};
use super::{Game, GameEvent};

impl Game {
    /// One step of power-ups: falling ones move and are caught by the paddle or lost below the
    /// playfield; timed effects count down.
    pub(super) fn update_powerups(&mut self, dt: f32) {
        let paddle = self.paddle.rect();
        let mut caught = Vec::new();
        self.falling.retain_mut(|p| {
            p.prev_pos = p.pos;
            p.pos.y += POWERUP_FALL_SPEED * dt;
            let r = p.rect();
            let touches = r.min.x < paddle.max.x
                && paddle.min.x < r.max.x
                && r.min.y < paddle.max.y
                && paddle.min.y < r.max.y;
            if touches {
                caught.push(p.kind);
            }
            !touches && p.pos.y < PLAYFIELD_HEIGHT
        });
        for kind in caught {
            self.collect(kind);
        }
        for kind in self.effects.tick(dt) {
            self.events.push(GameEvent::PowerUpEnded { kind });
        }
    }

    /// Applies a caught power-up: counts it, reports it, starts its timer if it is a timed one
    /// and runs its behaviour ([`table::PowerUpInfo::collect`]) on the parts of the game a
    /// power-up may change ([`table::Collect`]).
    fn collect(&mut self, kind: PowerUpKind) {
        self.stats.powerups_collected += 1;
        self.events.push(GameEvent::PowerUpCollected { kind });
        let info = table::info(kind);
        if let Some(seconds) = info.duration {
            self.effects.start(kind, seconds(&self.config.powerups));
        }
        (info.collect)(&mut table::Collect {
            balls: &mut self.balls,
            paddle: &mut self.paddle,
            effects: &mut self.effects,
            lives: &mut self.lives,
            launch_speed: self.config.launch_speed,
        });
    }

    /// Ends every power-up: effects, paddle size, ball speed, falling power-ups (a life lost or a
    /// new level).
    pub(super) fn clear_powerups(&mut self) {
        let old = self.effects.speed_multiplier;
        for ball in &mut self.balls {
            ball.vel /= old;
        }
        self.effects = ActiveEffects::new();
        self.falling.clear();
        table::set_paddle_width(&mut self.paddle, PADDLE_WIDTH);
    }
}
