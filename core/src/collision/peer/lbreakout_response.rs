//! What LBreakout's two target algorithms share (`lbreakout-trajectory`, `lbreakout-clipping`;
//! LBreakoutHD 1.1.8 `libgame/balls.c`, written from the research file's §1.2–§1.4, not from the
//! GPL source): the brick grid as the algorithms see it, the 8-point "ball in brick" probe
//! (`ball_is_in_brick`), the in-brick back-off before a target is computed, the per-sub-step
//! driver (keep the target, move, snap back to the contact when it is reached, reflect) and the
//! post-bounce velocity processing (`ball_mask_vel`, `vec2angle`/`angle2vec`, the speed reset).
//!
//! **Scale.** LBreakout's ball has a radius of 6 px; its pixel constants are scaled by
//! `ball.radius / 6` (about 2.08 at our 12.5 px): the 2 px back-off step here, the 3 px / 1 px
//! march of Clipping and the 1 px of the corner circle of Trajectory. Slopes, angles and the
//! entropy are ratios and are kept.
//!
//! **Pixel conventions.** LBreakout addresses integer pixels: its ball covers the pixels from
//! centre − 6 to centre + 5, which is why its probe's right and lower points sit 1 px inside the
//! rim and its scans look at the last pixel row of a cell (`+19`, `+39`). In our continuous
//! coordinates the same thing is a symmetric ball and an open brick box: a probe point on a
//! brick's edge is not inside it, a ball touching a brick is not in it.
//!
//! **The target and when it is recomputed.** A ball's target lives in its [`ModelMemory`]:
//! `target` (the brick's cell, the ball's centre at the contact and the outward normal, or no
//! cell: nothing ahead), `prev_pos` (the ball's centre when the target was computed: the cast's
//! origin) and `counter` (a fingerprint of the live bricks near the path: the cells overlapping
//! the bounding box of the origin and the contact — or the point where the ball leaves the grid,
//! for no brick — grown by a radius and one cell). The target is recomputed at the start of a
//! sub-step, from the ball's current position, when (1) there is none (launch, after every
//! bounce: LBreakout recomputes at the next frame), (2) the fingerprint differs — a brick there
//! destroyed (the target itself among them), grown, or hidden or shown by pass-through
//! (LBreakout recomputes every ball when bricks appear anywhere, and the balls targeting a brick
//! that was hit; after another destruction it keeps the target, which the recomputation finds
//! again unless the ball is level with it; a brick appearing away from the path changes no
//! target; another ball's target hit but not destroyed keeps this ball's target, which LBreakout
//! would recompute to the same), or (3) the ball is no longer on the line from
//! the origin along its velocity — the game's walls, paddle, ball–ball collisions or loop breaker
//! moved or turned it (LBreakout's walls are bricks and its paddle recomputes; a speed change
//! keeps the line and the target).

use crate::collision::model::{BrickGrid, BrickResponse, ModelBall, ModelMemory, Target};
use crate::collision::Aabb;
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;

/// LBreakout's ball radius, pixels (`ball_rad`): the scale of its pixel constants.
pub(super) const R_ORIGINAL: f32 = 6.0;
/// tan 20°: slopes shallower than this are raised to 20° from horizontal (`ball_mask_vel`).
const TAN_20: f32 = 0.363_970_23;
/// tan 80°: slopes steeper than this are lowered to 80° from horizontal (10° from vertical).
const TAN_80: f32 = 5.671_282;
/// LBreakout's "full circle" in `angle2vec`: 6.28, not 2π, so direction i of 180 is
/// 1.99898·i degrees. Deliberately not `TAU`: the shortfall is LBreakout's.
#[allow(clippy::approx_constant)]
pub(super) const QUANT_CIRCLE: f32 = 6.28;
/// Corner entropy, per mille of vx: uniform integer in this range.
const ENTROPY_PER_MILLE: std::ops::RangeInclusive<u32> = 40..=120;
/// Factor on vx when vx == vy exactly (`ball_mask_vel`).
const DIAGONAL_NUDGE: f32 = 0.98;
/// A zero vx becomes this fraction of the speed before masking (LBreakout: 0.01 px/ms, ≈ 4 % of
/// a medium speed; the 80° mask then sets the angle, so only the sign matters).
const ZERO_VX_FRACTION: f32 = 0.01;
/// The in-brick back-off step, pixels at LBreakout's scale (`ball_get_target`, 1.1.7+).
const BACK_OFF_PX: f32 = 2.0;
/// A ball is still on its target's line if its distance from it is at most this many pixels
/// plus [`LINE_TOLERANCE_REL`] of the distance travelled (f32 rounding of the moves).
const LINE_TOLERANCE_PX: f32 = 0.01;
/// See [`LINE_TOLERANCE_PX`].
const LINE_TOLERANCE_REL: f32 = 1e-4;

/// The brick grid as LBreakout's scans see it: uniform cells from the first cell's box.
pub(super) struct Grid<'a> {
    /// The model's view of the bricks.
    pub(super) bricks: &'a dyn BrickGrid,
    /// Top-left corner of cell (0, 0), pixels.
    origin: Vec2,
    /// Cell size, pixels.
    cell: Vec2,
    /// Rows and columns.
    pub(super) rows: usize,
    /// See `rows`.
    pub(super) cols: usize,
}

impl<'a> Grid<'a> {
    /// The grid of `bricks`, or none for an empty or degenerate one.
    pub(super) fn new(bricks: &'a dyn BrickGrid) -> Option<Grid<'a>> {
        let (rows, cols) = (bricks.rows(), bricks.cols());
        if rows == 0 || cols == 0 {
            return None;
        }
        let first = bricks.cell_rect(0, 0);
        let cell = first.max - first.min;
        let ok = first.min.is_finite() && cell.is_finite() && cell.x > 0.0 && cell.y > 0.0;
        ok.then_some(Grid {
            bricks,
            origin: first.min,
            cell,
            rows,
            cols,
        })
    }

    /// The grid's box, pixels.
    pub(super) fn area(&self) -> Aabb {
        Aabb {
            min: self.origin,
            max: self.origin + self.cell * Vec2::new(self.cols as f32, self.rows as f32),
        }
    }

    /// Row index of `y` (may be outside `0..rows`; `i64::MIN` for a non-finite `y`).
    pub(super) fn row_of(&self, y: f32) -> i64 {
        index(y - self.origin.y, self.cell.y)
    }

    /// Column index of `x` (may be outside `0..cols`; `i64::MIN` for a non-finite `x`).
    pub(super) fn col_of(&self, x: f32) -> i64 {
        index(x - self.origin.x, self.cell.x)
    }

    /// Top edge of row `row`, pixels (its bottom edge is `row_top(row + 1)`).
    pub(super) fn row_top(&self, row: i64) -> f32 {
        self.origin.y + row as f32 * self.cell.y
    }

    /// Left edge of column `col`, pixels.
    pub(super) fn col_left(&self, col: i64) -> f32 {
        self.origin.x + col as f32 * self.cell.x
    }

    /// The live brick's box at `row`, `col` (any integers; none outside the grid).
    pub(super) fn live(&self, row: i64, col: i64) -> Option<Aabb> {
        if row < 0 || col < 0 || row >= self.rows as i64 || col >= self.cols as i64 {
            return None;
        }
        self.bricks.brick(row as usize, col as usize)
    }

    /// The cell under `p` and its live brick if `p` is strictly inside that brick's box.
    pub(super) fn brick_at(&self, p: Vec2) -> Option<(usize, usize)> {
        let (row, col) = (self.row_of(p.y), self.col_of(p.x));
        let b = self.live(row, col)?;
        let inside = p.x > b.min.x && p.x < b.max.x && p.y > b.min.y && p.y < b.max.y;
        inside.then_some((row as usize, col as usize))
    }

    /// A fingerprint (FNV-1a over their indices) of the live cells near the path from `from` to
    /// `to` of a ball of radius `r`: those overlapping the path's bounding box grown by `r` and
    /// one cell (the neighbours that decide a covered face or an exposed corner).
    fn fingerprint(&self, from: Vec2, to: Vec2, r: f32) -> u32 {
        let margin = Vec2::splat(r) + self.cell;
        let (lo, hi) = (from.min(to) - margin, from.max(to) + margin);
        let rows = self.row_of(lo.y).max(0)..=self.row_of(hi.y).min(self.rows as i64 - 1);
        let cols = self.col_of(lo.x).max(0)..=self.col_of(hi.x).min(self.cols as i64 - 1);
        let mut h: u32 = 0x811c_9dc5;
        for row in rows {
            for col in cols.clone() {
                if self.live(row, col).is_some() {
                    let index = row as usize * self.cols + col as usize + 1;
                    h = (h ^ index as u32).wrapping_mul(0x0100_0193);
                }
            }
        }
        h
    }

    /// Where a ball of radius `r` at `p` moving along `u` (unit) stops being able to touch the
    /// grid (`p` itself if it already cannot).
    fn exit_point(&self, p: Vec2, u: Vec2, r: f32) -> Vec2 {
        let area = self.area();
        let axis = |p: f32, u: f32, lo: f32, hi: f32| {
            if u > 0.0 {
                (hi + r - p) / u
            } else if u < 0.0 {
                (lo - r - p) / u
            } else {
                f32::INFINITY
            }
        };
        let t = axis(p.x, u.x, area.min.x, area.max.x).min(axis(p.y, u.y, area.min.y, area.max.y));
        if t.is_finite() && t > 0.0 {
            p + u * t
        } else {
            p
        }
    }
}

/// The cell index of `offset` in cells of `size` (`i64::MIN`, outside every grid, if not finite:
/// a NaN would cast to cell 0).
fn index(offset: f32, size: f32) -> i64 {
    let i = (offset / size).floor();
    if i.is_finite() {
        i as i64
    } else {
        i64::MIN
    }
}

/// The 8 probe points of `ball_is_in_brick`, clockwise from the top: unit offsets from the
/// centre (times the radius). LBreakout pulls the right and lower ones 1 px in: its pixel
/// convention, here the open box of [`Grid::brick_at`].
pub(super) const PROBE: [Vec2; 8] = {
    const D: f32 = std::f32::consts::FRAC_1_SQRT_2;
    [
        Vec2::new(0.0, -1.0),
        Vec2::new(D, -D),
        Vec2::new(1.0, 0.0),
        Vec2::new(D, D),
        Vec2::new(0.0, 1.0),
        Vec2::new(-D, D),
        Vec2::new(-1.0, 0.0),
        Vec2::new(-D, -D),
    ]
};

/// The three probe points on the rear quadrant of the motion, ignored by the probe: moving
/// down-right LEFT, TOPLEFT, TOP; down-left RIGHT, TOPRIGHT, TOP; up-right LEFT, BOTTOMLEFT,
/// BOTTOM; up-left RIGHT, BOTTOMRIGHT, BOTTOM (vx = 0 counts as left, vy = 0 as down).
fn rear_points(vel: Vec2) -> [usize; 3] {
    match (vel.x > 0.0, vel.y >= 0.0) {
        (true, true) => [6, 7, 0],
        (false, true) => [2, 1, 0],
        (true, false) => [6, 5, 4],
        (false, false) => [2, 3, 4],
    }
}

/// The probe at centre `c`: for each of the 8 points (none for the rear three), the cell of the
/// live brick it is strictly inside.
pub(super) fn probe(grid: &Grid, c: Vec2, radius: f32, vel: Vec2) -> [Option<(usize, usize)>; 8] {
    let rear = rear_points(vel);
    let mut hits = [None; 8];
    for (i, offset) in PROBE.iter().enumerate() {
        if !rear.contains(&i) {
            hits[i] = grid.brick_at(c + *offset * radius);
        }
    }
    hits
}

/// True if any front probe point is inside a live brick.
pub(super) fn in_brick(grid: &Grid, c: Vec2, radius: f32, vel: Vec2) -> bool {
    probe(grid, c, radius, vel).iter().any(Option::is_some)
}

/// LBreakoutHD 1.1.7+: a ball the probe finds in a brick is stepped back along −v in 2 px
/// (scaled) steps until it is not. Bounded here: at most the grid's diagonal, and never past the
/// grid's left, right or top edge less a radius (LBreakout's walls are bricks of its grid), so
/// the back-off cannot carry the ball out of the playfield; a ball it cannot free stays where
/// it stopped.
pub(super) fn back_off(ball: &mut ModelBall<'_>, grid: &Grid) {
    let speed = ball.vel.length();
    let step = BACK_OFF_PX * ball.radius / R_ORIGINAL;
    if !(speed > 0.0 && step > 0.0) {
        return;
    }
    let back = -ball.vel / speed * step;
    let area = grid.area();
    let max_steps = ((area.max - area.min).length() / step)
        .ceil()
        .min(100_000.0) as u32
        + 1;
    let r = ball.radius;
    for _ in 0..max_steps {
        if !in_brick(grid, ball.pos, r, ball.vel) {
            return;
        }
        let next = ball.pos + back;
        let inside =
            next.x >= area.min.x + r && next.x <= area.max.x - r && next.y >= area.min.y + r;
        if !inside {
            return;
        }
        ball.pos = next;
    }
}

/// The sign of `x` with 0 counting as positive (f32::signum also gives −1 for −0.0).
fn sign(x: f32) -> f32 {
    if x < 0.0 {
        -1.0
    } else {
        1.0
    }
}

/// `ball_mask_vel`: keeps the direction between 20° and 80° from horizontal; with `entropy`
/// (corner bounces) moves vx by 4–12 % (less in the 20° band, more in the 10° band, either way
/// otherwise); nudges an exact vx == vy. `old_vx` gives a zero vx its sign (opposite). Returns
/// the direction at the length of `vel` (unchanged for a zero or non-finite velocity).
pub(super) fn mask(vel: Vec2, old_vx: f32, entropy: Option<&mut Pcg32>) -> Vec2 {
    let speed = vel.length();
    if !(speed > 0.0 && speed.is_finite()) {
        return vel;
    }
    let mut v = vel;
    if v.x == 0.0 {
        v.x = -sign(old_vx) * ZERO_VX_FRACTION * speed;
    }
    let e = entropy.map(|rng| {
        let e = rng.random_range(ENTROPY_PER_MILLE) as f32 / 1000.0;
        let flip = rng.random::<bool>();
        (e, flip)
    });
    let m = (v.y / v.x).abs();
    if m < TAN_20 {
        v.y = sign(v.y) * TAN_20 * v.x.abs();
        if let Some((e, _)) = e {
            v.x -= e * v.x;
        }
    } else if m > TAN_80 {
        v.y = sign(v.y) * TAN_80 * v.x.abs();
        if let Some((e, _)) = e {
            v.x += e * v.x;
        }
    } else if let Some((e, flip)) = e {
        v.x += if flip { -e } else { e } * v.x;
    }
    if v.x == v.y {
        v.x *= DIAGONAL_NUDGE;
    }
    v.normalize_or_zero() * speed
}

/// `vec2angle` then `angle2vec`: the direction of `vel` truncated to whole degrees, halved to
/// one of 180 steps, and looked up as (cos, sin) of 6.28·i/180 (a unit vector; y down as in
/// LBreakout).
pub(super) fn quantise(vel: Vec2) -> Vec2 {
    let deg = (libm::atan2f(vel.y.abs(), vel.x.abs()).to_degrees()) as i32;
    let deg = deg.clamp(0, 90);
    let angle = match (vel.x < 0.0, vel.y < 0.0) {
        (false, false) => deg,
        (true, false) => 180 - deg,
        (true, true) => 180 + deg,
        (false, true) => 360 - deg,
    };
    let i = (angle / 2) % 180;
    let a = QUANT_CIRCLE * i as f32 / 180.0;
    Vec2::new(libm::cosf(a), libm::sinf(a))
}

/// The post-processing after every reflection (§1.2): mask (with entropy from `rng` for a
/// corner), quantise to 2°, set the length to `speed`.
pub(super) fn post_process(
    vel: Vec2,
    old_vx: f32,
    speed: f32,
    entropy: Option<&mut Pcg32>,
) -> Vec2 {
    if vel.length() <= 0.0 || !vel.is_finite() {
        return vel;
    }
    quantise(mask(vel, old_vx, entropy)) * speed
}

/// A model's target computation: moves the ball (back-off) or re-aims it if its original does,
/// and returns the target — the brick, where the ball's centre will be at the contact, and the
/// normal as the algorithm gives it (pointing from the brick to the ball; unit, except
/// Clipping's diagonals; two non-zero components make a corner, with entropy) — or none if
/// nothing is ahead.
pub(super) type FindTarget = fn(&mut ModelBall<'_>, &Grid) -> Option<Target>;

/// True if the memory's target still holds for `ball` (see the module doc, "when it is
/// recomputed").
fn target_holds(memory: &ModelMemory, grid: &Grid, pos: Vec2, vel: Vec2, r: f32) -> bool {
    let (Some(target), Some(origin)) = (memory.target, memory.prev_pos) else {
        return false;
    };
    let u = vel.normalize_or_zero();
    if memory.counter != path_fingerprint(grid, origin, target, u, r) {
        return false;
    }
    let d = pos - origin;
    let tol = LINE_TOLERANCE_PX + LINE_TOLERANCE_REL * d.length();
    d.dot(u) >= -tol && d.perp_dot(u).abs() <= tol
}

/// The fingerprint of the live bricks near the path from `origin` to `target` (to where the
/// ball leaves the grid for a target with no brick).
fn path_fingerprint(grid: &Grid, origin: Vec2, target: Target, u: Vec2, r: f32) -> u32 {
    let end = match target.cell {
        Some(_) => target.center,
        None => grid.exit_point(origin, u, r),
    };
    grid.fingerprint(origin, end, r)
}

/// True once the ball at `pos` moving along `vel` has passed `target` in both coordinates (a
/// component of zero counts as passed): LBreakoutHD's `ball_check_brick_reflection`.
fn reached(pos: Vec2, vel: Vec2, target: Vec2) -> bool {
    let passed = |p: f32, v: f32, t: f32| {
        if v > 0.0 {
            p >= t
        } else if v < 0.0 {
            p <= t
        } else {
            true
        }
    };
    passed(pos.x, vel.x, target.x) && passed(pos.y, vel.y, target.y)
}

/// One sub-step of either model: recompute the target if it no longer holds, move the ball by
/// `vel · dt`, and if it has reached its target brick's contact, snap it back there (the
/// overshoot is discarded), reflect v − 2(v·p)p with the stored normal p, post-process, report
/// the hit, and forget the target.
pub(super) fn step_toward_target(
    ball: &mut ModelBall<'_>,
    dt: f32,
    bricks: &dyn BrickGrid,
    rng: &mut Pcg32,
    find: FindTarget,
) -> BrickResponse {
    let mut response = BrickResponse::default();
    let speed = ball.vel.length();
    let usable =
        speed > 0.0 && speed.is_finite() && ball.pos.is_finite() && ball.radius.is_finite();
    let grid = Grid::new(bricks).filter(|_| usable && ball.radius >= 0.0);
    let Some(grid) = grid else {
        if ball.vel.is_finite() {
            ball.pos += ball.vel * dt;
        }
        return response;
    };
    if !target_holds(ball.memory, &grid, ball.pos, ball.vel, ball.radius) {
        let found = find(ball, &grid);
        let target = found.unwrap_or(Target {
            cell: None,
            center: ball.pos,
            normal: Vec2::ZERO,
        });
        let u = ball.vel.normalize_or_zero();
        *ball.memory = ModelMemory {
            target: Some(target),
            prev_pos: Some(ball.pos),
            counter: path_fingerprint(&grid, ball.pos, target, u, ball.radius),
        };
    }
    ball.pos += ball.vel * dt;
    let Some(target) = ball.memory.target else {
        return response;
    };
    let Some((row, col)) = target.cell else {
        return response;
    };
    if !reached(ball.pos, ball.vel, target.center) {
        return response;
    }
    ball.pos = target.center;
    let old = ball.vel;
    let p = target.normal;
    let corner = p.x != 0.0 && p.y != 0.0;
    let reflected = old - 2.0 * old.dot(p) * p;
    ball.vel = post_process(reflected, old.x, old.length(), corner.then_some(rng));
    *ball.memory = ModelMemory::default();
    response.hits.push((usize::from(row), usize::from(col)));
    let n = p.normalize_or_zero();
    if n != Vec2::ZERO {
        response.normals.push(n);
    }
    response
}

#[cfg(test)]
#[path = "lbreakout_test_support.rs"]
pub(super) mod test_support;

#[cfg(test)]
#[path = "lbreakout_response_tests.rs"]
mod tests;
