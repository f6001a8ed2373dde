//! `gnome-breakout`: gnome-breakout 0.5.3's ball–block collision, written from the description
//! in `../shared/research/peer-collision-2026-11-27.md` §5 and §7 (the game's source is GPL and
//! was not copied): `src/ball.c` `iterate_ball_default` (the per-frame order), `src/block.c`
//! `find_block_from_position` (which block), `src/collision.c` `find_hit_side`,
//! `find_block_hit_side` and `recalculate_ball_trajectory` (which side, and the bounce).
//!
//! **The algorithm**, once per sub-step ([`GnomeBreakoutModel::step_bricks`]):
//!
//! 1. The ball moves one sub-step in a straight line.
//! 2. Its **box** (the ball's bounding square) has its four corners looked up in the brick grid
//!    in the order top-left, top-right, bottom-left, bottom-right; the first corner that lies in
//!    a live brick gives THE brick ([`find_block`]). At most one brick per sub-step; none → done.
//! 3. The brick is hit. The side is chosen from the box **one step back with the current
//!    velocity** (the box at the start of the sub-step, [`hit_side`]): if it overlapped the
//!    brick's x-range (open intervals) the side is the top if it was wholly above, the bottom if
//!    wholly below; else if it overlapped the y-range, the left or the right likewise; otherwise
//!    (it was diagonal to the brick, or already overlapped it on both axes) **diagonal**.
//! 4. A diagonal side asks the neighbours ([`neighbour_side`]): in the quadrant of the previous
//!    centre about the brick's centre (above/below × left/right), a brick in the vertical
//!    neighbour's cell and none in the horizontal one's → the left/right face; the other way
//!    round → the top/bottom face; both or neither → diagonal.
//! 5. The bounce ([`bounce`]): first the bounce entropy turns the direction by
//!    (E/100)·π·(U − ½) (E = 0 by default, the original's default; U uniform in [0, 1) from the
//!    game's generator); then left/right negates vx, top/bottom negates vy, diagonal negates
//!    both (**straight back**). No direction check (the original flips whatever the velocity)
//!    and **no push-out**: instead the ball moves one **extra sub-step** in its new direction.
//!    The speed is kept.
//!
//! The normal reported is the face's outward normal ((−1, 0) left, (1, 0) right, (0, −1) top,
//! (0, 1) bottom) or, for diagonal, the reversed direction of travel (−v̂, none at zero speed).
//!
//! **Rescaling.** The original's ball is a 10 × 10 px box (`x2 = x1 + 10`) on 40 × 20 px blocks
//! that fill their cells. Here the box is the ball's bounding square, 2·`ball.radius` on a side
//! (the original's box scaled by `radius / 5`); the cells and bricks are the level's as they are
//! (a corner must lie in the live brick's own box, half-open `[min, max)` like the original's
//! integer division, which only matters for a brick smaller than its cell — ours fill them). The
//! original truncates the box to whole pixels; positions here are continuous (the truncation was
//! at most one original pixel, `radius / 5` here). No other constant is a length: the extra move
//! is one sub-step's travel, the entropy an angle.
//!
//! **Sub-steps: [`Substeps::Rate`]`(50.0)`.** The original moves and tests once per frame at a
//! fixed 50 frames/s (`game.c`), no sub-steps. At our fixed step of 1/240 s, `Rate(50)` is one
//! sub-step per step (⌈50/240⌉ = 1), the same as [`Substeps::PerStep`]; it is chosen because for
//! a caller with a longer step it still never lets the ball travel further between two tests
//! than one of the original's 20 ms frames. In the game, then, the test runs 4.8 times as often
//! as the original's: a ball is found at most one step (1.9 px at 450 px/s, for a 25 px box)
//! into a brick instead of up to a frame (4–17 px for a 10 px box), so **the diagonal case**
//! (both of the brick's ranges entered in one test interval) **is rarer than in the original**:
//! it takes a box corner crossing both of a brick's edges within one step. A frame clock in
//! [`ModelMemory`](crate::collision::model::ModelMemory) (test every 1/50 s, the ball moving
//! untested in between) would restore the original's ratio of travel per test to box size (0.36
//! at our launch speed against the original's 0.4 at its slowest) but leave balls drawn inside
//! bricks for up to four steps; it is not done. Measured on bot games (8 shipped levels × 3
//! seeds, all model calls counted, the bot's look-ahead included): 0.7 % of the brick bounces
//! are diagonal at one test per step, 4.3 % with a prototype of that frame clock.
//!
//! **Memory:** `counter`, the number of consecutive sub-steps with a hit (0 after a sub-step
//! without one; see "a ball inside a brick"). `prev_pos` is not needed: the original's "previous
//! box" is reconstructed from the current position and velocity (one step back), which within a
//! sub-step is exactly the box at its start. `target` is unused.
//!
//! **Left to the game:** the walls, the bat (the game's paddle rule, with [`contact`] as the
//! test), the per-hit speed increase and the 20-s random direction (the game's own speed rules
//! and loop breaker), and the anti-stuck rule (a block under a ball whose position and direction
//! did not change over a frame is destroyed: with the extra move, a ball moving at all changes
//! one or the other).
//!
//! **A ball inside a brick** does what the original does: no push-out, no direction gate. Its
//! previous box overlapped the brick on both axes, so the side is diagonal, the neighbours
//! decide, and otherwise it reverses; it is hit again in the following sub-steps until it leaves
//! or the brick breaks. A ball buried deeper than one step's travel (only something else puts it
//! there: the game's ball–ball collisions, which the original has not, or a brick growing onto
//! it) reverses **in place** — the extra move undoes the move, every sub-step — and in the
//! original stays there until the block breaks (all of the original's blocks do; ours may be
//! solid: a bot game on 05-the-vault froze a ball inside a solid brick for 5,734 steps). So, a
//! departure: a ball hit on more than [`TRAPPED_SUB_STEPS`] consecutive sub-steps is
//! **trapped** and moves on in a straight line without bouncing (the bricks it is in still hit
//! each sub-step) until a sub-step without a hit. In normal play a bounce is followed by a
//! sub-step without a hit (the extra move takes the box back out), at most two or three in a
//! pocket of bricks, so the rule does not change it (the same 24 bot games: 29 runs of two or
//! three hit sub-steps; the 6 longer runs were all burials and all reached the trapped count). **Moving and growing bricks** are seen as
//! they are at each sub-step (the grid is read afresh).
//!
//! **What differs from the original, in short:** the test rate (above); the trapped-ball rule
//! (above); continuous instead of integer positions; the box is the rescaled bounding square;
//! the speed increase per hit, the walls and the bat are the game's; the bounce entropy is a
//! separate model ([`GnomeBreakoutEntropyModel`]) since the mode's row holds the default (0).

use crate::collision::model::Substeps;
use crate::collision::model::{BrickGrid, BrickResponse, CollisionModel, ModelBall, Resolution};
use crate::collision::{contact_aabb_aabb, Aabb, Circle, Contact};
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;

/// The original's fixed frame rate, frames/second (`game.c`): one move and one test per frame.
pub const FRAME_RATE_HZ: f32 = 50.0;

/// The original's default bounce entropy, percent (`flags.c`): no random turn.
pub const DEFAULT_BOUNCE_ENTROPY: f32 = 0.0;

/// The largest bounce entropy the original's option allows, percent (`flags.h`).
pub const MAX_BOUNCE_ENTROPY: f32 = 40.0;

/// Consecutive sub-steps with a hit after which a ball counts as trapped in the bricks and moves
/// on without bouncing until a sub-step without a hit (a departure from the original, see the
/// module's docs): 8 sub-steps, 1/30 s at our fixed step.
pub const TRAPPED_SUB_STEPS: u32 = 8;

/// The `gnome-breakout` collision model with the original's default bounce entropy (0): the
/// mode's row.
#[derive(Debug)]
pub struct GnomeBreakoutModel;

/// The `gnome-breakout` collision model with a bounce entropy of `percent` (0–
/// [`MAX_BOUNCE_ENTROPY`], clamped): every brick bounce first turns the direction by a uniform
/// random angle of up to ±`percent`/100 · π/2. For `sim::Game::set_custom_model`.
#[derive(Debug)]
pub struct GnomeBreakoutEntropyModel {
    /// The bounce entropy, percent.
    pub percent: f32,
}

/// Which side of a brick the ball hit, as the original names them (the faces by where the ball
/// came from: `Top` = the ball was above the brick).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The brick's top face: vy is negated.
    Top,
    /// The brick's bottom face: vy is negated.
    Bottom,
    /// The brick's left face: vx is negated.
    Left,
    /// The brick's right face: vx is negated.
    Right,
    /// A corner, or no face could be told: the ball goes straight back.
    Diagonal,
}

impl CollisionModel for GnomeBreakoutModel {
    fn name(&self) -> &'static str {
        "gnome-breakout"
    }

    /// The ball's box against the box: the original's bat test is a box overlap (`bat.c`,
    /// `ball_bat_collision`), here the `aabb` mode's bounding square with its least-overlap
    /// normal. (The brick test needs the grid and the previous box, which one box has not.)
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact(circle, aabb, velocity)
    }

    /// [`Substeps::Rate`]`(`[`FRAME_RATE_HZ`]`)`: see the module's docs.
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::Rate(FRAME_RATE_HZ))
    }

    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        step(ball, dt, bricks, rng, DEFAULT_BOUNCE_ENTROPY)
    }
}

impl CollisionModel for GnomeBreakoutEntropyModel {
    fn name(&self) -> &'static str {
        "gnome-breakout-entropy"
    }

    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact(circle, aabb, velocity)
    }

    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::Rate(FRAME_RATE_HZ))
    }

    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        step(ball, dt, bricks, rng, self.percent)
    }
}

/// The model's ball-against-one-box test: the ball's bounding square against `aabb` (the
/// original's bat test, a box overlap), normal by least overlap (`contact_aabb_aabb`).
pub fn contact(circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
    contact_aabb_aabb::contact(circle, aabb, velocity)
}

/// One sub-step of `dt` seconds with a bounce entropy of `entropy` percent: the algorithm of
/// the module's docs.
fn step(
    ball: &mut ModelBall<'_>,
    dt: f32,
    bricks: &dyn BrickGrid,
    rng: &mut Pcg32,
    entropy: f32,
) -> BrickResponse {
    let start = ball.pos;
    ball.pos += ball.vel * dt;
    let mut response = BrickResponse::default();
    let Some((row, col, block)) = find_block(ball_box(ball.pos, ball.radius), bricks) else {
        ball.memory.counter = 0;
        return response;
    };
    response.hits.push((row, col));
    ball.memory.counter = ball.memory.counter.saturating_add(1);
    if ball.memory.counter > TRAPPED_SUB_STEPS {
        // Trapped: the reversal would keep undoing the move (see the module's docs).
        return response;
    }
    let side = match hit_side(ball_box(start, ball.radius), block) {
        Side::Diagonal => neighbour_side(start, block, row, col, bricks),
        side => side,
    };
    let turned = turn_by_entropy(ball.vel, entropy, rng);
    let (vel, normal) = bounce(turned, side);
    ball.vel = vel;
    ball.pos += vel * dt;
    response.normals.extend(normal);
    response
}

/// The ball's box: its bounding square, playfield pixels.
pub fn ball_box(center: Vec2, radius: f32) -> Aabb {
    let r = Vec2::splat(radius);
    Aabb {
        min: center - r,
        max: center + r,
    }
}

/// True if `p` lies in `rect` taken half-open, `[min, max)` on both axes (the original's integer
/// division puts a point on an edge in the cell after it).
fn contains_half_open(rect: Aabb, p: Vec2) -> bool {
    p.x >= rect.min.x && p.x < rect.max.x && p.y >= rect.min.y && p.y < rect.max.y
}

/// The box the grid's cells cover, or none for an empty grid.
fn grid_area(bricks: &dyn BrickGrid) -> Option<Aabb> {
    let (rows, cols) = (bricks.rows(), bricks.cols());
    if rows == 0 || cols == 0 {
        return None;
    }
    Some(Aabb {
        min: bricks.cell_rect(0, 0).min,
        max: bricks.cell_rect(rows - 1, cols - 1).max,
    })
}

/// The grid cell (row, column) holding `p` (half-open cells), or none outside `grid` (the
/// [`grid_area`] of a grid of at least one cell). Assumes the uniform grid `BrickGrid`
/// describes; corrects the division's rounding against the cells' own edges.
fn cell_of(p: Vec2, grid: Aabb, bricks: &dyn BrickGrid) -> Option<(usize, usize)> {
    if !contains_half_open(grid, p) {
        return None;
    }
    let (rows, cols) = (bricks.rows(), bricks.cols());
    let size = bricks.cell_rect(0, 0).size();
    let index = |offset: f32, size: f32, n: usize| -> usize {
        let i = if size > 0.0 { offset / size } else { 0.0 };
        // `as` saturates (and maps NaN to 0); the grid test above bounds the offset.
        (i as usize).min(n - 1)
    };
    let mut row = index(p.y - grid.min.y, size.y, rows);
    let mut col = index(p.x - grid.min.x, size.x, cols);
    let cell = bricks.cell_rect(row, col);
    if p.y < cell.min.y && row > 0 {
        row -= 1;
    } else if p.y >= cell.max.y && row + 1 < rows {
        row += 1;
    }
    if p.x < cell.min.x && col > 0 {
        col -= 1;
    } else if p.x >= cell.max.x && col + 1 < cols {
        col += 1;
    }
    Some((row, col))
}

/// `find_block_from_position`: the first of the box's corners — top-left, top-right,
/// bottom-left, bottom-right — that lies in a live brick gives that brick: (row, column, box).
/// Like the original, it first checks that the box is near the block area at all.
pub fn find_block(ball_box: Aabb, bricks: &dyn BrickGrid) -> Option<(usize, usize, Aabb)> {
    let grid = grid_area(bricks)?;
    let near = ball_box.max.x >= grid.min.x
        && ball_box.min.x < grid.max.x
        && ball_box.max.y >= grid.min.y
        && ball_box.min.y < grid.max.y;
    if !near {
        return None;
    }
    let corners = [
        ball_box.min,
        Vec2::new(ball_box.max.x, ball_box.min.y),
        Vec2::new(ball_box.min.x, ball_box.max.y),
        ball_box.max,
    ];
    corners.into_iter().find_map(|corner| {
        let (row, col) = cell_of(corner, grid, bricks)?;
        let brick = bricks.brick(row, col)?;
        contains_half_open(brick, corner).then_some((row, col, brick))
    })
}

/// `find_hit_side`: the side of `block` the ball hit, from its box one step earlier (`prev`).
/// Overlapping the block's x-range (open intervals): top if wholly above, bottom if wholly
/// below; else overlapping its y-range: left if wholly left, right if wholly right; else
/// diagonal.
pub fn hit_side(prev: Aabb, block: Aabb) -> Side {
    let overlaps_x = prev.min.x < block.max.x && prev.max.x > block.min.x;
    let overlaps_y = prev.min.y < block.max.y && prev.max.y > block.min.y;
    if overlaps_x {
        if prev.max.y <= block.min.y {
            Side::Top
        } else if prev.min.y >= block.max.y {
            Side::Bottom
        } else {
            Side::Diagonal
        }
    } else if overlaps_y {
        if prev.max.x <= block.min.x {
            Side::Left
        } else if prev.min.x >= block.max.x {
            Side::Right
        } else {
            Side::Diagonal
        }
    } else {
        Side::Diagonal
    }
}

/// `find_block_hit_side`: a diagonal hit settled by the neighbours. In the quadrant of the
/// previous centre `prev_center` about the block's centre (a tie counts as below / right): a
/// live brick in the vertical neighbour's cell (above or below) and none in the horizontal
/// one's → the left/right face; the other way round → the top/bottom face; else diagonal.
pub fn neighbour_side(
    prev_center: Vec2,
    block: Aabb,
    row: usize,
    col: usize,
    bricks: &dyn BrickGrid,
) -> Side {
    let center = block.center();
    let above = prev_center.y < center.y;
    let left = prev_center.x < center.x;
    let live = |row: Option<usize>, col: Option<usize>| match (row, col) {
        (Some(r), Some(c)) => bricks.brick(r, c).is_some(),
        _ => false,
    };
    let vertical = if above {
        live(row.checked_sub(1), Some(col))
    } else {
        live(row.checked_add(1), Some(col))
    };
    let horizontal = if left {
        live(Some(row), col.checked_sub(1))
    } else {
        live(Some(row), col.checked_add(1))
    };
    match (vertical, horizontal) {
        (true, false) if left => Side::Left,
        (true, false) => Side::Right,
        (false, true) if above => Side::Top,
        (false, true) => Side::Bottom,
        _ => Side::Diagonal,
    }
}

/// The bounce entropy (`recalculate_ball_trajectory`): the direction θ (dx = s·sin θ,
/// dy = s·cos θ) turned by (`percent`/100)·π·(U − ½), U uniform in [0, 1) from `rng`; the speed
/// kept. No draw from `rng` at 0 % (the default) or at zero speed.
fn turn_by_entropy(vel: Vec2, percent: f32, rng: &mut Pcg32) -> Vec2 {
    let percent = if percent.is_finite() {
        percent.clamp(0.0, MAX_BOUNCE_ENTROPY)
    } else {
        0.0
    };
    let speed = vel.length();
    if percent <= 0.0 || speed <= 0.0 || !speed.is_finite() {
        return vel;
    }
    let u: f32 = rng.random();
    let theta = libm::atan2f(vel.x, vel.y) + percent / 100.0 * core::f32::consts::PI * (u - 0.5);
    Vec2::new(libm::sinf(theta), libm::cosf(theta)) * speed
}

/// `recalculate_ball_trajectory`'s reflection: left/right negate vx (θ' = −θ), top/bottom negate
/// vy (θ' = π − θ), diagonal negates both (θ' = θ + π). Returns the new velocity and the normal
/// bounced off (the face's outward normal; for diagonal the reversed direction, none at zero
/// speed).
pub fn bounce(vel: Vec2, side: Side) -> (Vec2, Option<Vec2>) {
    match side {
        Side::Left => (Vec2::new(-vel.x, vel.y), Some(Vec2::NEG_X)),
        Side::Right => (Vec2::new(-vel.x, vel.y), Some(Vec2::X)),
        Side::Top => (Vec2::new(vel.x, -vel.y), Some(Vec2::NEG_Y)),
        Side::Bottom => (Vec2::new(vel.x, -vel.y), Some(Vec2::Y)),
        Side::Diagonal => (-vel, (-vel).try_normalize()),
    }
}

#[cfg(test)]
#[path = "gnome_breakout_tests.rs"]
mod tests;
