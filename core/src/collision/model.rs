//! The collision-model trait: what every collision mode is to the simulation, the probe and the
//! lab, and what a person implements to bring a mode of their own (`docs/collision.md`, "Write
//! your own mode").
//!
//! A model answers two questions:
//!
//! * **ball against one box** ([`CollisionModel::contact`]): the contact normal and penetration
//!   depth of a circle overlapping an AABB, or none. Every model answers it: the paddle is
//!   tested with it, and the five textbook modes (`aabb`, `clamp`, `zones`, `cross`, `swept`)
//!   resolve the bricks with it too.
//! * **how the ball moves through a step** ([`CollisionModel::resolution`]): the textbook
//!   discrete modes share one resolution ([`Resolution::Shared`]: sub-steps of half the radius,
//!   contacts resolved deepest first, `sim/brick_collisions.rs`); `swept` casts to the time of
//!   impact ([`Resolution::Continuous`]); a game's own algorithm moves the ball through the
//!   brick field itself ([`Resolution::Own`], [`CollisionModel::step_bricks`]), sub-stepped as it
//!   says, with walls and paddle still the game's.
//!
//! **Determinism.** A model runs in replays, forks and the determinism gate, which compare state
//! hashes across x86-64, aarch64, Windows and wasm32: it must compute the same bits everywhere.
//! No `f32::sin`/`cos`/`atan2`/`powf`… of std (they call the platform's libm): use the `libm`
//! crate; randomness only from the game's generator it is handed; no clocks, no threads, no
//! hash-map iteration order. Everything it keeps between steps lives in the ball's
//! [`ModelMemory`], which is hashed with the ball.
//!
//! Conventions: playfield pixels, origin top-left, y down; velocities pixels/second; times
//! seconds.

use super::{Aabb, Circle, Contact};
use glam::Vec2;
use rand_pcg::Pcg32;
use smallvec::SmallVec;

/// A ball–box collision algorithm, as the simulation, the probe and the lab use it. The built-in
/// models are the rows of [`super::CollisionMode`]; a model of one's own is a `'static` value of
/// a type implementing this trait, handed to `sim::Game::set_custom_model`.
pub trait CollisionModel: Sync + std::fmt::Debug {
    /// The model's name, as the command line, config files, replays and `compare` write it
    /// (lowercase, words joined by `-`).
    fn name(&self) -> &'static str;

    /// The contact of `circle` with `aabb` if they overlap: contact normal (unit, pointing from
    /// the box to the ball) and penetration depth (pixels, ≥ 0), or none. `velocity`
    /// (pixels/second) may be used to choose the face a ball whose centre is inside came
    /// through. The paddle is always tested with it; under [`Resolution::Shared`] and
    /// [`Resolution::Continuous`] so are the bricks.
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact>;

    /// True if `circle` and `aabb` overlap by this model's test (the oracle tests and the
    /// benchmarks); by default, whether [`CollisionModel::contact`] finds a contact.
    fn intersects(&self, circle: Circle, aabb: Aabb) -> bool {
        self.contact(circle, aabb, Vec2::ZERO).is_some()
    }

    /// How the simulation moves a ball with this model (see [`Resolution`]); by default the
    /// shared discrete resolution.
    fn resolution(&self) -> Resolution {
        Resolution::Shared
    }

    /// [`Resolution::Own`] only: moves `ball` through one sub-step of `dt` seconds against the
    /// live bricks of `bricks`, resolving what it hits by the model's own rules, and says which
    /// bricks it hit. The ball's position and velocity are changed in place (a model may snap the
    /// ball back to a contact point, or leave it inside a brick if its original does); the
    /// simulation then resolves walls and the paddle, scores the hits and runs the game's loop
    /// breaker. `rng` is the game's seeded generator: the only source of randomness allowed.
    ///
    /// The default moves the ball in a straight line and hits nothing (the shared and continuous
    /// resolutions never call it).
    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        let _ = (bricks, rng);
        ball.pos += ball.vel * dt;
        BrickResponse::default()
    }
}

/// How the simulation moves a ball through one fixed step with a model.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Resolution {
    /// The shared discrete resolution of the textbook modes (`sim/motion.rs`,
    /// `sim/brick_collisions.rs`): sub-steps no longer than half the ball's radius, walls, paddle,
    /// then the bricks' contacts from [`CollisionModel::contact`] resolved deepest first.
    Shared,
    /// The continuous integrator (`sim/swept.rs`): the ball moves to its earliest time of impact
    /// with a wall, the paddle or a brick, and on from there.
    Continuous,
    /// The model moves the ball through the bricks itself ([`CollisionModel::step_bricks`]), in
    /// sub-steps as given; walls and the paddle are resolved after each sub-step.
    Own(Substeps),
}

/// How a model with its own resolution cuts a fixed step into sub-steps. Whatever it says, a
/// step has at least one sub-step and at most `sim`'s cap (10,000).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Substeps {
    /// One sub-step per fixed step (1/240 s): a predictive model, or one whose original tested
    /// once per frame.
    PerStep,
    /// Sub-steps no longer than this many pixels of travel (KBreakOut's 4 px, rescaled).
    MaxTravel(f32),
    /// A fixed number of sub-steps per second of game time, rounded up per step (a game whose
    /// loop ran at a rate of its own, such as SDL-Ball's).
    Rate(f32),
}

impl Substeps {
    /// How many sub-steps a step of `dt` seconds of a ball moving at `speed` pixels/second takes:
    /// at least 1, at most `cap`.
    pub fn count(self, speed: f32, dt: f32, cap: u32) -> u32 {
        let n = match self {
            Substeps::PerStep => 1.0,
            Substeps::MaxTravel(px) if px > 0.0 => (speed * dt / px).ceil(),
            Substeps::MaxTravel(_) => 1.0,
            Substeps::Rate(hz) => (hz * dt).ceil(),
        };
        if n.is_finite() {
            (n as u32).clamp(1, cap)
        } else {
            1
        }
    }
}

/// The ball as a model with its own resolution sees and changes it during one sub-step.
#[derive(Debug)]
pub struct ModelBall<'a> {
    /// Centre, playfield pixels.
    pub pos: Vec2,
    /// Velocity, pixels/second.
    pub vel: Vec2,
    /// Radius, pixels (read only: changing it has no effect).
    pub radius: f32,
    /// What the model keeps about this ball from one sub-step to the next.
    pub memory: &'a mut ModelMemory,
}

/// What a model keeps about one ball between sub-steps: hashed and copied with the ball (so a
/// fork, a keyframe and the state hash see it), and reset when the ball is launched. A model uses
/// the fields it needs and documents how; the rest stay at their defaults (a ball whose memory is
/// all defaults hashes as before memory existed).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct ModelMemory {
    /// A position of the ball the model remembers, playfield pixels: SDL-Ball's last drawn
    /// position, gnome-breakout's previous box.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prev_pos: Option<Vec2>,
    /// A predicted contact: LBreakout's target (where the ball will touch, and the normal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    /// A counter the model keeps (KBreakOut's sub-steps since its last nudge).
    #[serde(skip_serializing_if = "is_zero")]
    pub counter: u32,
}

/// For `skip_serializing_if`.
fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl ModelMemory {
    /// True while nothing is remembered (every field at its default).
    pub fn is_empty(&self) -> bool {
        *self == ModelMemory::default()
    }
}

/// A contact a predictive model has computed ahead of time.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Target {
    /// The brick's cell (row, column), or none for a target that is no brick.
    pub cell: Option<(u16, u16)>,
    /// The ball's centre at the contact, playfield pixels.
    pub center: Vec2,
    /// The contact normal there (unit, or as the original computes it).
    pub normal: Vec2,
}

/// The brick field as a model with its own resolution sees it: a grid of cells, each empty or
/// holding one live brick whose box lies within the cell. Implemented by `sim::BrickField` (with
/// the bricks a pass-through ball goes through left out) and by the probe's one-brick worlds.
pub trait BrickGrid {
    /// Rows of the grid.
    fn rows(&self) -> usize;
    /// Columns of the grid.
    fn cols(&self) -> usize;
    /// The box of the cell at `row`, `col` (playfield pixels), live or not.
    fn cell_rect(&self, row: usize, col: usize) -> Aabb;
    /// The box of the live brick at `row`, `col`, or none for an empty cell or one out of the
    /// grid.
    fn brick(&self, row: usize, col: usize) -> Option<Aabb>;
    /// True if the live brick at `row`, `col` takes no damage (walls, metal): some games treat
    /// them differently (none of the built-in models does).
    fn indestructible(&self, row: usize, col: usize) -> bool;
}

/// Room for the bricks one sub-step hits without a heap allocation.
const INLINE_HITS: usize = 4;

/// What a model's sub-step did ([`CollisionModel::step_bricks`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BrickResponse {
    /// The cells (row, column) of the bricks hit, in the order hit; each is hit once.
    pub hits: SmallVec<[(usize, usize); INLINE_HITS]>,
    /// The contact normals the ball bounced off (unit), in order; empty if it did not bounce.
    pub normals: SmallVec<[Vec2; INLINE_HITS]>,
}

impl BrickResponse {
    /// True if the ball bounced off something.
    pub fn bounced(&self) -> bool {
        !self.normals.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn substeps_count_is_at_least_one_and_at_most_the_cap() {
        assert_eq!(Substeps::PerStep.count(1e9, 1.0 / 240.0, 100), 1);
        assert_eq!(Substeps::MaxTravel(4.0).count(960.0, 1.0 / 240.0, 100), 1);
        assert_eq!(Substeps::MaxTravel(4.0).count(961.0, 1.0 / 240.0, 100), 2);
        assert_eq!(Substeps::MaxTravel(1.0).count(1e9, 1.0, 100), 100);
        assert_eq!(Substeps::MaxTravel(0.0).count(100.0, 1.0, 100), 1);
        assert_eq!(Substeps::Rate(1000.0).count(0.0, 1.0 / 240.0, 100), 5);
        assert_eq!(Substeps::Rate(f32::NAN).count(0.0, 1.0 / 240.0, 100), 1);
        assert_eq!(Substeps::MaxTravel(2.0).count(f32::NAN, 1.0, 100), 1);
    }

    #[test]
    fn empty_memory_is_default_and_any_field_makes_it_non_empty() {
        assert!(ModelMemory::default().is_empty());
        let m = ModelMemory {
            counter: 1,
            ..ModelMemory::default()
        };
        assert!(!m.is_empty());
    }
}
