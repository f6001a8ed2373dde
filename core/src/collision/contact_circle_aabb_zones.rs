//! The `zones` mode: the nine-zone circle/box test.
//!
//! Source: the SDL tutorial article "Circle/Box intersection revised". The plane around the box is
//! cut into nine zones by the lines through its edges:
//!
//! ```text
//!   corner | top    | corner
//!   -------+--------+-------
//!   left   | inside | right
//!   -------+--------+-------
//!   corner | bottom | corner
//! ```
//!
//! * centre in the box → hit;
//! * centre in a side zone → one-axis test: the distance between centres on that axis against
//!   radius + half-extent;
//! * centre in a corner zone → hit iff the nearest corner lies inside the circle (squared
//!   distance against squared radius).
//!
//! It is exact: the same predicate as the clamped closest point ([`super::contact_circle_aabb`]),
//! reached by branching on the zone instead of clamping. Touching is not a hit.

use super::inside_contact::inside_contact;
use super::shapes::{Aabb, Circle, Contact};
use glam::Vec2;

/// Where the circle's centre lies relative to the box, per axis: -1 before the box's min edge,
/// 0 within its extent (edges included), +1 past its max edge.
fn zone(c: Vec2, aabb: Aabb) -> (i8, i8) {
    let axis = |v: f32, lo: f32, hi: f32| {
        if v < lo {
            -1
        } else if v > hi {
            1
        } else {
            0
        }
    };
    (
        axis(c.x, aabb.min.x, aabb.max.x),
        axis(c.y, aabb.min.y, aabb.max.y),
    )
}

/// True when the circle and the box overlap, decided by zone (yes/no only: no square root).
pub fn intersects(circle: Circle, aabb: Aabb) -> bool {
    let (c, r) = (circle.center, circle.radius);
    let center = aabb.center();
    let half = aabb.half_extents();
    match zone(c, aabb) {
        (0, 0) => true,
        (_, 0) => (c.x - center.x).abs() < r + half.x,
        (0, _) => (c.y - center.y).abs() < r + half.y,
        (sx, sy) => {
            let corner = center + Vec2::new(sx as f32 * half.x, sy as f32 * half.y);
            c.distance_squared(corner) < r * r
        }
    }
}

/// Contact normal (from the box towards the circle) and penetration depth, by zone.
pub fn contact(circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
    let c = circle.center;
    let r = circle.radius;
    let center = aabb.center();
    let half = aabb.half_extents();
    match zone(c, aabb) {
        (0, 0) => Some(inside_contact(circle, aabb, velocity)),
        (sx, 0) => {
            let gap = (c.x - center.x).abs();
            (gap < r + half.x).then(|| Contact {
                normal: Vec2::new(sx as f32, 0.0),
                depth: r + half.x - gap,
                point: Vec2::new(center.x + sx as f32 * half.x, c.y),
            })
        }
        (0, sy) => {
            let gap = (c.y - center.y).abs();
            (gap < r + half.y).then(|| Contact {
                normal: Vec2::new(0.0, sy as f32),
                depth: r + half.y - gap,
                point: Vec2::new(c.x, center.y + sy as f32 * half.y),
            })
        }
        (sx, sy) => {
            let corner = center + Vec2::new(sx as f32 * half.x, sy as f32 * half.y);
            let offset = c - corner;
            let dist_sq = offset.length_squared();
            // In a corner zone the centre is strictly outside both edges, so dist > 0.
            (dist_sq < r * r).then(|| {
                let dist = dist_sq.sqrt();
                Contact {
                    normal: offset / dist,
                    depth: r - dist,
                    point: corner,
                }
            })
        }
    }
}
