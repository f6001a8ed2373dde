//! `breakout check`: validates level files, reporting every problem and warning in each.

use crate::level::{Level, LoadError};
use std::io::Write;
use std::path::PathBuf;

/// Exit status of `check` when every file is valid (warnings allowed unless `--strict`).
pub const EXIT_VALID: i32 = 0;
/// Exit status when at least one file has problems (or warnings, with `--strict`).
pub const EXIT_INVALID: i32 = 1;
/// Exit status when at least one file cannot be read (takes precedence over [`EXIT_INVALID`]).
pub const EXIT_UNREADABLE: i32 = 2;

/// Checks every file, writing one `file:line:column: message` line per problem and
/// `file:line:column: warning: message` per warning (or `file: cannot read level file: …`) to
/// `out`. With `strict`, warnings make the exit status [`EXIT_INVALID`]. Returns the exit status.
pub fn check(files: &[PathBuf], strict: bool, out: &mut dyn Write) -> i32 {
    let mut status = EXIT_VALID;
    let fail = |s: i32, status: &mut i32| *status = (*status).max(s);
    for file in files {
        match Level::load_with_warnings(file) {
            Ok((_, warnings)) => {
                for w in &warnings {
                    let _ = writeln!(
                        out,
                        "{}:{}:{}: {}",
                        file.display(),
                        w.line,
                        w.column,
                        w.message
                    );
                }
                if strict && !warnings.is_empty() {
                    fail(EXIT_INVALID, &mut status);
                }
            }
            Err(e @ LoadError::Io { .. }) => {
                let _ = writeln!(out, "{e}");
                fail(EXIT_UNREADABLE, &mut status);
            }
            Err(LoadError::Invalid(errors)) => {
                let _ = writeln!(out, "{errors}");
                fail(EXIT_INVALID, &mut status);
            }
        }
    }
    status
}
