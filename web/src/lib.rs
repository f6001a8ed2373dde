//! The browser build's entry point: `wasm-bindgen` starts the game on the page's canvas
//! (`breakout::app::run_in_browser`) when the module loads. The page's script also calls
//! `dropFile` (a file dropped on the page) and `download` (a replay or level to save).
//! Natively this crate is empty.

#[cfg(target_arch = "wasm32")]
mod stats;
#[cfg(target_arch = "wasm32")]
mod verify;

#[cfg(target_arch = "wasm32")]
mod entry {
    use wasm_bindgen::prelude::*;

    /// Runs when the page loads the module: panics and log lines go to the browser's console,
    /// then the game starts on the page's canvas.
    ///
    /// # Errors
    /// The game could not start (no WebGL2, a shader the browser refuses): the message, for
    /// the page to show.
    #[wasm_bindgen(start)]
    pub fn start() -> Result<(), JsValue> {
        console_error_panic_hook::set_once();
        let _ = console_log::init_with_level(log::Level::Info);
        let words = web_sys_query_args();
        breakout::app::run_in_browser(&words).map_err(|e| JsValue::from_str(&format!("{e:#}")))
    }

    /// A file dropped on the page, `name` with content `bytes`: a level is played, a replay
    /// watched, another game's level set opened, from the next frame on. Returns what the page
    /// says (`Playing "Gates"`).
    ///
    /// # Errors
    /// The file is not taken: the one message saying why (the game goes on).
    #[wasm_bindgen(js_name = dropFile)]
    pub fn drop_file(name: String, bytes: Vec<u8>) -> Result<String, JsValue> {
        breakout::app::drop_file(&name, &bytes).map_err(|e| JsValue::from_str(&e))
    }

    /// A file for the page to save.
    #[wasm_bindgen(getter_with_clone)]
    pub struct Download {
        /// Its name, e.g. `Gates.bkreplay`.
        pub name: String,
        /// Its content.
        pub bytes: Vec<u8>,
    }

    /// The file `what` names: `"replay"`, the last recorded replay, or `"level"`, its level;
    /// `undefined` before any game was recorded.
    #[wasm_bindgen]
    pub fn download(what: String) -> Option<Download> {
        breakout::app::download(&what).map(|(name, bytes)| Download { name, bytes })
    }

    /// The page address's `?args=` value, decoded (empty without one): the command line's
    /// words, e.g. `?args=--level%2004-rainbow%20--autoplay`.
    fn web_sys_query_args() -> String {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        web_sys::UrlSearchParams::new_with_str(&search)
            .ok()
            .and_then(|p| p.get("args"))
            .unwrap_or_default()
    }
}
