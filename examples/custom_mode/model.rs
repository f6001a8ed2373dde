//! The example's collision model, `least-overlap`: the ball's bounding square against each
//! brick, bounced off the axis of least overlap. Shared by `examples/custom_mode.rs` and
//! `tests/custom_mode.rs` (which includes this file), so that the test checks the model the
//! example shows.
//!
//! **The idea** (no game's code: the folk rule of many first Breakouts, and the separating-axis
//! test's "minimum translation vector" for two boxes, Ericson, *Real-Time Collision Detection*
//! §4.2 and §5.2.1): treat the ball as its bounding square; where it overlaps a brick, the
//! overlap is smaller on one axis than the other; that is the axis the ball came in through,
//! so the ball is pushed out along it and its velocity along it reflected. Equal overlaps
//! (within [`CORNER_PX`]) are a corner: both axes are reflected.
//!
//! **How it moves** ([`Resolution::Own`]): sub-steps of at most [`MAX_TRAVEL`] px (a quarter of
//! the ball's radius, so no brick is skipped); in each, the ball moves in a straight line, then
//! is tested against the bricks its square overlaps; the deepest overlap (largest area) wins the
//! bounce, and every brick overlapped is hit. A brick is only bounced off if the ball moves into
//! it along the axis (a ball leaving a brick is not turned back into it).
//!
//! **What it keeps** ([`ModelMemory::counter`]): the brick bounces since the ball was launched.
//! Every [`NUDGE_EVERY`]-th bounce turns the velocity by a random angle of up to ±[`NUDGE_DEG`]°
//! drawn from the game's generator, so that a ball cannot repeat one loop between
//! indestructible bricks forever. Speed is kept.
//!
//! **Determinism**: the turn's sine and cosine come from `libm` (never `f32::sin_cos`, which
//! calls the platform's), its angle from the game's seeded `rng` (never `rand::rng()`), the
//! count from the ball's hashed memory (never a static or a thread-local); no clock, no hash
//! map.
//!
//! Units: playfield pixels (origin top-left, y down), pixels/second, seconds.

use breakout::collision::model::{
    BrickGrid, BrickResponse, CollisionModel, ModelBall, Resolution, Substeps,
};
use breakout::collision::{Aabb, Circle, Contact};
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;

/// Longest sub-step, pixels of travel: a quarter of the game's ball radius (12.5 px).
pub const MAX_TRAVEL: f32 = 3.125;

/// Overlaps within this many pixels of each other are a corner: both axes bounce.
pub const CORNER_PX: f32 = 0.5;

/// Every this many brick bounces, the ball is nudged.
pub const NUDGE_EVERY: u32 = 8;

/// Largest nudge, degrees either way.
pub const NUDGE_DEG: f32 = 3.0;

/// The model: a unit type, so that a `'static` value of it can be handed to the game.
#[derive(Debug)]
pub struct LeastOverlap;

/// The one value of the model (`Game::set_custom_model` takes a `&'static dyn CollisionModel`).
pub static LEAST_OVERLAP: LeastOverlap = LeastOverlap;

/// The overlap of `circle`'s bounding square with `aabb` on each axis, pixels (both > 0 when
/// they overlap).
fn overlaps(circle: Circle, aabb: Aabb) -> Vec2 {
    let r = Vec2::splat(circle.radius);
    let lo = (circle.center - r).max(aabb.min);
    let hi = (circle.center + r).min(aabb.max);
    hi - lo
}

impl CollisionModel for LeastOverlap {
    fn name(&self) -> &'static str {
        "least-overlap"
    }

    /// The bounding square's contact: the normal along the axis of least overlap, away from the
    /// box's centre, the depth that overlap; at a corner (overlaps within [`CORNER_PX`]) the
    /// diagonal. Used for the paddle, and by the probe's and `compare`'s normal plots.
    fn contact(&self, circle: Circle, aabb: Aabb, _velocity: Vec2) -> Option<Contact> {
        let o = overlaps(circle, aabb);
        if o.x <= 0.0 || o.y <= 0.0 {
            return None;
        }
        let away = circle.center - aabb.center();
        let sign = |v: f32| if v < 0.0 { -1.0 } else { 1.0 };
        let (normal, depth) = if (o.x - o.y).abs() <= CORNER_PX {
            (
                Vec2::new(sign(away.x), sign(away.y)).normalize(),
                o.x.min(o.y),
            )
        } else if o.x < o.y {
            (Vec2::new(sign(away.x), 0.0), o.x)
        } else {
            (Vec2::new(0.0, sign(away.y)), o.y)
        };
        Some(Contact {
            normal,
            depth,
            point: circle.center.clamp(aabb.min, aabb.max),
        })
    }

    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::MaxTravel(MAX_TRAVEL))
    }

    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        ball.pos += ball.vel * dt;
        let circle = Circle {
            center: ball.pos,
            radius: ball.radius,
        };
        let mut response = BrickResponse::default();
        // The deepest overlap: (area, contact, brick).
        let mut deepest: Option<(f32, Contact, Aabb)> = None;
        for (row, col) in cells_near(bricks, ball.pos, ball.radius) {
            let Some(brick) = bricks.brick(row, col) else {
                continue;
            };
            let Some(contact) = self.contact(circle, brick, ball.vel) else {
                continue;
            };
            response.hits.push((row, col));
            let o = overlaps(circle, brick);
            if deepest.is_none_or(|(area, _, _)| o.x * o.y > area) {
                deepest = Some((o.x * o.y, contact, brick));
            }
        }
        let Some((_, contact, brick)) = deepest else {
            return response;
        };
        let n = contact.normal;
        if ball.vel.dot(n) < 0.0 {
            // Reflect the velocity along each axis of the normal, and put the square against
            // the brick's face on that axis (at a corner, on both).
            let r = ball.radius;
            if n.x != 0.0 {
                ball.vel.x = -ball.vel.x;
                ball.pos.x = if n.x > 0.0 {
                    brick.max.x + r
                } else {
                    brick.min.x - r
                };
            }
            if n.y != 0.0 {
                ball.vel.y = -ball.vel.y;
                ball.pos.y = if n.y > 0.0 {
                    brick.max.y + r
                } else {
                    brick.min.y - r
                };
            }
            response.normals.push(n);
            ball.memory.counter = ball.memory.counter.wrapping_add(1);
            if ball.memory.counter.is_multiple_of(NUDGE_EVERY) {
                let turn = rng.random_range(-NUDGE_DEG..=NUDGE_DEG).to_radians();
                let (sin, cos) = (libm::sinf(turn), libm::cosf(turn));
                let v = ball.vel;
                ball.vel = Vec2::new(v.x * cos - v.y * sin, v.x * sin + v.y * cos);
            }
        }
        response
    }
}

/// The cells (row, column) a ball at `pos` of `radius` may touch: those whose box its bounding
/// square overlaps, found from the grid's first cell's size (a `BrickGrid`'s cells tile
/// evenly).
fn cells_near(bricks: &dyn BrickGrid, pos: Vec2, radius: f32) -> Vec<(usize, usize)> {
    if bricks.rows() == 0 || bricks.cols() == 0 {
        return Vec::new();
    }
    let first = bricks.cell_rect(0, 0);
    let size = first.size().max(Vec2::splat(1e-3));
    let lo = ((pos - Vec2::splat(radius) - first.min) / size).floor();
    let hi = ((pos + Vec2::splat(radius) - first.min) / size).floor();
    let clamp = |v: f32, n: usize| v.clamp(0.0, n as f32 - 1.0) as usize;
    if hi.x < 0.0 || hi.y < 0.0 || lo.x >= bricks.cols() as f32 || lo.y >= bricks.rows() as f32 {
        return Vec::new();
    }
    let (r0, r1) = (clamp(lo.y, bricks.rows()), clamp(hi.y, bricks.rows()));
    let (c0, c1) = (clamp(lo.x, bricks.cols()), clamp(hi.x, bricks.cols()));
    (r0..=r1)
        .flat_map(|r| (c0..=c1).map(move |c| (r, c)))
        .collect()
}
