//! The menus' list screens as sprites (no GL here): a title, a scrolling list of entries with a
//! right-hand column (level counts, best scores), a status line (position, filter), an error
//! and the keys. Coordinates are playfield pixels (origin top-left, y down).

use crate::playfield::PLAYFIELD_WIDTH;
use crate::view::sprite::SpriteInstance;
use crate::view::text::{
    chars_in, ellipsize, layout, layout_centered, panel, text_width, without_directories, wrap,
};

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const FAINT: [f32; 4] = [0.5, 0.55, 0.65, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const CLEARED: [f32; 4] = [0.45, 0.95, 0.5, 1.0];
const ERROR: [f32; 4] = [1.0, 0.45, 0.4, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.7];
/// Text size of list rows, status and keys, pixels.
const SIZE: f32 = 16.0;
/// Distance between list rows, pixels.
const ROW: f32 = 22.0;
/// Bottom of the last list row, pixels (leaving room under the status line for an error of
/// [`ERROR_LINES`] lines of [`ERROR_SIZE`] text above the keys).
const LIST_BOTTOM: f32 = 498.0;
/// Left and right margin of the list, pixels.
const MARGIN: f32 = 28.0;
/// Text size of the scroll hints, pixels.
const SMALL: f32 = 12.0;
/// Text size of the error under the list, pixels.
const ERROR_SIZE: f32 = 14.0;
/// Distance between the error's lines, pixels.
const ERROR_LINE: f32 = 16.0;
/// Lines of an error shown under the list.
const ERROR_LINES: usize = 3;
/// Top of the keys' line along the bottom, pixels.
const KEYS_Y: f32 = 576.0;

/// Top and height of the title banner, playfield pixels.
const TITLE_BANNER: [f32; 2] = [20.0, 72.0];

/// Where a level's bricks are previewed on a list screen whose first row is at `list_top`
/// (playfield pixels: x, y of the top-left corner, width, height): between the title banner and
/// the list's panel, so neither covers them (in a play-test the title banner did).
pub fn preview_area(list_top: f32) -> [f32; 4] {
    let top = TITLE_BANNER[0] + TITLE_BANNER[1] + 6.0;
    let bottom = list_top - 14.0 - 6.0;
    [
        MARGIN,
        top,
        PLAYFIELD_WIDTH - 2.0 * MARGIN,
        (bottom - top).max(1.0),
    ]
}

/// Scales and moves `sprites` (a level's bricks as laid out for play) as one picture, keeping
/// its proportions, so the playfield's brick area (its top [`MAX_AREA_BOTTOM`] pixels, or as
/// far down as the sprites reach) fits `area` (x, y, width, height, playfield pixels),
/// centred horizontally.
///
/// [`MAX_AREA_BOTTOM`]: crate::level::MAX_AREA_BOTTOM
pub fn fit_preview(sprites: &mut [SpriteInstance], area: [f32; 4]) {
    let bottom = sprites
        .iter()
        .map(|s| s.i_rect[1] + s.i_rect[3])
        .fold(1.0f32, f32::max)
        .min(crate::level::MAX_AREA_BOTTOM as f32);
    let scale = (area[2] / PLAYFIELD_WIDTH).min(area[3] / bottom);
    let left = area[0] + (area[2] - PLAYFIELD_WIDTH * scale) / 2.0;
    for s in sprites {
        let [x, y, w, h] = s.i_rect;
        s.i_rect = [left + x * scale, area[1] + y * scale, w * scale, h * scale];
    }
}

/// Why the chosen level does not load, drawn where its bricks would be previewed (`area`,
/// from [`preview_area`]): the first problem of `problems` (one a line, as a level's load error
/// lists them) without the file's directories, wrapped to the width in lines as many as fit,
/// then how many more problems there are.
pub fn preview_problem(out: &mut Vec<SpriteInstance>, area: [f32; 4], problems: &str) {
    let [x, y, w, h] = area;
    let mut lines = problems
        .lines()
        .map(|l| without_directories(l.trim()))
        .filter(|l| !l.is_empty());
    let first = lines.next().unwrap_or("this level does not load");
    let more = lines.count();
    let rows = ((h / PROBLEM_LINE).floor() as usize).max(1);
    let rows = if more > 0 {
        rows.saturating_sub(1).max(1)
    } else {
        rows
    };
    let mut text = wrap(first, chars_in(w, SIZE), rows);
    if more > 0 {
        let s = if more == 1 { "" } else { "s" };
        text.push(format!("(and {more} more problem{s})"));
    }
    let top = y + ((h - text.len() as f32 * PROBLEM_LINE) / 2.0).max(0.0);
    for (i, line) in text.iter().enumerate() {
        let color = if i + 1 == text.len() && more > 0 {
            DIM
        } else {
            ERROR
        };
        layout(out, line, x, top + i as f32 * PROBLEM_LINE, SIZE, color);
    }
}

/// Distance between the lines of [`preview_problem`], pixels.
const PROBLEM_LINE: f32 = 22.0;

/// How an entry's right-hand column is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Dim: nothing done yet.
    Plain,
    /// Green: done (a level or every level of a set cleared).
    Done,
    /// Red: the entry does not load.
    Broken,
}

/// One row of the list.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The name, left-aligned (cut to fit).
    pub name: String,
    /// The right-hand column (counts, best score).
    pub info: String,
    /// How the right-hand column is coloured.
    pub mark: Mark,
    /// Whether this is the chosen entry.
    pub selected: bool,
}

/// A list screen.
#[derive(Clone, Debug, PartialEq)]
pub struct ListView<'a> {
    /// The title across the top.
    pub title: &'a str,
    /// Top of the first list row, pixels (see [`page_rows`]).
    pub top: f32,
    /// The rows on screen, top first.
    pub rows: Vec<Row>,
    /// Whether entries are hidden above and below the rows on screen.
    pub more: (bool, bool),
    /// The status line's left part (the filter), under the list.
    pub status: String,
    /// The status line's right part (position in the list).
    pub position: String,
    /// An error to show under the list (first lines, cut to the width).
    pub error: Option<&'a str>,
    /// The keys, along the bottom.
    pub keys: &'a str,
}

/// How many rows a list starting at `top` pixels shows.
pub fn page_rows(top: f32) -> usize {
    (((LIST_BOTTOM - top) / ROW).floor() as usize).max(1)
}

/// `text` cut to `max` characters, with `...` at the end if it was cut.
fn cut(text: &str, max: usize) -> String {
    ellipsize(text, max)
}

/// Which of `rows` list rows on screen (counting from the top one) the playfield point
/// `point` is over, for a list whose first row is at `top` pixels (see [`ListView::top`]):
/// each row is the band its highlight covers, across the list's width.
pub fn row_at(top: f32, rows: usize, point: glam::Vec2) -> Option<usize> {
    let inside_x = point.x >= MARGIN - 8.0 && point.x <= PLAYFIELD_WIDTH - MARGIN + 8.0;
    let y = point.y - (top - 3.0);
    if !inside_x || y < 0.0 {
        return None;
    }
    let row = (y / ROW) as usize;
    (row < rows).then_some(row)
}

/// Appends the list screen `view` to `out`.
pub fn list(out: &mut Vec<SpriteInstance>, view: &ListView) {
    let [banner_top, banner_height] = TITLE_BANNER;
    panel(
        out,
        [0.0, banner_top, PLAYFIELD_WIDTH, banner_height],
        SHADE,
    );
    let title_size = [48.0, 32.0, 16.0]
        .into_iter()
        .find(|&s| text_width(view.title, s) <= PLAYFIELD_WIDTH - 2.0 * MARGIN)
        .unwrap_or(16.0);
    let title = cut(
        view.title,
        chars_in(PLAYFIELD_WIDTH - 2.0 * MARGIN, title_size),
    );
    let title_y = banner_top + (banner_height - title_size) / 2.0;
    layout_centered(
        out,
        &title,
        PLAYFIELD_WIDTH / 2.0,
        title_y,
        title_size,
        HIGHLIGHT,
    );

    let top = view.top;
    panel(
        out,
        [0.0, top - 14.0, PLAYFIELD_WIDTH, 600.0 - top + 14.0],
        SHADE,
    );
    let char_w = text_width("m", SIZE);
    for (i, row) in view.rows.iter().enumerate() {
        let y = top + i as f32 * ROW;
        let info_w = text_width(&row.info, SIZE);
        let info_x = PLAYFIELD_WIDTH - MARGIN - info_w;
        let name_room = ((info_x - MARGIN - 2.0 * char_w) / char_w).max(4.0) as usize;
        let (name, color) = if row.selected {
            panel(
                out,
                [
                    MARGIN - 8.0,
                    y - 3.0,
                    PLAYFIELD_WIDTH - 2.0 * MARGIN + 16.0,
                    ROW,
                ],
                [0.3, 0.25, 0.05, 0.6],
            );
            (
                format!("> {}", cut(&row.name, name_room.saturating_sub(2))),
                HIGHLIGHT,
            )
        } else {
            (cut(&row.name, name_room), DIM)
        };
        layout(out, &name, MARGIN, y, SIZE, color);
        let info_color = match row.mark {
            Mark::Plain => FAINT,
            Mark::Done => CLEARED,
            Mark::Broken => ERROR,
        };
        layout(out, &row.info, info_x, y, SIZE, info_color);
    }
    let status_y = LIST_BOTTOM + 6.0;
    let pos_x = PLAYFIELD_WIDTH - MARGIN - text_width(&view.position, SIZE);
    layout(out, &view.position, pos_x, status_y, SIZE, FAINT);
    // Scroll hints, left of the position they go with (centred, a status line with a best run
    // and the filter's prompt ran into them); the status is cut to the room left of them.
    let hint = match view.more {
        (true, true) => "\u{25b2}\u{25bc} more",
        (true, false) => "\u{25b2} more",
        (false, true) => "\u{25bc} more",
        (false, false) => "",
    };
    let hint_x = pos_x - SIZE - text_width(hint, SMALL);
    layout(out, hint, hint_x, status_y + 2.0, SMALL, DIM);
    let status_room = chars_in(hint_x - SIZE - MARGIN, SIZE);
    layout(
        out,
        &cut(&view.status, status_room),
        MARGIN,
        status_y,
        SIZE,
        WHITE,
    );
    if let Some(error) = view.error {
        // The problems one after the other, wrapped to the width.
        let max_chars = chars_in(PLAYFIELD_WIDTH - 2.0 * MARGIN, ERROR_SIZE);
        let text = error
            .lines()
            .map(|l| without_directories(l.trim()))
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
            .join(" / ");
        for (i, line) in wrap(&text, max_chars, ERROR_LINES).iter().enumerate() {
            let y = status_y + SIZE + 6.0 + i as f32 * ERROR_LINE;
            layout(out, line, MARGIN, y, ERROR_SIZE, ERROR);
        }
    }
    layout_centered(out, view.keys, PLAYFIELD_WIDTH / 2.0, KEYS_Y, SIZE, WHITE);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_names_are_cut_with_a_mark_and_short_ones_kept() {
        assert_eq!(cut("short", 10), "short");
        assert_eq!(cut("exactly10!", 10), "exactly10!");
        assert_eq!(cut("a name that is too long", 10), "a name...");
    }

    /// Bricks under the title banner (a play-test): a level's bricks (02 Gates: rows from the top
    /// of the playfield) were partly under the title banner. Fitted to the preview area, every
    /// brick is below the banner and above the list, and keeps its proportions.
    #[test]
    fn the_preview_sits_between_the_title_and_the_list() {
        use crate::view::sprite::Layer;
        let list_top = 318.0;
        let mut bricks: Vec<SpriteInstance> = (0..4)
            .flat_map(|row| {
                (0..8).map(move |col| {
                    let rect = [col as f32 * 100.0, row as f32 * 40.0, 100.0, 40.0];
                    SpriteInstance::new(Layer::Block, rect, [1.0; 4])
                })
            })
            .collect();
        bricks.push(SpriteInstance::new(
            Layer::Block,
            [0.0, 460.0, 100.0, 40.0],
            [1.0; 4],
        ));
        fit_preview(&mut bricks, preview_area(list_top));
        let banner_bottom = TITLE_BANNER[0] + TITLE_BANNER[1];
        for b in &bricks {
            let [x, y, w, h] = b.i_rect;
            assert!(y >= banner_bottom, "{:?} under the title", b.i_rect);
            assert!(y + h <= list_top - 14.0, "{:?} under the list", b.i_rect);
            assert!(x >= 0.0 && x + w <= PLAYFIELD_WIDTH);
            assert!((w / h - 2.5).abs() < 1e-3, "proportions kept: {w}x{h}");
        }
    }

    /// Long names on the list screens (a play-test): a long name keeps its start and the `> ` mark
    /// and ends in `...` before the right-hand column; an error reads at 12 px, wrapped within the
    /// width; more entries above or below are hinted with arrows.
    #[test]
    fn long_names_end_in_dots_errors_are_readable_and_scrolling_is_hinted() {
        use crate::view::text::glyph_char;
        let name = "10 The Extremely Long And Winding Level Name That Goes On And On Forever";
        let error = "levels/zz-bad.lvl:3:7: 'Q' is not a brick number or letter: expected 0 \
                     (empty), 1 (solid), 2-9 (plain colours) or a brick letter M C X I H R G\n\
                     levels/zz-bad.lvl:4:1: every row must have the same number of columns";
        let view = ListView {
            title: "Breakout",
            top: 318.0,
            rows: vec![Row {
                name: name.to_string(),
                info: "12345".to_string(),
                mark: Mark::Plain,
                selected: true,
            }],
            more: (true, true),
            status: String::new(),
            position: "1/9".to_string(),
            error: Some(error),
            keys: "keys",
        };
        let mut out = Vec::new();
        list(&mut out, &view);
        let line = |y0: f32, y1: f32| -> (String, Vec<SpriteInstance>) {
            let sprites: Vec<SpriteInstance> = out
                .iter()
                .filter(|s| glyph_char(s).is_some() && s.i_rect[1] >= y0 && s.i_rect[1] < y1)
                .copied()
                .collect();
            (sprites.iter().filter_map(glyph_char).collect(), sprites)
        };
        let (row, sprites) = line(318.0, 330.0);
        assert!(row.starts_with(">10TheExtremely"), "{row}");
        assert!(row.ends_with("...12345"), "{row}");
        let info_x = PLAYFIELD_WIDTH - MARGIN - text_width("12345", SIZE);
        for s in &sprites[..sprites.len() - 5] {
            assert!(
                s.i_rect[0] + s.i_rect[2] < info_x,
                "{:?} runs into the score",
                s.i_rect
            );
        }
        let (errors, sprites) = line(LIST_BOTTOM + 20.0, KEYS_Y);
        assert!(errors.starts_with("zz-bad.lvl:3:7:'Q'"), "{errors}");
        assert!(errors.contains("brickletter"), "wrapped, not cut: {errors}");
        for s in &sprites {
            assert!(s.i_rect[3] >= 14.0, "error text {} px high", s.i_rect[3]);
            assert!(
                s.i_rect[1] + s.i_rect[3] <= KEYS_Y - 2.0,
                "error text at {:?} runs into the keys",
                s.i_rect
            );
            assert!(
                s.i_rect[1] >= LIST_BOTTOM + 6.0 + SIZE + 2.0,
                "error text at {:?} runs into the status line",
                s.i_rect
            );
            assert!(s.i_rect[0] + s.i_rect[2] <= PLAYFIELD_WIDTH - MARGIN + 0.01);
        }
        let all: String = out.iter().filter_map(glyph_char).collect();
        assert!(all.contains("\u{25b2}\u{25bc}more"), "{all}");
    }

    /// An invalid level's preview (a play-test found it blank): its first problem, readable
    /// and wrapped inside the preview area, and how many more there are.
    #[test]
    fn an_invalid_levels_preview_says_why_inside_the_area() {
        use crate::view::text::glyph_char;
        let problems = "/home/p/levels/zz-bad.lvl:3:7: 'Q' is not a brick number or letter: \
                        expected 0 (empty), 1 (solid), 2-9 (plain colours) or a brick letter\n\
                        /home/p/levels/zz-bad.lvl:4:1: every row must have the same number of \
                        columns";
        let area = preview_area(318.0);
        let mut out = Vec::new();
        preview_problem(&mut out, area, problems);
        let text: String = out.iter().filter_map(glyph_char).collect();
        assert!(text.starts_with("zz-bad.lvl:3:7:'Q'isnot"), "{text}");
        assert!(text.contains("brickletter"), "wrapped, not cut: {text}");
        assert!(text.ends_with("(and1moreproblem)"), "{text}");
        let [x, y, w, h] = area;
        for s in &out {
            let [sx, sy, sw, sh] = s.i_rect;
            assert!(sh >= SIZE - 0.01, "{sh} px high");
            assert!(
                sx >= x && sx + sw <= x + w + 0.01,
                "{:?} outside {area:?}",
                s.i_rect
            );
            assert!(
                sy >= y && sy + sh <= y + h + 0.01,
                "{:?} outside {area:?}",
                s.i_rect
            );
        }
    }

    #[test]
    fn pages_fill_the_space_under_the_top() {
        assert_eq!(page_rows(310.0), 8);
        assert_eq!(page_rows(110.0), 17);
        assert_eq!(page_rows(600.0), 1);
    }
}
