//! Text as sprites: lines of glyphs from the game's vector font ([`font`]) laid out in
//! playfield pixels (origin top-left, y down), drawn with all other text in one instanced
//! draw call after post-processing.
//!
//! [`layout`] appends one *glyph sprite* per visible character: its em box in playfield pixels
//! and its character, not yet a texture. Each frame the renderer turns these into quads of the
//! [`atlas::GlyphAtlas`], whose glyphs are rasterised at the window's real pixel size (so text
//! is as sharp at 1920×1080 or on a HiDPI screen as at 800×600) and snapped to whole pixels.
//! Panels ([`panel`]) and icons in the same list are ordinary sprites.

pub mod atlas;
pub mod font;
pub mod wrap;

use super::sprite::{Layer, SpriteInstance};
pub use font::ADVANCE;
pub use wrap::{ellipsize, without_directories, wrap};

/// [`SpriteInstance::i_layer`] of a glyph sprite (no texture-array layer is negative). Its
/// [`SpriteInstance::i_uv`]`[0]` is the character (a Unicode scalar value, exact in an `f32`)
/// until the renderer resolves it; after that, its texture rectangle in the glyph atlas.
pub const GLYPH_LAYER: f32 = -1.0;

/// The texture rectangle of a plain white area: all of the [`Layer::Solid`] layer.
pub fn solid_uv() -> [f32; 4] {
    [0.0, 0.0, 1.0, 1.0]
}

/// Appends a plain rectangle (playfield pixels: x, y of the top-left corner, width, height) in
/// `color` (linear RGBA), drawn with the text batch.
pub fn panel(out: &mut Vec<SpriteInstance>, rect: [f32; 4], color: [f32; 4]) {
    let mut sprite = SpriteInstance::new(Layer::Solid, rect, color);
    sprite.i_uv = solid_uv();
    out.push(sprite);
}

/// The character a glyph sprite made by [`layout`] shows, or `None` for any other sprite.
pub fn glyph_char(sprite: &SpriteInstance) -> Option<char> {
    (sprite.i_layer == GLYPH_LAYER)
        .then(|| char::from_u32(sprite.i_uv[0] as u32))
        .flatten()
}

/// Width in playfield pixels of `text` drawn `size` pixels high: [`ADVANCE`] × `size` per
/// character (the font is monospaced).
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * ADVANCE
}

/// How many characters of text `size` pixels high fit in `width` playfield pixels.
pub fn chars_in(width: f32, size: f32) -> usize {
    (width / (size * ADVANCE)).floor().max(0.0) as usize
}

/// Appends one glyph sprite per visible character of `text` (see [`GLYPH_LAYER`]): the line's
/// top-left at (`x`, `y`) playfield pixels, `size` pixels high (the baseline is
/// [`font::BASELINE`] × `size` below `y`), tinted `color` (linear RGBA). Each sprite's
/// rectangle is the character's cell: its advance wide and `size` high.
pub fn layout(
    out: &mut Vec<SpriteInstance>,
    text: &str,
    x: f32,
    y: f32,
    size: f32,
    color: [f32; 4],
) {
    if !(size.is_finite() && size > 0.0) {
        return;
    }
    let advance = size * ADVANCE;
    for (i, c) in text.chars().enumerate() {
        if c.is_whitespace() || c.is_control() {
            continue;
        }
        out.push(SpriteInstance {
            i_rect: [x + i as f32 * advance, y, advance, size],
            i_uv: [c as u32 as f32, 0.0, 0.0, 0.0],
            i_color: color,
            i_layer: GLYPH_LAYER,
        });
    }
}

/// Like [`layout`], centred horizontally on `center_x`.
pub fn layout_centered(
    out: &mut Vec<SpriteInstance>,
    text: &str,
    center_x: f32,
    y: f32,
    size: f32,
    color: [f32; 4],
) {
    layout(
        out,
        text,
        center_x - text_width(text, size) / 2.0,
        y,
        size,
        color,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_skips_spaces_and_advances() {
        let mut out = Vec::new();
        layout(&mut out, "A B", 10.0, 20.0, 16.0, [1.0; 4]);
        assert_eq!(out.len(), 2);
        assert_eq!(out[1].i_rect[0], 10.0 + 2.0 * 16.0 * ADVANCE);
        assert_eq!(glyph_char(&out[1]), Some('B'));
        assert_eq!(
            out[1].i_rect[0] + out[1].i_rect[2],
            10.0 + text_width("A B", 16.0)
        );
    }

    #[test]
    fn odd_sizes_draw_nothing_and_characters_that_fit_are_counted() {
        let mut out = Vec::new();
        for size in [0.0, -3.0, f32::NAN, f32::INFINITY] {
            layout(&mut out, "text", 0.0, 0.0, size, [1.0; 4]);
        }
        assert!(out.is_empty());
        let n = chars_in(200.0, 16.0);
        assert!(text_width(&"m".repeat(n), 16.0) <= 200.0);
        assert!(text_width(&"m".repeat(n + 1), 16.0) > 200.0);
    }
}
