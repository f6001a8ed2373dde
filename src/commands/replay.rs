//! `breakout replay FILE --verify`: a replay re-simulated with no window, checked against every
//! state hash it stores, reported as one JSON line.
//!
//! The re-simulation and its report are the core's ([`crate::replay::verify`]), so the core's
//! `headless verify` example prints the same line; this prints it and picks the exit status.

use std::path::Path;

pub use crate::replay::verify::{clock, verify_replay, Verified, VerifyReport};

/// `replay FILE --verify`: prints the JSON line on `out`, and for a divergence a message on
/// `err` with the step (and its time of play) and both hashes. Returns the exit status: 0 when
/// every stored hash matches, 1 when the replay diverged, 2 when the file cannot be read.
pub fn verify(path: &Path, out: &mut dyn std::io::Write, err: &mut dyn std::io::Write) -> i32 {
    match crate::replay::verify::verify_file(path, |_, _| {}) {
        Err(message) => {
            let _ = writeln!(err, "breakout: error: {message}");
            2
        }
        Ok(verified) => {
            let report = verified.report();
            let _ = writeln!(out, "{}", report.json_line());
            if let Some(message) = report.divergence_message() {
                let _ = writeln!(err, "{message}");
            }
            verified.exit_status()
        }
    }
}
