//! The shapes every collision test shares: the box ([`Aabb`]), the ball ([`Circle`]) and the
//! answer of a positive test ([`Contact`]). Re-exported by `collision` (`collision::Aabb`, …).

use glam::Vec2;

/// An axis-aligned bounding box in playfield pixels; `min` is the top-left corner (smallest x and
/// y, since y points down) and `max` the bottom-right one. `min <= max` on both axes.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Aabb {
    /// Top-left corner, pixels.
    pub min: Vec2,
    /// Bottom-right corner, pixels.
    pub max: Vec2,
}

impl Aabb {
    /// Box from its top-left corner and size (width, height), pixels.
    pub fn from_pos_size(pos: Vec2, size: Vec2) -> Aabb {
        Aabb {
            min: pos,
            max: pos + size,
        }
    }

    /// Centre of the box, pixels.
    pub fn center(&self) -> Vec2 {
        (self.min + self.max) * 0.5
    }

    /// Half-extents (half width, half height), pixels.
    pub fn half_extents(&self) -> Vec2 {
        (self.max - self.min) * 0.5
    }

    /// Size (width, height), pixels.
    pub fn size(&self) -> Vec2 {
        self.max - self.min
    }

    /// True if `p` (pixels) is inside the box or on its boundary.
    pub fn contains(&self, p: Vec2) -> bool {
        p.cmpge(self.min).all() && p.cmple(self.max).all()
    }
}

/// A circle: centre in playfield pixels and radius in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Circle {
    /// Centre, pixels.
    pub center: Vec2,
    /// Radius, pixels (> 0).
    pub radius: f32,
}

/// The result of a positive collision test, consumed by the simulation's resolution routine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Unit contact normal pointing from the box towards the circle: moving the circle along it
    /// separates the two. Never NaN, even when the circle's centre is inside the box.
    pub normal: Vec2,
    /// Penetration depth in pixels (≥ 0): how far the circle must move along `normal` to just touch.
    pub depth: f32,
    /// The point of the box closest to the circle's centre, pixels (on the box's boundary).
    pub point: Vec2,
}
