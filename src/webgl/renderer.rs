//! The WebGL2 renderer: a frame of a [`SpriteBatch`] is the backdrop's picture (background and
//! bricks, redrawn only when they change, see [`Offscreen`]) copied into the letterboxed
//! viewport, then the world sprites (one instanced draw, "over" blending) and the particles
//! (point sprites, additive), all moved by a shake; with confuse or chaos on, those go to a
//! scene texture first and one effect pass (`shaders/post.*`) draws it into the viewport; the
//! text last, over the effects. Unlike the desktop's, no partial redraws or effect patches: a
//! few whole-frame passes are what a GPU (or SwiftShader) draws with ease.

use super::frame::{effect_patch, kernel_texels, shaken, viewport, GlRect};
use super::offscreen::Offscreen;
use super::programs::{build, Program};
use super::textures::{sprite_array, Glyphs};
use crate::assets::Assets;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::view::{SpriteBatch, SpriteInstance};
use anyhow::anyhow;
use glow::HasContext as _;

/// Floats per sprite instance (`i_rect`, `i_uv`, `i_color`, `i_layer`).
const FLOATS: usize = 13;

/// Which blending a pass uses.
#[derive(Clone, Copy)]
enum Blend {
    /// Colour over what is there; alpha "over" too, so the frame stays opaque.
    Over,
    /// Particles add light; alpha unchanged.
    Additive,
}

/// Draws sprite batches on one WebGL2 context.
pub struct Renderer {
    gl: glow::Context,
    frames: u64,
    sprite: Program,
    text: Program,
    particle: Program,
    /// `shaders/post.*` per effect variant, index `chaos | confuse << 1` (0 unused: no pass).
    post: Vec<Program>,
    array: glow::Texture,
    glyphs: Glyphs,
    /// The unit quad's corners, then instance data, then the effect patch.
    buffers: [glow::Buffer; 3],
    sprite_vao: glow::VertexArray,
    post_vao: glow::VertexArray,
    /// Background and bricks, redrawn when they change (see [`Offscreen`]).
    backdrop: Option<Offscreen>,
    /// The world before the effect pass (only while confuse or chaos is on).
    scene: Option<Offscreen>,
    /// Largest point sprite this context draws, pixels (`ALIASED_POINT_SIZE_RANGE`).
    point_max: f32,
    /// The frame's instances, as floats (kept to reuse the allocation).
    floats: Vec<f32>,
}

impl Renderer {
    /// Compiles the shaders and uploads the textures of `assets` to `gl`.
    ///
    /// # Errors
    /// A shader WebGL2 does not compile or link (the message names the file), a texture file
    /// that is missing or no PNG, an object WebGL2 refuses to make.
    pub fn new(gl: glow::Context, assets: &Assets) -> anyhow::Result<Renderer> {
        let world_uniforms = ["atlas", "glyphs", "playfield_size", "target_top_down"];
        let sprite = build(&gl, assets, ["sprite", "sprite"], "", &world_uniforms)?;
        let text = build(&gl, assets, ["sprite", "text"], "", &world_uniforms)?;
        let particle_uniforms = ["playfield_size", "viewport_scale", "target_top_down"];
        let particle = build(
            &gl,
            assets,
            ["particle", "particle"],
            "",
            &particle_uniforms,
        )?;
        let post_uniforms = ["scene", "kernel", "scene_size", "target_top_down"];
        let mut post = Vec::new();
        for defines in ["", "#define CHAOS\n", "#define CONFUSE\n"] {
            post.push(build(
                &gl,
                assets,
                ["post", "post"],
                defines,
                &post_uniforms,
            )?);
        }
        let both = "#define CHAOS\n#define CONFUSE\n";
        post.push(build(&gl, assets, ["post", "post"], both, &post_uniforms)?);
        let array = sprite_array(&gl, assets)?;
        // SAFETY: objects made and configured on the context this renderer owns.
        let (buffers, sprite_vao, post_vao, point_max) = unsafe {
            let mut buffers = Vec::new();
            for _ in 0..3 {
                buffers.push(gl.create_buffer().map_err(|e| anyhow!("buffer: {e}"))?);
            }
            let buffers = [buffers[0], buffers[1], buffers[2]];
            let corners: [f32; 8] = [0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0];
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffers[0]));
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &f32_bytes(&corners), glow::STATIC_DRAW);
            let sprite_vao = quad_vao(&gl, buffers[0])?;
            let post_vao = quad_vao(&gl, buffers[0])?;
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(buffers[2]));
            for (location, size, offset) in [(1, 4, 0), (2, 2, 16)] {
                gl.enable_vertex_attrib_array(location);
                gl.vertex_attrib_pointer_f32(location, size, glow::FLOAT, false, 24, offset);
                gl.vertex_attrib_divisor(location, 1);
            }
            gl.bind_vertex_array(None);
            let mut range = [1.0f32, 1.0];
            gl.get_parameter_f32_slice(glow::ALIASED_POINT_SIZE_RANGE, &mut range);
            (buffers, sprite_vao, post_vao, range[1].max(1.0))
        };
        log::info!("WebGL2 renderer ready; point sprites up to {point_max} px");
        Ok(Renderer {
            gl,
            frames: 0,
            sprite,
            text,
            particle,
            post,
            array,
            glyphs: Glyphs::default(),
            buffers,
            sprite_vao,
            post_vao,
            backdrop: None,
            scene: None,
            point_max,
            floats: Vec::new(),
        })
    }

    /// Frames drawn so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Draws `batch` on a drawing buffer of `framebuffer` (physical pixels: width, height),
    /// letterboxed 4:3 with black bars; false, drawing nothing, for a zero size.
    ///
    /// # Errors
    /// A lost context (an object WebGL2 refuses to make).
    pub fn render(&mut self, framebuffer: (u32, u32), batch: &SpriteBatch) -> anyhow::Result<bool> {
        let Some(rect) = viewport(framebuffer) else {
            return Ok(false);
        };
        let scale = [
            rect.width as f32 / PLAYFIELD_WIDTH,
            rect.height as f32 / PLAYFIELD_HEIGHT,
        ];
        self.glyphs.prepare(&self.gl, &batch.text, scale)?;
        let scale = scale[0];
        let counts = self.upload(batch, scale);
        let size = (rect.width, rect.height);
        self.update_backdrop(size, &batch.backdrop, counts[0])?;
        let moved = shaken(rect, &batch.effects);
        if let Some(patch) = effect_patch(&batch.effects, size) {
            Offscreen::ensure(&self.gl, &mut self.scene, size, glow::REPEAT)?;
            if let Some(scene) = &self.scene {
                scene.bind_cleared(&self.gl);
            }
            let whole = GlRect {
                left: 0,
                bottom: 0,
                width: size.0,
                height: size.1,
            };
            self.draw_copy(0, [0.0, 0.0, size.0 as f32, size.1 as f32], whole, true);
            self.draw_world(whole, true, counts, scale);
            self.clear(framebuffer);
            let variant =
                usize::from(batch.effects.chaos) | usize::from(batch.effects.confuse) << 1;
            self.draw_copy(variant, patch, moved, false);
        } else {
            self.clear(framebuffer);
            self.draw_copy(0, [0.0, 0.0, size.0 as f32, size.1 as f32], moved, false);
            self.draw_world(moved, false, counts, scale);
        }
        let first = counts.iter().sum();
        self.draw_sprites(&self.text, rect, false, [first, self.glyphs.resolved.len()]);
        self.frames += 1;
        Ok(true)
    }

    /// Uploads the frame's backdrop, world, particle and text instances into one buffer (in
    /// that order; particles larger than this context's points are shrunk about their centre to
    /// the largest it draws); returns the first three counts.
    fn upload(&mut self, batch: &SpriteBatch, scale: f32) -> [usize; 3] {
        let floats = &mut self.floats;
        floats.clear();
        let largest = self.point_max / scale.max(1e-3);
        let passes = [&batch.backdrop, &batch.world, &batch.particles];
        for (pass, sprites) in passes.iter().enumerate() {
            for s in sprites.iter() {
                let mut s = *s;
                if pass == 2 && s.i_rect[2] > largest {
                    let [x, y, w, h] = s.i_rect;
                    let (cx, cy) = (x + w / 2.0, y + h / 2.0);
                    s.i_rect = [cx - largest / 2.0, cy - largest / 2.0, largest, largest];
                }
                push_instance(floats, &s);
            }
        }
        for s in &self.glyphs.resolved {
            push_instance(floats, s);
        }
        // SAFETY: the instance buffer of this context, filled with plain floats.
        unsafe {
            self.gl
                .bind_buffer(glow::ARRAY_BUFFER, Some(self.buffers[1]));
            self.gl
                .buffer_data_u8_slice(glow::ARRAY_BUFFER, &f32_bytes(floats), glow::STREAM_DRAW);
        }
        passes.map(|p| p.len())
    }

    /// Clears the whole drawing buffer of `size` to opaque black.
    fn clear(&self, size: (u32, u32)) {
        // SAFETY: state calls on this renderer's context.
        unsafe {
            self.gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            self.gl.disable(glow::SCISSOR_TEST);
            self.gl.viewport(0, 0, size.0 as i32, size.1 as i32);
            self.gl.clear_color(0.0, 0.0, 0.0, 1.0);
            self.gl.clear(glow::COLOR_BUFFER_BIT);
        }
    }

    /// The world sprites and particles (instances `counts` are the backdrop's, the world's and
    /// the particles', in that order) into
    /// `rect` of the bound target (`top_down`: stored top row first, the scene texture);
    /// `scale` is pixels per playfield pixel.
    fn draw_world(&self, rect: GlRect, top_down: bool, counts: [usize; 3], scale: f32) {
        let [backdrop, world, particles] = counts;
        self.draw_sprites(&self.sprite, rect, top_down, [backdrop, world]);
        let p = &self.particle;
        // SAFETY: state and draw calls on this renderer's context and its objects.
        unsafe {
            let gl = &self.gl;
            gl.use_program(Some(p.program));
            gl.uniform_2_f32(
                p.uniform("playfield_size"),
                PLAYFIELD_WIDTH,
                PLAYFIELD_HEIGHT,
            );
            gl.uniform_1_f32(p.uniform("viewport_scale"), scale);
            gl.uniform_1_i32(p.uniform("target_top_down"), i32::from(top_down));
            set_blend(gl, Blend::Additive);
            // A point is kept whole while its centre is inside: keep it off the black bars.
            gl.enable(glow::SCISSOR_TEST);
            gl.scissor(rect.left, rect.bottom, rect.width, rect.height);
            self.bind_instances(backdrop + world);
            if particles > 0 {
                gl.draw_arrays_instanced(glow::POINTS, 0, 1, particles as i32);
            }
            gl.disable(glow::SCISSOR_TEST);
        }
    }

    /// One instanced draw of `program` (`sprite.vert` with `sprite.frag` or `text.frag`) over
    /// instances `[first, count]` into `rect`, "over" blending.
    fn draw_sprites(&self, program: &Program, rect: GlRect, top_down: bool, range: [usize; 2]) {
        let [first, count] = range;
        if count == 0 {
            return;
        }
        let text = std::ptr::eq(program, &self.text);
        // SAFETY: state and draw calls on this renderer's context and its objects.
        unsafe {
            let gl = &self.gl;
            gl.viewport(rect.left, rect.bottom, rect.width, rect.height);
            gl.use_program(Some(program.program));
            gl.uniform_2_f32(
                program.uniform("playfield_size"),
                PLAYFIELD_WIDTH,
                PLAYFIELD_HEIGHT,
            );
            gl.uniform_1_i32(program.uniform("target_top_down"), i32::from(top_down));
            gl.uniform_1_i32(program.uniform("atlas"), 0);
            gl.uniform_1_i32(program.uniform("glyphs"), 1);
            gl.active_texture(glow::TEXTURE0);
            gl.bind_texture(glow::TEXTURE_2D_ARRAY, Some(self.array));
            // Text is snapped to whole pixels: sampled texel for pixel.
            let magnify = if text { glow::NEAREST } else { glow::LINEAR };
            gl.tex_parameter_i32(
                glow::TEXTURE_2D_ARRAY,
                glow::TEXTURE_MAG_FILTER,
                magnify as i32,
            );
            gl.active_texture(glow::TEXTURE1);
            gl.bind_texture(glow::TEXTURE_2D, self.glyphs.texture());
            gl.active_texture(glow::TEXTURE0);
            set_blend(gl, Blend::Over);
            self.bind_instances(first);
            gl.draw_arrays_instanced(glow::TRIANGLE_STRIP, 0, 4, count as i32);
        }
    }

    /// Points the sprite vertex array's instance attributes at instance `first` onwards.
    fn bind_instances(&self, first: usize) {
        let base = (first * FLOATS * 4) as i32;
        // SAFETY: attribute state of this renderer's vertex array and instance buffer.
        unsafe {
            let gl = &self.gl;
            gl.bind_vertex_array(Some(self.sprite_vao));
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(self.buffers[1]));
            let stride = (FLOATS * 4) as i32;
            for (location, size, offset) in [(1, 4, 0), (2, 4, 16), (3, 4, 32), (4, 1, 48)] {
                gl.enable_vertex_attrib_array(location);
                gl.vertex_attrib_pointer_f32(
                    location,
                    size,
                    glow::FLOAT,
                    false,
                    stride,
                    base + offset,
                );
                gl.vertex_attrib_divisor(location, 1);
            }
        }
    }

    /// Redraws the backdrop picture (`size` texels) if it is new or showed other sprites than
    /// `sprites` (the first `count` instances).
    ///
    /// # Errors
    /// WebGL2 refusing the texture or framebuffer (a lost context).
    fn update_backdrop(
        &mut self,
        size: (i32, i32),
        sprites: &[SpriteInstance],
        count: usize,
    ) -> anyhow::Result<()> {
        Offscreen::ensure(&self.gl, &mut self.backdrop, size, glow::CLAMP_TO_EDGE)?;
        let Some(backdrop) = &mut self.backdrop else {
            return Ok(());
        };
        if backdrop.sprites == sprites && !backdrop.sprites.is_empty() {
            return Ok(());
        }
        backdrop.sprites = sprites.to_vec();
        backdrop.bind_cleared(&self.gl);
        let whole = GlRect {
            left: 0,
            bottom: 0,
            width: size.0,
            height: size.1,
        };
        self.draw_sprites(&self.sprite, whole, true, [0, count]);
        Ok(())
    }

    /// One pass of `shaders/post.*` (variant `variant`: `chaos | confuse << 1`, 0 a plain copy)
    /// reading, through `patch` (see [`effect_patch`]), the scene texture, or the backdrop's
    /// for variant 0, into `rect` of the bound target (`top_down`: stored top row first).
    fn draw_copy(&self, variant: usize, patch: [f32; 4], rect: GlRect, top_down: bool) {
        let source = if variant == 0 {
            &self.backdrop
        } else {
            &self.scene
        };
        let (Some(source), Some(program)) = (source, self.post.get(variant)) else {
            return;
        };
        let data = [patch[0], patch[1], patch[2], patch[3], 0.0, 0.0];
        // SAFETY: state and draw calls on this renderer's context and its objects.
        unsafe {
            let gl = &self.gl;
            gl.bind_buffer(glow::ARRAY_BUFFER, Some(self.buffers[2]));
            gl.buffer_data_u8_slice(glow::ARRAY_BUFFER, &f32_bytes(&data), glow::STREAM_DRAW);
            gl.viewport(rect.left, rect.bottom, rect.width, rect.height);
            gl.use_program(Some(program.program));
            let (w, h) = source.size;
            gl.uniform_2_f32(program.uniform("scene_size"), w as f32, h as f32);
            gl.uniform_1_i32(program.uniform("kernel"), kernel_texels(w));
            gl.uniform_1_i32(program.uniform("target_top_down"), i32::from(top_down));
            gl.uniform_1_i32(program.uniform("scene"), 0);
            gl.active_texture(glow::TEXTURE0);
            gl.bind_texture(glow::TEXTURE_2D, Some(source.texture));
            gl.disable(glow::BLEND);
            gl.bind_vertex_array(Some(self.post_vao));
            gl.draw_arrays_instanced(glow::TRIANGLE_STRIP, 0, 4, 1);
        }
    }
}

/// A vertex array whose attribute 0 (`corner`) reads the unit quad of `quad`.
///
/// # Safety
/// `quad` is a buffer of `gl`.
unsafe fn quad_vao(gl: &glow::Context, quad: glow::Buffer) -> anyhow::Result<glow::VertexArray> {
    let vao = gl
        .create_vertex_array()
        .map_err(|e| anyhow!("vertex array: {e}"))?;
    gl.bind_vertex_array(Some(vao));
    gl.bind_buffer(glow::ARRAY_BUFFER, Some(quad));
    gl.enable_vertex_attrib_array(0);
    gl.vertex_attrib_pointer_f32(0, 2, glow::FLOAT, false, 8, 0);
    Ok(vao)
}

/// Sets the blending of `blend`.
///
/// # Safety
/// Plain state calls on `gl`.
unsafe fn set_blend(gl: &glow::Context, blend: Blend) {
    gl.enable(glow::BLEND);
    match blend {
        Blend::Over => gl.blend_func_separate(
            glow::SRC_ALPHA,
            glow::ONE_MINUS_SRC_ALPHA,
            glow::ONE,
            glow::ONE_MINUS_SRC_ALPHA,
        ),
        Blend::Additive => {
            gl.blend_func_separate(glow::SRC_ALPHA, glow::ONE, glow::ZERO, glow::ONE)
        }
    }
}

/// Appends `s`'s fields, in the shaders' attribute order.
fn push_instance(out: &mut Vec<f32>, s: &SpriteInstance) {
    out.extend_from_slice(&s.i_rect);
    out.extend_from_slice(&s.i_uv);
    out.extend_from_slice(&s.i_color);
    out.push(s.i_layer);
}

/// `floats` as bytes (native order: WebAssembly is little-endian, as WebGL expects).
fn f32_bytes(floats: &[f32]) -> Vec<u8> {
    floats.iter().flat_map(|f| f.to_le_bytes()).collect()
}
