//! The five textbook modes as [`CollisionModel`]s: each delegates to its algorithm's file
//! (`contact_aabb_aabb.rs`, `contact_circle_aabb.rs`, `contact_circle_aabb_zones.rs`,
//! `contact_circle_aabb_cross.rs`, `swept_circle_aabb.rs`); the rows of
//! [`super::CollisionMode`] point at them.

use super::model::{CollisionModel, Resolution};
use super::{
    contact_aabb_aabb, contact_circle_aabb, contact_circle_aabb_cross, contact_circle_aabb_zones,
    Aabb, Circle, Contact,
};
use glam::Vec2;

/// Mode `aabb`: the ball's bounding square against the box ([`contact_aabb_aabb`]).
#[derive(Debug)]
pub struct AabbModel;

/// Mode `clamp`: the clamped closest point, exact for a circle ([`contact_circle_aabb`]).
#[derive(Debug)]
pub struct ClampModel;

/// Mode `zones`: the nine-zone circle/box test ([`contact_circle_aabb_zones`]).
#[derive(Debug)]
pub struct ZonesModel;

/// Mode `cross`: the old SDL "cross and corners" test in whole pixels
/// ([`contact_circle_aabb_cross`]).
#[derive(Debug)]
pub struct CrossModel;

/// Mode `swept`: continuous collision by time of impact ([`super::swept_circle_aabb`]); its
/// static overlap test (a paddle moved into the ball) is the exact clamp.
#[derive(Debug)]
pub struct SweptModel;

impl CollisionModel for AabbModel {
    fn name(&self) -> &'static str {
        "aabb"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_aabb_aabb::contact(circle, aabb, velocity)
    }
    fn intersects(&self, circle: Circle, aabb: Aabb) -> bool {
        contact_aabb_aabb::intersects(circle, aabb)
    }
}

impl CollisionModel for ClampModel {
    fn name(&self) -> &'static str {
        "clamp"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn intersects(&self, circle: Circle, aabb: Aabb) -> bool {
        contact_circle_aabb::intersects(circle, aabb)
    }
}

impl CollisionModel for ZonesModel {
    fn name(&self) -> &'static str {
        "zones"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb_zones::contact(circle, aabb, velocity)
    }
    fn intersects(&self, circle: Circle, aabb: Aabb) -> bool {
        contact_circle_aabb_zones::intersects(circle, aabb)
    }
}

impl CollisionModel for CrossModel {
    fn name(&self) -> &'static str {
        "cross"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb_cross::contact(circle, aabb, velocity)
    }
    fn intersects(&self, circle: Circle, aabb: Aabb) -> bool {
        contact_circle_aabb_cross::intersects(circle, aabb)
    }
}

impl CollisionModel for SweptModel {
    fn name(&self) -> &'static str {
        "swept"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn intersects(&self, circle: Circle, aabb: Aabb) -> bool {
        contact_circle_aabb::intersects(circle, aabb)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Continuous
    }
}
