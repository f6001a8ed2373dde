//! The clamped closest point AABB–circle test.
//!
//! Source: Joey de Vries, *LearnOpenGL*, "In Practice → 2D Game → Collisions → Collision
//! detection", section "AABB - Circle collision detection": clamp the vector from the box's centre
//! to the circle's centre to the box's half-extents; the box's centre plus that clamped vector is
//! the closest point of the box to the circle; the shapes overlap when the closest point is closer
//! to the circle's centre than the radius. (Ericson, *Real-Time Collision Detection* §5.2.5, gives
//! the same test as "per-axis closest point on an AABB, compared by squared distance".)
//!
//! Beyond the reference, which only answers yes/no and then guesses the side from the velocity,
//! [`contact`] also returns the contact normal and penetration depth, and handles the case the
//! reference divides by zero on: the circle's centre inside the box.

use super::inside_contact::inside_contact;
use super::shapes::{Aabb, Circle, Contact};
use glam::Vec2;

/// Distances below this (pixels) are treated as zero when normalising, to avoid NaN normals.
const EPSILON: f32 = 1e-5;

/// The point of `aabb` closest to `p`: `p` clamped to the box, pixels. Inside the box it is `p`.
///
/// LearnOpenGL writes this as `centre + clamp(p - centre, -half, half)`; clamping `p` to
/// `[min, max]` per axis (Ericson's form) is the same point, but exact: the centre-relative form
/// rounds, and far from the origin an inside point came back a few 1e-5 px off itself, which
/// [`contact`] mistook for "outside" (a noise normal, a depth that does not separate).
pub fn closest_point(p: Vec2, aabb: Aabb) -> Vec2 {
    p.clamp(aabb.min, aabb.max)
}

/// True when the circle and the box overlap (strictly: touching at exactly one point is not a
/// collision, as in LearnOpenGL's `length < radius`).
pub fn intersects(circle: Circle, aabb: Aabb) -> bool {
    circle
        .center
        .distance_squared(closest_point(circle.center, aabb))
        < circle.radius * circle.radius
}

/// Contact normal and penetration depth of the circle against the box, or `None` if they do not
/// overlap (same predicate as [`intersects`]).
///
/// * Centre outside the box: the normal points from the closest point to the centre, so corner
///   hits get a diagonal normal (a true corner bounce) and face hits an axis normal.
/// * Centre inside the box (fast ball, or a box moved into the ball): see
///   `super::inside_contact` — the face the centre came through, given `velocity`.
pub fn contact(circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
    let point = closest_point(circle.center, aabb);
    let offset = circle.center - point;
    let dist_sq = offset.length_squared();
    if dist_sq >= circle.radius * circle.radius {
        return None;
    }
    let dist = dist_sq.sqrt();
    if dist > EPSILON {
        return Some(Contact {
            normal: offset / dist,
            depth: circle.radius - dist,
            point,
        });
    }
    // Centre inside (or exactly on) the box: where the reference divides by zero.
    Some(inside_contact(circle, aabb, velocity))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_box() -> Aabb {
        Aabb {
            min: Vec2::new(0.0, 0.0),
            max: Vec2::new(100.0, 40.0),
        }
    }

    #[test]
    fn face_contact_has_axis_normal_and_depth() {
        let c = Circle {
            center: Vec2::new(50.0, 48.0),
            radius: 10.0,
        };
        let k = contact(c, unit_box(), Vec2::new(0.0, -100.0)).expect("overlap");
        assert_eq!(k.normal, Vec2::Y);
        assert!((k.depth - 2.0).abs() < 1e-4);
        assert_eq!(k.point, Vec2::new(50.0, 40.0));
    }

    #[test]
    fn corner_contact_has_diagonal_normal() {
        let c = Circle {
            center: Vec2::new(105.0, 45.0),
            radius: 10.0,
        };
        let k = contact(c, unit_box(), Vec2::new(-1.0, -1.0)).expect("overlap");
        let expected = Vec2::new(1.0, 1.0).normalize();
        assert!(k.normal.distance(expected) < 1e-5, "{:?}", k.normal);
        assert!((k.depth - (10.0 - 50f32.sqrt())).abs() < 1e-4);
    }

    #[test]
    fn centre_inside_box_gives_entry_face_without_nan() {
        // Moving up, centre 3 px inside the bottom face: it came through the bottom.
        let c = Circle {
            center: Vec2::new(30.0, 37.0),
            radius: 10.0,
        };
        let k = contact(c, unit_box(), Vec2::new(50.0, -400.0)).expect("overlap");
        assert_eq!(k.normal, Vec2::Y);
        assert!((k.depth - 13.0).abs() < 1e-4);
        assert!(k.normal.is_finite() && k.depth.is_finite());
        // Exactly at the centre with no velocity: still a finite, unit normal.
        let c = Circle {
            center: unit_box().center(),
            radius: 10.0,
        };
        let k = contact(c, unit_box(), Vec2::ZERO).expect("overlap");
        assert!((k.normal.length() - 1.0).abs() < 1e-6);
        assert!(k.depth.is_finite());
    }

    #[test]
    fn touching_is_not_a_collision() {
        let c = Circle {
            center: Vec2::new(50.0, 50.0),
            radius: 10.0,
        };
        assert!(!intersects(c, unit_box()));
        assert!(contact(c, unit_box(), Vec2::ZERO).is_none());
    }
}
