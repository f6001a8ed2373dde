//! Tests of `sdl-ball` (the game test: `core/tests/peer_sdl_ball.rs`, since the collision module's
//! tests may not drive a `sim::Game`). Expectations come from the research's §4, not from this
//! implementation's output; geometry is checked with the exact referee `exact_circle_aabb`.

use super::*;
use crate::collision::exact_circle_aabb;
use crate::collision::model::ModelMemory;
use proptest::prelude::*;
use rand::SeedableRng;

/// Our cell: 800/14 × 20 px.
const CELL: Vec2 = Vec2::new(800.0 / 14.0, 20.0);
/// Our ball radius.
const R: f32 = 12.5;
/// One sub-step of `Substeps::Rate(1000)` in a 1/240-s step.
const SUB_DT: f32 = 1.0 / 1200.0;

/// A test grid: `rows` × `cols` cells of [`CELL`] from `origin`, each brick filling its cell.
struct Grid {
    origin: Vec2,
    rows: usize,
    cols: usize,
    live: Vec<bool>,
}

impl Grid {
    fn new(rows: usize, cols: usize, live: &[(usize, usize)]) -> Grid {
        let mut g = Grid {
            origin: Vec2::new(100.0, 100.0),
            rows,
            cols,
            live: vec![false; rows * cols],
        };
        for &(r, c) in live {
            g.live[r * cols + c] = true;
        }
        g
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
        let min = self.origin + Vec2::new(col as f32, row as f32) * CELL;
        Aabb {
            min,
            max: self.origin + Vec2::new(col as f32 + 1.0, row as f32 + 1.0) * CELL,
        }
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        (row < self.rows && col < self.cols && self.live[row * self.cols + col])
            .then(|| self.cell_rect(row, col))
    }
    fn indestructible(&self, _row: usize, _col: usize) -> bool {
        false
    }
}

/// One `step_bricks` of `dt` with the ball at `pos`, `vel`, remembering `memory`.
fn step(
    pos: Vec2,
    vel: Vec2,
    memory: &mut ModelMemory,
    dt: f32,
    grid: &Grid,
) -> (Vec2, Vec2, BrickResponse) {
    let mut ball = ModelBall {
        pos,
        vel,
        radius: R,
        memory,
    };
    let mut rng = Pcg32::seed_from_u64(1);
    let response = SdlBallModel.step_bricks(&mut ball, dt, grid, &mut rng);
    (ball.pos, ball.vel, response)
}

/// The ball's memory as if its last frame was drawn at `last` just now.
fn drawn_at(last: Vec2) -> ModelMemory {
    ModelMemory {
        prev_pos: Some(last),
        ..ModelMemory::default()
    }
}

fn overlap_depth(pos: Vec2, b: Aabb) -> f64 {
    -exact_circle_aabb::signed_distance(
        Circle {
            center: pos,
            radius: R,
        },
        b,
    )
}

/// Runs sub-steps until the first bounce (at most `n`): the state after it.
fn until_bounce(
    mut pos: Vec2,
    mut vel: Vec2,
    grid: &Grid,
    n: usize,
) -> Option<(Vec2, Vec2, BrickResponse)> {
    let mut memory = ModelMemory::default();
    for _ in 0..n {
        let (p, v, resp) = step(pos, vel, &mut memory, SUB_DT, grid);
        if !resp.hits.is_empty() {
            return Some((p, v, resp));
        }
        (pos, vel) = (p, v);
    }
    None
}

#[test]
fn the_rim_has_32_points_on_the_circle_starting_straight_up() {
    assert_eq!(rim().len(), 32);
    assert!(rim().iter().all(|u| (u.length() - 1.0).abs() < 1e-6));
    // a = 0 is the original's (0, +s) in y-up units: straight up, here −y.
    assert!((rim()[0] - Vec2::NEG_Y).length() < 1e-7);
}

#[test]
fn the_drawn_position_is_renewed_every_120th_of_a_second_of_game_time() {
    let grid = Grid::new(1, 1, &[]);
    let mut memory = ModelMemory::default();
    let (mut pos, vel) = (Vec2::new(400.0, 500.0), Vec2::new(120.0, -240.0));
    let mut drawn = Vec::new();
    for i in 0..30 {
        let before = pos;
        (pos, _, _) = step(pos, vel, &mut memory, SUB_DT, &grid);
        if memory.prev_pos == Some(before) && drawn.last() != Some(&before) {
            drawn.push(before);
            assert_eq!(
                i % 10,
                0,
                "a frame every 10 sub-steps of 1/1200 s, not at {i}"
            );
        }
    }
    assert_eq!(drawn.len(), 3);
}

#[test]
fn face_hit_from_below_places_the_ball_on_the_face_and_flips_vy() {
    // A lone brick, the ball straight below it, rising: the bottom face, §4.2 step 4.
    let grid = Grid::new(3, 3, &[(1, 1)]);
    let b = grid.cell_rect(1, 1);
    let pos0 = Vec2::new(b.center().x, b.max.y + R + 3.0);
    let vel = Vec2::new(0.0, -450.0);
    let (pos, v, resp) = until_bounce(pos0, vel, &grid, 200).expect("it reaches the brick");
    assert_eq!(&resp.hits[..], &[(1, 1)]);
    assert_eq!(&resp.normals[..], &[Vec2::Y]);
    assert!(v.y > 0.0 && v.x == 0.0);
    assert!(
        (v.length() - (450.0 + BRICK_SPEEDUP)).abs() < 1e-3,
        "per-hit speed-up"
    );
    // Placed at the face plane, then moved by one sub-step.
    let placed = b.max.y + R;
    assert!((pos.y - (placed + v.y * SUB_DT)).abs() < 1e-3);
    assert!(overlap_depth(pos, b) <= 1e-4);
}

#[test]
fn the_seam_of_two_adjacent_bricks_is_one_face() {
    // §4.4 "two adjacent bricks": covered faces are never candidates, so rising into the seam
    // of (1,1)–(1,2) flips vy once and never vx.
    let grid = Grid::new(3, 4, &[(1, 1), (1, 2)]);
    let seam = grid.cell_rect(1, 2).min.x;
    for dx in [-3.0, -0.5, 0.0, 0.5, 3.0] {
        let b = grid.cell_rect(1, 1);
        let pos0 = Vec2::new(seam + dx, b.max.y + R + 2.0);
        let vel = Vec2::new(200.0, -400.0);
        let (pos, v, resp) = until_bounce(pos0, vel, &grid, 200).expect("it reaches the seam");
        assert_eq!(
            &resp.normals[..],
            &[Vec2::Y],
            "dx {dx}: one flip, off the bottom"
        );
        assert_eq!(v.x.signum(), 1.0, "dx {dx}: vx kept");
        // Steps 1 and 6: the second brick is hit only if the ball still passes its broad phase
        // once placed on the shared face plane, which it then touches without overlapping.
        assert!(!resp.hits.is_empty() && resp.hits.len() <= 2);
        for &(row, col) in &resp.hits {
            assert!(overlap_depth(pos, grid.cell_rect(row, col)) <= 1e-4);
        }
    }
}

#[test]
fn a_corner_hit_bounces_on_one_axis_only_and_lands_on_a_face_plane() {
    // §4.4 "corner hit": one axis only; the ball moved onto the chosen face's plane (dt = 0
    // here, so the placement is seen without the move).
    let grid = Grid::new(3, 3, &[(1, 1)]);
    let b = grid.cell_rect(1, 1);
    for (corner, dir) in [
        (Vec2::new(b.min.x, b.max.y), Vec2::new(1.0, -1.0)),
        (Vec2::new(b.max.x, b.max.y), Vec2::new(-1.0, -1.0)),
        (Vec2::new(b.min.x, b.min.y), Vec2::new(1.0, 1.0)),
        (Vec2::new(b.max.x, b.max.y), Vec2::new(-1.0, -0.3)),
    ] {
        let vel = dir.normalize() * 450.0;
        // Start on the diagonal outside the corner, a little off it.
        let mut pos = corner - dir.normalize() * (R + 4.0) + Vec2::new(0.7, 0.0);
        let mut memory = ModelMemory::default();
        let (placed, v, resp) = loop {
            let (p, v, resp) = step(pos, vel, &mut memory, 0.0, &grid);
            if !resp.hits.is_empty() {
                break (p, v, resp);
            }
            pos += vel * SUB_DT;
            memory.counter += 1000;
        };
        assert!(resp.normals.len() <= 1);
        let flipped =
            (v.x.signum() != vel.x.signum()) as u8 + (v.y.signum() != vel.y.signum()) as u8;
        assert_eq!(flipped as usize, resp.normals.len(), "one axis only");
        if let Some(n) = resp.normals.first() {
            let on_plane = if n.x != 0.0 {
                (placed.x - if n.x < 0.0 { b.min.x - R } else { b.max.x + R }).abs() < 1e-4
                    && placed.y == pos.y
            } else {
                (placed.y - if n.y < 0.0 { b.min.y - R } else { b.max.y + R }).abs() < 1e-4
                    && placed.x == pos.x
            };
            assert!(on_plane, "{corner} {dir}: {placed} off the face plane");
            assert!(overlap_depth(placed, b) <= 1e-4);
        }
    }
}

#[test]
fn a_ball_inside_a_brick_last_drawn_inside_is_not_moved_but_the_brick_is_hit() {
    // §4.2 step 5 / §4.4 "ball inside a brick".
    let grid = Grid::new(3, 3, &[(1, 1)]);
    let b = grid.cell_rect(1, 1);
    let pos = b.center();
    let mut memory = drawn_at(pos);
    let vel = Vec2::new(300.0, -200.0);
    let (p, v, resp) = step(pos, vel, &mut memory, 0.0, &grid);
    assert_eq!((p, v), (pos, vel));
    assert_eq!(&resp.hits[..], &[(1, 1)]);
    assert!(resp.normals.is_empty());
}

#[test]
fn a_ball_inside_a_brick_last_drawn_below_it_is_put_back_on_the_bottom_face() {
    let grid = Grid::new(3, 3, &[(1, 1)]);
    let b = grid.cell_rect(1, 1);
    let pos = b.center();
    let mut memory = drawn_at(Vec2::new(pos.x, b.max.y + R + 1.0));
    let vel = Vec2::new(0.0, -450.0);
    let (p, v, resp) = step(pos, vel, &mut memory, 0.0, &grid);
    assert_eq!(p, Vec2::new(pos.x, b.max.y + R));
    assert!(v.y > 0.0);
    assert_eq!(&resp.normals[..], &[Vec2::Y]);
}

#[test]
fn a_fast_ball_does_not_tunnel_at_the_loop_rate_but_a_long_step_does() {
    // §4.4 "fast ball": ≈ 1-ms steps keep the travel small; "no cap on a long step, so a stall
    // could tunnel".
    let grid = Grid::new(3, 3, &[(1, 1)]);
    let b = grid.cell_rect(1, 1);
    let pos0 = Vec2::new(b.center().x, b.max.y + R + 1.0);
    let vel = Vec2::new(0.0, -3000.0);
    let (_, v, _) = until_bounce(pos0, vel, &grid, 10).expect("hit within 10 sub-steps");
    assert!(v.y > 0.0);
    let mut memory = ModelMemory::default();
    let (p, v, resp) = step(pos0, vel, &mut memory, 0.05, &grid);
    assert!(
        resp.hits.is_empty() && v == vel && p.y < b.min.y - R,
        "jumped over"
    );
}

#[test]
fn graze_below_the_polygon_gap_is_missed_and_a_deeper_one_found() {
    // §4.4 "grazing": a 32-gon misses overlaps under ≈ r (1 − cos 0.1). Against the right face
    // the rim's nearest point to −x is at 4.8 rad, |sin 4.8| of r out.
    let grid = Grid::new(3, 3, &[(1, 1)]);
    let b = grid.cell_rect(1, 1);
    let reach = R * libm::sinf(4.8).abs();
    let gap = R - reach;
    assert!(gap < R * (1.0 - libm::cosf(0.1)));
    for (depth, hit) in [(gap * 0.5, false), (gap * 1.5, true)] {
        let pos = Vec2::new(b.max.x + R - depth, b.center().y);
        assert!(overlap_depth(pos, b) > 0.0);
        let mut memory = drawn_at(pos + Vec2::new(2.0, 0.0));
        let (_, _, resp) = step(pos, Vec2::new(-100.0, 0.0), &mut memory, 0.0, &grid);
        assert_eq!(!resp.hits.is_empty(), hit, "depth {depth}");
    }
}

#[test]
fn contact_is_the_clamp_when_the_rim_test_finds_the_ball() {
    let b = Aabb {
        min: Vec2::new(0.0, 0.0),
        max: Vec2::new(100.0, 20.0),
    };
    let c = Circle {
        center: Vec2::new(50.0, 30.0),
        radius: R,
    };
    let got = SdlBallModel.contact(c, b, Vec2::ZERO).expect("2.5 px deep");
    assert_eq!(Some(got), contact_circle_aabb::contact(c, b, Vec2::ZERO));
    let far = Circle {
        center: Vec2::new(50.0, 40.0),
        ..c
    };
    assert_eq!(SdlBallModel.contact(far, b, Vec2::ZERO), None);
}

fn layout() -> impl Strategy<Value = Vec<bool>> {
    prop::collection::vec(any::<bool>(), 9)
}

fn grid_of(mask: &[bool]) -> Grid {
    let live: Vec<(usize, usize)> = (0..9)
        .filter(|&i| mask[i])
        .map(|i| (i / 3, i % 3))
        .collect();
    Grid::new(3, 3, &live)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn never_nan_and_the_speed_changes_only_by_the_per_brick_gain(
        mask in layout(),
        x in 60.0f32..330.0, y in 60.0f32..190.0,
        lx in -30.0f32..30.0, ly in -30.0f32..30.0,
        vx in -1500.0f32..1500.0, vy in -1500.0f32..1500.0,
        dt in prop_oneof![Just(0.0f32), Just(SUB_DT), 0.0f32..0.02],
    ) {
        let grid = grid_of(&mask);
        let (pos, vel) = (Vec2::new(x, y), Vec2::new(vx, vy));
        let mut memory = drawn_at(pos + Vec2::new(lx, ly));
        let (p, v, resp) = step(pos, vel, &mut memory, dt, &grid);
        prop_assert!(p.is_finite() && v.is_finite());
        for n in &resp.normals {
            prop_assert!((n.length() - 1.0).abs() < 1e-6);
        }
        let mut seen = resp.hits.to_vec();
        seen.sort_unstable();
        seen.dedup();
        prop_assert_eq!(seen.len(), resp.hits.len(), "each brick hit once");
        // Direction only mirrored; speed up by at most one gain per hit, never beyond the cap
        // unless it was already there.
        prop_assert!((v.x.abs() - vel.x.abs() * v.length() / vel.length().max(1e-6)).abs() < 1e-2);
        let (s0, s1) = (vel.length(), v.length());
        prop_assert!(s1 >= s0 - 1e-2);
        prop_assert!(s1 <= (s0 + BRICK_SPEEDUP * resp.hits.len() as f32).max(s0) + 1e-2);
        prop_assert!(s1 <= MAX_SPEED.max(s0) + 1e-2);
    }

    #[test]
    fn a_ball_inside_a_playfield_the_grid_is_flush_with_stays_inside(
        mask in layout(),
        x in R..(3.0 * CELL.x - R), y in R..100.0f32,
        lx in R..(3.0 * CELL.x - R), ly in R..100.0f32,
        vx in -1500.0f32..1500.0, vy in -1500.0f32..1500.0,
    ) {
        // The grid's left, top and right edges are the walls; the game keeps the ball (and so
        // its drawn position) at least a radius from them. A placement never takes the centre
        // across them (the game's escape), and never closer than a radius except into a gap
        // narrower than the ball (row 0 empty above a brick: 20 px < 25 px), as in the
        // original; the walls resolve that.
        let mut grid = grid_of(&mask);
        grid.origin = Vec2::ZERO;
        let width = 3.0 * CELL.x;
        let mut memory = drawn_at(Vec2::new(lx, ly));
        let (p, _, _) = step(Vec2::new(x, y), Vec2::new(vx, vy), &mut memory, 0.0, &grid);
        prop_assert!(p.x >= 0.0 && p.x <= width && p.y >= 0.0, "{}", p);
        let squeezed = |row: usize, col: usize| mask[row * 3 + col] && !mask[col];
        if !(0..3).any(|col| squeezed(1, col)) {
            prop_assert!(p.x >= R - 1e-3 && p.x <= width - R + 1e-3 && p.y >= R - 1e-3, "{}", p);
        }
    }

    #[test]
    fn after_a_bounce_off_a_lone_brick_the_ball_does_not_overlap_it(
        angle in 0.0f32..std::f32::consts::TAU,
        aim in -40.0f32..40.0,
        speed in 100.0f32..2500.0,
    ) {
        let grid = Grid::new(3, 3, &[(1, 1)]);
        let b = grid.cell_rect(1, 1);
        let dir = Vec2::new(libm::cosf(angle), libm::sinf(angle));
        let target = b.center() + Vec2::new(-dir.y, dir.x) * aim;
        let pos0 = target - dir * 80.0;
        prop_assume!(overlap_depth(pos0, b) < 0.0);
        if let Some((p, _, resp)) = until_bounce(pos0, dir * speed, &grid, 4000) {
            if resp.bounced() {
                prop_assert!(overlap_depth(p, b) <= 1e-3, "{} deep", overlap_depth(p, b));
            }
        }
    }

    #[test]
    fn the_rim_test_finds_every_overlap_deeper_than_the_polygon_gap_and_no_gap(
        x in -40.0f32..140.0, y in -40.0f32..60.0,
        w in 25.0f32..80.0, h in 25.0f32..40.0,
    ) {
        let b = Aabb { min: Vec2::ZERO, max: Vec2::new(w, h) };
        let pos = Vec2::new(x, y);
        let depth = overlap_depth(pos, b);
        let found = rim_overlap(pos, R, b).is_some();
        // Faces: r (1 − cos 0.1) (§4.4); a corner poking between two rim points: ≈ 0.1 r.
        let bound = f64::from(R * 0.1);
        if depth > bound + 1e-3 {
            prop_assert!(found, "{} deep, missed", depth);
        }
        if depth < -1e-3 {
            prop_assert!(!found, "{} apart, found", -depth);
        }
    }
}

/// The numbers for the docs' comparison table: `cargo test --release -p breakout-core
/// sdl_ball::tests::famous_cases_table -- --nocapture`.
#[test]
fn famous_cases_table() {
    let grid = Grid::new(3, 3, &[(1, 1)]);
    let b = grid.cell_rect(1, 1);
    let seam = Grid::new(3, 4, &[(1, 1), (1, 2)]);
    let print = |name: &str, out: Option<(Vec2, Vec2, BrickResponse)>| match out {
        Some((p, v, r)) => println!(
            "{name}: pos ({:.2}, {:.2}) dir ({:.3}, {:.3}) hits {:?} normals {:?}",
            p.x,
            p.y,
            v.normalize_or_zero().x,
            v.normalize_or_zero().y,
            &r.hits[..],
            &r.normals[..]
        ),
        None => println!("{name}: no hit"),
    };
    println!("brick (1,1): {:?}", b);
    let v45 = Vec2::new(1.0, -1.0).normalize() * 450.0;
    let corner = Vec2::new(b.min.x, b.max.y);
    print(
        "corner 45deg",
        until_bounce(corner - v45.normalize() * (R + 4.0), v45, &grid, 200),
    );
    print(
        "graze (passes 0.5 px inside the corner's reach)",
        until_bounce(
            Vec2::new(b.min.x - R + 0.5, b.max.y + 40.0),
            Vec2::new(0.0, -450.0),
            &grid,
            200,
        ),
    );
    print(
        "fast 3000 px/s straight up",
        until_bounce(
            Vec2::new(b.center().x, b.max.y + R + 1.0),
            Vec2::new(0.0, -3000.0),
            &grid,
            10,
        ),
    );
    let s = seam.cell_rect(1, 2);
    print(
        "seam, 30deg off vertical",
        until_bounce(
            Vec2::new(s.min.x - 10.0, s.max.y + R + 2.0),
            Vec2::new(225.0, -390.0),
            &seam,
            200,
        ),
    );
    let mut memory = drawn_at(b.center());
    let (p, v, r) = step(
        b.center(),
        Vec2::new(300.0, -200.0),
        &mut memory,
        SUB_DT,
        &grid,
    );
    print("inside, drawn inside", Some((p, v, r)));
}
