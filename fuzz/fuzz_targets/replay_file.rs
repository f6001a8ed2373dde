//! Fuzz target: the replay reader (`breakout::replay::file::decode`) on arbitrary bytes.
//!
//! * `decode` never panics, and its errors start with the file's name;
//! * a replay it accepts plays: at most [`support::MAX_STEPS`] steps (see `replay_support.rs`).
//!
//! The checksum turns almost every random change into an early error, so this target mostly
//! tries the header and the checksum; `replay_body` goes past them. Seeds and the command are
//! in `fuzz/seed_replays.sh`.

#![no_main]

#[path = "replay_support.rs"]
mod support;

use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    match breakout::replay::file::decode(data, Path::new("fuzz.bkreplay")) {
        Ok(replay) => support::play(replay),
        Err(e) => assert!(e.to_string().starts_with("fuzz.bkreplay: "), "{e}"),
    }
});
