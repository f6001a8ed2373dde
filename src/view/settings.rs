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
/// Most note lines shown (after wrapping); more are counted ("+N more").
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
    /// Where the settings are saved, as a sentence (empty: not shown, as when a save failed
    /// and the notes say so).
    pub saved_to: String,
    /// The configuration file's problems and a failed save, one line each
    /// (`file:line:column: message`).
    pub notes: Vec<String>,
    /// Drawn over the paused game (a shade) rather than on the menu's backdrop.
    pub over_game: bool,
    /// Leaving saves into the file: the keys' line says "ESC save and back" (false: a file the
    /// game will not write, and the keys' line says "ESC back").
    pub saves: bool,
}

/// Height of a note line (file, problems) with its gap, pixels.
const NOTE_LINE: f32 = SMALL + 4.0;
/// Height of the message line and of the file line, pixels.
const SENTENCE_LINE: f32 = 18.0;
/// Smallest distance between setting rows, pixels (their text cells then touch).
const MIN_ROW: f32 = SIZE;

/// The note lines shown: `notes` wrapped to the screen's width, at most [`MAX_NOTE_LINES`],
/// the last one counting those left out.
fn note_lines(notes: &[String]) -> Vec<String> {
    let width = PLAYFIELD_WIDTH - 2.0 * 40.0;
    let mut lines: Vec<String> = notes
        .iter()
        .flat_map(|note| wrap(note, chars_in(width, SMALL), MAX_NOTE_LINES))
        .collect();
    if lines.len() > MAX_NOTE_LINES {
        let more = lines.len() - (MAX_NOTE_LINES - 1);
        lines.truncate(MAX_NOTE_LINES - 1);
        lines.push(format!("+{more} more lines (the log has them all)"));
    }
    lines
}

/// Where the bottom block is: the top of the message line, of the file line and of the first
/// note line, pixels. Laid out from the keys' line up, so that nothing reaches into it.
fn bottom_block(view: &SettingsView) -> (f32, f32, f32) {
    let notes_top = HINT_Y - 4.0 - note_lines(&view.notes).len() as f32 * NOTE_LINE;
    let file_top = notes_top - SENTENCE_LINE;
    (file_top - SENTENCE_LINE, file_top, notes_top)
}

/// How many rows fit above the message line at the smallest pitch ([`MIN_ROW`]).
fn rows_that_fit(view: &SettingsView) -> usize {
    let (message_top, ..) = bottom_block(view);
    (((message_top - 4.0 - TOP) / MIN_ROW) as usize).max(1)
}

/// How many rows are shown: all of them, or as many as fit (the list then scrolls).
fn shown_rows(view: &SettingsView) -> usize {
    view.rows.len().min(rows_that_fit(view))
}

/// The first row shown: 0 while every row fits; else the list scrolls so that the chosen row
/// is shown, in the middle where the list's ends allow.
pub fn first_row(view: &SettingsView) -> usize {
    let shown = shown_rows(view);
    view.selected
        .saturating_sub(shown / 2)
        .min(view.rows.len() - shown)
}

/// Distance between setting rows, pixels: [`ROW`], less when the rows and the notes under
/// them would not fit otherwise (never under the rows' glyph height: then the list scrolls).
pub fn row_pitch(view: &SettingsView) -> f32 {
    let (message_top, ..) = bottom_block(view);
    let rows = shown_rows(view).max(1) as f32;
    ((message_top - 4.0 - TOP) / rows).clamp(MIN_ROW, ROW)
}

/// The row of `view` under the playfield point `at`, if any (for the mouse), counting the
/// rows scrolled out of sight above.
pub fn row_at(view: &SettingsView, at: glam::Vec2) -> Option<usize> {
    let inside = (LEFT - 10.0..RIGHT + 10.0).contains(&at.x) && at.y >= TOP - 4.0;
    let index = inside.then(|| ((at.y - (TOP - 4.0)) / row_pitch(view)) as usize)?;
    (index < shown_rows(view)).then(|| first_row(view) + index)
}

/// Appends the settings screen to `batch`. Over a game, the text the screens below it put in
/// the batch (the pause box, the HUD, a banner) is dropped: the panel covers the whole
/// playfield, and text showing through it ran through the rows.
pub fn draw(batch: &mut SpriteBatch, view: &SettingsView) {
    if view.over_game {
        batch.text.clear();
    } else {
        scene::background(&mut batch.backdrop);
    }
    let out = &mut batch.text;
    panel(
        out,
        [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT],
        [0.0, 0.0, 0.05, if view.over_game { 0.9 } else { 0.82 }],
    );
    layout_centered(
        out,
        "SETTINGS",
        PLAYFIELD_WIDTH / 2.0,
        30.0,
        32.0,
        HIGHLIGHT,
    );
    let pitch = row_pitch(view);
    let first = first_row(view);
    let rows = view.rows.iter().enumerate().skip(first);
    for (i, (label, value)) in rows.take(shown_rows(view)) {
        let y = TOP + (i - first) as f32 * pitch;
        let selected = i == view.selected;
        if selected {
            panel(
                out,
                [
                    LEFT - 10.0,
                    y - (pitch - SIZE) / 2.0,
                    RIGHT - LEFT + 20.0,
                    pitch,
                ],
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
    let (message_top, file_top, notes_top) = bottom_block(view);
    let width = PLAYFIELD_WIDTH - 2.0 * 40.0;
    if let Some(message) = &view.message {
        let shown = ellipsize(message, chars_in(width, SMALL + 2.0));
        layout_centered(
            out,
            &shown,
            PLAYFIELD_WIDTH / 2.0,
            message_top,
            SMALL + 2.0,
            HIGHLIGHT,
        );
    }
    layout_centered(
        out,
        &ellipsize(&view.saved_to, chars_in(width, SMALL)),
        PLAYFIELD_WIDTH / 2.0,
        file_top,
        SMALL,
        FAINT,
    );
    for (i, line) in note_lines(&view.notes).iter().enumerate() {
        layout(
            out,
            line,
            40.0,
            notes_top + i as f32 * NOTE_LINE,
            SMALL,
            ERROR,
        );
    }
    let back = if view.saves {
        "ESC save and back"
    } else {
        "ESC back"
    };
    layout_centered(
        out,
        &format!(
            "UP/DOWN choose  LEFT/RIGHT or ENTER change (a key row: then the new key)  {back}"
        ),
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
        let view = SettingsView {
            rows: vec![("a".into(), "b".into()); 10],
            ..SettingsView::default()
        };
        assert_eq!(row_pitch(&view), ROW);
        assert_eq!(row_at(&view, glam::Vec2::new(400.0, TOP)), Some(0));
        assert_eq!(
            row_at(&view, glam::Vec2::new(400.0, TOP + 2.5 * ROW)),
            Some(2)
        );
        assert_eq!(
            row_at(&view, glam::Vec2::new(10.0, TOP)),
            None,
            "left of the rows"
        );
        assert_eq!(
            row_at(&view, glam::Vec2::new(400.0, 20.0)),
            None,
            "the title"
        );
    }

    /// Every setting's row, a message, the file line and notes, from none to more than fit,
    /// for as many rows as today's screen has and more (the notes reached into the keys' line
    /// once the screen had 21 rows): no two lines of text overlap, and the keys' line is there.
    #[test]
    fn a_full_screen_has_no_text_over_text() {
        let cases = [10, 19, 20, 21, 22, 24, 26, 36, 46, 60]
            .into_iter()
            .flat_map(|rows| [(rows, 3), (rows, rows / 2), (rows, rows - 1)]);
        for (rows, selected) in cases {
            for notes in [0, 1, 3, 5, 8] {
                let view = SettingsView {
                    rows: (0..rows)
                        .map(|i| (format!("Setting {i}"), "144 fps (default)".to_string()))
                        .collect(),
                    selected,
                    message: Some("Launch: W".into()),
                    saved_to: "saved to ~/.config/breakout/breakout.toml on leaving".into(),
                    notes: (1..=notes)
                        .map(|i| format!("line {i}:1: speed = 7 is out of range"))
                        .collect(),
                    over_game: false,
                    saves: true,
                };
                let mut batch = SpriteBatch::default();
                draw(&mut batch, &view);
                let what = format!("{rows} rows, row {selected} chosen, {notes} notes");
                let boxes = crate::view::text_boxes::assert_no_overlap(&what, &batch.text);
                assert!(
                    boxes.iter().any(|b| b.rect[1] == HINT_Y),
                    "{what}: the keys' line"
                );
                let chosen = format!("Setting {selected}");
                assert!(
                    boxes.iter().any(|b| b.text == chosen),
                    "{what}: the chosen row"
                );
                let below = boxes.iter().filter(|b| b.text.starts_with("Setting "));
                assert!(
                    below.clone().all(|b| b.rect[1] < HINT_Y - 4.0),
                    "{what}: a row under the keys' line"
                );
                // The mouse finds the rows where they are drawn.
                for b in below {
                    let at = glam::Vec2::new(LEFT + 1.0, b.rect[1] + 1.0);
                    let row = row_at(&view, at).map(|r| format!("Setting {r}"));
                    assert_eq!(row.as_deref(), Some(b.text.as_str()), "{what}");
                }
            }
        }
    }
}
