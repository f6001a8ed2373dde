//! Tests of the `kbreakout` model: the research's famous cases (what KBreakOut does, from
//! `peer-collision-2026-11-27.md` §3), property tests against the exact referee, the nudge and
//! the bar's half-step early rectangle. The game test (the bot on shipped levels) is
//! `core/tests/peer_kbreakout.rs`: `collision` may not import `sim`.

use super::*;
use crate::collision::exact_circle_aabb;
use crate::collision::model::ModelMemory;
use proptest::prelude::*;
use rand::SeedableRng;

/// Our ball radius and the scale it gives (2.5 px per KBreakOut unit).
const R: f32 = 12.5;
const S: f32 = R / ORIGINAL_HALF_SIDE;
/// The default level's cells: 14 columns of 800 px, 15 rows in 300 px.
const CELL: Vec2 = Vec2::new(800.0 / 14.0, 20.0);

/// A test brick field: uniform cells from the origin, each empty or holding a box.
#[derive(Clone, Debug)]
struct Grid {
    rows: usize,
    cols: usize,
    cell: Vec2,
    bricks: Vec<Option<Aabb>>,
}

impl Grid {
    fn new(rows: usize, cols: usize, cell: Vec2) -> Grid {
        Grid {
            rows,
            cols,
            cell,
            bricks: vec![None; rows * cols],
        }
    }

    /// A brick filling its cell.
    fn with(mut self, row: usize, col: usize) -> Grid {
        self.bricks[row * self.cols + col] = Some(self.cell_rect(row, col));
        self
    }

    fn rect(&self, row: usize, col: usize) -> Aabb {
        self.bricks[row * self.cols + col].expect("a brick")
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
        Aabb {
            min: Vec2::new(col as f32, row as f32) * self.cell,
            max: Vec2::new(col as f32 + 1.0, row as f32 + 1.0) * self.cell,
        }
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        if row < self.rows && col < self.cols {
            self.bricks[row * self.cols + col]
        } else {
            None
        }
    }
    fn indestructible(&self, _row: usize, _col: usize) -> bool {
        false
    }
}

/// The default field with the bricks at `cells`.
fn field(cells: &[(usize, usize)]) -> Grid {
    cells
        .iter()
        .fold(Grid::new(15, 14, CELL), |g, &(r, c)| g.with(r, c))
}

/// One sub-step of `dt` seconds of a ball of radius `radius` at `pos` moving at `vel`: the ball
/// after it and the response.
fn sub_step(
    grid: &Grid,
    pos: Vec2,
    vel: Vec2,
    radius: f32,
    dt: f32,
) -> (Vec2, Vec2, BrickResponse) {
    let mut memory = ModelMemory::default();
    let mut rng = Pcg32::seed_from_u64(1);
    let mut ball = ModelBall {
        pos,
        vel,
        radius,
        memory: &mut memory,
    };
    let response = KbreakoutModel.step_bricks(&mut ball, dt, grid, &mut rng);
    (ball.pos, ball.vel, response)
}

/// The overlap of the ball's square with `brick` along `normal` (a face's outward normal),
/// pixels: how far the square is in past that face.
fn overlap_along(pos: Vec2, radius: f32, brick: Aabb, normal: Vec2) -> f32 {
    let sq = square(pos, radius);
    if normal.y < 0.0 {
        sq.max.y - brick.min.y
    } else if normal.y > 0.0 {
        brick.max.y - sq.min.y
    } else if normal.x < 0.0 {
        sq.max.x - brick.min.x
    } else {
        brick.max.x - sq.min.x
    }
}

// ---- The famous cases (research §3.4's table) -------------------------------------------------

/// Corner hit: the square's corner meets the brick's corner where the round ball would not
/// touch; the face is the smaller overlap, never a diagonal; one axis flips.
#[test]
fn corner_hit_the_square_hits_beyond_the_circle_and_flips_the_axis_of_least_overlap() {
    let grid = field(&[(5, 5)]);
    let brick = grid.rect(5, 5);
    // Down-right into the top-left corner, the square 1 px in across x and 3 px in across y.
    let pos = brick.min + Vec2::new(-R + 1.0, -R + 3.0);
    let vel = Vec2::new(300.0, 300.0);
    let circle = Circle {
        center: pos,
        radius: R,
    };
    assert!(exact_circle_aabb::signed_distance(circle, brick) > 0.0);
    let (_, after, response) = sub_step(&grid, pos, vel, R, 0.0);
    assert_eq!(response.hits.as_slice(), &[(5, 5)]);
    assert_eq!(response.normals.as_slice(), &[Vec2::new(-1.0, 0.0)]);
    assert_eq!(after, Vec2::new(-300.0, 300.0));
    println!("kbreakout corner: in {vel} at {pos}, out {after}");
}

/// How far beyond the round ball the square's corner reaches along the diagonal, pixels:
/// (√2 − 1)·r, ≈ 2 units of KBreakOut's 5-unit half-side (research §3.4).
#[test]
fn corner_hit_reaches_about_two_units_beyond_the_round_sprite() {
    let grid = field(&[(5, 5)]);
    let brick = grid.rect(5, 5);
    let reach = (std::f32::consts::SQRT_2 - 1.0) * R;
    let diag = Vec2::new(-1.0, -1.0).normalize();
    for (gap, hits) in [(reach - 0.5, true), (reach + 0.5, false)] {
        // The circle `gap` px from the corner along the diagonal.
        let pos = brick.min + diag * (R + gap);
        let (_, _, response) = sub_step(&grid, pos, Vec2::new(200.0, 210.0), R, 0.0);
        assert_eq!(response.bounced(), hits, "gap {gap}");
    }
    assert!((reach / S - 2.07).abs() < 0.01);
}

/// Grazing: touching counts (closed rectangles), and an overlap that rounds to 0 still bounces
/// when it is the least and the ball moves into it; the push-out is the rounded overlap.
#[test]
fn graze_touching_bounces_with_no_push_and_a_sub_pixel_overlap_rounds_to_nothing() {
    let grid = field(&[(5, 5)]);
    let brick = grid.rect(5, 5);
    let x = brick.center().x;
    for into in [0.0, 1.0, 0.49 * S] {
        let pos = Vec2::new(x, brick.min.y - R + into);
        let vel = Vec2::new(400.0, 20.0);
        let (after_pos, after, response) = sub_step(&grid, pos, vel, R, 0.0);
        assert_eq!(response.hits.as_slice(), &[(5, 5)], "{into}");
        assert_eq!(after, Vec2::new(400.0, -20.0));
        assert_eq!(after_pos, pos, "rounded overlap 0: no push ({into})");
        println!("kbreakout graze {into} px: out {after} at {after_pos}");
    }
    // Just over half a rescaled pixel rounds to one: pushed out by one (2.5 px).
    let pos = Vec2::new(x, brick.min.y - R + 0.51 * S);
    let (after_pos, _, _) = sub_step(&grid, pos, Vec2::new(0.0, 100.0), R, 0.0);
    assert!((after_pos.y - (pos.y - S)).abs() < 1e-4);
}

/// A ball sliding along a face it touches, not moving into it: no bounce and no hit.
#[test]
fn graze_parallel_to_the_face_neither_bounces_nor_hits() {
    let grid = field(&[(5, 5)]);
    let brick = grid.rect(5, 5);
    let pos = Vec2::new(brick.center().x, brick.min.y - R);
    let (_, after, response) = sub_step(&grid, pos, Vec2::new(450.0, 0.0), R, 0.0);
    assert!(response.hits.is_empty() && !response.bounced());
    assert_eq!(after, Vec2::new(450.0, 0.0));
}

/// Fast ball: sub-steps of at most 4 units (10 px) against a 20 px brick and a 25 px square: no
/// tunnelling, whatever the speed.
#[test]
fn fast_ball_never_tunnels_through_a_brick() {
    let grid = field(&[(5, 5)]);
    let brick = grid.rect(5, 5);
    for speed in [450.0, 2_000.0, 10_000.0, 50_000.0] {
        let mut pos = Vec2::new(brick.center().x, brick.min.y - 200.0);
        let mut vel = Vec2::new(speed * 0.1, speed);
        let dt = 1.0 / 240.0;
        let Resolution::Own(substeps) = KbreakoutModel.resolution() else {
            panic!("own resolution");
        };
        let mut hit = false;
        for _ in 0..200 {
            let n = substeps.count(vel.length(), dt, 10_000);
            for _ in 0..n {
                let (p, v, response) = sub_step(&grid, pos, vel, R, dt / n as f32);
                hit |= !response.hits.is_empty();
                (pos, vel) = (p, v);
                assert!(pos.y < brick.max.y, "{speed}: past the brick at {pos}");
            }
            if vel.y < 0.0 {
                break;
            }
        }
        assert!(hit && vel.y < 0.0, "{speed}: bounced off the top");
        println!(
            "kbreakout fast {speed} px/s: out {vel} at {pos} (brick top {})",
            brick.min.y
        );
    }
}

/// Two adjacent bricks: the larger intersection bounces the ball, one flip only (the second pass
/// meets the direction gate); the seam acts as one face.
#[test]
fn two_adjacent_bricks_the_larger_overlap_is_hit_and_the_seam_is_one_face() {
    // Cells 50 px wide, so the seam (x = 350) and the square's edges about it are exact.
    let grid = Grid::new(15, 14, Vec2::new(50.0, 20.0))
        .with(5, 5)
        .with(5, 6);
    let seam = grid.rect(5, 6).min.x;
    let top = grid.rect(5, 6).min.y;
    for (offset, hit) in [(3.0, (5, 6)), (-3.0, (5, 5)), (0.0, (5, 6))] {
        let pos = Vec2::new(seam + offset, top - R + 1.0);
        let vel = Vec2::new(-250.0, 380.0);
        let (after_pos, after, response) = sub_step(&grid, pos, vel, R, 0.0);
        assert_eq!(response.hits.as_slice(), &[hit], "offset {offset}");
        assert_eq!(response.normals.as_slice(), &[Vec2::new(0.0, -1.0)]);
        assert_eq!(after, Vec2::new(-250.0, -380.0));
        println!("kbreakout seam {offset:+}: hit {hit:?}, out {after} at {after_pos}");
    }
}

/// Three or more touching bricks: the first in the level's order is resolved, whatever the
/// overlaps (an inside corner: the least-overlap brick of three here).
#[test]
fn three_touching_bricks_the_first_listed_is_resolved() {
    let grid = field(&[(5, 5), (5, 6), (6, 5)]);
    let junction = grid.rect(5, 5).max;
    let pos = junction + Vec2::new(R - 2.5, R - 2.5);
    let vel = Vec2::new(-300.0, -300.0);
    let sq = square(pos, R);
    let areas: Vec<f32> = [(5, 5), (5, 6), (6, 5)]
        .iter()
        .map(|&(r, c)| intersection_area(sq, grid.rect(r, c)))
        .collect();
    assert!(areas[0] < areas[1] && areas[0] < areas[2]);
    let (after_pos, after, response) = sub_step(&grid, pos, vel, R, 0.0);
    assert_eq!(response.hits[0], (5, 5));
    println!(
        "kbreakout three bricks: hits {:?}, out {after} at {after_pos}",
        response.hits
    );
}

/// A ball inside a brick: if the least overlap is a face it is leaving, nothing happens (it
/// passes through without hitting); if it moves into that face, it is pushed out through it.
#[test]
fn ball_inside_a_brick_passes_through_unless_it_moves_into_the_least_face() {
    let grid = field(&[(5, 5)]);
    let brick = grid.rect(5, 5);
    let pos = brick.center() + Vec2::new(0.0, -3.0);
    // Leaving through the top, the least overlap: no hit, ever, until it is out.
    let (mut p, mut v) = (pos, Vec2::new(30.0, -400.0));
    for _ in 0..40 {
        let (np, nv, response) = sub_step(&grid, p, v, R, 1.0 / 240.0);
        assert!(response.hits.is_empty(), "{np}");
        (p, v) = (np, nv);
    }
    assert!(p.y + R < brick.min.y, "out above: {p}");
    println!("kbreakout inside, leaving: out {v} at {p}");
    // Moving into the top: pushed up through it by the rounded overlap, vy flipped.
    let (after_pos, after, response) = sub_step(&grid, pos, Vec2::new(30.0, 400.0), R, 0.0);
    assert_eq!(response.hits.as_slice(), &[(5, 5)]);
    assert_eq!(after, Vec2::new(30.0, -400.0));
    let overlap = pos.y + R - brick.min.y;
    assert!((pos.y - after_pos.y - (overlap / S).round() * S).abs() < 1e-3);
    println!("kbreakout inside, into the face: out {after} at {after_pos}");
}

// ---- The nudge and the bar --------------------------------------------------------------------

#[test]
fn every_1024th_sub_step_nudges_one_component_by_a_thousandth_of_the_speed() {
    let grid = Grid::new(1, 1, CELL);
    let mut memory = ModelMemory::default();
    let mut rng = Pcg32::seed_from_u64(9);
    let vel = Vec2::new(300.0, -400.0);
    let mut ball = ModelBall {
        pos: Vec2::new(400.0, 400.0),
        vel,
        radius: R,
        memory: &mut memory,
    };
    let mut nudges = 0;
    for i in 1..=4096u32 {
        let before = ball.vel;
        KbreakoutModel.step_bricks(&mut ball, 0.0, &grid, &mut rng);
        let d = ball.vel - before;
        if i % NUDGE_EVERY == 0 {
            nudges += 1;
            let expected = NUDGE_FRACTION * before.length();
            let (moved, kept) = if d.x != 0.0 { (d.x, d.y) } else { (d.y, d.x) };
            assert!(kept == 0.0 && (moved - expected).abs() < 1e-3, "{d}");
            assert_eq!(ball.memory.counter, 0);
        } else {
            assert_eq!(d, Vec2::ZERO);
            assert_eq!(ball.memory.counter, i % NUDGE_EVERY);
        }
    }
    assert_eq!(nudges, 4);
}

/// The bar's half-step early rectangle: only the left and top edges move along the motion, so
/// a ball rising towards a box touches it a unit early, a falling one does not.
#[test]
fn bar_contact_uses_the_half_step_early_rectangle_on_the_left_and_top_edges_only() {
    let bar = Aabb {
        min: Vec2::new(300.0, 500.0),
        max: Vec2::new(400.0, 515.0),
    };
    let circle = |center| Circle { center, radius: R };
    let gap = 0.6 * S;
    // Rising under the box, its top `gap` below the box's bottom: the shifted top edge touches.
    let below = circle(Vec2::new(350.0, bar.max.y + R + gap));
    let c = KbreakoutModel.contact(below, bar, Vec2::new(0.0, -400.0));
    assert_eq!(c.map(|c| c.normal), Some(Vec2::new(0.0, 1.0)));
    // Falling onto it from the same gap above: the bottom edge is not moved, no contact.
    let above = circle(Vec2::new(350.0, bar.min.y - R - gap));
    assert!(KbreakoutModel
        .contact(above, bar, Vec2::new(0.0, 400.0))
        .is_none());
    // Touching, falling: the top face, depth 0; rising away: none (the direction gate).
    let on = circle(Vec2::new(350.0, bar.min.y - R));
    let c = KbreakoutModel.contact(on, bar, Vec2::new(50.0, 400.0));
    assert_eq!(
        c.map(|c| (c.normal, c.depth)),
        Some((Vec2::new(0.0, -1.0), 0.0))
    );
    assert!(KbreakoutModel
        .contact(on, bar, Vec2::new(50.0, -400.0))
        .is_none());
    assert!(KbreakoutModel.intersects(on, bar));
}

// ---- Properties --------------------------------------------------------------------------------

/// A random field: up to 8 × 8 cells of random size, bricks filling their cell, a random part
/// of it, or zero-sized.
fn any_grid() -> impl Strategy<Value = Grid> {
    (1usize..8, 1usize..8, 0.0f32..90.0, 0.0f32..45.0).prop_flat_map(|(rows, cols, w, h)| {
        proptest::collection::vec(
            prop_oneof![
                Just(None),
                Just(Some((0.0f32, 1.0f32))),
                (0.0f32..1.0, 0.0f32..1.0).prop_map(Some)
            ],
            rows * cols,
        )
        .prop_map(move |fill| {
            let mut g = Grid::new(rows, cols, Vec2::new(w, h));
            for (i, f) in fill.into_iter().enumerate() {
                if let Some((a, b)) = f {
                    let cell = g.cell_rect(i / cols, i % cols);
                    let size = cell.size();
                    g.bricks[i] = Some(Aabb {
                        min: cell.min + size * a.min(b),
                        max: cell.min + size * a.max(b),
                    });
                }
            }
            g
        })
    })
}

fn any_vel() -> impl Strategy<Value = Vec2> {
    prop_oneof![
        Just(Vec2::ZERO),
        (-3000.0f32..3000.0, -3000.0f32..3000.0).prop_map(|(x, y)| Vec2::new(x, y)),
        (-3000.0f32..3000.0).prop_map(|x| Vec2::new(x, 0.0)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Any field, any ball (inside bricks, on edges, still, tiny or huge): finite output, hits
    /// only on live bricks, each once, unit axis normals, the speed kept.
    #[test]
    fn any_ball_any_field_gives_finite_output_and_keeps_its_speed(
        grid in any_grid(), x in -20.0f32..740.0, y in -20.0f32..380.0, vel in any_vel(),
        radius in 0.5f32..40.0, dt in prop_oneof![Just(0.0f32), 0.0f32..(1.0 / 240.0)],
    ) {
        let (pos, after, response) = sub_step(&grid, Vec2::new(x, y), vel, radius, dt);
        prop_assert!(pos.is_finite() && after.is_finite());
        prop_assert_eq!(after.length(), vel.length());
        prop_assert_eq!(after.abs(), vel.abs());
        for (i, &cell) in response.hits.iter().enumerate() {
            prop_assert!(grid.brick(cell.0, cell.1).is_some());
            prop_assert!(!response.hits[..i].contains(&cell));
        }
        for n in &response.normals {
            prop_assert!(n.abs() == Vec2::X || n.abs() == Vec2::Y);
        }
        prop_assert!(response.normals.len() <= PASSES);
    }

    /// After a bounce off a lone brick, the ball's square overlaps it across the face bounced
    /// off by at most half a rescaled pixel (the rounding of the push-out), so the round ball
    /// (the exact referee) is in it by no more; and it moves out of that face.
    #[test]
    fn after_a_bounce_the_ball_is_within_half_a_rescaled_pixel_of_the_face(
        angle in 0.0f32..std::f32::consts::TAU, dist in 0.0f32..60.0, dir in 0.0f32..std::f32::consts::TAU,
        speed in 10.0f32..2400.0, radius in 3.0f32..30.0,
    ) {
        let grid = field(&[(5, 5)]);
        let brick = grid.rect(5, 5);
        let pos = brick.center() + Vec2::new(libm::cosf(angle), libm::sinf(angle)) * dist;
        let vel = Vec2::new(libm::cosf(dir), libm::sinf(dir)) * speed;
        let (after_pos, after, response) = sub_step(&grid, pos, vel, radius, 0.0);
        let s = scale(radius);
        for &n in &response.normals {
            prop_assert!(overlap_along(after_pos, radius, brick, n) <= s / 2.0 + 1e-3);
            prop_assert!(after.dot(n) >= 0.0, "{after} leaves by {n}");
            let circle = Circle { center: after_pos, radius };
            prop_assert!(exact_circle_aabb::signed_distance(circle, brick) >= -(s as f64) / 2.0 - 1e-3);
        }
        prop_assert_eq!(response.bounced(), !response.hits.is_empty());
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// The grid search finds exactly the bricks a scan of every cell finds, in the same order,
    /// including a square whose edge lies exactly on a cell's edge.
    #[test]
    fn the_grid_search_finds_what_a_full_scan_finds(
        grid in any_grid(), kx in -2i32..10, ky in -2i32..10, fx in 0.0f32..1.0, fy in 0.0f32..1.0,
        on_edge in any::<bool>(), radius in 0.5f32..40.0,
    ) {
        let corner = Vec2::new(kx as f32, ky as f32) * grid.cell;
        let offset = if on_edge { Vec2::ZERO } else { Vec2::new(fx, fy) * grid.cell };
        let sq = Aabb { min: corner + offset, max: corner + offset + Vec2::splat(2.0 * radius) };
        let mut scan = Vec::new();
        for row in 0..grid.rows {
            for col in 0..grid.cols {
                if let Some(rect) = grid.brick(row, col) {
                    if touches(sq, rect) {
                        scan.push((row, col, rect));
                    }
                }
            }
        }
        prop_assert_eq!(touching_bricks(sq, &grid).to_vec(), scan);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// Two adjacent bricks act as one flat face (research §3.4): a ball coming down onto the
    /// row anywhere over it, at any angle, by up to one sub-step's travel, bounces once, off the
    /// top, and hits the brick it overlaps more.
    #[test]
    fn the_seam_of_two_adjacent_bricks_acts_as_one_face(
        along in 0.0f32..1.0, into in 0.0f32..MAX_SUBSTEP_PX, angle in -80.0f32..80.0,
    ) {
        let grid = field(&[(5, 5), (5, 6)]);
        let (a, b) = (grid.rect(5, 5), grid.rect(5, 6));
        let x = a.min.x + R + along * (b.max.x - a.min.x - 2.0 * R);
        let pos = Vec2::new(x, a.min.y - R + into);
        let vel = Vec2::new(libm::sinf(angle.to_radians()), libm::cosf(angle.to_radians())) * 450.0;
        let (_, after, response) = sub_step(&grid, pos, vel, R, 0.0);
        prop_assert_eq!(response.normals.as_slice(), &[Vec2::new(0.0, -1.0)]);
        prop_assert_eq!(after, Vec2::new(vel.x, -vel.y));
        let sq = square(pos, R);
        let larger = if intersection_area(sq, a) > intersection_area(sq, b) { (5, 5) } else { (5, 6) };
        prop_assert_eq!(response.hits.as_slice(), &[larger]);
    }
}
