//! The page's `localStorage` as the [`KeyValue`] store of the player's files
//! ([`crate::user_files`]), set as the files' backend before anything is read. Thin: each call
//! asks the window for its storage (none kept: the backend is shared with threads natively,
//! and a page's `Storage` cannot be), and tells a full store (`QuotaExceededError`) from a
//! refused one.

use crate::user_files::{KeyValue, KvError, KvFiles, DATA_DIR, REPLAY_CAP};
use wasm_bindgen::{JsCast as _, JsValue};

/// The window's `localStorage`.
struct LocalStorage;

/// The storage, or why it is refused.
fn storage() -> Result<web_sys::Storage, KvError> {
    let window = web_sys::window().ok_or_else(|| KvError::Refused("no window".into()))?;
    window
        .local_storage()
        .map_err(|e| KvError::Refused(message(&e)))?
        .ok_or_else(|| KvError::Refused("no localStorage".into()))
}

/// A thrown value in a few words, short enough for the menu's note: a DOM exception's name
/// (`QuotaExceededError`, `SecurityError`), its message logged; else its debug form.
fn message(e: &JsValue) -> String {
    match e.dyn_ref::<web_sys::DomException>() {
        Some(dom) => {
            log::info!("browser storage: {}: {}", dom.name(), dom.message());
            dom.name()
        }
        None => format!("{e:?}"),
    }
}

/// A failed write: full when the quota is exceeded, else refused.
fn write_error(e: &JsValue) -> KvError {
    let full = e
        .dyn_ref::<web_sys::DomException>()
        .is_some_and(|dom| dom.name() == "QuotaExceededError");
    if full {
        KvError::Full(message(e))
    } else {
        KvError::Refused(message(e))
    }
}

impl KeyValue for LocalStorage {
    fn get(&self, key: &str) -> Result<Option<String>, KvError> {
        storage()?
            .get_item(key)
            .map_err(|e| KvError::Refused(message(&e)))
    }

    fn set(&self, key: &str, value: &str) -> Result<(), KvError> {
        storage()?.set_item(key, value).map_err(|e| write_error(&e))
    }

    fn remove(&self, key: &str) -> Result<(), KvError> {
        storage()?
            .remove_item(key)
            .map_err(|e| KvError::Refused(message(&e)))
    }

    fn keys(&self) -> Result<Vec<String>, KvError> {
        let storage = storage()?;
        let refused = |e: JsValue| KvError::Refused(message(&e));
        let count = storage.length().map_err(refused)?;
        let mut keys = Vec::new();
        for i in 0..count {
            if let Some(key) = storage.key(i).map_err(refused)? {
                keys.push(key);
            }
        }
        Ok(keys)
    }
}

/// Keeps the player's files in `localStorage` from now on (replays capped at [`REPLAY_CAP`]);
/// call first, before settings are read. A refused storage is said on the menu
/// ([`crate::files::not_kept`]) and the game plays on.
pub fn install() {
    let replays = std::path::Path::new(DATA_DIR).join("replays");
    let files = KvFiles::new(LocalStorage, &replays, REPLAY_CAP);
    if crate::files::set_backend(Box::new(files)).is_err() {
        log::warn!("the player's files were used before the browser's storage was set");
    }
}
