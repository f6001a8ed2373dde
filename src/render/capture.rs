//! Pictures read back: frames composed into the offscreen *capture* texture (screenshots,
//! previews with no window), and that texture read back or written to a PNG file.

use super::offscreen::{ensure_texture, full_rect, RowOrder};
use super::{gl_err, RenderError, Renderer};
use crate::view::{letterbox, SpriteBatch};
use glium::backend::Facade;
use glium::framebuffer::SimpleFrameBuffer;
use glium::texture::RawImage2d;
use glium::Rect;
use std::path::Path;

impl Renderer {
    /// Draws `batch` into the offscreen capture texture only, at `size` pixels (no window
    /// needed: used with a headless context for previews). Read it back with
    /// [`Renderer::save_screenshot`].
    ///
    /// # Errors
    /// [`RenderError::Gl`] if a GL call fails.
    pub fn render_offscreen(
        &mut self,
        facade: &impl Facade,
        size: (u32, u32),
        batch: &SpriteBatch,
    ) -> Result<(), RenderError> {
        // Letterboxed as the window is (in a play-test a size that was not 4:3 stretched the
        // picture and made the ball an oval).
        let size = (size.0.max(1), size.1.max(1));
        let rect = match letterbox(size.0, size.1) {
            Some(v) => Rect {
                left: v.x,
                bottom: size.1 - v.y - v.height,
                width: v.width,
                height: v.height,
            },
            None => full_rect(size),
        };
        self.render_capture_into(facade, size, rect, batch)?;
        self.stats.frames += 1;
        Ok(())
    }

    /// Composes `batch` into the capture texture, resized to `size` if needed.
    pub(super) fn render_capture(
        &mut self,
        facade: &impl Facade,
        size: (u32, u32),
        batch: &SpriteBatch,
    ) -> Result<(), RenderError> {
        self.render_capture_into(facade, size, full_rect(size), batch)
    }

    /// Composes `batch` into the `rect` of the capture texture, resized to `size` if needed; the
    /// rest is black.
    fn render_capture_into(
        &mut self,
        facade: &impl Facade,
        size: (u32, u32),
        rect: Rect,
        batch: &SpriteBatch,
    ) -> Result<(), RenderError> {
        ensure_texture(facade, &self.raw_gl, &mut self.capture, size)?;
        let Some(capture) = self.capture.take() else {
            return Ok(());
        };
        let result = SimpleFrameBuffer::new(facade, &capture)
            .map_err(gl_err)
            .and_then(|mut fb| self.compose(facade, &mut fb, rect, RowOrder::TopDown, batch));
        self.capture = Some(capture);
        result
    }

    /// The last captured frame, read back from the GPU, top row first: the last one
    /// [`Renderer::render_offscreen`] drew, or [`Renderer::render`] drew with capture on.
    ///
    /// # Errors
    /// [`RenderError::Gl`] if no frame was captured yet.
    pub fn captured_image(&self) -> Result<image::RgbaImage, RenderError> {
        let frame = self
            .capture
            .as_ref()
            .ok_or_else(|| gl_err("no frame was captured, so there is no screenshot"))?;
        // Row 0 first, and the capture texture stores the top row first: image order already.
        let raw: RawImage2d<u8> = frame.read();
        image::RgbaImage::from_raw(raw.width, raw.height, raw.data.into_owned())
            .ok_or_else(|| gl_err("screenshot buffer has the wrong size"))
    }

    /// Writes the last captured frame (without the black bars) to a PNG file: the last one
    /// [`Renderer::render_offscreen`] drew, or [`Renderer::render`] drew with capture on.
    ///
    /// The file appears whole or not at all: the PNG is written to a temporary file beside it,
    /// then renamed (a failed write used to leave a 0-byte file, found in a play-test).
    ///
    /// # Errors
    /// [`RenderError::NotPng`] if `path` does not end in `.png` (nothing is written);
    /// [`RenderError::Screenshot`] naming the file if it cannot be written; [`RenderError::Gl`]
    /// if no frame was captured yet.
    pub fn save_screenshot(&self, path: &Path) -> Result<(), RenderError> {
        let png = path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| e.eq_ignore_ascii_case("png"));
        if !png {
            return Err(RenderError::NotPng {
                path: path.to_path_buf(),
            });
        }
        let image = self.captured_image()?;
        let error = |source| RenderError::Screenshot {
            path: path.to_path_buf(),
            source,
        };
        let name = path
            .file_name()
            .map_or_else(Default::default, |n| n.to_os_string());
        let mut temporary = std::ffi::OsString::from(".");
        temporary.push(&name);
        temporary.push(".tmp");
        let temporary = path.with_file_name(temporary);
        let written = image
            .save_with_format(&temporary, image::ImageFormat::Png)
            .map_err(error)
            .and_then(|()| {
                std::fs::rename(&temporary, path).map_err(|e| error(image::ImageError::IoError(e)))
            });
        if written.is_err() {
            let _ = std::fs::remove_file(&temporary);
        }
        written
    }
}
