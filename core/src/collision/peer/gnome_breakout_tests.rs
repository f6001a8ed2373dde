//! Tests of the `gnome-breakout` model: properties (proptest), the research's famous cases
//! (`peer-collision-2026-11-27.md` §5.3: what the original does, asserted from the reading, not
//! from this code's output). The games played by the bot on shipped levels are
//! `core/tests/peer_gnome_breakout_game.rs` (they need `sim`, above this layer).

use super::*;
use crate::collision::exact_circle_aabb;
use crate::collision::model::ModelMemory;
use proptest::prelude::*;
use rand::SeedableRng;

/// Our cell: the default level grid's 800/14 × 20 px.
const CELL: Vec2 = Vec2::new(800.0 / 14.0, 20.0);
/// Our ball radius, pixels.
const R: f32 = 12.5;

/// A uniform grid of `rows` × `cols` cells of `cell` from `origin`; bricks fill their cells.
#[derive(Clone, Debug)]
struct Grid {
    origin: Vec2,
    cell: Vec2,
    rows: usize,
    cols: usize,
    live: Vec<bool>,
}

impl Grid {
    fn new(origin: Vec2, cell: Vec2, rows: usize, cols: usize, cells: &[(usize, usize)]) -> Grid {
        let mut live = vec![false; rows * cols];
        for &(r, c) in cells {
            live[r * cols + c] = true;
        }
        Grid {
            origin,
            cell,
            rows,
            cols,
            live,
        }
    }
}

impl BrickGrid for Grid {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn cell_rect(&self, row: usize, col: usize) -> Aabb {
        let min = self.origin + Vec2::new(col as f32, row as f32) * self.cell;
        let max = self.origin + Vec2::new((col + 1) as f32, (row + 1) as f32) * self.cell;
        Aabb { min, max }
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        (row < self.rows && col < self.cols && self.live[row * self.cols + col])
            .then(|| self.cell_rect(row, col))
    }
    fn indestructible(&self, _row: usize, _col: usize) -> bool {
        false
    }
}

/// The outcome of one sub-step.
#[derive(Debug)]
struct Out {
    pos: Vec2,
    vel: Vec2,
    response: BrickResponse,
}

/// One sub-step of `dt` seconds of a ball of radius `radius` at `pos` with `vel`, with fresh
/// memory.
fn run(grid: &Grid, pos: Vec2, vel: Vec2, radius: f32, dt: f32, entropy: f32) -> Out {
    run_with(
        grid,
        pos,
        vel,
        radius,
        dt,
        entropy,
        &mut ModelMemory::default(),
    )
}

/// [`run`] with the ball's memory.
fn run_with(
    grid: &Grid,
    pos: Vec2,
    vel: Vec2,
    radius: f32,
    dt: f32,
    entropy: f32,
    memory: &mut ModelMemory,
) -> Out {
    let mut ball = ModelBall {
        pos,
        vel,
        radius,
        memory,
    };
    let mut rng = Pcg32::seed_from_u64(5);
    let response = step(&mut ball, dt, grid, &mut rng, entropy);
    let (pos, vel) = (ball.pos, ball.vel);
    assert_eq!(memory.prev_pos, None);
    assert_eq!(memory.target, None);
    Out { pos, vel, response }
}

/// One sub-step with the mode's own model (entropy 0) and a travel of `travel` px (dt = 1 s).
fn go(grid: &Grid, pos: Vec2, travel: Vec2) -> Out {
    run(grid, pos, travel, R, 1.0, 0.0)
}

fn one_brick(cells: &[(usize, usize)]) -> Grid {
    Grid::new(Vec2::new(0.0, 100.0), CELL, 5, 5, cells)
}

// ---------------------------------------------------------------------------------------------
// The famous cases (research §5.3)

/// Corner hit: the box one step earlier was diagonal to the brick (wholly above and wholly
/// left), no neighbours → the ball goes straight back (θ + π), the brick is hit, and with the
/// extra move instead of a push-out it ends where it started.
#[test]
fn corner_hit_with_no_neighbours_reverses() {
    let grid = one_brick(&[(2, 2)]);
    let b = grid.brick(2, 2).unwrap();
    // Box corner 1 px above and left of the brick's top-left corner; moves (3, 2) px.
    let start = b.min - Vec2::splat(R + 1.0);
    let travel = Vec2::new(3.0, 2.0);
    let out = go(&grid, start, travel);
    assert_eq!(out.response.hits.as_slice(), &[(2, 2)]);
    assert_eq!(out.vel, -travel);
    let n = out.response.normals[0];
    assert!((n - (-travel.normalize())).length() < 1e-6);
    assert!((out.pos - start).length() < 1e-4);
    println!(
        "famous corner: in {travel:?} -> out {:?}, pos {:?} (start {start:?})",
        out.vel, out.pos
    );
}

/// Corner hit with a brick above the hit brick and none to its left (above-left quadrant): the
/// top face is covered, so the left face → vx negated; with a brick to the left and none above,
/// the top face → vy negated; with both, straight back.
#[test]
fn corner_hit_is_settled_by_the_neighbours() {
    let start = |g: &Grid| g.brick(2, 2).unwrap().min - Vec2::splat(R + 1.0);
    let travel = Vec2::new(3.0, 2.0);
    // With (1, 2) above: only the box's bottom-right corner lands in a brick, (2, 2) (the box's
    // right side crosses (1, 2) with no corner in it).
    let above = one_brick(&[(2, 2), (1, 2)]);
    let out = go(&above, start(&above), travel);
    assert_eq!(out.response.hits.as_slice(), &[(2, 2)]);
    assert_eq!(out.vel, Vec2::new(-3.0, 2.0), "left face");
    assert_eq!(out.response.normals.as_slice(), &[Vec2::NEG_X]);

    let left = one_brick(&[(2, 2), (2, 1)]);
    let out = go(&left, start(&left), travel);
    // The box's bottom-left corner lands in (2, 1) too: the first corner in order is the
    // top-left (in no brick), then top-right (none), then bottom-left: (2, 1).
    assert_eq!(out.response.hits.as_slice(), &[(2, 1)]);
    assert_eq!(
        out.vel,
        Vec2::new(3.0, -2.0),
        "top face (seen from (2, 1), from above)"
    );

    let both = one_brick(&[(2, 2), (1, 2), (2, 1)]);
    let out = go(&both, start(&both), travel);
    assert_eq!(out.response.hits.as_slice(), &[(2, 1)]);
    assert_eq!(out.vel, Vec2::new(3.0, -2.0));
}

/// The neighbour rule itself, on a brick whose corner is met diagonally: the four quadrants.
#[test]
fn the_neighbour_rule_in_each_quadrant() {
    let b = one_brick(&[]).cell_rect(2, 2);
    let c = b.center();
    let quadrants = [
        (Vec2::new(-1.0, -1.0), (1, 2), (2, 1), Side::Left, Side::Top),
        (Vec2::new(1.0, -1.0), (1, 2), (2, 3), Side::Right, Side::Top),
        (
            Vec2::new(-1.0, 1.0),
            (3, 2),
            (2, 1),
            Side::Left,
            Side::Bottom,
        ),
        (
            Vec2::new(1.0, 1.0),
            (3, 2),
            (2, 3),
            Side::Right,
            Side::Bottom,
        ),
    ];
    for (dir, vertical, horizontal, covered_vertical, covered_horizontal) in quadrants {
        let prev = c + dir * 100.0;
        let g = one_brick(&[(2, 2), vertical]);
        assert_eq!(neighbour_side(prev, b, 2, 2, &g), covered_vertical);
        let g = one_brick(&[(2, 2), horizontal]);
        assert_eq!(neighbour_side(prev, b, 2, 2, &g), covered_horizontal);
        let g = one_brick(&[(2, 2), vertical, horizontal]);
        assert_eq!(neighbour_side(prev, b, 2, 2, &g), Side::Diagonal);
        let g = one_brick(&[(2, 2)]);
        assert_eq!(neighbour_side(prev, b, 2, 2, &g), Side::Diagonal);
    }
}

/// Graze: only the box's four corners are probed, so a brick poking into the middle of a box
/// side is not seen: a box taller than the brick (25 > 20 px) moving into its side overlaps it
/// (the circle too, by the exact referee) with no hit. When a corner enters later, the previous
/// box already overlapped the brick on both axes: diagonal, no neighbours → straight back.
#[test]
fn graze_a_brick_inside_a_box_side_is_missed_until_a_corner_enters() {
    let grid = one_brick(&[(2, 2)]);
    let b = grid.brick(2, 2).unwrap();
    let start = Vec2::new(b.min.x - R - 1.0, b.center().y);
    let out = go(&grid, start, Vec2::new(4.0, 0.0));
    assert!(out.response.hits.is_empty());
    assert_eq!(out.vel, Vec2::new(4.0, 0.0));
    let circle = Circle {
        center: out.pos,
        radius: R,
    };
    assert!(
        exact_circle_aabb::signed_distance(circle, b) < -2.0,
        "really overlapping"
    );
    // Now down: the top corners enter the brick.
    let travel = Vec2::new(0.5, 4.0);
    let out2 = go(&grid, out.pos, travel);
    assert_eq!(out2.response.hits.as_slice(), &[(2, 2)]);
    assert_eq!(out2.vel, -travel, "straight back");
    println!(
        "famous graze: first step no hit, pos {:?}; then in {travel:?} -> out {:?}, pos {:?}",
        out.pos, out2.vel, out2.pos
    );
}

/// Fast ball: with a travel per test below the brick's height a falling box cannot skip a brick
/// (a corner pair is in it over a 20 px window), but a box corner can pass over a brick's corner
/// between two tests unseen.
#[test]
fn fast_ball_clips_a_corner_unseen() {
    let grid = one_brick(&[(2, 2)]);
    let b = grid.brick(2, 2).unwrap();
    // Box's bottom-left corner 8 px left of the brick's top-right corner and 1 px above it,
    // moving (10, 10) px: it passes through the corner region and ends right of the brick.
    let start = Vec2::new(b.max.x - 8.0 + R, b.min.y - 1.0 - R);
    let travel = Vec2::new(10.0, 10.0);
    let out = go(&grid, start, travel);
    assert!(out.response.hits.is_empty(), "{out:?}");
    assert_eq!(out.pos, start + travel);
    println!(
        "famous fast: in {travel:?} -> out {:?}, pos {:?}",
        out.vel, out.pos
    );
}

/// Two adjacent bricks, falling onto the seam: the box's bottom-left corner comes first, so only
/// the left brick is hit; the previous box was above → one top-face bounce, as one flat face.
#[test]
fn two_adjacent_bricks_falling_on_the_seam_hit_the_left_one_once() {
    let grid = one_brick(&[(2, 1), (2, 2)]);
    let seam = grid.cell_rect(2, 2).min;
    let start = Vec2::new(seam.x + 3.0, seam.y - R - 1.0);
    let travel = Vec2::new(1.0, 3.0);
    let out = go(&grid, start, travel);
    assert_eq!(out.response.hits.as_slice(), &[(2, 1)]);
    assert_eq!(out.vel, Vec2::new(1.0, -3.0));
    assert_eq!(out.response.normals.as_slice(), &[Vec2::NEG_Y]);
    println!(
        "famous seam (falling): in {travel:?} -> out {:?}, pos {:?}",
        out.vel, out.pos
    );
}

/// Two adjacent bricks met diagonally at the seam: the box one step earlier was right of the
/// left brick and above it (diagonal to it); its bottom-left corner, first in order, is in the
/// left brick. The neighbour rule (a brick to the right, none above) makes it the top face: the
/// seam acts as one face only through that rule.
#[test]
fn two_adjacent_bricks_met_diagonally_at_the_seam_act_as_one_face() {
    let grid = one_brick(&[(2, 1), (2, 2)]);
    let seam = grid.cell_rect(2, 2).min;
    // Box's left edge 1 px right of the seam, bottom 1 px above the bricks; moving (-2, 2).
    let start = Vec2::new(seam.x + 1.0 + R, seam.y - 1.0 - R);
    let travel = Vec2::new(-2.0, 2.0);
    let out = go(&grid, start, travel);
    assert_eq!(out.response.hits.as_slice(), &[(2, 1)]);
    assert_eq!(
        out.vel,
        Vec2::new(-2.0, -2.0),
        "top face, not straight back"
    );
    println!(
        "famous seam (diagonal): in {travel:?} -> out {:?}, pos {:?}",
        out.vel, out.pos
    );
    // Without the right brick it is a corner: straight back.
    let alone = one_brick(&[(2, 1)]);
    assert_eq!(go(&alone, start, travel).vel, -travel);
}

/// A ball inside a brick: no push-out, no direction gate; it is hit, reverses (no neighbours)
/// and, the extra move undoing the move, is back where it was, to be hit again next sub-step.
#[test]
fn ball_inside_a_brick_is_not_pushed_out_and_is_hit_again() {
    let grid = Grid::new(
        Vec2::new(0.0, 100.0),
        Vec2::new(80.0, 60.0),
        3,
        3,
        &[(1, 1)],
    );
    let b = grid.brick(1, 1).unwrap();
    let start = b.center() + Vec2::new(3.0, -2.0);
    let travel = Vec2::new(2.0, 1.5);
    let out = go(&grid, start, travel);
    assert_eq!(out.response.hits.as_slice(), &[(1, 1)]);
    assert_eq!(out.vel, -travel);
    assert!((out.pos - start).length() < 1e-4, "not pushed out");
    let again = go(&grid, out.pos, out.vel);
    assert_eq!(again.response.hits.as_slice(), &[(1, 1)]);
    println!(
        "famous inside: in {travel:?} -> out {:?}, pos {:?} (centre still inside)",
        out.vel, out.pos
    );
}

/// A ball buried deeper than a step in a brick reverses in place (the original's rule, the
/// extra move undoing the move) for [`TRAPPED_SUB_STEPS`] sub-steps; then, trapped, it moves on
/// without bouncing, still hitting the brick, and is out in a bounded number of sub-steps, its
/// memory back at the default.
#[test]
fn a_ball_trapped_in_a_brick_moves_on_after_the_trapped_count() {
    let grid = Grid::new(
        Vec2::new(0.0, 100.0),
        Vec2::new(80.0, 60.0),
        3,
        3,
        &[(1, 1)],
    );
    let b = grid.brick(1, 1).unwrap();
    let start = b.center();
    let vel = Vec2::new(240.0, 180.0);
    let dt = 1.0 / 240.0;
    let mut memory = ModelMemory::default();
    let (mut pos, mut v) = (start, vel);
    for i in 0..TRAPPED_SUB_STEPS {
        let out = run_with(&grid, pos, v, R, dt, 0.0, &mut memory);
        assert_eq!(out.response.hits.as_slice(), &[(1, 1)], "sub-step {i}");
        assert_eq!(out.vel, -v, "reversed in place");
        assert!((out.pos - start).length() < 1e-3);
        (pos, v) = (out.pos, out.vel);
    }
    assert_eq!(memory.counter, TRAPPED_SUB_STEPS);
    let mut steps = 0;
    loop {
        let out = run_with(&grid, pos, v, R, dt, 0.0, &mut memory);
        assert_eq!(out.vel, v, "no bounce while trapped");
        assert!(!out.response.bounced());
        pos = out.pos;
        steps += 1;
        if out.response.hits.is_empty() {
            break;
        }
        assert!(steps < 100, "leaves the brick");
    }
    assert!(memory.is_empty());
    assert!(!b.contains(pos));
}

/// `find_block_from_position`'s order: top-left, top-right, bottom-left, bottom-right; the first
/// corner in a live brick gives the brick. A box centred on the meeting point of four cells.
#[test]
fn the_first_corner_in_order_gives_the_brick() {
    let vertex = one_brick(&[]).cell_rect(2, 2).min;
    let cells = [(1, 1), (1, 2), (2, 1), (2, 2)];
    for first in 0..4 {
        let grid = one_brick(&cells[first..]);
        let found = find_block(ball_box(vertex, R), &grid).map(|(r, c, _)| (r, c));
        assert_eq!(found, Some(cells[first]));
    }
}

#[test]
fn a_ball_touching_a_brick_top_is_a_hit_by_the_half_open_cells() {
    let grid = one_brick(&[(2, 2)]);
    let b = grid.brick(2, 2).unwrap();
    let out = go(
        &grid,
        Vec2::new(b.center().x, b.min.y - R - 1.0),
        Vec2::new(0.0, 1.0),
    );
    assert_eq!(out.response.hits.as_slice(), &[(2, 2)]);
    let out = go(
        &grid,
        Vec2::new(b.center().x, b.max.y + R + 1.0),
        Vec2::new(0.0, -1.0),
    );
    assert!(
        out.response.hits.is_empty(),
        "the bottom edge is the next cell's"
    );
}

#[test]
fn mode_row_resolution_is_the_fifty_hertz_rate_one_sub_step_per_fixed_step() {
    let Resolution::Own(sub) = GnomeBreakoutModel.resolution() else {
        panic!("own resolution");
    };
    assert_eq!(sub.count(450.0, 1.0 / 240.0, 10_000), 1);
    assert_eq!(sub.count(450.0, 1.0, 10_000), 50);
}

// ---------------------------------------------------------------------------------------------
// Properties

/// A random 4 × 5 grid of random cell size at a random place, with random live cells.
fn grids() -> impl Strategy<Value = Grid> {
    (
        (-50.0f32..50.0, -50.0f32..50.0),
        (0.0f32..80.0, 0.0f32..40.0),
        proptest::collection::vec(any::<bool>(), 20),
    )
        .prop_map(|((ox, oy), (w, h), live)| Grid {
            origin: Vec2::new(ox, oy),
            cell: Vec2::new(w, h),
            rows: 4,
            cols: 5,
            live,
        })
}

fn vec2(range: f32) -> impl Strategy<Value = Vec2> {
    (-range..range, -range..range).prop_map(|(x, y)| Vec2::new(x, y))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Finite output, unit normals, hits only on live bricks, at most one per sub-step, anywhere
    /// (inside bricks included), at any velocity and radius, also at zero speed or zero-size
    /// cells.
    #[test]
    fn output_is_finite_and_hits_are_live(
        grid in grids(),
        pos in vec2(400.0),
        vel in prop_oneof![vec2(3000.0), Just(Vec2::ZERO)],
        radius in 0.0f32..30.0,
        dt in 0.0f32..0.05,
        entropy in prop_oneof![Just(0.0f32), 0.0f32..40.0],
    ) {
        let out = run(&grid, pos, vel, radius, dt, entropy);
        prop_assert!(out.pos.is_finite() && out.vel.is_finite());
        prop_assert!(out.response.hits.len() <= 1);
        for &(r, c) in &out.response.hits {
            prop_assert!(grid.brick(r, c).is_some());
        }
        for n in &out.response.normals {
            prop_assert!((n.length() - 1.0).abs() < 1e-5);
        }
        prop_assert!(out.response.normals.len() <= out.response.hits.len());
    }

    /// The speed is kept across a bounce (the original only adds its per-hit increment, which is
    /// the game's here), with or without entropy.
    #[test]
    fn speed_is_kept(
        grid in grids(),
        pos in vec2(300.0),
        vel in vec2(2000.0),
        dt in 0.0f32..0.05,
        entropy in prop_oneof![Just(0.0f32), 0.0f32..40.0],
    ) {
        let out = run(&grid, pos, vel, R, dt, entropy);
        let (before, after) = (vel.length(), out.vel.length());
        prop_assert!((before - after).abs() <= 1e-4 * before.max(1.0), "{before} -> {after}");
    }

    /// No push-out, but the extra move: a ball whose box did not overlap the brick before the
    /// sub-step does not overlap the brick it bounced off after it, on the bounced axis, so
    /// neither box nor circle (checked with the exact referee) overlaps it by more than 1e-3 px.
    /// Without entropy: with it, the extra move goes off at another angle.
    #[test]
    fn a_bounce_from_outside_leaves_the_brick_it_bounced_off(
        grid in grids(),
        pos in vec2(300.0),
        vel in vec2(1500.0),
        dt in 0.0f32..0.02,
    ) {
        let out = run(&grid, pos, vel, R, dt, 0.0);
        if let (Some(&(r, c)), true) = (out.response.hits.first(), out.response.bounced()) {
            let brick = grid.brick(r, c).unwrap();
            let before = ball_box(pos, R);
            let overlapped = before.min.x < brick.max.x && before.max.x > brick.min.x
                && before.min.y < brick.max.y && before.max.y > brick.min.y;
            if !overlapped {
                let after = ball_box(out.pos, R);
                let tol = 1e-3 * (1.0 + pos.abs().max_element());
                let gap_x = (brick.min.x - after.max.x).max(after.min.x - brick.max.x);
                let gap_y = (brick.min.y - after.max.y).max(after.min.y - brick.max.y);
                prop_assert!(gap_x.max(gap_y) >= -tol, "box overlaps: {gap_x} {gap_y}");
                let circle = Circle { center: out.pos, radius: R };
                prop_assert!(
                    exact_circle_aabb::signed_distance(circle, brick) >= -tol as f64
                );
            }
        }
    }

    /// A ball moving straight down with a travel per sub-step below the brick's height meets a
    /// full row of bricks: it is hit before its box can pass the row, and bounces off its top.
    #[test]
    fn a_falling_ball_slower_than_a_brick_per_step_cannot_skip_a_row(
        x in 20.0f32..260.0,
        y0 in 0.0f32..60.0,
        travel in 0.5f32..19.9,
    ) {
        let row: Vec<(usize, usize)> = (0..5).map(|c| (2, c)).collect();
        let grid = one_brick(&row);
        let top = grid.cell_rect(2, 0).min.y;
        let mut pos = Vec2::new(x, y0);
        let mut vel = Vec2::new(0.0, travel);
        for _ in 0..400 {
            let out = go(&grid, pos, vel);
            pos = out.pos;
            vel = out.vel;
            if !out.response.hits.is_empty() {
                prop_assert_eq!(out.response.normals.as_slice(), &[Vec2::NEG_Y]);
                prop_assert!(pos.y + R <= top + 1e-3);
                return Ok(());
            }
            prop_assert!(pos.y - R < top, "passed the row unseen");
        }
        prop_assert!(false, "never reached the row");
    }
}
