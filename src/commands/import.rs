//! `breakout import`: converts other Breakouts' level sets (LBreakout2, KBreakOut, SDL-Ball,
//! gnome-breakout; see [`crate::import`]) into level files, `OUT/<set>/NN-<name>.lvl`.

use crate::import::common::{last_number, level_stem};
use crate::import::{load_set, Format, ImportError, LevelSet};
use crate::level::Level;
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Exit status when every file was imported (levels may be skipped or approximate).
pub const EXIT_IMPORTED: i32 = 0;
/// Exit status when a file, or a level in it, was rejected (and nothing worse happened).
pub const EXIT_REJECTED: i32 = 1;
/// Exit status when a file or directory cannot be read, or an output file cannot be written.
pub const EXIT_UNREADABLE: i32 = 2;

/// `breakout import`: [`import`] on stdout (buffered: one line per approximation, thousands
/// for a big set), its status as the process's.
pub fn run(
    inputs: &[PathBuf],
    output: &Path,
    format: Option<Format>,
    force: bool,
) -> std::process::ExitCode {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let status = import(inputs, output, format, force, &mut out);
    let _ = out.flush();
    std::process::ExitCode::from(status as u8)
}

/// Imports every file of `inputs` (a directory stands for the regular files in it, sorted by
/// name) in `format`, or the format each file's content shows with `None`, writing each set's
/// levels into `output/<set>/` (created if needed; nothing is written elsewhere). Writes to
/// `out`, per set, `<set>: N levels imported, M skipped`, then `FILE:LEVEL: approx: FEATURE (N
/// cells)` for every approximation and `FILE:LEVEL: skipped: REASON` for every skipped level
/// (LEVEL is the level's number in its set); a rejected file as `file:line:column: message`.
///
/// A level file already in `output` with other content (an earlier import edited by hand, or
/// another set's level of the same name) is kept unless `force`; the set's line then ends with
/// `(K kept: already there, use --force to replace)` and each kept file is listed as `PATH:
/// kept: already there`. With `force` it is replaced, and said so (`(R replaced)` and `PATH:
/// replaced`). A file with the same content is rewritten as imported. Keeping a file is not a
/// failure: the exit status stays [`EXIT_IMPORTED`].
///
/// Returns the exit status: [`EXIT_IMPORTED`], [`EXIT_REJECTED`] or [`EXIT_UNREADABLE`].
pub fn import(
    inputs: &[PathBuf],
    output: &Path,
    format: Option<Format>,
    force: bool,
    out: &mut dyn Write,
) -> i32 {
    let mut status = EXIT_IMPORTED;
    let mut files = Vec::new();
    for input in inputs {
        if input.is_dir() {
            match regular_files(input) {
                Ok(found) => files.extend(found),
                Err(e) => {
                    let _ = writeln!(out, "{}: cannot read directory: {e}", input.display());
                    status = status.max(EXIT_UNREADABLE);
                }
            }
        } else {
            files.push(input.clone());
        }
    }
    if let Err(e) = std::fs::create_dir_all(output) {
        let _ = writeln!(out, "{}: cannot create directory: {e}", output.display());
        status = status.max(EXIT_UNREADABLE);
        return status;
    }
    let mut used = BTreeSet::new();
    for file in &files {
        match load_set(file, format) {
            Ok(set) => {
                let dir = output.join(set_dir(&set.name, set.format, &mut used));
                status = status.max(write_set(&set, &dir, force, out));
            }
            Err(e @ ImportError::Io { .. }) => {
                let _ = writeln!(out, "{e}");
                status = status.max(EXIT_UNREADABLE);
            }
            Err(e) => {
                let _ = writeln!(out, "{e}");
                status = status.max(EXIT_REJECTED);
            }
        }
    }
    status
}

/// The regular files directly in `dir`, sorted by name.
fn regular_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        if entry.file_type()?.is_file() {
            files.push(entry.path());
        }
    }
    files.sort();
    Ok(files)
}

/// A directory name for a set called `name`, of `format`'s game: the name as it is, so the
/// imported set shows under its own title ("Michael's Levels"), with only what file systems
/// refuse made `-` (`/ \ : * ? " < > |` and control characters), no leading `.` (so never
/// `..`), no trailing dot or space, and no name Windows reserves; unique among `used`, case
/// ignored (another set's name gets its game's name after it, "default (SDL-Ball)", then a
/// number).
fn set_dir(name: &str, format: Format, used: &mut BTreeSet<String>) -> String {
    let cleaned: String = name
        .chars()
        .take(60)
        .map(|c| {
            if c.is_control() || matches!(c, '/' | '\\' | ':' | '*' | '?' | '"' | '<' | '>' | '|') {
                '-'
            } else {
                c
            }
        })
        .collect();
    let mut base = cleaned
        .trim_end_matches(['.', ' '])
        .trim_start()
        .to_string();
    if base.is_empty() || base.starts_with('.') {
        base = format!("set{base}");
    }
    const RESERVED: [&str; 4] = ["CON", "PRN", "AUX", "NUL"];
    let upper = base.to_ascii_uppercase();
    let numbered = (upper.starts_with("COM") || upper.starts_with("LPT"))
        && upper.len() == 4
        && upper.as_bytes()[3].is_ascii_digit();
    if RESERVED.contains(&upper.as_str()) || numbered {
        base.push_str("-set");
    }
    let game = format.def().game;
    let candidates = std::iter::once(base.clone())
        .chain(std::iter::once(format!("{base} ({game})")))
        .chain((2..).map(|n| format!("{base} ({game}) {n}")));
    for dir in candidates {
        if used.insert(dir.to_lowercase()) {
            return dir;
        }
    }
    unreachable!("the numbered candidates never run out")
}

/// Writes `set`'s levels into `dir` (keeping a different file already there unless `force`)
/// and reports them; returns the exit status for this set.
fn write_set(set: &LevelSet, dir: &Path, force: bool, out: &mut dyn Write) -> i32 {
    let mut status = EXIT_IMPORTED;
    if let Err(e) = std::fs::create_dir_all(dir) {
        let _ = writeln!(out, "{}: cannot create directory: {e}", dir.display());
        return EXIT_UNREADABLE;
    }
    let file = set.path.display();
    let last = last_number(set);
    let mut written = 0;
    let mut kept = 0;
    let mut replaced = 0;
    let mut lines = Vec::new();
    for imported in &set.levels {
        let stem = level_stem(imported.number, last, imported.level.title.as_deref());
        let level = Level {
            name: stem.clone(),
            ..imported.level.clone()
        };
        let text = level.to_text();
        // The file must read back as this level; a converter bug must not write a broken file.
        match Level::parse(&text, &stem) {
            Ok(back) if back == level => {}
            Ok(_) => {
                lines.push(format!(
                    "{file}:{}:0: level {}: the converted level does not read back the same; not written",
                    imported.line, imported.number
                ));
                status = status.max(EXIT_REJECTED);
                continue;
            }
            Err(e) => {
                lines.push(format!(
                    "{file}:{}:0: level {}: the converted level is invalid ({}); not written",
                    imported.line,
                    imported.number,
                    e.to_string().replace('\n', "; ")
                ));
                status = status.max(EXIT_REJECTED);
                continue;
            }
        }
        let path = dir.join(format!("{stem}.lvl"));
        // Only a file that exists and holds something else is at stake; a directory or an
        // unreadable file there fails at the write below, as before.
        let differs =
            path.is_file() && std::fs::read(&path).is_ok_and(|old| old != text.as_bytes());
        if differs && !force {
            lines.push(format!(
                "{}: kept: already there (use --force to replace)",
                path.display()
            ));
            kept += 1;
            continue;
        }
        if let Err(e) = std::fs::write(&path, text) {
            lines.push(format!("{}: cannot write: {e}", path.display()));
            status = EXIT_UNREADABLE;
            continue;
        }
        written += 1;
        if differs {
            lines.push(format!("{}: replaced", path.display()));
            replaced += 1;
        }
        for a in &imported.approximations {
            lines.push(format!("{file}:{}: {a}", imported.number));
        }
    }
    for s in &set.skipped {
        lines.push(format!("{file}:{}: skipped: {}", s.number, s.reason));
    }
    let mut notes = Vec::new();
    if kept > 0 {
        notes.push(format!(
            "{kept} kept: already there, use --force to replace"
        ));
    }
    if replaced > 0 {
        notes.push(format!("{replaced} replaced"));
    }
    let notes = if notes.is_empty() {
        String::new()
    } else {
        format!(" ({})", notes.join("; "))
    };
    let _ = writeln!(
        out,
        "{}: {written} levels imported, {} skipped{notes}",
        set.name,
        set.skipped.len()
    );
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    status
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh scratch directory for one test.
    fn scratch(test: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("breakout-import-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A synthetic LBreakout2 set of two levels: "First" (a row of `d`, an `l` bonus on one and
    /// a `w` on another) and "Empty".
    fn lbreakout2_set() -> String {
        let mut text = String::from("Version: 1.00\n");
        for (name, row, bonus) in [("First", "dddd", "lw"), ("Empty", "", "")] {
            text += &format!("Level:\nTester\n{name}\nBricks:\n{row:.<14}\n");
            text += &format!("{}Bonus:\n{bonus:.<14}\n", "..............\n".repeat(17));
            text += &"..............\n".repeat(17);
        }
        text
    }

    fn run(inputs: &[PathBuf], output: &Path) -> (i32, String) {
        let mut out = Vec::new();
        let status = import(inputs, output, None, false, &mut out);
        (status, String::from_utf8(out).unwrap())
    }

    #[test]
    fn writes_each_level_and_reports_approximations_and_skips() {
        let dir = scratch("ok");
        let input = dir.join("in");
        std::fs::create_dir_all(input.join("sub")).unwrap();
        // A network set ("N_" name): its levels are reported as played alone.
        std::fs::write(input.join("N_MySet"), lbreakout2_set()).unwrap();
        let (status, report) = run(std::slice::from_ref(&input), &dir.join("out"));
        assert_eq!(status, EXIT_IMPORTED, "{report}");
        let file = input.join("N_MySet").display().to_string();
        assert_eq!(
            report.lines().collect::<Vec<_>>(),
            vec![
                "N_MySet: 1 levels imported, 1 skipped".to_string(),
                format!("{file}:1: approx: network level for two players, played alone (0 cells)"),
                format!("{file}:2: skipped: empty: LBreakout2 completes it at once"),
            ]
        );
        let written = dir.join("out/N_MySet/01-first.lvl");
        let level = Level::load(&written).unwrap();
        assert_eq!(level.title.as_deref(), Some("First"));
        assert_eq!(level.destructible_count(), 4);
        let entries = std::fs::read_dir(dir.join("out/N_MySet")).unwrap().count();
        assert_eq!(entries, 1);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn exit_status_says_rejected_or_unreadable() {
        let dir = scratch("status");
        let good = dir.join("Good");
        let bad = dir.join("Bad");
        std::fs::write(&good, lbreakout2_set()).unwrap();
        std::fs::write(&bad, "Level:\nA\nB\nBricks:\nddd\n").unwrap();
        let out = dir.join("out");
        let (status, report) = run(&[good.clone(), bad.clone()], &out);
        assert_eq!(status, EXIT_REJECTED, "{report}");
        assert!(
            report.contains(&format!("{}:5:4: ", bad.display())),
            "{report}"
        );
        let (status, report) = run(&[dir.join("missing"), bad], &out);
        assert_eq!(status, EXIT_UNREADABLE, "{report}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Regression (found by a play-test): importing again into the same directory
    /// overwrote the earlier import's files, hand edits included, without a word. A changed file
    /// is now kept and said so; `--force` replaces it, and says so too.
    #[test]
    fn a_second_import_keeps_edited_files_unless_forced_and_says_which() {
        let dir = scratch("again");
        let input = dir.join("MySet");
        std::fs::write(&input, lbreakout2_set()).unwrap();
        let out = dir.join("out");
        let (status, report) = run(std::slice::from_ref(&input), &out);
        assert_eq!(status, EXIT_IMPORTED, "{report}");
        let level = out.join("MySet/01-first.lvl");
        let edited = format!("{}# my edit\n", std::fs::read_to_string(&level).unwrap());
        std::fs::write(&level, &edited).unwrap();

        // Again, unchanged files are imported, the edited one kept.
        let (status, report) = run(std::slice::from_ref(&input), &out);
        assert_eq!(status, EXIT_IMPORTED, "{report}");
        assert_eq!(std::fs::read_to_string(&level).unwrap(), edited);
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(
            lines[0],
            "MySet: 0 levels imported, 1 skipped (1 kept: already there, use --force to replace)"
        );
        let kept_line = format!(
            "{}: kept: already there (use --force to replace)",
            level.display()
        );
        assert!(lines.contains(&kept_line.as_str()), "{report}");

        // With force the file is replaced, and the report says so.
        let mut bytes = Vec::new();
        let status = import(std::slice::from_ref(&input), &out, None, true, &mut bytes);
        let report = String::from_utf8(bytes).unwrap();
        assert_eq!(status, EXIT_IMPORTED, "{report}");
        assert_ne!(std::fs::read_to_string(&level).unwrap(), edited);
        let lines: Vec<&str> = report.lines().collect();
        assert_eq!(lines[0], "MySet: 1 levels imported, 1 skipped (1 replaced)");
        let replaced_line = format!("{}: replaced", level.display());
        assert!(lines.contains(&replaced_line.as_str()), "{report}");

        // A third import finds the same content: imported, nothing kept or replaced.
        let (status, report) = run(std::slice::from_ref(&input), &out);
        assert_eq!(status, EXIT_IMPORTED, "{report}");
        assert_eq!(
            report.lines().next(),
            Some("MySet: 1 levels imported, 1 skipped")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn set_dirs_keep_the_sets_titles_and_stay_inside_and_unique() {
        let mut used = BTreeSet::new();
        let lb = Format::LBreakout2;
        assert_eq!(set_dir("..", lb, &mut used), "set");
        assert_eq!(set_dir(".hidden", lb, &mut used), "set.hidden");
        assert_eq!(set_dir("a/b", lb, &mut used), "a-b");
        assert_eq!(set_dir("a/b", lb, &mut used), "a-b (LBreakout2)");
        assert_eq!(set_dir("A/B", lb, &mut used), "A-B (LBreakout2) 2");
        assert_eq!(set_dir("", lb, &mut used), "set (LBreakout2)");
        assert_eq!(set_dir("nul", lb, &mut used), "nul-set");
        assert_eq!(set_dir("What? <Now> ", lb, &mut used), "What- -Now-");
        let gnome = Format::Gnome;
        assert_eq!(
            set_dir("Michael's Levels", gnome, &mut used),
            "Michael's Levels"
        );
        assert_eq!(set_dir("default", Format::KBreakOut, &mut used), "default");
        assert_eq!(
            set_dir("default", Format::SdlBall, &mut used),
            "default (SDL-Ball)"
        );
    }

    /// One name per set (a play-test saw "gnome-breakout: mmack" in the set list,
    /// "Marisa Mack's Levels" over its levels and "Marisa-Mack-s-Levels" once imported): the
    /// set list, the level list and the imported copy all say the set's own title.
    #[test]
    fn an_imported_set_keeps_the_name_its_game_gives_it() {
        use crate::assets::{Assets, LevelSetSource};
        let dir = scratch("names");
        let gbl = dir.join("mmack.gbl");
        let mut text =
            String::from("TITLE Marisa Mack's Levels\nBEGIN_LEVEL\nNAME One\nBEGIN_DATA\n");
        text += "1,1,1,1,1,1,1,1,1,1\n";
        text += &"0,0,0,0,0,0,0,0,0,0\n".repeat(14);
        text += "END_DATA\nEND_LEVEL\n";
        std::fs::write(&gbl, text).unwrap();
        let foreign = LevelSetSource::Foreign {
            path: gbl.clone(),
            format: Some(Format::Gnome),
        };
        let opened = foreign.open(&Assets::built_in()).unwrap();
        assert_eq!(opened.name, "gnome-breakout: Marisa Mack's Levels");
        let out = dir.join("out");
        let (status, report) = run(std::slice::from_ref(&gbl), &out);
        assert_eq!(status, EXIT_IMPORTED, "{report}");
        let imported = LevelSetSource::Directory(out.join("Marisa Mack's Levels"));
        let opened = imported.open(&Assets::built_in()).unwrap();
        assert_eq!(opened.name, "Marisa Mack's Levels");
        assert_eq!(imported.label(), "Marisa Mack's Levels");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
