//! Pixel helpers shared by the tests that check rendered pictures (`end_to_end`, `preview`).
//! The expected brick colour is computed independently of the renderer: the tint the game
//! documents for each brick number times the texture's own centre pixel, read from the PNG.
#![allow(dead_code)] // each test file uses its own subset

use breakout::level::BrickKind;
use breakout::render::scene::brick_color;
use std::path::Path;

/// The repository root.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Relative luminance (Rec. 709 weights) of an RGBA8 pixel, 0–1.
pub fn luminance(p: [u8; 4]) -> f32 {
    (0.2126 * p[0] as f32 + 0.7152 * p[1] as f32 + 0.0722 * p[2] as f32) / 255.0
}

/// The centre pixel of `textures/<file>`, RGB 0–255.
pub fn texture_centre(file: &str) -> [f32; 3] {
    let img = image::open(Path::new(ROOT).join("textures").join(file))
        .expect("texture")
        .to_rgba8();
    let (w, h) = img.dimensions();
    let p = img.get_pixel(w / 2, h / 2).0;
    [p[0] as f32, p[1] as f32, p[2] as f32]
}

/// The colour a brick's centre should have on screen, RGB 0–255.
pub fn expected_colour(kind: BrickKind) -> [f32; 3] {
    let tex = texture_centre(if kind.is_destructible() {
        "block.png"
    } else {
        "block_solid.png"
    });
    let tint = brick_color(kind);
    [tex[0] * tint[0], tex[1] * tint[1], tex[2] * tint[2]]
}

/// Largest per-channel difference between a pixel and an expected colour, 0–255.
pub fn colour_distance(p: [u8; 4], e: [f32; 3]) -> f32 {
    (0..3)
        .map(|i| (p[i] as f32 - e[i]).abs())
        .fold(0.0, f32::max)
}

/// Reads the PNG a run of the game wrote at `path` as RGBA and removes the file.
pub fn take_png(path: &std::path::Path) -> image::RgbaImage {
    let img = image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8();
    let _ = std::fs::remove_file(path);
    img
}
