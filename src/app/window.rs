//! The window's life: opened where the player left it, made to follow the fullscreen and
//! vsync settings, its size and place remembered for the next start.

use super::messages::without_source_location;
use super::App;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::render::context::{create_window, Placement};
use crate::render::{RenderStats, Renderer};
use crate::view::SpriteBatch;
use glium::backend::glutin::Display;
use glium::glutin::surface::WindowSurface;
use winit::event_loop::ActiveEventLoop;
use winit::window::{Fullscreen, Window};

/// The window and everything tied to its GL context.
///
/// Fields drop in order: the renderer's GL objects, then the context and surface, then the
/// window they draw on (a surface outliving its window is an X error).
pub(super) struct Gfx {
    renderer: Renderer,
    display: Display<WindowSurface>,
    pub(super) window: Window,
    /// The vsync the GL surface was made with (changing it makes a new window).
    vsync: bool,
    /// Whether the window is fullscreen now.
    pub(super) fullscreen: bool,
    /// The themes found and the one drawn with.
    theme: super::theme_switch::ThemeSwitch,
}

impl Gfx {
    /// The drawable size, physical pixels (width, height).
    pub(super) fn framebuffer_size(&self) -> (u32, u32) {
        self.display.get_framebuffer_dimensions()
    }

    /// Follows a new window size, physical pixels.
    pub(super) fn resize(&self, size: (u32, u32)) {
        self.display.resize(size);
    }

    /// Frames drawn so far.
    pub(super) fn frames_drawn(&self) -> u64 {
        self.renderer.stats().frames
    }

    /// What the renderer counted (for `--stats`).
    pub(super) fn render_stats(&self) -> RenderStats {
        self.renderer.stats()
    }

    /// Draws and presents `batch`, composing it offscreen too when `capture` (a screenshot
    /// to come); false when nothing was drawn (a zero-sized window).
    ///
    /// # Errors
    /// A frame that cannot be drawn or presented.
    pub(super) fn draw(&mut self, batch: &SpriteBatch, capture: bool) -> anyhow::Result<bool> {
        let size = self.display.get_framebuffer_dimensions();
        self.renderer.set_capture(capture);
        let mut target = self.display.draw();
        let drawn = self
            .renderer
            .render(&self.display, &mut target, size, batch);
        let finished = target.finish();
        match (drawn, finished) {
            (Ok(drawn), Ok(())) => Ok(drawn),
            (Err(e), _) => Err(anyhow::Error::from(e).context("cannot draw a frame")),
            (_, Err(e)) => Err(anyhow::anyhow!("cannot present a frame: {e:?}")),
        }
    }

    /// Draws with the theme `graphics` and the level's rule set `look_of` call for, loading it
    /// if it is not the one drawn with; true if it changed (the frame's sprites must be built
    /// again). A theme that cannot be applied leaves the built-in look, with a log line.
    pub(super) fn sync_theme(
        &mut self,
        graphics: &crate::config::GraphicsConfig,
        look_of: Option<crate::level::Ruleset>,
        assets: &crate::assets::Assets,
    ) -> bool {
        let Some(theme) = self.theme.wanted_change(graphics, look_of) else {
            return false;
        };
        if let Err(e) = self
            .renderer
            .set_theme(&self.display, assets, theme.as_ref())
        {
            log::warn!("theme not applied: {e}");
        }
        true
    }

    /// Saves the last frame composed offscreen as a PNG at `path`.
    ///
    /// # Errors
    /// No frame captured, or the file cannot be written.
    pub(super) fn save_screenshot(&self, path: &std::path::Path) -> anyhow::Result<()> {
        Ok(self.renderer.save_screenshot(path)?)
    }
}

impl App {
    /// Opens the window (where the settings say it was, fullscreen and vsync as
    /// [`Context::video`] says) with its renderer.
    pub(super) fn open_window(&self, event_loop: &ActiveEventLoop) -> anyhow::Result<Gfx> {
        let video = self.ctx.video;
        let remembered = self.ctx.settings.now.window;
        // --window-size (logical pixels) wins over the size remembered from the last run.
        let forced = self.args.window.window_size;
        let placement = Placement {
            size: remembered
                .width
                .zip(remembered.height)
                .filter(|_| forced.is_none()),
            position: remembered.x.zip(remembered.y),
            fullscreen: video.fullscreen,
        };
        let size = forced.map_or(
            (PLAYFIELD_WIDTH as f64, PLAYFIELD_HEIGHT as f64),
            |(w, h)| (w as f64, h as f64),
        );
        let (window, display, raw_gl) =
            create_window(event_loop, "Breakout", size, placement, video.vsync)
                .map_err(|e| anyhow::anyhow!("{}", without_source_location(&e)))?;
        let renderer = Renderer::new(&display, raw_gl, &self.assets)?;
        window.set_title(&self.title);
        window.set_cursor_visible(!self.cursor_hidden);
        Ok(Gfx {
            window,
            display,
            renderer,
            vsync: video.vsync,
            fullscreen: video.fullscreen,
            theme: Default::default(),
        })
    }

    /// Makes the window follow [`Context::video`]: fullscreen toggled in place; a new vsync
    /// needs a new GL surface, so a new window (the scenes, which hold the game, carry on).
    pub(super) fn sync_window(&mut self, event_loop: &ActiveEventLoop) {
        let wanted = self.ctx.video;
        let Some(gfx) = &mut self.gfx else { return };
        if gfx.vsync != wanted.vsync {
            // The new window first: if it cannot be made, the old one stays, vsync unchanged.
            match self.open_window(event_loop) {
                Ok(new) => self.gfx = Some(new),
                Err(e) => {
                    log::warn!("vsync not changed: cannot open a new window: {e:#}");
                    let kept = self.gfx.as_ref().map_or(wanted.vsync, |g| g.vsync);
                    self.ctx.video.vsync = kept;
                    self.ctx.settings.now.video.vsync = kept;
                }
            }
        } else if gfx.fullscreen != wanted.fullscreen {
            let mode = wanted.fullscreen.then_some(Fullscreen::Borderless(None));
            gfx.window.set_fullscreen(mode);
            gfx.fullscreen = wanted.fullscreen;
        }
    }

    /// True for a run a script controls (`--frames`, `--screenshot`): it leaves the player's
    /// settings file alone.
    pub(super) fn scripted(&self) -> bool {
        self.args.window.frames.is_some() || self.args.window.screenshot.is_some()
    }

    /// Remembers the window's size (`size`, inside, physical pixels) or position (`at`, outer
    /// corner) while it is an ordinary window on screen, for the next start.
    pub(super) fn remember_window(&mut self, size: Option<(u32, u32)>, at: Option<(i32, i32)>) {
        let windowed = self.gfx.as_ref().is_some_and(|g| !g.fullscreen);
        if !windowed || self.minimised || self.scripted() {
            return;
        }
        let window = &mut self.ctx.settings.now.window;
        if let Some((width, height)) = size.filter(|&(w, h)| w > 0 && h > 0) {
            (window.width, window.height) = (Some(width), Some(height));
        }
        if let Some((x, y)) = at {
            (window.x, window.y) = (Some(x), Some(y));
        }
    }
}
