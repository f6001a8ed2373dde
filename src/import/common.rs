//! Helpers the LBreakout2 and gnome-breakout readers share: reading lines the way C's `fgets`
//! does, building a [`Level`] from a grid of bricks with canonical extras, header text that
//! survives [`Level::to_text`], the per-level tally of approximations, and file names for
//! imported levels.

use super::{Approximation, ImportError, LevelSet};
use crate::level::{BrickKind, CellExtras, Level, PowerUpKind};
use std::collections::BTreeMap;
use std::path::Path;

/// One line as C's `fgets(buffer, size, file)` returns it: at most `size - 1` bytes, ending
/// after the first `\n` (kept) or at the end of the file. A longer physical line comes back in
/// several pieces, each with the same 1-based line number.
#[derive(Clone, Copy, Debug)]
pub(super) struct RawLine<'a> {
    /// 1-based line of the file.
    pub line: usize,
    /// 1-based column (in bytes) where this piece starts: 1, or further for a long line's
    /// later pieces.
    pub column: usize,
    /// The bytes, with the `\n` if the line had one within this piece.
    pub bytes: &'a [u8],
}

impl<'a> RawLine<'a> {
    /// The bytes without a final `\n` (C's usual `buffer[strlen - 1] = 0`).
    pub fn text(&self) -> &'a [u8] {
        self.bytes.strip_suffix(b"\n").unwrap_or(self.bytes)
    }
}

/// Splits `bytes` as successive `fgets(buffer, size, file)` calls would (see [`RawLine`]).
pub(super) fn fgets_lines(bytes: &[u8], size: usize) -> Vec<RawLine<'_>> {
    let max = size.saturating_sub(1).max(1);
    let mut lines = Vec::new();
    let (mut line, mut column, mut rest) = (1, 1, bytes);
    while !rest.is_empty() {
        let end = match rest.iter().take(max).position(|&b| b == b'\n') {
            Some(i) => i + 1,
            None => rest.len().min(max),
        };
        let (piece, tail) = rest.split_at(end);
        lines.push(RawLine {
            line,
            column,
            bytes: piece,
        });
        if piece.ends_with(b"\n") {
            line += 1;
            column = 1;
        } else {
            column += piece.len();
        }
        rest = tail;
    }
    lines
}

/// An [`ImportError::Invalid`] at the first NUL byte of `bytes`, if there is one: no text file
/// holds one, and C's string functions would stop at it.
pub(super) fn reject_nul(bytes: &[u8], path: &Path) -> Result<(), ImportError> {
    let Some(at) = bytes.iter().position(|&b| b == 0) else {
        return Ok(());
    };
    let before = &bytes[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = at
        - before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1)
        + 1;
    Err(ImportError::Invalid {
        path: path.to_path_buf(),
        line,
        column,
        message: "a NUL byte: this is not a text file".to_string(),
    })
}

/// Header text (`@name:`, `@author:`) as [`Level::to_text`] keeps it: control characters become
/// spaces, `#` (which starts a comment in a level file) is dropped, runs of spaces it leaves are
/// closed up, and the ends are trimmed; `None` if nothing is left.
pub(super) fn header_text(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '#' => {}
            c if c.is_control() || c.is_whitespace() => {
                if !out.ends_with(' ') {
                    out.push(' ');
                }
            }
            c => out.push(c),
        }
    }
    let out = out.trim();
    (!out.is_empty()).then(|| out.to_string())
}

/// Latin-1 bytes as text (every byte is the code point of the same number).
pub(super) fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// A brick grid being filled in, kept in the form [`Level::parse`] gives back: extensions only
/// where they differ from the kind's defaults.
pub(super) struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Option<BrickKind>>,
    extras: BTreeMap<usize, CellExtras>,
}

impl Grid {
    /// An empty `rows × cols` grid.
    pub fn new(rows: usize, cols: usize) -> Grid {
        Grid {
            rows,
            cols,
            cells: vec![None; rows * cols],
            extras: BTreeMap::new(),
        }
    }

    /// Puts a brick of `kind` at `row`, `col`, taking `hits` hits (clamped to 1–9; ignored for
    /// indestructible kinds) and drawn in `colour` if given.
    pub fn set(
        &mut self,
        row: usize,
        col: usize,
        kind: BrickKind,
        hits: u8,
        colour: Option<[u8; 3]>,
    ) {
        let index = row * self.cols + col;
        self.cells[index] = Some(kind);
        let hits = if kind.is_destructible() {
            hits.clamp(1, crate::level::MAX_HITS)
        } else {
            kind.default_hits()
        };
        let extras = CellExtras {
            hits,
            powerup: None,
            colour,
        };
        self.store(index, kind, extras);
    }

    /// The brick at `row`, `col`.
    pub fn get(&self, row: usize, col: usize) -> Option<BrickKind> {
        self.cells[row * self.cols + col]
    }

    /// Places `powerup` in the brick at `row`, `col`; false (and nothing changes) if there is
    /// no brick there or it is one the ball cannot destroy.
    pub fn place_powerup(&mut self, row: usize, col: usize, powerup: PowerUpKind) -> bool {
        let index = row * self.cols + col;
        let Some(kind) = self.cells[index].filter(|k| k.is_destructible()) else {
            return false;
        };
        let mut extras = self.extras.get(&index).copied().unwrap_or(CellExtras {
            hits: kind.default_hits(),
            powerup: None,
            colour: None,
        });
        extras.powerup = Some(powerup);
        self.store(index, kind, extras);
        true
    }

    fn store(&mut self, index: usize, kind: BrickKind, extras: CellExtras) {
        if extras.hits == kind.default_hits() && extras.powerup.is_none() && extras.colour.is_none()
        {
            self.extras.remove(&index);
        } else {
            self.extras.insert(index, extras);
        }
    }

    /// The level: this grid with `template`'s name and headers.
    pub fn into_level(self, template: Level) -> Level {
        Level {
            rows: self.rows,
            cols: self.cols,
            cells: self.cells,
            extras: self.extras,
            ..template
        }
    }
}

/// Approximations of one level, counted by feature, in the order first seen.
#[derive(Default)]
pub(super) struct Tally(Vec<Approximation>);

impl Tally {
    /// Counts `cells` more cells for `feature` (0 adds a level-wide feature once).
    pub fn add(&mut self, feature: &str, cells: usize) {
        match self.0.iter_mut().find(|a| a.feature == feature) {
            Some(a) => a.cells += cells,
            None => self.0.push(Approximation {
                feature: feature.to_string(),
                cells,
            }),
        }
    }

    /// The approximations, in the order first seen.
    pub fn into_vec(self) -> Vec<Approximation> {
        self.0
    }
}

/// A file-name-safe form of `text`: ASCII letters and digits lower-cased, every other run of
/// characters one `-`, at most 40 characters; `"level"` if nothing is left.
pub fn slug(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
        if out.len() >= 40 {
            break;
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "level".to_string()
    } else {
        out.to_string()
    }
}

/// The file stem `breakout import` writes level `number` of a set under: the number padded to
/// the width of `last` (at least 2 digits), a dash and the [`slug`] of its title (`level`
/// without one), e.g. `07-the-wall`.
pub fn level_stem(number: usize, last: usize, title: Option<&str>) -> String {
    let width = last.to_string().len().max(2);
    format!("{number:0width$}-{}", slug(title.unwrap_or("")))
}

/// The highest level number of `set`, imported or skipped: the width [`level_stem`] pads to.
pub fn last_number(set: &LevelSet) -> usize {
    let imported = set.levels.iter().map(|l| l.number);
    imported
        .chain(set.skipped.iter().map(|s| s.number))
        .max()
        .unwrap_or(0)
}

/// Names every level of `set` by the file stem `breakout import` writes it under
/// ([`level_stem`]), so that loading the written file gives the same [`Level`].
pub(super) fn name_levels(set: &mut LevelSet) {
    let last = last_number(set);
    for imported in &mut set.levels {
        imported.level.name = level_stem(imported.number, last, imported.level.title.as_deref());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fgets_splits_long_lines_and_keeps_newlines() {
        let lines = fgets_lines(b"abcdef\nxy\r\nz", 4);
        let pieces: Vec<(usize, usize, &[u8])> =
            lines.iter().map(|l| (l.line, l.column, l.bytes)).collect();
        assert_eq!(
            pieces,
            vec![
                (1, 1, &b"abc"[..]),
                (1, 4, &b"def"[..]),
                (1, 7, &b"\n"[..]),
                (2, 1, &b"xy\r"[..]),
                (2, 4, &b"\n"[..]),
                (3, 1, &b"z"[..]),
            ]
        );
    }

    #[test]
    fn header_text_survives_to_text() {
        assert_eq!(header_text(" TCS #1\r").as_deref(), Some("TCS 1"));
        assert_eq!(header_text("\u{e}Nice").as_deref(), Some("Nice"));
        assert_eq!(header_text(" # \t"), None);
    }

    #[test]
    fn nul_is_reported_where_it_is() {
        let err = reject_nul(b"ab\ncd\0e", Path::new("f")).unwrap_err();
        assert!(
            matches!(
                err,
                ImportError::Invalid {
                    line: 2,
                    column: 3,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn slugs_and_stems() {
        assert_eq!(slug("  Adelaide Crows!"), "adelaide-crows");
        assert_eq!(slug("???"), "level");
        assert_eq!(level_stem(7, 278, Some("The Wall")), "007-the-wall");
        assert_eq!(level_stem(7, 40, Some("The Wall")), "07-the-wall");
        assert_eq!(level_stem(7, 40, None), "07-level");
    }
}
