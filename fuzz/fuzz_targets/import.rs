//! Fuzz target: the foreign level-set readers (`breakout::import::parse_set`) on arbitrary bytes.
//!
//! * `parse_set` never panics, in each format and with the format detected from the content;
//! * every level it imports has something to clear, and its `to_text` parses back to the same
//!   level;
//! * errors name a line and column of the input (`line` ≥ 1, and no further than its lines).
//!
//! Run it with the command in `docs/import.md`, section "Fuzzing the readers".

#![no_main]

use breakout::import::{parse_set, Format, ImportError};
use breakout::level::Level;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    let formats = Format::ALL.map(Some);
    for format in formats.into_iter().chain([None]) {
        match parse_set(data, Path::new("fuzz"), format) {
            Ok(set) => {
                for imported in &set.levels {
                    let level = &imported.level;
                    assert!(level.destructible_count() > 0, "{format:?}: nothing to clear");
                    let text = level.to_text();
                    match Level::parse(&text, &level.name) {
                        Ok(back) => assert_eq!(&back, level, "{format:?}: round trip\n{text}"),
                        Err(e) => panic!("{format:?}: to_text wrote a level the parser rejects:\n{text}\n{e}"),
                    }
                }
            }
            Err(ImportError::Invalid { line, .. }) => {
                assert!(line >= 1 && line <= lines + 1, "{format:?}: line {line} of {lines}");
            }
            Err(_) => {}
        }
    }
});
