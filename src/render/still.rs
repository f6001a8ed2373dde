//! The still frame: a frame that shows exactly what the one before it did is one copy of a
//! cached picture, not a redraw.
//!
//! A menu or any screen where nothing moves sends the same [`SpriteBatch`] frame after frame.
//! Its text layer is what costs there: the list's shaded panels cover most of the viewport,
//! and every pixel of them runs the text shader (a glyph fetch and a trilinear fetch from the
//! texture array, both sides of its branch on llvmpipe): 5.3 ms a frame at 800×600, against
//! 0.7 ms for a game frame, whose text is a few HUD lines. So the second frame in a row with
//! the same content composes it once more, into a texture of the viewport's size, and every
//! further frame with that content is one blit of the texture (a memory copy on Mesa, see
//! [`super::offscreen`]). A frame that differs from the one before (every frame of a game in
//! play) is drawn as before, at no extra cost but the comparison.
//!
//! Only *plain* frames are cached: no post-processing effect and no shake (their pictures move
//! anyway). The content compared is everything the picture is made from: the viewport's size,
//! the backdrop's version, the glyph atlas's generation, and the world, particle and
//! (resolved) text sprites.

use super::offscreen::{blit, clear_black, ensure_texture, full_rect, RowOrder};
use super::{gl_err, RenderError, Renderer};
use crate::view::{SpriteBatch, SpriteInstance};
use glium::backend::Facade;
use glium::framebuffer::SimpleFrameBuffer;
use glium::texture::Texture2d;
use glium::{Rect, Surface};

/// What a plain frame was made from; two frames with equal contents draw the same pixels.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Contents {
    /// The viewport's size, physical pixels.
    pub(super) size: (u32, u32),
    /// The backdrop texture's version (its redraw count).
    pub(super) backdrop: u64,
    /// The glyph atlas's generation (see [`crate::view::text::atlas::GlyphAtlas::generation`]).
    pub(super) glyphs: u64,
    /// The moving world sprites.
    pub(super) world: Vec<SpriteInstance>,
    /// The particles.
    pub(super) particles: Vec<SpriteInstance>,
    /// The text sprites, glyphs resolved into quads of the glyph atlas.
    pub(super) text: Vec<SpriteInstance>,
}

/// The last frame's contents, and a picture of them once they were seen twice in a row.
#[derive(Default)]
pub(super) struct StillFrame {
    /// The last plain frame's contents (`None`: the last frame was not plain, or none yet).
    last: Option<Contents>,
    /// The picture of `last`, top row first, the viewport's size: valid while `holds`.
    texture: Option<Texture2d>,
    /// Whether `texture` shows `last`.
    holds: bool,
}

impl StillFrame {
    /// Notes the contents of the frame about to be drawn (`None`: not a plain frame). Returns
    /// true when they are the last frame's: the frame is still.
    pub(super) fn repeats(&mut self, contents: Option<Contents>) -> bool {
        if contents.is_some() && contents == self.last {
            return true;
        }
        self.last = contents;
        self.holds = false;
        false
    }
}

impl Renderer {
    /// Draws a still frame of `batch` into the `rect` of `target` (rows stored in `order`):
    /// composes it into the still texture if that does not show it yet, then copies the
    /// texture; clears the rest of `target` to black. `text_count` text sprites are in the
    /// text buffer.
    pub(super) fn draw_still(
        &mut self,
        facade: &impl Facade,
        target: &mut impl Surface,
        rect: Rect,
        order: RowOrder,
        batch: &SpriteBatch,
        text_count: usize,
    ) -> Result<(), RenderError> {
        let size = (rect.width, rect.height);
        if !self.still.holds {
            ensure_texture(facade, &self.raw_gl, &mut self.still.texture, size)?;
            let Some(texture) = self.still.texture.take() else {
                return Ok(());
            };
            let result = SimpleFrameBuffer::new(facade, &texture)
                .map_err(gl_err)
                .and_then(|mut fb| {
                    let whole = full_rect(size);
                    let rects = [whole, whole];
                    self.draw_plain(facade, &mut fb, rects, RowOrder::TopDown, batch, text_count)
                });
            self.still.texture = Some(texture);
            result?;
            self.still.holds = true;
        }
        if rect != full_rect(target.get_dimensions()) {
            clear_black(target, None);
            self.count_draw();
        }
        if let Some(texture) = &self.still.texture {
            blit(facade, texture, target, rect, order)?;
            self.count_draw();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contents(size: u32, text: f32) -> Option<Contents> {
        Some(Contents {
            size: (size, size),
            text: vec![SpriteInstance::new(
                crate::view::Layer::Solid,
                [text, 0.0, 1.0, 1.0],
                [1.0; 4],
            )],
            ..Contents::default()
        })
    }

    #[test]
    fn a_frame_is_still_only_after_a_plain_frame_with_the_same_contents() {
        let mut still = StillFrame::default();
        assert!(!still.repeats(contents(8, 1.0)), "the first frame");
        still.holds = true;
        assert!(still.repeats(contents(8, 1.0)), "the same again");
        assert!(still.holds, "the picture stands");
        assert!(!still.repeats(contents(8, 2.0)), "the text changed");
        assert!(!still.holds, "the picture is stale");
        assert!(!still.repeats(contents(9, 2.0)), "the size changed");
        assert!(!still.repeats(None), "an effect on");
        assert!(!still.repeats(None), "never still with an effect on");
        assert!(!still.repeats(contents(9, 2.0)), "plain again: drawn first");
        assert!(still.repeats(contents(9, 2.0)));
    }
}
