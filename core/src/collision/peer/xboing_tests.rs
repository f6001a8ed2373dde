//! Tests of the `xboing` model: properties over random layouts and the famous cases as research
//! §6.1 describes XBoing's rules. The bot playing shipped levels is `core/tests/peer_xboing.rs`
//! (`collision` may not import `sim` or `level`, not even in tests).

use super::*;
use crate::collision::exact_circle_aabb;
use proptest::prelude::*;
use rand::SeedableRng;

/// The fixed step of the simulation, seconds.
const STEP: f32 = 1.0 / 240.0;

/// The game's normal ball radius, pixels (`playfield::BALL_RADIUS`).
const NORMAL_RADIUS: f32 = 12.5;

/// A brick grid for the tests: `rows` × `cols` cells of `cell` pixels from `origin`; a live cell
/// holds a brick filling it (as the game's do).
#[derive(Debug)]
struct Grid {
    origin: Vec2,
    cell: Vec2,
    rows: usize,
    cols: usize,
    live: Vec<bool>,
}

impl Grid {
    fn new(origin: Vec2, cell: Vec2, rows: usize, cols: usize, bricks: &[(usize, usize)]) -> Grid {
        let mut live = vec![false; rows * cols];
        for &(r, c) in bricks {
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
        Aabb {
            min,
            max: min + self.cell,
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

/// The ball's bounding square.
fn square(pos: Vec2, r: f32) -> Aabb {
    Aabb {
        min: pos - Vec2::splat(r),
        max: pos + Vec2::splat(r),
    }
}

/// True if two boxes share an area (independent of the model's triangle test).
fn boxes_overlap(a: Aabb, b: Aabb) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

/// The result of [`walk`]: the first sub-step that hit a brick, or the end.
#[derive(Debug)]
struct Walked {
    pos: Vec2,
    vel: Vec2,
    hit: Option<(usize, usize)>,
    normal: Option<Vec2>,
    /// The ball's square was clear of every brick at the start of the sub-step before the hit.
    clear_before: bool,
}

/// Plays the model as the simulation does (sub-steps of [`Substeps::count`] per fixed step, no
/// walls or paddle) until the first sub-step that hits a brick, at most `max_steps` fixed steps.
/// A ball smaller than the normal one gets more sub-steps, so that each is one walk step: the
/// square is then tested at every sub-step's start, which [`Walked::clear_before`] needs.
fn walk(grid: &Grid, pos: Vec2, vel: Vec2, radius: f32, seed: u64, max_steps: u32) -> Walked {
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut memory = Default::default();
    let mut ball = ModelBall {
        pos,
        vel,
        radius,
        memory: &mut memory,
    };
    let Resolution::Own(substeps) = XboingModel.resolution() else {
        unreachable!("xboing has its own resolution")
    };
    let mut clear_prev = false;
    for _ in 0..max_steps {
        let unit = radius / XBOING_BALL_HALF;
        let fine = (ball.vel.length() * STEP / (0.99 * unit)).ceil() as u32;
        let n = substeps.count(ball.vel.length(), STEP, 10_000).max(fine);
        for _ in 0..n {
            let clear_now = (0..grid.rows).all(|r| {
                (0..grid.cols).all(|c| {
                    grid.brick(r, c)
                        .is_none_or(|b| !boxes_overlap(square(ball.pos, radius), b))
                })
            });
            let response = XboingModel.step_bricks(&mut ball, STEP / n as f32, grid, &mut rng);
            if let Some(&hit) = response.hits.first() {
                return Walked {
                    pos: ball.pos,
                    vel: ball.vel,
                    hit: Some(hit),
                    normal: response.normals.first().copied(),
                    clear_before: clear_prev,
                };
            }
            clear_prev = clear_now;
        }
    }
    Walked {
        pos: ball.pos,
        vel: ball.vel,
        hit: None,
        normal: None,
        clear_before: clear_prev,
    }
}

/// A layout: up to 4 × 5 cells, each live with probability ½.
fn layout() -> impl Strategy<Value = Grid> {
    (1usize..5, 1usize..6, 15.0f32..70.0, 12.0f32..50.0)
        .prop_flat_map(|(rows, cols, w, h)| {
            (
                Just((rows, cols, w, h)),
                proptest::collection::vec(any::<bool>(), rows * cols),
            )
        })
        .prop_map(|((rows, cols, w, h), live)| Grid {
            origin: Vec2::new(40.0, 30.0),
            cell: Vec2::new(w, h),
            rows,
            cols,
            live,
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Anywhere (inside bricks too), any velocity (zero too), any radius (zero too): finite
    /// output, at most one brick hit, unit normals, and the speed kept exactly (signs only).
    #[test]
    fn finite_one_brick_and_speed_kept(
        grid in layout(),
        x in -20.0f32..420.0, y in -20.0f32..300.0,
        vx in -3000.0f32..3000.0, vy in -3000.0f32..3000.0,
        zero_axis in 0u8..3,
        radius in prop_oneof![Just(0.0f32), 0.5f32..40.0],
        dt in prop_oneof![Just(0.0f32), 1e-5f32..0.05],
        seed in any::<u64>(),
    ) {
        let vel = match zero_axis { 0 => Vec2::new(vx, vy), 1 => Vec2::new(0.0, vy), _ => Vec2::new(vx, 0.0) };
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut memory = Default::default();
        let mut ball = ModelBall { pos: Vec2::new(x, y), vel, radius, memory: &mut memory };
        let response = XboingModel.step_bricks(&mut ball, dt, &grid, &mut rng);
        prop_assert!(ball.pos.is_finite() && ball.vel.is_finite());
        prop_assert_eq!(ball.vel.x.abs(), vel.x.abs());
        prop_assert_eq!(ball.vel.y.abs(), vel.y.abs());
        prop_assert!(response.hits.len() <= 1 && response.normals.len() <= response.hits.len());
        for n in &response.normals {
            prop_assert!((n.length() - 1.0).abs() < 1e-5);
        }
        // The ball moves at most its travel plus the jitter and the corner push (√2 · 4 units).
        let unit = radius / XBOING_BALL_HALF;
        let moved = ball.pos.distance(Vec2::new(x, y));
        prop_assert!(moved <= vel.length() * dt + 4.0 * core::f32::consts::SQRT_2 * unit + 1e-3);
    }

    /// A ball coming from clear space bounces off the first brick it touches and is left
    /// overlapping it by at most the ±1 px jitter (scaled), by the exact referee: XBoing tests
    /// every pixel of the path, and sets the velocity away from the face it came through.
    #[test]
    fn after_a_bounce_the_ball_overlaps_the_brick_by_at_most_the_jitter(
        grid in layout(),
        x in 0.0f32..460.0, y in 0.0f32..320.0,
        aim in (0.0f32..1.0, 0.0f32..1.0),
        speed in 60.0f32..4000.0,
        scale in prop_oneof![Just(0.6f32), Just(1.0), Just(1.6)],
        seed in any::<u64>(),
    ) {
        let radius = NORMAL_RADIUS * scale;
        // Aimed at a random point of the grid.
        let area = grid.origin + Vec2::new(aim.0 * grid.cols as f32, aim.1 * grid.rows as f32) * grid.cell;
        let vel = (area - Vec2::new(x, y)).normalize_or(Vec2::X) * speed;
        let w = walk(&grid, Vec2::new(x, y), vel, radius, seed, 240);
        if let (Some((r, c)), Some(_), true) = (w.hit, w.normal, w.clear_before) {
            let brick = grid.brick(r, c).expect("hit a live brick");
            let d = exact_circle_aabb::signed_distance(Circle { center: w.pos, radius }, brick);
            let unit = f64::from(radius / XBOING_BALL_HALF);
            prop_assert!(d >= -(unit + 1e-3), "overlap {} > jitter {}", -d, unit);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// A ball falling onto a full row of bricks, anywhere (seams included), away from the row's
    /// ends: only the top faces are exposed, so it is always one top-face bounce, x kept.
    #[test]
    fn a_row_of_bricks_acts_as_one_top_face(
        x in 200.0f32..400.0,
        angle in -0.7f32..0.7,
        speed in 100.0f32..3000.0,
        seed in any::<u64>(),
    ) {
        let row: Vec<(usize, usize)> = (0..8).map(|c| (1, c)).collect();
        let grid = Grid::new(Vec2::new(100.0, 100.0), Vec2::new(60.0, 40.0), 3, 8, &row);
        let vel = Vec2::new(libm::sinf(angle), libm::cosf(angle)) * speed;
        let w = walk(&grid, Vec2::new(x, 100.0), vel, NORMAL_RADIUS, seed, 240);
        prop_assert!(w.hit.is_some_and(|(r, _)| r == 1));
        prop_assert_eq!(w.normal, Some(Vec2::new(0.0, -1.0)));
        prop_assert_eq!(w.vel, Vec2::new(vel.x, -vel.y));
    }
}

/// One brick at (1, 1) of a 3 × 4 grid of 60 × 40 cells from (100, 100): the brick is
/// x 160..220, y 140..180 (a ball of 25 px is shorter than it, as XBoing's is than its blocks).
fn grid_with(bricks: &[(usize, usize)]) -> Grid {
    Grid::new(Vec2::new(100.0, 100.0), Vec2::new(60.0, 40.0), 3, 4, bricks)
}

const R: f32 = NORMAL_RADIUS;
const UNIT: f32 = STEP_PX;

fn report(case: &str, w: &Walked) {
    let dir = w.vel.normalize_or_zero();
    println!(
        "xboing {case}: hit {:?} normal {:?} out dir ({:.3}, {:.3}) pos ({:.2}, {:.2})",
        w.hit, w.normal, dir.x, dir.y, w.pos.x, w.pos.y
    );
}

#[test]
fn face_hit_sets_the_sign_away_from_the_face_and_keeps_the_other() {
    let grid = grid_with(&[(1, 1)]);
    let vel = Vec2::new(180.0, 400.0);
    let w = walk(&grid, Vec2::new(180.0, 100.0), vel, R, 1, 240);
    report("face", &w);
    assert_eq!(w.hit, Some((1, 1)));
    assert_eq!(w.normal, Some(Vec2::new(0.0, -1.0)));
    assert_eq!(w.vel, Vec2::new(vel.x, -vel.y));
    // Placed at the touching step (≤ one step deep), one step back, ±1 px (scaled).
    let bottom = w.pos.y + R;
    assert!(
        (140.0 - 3.0 * UNIT..=140.0 + UNIT + 1e-3).contains(&bottom),
        "{bottom}"
    );
}

#[test]
fn corner_hit_sets_both_signs_and_pushes_away_from_the_corner() {
    let grid = grid_with(&[(1, 1)]);
    // Aimed at the top-left corner (160, 140) along the diagonal.
    let vel = Vec2::new(300.0, 300.0);
    let start = Vec2::new(160.0 - R, 140.0 - R) - Vec2::splat(30.0);
    let w = walk(&grid, start, vel, R, 2, 240);
    report("corner", &w);
    assert_eq!(w.hit, Some((1, 1)));
    assert_eq!(w.vel, -vel);
    let n = w.normal.expect("a bounce");
    assert!((n - Vec2::new(-1.0, -1.0).normalize()).length() < 1e-6);
    // The square ends on the corner's outside: left of and above it by the push, ± 1 unit.
    assert!(w.pos.x + R <= 160.0 + UNIT + 1e-3 && w.pos.y + R <= 140.0 + UNIT + 1e-3);
}

#[test]
fn corner_pair_sets_signs_never_flips_a_ball_already_moving_away() {
    let grid = grid_with(&[(1, 1)]);
    // Moving down-left; the square's right edge 13 px right of the brick's left edge at the
    // start, ≈ 6 px when it reaches the top face: it spans the top-left corner.
    let vel = Vec2::new(-100.0, 400.0);
    let start = Vec2::new(160.0 + 13.0 - R, 100.0);
    let w = walk(&grid, start, vel, R, 3, 240);
    report("corner-moving-away", &w);
    assert_eq!(w.hit, Some((1, 1)));
    assert!((w.normal.expect("a bounce") - Vec2::new(-1.0, -1.0).normalize()).length() < 1e-6);
    assert_eq!(
        w.vel,
        Vec2::new(-100.0, -400.0),
        "x kept (set, not flipped)"
    );
}

#[test]
fn graze_touching_is_no_hit_and_a_shallow_graze_is_a_corner_bounce() {
    let grid = grid_with(&[(1, 1)]);
    let vel = Vec2::new(400.0, 0.0);
    // The square's bottom exactly on the brick's top: touching is not overlapping.
    let w = walk(&grid, Vec2::new(110.0, 140.0 - R), vel, R, 4, 120);
    report("graze-touching", &w);
    assert_eq!(w.hit, None);
    assert_eq!(w.vel, vel);
    // 0.5 px into the brick's height: the leading edge overlaps the top and left triangles.
    let w = walk(&grid, Vec2::new(110.0, 140.5 - R), vel, R, 4, 120);
    report("graze-0.5px", &w);
    assert_eq!(w.hit, Some((1, 1)));
    assert_eq!(w.vel, Vec2::new(-400.0, 0.0), "x set left; y stays 0");
}

#[test]
fn the_seam_of_two_stacked_bricks_acts_as_one_side_face() {
    let grid = grid_with(&[(0, 1), (1, 1)]);
    // From the left, the square across the horizontal seam y = 140, the centre in cell (0, 0):
    // XBoing's order (own, below, above, right…) finds (0, 1) first; each brick's face towards
    // the other is covered, so only the left face counts.
    let vel = Vec2::new(400.0, 0.0);
    let w = walk(&grid, Vec2::new(110.0, 128.0), vel, R, 9, 120);
    report("seam-stacked", &w);
    assert_eq!(w.hit, Some((0, 1)));
    assert_eq!(w.normal, Some(Vec2::new(-1.0, 0.0)));
    assert_eq!(w.vel, Vec2::new(-400.0, 0.0));
}

#[test]
fn fast_ball_does_not_tunnel_through_a_brick() {
    let grid = grid_with(&[(1, 0), (1, 1), (1, 2), (1, 3)]);
    let vel = Vec2::new(500.0, 6000.0);
    let w = walk(&grid, Vec2::new(150.0, 100.0), vel, R, 5, 240);
    report("fast", &w);
    assert_eq!(w.normal, Some(Vec2::new(0.0, -1.0)));
    assert!(
        w.vel.y < 0.0 && w.pos.y + R <= 140.0 + UNIT + 1e-3,
        "{:?}",
        w.pos
    );
}

#[test]
fn the_seam_of_two_adjacent_bricks_acts_as_one_face() {
    let grid = grid_with(&[(1, 1), (1, 2)]);
    // Straight onto the seam x = 220, centre just right of it (column 2).
    let vel = Vec2::new(-60.0, 400.0);
    let w = walk(&grid, Vec2::new(230.0, 90.0), vel, R, 6, 240);
    report("seam", &w);
    // XBoing's order around the ball's cell (0, 2): own, below: (1, 2) first.
    assert_eq!(w.hit, Some((1, 2)));
    assert_eq!(
        w.normal,
        Some(Vec2::new(0.0, -1.0)),
        "inner faces are covered"
    );
    assert_eq!(w.vel, Vec2::new(-60.0, -400.0));
}

#[test]
fn a_ball_inside_a_brick_hits_it_and_goes_on_without_bouncing() {
    let grid = grid_with(&[(1, 1)]);
    let vel = Vec2::new(300.0, 100.0);
    let mut rng = Pcg32::seed_from_u64(7);
    let mut memory = Default::default();
    let mut ball = ModelBall {
        pos: Vec2::new(190.0, 160.0),
        vel,
        radius: R,
        memory: &mut memory,
    };
    for _ in 0..5 {
        let before = ball.pos;
        let dt = STEP_PX / vel.length();
        let response = XboingModel.step_bricks(&mut ball, dt, &grid, &mut rng);
        assert_eq!(response.hits.as_slice(), &[(1, 1)]);
        assert!(response.normals.is_empty());
        assert_eq!(ball.vel, vel);
        let expected = before + vel * dt;
        assert!((ball.pos - expected).abs().max_element() <= UNIT + 1e-4);
    }
    println!(
        "xboing inside: no bounce, vel kept, pos ({:.2}, {:.2})",
        ball.pos.x, ball.pos.y
    );
}

#[test]
fn a_ball_taller_than_the_brick_from_the_side_goes_through_unless_a_face_is_covered() {
    // 60 × 20 cells: our 25 px ball spans a brick's whole height.
    let lone = Grid::new(
        Vec2::new(100.0, 100.0),
        Vec2::new(60.0, 20.0),
        3,
        4,
        &[(1, 1)],
    );
    let vel = Vec2::new(400.0, 0.0);
    let w = walk(&lone, Vec2::new(120.0, 130.0), vel, R, 8, 120);
    report("tall-side", &w);
    assert_eq!(w.hit, Some((1, 1)));
    assert_eq!(
        (w.normal, w.vel),
        (None, vel),
        "top, bottom and left: no bounce"
    );
    let covered = Grid::new(
        Vec2::new(100.0, 100.0),
        Vec2::new(60.0, 20.0),
        3,
        4,
        &[(1, 1), (0, 1)],
    );
    let w = walk(&covered, Vec2::new(120.0, 130.0), vel, R, 8, 120);
    report("tall-side-top-covered", &w);
    assert!((w.normal.expect("a bounce") - Vec2::new(-1.0, 1.0).normalize()).length() < 1e-6);
    assert_eq!(w.vel, Vec2::new(-400.0, 0.0));
}

#[test]
fn a_brick_only_in_the_upper_right_neighbour_is_no_hit() {
    let grid = grid_with(&[(1, 1)]);
    // Centre in cell (2, 0) (x 100..160, y 180..220), square over the brick's corner.
    let pos = Vec2::new(155.0, 185.0);
    let sq = square(pos, R);
    assert!(boxes_overlap(sq, grid.brick(1, 1).unwrap()));
    assert_eq!(check_for_collision(&grid, (2, 0), sq), None);
    // The same square seen from the cell above (1, 0): the brick is its right neighbour.
    let (r, c, faces) = check_for_collision(&grid, (1, 0), sq).expect("a hit");
    assert_eq!((r, c), (1, 1));
    assert!(faces.left && faces.bottom);
}

#[test]
fn triangles_and_overlap_agree_with_simple_cases() {
    let b = Aabb {
        min: Vec2::new(0.0, 0.0),
        max: Vec2::new(40.0, 20.0),
    };
    let [top, bottom, left, right] = brick_triangles(b);
    let tiny = |x: f32, y: f32| square(Vec2::new(x, y), 0.1);
    assert!(rect_overlaps_triangle(tiny(20.0, 2.0), top));
    assert!(!rect_overlaps_triangle(tiny(20.0, 2.0), bottom));
    assert!(rect_overlaps_triangle(tiny(2.0, 10.0), left));
    assert!(!rect_overlaps_triangle(tiny(2.0, 10.0), right));
    assert!(rect_overlaps_triangle(tiny(38.0, 10.0), right));
    assert!(rect_overlaps_triangle(tiny(20.0, 18.0), bottom));
    // Touching the face from outside is not overlapping.
    let above = Aabb {
        min: Vec2::new(10.0, -5.0),
        max: Vec2::new(30.0, 0.0),
    };
    assert!(!rect_overlaps_triangle(above, top));
}

#[test]
fn the_sub_step_is_one_xboing_pixel_of_the_normal_ball() {
    assert_eq!(STEP_PX, NORMAL_RADIUS / XBOING_BALL_HALF);
}
