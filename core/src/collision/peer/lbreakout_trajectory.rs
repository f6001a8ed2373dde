//! PLACEHOLDER (replaced by the model's helper): `lbreakout-trajectory`, from LBreakoutHD 1.1.8 `libgame/balls.c` `ball_get_target` (also LBreakout2 2.6.5 `game/balls.c`).

use crate::collision::model::{CollisionModel, Resolution, Substeps};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;

/// The `lbreakout-trajectory` collision model.
#[derive(Debug)]
pub struct LbreakoutTrajectoryModel;

impl CollisionModel for LbreakoutTrajectoryModel {
    fn name(&self) -> &'static str {
        "lbreakout-trajectory"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::PerStep)
    }
}
