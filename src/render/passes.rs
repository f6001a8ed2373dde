//! The renderer's draw passes: instanced sprites, particles as point sprites, text, the one
//! instanced quad draw they and the effects' patches (`post_frame.rs`) share, and the blending
//! each uses. Every pass maps the 800×600 playfield (pixels, origin top-left, y down) onto a
//! viewport rectangle of its target (physical pixels, GL's origin bottom-left), upright for the
//! target's [`RowOrder`].

use super::offscreen::RowOrder;
use super::{gl_err, InstanceBuffer, RenderError, Renderer, PLAYFIELD};
use crate::view::SpriteBatch;
use glium::index::{NoIndices, PrimitiveType};
use glium::uniforms::{MagnifySamplerFilter, MinifySamplerFilter, SamplerWrapFunction, Uniforms};
use glium::{
    uniform, Blend, BlendingFunction, DrawParameters, LinearBlendingFactor, Program, Rect, Surface,
};

/// Colour "over" blending; alpha also "over" (one, one-minus-source-alpha), so an opaque frame
/// stays opaque and screenshots have no see-through holes.
pub(super) fn over() -> Blend {
    Blend {
        alpha: BlendingFunction::Addition {
            source: LinearBlendingFactor::One,
            destination: LinearBlendingFactor::OneMinusSourceAlpha,
        },
        ..Blend::alpha_blending()
    }
}

/// Particles add light: colour × alpha added to what is there; alpha unchanged.
fn additive() -> Blend {
    Blend {
        color: BlendingFunction::Addition {
            source: LinearBlendingFactor::SourceAlpha,
            destination: LinearBlendingFactor::One,
        },
        alpha: BlendingFunction::Addition {
            source: LinearBlendingFactor::Zero,
            destination: LinearBlendingFactor::One,
        },
        constant_value: (0.0, 0.0, 0.0, 0.0),
    }
}

/// One instanced sprite draw: the first `count` instances of `buffer`, drawn with `program`
/// (`shaders/sprite.vert` with a fragment shader), magnified with `magnify`, blended with
/// `blend`.
pub(super) struct SpritePass<'a> {
    pub(super) buffer: &'a InstanceBuffer,
    pub(super) count: usize,
    pub(super) program: &'a Program,
    pub(super) magnify: MagnifySamplerFilter,
    pub(super) blend: Blend,
}

impl Renderer {
    /// The moving world sprites (over) and the particles (additive) into `rect` of `target`.
    pub(super) fn draw_moving(
        &self,
        target: &mut impl Surface,
        rect: Rect,
        order: RowOrder,
        batch: &SpriteBatch,
    ) -> Result<(), RenderError> {
        let world = SpritePass {
            buffer: &self.world,
            count: batch.world.len(),
            program: &self.sprite_program,
            magnify: MagnifySamplerFilter::Linear,
            blend: over(),
        };
        self.draw_sprites(target, world, rect, order, None)?;
        self.draw_particles(target, batch.particles.len(), rect, order)
    }

    /// One instanced draw of the first `count` particles as point sprites (additive) into
    /// `viewport` of `target`, whose rows are stored in `order`.
    pub(super) fn draw_particles(
        &self,
        target: &mut impl Surface,
        count: usize,
        viewport: Rect,
        order: RowOrder,
    ) -> Result<(), RenderError> {
        let Some(instances) = self.particles.buffer.slice(0..count).filter(|_| count > 0) else {
            return Ok(());
        };
        let per_instance = instances
            .per_instance()
            .map_err(|_| gl_err("instancing is not supported"))?;
        // One point per instance: the quad's first corner (its value is not used).
        let point = self
            .quad
            .slice(0..1)
            .ok_or_else(|| gl_err("empty quad buffer"))?;
        let uniforms = uniform! {
            playfield_size: PLAYFIELD,
            viewport_scale: viewport.width as f32 / PLAYFIELD[0],
            target_top_down: order == RowOrder::TopDown,
        };
        let params = DrawParameters {
            blend: additive(),
            viewport: Some(viewport),
            // A point is kept whole while its centre is inside: keep it out of the black bars.
            scissor: Some(viewport),
            ..Default::default()
        };
        target
            .draw(
                (point, per_instance),
                NoIndices(PrimitiveType::Points),
                &self.particle_program,
                &uniforms,
                &params,
            )
            .map_err(gl_err)?;
        self.count_draw();
        Ok(())
    }

    /// One instanced draw of the first `count` text sprites (glyphs, panels, icons; glyph
    /// quads already resolved, see [`crate::view::text::atlas`]) into `viewport` of `target`,
    /// sampled texel for pixel (nearest: the quads are snapped to whole pixels).
    pub(super) fn draw_text(
        &self,
        target: &mut impl Surface,
        count: usize,
        viewport: Rect,
        order: RowOrder,
    ) -> Result<(), RenderError> {
        let Some(glyphs) = self.glyphs.texture() else {
            return Ok(());
        };
        let atlas = self
            .atlas
            .sampled()
            .magnify_filter(MagnifySamplerFilter::Nearest)
            .minify_filter(MinifySamplerFilter::LinearMipmapLinear)
            .wrap_function(SamplerWrapFunction::Clamp);
        let glyphs = glyphs
            .sampled()
            .magnify_filter(MagnifySamplerFilter::Nearest)
            .minify_filter(MinifySamplerFilter::Nearest)
            .wrap_function(SamplerWrapFunction::Clamp);
        let uniforms = uniform! {
            atlas: atlas,
            glyphs: glyphs,
            playfield_size: PLAYFIELD,
            target_top_down: order == RowOrder::TopDown,
        };
        let params = DrawParameters {
            blend: over(),
            viewport: Some(viewport),
            ..Default::default()
        };
        let program = &self.text_program;
        self.draw_quads(target, &self.text, count, program, &uniforms, &params)
    }

    /// One instanced draw of `pass` into `viewport` of `target` (the playfield is mapped onto
    /// the viewport, upright for targets whose rows are stored in `order`), limited to `scissor`
    /// if given.
    pub(super) fn draw_sprites(
        &self,
        target: &mut impl Surface,
        pass: SpritePass,
        viewport: Rect,
        order: RowOrder,
        scissor: Option<Rect>,
    ) -> Result<(), RenderError> {
        let SpritePass {
            buffer,
            count,
            program,
            magnify,
            blend,
        } = pass;
        let atlas = self
            .atlas
            .sampled()
            .magnify_filter(magnify)
            .minify_filter(MinifySamplerFilter::LinearMipmapLinear)
            .wrap_function(SamplerWrapFunction::Clamp);
        let uniforms = uniform! {
            atlas: atlas,
            playfield_size: PLAYFIELD,
            target_top_down: order == RowOrder::TopDown,
        };
        let params = DrawParameters {
            blend,
            viewport: Some(viewport),
            scissor,
            ..Default::default()
        };
        self.draw_quads(target, buffer, count, program, &uniforms, &params)
    }

    /// One instanced draw of the unit quad (a 4-vertex triangle strip) per each of the first
    /// `count` instances of `buffer`, with `program`, `uniforms` and `params`; nothing when
    /// `count` is 0. Counted as one draw call. The sprite, text and effect-patch passes differ
    /// only in what they pass here.
    pub(super) fn draw_quads<T: Copy + glium::Vertex>(
        &self,
        target: &mut impl Surface,
        buffer: &InstanceBuffer<T>,
        count: usize,
        program: &Program,
        uniforms: &impl Uniforms,
        params: &DrawParameters,
    ) -> Result<(), RenderError> {
        let Some(instances) = buffer.buffer.slice(0..count).filter(|_| count > 0) else {
            return Ok(());
        };
        let per_instance = instances
            .per_instance()
            .map_err(|_| gl_err("instancing is not supported"))?;
        target
            .draw(
                (&self.quad, per_instance),
                NoIndices(PrimitiveType::TriangleStrip),
                program,
                uniforms,
                params,
            )
            .map_err(gl_err)?;
        self.count_draw();
        Ok(())
    }
}
