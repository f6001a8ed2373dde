//! The `aabb` mode: the ball's bounding square against the brick, as two axis-aligned boxes.
//!
//! Sources: Joey de Vries, *LearnOpenGL*, "2D Game → Collisions → Collision detection",
//! section "AABB - AABB collisions" (the first approach, where the ball is treated as a square);
//! and Lazy Foo' Productions' SDL tutorial "Collision Detection" (collision boxes). Both are the
//! separating-axis test on x and y: two boxes overlap iff they overlap on both axes.
//!
//! **Touching edges:** the sources differ. LearnOpenGL tests `a.max >= b.min && b.max >= a.min`,
//! so boxes that only touch collide; Lazy Foo's `if bottomA <= topB return false` means touching
//! boxes do not. This mode follows Lazy Foo (strict `<`), like every other mode here, so that a
//! ball resting exactly against a brick is not a hit.
//!
//! It is an approximation for a round ball: near a brick's corner the square's corner overlaps
//! where the circle would not (about 21% of the square's area lies outside the circle).

use super::inside_contact::inside_contact;
use super::shapes::{Aabb, Circle, Contact};
use glam::Vec2;

/// The ball's bounding square, pixels.
pub(crate) fn bounding_square(circle: Circle) -> Aabb {
    let r = Vec2::splat(circle.radius);
    Aabb {
        min: circle.center - r,
        max: circle.center + r,
    }
}

/// Separating-axis test: true iff the boxes overlap on x and on y (strictly: touching is no hit).
pub(crate) fn intersects_aabb(a: Aabb, b: Aabb) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

/// True when the circle's bounding square overlaps the box.
pub fn intersects(circle: Circle, aabb: Aabb) -> bool {
    intersects_aabb(bounding_square(circle), aabb)
}

/// Contact of the circle's bounding square with the box: the axis of least overlap gives the
/// contact normal (pointing from the box towards the ball) and the overlap is the penetration
/// depth. With the ball's centre inside the box, the face it came through (see
/// `super::inside_contact`).
pub fn contact(circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
    let square = bounding_square(circle);
    if !intersects_aabb(square, aabb) {
        return None;
    }
    let c = circle.center;
    if c.x > aabb.min.x && c.x < aabb.max.x && c.y > aabb.min.y && c.y < aabb.max.y {
        return Some(inside_contact(circle, aabb, velocity));
    }
    let overlap_x = (square.max.x - aabb.min.x).min(aabb.max.x - square.min.x);
    let overlap_y = (square.max.y - aabb.min.y).min(aabb.max.y - square.min.y);
    let d = c - aabb.center();
    let (normal, depth) = if overlap_x < overlap_y {
        (
            Vec2::new(if d.x < 0.0 { -1.0 } else { 1.0 }, 0.0),
            overlap_x,
        )
    } else {
        (
            Vec2::new(0.0, if d.y < 0.0 { -1.0 } else { 1.0 }),
            overlap_y,
        )
    };
    let point = super::contact_circle_aabb::closest_point(c, aabb);
    Some(Contact {
        normal,
        depth,
        point,
    })
}
