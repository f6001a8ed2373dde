//! The app's window methods in a page (the desktop's are `window.rs`): the canvas is opened
//! by [`Gfx::open`]; no vsync to choose, no place to remember, fullscreen through the page.

use super::browser::Gfx;
use super::App;
use winit::event_loop::ActiveEventLoop;
use winit::window::Fullscreen;

impl App {
    /// Opens the page's canvas and its renderer ([`Gfx::open`]).
    ///
    /// # Errors
    /// As [`Gfx::open`].
    pub(super) fn open_window(&self, event_loop: &ActiveEventLoop) -> anyhow::Result<Gfx> {
        Gfx::open(event_loop, &self.assets)
    }

    /// Makes the canvas follow [`super::Context::video`]'s fullscreen (vsync is the
    /// browser's own).
    pub(super) fn sync_window(&mut self, _event_loop: &ActiveEventLoop) {
        let wanted = self.ctx.video;
        let Some(gfx) = &mut self.gfx else { return };
        if gfx.fullscreen != wanted.fullscreen {
            // The browser may have left full screen itself (Esc) or refused it (no gesture):
            // asking to leave a full screen the page is not in throws.
            if wanted.fullscreen != gfx.window.fullscreen().is_some() {
                let mode = wanted.fullscreen.then_some(Fullscreen::Borderless(None));
                gfx.window.set_fullscreen(mode);
            }
            gfx.fullscreen = wanted.fullscreen;
        }
    }

    /// A page has no window position or size of its own to remember.
    pub(super) fn remember_window(&mut self, _size: Option<(u32, u32)>, _at: Option<(i32, i32)>) {}
}
