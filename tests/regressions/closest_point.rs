//! The circle–box closest point's f32 rounding (`collision::contact_circle_aabb`).

use breakout::collision::{contact_circle_aabb, Aabb, Circle};
use glam::Vec2;

/// Regression: `closest_point` computed `centre + clamp(p - centre, ±half)`, which rounds, so a
/// centre inside a box far from the origin (x ≈ 600, where an f32 ulp is 6e-5 px > the 1e-5
/// "inside" threshold) came back a few 1e-5 px away from itself. `contact` then took the
/// outside branch: a normal from rounding noise and a depth of about the radius, which does not
/// get the ball out. Every centre inside must get an axis normal and a depth ≥ the radius.
/// Fixed by 5520017.
#[test]
fn centre_inside_far_from_origin_is_not_mistaken_for_outside_by_rounding() {
    let bricks = [
        Aabb {
            min: Vec2::new(600.0, 100.0),
            max: Vec2::new(661.53845, 130.0),
        },
        Aabb {
            min: Vec2::new(-36.255352, 0.0),
            max: Vec2::new(257.47125, 0.5),
        },
        Aabb {
            min: Vec2::new(733.3333, 270.0),
            max: Vec2::new(800.0, 300.0),
        },
    ];
    for b in bricks {
        for i in 1..200 {
            for j in 1..20 {
                let p = b.min + b.size() * Vec2::new(i as f32 / 200.0, j as f32 / 20.0);
                assert_eq!(
                    contact_circle_aabb::closest_point(p, b),
                    p,
                    "a point inside is its own closest point"
                );
                let c = Circle {
                    center: p,
                    radius: 12.5,
                };
                let k = contact_circle_aabb::contact(c, b, Vec2::new(0.0, -450.0)).expect("inside");
                assert_eq!(
                    k.normal,
                    Vec2::Y,
                    "{p:?} in {b:?}: moving up, entered through the bottom"
                );
                assert!(k.depth >= c.radius, "{p:?}: depth {} < radius", k.depth);
            }
        }
    }
}
