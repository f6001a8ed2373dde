//! Fuzz target: the configuration reader (`breakout.toml`, `breakout_game::config`) on
//! arbitrary bytes.
//!
//! * `Config::parse_lenient_bytes` never panics, and on text that is UTF-8 it says what
//!   `Config::parse_lenient` says (the same settings, the same problems); the strict reader
//!   (`Config::parse`, what `--config` uses) accepts exactly the files the lenient one finds no
//!   problem in, with the same settings;
//! * every problem has a line (≥ 1, no further than the input's lines) and a column ≥ 1;
//! * whatever the lenient reader makes of the bytes, the settings the game writes back
//!   (`Config::changes_since` the defaults, written by `config::save::apply` into an empty file)
//!   read again with no problem and as the same values; on a file with no problem, written into
//!   the file itself, they read back the same too.
//!
//! The configuration reader lives in the game crate (it reads key names through winit's key
//! codes), so this target needs the `game` feature, which builds the game's window crates:
//! `cargo +nightly fuzz run config --features game` in this directory.

#![no_main]

use breakout_game::config::save::apply;
use breakout_game::config::Config;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    let (config, problems) = Config::parse_lenient_bytes(data);
    for p in &problems {
        assert!(
            p.line >= 1 && p.line <= lines && p.column >= 1,
            "a problem outside the input ({lines} lines): {p:?}"
        );
    }
    if let Ok(text) = std::str::from_utf8(data) {
        let (same, same_problems) = Config::parse_lenient(text);
        assert_eq!(
            same, config,
            "parse_lenient and parse_lenient_bytes disagree"
        );
        assert_eq!(same_problems, problems);
        match Config::parse(text, Path::new("fuzz.toml")) {
            Ok(strict) => {
                assert!(
                    problems.is_empty(),
                    "strict accepts what lenient faults: {problems:?}"
                );
                assert_eq!(strict, config, "the strict and lenient readers disagree");
            }
            Err(_) => assert!(
                !problems.is_empty(),
                "strict refuses a file with no problem"
            ),
        }
        if problems.is_empty() {
            // Written into the file itself, as the settings screen saves.
            let changes = config.changes_since(&Config::default());
            let written = apply(text, &changes).expect("a file with no problem is TOML");
            let (again, again_problems) = Config::parse_lenient(&written);
            assert!(
                again_problems.is_empty(),
                "{again_problems:?} in {written:?}"
            );
            let differ = again.changes_since(&config);
            assert!(
                differ.is_empty(),
                "{differ:?} differ after writing {written:?}"
            );
        }
    }
    // Written into an empty file.
    let changes = config.changes_since(&Config::default());
    let written = apply("", &changes).expect("an empty file takes any change");
    let (again, again_problems) = Config::parse_lenient(&written);
    assert!(
        again_problems.is_empty(),
        "{again_problems:?} in {written:?}"
    );
    let differ = again.changes_since(&config);
    assert!(
        differ.is_empty(),
        "{differ:?} differ after writing {written:?}"
    );
});
