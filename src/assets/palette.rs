//! Colours shared by more than one layer: the renderer tints bricks with them and the effects
//! layer colours a destroyed brick's burst of particles the same way. A leaf: it depends on the
//! level's brick kinds only.

use crate::level::BrickKind;

/// Tint of a brick, linear RGBA (LearnOpenGL's palette: solid grey-beige, then blue, green,
/// yellow, orange — far apart in hue so players and the screenshot test tell them apart).
pub fn brick_color(kind: BrickKind) -> [f32; 4] {
    match kind {
        BrickKind::Solid => [0.8, 0.8, 0.7, 1.0],
        BrickKind::Destructible(2) => [0.2, 0.6, 1.0, 1.0],
        BrickKind::Destructible(3) => [0.0, 0.7, 0.0, 1.0],
        BrickKind::Destructible(4) => [0.8, 0.8, 0.4, 1.0],
        BrickKind::Destructible(_) => [1.0, 0.5, 0.0, 1.0],
    }
}
