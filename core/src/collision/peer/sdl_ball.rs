//! PLACEHOLDER (replaced by the model's helper): `sdl-ball`, from SDL-Ball 1.02 `main.cpp` `coldet`.

use crate::collision::model::{CollisionModel, Resolution, Substeps};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;

/// The `sdl-ball` collision model.
#[derive(Debug)]
pub struct SdlBallModel;

impl CollisionModel for SdlBallModel {
    fn name(&self) -> &'static str {
        "sdl-ball"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::PerStep)
    }
}
