//! `lbreakout-clipping`: LBreakoutHD 1.1.8's optional ball–brick algorithm, "Clipping" (the
//! "BCC Type" option; `libgame/balls.c`, `ball_get_target_clipping` with the probe
//! `ball_is_in_brick`; reaching the target: `ball_check_brick_reflection`). New in 1.1.8; not in
//! LBreakout2. Written from `../shared/research/peer-collision-2026-11-27.md` §1.2, §1.4 and §7
//! (the source is GPL: read there, not copied).
//!
//! **Algorithm.** Once per bounce, a probe of 8 points on the ball's rim (clockwise from the
//! top, every 45°; the 3 on the rear quadrant of the motion ignored) is marched from the ball's
//! position along the velocity in steps of r/2 (LBreakout: 3 px) until a point lies inside a
//! live brick, then backed off in steps of r/6 (1 px) until none does; the hits of the last
//! colliding position are kept. The first hit point clockwise from the top picks the brick (its
//! cell) and the normal: the 4 axis normals for TOP, RIGHT, BOTTOM, LEFT, and the diagonals
//! (±1, ±1) for the 4 diagonal points — **not normalised**, as in LBreakoutHD, so the reflection
//! v − 2(v·p)p turns the normal component by ×(−3) instead of ×(−1) before the speed is reset.
//! The last clear position is the contact. Each sub-step the ball moves on; once it has passed
//! the contact in both coordinates it is snapped back there, reflected, masked (20°/80°, with
//! 4–12 % entropy for the diagonal normals: LBreakout's corner targets), quantised to 2° and set
//! back to its speed (`lbreakout_response`, which also says when a target is recomputed).
//!
//! **Scale.** r is our ball's radius; the 3 px march and 1 px back-off are r/2 and r/6 as in
//! LBreakout (`ball_rad / 2`, 1 px at r = 6), the in-brick back-off's 2 px is r/3. The probe's
//! diagonal points are at r/√2 (LBreakout: 4.24 at 6).
//!
//! **Sub-steps:** [`Substeps::PerStep`] — predictive, like Trajectory.
//!
//! **Differences from the original, and why.**
//! * Walls and the paddle are the game's: the march gives up once the ball has left the brick
//!   grid's box, moving away from it (LBreakout: off the screen), and a ball with nothing ahead
//!   just moves on.
//! * LBreakout pulls the probe's right and lower points 1 px in (pixel convention); here the
//!   probe is symmetric and a point on a brick's edge is not inside it
//!   (`lbreakout_response`, "Pixel conventions").
//! * The march is bounded (the grid's diagonal plus the ball's distance from it), the back-off
//!   to 4 steps (3 undo one march step) and never behind the march's start: a ball the in-brick
//!   back-off could not free (stopped by the grid's edge) turns where it is.
//!
//! **Grazes** (measured, not in the research): a probe of points misses a brick corner that
//! pokes into the ball between two of them — by up to r(1 − cos 22.5°) between the octagon's
//! edge and the rim (the research's 0.46 px at r = 6), but also deeper, up to r(1 − 1/√2)
//! (1.76 px at 6, 3.66 px at 12.5), when the corner lies beyond a diagonal point's coordinate
//! on an axis point's line, and the r/2 march can step over a corner that a point is inside for
//! less than a step (the tests' corner 11 px from the path: 1.5 px deep, missed).
//!
//! **A ball inside a brick**: as Trajectory (LBreakoutHD 1.1.7+): backed out along −v in 2 px
//! (scaled) steps before the march. **Moving or growing bricks**: the target is recomputed when
//! the live bricks change (`lbreakout_response`).
//!
//! `contact` (the paddle, the lab's one-box views) is the exact clamp: the probe answers only
//! "inside or not", with no depth, and LBreakout's paddle test is a capsule of its own.

use super::lbreakout_response::{back_off, probe, step_toward_target, Grid};
use crate::collision::model::{
    BrickGrid, BrickResponse, CollisionModel, ModelBall, Resolution, Substeps, Target,
};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;
use rand_pcg::Pcg32;

/// The `lbreakout-clipping` collision model (see the module doc).
#[derive(Debug)]
pub struct LbreakoutClippingModel;

impl CollisionModel for LbreakoutClippingModel {
    fn name(&self) -> &'static str {
        "lbreakout-clipping"
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

/// The march's step, in radii (LBreakout: `ball_rad / 2`, 3 px).
const MARCH_STEP: f32 = 0.5;
/// The back-off's step, in radii (LBreakout: 1 px at a radius of 6).
const BACK_STEP: f32 = 1.0 / 6.0;
/// Back-off steps at most: 3 undo one march step, one more for rounding.
const MAX_BACK_STEPS: u32 = 4;

/// The normal (pointing from the brick to the ball, unnormalised for the diagonals as in
/// LBreakoutHD) for each probe point, clockwise from the top: TOP hits a brick's bottom face,
/// TOPRIGHT its lower-left corner, and so on.
const NORMALS: [Vec2; 8] = [
    Vec2::new(0.0, 1.0),
    Vec2::new(-1.0, 1.0),
    Vec2::new(-1.0, 0.0),
    Vec2::new(-1.0, -1.0),
    Vec2::new(0.0, -1.0),
    Vec2::new(1.0, -1.0),
    Vec2::new(1.0, 0.0),
    Vec2::new(1.0, 1.0),
];

/// True once a ball at `p` moving along `v` can no longer touch the grid's box `area`.
fn gone(p: Vec2, v: Vec2, r: f32, area: Aabb) -> bool {
    (p.y - r > area.max.y && v.y >= 0.0)
        || (p.y + r < area.min.y && v.y <= 0.0)
        || (p.x - r > area.max.x && v.x >= 0.0)
        || (p.x + r < area.min.x && v.x <= 0.0)
}

/// `ball_get_target_clipping`: backs the ball out of a brick, marches the probe forward, backs
/// it off, and returns the target.
fn find_target(ball: &mut ModelBall<'_>, grid: &Grid) -> Option<Target> {
    back_off(ball, grid);
    let (c, v, r) = (ball.pos, ball.vel, ball.radius);
    let u = v.normalize_or_zero();
    let (step, back) = (u * r * MARCH_STEP, u * r * BACK_STEP);
    let area = grid.area();
    let span = (area.max - area.min).length() + c.distance(area.min.midpoint(area.max));
    let max_steps = if r > 0.0 {
        (span / (r * MARCH_STEP)).ceil().min(100_000.0) as u32 + 2
    } else {
        0
    };
    let mut p = c;
    let mut hits = None;
    let mut marched = 0;
    for _ in 0..max_steps {
        let h = probe(grid, p, r, v);
        if h.iter().any(Option::is_some) {
            hits = Some(h);
            break;
        }
        if gone(p, v, r, area) {
            return None;
        }
        p += step;
        marched += 1;
    }
    let mut hits = hits?;
    // Back off, never behind where the march started (a ball the in-brick back-off could not
    // free: LBreakout would back it off across its walls).
    let mut backed = 0.0;
    let limit = marched as f32 * MARCH_STEP / BACK_STEP;
    for _ in 0..MAX_BACK_STEPS {
        if backed + 1.0 > limit + 1e-3 {
            p = c;
            break;
        }
        backed += 1.0;
        let h = probe(grid, p - back, r, v);
        p -= back;
        if h.iter().all(Option::is_none) {
            break;
        }
        hits = h;
    }
    let (i, (row, col)) = hits
        .iter()
        .enumerate()
        .find_map(|(i, h)| h.map(|cell| (i, cell)))?;
    Some(Target {
        cell: Some((u16::try_from(row).ok()?, u16::try_from(col).ok()?)),
        center: p,
        normal: NORMALS[i],
    })
}

#[cfg(test)]
#[path = "lbreakout_clipping_tests.rs"]
mod tests;
