//! `sdl-ball`: SDL-Ball's ball–brick test, written from the description in
//! `../shared/research/peer-collision-2026-11-27.md` §4 (the source is GPL: read there, never
//! copied). Game: **SDL-Ball 1.02** (`DusteDdk/SDL-Ball`, `main.cpp`, function `coldet`,
//! L2893–3045; the rim points from `ball::setSize`, L1827–1852; the loop L4058–4632).
//!
//! # The algorithm, for each live brick in array order (row-major from the top-left)
//!
//! 1. **Broad phase**: the ball's centre strictly inside the brick's box grown by the radius.
//! 2. **Rim sampling**: 32 points on the rim, at angles 0, 0.2, …, 6.2 rad (offset
//!    (sin a, cos a)·r in the original's y-up units, so (sin a, −cos a)·r here, y down); the ones
//!    inside the box (bounds inclusive) are counted and their offsets averaged: `off`. None
//!    inside: no collision.
//! 3. **Candidate faces**: only the *exposed* faces (no live brick in the neighbouring cell on that
//!    side), and each only if the ball's **last drawn position** `last` was outside it by the
//!    original's test: left if `last.x − off.x ≤ left`, right if `last.x − off.x ≥ right`, top if
//!    `last.y − off.y ≤ top`, bottom if `last.y − off.y ≥ bottom` (the y-up tests mirrored). Each
//!    candidate's "distance" combines the gap from the previous contact point (`last + off`) to
//!    that face with the travel along the other axis, e.g. left:
//!    `√((left − (last.x + off.x))² + (pos.y − last.y)²)`. (The tests use `last − off`, the
//!    distances `last + off`: as the original is written.)
//! 4. The **strictly smallest** distance wins: the ball is **placed against that face's plane**
//!    (e.g. `pos.x = left − r`; the other coordinate is kept, which at a corner can shift the ball
//!    by up to about a radius) and the matching velocity component is negated **only if it points
//!    into the face** (then the face's normal is reported). A tie (two equal smallest distances):
//!    nothing moves.
//! 5. If at least one face was a candidate, the ball speeds up by the original's per-brick
//!    increment (below). **The brick is hit in every case**, also when no face qualified (the
//!    original's "Don't know where the ball hit").
//! 6. The next brick is tested against the ball as the previous one left it; every overlapping
//!    brick is hit. The neighbour flags are the grid at the start of the sub-step (the original
//!    refreshes them once per loop iteration).
//!
//! Then the ball moves by `vel · dt` (the original tests bricks, paddle and walls, then moves);
//! walls and paddle are the game's, after this sub-step.
//!
//! # Rates: the fixed stand-ins for SDL-Ball's real-time loop
//!
//! * **Sub-steps**: the original's loop advances by the real elapsed time and sleeps 1 ms per
//!   iteration (≈ 1–2 ms steps). Here: [`Substeps::Rate`]`(`[`LOOP_RATE`]` = 1000)`: each
//!   1/240 s step is cut into ⌈1000/240⌉ = 5 sub-steps of 1/1200 s (0.83 ms).
//! * **The last drawn position** (`ball.memory.prev_pos`): the original records it only when a
//!   frame is drawn, every 1000/fps ms, fps = 120 by default. Here a frame clock in game time
//!   ([`DRAW_RATE`] = 120 Hz) runs in `ball.memory.counter`, in ticks of 1/1,200,000 s
//!   ([`TICKS_PER_SECOND`]; one sub-step of 1/1200 s is exactly 1000 ticks, a frame 10,000): a
//!   sub-step that starts with a full frame elapsed first records the ball's position — which is
//!   the position after the previous sub-step's move, walls and paddle, as the original draws at
//!   the end of its iteration. So the drawn position is renewed every 10 sub-steps (2 steps).
//!   After a launch (memory reset) the first sub-step records the position at once. `target` is
//!   unused.
//!
//! # Constants and rescaling
//!
//! * Geometry needs no constant: the rim has 32 points at 0.2 rad steps on **our** radius
//!   (`ball.radius`, 12.5 px, or a power-up's), the boxes are **our** bricks
//!   (`bricks.brick(row, col)`), the neighbours **our** grid's cells. The original's bricks tile
//!   without gaps; ours may leave gaps inside their cells: a brick in the next cell counts as a
//!   neighbour all the same (its face "covers" ours).
//! * **Speed per brick hit** (Normal difficulty, the default: +0.003 units/s, capped at 2.2
//!   units/s; research §4.1) rescaled by the playfield widths (SDL-Ball 3.2 units, ours 800 px:
//!   [`PX_PER_UNIT`] = 250): +0.75 px/s per brick ([`BRICK_SPEEDUP`]) up to 550 px/s
//!   ([`MAX_SPEED`]); a ball already faster (the game's own speed-up, power-ups) keeps its speed.
//!   Easy/Hard (+0.0025/+0.004, max 1.5/3.0) are not modelled: the model does not see the
//!   difficulty. The original's paddle speed change (−0.0005) is the paddle's, not this model's.
//! * The original's distance sentinel (4.0 units, "larger than any real distance") is "no
//!   candidate" here.
//!
//! # Differences from the original, and why
//!
//! * Fixed rates instead of real time and the drawn frame (above): determinism.
//! * No "thru" power-up branch: the game hides the bricks a pass-through ball goes through.
//! * Explosive bricks, effects, the 20-s "deadTime" rule: the game's own rules (scoring, loop
//!   breaker) stand in.
//! * Only the bricks within reach (the cells under the ball's box, widened by its radius and one
//!   cell each way, so a push-out's new position is covered) are visited, in array order; the
//!   original loops over all bricks, which gives the same result unless a chain of push-outs
//!   carries the ball more than a cell.
//!
//! # A ball inside a brick; moving or growing bricks
//!
//! As the original: all rim points inside give `off` ≈ 0 and the last drawn position decides; if
//! it was outside an exposed face the ball is placed on that face (a jump of up to a brick's size
//! plus a radius), else no face qualifies, the brick is hit and the ball not moved (the game then
//! destroys a destructible brick; an indestructible one is left by the ball's own velocity).
//! Bricks are read afresh each sub-step, so a moved or grown brick is just a box with the ball
//! inside or not.
//!
//! Walls: a placement never takes the centre out of the playfield (an outer face of the grid is
//! never a candidate: it needs a drawn position beyond the wall). Into a gap narrower than the
//! ball (an empty row 0 of 20 px over a brick, for a 25-px ball) it may leave the ball less than
//! a radius from the top wall, as the original would; the game's walls resolve it next.
//!
//! [`CollisionModel::contact`] (the paddle, the lab's one-box views): the original's ball–box
//! test is steps 1–2 (broad phase and rim points); when it finds the ball the normal and depth
//! are the exact clamp's (`contact_circle_aabb`), since the face choice needs the drawn position
//! the one-box question does not have.
//!
//! Conventions: playfield pixels, origin top-left, y down; velocities pixels/second; seconds.

use crate::collision::model::{
    BrickGrid, BrickResponse, CollisionModel, ModelBall, Resolution, Substeps,
};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;
use rand_pcg::Pcg32;
use std::ops::Range;
use std::sync::OnceLock;

/// Points sampled on the ball's rim (`ball::setSize`).
pub const RIM_POINTS: usize = 32;
/// Angle between two rim points, radians (0, 0.2, …, 6.2: the last gap is 0.083 rad).
pub const RIM_ANGLE_STEP: f32 = 0.2;
/// The stand-in for the original's loop rate (≈ 1 ms iterations), sub-steps per second.
pub const LOOP_RATE: f32 = 1000.0;
/// The stand-in for the original's drawing rate (fps, default 120): how often per second of game
/// time the "last drawn position" is renewed.
pub const DRAW_RATE: u32 = 120;
/// The frame clock's unit in `ball.memory.counter`: ticks per second (a 1/1200-s sub-step is
/// 1000 ticks exactly).
pub const TICKS_PER_SECOND: u32 = 1_200_000;
/// Playfield pixels per SDL-Ball unit: our 800 px width over its 3.2 units.
pub const PX_PER_UNIT: f32 = 800.0 / 3.2;
/// Speed gained per brick hit, pixels/second (Normal: 0.003 units/s).
pub const BRICK_SPEEDUP: f32 = 0.003 * PX_PER_UNIT;
/// The speed the per-brick gain stops at, pixels/second (Normal: 2.2 units/s).
pub const MAX_SPEED: f32 = 2.2 * PX_PER_UNIT;

/// Ticks of one drawn frame.
const FRAME_TICKS: u32 = TICKS_PER_SECOND / DRAW_RATE;

/// The `sdl-ball` collision model (module docs).
#[derive(Debug)]
pub struct SdlBallModel;

/// A face of a brick, in the order the original tests them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// The face at the brick's smallest x.
    Left,
    /// The face at the brick's largest x.
    Right,
    /// The face at the brick's smallest y (towards the top of the playfield).
    Top,
    /// The face at the brick's largest y (towards the paddle).
    Bottom,
}

impl Face {
    /// The four faces, in the original's order.
    pub const ALL: [Face; 4] = [Face::Left, Face::Right, Face::Bottom, Face::Top];

    /// The face's outward unit normal.
    pub fn normal(self) -> Vec2 {
        match self {
            Face::Left => Vec2::NEG_X,
            Face::Right => Vec2::X,
            Face::Top => Vec2::NEG_Y,
            Face::Bottom => Vec2::Y,
        }
    }

    /// The neighbouring cell on this side of (`row`, `col`), or none off the grid's edge.
    fn neighbour(self, row: usize, col: usize) -> Option<(usize, usize)> {
        match self {
            Face::Left => Some((row, col.checked_sub(1)?)),
            Face::Right => Some((row, col + 1)),
            Face::Top => Some((row.checked_sub(1)?, col)),
            Face::Bottom => Some((row + 1, col)),
        }
    }
}

/// What step 3–4 of `coldet` decide for one brick.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FaceChoice {
    /// No face qualified: the brick is hit, the ball is not moved, no speed-up.
    NoCandidate,
    /// Two or more candidates share the smallest distance: nothing moves (the speed-up applies).
    Tie,
    /// The ball is placed against this face.
    Face(Face),
}

/// The rim's 32 unit offsets, y down: (sin a, −cos a) for a = 0, 0.2, …, 6.2 (through `libm`, so
/// the same bits on every target).
fn rim() -> &'static [Vec2; RIM_POINTS] {
    static RIM: OnceLock<[Vec2; RIM_POINTS]> = OnceLock::new();
    RIM.get_or_init(|| {
        std::array::from_fn(|i| {
            let a = i as f32 * RIM_ANGLE_STEP;
            Vec2::new(libm::sinf(a), -libm::cosf(a))
        })
    })
}

/// Step 1 of `coldet`, the broad phase: the centre strictly inside the box grown by the radius.
fn rim_in_reach(pos: Vec2, r: f32, b: Aabb) -> bool {
    pos.x > b.min.x - r && pos.x < b.max.x + r && pos.y > b.min.y - r && pos.y < b.max.y + r
}

/// Steps 1–2 of `coldet` for the ball at `pos` of radius `r` and the box `b`: none if the broad
/// phase or every rim point misses, else the average offset (pixels, from the centre) of the
/// rim points inside the box (bounds inclusive).
pub fn rim_overlap(pos: Vec2, r: f32, b: Aabb) -> Option<Vec2> {
    if !rim_in_reach(pos, r, b) {
        return None;
    }
    let mut sum = Vec2::ZERO;
    let mut inside = 0u32;
    for unit in rim() {
        let offset = *unit * r;
        let p = pos + offset;
        if p.x >= b.min.x && p.x <= b.max.x && p.y >= b.min.y && p.y <= b.max.y {
            sum += offset;
            inside += 1;
        }
    }
    (inside > 0).then(|| sum / inside as f32)
}

/// Steps 3–4 of `coldet`: the face the ball at `pos`, last drawn at `last`, with the averaged
/// rim offset `off`, is placed against on the box `b`; `covered(face)` says a live brick
/// neighbours that face.
pub fn choose_face(
    pos: Vec2,
    last: Vec2,
    off: Vec2,
    b: Aabb,
    covered: impl Fn(Face) -> bool,
) -> FaceChoice {
    let contact = last + off;
    let back = last - off;
    let mut best: Option<(f32, Face)> = None;
    let mut tie = false;
    for face in Face::ALL {
        if covered(face) {
            continue;
        }
        let (outside, gap, travel) = match face {
            Face::Left => (back.x <= b.min.x, b.min.x - contact.x, pos.y - last.y),
            Face::Right => (back.x >= b.max.x, b.max.x - contact.x, pos.y - last.y),
            Face::Top => (back.y <= b.min.y, b.min.y - contact.y, pos.x - last.x),
            Face::Bottom => (back.y >= b.max.y, b.max.y - contact.y, pos.x - last.x),
        };
        if !outside {
            continue;
        }
        let d = (gap * gap + travel * travel).sqrt();
        match best {
            Some((min, _)) if d > min => {}
            Some((min, _)) if d == min => tie = true,
            _ => {
                best = Some((d, face));
                tie = false;
            }
        }
    }
    match best {
        None => FaceChoice::NoCandidate,
        Some(_) if tie => FaceChoice::Tie,
        Some((_, face)) => FaceChoice::Face(face),
    }
}

/// Step 4's response: the ball (centre `pos`, radius `r`, velocity `vel`) placed against `face`
/// of `b`, the velocity component into the face negated. Returns the normal if it bounced.
pub fn place_against(pos: &mut Vec2, vel: &mut Vec2, r: f32, b: Aabb, face: Face) -> Option<Vec2> {
    let into = match face {
        Face::Left => {
            pos.x = b.min.x - r;
            vel.x > 0.0
        }
        Face::Right => {
            pos.x = b.max.x + r;
            vel.x < 0.0
        }
        Face::Top => {
            pos.y = b.min.y - r;
            vel.y > 0.0
        }
        Face::Bottom => {
            pos.y = b.max.y + r;
            vel.y < 0.0
        }
    };
    if !into {
        return None;
    }
    match face {
        Face::Left | Face::Right => vel.x = -vel.x,
        Face::Top | Face::Bottom => vel.y = -vel.y,
    }
    Some(face.normal())
}

/// The per-brick speed-up: [`BRICK_SPEEDUP`] more, not beyond [`MAX_SPEED`]; a ball at or above
/// it, or at rest, keeps its speed.
pub fn speed_up(vel: Vec2) -> Vec2 {
    let speed = vel.length();
    if !(speed > 0.0 && speed < MAX_SPEED) {
        return vel;
    }
    vel * ((speed + BRICK_SPEEDUP).min(MAX_SPEED) / speed)
}

/// The cells to visit, rows and columns, for a ball whose box is `lo`–`hi`: those under it,
/// widened by one cell each way; all of them if the grid's first cell has no usable size.
fn cells_in_reach(bricks: &dyn BrickGrid, lo: Vec2, hi: Vec2) -> (Range<usize>, Range<usize>) {
    let (rows, cols) = (bricks.rows(), bricks.cols());
    if rows == 0 || cols == 0 {
        return (0..0, 0..0);
    }
    let first = bricks.cell_rect(0, 0);
    let size = first.size();
    if !(size.x > 0.0 && size.y > 0.0 && size.is_finite()) {
        return (0..rows, 0..cols);
    }
    let from = (lo - first.min) / size;
    let to = (hi - first.min) / size;
    // `as i64` truncates and saturates (NaN to 0): the same cells as the floor once clamped to
    // the grid, but for one more at the far end when `to` is just below 0 (no floor call, which
    // `libm` makes slow).
    let range = |a: f32, b: f32, n: usize| {
        let n = n as i64;
        let a = (a as i64).saturating_sub(1).clamp(0, n) as usize;
        let b = (b as i64).saturating_add(2).clamp(0, n) as usize;
        a..b
    };
    (range(from.y, to.y, rows), range(from.x, to.x, cols))
}

/// The frame clock: ticks of `dt` seconds (rounded; negative or NaN as 0; saturating).
fn ticks(dt: f32) -> u32 {
    let t = (f64::from(dt) * f64::from(TICKS_PER_SECOND)).round();
    t.clamp(0.0, f64::from(u32::MAX)) as u32
}

impl CollisionModel for SdlBallModel {
    fn name(&self) -> &'static str {
        "sdl-ball"
    }

    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        rim_overlap(circle.center, circle.radius, aabb)?;
        contact_circle_aabb::contact(circle, aabb, velocity)
    }

    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::Rate(LOOP_RATE))
    }

    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        _rng: &mut Pcg32,
    ) -> BrickResponse {
        // The frame drawn at the end of the previous iteration, if one was due.
        let memory = &mut *ball.memory;
        if memory.prev_pos.is_none() || memory.counter >= FRAME_TICKS {
            memory.prev_pos = Some(ball.pos);
            memory.counter %= FRAME_TICKS;
        }
        let last = memory.prev_pos.unwrap_or(ball.pos);
        let r = ball.radius;
        let mut response = BrickResponse::default();
        let reach = Vec2::splat(2.0 * r.max(0.0));
        let (rows, cols) = cells_in_reach(bricks, ball.pos - reach, ball.pos + reach);
        for row in rows {
            for col in cols.clone() {
                // A brick lies within its cell: the cell's broad phase first, it is cheaper.
                let near = rim_in_reach(ball.pos, r, bricks.cell_rect(row, col));
                let Some(b) = near.then(|| bricks.brick(row, col)).flatten() else {
                    continue;
                };
                let Some(off) = rim_overlap(ball.pos, r, b) else {
                    continue;
                };
                let covered = |face: Face| {
                    face.neighbour(row, col)
                        .is_some_and(|(nr, nc)| bricks.brick(nr, nc).is_some())
                };
                match choose_face(ball.pos, last, off, b, covered) {
                    FaceChoice::NoCandidate => {}
                    FaceChoice::Tie => ball.vel = speed_up(ball.vel),
                    FaceChoice::Face(face) => {
                        if let Some(n) = place_against(&mut ball.pos, &mut ball.vel, r, b, face) {
                            response.normals.push(n);
                        }
                        ball.vel = speed_up(ball.vel);
                    }
                }
                response.hits.push((row, col));
            }
        }
        ball.pos += ball.vel * dt;
        ball.memory.counter = ball.memory.counter.saturating_add(ticks(dt));
        response
    }
}

#[cfg(test)]
#[path = "sdl_ball_tests.rs"]
mod tests;
