//! The settings screen as sprites (no GL here): a box with one row per setting (label left,
//! value right, the chosen row highlighted with arrows), where the settings are saved, the
//! configuration file's problems, and the keys. Coordinates are playfield pixels (origin
//! top-left, y down).

use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::render::scene;
use crate::render::text::{layout, layout_centered, panel, text_width};
use crate::render::SpriteBatch;

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const FAINT: [f32; 4] = [0.5, 0.55, 0.65, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const ERROR: [f32; 4] = [1.0, 0.45, 0.4, 1.0];
/// Glyph height of rows and keys, pixels.
const SIZE: f32 = 16.0;
/// Glyph height of the notes (file, problems), pixels.
const SMALL: f32 = 10.0;
/// Distance between setting rows, pixels.
const ROW: f32 = 30.0;
/// Top of the first setting row, pixels.
const TOP: f32 = 110.0;
/// Left and right edges of the rows, pixels.
const LEFT: f32 = 90.0;
const RIGHT: f32 = PLAYFIELD_WIDTH - 90.0;
/// Most note lines shown (after wrapping); more are counted ("+N more").
const MAX_NOTE_LINES: usize = 9;

/// What the settings screen shows.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SettingsView {
    /// (label, value) of each setting, top first.
    pub rows: Vec<(String, String)>,
    /// The chosen row.
    pub selected: usize,
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
    let inside = (LEFT - 10.0..RIGHT + 10.0).contains(&at.x) && at.y >= TOP - 7.0;
    inside.then(|| ((at.y - (TOP - 7.0)) / ROW) as usize)
}

/// `text` cut to `width` pixels at glyph height `size`, with `..` at the end if it was cut.
fn fit(text: &str, width: f32, size: f32) -> String {
    if text_width(text, size) <= width {
        return text.to_string();
    }
    let mut kept = String::new();
    for c in text.chars() {
        if text_width(&format!("{kept}{c}.."), size) > width {
            break;
        }
        kept.push(c);
    }
    format!("{kept}..")
}

/// `text` broken into lines at most `width` pixels wide at glyph height `size`: at spaces
/// where it can, inside a word longer than a line where it must.
fn wrap(text: &str, width: f32, size: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if text_width(&candidate, size) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            if text_width(&format!("{line}{c}"), size) > width && !line.is_empty() {
                lines.push(std::mem::take(&mut line));
            }
            line.push(c);
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
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
        40.0,
        32.0,
        HIGHLIGHT,
    );
    for (i, (label, value)) in view.rows.iter().enumerate() {
        let y = TOP + i as f32 * ROW;
        let selected = i == view.selected;
        if selected {
            panel(
                out,
                [LEFT - 10.0, y - 7.0, RIGHT - LEFT + 20.0, ROW],
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
        let shown = fit(&shown, (RIGHT - LEFT) / 2.0, SIZE);
        let x = RIGHT - text_width(&shown, SIZE);
        layout(out, &shown, x, y, SIZE, if selected { WHITE } else { DIM });
    }
    let mut y = TOP + view.rows.len() as f32 * ROW + 16.0;
    let width = PLAYFIELD_WIDTH - 2.0 * 40.0;
    layout_centered(
        out,
        &fit(&view.saved_to, width, SMALL),
        PLAYFIELD_WIDTH / 2.0,
        y,
        SMALL,
        FAINT,
    );
    y += 24.0;
    let lines: Vec<String> = view
        .notes
        .iter()
        .flat_map(|note| wrap(note, width, SMALL))
        .collect();
    for (i, line) in lines.iter().enumerate() {
        if i + 1 == MAX_NOTE_LINES && lines.len() > MAX_NOTE_LINES {
            let more = format!("+{} more lines (the log has them all)", lines.len() - i);
            layout(out, &more, 40.0, y, SMALL, ERROR);
            break;
        }
        layout(out, line, 40.0, y, SMALL, ERROR);
        y += SMALL + 4.0;
    }
    layout_centered(
        out,
        "UP/DOWN choose  LEFT/RIGHT change  ESC save and back",
        PLAYFIELD_WIDTH / 2.0,
        PLAYFIELD_HEIGHT - 32.0,
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

    #[test]
    fn notes_wrap_at_spaces_and_inside_words_too_long_for_a_line() {
        let lines = wrap("aaa bbb ccc", text_width("aaa bbb", SMALL), SMALL);
        assert_eq!(lines, ["aaa bbb", "ccc"]);
        let long = "x".repeat(30);
        let lines = wrap(&long, text_width("xxxxxxxxxx", SMALL), SMALL);
        assert_eq!(lines, ["x".repeat(10), "x".repeat(10), "x".repeat(10)]);
        assert_eq!(wrap("", 100.0, SMALL), [""]);
    }

    #[test]
    fn long_text_is_cut_to_the_width_with_a_mark() {
        let long = "x".repeat(200);
        let cut = fit(&long, 300.0, SMALL);
        assert!(
            text_width(&cut, SMALL) <= 300.0 && cut.ends_with(".."),
            "{cut}"
        );
        assert_eq!(fit("short", 300.0, SMALL), "short");
    }
}
