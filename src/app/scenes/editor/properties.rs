//! The level editor's properties box (`P`): name, author, grid size from any side, the grid's
//! place (`@area:`), explosions and the rules of the game the level follows.

use super::{EditorScene, Mode};
use crate::app::scenes::Context;
use crate::editor::Side;
use crate::level::{BrickArea, Explosion, Ruleset, MAX_AREA_BOTTOM};
use crate::playfield::{BRICK_AREA_FRACTION, PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use winit::keyboard::KeyCode;

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

impl EditorScene {
    pub(super) fn properties_key(&mut self, ctx: &Context, code: KeyCode) {
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

    pub(super) fn properties_rows(&self) -> Vec<(String, String, bool, bool)> {
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
pub(super) fn nudge_area(area: BrickArea, which: usize, amount: i32) -> BrickArea {
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
