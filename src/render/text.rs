//! Bitmap text: a glyph atlas built at start-up from the `font8x8` crate's public-domain 8×8
//! font, laid out as sprites so all text of a frame is one instanced draw call.

use super::sprite::{Layer, SpriteInstance};
use font8x8::UnicodeFonts;

/// Size of a texture-array layer, pixels (all layers are square).
pub const LAYER_SIZE: u32 = 256;
/// Size of one glyph cell in the atlas, pixels: the 8×8 glyphs scaled ×2 (nearest), so that
/// linear filtering at small scales still gives sharp edges.
const CELL: u32 = 16;
/// Atlas columns (cells per row).
const COLUMNS: u32 = LAYER_SIZE / CELL;
/// First character in the atlas (space); the atlas covers printable ASCII, 32..=126.
const FIRST: u32 = 32;
/// One past the last character in the atlas.
const END: u32 = 127;
/// Glyph advance as a fraction of the glyph height: the 8×8 font is monospaced and square.
const ADVANCE: f32 = 1.0;

/// The glyph atlas as RGBA8 rows, top row first: white glyphs on transparent black,
/// `LAYER_SIZE × LAYER_SIZE`.
pub fn glyph_atlas_rgba() -> Vec<u8> {
    let size = LAYER_SIZE as usize;
    let mut pixels = vec![0u8; size * size * 4];
    for code in FIRST..END {
        let Some(glyph) = char::from_u32(code).and_then(|c| font8x8::BASIC_FONTS.get(c)) else {
            continue;
        };
        let index = code - FIRST;
        let (cx, cy) = ((index % COLUMNS) * CELL, (index / COLUMNS) * CELL);
        for (gy, bits) in glyph.iter().enumerate() {
            for gx in 0..8 {
                // font8x8 stores the leftmost pixel in bit 0.
                if bits & (1 << gx) == 0 {
                    continue;
                }
                let scale = (CELL / 8) as usize;
                for dy in 0..scale {
                    for dx in 0..scale {
                        let x = cx as usize + gx * scale + dx;
                        let y = cy as usize + gy * scale + dy;
                        let p = (y * size + x) * 4;
                        pixels[p..p + 4].copy_from_slice(&[255, 255, 255, 255]);
                    }
                }
            }
        }
    }
    let (cx, cy) = ((SOLID_CELL % COLUMNS) * CELL, (SOLID_CELL / COLUMNS) * CELL);
    for y in cy..cy + CELL {
        for x in cx..cx + CELL {
            let p = ((y * LAYER_SIZE + x) * 4) as usize;
            pixels[p..p + 4].copy_from_slice(&[255, 255, 255, 255]);
        }
    }
    pixels
}

/// Atlas cell index of the solid white block used for panels and bars (the last cell: glyphs
/// use only the first 95).
const SOLID_CELL: u32 = COLUMNS * COLUMNS - 1;

/// The atlas sub-rectangle of a plain white area, inset by a pixel so filtering never reaches
/// a neighbouring cell.
pub fn solid_uv() -> [f32; 4] {
    let (cx, cy) = ((SOLID_CELL % COLUMNS) * CELL, (SOLID_CELL / COLUMNS) * CELL);
    let s = LAYER_SIZE as f32;
    [
        (cx + 2) as f32 / s,
        (cy + 2) as f32 / s,
        (cx + CELL - 2) as f32 / s,
        (cy + CELL - 2) as f32 / s,
    ]
}

/// Appends a plain rectangle (playfield pixels) in `color`, drawn with the text batch.
pub fn panel(out: &mut Vec<SpriteInstance>, rect: [f32; 4], color: [f32; 4]) {
    let mut sprite = SpriteInstance::new(Layer::Font, rect, color);
    sprite.i_uv = solid_uv();
    out.push(sprite);
}

/// The atlas sub-rectangle (u0, v0, u1, v1; origin top-left) of a character; unknown characters
/// map to '?'.
fn glyph_uv(c: char) -> [f32; 4] {
    let code = c as u32;
    let code = if (FIRST..END).contains(&code) {
        code
    } else {
        '?' as u32
    };
    let index = code - FIRST;
    let (cx, cy) = ((index % COLUMNS) * CELL, (index / COLUMNS) * CELL);
    let s = LAYER_SIZE as f32;
    [
        cx as f32 / s,
        cy as f32 / s,
        (cx + CELL) as f32 / s,
        (cy + CELL) as f32 / s,
    ]
}

/// Width in playfield pixels of `text` drawn with glyphs `size` pixels high.
pub fn text_width(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * ADVANCE
}

/// Appends one sprite per visible character of `text`, top-left at (`x`, `y`) playfield pixels,
/// glyphs `size` pixels high, tinted `color` (linear RGBA).
pub fn layout(
    out: &mut Vec<SpriteInstance>,
    text: &str,
    x: f32,
    y: f32,
    size: f32,
    color: [f32; 4],
) {
    for (i, c) in text.chars().enumerate() {
        if c == ' ' {
            continue;
        }
        let mut sprite = SpriteInstance::new(
            Layer::Font,
            [x + i as f32 * size * ADVANCE, y, size, size],
            color,
        );
        sprite.i_uv = glyph_uv(c);
        out.push(sprite);
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
    fn atlas_has_ink_for_letters_and_none_for_space() {
        let atlas = glyph_atlas_rgba();
        let ink = |c: char| {
            let [u0, v0, u1, v1] = glyph_uv(c);
            let s = LAYER_SIZE as f32;
            let mut n = 0;
            for y in (v0 * s) as usize..(v1 * s) as usize {
                for x in (u0 * s) as usize..(u1 * s) as usize {
                    n += (atlas[(y * LAYER_SIZE as usize + x) * 4 + 3] > 0) as usize;
                }
            }
            n
        };
        assert_eq!(ink(' '), 0);
        for c in ['A', 'z', '0', '?'] {
            assert!(ink(c) > 20, "{c} has too little ink");
        }
        // Different glyphs look different.
        assert_ne!(ink('I'), ink('W'));
    }

    #[test]
    fn layout_skips_spaces_and_advances() {
        let mut out = Vec::new();
        layout(&mut out, "A B", 10.0, 20.0, 16.0, [1.0; 4]);
        assert_eq!(out.len(), 2);
        assert_eq!(out[1].i_rect[0], 10.0 + 2.0 * 16.0);
    }
}
