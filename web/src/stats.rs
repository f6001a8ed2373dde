//! `frame_stats()`: the page's frame figures ([`breakout::app::frame_stats`]) as JSON, for
//! `.ci/web-test --bench`.

use wasm_bindgen::prelude::*;

/// The frames the page drew since the game started, as one JSON object: `frames` (a count),
/// `seconds` (their measured frame times added up), `longest` (the longest frame, seconds),
/// `first_frame_unix_ms` (when the first was drawn, milliseconds since the Unix epoch, the
/// clock of `performance.timeOrigin`; 0 before it).
#[wasm_bindgen]
pub fn frame_stats() -> String {
    let s = breakout::app::frame_stats();
    format!(
        "{{\"frames\":{},\"seconds\":{},\"longest\":{},\"first_frame_unix_ms\":{}}}",
        s.frames, s.seconds, s.longest, s.first_frame_unix_ms
    )
}
