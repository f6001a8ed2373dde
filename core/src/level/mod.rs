//! Level files: the LearnOpenGL "2D game" text format, with backward-compatible extensions
//! (comments, `@name:`/`@author:`, multi-hit bricks `3*2`, placed power-ups `4+M`; version 2:
//! more colours `6`–`9` and `:RRGGBB`, lettered brick kinds `M C X I H R G`, and the
//! `@area:`/`@explosion:`/`@scoring:`/`@source:` headers). The complete specification is
//! `docs/levels.md`.
//!
//! A level is a grid of bricks, one row per line, cells separated by whitespace (spaces or tabs):
//!
//! | number | brick                                   |
//! |--------|-----------------------------------------|
//! | `0`    | empty cell                              |
//! | `1`    | solid brick: indestructible             |
//! | `2`–`9`| plain brick, one colour per number      |
//! | `M C X I H R G` | metal, chaotic, explosive, invisible, hidden, regenerating, growing |
//!
//! The parser accepts the files of the LearnOpenGL tutorial exactly as published (trailing spaces
//! and tabs on every line, no final newline), CRLF line endings and a UTF-8 byte-order mark.
//! Lines holding only whitespace are ignored. It never panics: every problem in a file is reported
//! as a [`Diagnostic`] with a 1-based line and column (columns count characters, a tab is one).

mod brick_kinds;
mod cell;
mod level_type;
mod lint;
mod parse;
mod powerups;
mod types;
mod write;

pub use brick_kinds::{
    brick_color, Aftermath, Bounce, BrickKind, BrickKindDef, Mark, MarkDef, BRICK_LETTERS,
    BRICK_SYMBOLS, MARK_ATLAS_CELLS, PLAIN_COLOURS, REGENERATION_CAP,
};
pub use powerups::{Family, FamilyDef, Lasts, PowerUpDef, PowerUpKind, Roll, POWER_UPS};
pub use write::{cell_token, one_line};

pub use level_type::{
    LevelType, MiniGame, MiniGameDef, MINI_GAME_AREA, MINI_GAME_COLS, MINI_GAME_ROWS,
};
pub use lint::warnings as lint;
pub(crate) use types::SQUARE_NEIGHBOURS;
pub use types::{
    BrickArea, CellExtras, Checked, Diagnostic, Explosion, Level, LevelErrors, LoadError, Ruleset,
    RulesetDef, MAX_AREA_BOTTOM, MAX_GRID_DIMENSION, MAX_HITS,
};

use std::path::Path;

impl Level {
    /// Reads and parses a level file. The level's name is the file stem.
    ///
    /// # Errors
    /// [`LoadError::Io`] naming the file if it cannot be read; [`LoadError::Invalid`] with every
    /// problem found (file:line:column) if its content is not a valid level.
    pub fn load(path: &Path) -> Result<Level, LoadError> {
        Level::load_with_warnings(path).map(|(level, _)| level)
    }

    /// Like [`Level::load`], also returning the diagnostics of [`lint`] (warnings, and errors
    /// that still load: [`Diagnostic::is_error`]).
    ///
    /// # Errors
    /// As [`Level::load`].
    pub fn load_with_warnings(path: &Path) -> Result<(Level, Vec<Diagnostic>), LoadError> {
        let bytes = crate::files::read(path).map_err(|source| LoadError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let (mut level, warnings) =
            Level::parse_bytes_with_warnings(&bytes, &path.display().to_string())?;
        if let Some(stem) = path.file_stem() {
            level.name = stem.to_string_lossy().into_owned();
        }
        Ok((level, warnings))
    }

    /// Parses raw file content. Invalid UTF-8 is reported at the line and column of the first
    /// bad byte; everything else is as [`Level::parse`].
    ///
    /// # Errors
    /// [`LevelErrors`] listing every problem; `source_name` is used in messages only.
    pub fn parse_bytes(bytes: &[u8], source_name: &str) -> Result<Level, LevelErrors> {
        Level::parse_bytes_with_warnings(bytes, source_name).map(|(level, _)| level)
    }

    fn parse_bytes_with_warnings(
        bytes: &[u8],
        source_name: &str,
    ) -> Result<(Level, Vec<Diagnostic>), LevelErrors> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Level::parse_with_warnings(text, source_name),
            Err(e) => {
                let good = &bytes[..e.valid_up_to()];
                // valid_up_to() is a char boundary, so this prefix is valid UTF-8.
                let prefix = std::str::from_utf8(good).unwrap_or_default();
                let line = prefix.matches('\n').count() + 1;
                let column = prefix.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
                Err(LevelErrors {
                    source_name: source_name.to_string(),
                    diagnostics: vec![Diagnostic {
                        line,
                        column,
                        message: "invalid UTF-8: a level file is plain text".to_string(),
                    }],
                })
            }
        }
    }

    /// Parses level text. The level's name is `source_name` until [`Level::load`] sets the stem.
    ///
    /// Rules (the full format is in `docs/levels.md`): `#` starts a comment; `@name:` and
    /// `@author:` lines set metadata; other non-blank lines are rows; every row must have as many
    /// cells as the first; each cell is `0`–`5`, optionally with `*N` (hits, 2–9) and `+X` (a
    /// power-up letter) on coloured bricks; there must be at least one row and at least one
    /// destructible brick (a level without one could never be cleared).
    ///
    /// # Errors
    /// [`LevelErrors`] listing every problem found, in file order.
    pub fn parse(text: &str, source_name: &str) -> Result<Level, LevelErrors> {
        parse::parse(text, source_name).map(|(level, _)| level)
    }

    /// Like [`Level::parse`], also returning warnings: mistakes that still make a playable level
    /// (see [`lint`]), each with line and column.
    ///
    /// # Errors
    /// As [`Level::parse`].
    pub fn parse_with_warnings(
        text: &str,
        source_name: &str,
    ) -> Result<(Level, Vec<Diagnostic>), LevelErrors> {
        let (level, positions) = parse::parse(text, source_name)?;
        let warnings = lint::warnings(&level, &positions);
        Ok((level, warnings))
    }

    /// Everything `breakout check` says of level `text`, for a tool that shows it while the
    /// level is being written (the level editor): the same parser and [`lint`] as
    /// [`Level::parse_with_warnings`], except that a level with no row or nothing to clear is
    /// still returned, its problem in [`Checked::errors`].
    ///
    /// # Errors
    /// [`LevelErrors`] when a line or cell cannot be read (the level cannot be built).
    pub fn check_text(text: &str, source_name: &str) -> Result<Checked, LevelErrors> {
        let parsed = parse::parse_lenient(text, source_name)?;
        let warnings = lint::warnings(&parsed.level, &parsed.positions);
        Ok(Checked {
            level: parsed.level,
            positions: parsed.positions,
            errors: parsed.whole,
            warnings,
        })
    }

    /// What can be read of level `text` even when lines or cells cannot be, so the level editor
    /// can open a broken file to fix it: cells that cannot be read are empty, rows are cut or
    /// padded to the first row's width, headers that cannot be read keep their defaults. Returns
    /// what [`Level::check_text`] gives for that level, and the read errors that function fails
    /// with (file:line:column, empty when it succeeds; a cell's error is at its position).
    pub fn salvage(text: &str, source_name: &str) -> (Checked, Vec<Diagnostic>) {
        let (parsed, errors) = parse::salvage(text, source_name);
        let warnings = lint::warnings(&parsed.level, &parsed.positions);
        let checked = Checked {
            level: parsed.level,
            positions: parsed.positions,
            errors: parsed.whole,
            warnings,
        };
        (checked, errors)
    }

    /// Where the directive `@key:` (`key` without `@` and `:`, e.g. `name`) is in the level
    /// text `text`: the 1-based line and column of its `@`; `None` if the text has none.
    pub fn directive_position(text: &str, key: &str) -> Option<(usize, usize)> {
        parse::directive_position(text, key)
    }

    /// The brick at `row`, `col` (0-based, row 0 at the top), or `None` for an empty cell or an
    /// index outside the grid.
    pub fn get(&self, row: usize, col: usize) -> Option<BrickKind> {
        if row < self.rows && col < self.cols {
            self.cells[row * self.cols + col]
        } else {
            None
        }
    }

    /// Number of bricks that must be destroyed to clear the level when play starts
    /// (`BrickKind::counts_for_clear`).
    pub fn destructible_count(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|b| b.counts_for_clear())
            .count()
    }

    /// Hits the brick at `row`, `col` takes when play starts: its `*N`, else its kind's default;
    /// 0 for an empty cell.
    pub fn hits(&self, row: usize, col: usize) -> u8 {
        let Some(kind) = self.get(row, col) else {
            return 0;
        };
        self.extras(row, col)
            .map_or(kind.default_hits(), |e| e.hits)
    }

    /// The name to show players: the `@name:` of the file, else the file stem.
    pub fn display_name(&self) -> &str {
        self.title.as_deref().unwrap_or(&self.name)
    }

    /// Extensions of the cell at `row`, `col` (hits, power-up); `None` for a plain cell.
    pub fn extras(&self, row: usize, col: usize) -> Option<&CellExtras> {
        self.extras.get(&(row * self.cols + col))
    }
}
