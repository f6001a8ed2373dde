//! PLACEHOLDER (replaced by the model's helper): `xboing`, from XBoing 2.4 `ball.c` `CheckRegions`, `blocks.c`.

use crate::collision::model::{CollisionModel, Resolution, Substeps};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;

/// The `xboing` collision model.
#[derive(Debug)]
pub struct XboingModel;

impl CollisionModel for XboingModel {
    fn name(&self) -> &'static str {
        "xboing"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::PerStep)
    }
}
