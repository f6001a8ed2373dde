//! The effects layer: consumes the simulation's events and state and produces what is purely
//! visual — particles (a trail behind each ball, a burst for each destroyed brick, a bigger and
//! brighter one for an explosion, a small one for a brick grown) and the post-processing state
//! (shake on a solid hit and on an explosion; confuse and chaos). It never changes the game,
//! and it draws nothing itself: the renderer reads its state ([`Effects::particles`],
//! [`Effects::post`]) and builds the sprites (`render::scene::particles`), so the dependency
//! points from `render` to `effects`, never back.

pub mod particles;

use crate::assets::palette::brick_color;
use crate::config::EffectsConfig;
use crate::sim::{Game, GameEvent};
use particles::ParticlePool;

/// Most particles alive at once; the pool recycles the oldest beyond it.
pub const MAX_PARTICLES: usize = 2000;
/// How long the frame shakes after a solid brick is hit, seconds (LearnOpenGL: 0.05).
const SHAKE_SECONDS: f32 = 0.15;
/// How long the frame shakes after an explosion, seconds.
const EXPLOSION_SHAKE_SECONDS: f32 = 0.3;
/// Particles of an explosion, as a multiple of the configured burst of a destroyed brick.
pub const EXPLOSION_BURST_FACTOR: usize = 4;

/// Post-processing effects for one frame (LearnOpenGL's shake, confuse and chaos): state the
/// effects layer keeps and the renderer reads (see [`Effects::post`]).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PostEffects {
    /// Shake strength, 0 (off) to 1: the frame jitters and blurs (a solid brick was hit).
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
    trail_debt: f32,
    /// Trail particles emitted per second per moving ball (by time, not per frame, so the trail
    /// looks the same at 60 and 600 fps).
    trail_rate: f32,
    /// Particles in the burst of a destroyed brick.
    burst_particles: usize,
}

impl Effects {
    /// Fresh effects with the particle density of `config`; `seed` drives particle spread
    /// (cosmetic only).
    pub fn new(seed: u64, config: EffectsConfig) -> Effects {
        Effects {
            particles: ParticlePool::new(MAX_PARTICLES, seed),
            shake_left: 0.0,
            time: 0.0,
            trail_debt: 0.0,
            trail_rate: config.trail_rate.max(0.0),
            burst_particles: config.burst_particles as usize,
        }
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
            GameEvent::SolidHit { .. } => self.shake_left = self.shake_left.max(SHAKE_SECONDS),
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
            _ => {}
        }
    }

    /// Advances effects by `dt` seconds of real time; emits trail particles behind `game`'s
    /// moving balls.
    pub fn update(&mut self, dt: f32, game: Option<&Game>) {
        self.time += dt;
        self.shake_left = (self.shake_left - dt).max(0.0);
        if let Some(game) = game {
            self.trail_debt += self.trail_rate * dt;
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

    /// Particles alive after one second of play with a launched ball, at `trail_rate`.
    fn particles_after_a_second(trail_rate: f32) -> usize {
        let level = Level::parse("2 2 2 2\n0 0 0 0\n", "test").expect("valid level");
        let mut game = Game::new(&level, GameConfig::default());
        let launch = Input {
            launch: true,
            ..Input::default()
        };
        game.step(&launch);
        let config = EffectsConfig {
            trail_rate,
            burst_particles: 0,
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
}
