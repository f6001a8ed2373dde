//! Collision tests: the clamped closest-point circle–AABB test (`collision::contact_circle_aabb`),
//! the shared resolution (`sim::ball::resolve`) and the ball's angle rules
//! (`sim::ball::paddle_bounce`, `sim::ball::clamp_direction`).
//!
//! The oracle is an independent exact signed distance from the circle's centre to the box,
//! computed in f64 by a different method (per-axis excess over the half-extents, then `hypot`;
//! minus the distance to the nearest face when the centre is inside). Property tests over random
//! circles and boxes — uniform, near-touch, deep overlap, centre inside — check that `intersects`
//! agrees with the oracle outside a tiny band at exact contact, and that `contact` gives a finite
//! unit normal and a depth that, applied, separates the shapes. Named cases pin corner hits,
//! centre-inside push-out through the entry face, and the paddle and anti-loop angle rules.

use breakout::collision::{
    circle_aabb_contact, contact_circle_aabb, Aabb, Circle, CollisionMode, Contact,
};
use breakout::sim::ball::{clamp_direction, paddle_bounce, resolve, Ball, Paddle};
use breakout::sim::tuning::{
    MIN_ANGLE_FROM_HORIZONTAL_DEG, MIN_ANGLE_FROM_VERTICAL_DEG, PADDLE_MAX_BOUNCE_DEG,
};
use breakout::sim::PaddleRule;
use glam::Vec2;
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Oracle
// ---------------------------------------------------------------------------------------------

/// Signed distance (f64) from `p` to the box: positive outside (Euclidean distance to the box),
/// negative inside (minus the distance to the nearest face), zero on the boundary.
fn signed_distance(p: Vec2, b: Aabb) -> f64 {
    let (cx, cy) = (
        (b.min.x as f64 + b.max.x as f64) / 2.0,
        (b.min.y as f64 + b.max.y as f64) / 2.0,
    );
    let (hx, hy) = (
        (b.max.x as f64 - b.min.x as f64) / 2.0,
        (b.max.y as f64 - b.min.y as f64) / 2.0,
    );
    let dx = (p.x as f64 - cx).abs();
    let dy = (p.y as f64 - cy).abs();
    let ex = dx - hx;
    let ey = dy - hy;
    if ex <= 0.0 && ey <= 0.0 {
        ex.max(ey) // inside: the nearest face is the one with the smallest margin
    } else {
        ex.max(0.0).hypot(ey.max(0.0))
    }
}

/// Tolerance (pixels) for comparing f32 geometry against the f64 oracle at this scale.
fn tolerance(c: Circle, b: Aabb) -> f64 {
    let scale = [
        c.center.x, c.center.y, b.min.x, b.min.y, b.max.x, b.max.y, c.radius,
    ]
    .iter()
    .fold(1.0f64, |m, v| m.max(v.abs() as f64));
    1e-3 + scale * 4e-6
}

fn separated_after_push(c: Circle, b: Aabb, k: &Contact) -> bool {
    let extra = tolerance(c, b) as f32;
    let moved = Circle {
        center: c.center + k.normal * (k.depth + extra),
        radius: c.radius,
    };
    !contact_circle_aabb::intersects(moved, b)
}

// ---------------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------------

fn boxes() -> impl Strategy<Value = Aabb> {
    (
        -900.0f32..900.0,
        -900.0f32..900.0,
        0.5f32..300.0,
        0.5f32..300.0,
    )
        .prop_map(|(x, y, w, h)| Aabb::from_pos_size(Vec2::new(x, y), Vec2::new(w, h)))
}

/// A point on the boundary of `b` (face or corner) with an outward unit direction there.
fn boundary_point(b: Aabb, face: u8, t: f32, angle: f32) -> (Vec2, Vec2) {
    let lerp = |a: f32, c: f32| a + (c - a) * t;
    match face % 8 {
        0 => (Vec2::new(lerp(b.min.x, b.max.x), b.min.y), Vec2::NEG_Y),
        1 => (Vec2::new(lerp(b.min.x, b.max.x), b.max.y), Vec2::Y),
        2 => (Vec2::new(b.min.x, lerp(b.min.y, b.max.y)), Vec2::NEG_X),
        3 => (Vec2::new(b.max.x, lerp(b.min.y, b.max.y)), Vec2::X),
        // Corners: any direction within the corner's outward quadrant.
        k => {
            let (sx, sy) = [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)][(k - 4) as usize];
            let corner = Vec2::new(
                if sx < 0.0 { b.min.x } else { b.max.x },
                if sy < 0.0 { b.min.y } else { b.max.y },
            );
            let a = angle * std::f32::consts::FRAC_PI_2;
            (corner, Vec2::new(sx * a.cos(), sy * a.sin()))
        }
    }
}

/// A circle placed relative to `b` in one of several regimes.
fn circle_near(b: Aabb) -> impl Strategy<Value = Circle> {
    let uniform = (0.5f32..60.0, -1.5f32..2.5, -1.5f32..2.5).prop_map(move |(r, u, v)| Circle {
        center: Vec2::new(b.min.x + u * b.size().x, b.min.y + v * b.size().y)
            + Vec2::new(u - 0.5, v - 0.5) * 2.0 * r,
        radius: r,
    });
    let near_touch = (
        0.5f32..60.0,
        any::<u8>(),
        0.0f32..=1.0,
        0.0f32..=1.0,
        -2.0f32..2.0,
        any::<bool>(),
    )
        .prop_map(move |(r, face, t, angle, delta, tiny)| {
            let (q, n) = boundary_point(b, face, t, angle);
            let delta = if tiny { delta * 1e-3 } else { delta };
            Circle {
                center: q + n * (r + delta),
                radius: r,
            }
        });
    let deep = (
        0.5f32..60.0,
        any::<u8>(),
        0.0f32..=1.0,
        0.0f32..=1.0,
        0.0f32..1.0,
    )
        .prop_map(move |(r, face, t, angle, f)| {
            let (q, n) = boundary_point(b, face, t, angle);
            Circle {
                center: q + n * (r * f * 0.9),
                radius: r,
            }
        });
    let inside = (0.5f32..60.0, 0.0f32..=1.0, 0.0f32..=1.0).prop_map(move |(r, u, v)| Circle {
        center: Vec2::new(b.min.x + u * b.size().x, b.min.y + v * b.size().y),
        radius: r,
    });
    // Centre just outside a face or corner (within 0.05 px): the closest point is almost the
    // centre, the regime where a normal could be computed from a near-zero vector.
    let skin = (
        0.5f32..60.0,
        any::<u8>(),
        0.0f32..=1.0,
        0.0f32..=1.0,
        0.0f32..0.05,
    )
        .prop_map(move |(r, face, t, angle, s)| {
            let (q, n) = boundary_point(b, face, t, angle);
            Circle {
                center: q + n * s,
                radius: r,
            }
        });
    prop_oneof![uniform, near_touch, deep, inside, skin]
}

fn circle_and_box() -> impl Strategy<Value = (Circle, Aabb)> {
    boxes().prop_flat_map(|b| (circle_near(b), Just(b)))
}

fn velocity() -> impl Strategy<Value = Vec2> {
    prop_oneof![
        Just(Vec2::ZERO),
        (0.0f32..std::f32::consts::TAU, 1.0f32..5000.0)
            .prop_map(|(a, s)| Vec2::new(a.cos(), a.sin()) * s),
        (-1.0f32..1.0, any::<bool>()).prop_map(|(v, x)| if x {
            Vec2::new(v * 800.0, 0.0)
        } else {
            Vec2::new(0.0, v * 800.0)
        }),
    ]
}

// ---------------------------------------------------------------------------------------------
// Properties of the clamped test against the oracle
// ---------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, ..ProptestConfig::default() })]

    #[test]
    fn intersects_agrees_with_exact_signed_distance_outside_contact_band((c, b) in circle_and_box()) {
        let sd = signed_distance(c.center, b);
        let gap = sd - c.radius as f64;
        if gap.abs() > tolerance(c, b) {
            prop_assert_eq!(contact_circle_aabb::intersects(c, b), gap < 0.0, "sd {} r {} {:?} {:?}", sd, c.radius, c, b);
        }
    }

    #[test]
    fn closest_point_matches_per_axis_clamp_and_distance((c, b) in circle_and_box()) {
        let p = contact_circle_aabb::closest_point(c.center, b);
        let tol = tolerance(c, b);
        // On or inside the box.
        prop_assert!(p.x as f64 >= b.min.x as f64 - tol && p.x as f64 <= b.max.x as f64 + tol);
        prop_assert!(p.y as f64 >= b.min.y as f64 - tol && p.y as f64 <= b.max.y as f64 + tol);
        let sd = signed_distance(c.center, b);
        let d = (c.center.x as f64 - p.x as f64).hypot(c.center.y as f64 - p.y as f64);
        prop_assert!((d - sd.max(0.0)).abs() <= tol, "closest-point distance {} vs oracle {}", d, sd);
    }

    #[test]
    fn contact_exists_exactly_when_intersecting_and_is_well_formed((c, b) in circle_and_box(), v in velocity()) {
        let hit = contact_circle_aabb::intersects(c, b);
        let k = contact_circle_aabb::contact(c, b, v);
        prop_assert_eq!(k.is_some(), hit, "contact and intersects use the same predicate");
        // The dispatcher gives the same answer for the clamp mode.
        prop_assert_eq!(circle_aabb_contact(CollisionMode::Clamp, c, b, v), k);
        let Some(k) = k else { return Ok(()) };
        prop_assert!(k.normal.is_finite() && k.depth.is_finite() && k.point.is_finite(), "{:?}", k);
        prop_assert!((k.normal.length() - 1.0).abs() < 1e-5, "unit normal {:?}", k.normal);
        prop_assert!(k.depth >= 0.0, "depth {}", k.depth);
        let sd = signed_distance(c.center, b);
        let tol = tolerance(c, b);
        // Pushing out by depth must at least cover the true penetration r - sd.
        prop_assert!(k.depth as f64 >= c.radius as f64 - sd - tol, "depth {} < r - sd = {}", k.depth, c.radius as f64 - sd);
        prop_assert!(separated_after_push(c, b, &k), "still intersecting after normal * depth: {:?} {:?} {:?}", c, b, k);
        if sd > tol {
            // Centre outside: exact depth, and the normal points from the closest point to the centre.
            prop_assert!((k.depth as f64 - (c.radius as f64 - sd)).abs() <= tol, "depth {} vs {}", k.depth, c.radius as f64 - sd);
            let q = Vec2::new(c.center.x.clamp(b.min.x, b.max.x), c.center.y.clamp(b.min.y, b.max.y));
            let expected = (c.center - q).normalize();
            prop_assert!(k.normal.dot(expected) > 1.0 - 1e-3, "normal {:?} vs {:?}", k.normal, expected);
        }
    }

    /// Centre inside the box: an axis normal, for the face the centre came in through — the
    /// back-traced path `centre - t * velocity` crosses that face within its extent, and no other
    /// face earlier. With no velocity: the face of least penetration.
    #[test]
    fn centre_inside_is_pushed_out_through_its_entry_face(
        b in boxes(), u in 0.001f32..0.999, w in 0.001f32..0.999, r in 0.5f32..60.0, v in velocity(),
    ) {
        let c = Circle { center: Vec2::new(b.min.x + u * b.size().x, b.min.y + w * b.size().y), radius: r };
        let k = contact_circle_aabb::contact(c, b, v).expect("centre inside always intersects");
        prop_assert!(k.normal.x == 0.0 || k.normal.y == 0.0, "axis normal {:?}", k.normal);
        prop_assert!((k.normal.length() - 1.0).abs() < 1e-6);
        let p = c.center;
        let faces = [
            (Vec2::NEG_X, p.x - b.min.x),
            (Vec2::X, b.max.x - p.x),
            (Vec2::NEG_Y, p.y - b.min.y),
            (Vec2::Y, b.max.y - p.y),
        ];
        let tol = tolerance(c, b) as f32;
        let dist = faces.iter().find(|f| f.0 == k.normal).unwrap().1;
        prop_assert!((k.depth - (dist + r)).abs() <= tol, "depth {} = distance to face {} + radius {}", k.depth, dist, r);
        if v.length() > 1e-3 {
            // Came in through it: moving against its outward normal.
            prop_assert!(k.normal.dot(v) < 0.0, "normal {:?} velocity {:?}", k.normal, v);
            // Back-trace to that face: the crossing point lies on the face.
            let t = dist / (-k.normal.dot(v));
            let back = p - v * t;
            prop_assert!(back.x >= b.min.x - tol && back.x <= b.max.x + tol && back.y >= b.min.y - tol && back.y <= b.max.y + tol,
                "back-traced crossing {:?} is off the box {:?}", back, b);
        } else {
            let least = faces.iter().map(|f| f.1).fold(f32::INFINITY, f32::min);
            prop_assert!((dist - least).abs() <= tol, "least penetration: {} vs {}", dist, least);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Named cases
// ---------------------------------------------------------------------------------------------

fn brick() -> Aabb {
    Aabb {
        min: Vec2::new(200.0, 100.0),
        max: Vec2::new(300.0, 130.0),
    }
}

/// This game's paddle rule ([`PaddleRule::Game`]) for a ball falling straight down at `x`.
fn game_bounce(x: f32, speed: f32, paddle: &Paddle) -> Vec2 {
    let ball = ball_at(Vec2::new(x, paddle.pos.y), Vec2::new(0.0, speed), 12.5);
    paddle_bounce(PaddleRule::Game, &ball, speed, paddle)
}

fn ball_at(pos: Vec2, vel: Vec2, radius: f32) -> Ball {
    Ball {
        pos,
        prev_pos: pos,
        vel,
        radius,
        stuck: false,
        ..Ball::on_paddle(&Paddle::new())
    }
}

/// Reflection of `v` about unit normal `n`, in f64: v - 2 (v·n) n.
fn reflect64(v: Vec2, n: Vec2) -> (f64, f64) {
    let (vx, vy, nx, ny) = (v.x as f64, v.y as f64, n.x as f64, n.y as f64);
    let d = vx * nx + vy * ny;
    (vx - 2.0 * d * nx, vy - 2.0 * d * ny)
}

#[test]
fn corner_hit_gives_diagonal_normal_and_resolve_reflects_about_it() {
    // Ball up-left of the top-left corner (200, 100), moving down-right into it.
    let r = 12.5;
    let offset = Vec2::new(-7.0, -9.0); // |offset| ≈ 11.4 < r: overlapping the corner only
    let c = Circle {
        center: brick().min + offset,
        radius: r,
    };
    let vel = Vec2::new(300.0, 200.0);
    let k = contact_circle_aabb::contact(c, brick(), vel).expect("corner overlap");
    let expected_n = offset.normalize();
    assert!(
        k.normal.distance(expected_n) < 1e-6,
        "diagonal normal {:?}, expected {:?}",
        k.normal,
        expected_n
    );
    assert!(
        k.normal.x < 0.0 && k.normal.y < 0.0,
        "points up-left, away from the box"
    );
    assert_eq!(k.point, brick().min, "closest point is the corner");
    assert!((k.depth as f64 - (r as f64 - (offset.x as f64).hypot(offset.y as f64))).abs() < 1e-5);

    let mut ball = ball_at(c.center, vel, r);
    let reflected = resolve(&mut ball, &k);
    assert!(reflected, "moving into the corner: reflected");
    let (ex, ey) = reflect64(vel, k.normal);
    assert!(
        (ball.vel.x as f64 - ex).abs() < 1e-3 && (ball.vel.y as f64 - ey).abs() < 1e-3,
        "{:?} vs ({ex}, {ey})",
        ball.vel
    );
    assert!(
        (ball.vel.length() - vel.length()).abs() < 1e-3,
        "speed preserved"
    );
    assert!(
        ball.vel.dot(k.normal) > 0.0,
        "now moving away from the corner"
    );
    // Both components change on a true corner bounce (not a face reflection).
    assert!(ball.vel.x != vel.x && ball.vel.y != vel.y);
    assert!(!contact_circle_aabb::intersects(
        Circle {
            center: ball.pos + k.normal * 1e-3,
            radius: r
        },
        brick()
    ));
}

#[test]
fn resolve_only_pushes_a_ball_already_moving_away() {
    // Touching the bottom face while already moving down (away): pushed out, not reflected.
    let r = 10.0;
    let c = Circle {
        center: Vec2::new(250.0, 138.0),
        radius: r,
    };
    let k = contact_circle_aabb::contact(c, brick(), Vec2::new(0.0, 100.0)).expect("overlap");
    let mut ball = ball_at(c.center, Vec2::new(40.0, 100.0), r);
    assert!(!resolve(&mut ball, &k));
    assert_eq!(ball.vel, Vec2::new(40.0, 100.0));
    assert!(
        (ball.pos.y - 140.0).abs() < 1e-4,
        "pushed to just touching: {}",
        ball.pos.y
    );
}

#[test]
fn centre_inside_moving_up_is_pushed_out_through_the_bottom_face_without_nan() {
    let r = 12.5;
    let c = Circle {
        center: Vec2::new(260.0, 127.0),
        radius: r,
    }; // 3 px above the bottom face
    let vel = Vec2::new(120.0, -400.0);
    let k = contact_circle_aabb::contact(c, brick(), vel).expect("inside");
    assert_eq!(k.normal, Vec2::Y);
    assert!((k.depth - (3.0 + r)).abs() < 1e-4);
    let mut ball = ball_at(c.center, vel, r);
    assert!(resolve(&mut ball, &k));
    assert!(ball.pos.is_finite() && ball.vel.is_finite());
    assert!(
        (ball.pos.y - (brick().max.y + r)).abs() < 1e-4,
        "just below the bottom face: {}",
        ball.pos.y
    );
    assert_eq!(ball.vel, Vec2::new(120.0, 400.0), "vy reflected, vx kept");
}

#[test]
fn centre_inside_near_one_face_but_moving_away_from_it_leaves_through_the_face_it_came_in_by() {
    // 2 px from the left face, but moving left: it entered through the right face (98 px away),
    // so that is where it goes back out; least penetration would wrongly say "left".
    let r = 12.5;
    let c = Circle {
        center: Vec2::new(202.0, 115.0),
        radius: r,
    };
    let k = contact_circle_aabb::contact(c, brick(), Vec2::new(-900.0, 0.0)).expect("inside");
    assert_eq!(k.normal, Vec2::X);
    assert!((k.depth - (98.0 + r)).abs() < 1e-3);
    // Diagonal: the first face crossed going backwards wins (bottom at t = 2/100, right at 5/100).
    let c = Circle {
        center: Vec2::new(295.0, 128.0),
        radius: r,
    };
    let k = contact_circle_aabb::contact(c, brick(), Vec2::new(-100.0, -100.0)).expect("inside");
    assert_eq!(k.normal, Vec2::Y);
    let k = contact_circle_aabb::contact(c, brick(), Vec2::new(-100.0, -10.0)).expect("inside");
    assert_eq!(
        k.normal,
        Vec2::X,
        "right face at t = 0.05 beats bottom at t = 0.2"
    );
}

#[test]
fn centre_exactly_at_box_centre_or_on_an_edge_gives_finite_unit_normal() {
    for (center, vel) in [
        (brick().center(), Vec2::ZERO),
        (brick().center(), Vec2::new(0.0, -1.0)),
        (Vec2::new(250.0, 130.0), Vec2::ZERO), // on the bottom edge
        (Vec2::new(300.0, 130.0), Vec2::ZERO), // on a corner
        (Vec2::new(300.0, 130.0), Vec2::new(1e-7, -1e-7)), // below the velocity epsilon
    ] {
        let c = Circle {
            center,
            radius: 5.0,
        };
        let k = contact_circle_aabb::contact(c, brick(), vel).expect("overlap");
        assert!(
            k.normal.is_finite() && k.depth.is_finite(),
            "{center:?} {vel:?}: {k:?}"
        );
        assert!((k.normal.length() - 1.0).abs() < 1e-6, "{center:?}: {k:?}");
        assert!(separated_after_push(c, brick(), &k), "{center:?}: {k:?}");
    }
}

#[test]
fn touching_exactly_is_not_a_collision() {
    // Strict inequality, as in LearnOpenGL: distance == radius is not an overlap.
    for center in [
        Vec2::new(250.0, 140.0),
        Vec2::new(190.0, 115.0),
        Vec2::new(200.0 - 6.0, 100.0 - 8.0),
    ] {
        let c = Circle {
            center,
            radius: 10.0,
        };
        assert!(!contact_circle_aabb::intersects(c, brick()), "{center:?}");
        assert!(contact_circle_aabb::contact(c, brick(), Vec2::ONE).is_none());
        let closer = Circle {
            center,
            radius: 10.001,
        };
        assert!(
            contact_circle_aabb::intersects(closer, brick()),
            "{center:?} slightly bigger"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Paddle angle and anti-loop rules
// ---------------------------------------------------------------------------------------------

/// Angle of `v` from straight up, degrees: positive to the right.
fn angle_from_vertical_deg(v: Vec2) -> f64 {
    (v.x as f64).atan2(-(v.y as f64)).to_degrees()
}

/// Angle of `v` from the horizontal, degrees, in [0, 90].
fn angle_from_horizontal_deg(v: Vec2) -> f64 {
    (v.y as f64).abs().atan2((v.x as f64).abs()).to_degrees()
}

#[test]
fn paddle_centre_hit_goes_up_within_the_anti_loop_margin_of_vertical() {
    let paddle = Paddle::new();
    let v = game_bounce(paddle.center_x(), 450.0, &paddle);
    let a = angle_from_vertical_deg(v);
    assert!(v.y < 0.0);
    // Not exactly vertical (the anti-loop rule forbids it), but no further than its margin.
    assert!(a.abs() <= MIN_ANGLE_FROM_VERTICAL_DEG as f64 + 1e-3, "{a}°");
    assert!(
        a.abs() >= MIN_ANGLE_FROM_VERTICAL_DEG as f64 - 1e-3,
        "{a}°: never straight up"
    );
    assert!((v.length() - 450.0).abs() < 1e-3);
}

#[test]
fn paddle_end_hits_go_out_at_plus_minus_max_bounce_angle() {
    let paddle = Paddle::new();
    let max = PADDLE_MAX_BOUNCE_DEG as f64;
    assert_eq!(max, 60.0, "the design says 60°");
    let left = angle_from_vertical_deg(game_bounce(paddle.pos.x, 450.0, &paddle));
    let right = angle_from_vertical_deg(game_bounce(paddle.pos.x + paddle.size.x, 450.0, &paddle));
    assert!((left + max).abs() < 1e-3, "left end {left}°");
    assert!((right - max).abs() < 1e-3, "right end {right}°");
    // Beyond the ends (ball overlapping the paddle's side): still clamped at ±60°.
    let beyond = angle_from_vertical_deg(game_bounce(paddle.pos.x - 30.0, 450.0, &paddle));
    assert!((beyond + max).abs() < 1e-3, "{beyond}°");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    /// Outgoing angle = offset × 60° (offset = hit distance from the centre / half-width,
    /// clamped to ±1), pushed out to at least 10° from vertical; speed kept; always upward.
    #[test]
    fn paddle_bounce_angle_follows_hit_offset_and_always_goes_up(
        paddle_x in 0.0f32..700.0, hit in -2.0f32..2.0, speed in 1.0f32..20000.0,
    ) {
        let mut paddle = Paddle::new();
        paddle.pos.x = paddle_x;
        let x = paddle.center_x() + hit * paddle.size.x / 2.0;
        let v = game_bounce(x, speed, &paddle);
        prop_assert!(v.is_finite());
        prop_assert!(v.y < 0.0, "always upward: {:?}", v);
        prop_assert!(((v.length() - speed) / speed).abs() < 1e-5, "speed {} vs {}", v.length(), speed);
        let offset = ((x - paddle.center_x()) / (paddle.size.x / 2.0)).clamp(-1.0, 1.0) as f64;
        let raw = offset * PADDLE_MAX_BOUNCE_DEG as f64;
        let min = MIN_ANGLE_FROM_VERTICAL_DEG as f64;
        let expected = if offset < 0.0 { raw.min(-min) } else { raw.max(min) };
        let a = angle_from_vertical_deg(v);
        prop_assert!((a - expected).abs() < 1e-2, "hit offset {} → {}°, expected {}°", offset, a, expected);
    }

    #[test]
    fn paddle_bounce_is_monotonic_in_hit_position(
        paddle_x in 0.0f32..700.0, a in -80.0f32..180.0, b in -80.0f32..180.0, speed in 1.0f32..5000.0,
    ) {
        let mut paddle = Paddle::new();
        paddle.pos.x = paddle_x;
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        let v_lo = game_bounce(paddle.pos.x + lo, speed, &paddle);
        let v_hi = game_bounce(paddle.pos.x + hi, speed, &paddle);
        prop_assert!(angle_from_vertical_deg(v_lo) <= angle_from_vertical_deg(v_hi) + 1e-4,
            "hit {} → {:?}, hit {} → {:?}", lo, v_lo, hi, v_hi);
    }

    /// Speed kept; angle from horizontal within [20°, 80°]; component signs kept; directions
    /// already in range untouched.
    #[test]
    fn clamp_direction_keeps_speed_and_angle_between_20_and_80_degrees(
        angle in 0.0f64..360.0, speed in 0.01f32..100000.0, default_sign in prop::sample::select(vec![-1.0f32, 1.0]),
    ) {
        let a = angle.to_radians();
        let v = Vec2::new((a.cos() * speed as f64) as f32, (a.sin() * speed as f64) as f32);
        let out = clamp_direction(v, default_sign);
        prop_assert!(out.is_finite());
        prop_assert!(((out.length() - v.length()) / v.length()).abs() < 1e-5, "speed {} → {}", v.length(), out.length());
        let h = angle_from_horizontal_deg(out);
        let (min, max) = (MIN_ANGLE_FROM_HORIZONTAL_DEG as f64, 90.0 - MIN_ANGLE_FROM_VERTICAL_DEG as f64);
        prop_assert_eq!((min, max), (20.0, 80.0), "the design says [20°, 80°]");
        prop_assert!(h >= min - 1e-3 && h <= max + 1e-3, "{:?} → {:?} at {}°", v, out, h);
        if v.x != 0.0 { prop_assert_eq!(out.x.signum(), v.x.signum(), "x sign kept"); }
        else { prop_assert_eq!(out.x.signum(), default_sign, "zero x takes the default sign"); }
        if v.y != 0.0 { prop_assert_eq!(out.y.signum(), v.y.signum(), "y sign kept"); }
        else { prop_assert!(out.y < 0.0, "zero y goes up"); }
        let h_in = angle_from_horizontal_deg(v);
        if h_in > min + 1e-3 && h_in < max - 1e-3 {
            prop_assert_eq!(out, v, "in range: unchanged");
        }
    }
}

#[test]
fn clamp_direction_leaves_zero_velocity_alone() {
    assert_eq!(clamp_direction(Vec2::ZERO, 1.0), Vec2::ZERO);
}

#[test]
fn clamp_direction_of_pure_axis_motion_goes_to_the_nearest_limit() {
    // Straight up → 10° from vertical, to the default side.
    let up = clamp_direction(Vec2::new(0.0, -300.0), -1.0);
    assert!((angle_from_vertical_deg(up) + 10.0).abs() < 1e-3, "{up:?}");
    // Horizontal → 20° from horizontal, upward.
    let side = clamp_direction(Vec2::new(300.0, 0.0), 1.0);
    assert!(
        (angle_from_horizontal_deg(side) - 20.0).abs() < 1e-3 && side.y < 0.0 && side.x > 0.0,
        "{side:?}"
    );
}
