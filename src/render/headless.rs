//! An OpenGL context with no window and no display server: a surfaceless EGL context (Mesa
//! provides one, software-rendered by llvmpipe when there is no GPU), wrapped as a glium
//! [`Backend`]. The renderer draws into its offscreen texture exactly as in the game, so previews
//! and tests render the real thing anywhere — a level pack's CI included ([`save_png`]).

use super::offscreen::RawGl;
use super::{RenderError, Renderer};
use crate::assets::Assets;
use crate::view::SpriteBatch;
use anyhow::Context as _;
use glium::backend::{Backend, Context};
use glium::debug::DebugCallbackBehavior;
use glium::glutin::api::egl::context::PossiblyCurrentContext;
use glium::glutin::api::egl::device::Device;
use glium::glutin::api::egl::display::Display as EglDisplay;
use glium::glutin::config::{ConfigSurfaceTypes, ConfigTemplateBuilder};
use glium::glutin::context::{ContextApi, ContextAttributesBuilder, Version};
use glium::glutin::prelude::*;
use glium::SwapBuffersError;
use std::cell::Cell;
use std::ffi::{c_void, CString};
use std::path::Path;
use std::rc::Rc;

/// A surfaceless EGL context as a glium backend. It has no default framebuffer; everything is
/// drawn into textures.
struct HeadlessBackend {
    display: EglDisplay,
    context: PossiblyCurrentContext,
    size: Cell<(u32, u32)>,
}

// SAFETY: the context is created current on this thread and never shared across threads
// (`Context` is `!Send`); `make_current` re-binds it surfaceless, which is all glium needs.
unsafe impl Backend for HeadlessBackend {
    fn swap_buffers(&self) -> Result<(), SwapBuffersError> {
        Ok(())
    }

    unsafe fn get_proc_address(&self, symbol: &str) -> *const c_void {
        match CString::new(symbol) {
            Ok(name) => self.display.get_proc_address(&name),
            Err(_) => std::ptr::null(),
        }
    }

    fn get_framebuffer_dimensions(&self) -> (u32, u32) {
        self.size.get()
    }

    fn resize(&self, new_size: (u32, u32)) {
        self.size.set(new_size);
    }

    fn is_current(&self) -> bool {
        self.context.is_current()
    }

    unsafe fn make_current(&self) {
        if let Err(e) = self.context.make_current_surfaceless() {
            log::error!("cannot make the headless OpenGL context current: {e}");
        }
    }
}

/// Creates a headless OpenGL 3.3 core context on the first EGL device (Mesa's software device
/// when there is no GPU), and the raw GL functions of that context (for
/// [`super::Renderer::new`]). `size` (pixels) is what glium reports as the default framebuffer
/// size.
///
/// # Errors
/// A message naming the step that failed (no EGL library, no device, no config, no 3.3 context).
pub fn headless_context(size: (u32, u32)) -> Result<(Rc<Context>, RawGl), String> {
    let device = Device::query_devices()
        .map_err(|e| format!("no EGL devices (is Mesa's libEGL installed?): {e}"))?
        .next()
        .ok_or("EGL reports no devices")?;
    // SAFETY: no raw display handle is passed, so there is nothing to keep alive.
    let display = unsafe { EglDisplay::with_device(&device, None) }
        .map_err(|e| format!("cannot open the EGL device: {e}"))?;
    let template = ConfigTemplateBuilder::new()
        .with_surface_type(ConfigSurfaceTypes::empty())
        .build();
    // SAFETY: the display is valid; configs are only used with it.
    let config = unsafe { display.find_configs(template) }
        .map_err(|e| format!("no EGL config: {e}"))?
        .next()
        .ok_or("no EGL config for a surfaceless context")?;
    let attributes = ContextAttributesBuilder::new()
        .with_context_api(ContextApi::OpenGl(Some(Version::new(3, 3))))
        .build(None);
    // SAFETY: config comes from this display; no window handle is involved.
    let context = unsafe { display.create_context(&config, &attributes) }
        .map_err(|e| format!("cannot create an OpenGL 3.3 context: {e}"))?
        .make_current_surfaceless()
        .map_err(|e| format!("cannot make the OpenGL context current: {e}"))?;
    // SAFETY: the context was made current just above, and the loader is its display's.
    let raw_gl = unsafe { RawGl::load(|name| display.get_proc_address(name)) };
    let backend = HeadlessBackend {
        display,
        context,
        size: Cell::new(size),
    };
    // SAFETY: the backend's context is current on this thread (made so just above).
    let context = unsafe { Context::new(backend, true, DebugCallbackBehavior::Ignore) }
        .map_err(|e| format!("OpenGL 3.3 is required: {e}"))?;
    Ok((context, raw_gl))
}

/// A renderer on its own headless context, made once and used for any number of frames: an
/// export of hundreds of frames pays for the context, the shaders and the textures once, and
/// the cached backdrop is redrawn only where bricks changed from one frame to the next.
pub struct HeadlessRenderer {
    context: Rc<Context>,
    renderer: Renderer,
    size: (u32, u32),
}

impl HeadlessRenderer {
    /// A headless context and renderer drawing pictures of `size` pixels (width, height), with
    /// the shaders and textures of `assets`.
    ///
    /// # Errors
    /// No headless OpenGL (the step that failed named), or a missing shader or texture (named).
    pub fn new(size: (u32, u32), assets: &Assets) -> anyhow::Result<HeadlessRenderer> {
        let (context, raw_gl) = headless_context(size)
            .map_err(anyhow::Error::msg)
            .context("cannot render without a display")?;
        let renderer = Renderer::new(&context, raw_gl, assets)?;
        Ok(HeadlessRenderer {
            context,
            renderer,
            size,
        })
    }

    /// Draws with `theme` from now on (`None`: the built-in look; see
    /// [`Renderer::set_theme`]); build the batches after this call.
    ///
    /// # Errors
    /// As [`Renderer::set_theme`].
    pub fn set_theme(
        &mut self,
        assets: &Assets,
        theme: Option<&crate::assets::theme::Theme>,
    ) -> Result<(), RenderError> {
        self.renderer.set_theme(&self.context, assets, theme)
    }

    /// The picture size, pixels (width, height).
    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// Draws `batch` (letterboxed into the picture as the window is) and reads it back, top
    /// row first.
    ///
    /// # Errors
    /// [`RenderError::Gl`] if a GL call fails.
    pub fn render(&mut self, batch: &SpriteBatch) -> Result<image::RgbaImage, RenderError> {
        self.renderer
            .render_offscreen(&self.context, self.size, batch)?;
        self.renderer.captured_image()
    }

    /// Draws `batch` into the PNG file `out` (written whole or not at all).
    ///
    /// # Errors
    /// As [`HeadlessRenderer::render`], or the file cannot be written (named).
    pub fn save_png(&mut self, batch: &SpriteBatch, out: &Path) -> Result<(), RenderError> {
        self.renderer
            .render_offscreen(&self.context, self.size, batch)?;
        self.renderer.save_screenshot(out)
    }
}

/// Draws `batch` at `size` pixels (width, height) into the PNG file `out` on a headless
/// context, with the shaders and textures of `assets`: what `breakout preview` writes (its
/// sprites come from `commands::preview::batch`).
///
/// # Errors
/// No headless OpenGL, a missing shader or texture (named), or an unwritable output file (named).
pub fn save_png(
    batch: &SpriteBatch,
    size: (u32, u32),
    assets: &Assets,
    out: &Path,
) -> anyhow::Result<()> {
    HeadlessRenderer::new(size, assets)?.save_png(batch, out)?;
    Ok(())
}
