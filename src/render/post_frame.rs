//! A frame with confuse or chaos on (LearnOpenGL "2D game → Postprocessing"), drawn
//! incrementally: the effect's picture of the cached backdrop is computed once per backdrop
//! change (or effect, or size), then each frame copies it into the viewport (for chaos, moved
//! by the swirl with wrap-around: up to four blits, memory copies on Mesa) and draws the effect
//! again only over the tiles where something moves, from the frame's scene texture (the
//! geometry is in [`super::patches`]).
//!
//! Why: on a software rasteriser (Mesa llvmpipe, no GPU) one effect pass over the whole frame
//! cost about two plain frames, and issue 14 asks for at most 2× the plain frame with any
//! effect on. Measurements in `docs/rendering.md` (`benches/effects.sh`).

use super::offscreen::{blit_part, clear_black, ensure_texture, full_rect, PictureRect, RowOrder};
use super::patches::{kernel_texels, patch_margin, patches, scene_regions, wrapped_copies, Patch};
use super::post::PostVariant;
use super::{gl_err, post, InstanceBuffer, RenderError, Renderer, SpriteBatch};
use glium::backend::Facade;
use glium::framebuffer::SimpleFrameBuffer;
use glium::texture::Texture2d;
use glium::uniforms::{MagnifySamplerFilter, MinifySamplerFilter, SamplerWrapFunction};
use glium::{uniform, DrawParameters, Rect, Surface};

/// What the cached effect picture was computed from: the backdrop's
/// [`super::Backdrop::version`], the variant, and the size in texels.
type CacheKey = (u64, PostVariant, (u32, u32));

/// The GL objects of effect frames: the patch buffer and the cached effect picture of the
/// backdrop.
pub(super) struct PostFrame {
    /// The patches of the current draw.
    buffer: InstanceBuffer<Patch>,
    /// The same, on the CPU (kept to reuse its allocation).
    patches: Vec<Patch>,
    /// The rectangles of the scene texture the patches read (kept to reuse its allocation).
    regions: Vec<PictureRect>,
    /// The backdrop with the effect applied: unmoved for chaos (the swirl moves the copies),
    /// as shown for confuse alone. Stored top row first.
    picture: Option<Texture2d>,
    /// What `picture` shows.
    picture_of: Option<CacheKey>,
}

impl PostFrame {
    /// An empty patch buffer; no picture cached yet.
    ///
    /// # Errors
    /// [`RenderError::Gl`] if the buffer cannot be created.
    pub(super) fn new(facade: &impl Facade) -> Result<PostFrame, RenderError> {
        Ok(PostFrame {
            buffer: InstanceBuffer::new(facade, 256)?,
            patches: Vec::new(),
            regions: Vec::new(),
            picture: None,
            picture_of: None,
        })
    }
}

impl Renderer {
    /// A frame of `batch` with the effects of `variant` into `rect` of `target`, whose rows are
    /// stored in `order`: the backdrop's effect picture brought up to date if the backdrop, the
    /// variant or the size changed; the patches found (one per run of tiles where something
    /// moves); the scene texture drawn where they read it; the picture copied into the viewport
    /// (chaos: moved by the swirl); then the patches, in one draw (see the module docs). A
    /// shake moves the viewport, as it does without an effect ([`post::shaken`]).
    pub(super) fn draw_post(
        &mut self,
        facade: &impl Facade,
        target: &mut impl Surface,
        rect: Rect,
        order: RowOrder,
        batch: &SpriteBatch,
        variant: PostVariant,
    ) -> Result<(), RenderError> {
        let size = (rect.width, rect.height);
        let Some(version) = self.backdrop.as_ref().map(|b| b.version) else {
            return Ok(());
        };
        let mapping = variant.mapping(batch.effects.time, size);
        let key = (version, variant, size);
        if self.post_frame.picture_of != Some(key) {
            self.post_frame.picture_of = None;
            self.post_frame.patches.clear();
            self.post_frame.patches.push(mapping.whole(size));
            self.post_frame
                .buffer
                .upload(facade, &self.post_frame.patches)?;
            ensure_texture(facade, &self.raw_gl, &mut self.post_frame.picture, size)?;
            let (Some(picture), Some(backdrop)) = (&self.post_frame.picture, &self.backdrop) else {
                return Ok(());
            };
            let mut fb = SimpleFrameBuffer::new(facade, picture).map_err(gl_err)?;
            let whole = full_rect(size);
            self.draw_patches(
                &mut fb,
                &backdrop.texture,
                variant,
                whole,
                RowOrder::TopDown,
            )?;
            self.post_frame.picture_of = Some(key);
        }
        let moving = batch.world.iter().chain(&batch.particles);
        let margin = patch_margin(size.0);
        patches(
            &mut self.post_frame.patches,
            moving.map(|s| s.i_rect),
            size,
            mapping,
            margin,
        );
        self.post_frame
            .buffer
            .upload(facade, &self.post_frame.patches)?;
        let reach = if variant.chaos {
            kernel_texels(size.0)
        } else {
            0
        };
        let mut regions = std::mem::take(&mut self.post_frame.regions);
        scene_regions(&mut regions, &self.post_frame.patches, size, reach);
        let drawn = self.draw_scene(facade, size, batch, &regions);
        self.post_frame.regions = regions;
        drawn?;
        let (Some(picture), Some(scene)) = (&self.post_frame.picture, &self.scene) else {
            return Ok(());
        };
        let viewport = post::shaken(rect, &batch.effects);
        if viewport != rect || rect != full_rect(target.get_dimensions()) {
            clear_black(target, None);
            self.count_draw();
        }
        for copy in wrapped_copies(size, mapping.copy_shift()) {
            blit_part(facade, picture, copy.from, target, viewport, order, copy.to)?;
            self.count_draw();
        }
        self.draw_patches(target, scene, variant, viewport, order)
    }

    /// Draws the scene texture of `size` pixels for an effect frame where the patches read it:
    /// the cached backdrop copied into `regions` (from [`scene_regions`]; the rest of the
    /// texture keeps whatever it held, and nothing reads it), then the moving sprites and
    /// particles. Why not the whole backdrop: that copy was a tenth of the frame's time
    /// (`perf`, docs/rendering.md).
    fn draw_scene(
        &mut self,
        facade: &impl Facade,
        size: (u32, u32),
        batch: &SpriteBatch,
        regions: &[PictureRect],
    ) -> Result<(), RenderError> {
        ensure_texture(facade, &self.raw_gl, &mut self.scene, size)?;
        let (Some(scene), Some(backdrop)) = (&self.scene, &self.backdrop) else {
            return Ok(());
        };
        let mut scene_fb = SimpleFrameBuffer::new(facade, scene).map_err(gl_err)?;
        let whole = full_rect(size);
        for region in regions {
            let to = (region.x, region.y);
            blit_part(
                facade,
                &backdrop.texture,
                *region,
                &scene_fb,
                whole,
                RowOrder::TopDown,
                to,
            )?;
            self.count_draw();
        }
        self.draw_moving(&mut scene_fb, whole, RowOrder::TopDown, batch)
    }

    /// One instanced draw of the uploaded patches with `variant`'s program (`shaders/post.*`)
    /// into `viewport` of `target` (rows stored in `order`): the effect of `scene` (stored top
    /// row first, the viewport's size) under each patch, opaque.
    fn draw_patches(
        &self,
        target: &mut impl Surface,
        scene: &Texture2d,
        variant: PostVariant,
        viewport: Rect,
        order: RowOrder,
    ) -> Result<(), RenderError> {
        let size = (scene.width(), scene.height());
        // Nearest: every tap is a texel's centre. Repeat: chaos's swirl and taps wrap around.
        let scene_sampler = scene
            .sampled()
            .magnify_filter(MagnifySamplerFilter::Nearest)
            .minify_filter(MinifySamplerFilter::Nearest)
            .wrap_function(SamplerWrapFunction::Repeat);
        let uniforms = uniform! {
            scene: scene_sampler,
            kernel: kernel_texels(size.0) as i32,
            scene_size: [size.0 as f32, size.1 as f32],
            target_top_down: order == RowOrder::TopDown,
        };
        let params = DrawParameters {
            viewport: Some(viewport),
            ..Default::default()
        };
        let count = self.post_frame.patches.len();
        let program = self.post.get(variant);
        let buffer = &self.post_frame.buffer;
        self.draw_quads(target, buffer, count, program, &uniforms, &params)
    }
}
