//! `verify_replay(bytes, name)`: a replay verified in the page, by the core, exactly as the
//! desktop's `breakout replay FILE --verify` does it, so `.ci/web-test` can compare the page's
//! answer with the native binary's line for line.

use std::path::Path;
use wasm_bindgen::prelude::*;

/// Re-simulates the replay `bytes` (a `.bkreplay` file's contents, named `name` in the report
/// and its messages) to its end, checking every state hash it stores.
///
/// Returns the JSON line `breakout replay NAME --verify` prints (the same bytes for the same
/// `name`): `steps`, the final `state_hash`, `verified`, and where it diverged if it did.
///
/// # Errors
/// The bytes are not a replay this game reads, or its level text does not parse: the message,
/// naming `name`, as the desktop prints it after `breakout: error:`.
#[wasm_bindgen]
pub fn verify_replay(bytes: &[u8], name: &str) -> Result<String, JsValue> {
    verify_line(bytes, name).map_err(|e| JsValue::from_str(&e))
}

/// [`verify_replay`] without the JavaScript types.
fn verify_line(bytes: &[u8], name: &str) -> Result<String, String> {
    use breakout::replay::{file, verify};
    let path = Path::new(name);
    let replay = file::decode(bytes, path).map_err(|e| e.to_string())?;
    let verified = verify::verify_replay(replay, path)?;
    Ok(verified.report().json_line())
}
