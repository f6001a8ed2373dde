//! The settings screen as sprites (no GL here): a box with one row per setting (label left,
//! value right, the chosen row highlighted with arrows), where the settings are saved, the
//! configuration file's problems, and the keys. Coordinates are playfield pixels (origin
//! top-left, y down).

use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::view::scene;
use crate::view::text::{chars_in, ellipsize, layout, layout_centered, panel, text_width, wrap};
use crate::view::SpriteBatch;

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const FAINT: [f32; 4] = [0.5, 0.55, 0.65, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const ERROR: [f32; 4] = [1.0, 0.45, 0.4, 1.0];
/// Glyph height of rows and keys, pixels.
const SIZE: f32 = 14.0;
/// Glyph height of the notes (file, problems), pixels.
const SMALL: f32 = 10.0;
/// Distance between setting rows, pixels.
pub const ROW: f32 = 20.0;
/// Top of the first setting row's text, pixels.
pub const TOP: f32 = 78.0;
/// Top of the keys' line at the bottom, pixels.
const HINT_Y: f32 = PLAYFIELD_HEIGHT - 32.0;
/// Left and right edges of the rows, pixels.
const LEFT: f32 = 90.0;
const RIGHT: f32 = PLAYFIELD_WIDTH - 90.0;
/// Most note lines shown (after wrapping), when there is room for them above the keys' line;
/// more are counted ("+N more").
const MAX_NOTE_LINES: usize = 5;

/// What the settings screen shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SettingsView {
    /// (label, value) of each setting, top first.
    pub rows: Vec<(String, String)>,
    /// The chosen row.
    pub selected: usize,
    /// What the last change did, under the rows (a key bound, or why not).
    pub message: Option<String>,
    /// Where the settings are saved, as a sentence.
    pub saved_to: String,
    /// The configuration file's problems and a failed save, one line each
    /// (`file:line:column: message`).
    pub notes: Vec<String>,
    /// Drawn over the paused game (a shade) rather than on the menu's backdrop.
    pub over_game: bool,
}

/// The row under the playfield point `at`, if any (for the mouse).
pub fn row_at(at: glam::Vec2) -> Option<usize> {
    let inside = (LEFT - 10.0..RIGHT + 10.0).contains(&at.x) && at.y >= TOP - 4.0;
    inside.then(|| ((at.y - (TOP - 4.0)) / ROW) as usize)
}

/// Appends the settings screen to `batch`.
pub fn draw(batch: &mut SpriteBatch, view: &SettingsView) {
    if !view.over_game {
        scene::background(&mut batch.backdrop);
    }
    let out = &mut batch.text;
    panel(
        out,
        [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT],
        [0.0, 0.0, 0.05, 0.82],
    );
    layout_centered(
        out,
        "SETTINGS",
        PLAYFIELD_WIDTH / 2.0,
        30.0,
        32.0,
        HIGHLIGHT,
    );
    for (i, (label, value)) in view.rows.iter().enumerate() {
        let y = TOP + i as f32 * ROW;
        let selected = i == view.selected;
        if selected {
            panel(
                out,
                [LEFT - 10.0, y - 4.0, RIGHT - LEFT + 20.0, ROW],
                [0.3, 0.25, 0.05, 0.6],
            );
        }
        let color = if selected { HIGHLIGHT } else { DIM };
        layout(out, label, LEFT, y, SIZE, color);
        let shown = if selected {
            format!("< {value} >")
        } else {
            value.clone()
        };
        let shown = ellipsize(&shown, chars_in((RIGHT - LEFT) / 2.0, SIZE));
        let x = RIGHT - text_width(&shown, SIZE);
        layout(out, &shown, x, y, SIZE, if selected { WHITE } else { DIM });
    }
    let mut y = TOP + view.rows.len() as f32 * ROW + 8.0;
    let width = PLAYFIELD_WIDTH - 2.0 * 40.0;
    if let Some(message) = &view.message {
        let shown = ellipsize(message, chars_in(width, SMALL + 2.0));
        layout_centered(
            out,
            &shown,
            PLAYFIELD_WIDTH / 2.0,
            y,
            SMALL + 2.0,
            HIGHLIGHT,
        );
    }
    y += 18.0;
    layout_centered(
        out,
        &ellipsize(&view.saved_to, chars_in(width, SMALL)),
        PLAYFIELD_WIDTH / 2.0,
        y,
        SMALL,
        FAINT,
    );
    y += 18.0;
    let lines: Vec<String> = view
        .notes
        .iter()
        .flat_map(|note| wrap(note, chars_in(width, SMALL), MAX_NOTE_LINES))
        .collect();
    // As many lines as end 2 px above the keys' line, at least one (below every setting's row,
    // five would reach into it).
    let room = ((HINT_Y - 2.0 - SMALL - y) / (SMALL + 4.0))
        .floor()
        .max(0.0) as usize
        + 1;
    let most = MAX_NOTE_LINES.min(room);
    for (i, line) in lines.iter().enumerate() {
        if i + 1 == most && lines.len() > most {
            let more = format!("+{} more lines (the log has them all)", lines.len() - i);
            layout(out, &more, 40.0, y, SMALL, ERROR);
            break;
        }
        layout(out, line, 40.0, y, SMALL, ERROR);
        y += SMALL + 4.0;
    }
    layout_centered(
        out,
        "UP/DOWN choose  LEFT/RIGHT or ENTER change (a key row: then the new key)  ESC save and back",
        PLAYFIELD_WIDTH / 2.0,
        HINT_Y,
        SIZE * 0.75,
        WHITE,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_under_the_pointer_are_found_and_outside_is_none() {
        assert_eq!(row_at(glam::Vec2::new(400.0, TOP)), Some(0));
        assert_eq!(row_at(glam::Vec2::new(400.0, TOP + 2.5 * ROW)), Some(2));
        assert_eq!(row_at(glam::Vec2::new(10.0, TOP)), None, "left of the rows");
        assert_eq!(row_at(glam::Vec2::new(400.0, 20.0)), None, "the title");
    }

    /// Every setting's row, a message, the file line and more notes than fit: no two glyphs
    /// overlap (five note lines reached into the keys' line once the frame cap and the game
    /// speed had their rows).
    #[test]
    fn a_full_screen_has_no_text_over_text() {
        let view = SettingsView {
            rows: (0..19)
                .map(|i| (format!("Setting {i}"), "144 fps (default)".to_string()))
                .collect(),
            selected: 3,
            message: Some("Launch: W".into()),
            saved_to: "saved to ~/.config/breakout/breakout.toml on leaving".into(),
            notes: (1..=6)
                .map(|i| format!("line {i}:1: speed = 7 is out of range"))
                .collect(),
            over_game: false,
        };
        let mut batch = SpriteBatch::default();
        draw(&mut batch, &view);
        let glyphs: Vec<([f32; 4], char)> = batch
            .text
            .iter()
            .filter_map(|s| crate::view::text::glyph_char(s).map(|c| (s.i_rect, c)))
            .filter(|(_, c)| !c.is_whitespace())
            .collect();
        assert!(glyphs.iter().any(|(r, _)| r[1] == HINT_Y), "the keys' line");
        for (i, (a, ca)) in glyphs.iter().enumerate() {
            for (b, cb) in &glyphs[i + 1..] {
                // Neighbouring cells of a line meet: half a pixel of rounding is not text
                // over text.
                let e = 0.5;
                let overlap = a[0] + e < b[0] + b[2]
                    && b[0] + e < a[0] + a[2]
                    && a[1] + e < b[1] + b[3]
                    && b[1] + e < a[1] + a[3];
                assert!(!overlap, "{ca:?} at {a:?} overlaps {cb:?} at {b:?}");
            }
        }
    }
}
