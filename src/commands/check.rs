//! `breakout check`: validates level files, reporting every problem and warning in each, and
//! other games' set files (LBreakout2, KBreakOut, SDL-Ball, gnome-breakout), reporting why one
//! does not import and what the import approximates.

use crate::import::{self, ImportError};
use crate::level::{Diagnostic, Level, LoadError};
use crate::view::hud;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Exit status of `check` when every file is valid (warnings allowed unless `--strict`).
pub const EXIT_VALID: i32 = 0;
/// Exit status when at least one file has problems (or warnings, with `--strict`).
pub const EXIT_INVALID: i32 = 1;
/// Exit status when at least one file cannot be read (takes precedence over [`EXIT_INVALID`]).
pub const EXIT_UNREADABLE: i32 = 2;

/// Checks every file, writing one `file:line:column: message` line per problem and
/// `file:line:column: warning: message` per warning (or `file: cannot read level file: …`) to
/// `out`; a level that loads but can never be cleared gives `file:line:column: error: message`
/// lines ([`crate::level::Diagnostic::is_error`]), which make the status [`EXIT_INVALID`] even
/// without `strict`; an `@name:` too long for the HUD is a warning too. A file not named `*.lvl` whose content is another game's level set
/// ([`import::detect`]) is imported instead: its error (`file:line:column: message`) makes the
/// status [`EXIT_INVALID`]; each approximation (`file:line: level N: approx: …`) and skipped
/// level (`file:line: level N: skipped: …`) is a warning. With `strict`, warnings make the exit
/// status [`EXIT_INVALID`]. Returns the exit status.
pub fn check(files: &[PathBuf], strict: bool, out: &mut dyn Write) -> i32 {
    let mut status = EXIT_VALID;
    let fail = |s: i32, status: &mut i32| *status = (*status).max(s);
    for file in files {
        if let Some(bytes) = foreign_set(file) {
            fail(check_set(file, &bytes, strict, out), &mut status);
            continue;
        }
        match Level::load_with_warnings(file) {
            Ok((level, mut warnings)) => {
                warnings.extend(name_too_long(file, &level));
                warnings.sort_by_key(|w| (w.line, w.column));
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
                if warnings.iter().any(|w| w.is_error()) || (strict && !warnings.is_empty()) {
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

/// A warning at `level`'s `@name:` line (in `file`) if the name is longer than the HUD shows
/// whole between SCORE and LIVES ([`hud::max_name_chars`]): the HUD cuts it.
fn name_too_long(file: &Path, level: &Level) -> Option<Diagnostic> {
    let name = level.title.as_deref()?;
    let (count, max) = (name.chars().count(), hud::max_name_chars());
    if count <= max {
        return None;
    }
    let text = std::fs::read_to_string(file).ok()?;
    let (line, column) = Level::directive_position(&text, "name").unwrap_or((1, 1));
    let shown = hud::fit_title(name, "", max);
    Some(Diagnostic {
        line,
        column,
        message: format!(
            "warning: the name is {count} characters but the HUD shows at most {max} between SCORE and LIVES, so it is cut to '{shown}'"
        ),
    })
}

/// The bytes of `file` if it is another game's set file: not named `*.lvl`, readable, and
/// recognised by [`import::detect`].
fn foreign_set(file: &Path) -> Option<Vec<u8>> {
    if file.extension().is_some_and(|e| e == "lvl") || !file.is_file() {
        return None;
    }
    let bytes = std::fs::read(file).ok()?;
    import::detect(&bytes).is_some().then_some(bytes)
}

/// Imports the set file `file` (its `bytes`) and reports as [`check`] says; returns its status.
fn check_set(file: &Path, bytes: &[u8], strict: bool, out: &mut dyn Write) -> i32 {
    let set = match import::parse_set(bytes, file, None) {
        Ok(set) => set,
        Err(e @ ImportError::Io { .. }) => {
            let _ = writeln!(out, "{e}");
            return EXIT_UNREADABLE;
        }
        Err(e) => {
            let _ = writeln!(out, "{e}");
            return EXIT_INVALID;
        }
    };
    let mut warnings = 0;
    for level in &set.levels {
        for approx in &level.approximations {
            let (line, number) = (level.line, level.number);
            let _ = writeln!(out, "{}:{line}: level {number}: {approx}", file.display());
            warnings += 1;
        }
    }
    for skipped in &set.skipped {
        let (line, number, reason) = (skipped.line, skipped.number, &skipped.reason);
        let _ = writeln!(
            out,
            "{}:{line}: level {number}: skipped: {reason}",
            file.display()
        );
        warnings += 1;
    }
    if set.levels.is_empty() {
        let _ = writeln!(out, "{}: no level could be imported", file.display());
        return EXIT_INVALID;
    }
    if strict && warnings > 0 {
        EXIT_INVALID
    } else {
        EXIT_VALID
    }
}
