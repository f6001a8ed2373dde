//! PLACEHOLDER (replaced by the model's helper): `lbreakout-clipping`, from LBreakoutHD 1.1.8 `libgame/balls.c` `ball_get_target_clipping`.

use crate::collision::model::{CollisionModel, Resolution, Substeps};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;

/// The `lbreakout-clipping` collision model.
#[derive(Debug)]
pub struct LbreakoutClippingModel;

impl CollisionModel for LbreakoutClippingModel {
    fn name(&self) -> &'static str {
        "lbreakout-clipping"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::PerStep)
    }
}
