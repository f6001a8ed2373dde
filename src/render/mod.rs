//! The glium renderer: sprite batches drawn with instancing, a cached backdrop, the
//! post-processing effects, and text on top, letterboxed into the window.
//!
//! Only the GL pipeline lives here. What each screen shows is built, without GL, by
//! [`crate::view`] into a [`SpriteBatch`]; this module draws it (and imports `view`, never
//! the other way round).
//!
//! A frame with no post-processing effect on goes straight to the window's viewport:
//! 1. one blit of the cached *backdrop* texture (background and bricks, see [`backdrop`]; redrawn
//!    only where it changed) — a memory copy on Mesa, see [`offscreen`];
//! 2. one instanced draw call for the moving world sprites (paddle, balls, falling power-ups) and
//!    one for all particles (point sprites, additive blending);
//! 3. one instanced draw call for all text.
//!
//! Shake moves that viewport (the picture jitters; the uncovered edge is cleared): no extra
//! pass. With confuse or chaos on (`post_frame.rs`), the window gets the backdrop's effect
//! picture (computed once per backdrop change, then copied: moved by chaos's swirl), and the
//! effect is drawn again only over the tiles where something moves, from an offscreen *scene*
//! texture holding the backdrop there and the moving sprites ([`patches`] has the geometry);
//! then the text (after the effects, so they never make it unreadable). So 3–6 draw calls per
//! frame without an effect, about 20 (mostly small blits) with one, whatever the number of
//! bricks and particles (the passes themselves are in `passes.rs`).
//!
//! Why this shape: on a software rasteriser (Mesa llvmpipe, no GPU) every full-frame shader pass
//! costs about a millisecond at 800×600, so the frame has as few of them as possible
//! (measurements in `docs/rendering.md`). Screenshots are composed into a *capture* texture
//! (reading the window back is unreliable, see `../shared/PLATFORM.md`), then blitted to the
//! window. Rendering only reads game state (through [`SpriteBatch`]); it never changes it.

pub mod backdrop;
mod capture;
pub mod context;
mod error;
mod glyph_texture;
pub mod headless;
mod loading;
pub mod offscreen;
mod passes;
pub mod patches;
pub mod post;
mod post_frame;
mod still;
mod theme_layers;

use crate::assets::Assets;
use crate::view::{letterbox, SpriteBatch, SpriteInstance};
use error::gl_err;
pub use error::RenderError;
use glium::backend::Facade;
use glium::framebuffer::SimpleFrameBuffer;
use glium::texture::{MipmapsOption, Texture2d, Texture2dArray};
use glium::uniforms::MagnifySamplerFilter;
use glium::{implement_vertex, Program, Rect, Surface, VertexBuffer};
use glyph_texture::GlyphTexture;
use loading::load_program;
use offscreen::{blit, clear_black, ensure_texture, full_rect, RawGl, RowOrder};
use passes::{over, SpritePass};
use post::{PostPrograms, PostVariant};

/// A corner of the unit quad; drawn as a 4-vertex triangle strip.
#[derive(Clone, Copy, Debug)]
struct QuadVertex {
    corner: [f32; 2],
}
implement_vertex!(QuadVertex, corner);

// The sprite format the shaders read, one attribute per field (the type is GL-free, in `view`).
implement_vertex!(SpriteInstance, i_rect, i_uv, i_color, i_layer);

/// An instance buffer that grows (to the next power of two) when a frame needs more room.
struct InstanceBuffer<T: Copy + glium::Vertex = SpriteInstance> {
    buffer: VertexBuffer<T>,
}

impl<T: Copy + glium::Vertex> InstanceBuffer<T> {
    fn new(facade: &impl Facade, capacity: usize) -> Result<Self, RenderError> {
        Ok(InstanceBuffer {
            buffer: VertexBuffer::empty_dynamic(facade, capacity).map_err(gl_err)?,
        })
    }

    fn upload(&mut self, facade: &impl Facade, data: &[T]) -> Result<(), RenderError> {
        if data.is_empty() {
            return Ok(()); // glium panics on an empty write; nothing is drawn from it anyway
        }
        if data.len() > self.buffer.len() {
            self.buffer = VertexBuffer::empty_dynamic(facade, data.len().next_power_of_two())
                .map_err(gl_err)?;
        }
        if let Some(slice) = self.buffer.slice_mut(0..data.len()) {
            slice.write(data);
        }
        Ok(())
    }
}

/// Frame statistics counted by the renderer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RenderStats {
    /// Frames presented.
    pub frames: u64,
    /// Draw calls issued, in total (clears, blits and the backdrop's redraws included).
    pub draw_calls: u64,
    /// Times the cached backdrop was redrawn, wholly or in part (a brick changed, a resize).
    pub backdrop_redraws: u64,
}

/// The cached backdrop: a texture showing `sprites` (background and bricks) drawn in order.
struct Backdrop {
    texture: Texture2d,
    sprites: Vec<SpriteInstance>,
    /// Which redraw made this picture ([`RenderStats::backdrop_redraws`] then): what depends on
    /// it (the effects' cached picture) is stale when it changes.
    version: u64,
}

/// The playfield's size in pixels, `[width, height]`: what every viewport shows.
const PLAYFIELD: [f32; 2] = [
    crate::playfield::PLAYFIELD_WIDTH,
    crate::playfield::PLAYFIELD_HEIGHT,
];

/// The game's renderer. Create it once per GL context.
pub struct Renderer {
    sprite_program: Program,
    /// `sprite.vert` with `text.frag`: the text batch, glyphs from the glyph atlas.
    text_program: Program,
    particle_program: Program,
    post: PostPrograms,
    post_frame: post_frame::PostFrame,
    quad: VertexBuffer<QuadVertex>,
    backdrop_buffer: InstanceBuffer,
    world: InstanceBuffer,
    particles: InstanceBuffer,
    text: InstanceBuffer,
    atlas: Texture2dArray,
    glyphs: GlyphTexture,
    raw_gl: RawGl,
    backdrop: Option<Backdrop>,
    /// Backdrop, world and particles before post-processing (only while an effect is on).
    scene: Option<Texture2d>,
    /// The last frame's contents, and their picture when they repeat (see [`still`]).
    still: still::StillFrame,
    /// The last frame composed for a screenshot.
    capture: Option<Texture2d>,
    capture_frames: bool,
    stats: RenderStats,
    /// Draw calls issued (a `Cell` so the drawing helpers can count through `&self`).
    draw_calls: std::cell::Cell<u64>,
}

impl Renderer {
    /// Builds the shaders (`shaders/*`) and textures (`textures/*`, see [`crate::view::Layer`]) of `assets`
    /// (built in, or a modder's override files), and creates the GL (glyphs are rasterised
    /// when text first needs them, see [`crate::view::text::atlas`])
    /// objects. `raw_gl` holds the functions of the same context as `facade` (see
    /// [`offscreen`]).
    ///
    /// # Errors
    /// [`RenderError`] naming the broken file (`<built-in>/…` or the override's path), or the GL
    /// step that failed.
    pub fn new(
        facade: &impl Facade,
        raw_gl: RawGl,
        assets: &Assets,
    ) -> Result<Renderer, RenderError> {
        let sprite_program = load_program(facade, assets, "sprite", "sprite", false)?;
        let text_program = load_program(facade, assets, "sprite", "text", false)?;
        let particle_program = load_program(facade, assets, "particle", "particle", true)?;
        let post = PostPrograms::new(facade, assets)?;
        let post_frame = post_frame::PostFrame::new(facade)?;
        let corners =
            [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]].map(|corner| QuadVertex { corner });
        let quad = VertexBuffer::new(facade, &corners).map_err(gl_err)?;
        let layers = theme_layers::layers(assets, None)?;
        let atlas =
            Texture2dArray::with_mipmaps(facade, layers, MipmapsOption::AutoGeneratedMipmaps)
                .map_err(gl_err)?;
        Ok(Renderer {
            sprite_program,
            text_program,
            particle_program,
            post,
            post_frame,
            quad,
            backdrop_buffer: InstanceBuffer::new(facade, 1024)?,
            world: InstanceBuffer::new(facade, 256)?,
            particles: InstanceBuffer::new(facade, 1024)?,
            text: InstanceBuffer::new(facade, 512)?,
            atlas,
            glyphs: GlyphTexture::default(),
            raw_gl,
            backdrop: None,
            scene: None,
            still: Default::default(),
            capture: None,
            capture_frames: false,
            stats: RenderStats::default(),
            draw_calls: std::cell::Cell::new(0),
        })
    }

    /// Draws with `theme` from now on (`None`: the built-in look): the texture array is built
    /// again with its pieces, the cached pictures dropped, and the view told which pieces it
    /// has ([`crate::view::theme_look::set`]).
    ///
    /// # Errors
    /// [`RenderError`] naming a built-in or override file that does not decode, or GL's.
    pub fn set_theme(
        &mut self,
        facade: &impl Facade,
        assets: &Assets,
        theme: Option<&crate::assets::theme::Theme>,
    ) -> Result<(), RenderError> {
        let layers = theme_layers::layers(assets, theme)?;
        self.atlas =
            Texture2dArray::with_mipmaps(facade, layers, MipmapsOption::AutoGeneratedMipmaps)
                .map_err(gl_err)?;
        self.backdrop = None;
        self.still = Default::default();
        crate::view::theme_look::set(theme.map(|t| t.look()).unwrap_or_default());
        Ok(())
    }

    /// Counters since creation.
    pub fn stats(&self) -> RenderStats {
        RenderStats {
            draw_calls: self.draw_calls.get(),
            ..self.stats
        }
    }

    /// While `on`, each frame [`Renderer::render`] draws is composed into an offscreen capture
    /// texture first (then blitted to the window), so [`Renderer::save_screenshot`] can save it.
    /// Turn it on only for the frames to be saved.
    pub fn set_capture(&mut self, on: bool) {
        self.capture_frames = on;
    }

    /// Draws `batch` into the letterboxed viewport of `target`, a window framebuffer of
    /// `framebuffer_size` physical pixels (so it is sharp on HiDPI screens), black bars around.
    /// Returns false, drawing nothing, for a zero-sized (minimised) framebuffer.
    ///
    /// # Errors
    /// [`RenderError::Gl`] if a GL call fails.
    pub fn render(
        &mut self,
        facade: &impl Facade,
        target: &mut impl Surface,
        framebuffer_size: (u32, u32),
        batch: &SpriteBatch,
    ) -> Result<bool, RenderError> {
        let Some(viewport) = letterbox(framebuffer_size.0, framebuffer_size.1) else {
            return Ok(false);
        };
        let rect = Rect {
            left: viewport.x,
            // GL's origin is bottom-left.
            bottom: framebuffer_size.1 - viewport.y - viewport.height,
            width: viewport.width,
            height: viewport.height,
        };
        if self.capture_frames {
            let size = (viewport.width, viewport.height);
            self.render_capture(facade, size, batch)?;
            if rect != full_rect(target.get_dimensions()) {
                clear_black(target, None);
                self.count_draw();
            }
            if let Some(capture) = &self.capture {
                blit(facade, capture, target, rect, RowOrder::BottomUp)?;
                self.count_draw();
            }
        } else {
            self.compose(facade, target, rect, RowOrder::BottomUp, batch)?;
        }
        self.stats.frames += 1;
        Ok(true)
    }

    /// Draws a whole frame of `batch` into the `rect` of `target` (physical pixels, origin
    /// bottom-left; `order` says which way up `target` stores its rows); clears the rest of
    /// `target` to black.
    fn compose(
        &mut self,
        facade: &impl Facade,
        target: &mut impl Surface,
        rect: Rect,
        order: RowOrder,
        batch: &SpriteBatch,
    ) -> Result<(), RenderError> {
        let size = (rect.width, rect.height);
        self.update_backdrop(facade, size, &batch.backdrop)?;
        self.world.upload(facade, &batch.world)?;
        self.particles.upload(facade, &batch.particles)?;
        let text = self.glyphs.prepare(facade, &batch.text, size)?;
        let text_count = text.len();
        self.text.upload(facade, text)?;
        let Some(backdrop) = &self.backdrop else {
            return Ok(());
        };
        let variant = PostVariant::for_effects(&batch.effects);
        // Shake alone: the picture drawn shifted (no extra pass).
        let shaken = post::shaken(rect, &batch.effects);
        let plain = variant.is_none() && shaken == rect;
        let contents = plain.then(|| still::Contents {
            size,
            backdrop: backdrop.version,
            glyphs: self.glyphs.generation(),
            world: batch.world.clone(),
            particles: batch.particles.clone(),
            text: self.glyphs.resolved().to_vec(),
        });
        if self.still.repeats(contents) {
            return self.draw_still(facade, target, rect, order, batch, text_count);
        }
        match variant {
            None => self.draw_plain(facade, target, [rect, shaken], order, batch, text_count),
            Some(variant) => {
                self.draw_post(facade, target, rect, order, batch, variant)?;
                self.draw_text(target, text_count, rect, order)
            }
        }
    }

    /// Draws a frame of `batch` with no post-processing into `target`: the backdrop and the
    /// moving sprites into the `shaken` rectangle, then `text_count` text sprites into `rect`
    /// (the text does not shake); clears the rest of `target` to black.
    fn draw_plain(
        &self,
        facade: &impl Facade,
        target: &mut impl Surface,
        [rect, shaken]: [Rect; 2],
        order: RowOrder,
        batch: &SpriteBatch,
        text_count: usize,
    ) -> Result<(), RenderError> {
        let Some(backdrop) = &self.backdrop else {
            return Ok(());
        };
        // The backdrop covers every pixel of `shaken`: clear only around it.
        if shaken != rect || rect != full_rect(target.get_dimensions()) {
            clear_black(target, None);
            self.count_draw();
        }
        blit(facade, &backdrop.texture, target, shaken, order)?;
        self.count_draw();
        self.draw_moving(target, shaken, order, batch)?;
        self.draw_text(target, text_count, rect, order)
    }

    /// Brings the cached backdrop up to date with `sprites` at `size` pixels: a full redraw for a
    /// new size, a redraw of only the rectangle that changed otherwise, nothing if nothing did.
    fn update_backdrop(
        &mut self,
        facade: &impl Facade,
        size: (u32, u32),
        sprites: &[SpriteInstance],
    ) -> Result<(), RenderError> {
        let scissor = match &mut self.backdrop {
            Some(cached) if (cached.texture.width(), cached.texture.height()) == size => {
                // Nothing changed (the common case: one comparison per frame).
                let Some(dirty) = backdrop::dirty_rect(&cached.sprites, sprites) else {
                    return Ok(());
                };
                match backdrop::to_pixels(dirty, PLAYFIELD, size) {
                    // The texture is stored top row first, so GL's y counts from the top.
                    Some(r) => Some(Rect {
                        left: r.left,
                        bottom: r.top,
                        width: r.width,
                        height: r.height,
                    }),
                    // Changed only off the playfield: the picture stands.
                    None => {
                        cached.sprites = sprites.to_vec();
                        return Ok(());
                    }
                }
            }
            // No backdrop yet, or a new size: redraw it whole.
            _ => None,
        };
        let mut slot = self.backdrop.take().map(|b| b.texture);
        if scissor.is_none() {
            slot = None; // redrawn whole: no need to keep the old texture around meanwhile
        }
        ensure_texture(facade, &self.raw_gl, &mut slot, size)?;
        let Some(texture) = slot else {
            return Ok(());
        };
        self.backdrop_buffer.upload(facade, sprites)?;
        let result = SimpleFrameBuffer::new(facade, &texture)
            .map_err(gl_err)
            .and_then(|mut fb| {
                clear_black(&mut fb, scissor.as_ref());
                self.count_draw();
                let pass = SpritePass {
                    buffer: &self.backdrop_buffer,
                    count: sprites.len(),
                    program: &self.sprite_program,
                    magnify: MagnifySamplerFilter::Linear,
                    blend: over(),
                };
                self.draw_sprites(&mut fb, pass, full_rect(size), RowOrder::TopDown, scissor)
            });
        self.stats.backdrop_redraws += 1;
        self.backdrop = Some(Backdrop {
            texture,
            sprites: sprites.to_vec(),
            version: self.stats.backdrop_redraws,
        });
        result
    }

    fn count_draw(&self) {
        self.draw_calls.set(self.draw_calls.get() + 1);
    }
}
