//! The glium renderer: a sprite batch drawn with instancing into an offscreen texture,
//! post-processed, overlaid with text, then presented letterboxed to the window.
//!
//! Per frame, whatever the number of bricks and particles:
//! 1. one instanced draw call for all world sprites (background, bricks, paddle, balls) and one
//!    for all particles (additive blending) into the *scene* texture;
//! 2. one post-processing pass (shake, confuse, chaos — `shaders/post.*`) from the scene into the
//!    *frame* texture;
//! 3. one instanced draw call for all text, into the frame texture after post-processing, so the
//!    effects never make it unreadable;
//! 4. one pass presenting the frame texture to the window.
//!
//! Screenshots read the frame texture. Rendering only reads game state (through
//! [`SpriteBatch`]); it never changes it.

pub mod context;
pub mod debug_overlay;
pub mod headless;
pub mod letterbox;
pub mod scene;
pub mod sprite;
pub mod text;

pub use letterbox::{letterbox, Viewport};
pub use sprite::{Layer, PostEffects, SpriteBatch, SpriteInstance};

use glium::backend::Facade;
use glium::framebuffer::SimpleFrameBuffer;
use glium::index::{NoIndices, PrimitiveType};
use glium::texture::{MipmapsOption, RawImage2d, Texture2d, Texture2dArray};
use glium::uniforms::{MagnifySamplerFilter, MinifySamplerFilter, SamplerWrapFunction};
use glium::{
    implement_vertex, uniform, Blend, BlendingFunction, DrawParameters, LinearBlendingFactor,
    Program, Rect, Surface, VertexBuffer,
};
use std::path::{Path, PathBuf};
use text::LAYER_SIZE;

/// Errors from setting up or using the renderer; each names the file or step involved.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A shader or texture file could not be read.
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A texture file is not a readable PNG.
    #[error("{}: cannot decode image: {source}", path.display())]
    Image {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: image::ImageError,
    },
    /// A shader failed to compile or link.
    #[error("{}: shader program failed to build: {source}", path.display())]
    Shader {
        /// The vertex shader file of the program (the fragment shader has the same stem).
        path: PathBuf,
        /// glium's error, with the driver's log.
        source: glium::ProgramCreationError,
    },
    /// Writing a screenshot failed.
    #[error("{}: cannot write screenshot: {source}", path.display())]
    Screenshot {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: image::ImageError,
    },
    /// Any other OpenGL-side failure (buffer or texture creation, draw, swap).
    #[error("OpenGL: {0}")]
    Gl(String),
}

fn gl_err(e: impl std::fmt::Display) -> RenderError {
    RenderError::Gl(e.to_string())
}

/// A corner of the unit quad; drawn as a 4-vertex triangle strip.
#[derive(Clone, Copy, Debug)]
struct QuadVertex {
    corner: [f32; 2],
}
implement_vertex!(QuadVertex, corner);

/// An instance buffer that grows (to the next power of two) when a frame needs more room.
struct InstanceBuffer {
    buffer: VertexBuffer<SpriteInstance>,
}

impl InstanceBuffer {
    fn new(facade: &impl Facade, capacity: usize) -> Result<Self, RenderError> {
        Ok(InstanceBuffer {
            buffer: VertexBuffer::empty_dynamic(facade, capacity).map_err(gl_err)?,
        })
    }

    fn upload(&mut self, facade: &impl Facade, data: &[SpriteInstance]) -> Result<(), RenderError> {
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
    /// Draw calls issued, in total.
    pub draw_calls: u64,
}

/// The game's renderer. Create it once per GL context.
pub struct Renderer {
    sprite_program: Program,
    post_program: Program,
    present_program: Program,
    quad: VertexBuffer<QuadVertex>,
    world: InstanceBuffer,
    particles: InstanceBuffer,
    text: InstanceBuffer,
    atlas: Texture2dArray,
    /// World and particles, before post-processing.
    scene: Option<Texture2d>,
    /// Post-processed scene plus text: what is presented and what screenshots show.
    frame: Option<Texture2d>,
    stats: RenderStats,
    /// Draw calls issued (a `Cell` so the drawing helpers can count through `&self`).
    draw_calls: std::cell::Cell<u64>,
}

impl Renderer {
    /// Loads the shaders from `shader_dir` and the textures from `texture_dir` (see [`Layer`]),
    /// builds the glyph atlas, and creates the GL objects.
    ///
    /// # Errors
    /// [`RenderError`] naming the missing or broken file, or the GL step that failed.
    pub fn new(
        facade: &impl Facade,
        shader_dir: &Path,
        texture_dir: &Path,
    ) -> Result<Renderer, RenderError> {
        let sprite_program = load_program(facade, shader_dir, "sprite")?;
        let post_program = load_program(facade, shader_dir, "post")?;
        let present_program = load_program(facade, shader_dir, "present")?;
        let corners =
            [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0]].map(|corner| QuadVertex { corner });
        let quad = VertexBuffer::new(facade, &corners).map_err(gl_err)?;
        let mut layers = Vec::new();
        for (_, file) in Layer::FILES {
            layers.push(load_layer(&texture_dir.join(file))?);
        }
        layers.push(RawImage2d::from_raw_rgba_reversed(
            &text::glyph_atlas_rgba(),
            (LAYER_SIZE, LAYER_SIZE),
        ));
        let atlas =
            Texture2dArray::with_mipmaps(facade, layers, MipmapsOption::AutoGeneratedMipmaps)
                .map_err(gl_err)?;
        Ok(Renderer {
            sprite_program,
            post_program,
            present_program,
            quad,
            world: InstanceBuffer::new(facade, 1024)?,
            particles: InstanceBuffer::new(facade, 1024)?,
            text: InstanceBuffer::new(facade, 512)?,
            atlas,
            scene: None,
            frame: None,
            stats: RenderStats::default(),
            draw_calls: std::cell::Cell::new(0),
        })
    }

    /// Counters since creation.
    pub fn stats(&self) -> RenderStats {
        RenderStats {
            draw_calls: self.draw_calls.get(),
            ..self.stats
        }
    }

    /// Draws `batch` into the offscreen scene texture (sized to the letterboxed viewport of a
    /// `framebuffer_size` window, in physical pixels, so it is sharp on HiDPI screens), then
    /// presents it to `target` centred with black bars. Returns false, drawing nothing, for a
    /// zero-sized (minimised) framebuffer.
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
        self.draw_frame(facade, (viewport.width, viewport.height), batch)?;
        let Some(frame) = &self.frame else {
            return Ok(false);
        };

        target.clear_color(0.0, 0.0, 0.0, 1.0);
        let params = DrawParameters {
            viewport: Some(Rect {
                left: viewport.x,
                // glium's viewport origin is bottom-left.
                bottom: framebuffer_size.1 - viewport.y - viewport.height,
                width: viewport.width,
                height: viewport.height,
            }),
            ..Default::default()
        };
        let sampler = frame
            .sampled()
            .magnify_filter(MagnifySamplerFilter::Linear)
            .minify_filter(MinifySamplerFilter::Linear)
            .wrap_function(SamplerWrapFunction::Clamp);
        target
            .draw(
                &self.quad,
                NoIndices(PrimitiveType::TriangleStrip),
                &self.present_program,
                &uniform! { scene: sampler },
                &params,
            )
            .map_err(gl_err)?;
        self.draw_calls.set(self.draw_calls.get() + 1);
        self.stats.frames += 1;
        Ok(true)
    }

    /// Draws `batch` into the offscreen scene texture only, at `size` pixels (no window needed:
    /// used with a headless context for previews). Read it back with [`Renderer::save_screenshot`].
    ///
    /// # Errors
    /// [`RenderError::Gl`] if a GL call fails.
    pub fn render_offscreen(
        &mut self,
        facade: &impl Facade,
        size: (u32, u32),
        batch: &SpriteBatch,
    ) -> Result<(), RenderError> {
        self.draw_frame(facade, (size.0.max(1), size.1.max(1)), batch)?;
        self.stats.frames += 1;
        Ok(())
    }

    /// Draws `batch` into the offscreen textures of `size` physical pixels: world and particles
    /// into the scene, the post pass into the frame, then text on top of the frame.
    fn draw_frame(
        &mut self,
        facade: &impl Facade,
        size: (u32, u32),
        batch: &SpriteBatch,
    ) -> Result<(), RenderError> {
        for texture in [&mut self.scene, &mut self.frame] {
            if texture.as_ref().map(|t| (t.width(), t.height())) != Some(size) {
                *texture = Some(Texture2d::empty(facade, size.0, size.1).map_err(gl_err)?);
            }
        }
        self.world.upload(facade, &batch.world)?;
        self.particles.upload(facade, &batch.particles)?;
        self.text.upload(facade, &batch.text)?;
        let (Some(scene), Some(frame)) = (&self.scene, &self.frame) else {
            return Ok(());
        };

        // Colour: ordinary "over" blending. Alpha: also "over" (one, one-minus-source-alpha), so
        // the opaque scene stays opaque and screenshots have no see-through holes.
        let over = Blend {
            alpha: BlendingFunction::Addition {
                source: LinearBlendingFactor::One,
                destination: LinearBlendingFactor::OneMinusSourceAlpha,
            },
            ..Blend::alpha_blending()
        };
        // Particles add light: colour × alpha added to what is there; alpha unchanged.
        let additive = Blend {
            color: BlendingFunction::Addition {
                source: LinearBlendingFactor::SourceAlpha,
                destination: LinearBlendingFactor::One,
            },
            alpha: BlendingFunction::Addition {
                source: LinearBlendingFactor::Zero,
                destination: LinearBlendingFactor::One,
            },
            constant_value: (0.0, 0.0, 0.0, 0.0),
        };
        let mut scene_fb = SimpleFrameBuffer::new(facade, scene).map_err(gl_err)?;
        scene_fb.clear_color(0.0, 0.0, 0.0, 1.0);
        self.draw_sprites(
            &mut scene_fb,
            &self.world,
            batch.world.len(),
            MagnifySamplerFilter::Linear,
            over,
        )?;
        self.draw_sprites(
            &mut scene_fb,
            &self.particles,
            batch.particles.len(),
            MagnifySamplerFilter::Linear,
            additive,
        )?;

        let mut frame_fb = SimpleFrameBuffer::new(facade, frame).map_err(gl_err)?;
        let effects = batch.effects;
        let wrap = if effects.chaos {
            SamplerWrapFunction::Repeat
        } else {
            SamplerWrapFunction::Clamp
        };
        let scene_sampler = scene
            .sampled()
            .magnify_filter(MagnifySamplerFilter::Linear)
            .minify_filter(MinifySamplerFilter::Linear)
            .wrap_function(wrap);
        let playfield = [
            crate::sim::tuning::PLAYFIELD_WIDTH,
            crate::sim::tuning::PLAYFIELD_HEIGHT,
        ];
        let uniforms = uniform! {
            scene: scene_sampler,
            kernel_step: [2.0 / playfield[0], 2.0 / playfield[1]],
            chaos: effects.chaos,
            confuse: effects.confuse,
            shake: effects.shake > 0.0,
            shake_strength: effects.shake,
            time: effects.time,
        };
        frame_fb.clear_color(0.0, 0.0, 0.0, 1.0);
        frame_fb
            .draw(
                &self.quad,
                NoIndices(PrimitiveType::TriangleStrip),
                &self.post_program,
                &uniforms,
                &Default::default(),
            )
            .map_err(gl_err)?;
        self.draw_calls.set(self.draw_calls.get() + 1);
        // Text is magnified pixel art: nearest keeps glyph edges crisp.
        self.draw_sprites(
            &mut frame_fb,
            &self.text,
            batch.text.len(),
            MagnifySamplerFilter::Nearest,
            over,
        )?;
        Ok(())
    }

    /// One instanced draw of the first `count` sprites of `buffer` into `target`.
    fn draw_sprites(
        &self,
        target: &mut impl Surface,
        buffer: &InstanceBuffer,
        count: usize,
        magnify: MagnifySamplerFilter,
        blend: Blend,
    ) -> Result<(), RenderError> {
        let Some(instances) = buffer.buffer.slice(0..count).filter(|_| count > 0) else {
            return Ok(());
        };
        let atlas = self
            .atlas
            .sampled()
            .magnify_filter(magnify)
            .minify_filter(MinifySamplerFilter::LinearMipmapLinear)
            .wrap_function(SamplerWrapFunction::Clamp);
        let playfield = [
            crate::sim::tuning::PLAYFIELD_WIDTH,
            crate::sim::tuning::PLAYFIELD_HEIGHT,
        ];
        let uniforms = uniform! { atlas: atlas, playfield_size: playfield };
        let per_instance = instances
            .per_instance()
            .map_err(|_| gl_err("instancing is not supported"))?;
        let params = DrawParameters {
            blend,
            ..Default::default()
        };
        target
            .draw(
                (&self.quad, per_instance),
                NoIndices(PrimitiveType::TriangleStrip),
                &self.sprite_program,
                &uniforms,
                &params,
            )
            .map_err(gl_err)?;
        // Counted by the renderer: one per issued draw call.
        self.draw_calls.set(self.draw_calls.get() + 1);
        Ok(())
    }

    /// Writes the last rendered scene (without the black bars) to a PNG file.
    ///
    /// # Errors
    /// [`RenderError::Screenshot`] naming the file if it cannot be written; [`RenderError::Gl`]
    /// if nothing was rendered yet.
    pub fn save_screenshot(&self, path: &Path) -> Result<(), RenderError> {
        let frame = self
            .frame
            .as_ref()
            .ok_or_else(|| gl_err("no frame was rendered, so there is no screenshot"))?;
        let raw: RawImage2d<u8> = frame.read();
        let image = image::RgbaImage::from_raw(raw.width, raw.height, raw.data.into_owned())
            .ok_or_else(|| gl_err("screenshot buffer has the wrong size"))?;
        // OpenGL returns the bottom row first.
        let image = image::imageops::flip_vertical(&image);
        image.save(path).map_err(|source| RenderError::Screenshot {
            path: path.to_path_buf(),
            source,
        })
    }
}

/// Reads `<dir>/<name>.vert` and `<dir>/<name>.frag` and links them.
fn load_program(facade: &impl Facade, dir: &Path, name: &str) -> Result<Program, RenderError> {
    let read = |ext: &str| {
        let path = dir.join(format!("{name}.{ext}"));
        std::fs::read_to_string(&path).map_err(|source| RenderError::Read { path, source })
    };
    let (vertex, fragment) = (read("vert")?, read("frag")?);
    Program::from_source(facade, &vertex, &fragment, None).map_err(|source| RenderError::Shader {
        path: dir.join(format!("{name}.vert")),
        source,
    })
}

/// Loads one PNG as a texture-array layer, resized to `LAYER_SIZE` square if needed.
fn load_layer(path: &Path) -> Result<RawImage2d<'static, u8>, RenderError> {
    let bytes = std::fs::read(path).map_err(|source| RenderError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
        .map_err(|source| RenderError::Image {
            path: path.to_path_buf(),
            source,
        })?
        .to_rgba8();
    let image = if image.dimensions() == (LAYER_SIZE, LAYER_SIZE) {
        image
    } else {
        log::warn!(
            "{}: is {:?}, expected {LAYER_SIZE}×{LAYER_SIZE}; resizing",
            path.display(),
            image.dimensions()
        );
        image::imageops::resize(
            &image,
            LAYER_SIZE,
            LAYER_SIZE,
            image::imageops::FilterType::Triangle,
        )
    };
    Ok(RawImage2d::from_raw_rgba_reversed(
        &image.into_raw(),
        (LAYER_SIZE, LAYER_SIZE),
    ))
}
