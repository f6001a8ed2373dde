//! Collision detection between the ball (a circle) and boxes (bricks, paddle).
//!
//! Every algorithm lives in its own file, named after it, and produces the same [`Contact`]
//! (contact normal + penetration depth) so that one resolution routine in the simulation treats
//! them all alike. [`circle_aabb_contact`] is the single place that dispatches on the configured
//! [`CollisionMode`].
//!
//! Conventions: playfield pixels, origin top-left, y down.

pub mod aabb_circle_clamp;

use glam::Vec2;

/// An axis-aligned bounding box in playfield pixels; `min` is the top-left corner (smallest x and
/// y, since y points down) and `max` the bottom-right one. `min <= max` on both axes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Aabb {
    /// Top-left corner, pixels.
    pub min: Vec2,
    /// Bottom-right corner, pixels.
    pub max: Vec2,
}

impl Aabb {
    /// Box from its top-left corner and size (width, height), pixels.
    pub fn from_pos_size(pos: Vec2, size: Vec2) -> Aabb {
        Aabb { min: pos, max: pos + size }
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

/// The collision algorithm used for ball–box tests; chosen by configuration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum CollisionMode {
    /// Clamped closest point AABB–circle test (LearnOpenGL, "Collision detection").
    #[default]
    Clamp,
}

impl CollisionMode {
    /// Every mode, in the order the in-game key cycles through them.
    pub const ALL: &'static [CollisionMode] = &[CollisionMode::Clamp];

    /// The mode's name as used on the command line, in config files and in `simulate`'s JSON.
    pub fn name(self) -> &'static str {
        match self {
            CollisionMode::Clamp => "clamp",
        }
    }
}

impl std::fmt::Display for CollisionMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Tests the circle against the box with the given algorithm and returns the contact, if any.
///
/// `velocity` (pixels/second) is only used to choose the face the circle came through when its
/// centre is already inside the box (see [`aabb_circle_clamp::contact`]).
pub fn circle_aabb_contact(mode: CollisionMode, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
    match mode {
        CollisionMode::Clamp => aabb_circle_clamp::contact(circle, aabb, velocity),
    }
}
