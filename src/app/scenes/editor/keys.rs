//! The level editor's keys: what each key does in each mode (the edit keys, the help box's
//! and the quit question's), and the brick kind a digit or letter key names.

use super::{EditorScene, Mode};
use crate::app::scenes::{Context, Transition};
use crate::level::BrickKind;
use winit::keyboard::KeyCode;

impl EditorScene {
    pub(super) fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
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
            editor.brush.select_kind(kind);
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
            KeyCode::KeyT => editor.tool = editor.tool.other(),
            _ => {}
        }
        Transition::None
    }
}

/// The character each digit and letter key types (capitals, as level files write brick
/// kinds): every key a brick kind's symbol can be on.
pub(super) const KEY_CHARS: [(KeyCode, char); 36] = [
    (KeyCode::Digit0, '0'),
    (KeyCode::Digit1, '1'),
    (KeyCode::Digit2, '2'),
    (KeyCode::Digit3, '3'),
    (KeyCode::Digit4, '4'),
    (KeyCode::Digit5, '5'),
    (KeyCode::Digit6, '6'),
    (KeyCode::Digit7, '7'),
    (KeyCode::Digit8, '8'),
    (KeyCode::Digit9, '9'),
    (KeyCode::KeyA, 'A'),
    (KeyCode::KeyB, 'B'),
    (KeyCode::KeyC, 'C'),
    (KeyCode::KeyD, 'D'),
    (KeyCode::KeyE, 'E'),
    (KeyCode::KeyF, 'F'),
    (KeyCode::KeyG, 'G'),
    (KeyCode::KeyH, 'H'),
    (KeyCode::KeyI, 'I'),
    (KeyCode::KeyJ, 'J'),
    (KeyCode::KeyK, 'K'),
    (KeyCode::KeyL, 'L'),
    (KeyCode::KeyM, 'M'),
    (KeyCode::KeyN, 'N'),
    (KeyCode::KeyO, 'O'),
    (KeyCode::KeyP, 'P'),
    (KeyCode::KeyQ, 'Q'),
    (KeyCode::KeyR, 'R'),
    (KeyCode::KeyS, 'S'),
    (KeyCode::KeyT, 'T'),
    (KeyCode::KeyU, 'U'),
    (KeyCode::KeyV, 'V'),
    (KeyCode::KeyW, 'W'),
    (KeyCode::KeyX, 'X'),
    (KeyCode::KeyY, 'Y'),
    (KeyCode::KeyZ, 'Z'),
];

/// The brick kind a key names: the key of the symbol the level file writes
/// ([`BrickKind::symbol`]: `1`–`9`, `M C X I H R G`), so a new kind's letter selects it with no
/// edit here. Brick keys win over the editor's letter commands (`P`, `T`…): a kind's letter
/// must not be one of them (a test in `tests.rs` checks).
pub(super) fn kind_key(code: KeyCode) -> Option<BrickKind> {
    let (_, symbol) = KEY_CHARS.iter().find(|(key, _)| *key == code)?;
    BrickKind::from_symbol(*symbol)
}
