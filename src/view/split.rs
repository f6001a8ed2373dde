//! The fork's split explained, laid out (no GL): the panel the replay screen shows when N lands
//! on a split ([`panel`]): every copy's contact at the split step, computed by the probe
//! ([`crate::probe::split::explain`]), beside the exact referee's, with the differences; each
//! row in its mode's colour ([`super::fork::mode_color`]), the rows of the copies that went
//! another way marked `>`, the rows of copies that had parted before dimmed; placed by
//! [`dodge`] where it covers no ball.
//!
//! Coordinates are playfield pixels (origin top-left, y down); normals are unit vectors,
//! depths and the differences of times of impact pixels, velocities pixels per second.

pub use super::dodge::{box_distance, dodge, BALL_MARGIN};
use super::fork::mode_color;
use super::sprite::SpriteInstance;
use super::text::{layout, panel as fill, text_width};
use super::timeline::{self, STRIP_TOP};
use crate::playfield::PLAYFIELD_WIDTH;
use crate::probe::split::{SplitExplained, SplitRow};
use crate::probe::{Answer, Errors};
use glam::{DVec2, Vec2};

/// Text size of the panel's lines, pixels.
pub const PANEL_SIZE: f32 = 10.0;
/// Distance between the panel's lines, pixels.
pub const PANEL_LINE: f32 = 12.0;
/// Space round the panel's text inside its box, pixels.
const PAD: f32 = 4.0;
/// The panel's box ends this far above the replay's timeline strip, pixels.
const STRIP_GAP: f32 = 6.0;
/// Top of the panel when it goes up (the ball low): under the HUD's line, pixels.
const TOP_Y: f32 = 30.0;

const TITLE: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.82];

/// A signed number with `places` decimals, or `-` for none.
fn num(v: Option<f64>, places: usize, signed: bool) -> String {
    match v {
        Some(v) if signed => format!("{v:+.places$}"),
        Some(v) => format!("{v:.places$}"),
        None => "-".to_string(),
    }
}

/// A vector as `(+0.71,-0.71)` with `places` decimals, or `-`.
fn vector(v: Option<DVec2>, places: usize) -> String {
    v.map_or("-".to_string(), |v| {
        format!("({:+.places$},{:+.places$})", v.x, v.y)
    })
}

/// The columns' heading, aligned as [`row_text`] aligns the rows.
pub fn heading() -> String {
    format!(
        "  {:<20} {:<4} {:<15} {:>7} {:>5} {:>7} {:>5} {:>7}  {}",
        "model", "hit", "normal", "off deg", "depth", "off px", "toi", "off px", "out px/s"
    )
}

/// One row's text: the mark (`>` went another way), the name, hit (`HIT`, `miss`, `TUNL`
/// for a tunnelled miss), the normal, its angle off the referee's (degrees), the depth and
/// its difference (pixels), the time of impact (fraction of the step) and its difference
/// (pixels along the motion), the outgoing velocity (pixels per second).
pub fn row_text(mark: bool, name: &str, answer: &Answer, errors: &Errors, out: DVec2) -> String {
    let hit = match (answer.hit, errors.tunnelled) {
        (true, _) => "HIT",
        (false, true) => "TUNL",
        (false, false) => "miss",
    };
    format!(
        "{}{:<20} {:<4} {:<15} {:>7} {:>5} {:>7} {:>5} {:>7}  {}",
        if mark { "> " } else { "  " },
        name,
        hit,
        vector(answer.normal, 2),
        num(errors.normal_deg, 1, false),
        num(answer.depth, 2, false),
        num(errors.depth_px, 2, true),
        num(answer.toi, 2, false),
        num(errors.toi_px, 2, true),
        vector(Some(out), 0),
    )
}

/// The panel's lines: text and colour, in order.
pub fn lines(why: &SplitExplained, open_key: &str) -> Vec<(String, [f32; 4])> {
    let p = &why.probe;
    let b = why.brick;
    let mut lines = vec![
        (
            format!(
                "WHY at step {} ({}): each copy's contact in that step, beside the exact one",
                why.step,
                timeline::clock(why.step)
            ),
            TITLE,
        ),
        (
            format!(
                "ball ({:.2}, {:.2}) moving ({:+.3}, {:+.3}) px/step; brick ({:.1}, {:.1})-({:.1}, {:.1})",
                p.ball.x, p.ball.y, p.motion.x, p.motion.y, b.min.x, b.min.y, b.max.x, b.max.y
            ),
            DIM,
        ),
        (heading(), DIM),
        (
            row_text(
                false,
                "exact referee",
                &why.referee,
                &Errors::default(),
                why.referee_outgoing,
            ),
            WHITE,
        ),
    ];
    for row in &why.rows {
        lines.push(row_line(row));
    }
    let others = match why.other_bricks {
        0 => String::new(),
        n => format!("; {n} other brick(s) near"),
    };
    lines.push((
        format!("> went another way; dim: parted before{others}; {open_key}: open in the lab"),
        DIM,
    ));
    lines
}

fn row_line(row: &SplitRow) -> (String, [f32; 4]) {
    let text = row_text(
        row.parted,
        row.mode.name(),
        &row.answer,
        &row.errors,
        row.outgoing,
    );
    let [r, g, b, _] = mode_color(row.mode);
    let alpha = if row.there { 1.0 } else { 0.45 };
    (text, [r, g, b, alpha])
}

/// The panel's size (width, height), pixels, for `lines`.
fn size_of(lines: &[(String, [f32; 4])]) -> [f32; 2] {
    let widest = lines
        .iter()
        .map(|(t, _)| text_width(t, PANEL_SIZE))
        .fold(0.0, f32::max);
    [
        widest + 2.0 * PAD,
        PANEL_LINE * lines.len() as f32 + 2.0 * PAD,
    ]
}

/// Where the panel goes: centred above the timeline strip, or under the HUD when that would
/// cover a ball of `balls` (centre, radius); pixels (x, y, width, height).
pub fn place(lines: &[(String, [f32; 4])], balls: &[(Vec2, f32)]) -> [f32; 4] {
    let size = size_of(lines);
    let x = ((PLAYFIELD_WIDTH - size[0]) / 2.0).max(0.0);
    let low = [x, STRIP_TOP - STRIP_GAP - size[1]];
    let high = [x, TOP_Y];
    dodge(size, &[low, high], balls, balls)
}

/// The panel for `why` onto `out` (the text batch), clear of `balls` (centre, radius);
/// `open_key` names the key that opens the situation in the lab. Returns its box.
pub fn panel(
    out: &mut Vec<SpriteInstance>,
    why: &SplitExplained,
    balls: &[(Vec2, f32)],
    open_key: &str,
) -> [f32; 4] {
    let lines = lines(why, open_key);
    let rect = place(&lines, balls);
    fill(out, rect, SHADE);
    for (i, (text, color)) in lines.iter().enumerate() {
        let y = rect[1] + PAD + PANEL_LINE * i as f32;
        layout(out, text, rect[0] + PAD, y, PANEL_SIZE, *color);
    }
    rect
}

/// Text size of [`message`], pixels.
const MESSAGE_SIZE: f32 = 12.0;

/// A one-line message in a box (N's "no further split…"), centred near the top of the
/// playfield, or above the timeline strip when that would cover a ball of `balls`, onto `out`
/// (the text batch). Returns its box.
pub fn message(out: &mut Vec<SpriteInstance>, text: &str, balls: &[(Vec2, f32)]) -> [f32; 4] {
    let size = [
        text_width(text, MESSAGE_SIZE) + 4.0 * PAD,
        MESSAGE_SIZE + 2.0 * PAD,
    ];
    let x = ((PLAYFIELD_WIDTH - size[0]) / 2.0).max(0.0);
    let candidates = [[x, TOP_Y], [x, STRIP_TOP - STRIP_GAP - size[1]]];
    let rect = dodge(size, &candidates, balls, balls);
    fill(out, rect, SHADE);
    layout(
        out,
        text,
        rect[0] + 2.0 * PAD,
        rect[1] + PAD,
        MESSAGE_SIZE,
        TITLE,
    );
    rect
}

#[cfg(test)]
#[path = "split_tests.rs"]
mod tests;
