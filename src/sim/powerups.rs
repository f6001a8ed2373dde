//! Power-ups: spawned by destroyed bricks, they fall, and touching the paddle collects them.
//!
//! The six of LearnOpenGL's Breakout (speed, sticky, pass-through, pad size increase, confuse,
//! chaos) plus multiball and extra life. Spawn chances and durations come from
//! [`PowerUpSettings`] (the `[powerups]` section of `breakout.toml`); effects are cleared when a
//! life is lost or the level changes, and stacking is bounded.

use crate::collision::Aabb;
use crate::level::PowerUpKind;
use glam::Vec2;
use rand::Rng;
use serde::Deserialize;

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

/// Spawn chances and durations; the `[powerups]` section of `breakout.toml`. Chances are per
/// destroyed brick (one roll per power-up kind, as in LearnOpenGL), durations in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
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
        PowerUpSettings { good_chance: 0.0, bad_chance: 0.0, ..Self::default() }
    }

    /// Duration of a timed power-up, seconds; `None` for instant or lasting ones.
    pub fn duration(&self, kind: PowerUpKind) -> Option<f32> {
        match kind {
            PowerUpKind::Sticky => Some(self.sticky_seconds),
            PowerUpKind::PassThrough => Some(self.pass_through_seconds),
            PowerUpKind::Confuse => Some(self.confuse_seconds),
            PowerUpKind::Chaos => Some(self.chaos_seconds),
            _ => None,
        }
    }

    /// Rolls the random spawn for a destroyed brick: each kind is tried in turn with its chance,
    /// the first success spawns (so at most one power-up per brick).
    pub fn roll(&self, rng: &mut impl Rng) -> Option<PowerUpKind> {
        PowerUpKind::ALL.into_iter().find(|&kind| {
            let chance = if is_bad(kind) { self.bad_chance } else { self.good_chance };
            chance > 0.0 && rng.random::<f32>() < chance
        })
    }
}

/// Confuse and chaos hinder the player (LearnOpenGL's "negative" power-ups).
pub fn is_bad(kind: PowerUpKind) -> bool {
    matches!(kind, PowerUpKind::Confuse | PowerUpKind::Chaos)
}

/// A power-up falling towards the paddle.
#[derive(Clone, Copy, Debug, PartialEq)]
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
        FallingPowerUp { kind, pos, prev_pos: pos }
    }

    /// Its box, pixels.
    pub fn rect(&self) -> Aabb {
        Aabb::from_pos_size(self.pos, POWERUP_SIZE)
    }
}

/// A power-up in effect, with the seconds left for timed ones.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ActiveEffect {
    /// Which power-up.
    pub kind: PowerUpKind,
    /// Seconds left.
    pub seconds_left: f32,
}

/// The power-ups in effect.
#[derive(Clone, Debug, Default, PartialEq)]
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
        ActiveEffects { timed: Vec::new(), speed_multiplier: 1.0, paddle_extra: 0.0 }
    }

    /// True while a timed effect of `kind` runs.
    pub fn has(&self, kind: PowerUpKind) -> bool {
        self.timed.iter().any(|e| e.kind == kind)
    }

    /// Starts (or restarts) a timed effect.
    pub fn start(&mut self, kind: PowerUpKind, seconds: f32) {
        match self.timed.iter_mut().find(|e| e.kind == kind) {
            Some(e) => e.seconds_left = seconds,
            None => self.timed.push(ActiveEffect { kind, seconds_left: seconds }),
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

use super::ball::Ball;
use super::tuning::{FIXED_TIMESTEP, PADDLE_WIDTH, PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use super::{Game, GameEvent};
use crate::level::BrickKind;

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
            let touches = r.min.x < paddle.max.x && paddle.min.x < r.max.x && r.min.y < paddle.max.y && paddle.min.y < r.max.y;
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

    /// Applies a caught power-up.
    fn collect(&mut self, kind: PowerUpKind) {
        self.stats.powerups_collected += 1;
        self.events.push(GameEvent::PowerUpCollected { kind });
        match kind {
            PowerUpKind::Speed => {
                let old = self.effects.speed_multiplier;
                let new = (old * SPEED_FACTOR).min(MAX_SPEED_MULTIPLIER);
                for ball in self.balls.iter_mut().filter(|b| !b.stuck) {
                    ball.vel *= new / old;
                }
                self.effects.speed_multiplier = new;
            }
            PowerUpKind::PadSizeIncrease => {
                let extra = (self.effects.paddle_extra + PAD_SIZE_INCREASE).min(MAX_PADDLE_WIDTH - PADDLE_WIDTH);
                self.set_paddle_width(PADDLE_WIDTH + extra);
                self.effects.paddle_extra = extra;
            }
            PowerUpKind::Multiball => self.spawn_multiball(),
            PowerUpKind::ExtraLife => self.lives = (self.lives + 1).min(MAX_LIVES),
            timed => {
                let seconds = self.config.powerups.duration(timed).unwrap_or(FIXED_TIMESTEP);
                self.effects.start(timed, seconds);
            }
        }
    }

    /// Resizes the paddle around its centre, kept inside the playfield.
    fn set_paddle_width(&mut self, width: f32) {
        let center = self.paddle.center_x();
        self.paddle.size.x = width;
        self.paddle.pos.x = (center - width / 2.0).clamp(0.0, PLAYFIELD_WIDTH - width);
        self.paddle.prev_x = self.paddle.pos.x;
    }

    /// Two extra balls leave the first ball in play at ±[`MULTIBALL_SPREAD_DEG`] from its
    /// direction (from the paddle, going up, if every ball is on it).
    fn spawn_multiball(&mut self) {
        let speed = self.config.launch_speed * self.effects.speed_multiplier;
        let (pos, vel) = match self.balls.iter().find(|b| !b.stuck) {
            Some(b) => (b.pos, b.vel),
            None => (Ball::rest_position(&self.paddle), Vec2::new(0.0, -speed)),
        };
        for sign in [-1.0f32, 1.0] {
            let v = Vec2::from_angle(sign * MULTIBALL_SPREAD_DEG.to_radians()).rotate(vel);
            let side = if pos.x < PLAYFIELD_WIDTH / 2.0 { 1.0 } else { -1.0 };
            self.add_ball(pos, super::ball::clamp_direction(v, side));
        }
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
        self.set_paddle_width(PADDLE_WIDTH);
    }

    /// Sticky paddle: a ball that just bounced off the paddle is caught, where it landed.
    /// Returns true if it was caught.
    pub(super) fn catch_if_sticky(&mut self, ball: &mut Ball) -> bool {
        if !self.effects.has(PowerUpKind::Sticky) {
            return false;
        }
        ball.stuck = true;
        ball.stick_offset = ball.pos.x - self.paddle.center_x();
        ball.vel = Vec2::ZERO;
        ball.pos = ball.stuck_position(&self.paddle);
        true
    }

    /// Pass-through: true if the ball goes through the brick at `row`, `col` (a coloured brick
    /// while the power-up runs).
    pub(super) fn passes_through(&self, row: usize, col: usize) -> bool {
        self.effects.has(PowerUpKind::PassThrough)
            && self.bricks.live(row, col).is_some_and(|b| matches!(b.kind, BrickKind::Destructible(_)))
    }
}
