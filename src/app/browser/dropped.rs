//! Files dropped on the page.
//!
//! The page's script reads a dropped file and hands its name and bytes to [`drop_file`] (through
//! `breakout-web`'s `dropFile` export): the file is read and checked there and then
//! ([`crate::app::dropped::classify`]), its message returned for the page to show, and queued;
//! the next frame's [`super::before_frame`] takes the queue ([`show_dropped`]) and pushes each
//! file's screen.

use crate::app::dropped::{self, Dropped};
use crate::app::scenes::{Context, SceneStack};
use std::cell::RefCell;

thread_local! {
    /// Files dropped and checked, waiting for the next frame.
    static QUEUE: RefCell<Vec<Dropped>> = const { RefCell::new(Vec::new()) };
}

/// Takes the file `name` dropped on the page, with content `bytes`: checks it and queues it
/// for the next frame.
///
/// # Errors
/// The one message saying why the file is not taken ([`dropped::classify`]); the game goes on.
pub fn drop_file(name: &str, bytes: &[u8]) -> Result<String, String> {
    let file = dropped::classify(name, bytes).inspect_err(|e| log::warn!("{e}"))?;
    let said = file.describe();
    QUEUE.with_borrow_mut(|queue| queue.push(file));
    Ok(said)
}

/// Pushes the screen of each file dropped since the last frame; a game that cannot start is
/// logged and said on the page.
pub(super) fn show_dropped(ctx: &mut Context, scenes: &mut SceneStack) {
    let files = QUEUE.with_borrow_mut(std::mem::take);
    for file in files {
        match dropped::transition(ctx, file) {
            Ok(transition) => {
                scenes.apply(ctx, transition);
                log::info!("a dropped file opened: {}", scenes.title());
            }
            Err(e) => {
                log::warn!("{e}");
                say(&e);
            }
        }
    }
}

/// Shows `text` in the page's message line (the page's `window.breakoutSay`), or in the
/// console when the page has none.
pub(super) fn say(text: &str) {
    let said = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"breakoutSay".into()).ok())
        .and_then(|f| wasm_bindgen::JsCast::dyn_into::<js_sys::Function>(f).ok())
        .is_some_and(|f| f.call1(&wasm_bindgen::JsValue::NULL, &text.into()).is_ok());
    if !said {
        web_sys::console::log_1(&text.into());
    }
}
