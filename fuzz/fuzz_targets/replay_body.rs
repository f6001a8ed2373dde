//! Fuzz target: the replay reader past its checksum. The input is taken as the postcard body of
//! a replay (what the file holds once inflated): the target deflates it and puts a valid header
//! and CRC-32 around it, so every input reaches the decoding of the body and `Replay::validate`.
//!
//! * `decode` never panics, and its errors start with the file's name;
//! * a replay it accepts plays (at most [`support::MAX_STEPS`] steps) without a panic, seeks
//!   back, and writes out to bytes that read back to the same bytes (see `replay_support.rs`).
//!
//! Seed it with real replays' bodies (`fuzz/seed_replays.sh`).

#![no_main]

#[path = "replay_support.rs"]
mod support;

use breakout::replay::file::{decode, FORMAT_VERSION, HEADER_LEN, MAGIC};
use libfuzzer_sys::fuzz_target;
use std::io::Write;
use std::path::Path;

fuzz_target!(|body: &[u8]| {
    let mut bytes = Vec::with_capacity(HEADER_LEN + body.len());
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    bytes.extend_from_slice(&[0; 4]);
    let mut z = flate2::write::DeflateEncoder::new(bytes, flate2::Compression::fast());
    z.write_all(body).unwrap();
    let mut bytes = z.finish().unwrap();
    let crc = crc32fast::hash(&bytes[HEADER_LEN..]);
    bytes[10..14].copy_from_slice(&crc.to_le_bytes());
    match decode(&bytes, Path::new("fuzz.bkreplay")) {
        Ok(replay) => support::play(replay),
        Err(e) => assert!(e.to_string().starts_with("fuzz.bkreplay: "), "{e}"),
    }
});
