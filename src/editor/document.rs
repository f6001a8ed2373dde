//! A level file as the editor holds it: the file's lines around the grid (comments, blank lines,
//! headers) kept as they were read, and the grid as a [`Level`] being edited. Saving writes the
//! level back into those lines, so an author's comments stay where they were.
//!
//! Lines are classified as the parser reads them (`level/parse.rs`): a `#` starts a comment, a
//! line whose first token starts with `@` is a header, any other line with a token is a row.

use crate::level::{Checked, Diagnostic, Level, LevelErrors};

/// What the editor edits and undoes: the level, and where each of its rows came from in the file
/// (so a row's end-of-line comment follows it when rows are added above it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EditState {
    /// The level as edited now.
    pub level: Level,
    /// For each row of `level`, top first: the index of the file's row it was read from, or
    /// `None` for a row the author added.
    pub row_origin: Vec<Option<usize>>,
}

/// One line of the file as read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum SourceLine {
    /// A blank or comment-only line: written back as it was.
    Other(String),
    /// A header `@key: value`, its raw text, and the comment after it (from its `#`).
    Header {
        key: String,
        raw: String,
        comment: Option<String>,
    },
    /// The `index`-th row of the grid (0 at the top), its raw text, and the comment after it
    /// (the whitespace before its `#` included).
    Row {
        index: usize,
        raw: String,
        comment: Option<String>,
    },
}

/// A level file being edited. See the module documentation.
#[derive(Clone, Debug)]
pub struct Document {
    lines: Vec<SourceLine>,
    /// The file as read (without its byte-order mark).
    original: String,
    /// The state `original` holds; `None` for a level that has never been written.
    original_state: Option<EditState>,
    /// Lines end with CRLF in the file.
    crlf: bool,
    /// The file starts with a UTF-8 byte-order mark.
    bom: bool,
    /// The level being edited.
    pub state: EditState,
}

/// Columns of a new level: LearnOpenGL's levels are 15 bricks wide.
pub const NEW_LEVEL_COLS: usize = 15;
/// Rows of a new level: LearnOpenGL's levels have 8 rows in the upper half of the playfield.
pub const NEW_LEVEL_ROWS: usize = 8;

impl Document {
    /// A new, empty level of [`NEW_LEVEL_COLS`] × [`NEW_LEVEL_ROWS`] cells, called `name`.
    pub fn new_level(name: &str) -> Document {
        let level = Level {
            name: name.to_string(),
            rows: NEW_LEVEL_ROWS,
            cols: NEW_LEVEL_COLS,
            cells: vec![None; NEW_LEVEL_ROWS * NEW_LEVEL_COLS],
            ..Level::default()
        };
        Document {
            lines: Vec::new(),
            original: String::new(),
            original_state: None,
            crlf: false,
            bom: false,
            state: EditState {
                row_origin: vec![None; NEW_LEVEL_ROWS],
                level,
            },
        }
    }

    /// Opens level `text` (a file's content) for editing. A level with no row or nothing to
    /// clear opens (an author saves work in progress); a file without a row gets a new empty
    /// grid.
    ///
    /// # Errors
    /// [`LevelErrors`] (file:line:column) when a line or cell cannot be read: the editor would
    /// lose it on saving.
    pub fn open(text: &str, source_name: &str) -> Result<Document, LevelErrors> {
        let (doc, errors) = Document::open_salvaged(text, source_name);
        if errors.is_empty() {
            Ok(doc)
        } else {
            Err(LevelErrors {
                source_name: source_name.to_string(),
                diagnostics: errors,
            })
        }
    }

    /// Opens level `text` for editing even when lines or cells cannot be read
    /// ([`Level::salvage`]): unreadable cells are empty, headers that cannot be read keep their
    /// defaults. Returns the document and those read errors (empty for a valid file). Until the
    /// grid or a header is changed, the document's text is the file as read; once changed, the
    /// unreadable tokens are written as the empty cells the editor shows.
    pub fn open_salvaged(text: &str, source_name: &str) -> (Document, Vec<Diagnostic>) {
        let (Checked { mut level, .. }, errors) = Level::salvage(text, source_name);
        let bom = text.starts_with('\u{feff}');
        let body = text.strip_prefix('\u{feff}').unwrap_or(text);
        let crlf = body.contains("\r\n");
        let mut lines = Vec::new();
        let mut rows = 0;
        for raw in body.split('\n') {
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            let (content, comment) = match raw.find('#') {
                Some(at) => {
                    let start = raw[..at].trim_end().len();
                    (&raw[..at], Some(raw[start..].to_string()))
                }
                None => (raw, None),
            };
            let content = content.trim();
            let line = if content.is_empty() {
                SourceLine::Other(raw.to_string())
            } else if let Some(header) = content.strip_prefix('@') {
                let key = header.split(':').next().unwrap_or_default().trim();
                SourceLine::Header {
                    key: key.to_string(),
                    raw: raw.to_string(),
                    comment,
                }
            } else {
                rows += 1;
                SourceLine::Row {
                    index: rows - 1,
                    raw: raw.to_string(),
                    comment,
                }
            };
            lines.push(line);
        }
        // `split` gives an empty last piece after a final line break: that is no line.
        if body.ends_with('\n') || body.is_empty() {
            lines.pop();
        }
        let original_state = (level.rows > 0).then(|| EditState {
            row_origin: (0..level.rows).map(Some).collect(),
            level: level.clone(),
        });
        let state = match &original_state {
            Some(state) => state.clone(),
            None => {
                level.rows = NEW_LEVEL_ROWS;
                level.cols = NEW_LEVEL_COLS;
                level.cells = vec![None; NEW_LEVEL_ROWS * NEW_LEVEL_COLS];
                EditState {
                    level,
                    row_origin: vec![None; NEW_LEVEL_ROWS],
                }
            }
        };
        let doc = Document {
            lines,
            original: body.to_string(),
            original_state,
            crlf,
            bom,
            state,
        };
        (doc, errors)
    }

    /// The file's text for the level as edited now. The level as it was read gives the file
    /// back byte for byte. Otherwise blank lines, comments (whole lines, and those after a
    /// header or row, which follow their row) and the order of the headers stay; a changed
    /// header is rewritten in place, a removed one dropped, a new one added after the last
    /// header (or before the grid); if any cell changed, every row is written aligned in
    /// columns ([`Level::row_lines`]), else the rows stay as they were. Line endings (LF or
    /// CRLF) and a byte-order mark are kept; a changed file ends with a line break.
    pub fn text(&self) -> String {
        if self.original_state.as_ref() == Some(&self.state) {
            return self.with_bom(self.original.clone());
        }
        let level = &self.state.level;
        let headers = level.header_lines();
        let grid_changed = self.original_state.as_ref().is_none_or(|o| {
            o.row_origin != self.state.row_origin
                || o.level.cells != level.cells
                || o.level.extras != level.extras
                || o.level.cols != level.cols
        });
        let rows: Vec<String> = if grid_changed {
            level.row_lines()
        } else {
            self.lines
                .iter()
                .filter_map(|l| match l {
                    SourceLine::Row { raw, .. } => Some(raw.clone()),
                    _ => None,
                })
                .collect()
        };
        let comment_of = |origin: Option<usize>| -> &str {
            origin
                .and_then(|index| {
                    self.lines.iter().find_map(|l| match l {
                        SourceLine::Row {
                            index: i,
                            comment: Some(c),
                            ..
                        } if *i == index => Some(c.as_str()),
                        _ => None,
                    })
                })
                .unwrap_or("")
        };
        let row_text = |i: usize| -> String {
            if grid_changed {
                format!("{}{}", rows[i], comment_of(self.state.row_origin[i]))
            } else {
                rows[i].clone()
            }
        };

        let present = |key: &str| {
            self.lines
                .iter()
                .any(|l| matches!(l, SourceLine::Header { key: k, .. } if k == key))
        };
        let original_headers = self
            .original_state
            .as_ref()
            .map(|o| o.level.header_lines())
            .unwrap_or_default();
        let was_written = |key: &str| original_headers.iter().any(|(k, _)| *k == key);
        let new_headers: Vec<String> = headers
            .iter()
            .filter(|(key, _)| !present(key))
            .map(|(key, value)| format!("@{key}: {value}"))
            .collect();
        let last_header = self
            .lines
            .iter()
            .rposition(|l| matches!(l, SourceLine::Header { .. }));
        let first_row = self
            .lines
            .iter()
            .position(|l| matches!(l, SourceLine::Row { .. }));
        let last_row = self
            .lines
            .iter()
            .rposition(|l| matches!(l, SourceLine::Row { .. }));
        let headers_at = last_header
            .map(|i| i + 1)
            .or(first_row)
            .unwrap_or(self.lines.len());

        let mut out: Vec<String> = Vec::new();
        let mut next_row = 0;
        for (i, line) in self.lines.iter().enumerate() {
            if i == headers_at {
                out.extend(new_headers.iter().cloned());
            }
            match line {
                SourceLine::Other(raw) => out.push(raw.clone()),
                SourceLine::Header { key, raw, comment } => {
                    match headers.iter().find(|(k, _)| k == key) {
                        Some((_, value)) if header_value(raw) == value.as_str() => {
                            out.push(raw.clone())
                        }
                        Some((_, value)) => {
                            out.push(format!("@{key}: {value}{}", comment_comment(comment)))
                        }
                        // A header that spells out a default value (`@explosion: square`)
                        // stays while the value is still the default.
                        None if !was_written(key) => out.push(raw.clone()),
                        None => {}
                    }
                }
                SourceLine::Row { index, .. } => {
                    let found = self
                        .state
                        .row_origin
                        .iter()
                        .position(|o| *o == Some(*index));
                    if let Some(p) = found {
                        while next_row <= p {
                            out.push(row_text(next_row));
                            next_row += 1;
                        }
                    }
                    if Some(i) == last_row {
                        while next_row < rows.len() {
                            out.push(row_text(next_row));
                            next_row += 1;
                        }
                    }
                }
            }
        }
        if headers_at == self.lines.len() {
            out.extend(new_headers);
        }
        while next_row < rows.len() {
            out.push(row_text(next_row));
            next_row += 1;
        }
        let eol = if self.crlf { "\r\n" } else { "\n" };
        let mut text = out.join(eol);
        text.push_str(eol);
        self.with_bom(text)
    }

    /// Names the level `name` (its file stem), in the state as read too.
    pub fn rename(&mut self, name: &str) {
        self.state.level.name = name.to_string();
        if let Some(state) = &mut self.original_state {
            state.level.name = name.to_string();
        }
    }

    /// Whether [`Document::text`] differs from the file as it was read (a new level always does).
    pub fn differs_from_file(&self) -> bool {
        self.original_state.as_ref() != Some(&self.state)
    }

    fn with_bom(&self, text: String) -> String {
        if self.bom {
            format!("\u{feff}{text}")
        } else {
            text
        }
    }
}

/// The value of a header line as read: after the first `:`, before a `#`, trimmed.
fn header_value(raw: &str) -> &str {
    let content = raw.split('#').next().unwrap_or_default();
    content
        .split_once(':')
        .map_or("", |(_, value)| value.trim())
}

/// A header's comment to write after a rewritten value: with a space before its `#`.
fn comment_comment(comment: &Option<String>) -> String {
    match comment {
        Some(c) if c.starts_with('#') => format!(" {c}"),
        Some(c) => c.clone(),
        None => String::new(),
    }
}
