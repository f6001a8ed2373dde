//! `breakout check`: validates level files.

use crate::level::{Level, LoadError};
use std::io::Write;
use std::path::PathBuf;

/// Exit status of `check` when every file is valid.
pub const EXIT_VALID: i32 = 0;
/// Exit status when at least one file has problems.
pub const EXIT_INVALID: i32 = 1;
/// Exit status when at least one file cannot be read (takes precedence over [`EXIT_INVALID`]).
pub const EXIT_UNREADABLE: i32 = 2;

/// Checks every file, writing one `file:line:column: message` line per problem (or
/// `file: cannot read level file: …`) to `out`. Returns the exit status.
pub fn check(files: &[PathBuf], out: &mut dyn Write) -> i32 {
    let mut status = EXIT_VALID;
    for file in files {
        match Level::load(file) {
            Ok(_) => {}
            Err(e @ LoadError::Io { .. }) => {
                let _ = writeln!(out, "{e}");
                status = EXIT_UNREADABLE;
            }
            Err(LoadError::Invalid(errors)) => {
                let _ = writeln!(out, "{errors}");
                if status == EXIT_VALID {
                    status = EXIT_INVALID;
                }
            }
        }
    }
    status
}
