//! The collision lab's probe, laid out: the bricks, the ball and its arrow, the referee's exact
//! answer drawn on the brick, and the table of rows (one per mode and brick, then the
//! referee's) with every disagreement in red and by how much. No GL; the scene is
//! `app::scenes::lab`, the model [`crate::probe`].
//!
//! Drawn on the playfield (above [`TABLE_TOP`]): the brick(s); the ball at the start of the
//! step (dim) and at the arrow's end (where the discrete modes test it); the arrow, dotted; the
//! referee's closest point (a green square) and contact normal (a green line); the ball at the
//! referee's time of impact (a green ring); and each disagreeing mode's contact normal in red
//! from its own contact point.

use super::camera::clipped;
use super::debug_overlay::dotted;
use super::lab_zoom::LabZoom;
use super::sprite::{Layer, SpriteInstance};
use super::text::{chars_in, ellipsize, layout, panel, text_width};
use super::SpriteBatch;
use crate::collision::{CollisionMode, Resolution};
use crate::probe::presets::{presets, Preset};
use crate::probe::{
    Answer, BrickAnswers, ModeRow, Probe, DEPTH_TOLERANCE_PX, INSIDE_NOTE, NORMAL_TOLERANCE_DEG,
    STEP_SECONDS, TOI_TOLERANCE_PX,
};
use glam::{DVec2, Vec2};

pub use super::lab_zoom::{PICTURE_AREA, TABLE_TOP};

/// Height of one row of the table, pixels, while the rows fit above the status line (more
/// rows: [`row_height`]).
pub const ROW_HEIGHT: f32 = 15.0;
/// Text size of the table, pixels (7.8 px per character: 100 characters fit in 780 px), while
/// its rows and lines fit (more, or longer: smaller, [`table_text_size`]).
pub const TABLE_SIZE: f32 = 13.0;
/// Width of the table's mode column, characters, at least (the longest shown name's, if
/// longer).
const NAME_COLUMN: usize = 8;
/// Text size of the presets, notes, status and key lines, pixels.
pub const SMALL_SIZE: f32 = 12.0;
/// The key help line's top, pixels.
pub const HELP_TOP: f32 = 580.0;
/// The status line's top (what was saved where), pixels.
pub const STATUS_TOP: f32 = 562.0;
/// Left margin, pixels.
const LEFT: f32 = 10.0;

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const GREY: [f32; 4] = [0.65, 0.65, 0.7, 1.0];
/// A row that disagrees with the referee.
pub const RED: [f32; 4] = [1.0, 0.25, 0.2, 1.0];
const YELLOW: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
/// The referee's colour, on the brick and in its row.
pub const EXACT: [f32; 4] = [0.3, 1.0, 0.45, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.8];
const BRICK: [f32; 4] = [0.45, 0.6, 1.0, 1.0];
const ARROW: [f32; 4] = [1.0, 0.9, 0.5, 1.0];

/// The key help line.
pub const KEYS: &str =
    "LMB drag ball  RMB drag arrow  WHEEL brick size  Z zoom  1-5 presets  S save case  L open saved  ESC back";

/// The screen's title.
const TITLE: &str = "COLLISION LAB: THE PROBE";
/// Top of the title's line, playfield pixels.
const TITLE_TOP: f32 = 8.0;
/// Text size of the title, pixels.
const TITLE_SIZE: f32 = 16.0;

/// The chosen preset's note (play-test H13: it was cut off with "…" beside the presets'
/// list): on the title's line, right of the title, whole (every preset's fits: a test), cut
/// with `…` only if a preset's text ever grows past the room.
pub fn preset_note(preset: &Preset) -> String {
    let room = crate::playfield::PLAYFIELD_WIDTH - 2.0 * LEFT - text_width(TITLE, TITLE_SIZE);
    let chars = chars_in(room, SMALL_SIZE).saturating_sub(3);
    ellipsize(&format!("{}: {}", preset.name, preset.what), chars)
}

/// What the screen shows beyond the probe: the zoom, the preset last chosen and the status
/// line.
#[derive(Clone, Debug)]
pub struct LabView<'a> {
    /// The picture's zoom: its factor and the point it is about ([`LabZoom`]).
    pub zoom: LabZoom,
    /// The preset last chosen (none once the probe was moved).
    pub preset: Option<&'a Preset>,
    /// The status line: where a case was saved, or why not.
    pub status: Option<&'a str>,
    /// The modes whose rows the table shows (`--modes`), in [`CollisionMode::ALL`]'s order.
    pub modes: &'a [CollisionMode],
}

/// One line of the table: its text, its colour and, for a mode's row, the mode (whose colour
/// the swatch before its name shows).
pub type TableLine = (String, [f32; 4], Option<CollisionMode>);

/// Height of one row of the table when it has `lines` lines (rows and notes), pixels: at most
/// [`ROW_HEIGHT`], less when that many would not fit between [`TABLE_TOP`] and [`STATUS_TOP`].
pub fn row_height(lines: usize) -> f32 {
    let room = STATUS_TOP - TABLE_TOP - 4.0;
    ROW_HEIGHT.min(room / lines.max(1) as f32)
}

/// The table's text size for `lines` lines, the longest `longest` characters: at most
/// [`TABLE_SIZE`], less when the rows are lower ([`row_height`]) or the longest line would
/// not fit the playfield's width.
pub fn table_text_size(lines: usize, longest: usize) -> f32 {
    let by_height = TABLE_SIZE * row_height(lines) / ROW_HEIGHT;
    let width = crate::playfield::PLAYFIELD_WIDTH - 2.0 * LEFT;
    let by_width = width / (longest.max(1) as f32 * text_width("x", 1.0));
    by_height.min(by_width)
}

/// The width of the mode column for `modes`, characters.
fn name_column(modes: &[CollisionMode]) -> usize {
    modes
        .iter()
        .map(|m| m.name().chars().count())
        .chain(["referee".len()])
        .fold(NAME_COLUMN, usize::max)
}

/// The table's header, its columns as wide as [`answer_columns`]'s, the mode column `name`
/// characters wide.
pub fn header(name: usize) -> String {
    let columns = format!(
        "{:<3} {:<15} {:>7} {:<7} {:<15}",
        "hit", "normal (x, y)", "angle", "depth", "toi (t, px)"
    );
    format!("   {:<name$} {columns} vs referee", "mode")
}

/// An angle in degrees as seen on screen: counter-clockwise from +x with y up (the playfield's
/// y points down), in (-180, 180].
pub fn screen_angle(normal: DVec2) -> f64 {
    // `0.0 - y`, not `-y`: a normal of -x has y = 0, and -0 would read -180°.
    (0.0 - normal.y).atan2(normal.x).to_degrees()
}

/// The columns of one row after its mode's name: hit, normal, angle (degrees), depth (pixels),
/// time of impact (fraction, and pixels along an arrow `motion_length` pixels long).
pub fn answer_columns(answer: &Answer, motion_length: f64) -> String {
    let hit = if answer.hit { "yes" } else { "no" };
    // `+ 0.0` turns -0.0 into 0.0.
    let normal = answer.normal.map_or("-".to_string(), |n| {
        format!("({:6.3},{:6.3})", n.x + 0.0, n.y + 0.0)
    });
    let angle = answer.normal.map_or("-".to_string(), |n| {
        format!("{:6.1}°", screen_angle(n) + 0.0)
    });
    let depth = answer.depth.map_or("-".to_string(), |d| format!("{d:.3}"));
    let toi = answer.toi.map_or("-".to_string(), |t| {
        format!("{t:.4}, {:.1}", t * motion_length)
    });
    format!("{hit:<3} {normal:<15} {angle:>7} {depth:<7} {toi:<15}")
}

/// What a mode's row says of the referee: "agrees", or by how much it differs (red), or that
/// it was not compared (yellow, or grey for `swept` starting in contact).
pub fn verdict(row: &ModeRow, brick: &BrickAnswers, motion_length: f64) -> (String, [f32; 4]) {
    let e = &row.errors;
    if row.mode.is_continuous() && brick.starts_overlapping {
        return ("starts overlapping: no toi".to_string(), GREY);
    }
    let mut parts = Vec::new();
    let exact_at = brick.exact_impact.map_or(0.0, |i| i.toi * motion_length);
    if e.tunnelled {
        parts.push(format!("TUNNELLED: exact hit at {exact_at:.1} px"));
    } else if e.hit_mismatch {
        // `swept` and a game's own model answer along the arrow, the discrete test at its end.
        let along = match row.mode.model().resolution() {
            Resolution::Shared => false,
            Resolution::Continuous | Resolution::Own(_) => true,
        };
        parts.push(match (row.answer.hit, along) {
            (true, false) => format!("hit, exact: {:.3} px apart", brick.signed_distance),
            (false, false) => format!("miss, exact: {:.3} px deep", -brick.signed_distance),
            (true, true) => format!("hit, exact: clear by {:.3} px", brick.closest_approach),
            (false, true) => format!("miss, exact hits at {exact_at:.2} px"),
        });
    }
    if let Some(deg) = e.normal_deg.filter(|&d| d > NORMAL_TOLERANCE_DEG) {
        parts.push(format!("normal {deg:.2}° off"));
    }
    if let Some(px) = e.depth_px.filter(|d| d.abs() > DEPTH_TOLERANCE_PX) {
        parts.push(format!("depth {px:+.3} px"));
    }
    if let Some(px) = e.toi_px.filter(|d| d.abs() > TOI_TOLERANCE_PX) {
        let when = if px > 0.0 { "late" } else { "early" };
        parts.push(format!("toi {:.3} px {when}", px.abs()));
    }
    if !parts.is_empty() {
        return (parts.join(", "), RED);
    }
    if e.not_compared.is_some() {
        return ("inside: not compared *".to_string(), YELLOW);
    }
    ("agrees".to_string(), WHITE)
}

/// The table's lines: the header, then per brick the row of each mode of `modes` and the
/// referee's. With two bricks, each row starts with its brick's letter (A left, B right).
pub fn table_lines(
    probe: &Probe,
    answers: &[BrickAnswers],
    modes: &[CollisionMode],
) -> Vec<TableLine> {
    let length = probe.motion.as_dvec2().length();
    let width = name_column(modes);
    let mut lines = vec![(header(width), GREY, None)];
    for (i, brick) in answers.iter().enumerate() {
        let letter = if answers.len() > 1 {
            char::from(b'A' + i as u8)
        } else {
            ' '
        };
        for row in brick.modes.iter().filter(|r| modes.contains(&r.mode)) {
            let (says, color) = verdict(row, brick, length);
            let columns = answer_columns(&row.answer, length);
            let name = row.mode.name();
            let text = format!("{letter}  {name:<width$} {columns} {says}");
            lines.push((text, color, Some(row.mode)));
        }
        let columns = answer_columns(&brick.referee(), length);
        let referee = format!("{letter}  {:<width$} {columns} exact (f64)", "referee");
        lines.push((referee, EXACT, None));
    }
    lines
}

/// The notes under the table: the sizes and the arrow's speed; the inside rule when a row of
/// `modes` was not compared for it.
pub fn notes(probe: &Probe, answers: &[BrickAnswers], modes: &[CollisionMode]) -> Vec<String> {
    let size = probe.brick_size();
    let length = probe.motion.length();
    let mut notes = vec![
        format!(
            "brick {:.1}x{:.1} px, ball radius {} px, arrow {length:.1} px per step ({:.0} px/s)",
            size.x,
            size.y,
            crate::playfield::BALL_RADIUS,
            length / STEP_SECONDS
        ),
        "discrete modes test the ball at the arrow's end; swept and the exact toi follow the arrow"
            .to_string(),
    ];
    if modes
        .iter()
        .any(|m| matches!(m.model().resolution(), Resolution::Own(_)))
    {
        notes.push(
            "a game's own model plays the whole step over the bricks: hit, first normal, end point"
                .to_string(),
        );
    }
    let inside = answers
        .iter()
        .flat_map(|b| &b.modes)
        .filter(|r| modes.contains(&r.mode))
        .any(|r| r.errors.not_compared.is_some());
    if inside {
        notes.push(format!("* {INSIDE_NOTE}"));
    }
    notes
}

/// A circle outline of radius `r` at `c`, in dots (pixels).
fn ring(out: &mut Vec<SpriteInstance>, c: Vec2, r: f32, color: [f32; 4]) {
    let dots = 40;
    for i in 0..dots {
        let a = i as f32 / dots as f32 * std::f32::consts::TAU;
        let p = c + Vec2::new(a.cos(), a.sin()) * r;
        panel(out, [p.x - 1.0, p.y - 1.0, 2.0, 2.0], color);
    }
}

/// A ball sprite at `c` (pixels) tinted `color`.
fn ball(out: &mut Vec<SpriteInstance>, c: Vec2, r: f32, color: [f32; 4]) {
    out.push(SpriteInstance::new(
        Layer::Ball,
        [c.x - r, c.y - r, 2.0 * r, 2.0 * r],
        color,
    ));
}

/// The probe's picture at `zoom`, cut to [`PICTURE_AREA`]: bricks and balls in the world,
/// lines and markers with the text.
fn picture(
    batch: &mut SpriteBatch,
    probe: &Probe,
    answers: &[BrickAnswers],
    zoom: LabZoom,
    modes: &[CollisionMode],
) {
    let t = |p: Vec2| zoom.to_screen(p);
    let r = crate::playfield::BALL_RADIUS * zoom.factor;
    let mut world = Vec::new();
    let mut out = Vec::new();
    for a in answers {
        let (min, s) = (t(a.brick.min), a.brick.size() * zoom.factor);
        let rect = [min.x, min.y, s.x, s.y];
        world.push(SpriteInstance::new(Layer::Block, rect, BRICK));
    }
    let start = t(probe.ball);
    let tip = t(probe.ball + probe.motion);
    let moving = probe.motion != Vec2::ZERO;
    if moving {
        ball(&mut world, start, r, [0.6, 0.6, 0.6, 0.45]);
    }
    // Half see-through: the brick's edge, the exact point and the normals show through it.
    ball(&mut world, tip, r, [1.0, 1.0, 1.0, 0.5]);
    if moving {
        dotted(&mut out, start, tip, ARROW);
        let back = -probe.motion.normalize_or_zero() * 9.0;
        for side in [1.0f32, -1.0] {
            dotted(&mut out, tip, tip + back + back.perp() * 0.6 * side, ARROW);
        }
    }
    for a in answers {
        if let Some(c) = a.exact_contact {
            let p = t(c.point.as_vec2());
            panel(&mut out, [p.x - 3.0, p.y - 3.0, 6.0, 6.0], EXACT);
            dotted(&mut out, p, p + c.normal.as_vec2() * 30.0, EXACT);
        }
        if let Some(i) = a.exact_impact {
            let c = t(i.center.as_vec2());
            ring(&mut out, c, r, EXACT);
            dotted(&mut out, c, c + i.normal.as_vec2() * 20.0, EXACT);
        }
        let shown = a.modes.iter().filter(|r| modes.contains(&r.mode));
        for row in shown.filter(|r| r.errors.disagrees()) {
            if let (Some(p), Some(n)) = (row.answer.point, row.answer.normal) {
                let p = t(p.as_vec2());
                dotted(&mut out, p, p + n.as_vec2() * 30.0, RED);
            }
        }
    }
    let cut = |s: SpriteInstance| clipped(s, PICTURE_AREA);
    batch.world.extend(world.into_iter().filter_map(cut));
    batch.text.extend(out.into_iter().filter_map(cut));
}

/// Lays the lab out: the probe's picture, the title and presets, the table, the notes, the
/// status and the keys (playfield pixels; no two lines of text overlap at 800×600 and larger).
pub fn lab(batch: &mut SpriteBatch, probe: &Probe, answers: &[BrickAnswers], view: &LabView) {
    super::scene::background(&mut batch.backdrop);
    picture(batch, probe, answers, view.zoom, view.modes);
    let out = &mut batch.text;
    let width = crate::playfield::PLAYFIELD_WIDTH;
    let fits = |size: f32| chars_in(width - 2.0 * LEFT, size);
    layout(out, TITLE, LEFT, TITLE_TOP, TITLE_SIZE, YELLOW);
    let keys: Vec<String> = presets()
        .iter()
        .enumerate()
        .map(|(i, p)| format!("{} {}", i + 1, p.name))
        .collect();
    let preset_line = format!("presets: {}", keys.join("  "));
    layout(out, &preset_line, LEFT, 30.0, SMALL_SIZE, GREY);
    if let Some(p) = view.preset {
        let line = preset_note(p);
        let x = width - LEFT - text_width(&line, SMALL_SIZE);
        layout(out, &line, x, TITLE_TOP + 2.0, SMALL_SIZE, WHITE);
    }
    table(out, probe, answers, view.modes);
    if let Some(status) = view.status {
        let status = ellipsize(status, fits(SMALL_SIZE));
        layout(out, &status, LEFT, STATUS_TOP, SMALL_SIZE, YELLOW);
    }
    layout(out, KEYS, LEFT, HELP_TOP, SMALL_SIZE, WHITE);
}

/// How the table is laid out for a probe: its lines' pitch and text size (see [`row_height`],
/// [`table_text_size`]), pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableMetrics {
    /// Distance between the tops of two lines.
    pub row: f32,
    /// Text size of the rows.
    pub size: f32,
}

/// The table's metrics for `probe`'s `answers` with the rows of `modes`.
pub fn table_metrics(
    probe: &Probe,
    answers: &[BrickAnswers],
    modes: &[CollisionMode],
) -> TableMetrics {
    let lines = table_lines(probe, answers, modes);
    let count = lines.len() + notes(probe, answers, modes).len();
    let longest = lines.iter().map(|l| l.0.chars().count()).max().unwrap_or(1);
    TableMetrics {
        row: row_height(count),
        size: table_text_size(count, longest),
    }
}

/// The colour swatch of the table's row whose top is `y`, text `size` pixels high: a square
/// in the second character's cell (between the brick's letter and the mode's name).
pub fn swatch_rect(y: f32, size: f32) -> [f32; 4] {
    let cell = text_width("x", size);
    let side = (cell * 0.8).min(size * 0.6);
    [
        LEFT + cell * 1.5 - side / 2.0,
        y + (size - side) / 2.0,
        side,
        side,
    ]
}

/// The table of rows and its notes, from [`TABLE_TOP`] down, shrunk to fit above the status
/// line and within the playfield's width (eleven modes and two bricks fit); each mode's row
/// with a swatch of its colour (its row's [`crate::collision::ModeColours::on_dark`]) between
/// the brick's letter and the name.
fn table(
    out: &mut Vec<SpriteInstance>,
    probe: &Probe,
    answers: &[BrickAnswers],
    modes: &[CollisionMode],
) {
    let width = crate::playfield::PLAYFIELD_WIDTH;
    let lines = table_lines(probe, answers, modes);
    let notes = notes(probe, answers, modes);
    let count = lines.len() + notes.len();
    let TableMetrics { row, size } = table_metrics(probe, answers, modes);
    let small = SMALL_SIZE.min(size);
    let bottom = TABLE_TOP + row * count as f32 + 4.0;
    panel(
        out,
        [0.0, TABLE_TOP - 4.0, width, bottom - TABLE_TOP + 4.0],
        SHADE,
    );
    let mut y = TABLE_TOP;
    let mut swatches = Vec::new();
    for (text, color, mode) in &lines {
        layout(out, text, LEFT, y, size, *color);
        if let Some(mode) = mode {
            let [r, g, b] = mode.def().colour.on_dark;
            swatches.push((swatch_rect(y, size), [r, g, b, 1.0]));
        }
        y += row;
    }
    for note in &notes {
        let note = ellipsize(note, chars_in(width - 2.0 * LEFT, small));
        layout(out, &note, LEFT, y + 1.0, small, GREY);
        y += row;
    }
    // After the text: a panel between two glyphs would cut a line in two for the text tests.
    for (rect, color) in swatches {
        panel(out, rect, color);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::text_boxes::assert_no_overlap;

    fn drawn(probe: &Probe, status: Option<&str>, preset: Option<&Preset>) -> SpriteBatch {
        drawn_with(probe, status, preset, &CollisionMode::ALL)
    }

    fn drawn_with(
        probe: &Probe,
        status: Option<&str>,
        preset: Option<&Preset>,
        modes: &[CollisionMode],
    ) -> SpriteBatch {
        let mut batch = SpriteBatch::default();
        let view = LabView {
            zoom: LabZoom::none(),
            preset,
            status,
            modes,
        };
        lab(&mut batch, probe, &probe.answers(), &view);
        batch
    }

    #[test]
    fn no_text_over_text_for_any_preset_with_a_status_line() {
        let status = "saved to ~/.local/share/breakout/probes/a-very-long-name-of-a-case-file-that-goes-on-and-on-1.toml";
        for p in presets() {
            let batch = drawn(&p.probe, Some(status), Some(&p));
            let boxes = assert_no_overlap(p.name, &batch.text);
            // Every line inside the playfield, the table's last above the status line.
            for b in &boxes {
                assert!(b.rect[0] >= 0.0 && b.rect[0] + b.rect[2] <= 800.0, "{b:?}");
                assert!(b.rect[1] + b.rect[3] <= 600.0, "{b:?}");
            }
            let table_bottom = boxes
                .iter()
                .filter(|b| b.rect[1] >= TABLE_TOP && b.rect[1] < STATUS_TOP)
                .map(|b| b.rect[1] + b.rect[3])
                .fold(0.0f32, f32::max);
            assert!(table_bottom <= STATUS_TOP, "{}: {table_bottom}", p.name);
        }
    }

    /// Play-test H13: every preset's note is shown whole, on the title's line, over nothing.
    #[test]
    fn every_presets_note_is_shown_whole() {
        for p in presets() {
            let batch = drawn(&p.probe, None, Some(&p));
            let boxes = assert_no_overlap(p.name, &batch.text);
            let whole = format!("{}: {}", p.name, p.what);
            assert_eq!(preset_note(&p), whole);
            let shown: Vec<String> = boxes.iter().map(|b| b.text.clone()).collect();
            assert!(shown.contains(&whole), "{whole:?} not in {shown:?}");
            let note = boxes.iter().find(|b| b.text == whole).unwrap();
            assert!(
                note.rect[0] + note.rect[2] <= 800.0 - LEFT + 0.01,
                "{note:?}"
            );
            assert!(
                note.rect[1] + note.rect[3] <= PICTURE_AREA[1],
                "above the picture"
            );
        }
    }

    #[test]
    fn every_model_has_a_whole_row_on_both_bricks_in_its_colour() {
        let mut gap = presets()[4].probe;
        assert!(gap.gap.is_some(), "the gap preset has two bricks");
        // A long arrow too: the longest verdicts (tunnelled, normals off).
        for motion in [gap.motion, Vec2::new(300.0, 200.0)] {
            gap.motion = motion;
            let batch = drawn(&gap, Some("saved"), None);
            let boxes = assert_no_overlap("eleven models, two bricks", &batch.text);
            for mode in CollisionMode::ALL {
                let rows: Vec<_> = boxes
                    .iter()
                    .filter(|b| b.text.split_whitespace().nth(1) == Some(mode.name()))
                    .collect();
                assert_eq!(rows.len(), 2, "{mode}: one row per brick: {boxes:#?}");
                for b in rows {
                    assert!(!b.text.contains('…'), "cut: {}", b.text);
                    assert!(b.rect[0] >= 0.0 && b.rect[0] + b.rect[2] <= 800.0, "{b:?}");
                    assert!(b.rect[1] + b.rect[3] <= STATUS_TOP, "{b:?}");
                    // The swatch left of the name, in the mode's colour.
                    let [r, g, bl] = mode.def().colour.on_dark;
                    let swatch = batch.text.iter().find(|s| {
                        s.i_color == [r, g, bl, 1.0]
                            && s.i_rect[0] < b.rect[0] + b.rect[2]
                            && (s.i_rect[1] - b.rect[1]).abs() < b.rect[3]
                    });
                    assert!(swatch.is_some(), "{mode}: no swatch by {}", b.text);
                }
            }
            for b in &boxes {
                assert!(!b.text.contains('…'), "cut: {}", b.text);
            }
        }
    }

    #[test]
    fn the_table_shows_only_the_chosen_models() {
        let corner = presets()[0];
        let chosen = [
            CollisionMode::Clamp,
            CollisionMode::ALL[CollisionMode::ALL.len() - 1],
        ];
        let lines = table_lines(&corner.probe, &corner.probe.answers(), &chosen);
        let shown: Vec<_> = lines.iter().filter_map(|l| l.2).collect();
        assert_eq!(shown, chosen);
        let batch = drawn_with(&corner.probe, None, None, &chosen);
        let boxes = assert_no_overlap("two models", &batch.text);
        let aabb = boxes
            .iter()
            .any(|b| b.text.split_whitespace().nth(1) == Some("aabb"));
        assert!(!aabb, "aabb was not chosen");
    }

    #[test]
    fn a_disagreeing_row_is_red_and_says_by_how_much() {
        let corner = presets()[0];
        let lines = table_lines(&corner.probe, &corner.probe.answers(), &CollisionMode::ALL);
        let aabb = lines.iter().find(|l| l.0.contains(" aabb ")).unwrap();
        assert_eq!(aabb.1, RED, "{}", aabb.0);
        assert!(aabb.0.contains("normal 37.87"), "{}", aabb.0);
        let clamp = lines.iter().find(|l| l.0.contains(" clamp ")).unwrap();
        assert!(clamp.0.ends_with("agrees"), "{}", clamp.0);
        let referee = lines.last().unwrap();
        assert_eq!(referee.1, EXACT);
        // The header's columns line up with the rows'.
        let header = &lines[0].0;
        let column = |line: &str, what: &str| line.find(what).map(|i| line[..i].chars().count());
        assert_eq!(
            column(header, "vs referee"),
            column(&aabb.0, "normal 37.87")
        );
    }

    #[test]
    fn the_exact_closest_point_is_drawn_on_the_brick_corner() {
        let corner = presets()[0];
        let batch = drawn(&corner.probe, None, None);
        let exact = corner.probe.answers()[0]
            .exact_contact
            .unwrap()
            .point
            .as_vec2();
        let marker = batch
            .text
            .iter()
            .find(|s| s.i_color == EXACT && s.i_rect[2] == 6.0)
            .expect("the closest point's marker");
        let centre = Vec2::new(marker.i_rect[0] + 3.0, marker.i_rect[1] + 3.0);
        assert!(centre.distance(exact) < 1e-3, "{centre} vs {exact}");
        assert!(
            centre.distance(Vec2::new(440.0, 156.25)) < 1e-3,
            "the corner"
        );
    }
}
