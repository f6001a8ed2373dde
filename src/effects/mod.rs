//! The effects layer: consumes the simulation's events and state and produces what is purely
//! visual — particles (a trail behind each ball, a burst for each destroyed brick, a bigger and
//! brighter one for an explosion, a small one for a brick grown) and the post-processing state
//! (shake on a solid hit and on an explosion; confuse and chaos). It never changes the game,
//! and it draws nothing itself: [`crate::view`] reads its state ([`Effects::particles`],
//! [`Effects::post`]) and builds the sprites ([`crate::view::scene::particles`]) that the
//! renderer draws, so the dependency points from `view` and `render` to `effects`, never back.

pub mod particles;

use crate::config::EffectsConfig;
use crate::level::brick_color;
use crate::sim::{Game, GameEvent};
use glam::Vec2;
use particles::ParticlePool;

/// Most particles alive at once; the pool recycles the oldest beyond it.
pub const MAX_PARTICLES: usize = 2000;
/// How long the frame shakes after a solid brick is hit, seconds (LearnOpenGL: 0.05).
const SHAKE_SECONDS: f32 = 0.15;
/// Least time between two solid-hit shakes, seconds: several balls (multiball, extra balls) on
/// a wall of metal bricks kept the frame shaking, and paying for the post pass, almost all the
/// time (measured in `docs/rendering.md`). An explosion always shakes.
const SOLID_SHAKE_GAP: f32 = 0.5;
/// Balls' worth of trail particles at most, whatever the number of balls: with more, the balls
/// share it (each trail thinner), so five balls cost what two do.
const TRAIL_BALLS: usize = 2;
/// How long the frame shakes after an explosion, seconds.
const EXPLOSION_SHAKE_SECONDS: f32 = 0.3;
/// Particles of an explosion, as a multiple of the configured burst of a destroyed brick.
pub const EXPLOSION_BURST_FACTOR: usize = 4;
/// The stall breaker's sparks (linear RGBA): an electric blue.
const LIGHTNING_COLOR: [f32; 4] = [0.45, 0.7, 1.0, 1.0];

/// Post-processing effects for one frame (LearnOpenGL's shake, confuse and chaos): state the
/// effects layer keeps and the renderer reads (see [`Effects::post`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PostEffects {
    /// Shake strength, 0 (off) to 1: the frame jitters (a solid brick was hit).
    pub shake: f32,
    /// Confuse: the frame is flipped both ways and its colours inverted.
    pub confuse: bool,
    /// Chaos: edge detection and a swirling frame.
    pub chaos: bool,
    /// Seconds, driving the shake and swirl animation.
    pub time: f32,
}

/// Visual effects state.
#[derive(Clone, Debug)]
pub struct Effects {
    /// The particle pool.
    pub particles: ParticlePool,
    shake_left: f32,
    time: f32,
    /// [`Effects::time`] of the last solid-hit shake, seconds (see [`SOLID_SHAKE_GAP`]).
    last_solid_shake: f32,
    trail_debt: f32,
    /// Trail particles emitted per second per moving ball, up to [`TRAIL_BALLS`] balls (by
    /// time, not per frame, so the trail looks the same at 60 and 600 fps).
    trail_rate: f32,
    /// Particles in the burst of a destroyed brick.
    burst_particles: usize,
}

impl Effects {
    /// Fresh effects with the particle density of `config`; `seed` drives particle spread
    /// (cosmetic only).
    pub fn new(seed: u64, config: EffectsConfig) -> Effects {
        let mut effects = Effects {
            particles: ParticlePool::new(MAX_PARTICLES, seed),
            shake_left: 0.0,
            time: 0.0,
            last_solid_shake: f32::NEG_INFINITY,
            trail_debt: 0.0,
            trail_rate: 0.0,
            burst_particles: 0,
        };
        effects.configure(config);
        effects
    }

    /// Changes the particle density to `config`'s (the settings screen); particles already
    /// flying stay.
    pub fn configure(&mut self, config: EffectsConfig) {
        self.trail_rate = config.trail_rate.max(0.0);
        self.burst_particles = config.burst_particles as usize;
    }

    /// Reacts to one game event: a burst for a destroyed brick, a shake for a solid hit, a big
    /// burst ([`EXPLOSION_BURST_FACTOR`] times the configured burst) and a longer shake for an
    /// explosion, a small burst where a brick grew. Particle counts follow the configured
    /// `burst_particles` (0: none).
    pub fn handle_event(&mut self, event: &GameEvent) {
        match *event {
            GameEvent::BrickDestroyed {
                kind,
                colour,
                position,
                ..
            } => {
                self.particles
                    .emit_burst(position, brick_color(kind, colour), self.burst_particles)
            }
            GameEvent::SolidHit { .. } if self.time - self.last_solid_shake >= SOLID_SHAKE_GAP => {
                self.last_solid_shake = self.time;
                self.shake_left = self.shake_left.max(SHAKE_SECONDS);
            }
            GameEvent::Explosion {
                position, reach, ..
            } => {
                self.particles.emit_explosion(
                    position,
                    reach,
                    self.burst_particles * EXPLOSION_BURST_FACTOR,
                );
                self.shake_left = self.shake_left.max(EXPLOSION_SHAKE_SECONDS);
            }
            GameEvent::BrickGrown { kind, position, .. } => self.particles.emit_burst(
                position,
                brick_color(kind, None),
                self.burst_particles / 3,
            ),
            // The stall breaker: blue sparks build up on the last brick, then the strike.
            GameEvent::StallWarning { position, .. } => {
                self.particles
                    .emit_burst(position, LIGHTNING_COLOR, self.burst_particles / 2)
            }
            GameEvent::Lightning { position, .. } => {
                let reach = Vec2::new(8.0, (position.y / 2.0).max(8.0));
                let column = Vec2::new(position.x, position.y / 2.0);
                let count = self.burst_particles * EXPLOSION_BURST_FACTOR;
                self.particles.emit_explosion(column, reach, count);
                self.shake_left = self.shake_left.max(EXPLOSION_SHAKE_SECONDS);
            }
            _ => {}
        }
    }

    /// Advances effects by `dt` seconds of real time; emits trail particles behind `game`'s
    /// moving balls.
    pub fn update(&mut self, dt: f32, game: Option<&Game>) {
        self.time += dt;
        self.shake_left = (self.shake_left - dt).max(0.0);
        if let Some(game) = game {
            let moving = game.balls().iter().filter(|b| !b.stuck).count();
            let share = TRAIL_BALLS.min(moving) as f32 / moving.max(1) as f32;
            self.trail_debt += self.trail_rate * dt * share;
            let emit = self.trail_debt.floor();
            self.trail_debt -= emit;
            for ball in game.balls().iter().filter(|b| !b.stuck) {
                for _ in 0..emit as usize {
                    self.particles.emit_trail(ball.pos, ball.vel, ball.radius);
                }
            }
        }
        self.particles.update(dt);
    }

    /// Removes all particles and stops the shake (a new level, the menu).
    pub fn clear(&mut self) {
        self.particles.clear();
        self.shake_left = 0.0;
    }

    /// Post-processing for this frame; `confuse` and `chaos` come from active power-ups (or a
    /// forced effect).
    pub fn post(&self, confuse: bool, chaos: bool) -> PostEffects {
        PostEffects {
            shake: (self.shake_left / SHAKE_SECONDS).clamp(0.0, 1.0),
            confuse,
            chaos,
            time: self.time,
        }
    }

    /// Starts a shake now (for forced effects).
    pub fn shake(&mut self) {
        self.shake_left = SHAKE_SECONDS;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::sim::{GameConfig, Input};

    /// Particles alive after one second of play with a launched ball (and `extra` more balls
    /// in play), at `trail_rate`.
    fn particles_after_a_second(trail_rate: f32) -> usize {
        particles_with_balls(trail_rate, 0)
    }

    fn particles_with_balls(trail_rate: f32, extra: usize) -> usize {
        let level = Level::parse("2 2 2 2\n0 0 0 0\n", "test").expect("valid level");
        let mut game = Game::new(&level, GameConfig::default());
        let launch = Input {
            launch: true,
            ..Input::default()
        };
        game.step(&launch);
        for i in 0..extra {
            let x = 100.0 + 120.0 * i as f32;
            game.add_ball(glam::Vec2::new(x, 400.0), glam::Vec2::new(100.0, -300.0));
        }
        let config = EffectsConfig {
            trail_rate,
            burst_particles: 0,
            ..EffectsConfig::default()
        };
        let mut effects = Effects::new(1, config);
        for _ in 0..600 {
            effects.update(1.0 / 600.0, Some(&game));
        }
        effects.particles.alive()
    }

    #[test]
    fn trail_density_follows_the_configured_rate() {
        assert_eq!(particles_after_a_second(0.0), 0);
        let default = particles_after_a_second(EffectsConfig::default().trail_rate);
        let dense = particles_after_a_second(1000.0);
        // Alive ≈ rate × mean life (0.35–0.6 s): ~105 and ~475.
        assert!((80..=130).contains(&default), "{default}");
        assert!((400..=550).contains(&dense), "{dense}");
    }

    #[test]
    fn five_balls_leave_the_trail_particles_of_two() {
        let two = particles_with_balls(1000.0, 1);
        let five = particles_with_balls(1000.0, 4);
        assert!(two > 700, "{two}");
        assert!(
            (five as f32) < 1.15 * two as f32,
            "five balls {five}, two {two}"
        );
    }

    #[test]
    fn solid_hits_shake_at_most_once_per_gap_and_explosions_always() {
        let mut effects = Effects::new(1, EffectsConfig::default());
        let hit = GameEvent::SolidHit { row: 0, col: 0 };
        effects.handle_event(&hit);
        assert!(
            effects.post(false, false).shake > 0.0,
            "the first hit shakes"
        );
        let mut shaking = 0;
        for _ in 0..100 {
            effects.update(0.01, None);
            effects.handle_event(&hit);
            shaking += usize::from(effects.post(false, false).shake > 0.0);
        }
        // A hit every 10 ms for 1 s: two shakes of 0.15 s, not a second of shaking.
        assert!(
            (25..=35).contains(&shaking),
            "{shaking} of 100 frames shook"
        );
    }
}
