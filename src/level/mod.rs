//! Level files: the LearnOpenGL "2D game" text format, with backward-compatible extensions
//! (comments, `@name:`/`@author:`, multi-hit bricks `3*2`, placed power-ups `4+M`). The complete
//! specification is `docs/levels.md`.
//!
//! A level is a grid of bricks, one row per line, cells separated by whitespace (spaces or tabs):
//!
//! | number | brick                                   |
//! |--------|-----------------------------------------|
//! | `0`    | empty cell                              |
//! | `1`    | solid brick: indestructible             |
//! | `2`–`5`| destructible brick, one colour per number |
//!
//! The parser accepts the files of the LearnOpenGL tutorial exactly as published (trailing spaces
//! and tabs on every line, no final newline), CRLF line endings and a UTF-8 byte-order mark.
//! Lines holding only whitespace are ignored. It never panics: every problem in a file is reported
//! as a [`Diagnostic`] with a 1-based line and column (columns count characters, a tab is one).

mod lint;
mod parse;
mod write;

pub use lint::warnings as lint;

use std::fmt;
use std::path::{Path, PathBuf};

/// Largest number of rows or columns a level may have. Beyond this bricks would be a few pixels
/// across on the 800×600 playfield — certainly a mistake, and a cap keeps memory bounded.
pub const MAX_GRID_DIMENSION: usize = 64;

/// One brick of a level grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum BrickKind {
    /// `1` in the file: never destroyed; the ball bounces off it.
    Solid,
    /// `2`–`5` in the file: destroyed when the ball touches it. The value is the file's number
    /// (always in `2..=5`) and selects the brick's colour and score.
    Destructible(u8),
}

impl BrickKind {
    /// The brick number used in level files (`1`–`5`).
    pub fn code(self) -> u8 {
        match self {
            BrickKind::Solid => 1,
            BrickKind::Destructible(n) => n,
        }
    }

    /// Parses a level-file brick number; `0` (empty) and anything above 5 give `None`.
    pub fn from_code(code: u8) -> Option<BrickKind> {
        match code {
            1 => Some(BrickKind::Solid),
            2..=5 => Some(BrickKind::Destructible(code)),
            _ => None,
        }
    }

    /// True for bricks the ball can destroy.
    pub fn is_destructible(self) -> bool {
        matches!(self, BrickKind::Destructible(_))
    }
}

/// A power-up a level places in a brick (`+X` after a coloured brick's number). It is released
/// when the brick is destroyed. The letters are the level format's; the effects are the game's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum PowerUpKind {
    /// `S`: ball speed ×1.2.
    Speed,
    /// `T`: sticky paddle.
    Sticky,
    /// `P`: pass-through ball.
    PassThrough,
    /// `W`: wider paddle.
    PadSizeIncrease,
    /// `C`: confuse (the screen is inverted and flipped).
    Confuse,
    /// `X`: chaos (edge detection and swirl).
    Chaos,
    /// `M`: multiball, two extra balls.
    Multiball,
    /// `L`: an extra life.
    ExtraLife,
}

impl PowerUpKind {
    /// Every power-up, in letter order of the docs.
    pub const ALL: [PowerUpKind; 8] = [
        PowerUpKind::Speed,
        PowerUpKind::Sticky,
        PowerUpKind::PassThrough,
        PowerUpKind::PadSizeIncrease,
        PowerUpKind::Confuse,
        PowerUpKind::Chaos,
        PowerUpKind::Multiball,
        PowerUpKind::ExtraLife,
    ];

    /// The letter used in level files.
    pub fn letter(self) -> char {
        match self {
            PowerUpKind::Speed => 'S',
            PowerUpKind::Sticky => 'T',
            PowerUpKind::PassThrough => 'P',
            PowerUpKind::PadSizeIncrease => 'W',
            PowerUpKind::Confuse => 'C',
            PowerUpKind::Chaos => 'X',
            PowerUpKind::Multiball => 'M',
            PowerUpKind::ExtraLife => 'L',
        }
    }

    /// The power-up for a level-file letter (case-insensitive).
    pub fn from_letter(c: char) -> Option<PowerUpKind> {
        Self::ALL
            .into_iter()
            .find(|p| p.letter() == c.to_ascii_uppercase())
    }
}

/// Extensions of one coloured brick: how many hits it takes and the power-up it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellExtras {
    /// Hits needed to destroy it (`*N`, 2–9; 1 when only a power-up is set).
    pub hits: u8,
    /// The power-up released when it is destroyed (`+X`).
    pub powerup: Option<PowerUpKind>,
}

/// Most hits a multi-hit brick can take (`*9`): one digit keeps grids aligned.
pub const MAX_HITS: u8 = 9;

/// A parsed level: a `rows × cols` grid of optional bricks, row-major, row 0 at the top, plus the
/// format's extensions (metadata, multi-hit bricks, placed power-ups).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Level {
    /// Identifier: the file stem (`levels/spiral.lvl` → `spiral`), or the source name given to
    /// [`Level::parse`].
    pub name: String,
    /// `@name:` — the title players see; see [`Level::display_name`].
    pub title: Option<String>,
    /// `@author:` — who made the level.
    pub author: Option<String>,
    /// Number of rows (≥ 1).
    pub rows: usize,
    /// Number of columns (≥ 1); every row has this many cells.
    pub cols: usize,
    /// `rows * cols` cells, row-major; `None` is an empty cell.
    pub cells: Vec<Option<BrickKind>>,
    /// Cells with extensions, by row-major index (`row * cols + col`); only coloured bricks.
    pub extras: std::collections::BTreeMap<usize, CellExtras>,
}

/// One problem found in a level file, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters (a tab counts as one).
    pub column: usize,
    /// What is wrong, in words a level author understands.
    pub message: String,
}

/// All problems found in one level file. `Display` prints one `file:line:column: message` line
/// per problem, the format compilers use, so editors can jump to them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LevelErrors {
    /// The file name (or other source name) as given by the caller.
    pub source_name: String,
    /// The problems, in file order; never empty.
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for LevelErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(
                f,
                "{}:{}:{}: {}",
                self.source_name, d.line, d.column, d.message
            )?;
        }
        Ok(())
    }
}

/// Why a level could not be loaded from disk.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read (missing, unreadable, a directory…).
    #[error("{}: cannot read level file: {source}", path.display())]
    Io {
        /// The file that could not be read.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file was read but is not a valid level.
    #[error("{0}")]
    Invalid(#[from] LevelErrors),
}

impl Level {
    /// Reads and parses a level file. The level's name is the file stem.
    ///
    /// # Errors
    /// [`LoadError::Io`] naming the file if it cannot be read; [`LoadError::Invalid`] with every
    /// problem found (file:line:column) if its content is not a valid level.
    pub fn load(path: &Path) -> Result<Level, LoadError> {
        Level::load_with_warnings(path).map(|(level, _)| level)
    }

    /// Like [`Level::load`], also returning the warnings of [`lint`].
    ///
    /// # Errors
    /// As [`Level::load`].
    pub fn load_with_warnings(path: &Path) -> Result<(Level, Vec<Diagnostic>), LoadError> {
        let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
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

    /// The brick at `row`, `col` (0-based, row 0 at the top), or `None` for an empty cell or an
    /// index outside the grid.
    pub fn get(&self, row: usize, col: usize) -> Option<BrickKind> {
        if row < self.rows && col < self.cols {
            self.cells[row * self.cols + col]
        } else {
            None
        }
    }

    /// Number of destructible bricks (`2`–`5`).
    pub fn destructible_count(&self) -> usize {
        self.cells
            .iter()
            .flatten()
            .filter(|b| b.is_destructible())
            .count()
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
