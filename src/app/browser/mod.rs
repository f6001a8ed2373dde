//! The browser's window: the page's canvas (winit's web backend), its WebGL2 context drawn by
//! [`crate::webgl::Renderer`], and what the desktop's window code does that a page does
//! differently (no vsync to choose, no place to remember, fullscreen through the page).
//!
//! The page's own parts are files of their own here, each reached from the two hooks that
//! the app's frame calls ([`before_frame`], [`after_frame`]); `app/browser_window.rs` has the
//! app's window methods for the page.

pub mod downloads;
pub mod dropped;
pub(super) mod input;
pub(super) mod stats;
pub(super) mod storage;

use super::scenes::{Context, SceneStack};
use crate::view::SpriteBatch;
use wasm_bindgen::JsCast as _;
use winit::event_loop::ActiveEventLoop;
use winit::platform::web::{WindowAttributesExtWebSys as _, WindowExtWebSys as _};
use winit::window::Window;

/// The id of the page's canvas the game draws on (`index.html`); without one, a canvas is
/// appended to the page's body.
pub const CANVAS_ID: &str = "breakout";

/// The canvas and its WebGL2 renderer.
///
/// Fields drop in order: the renderer's GL objects first, then the window (the canvas).
pub(super) struct Gfx {
    renderer: crate::webgl::Renderer,
    pub(super) window: Window,
    /// Whether the canvas is fullscreen now.
    pub(super) fullscreen: bool,
}

impl Gfx {
    /// The canvas's drawing buffer, physical pixels (width, height).
    pub(super) fn framebuffer_size(&self) -> (u32, u32) {
        self.window
            .canvas()
            .map_or((0, 0), |c| (c.width(), c.height()))
    }

    /// Makes the canvas's drawing buffer `size` physical pixels (winit 0.30 sizes only its
    /// CSS box and reports the physical size in `Resized`; the buffer is the app's to set).
    pub(super) fn resize(&self, size: (u32, u32)) {
        if let Some(canvas) = self.window.canvas() {
            canvas.set_width(size.0);
            canvas.set_height(size.1);
        }
    }

    /// Frames drawn so far.
    pub(super) fn frames_drawn(&self) -> u64 {
        self.renderer.frames()
    }

    /// Draws `batch` on the canvas (the browser presents it when the animation frame ends);
    /// false when nothing was drawn (a zero-sized canvas). `_capture` is the desktop's
    /// screenshot, which a page does not take.
    ///
    /// # Errors
    /// A frame WebGL2 cannot draw (a lost context).
    pub(super) fn draw(&mut self, batch: &SpriteBatch, _capture: bool) -> anyhow::Result<bool> {
        let size = self.framebuffer_size();
        self.renderer.render(size, batch)
    }

    /// Finds the page's canvas (or appends one), makes its WebGL2 context and the renderer.
    ///
    /// # Errors
    /// No WebGL2 in this browser, or a shader or texture WebGL2 refuses.
    pub(super) fn open(
        event_loop: &ActiveEventLoop,
        assets: &crate::assets::Assets,
    ) -> anyhow::Result<Gfx> {
        let canvas = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.get_element_by_id(CANVAS_ID))
            .and_then(|e| e.dyn_into::<web_sys::HtmlCanvasElement>().ok());
        let appended = canvas.is_none();
        let attributes = Window::default_attributes()
            .with_title("Breakout")
            .with_canvas(canvas)
            .with_append(appended)
            // The page's own listeners cancel the game's keys only (`input`).
            .with_prevent_default(false)
            .with_focusable(true);
        let window = event_loop
            .create_window(attributes)
            .map_err(|e| anyhow::anyhow!("cannot make the canvas: {e}"))?;
        let canvas = window
            .canvas()
            .ok_or_else(|| anyhow::anyhow!("the window has no canvas"))?;
        input::install(&canvas);
        let _ = canvas.focus();
        // No multisampling, as the desktop's window (sprites are axis-aligned; on a software
        // rasteriser 4× samples cost about 4× the frame).
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"antialias".into(), &false.into());
        let context = canvas
            .get_context_with_context_options("webgl2", &options)
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::WebGl2RenderingContext>().ok())
            .ok_or_else(|| anyhow::anyhow!("this browser has no WebGL2"))?;
        let gl = glow::Context::from_webgl2_context(context);
        let renderer = crate::webgl::Renderer::new(gl, assets)?;
        Ok(Gfx {
            renderer,
            window,
            fullscreen: false,
        })
    }
}

/// The page's part of a frame, before the scenes update (files dropped on the page, the
/// storage's state…).
pub(super) fn before_frame(ctx: &mut Context, scenes: &mut SceneStack) {
    dropped::show_dropped(ctx, scenes);
}

/// The page's part of a frame, after it was drawn (`seconds`: the frame's measured time).
pub(super) fn after_frame(_ctx: &mut Context, seconds: f32) {
    stats::record(seconds);
}
