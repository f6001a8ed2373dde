//! `xboing`: XBoing 2.4's ball–brick collision (X11, 1993–96), written from the description in
//! `../shared/research/peer-collision-2026-11-27.md` §6.1 and §7 (the source is GPL: read there,
//! not copied). Original: `ball.c` `UpdateABall` (the 1-px walk and the response),
//! `CheckForCollision` (which cells) and `CheckRegions` (which faces), `blocks.c` (the four
//! regions of a block).
//!
//! **The algorithm.** Each brick is cut by its two diagonals into four triangles: top, bottom,
//! left and right. The ball's bounding square is walked along its path one XBoing pixel at a
//! time; at each step the square is tested against the triangles of the bricks around the cell
//! the ball ends the frame in, in XBoing's order (own cell, below, above, right, left,
//! below-right, above-left, below-left, above-right). A triangle counts only if the square
//! overlaps it (any positive area, X11's `XRectInRegion` not `RectangleOut`) **and** the
//! neighbouring cell on that side is empty. The first brick with a counted face is hit (one brick
//! per walk), and the faces decide:
//!
//! * one face: the velocity's sign on that axis is **set** away from the face (never flipped:
//!   a ball already moving away keeps its velocity);
//! * two faces at a corner (top or bottom with left or right): both signs are set, and the ball
//!   is pushed 0–3 px (random, the same for both axes) further away from the corner;
//! * any other combination (top and bottom, left and right, three or four faces): the brick is
//!   hit, the velocity is left alone.
//!
//! The walk then stops and the ball is placed at the step where it touched, plus one step of
//! its new velocity, plus a random −1, 0 or +1 px on each axis (every brick hit, bounce or not).
//!
//! **Scale.** XBoing's ball is 20 × 19 px; ours is a circle of radius `ball.radius` (12.5 px
//! normally), whose bounding square (2r × 2r) plays XBoing's ball rectangle. Every XBoing pixel
//! constant (the 1-px walk step, the ±1 px jitter, the 0–3 px corner push) is scaled by
//! `ball.radius / 10` ([`XBOING_BALL_HALF`]): 1.25 px for the normal ball. The bricks are our
//! level's (`BrickGrid::brick`, cells `BrickGrid::cell_rect`): not rescaled.
//!
//! **Sub-steps.** [`Resolution::Own`]`(`[`Substeps::MaxTravel`]`(`[`STEP_PX`]`))`: a sub-step
//! is one XBoing walk step (1 px × 12.5/10 = 1.25 px of travel). Inside a sub-step the ball is
//! walked again in steps of `ball.radius / 10` px when it is smaller than the normal ball, so a
//! small ball still takes one step per scaled XBoing pixel. A sub-step plays XBoing's frame:
//! the cells searched are those around where the ball would end the sub-step, the walk tests
//! the square at the start of each step (never at the end: the next sub-step does), and "one
//! step of its new velocity" after a hit is one sub-step's (XBoing: one frame's, 2–20 px).
//!
//! **What differs from the original, and why.**
//! * XBoing's velocity is an integer (dx, dy) per frame, renormalised every frame to its speed
//!   level (1–9, ≈ 2.2 px/frame per level), rounded, and neither component below 2 px/frame
//!   (`MIN_DX_BALL`, `MIN_DY_BALL`). That is XBoing's speed rule, not its collision, and none of
//!   it is kept: this model only sets signs, so it keeps the speed exactly; the game's own speed
//!   rules and loop breaker apply. Positions are not truncated to whole pixels either. A zero
//!   velocity component stays zero (XBoing never has one).
//! * XBoing's single-face jitter is `r/4` with `r` in 0..=3, which integer division makes 0:
//!   kept as 0 (the random draw is still made).
//! * Kept as written: a brick found **only** in the upper-right neighbour of the ball's cell is
//!   reported as no hit (`CheckForCollision`'s last case; [`UPPER_RIGHT_QUIRK`]). The ball is
//!   then caught when its centre crosses into the next row or column. Our bricks fill their
//!   cells (XBoing's 40 × 20 blocks sit in 55 × 32 cells), so the ball may sink further into
//!   such a brick than in XBoing before it is caught.
//! * XBoing's ball (19 px) is never taller than a block (20 px); ours (25 px) is taller than the
//!   bricks of a level of more than 12 rows, and the big ball is taller than most. A square
//!   spanning a brick's whole height that touches its side overlaps its top, side and bottom
//!   triangles: with both the top and bottom faces exposed that is three faces, and the ball
//!   goes on through the brick, hitting it at every step, as XBoing's rule says.
//! * A ball larger than XBoing's (relative to the cells) can overlap a brick beyond the eight
//!   neighbours: such bricks are tested after the neighbours, before the upper-right one.
//! * Out of the grid counts as an empty neighbour (XBoing reads past its array).
//! * The walls, the paddle (XBoing: a segment against the paddle line, a mirror about a tilted
//!   normal) and the auto-tilt are the game's. [`CollisionModel::contact`] is the exact clamp
//!   (XBoing has no ball-vs-one-box test of its own besides the regions, which cannot serve the
//!   paddle: a ball covering the paddle's height would pass through it).
//!
//! **A ball inside a brick** (its square over all four triangles, or over opposite ones) hits it
//! at every step and goes on without bouncing, as in XBoing; a single exposed face it overlaps
//! sends it out that way. Bricks that move or grow are simply seen where they are at each step.
//!
//! The model keeps nothing between sub-steps ([`ModelMemory`](crate::collision::model::ModelMemory)
//! stays at its defaults).

use crate::collision::model::{
    BrickGrid, BrickResponse, CollisionModel, ModelBall, Resolution, Substeps,
};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;

/// Half the width of XBoing's ball (20 × 19 px), original pixels: the scale of every XBoing
/// pixel constant is `ball.radius / XBOING_BALL_HALF`.
pub const XBOING_BALL_HALF: f32 = 10.0;

/// Sub-step travel, pixels: one XBoing pixel scaled to the normal ball (`playfield::BALL_RADIUS`
/// / [`XBOING_BALL_HALF`] = 12.5 / 10 = 1.25 px; written out, since `collision` may not import
/// `playfield`).
pub const STEP_PX: f32 = 1.25;

/// The largest corner push, XBoing pixels (`r` in 0..=3), before scaling.
const CORNER_PUSH_MAX: u32 = 3;

/// Keep `CheckForCollision`'s quirk: a hit found only in the upper-right neighbour is no hit.
pub const UPPER_RIGHT_QUIRK: bool = true;

/// Most walk steps inside one sub-step (a tiny ball or a long sub-step; the game's sub-steps
/// make it 1 or 2).
const MAX_WALK_STEPS: u32 = 4096;

/// XBoing's cell search order around the ball's cell (row, column offsets), less the upper-right
/// neighbour, which comes last and is the quirk.
const NEIGHBOURS: [(i64, i64); 8] = [
    (0, 0),
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
];

/// The `xboing` collision model (see the module doc).
#[derive(Debug)]
pub struct XboingModel;

/// Which of a brick's four triangular regions the ball's square overlaps, counting only the
/// faces whose neighbouring cell is empty (XBoing's `REGION_*` bits).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faces {
    /// The top triangle (the face at the smaller y).
    pub top: bool,
    /// The bottom triangle.
    pub bottom: bool,
    /// The left triangle.
    pub left: bool,
    /// The right triangle.
    pub right: bool,
}

impl Faces {
    /// How many faces are set (0–4).
    pub fn count(self) -> u32 {
        [self.top, self.bottom, self.left, self.right]
            .iter()
            .filter(|&&f| f)
            .count() as u32
    }

    /// The sign the x velocity is set to (−1 left, +1 right), if exactly one of left and right
    /// is set.
    fn x_sign(self) -> Option<f32> {
        (self.left != self.right).then_some(if self.right { 1.0 } else { -1.0 })
    }

    /// The sign the y velocity is set to (−1 up, +1 down), if exactly one of top and bottom is
    /// set.
    fn y_sign(self) -> Option<f32> {
        (self.top != self.bottom).then_some(if self.bottom { 1.0 } else { -1.0 })
    }
}

/// The four triangles a brick's diagonals cut it into, playfield pixels: top, bottom, left,
/// right (each: the face's two corners and the brick's centre).
pub fn brick_triangles(b: Aabb) -> [[Vec2; 3]; 4] {
    let c = b.center();
    let tl = b.min;
    let br = b.max;
    let tr = Vec2::new(b.max.x, b.min.y);
    let bl = Vec2::new(b.min.x, b.max.y);
    [[tl, tr, c], [bl, br, c], [tl, bl, c], [tr, br, c]]
}

/// True if the rectangle `rect` and the triangle `tri` share an area (separating-axis test on
/// the two box axes and the triangle's edge normals; touching is not overlapping). A zero-area
/// rectangle or triangle overlaps if it lies across the other's interior.
pub fn rect_overlaps_triangle(rect: Aabb, tri: [Vec2; 3]) -> bool {
    let centre = rect.center();
    let half = rect.half_extents();
    let edge_normals = [0, 1, 2].map(|i| (tri[(i + 1) % 3] - tri[i]).perp());
    let axes = [Vec2::X, Vec2::Y];
    axes.iter().chain(edge_normals.iter()).all(|&axis| {
        if axis == Vec2::ZERO {
            return true; // a degenerate edge separates nothing
        }
        let c = centre.dot(axis);
        let extent = half.x * axis.x.abs() + half.y * axis.y.abs();
        let d = tri.map(|p| p.dot(axis));
        let lo = d[0].min(d[1]).min(d[2]);
        let hi = d[0].max(d[1]).max(d[2]);
        c + extent > lo && hi > c - extent
    })
}

/// XBoing's `CheckRegions` for the live brick at `row`, `col`: the faces whose triangle `square`
/// overlaps and whose neighbouring cell is empty (out of the grid counts as empty). No brick
/// there: no faces.
pub fn check_regions(bricks: &dyn BrickGrid, row: usize, col: usize, square: Aabb) -> Faces {
    let Some(brick) = bricks.brick(row, col) else {
        return Faces::default();
    };
    let empty = |r: Option<usize>, c: Option<usize>| match (r, c) {
        (Some(r), Some(c)) => bricks.brick(r, c).is_none(),
        (None, _) | (_, None) => true,
    };
    let [top, bottom, left, right] =
        brick_triangles(brick).map(|t| rect_overlaps_triangle(square, t));
    Faces {
        top: top && empty(row.checked_sub(1), Some(col)),
        bottom: bottom && empty(row.checked_add(1), Some(col)),
        left: left && empty(Some(row), col.checked_sub(1)),
        right: right && empty(Some(row), col.checked_add(1)),
    }
}

/// The grid cell (row, column) containing `p`, unbounded (may be outside the grid).
fn cell_of(bricks: &dyn BrickGrid, p: Vec2) -> (i64, i64) {
    let first = bricks.cell_rect(0, 0);
    let size = first.size();
    let index = |v: f32, origin: f32, len: f32| {
        if len > 0.0 {
            ((v - origin) / len).floor() as i64 // saturates; NaN gives 0
        } else {
            0
        }
    };
    (
        index(p.y, first.min.y, size.y),
        index(p.x, first.min.x, size.x),
    )
}

/// XBoing's `CheckForCollision`: the first brick, in XBoing's order around `cell` (the cell the
/// ball ends its frame in), with a counted face under `square`, and its faces. Bricks beyond the
/// eight neighbours that `square` reaches come after the neighbours; the upper-right neighbour
/// comes last and, with [`UPPER_RIGHT_QUIRK`], is reported as no hit.
pub fn check_for_collision(
    bricks: &dyn BrickGrid,
    cell: (i64, i64),
    square: Aabb,
) -> Option<(usize, usize, Faces)> {
    let (rows, cols) = (bricks.rows() as i64, bricks.cols() as i64);
    if rows == 0 || cols == 0 {
        return None;
    }
    let test = |r: i64, c: i64| -> Option<(usize, usize, Faces)> {
        if r < 0 || c < 0 || r >= rows || c >= cols {
            return None;
        }
        let faces = check_regions(bricks, r as usize, c as usize, square);
        (faces.count() > 0).then_some((r as usize, c as usize, faces))
    };
    let (r0, c0) = cell;
    if let Some(hit) = NEIGHBOURS
        .iter()
        .find_map(|&(dr, dc)| test(r0 + dr, c0 + dc))
    {
        return Some(hit);
    }
    let (ra, ca) = cell_of(bricks, square.min);
    let (rb, cb) = cell_of(bricks, square.max);
    for r in ra.max(0)..=rb.min(rows - 1) {
        for c in ca.max(0)..=cb.min(cols - 1) {
            if (r - r0).abs() <= 1 && (c - c0).abs() <= 1 {
                continue;
            }
            if let Some(hit) = test(r, c) {
                return Some(hit);
            }
        }
    }
    let upper_right = test(r0 - 1, c0 + 1);
    if UPPER_RIGHT_QUIRK {
        None
    } else {
        upper_right
    }
}

/// What one brick hit does to the ball (XBoing's `switch` in `UpdateABall`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bounce {
    /// The new velocity, pixels/second (signs set, magnitudes kept).
    pub vel: Vec2,
    /// The push added to the placement, pixels: the corner push and the ±1 px jitter, scaled.
    pub offset: Vec2,
    /// The normal bounced off (unit): the face's, or the corner's diagonal; none if the faces
    /// change nothing.
    pub normal: Option<Vec2>,
}

/// XBoing's response to `faces` for a ball of velocity `vel`, with `unit` pixels per XBoing
/// pixel. Draws from `rng` as XBoing does from `rand()`: the corner push (0..=3), then the
/// jitter of x, then of y (each −1, 0 or +1).
pub fn respond(faces: Faces, vel: Vec2, unit: f32, rng: &mut Pcg32) -> Bounce {
    let push = rng.random_range(0..=CORNER_PUSH_MAX) as f32;
    let (sx, sy) = (faces.x_sign(), faces.y_sign());
    let bounces = match faces.count() {
        1 => true,
        2 => sx.is_some() && sy.is_some(),
        _ => false,
    };
    let mut out = Bounce {
        vel,
        offset: Vec2::ZERO,
        normal: None,
    };
    if bounces {
        if let Some(s) = sx {
            out.vel.x = s * vel.x.abs();
        }
        if let Some(s) = sy {
            out.vel.y = s * vel.y.abs();
        }
        let dir = Vec2::new(sx.unwrap_or(0.0), sy.unwrap_or(0.0));
        if sx.is_some() && sy.is_some() {
            out.offset = dir * push * unit;
            out.normal = Some(dir * core::f32::consts::FRAC_1_SQRT_2);
        } else {
            out.normal = Some(dir); // single face: XBoing's push r/4 is 0 in integers
        }
    }
    let jx = 1.0 - rng.random_range(0..3u32) as f32;
    let jy = 1.0 - rng.random_range(0..3u32) as f32;
    out.offset += Vec2::new(jx, jy) * unit;
    out
}

impl CollisionModel for XboingModel {
    fn name(&self) -> &'static str {
        "xboing"
    }

    /// The exact clamp ([`contact_circle_aabb::contact`]): XBoing's regions are no one-box test
    /// the paddle could use (see the module doc).
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }

    /// One sub-step per XBoing pixel of travel at the normal radius ([`STEP_PX`], 1.25 px).
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::MaxTravel(STEP_PX))
    }

    /// XBoing's walk over one sub-step (its frame): steps of `ball.radius / 10` px, the square
    /// tested at each step's start, the first brick hit answered by [`respond`] and the walk
    /// stopped there.
    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        let mut response = BrickResponse::default();
        let dt = if dt.is_finite() { dt.max(0.0) } else { 0.0 };
        let radius = if ball.radius.is_finite() {
            ball.radius.max(0.0)
        } else {
            0.0
        };
        let unit = radius / XBOING_BALL_HALF;
        let travel = ball.vel.length() * dt;
        let steps = if unit > 0.0 && travel.is_finite() {
            ((travel / unit).ceil() as u32).clamp(1, MAX_WALK_STEPS)
        } else {
            1
        };
        let step_dt = dt / steps as f32;
        let cell = cell_of(bricks, ball.pos + ball.vel * dt);
        for _ in 0..steps {
            let square = Aabb {
                min: ball.pos - Vec2::splat(radius),
                max: ball.pos + Vec2::splat(radius),
            };
            if let Some((row, col, faces)) = check_for_collision(bricks, cell, square) {
                let bounce = respond(faces, ball.vel, unit, rng);
                ball.vel = bounce.vel;
                ball.pos += bounce.vel * step_dt + bounce.offset;
                response.hits.push((row, col));
                response.normals.extend(bounce.normal);
                return response;
            }
            ball.pos += ball.vel * step_dt;
        }
        response
    }
}

#[cfg(test)]
#[path = "xboing_tests.rs"]
mod tests;
