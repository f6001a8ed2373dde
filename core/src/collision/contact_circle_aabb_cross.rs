//! The `cross` mode: the older SDL tutorial's circle-versus-boxes test.
//!
//! Source: Lazy Foo' Productions' SDL 1.2 tutorial "Circular Collision Detection" (the version
//! before its 2014 rewrite). The circle hits a box if its horizontal diameter or its vertical
//! diameter — each treated as a thin box one pixel thick — overlaps the box, or if any of the
//! box's four corners lies inside the circle. Like the tutorial, it works in whole pixels:
//! SDL_Rect and its `Circle` hold integers, so positions and the radius are truncated first.
//!
//! In exact arithmetic the test would equal the clamped closest point; the truncation to whole
//! pixels makes it approximate within about a pixel of contact (measured in `docs/collision.md`).
//! The contact normal and depth it reports are computed exactly, from the case that fired.

use super::inside_contact::inside_contact;
use super::shapes::{Aabb, Circle, Contact};
use glam::Vec2;

/// An integer rectangle like SDL's `SDL_Rect`: x, y of the top-left corner, width, height.
#[derive(Clone, Copy, Debug)]
struct IRect {
    x: i32,
    y: i32,
    w: i32,
    h: i32,
}

impl IRect {
    fn overlaps(&self, o: &IRect) -> bool {
        // Lazy Foo's box test: separated if one's edge is at or past the other's.
        !(self.y + self.h <= o.y
            || self.y >= o.y + o.h
            || self.x + self.w <= o.x
            || self.x >= o.x + o.w)
    }
}

/// The tutorial's predicate, in whole pixels.
pub fn intersects(circle: Circle, aabb: Aabb) -> bool {
    hit_kind(circle, aabb).is_some()
}

/// Which part of the test fired.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Hit {
    Horizontal,
    Vertical,
    Both,
    Corner,
}

fn hit_kind(circle: Circle, aabb: Aabb) -> Option<Hit> {
    let (cx, cy, r) = (
        circle.center.x as i32,
        circle.center.y as i32,
        circle.radius as i32,
    );
    let b = IRect {
        x: aabb.min.x as i32,
        y: aabb.min.y as i32,
        w: (aabb.max.x as i32 - aabb.min.x as i32),
        h: (aabb.max.y as i32 - aabb.min.y as i32),
    };
    let horizontal = IRect {
        x: cx - r,
        y: cy,
        w: 2 * r,
        h: 1,
    };
    let vertical = IRect {
        x: cx,
        y: cy - r,
        w: 1,
        h: 2 * r,
    };
    match (horizontal.overlaps(&b), vertical.overlaps(&b)) {
        (true, true) => return Some(Hit::Both),
        (true, false) => return Some(Hit::Horizontal),
        (false, true) => return Some(Hit::Vertical),
        (false, false) => {}
    }
    let corners = [
        (b.x, b.y),
        (b.x + b.w, b.y),
        (b.x, b.y + b.h),
        (b.x + b.w, b.y + b.h),
    ];
    corners
        .iter()
        .any(|&(x, y)| {
            let (dx, dy) = ((x - cx) as f64, (y - cy) as f64);
            (dx * dx + dy * dy).sqrt() < r as f64
        })
        .then_some(Hit::Corner)
}

/// Contact when the tutorial's test says hit: a diameter hit gives the axis normal of the face it
/// crossed, a corner hit the direction from the corner to the centre; both diameters (centre
/// inside or across the box) the face the centre came through.
pub fn contact(circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
    let hit = hit_kind(circle, aabb)?;
    let c = circle.center;
    let r = circle.radius;
    let center = aabb.center();
    let half = aabb.half_extents();
    let d = c - center;
    let side = |v: f32| if v < 0.0 { -1.0 } else { 1.0 };
    let contact = match hit {
        Hit::Both => inside_contact(circle, aabb, velocity),
        Hit::Horizontal => Contact {
            normal: Vec2::new(side(d.x), 0.0),
            depth: (r + half.x - d.x.abs()).max(0.0),
            point: Vec2::new(
                center.x + side(d.x) * half.x,
                c.y.clamp(aabb.min.y, aabb.max.y),
            ),
        },
        Hit::Vertical => Contact {
            normal: Vec2::new(0.0, side(d.y)),
            depth: (r + half.y - d.y.abs()).max(0.0),
            point: Vec2::new(
                c.x.clamp(aabb.min.x, aabb.max.x),
                center.y + side(d.y) * half.y,
            ),
        },
        Hit::Corner => {
            let corner = center + Vec2::new(side(d.x) * half.x, side(d.y) * half.y);
            let offset = c - corner;
            let dist = offset.length();
            let normal = if dist > 1e-5 {
                offset / dist
            } else {
                Vec2::new(side(d.x), side(d.y)).normalize()
            };
            Contact {
                normal,
                depth: (r - dist).max(0.0),
                point: corner,
            }
        }
    };
    Some(contact)
}
