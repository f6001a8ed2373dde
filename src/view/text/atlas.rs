//! The glyph atlas: the glyphs the text of recent frames used, rasterised from the vector font
//! ([`super::font`]) at the window's real pixel size and packed into one texture, and the
//! step that turns a frame's glyph sprites into textured quads snapped to whole window pixels.
//!
//! No GL here: the renderer uploads [`GlyphAtlas::pixels`] into a texture when
//! [`GlyphAtlas::take_dirty`] says part of it changed. The atlas is emptied and re-rasterised
//! only when the pixel scale changes (a resize, another scale factor), never every frame.
//!
//! Each texel holds two coverages (0–255): *fill* (the glyph itself, antialiased) and *outline*
//! (the fill grown by [`outline_radius`] pixels). The text shader draws the outline dark under
//! the fill, so text stays readable over any picture (a play-test lost white text on the
//! confuse effect's near-white screen).

use super::font::{self, BASELINE};
use super::GLYPH_LAYER;
use crate::view::sprite::SpriteInstance;
use ab_glyph::Font;
use std::collections::HashMap;

/// Side of a new atlas texture, texels.
const INITIAL_SIZE: u32 = 512;
/// Largest atlas side, texels; past it glyphs that do not fit are left out of the frame.
const MAX_SIZE: u32 = 4096;
/// Empty texels between two glyphs in the atlas, so no glyph ever samples its neighbour
/// (a play-test saw stray underlines from the row below).
const GAP: u32 = 2;
/// Bytes per texel: fill and outline coverage.
pub const TEXEL_BYTES: usize = 2;

/// Where one glyph is in the atlas and where it goes relative to the pen.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    /// Its texels: left, top, width, height (origin top-left).
    texels: [u32; 4],
    /// The bitmap's top-left corner relative to the pen on the baseline, window pixels
    /// (y down).
    offset: [i32; 2],
}

/// A rectangle of the atlas, texels: left, top, width, height (origin top-left).
pub type TexelRect = [u32; 4];

/// The glyph atlas for one pixel scale.
pub struct GlyphAtlas {
    /// Window pixels per playfield pixel, horizontally and vertically.
    scale: [f32; 2],
    /// Side of the atlas, texels.
    side: u32,
    /// Fill and outline coverage per texel, rows top first.
    pixels: Vec<u8>,
    /// Glyphs by character and text size (`f32` bits); `None` for one with no ink (space).
    entries: HashMap<(char, u32), Option<Entry>>,
    /// The shelf being filled: its left end, top and height, texels.
    shelf: [u32; 3],
    /// What changed since the last [`GlyphAtlas::take_dirty`].
    dirty: Option<TexelRect>,
    /// Times the atlas was emptied and started again (new scale, or grown).
    generation: u64,
}

impl Default for GlyphAtlas {
    fn default() -> Self {
        GlyphAtlas::new()
    }
}

/// How far the outline reaches beyond the glyph, window pixels, at `scale` window pixels per
/// playfield pixel: one playfield pixel, and at least one window pixel.
pub fn outline_radius(scale: f32) -> u32 {
    scale.round().max(1.0) as u32
}

impl GlyphAtlas {
    /// An empty atlas.
    pub fn new() -> GlyphAtlas {
        GlyphAtlas::with_side([1.0, 1.0], INITIAL_SIZE, 0)
    }

    fn with_side(scale: [f32; 2], side: u32, generation: u64) -> GlyphAtlas {
        GlyphAtlas {
            scale,
            side,
            pixels: vec![0; (side * side) as usize * TEXEL_BYTES],
            entries: HashMap::new(),
            shelf: [0, 0, 0],
            dirty: Some([0, 0, side, side]),
            generation,
        }
    }

    /// Side of the atlas texture, texels (it is square).
    pub fn side(&self) -> u32 {
        self.side
    }

    /// Fill and outline coverage (bytes 0–255) of each texel, rows top first, `side × side`.
    pub fn pixels(&self) -> &[u8] {
        &self.pixels
    }

    /// Times the atlas was emptied and started again; a new value means a new texture size
    /// may be needed.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The rectangle that changed since the last call (texels, origin top-left), if any.
    pub fn take_dirty(&mut self) -> Option<TexelRect> {
        self.dirty.take()
    }

    /// Replaces every glyph sprite of `sprites` (see [`super::layout`]) by a quad showing its
    /// glyph from this atlas, in a viewport of `scale` window pixels per playfield pixel
    /// (`[x, y]`), and copies the other sprites as they are, in order, to `out`. Glyph quads
    /// are snapped to whole window pixels and are as large as their bitmap, so each texel
    /// covers exactly one pixel. Glyphs missing from the atlas are rasterised now; a new
    /// `scale` empties the atlas first.
    pub fn resolve(
        &mut self,
        sprites: &[SpriteInstance],
        scale: [f32; 2],
        out: &mut Vec<SpriteInstance>,
    ) {
        let scale = [scale[0].max(1e-3), scale[1].max(1e-3)];
        if scale != self.scale {
            *self = GlyphAtlas::with_side(scale, INITIAL_SIZE, self.generation + 1);
        }
        let start = out.len();
        loop {
            if self.resolve_all(sprites, out) || self.side >= MAX_SIZE {
                return;
            }
            // Full: start again, twice as large, with only this frame's glyphs.
            out.truncate(start);
            *self = GlyphAtlas::with_side(scale, self.side * 2, self.generation + 1);
        }
    }

    /// One pass of [`GlyphAtlas::resolve`]; false if the atlas filled up on the way.
    fn resolve_all(&mut self, sprites: &[SpriteInstance], out: &mut Vec<SpriteInstance>) -> bool {
        let [sx, sy] = self.scale;
        let mut complete = true;
        for sprite in sprites {
            if sprite.i_layer != GLYPH_LAYER {
                out.push(*sprite);
                continue;
            }
            let c = char::from_u32(sprite.i_uv[0] as u32).unwrap_or('?');
            let [x, y, _, size] = sprite.i_rect;
            let Some(entry) = self.entry(c, size) else {
                complete &= self.entries.contains_key(&(c, size.to_bits()));
                continue;
            };
            let pen = [(x * sx).round(), ((y + BASELINE * size) * sy).round()];
            let left = pen[0] + entry.offset[0] as f32;
            let top = pen[1] + entry.offset[1] as f32;
            let [tx, ty, tw, th] = entry.texels;
            let side = self.side as f32;
            out.push(SpriteInstance {
                i_rect: [left / sx, top / sy, tw as f32 / sx, th as f32 / sy],
                i_uv: [
                    tx as f32 / side,
                    ty as f32 / side,
                    (tx + tw) as f32 / side,
                    (ty + th) as f32 / side,
                ],
                i_color: sprite.i_color,
                i_layer: GLYPH_LAYER,
            });
        }
        complete
    }

    /// The atlas entry of `c` at text size `size`, rasterised and packed if new; `None` for a
    /// glyph with no ink, or one that did not fit (then it is not remembered).
    fn entry(&mut self, c: char, size: f32) -> Option<Entry> {
        let key = (c, size.to_bits());
        if let Some(entry) = self.entries.get(&key) {
            return *entry;
        }
        let radius = outline_radius(self.scale[1]);
        let Some(bitmap) = rasterise(c, size * self.scale[1], radius) else {
            self.entries.insert(key, None);
            return None;
        };
        let texels = self.place(bitmap.width, bitmap.height)?;
        self.blit(&bitmap, texels);
        let entry = Entry {
            texels,
            offset: bitmap.offset,
        };
        self.entries.insert(key, Some(entry));
        Some(entry)
    }

    /// Room for a `width × height` bitmap on the shelves, if there is any left.
    fn place(&mut self, width: u32, height: u32) -> Option<TexelRect> {
        let [mut x, mut y, mut shelf_height] = self.shelf;
        if x + width + GAP > self.side {
            // Next shelf.
            y += shelf_height + GAP;
            x = 0;
            shelf_height = 0;
        }
        if x + width + GAP > self.side || y + height + GAP > self.side {
            return None;
        }
        let rect = [x + GAP, y + GAP, width, height];
        self.shelf = [x + width + GAP, y, shelf_height.max(height)];
        Some(rect)
    }

    /// Copies `bitmap` into `rect` and marks it changed.
    fn blit(&mut self, bitmap: &Bitmap, rect: TexelRect) {
        let [x, y, w, h] = rect;
        for row in 0..h {
            let from = (row * w) as usize * TEXEL_BYTES;
            let to = (((y + row) * self.side + x) as usize) * TEXEL_BYTES;
            let len = w as usize * TEXEL_BYTES;
            self.pixels[to..to + len].copy_from_slice(&bitmap.texels[from..from + len]);
        }
        self.dirty = Some(match self.dirty {
            None => rect,
            Some([dx, dy, dw, dh]) => {
                let (l, t) = (dx.min(x), dy.min(y));
                let (r, b) = ((dx + dw).max(x + w), (dy + dh).max(y + h));
                [l, t, r - l, b - t]
            }
        });
    }
}

/// A rasterised glyph: fill and outline coverage per texel, rows top first.
struct Bitmap {
    width: u32,
    height: u32,
    /// Top-left corner relative to the pen on the baseline, pixels (y down).
    offset: [i32; 2],
    texels: Vec<u8>,
}

/// `c` (or `?` if the font has no glyph for it) rasterised with an em of `em_pixels` window
/// pixels and an outline `radius` pixels wide around it; `None` for a glyph with no ink.
fn rasterise(c: char, em_pixels: f32, radius: u32) -> Option<Bitmap> {
    let c = if font::has_glyph(c) { c } else { '?' };
    let f = font::font();
    let scale = font::px_scale(em_pixels * font::EM);
    let outlined = f.outline_glyph(f.glyph_id(c).with_scale(scale))?;
    let bounds = outlined.px_bounds();
    let r = radius as i32;
    let (gw, gh) = (bounds.width() as i32, bounds.height() as i32);
    let (width, height) = (gw + 2 * r, gh + 2 * r);
    let mut fill = vec![0f32; (width * height) as usize];
    outlined.draw(|x, y, coverage| {
        let (x, y) = (x as i32 + r, y as i32 + r);
        if x < width && y < height {
            fill[(y * width + x) as usize] = coverage.clamp(0.0, 1.0);
        }
    });
    // The outline: the fill grown by a disc of `radius` (a grey-scale dilation).
    let reach = radius as f32 + 0.5;
    let mut texels = vec![0u8; fill.len() * TEXEL_BYTES];
    for y in 0..height {
        for x in 0..width {
            let mut grown = 0f32;
            for dy in -r..=r {
                for dx in -r..=r {
                    let (nx, ny) = (x + dx, y + dy);
                    let inside = nx >= 0 && ny >= 0 && nx < width && ny < height;
                    if inside && ((dx * dx + dy * dy) as f32).sqrt() <= reach {
                        grown = grown.max(fill[(ny * width + nx) as usize]);
                    }
                }
            }
            let i = (y * width + x) as usize;
            texels[i * TEXEL_BYTES] = (fill[i] * 255.0).round() as u8;
            texels[i * TEXEL_BYTES + 1] = (grown * 255.0).round() as u8;
        }
    }
    Some(Bitmap {
        width: width as u32,
        height: height as u32,
        offset: [bounds.min.x as i32 - r, bounds.min.y as i32 - r],
        texels,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::text::layout;

    fn glyphs(text: &str, size: f32) -> Vec<SpriteInstance> {
        let mut out = Vec::new();
        layout(&mut out, text, 10.0, 20.0, size, [1.0; 4]);
        out
    }

    /// Fill coverage of the atlas texels under `quad`.
    fn fill_of(atlas: &GlyphAtlas, quad: &SpriteInstance) -> Vec<u8> {
        let side = atlas.side() as f32;
        let [u0, v0, u1, v1] = quad.i_uv.map(|u| (u * side).round() as u32);
        let mut out = Vec::new();
        for y in v0..v1 {
            for x in u0..u1 {
                out.push(atlas.pixels()[((y * atlas.side() + x) as usize) * TEXEL_BYTES]);
            }
        }
        out
    }

    #[test]
    fn quads_are_snapped_to_window_pixels_and_one_texel_per_pixel() {
        for scale in [[1.0, 1.0], [1.5, 1.5], [1.8, 1.8], [1.4625, 1.4583]] {
            let mut atlas = GlyphAtlas::new();
            let mut out = Vec::new();
            atlas.resolve(&glyphs("Ag0V3", 16.3), scale, &mut out);
            assert_eq!(out.len(), 5);
            for quad in &out {
                let [x, y, w, h] = quad.i_rect;
                let px = [x * scale[0], y * scale[1], w * scale[0], h * scale[1]];
                for v in px {
                    assert!((v - v.round()).abs() < 1e-3, "{scale:?}: {px:?}");
                }
                let side = atlas.side() as f32;
                let texels = [
                    (quad.i_uv[2] - quad.i_uv[0]) * side,
                    (quad.i_uv[3] - quad.i_uv[1]) * side,
                ];
                assert!((texels[0] - px[2]).abs() < 1e-3 && (texels[1] - px[3]).abs() < 1e-3);
            }
        }
    }

    #[test]
    fn glyphs_are_rasterised_once_per_scale_and_again_at_a_new_one() {
        let mut atlas = GlyphAtlas::new();
        let mut out = Vec::new();
        atlas.resolve(&glyphs("SCORE", 16.0), [1.0, 1.0], &mut out);
        assert!(atlas.take_dirty().is_some());
        let generation = atlas.generation();
        out.clear();
        atlas.resolve(&glyphs("SCORE", 16.0), [1.0, 1.0], &mut out);
        assert_eq!(atlas.take_dirty(), None, "nothing new to upload");
        assert_eq!(atlas.generation(), generation);
        let small = out[0].i_rect[3];
        out.clear();
        atlas.resolve(&glyphs("SCORE", 16.0), [2.0, 2.0], &mut out);
        assert!(atlas.take_dirty().is_some());
        assert_eq!(atlas.generation(), generation + 1);
        // Twice the pixels, the same playfield size (within the snapping).
        assert!(
            (out[0].i_rect[3] - small).abs() <= 1.0,
            "{small} {:?}",
            out[0]
        );
    }

    #[test]
    fn a_glyph_has_ink_its_outline_is_wider_and_neighbours_never_touch() {
        let mut atlas = GlyphAtlas::new();
        let mut out = Vec::new();
        atlas.resolve(&glyphs("0V3|", 16.0), [1.5, 1.5], &mut out);
        for quad in &out {
            let fill = fill_of(&atlas, quad);
            assert!(fill.iter().filter(|&&f| f > 128).count() > 10);
            // The outline ring around the fill: the border texels have no fill.
            let [u0, v0, u1, v1] = quad.i_uv.map(|u| (u * atlas.side() as f32).round() as u32);
            let w = (u1 - u0) as usize;
            assert!(fill[..w].iter().all(|&f| f == 0), "top row is outline only");
            assert!(fill[fill.len() - w..].iter().all(|&f| f == 0));
            // The gap around the quad in the atlas is empty (nothing to bleed in).
            for x in u0.saturating_sub(1)..=u1 {
                for y in [v0 - 1, v1] {
                    let i = ((y * atlas.side() + x) as usize) * TEXEL_BYTES;
                    assert_eq!(atlas.pixels()[i..i + 2], [0, 0], "({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn a_full_atlas_grows_and_other_sprites_pass_through() {
        let mut atlas = GlyphAtlas::new();
        let text: String = (' '..='~').collect();
        let mut sprites = glyphs(&text, 48.0);
        let panel = SpriteInstance::new(crate::view::Layer::Solid, [1.0; 4], [1.0; 4]);
        sprites.insert(3, panel);
        let mut out = Vec::new();
        atlas.resolve(&sprites, [3.0, 3.0], &mut out);
        assert!(atlas.side() > INITIAL_SIZE);
        assert_eq!(out.len(), sprites.len(), "spaces make no sprite");
        assert_eq!(out[3], panel);
        assert!(out.iter().all(|q| q.i_uv[3] <= 1.0));
    }
}
