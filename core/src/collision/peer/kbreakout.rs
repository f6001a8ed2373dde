//! The `kbreakout` collision model: KBreakOut's ball–brick rule, written from the description in
//! `../shared/research/peer-collision-2026-11-27.md` §3 and §7 (KBreakOut is GPL: read there,
//! never copied).
//!
//! **Source.** KDE KBreakOut, `src/qml/logic.js` (snapshot `KDE/kbreakout` @ `25d2239`, logic
//! unchanged since 2020, last behavioural change 2018; Debian ships 22.12.3):
//! `detectBallCollisions` (the per-sub-step test, two passes), `handleBrickCollisions` and
//! `collideWithTwoBricks` (which brick), `collideWithBrick` (which face, the push-out), the
//! `intersects` helper (closed rectangles), `updateBallDirection` (the nudge every 1024
//! sub-steps); `src/qml/globals.js` for the sizes; `src/qml/main.qml` for the sub-step timer.
//!
//! **The algorithm**, per sub-step and ball:
//! 1. The ball moves by its velocity. It is a **square** of side 2r (KBreakOut's 10 × 10 sprite
//!    is square), not a circle.
//! 2. Two passes; in each, every live brick whose box touches the ball's square (closed
//!    rectangles: touching counts) is listed in the level's order (row by row, left to right).
//!    **One** brick is resolved: of exactly two, the one with the larger intersection area (a tie
//!    goes to the second); of one, or of three or more, the first listed.
//! 3. Against that brick, the four face overlaps (top = ball bottom − brick top, bottom = brick
//!    bottom − ball top, left = ball right − brick left, right = brick right − ball left) are
//!    **rounded to whole (rescaled) pixels** and the least taken. In the order top, bottom, left,
//!    right: the first face whose overlap is that least **and** that the ball moves into (down
//!    for top, up for bottom, right for left, left for right) flips that velocity component and
//!    pushes the ball out by the rounded overlap, and the brick is hit. If no face qualifies,
//!    **nothing happens: no bounce and no hit** (the original's "already bounced").
//! 4. Every 1024 sub-steps the ball is nudged: 0.002 is added to one component (x or y, 50/50,
//!    from the game's generator) of its direction of length 2, i.e. 0.1 % of the speed, not
//!    renormalised (the anti-loop rule; KBreakOut's ×1.05 speed-up at the same moment is a game
//!    rule, not this model's).
//!
//! **Rescaling.** KBreakOut's units: cells 30 × 15, ball side 10 (half-side 5). Every constant
//! about the ball is scaled by `s = ball.radius / 5` pixels per unit (2.5 px for our 12.5 px
//! ball, so the square is 25 px as the sprite is): the rounding is to whole multiples of `s`
//! (JavaScript's `Math.round`, halves up), the half-step shift of [`KbreakoutModel::contact`] is
//! 1 unit = `s`. The sub-step limit is about the ball too: 4 units × 2.5 = [`MAX_SUBSTEP_PX`]
//! (fixed at our normal radius, as [`CollisionModel::resolution`] cannot see the ball; a small
//! ball of 7.5 px still has 10 px sub-steps against its 15 px square and 20 px bricks, so
//! nothing tunnels). Brick sizes are the level's (`bricks.brick(row, col)`), not rescaled.
//!
//! **Sub-steps.** KBreakOut's 16 ms timer runs `substeps` × (move, test), each moving 2–4 units
//! (it halves its speed and doubles `substeps` past 2 units per sub-step). Here: sub-steps of at
//! most [`MAX_SUBSTEP_PX`] of travel (`Substeps::MaxTravel`), at least one per fixed step of
//! 1/240 s — so at 450 px/s one sub-step moves 1.9 px, finer than the original's 5–10 px
//! (rescaled). The nudge counts these sub-steps (in `ball.memory.counter`, reset at launch):
//! 1024 of them last 4.3 s at one per fixed step, where KBreakOut's last 16 s (one sub-step per
//! 16 ms) or 8 s (two).
//!
//! **What differs from the original, and why.**
//! * Walls and the paddle are the game's (resolved after each sub-step), so a pass here only
//!   tests bricks; in the original a pass that met a wall or the bar did not test bricks.
//! * The grid is the one at the start of the sub-step: a brick hit in the first pass is still
//!   there in the second (the game scores hits after the sub-step; in KBreakOut a destroyed
//!   brick leaves the list at once). The direction gate keeps it from flipping the same
//!   component twice. A brick hit twice in one sub-step is reported once.
//! * The paddle ([`KbreakoutModel::contact`]): KBreakOut's bar test uses the **half-step early
//!   rectangle** (the ball's square with its left and top edges, only, moved by half a step,
//!   the direction of length 2 halved: 1 unit = `s` along the motion; "bounce a little early");
//!   the face and push-out are then the brick rule's, on that rectangle. KBreakOut's own bar
//!   angle (±60° by offset) and its no-bounce beyond the bar's ends are not applied: the
//!   game's paddle rule is.
//! * Randomness is the game's seeded generator, not `Math.random`.
//!
//! **A ball inside a brick** is treated as the original treats it: the least rounded overlap
//! decides; if the ball moves into that face it is pushed out through it (however far), else it
//! passes through without hitting. A push-out may carry the ball past a wall: the game's walls,
//! resolved right after, put it back. **Moving or growing bricks** are simply seen where they
//! are at each sub-step (KBreakOut's bricks do not move).
//!
//! Coordinates: playfield pixels, origin top-left, y down; velocities pixels/second.

use crate::collision::model::{
    BrickGrid, BrickResponse, CollisionModel, ModelBall, Resolution, Substeps,
};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;
use smallvec::SmallVec;
use std::ops::Range;

/// KBreakOut's ball half-side, KBreakOut units (`BALL_SIZE` 10 in `globals.js`): the scale is
/// `ball.radius / ORIGINAL_HALF_SIDE` pixels per unit.
pub const ORIGINAL_HALF_SIDE: f32 = 5.0;

/// Longest sub-step, pixels: KBreakOut's 4 units (a sub-step moves 2–4 units) × 12.5 / 5 px per
/// unit at our normal ball radius.
pub const MAX_SUBSTEP_PX: f32 = 10.0;

/// Sub-steps between two nudges (`updateBallDirection`).
pub const NUDGE_EVERY: u32 = 1024;

/// The nudge: added to one component of the velocity, as a fraction of the speed (KBreakOut's
/// 0.002 on a direction of length 2).
pub const NUDGE_FRACTION: f32 = 0.001;

/// Passes of the test per sub-step (`detectBallCollisions` calls itself once more).
pub const PASSES: usize = 2;

/// The `kbreakout` collision model (see the module documentation).
#[derive(Debug)]
pub struct KbreakoutModel;

/// A face of a brick, in the order KBreakOut tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Face {
    /// The top face (the ball comes from above, moving down).
    Top,
    /// The bottom face (from below, moving up).
    Bottom,
    /// The left face (from the left, moving right).
    Left,
    /// The right face (from the right, moving left).
    Right,
}

impl Face {
    /// The face's outward unit normal (from the brick towards the ball).
    pub fn normal(self) -> Vec2 {
        match self {
            Face::Top => Vec2::new(0.0, -1.0),
            Face::Bottom => Vec2::new(0.0, 1.0),
            Face::Left => Vec2::new(-1.0, 0.0),
            Face::Right => Vec2::new(1.0, 0.0),
        }
    }
}

/// Pixels per KBreakOut unit for a ball of `radius` pixels (1 for a radius that is not a
/// positive finite number).
pub fn scale(radius: f32) -> f32 {
    let s = radius / ORIGINAL_HALF_SIDE;
    if s.is_finite() && s > 0.0 {
        s
    } else {
        1.0
    }
}

/// `px` pixels rounded to whole rescaled pixels of `s` pixels, as JavaScript's `Math.round`
/// (halves up).
fn round_to(px: f32, s: f32) -> f32 {
    (px / s + 0.5).floor() * s
}

/// The ball's square (side 2r), pixels.
pub fn square(center: Vec2, radius: f32) -> Aabb {
    let r = Vec2::splat(radius);
    Aabb {
        min: center - r,
        max: center + r,
    }
}

/// KBreakOut's `intersects`: closed rectangles, so boxes that only touch intersect.
pub fn touches(a: Aabb, b: Aabb) -> bool {
    !(a.max.x < b.min.x || a.min.x > b.max.x || a.max.y < b.min.y || a.min.y > b.max.y)
}

/// Area of the intersection of two boxes, pixels² (0 if they only touch or are apart).
fn intersection_area(a: Aabb, b: Aabb) -> f32 {
    let w = (a.max.x.min(b.max.x) - a.min.x.max(b.min.x)).max(0.0);
    let h = (a.max.y.min(b.max.y) - a.min.y.max(b.min.y)).max(0.0);
    w * h
}

/// `collideWithBrick`'s choice for a ball box `ball` touching `brick` and moving with `vel`: the
/// face it bounces off and the push-out (pixels, a whole number of rescaled pixels of `s`), or
/// none when the least overlap is only on faces the ball moves away from (no bounce, no hit).
pub fn bounce_face(ball: Aabb, brick: Aabb, vel: Vec2, s: f32) -> Option<(Face, f32)> {
    let top = round_to(ball.max.y - brick.min.y, s);
    let bottom = round_to(brick.max.y - ball.min.y, s);
    let left = round_to(ball.max.x - brick.min.x, s);
    let right = round_to(brick.max.x - ball.min.x, s);
    let least = top.min(bottom).min(left).min(right);
    if top == least && vel.y > 0.0 {
        Some((Face::Top, top))
    } else if bottom == least && vel.y < 0.0 {
        Some((Face::Bottom, bottom))
    } else if left == least && vel.x > 0.0 {
        Some((Face::Left, left))
    } else if right == least && vel.x < 0.0 {
        Some((Face::Right, right))
    } else {
        None
    }
}

/// Margin of [`cell_span`], in cells: a cell within it of touching is listed too, so rounding
/// never drops a cell whose edge the ball touches exactly (the exact test follows).
const SPAN_MARGIN: f32 = 1e-3;

/// The indices of the cells along one axis whose span (closed) may touch `lo..=hi` (pixels),
/// with [`SPAN_MARGIN`]; every cell when the cells have no usable size.
fn cell_span(lo: f32, hi: f32, first: f32, size: f32, n: usize) -> Range<usize> {
    if n == 0 {
        return 0..0;
    }
    if !(size.is_finite() && size > 0.0 && lo.is_finite() && hi.is_finite()) {
        return 0..n;
    }
    // Cell k spans [first + k·size, first + (k + 1)·size]: it touches iff k + 1 ≥ lo' and
    // k ≤ hi' (in cells from `first`).
    let i0 = ((lo - first) / size - SPAN_MARGIN).floor();
    let i1 = ((hi - first) / size + SPAN_MARGIN).floor();
    if i1 < 0.0 || i0 > (n - 1) as f32 {
        return 0..0;
    }
    let a = i0.max(0.0) as usize;
    let b = (i1 as usize).min(n - 1);
    a..b + 1
}

/// The live bricks whose boxes touch `ball` (the ball's square), in the level's order: rows top
/// to bottom, each left to right.
fn touching_bricks(ball: Aabb, bricks: &dyn BrickGrid) -> SmallVec<[(usize, usize, Aabb); 8]> {
    let (rows, cols) = (bricks.rows(), bricks.cols());
    let mut found = SmallVec::new();
    if rows == 0 || cols == 0 {
        return found;
    }
    let first = bricks.cell_rect(0, 0);
    let size = first.size();
    for row in cell_span(ball.min.y, ball.max.y, first.min.y, size.y, rows) {
        for col in cell_span(ball.min.x, ball.max.x, first.min.x, size.x, cols) {
            if let Some(rect) = bricks.brick(row, col) {
                if touches(ball, rect) {
                    found.push((row, col, rect));
                }
            }
        }
    }
    found
}

/// `handleBrickCollisions`' choice among the touching bricks: of two, the larger intersection
/// area with `ball` (a tie: the second); else the first.
fn choose_brick(ball: Aabb, touching: &[(usize, usize, Aabb)]) -> Option<(usize, usize, Aabb)> {
    if let [a, b] = touching {
        if intersection_area(ball, a.2) > intersection_area(ball, b.2) {
            Some(*a)
        } else {
            Some(*b)
        }
    } else {
        touching.first().copied()
    }
}

/// One pass of the brick test: the chosen brick's face, if the ball bounces; the ball is pushed
/// out and its velocity flipped. Returns the brick's cell and the face.
fn collide_once(ball: &mut ModelBall<'_>, bricks: &dyn BrickGrid) -> Option<(usize, usize, Face)> {
    let sq = square(ball.pos, ball.radius);
    let (row, col, rect) = choose_brick(sq, &touching_bricks(sq, bricks))?;
    let (face, push) = bounce_face(sq, rect, ball.vel, scale(ball.radius))?;
    match face {
        Face::Top => {
            ball.vel.y = -ball.vel.y;
            ball.pos.y -= push;
        }
        Face::Bottom => {
            ball.vel.y = -ball.vel.y;
            ball.pos.y += push;
        }
        Face::Left => {
            ball.vel.x = -ball.vel.x;
            ball.pos.x -= push;
        }
        Face::Right => {
            ball.vel.x = -ball.vel.x;
            ball.pos.x += push;
        }
    }
    Some((row, col, face))
}

/// The anti-loop nudge: counts the sub-step in `ball.memory.counter` and, every
/// [`NUDGE_EVERY`]th, adds [`NUDGE_FRACTION`] of the speed to vx or vy (50/50 from `rng`).
fn nudge(ball: &mut ModelBall<'_>, rng: &mut Pcg32) {
    ball.memory.counter += 1;
    if ball.memory.counter < NUDGE_EVERY {
        return;
    }
    ball.memory.counter = 0;
    let amount = NUDGE_FRACTION * ball.vel.length();
    if !amount.is_finite() {
        return;
    }
    if rng.random::<bool>() {
        ball.vel.x += amount;
    } else {
        ball.vel.y += amount;
    }
}

/// The half-step early shift of the bar's rectangle: 1 unit (`s` pixels) along the motion (none
/// without a usable motion).
fn half_step(velocity: Vec2, s: f32) -> Vec2 {
    velocity.try_normalize().map_or(Vec2::ZERO, |d| d * s)
}

impl CollisionModel for KbreakoutModel {
    fn name(&self) -> &'static str {
        "kbreakout"
    }

    /// The bar's test (the game asks it for the paddle): the half-step early rectangle (the
    /// ball's square, its left and top edges moved 1 rescaled unit along `velocity`) touching
    /// `aabb` (closed), then the brick rule's face on that rectangle ([`bounce_face`]): the normal
    /// of that face and its rounded overlap as the depth; none when the ball moves away from the
    /// least-overlap face (or has no velocity).
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        let s = scale(circle.radius);
        let sq = square(circle.center, circle.radius);
        let early = Aabb {
            min: sq.min + half_step(velocity, s),
            max: sq.max,
        };
        if !touches(early, aabb) {
            return None;
        }
        let (face, depth) = bounce_face(early, aabb, velocity, s)?;
        Some(Contact {
            normal: face.normal(),
            depth,
            point: contact_circle_aabb::closest_point(circle.center, aabb),
        })
    }

    /// The ball's square touches the box (closed rectangles), whatever the motion.
    fn intersects(&self, circle: Circle, aabb: Aabb) -> bool {
        touches(square(circle.center, circle.radius), aabb)
    }

    /// Sub-steps of at most [`MAX_SUBSTEP_PX`] of travel.
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::MaxTravel(MAX_SUBSTEP_PX))
    }

    /// The nudge count, the move, then [`PASSES`] passes of the brick test (module docs).
    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        nudge(ball, rng);
        let travel = ball.vel * dt;
        if travel.is_finite() {
            ball.pos += travel;
        }
        let mut response = BrickResponse::default();
        for _ in 0..PASSES {
            // A pass that changes nothing leaves the next one the same question: stop.
            let Some((row, col, face)) = collide_once(ball, bricks) else {
                break;
            };
            response.normals.push(face.normal());
            if !response.hits.contains(&(row, col)) {
                response.hits.push((row, col));
            }
        }
        response
    }
}

#[cfg(test)]
#[path = "kbreakout_tests.rs"]
mod tests;
