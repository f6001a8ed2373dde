//! The GL side of the glyph atlas ([`crate::view::text::atlas`]): a two-channel texture kept equal to
//! the atlas (only the rows that changed are uploaded), and the frame's text sprites with their
//! glyphs resolved into quads of it.

use super::{gl_err, RenderError, SpriteInstance, PLAYFIELD};
use crate::view::text::atlas::{GlyphAtlas, TEXEL_BYTES};
use glium::backend::Facade;
use glium::texture::{ClientFormat, MipmapsOption, RawImage2d, Texture2d, UncompressedFloatFormat};
use glium::Rect;
use std::borrow::Cow;

/// The glyph atlas, its texture, and the last frame's resolved text sprites.
#[derive(Default)]
pub(super) struct GlyphTexture {
    atlas: GlyphAtlas,
    /// The texture and the atlas generation it was made for.
    texture: Option<(Texture2d, u64)>,
    /// The text sprites of the last [`GlyphTexture::prepare`], glyphs resolved.
    resolved: Vec<SpriteInstance>,
}

impl GlyphTexture {
    /// Resolves the glyphs of `text` for a viewport `viewport_size` window pixels large
    /// (rasterising the new ones), brings the texture up to date, and returns the sprites to
    /// draw.
    pub(super) fn prepare(
        &mut self,
        facade: &impl Facade,
        text: &[SpriteInstance],
        viewport_size: (u32, u32),
    ) -> Result<&[SpriteInstance], RenderError> {
        let scale = [
            viewport_size.0 as f32 / PLAYFIELD[0],
            viewport_size.1 as f32 / PLAYFIELD[1],
        ];
        self.resolved.clear();
        self.atlas.resolve(text, scale, &mut self.resolved);
        let generation = self.atlas.generation();
        let side = self.atlas.side();
        let stale = !matches!(&self.texture, Some((t, g)) if *g == generation && t.width() == side);
        if stale {
            let texture = Texture2d::empty_with_format(
                facade,
                UncompressedFloatFormat::U8U8,
                MipmapsOption::NoMipmap,
                side,
                side,
            )
            .map_err(gl_err)?;
            self.texture = Some((texture, generation));
        }
        if let (Some([_, top, _, height]), Some((texture, _))) =
            (self.atlas.take_dirty(), &self.texture)
        {
            // Whole rows (their length is a power of two: no unpack-alignment trouble).
            let row = side as usize * TEXEL_BYTES;
            let bytes = &self.atlas.pixels()[top as usize * row..(top + height) as usize * row];
            let image = RawImage2d {
                data: Cow::Borrowed(bytes),
                width: side,
                height,
                format: ClientFormat::U8U8,
            };
            // Row 0 of the texture is the atlas's top row (the text shader knows).
            let rect = Rect {
                left: 0,
                bottom: top,
                width: side,
                height,
            };
            texture.write(rect, image);
        }
        Ok(&self.resolved)
    }

    /// The atlas's generation (see [`GlyphAtlas::generation`]): a new one may place glyphs
    /// anew.
    pub(super) fn generation(&self) -> u64 {
        self.atlas.generation()
    }

    /// The text sprites of the last [`GlyphTexture::prepare`], glyphs resolved.
    pub(super) fn resolved(&self) -> &[SpriteInstance] {
        &self.resolved
    }

    /// The glyph texture (none before the first [`GlyphTexture::prepare`]).
    pub(super) fn texture(&self) -> Option<&Texture2d> {
        self.texture.as_ref().map(|(t, _)| t)
    }
}
