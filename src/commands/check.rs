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

/// `breakout check`: [`check`] on stdout and stderr, its status as the process's.
pub fn run(files: &[PathBuf], strict: bool) -> std::process::ExitCode {
    let status = check(
        files,
        strict,
        &mut std::io::stdout(),
        &mut std::io::stderr(),
    );
    std::process::ExitCode::from(status as u8)
}

/// Checks every file, writing one `file:line:column: message` line per problem and
/// `file:line:column: warning: message` per warning (or `file: cannot read level file: …`) to
/// `out`; a level that loads but can never be cleared gives `file:line:column: error: message`
/// lines ([`crate::level::Diagnostic::is_error`]), which make the status [`EXIT_INVALID`] even
/// without `strict`; an `@name:` too long for the HUD is a warning too. A file not named `*.lvl` whose content is another game's level set
/// ([`import::detect`]) is imported instead: its error (`file:line:column: message`) makes the
/// status [`EXIT_INVALID`]; each approximation (`file:line: level N: approx: …`) and skipped
/// level (`file:line: level N: skipped: …`) is a warning. With `strict`, warnings make the exit
/// status [`EXIT_INVALID`]. After the last file, one summary line goes to `summary` (stderr in
/// the binary, so `out` stays the diagnostics alone): see [`Summary`]. Returns the exit status.
pub fn check(files: &[PathBuf], strict: bool, out: &mut dyn Write, summary: &mut dyn Write) -> i32 {
    let mut status = EXIT_VALID;
    let mut tally = Summary::default();
    for file in files {
        let (file_status, found) = check_file(file, strict, out);
        status = status.max(file_status);
        tally.add(found);
    }
    let _ = writeln!(summary, "{tally}");
    status
}

/// What the check of one file found, for the [`Summary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    /// Neither problems nor warnings.
    Nothing,
    /// Warnings only (with `--strict` they fail the check too).
    Warnings,
    /// At least one problem or error.
    Errors,
    /// The file could not be read.
    Unreadable,
}

/// The counts behind `check`'s summary line (valid files printed nothing, so
/// a first-time user could not tell whether anything was checked). Displayed as
/// "8 files checked: no problems" or "8 files checked: 2 with errors, 1 with warnings"
/// (and ", 1 unreadable").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Files checked.
    pub files: usize,
    /// Files with at least one problem or error.
    pub with_errors: usize,
    /// Files with warnings and no problem.
    pub with_warnings: usize,
    /// Files that could not be read.
    pub unreadable: usize,
}

impl Summary {
    /// Counts one file.
    fn add(&mut self, found: Found) {
        self.files += 1;
        match found {
            Found::Nothing => {}
            Found::Warnings => self.with_warnings += 1,
            Found::Errors => self.with_errors += 1,
            Found::Unreadable => self.unreadable += 1,
        }
    }
}

impl std::fmt::Display for Summary {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let noun = if self.files == 1 { "file" } else { "files" };
        write!(f, "{} {noun} checked: ", self.files)?;
        let parts: Vec<String> = [
            (self.with_errors, "with errors"),
            (self.with_warnings, "with warnings"),
            (self.unreadable, "unreadable"),
        ]
        .iter()
        .filter(|(count, _)| *count > 0)
        .map(|(count, what)| format!("{count} {what}"))
        .collect();
        if parts.is_empty() {
            write!(f, "no problems")
        } else {
            write!(f, "{}", parts.join(", "))
        }
    }
}

/// Checks one file as [`check`] says; returns its exit status and what it found.
fn check_file(file: &Path, strict: bool, out: &mut dyn Write) -> (i32, Found) {
    if let Some(bytes) = foreign_set(file) {
        return check_set(file, &bytes, strict, out);
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
            let errors = warnings.iter().any(|w| w.is_error());
            let status = if errors || (strict && !warnings.is_empty()) {
                EXIT_INVALID
            } else {
                EXIT_VALID
            };
            let found = if errors {
                Found::Errors
            } else if warnings.is_empty() {
                Found::Nothing
            } else {
                Found::Warnings
            };
            (status, found)
        }
        Err(e @ LoadError::Io { .. }) => {
            let _ = writeln!(out, "{e}");
            (EXIT_UNREADABLE, Found::Unreadable)
        }
        Err(LoadError::Invalid(errors)) => {
            let _ = writeln!(out, "{errors}");
            (EXIT_INVALID, Found::Errors)
        }
    }
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

/// Imports the set file `file` (its `bytes`) and reports as [`check`] says; returns its status
/// and what it found.
fn check_set(file: &Path, bytes: &[u8], strict: bool, out: &mut dyn Write) -> (i32, Found) {
    let set = match import::parse_set(bytes, file, None) {
        Ok(set) => set,
        Err(e @ ImportError::Io { .. }) => {
            let _ = writeln!(out, "{e}");
            return (EXIT_UNREADABLE, Found::Unreadable);
        }
        Err(e) => {
            let _ = writeln!(out, "{e}");
            return (EXIT_INVALID, Found::Errors);
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
        return (EXIT_INVALID, Found::Errors);
    }
    let found = if warnings > 0 {
        Found::Warnings
    } else {
        Found::Nothing
    };
    if strict && warnings > 0 {
        (EXIT_INVALID, found)
    } else {
        (EXIT_VALID, found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `check` on `files`: (status, stdout, summary line).
    fn run(files: &[PathBuf], strict: bool) -> (i32, String, String) {
        let (mut out, mut summary) = (Vec::new(), Vec::new());
        let status = check(files, strict, &mut out, &mut summary);
        (
            status,
            String::from_utf8(out).unwrap(),
            String::from_utf8(summary).unwrap(),
        )
    }

    fn shipped() -> Vec<PathBuf> {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
        let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "lvl"))
            .collect();
        files.sort();
        files
    }

    /// A play-test found: valid files printed nothing at all; now the summary says how many.
    #[test]
    fn valid_files_give_a_summary_and_no_diagnostics() {
        let files = shipped();
        let (status, out, summary) = run(&files, true);
        assert_eq!(status, EXIT_VALID, "{out}");
        assert_eq!(out, "", "stdout is the diagnostics alone");
        assert_eq!(
            summary,
            format!("{} files checked: no problems\n", files.len())
        );
        let (_, _, one) = run(&files[..1], false);
        assert_eq!(one, "1 file checked: no problems\n");
    }

    #[test]
    fn the_summary_counts_files_with_errors_warnings_and_unreadable_ones() {
        let dir =
            std::env::temp_dir().join(format!("breakout-check-summary-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let broken = dir.join("broken.lvl");
        std::fs::write(&broken, "1 1 ?\n").unwrap();
        let long_name = dir.join("long.lvl");
        let text = std::fs::read_to_string(&shipped()[0]).unwrap();
        let name = "N".repeat(hud::max_name_chars() + 5);
        std::fs::write(&long_name, text.replacen("01 First Steps", &name, 1)).unwrap();
        let missing = dir.join("missing.lvl");
        let files = vec![
            shipped()[0].clone(),
            broken.clone(),
            long_name.clone(),
            missing,
        ];
        let (status, out, summary) = run(&files, false);
        assert_eq!(status, EXIT_UNREADABLE);
        assert!(out.contains("broken.lvl:1:"), "{out}");
        assert!(
            out.contains("long.lvl:1:") && out.contains("warning"),
            "{out}"
        );
        assert_eq!(
            summary,
            "4 files checked: 1 with errors, 1 with warnings, 1 unreadable\n"
        );
        let (status, _, summary) = run(&[long_name], true);
        assert_eq!(status, EXIT_INVALID, "--strict fails on warnings");
        assert_eq!(summary, "1 file checked: 1 with warnings\n");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
