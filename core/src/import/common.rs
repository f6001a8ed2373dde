//! Helpers the four readers (`lbreakout2.rs`, `kbreakout.rs`, `sdlball.rs`, `gnome.rs`) share:
//! reading text (lines the way C's `fgets` does, Latin-1, UTF-8) and reporting where it is bad,
//! building a [`Level`] from a `Grid` of converted `Brick`s with canonical extras, header
//! text that survives [`Level::to_text`], the nearest plain colour, the per-level tally of
//! approximations, and file names for imported levels.

use super::types::{Approximation, ImportError, LevelSet};
use crate::level::brick_color;
use crate::level::{BrickKind, CellExtras, Level, PowerUpKind, Roll, MAX_HITS, PLAIN_COLOURS};
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
    Err(invalid(
        path,
        line,
        column,
        "a NUL byte: this is not a text file".to_string(),
    ))
}

/// An [`ImportError::Invalid`] at `line`, `column` (1-based; column 0 when it does not apply).
pub(super) fn invalid(path: &Path, line: usize, column: usize, message: String) -> ImportError {
    ImportError::Invalid {
        path: path.to_path_buf(),
        line,
        column,
        message,
    }
}

/// The file as text, without a UTF-8 byte-order mark; invalid UTF-8 is an error at the line and
/// column of the first bad byte.
pub(super) fn utf8<'a>(bytes: &'a [u8], path: &Path) -> Result<&'a str, ImportError> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.strip_prefix('\u{feff}').unwrap_or(text)),
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let line_start = good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
            let column = String::from_utf8_lossy(&good[line_start..]).chars().count() + 1;
            Err(invalid(
                path,
                line,
                column,
                "invalid UTF-8: the file is not text".to_string(),
            ))
        }
    }
}

/// Latin-1 bytes as text (every byte is the code point of the same number).
pub(super) fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// The file stem of `path` (the set's name where the format has none), `"set"` if it has none.
pub(super) fn stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "set".to_string())
}

/// How [`header_text`] cleans a header value. Both give text that [`Level::parse`] reads back
/// unchanged from [`Level::to_text`]; they differ only in spacing and `#`, and each reader keeps
/// the one it was written with so its output stays the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum HeaderStyle {
    /// LBreakout2 and gnome-breakout: `#` is dropped, and every run of control characters and
    /// white space becomes one space (`" TCS #1\r"` → `"TCS 1"`).
    Folded,
    /// KBreakOut and SDL-Ball: each control character and `#` becomes a space, other spaces
    /// are kept as they are (`"a#b  c"` → `"a b  c"`).
    Blanked,
}

/// Header text (`@name:`, `@author:`, `@source:`) as [`Level::to_text`] keeps it, cleaned as
/// `style` says (`#` would start a comment in a level file, control characters end or break
/// the line) and trimmed at both ends; `None` if nothing is left.
pub(super) fn header_text(text: &str, style: HeaderStyle) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match style {
            HeaderStyle::Folded => match c {
                '#' => {}
                c if c.is_control() || c.is_whitespace() => {
                    if !out.ends_with(' ') {
                        out.push(' ');
                    }
                }
                c => out.push(c),
            },
            HeaderStyle::Blanked => out.push(if c.is_control() || c == '#' { ' ' } else { c }),
        }
    }
    let out = out.trim();
    (!out.is_empty()).then(|| out.to_string())
}

/// One converted brick: its kind, own colour, hits and power-up (placed, or rolled when play
/// starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Brick {
    /// The kind.
    pub kind: BrickKind,
    /// Its own colour (`:RRGGBB`), sRGB bytes.
    pub colour: Option<[u8; 3]>,
    /// Hits it takes (the kind's default unless the foreign brick differs; only destructible
    /// kinds use it).
    pub hits: u8,
    /// The power-up it releases (kinds that hold one only, [`BrickKind::holds_powerup`]).
    pub powerup: Option<PowerUpKind>,
    /// A random power-up the game rolls for it when play starts (`+10%`, `+bad`; kinds that
    /// hold one only, never with `powerup`).
    pub roll: Option<Roll>,
}

impl Brick {
    /// A brick of `kind` with its default hits, no colour and no power-up.
    pub fn new(kind: BrickKind) -> Brick {
        Brick {
            kind,
            colour: None,
            hits: kind.default_hits(),
            powerup: None,
            roll: None,
        }
    }

    /// The same brick with its own colour.
    pub fn coloured(self, colour: [u8; 3]) -> Brick {
        Brick {
            colour: Some(colour),
            ..self
        }
    }

    /// The same brick taking `hits` hits, clamped to 1–[`MAX_HITS`] (ignored for indestructible
    /// kinds).
    pub(crate) fn with_hits(self, hits: u8) -> Brick {
        Brick {
            hits: hits.clamp(1, MAX_HITS),
            ..self
        }
    }

    /// The level-file extensions of this brick, `None` when it has only its kind's defaults (so
    /// the level equals its own text parsed back). Hits on an indestructible kind, and a
    /// power-up or roll on a kind that holds none (walls), are dropped here; a placed power-up
    /// wins over a roll.
    fn extras(self) -> Option<CellExtras> {
        let destructible = self.kind.is_destructible();
        let holds = self.kind.holds_powerup();
        let powerup = self.powerup.filter(|_| holds);
        let roll = self.roll.filter(|_| holds && powerup.is_none());
        let hits = if destructible {
            self.hits
        } else {
            self.kind.default_hits()
        };
        let plain = hits == self.kind.default_hits()
            && powerup.is_none()
            && roll.is_none()
            && self.colour.is_none();
        (!plain).then_some(CellExtras {
            hits,
            powerup,
            roll,
            colour: self.colour,
        })
    }
}

/// A grid of converted bricks being filled in, `rows × cols` cells, row-major; it becomes a
/// [`Level`] in the form [`Level::parse`] gives back (extensions only where they differ from
/// the kind's defaults).
pub(super) struct Grid {
    rows: usize,
    cols: usize,
    cells: Vec<Option<Brick>>,
}

impl Grid {
    /// An empty `rows × cols` grid.
    pub fn new(rows: usize, cols: usize) -> Grid {
        Grid::from_cells(rows, cols, vec![None; rows * cols])
    }

    /// A `rows × cols` grid of `cells` (row-major; `rows * cols` of them).
    pub(crate) fn from_cells(rows: usize, cols: usize, cells: Vec<Option<Brick>>) -> Grid {
        debug_assert_eq!(cells.len(), rows * cols);
        Grid { rows, cols, cells }
    }

    /// Puts `brick` at `row`, `col`.
    pub fn set(&mut self, row: usize, col: usize, brick: Brick) {
        self.cells[row * self.cols + col] = Some(brick);
    }

    /// The kind of the brick at `row`, `col`.
    #[cfg(test)]
    pub fn get(&self, row: usize, col: usize) -> Option<BrickKind> {
        self.cells[row * self.cols + col].map(|b| b.kind)
    }

    /// Places `powerup` in the brick at `row`, `col`; false (and nothing changes) if there is
    /// no brick there or it holds none (a wall, [`BrickKind::holds_powerup`]).
    pub(crate) fn place_powerup(&mut self, row: usize, col: usize, powerup: PowerUpKind) -> bool {
        match &mut self.cells[row * self.cols + col] {
            Some(brick) if brick.kind.holds_powerup() => {
                brick.powerup = Some(powerup);
                true
            }
            _ => false,
        }
    }

    /// The level: this grid with `template`'s name and headers (its header text already
    /// cleaned by [`header_text`]).
    pub(crate) fn into_level(self, template: Level) -> Level {
        Level {
            rows: self.rows,
            cols: self.cols,
            extras: self
                .cells
                .iter()
                .enumerate()
                .filter_map(|(i, b)| b.and_then(Brick::extras).map(|e| (i, e)))
                .collect(),
            cells: self.cells.iter().map(|b| b.map(|b| b.kind)).collect(),
            ..template
        }
    }
}

/// The plain colour digit (`2`–`9`) whose tint is nearest to `rgb` (sRGB bytes), so a brick
/// with its own colour still has a fitting digit (score, and where the colour is not drawn).
pub(super) fn nearest_plain(rgb: [u8; 3]) -> u8 {
    let target = rgb.map(|c| f32::from(c) / 255.0);
    (2..2 + PLAIN_COLOURS.len() as u8)
        .min_by(|&a, &b| {
            let d = |digit: u8| {
                let t = brick_color(BrickKind::Plain(digit), None);
                (0..3)
                    .map(|i| (t[i] - target[i]) * (t[i] - target[i]))
                    .sum::<f32>()
            };
            d(a).total_cmp(&d(b))
        })
        .unwrap_or(2)
}

/// Approximations of one level, counted by feature, in the order first seen.
#[derive(Default)]
pub(super) struct Tally(Vec<Approximation>);

impl Tally {
    /// Counts `cells` more cells for `feature` (0 adds a level-wide feature once).
    pub fn add(&mut self, feature: impl Into<String>, cells: usize) {
        let feature = feature.into();
        match self.0.iter_mut().find(|a| a.feature == feature) {
            Some(a) => a.cells = a.cells.saturating_add(cells),
            None => self.0.push(Approximation { feature, cells }),
        }
    }

    /// The approximations, in the order first seen.
    pub(crate) fn into_vec(self) -> Vec<Approximation> {
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
    fn header_text_styles() {
        use HeaderStyle::{Blanked, Folded};
        assert_eq!(header_text(" TCS #1\r", Folded).as_deref(), Some("TCS 1"));
        assert_eq!(header_text("\u{e}Nice", Folded).as_deref(), Some("Nice"));
        assert_eq!(header_text(" # \t", Folded), None);
        assert_eq!(header_text("a#b  c\t", Blanked).as_deref(), Some("a b  c"));
        assert_eq!(header_text(" a#b \tc ", Folded).as_deref(), Some("ab c"));
        assert_eq!(header_text(" # \t", Blanked), None);
    }

    #[test]
    fn header_text_round_trips_through_a_level_file() {
        for style in [HeaderStyle::Folded, HeaderStyle::Blanked] {
            for raw in [
                "Level 5",
                " a#b\tc ",
                "\u{7}",
                "x:y: z",
                "TCS #1\r\n",
                "a\u{a0} b",
            ] {
                let Some(text) = header_text(raw, style) else {
                    assert!(raw.trim_matches(|c: char| c.is_control()).trim().is_empty());
                    continue;
                };
                let level = Level::parse(&format!("@name: {text}\n2\n"), "t").unwrap();
                assert_eq!(level.title.as_deref(), Some(text.as_str()), "{style:?}");
            }
        }
    }

    #[test]
    fn grid_keeps_only_extras_that_differ() {
        let mut grid = Grid::new(1, 4);
        grid.set(0, 0, Brick::new(BrickKind::Plain(2)));
        grid.set(0, 1, Brick::new(BrickKind::Plain(3)).with_hits(20));
        grid.set(0, 2, Brick::new(BrickKind::Solid).with_hits(3));
        assert!(!grid.place_powerup(0, 2, PowerUpKind::Multiball));
        assert!(!grid.place_powerup(0, 3, PowerUpKind::Multiball));
        assert!(grid.place_powerup(0, 0, PowerUpKind::Multiball));
        assert_eq!(grid.get(0, 2), Some(BrickKind::Solid));
        let level = grid.into_level(Level::default());
        let text = level.to_text();
        assert_eq!(Level::parse(&text, "").unwrap(), level, "{text}");
        assert_eq!(level.extras.len(), 2, "{text}");
        assert_eq!(level.extras[&1].hits, MAX_HITS);
        assert_eq!(level.extras[&0].powerup, Some(PowerUpKind::Multiball));
    }

    #[test]
    fn nearest_plain_finds_each_palette_colour() {
        for digit in 2..=9u8 {
            let t = brick_color(BrickKind::Plain(digit), None);
            let rgb = [0, 1, 2].map(|i| (t[i] * 255.0).round() as u8);
            assert_eq!(nearest_plain(rgb), digit, "{rgb:?}");
        }
    }

    #[test]
    fn tally_adds_up_per_feature() {
        let mut t = Tally::default();
        t.add("a", 2);
        t.add("b", 1);
        t.add("a", 3);
        let v = t.into_vec();
        assert_eq!(v.len(), 2);
        assert_eq!((v[0].feature.as_str(), v[0].cells), ("a", 5));
    }

    /// The line and column of an [`ImportError::Invalid`].
    fn place(err: ImportError) -> (usize, usize) {
        match err {
            ImportError::Invalid { line, column, .. } => (line, column),
            other => panic!("not an Invalid error: {other}"),
        }
    }

    #[test]
    fn bad_bytes_are_reported_where_they_are() {
        let nul = reject_nul(b"ab\ncd\0e", Path::new("f")).unwrap_err();
        assert_eq!(place(nul), (2, 3));
        let utf = utf8(b"ab\nc\xffd", Path::new("f")).unwrap_err();
        assert_eq!(place(utf), (2, 2));
        assert_eq!(utf8(b"\xef\xbb\xbfok", Path::new("f")).unwrap(), "ok");
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
