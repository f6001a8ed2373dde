//! Offscreen pictures the renderer draws into and reads from: a texture (stored top row first)
//! with its framebuffer. Two serve a frame: the *backdrop* (background and bricks, redrawn only
//! when they change, then copied into each frame in one pass: a frame costs one texel fetch a
//! pixel for them instead of a trilinear background and a blended quad per brick, which counts
//! on a software rasteriser such as SwiftShader) and the *scene* the effects read.

use super::textures::empty_2d;
use crate::view::SpriteInstance;
use anyhow::anyhow;
use glow::HasContext as _;

/// A texture of `size` texels and the framebuffer drawing into it.
pub struct Offscreen {
    /// The picture, nearest-sampled.
    pub texture: glow::Texture,
    framebuffer: glow::Framebuffer,
    /// Texels, (width, height).
    pub size: (i32, i32),
    /// What it shows (the backdrop's sprites), to know when to redraw it.
    pub sprites: Vec<SpriteInstance>,
}

impl Offscreen {
    /// Makes `slot` an offscreen picture of `size` texels with `wrap` (REPEAT or
    /// CLAMP_TO_EDGE) if it is none or another size (the old one deleted; the new one shows
    /// no sprites); true if it was made anew.
    ///
    /// # Errors
    /// WebGL2 refusing the texture or framebuffer (a lost context).
    pub fn ensure(
        gl: &glow::Context,
        slot: &mut Option<Offscreen>,
        size: (i32, i32),
        wrap: u32,
    ) -> anyhow::Result<bool> {
        if slot.as_ref().is_some_and(|o| o.size == size) {
            return Ok(false);
        }
        if let Some(old) = slot.take() {
            // SAFETY: objects of this context, no longer used.
            unsafe {
                gl.delete_framebuffer(old.framebuffer);
                gl.delete_texture(old.texture);
            }
        }
        let texture = empty_2d(gl, size, [glow::RGBA8, glow::RGBA], wrap)?;
        // SAFETY: a framebuffer made on this context, showing its own texture.
        let framebuffer = unsafe {
            let fb = gl
                .create_framebuffer()
                .map_err(|e| anyhow!("framebuffer: {e}"))?;
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(fb));
            gl.framebuffer_texture_2d(
                glow::FRAMEBUFFER,
                glow::COLOR_ATTACHMENT0,
                glow::TEXTURE_2D,
                Some(texture),
                0,
            );
            gl.bind_framebuffer(glow::FRAMEBUFFER, None);
            fb
        };
        *slot = Some(Offscreen {
            texture,
            framebuffer,
            size,
            sprites: Vec::new(),
        });
        Ok(true)
    }

    /// Binds the framebuffer, its whole viewport, and clears it to opaque black.
    pub fn bind_cleared(&self, gl: &glow::Context) {
        // SAFETY: state calls on this picture's context and its framebuffer.
        unsafe {
            gl.bind_framebuffer(glow::FRAMEBUFFER, Some(self.framebuffer));
            gl.disable(glow::SCISSOR_TEST);
            gl.viewport(0, 0, self.size.0, self.size.1);
            gl.clear_color(0.0, 0.0, 0.0, 1.0);
            gl.clear(glow::COLOR_BUFFER_BIT);
        }
    }
}
