//! The probe's generic question to a model with its own resolution ([`Resolution::Own`](crate::collision::Resolution::Own)): such a
//! model has no per-box contact the probe can ask the way it asks the textbook modes, so the
//! probe runs the model's own [`CollisionModel::step_bricks`] over the probe's bricks for the
//! arrow's one step, as the game would, and reports what came of it.
//!
//! * **The world**: the probe's bricks as a one-row [`BrickGrid`] ([`ProbeGrid`]): one cell per
//!   brick, each cell the brick's box widened to the right by the gap to the next brick (so a
//!   grid-walking model sees the gap as the empty edge of a cell). The bricks stay live for the
//!   whole step (the probe scores nothing), and there are no walls and no paddle.
//! * **The ball**: at the arrow's start with the arrow's velocity (the arrow ×
//!   240 steps per second), a fresh [`ModelMemory`] (as a ball just launched) and a generator
//!   seeded with [`SEED`], cut into the model's [`Substeps`] of the one step.
//! * **The answer** (`probe::own_answer`): hit or not per brick (its cell among the hits), the
//!   contact normal (of the sub-step that first hit that brick: [`OwnRun::first_hits`]), where the ball's
//!   centre ends (`Answer::point`) and its outgoing velocity (`Answer::velocity`).
//! * **Against the referee** (`probe::own_errors`): the referee touches the brick somewhere along the arrow (its
//!   closest approach ≤ 0); the model hits or misses it (a miss of a touch the referee finds on
//!   the way is tunnelling); its normal is compared with the referee's at the time of impact (or,
//!   for a ball already overlapping at the start, with the referee's contact there).

use crate::collision::model::{BrickGrid, BrickResponse, ModelBall, ModelMemory, Substeps};
use crate::collision::{Aabb, Circle, CollisionModel};
use glam::Vec2;
use rand::SeedableRng;
use rand_pcg::Pcg32;

/// The seed of the generator a model is handed for the probe's step (the same every time, so
/// the probe's answer is too).
pub const SEED: u64 = 0x5EED_F1AB;

/// At most this many sub-steps for the probe's one step (the simulation's cap).
const MAX_SUBSTEPS: u32 = 10_000;

/// Seconds per fixed step: the probe's arrow is one step's motion.
const STEP_SECONDS: f32 = crate::sim::tuning::FIXED_TIMESTEP;

/// The probe's bricks as a one-row grid (see the module's docs).
#[derive(Clone, Debug)]
pub struct ProbeGrid {
    /// The bricks, left to right (playfield pixels).
    bricks: Vec<Aabb>,
}

impl ProbeGrid {
    /// A grid of `bricks`, which lie left to right on one row (the probe's).
    pub fn new(bricks: &[Aabb]) -> ProbeGrid {
        ProbeGrid {
            bricks: bricks.to_vec(),
        }
    }
}

impl BrickGrid for ProbeGrid {
    fn rows(&self) -> usize {
        1
    }
    fn cols(&self) -> usize {
        self.bricks.len()
    }
    fn cell_rect(&self, row: usize, col: usize) -> Aabb {
        let Some(&brick) = self.bricks.get(col).filter(|_| row == 0) else {
            return Aabb {
                min: Vec2::ZERO,
                max: Vec2::ZERO,
            };
        };
        let right = self
            .bricks
            .get(col + 1)
            .map_or(brick.max.x, |next| next.min.x.max(brick.max.x));
        Aabb {
            min: brick.min,
            max: Vec2::new(right, brick.max.y),
        }
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        self.bricks.get(col).copied().filter(|_| row == 0)
    }
    fn indestructible(&self, _row: usize, _col: usize) -> bool {
        false
    }
}

/// What `model` did over the probe's step: the hits and normals of every sub-step in order
/// (each brick once), where the ball ended and its velocity there.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OwnRun {
    /// Every sub-step's response, joined.
    pub response: BrickResponse,
    /// Each brick hit (row, column), in the order first hit, with the normal of the sub-step that
    /// first hit it: the normal of the same index when that sub-step gave as many normals as
    /// hits, else its first (none if it did not bounce).
    pub first_hits: Vec<((usize, usize), Option<Vec2>)>,
    /// The ball's centre at the step's end, pixels.
    pub end: Vec2,
    /// Its velocity there, pixels/second.
    pub velocity: Vec2,
}

/// Runs `model`'s own resolution, cut into `substeps`, for one step of the ball `ball` moving by
/// `motion` pixels through `bricks` (see the module's docs).
pub fn run(
    model: &dyn CollisionModel,
    substeps: Substeps,
    bricks: &[Aabb],
    ball: Circle,
    motion: Vec2,
) -> OwnRun {
    run_in(model, substeps, &ProbeGrid::new(bricks), ball, motion)
}

/// [`run`] through any grid of bricks: the probe's one-row grid, or the cells of a game
/// round a ball ([`super::placed::PlacedBricks`]).
pub fn run_in(
    model: &dyn CollisionModel,
    substeps: Substeps,
    grid: &dyn BrickGrid,
    ball: Circle,
    motion: Vec2,
) -> OwnRun {
    let mut memory = ModelMemory::default();
    let mut rng = Pcg32::seed_from_u64(SEED);
    let mut seen = ModelBall {
        pos: ball.center,
        vel: motion / STEP_SECONDS,
        radius: ball.radius,
        memory: &mut memory,
    };
    let n = substeps.count(seen.vel.length(), STEP_SECONDS, MAX_SUBSTEPS);
    let dt = STEP_SECONDS / n as f32;
    let mut response = BrickResponse::default();
    let mut first_hits = Vec::new();
    for _ in 0..n {
        let one = model.step_bricks(&mut seen, dt, grid, &mut rng);
        for (i, &hit) in one.hits.iter().enumerate() {
            if first_hits.iter().all(|(h, _)| *h != hit) {
                let normal = if one.normals.len() == one.hits.len() {
                    one.normals.get(i)
                } else {
                    one.normals.first()
                };
                first_hits.push((hit, normal.copied()));
            }
        }
        for hit in one.hits {
            if !response.hits.contains(&hit) {
                response.hits.push(hit);
            }
        }
        response.normals.extend(one.normals);
    }
    OwnRun {
        response,
        first_hits,
        end: seen.pos,
        velocity: seen.vel,
    }
}
