//! The effects layer: consumes the simulation's events and state and produces what is purely
//! visual — particles (a trail behind each ball, a burst for each destroyed brick) and the
//! post-processing state (shake on a solid hit; confuse and chaos). It never changes the game.

pub mod particles;

use crate::level::BrickKind;
use crate::render::scene::brick_color;
use crate::render::{PostEffects, SpriteInstance};
use crate::sim::{Game, GameEvent};
use particles::ParticlePool;

/// Most particles alive at once; the pool recycles the oldest beyond it.
pub const MAX_PARTICLES: usize = 1000;
/// Trail particles emitted per second per moving ball (by time, not per frame, so the trail
/// looks the same at 60 and 600 fps).
const TRAIL_RATE: f32 = 220.0;
/// Particles in the burst of a destroyed brick.
const BURST_COUNT: usize = 30;
/// How long the frame shakes after a solid brick is hit, seconds (LearnOpenGL: 0.05).
const SHAKE_SECONDS: f32 = 0.15;

/// Visual effects state.
#[derive(Clone, Debug)]
pub struct Effects {
    /// The particle pool.
    pub particles: ParticlePool,
    shake_left: f32,
    time: f32,
    trail_debt: f32,
}

impl Effects {
    /// Fresh effects; `seed` drives particle spread (cosmetic only).
    pub fn new(seed: u64) -> Effects {
        Effects {
            particles: ParticlePool::new(MAX_PARTICLES, seed),
            shake_left: 0.0,
            time: 0.0,
            trail_debt: 0.0,
        }
    }

    /// Reacts to one game event: a burst for a destroyed brick, a shake for a solid hit.
    pub fn handle_event(&mut self, event: &GameEvent) {
        match *event {
            GameEvent::BrickDestroyed { code, position, .. } => self.particles.emit_burst(
                position,
                brick_color(BrickKind::Destructible(code)),
                BURST_COUNT,
            ),
            GameEvent::SolidHit { .. } => self.shake_left = SHAKE_SECONDS,
            _ => {}
        }
    }

    /// Advances effects by `dt` seconds of real time; emits trail particles behind `game`'s
    /// moving balls.
    pub fn update(&mut self, dt: f32, game: Option<&Game>) {
        self.time += dt;
        self.shake_left = (self.shake_left - dt).max(0.0);
        if let Some(game) = game {
            self.trail_debt += TRAIL_RATE * dt;
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

    /// Appends the particles' sprites.
    pub fn particle_sprites(&self, out: &mut Vec<SpriteInstance>) {
        self.particles.sprites(out);
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
