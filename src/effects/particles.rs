//! A pooled particle system: a fixed-capacity pool that recycles the oldest particle when full,
//! so emitting never allocates during play and the particle count is bounded.

use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// One particle: a glowing dot that fades and shrinks over its life.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Particle {
    /// Centre, playfield pixels.
    pub pos: Vec2,
    /// Velocity, pixels/second.
    pub vel: Vec2,
    /// Seconds left; dead at 0.
    pub life: f32,
    /// Seconds it lived in total.
    pub max_life: f32,
    /// Diameter at birth, pixels.
    pub size: f32,
    /// Linear RGBA colour at birth.
    pub color: [f32; 4],
}

/// A fixed-capacity pool of particles.
#[derive(Clone, Debug)]
pub struct ParticlePool {
    particles: Vec<Particle>,
    capacity: usize,
    next: usize,
    rng: Pcg32,
}

/// Velocity kept per second (exponential drag), so bursts slow down as they fade.
const DRAG_PER_SECOND: f32 = 0.15;

impl ParticlePool {
    /// An empty pool holding at most `capacity` particles; `seed` drives the random spread.
    pub fn new(capacity: usize, seed: u64) -> ParticlePool {
        ParticlePool {
            particles: Vec::with_capacity(capacity),
            capacity: capacity.max(1),
            next: 0,
            rng: Pcg32::seed_from_u64(seed),
        }
    }

    /// Adds a particle, replacing the oldest one when the pool is full.
    pub fn spawn(&mut self, particle: Particle) {
        if self.particles.len() < self.capacity {
            self.particles.push(particle);
        } else {
            self.particles[self.next] = particle;
            self.next = (self.next + 1) % self.capacity;
        }
    }

    /// A trail particle behind a ball at `pos` moving with `vel` (pixels/second): born near the
    /// ball's centre, drifting slowly backwards.
    pub fn emit_trail(&mut self, pos: Vec2, vel: Vec2, radius: f32) {
        let jitter = Vec2::new(
            self.rng.random_range(-0.4..0.4),
            self.rng.random_range(-0.4..0.4),
        ) * radius;
        let life = self.rng.random_range(0.35..0.6);
        let tint = self.rng.random_range(0.6..1.0);
        self.spawn(Particle {
            pos: pos + jitter,
            vel: -vel * 0.05,
            life,
            max_life: life,
            size: radius * 1.4,
            color: [0.55 * tint, 0.7 * tint, 1.0 * tint, 0.5],
        });
    }

    /// `count` particles flying out of `pos` in every direction, in `color` (a destroyed brick).
    pub fn emit_burst(&mut self, pos: Vec2, color: [f32; 4], count: usize) {
        for _ in 0..count {
            let angle = self.rng.random_range(0.0..std::f32::consts::TAU);
            let speed = self.rng.random_range(60.0..260.0);
            let life = self.rng.random_range(0.3..0.7);
            let size = self.rng.random_range(6.0..14.0);
            self.spawn(Particle {
                pos,
                vel: Vec2::from_angle(angle) * speed,
                life,
                max_life: life,
                size,
                color: [color[0], color[1], color[2], 0.9],
            });
        }
    }

    /// An explosion at `pos` reaching `reach` pixels (half the blast's width and height):
    /// `count` particles, a white-hot core fading through yellow to red, flying out fast enough
    /// to cover the blast (stretched to its shape), three of them big short flashes at the centre.
    pub fn emit_explosion(&mut self, pos: Vec2, reach: Vec2, count: usize) {
        let flashes = count.min(3);
        for _ in 0..flashes {
            let life = self.rng.random_range(0.12..0.25);
            let jitter = Vec2::new(
                self.rng.random_range(-0.2..0.2),
                self.rng.random_range(-0.2..0.2),
            ) * reach;
            let size = reach.min_element() * self.rng.random_range(0.9..1.4);
            self.spawn(Particle {
                pos: pos + jitter,
                vel: Vec2::ZERO,
                life,
                max_life: life,
                size,
                color: [1.0, 0.75, 0.35, 0.8],
            });
        }
        for _ in 0..count.saturating_sub(flashes) {
            let dir = Vec2::from_angle(self.rng.random_range(0.0..std::f32::consts::TAU));
            // Fast enough to reach the blast's edge in a tenth of a second or so (drag slows it
            // down later), stretched like the blast: reach × 3–9 per second.
            let life = self.rng.random_range(0.4..0.9);
            let speed = self.rng.random_range(3.0..9.0);
            let heat = self.rng.random_range(0.0..1.0f32);
            let size = self.rng.random_range(8.0..20.0);
            self.spawn(Particle {
                pos,
                vel: dir * reach * speed,
                life,
                max_life: life,
                size,
                color: [1.0, 0.35 + 0.6 * heat, 0.1 + 0.5 * heat * heat, 1.0],
            });
        }
    }

    /// Advances every particle by `dt` seconds.
    pub fn update(&mut self, dt: f32) {
        let drag = DRAG_PER_SECOND.powf(dt);
        for p in &mut self.particles {
            if p.life > 0.0 {
                p.life -= dt;
                p.pos += p.vel * dt;
                p.vel *= drag;
            }
        }
    }

    /// Particles still alive.
    pub fn alive(&self) -> usize {
        self.particles.iter().filter(|p| p.life > 0.0).count()
    }

    /// Removes every particle (a new level).
    pub fn clear(&mut self) {
        self.particles.clear();
        self.next = 0;
    }

    /// The particles, dead ones (life ≤ 0) included; the renderer draws the live ones.
    pub fn particles(&self) -> &[Particle] {
        &self.particles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pool_never_exceeds_capacity_and_recycles_oldest() {
        let mut pool = ParticlePool::new(10, 1);
        for _ in 0..25 {
            pool.emit_burst(Vec2::ZERO, [1.0; 4], 1);
        }
        assert_eq!(pool.alive(), 10);
        assert_eq!(pool.particles().len(), 10);
    }

    #[test]
    fn particles_die_after_their_life() {
        let mut pool = ParticlePool::new(100, 2);
        pool.emit_burst(Vec2::new(100.0, 100.0), [1.0; 4], 50);
        assert_eq!(pool.alive(), 50);
        pool.update(0.5);
        let halfway = pool.alive();
        assert!(halfway < 50 && halfway > 0, "{halfway}");
        pool.update(1.0);
        assert_eq!(pool.alive(), 0);
    }
}
