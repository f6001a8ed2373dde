//! The exact referee: circle against box in f64, from the signed distance alone.
//!
//! Not a mode. It answers the questions every mode answers — do they overlap, the contact normal,
//! the penetration depth, when a moving circle first touches — from one definition, the signed
//! distance of a point to the box (Euclidean distance outside, minus the distance to the nearest
//! face inside; Christer Ericson, *Real-Time Collision Detection* (2005), §5.1.3 "Closest Point on
//! AABB to Point"), evaluated in f64 so that the f32 modes' rounding shows against it. It shares
//! no code with the modes (only the [`Aabb`] and [`Circle`] types): `tests/oracle_parry.rs` uses
//! it as the third referee beside parry2d, the lab's probe draws it under the modes' answers, and
//! `breakout compare` measures each mode's contact normal against it.
//!
//! Time of impact is found numerically, not by formula: the signed distance along a straight
//! path is convex (the box is convex), so a golden-section search finds its minimum and a
//! bisection on the part before the minimum finds where it first reaches zero. Both run a fixed
//! number of iterations (about 2 µs per sweep): fine for a referee, too slow for the game.
//!
//! Conventions: playfield pixels, origin top-left, y down; normals point from the box towards
//! the circle.

use super::shapes::{Aabb, Circle};
use glam::{DVec2, Vec2};

/// Iterations of the golden-section search for the closest approach: the bracket shrinks by
/// 0.618 each, so 90 leave it below 1e-18 of the path, past f64's resolution.
const GOLDEN_ITERATIONS: usize = 90;

/// Iterations of the bisection for the time of impact: 100 halve the bracket past f64's
/// resolution (2^-100 of the path).
const BISECTIONS: usize = 100;

fn min(aabb: Aabb) -> DVec2 {
    aabb.min.as_dvec2()
}

fn max(aabb: Aabb) -> DVec2 {
    aabb.max.as_dvec2()
}

/// Signed distance (pixels, f64) from the point `p` to the box: the Euclidean distance to it when
/// `p` is outside, 0 on its boundary, minus the distance to the nearest face when inside.
pub fn box_signed_distance(p: DVec2, aabb: Aabb) -> f64 {
    let e = (min(aabb) - p).max(p - max(aabb));
    if e.x <= 0.0 && e.y <= 0.0 {
        e.x.max(e.y)
    } else {
        e.max(DVec2::ZERO).length()
    }
}

/// Signed distance (pixels, f64) between the circle and the box: the gap between them when
/// positive, minus the penetration depth when negative (they overlap).
pub fn signed_distance(circle: Circle, aabb: Aabb) -> f64 {
    box_signed_distance(circle.center.as_dvec2(), aabb) - circle.radius as f64
}

/// The outward unit normal of the box's signed distance at `p` (f64): outside, from the closest
/// point of the box towards `p`; inside or on the boundary, the normal of the nearest face (the
/// first of equals in the order left, right, top, bottom — the x faces win a tie, as the modes'
/// inside contact does).
pub fn normal_at(p: DVec2, aabb: Aabb) -> DVec2 {
    let outside = p - p.clamp(min(aabb), max(aabb));
    if outside != DVec2::ZERO {
        return outside.normalize();
    }
    let faces = [
        (p.x - min(aabb).x, DVec2::NEG_X),
        (max(aabb).x - p.x, DVec2::X),
        (p.y - min(aabb).y, DVec2::NEG_Y),
        (max(aabb).y - p.y, DVec2::Y),
    ];
    let mut nearest = faces[0];
    for face in &faces[1..] {
        if face.0 < nearest.0 {
            nearest = *face;
        }
    }
    nearest.1
}

/// The exact contact of an overlapping circle and box (f64).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactContact {
    /// Unit contact normal, from the box towards the circle ([`normal_at`] the centre).
    pub normal: DVec2,
    /// Penetration depth, pixels (> 0): minus the [`signed_distance`].
    pub depth: f64,
    /// The point of the box's boundary closest to the centre, pixels.
    pub point: DVec2,
}

/// The exact contact, or `None` when the circle does not overlap the box (signed distance ≥ 0:
/// touching is not overlapping, as in the modes). With the centre inside the box the normal is
/// the nearest face's: the exact answer has no memory of where the circle came from, unlike the
/// modes, which trace the centre back along its velocity.
pub fn contact(circle: Circle, aabb: Aabb) -> Option<ExactContact> {
    let sd = signed_distance(circle, aabb);
    if sd >= 0.0 {
        return None;
    }
    let p = circle.center.as_dvec2();
    let normal = normal_at(p, aabb);
    let to_boundary = box_signed_distance(p, aabb);
    Some(ExactContact {
        normal,
        depth: -sd,
        point: p - normal * to_boundary,
    })
}

/// Signed distance (pixels, f64) of the circle moved by the fraction `t` of `displacement`.
fn signed_distance_along(circle: Circle, displacement: Vec2, aabb: Aabb, t: f64) -> f64 {
    let p = circle.center.as_dvec2() + displacement.as_dvec2() * t;
    box_signed_distance(p, aabb) - circle.radius as f64
}

/// The circle's closest approach to the box while it moves by `displacement` (pixels): the least
/// signed distance over the motion (pixels, negative if they overlap somewhere) and the fraction
/// of the motion, in [0, 1], where it is reached. Golden-section search on the convex distance.
pub fn closest_approach(circle: Circle, displacement: Vec2, aabb: Aabb) -> (f64, f64) {
    let sd = |t: f64| signed_distance_along(circle, displacement, aabb, t);
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (hi - g * (hi - lo), lo + g * (hi - lo));
    let (mut fa, mut fb) = (sd(a), sd(b));
    for _ in 0..GOLDEN_ITERATIONS {
        if fa <= fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - g * (hi - lo);
            fa = sd(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + g * (hi - lo);
            fb = sd(b);
        }
    }
    let mid = (lo + hi) / 2.0;
    [(sd(0.0), 0.0), (sd(1.0), 1.0), (sd(mid), mid)]
        .into_iter()
        .min_by(|x, y| x.0.total_cmp(&y.0))
        .unwrap_or((f64::INFINITY, 0.0))
}

/// Where along its motion a moving circle first touches a box, exactly (f64).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactImpact {
    /// Time of impact as a fraction of the motion, in [0, 1].
    pub toi: f64,
    /// Unit contact normal at impact, from the box towards the circle.
    pub normal: DVec2,
    /// The circle's centre at impact, pixels.
    pub center: DVec2,
}

/// The first time the circle moving by `displacement` (pixels) touches the box, or `None` when it
/// never overlaps it on the way or already touches or overlaps it at the start (as
/// [`super::swept_circle_aabb::time_of_impact`]'s contract). Bisection on the signed distance
/// before the [`closest_approach`].
pub fn time_of_impact(circle: Circle, displacement: Vec2, aabb: Aabb) -> Option<ExactImpact> {
    if signed_distance(circle, aabb) <= 0.0 {
        return None;
    }
    let (least, t_least) = closest_approach(circle, displacement, aabb);
    if least >= 0.0 {
        return None;
    }
    let (mut lo, mut hi) = (0.0, t_least);
    for _ in 0..BISECTIONS {
        let mid = (lo + hi) / 2.0;
        if signed_distance_along(circle, displacement, aabb, mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let toi = (lo + hi) / 2.0;
    let center = circle.center.as_dvec2() + displacement.as_dvec2() * toi;
    Some(ExactImpact {
        toi,
        normal: normal_at(center, aabb),
        center,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brick() -> Aabb {
        Aabb::from_pos_size(Vec2::new(100.0, 100.0), Vec2::new(60.0, 30.0))
    }

    fn ball(x: f32, y: f32) -> Circle {
        Circle {
            center: Vec2::new(x, y),
            radius: 10.0,
        }
    }

    #[test]
    fn signed_distance_outside_on_a_face_and_at_a_corner() {
        assert_eq!(signed_distance(ball(130.0, 145.0), brick()), 5.0);
        // 3-4-5 from the bottom-right corner (160, 130).
        assert_eq!(signed_distance(ball(163.0, 134.0), brick()), -5.0);
        let n = normal_at(DVec2::new(163.0, 134.0), brick());
        assert!(n.distance(DVec2::new(0.6, 0.8)) < 1e-12, "{n}");
    }

    #[test]
    fn inside_the_normal_is_the_nearest_face() {
        let c = contact(ball(105.0, 120.0), brick()).expect("overlap");
        assert_eq!(c.normal, DVec2::NEG_X);
        assert_eq!(c.depth, 15.0);
        assert_eq!(c.point, DVec2::new(100.0, 120.0));
        assert_eq!(contact(ball(130.0, 140.0), brick()), None, "touching");
    }

    #[test]
    fn time_of_impact_of_a_face_hit_and_a_corner_hit() {
        let face = time_of_impact(ball(130.0, 200.0), Vec2::new(0.0, -100.0), brick()).unwrap();
        assert!((face.toi - 0.6).abs() < 1e-12, "{face:?}");
        assert_eq!(face.normal, DVec2::Y);
        // Diagonal at the bottom-right corner: touches at distance 10 along the diagonal.
        let corner = time_of_impact(ball(200.0, 170.0), Vec2::new(-80.0, -80.0), brick()).unwrap();
        let expected = DVec2::new(160.0, 130.0) + DVec2::splat(10.0 / 2f64.sqrt());
        assert!(corner.center.distance(expected) < 1e-9, "{corner:?}");
        assert!(time_of_impact(ball(130.0, 200.0), Vec2::new(0.0, 100.0), brick()).is_none());
        assert!(time_of_impact(ball(130.0, 135.0), Vec2::new(0.0, -10.0), brick()).is_none());
    }
}
