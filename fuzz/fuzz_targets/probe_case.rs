//! Fuzz target: the collision lab's case reader (`breakout::probe::case::parse`) on arbitrary
//! bytes.
//!
//! * `parse` never panics;
//! * its errors name a line (≥ 1, no further than the input's lines) and a column ≥ 1;
//! * a case it accepts is asked again without panicking, and written and read back unchanged;
//! * opened as the lab opens it (`Case::to_probe`, on the grid or with its bricks where they
//!   are), the probe answers every mode without panicking.
//!
//! Run it as the other targets: `cargo +nightly fuzz run probe_case` in this directory.

#![no_main]

use breakout::probe::case::parse;
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let lines = data.iter().filter(|&&b| b == b'\n').count() + 1;
    match parse(Path::new("fuzz.toml"), data) {
        Ok(case) => {
            let _ = case.ask_again();
            if let Ok(probe) = case.to_probe() {
                let _ = probe.answers();
            }
            let text = case.to_toml();
            let back = parse(Path::new("fuzz.toml"), text.as_bytes());
            assert_eq!(back.as_ref(), Ok(&case), "round trip\n{text}");
        }
        Err(e) => {
            assert!(e.line >= 1 && e.line <= lines && e.column >= 1, "{e} of {lines} lines");
        }
    }
});
