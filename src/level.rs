//! Level files: the LearnOpenGL "2D game" text format.
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

use std::fmt;
use std::path::{Path, PathBuf};

/// Largest number of rows or columns a level may have. Beyond this bricks would be a few pixels
/// across on the 800×600 playfield — certainly a mistake, and a cap keeps memory bounded.
pub const MAX_GRID_DIMENSION: usize = 64;

/// One brick of a level grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
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

/// A parsed level: a `rows × cols` grid of optional bricks, row-major, row 0 at the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// Display name: the file stem (`levels/spiral.lvl` → `spiral`).
    pub name: String,
    /// Number of rows (≥ 1).
    pub rows: usize,
    /// Number of columns (≥ 1); every row has this many cells.
    pub cols: usize,
    /// `rows * cols` cells, row-major; `None` is an empty cell.
    pub cells: Vec<Option<BrickKind>>,
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
            write!(f, "{}:{}:{}: {}", self.source_name, d.line, d.column, d.message)?;
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
        let bytes = std::fs::read(path).map_err(|source| LoadError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let mut level = Level::parse_bytes(&bytes, &path.display().to_string())?;
        if let Some(stem) = path.file_stem() {
            level.name = stem.to_string_lossy().into_owned();
        }
        Ok(level)
    }

    /// Parses raw file content. Invalid UTF-8 is reported at the line and column of the first
    /// bad byte; everything else is as [`Level::parse`].
    ///
    /// # Errors
    /// [`LevelErrors`] listing every problem; `source_name` is used in messages only.
    pub fn parse_bytes(bytes: &[u8], source_name: &str) -> Result<Level, LevelErrors> {
        match std::str::from_utf8(bytes) {
            Ok(text) => Level::parse(text, source_name),
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
    /// Rules: whitespace-only lines are skipped; every other line is a row; every row must have as
    /// many cells as the first; each cell is an integer `0`–`5`; there must be at least one row
    /// and at least one destructible brick (a level without one could never be cleared).
    ///
    /// # Errors
    /// [`LevelErrors`] listing every problem found, in file order.
    pub fn parse(text: &str, source_name: &str) -> Result<Level, LevelErrors> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut diagnostics = Vec::new();
        let mut cells = Vec::new();
        let mut rows = 0usize;
        // Width of the first row, and the line it was on (for messages).
        let mut width: Option<(usize, usize)> = None;

        for (line_index, raw_line) in text.split('\n').enumerate() {
            let line_no = line_index + 1;
            // CRLF files: drop the '\r' left by split('\n'); a lone '\r' elsewhere is whitespace.
            let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
            let tokens = tokenize(line);
            if tokens.is_empty() {
                continue;
            }
            rows += 1;
            if rows > MAX_GRID_DIMENSION {
                if rows == MAX_GRID_DIMENSION + 1 {
                    diagnostics.push(Diagnostic {
                        line: line_no,
                        column: tokens[0].0,
                        message: format!("too many rows: a level has at most {MAX_GRID_DIMENSION}"),
                    });
                }
                continue;
            }
            let mut row_cells = Vec::with_capacity(tokens.len());
            for (i, &(column, token)) in tokens.iter().enumerate() {
                if i == MAX_GRID_DIMENSION {
                    diagnostics.push(Diagnostic {
                        line: line_no,
                        column,
                        message: format!(
                            "too many bricks in this row: a level has at most {MAX_GRID_DIMENSION} columns"
                        ),
                    });
                }
                match parse_cell(token) {
                    Ok(cell) => row_cells.push(cell),
                    Err(message) => {
                        diagnostics.push(Diagnostic { line: line_no, column, message });
                        row_cells.push(None);
                    }
                }
            }
            let count = tokens.len();
            let (expected, first_line) = *width.get_or_insert((count.min(MAX_GRID_DIMENSION), line_no));
            if count != expected && count <= MAX_GRID_DIMENSION {
                let column = if count > expected {
                    tokens[expected].0
                } else {
                    let (col, tok) = tokens[count - 1];
                    col + tok.chars().count()
                };
                diagnostics.push(Diagnostic {
                    line: line_no,
                    column,
                    message: format!(
                        "row has {count} bricks but line {first_line} has {expected}: every row must have the same number"
                    ),
                });
            }
            // Keep the grid rectangular so the checks below still make sense.
            row_cells.resize(expected, None);
            cells.extend(row_cells);
        }

        let rows = rows.min(MAX_GRID_DIMENSION);
        let cols = width.map_or(0, |(w, _)| w);
        if rows == 0 {
            diagnostics.push(Diagnostic {
                line: 1,
                column: 1,
                message: "level is empty: write one row of brick numbers (0-5) per line".to_string(),
            });
        } else if !cells.iter().flatten().any(|b| b.is_destructible()) && diagnostics.is_empty() {
            diagnostics.push(Diagnostic {
                line: 1,
                column: 1,
                message: "level has no destructible brick (2-5), so it could never be cleared".to_string(),
            });
        }

        if !diagnostics.is_empty() {
            return Err(LevelErrors { source_name: source_name.to_string(), diagnostics });
        }
        debug_assert_eq!(cells.len(), rows * cols);
        Ok(Level { name: source_name.to_string(), rows, cols, cells })
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
        self.cells.iter().flatten().filter(|b| b.is_destructible()).count()
    }

    /// Writes the level back in the core format: one row per line, cells separated by one space,
    /// a final newline. `Level::parse(&level.to_text(), …)` gives the same grid back.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.rows * (self.cols * 2 + 1));
        for row in self.cells.chunks(self.cols.max(1)) {
            let line: Vec<String> =
                row.iter().map(|c| c.map_or(0, BrickKind::code).to_string()).collect();
            out.push_str(&line.join(" "));
            out.push('\n');
        }
        out
    }
}

/// Splits a line into `(1-based column, token)` pairs on any Unicode whitespace.
fn tokenize(line: &str) -> Vec<(usize, &str)> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte offset, column)
    for (column0, (byte, ch)) in line.char_indices().enumerate() {
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                tokens.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column0 + 1));
        }
    }
    if let Some((b, c)) = start {
        tokens.push((c, &line[b..]));
    }
    tokens
}

/// Parses one cell token: an integer `0`–`5`.
fn parse_cell(token: &str) -> Result<Option<BrickKind>, String> {
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        let shown: String = token.chars().take(20).collect();
        return Err(format!("'{shown}' is not a brick number: expected 0 (empty), 1 (solid) or 2-5 (coloured)"));
    }
    match token.parse::<u8>() {
        Ok(0) => Ok(None),
        Ok(code) if code <= 5 => Ok(BrickKind::from_code(code)),
        _ => {
            let shown: String = token.chars().take(20).collect();
            Err(format!("brick number {shown} is out of range: expected 0 (empty), 1 (solid) or 2-5 (coloured)"))
        }
    }
}
