//! The end table of a hot-seat run as sprites (no GL here): one row per player with their
//! score, the level they reached and whether they cleared the set, the best score marked.
//! Coordinates are playfield pixels (origin top-left, y down).

use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::view::scene;
use crate::view::text::{ellipsize, layout, layout_centered, panel, text_width};
use crate::view::SpriteBatch;

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const DONE: [f32; 4] = [0.45, 0.9, 0.5, 1.0];
/// Glyph height of the table, pixels.
pub const SIZE: f32 = 16.0;
/// Top of the header row's text, pixels.
pub const HEADER_Y: f32 = 150.0;
/// Distance between the table's rows, pixels.
pub const ROW: f32 = 34.0;
/// Left edge of the name column, pixels.
const NAME_X: f32 = 60.0;
/// Right edge of the score column (scores are right-aligned), pixels.
const SCORE_RIGHT: f32 = 400.0;
/// Left edge of the level column, pixels.
const LEVEL_X: f32 = 430.0;
/// Left edge of the result column, pixels.
const RESULT_X: f32 = 530.0;
/// Most characters of the result column (to the playfield's right margin).
const RESULT_CHARS: usize = 21;
/// Top of the keys' line, pixels.
pub const HINT_Y: f32 = PLAYFIELD_HEIGHT - 48.0;

/// One player's line of the end table.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    /// The player's name.
    pub name: String,
    /// Their run's score ("3120", "3120 (70% speed)").
    pub score: String,
    /// The level they reached, "3/8".
    pub level: String,
    /// "CLEARED" or "OUT", then "NEW BEST" when their best run of the set.
    pub result: String,
    /// Whether they cleared the set (the result is drawn in green).
    pub cleared: bool,
    /// Whether theirs is the top score (the row is highlighted).
    pub top: bool,
}

/// Appends the end table to `batch`: a title, the column heads, `rows` in turn order, and
/// `hint` (the keys) at the bottom.
pub fn end_table(batch: &mut SpriteBatch, rows: &[ResultRow], hint: &str) {
    scene::background(&mut batch.backdrop);
    let out = &mut batch.text;
    panel(
        out,
        [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT],
        [0.0, 0.0, 0.05, 0.82],
    );
    layout_centered(
        out,
        "HOT SEAT RESULTS",
        PLAYFIELD_WIDTH / 2.0,
        60.0,
        32.0,
        HIGHLIGHT,
    );
    let cells = |out: &mut Vec<_>, y, cols: [&str; 4], color, result_color| {
        layout(out, cols[0], NAME_X, y, SIZE, color);
        let score_x = SCORE_RIGHT - text_width(cols[1], SIZE);
        layout(out, cols[1], score_x, y, SIZE, color);
        layout(out, cols[2], LEVEL_X, y, SIZE, color);
        let result = ellipsize(cols[3], RESULT_CHARS);
        layout(out, &result, RESULT_X, y, SIZE, result_color);
    };
    cells(
        out,
        HEADER_Y,
        ["PLAYER", "SCORE", "LEVEL", "RESULT"],
        DIM,
        DIM,
    );
    for (i, row) in rows.iter().enumerate() {
        let y = HEADER_Y + (i + 1) as f32 * ROW;
        if row.top {
            panel(
                out,
                [
                    NAME_X - 12.0,
                    y - 7.0,
                    PLAYFIELD_WIDTH - 2.0 * (NAME_X - 12.0),
                    ROW - 4.0,
                ],
                [0.3, 0.25, 0.05, 0.6],
            );
        }
        let color = if row.top { HIGHLIGHT } else { WHITE };
        let result_color = if row.cleared { DONE } else { color };
        let cols = [row.name.as_str(), &row.score, &row.level, &row.result];
        cells(out, y, cols, color, result_color);
    }
    layout_centered(out, hint, PLAYFIELD_WIDTH / 2.0, HINT_Y, SIZE, WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Four players with the longest names and scores: no two glyphs overlap, and every glyph
    /// is inside the playfield.
    #[test]
    fn a_full_table_has_no_text_over_text() {
        let rows: Vec<ResultRow> = (0..4)
            .map(|i| ResultRow {
                name: format!("Bartholomew{i}"),
                score: "1234567 (70% speed)".into(),
                level: "88/88".into(),
                result: "CLEARED  NEW BEST".into(),
                cleared: i == 1,
                top: i == 2,
            })
            .collect();
        let mut batch = SpriteBatch::default();
        end_table(&mut batch, &rows, "SPACE menu");
        let boxes = crate::view::text_boxes::assert_no_overlap("the end table", &batch.text);
        assert!(boxes.len() > 20, "{boxes:?}");
        for b in &boxes {
            let [x, _, w, _] = b.rect;
            assert!(x >= 0.0 && x + w <= PLAYFIELD_WIDTH, "{b:?}");
        }
    }
}
