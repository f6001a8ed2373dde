//! The new-run screen as sprites (no GL here): the set and level the run starts at, one row
//! per choice (label left, value right; the chosen row highlighted), a centred Start row, why
//! the run did not start, and the keys. Coordinates are playfield pixels (origin top-left,
//! y down).

use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::view::scene;
use crate::view::text::{chars_in, ellipsize, layout, layout_centered, panel, text_width};
use crate::view::SpriteBatch;

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const ERROR: [f32; 4] = [1.0, 0.45, 0.4, 1.0];
/// Glyph height of the rows, pixels.
pub const SIZE: f32 = 18.0;
/// Glyph height of the subtitle, the error and the keys, pixels.
const SMALL: f32 = 13.0;
/// Top of the first row's text, pixels.
pub const TOP: f32 = 150.0;
/// Distance between rows, pixels.
pub const ROW: f32 = 34.0;
/// Left and right edges of the rows, pixels.
const LEFT: f32 = 200.0;
const RIGHT: f32 = PLAYFIELD_WIDTH - 200.0;
/// Top of the keys' line, pixels.
pub const HINT_Y: f32 = PLAYFIELD_HEIGHT - 40.0;

/// One row of the screen.
#[derive(Clone, Debug, PartialEq)]
pub enum RowView {
    /// A choice: its label and its value as shown.
    Choice(String, String),
    /// The button that starts the run (centred).
    Button(String),
}

/// What the new-run screen shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NewRunView {
    /// The set and the level the run starts at, under the title.
    pub subtitle: String,
    /// The rows, top first.
    pub rows: Vec<RowView>,
    /// The chosen row.
    pub selected: usize,
    /// Whether the chosen row's value is being typed (a text caret follows it).
    pub typing: bool,
    /// What the chosen difficulty changes, under the rows ([`difficulty_note`]).
    pub note: String,
    /// Why the run did not start.
    pub error: Option<String>,
    /// The keys, at the bottom.
    pub keys: String,
}

/// The row under the playfield point `at`, if any (for the mouse).
pub fn row_at(at: glam::Vec2, rows: usize) -> Option<usize> {
    let inside = (LEFT - 12.0..RIGHT + 12.0).contains(&at.x) && at.y >= TOP - 8.0;
    let row = ((at.y - (TOP - 8.0)) / ROW) as usize;
    (inside && row < rows).then_some(row)
}

/// Appends the new-run screen to `batch`.
pub fn draw(batch: &mut SpriteBatch, view: &NewRunView) {
    scene::background(&mut batch.backdrop);
    let out = &mut batch.text;
    panel(
        out,
        [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT],
        [0.0, 0.0, 0.05, 0.82],
    );
    let centre = PLAYFIELD_WIDTH / 2.0;
    layout_centered(out, "NEW RUN", centre, 40.0, 32.0, HIGHLIGHT);
    let width = PLAYFIELD_WIDTH - 80.0;
    let subtitle = ellipsize(&view.subtitle, chars_in(width, SMALL));
    layout_centered(out, &subtitle, centre, 92.0, SMALL, DIM);
    for (i, row) in view.rows.iter().enumerate() {
        let y = TOP + i as f32 * ROW;
        let selected = i == view.selected;
        if selected {
            panel(
                out,
                [LEFT - 12.0, y - 8.0, RIGHT - LEFT + 24.0, ROW - 2.0],
                [0.3, 0.25, 0.05, 0.6],
            );
        }
        let color = if selected { HIGHLIGHT } else { DIM };
        match row {
            RowView::Choice(label, value) => {
                layout(out, label, LEFT, y, SIZE, color);
                let shown = match (selected, view.typing) {
                    (true, true) => format!("{value}_"),
                    (true, false) => format!("< {value} >"),
                    _ => value.clone(),
                };
                let x = RIGHT - text_width(&shown, SIZE);
                layout(out, &shown, x, y, SIZE, if selected { WHITE } else { DIM });
            }
            RowView::Button(label) => layout_centered(out, label, centre, y, SIZE, color),
        }
    }
    let below = TOP + view.rows.len() as f32 * ROW + 8.0;
    let note = ellipsize(&view.note, chars_in(width, SMALL));
    layout_centered(out, &note, centre, below, SMALL, DIM);
    if let Some(error) = &view.error {
        let y = below + SMALL + 8.0;
        let shown = ellipsize(error, chars_in(width, SMALL));
        layout_centered(out, &shown, centre, y, SMALL, ERROR);
    }
    let keys = ellipsize(&view.keys, chars_in(width, SMALL));
    layout_centered(out, &keys, centre, HINT_Y, SMALL, WHITE);
}

/// What a run at `config`'s difficulty starts with, from the numbers the game plays with
/// (`config` is the player's settings with the difficulty applied, [`Difficulty::apply`]):
/// lives, the paddle's width, the ball's launch speed, and, where the difficulty changes them,
/// the bad power-ups and the points: "9 lives  paddle 225 px  ball 167 px/s  no bad
/// power-ups  points x0.5".
///
/// [`Difficulty::apply`]: crate::sim::Difficulty::apply
pub fn difficulty_note(config: &crate::sim::GameConfig) -> String {
    let mut parts = vec![
        format!("{} lives", config.start_lives),
        format!("paddle {:.0} px", config.paddle_width),
        format!("ball {:.0} px/s", config.launch_speed),
    ];
    if !config.bad_powerups {
        parts.push("no bad power-ups".to_string());
    }
    if config.score_factor != 1.0 {
        parts.push(format!("points x{}", config.score_factor));
    }
    parts.join("  ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::{Difficulty, GameConfig};

    /// Play-test H22: each difficulty's note says its own numbers, read from the game's
    /// configuration at that difficulty (Normal's are the player's settings).
    #[test]
    fn the_difficulty_note_says_lives_paddle_and_ball_speed_from_the_presets() {
        let base = GameConfig::default();
        for difficulty in Difficulty::ALL {
            let config = difficulty.apply(base);
            let note = difficulty_note(&config);
            assert!(
                note.starts_with(&format!("{} lives  paddle ", difficulty.def().lives)),
                "{note}"
            );
            assert!(
                note.contains(&format!("ball {:.0} px/s", config.launch_speed)),
                "{note}"
            );
        }
        let kids = difficulty_note(&Difficulty::Kids.apply(base));
        let normal = difficulty_note(&Difficulty::Normal.apply(base));
        assert!(
            kids.contains("no bad power-ups") && kids.contains("points x0.5"),
            "{kids}"
        );
        assert!(
            !normal.contains("bad") && !normal.contains("points"),
            "{normal}"
        );
        assert_ne!(kids, normal);
    }

    /// Every row a new run can have (four players, their longest names), an error and the
    /// keys: no two glyphs overlap.
    #[test]
    fn a_full_screen_has_no_text_over_text() {
        let mut rows = vec![RowView::Choice("Players".into(), "4".into())];
        rows.extend((1..=4).map(|i| RowView::Choice(format!("Player {i}"), "W".repeat(12))));
        rows.push(RowView::Choice("Difficulty".into(), "Normal".into()));
        rows.push(RowView::Button("START".into()));
        let view = NewRunView {
            subtitle: "Shipped levels, from 01 First Steps".repeat(3),
            rows,
            selected: 2,
            typing: true,
            note: difficulty_note(&crate::sim::Difficulty::Kids.apply(Default::default())),
            error: Some("'Anna' is named twice: each player needs their own name".repeat(2)),
            keys: "UP/DOWN choose  LEFT/RIGHT change  type a name  ENTER start  ESC back".into(),
        };
        let mut batch = SpriteBatch::default();
        draw(&mut batch, &view);
        let boxes = crate::view::text_boxes::assert_no_overlap("the new-run screen", &batch.text);
        assert!(boxes.iter().any(|b| b.rect[1] == HINT_Y), "the keys' line");
        for b in &boxes {
            let [x, _, w, _] = b.rect;
            assert!(x >= 0.0 && x + w <= PLAYFIELD_WIDTH, "{b:?}");
        }
        assert!(boxes.iter().any(|b| b.text.contains("9 lives")), "the note");
        assert_eq!(row_at(glam::Vec2::new(400.0, TOP), 7), Some(0));
        assert_eq!(row_at(glam::Vec2::new(400.0, TOP + 6.0 * ROW), 7), Some(6));
        assert_eq!(row_at(glam::Vec2::new(400.0, TOP + 7.0 * ROW), 7), None);
    }
}
