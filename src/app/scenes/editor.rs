//! The level editor's screen: mouse and keys become calls on the editor's model
//! ([`crate::editor::Editor`]); [`crate::view::editor`] draws it. Tab or F5 plays the level
//! as edited (the game pushed over the editor; Esc comes back), B lets the bot play it.

use super::play::{GameStart, PlayScene};
use super::{Chrome, Handled, SceneInput};
use super::{Context, MouseButton, Pointer, Scene, Transition};
use crate::editor::{Cell, Editor, Severity, Tool};
use crate::level::BRICK_SYMBOLS;
use crate::sim::BrickField;
use crate::view::editor::{self as view, Overlay, PaletteItem};
use crate::view::SpriteBatch;
use glam::Vec2;
use std::path::PathBuf;

mod keys;
mod properties;

/// Seconds a message (saved, an error) stays on the status line.
const MESSAGE_SECONDS: f32 = 4.0;

/// The keys, as the help box (F1) lists them.
pub const HELP: [(&str, &str); 21] = [
    ("LEFT MOUSE / DRAG", "paint the brick (a line of cells)"),
    ("RIGHT MOUSE / DRAG", "erase"),
    (
        "SHIFT + DRAG, T",
        "fill a rectangle / switch pencil-rectangle",
    ),
    (
        "MIDDLE MOUSE, E",
        "eyedropper: take the brick under the cursor",
    ),
    ("WHEEL, [ ]", "previous / next brick kind"),
    (BRICK_SYMBOLS, "brick kind by its letter in the file"),
    ("- +", "fewer / more hits"),
    ("SHIFT+WHEEL, , .", "previous / next power-up"),
    ("N", "no power-up"),
    ("ARROWS", "move the cursor"),
    ("SPACE / ENTER", "paint at the cursor"),
    ("DELETE / BACKSPACE", "erase at the cursor"),
    ("CTRL+Z", "undo"),
    ("CTRL+Y, CTRL+SHIFT+Z", "redo"),
    ("CTRL+S", "save"),
    ("TAB / F5", "play the level (ESC comes back)"),
    ("B / F6", "let the bot play it"),
    ("P / F2", "properties: name, author, size, area, rules"),
    ("F1 / ?", "this help"),
    ("ESC", "leave (asks if there are unsaved changes)"),
    ("", "problems of 'check' are marked on their bricks"),
];

/// What the keys act on.
#[derive(Clone, Debug, PartialEq)]
enum Mode {
    /// The grid.
    Edit,
    /// The help box.
    Help,
    /// The properties box: the selected row, and the text being typed into it.
    Properties {
        selected: usize,
        typing: Option<String>,
    },
    /// "Unsaved changes": save, leave or keep editing.
    AskQuit,
}

/// The level editor's screen. See the module documentation.
pub struct EditorScene {
    editor: Editor,
    /// The level laid out as in play, for drawing and for finding the cell under the pointer;
    /// rebuilt when the level changes.
    field: BrickField,
    field_revision: u64,
    /// Where the pointer is, playfield pixels.
    pointer: Option<Vec2>,
    mode: Mode,
    /// The status line's message, seconds left, and whether it is an error.
    message: Option<(String, f32, bool)>,
    /// The tool to go back to after a Shift+drag.
    tool_after_drag: Option<Tool>,
    /// Where a level without a file is saved (the user's levels directory).
    save_dir: Option<PathBuf>,
}

impl EditorScene {
    /// The screen for `editor`; a level without a file is saved into `save_dir`.
    pub fn new(editor: Editor, save_dir: Option<PathBuf>) -> EditorScene {
        let field = BrickField::new(editor.level());
        let mut scene = EditorScene {
            field_revision: editor.revision(),
            editor,
            field,
            pointer: None,
            mode: Mode::Edit,
            message: None,
            tool_after_drag: None,
            save_dir,
        };
        scene.sync();
        scene
    }

    /// The model (for tests).
    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    /// After a change: the problems checked again and the layout rebuilt.
    fn sync(&mut self) {
        self.editor.problems();
        if self.field_revision != self.editor.revision() {
            self.field = BrickField::new(self.editor.level());
            self.field_revision = self.editor.revision();
        }
    }

    fn say(&mut self, message: impl Into<String>, error: bool) {
        self.message = Some((message.into(), MESSAGE_SECONDS, error));
    }

    /// The cell at `point`, if it is over the grid.
    fn cell_at(&self, point: Vec2) -> Option<Cell> {
        let area = self.field.area();
        if point.x < area.min.x
            || point.y < area.min.y
            || point.x >= area.max.x
            || point.y >= area.max.y
        {
            return None;
        }
        Some(self.clamped_cell(point))
    }

    /// The cell nearest `point` (a drag leaving the grid keeps to its edge).
    fn clamped_cell(&self, point: Vec2) -> Cell {
        let area = self.field.area();
        let cell = self.field.cell_size();
        let rel = (point - area.min) / cell;
        let row = (rel.y.floor().max(0.0) as usize).min(self.field.rows() - 1);
        let col = (rel.x.floor().max(0.0) as usize).min(self.field.cols() - 1);
        (row, col)
    }

    fn hover(&self) -> Option<Cell> {
        self.pointer.and_then(|p| self.cell_at(p))
    }

    /// Saves, into the user's levels directory when the level has no file yet.
    fn save(&mut self) -> bool {
        if self.editor.path().is_none() {
            match self.untitled_path() {
                Some(path) => self.editor.set_path(path),
                None => {
                    self.say("cannot save: no levels directory on this system", true);
                    return false;
                }
            }
        }
        match self.editor.save() {
            Ok(path) => {
                let message = format!("saved {}", path.display());
                self.say(message, false);
                true
            }
            Err(e) => {
                self.say(e.to_string(), true);
                false
            }
        }
    }

    /// A file name not taken yet in the save directory: `untitled.lvl`, `untitled-2.lvl`…
    fn untitled_path(&self) -> Option<PathBuf> {
        let dir = self.save_dir.as_ref()?;
        (1..1000)
            .map(|n| {
                if n == 1 {
                    dir.join("untitled.lvl")
                } else {
                    dir.join(format!("untitled-{n}.lvl"))
                }
            })
            .find(|p| !(p.exists() || crate::files::is_file(p)))
    }

    /// Test-play: the game over the editor, the level as edited now.
    fn play(&mut self, ctx: &mut Context, autoplay: bool) -> Transition {
        self.editor.release();
        let level = self.editor.level();
        let whole = self
            .editor
            .last_problems()
            .iter()
            .find(|p| p.cell.is_none() && p.severity == Severity::Error);
        if let Some(problem) = whole {
            let message = format!("cannot play: {}", problem.message);
            self.say(message, true);
            return Transition::None;
        }
        match PlayScene::start(ctx, GameStart::Trial { level, autoplay }) {
            Ok(play) => Transition::Push(Box::new(play)),
            Err(e) => {
                self.say(format!("cannot play: {e}"), true);
                Transition::None
            }
        }
    }

    /// Leaves the editor, asking first if there are unsaved changes.
    fn leave(&mut self) -> Transition {
        if self.editor.is_modified() {
            self.mode = Mode::AskQuit;
            Transition::None
        } else {
            Transition::Pop
        }
    }

    fn palette_click(&mut self, item: PaletteItem) {
        let brush = &mut self.editor.brush;
        match item {
            PaletteItem::Kind(kind) => brush.select_kind(kind),
            PaletteItem::HitsDown => brush.change_hits(-1),
            PaletteItem::HitsUp => brush.change_hits(1),
            PaletteItem::PowerUpPrev => brush.cycle_powerup(-1),
            PaletteItem::PowerUpNext => brush.cycle_powerup(1),
            PaletteItem::Tool => self.editor.tool = self.editor.tool.other(),
        }
    }

    fn pointer_edit(&mut self, ctx: &Context, event: Pointer) {
        match event {
            Pointer::Moved(p) => {
                self.pointer = Some(p);
                if self.editor.dragging() {
                    let cell = self.clamped_cell(p);
                    self.editor.drag(cell);
                }
            }
            Pointer::Down(button) => {
                let Some(p) = self.pointer else { return };
                if button == MouseButton::Left {
                    if let Some(item) = view::palette_at(p) {
                        self.palette_click(item);
                        return;
                    }
                }
                let Some(cell) = self.cell_at(p) else { return };
                match button {
                    MouseButton::Left | MouseButton::Right => {
                        if ctx.modifiers.shift_key() && self.editor.tool == Tool::Pencil {
                            self.tool_after_drag = Some(Tool::Pencil);
                            self.editor.tool = Tool::Rectangle;
                        }
                        self.editor.cursor = cell;
                        self.editor.press(cell, button == MouseButton::Right);
                    }
                    MouseButton::Middle => {
                        self.editor.pick(cell);
                    }
                    _ => {}
                }
            }
            Pointer::Up(MouseButton::Left | MouseButton::Right) => {
                self.editor.release();
                if let Some(tool) = self.tool_after_drag.take() {
                    self.editor.tool = tool;
                }
            }
            Pointer::Up(_) => {}
            Pointer::Wheel(notches) => {
                let step = if notches > 0.0 { -1 } else { 1 };
                if notches == 0.0 {
                    return;
                }
                if ctx.modifiers.shift_key() {
                    self.editor.brush.cycle_powerup(step);
                } else {
                    self.editor.brush.cycle_kind(step);
                }
            }
        }
    }
}

impl Scene for EditorScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            SceneInput::Typed(text) => self.on_typed(text).into(),
            SceneInput::Pointer(event) => self.on_pointer(ctx, *event).into(),
            SceneInput::CloseRequested => match self.on_close_requested() {
                Some(transition) => Handled::Yes(transition),
                None => Handled::No,
            },
            SceneInput::FocusLost => {
                // A button released outside the window never comes back as an event.
                self.editor.release();
                Handled::Yes(Transition::None)
            }
            _ => Handled::No,
        }
    }

    fn chrome(&self) -> Chrome {
        Chrome {
            // Letters pick bricks, F1 is help: not the app's mute and debug overlay.
            takes_letters: true,
            shows_mute: false,
            ..Chrome::titled(self.title())
        }
    }

    fn update(&mut self, _ctx: &mut Context, dt: f32) -> Transition {
        if let Some((_, left, _)) = &mut self.message {
            *left -= dt;
            if *left <= 0.0 {
                self.message = None;
            }
        }
        self.sync();
        Transition::None
    }

    fn draw(&self, _ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let overlay = match &self.mode {
            Mode::Edit => Overlay::None,
            Mode::Help => Overlay::Help(HELP.to_vec()),
            Mode::Properties { typing, .. } => Overlay::Properties(
                self.properties_rows(),
                if typing.is_some() {
                    "type, ENTER keeps, ESC cancels"
                } else {
                    "UP/DOWN choose  LEFT/RIGHT change (SHIFT: left/top side, 1 px)  ENTER type  ESC close"
                },
            ),
            Mode::AskQuit => Overlay::AskQuit,
        };
        let message = self.message.as_ref().map(|(m, _, e)| (m.as_str(), *e));
        view::draw(
            batch,
            &view::EditorView {
                editor: &self.editor,
                field: &self.field,
                hover: self.hover(),
                message,
                overlay: &overlay,
            },
        );
    }
}

impl EditorScene {
    fn on_typed(&mut self, text: &str) -> Transition {
        if let Mode::Properties {
            typing: Some(buffer),
            ..
        } = &mut self.mode
        {
            buffer.push_str(text);
        }
        Transition::None
    }

    fn on_pointer(&mut self, ctx: &mut Context, event: Pointer) -> Transition {
        if self.mode == Mode::Edit {
            self.pointer_edit(ctx, event);
        } else if let Pointer::Moved(p) = event {
            self.pointer = Some(p);
        }
        self.sync();
        Transition::None
    }

    fn on_close_requested(&mut self) -> Option<Transition> {
        self.editor.release();
        self.editor.is_modified().then(|| {
            self.mode = Mode::AskQuit;
            Transition::None
        })
    }

    fn title(&self) -> String {
        let modified = if self.editor.is_modified() { " *" } else { "" };
        let file = self
            .editor
            .path()
            .map_or_else(|| "new level".to_string(), |p| p.display().to_string());
        format!(
            "Breakout level editor — {} ({file}){modified}",
            self.editor.level().display_name()
        )
    }
}

/// Where a level of a set is edited: its own file if the game may write it, else a copy in the
/// user's levels directory `user_dir` (a built-in level, a foreign set's level, a file in a
/// system directory: the game never writes there). `None` when neither is possible.
pub fn editor_for(
    source: &crate::assets::LevelSource,
    user_dir: Option<&std::path::Path>,
) -> Result<Editor, String> {
    if let Some(path) = source.path() {
        let writable = std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
            && path.parent().is_some_and(|d| {
                std::fs::metadata(d).is_ok_and(|m| !m.permissions().readonly()) && !is_system_dir(d)
            })
            // Kept by a backend of no file system (a browser's storage): the player's own.
            || (!path.exists() && crate::files::is_file(path));
        if writable {
            return Editor::open(path).map_err(|e| e.to_string());
        }
    }
    let dir = user_dir.ok_or("no levels directory to save a copy in")?;
    let stem = source.stem();
    let copy = (1..1000)
        .map(|n| {
            if n == 1 {
                dir.join(format!("{stem}.lvl"))
            } else {
                dir.join(format!("{stem}-{n}.lvl"))
            }
        })
        .find(|p| !(p.exists() || crate::files::is_file(p)))
        .ok_or("no free file name for the copy")?;
    // A copy needs the level read whole (a broken built-in or foreign level cannot be copied).
    let level = source.load().map_err(|e| e.to_string())?;
    Ok(Editor::copy_of(&level, copy))
}

/// Directories the game never writes into, even when it could (running as root).
fn is_system_dir(dir: &std::path::Path) -> bool {
    ["/usr", "/opt", "/etc", "/var/lib", "/nix"]
        .iter()
        .any(|root| dir.starts_with(root))
}

#[cfg(test)]
mod tests;
