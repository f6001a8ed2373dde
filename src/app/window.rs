//! The window's life: opened where the player left it, made to follow the fullscreen and
//! vsync settings, its size and place remembered for the next start.

use super::{App, Gfx};
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::render::context::{create_window, Placement};
use crate::render::Renderer;
use glium::winit::event_loop::ActiveEventLoop;
use glium::winit::window::Fullscreen;

/// winit's OS errors read "os error at FILE:LINE: MESSAGE", FILE being a path inside
/// winit's sources on the build machine; a player needs the message only (a play-test saw the
/// path).
pub(super) fn without_source_location(message: &str) -> String {
    const MARK: &str = "os error at ";
    match message.find(MARK) {
        Some(at) => {
            let rest = &message[at + MARK.len()..];
            let said = rest.split_once(": ").map_or(rest, |(_, m)| m);
            format!("{}{said}", &message[..at])
        }
        None => message.to_string(),
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
