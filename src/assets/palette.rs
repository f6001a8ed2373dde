//! Colours shared by more than one layer: the renderer tints bricks with them and the effects
//! layer colours a destroyed brick's burst of particles the same way. A leaf: it depends on the
//! level's brick kinds only.

use crate::level::BrickKind;

/// Tint of a brick, linear RGBA: its own colour when the level gives one (`:RRGGBB`, sRGB bytes
/// taken as they are, like the palette below), else its kind's. LearnOpenGL's palette for
/// `1`–`6` (solid grey-beige, blue, green, yellow, orange, then white for anything above 5),
/// then red, purple and grey, the colours other Breakouts add; far apart in hue so players and
/// the screenshot test tell them apart. The lettered kinds have their own tints; their textures
/// (`textures/`) mark them further.
pub fn brick_color(kind: BrickKind, colour: Option<[u8; 3]>) -> [f32; 4] {
    if let Some([r, g, b]) = colour {
        let [r, g, b] = [r, g, b].map(|c| f32::from(c) / 255.0);
        return [r, g, b, 1.0];
    }
    match kind {
        BrickKind::Solid => [0.8, 0.8, 0.7, 1.0],
        BrickKind::Plain(2) => [0.2, 0.6, 1.0, 1.0],
        BrickKind::Plain(3) => [0.0, 0.7, 0.0, 1.0],
        BrickKind::Plain(4) => [0.8, 0.8, 0.4, 1.0],
        BrickKind::Plain(5) => [1.0, 0.5, 0.0, 1.0],
        BrickKind::Plain(6) => [0.95, 0.95, 0.95, 1.0],
        BrickKind::Plain(7) => [0.9, 0.15, 0.15, 1.0],
        BrickKind::Plain(8) => [0.7, 0.3, 0.9, 1.0],
        BrickKind::Plain(_) => [0.55, 0.55, 0.6, 1.0],
        BrickKind::Metal => [0.6, 0.65, 0.75, 1.0],
        BrickKind::Chaotic => [0.75, 0.5, 0.8, 1.0],
        BrickKind::Explosive => [1.0, 0.3, 0.1, 1.0],
        BrickKind::Invisible => [0.5, 0.6, 0.8, 1.0],
        BrickKind::Hidden => [0.6, 0.7, 0.6, 1.0],
        BrickKind::Regenerating => [0.3, 0.85, 0.5, 1.0],
        BrickKind::Growing => [0.9, 0.8, 0.2, 1.0],
    }
}
