//! Each mode's contact normal against the exact referee
//! ([`crate::collision::exact_circle_aabb`]) around a brick's corner: a ball of the game's
//! radius overlapping the brick's top-right corner by [`DEPTH`] pixels, its centre at each angle
//! around the corner, moving straight at the corner. The error is the angle between the mode's
//! contact normal and the exact one, degrees.
//!
//! Every model is asked its [`CollisionModel::contact`](crate::collision::CollisionModel::contact):
//! for a model with its own resolution that is its test of a box it overlaps (the paddle's), not
//! how it moves through the bricks (the probe, `probe::models`, asks that).

use super::models::Model;
use crate::collision::{exact_circle_aabb, Aabb, Circle};
use crate::playfield::BALL_RADIUS;
use glam::Vec2;

/// How far the ball overlaps the corner, pixels (the exact penetration depth at angles 0–90°).
pub const DEPTH: f32 = 2.0;

/// The brick: a cell of a twelve-column level (66.7 × 25 pixels) somewhere in the playfield.
const BRICK: Aabb = Aabb {
    min: Vec2::new(300.0, 200.0),
    max: Vec2::new(366.666_66, 225.0),
};

/// The angles swept, degrees around the top-right corner: 0 is straight right of it (the
/// right face), 90 straight above (the top face); from −30 to 120, every half degree.
pub fn angles() -> Vec<f32> {
    (0..=300).map(|i| -30.0 + i as f32 * 0.5).collect()
}

/// One angle's errors.
#[derive(Clone, Debug, PartialEq)]
pub struct NormalSample {
    /// The centre's angle around the corner, degrees.
    pub degrees: f32,
    /// Per mode (in the order asked): the angle between its contact normal and the exact one,
    /// degrees; `None` when the mode finds no contact though the ball overlaps the brick.
    pub error: Vec<Option<f64>>,
}

/// The errors of `modes` at each of [`angles`].
pub fn corner_errors(modes: &[Model]) -> Vec<NormalSample> {
    let corner = Vec2::new(BRICK.max.x, BRICK.min.y);
    angles()
        .into_iter()
        .map(|degrees| {
            let dir = Vec2::new(degrees.to_radians().cos(), -degrees.to_radians().sin());
            let circle = Circle {
                center: corner + dir * (BALL_RADIUS - DEPTH),
                radius: BALL_RADIUS,
            };
            let exact = exact_circle_aabb::contact(circle, BRICK);
            let velocity = -dir * 450.0;
            let error = modes
                .iter()
                .map(|model| {
                    let exact = exact?;
                    let found = model.model().contact(circle, BRICK, velocity)?;
                    let cos = found.normal.as_dvec2().normalize().dot(exact.normal);
                    Some(cos.clamp(-1.0, 1.0).acos().to_degrees())
                })
                .collect();
            NormalSample { degrees, error }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamp_agrees_with_the_referee_and_aabb_is_off_by_up_to_45_degrees_at_the_corner() {
        use crate::collision::CollisionMode;
        let modes = [
            Model::built_in(CollisionMode::Clamp),
            Model::built_in(CollisionMode::Aabb),
        ];
        let samples = corner_errors(&modes);
        let worst = |i: usize| {
            samples
                .iter()
                .filter_map(|s| s.error[i])
                .fold(0.0f64, f64::max)
        };
        assert!(worst(0) < 0.01, "clamp: {}", worst(0));
        assert!((40.0..=45.01).contains(&worst(1)), "aabb: {}", worst(1));
    }
}
