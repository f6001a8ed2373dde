//! Ball–ball: circle–circle overlap and an equal-mass elastic response.
//!
//! Sources: the test is the one in Lazy Foo's "Circular Collision Detection" and LearnOpenGL
//! (distance between centres against the sum of radii), done on squared lengths to avoid a square
//! root (Ericson, *Real-Time Collision Detection* §4.3.1). The response is the textbook 1D elastic
//! collision along the contact normal with equal masses: the balls exchange the normal components
//! of their velocities and keep the tangential ones.

use super::shapes::{Circle, Contact};
use glam::Vec2;

/// True when the circles overlap: squared centre distance < squared sum of radii.
pub fn intersects(a: Circle, b: Circle) -> bool {
    let sum = a.radius + b.radius;
    a.center.distance_squared(b.center) < sum * sum
}

/// Contact of `a` against `b`: the normal points from `b` towards `a`, the depth is the overlap
/// (pixels). Coincident centres get the normal +x so the result is never NaN.
pub fn contact(a: Circle, b: Circle) -> Option<Contact> {
    if !intersects(a, b) {
        return None;
    }
    let offset = a.center - b.center;
    let dist = offset.length();
    let normal = if dist > 1e-5 { offset / dist } else { Vec2::X };
    Some(Contact {
        normal,
        depth: a.radius + b.radius - dist,
        point: b.center + normal * b.radius,
    })
}

/// Equal-mass elastic collision: given both velocities (pixels/second) and the contact normal
/// from `b` to `a`, returns the new velocities. If the balls are already separating it returns
/// them unchanged, so overlapping balls do not stick together by bouncing every step.
/// Kinetic energy and momentum are conserved.
pub fn elastic_response(va: Vec2, vb: Vec2, normal: Vec2) -> (Vec2, Vec2) {
    let approach = (va - vb).dot(normal);
    if approach >= 0.0 {
        return (va, vb);
    }
    let exchange = approach * normal;
    (va - exchange, vb + exchange)
}
