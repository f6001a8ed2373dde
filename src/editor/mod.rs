//! The level editor's model: the level file being edited ([`document`]), what the author paints
//! with ([`brush`]), the changes to the grid ([`grid`]), undo and redo ([`history`]), saving,
//! and the problems `breakout check` finds, each on its cell ([`Problem`]).
//!
//! It knows nothing of windows or OpenGL: the editor's scene (`app/scenes/editor.rs`) turns
//! mouse and keys into calls here and draws what it reads; tests drive it directly.
//!
//! A drag is one change: [`Editor::press`] starts it, [`Editor::drag`] extends it,
//! [`Editor::release`] ends it, and one undo takes all of it back.

pub mod brush;
pub mod document;
pub mod grid;
pub mod history;
mod problems;
#[cfg(test)]
mod tests;

pub use brush::Brush;
pub use document::{Document, EditState};
pub use grid::{Cell, Side};
pub use problems::{problems_of, Problem, Severity};

use crate::level::{BrickArea, Level, LoadError};
use history::History;
use std::path::{Path, PathBuf};

/// What the mouse or keys are doing to the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// Paints (or erases) every cell the pointer crosses.
    Pencil,
    /// Fills (or empties) the rectangle between where the button went down and the pointer.
    Rectangle,
}

impl Tool {
    /// The other tool (the `T` key and the palette's tool button switch between them).
    pub fn other(self) -> Tool {
        match self {
            Tool::Pencil => Tool::Rectangle,
            Tool::Rectangle => Tool::Pencil,
        }
    }
}

/// A drag in progress.
#[derive(Clone, Debug)]
struct Stroke {
    /// The state before the drag: one undo step restores it.
    before: EditState,
    /// The tool it was started with.
    tool: Tool,
    /// Erasing (right button) rather than painting.
    erase: bool,
    /// Where the button went down.
    anchor: Cell,
    /// The last cell reached.
    last: Cell,
}

/// Why saving failed.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The level has never been saved and was given no file.
    #[error("no file to save to")]
    NoFile,
    /// Writing failed (the message names the file).
    #[error("cannot save: {0}")]
    Io(#[from] std::io::Error),
}

/// Why a level could not be opened for editing: the game's own [`LoadError`] (the file cannot
/// be read, or holds lines or cells that cannot be read, so saving would lose them).
pub type OpenError = LoadError;

/// A level being edited. See the module documentation.
#[derive(Clone, Debug)]
pub struct Editor {
    doc: Document,
    history: History<EditState>,
    /// The state on disk, `None` if the level was never written.
    saved: Option<EditState>,
    /// Where [`Editor::save`] writes.
    path: Option<PathBuf>,
    /// What the author paints with.
    pub brush: Brush,
    /// The keyboard cursor's cell (arrows move it, Space paints there).
    pub cursor: Cell,
    /// What a drag does.
    pub tool: Tool,
    stroke: Option<Stroke>,
    /// Problems of the state with this revision.
    problems: (u64, Vec<Problem>),
    /// Counts changes to the state (edits, undo, redo), for caches.
    revision: u64,
}

impl Editor {
    /// Edits `doc`, which is on disk at `path` if `saved` (else it is new), and saves to `path`.
    pub fn new(doc: Document, path: Option<PathBuf>, saved: bool) -> Editor {
        let saved = saved.then(|| doc.state.clone());
        let mut editor = Editor {
            doc,
            history: History::new(),
            saved,
            path,
            brush: Brush::default(),
            cursor: (0, 0),
            tool: Tool::Pencil,
            stroke: None,
            problems: (u64::MAX, Vec::new()),
            revision: 0,
        };
        editor.refresh_problems();
        editor
    }

    /// Opens the level file at `path`, or a new level saved there if it does not exist.
    ///
    /// # Errors
    /// [`OpenError`]: the file cannot be read, or is not UTF-8 (the byte is named). A file with
    /// lines or cells that cannot be read opens, each marked ([`Editor::problems`]).
    pub fn open(path: &Path) -> Result<Editor, OpenError> {
        let name = path
            .file_stem()
            .map_or_else(|| "level".to_string(), |s| s.to_string_lossy().into_owned());
        match crate::files::read(path) {
            Ok(bytes) => {
                let text = String::from_utf8(bytes).map_err(|e| {
                    // The parser reports where the bad byte is.
                    Level::parse_bytes(e.as_bytes(), &path.display().to_string())
                        .err()
                        .map_or_else(
                            || LoadError::Io {
                                path: path.to_path_buf(),
                                source: std::io::Error::other("invalid UTF-8"),
                            },
                            LoadError::Invalid,
                        )
                })?;
                // A file with unreadable cells opens too, so it can be fixed: they show empty,
                // each marked with its error (`problems_of`), until the grid is changed.
                let (mut doc, _) = Document::open_salvaged(&text, &path.display().to_string());
                doc.rename(&name);
                // A file without a row opens as a new grid: not saved yet.
                let saved = !doc.differs_from_file();
                Ok(Editor::new(doc, Some(path.to_path_buf()), saved))
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Editor::new(
                Document::new_level(&name),
                Some(path.to_path_buf()),
                false,
            )),
            Err(source) => Err(LoadError::Io {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    /// Edits `level` (a built-in or imported level, or one in a directory the game must not
    /// write to) as a new file saved at `path`.
    pub fn copy_of(level: &Level, path: PathBuf) -> Editor {
        let mut doc = Document::new_level(&level.name);
        doc.state.level = level.clone();
        // Its title says it is a copy, so the list of the user's levels and the original's set
        // do not show two levels of one name.
        doc.state.level.title = Some(copy_title(level.display_name()));
        doc.state.row_origin = vec![None; level.rows];
        Editor::new(doc, Some(path), false)
    }

    /// The level as edited now.
    pub fn level(&self) -> &Level {
        &self.doc.state.level
    }

    /// The file saving writes to.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// Saves to `path` from now on.
    pub fn set_path(&mut self, path: PathBuf) {
        self.path = Some(path);
    }

    /// Counts changes (edits, undo, redo): equal revisions show the same level.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// The file's text as saving would write it ([`Document::text`]).
    pub fn text(&self) -> String {
        self.doc.text()
    }

    /// Whether the level differs from the file on disk (a level never saved always does).
    pub fn is_modified(&self) -> bool {
        self.saved.as_ref() != Some(&self.doc.state)
    }

    /// Writes the level to its file atomically ([`crate::files::write_atomic`]); a game playing
    /// that file reloads it.
    ///
    /// # Errors
    /// [`SaveError::NoFile`] without a path; [`SaveError::Io`] naming the file.
    pub fn save(&mut self) -> Result<&Path, SaveError> {
        let path = self.path.as_deref().ok_or(SaveError::NoFile)?;
        crate::files::write_atomic(path, self.doc.text().as_bytes())?;
        self.saved = Some(self.doc.state.clone());
        Ok(path)
    }

    /// Changes the state with `change`, as one undo step if it changed anything.
    fn change(&mut self, change: impl FnOnce(&mut EditState) -> bool) -> bool {
        let before = self.doc.state.clone();
        if change(&mut self.doc.state) {
            self.history.record(before);
            self.touched();
            true
        } else {
            false
        }
    }

    fn touched(&mut self) {
        self.revision += 1;
        let level = &self.doc.state.level;
        self.cursor = (
            self.cursor.0.min(level.rows - 1),
            self.cursor.1.min(level.cols - 1),
        );
    }

    /// A mouse button went down on `cell`: left paints (`erase` false), right erases. With the
    /// pencil the cell changes at once; with the rectangle tool nothing changes until the
    /// pointer moves or the button is released.
    pub fn press(&mut self, cell: Cell, erase: bool) {
        self.release();
        self.stroke = Some(Stroke {
            before: self.doc.state.clone(),
            tool: self.tool,
            erase,
            anchor: cell,
            last: cell,
        });
        self.drag(cell);
    }

    /// The pointer moved to `cell` with the button down: the pencil paints every cell on the
    /// way, the rectangle follows the pointer.
    pub fn drag(&mut self, cell: Cell) {
        let Some(stroke) = &mut self.stroke else {
            return;
        };
        let brush = (!stroke.erase).then_some(self.brush);
        let cells = match stroke.tool {
            Tool::Pencil => grid::line(stroke.last, cell),
            Tool::Rectangle => {
                self.doc.state = stroke.before.clone();
                grid::rectangle(stroke.anchor, cell)
            }
        };
        stroke.last = cell;
        let mut changed = false;
        for c in cells {
            changed |= grid::set_cell(&mut self.doc.state.level, c, brush.as_ref());
        }
        if changed || stroke.tool == Tool::Rectangle {
            self.revision += 1;
        }
    }

    /// The button was released: the drag becomes one undo step (none if nothing changed).
    pub fn release(&mut self) {
        if let Some(stroke) = self.stroke.take() {
            if stroke.before != self.doc.state {
                self.history.record(stroke.before);
                self.touched();
            }
        }
    }

    /// Whether a drag is in progress.
    pub fn dragging(&self) -> bool {
        self.stroke.is_some()
    }

    /// Paints the brush at the cursor (Space).
    pub fn paint_at_cursor(&mut self) -> bool {
        let (cell, brush) = (self.cursor, self.brush);
        self.change(|s| grid::set_cell(&mut s.level, cell, Some(&brush)))
    }

    /// Empties the cursor's cell (Delete).
    pub fn erase_at_cursor(&mut self) -> bool {
        let cell = self.cursor;
        self.change(|s| grid::set_cell(&mut s.level, cell, None))
    }

    /// Fills the rectangle from `a` to `b` with the brush, or empties it.
    pub fn fill(&mut self, a: Cell, b: Cell, erase: bool) -> bool {
        let brush = (!erase).then_some(self.brush);
        self.change(|s| {
            let mut changed = false;
            for c in grid::rectangle(a, b) {
                changed |= grid::set_cell(&mut s.level, c, brush.as_ref());
            }
            changed
        })
    }

    /// Eyedropper: the brush becomes the brick at `cell`; false for an empty cell or one
    /// outside the grid.
    pub fn pick(&mut self, (row, col): Cell) -> bool {
        let level = self.level();
        match level.get(row, col) {
            Some(kind) => {
                self.brush = Brush::picked(kind, level.extras(row, col));
                true
            }
            None => false,
        }
    }

    /// Moves the cursor by (`d_row`, `d_col`) cells, staying in the grid.
    pub fn move_cursor(&mut self, d_row: i32, d_col: i32) {
        let level = self.level();
        let clamp =
            |v: usize, d: i32, n: usize| (v as i64 + d as i64).clamp(0, n as i64 - 1) as usize;
        self.cursor = (
            clamp(self.cursor.0, d_row, level.rows),
            clamp(self.cursor.1, d_col, level.cols),
        );
    }

    /// Adds (`grow`) or removes a row or column on `side`; false at the size limits (1–64).
    pub fn resize(&mut self, side: Side, grow: bool) -> bool {
        self.release();
        self.change(|s| grid::resize(s, side, grow))
    }

    /// Sets `@name:` (`None` or blank removes it); line breaks and `#` become spaces.
    pub fn set_title(&mut self, title: Option<String>) -> bool {
        let title = title
            .map(|t| crate::level::one_line(&t))
            .filter(|t| !t.is_empty());
        self.change(|s| {
            let changed = s.level.title != title;
            s.level.title = title;
            changed
        })
    }

    /// Sets `@author:` (`None` or blank removes it); line breaks and `#` become spaces.
    pub fn set_author(&mut self, author: Option<String>) -> bool {
        let author = author
            .map(|t| crate::level::one_line(&t))
            .filter(|t| !t.is_empty());
        self.change(|s| {
            let changed = s.level.author != author;
            s.level.author = author;
            changed
        })
    }

    /// Sets `@area:`, where the grid lies on the playfield (`None`: the default layout).
    pub fn set_area(&mut self, area: Option<BrickArea>) -> bool {
        self.change(|s| {
            let changed = s.level.area != area;
            s.level.area = area;
            changed
        })
    }

    /// Sets `@explosion:`, `@scoring:` and `@powerups:` with `change`, as one undo step.
    pub fn set_rules(&mut self, change: impl FnOnce(&mut Level)) -> bool {
        self.change(|s| {
            let before = s.level.clone();
            change(&mut s.level);
            s.level != before
        })
    }

    /// Undoes the last change (a drag in progress ends first); false if there is none.
    pub fn undo(&mut self) -> bool {
        self.release();
        let undone = self.history.undo(&mut self.doc.state);
        if undone {
            self.touched();
        }
        undone
    }

    /// Redoes the last undone change; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.release();
        let redone = self.history.redo(&mut self.doc.state);
        if redone {
            self.touched();
        }
        redone
    }

    /// What `breakout check` finds in the level as edited now, errors first, each on its cell
    /// where it is about a brick. Checked again only after a change.
    pub fn problems(&mut self) -> &[Problem] {
        self.refresh_problems();
        &self.problems.1
    }

    /// The problems of the last [`Editor::problems`] call (for drawing, which only reads).
    pub fn last_problems(&self) -> &[Problem] {
        &self.problems.1
    }

    fn refresh_problems(&mut self) {
        if self.problems.0 == self.revision {
            return;
        }
        let text = self.doc.text();
        let mut problems = problems_of(&text, &self.doc.state.level.name);
        problems.sort_by_key(|p| std::cmp::Reverse(p.severity));
        self.problems = (self.revision, problems);
    }
}

/// The title of a copy of a level titled `title`: "TITLE (copy)" (a copy of a copy is not
/// marked twice).
pub fn copy_title(title: &str) -> String {
    const SUFFIX: &str = " (copy)";
    if title.ends_with(SUFFIX) {
        title.to_string()
    } else {
        format!("{title}{SUFFIX}")
    }
}
