//! The level editor's screen: mouse and keys become calls on the editor's model
//! ([`crate::editor::Editor`]); [`crate::render::editor`] draws it. Tab or F5 plays the level
//! as edited (the game pushed over the editor; Esc comes back), B lets the bot play it.

use super::play::PlayScene;
use super::{Context, MouseButton, Pointer, Scene, Transition};
use crate::editor::{Cell, Editor, Severity, Side, Tool};
use crate::level::{BrickArea, BrickKind, Explosion, Level, Ruleset, MAX_AREA_BOTTOM};
use crate::playfield::{BRICK_AREA_FRACTION, PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::render::editor::{self as view, Overlay, PaletteItem};
use crate::render::SpriteBatch;
use crate::sim::BrickField;
use glam::Vec2;
use glium::winit::keyboard::KeyCode;
use std::path::PathBuf;

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
    ("1-9 M C X I H R G", "brick kind by its letter in the file"),
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

/// The rows of the properties box.
const PROPERTIES: [&str; 11] = [
    "Name",
    "Author",
    "Columns",
    "Rows",
    "Area left",
    "Area top",
    "Area width",
    "Area height",
    "Explosion",
    "Scoring",
    "Power-up rules",
];

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
            .find(|p| !p.exists())
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
        Transition::Push(Box::new(PlayScene::trial(ctx, level, autoplay)))
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

    fn edit_key(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        let ctrl = ctx.modifiers.control_key();
        let shift = ctx.modifiers.shift_key();
        let editor = &mut self.editor;
        if ctrl {
            match code {
                KeyCode::KeyZ if shift => {
                    editor.redo();
                }
                KeyCode::KeyZ => {
                    editor.undo();
                }
                KeyCode::KeyY => {
                    editor.redo();
                }
                KeyCode::KeyS => {
                    self.save();
                }
                _ => {}
            }
            return Transition::None;
        }
        if let Some(kind) = kind_key(code) {
            editor.brush = crate::editor::Brush {
                powerup: editor.brush.powerup,
                ..crate::editor::Brush::of(kind)
            };
            return Transition::None;
        }
        match code {
            KeyCode::Escape => return self.leave(),
            KeyCode::F1 => self.mode = Mode::Help,
            KeyCode::Slash if shift => self.mode = Mode::Help,
            KeyCode::KeyP | KeyCode::F2 => {
                self.mode = Mode::Properties {
                    selected: 0,
                    typing: None,
                }
            }
            KeyCode::Tab | KeyCode::F5 => return self.play(ctx, false),
            KeyCode::KeyB | KeyCode::F6 => return self.play(ctx, true),
            KeyCode::ArrowUp => editor.move_cursor(-1, 0),
            KeyCode::ArrowDown => editor.move_cursor(1, 0),
            KeyCode::ArrowLeft => editor.move_cursor(0, -1),
            KeyCode::ArrowRight => editor.move_cursor(0, 1),
            KeyCode::Space | KeyCode::Enter | KeyCode::NumpadEnter => {
                editor.paint_at_cursor();
            }
            KeyCode::Delete | KeyCode::Backspace => {
                editor.erase_at_cursor();
            }
            KeyCode::BracketLeft => editor.brush.cycle_kind(-1),
            KeyCode::BracketRight => editor.brush.cycle_kind(1),
            KeyCode::Minus | KeyCode::NumpadSubtract => editor.brush.change_hits(-1),
            KeyCode::Equal | KeyCode::NumpadAdd => editor.brush.change_hits(1),
            KeyCode::Comma => editor.brush.cycle_powerup(-1),
            KeyCode::Period => editor.brush.cycle_powerup(1),
            KeyCode::KeyN => editor.brush.powerup = None,
            KeyCode::KeyE => {
                let cell = self.hover().unwrap_or(self.editor.cursor);
                self.editor.pick(cell);
            }
            KeyCode::KeyT => {
                editor.tool = match editor.tool {
                    Tool::Pencil => Tool::Rectangle,
                    Tool::Rectangle => Tool::Pencil,
                }
            }
            _ => {}
        }
        Transition::None
    }

    fn properties_key(&mut self, ctx: &Context, code: KeyCode) {
        let Mode::Properties { selected, typing } = &mut self.mode else {
            return;
        };
        let shift = ctx.modifiers.shift_key();
        if let Some(text) = typing {
            match code {
                KeyCode::Enter | KeyCode::NumpadEnter => {
                    let text = Some(text.clone());
                    if *selected == 0 {
                        self.editor.set_title(text);
                    } else {
                        self.editor.set_author(text);
                    }
                    *typing = None;
                }
                KeyCode::Escape => *typing = None,
                KeyCode::Backspace => {
                    text.pop();
                }
                _ => {}
            }
            return;
        }
        let step = match code {
            KeyCode::ArrowLeft => -1,
            KeyCode::ArrowRight => 1,
            KeyCode::ArrowUp => {
                *selected = selected.checked_sub(1).unwrap_or(PROPERTIES.len() - 1);
                return;
            }
            KeyCode::ArrowDown => {
                *selected = (*selected + 1) % PROPERTIES.len();
                return;
            }
            KeyCode::Enter | KeyCode::NumpadEnter if *selected < 2 => {
                let level = self.editor.level();
                let current = if *selected == 0 {
                    &level.title
                } else {
                    &level.author
                };
                *typing = Some(current.clone().unwrap_or_default());
                return;
            }
            KeyCode::Delete if (4..8).contains(selected) => {
                self.editor.set_area(None);
                return;
            }
            KeyCode::Escape | KeyCode::KeyP | KeyCode::F2 | KeyCode::Enter => {
                self.mode = Mode::Edit;
                return;
            }
            _ => return,
        };
        let selected = *selected;
        let grow = step > 0;
        match selected {
            2 => {
                let side = if shift { Side::Left } else { Side::Right };
                self.editor.resize(side, grow);
            }
            3 => {
                let side = if shift { Side::Top } else { Side::Bottom };
                self.editor.resize(side, grow);
            }
            4..=7 => {
                let amount = if shift { 1 } else { 10 } * step;
                let area = nudge_area(self.current_area(), selected - 4, amount);
                self.editor.set_area(Some(area));
            }
            8 => {
                self.editor.set_rules(|l| {
                    l.explosion = match l.explosion {
                        Explosion::Square => Explosion::Cross,
                        Explosion::Cross => Explosion::Square,
                    }
                });
            }
            9 => {
                self.editor
                    .set_rules(|l| l.scoring = cycle_ruleset(l.scoring, step));
            }
            10 => {
                self.editor
                    .set_rules(|l| l.powerup_rules = cycle_ruleset(l.powerup_rules, step));
            }
            _ => {}
        }
    }

    /// The level's `@area:`, or the default layout's as one.
    fn current_area(&self) -> BrickArea {
        self.editor.level().area.unwrap_or(BrickArea {
            left: 0,
            top: 0,
            width: PLAYFIELD_WIDTH as u16,
            height: (PLAYFIELD_HEIGHT * BRICK_AREA_FRACTION) as u16,
        })
    }

    fn properties_rows(&self) -> Vec<(String, String, bool, bool)> {
        let Mode::Properties { selected, typing } = &self.mode else {
            return Vec::new();
        };
        let level = self.editor.level();
        let area = level.area.map(|_| self.current_area());
        let area_value = |v: Option<u16>| v.map_or("default".to_string(), |v| format!("{v} px"));
        let values = [
            level.title.clone().unwrap_or_default(),
            level.author.clone().unwrap_or_default(),
            level.cols.to_string(),
            level.rows.to_string(),
            area_value(area.map(|a| a.left)),
            area_value(area.map(|a| a.top)),
            area_value(area.map(|a| a.width)),
            area_value(area.map(|a| a.height)),
            match level.explosion {
                Explosion::Square => "square (8 around)".to_string(),
                Explosion::Cross => "cross (4 around)".to_string(),
            },
            level.scoring.name().to_string(),
            level.powerup_rules.name().to_string(),
        ];
        PROPERTIES
            .iter()
            .zip(values)
            .enumerate()
            .map(|(i, (label, value))| {
                let typed = (i == *selected).then_some(typing.as_ref()).flatten();
                let shown = typed.cloned().unwrap_or(value);
                (label.to_string(), shown, i == *selected, typed.is_some())
            })
            .collect()
    }

    fn palette_click(&mut self, item: PaletteItem) {
        let brush = &mut self.editor.brush;
        match item {
            PaletteItem::Kind(kind) => {
                *brush = crate::editor::Brush {
                    powerup: brush.powerup,
                    ..crate::editor::Brush::of(kind)
                }
            }
            PaletteItem::HitsDown => brush.change_hits(-1),
            PaletteItem::HitsUp => brush.change_hits(1),
            PaletteItem::PowerUpPrev => brush.cycle_powerup(-1),
            PaletteItem::PowerUpNext => brush.cycle_powerup(1),
            PaletteItem::Tool => {
                self.editor.tool = match self.editor.tool {
                    Tool::Pencil => Tool::Rectangle,
                    Tool::Rectangle => Tool::Pencil,
                }
            }
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

/// The brick kind a key names: the symbol the level file writes (`1`–`9`, `M C X I H R G`).
fn kind_key(code: KeyCode) -> Option<BrickKind> {
    let symbol = match code {
        KeyCode::Digit1 => '1',
        KeyCode::Digit2 => '2',
        KeyCode::Digit3 => '3',
        KeyCode::Digit4 => '4',
        KeyCode::Digit5 => '5',
        KeyCode::Digit6 => '6',
        KeyCode::Digit7 => '7',
        KeyCode::Digit8 => '8',
        KeyCode::Digit9 => '9',
        KeyCode::KeyM => 'M',
        KeyCode::KeyC => 'C',
        KeyCode::KeyX => 'X',
        KeyCode::KeyI => 'I',
        KeyCode::KeyH => 'H',
        KeyCode::KeyR => 'R',
        KeyCode::KeyG => 'G',
        _ => return None,
    };
    BrickKind::from_symbol(symbol)
}

/// The next (`step` 1) or previous (−1) rule set of [`Ruleset::ALL`].
fn cycle_ruleset(rules: Ruleset, step: i32) -> Ruleset {
    let all = Ruleset::ALL;
    let at = all.iter().position(|r| *r == rules).unwrap_or(0) as i32;
    all[(at + step).rem_euclid(all.len() as i32) as usize]
}

/// `area` with its field `which` (0 left, 1 top, 2 width, 3 height) changed by `amount`
/// pixels, kept valid: at least 1 px wide and high, inside the playfield's width and above
/// [`MAX_AREA_BOTTOM`].
fn nudge_area(area: BrickArea, which: usize, amount: i32) -> BrickArea {
    let width_max = PLAYFIELD_WIDTH as i32;
    let bottom_max = i32::from(MAX_AREA_BOTTOM);
    let (mut l, mut t, mut w, mut h) = (
        i32::from(area.left),
        i32::from(area.top),
        i32::from(area.width),
        i32::from(area.height),
    );
    match which {
        0 => l += amount,
        1 => t += amount,
        2 => w += amount,
        _ => h += amount,
    }
    w = w.clamp(1, width_max);
    h = h.clamp(1, bottom_max);
    l = l.clamp(0, width_max - w);
    t = t.clamp(0, bottom_max - h);
    BrickArea {
        left: l as u16,
        top: t as u16,
        width: w as u16,
        height: h as u16,
    }
}

impl Scene for EditorScene {
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

    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        let transition = match self.mode {
            Mode::Edit => self.edit_key(ctx, code),
            Mode::Help => {
                self.mode = Mode::Edit;
                Transition::None
            }
            Mode::Properties { .. } => {
                self.properties_key(ctx, code);
                Transition::None
            }
            Mode::AskQuit => match code {
                KeyCode::KeyS => {
                    if self.save() {
                        Transition::Pop
                    } else {
                        self.mode = Mode::Edit;
                        Transition::None
                    }
                }
                KeyCode::KeyD => Transition::Pop,
                KeyCode::Escape => {
                    self.mode = Mode::Edit;
                    Transition::None
                }
                _ => Transition::None,
            },
        };
        self.sync();
        transition
    }

    fn typed(&mut self, _ctx: &mut Context, text: &str) -> Transition {
        if let Mode::Properties {
            typing: Some(buffer),
            ..
        } = &mut self.mode
        {
            buffer.push_str(text);
        }
        Transition::None
    }

    fn pointer(&mut self, ctx: &mut Context, event: Pointer) -> Transition {
        if self.mode == Mode::Edit {
            self.pointer_edit(ctx, event);
        } else if let Pointer::Moved(p) = event {
            self.pointer = Some(p);
        }
        self.sync();
        Transition::None
    }

    fn close_requested(&mut self, _ctx: &mut Context) -> Option<Transition> {
        self.editor.release();
        self.editor.is_modified().then(|| {
            self.mode = Mode::AskQuit;
            Transition::None
        })
    }

    fn focus_lost(&mut self, _ctx: &mut Context) -> Transition {
        // A button released outside the window never comes back as an event.
        self.editor.release();
        Transition::None
    }

    fn takes_text(&self) -> bool {
        // Letters pick bricks, F1 is help: not the app's mute and debug overlay.
        true
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

    fn title(&self) -> Option<String> {
        let modified = if self.editor.is_modified() { " *" } else { "" };
        let file = self
            .editor
            .path()
            .map_or_else(|| "new level".to_string(), |p| p.display().to_string());
        Some(format!(
            "Breakout level editor — {} ({file}){modified}",
            self.editor.level().display_name()
        ))
    }
}

/// Where a level of a set is edited: its own file if the game may write it, else a copy in the
/// user's levels directory `user_dir` (a built-in level, a foreign set's level, a file in a
/// system directory: the game never writes there). `None` when neither is possible.
pub fn editor_for(
    source: &crate::assets::LevelSource,
    level: &Level,
    user_dir: Option<&std::path::Path>,
) -> Result<Editor, String> {
    if let Some(path) = source.path() {
        let writable = std::fs::metadata(path).is_ok_and(|m| !m.permissions().readonly())
            && path.parent().is_some_and(|d| {
                std::fs::metadata(d).is_ok_and(|m| !m.permissions().readonly()) && !is_system_dir(d)
            });
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
        .find(|p| !p.exists())
        .ok_or("no free file name for the copy")?;
    Ok(Editor::copy_of(level, copy))
}

/// Directories the game never writes into, even when it could (running as root).
fn is_system_dir(dir: &std::path::Path) -> bool {
    ["/usr", "/opt", "/etc", "/var/lib", "/nix"]
        .iter()
        .any(|root| dir.starts_with(root))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::{test_context, SceneStack};
    use crate::editor::document::Document;
    use glium::winit::keyboard::{ModifiersState, PhysicalKey};

    fn scene(text: &str) -> EditorScene {
        let doc = Document::open(text, "t").unwrap();
        EditorScene::new(Editor::new(doc, None, true), None)
    }

    fn press(stack: &mut SceneStack, ctx: &mut Context, code: KeyCode) {
        stack.key(ctx, PhysicalKey::Code(code), true, false);
        stack.key(ctx, PhysicalKey::Code(code), false, false);
    }

    #[test]
    fn mouse_paints_the_cell_under_it_and_ctrl_z_undoes() {
        let mut ctx = test_context();
        let mut stack = SceneStack::new(Box::new(scene("2 0 0\n0 0 0\n")));
        // Default layout: 3 columns of 266.7 px, 2 rows of 150 px.
        stack.pointer(&mut ctx, Pointer::Moved(Vec2::new(700.0, 200.0)));
        press(&mut stack, &mut ctx, KeyCode::KeyM);
        stack.pointer(&mut ctx, Pointer::Down(MouseButton::Left));
        stack.pointer(&mut ctx, Pointer::Moved(Vec2::new(400.0, 200.0)));
        stack.pointer(&mut ctx, Pointer::Up(MouseButton::Left));
        ctx.modifiers = ModifiersState::CONTROL;
        press(&mut stack, &mut ctx, KeyCode::KeyS); // no file: says so, nothing breaks
        ctx.modifiers = ModifiersState::empty();
        assert_eq!(stack.len(), 1);
        // The drag painted two cells in one undo step.
        let mut batch = SpriteBatch::default();
        stack.draw(&ctx, &mut batch);
        assert!(!batch.backdrop.is_empty());
        ctx.modifiers = ModifiersState::CONTROL;
        press(&mut stack, &mut ctx, KeyCode::KeyZ);
        ctx.modifiers = ModifiersState::empty();
        // Esc leaves at once: nothing is modified after the undo.
        press(&mut stack, &mut ctx, KeyCode::Escape);
        assert!(stack.is_empty());
    }

    #[test]
    fn a_drag_paints_and_escape_with_changes_asks_first() {
        let mut ctx = test_context();
        let mut s = scene("2 0 0\n0 0 0\n");
        s.pointer(&mut ctx, Pointer::Moved(Vec2::new(700.0, 200.0)));
        s.key_press(&mut ctx, KeyCode::KeyM);
        s.pointer(&mut ctx, Pointer::Down(MouseButton::Left));
        s.pointer(&mut ctx, Pointer::Moved(Vec2::new(400.0, 200.0)));
        s.pointer(&mut ctx, Pointer::Up(MouseButton::Left));
        assert_eq!(s.editor().text(), "2 0 0\n0 M M\n");
        assert!(matches!(
            s.key_press(&mut ctx, KeyCode::Escape),
            Transition::None
        ));
        assert_eq!(s.mode, Mode::AskQuit);
        assert!(matches!(
            s.key_press(&mut ctx, KeyCode::Escape),
            Transition::None
        ));
        assert_eq!(s.mode, Mode::Edit);
        assert!(
            s.close_requested(&mut ctx).is_some(),
            "the close button asks too"
        );
        assert!(matches!(
            s.key_press(&mut ctx, KeyCode::KeyD),
            Transition::Pop
        ));
    }

    #[test]
    fn test_play_pushes_the_game_and_refuses_a_level_with_nothing_to_clear() {
        let mut ctx = test_context();
        let mut s = scene("1 0\n");
        assert!(matches!(
            s.key_press(&mut ctx, KeyCode::Tab),
            Transition::None
        ));
        assert!(s
            .message
            .as_ref()
            .is_some_and(|(m, _, e)| *e && m.contains("cannot play")));
        let mut s = scene("2 0\n");
        assert!(matches!(
            s.key_press(&mut ctx, KeyCode::Tab),
            Transition::Push(_)
        ));
        assert!(matches!(
            s.key_press(&mut ctx, KeyCode::KeyB),
            Transition::Push(_)
        ));
    }

    #[test]
    fn properties_rename_and_resize_from_the_left() {
        let mut ctx = test_context();
        let mut s = scene("2 2\n");
        s.key_press(&mut ctx, KeyCode::KeyP);
        s.key_press(&mut ctx, KeyCode::Enter);
        s.typed(&mut ctx, "Hi");
        s.key_press(&mut ctx, KeyCode::Enter);
        s.key_press(&mut ctx, KeyCode::ArrowDown);
        s.key_press(&mut ctx, KeyCode::ArrowDown);
        ctx.modifiers = ModifiersState::SHIFT;
        s.key_press(&mut ctx, KeyCode::ArrowRight);
        ctx.modifiers = ModifiersState::empty();
        s.key_press(&mut ctx, KeyCode::Escape);
        assert_eq!(s.mode, Mode::Edit);
        assert_eq!(s.editor().text(), "@name: Hi\n0 2 2\n");
    }

    #[test]
    fn areas_stay_valid_whatever_the_nudges() {
        let mut area = BrickArea {
            left: 0,
            top: 0,
            width: 800,
            height: 300,
        };
        for (which, amount) in [(0, 50), (2, 100), (1, 400), (3, 500), (0, -900), (2, -2000)] {
            area = nudge_area(area, which, amount);
            assert!(area.width >= 1 && area.left + area.width <= 800, "{area:?}");
            assert!(
                area.height >= 1 && area.top + area.height <= MAX_AREA_BOTTOM,
                "{area:?}"
            );
        }
    }
}
