//! Creating the window and its OpenGL context (winit 0.30 + glutin 0.32, wrapped by glium).

use super::offscreen::RawGl;
use glium::backend::glutin::Display;
use glium::glutin::config::{ConfigTemplateBuilder, GlConfig};
use glium::glutin::context::{ContextAttributesBuilder, NotCurrentGlContext};
use glium::glutin::display::{GetGlDisplay, GlDisplay};
use glium::glutin::surface::{GlSurface, SurfaceAttributesBuilder, SwapInterval, WindowSurface};
use glutin_winit::DisplayBuilder;
use raw_window_handle::HasWindowHandle;
use std::num::NonZeroU32;
use winit::dpi::{LogicalSize, PhysicalPosition, PhysicalSize};
use winit::event_loop::ActiveEventLoop;
use winit::window::{Fullscreen, Window};

/// Narrowest the window can be made, logical pixels (its height at least three quarters of it).
pub const MIN_WINDOW_WIDTH: f64 = 480.0;

/// Where and how big a new window is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Placement {
    /// Inside size, physical pixels; `None`: the playfield's size in logical pixels (the OS
    /// scales it on HiDPI screens).
    pub size: Option<(u32, u32)>,
    /// Outer top-left corner, desktop physical pixels (origin top-left, y down); `None`, or a
    /// corner on no monitor: the window system chooses.
    pub position: Option<(i32, i32)>,
    /// Borderless fullscreen on the window's monitor.
    pub fullscreen: bool,
}

/// Creates a resizable window of the playfield's size (or `placement`'s), a glium display for
/// it, with vsync on or off, and the raw GL functions of its context (for
/// [`super::Renderer::new`]).
///
/// # Errors
/// A message saying which step failed (no display server, no suitable GL config, context or
/// surface creation, incompatible OpenGL).
pub fn create_window(
    event_loop: &ActiveEventLoop,
    title: &str,
    size: (f64, f64),
    placement: Placement,
    vsync: bool,
) -> Result<(Window, Display<WindowSurface>, RawGl), String> {
    let mut attributes = Window::default_attributes()
        .with_title(title)
        .with_inner_size(LogicalSize::new(size.0, size.1))
        // Smallest window the text stays readable in (a play-test found that below about 500 px
        // wide the 8 px glyphs blur into each other); 4:3 like the playfield.
        .with_min_inner_size(LogicalSize::new(MIN_WINDOW_WIDTH, MIN_WINDOW_WIDTH * 0.75))
        .with_resizable(true);
    if let Some((width, height)) = placement.size {
        attributes = attributes.with_inner_size(PhysicalSize::new(width.max(1), height.max(1)));
    }
    // A remembered corner on a monitor that is gone would open the window out of sight.
    let on_a_monitor = |(x, y): (i32, i32)| {
        event_loop.available_monitors().any(|m| {
            let (at, size) = (m.position(), m.size());
            (at.x..at.x + size.width as i32).contains(&x)
                && (at.y..at.y + size.height as i32).contains(&y)
        })
    };
    if let Some((x, y)) = placement.position.filter(|&p| on_a_monitor(p)) {
        attributes = attributes.with_position(PhysicalPosition::new(x, y));
    }
    if placement.fullscreen {
        attributes = attributes.with_fullscreen(Some(Fullscreen::Borderless(None)));
    }
    let (window, config) = DisplayBuilder::new()
        .with_window_attributes(Some(attributes))
        .build(event_loop, ConfigTemplateBuilder::new(), |configs| {
            // No multisampling, first: the renderer blits its offscreen frames into the window,
            // and GL forbids blits into a multisampled framebuffer (sprites are axis-aligned
            // quads anyway, and on a software rasteriser every sample costs fill rate). Then not
            // sRGB: the renderer writes the same 8-bit values to the window as to its offscreen
            // (non-sRGB) textures, so the window looks like the screenshots. Among equals, the
            // driver's order.
            configs
                .min_by_key(|c| (c.num_samples(), c.srgb_capable()))
                .expect("glutin always offers at least one config")
        })
        .map_err(|e| format!("cannot create an OpenGL window: {e}"))?;
    let window = window.ok_or("the windowing system gave no window")?;
    let handle = window
        .window_handle()
        .map_err(|e| format!("no window handle: {e}"))?;
    let (width, height): (u32, u32) = window.inner_size().into();
    let one = NonZeroU32::MIN;
    let surface_attributes = SurfaceAttributesBuilder::<WindowSurface>::new().build(
        handle.into(),
        NonZeroU32::new(width).unwrap_or(one),
        NonZeroU32::new(height).unwrap_or(one),
    );
    let gl_display = config.display();
    // SAFETY: the window outlives the surface: both are returned together and the caller keeps
    // the window alive as long as the display.
    let surface = unsafe { gl_display.create_window_surface(&config, &surface_attributes) }
        .map_err(|e| format!("cannot create the OpenGL surface: {e}"))?;
    let context_attributes = ContextAttributesBuilder::new().build(Some(handle.into()));
    // SAFETY: as above, the raw window handle stays valid while the window lives.
    let context = unsafe { gl_display.create_context(&config, &context_attributes) }
        .map_err(|e| format!("cannot create an OpenGL context: {e}"))?
        .make_current(&surface)
        .map_err(|e| format!("cannot make the OpenGL context current: {e}"))?;
    let interval = if vsync {
        SwapInterval::Wait(one)
    } else {
        SwapInterval::DontWait
    };
    if let Err(e) = surface.set_swap_interval(&context, interval) {
        log::warn!("cannot set vsync {}: {e}", if vsync { "on" } else { "off" });
    }
    // SAFETY: the context was made current just above, and the loader is its display's.
    let raw_gl = unsafe { RawGl::load(|name| gl_display.get_proc_address(name)) };
    let display = Display::from_context_surface(context, surface)
        .map_err(|e| format!("OpenGL 3.3 is required: {e}"))?;
    Ok((window, display, raw_gl))
}
