//! PLACEHOLDER (replaced by the model's helper): `gnome-breakout`, from gnome-breakout 0.5.3 `src/ball.c` `iterate_ball_default`, `src/block.c` `find_block_from_position`.

use crate::collision::model::{CollisionModel, Resolution, Substeps};
use crate::collision::{contact_circle_aabb, Aabb, Circle, Contact};
use glam::Vec2;

/// The `gnome-breakout` collision model.
#[derive(Debug)]
pub struct GnomeBreakoutModel;

impl CollisionModel for GnomeBreakoutModel {
    fn name(&self) -> &'static str {
        "gnome-breakout"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::PerStep)
    }
}
