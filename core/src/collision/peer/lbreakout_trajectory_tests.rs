//! `lbreakout-trajectory` against the research's description (§1.3, §1.6's table): the famous
//! cases, property tests, and the bot on three shipped levels.

use super::super::lbreakout_response::mask;
use super::super::lbreakout_response::test_support::*;
use super::*;
use crate::collision::model::ModelMemory;
use proptest::prelude::*;

const R: f32 = 12.5;
/// The corner circle's radius: r + 1 px at LBreakout's scale.
const CORNER_R: f32 = R + R / 6.0;
/// Slack of LBreakout's quantisation: 1° truncation, 1° halving, 0.18° of 6.28.
const QUANT_DEG: f32 = 2.2;

/// 10 × 14 cells of 57.14 × 30 px with the brick (5, 6) at x 342.86–400, y 150–180, and `more`.
fn grid(more: &[(usize, usize)]) -> TestGrid {
    let mut cells = vec![(5, 6)];
    cells.extend_from_slice(more);
    TestGrid::with(10, 14, &cells)
}

fn brick(g: &TestGrid) -> Aabb {
    g.brick(5, 6).unwrap()
}

fn unit(deg: f32) -> Vec2 {
    Vec2::new(libm::cosf(deg.to_radians()), libm::sinf(deg.to_radians()))
}

/// Angle between two directions, degrees.
fn angle_between(a: Vec2, b: Vec2) -> f32 {
    libm::acosf(a.normalize().dot(b.normalize()).clamp(-1.0, 1.0)).to_degrees()
}

#[test]
fn a_face_hit_mirrors_at_the_face_moved_out_by_the_radius() {
    let g = grid(&[]);
    let v = unit(60.0) * 450.0;
    // The centre line meets y = 150 − r at x = 371.65, mid-brick; both rays hit the top.
    let start = Vec2::new(350.0, 100.0);
    let mut ball = Driven::new(start, v, R);
    let r = ball
        .until_bounce(&LbreakoutTrajectoryModel, &g, 240)
        .expect("bounces");
    let expected_contact = start + v * ((150.0 - R - start.y) / v.y);
    println!(
        "face: contact {} normal {:?} out {:.2}°",
        ball.pos,
        r.normals[0],
        degrees(ball.vel)
    );
    assert_eq!(r.hits.as_slice(), &[(5, 6)]);
    assert_eq!(r.normals[0], Vec2::new(0.0, -1.0));
    assert!(
        ball.pos.distance(expected_contact) < 1e-3,
        "{} vs {expected_contact}",
        ball.pos
    );
    assert!(distance(ball.pos, R, brick(&g)).abs() < 1e-3);
    assert!(angle_between(ball.vel, Vec2::new(v.x, -v.y)) <= QUANT_DEG);
    assert!((ball.vel.length() - 450.0).abs() < 1e-2);
}

/// Where the centre line from `c` along `u` first meets the circle of `radius` about `k`.
fn circle_entry(c: Vec2, u: Vec2, k: Vec2, radius: f32) -> Vec2 {
    let w = c - k;
    let b = u.dot(w);
    let t = -b - (b * b - (w.length_squared() - radius * radius)).sqrt();
    c + u * t
}

#[test]
fn an_exposed_corner_between_the_rays_bounces_off_the_r_plus_1_circle() {
    let g = grid(&[]);
    let corner = brick(&g).min;
    let u = unit(45.0);
    // The corner 2 px to the lower left of the centre line, inside the band of the two rays.
    let side = Vec2::new(-u.y, u.x);
    let start = corner - side * 2.0 - u * 80.0;
    let mut ball = Driven::new(start, u * 450.0, R);
    let r = ball
        .until_bounce(&LbreakoutTrajectoryModel, &g, 240)
        .expect("bounces");
    let contact = circle_entry(start, u, corner, CORNER_R);
    let n = (contact - corner).normalize();
    let mirror = u - 2.0 * u.dot(n) * n;
    println!(
        "corner: contact {} normal {:?} out {:.2}° (mirror {:.2}°)",
        ball.pos,
        r.normals[0],
        degrees(ball.vel),
        degrees(mirror)
    );
    assert_eq!(r.hits.as_slice(), &[(5, 6)]);
    assert!(ball.pos.distance(contact) < 1e-3);
    assert!((ball.pos.distance(corner) - CORNER_R).abs() < 1e-3);
    assert!(r.normals[0].distance(n) < 1e-4);
    // Mirror about the radial normal, then entropy (vx ± 4–12 %: ≤ 3.5° here) and 2° steps.
    assert!(
        angle_between(ball.vel, mirror) <= 3.5 + QUANT_DEG,
        "{}",
        angle_between(ball.vel, mirror)
    );
}

#[test]
fn a_corner_with_a_neighbour_beside_it_is_a_flat_face_and_one_hit() {
    // The same shot with a brick left of the target: the seam is no corner (§1.3 step 7).
    let g = grid(&[(5, 5)]);
    let corner = brick(&g).min;
    let u = unit(45.0);
    let side = Vec2::new(-u.y, u.x);
    let start = corner - side * 2.0 - u * 80.0;
    let mut ball = Driven::new(start, u * 450.0, R);
    let r = ball
        .until_bounce(&LbreakoutTrajectoryModel, &g, 240)
        .expect("bounces");
    println!(
        "seam: hit {:?} contact {} normal {:?} out {:.2}°",
        r.hits,
        ball.pos,
        r.normals[0],
        degrees(ball.vel)
    );
    assert_eq!(r.hits.len(), 1);
    assert_eq!(r.normals.as_slice(), &[Vec2::new(0.0, -1.0)]);
    assert!((ball.pos.y - (150.0 - R)).abs() < 1e-3);
    assert!(angle_between(ball.vel, Vec2::new(u.x, -u.y)) <= QUANT_DEG);
}

#[test]
fn the_covered_face_rule_turns_a_covered_top_into_the_side_the_motion_points_to() {
    let g = grid(&[(4, 6)]);
    let grid = Grid::new(&g).unwrap();
    let hit = Hit {
        cell: (5, 6),
        side: Side::Top,
        point: Vec2::new(370.0, 150.0),
    };
    assert_eq!(uncovered_side(&grid, hit, Vec2::new(1.0, 1.0)), Side::Left);
    assert_eq!(
        uncovered_side(&grid, hit, Vec2::new(-1.0, 1.0)),
        Side::Right
    );
    let open = Hit {
        cell: (5, 6),
        side: Side::Bottom,
        point: Vec2::new(370.0, 180.0),
    };
    assert_eq!(
        uncovered_side(&grid, open, Vec2::new(1.0, -1.0)),
        Side::Bottom
    );
}

#[test]
fn a_graze_counts_when_a_tangent_ray_crosses_the_face_and_not_when_it_misses() {
    let g = grid(&[]);
    let right = brick(&g).max.x;
    // Straight down, the rim 1 px clear of the brick's right edge: nothing.
    let mut clear = Driven::new(Vec2::new(right + R + 1.0, 40.0), Vec2::new(0.0, 450.0), R);
    assert!(clear
        .until_bounce(&LbreakoutTrajectoryModel, &g, 120)
        .is_none());
    // 1 px over it: the right ray crosses the top: the exposed upper-right corner, r + 1 circle.
    let start = Vec2::new(right + R - 1.0, 40.0);
    let mut graze = Driven::new(start, Vec2::new(0.0, 450.0), R);
    let r = graze
        .until_bounce(&LbreakoutTrajectoryModel, &g, 120)
        .expect("bounces");
    let k = Vec2::new(right, 150.0);
    println!(
        "graze: contact {} normal {:?} out {:.2}°",
        graze.pos,
        r.normals[0],
        degrees(graze.vel)
    );
    assert!((graze.pos.distance(k) - CORNER_R).abs() < 1e-3);
    // Mirrored about the radial normal (14° below horizontal, still falling), masked up to 20°,
    // with entropy and 2° steps: deflected to the right, still falling.
    let n = (graze.pos - k).normalize();
    let v = Vec2::new(0.0, 450.0);
    let mirror = mask(v - 2.0 * v.dot(n) * n, 0.0, None);
    assert!(r.normals[0].distance(n) < 1e-5);
    assert!(
        angle_between(graze.vel, mirror) <= 3.5 + QUANT_DEG,
        "{}",
        degrees(graze.vel)
    );
}

#[test]
fn a_fast_ball_does_not_tunnel_and_loses_its_overshoot() {
    let g = grid(&[]);
    let v = unit(60.0) * 30_000.0; // 125 px per step, more than the brick's 30 px.
    let start = Vec2::new(290.0, 30.0);
    let mut ball = Driven::new(start, v, R);
    let r = ball
        .until_bounce(&LbreakoutTrajectoryModel, &g, 10)
        .expect("bounces");
    let contact = start + v * ((150.0 - R - start.y) / v.y);
    println!("fast: contact {} out {:.2}°", ball.pos, degrees(ball.vel));
    assert_eq!(r.hits.as_slice(), &[(5, 6)]);
    assert!(
        ball.pos.distance(contact) < 1e-2,
        "snapped to the contact: {}",
        ball.pos
    );
}

#[test]
fn a_ball_inside_a_brick_is_backed_out_along_its_path_in_2_px_steps_then_bounces_off_the_face() {
    let g = grid(&[]);
    let b = brick(&g);
    let start = b.min.midpoint(b.max);
    let v = unit(60.0) * 450.0;
    let u = v.normalize();
    let mut memory = ModelMemory::default();
    let mut seen = ModelBall {
        pos: start,
        vel: v,
        radius: R,
        memory: &mut memory,
    };
    back_off(&mut seen, &Grid::new(&g).unwrap());
    let back = (start - seen.pos).dot(u);
    let steps = back / (2.0 * R / 6.0);
    println!(
        "inside: backed {back:.3} px ({steps:.3} steps) to {}",
        seen.pos
    );
    assert!((start - seen.pos).perp_dot(u).abs() < 1e-3, "on its line");
    assert!(
        back > 0.0 && (steps - steps.round()).abs() < 1e-3,
        "{steps} steps"
    );
    // Clear by the probe: the front points (the rear three ignored) are out of the brick.
    let front_in = |p: Vec2| {
        PROBE_FOR_TESTS.iter().any(|o| {
            let q = p + *o * R;
            q.x > b.min.x && q.x < b.max.x && q.y > b.min.y && q.y < b.max.y
        })
    };
    assert!(!front_in(seen.pos) && front_in(seen.pos + u * (2.0 * R / 6.0)));
    // Then its target is the top face it came in by: it leaves upwards.
    let mut ball = Driven::new(start, v, R);
    let r = ball
        .until_bounce(&LbreakoutTrajectoryModel, &g, 10)
        .expect("bounces");
    assert_eq!(r.normals.as_slice(), &[Vec2::new(0.0, -1.0)]);
    assert!(ball.vel.y < 0.0 && (ball.pos.y - (b.min.y - R)).abs() < 1e-3);
}

/// The five front probe points of a ball moving down-right (TOPRIGHT to BOTTOMLEFT).
const PROBE_FOR_TESTS: [Vec2; 5] = {
    const D: f32 = std::f32::consts::FRAC_1_SQRT_2;
    [
        Vec2::new(D, -D),
        Vec2::new(1.0, 0.0),
        Vec2::new(D, D),
        Vec2::new(0.0, 1.0),
        Vec2::new(-D, D),
    ]
};

/// The deepest a bounce's contact may overlap its brick (§1.3 step 9): a corner contact on the
/// r + 1 px circle whose radial normal left the corner's quadrant keeps its place with a face
/// normal; the ball's centre within r of the corner across the face, at least
/// √((r + s)² − r²) from the face's plane (s = r/6).
fn corner_fallback_overlap(r: f32) -> f64 {
    let s = f64::from(r) / 6.0;
    let r = f64::from(r);
    r - ((r + s) * (r + s) - r * r).sqrt() + 1e-3
}

/// True if `pos` is on the r + 1 px circle about one of `b`'s corners.
fn on_a_corner_circle(pos: Vec2, b: Aabb, r: f32) -> bool {
    let corners = [
        b.min,
        b.max,
        Vec2::new(b.min.x, b.max.y),
        Vec2::new(b.max.x, b.min.y),
    ];
    corners
        .iter()
        .any(|k| (pos.distance(*k) - (r + r / 6.0)).abs() < 2e-3)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Random layouts, positions and velocities, the ball inside bricks included: finite, speed
    /// kept, the playfield kept. Clear of bricks at the start, a bounce overlaps its brick by
    /// at most [`corner_fallback_overlap`].
    #[test]
    fn random_balls_stay_finite_keep_speed_and_touch_what_they_bounce_off(
        g in arb_grid(), x in 13.0f32..787.0, y in 13.0f32..590.0, v in arb_vel(), radius in 4.0f32..26.0,
    ) {
        let p = Vec2::new(x, y);
        let tol = if clear_of_bricks(&g, p, radius) { corner_fallback_overlap(radius) } else { f64::INFINITY };
        check_steps(&LbreakoutTrajectoryModel, &g, p, v, radius, 120, tol)?;
    }

    /// From a clear start, the first bounce's contact is on a face moved out by r (touching or
    /// beside the brick) or on the r + 1 px circle about one of its corners.
    #[test]
    fn a_bounce_from_a_clear_start_is_on_the_face_plane_or_the_corner_circle(
        g in arb_grid(), x in 13.0f32..787.0, y in 13.0f32..590.0, v in arb_vel(),
    ) {
        let p = Vec2::new(x, y);
        prop_assume!(clear_of_bricks(&g, p, R));
        let mut ball = Driven::new(p, v, R);
        let mut rng = rand::SeedableRng::seed_from_u64(3);
        for _ in 0..120 {
            let r = ball.step(&LbreakoutTrajectoryModel, &g, DT, &mut rng);
            if let (Some(&(row, col)), Some(n)) = (r.hits.first(), r.normals.first()) {
                let b = g.brick(row, col).unwrap();
                let d = distance(ball.pos, R, b);
                let on_plane = match (n.x == 0.0, n.y == 0.0) {
                    (true, _) => (ball.pos.y - (b.min.y - R)).abs() < 2e-3 || (ball.pos.y - (b.max.y + R)).abs() < 2e-3,
                    (_, true) => (ball.pos.x - (b.min.x - R)).abs() < 2e-3 || (ball.pos.x - (b.max.x + R)).abs() < 2e-3,
                    _ => false,
                };
                prop_assert!((on_plane && d >= -1e-3) || on_a_corner_circle(ball.pos, b, R), "contact {} normal {n}, distance {d}", ball.pos);
                break;
            }
        }
    }
}
