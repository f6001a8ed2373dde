//! The collision lab's fork drawn (no GL here): a [`Fork`] of one game into every collision
//! mode, as ghosts over the game shown ([`ghosts`], [`broken_marks`], [`legend`]), as ticks on
//! the replay's timeline ([`timeline_marks`]), or as panes side by side ([`split_view`]).
//! Coordinates are playfield pixels (origin top-left, y down). Each mode has one colour
//! everywhere ([`mode_color`]).

use super::scene::{self, HeldPowerUps};
use super::sprite::{Layer, SpriteBatch, SpriteInstance};
use super::text::{chars_in, layout, panel, text_width, wrap};
use super::timeline::{self, BAR_Y, STRIP_TOP};
use crate::collision::CollisionMode;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::fork::{Fork, Split};

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.7];
const ERROR: [f32; 4] = [1.0, 0.4, 0.35, 1.0];

/// The colour of a collision mode's ghost, marks, legend row and pane, linear RGBA: its row's
/// shade for the dark playfield ([`crate::collision::ModeColours::on_dark`]), opaque.
pub fn mode_color(mode: CollisionMode) -> [f32; 4] {
    let [r, g, b] = mode.def().colour.on_dark;
    [r, g, b, 1.0]
}

fn with_alpha([r, g, b, _]: [f32; 4], a: f32) -> [f32; 4] {
    [r, g, b, a]
}

/// Every trail dot is this many steps after the last (1/60 s).
const TRAIL_EVERY: usize = 4;

/// The copies other than the one in mode `own` (drawn solid by the game's own view): each
/// ball as a ghost in its mode's colour at `alpha` ∈ [0, 1] between its last two steps, and its
/// trail of the last quarter second as dots fading with age, onto `out` (the world batch).
pub fn ghosts(out: &mut Vec<SpriteInstance>, fork: &Fork, own: CollisionMode, alpha: f32) {
    for copy in fork.copies().iter().filter(|c| c.mode() != own) {
        let color = mode_color(copy.mode());
        let trail: Vec<&[glam::Vec2]> = copy.trail().collect();
        let n = trail.len();
        for (i, balls) in trail.iter().enumerate().rev().step_by(TRAIL_EVERY).skip(1) {
            let age = (n - 1 - i) as f32 / n.max(1) as f32;
            for p in *balls {
                let r = 2.5;
                out.push(SpriteInstance::new(
                    Layer::Ball,
                    [p.x - r, p.y - r, 2.0 * r, 2.0 * r],
                    with_alpha(color, 0.7 * (1.0 - age)),
                ));
            }
        }
        for ball in copy.game().balls() {
            let p = ball.prev_pos.lerp(ball.pos, alpha);
            let r = ball.radius;
            out.push(SpriteInstance::new(
                Layer::Ball,
                [p.x - r, p.y - r, 2.0 * r, 2.0 * r],
                with_alpha(color, 0.85),
            ));
        }
    }
}

/// Each copy's bricks broken since the fork, outlined in its mode's colour (each copy's
/// outline inset 2 pixels more than the last one's, so several show on one brick), onto `out`.
pub fn broken_marks(out: &mut Vec<SpriteInstance>, fork: &Fork) {
    for (i, copy) in fork.copies().iter().enumerate() {
        let c = mode_color(copy.mode());
        let inset = 1.0 + 2.0 * i as f32;
        for (_, _, rect) in fork.broken(i) {
            let (x, y) = (rect.min.x + inset, rect.min.y + inset);
            let (w, h) = (
                rect.max.x - rect.min.x - 2.0 * inset,
                rect.max.y - rect.min.y - 2.0 * inset,
            );
            if w <= 2.0 || h <= 2.0 {
                continue;
            }
            panel(out, [x, y, w, 1.5], c);
            panel(out, [x, y + h - 1.5, w, 1.5], c);
            panel(out, [x, y, 1.5, h], c);
            panel(out, [x + w - 1.5, y, 1.5, h], c);
        }
    }
}

/// Text size of the split view's header, pixels.
const LEGEND_SIZE: f32 = 12.0;
/// Distance between the split view's header lines, pixels.
const LEGEND_LINE: f32 = 16.0;
/// Top of the legend's room, playfield pixels: under the brick area.
const LEGEND_TOP: f32 = PLAYFIELD_HEIGHT * 0.53;
/// The legend's box ends above this, playfield pixels: clear of the replay's timeline strip
/// and of the HUD line.
const LEGEND_BOTTOM: f32 = STRIP_TOP - 10.0;
/// Text size of the legend's lines, pixels (smaller than the other texts: the legend is
/// compact, so that it fits beside the ball).
const LEGEND_TEXT: f32 = 10.0;
/// Distance between the legend's lines, pixels.
const LEGEND_PITCH: f32 = 13.0;
/// Widest the legend's box may be, pixels: under half the playfield less a ball's diameter,
/// so that a ball never touches both the left and the right place ([`legend`]).
pub const LEGEND_MAX_W: f32 = (PLAYFIELD_WIDTH - 2.0 * LEGEND_MARGIN) / 2.0 - 30.0;
/// Distance of the legend's box from the playfield's left or right edge, pixels.
const LEGEND_MARGIN: f32 = 4.0;
/// The key that hides and shows the legend, as its title names it.
pub const LEGEND_KEY: &str = "G";

/// What the split line says: `split at step N (m:ss): aabb | clamp, zones` or that the copies
/// still play alike.
pub fn split_text(first: Option<&Split>) -> String {
    match first {
        Some(s) => format!(
            "split at step {} ({}): {}",
            s.step,
            timeline::clock(s.step),
            s.groups
        ),
        None => "no split yet: every mode plays alike".to_string(),
    }
}

/// Every ghost's ball (the copies' balls), as (centre, radius) in pixels.
pub fn ghost_balls(fork: &Fork) -> impl Iterator<Item = (glam::Vec2, f32)> + '_ {
    fork.copies()
        .iter()
        .flat_map(|c| c.game().balls().iter().map(|b| (b.pos, b.radius)))
}

/// The legend, onto `out` (the text batch): where the fork was made (and [`LEGEND_KEY`] to hide
/// it), one row per copy (its colour, mode name, `solid` for `own`, score and bricks left), the
/// first split, and `note` in red if given (the replay's DIVERGED line, whose banner the
/// legend takes the place of). It sits under the brick area at the left or the right, at the
/// top or the bottom of the room above the strip, wherever it covers no ball (the copies' and
/// `solid`'s, centre and radius in pixels), else no ball of `solid`: at most
/// [`LEGEND_MAX_W`] wide, it always finds such a place. Returns its box (x, y, width, height).
pub fn legend(
    out: &mut Vec<SpriteInstance>,
    fork: &Fork,
    own: CollisionMode,
    note: Option<&str>,
    solid: &[(glam::Vec2, f32)],
) -> [f32; 4] {
    let title = format!(
        "FORK at step {} ({})  ghosts: other modes  {LEGEND_KEY}: hide",
        fork.start(),
        timeline::clock(fork.start())
    );
    let split = split_text(fork.first_split());
    let split_color = if fork.first_split().is_some() {
        HIGHLIGHT
    } else {
        DIM
    };
    // After the split: the groups now, once they changed again; the replay's note. Each
    // broken at spaces to the legend's width (eleven models' groups are long).
    let now = (fork.splits().len() > 1).then(|| format!("now: {}", fork.groups()));
    let max_chars = chars_in(LEGEND_MAX_W - 8.0, LEGEND_TEXT);
    let tail: Vec<(String, [f32; 4])> = [(Some(split.as_str()), split_color)]
        .into_iter()
        .chain([(now.as_deref(), WHITE), (note, ERROR)])
        .filter_map(|(t, c)| t.map(|t| (t, c)))
        .flat_map(|(t, c)| wrap(t, max_chars, 4).into_iter().map(move |l| (l, c)))
        .collect();
    let title = wrap(&title, max_chars, 2);
    // The names' column: as wide as the longest copy's name, and a space.
    let name_w = fork
        .copies()
        .iter()
        .map(|c| c.mode().name().chars().count())
        .fold(5, usize::max)
        + 1;
    let rows: Vec<(CollisionMode, String)> = fork
        .copies()
        .iter()
        .map(|c| {
            let g = c.game();
            let tag = if c.mode() == own { "solid" } else { "ghost" };
            let text = format!(
                "{:<name_w$}{:<6}SCORE {:06} BRICKS {:>3} LIVES {}",
                c.mode().name(),
                tag,
                g.score(),
                g.bricks().destructible_left(),
                g.lives()
            );
            (c.mode(), text)
        })
        .collect();
    // Lines closer and smaller when they would not fit the room above the strip.
    let lines = title.len() + rows.len() + tail.len();
    let pitch = LEGEND_PITCH.min((LEGEND_BOTTOM - LEGEND_TOP - 8.0) / lines as f32);
    let mut size = LEGEND_TEXT * pitch / LEGEND_PITCH;
    // A row: the swatch (size − 2), a space, the text.
    let widest = |size: f32| {
        rows.iter()
            .map(|(_, t)| size - 2.0 + text_width("m", size) + text_width(t, size))
            .chain(tail.iter().map(|(t, _)| text_width(t, size)))
            .chain(title.iter().map(|t| text_width(t, size)))
            .fold(0.0, f32::max)
    };
    // Every width grows with the size (the swatch's 2 px less, so scaling overshoots not).
    let room = LEGEND_MAX_W - 8.0;
    if widest(size) > room {
        size = (size * room / widest(size)).max(4.0);
    }
    let char_w = text_width("m", size);
    let swatch = size - 2.0;
    let box_size = [widest(size) + 8.0, pitch * lines as f32 + 8.0];
    let right = PLAYFIELD_WIDTH - LEGEND_MARGIN - box_size[0];
    let bottom = LEGEND_BOTTOM - box_size[1];
    let candidates = [
        [LEGEND_MARGIN, LEGEND_TOP - 4.0],
        [right, LEGEND_TOP - 4.0],
        [LEGEND_MARGIN, bottom],
        [right, bottom],
    ];
    let all: Vec<(glam::Vec2, f32)> = ghost_balls(fork).chain(solid.iter().copied()).collect();
    let rect = super::dodge::dodge(box_size, &candidates, &all, solid);
    let (x, y) = (rect[0] + 4.0, rect[1] + 4.0);
    panel(out, rect, SHADE);
    for (i, t) in title.iter().enumerate() {
        layout(out, t, x, y + pitch * i as f32, size, DIM);
    }
    let first_row = title.len();
    let mut swatches = Vec::new();
    for (i, (mode, text)) in rows.iter().enumerate() {
        let row_y = y + pitch * (first_row + i) as f32;
        let color = mode_color(*mode);
        swatches.push(([x, row_y + 1.0, swatch, swatch], color));
        layout(out, text, x + swatch + char_w, row_y, size, color);
    }
    for (i, (text, color)) in tail.iter().enumerate() {
        let line_y = y + pitch * (first_row + rows.len() + i) as f32;
        layout(out, text, x, line_y, size, *color);
    }
    for (rect, color) in swatches {
        panel(out, rect, color);
    }
    rect
}

/// Ticks on the timeline's bar of a replay of `steps` steps, onto `out` (after the strip): a
/// white one where the fork was made and one per split (the first higher), each in the colour
/// of the first mode that went its own way there.
pub fn timeline_marks(out: &mut Vec<SpriteInstance>, fork: &Fork, steps: u64) {
    let x = timeline::knob_x(fork.start(), steps);
    panel(out, [x - 1.0, STRIP_TOP - 5.0, 2.0, 7.0], WHITE);
    for (i, split) in fork.splits().iter().enumerate().rev() {
        let x = timeline::knob_x(split.step, steps);
        let groups = split.groups.modes();
        // The mode whose group is smallest: the one that parted.
        let parted = groups
            .iter()
            .min_by_key(|g| g.len())
            .and_then(|g| g.first().copied())
            .unwrap_or_default();
        let top = if i == 0 {
            STRIP_TOP - 7.0
        } else {
            STRIP_TOP - 3.0
        };
        panel(
            out,
            [x - 1.0, top, 2.0, BAR_Y - top + 4.0],
            mode_color(parted),
        );
    }
}

/// Gap between panes and around them, pixels.
pub const PANE_GAP: f32 = 6.0;
/// Text size of a pane's mode name, pixels.
const PANE_TITLE: f32 = 14.0;
/// Text size of a pane's HUD lines, pixels.
const PANE_TEXT: f32 = 11.0;
/// Distance between a pane's HUD lines, pixels.
const PANE_LINE: f32 = 14.0;
/// Top of the split view's header line, playfield pixels.
const HEADER_Y: f32 = 6.0;

/// Height of a pane's text, pixels: its mode's name above it and its HUD's one line (score,
/// bricks, lives) below.
pub const PANE_TEXT_HEIGHT: f32 = PANE_TITLE + 4.0 + 4.0 + PANE_LINE;

/// The panes of `n` copies (1 to 11, one per model), playfield pixels (x, y, width, height): each the
/// playfield scaled down alike, with room above for its mode's name and below for its HUD's
/// line, side by side in rows of as many panes as give the largest panes (five in a row
/// of 3 and a row of 2, eleven in rows of 4, 4 and 3), centred between the header line and the
/// timeline strip.
pub fn pane_rects(n: usize) -> Vec<[f32; 4]> {
    let n = n.max(1);
    let aspect = PLAYFIELD_HEIGHT / PLAYFIELD_WIDTH;
    // The header's two lines: the fork and its split, and the replay's DIVERGED note.
    let top = HEADER_Y + 2.0 * LEGEND_LINE + 4.0;
    let space = STRIP_TOP - 4.0 - top;
    // A pane's rows of text: its name above, its HUD's line below.
    let text_h = PANE_TEXT_HEIGHT;
    let (cols, w) = (1..=n)
        .map(|cols| {
            let rows = n.div_ceil(cols);
            let by_width = (PLAYFIELD_WIDTH - PANE_GAP * (cols + 1) as f32) / cols as f32;
            let by_height = (space / rows as f32 - text_h - PANE_GAP) / aspect;
            (cols, by_width.min(by_height))
        })
        .fold((1, 0.0), |best, c| if c.1 > best.1 { c } else { best });
    let h = w * aspect;
    let rows = n.div_ceil(cols);
    let row_h = text_h + h + PANE_GAP;
    let y0 = top + ((space - row_h * rows as f32) / 2.0).max(0.0);
    (0..n)
        .map(|i| {
            let (row, col) = (i / cols, i % cols);
            let in_row = (n - row * cols).min(cols);
            let row_w = w * in_row as f32 + PANE_GAP * (in_row - 1) as f32;
            let x0 = (PLAYFIELD_WIDTH - row_w) / 2.0;
            let y = y0 + row_h * row as f32 + PANE_TITLE + 4.0;
            [x0 + (w + PANE_GAP) * col as f32, y, w, h]
        })
        .collect()
}

/// `sprites` moved from the playfield into `pane` (scaled alike both ways).
fn into_pane(sprites: &mut [SpriteInstance], pane: [f32; 4]) {
    let s = pane[2] / PLAYFIELD_WIDTH;
    for sprite in sprites {
        let [x, y, w, h] = sprite.i_rect;
        sprite.i_rect = [pane[0] + x * s, pane[1] + y * s, w * s, h * s];
    }
}

/// The split view into `batch`: a dark field, a header line (where the fork was made and the
/// first split) and under it `note` in red if given (the replay's DIVERGED line), then one pane per copy, side by side: its game drawn small (bricks, paddle,
/// balls at `alpha` between steps), framed in its mode's colour, its mode's name above and its
/// score, bricks left and lives below. `held`: whether bricks show the power-up they hold.
pub fn split_view(
    batch: &mut SpriteBatch,
    fork: &Fork,
    alpha: f32,
    held: HeldPowerUps,
    note: Option<&str>,
) {
    let mut dark = SpriteInstance::new(
        Layer::Solid,
        [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT],
        [0.04, 0.04, 0.07, 1.0],
    );
    dark.i_uv = super::text::solid_uv();
    batch.backdrop.push(dark);
    let header = format!(
        "FORK at step {}   {}",
        fork.start(),
        split_text(fork.first_split())
    );
    let header_size = fit_size(&header, PLAYFIELD_WIDTH - 2.0 * PANE_GAP, LEGEND_SIZE);
    layout(
        &mut batch.text,
        &header,
        PANE_GAP,
        HEADER_Y,
        header_size,
        DIM,
    );
    if let Some(note) = note {
        let y = HEADER_Y + LEGEND_LINE;
        layout(&mut batch.text, note, PANE_GAP, y, LEGEND_SIZE, ERROR);
    }
    let panes = pane_rects(fork.copies().len());
    for (copy, pane) in fork.copies().iter().zip(panes) {
        let game = copy.game();
        let color = mode_color(copy.mode());
        let from = batch.backdrop.len();
        scene::backdrop(&mut batch.backdrop, game, held);
        into_pane(&mut batch.backdrop[from..], pane);
        let from = batch.world.len();
        scene::world(&mut batch.world, game, alpha);
        into_pane(&mut batch.world[from..], pane);
        let [x, y, w, h] = pane;
        for edge in [
            [x - 2.0, y - 2.0, w + 4.0, 2.0],
            [x - 2.0, y + h, w + 4.0, 2.0],
            [x - 2.0, y, 2.0, h],
            [x + w, y, 2.0, h],
        ] {
            panel(&mut batch.text, edge, color);
        }
        let name_size = fit_size(copy.mode().name(), w, PANE_TITLE);
        layout(
            &mut batch.text,
            copy.mode().name(),
            x,
            y - 4.0 - name_size,
            name_size,
            color,
        );
        let line = format!(
            "SCORE {:06}  BRICKS {}  LIVES {}",
            game.score(),
            game.bricks().destructible_left(),
            game.lives()
        );
        let size = fit_size(&line, w, PANE_TEXT);
        layout(&mut batch.text, &line, x, y + h + 4.0, size, WHITE);
    }
}

/// `size`, or smaller so that `text` fits in `width` pixels (never under 6 pixels).
fn fit_size(text: &str, width: f32, size: f32) -> f32 {
    let w = text_width(text, size);
    if w <= width {
        size
    } else {
        (size * width / w).max(6.0).floor()
    }
}

#[cfg(test)]
#[path = "fork_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "fork_panes_tests.rs"]
mod panes_tests;
