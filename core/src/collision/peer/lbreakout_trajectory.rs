//! `lbreakout-trajectory`: LBreakoutHD 1.1.8's default ball–brick algorithm, "Trajectory"
//! (`libgame/balls.c`, `ball_get_target` with `ball_get_tangents`, `ball_reflect_at_side`,
//! `ball_reflect_at_corner`, `ball_corner_check`; reaching the target:
//! `ball_check_brick_reflection`), which LBreakout2 2.6.5 (`game/balls.c`) shares. Written from
//! `../shared/research/peer-collision-2026-11-27.md` §1.2, §1.3 and §7 (the source is GPL: read
//! there, not copied).
//!
//! **Algorithm.** Once per bounce (not per step) the ball's path is cast through the brick grid
//! as two rays parallel to the velocity from the rim points beside the centre (the tangent
//! points, ± r perpendicular to the motion). Each ray walks the horizontal grid lines (rows
//! ahead, its own row skipped) and the vertical ones (columns ahead) to the first live cell;
//! of its two candidates it keeps the nearer one (the same brick both ways: a fixed table by ray
//! and direction). The candidate nearer to the centre is the primary. A face covered by a
//! neighbour brick is replaced by the side face the motion points to; the primary's corner
//! facing the motion becomes the target when both cells beside it are empty and the hit came
//! from the ray outside that corner. The contact is where the centre line meets the face moved
//! out by r, or the circle of radius r + 1 px about the corner (normal: radial, checked against
//! the corner's quadrant, else a face). If a brick stands one radius ahead of a face contact,
//! the contact slides back beside it and the ball is re-aimed at it at once. Each sub-step the
//! ball moves on; once it has passed the contact in both coordinates it is snapped back to it
//! (the overshoot is discarded), reflected v − 2(v·n)n, masked (20°/80°, with 4–12 % entropy at
//! corners), quantised to 2° (LBreakout's 6.28) and set back to its speed
//! (`lbreakout_response`, which also says when a target is recomputed).
//!
//! **Scale.** r is our ball's radius (12.5 px, or as the power-ups make it); LBreakout's
//! constants in pixels are scaled by r / 6: the corner circle's 1 px (→ r/6, 2.08 px), the
//! back-off's 2 px. Cells are the level's (`bricks.cell_rect`), walked as a uniform grid from
//! cell (0, 0); a brick's faces are its own box (`bricks.brick`).
//!
//! **Sub-steps:** [`Substeps::PerStep`] — the algorithm is predictive; a sub-step only checks
//! whether the ball has passed its target, as LBreakoutHD does each frame.
//!
//! **Differences from the original, and why.**
//! * Walls and the paddle are the game's, not bricks: a ray that leaves the grid finds nothing,
//!   and a ball with nothing ahead just moves on (LBreakout's "no target" return to the paddle,
//!   and its "FATAL" for a ball moving up, have no counterpart).
//! * The pixel-inclusive conventions (`+19`, `+39` scan lines, the 1 px gap left of a brick in
//!   the slid-into-neighbour fix, corner points at `+40`/`+20`) become exact edges
//!   (`lbreakout_response`, "Pixel conventions").
//! * A contact behind the ball (the centre line meets a replaced face, or the corner circle,
//!   behind it) is put at the ball's centre: the ball turns where its target was computed.
//!   LBreakout snaps it back along the line, which may be across a wall of ours.
//! * A replaced face parallel to the motion (a covered TOP replaced by RIGHT for vx = 0) keeps
//!   the face first hit: LBreakout divides by zero there.
//! * LBreakout2's variant (a time trigger, a corner circle of r + 2, no in-brick rescue) is not
//!   modelled; this is LBreakoutHD's.
//!
//! **A ball inside a brick**: as LBreakoutHD 1.1.7+, stepped back along −v in 2 px (scaled)
//! steps until the 8-point probe is clear, before the target is computed (bounded: see
//! `lbreakout_response::back_off`). **Moving or growing bricks**: a brick appearing or vanishing
//! changes the grid's fingerprint and the target is recomputed from where the ball is.
//!
//! **Band wider than a cell**: two rays 2r apart can miss a brick whose whole projection across
//! the motion is narrower than 2r — never at LBreakout's 12 px ball in 40 × 20 cells, nor at
//! ours in the shipped levels (cells ≥ 33 px high, and the masks keep the motion ≥ 20° from
//! horizontal), but possible in imported levels with rows under 25 px; the ball then overlaps
//! the brick until the next target's back-off frees it.
//!
//! `contact` (the paddle, the lab's one-box views) is the exact clamp: LBreakout has no
//! ball-vs-box contact with a depth (its paddle is a capsule of its own; its only box test is
//! the 8-point probe, with no normal).

use super::lbreakout_response::{back_off, step_toward_target, Grid, R_ORIGINAL};
use crate::collision::model::{
    BrickGrid, BrickResponse, CollisionModel, ModelBall, Resolution, Substeps, Target,
};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;
use rand_pcg::Pcg32;

/// The `lbreakout-trajectory` collision model (see the module doc).
#[derive(Debug)]
pub struct LbreakoutTrajectoryModel;

impl CollisionModel for LbreakoutTrajectoryModel {
    fn name(&self) -> &'static str {
        "lbreakout-trajectory"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::PerStep)
    }
    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        rng: &mut Pcg32,
    ) -> BrickResponse {
        step_toward_target(ball, dt, bricks, rng, find_target)
    }
}

/// A brick face, named as LBreakout names the side of the brick that is hit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

impl Side {
    /// The face's outward unit normal.
    fn normal(self) -> Vec2 {
        match self {
            Side::Top => Vec2::new(0.0, -1.0),
            Side::Bottom => Vec2::new(0.0, 1.0),
            Side::Left => Vec2::new(-1.0, 0.0),
            Side::Right => Vec2::new(1.0, 0.0),
        }
    }
}

/// A brick corner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Corner {
    UpperLeft,
    UpperRight,
    LowerLeft,
    LowerRight,
}

/// One ray's hit: the cell, the face crossed and where.
#[derive(Clone, Copy, Debug)]
struct Hit {
    cell: (i64, i64),
    side: Side,
    point: Vec2,
}

/// The first live cell below (moving down) or above (moving up) a horizontal grid line the ray
/// from `start` along `v` crosses, the ray's own row skipped.
fn scan_rows(grid: &Grid, start: Vec2, v: Vec2) -> Option<Hit> {
    if v.y == 0.0 {
        return None;
    }
    let slope = v.x / v.y;
    let k = grid.row_of(start.y);
    let rows = grid.rows as i64;
    let at = |row: i64, y: f32, side: Side| {
        let x = start.x + (y - start.y) * slope;
        let col = grid.col_of(x);
        (x.is_finite() && grid.live(row, col).is_some()).then_some(Hit {
            cell: (row, col),
            side,
            point: Vec2::new(x, y),
        })
    };
    if v.y > 0.0 {
        ((k.saturating_add(1)).max(0)..rows).find_map(|row| at(row, grid.row_top(row), Side::Top))
    } else {
        (0..k.min(rows))
            .rev()
            .find_map(|row| at(row, grid.row_top(row + 1), Side::Bottom))
    }
}

/// As [`scan_rows`], over the vertical grid lines.
fn scan_cols(grid: &Grid, start: Vec2, v: Vec2) -> Option<Hit> {
    if v.x == 0.0 {
        return None;
    }
    let slope = v.y / v.x;
    let k = grid.col_of(start.x);
    let cols = grid.cols as i64;
    let at = |col: i64, x: f32, side: Side| {
        let y = start.y + (x - start.x) * slope;
        let row = grid.row_of(y);
        (y.is_finite() && grid.live(row, col).is_some()).then_some(Hit {
            cell: (row, col),
            side,
            point: Vec2::new(x, y),
        })
    };
    if v.x > 0.0 {
        ((k.saturating_add(1)).max(0)..cols).find_map(|col| at(col, grid.col_left(col), Side::Left))
    } else {
        (0..k.min(cols))
            .rev()
            .find_map(|col| at(col, grid.col_left(col + 1), Side::Right))
    }
}

/// One ray's target: its horizontal or vertical hit, the nearer to `start`; the same brick both
/// ways: vertical for the left ray moving down-right or up-left, horizontal otherwise, and the
/// opposite for the right ray.
fn ray_target(grid: &Grid, start: Vec2, v: Vec2, left: bool) -> Option<Hit> {
    match (scan_rows(grid, start, v), scan_cols(grid, start, v)) {
        (Some(h), Some(w)) if h.cell == w.cell => {
            let same_signs = (v.x > 0.0) == (v.y > 0.0);
            Some(if left == same_signs { w } else { h })
        }
        (Some(h), Some(w)) => {
            let nearer = h.point.distance_squared(start) <= w.point.distance_squared(start);
            Some(if nearer { h } else { w })
        }
        (h, w) => h.or(w),
    }
}

/// The covered-face rule: a face with a live neighbour against it becomes the side face the
/// motion points to.
fn uncovered_side(grid: &Grid, hit: Hit, v: Vec2) -> Side {
    let (row, col) = hit.cell;
    let neighbour = match hit.side {
        Side::Top => grid.live(row - 1, col),
        Side::Bottom => grid.live(row + 1, col),
        Side::Left => grid.live(row, col - 1),
        Side::Right => grid.live(row, col + 1),
    };
    if neighbour.is_none() {
        return hit.side;
    }
    match hit.side {
        Side::Top | Side::Bottom if v.x > 0.0 => Side::Left,
        Side::Top | Side::Bottom => Side::Right,
        Side::Left | Side::Right if v.y > 0.0 => Side::Top,
        Side::Left | Side::Right => Side::Bottom,
    }
}

/// The brick corner facing the motion.
fn facing_corner(v: Vec2) -> Corner {
    match (v.x > 0.0, v.y > 0.0) {
        (true, true) => Corner::UpperLeft,
        (false, true) => Corner::UpperRight,
        (true, false) => Corner::LowerLeft,
        (false, false) => Corner::LowerRight,
    }
}

/// True if both cells beside `corner` of the brick at `cell` are empty.
fn corner_exposed(grid: &Grid, (row, col): (i64, i64), corner: Corner) -> bool {
    let (dr, dc) = match corner {
        Corner::UpperLeft => (-1, -1),
        Corner::UpperRight => (-1, 1),
        Corner::LowerLeft => (1, -1),
        Corner::LowerRight => (1, 1),
    };
    grid.live(row + dr, col).is_none() && grid.live(row, col + dc).is_none()
}

/// `ball_corner_check`: the hit turns into `corner` if it came from the ray outside that
/// corner on the corner's face.
fn corner_check(corner: Corner, from_left: bool, side: Side) -> bool {
    match corner {
        Corner::UpperLeft => (from_left && side == Side::Top) || (!from_left && side == Side::Left),
        Corner::UpperRight => {
            (!from_left && side == Side::Top) || (from_left && side == Side::Right)
        }
        Corner::LowerRight => {
            (!from_left && side == Side::Right) || (from_left && side == Side::Bottom)
        }
        Corner::LowerLeft => {
            (from_left && side == Side::Left) || (!from_left && side == Side::Bottom)
        }
    }
}

/// Where the centre line from `c` along `v` meets `side` of `b` moved out by `r` (`c` itself if
/// that is behind), or none if the line is parallel to it.
fn face_contact(c: Vec2, v: Vec2, b: Aabb, side: Side, r: f32) -> Option<Vec2> {
    let t = match side {
        Side::Top => (b.min.y - r - c.y) / v.y,
        Side::Bottom => (b.max.y + r - c.y) / v.y,
        Side::Left => (b.min.x - r - c.x) / v.x,
        Side::Right => (b.max.x + r - c.x) / v.x,
    };
    t.is_finite().then(|| if t < 0.0 { c } else { c + v * t })
}

/// The slid-into-neighbour fix: a live brick (not the target) in the cell one radius ahead of a
/// face contact along the face; the contact moved to touch that brick's near side.
fn slid_into_neighbour(
    grid: &Grid,
    cell: (i64, i64),
    contact: Vec2,
    side: Side,
    v: Vec2,
    r: f32,
) -> Option<Vec2> {
    let (ahead_cell, moved) = match side {
        Side::Top | Side::Bottom => {
            let x = contact.x + if v.x > 0.0 { r } else { -r };
            ((grid.row_of(contact.y), grid.col_of(x)), true)
        }
        Side::Left | Side::Right => {
            let y = contact.y + if v.y > 0.0 { r } else { -r };
            ((grid.row_of(y), grid.col_of(contact.x)), false)
        }
    };
    if ahead_cell == cell {
        return None;
    }
    let nb = grid.live(ahead_cell.0, ahead_cell.1)?;
    Some(if moved {
        Vec2::new(
            if v.x > 0.0 {
                nb.min.x - r
            } else {
                nb.max.x + r
            },
            contact.y,
        )
    } else {
        Vec2::new(
            contact.x,
            if v.y > 0.0 {
                nb.min.y - r
            } else {
                nb.max.y + r
            },
        )
    })
}

/// `ball_reflect_at_corner`: the contact on the circle of radius r + 1 px (scaled) about the
/// corner, nearer the centre `c` (or `c` if behind; or, if the line misses, r before the corner
/// along the motion with the normal against it), and the outward normal — radial if it lies in
/// the corner's quadrant, else the face the contact is beside.
fn corner_contact(c: Vec2, u: Vec2, b: Aabb, corner: Corner, r: f32) -> (Vec2, Vec2) {
    let k = match corner {
        Corner::UpperLeft => b.min,
        Corner::UpperRight => Vec2::new(b.max.x, b.min.y),
        Corner::LowerLeft => Vec2::new(b.min.x, b.max.y),
        Corner::LowerRight => b.max,
    };
    let radius = r + r / R_ORIGINAL;
    let w = c - k;
    let half_b = u.dot(w);
    let disc = half_b * half_b - (w.length_squared() - radius * radius);
    let contact = if disc >= 0.0 {
        let sq = disc.sqrt();
        let (t1, t2) = (-half_b - sq, -half_b + sq);
        let t = if t1.abs() <= t2.abs() { t1 } else { t2 };
        if t < 0.0 {
            c
        } else {
            c + u * t
        }
    } else {
        k - u * r
    };
    let to_corner = (k - contact).normalize_or_zero();
    let n = if disc >= 0.0 && to_corner != Vec2::ZERO {
        to_corner
    } else {
        u
    };
    let in_quadrant = match corner {
        Corner::UpperLeft | Corner::LowerRight => n.x * n.y >= 0.0,
        Corner::UpperRight | Corner::LowerLeft => n.x * n.y <= 0.0,
    };
    if in_quadrant {
        return (contact, -n);
    }
    let (above, left) = (contact.y < k.y, contact.x < k.x);
    let side = match corner {
        Corner::UpperLeft if above || !left => Side::Top,
        Corner::UpperLeft => Side::Left,
        Corner::UpperRight if above || left => Side::Top,
        Corner::UpperRight => Side::Right,
        Corner::LowerLeft if contact.y > k.y || !left => Side::Bottom,
        Corner::LowerLeft => Side::Left,
        Corner::LowerRight if contact.y > k.y || left => Side::Bottom,
        Corner::LowerRight => Side::Right,
    };
    (contact, side.normal())
}

/// `ball_get_target` (Trajectory): backs the ball out of a brick, casts its two tangent rays,
/// and returns the target (re-aiming the ball for the slid-into-neighbour fix).
fn find_target(ball: &mut ModelBall<'_>, grid: &Grid) -> Option<Target> {
    back_off(ball, grid);
    let (c, v, r) = (ball.pos, ball.vel, ball.radius);
    let speed = v.length();
    let u = v / speed;
    let beside = Vec2::new(u.y, -u.x) * r;
    let left = ray_target(grid, c + beside, v, true);
    let right = ray_target(grid, c - beside, v, false);
    let (primary, from_left) = match (left, right) {
        (Some(a), Some(b)) if a.point.distance_squared(c) <= b.point.distance_squared(c) => {
            (a, true)
        }
        (Some(_), Some(b)) | (None, Some(b)) => (b, false),
        (Some(a), None) => (a, true),
        (None, None) => return None,
    };
    let both_same =
        matches!((left, right), (Some(a), Some(b)) if a.cell == b.cell && a.side == b.side);
    let brick = grid.live(primary.cell.0, primary.cell.1)?;
    let side = uncovered_side(grid, primary, v);
    let corner = facing_corner(v);
    let at_corner = !both_same
        && corner_exposed(grid, primary.cell, corner)
        && corner_check(corner, from_left, side);
    let (center, normal) = if at_corner {
        corner_contact(c, u, brick, corner, r)
    } else {
        let (side, contact) = match face_contact(c, v, brick, side, r) {
            Some(p) => (side, p),
            None => (
                primary.side,
                face_contact(c, v, brick, primary.side, r).unwrap_or(c),
            ),
        };
        match slid_into_neighbour(grid, primary.cell, contact, side, v, r) {
            Some(slid) => {
                let aim = slid - c;
                if aim.length() > 0.0 {
                    ball.vel = super::lbreakout_response::post_process(aim, v.x, speed, None);
                }
                (slid, side.normal())
            }
            None => (contact, side.normal()),
        }
    };
    Some(Target {
        cell: Some((
            u16::try_from(primary.cell.0).ok()?,
            u16::try_from(primary.cell.1).ok()?,
        )),
        center,
        normal,
    })
}

#[cfg(test)]
#[path = "lbreakout_trajectory_tests.rs"]
mod tests;
