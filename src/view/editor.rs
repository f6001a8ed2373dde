//! The level editor as sprites (no GL here): the grid as it plays with cell lines, the cursor,
//! each problem marked on its brick, the palette, the status line, and the help, properties and
//! unsaved-changes boxes. Coordinates are playfield pixels (origin top-left, y down).
//!
//! The palette's layout ([`palette`]) is also what the editor's scene hit-tests clicks with.

use super::bricks::all_bricks;
use super::sprite::{SpriteBatch, SpriteInstance};
use super::text::{chars_in, ellipsize, layout, layout_centered, panel, text_width, wrap};
use crate::editor::{Cell, Editor, Severity, Tool};
use crate::level::BrickKind;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::BrickField;

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.85];
/// Cell lines: faint, so that bricks stay the main thing.
const GRID_LINE: [f32; 4] = [1.0, 1.0, 1.0, 0.18];
/// Marker of an error (the level cannot be played or cleared), linear RGBA.
pub const ERROR_COLOR: [f32; 4] = [1.0, 0.15, 0.1, 1.0];
/// Marker of a warning.
pub const WARNING_COLOR: [f32; 4] = [1.0, 0.7, 0.0, 1.0];
/// The keyboard cursor's outline.
const CURSOR_COLOR: [f32; 4] = [0.3, 0.9, 1.0, 1.0];
/// How bright unseen (invisible, hidden) bricks are drawn: visible, but clearly not like the
/// others.
const UNSEEN_DIM: f32 = 0.45;
/// Text size of the palette, pixels.
const SIZE: f32 = 16.0;
/// Text size of problem messages, pixels.
const SMALL: f32 = 10.0;
/// Distance between two lines of problem messages, pixels.
const SMALL_LINE: f32 = 12.0;

/// Top of the palette, pixels: below the lowest a brick area may reach
/// ([`crate::level::MAX_AREA_BOTTOM`] = 500).
pub const PALETTE_TOP: f32 = 506.0;
/// Width and height of a brick-kind swatch, pixels.
const SWATCH: [f32; 2] = [40.0, 22.0];
/// Space between swatches, pixels.
const SWATCH_GAP: f32 = 6.0;
/// Top of the palette's second row (hits and power-up), pixels.
const ROW2_TOP: f32 = PALETTE_TOP + 30.0;
/// Glyph height of the status line, pixels: 66 characters across, room for a long brush and
/// the problem counts.
const STATUS_SIZE: f32 = 12.0;
/// Top of the status line, pixels.
pub const STATUS_TOP: f32 = PLAYFIELD_HEIGHT - STATUS_SIZE - 6.0;
/// Top of the problems' box, pixels: above the palette.
const PROBLEMS_TOP: f32 = 462.0;

/// What a click on the palette does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PaletteItem {
    /// Picks this brick kind.
    Kind(BrickKind),
    /// One hit fewer.
    HitsDown,
    /// One hit more.
    HitsUp,
    /// The previous power-up.
    PowerUpPrev,
    /// The next power-up.
    PowerUpNext,
    /// Switches between pencil and rectangle.
    Tool,
}

/// The palette's clickable items and their rectangles (x, y, w, h): the 16 brick kinds of
/// [`BrickKind::ALL`] across, then hits −/+, power-up ◀/▶ and the tool below.
pub fn palette() -> Vec<(PaletteItem, [f32; 4])> {
    let n = BrickKind::ALL.len() as f32;
    let width = n * SWATCH[0] + (n - 1.0) * SWATCH_GAP;
    let left = (PLAYFIELD_WIDTH - width) / 2.0;
    let mut out: Vec<(PaletteItem, [f32; 4])> = BrickKind::ALL
        .iter()
        .enumerate()
        .map(|(i, &kind)| {
            let x = left + i as f32 * (SWATCH[0] + SWATCH_GAP);
            (
                PaletteItem::Kind(kind),
                [x, PALETTE_TOP, SWATCH[0], SWATCH[1]],
            )
        })
        .collect();
    let button = |x: f32| [x, ROW2_TOP, SIZE + 4.0, SIZE + 4.0];
    out.push((PaletteItem::HitsDown, button(left + 80.0)));
    out.push((PaletteItem::HitsUp, button(left + 128.0)));
    out.push((PaletteItem::PowerUpPrev, button(left + 300.0)));
    out.push((PaletteItem::PowerUpNext, button(left + 404.0)));
    out.push((
        PaletteItem::Tool,
        [PLAYFIELD_WIDTH - left - 112.0, ROW2_TOP, 112.0, SIZE + 4.0],
    ));
    out
}

/// Where the power-up's capsule is shown in the palette (x, y, w, h).
fn powerup_capsule_rect() -> [f32; 4] {
    let left = palette()
        .iter()
        .find(|(i, _)| *i == PaletteItem::PowerUpPrev)
        .map_or(0.0, |(_, r)| r[0] + r[2] + 10.0);
    [left, ROW2_TOP, 52.0, SIZE + 4.0]
}

/// The palette item at `point` (playfield pixels), if any.
pub fn palette_at(point: glam::Vec2) -> Option<PaletteItem> {
    palette().into_iter().find_map(|(item, [x, y, w, h])| {
        (point.x >= x && point.x < x + w && point.y >= y && point.y < y + h).then_some(item)
    })
}

/// A box over the editor.
#[derive(Clone, Debug, PartialEq)]
pub enum Overlay {
    /// Nothing over the grid.
    None,
    /// The keys, one `(keys, what they do)` per line.
    Help(Vec<(&'static str, &'static str)>),
    /// The level's properties: one `(label, value, selected, being typed)` per line, and a
    /// hint line.
    Properties(Vec<(String, String, bool, bool)>, &'static str),
    /// Leaving with unsaved changes: the question.
    AskQuit,
}

/// Everything the editor's screen shows.
pub struct EditorView<'a> {
    /// The model.
    pub editor: &'a Editor,
    /// The level's bricks laid out as in play (its geometry: cell rectangles).
    pub field: &'a BrickField,
    /// The cell under the pointer.
    pub hover: Option<Cell>,
    /// A passing message (saved, an error) and whether it is an error.
    pub message: Option<(&'a str, bool)>,
    /// A box over the editor.
    pub overlay: &'a Overlay,
}

/// Appends the editor's sprites to `batch`: bricks to the backdrop (cached while they do not
/// change), the rest to the world and text layers.
pub fn draw(batch: &mut SpriteBatch, view: &EditorView) {
    super::scene::background(&mut batch.backdrop);
    all_bricks(&mut batch.backdrop, view.field, UNSEEN_DIM);
    let out = &mut batch.world;
    grid_lines(out, view.field);
    unseen_letters(&mut batch.text, view);
    for problem in view.editor.last_problems() {
        if let Some(cell) = problem.cell {
            let color = match problem.severity {
                Severity::Error => ERROR_COLOR,
                Severity::Warning => WARNING_COLOR,
            };
            marker(out, view.field, cell, color);
        }
    }
    if let Some(cell) = view.hover {
        outline(out, rect(view.field, cell), 1.0, [1.0, 1.0, 1.0, 0.6]);
    }
    outline(out, rect(view.field, view.editor.cursor), 2.0, CURSOR_COLOR);
    problems_box(&mut batch.text, view);
    palette_sprites(&mut batch.text, view.editor);
    status_line(&mut batch.text, view);
    overlay(&mut batch.text, view.overlay);
}

/// The rectangle (x, y, w, h) of `cell`.
fn rect(field: &BrickField, (row, col): Cell) -> [f32; 4] {
    let r = field.cell_rect(row, col);
    [r.min.x, r.min.y, r.size().x, r.size().y]
}

/// One-pixel lines between the cells and around the grid.
fn grid_lines(out: &mut Vec<SpriteInstance>, field: &BrickField) {
    let area = field.area();
    let cell = field.cell_size();
    let (w, h) = (area.size().x, area.size().y);
    for c in 0..=field.cols() {
        let x = area.min.x + c as f32 * cell.x;
        panel(out, [x - 0.5, area.min.y, 1.0, h], GRID_LINE);
    }
    for r in 0..=field.rows() {
        let y = area.min.y + r as f32 * cell.y;
        panel(out, [area.min.x, y - 0.5, w, 1.0], GRID_LINE);
    }
}

/// A rectangle's outline, `width` pixels inside it.
fn outline(out: &mut Vec<SpriteInstance>, [x, y, w, h]: [f32; 4], width: f32, color: [f32; 4]) {
    panel(out, [x, y, w, width], color);
    panel(out, [x, y + h - width, w, width], color);
    panel(out, [x, y, width, h], color);
    panel(out, [x + w - width, y, width, h], color);
}

/// A problem's mark on its brick: a thick outline and a "!" in a corner.
fn marker(out: &mut Vec<SpriteInstance>, field: &BrickField, cell: Cell, color: [f32; 4]) {
    let r = rect(field, cell);
    outline(out, r, 3.0, color);
    let size = (r[3] * 0.6).clamp(8.0, 16.0);
    panel(out, [r[0] + 3.0, r[1] + 3.0, size, size], color);
    layout(out, "!", r[0] + 3.0, r[1] + 3.0, size, [0.0, 0.0, 0.0, 1.0]);
}

/// Its letter on each brick its row does not draw ([`crate::level::BrickKindDef::visible`]:
/// invisible and hidden bricks, drawn dim here), which look alike otherwise.
fn unseen_letters(out: &mut Vec<SpriteInstance>, view: &EditorView) {
    let level = view.editor.level();
    for row in 0..level.rows {
        for col in 0..level.cols {
            let Some(kind) = level.get(row, col).filter(|k| !k.def().visible) else {
                continue;
            };
            let letter = kind.symbol().to_string();
            let [x, y, w, h] = rect(view.field, (row, col));
            let size = (h * 0.5).clamp(8.0, 16.0);
            layout_centered(out, &letter, x + w / 2.0, y + (h - size) / 2.0, size, WHITE);
        }
    }
}

/// The problem at the cursor (or the first ones) over the space under the grid.
fn problems_box(out: &mut Vec<SpriteInstance>, view: &EditorView) {
    let problems = view.editor.last_problems();
    if problems.is_empty() {
        return;
    }
    let focus = [Some(view.editor.cursor), view.hover];
    let mut shown: Vec<_> = problems
        .iter()
        .filter(|p| p.cell.is_some() && focus.contains(&p.cell))
        .collect();
    if shown.is_empty() {
        shown = problems.iter().collect();
    }
    let max_chars = chars_in(PLAYFIELD_WIDTH - 16.0, SMALL);
    let mut lines: Vec<(String, [f32; 4])> = Vec::new();
    for p in &shown {
        let (tag, color) = match p.severity {
            Severity::Error => ("ERROR", ERROR_COLOR),
            Severity::Warning => ("WARNING", WARNING_COLOR),
        };
        let at = p.cell.map_or(String::new(), |(r, c)| {
            format!(" col {} row {}", c + 1, r + 1)
        });
        for line in wrap(&format!("{tag}{at}: {}", p.message), max_chars, 2) {
            if lines.len() < 4 {
                lines.push((line, color));
            }
        }
    }
    let top = PROBLEMS_TOP - (lines.len() as f32 - 1.0) * SMALL_LINE;
    panel(
        out,
        [0.0, top - 4.0, PLAYFIELD_WIDTH, PALETTE_TOP - top],
        [0.0, 0.0, 0.05, 0.6],
    );
    for (i, (line, color)) in lines.iter().enumerate() {
        layout(out, line, 8.0, top + i as f32 * SMALL_LINE, SMALL, *color);
    }
    let hidden = problems.len().saturating_sub(shown.len().min(2));
    if hidden > 0 && shown.len() == problems.len() {
        let more = format!("+{hidden} more");
        let x = PLAYFIELD_WIDTH - 8.0 - text_width(&more, SMALL);
        layout(out, &more, x, PALETTE_TOP - 12.0, SMALL, DIM);
    }
}

/// The palette: every brick kind as it looks (selected one outlined), hits, power-up, tool.
fn palette_sprites(out: &mut Vec<SpriteInstance>, editor: &Editor) {
    let brush = editor.brush;
    panel(
        out,
        [
            0.0,
            PALETTE_TOP - 4.0,
            PLAYFIELD_WIDTH,
            PLAYFIELD_HEIGHT - PALETTE_TOP + 4.0,
        ],
        SHADE,
    );
    for (item, r) in palette() {
        match item {
            PaletteItem::Kind(kind) => {
                let color = crate::level::brick_color(kind, None);
                let body = super::bricks::look(kind).body;
                out.push(SpriteInstance::new(body, r, color));
                let label = kind.symbol().to_string();
                layout_centered(out, &label, r[0] + r[2] / 2.0, r[1] + 3.0, SIZE, WHITE);
                if kind == brush.kind {
                    outline(
                        out,
                        [r[0] - 3.0, r[1] - 3.0, r[2] + 6.0, r[3] + 6.0],
                        2.0,
                        HIGHLIGHT,
                    );
                }
            }
            PaletteItem::HitsDown
            | PaletteItem::HitsUp
            | PaletteItem::PowerUpPrev
            | PaletteItem::PowerUpNext => {
                panel(out, r, [0.25, 0.27, 0.35, 1.0]);
                let sign = match item {
                    PaletteItem::HitsDown => "-",
                    PaletteItem::HitsUp => "+",
                    PaletteItem::PowerUpPrev => "<",
                    _ => ">",
                };
                layout(out, sign, r[0] + 2.0, r[1] + 2.0, SIZE, WHITE);
            }
            PaletteItem::Tool => {
                panel(out, r, [0.25, 0.27, 0.35, 1.0]);
                let tool = match editor.tool {
                    Tool::Pencil => "PENCIL",
                    Tool::Rectangle => "RECT",
                };
                layout_centered(out, tool, r[0] + r[2] / 2.0, r[1] + 2.0, SIZE, HIGHLIGHT);
            }
        }
    }
    let hits_down = palette()[BrickKind::ALL.len()].1;
    layout(out, "HITS", hits_down[0] - 72.0, ROW2_TOP + 2.0, SIZE, DIM);
    let hits = if brush.kind.is_destructible() {
        brush.hits.to_string()
    } else {
        "-".to_string()
    };
    layout(out, &hits, hits_down[0] + 28.0, ROW2_TOP + 2.0, SIZE, WHITE);
    let prev = palette()[BrickKind::ALL.len() + 2].1;
    layout(out, "POWER", prev[0] - 88.0, ROW2_TOP + 2.0, SIZE, DIM);
    let capsule = powerup_capsule_rect();
    match brush.powerup {
        Some(kind) => {
            out.push(super::powerups::sprite(kind, capsule, 1.0));
            let name = ellipsize(kind.name(), 12);
            let next = palette()[BrickKind::ALL.len() + 3].1;
            layout(
                out,
                &name,
                next[0] + next[2] + 8.0,
                ROW2_TOP + 2.0,
                SIZE,
                WHITE,
            );
        }
        None => layout(out, "none", capsule[0] + 2.0, ROW2_TOP + 2.0, SIZE, DIM),
    }
}

/// The status line: level name, brush, cursor cell, saved or modified, problems, help key.
fn status_line(out: &mut Vec<SpriteInstance>, view: &EditorView) {
    let editor = view.editor;
    if let Some((message, error)) = view.message {
        let color = if error { ERROR_COLOR } else { HIGHLIGHT };
        let max = chars_in(PLAYFIELD_WIDTH - 16.0, STATUS_SIZE);
        layout(
            out,
            &ellipsize(message, max),
            8.0,
            STATUS_TOP,
            STATUS_SIZE,
            color,
        );
        return;
    }
    let (row, col) = view.hover.unwrap_or(editor.cursor);
    let state = if editor.is_modified() {
        "MODIFIED"
    } else {
        "saved"
    };
    let problems = editor.last_problems();
    let errors = problems
        .iter()
        .filter(|p| p.severity == Severity::Error)
        .count();
    let warnings = problems.len() - errors;
    let name = ellipsize(editor.level().display_name(), 16);
    let left = format!(
        "{name}  {}  col {} row {}  {state}",
        editor.brush.token(),
        col + 1,
        row + 1
    );
    layout(out, &left, 8.0, STATUS_TOP, STATUS_SIZE, WHITE);
    let count = |n: usize, what: &str| match n {
        0 => None,
        1 => Some(format!("1 {what}")),
        n => Some(format!("{n} {what}s")),
    };
    let counts: Vec<String> = [count(errors, "error"), count(warnings, "warning")]
        .into_iter()
        .flatten()
        .collect();
    let right = if counts.is_empty() {
        "ok  F1 help".to_string()
    } else {
        format!("{}  F1 help", counts.join(" "))
    };
    let color = if errors > 0 {
        ERROR_COLOR
    } else if warnings > 0 {
        WARNING_COLOR
    } else {
        DIM
    };
    let x = PLAYFIELD_WIDTH - 8.0 - text_width(&right, STATUS_SIZE);
    layout(out, &right, x, STATUS_TOP, STATUS_SIZE, color);
}

/// A dark box at `rect` (x, y, w, h) with `title` centred at its top in glyphs `size` high.
fn titled_box(out: &mut Vec<SpriteInstance>, rect: [f32; 4], title: &str, size: f32) {
    panel(out, rect, [0.0, 0.0, 0.05, 0.93]);
    let centre = rect[0] + rect[2] / 2.0;
    layout_centered(out, title, centre, rect[1] + 12.0, size, HIGHLIGHT);
}

/// The box over the editor, if any.
fn overlay(out: &mut Vec<SpriteInstance>, overlay: &Overlay) {
    match overlay {
        Overlay::None => {}
        Overlay::Help(lines) => {
            let line_h = 13.0;
            let height = 48.0 + lines.len() as f32 * line_h;
            let top = ((PLAYFIELD_HEIGHT - height) / 2.0).max(0.0);
            titled_box(
                out,
                [40.0, top, PLAYFIELD_WIDTH - 80.0, height],
                "LEVEL EDITOR KEYS",
                SIZE,
            );
            for (i, (keys, what)) in lines.iter().enumerate() {
                let y = top + 38.0 + i as f32 * line_h;
                layout(out, keys, 56.0, y, SMALL + 2.0, HIGHLIGHT);
                layout(out, what, 300.0, y, SMALL + 2.0, WHITE);
            }
        }
        Overlay::Properties(rows, hint) => {
            let top = 120.0;
            let height = 70.0 + rows.len() as f32 * 24.0;
            titled_box(
                out,
                [60.0, top, PLAYFIELD_WIDTH - 120.0, height],
                "LEVEL PROPERTIES",
                SIZE,
            );
            for (i, (label, value, selected, typing)) in rows.iter().enumerate() {
                let y = top + 40.0 + i as f32 * 24.0;
                let color = if *selected { HIGHLIGHT } else { DIM };
                if *selected {
                    panel(
                        out,
                        [70.0, y - 4.0, PLAYFIELD_WIDTH - 140.0, 24.0],
                        [0.2, 0.22, 0.3, 0.9],
                    );
                }
                layout(out, label, 80.0, y, SIZE, color);
                let shown = if *typing {
                    format!("{value}_")
                } else {
                    value.clone()
                };
                layout(out, &ellipsize(&shown, 26), 300.0, y, SIZE, WHITE);
            }
            let y = top + height - 22.0;
            layout_centered(out, hint, PLAYFIELD_WIDTH / 2.0, y, SMALL + 2.0, DIM);
        }
        Overlay::AskQuit => {
            let top = 230.0;
            titled_box(
                out,
                [60.0, top, PLAYFIELD_WIDTH - 120.0, 110.0],
                "UNSAVED CHANGES",
                24.0,
            );
            layout_centered(
                out,
                "S save and leave   D leave without saving   Esc keep editing",
                PLAYFIELD_WIDTH / 2.0,
                top + 70.0,
                SMALL + 2.0,
                WHITE,
            );
        }
    }
}
