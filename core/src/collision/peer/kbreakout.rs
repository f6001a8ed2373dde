//! PLACEHOLDER (replaced by the model's helper): `kbreakout`, from KBreakOut `src/qml/logic.js` `detectBallCollisions`.

use crate::collision::model::{CollisionModel, Resolution, Substeps};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;

/// The `kbreakout` collision model.
#[derive(Debug)]
pub struct KbreakoutModel;

impl CollisionModel for KbreakoutModel {
    fn name(&self) -> &'static str {
        "kbreakout"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::PerStep)
    }
}
