//! The replay screen's own layout (no GL here): the timeline strip along the bottom edge (a
//! seek bar across the whole width, and under it one line of text: score, REPLAY, speed,
//! state, time, step, the help key, lives), the keys' help panel and the DIVERGED banner.
//! Coordinates are playfield pixels (origin top-left, y down).
//!
//! The strip takes the place of the play HUD's line: the band under the paddle, where a ball
//! only passes once it is lost. Every text field has a reserved width, so nothing moves or
//! overlaps as numbers grow (tests below lay out the widest values).

use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::powerups::ActiveEffects;
use crate::sim::tuning::{FIXED_TIMESTEP, PADDLE_BOTTOM_MARGIN};
use crate::view::hud::{self, ICON_SIZE};
use crate::view::powerups;
use crate::view::sprite::SpriteInstance;
use crate::view::text::{chars_in, ellipsize, layout, layout_centered, panel, text_width};

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const FAINT: [f32; 4] = [0.5, 0.55, 0.65, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const ERROR: [f32; 4] = [1.0, 0.4, 0.35, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.75];
const TRACK: [f32; 4] = [0.35, 0.38, 0.45, 0.9];

/// Top of the timeline strip, playfield pixels: just under the paddle (whose bottom is
/// [`PADDLE_BOTTOM_MARGIN`] above the playfield's).
pub const STRIP_TOP: f32 = PLAYFIELD_HEIGHT - PADDLE_BOTTOM_MARGIN + 1.0;
/// Left end of the seek bar, playfield pixels.
pub const BAR_X: f32 = 8.0;
/// Width of the seek bar, playfield pixels: the playfield's width less two margins.
pub const BAR_W: f32 = PLAYFIELD_WIDTH - 2.0 * BAR_X;
/// Top of the seek bar's track, playfield pixels.
pub const BAR_Y: f32 = STRIP_TOP + 2.0;
/// Height of the seek bar's track, pixels.
pub const BAR_H: f32 = 4.0;
/// Height of the knob (and of the divergence tick) on the bar, pixels, from [`STRIP_TOP`].
const KNOB_H: f32 = 8.0;
/// Text size of the strip's line, pixels.
pub const TEXT_SIZE: f32 = 12.0;
/// Top of the strip's line of text, playfield pixels (under the knob).
pub const TEXT_Y: f32 = STRIP_TOP + KNOB_H + 1.0;
/// Characters between two fields of the strip's line.
const GAP_CHARS: usize = 2;
/// How many of [`fields`]' fields stand at the left margin (the rest end at the right one).
const LEFT_FIELDS: usize = 7;
/// Which of the left fields is the model's name.
const MODE_FIELD: usize = 2;
/// Which of the left fields is the step count (drawn smaller, [`STEP_SIZE`], as the name
/// takes room).
const STEP_FIELD: usize = 6;
/// Text size of the step count, pixels.
const STEP_SIZE: f32 = 10.0;

/// Fixed steps in a second of play.
fn steps_per_second() -> u64 {
    (1.0 / FIXED_TIMESTEP).round() as u64
}

/// `steps` of play as `m:ss` (whole seconds, rounded down).
pub fn clock(steps: u64) -> String {
    let seconds = steps / steps_per_second();
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

/// What the strip shows.
#[derive(Clone, Debug, PartialEq)]
pub struct TimelineView<'a> {
    /// Steps played so far.
    pub at: u64,
    /// Steps the replay holds.
    pub steps: u64,
    /// The speed, as `x1/4` or `x2`.
    pub speed: &'a str,
    /// `PAUSED`, `END` or empty while playing.
    pub state: &'a str,
    /// The physics the replay plays with: the collision model by name
    /// ([`crate::collision::CollisionMode::name`]), with the paddle rule after a `+` when it is
    /// another game's, or `native <model>` when the level plays as its own game's.
    pub mode: &'a str,
    /// The game's score now.
    pub score: u32,
    /// The game's lives now.
    pub lives: u32,
    /// The first step whose stored state hash did not match, if one did not (a red tick on
    /// the bar).
    pub diverged_at: Option<u64>,
    /// What the key that shows the help panel is called (`H`).
    pub help_key: &'a str,
}

/// One field of the strip's line: its text, where it starts (pixels) and its colour.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The text shown.
    pub text: String,
    /// Left end, playfield pixels.
    pub x: f32,
    /// Width reserved for it, pixels (at least its text's).
    pub width: f32,
    /// Linear RGBA.
    pub color: [f32; 4],
    /// Text size, pixels: [`TEXT_SIZE`], or smaller for a model's name longer than its room.
    pub size: f32,
}

/// Characters of [`TEXT_SIZE`] reserved for the model's name ([`TimelineView::mode`]); a longer
/// one is drawn smaller to fit, down to [`MIN_MODE_SIZE`], and cut with `…` below that.
const MODE_CHARS: usize = 14;
/// Smallest text size of the model's name, pixels.
const MIN_MODE_SIZE: f32 = 6.0;

/// The model's name as the strip draws it in `width` pixels: its text (cut with `…` if it
/// does not fit even at [`MIN_MODE_SIZE`]) and its size.
fn fitted_mode(mode: &str, width: f32) -> (String, f32) {
    let full = text_width(mode, TEXT_SIZE);
    if full <= width {
        return (mode.to_string(), TEXT_SIZE);
    }
    let size = (TEXT_SIZE * width / full).floor().max(MIN_MODE_SIZE);
    (ellipsize(mode, chars_in(width, size)), size)
}

/// The strip's line laid out: fields from the left margin, each in its reserved width, and
/// the help key and lives ending at the right margin.
pub fn fields(view: &TimelineView) -> Vec<Field> {
    let char_w = text_width("m", TEXT_SIZE);
    let speed_color = if view.speed == "x1" { WHITE } else { HIGHLIGHT };
    // (text, reserved characters, colour)
    let left: [_; LEFT_FIELDS] = [
        (format!("SCORE {:06}", view.score), 12, WHITE),
        ("REPLAY".to_string(), 6, HIGHLIGHT),
        (view.mode.to_string(), MODE_CHARS, WHITE),
        (view.speed.to_string(), 4, speed_color),
        (view.state.to_string(), 6, DIM),
        (
            format!("{} / {}", clock(view.at), clock(view.steps)),
            15,
            WHITE,
        ),
        (format!("step {}/{}", view.at, view.steps), 20, FAINT),
    ];
    let right = [
        (format!("{} keys", view.help_key), 6, DIM),
        (format!("LIVES {}", view.lives), 8, WHITE),
    ];
    let mut out = Vec::new();
    let mut x = BAR_X;
    for (i, (text, chars, color)) in left.into_iter().enumerate() {
        let (text, size, width) = if i == MODE_FIELD {
            let width = char_w * chars as f32;
            let (text, size) = fitted_mode(&text, width);
            (text, size, width)
        } else {
            let size = if i == STEP_FIELD {
                STEP_SIZE
            } else {
                TEXT_SIZE
            };
            let width = text_width("m", size) * chars.max(text.chars().count()) as f32;
            (text, size, width)
        };
        out.push(Field {
            text,
            x,
            width,
            color,
            size,
        });
        x += width + char_w * GAP_CHARS as f32;
    }
    let mut x = BAR_X + BAR_W;
    let mut right_fields = Vec::new();
    for (text, chars, color) in right.into_iter().rev() {
        let width = char_w * chars.max(text.chars().count()) as f32;
        x -= width;
        // Right-aligned within its reserved width.
        let text_x = x + width - text_width(&text, TEXT_SIZE);
        right_fields.push(Field {
            text,
            x: text_x,
            width: width - (text_x - x),
            color,
            size: TEXT_SIZE,
        });
        x -= char_w * GAP_CHARS as f32;
    }
    right_fields.reverse();
    out.extend(right_fields);
    out
}

/// Where the knob of a replay of `steps` steps at step `at` is on the bar, playfield pixels.
pub fn knob_x(at: u64, steps: u64) -> f32 {
    if steps == 0 {
        return BAR_X;
    }
    BAR_X + BAR_W * (at.min(steps) as f64 / steps as f64) as f32
}

/// The step a click or drag at `x` playfield pixels seeks to in a replay of `steps` steps: the
/// bar's left end is step 0, its right end the last step, and points beyond its ends clamp to
/// them. Rounded to the nearest step.
pub fn step_at(x: f32, steps: u64) -> u64 {
    let fraction = ((x - BAR_X) / BAR_W).clamp(0.0, 1.0) as f64;
    ((fraction * steps as f64).round() as u64).min(steps)
}

/// Whether a click at `point` (playfield pixels) is on the timeline: anywhere in the strip,
/// from a few pixels over its top to the playfield's bottom.
pub fn on_strip(point: glam::Vec2) -> bool {
    point.y >= STRIP_TOP - 4.0
        && point.y <= PLAYFIELD_HEIGHT
        && (0.0..=PLAYFIELD_WIDTH).contains(&point.x)
}

/// Appends the timeline strip for `view` to `out`: a dark band, the seek bar (track, the part
/// played, a knob at the current step, a red tick where the replay diverged) and the line of
/// text.
pub fn timeline(out: &mut Vec<SpriteInstance>, view: &TimelineView) {
    panel(
        out,
        [
            0.0,
            STRIP_TOP,
            PLAYFIELD_WIDTH,
            PLAYFIELD_HEIGHT - STRIP_TOP,
        ],
        SHADE,
    );
    panel(out, [BAR_X, BAR_Y, BAR_W, BAR_H], TRACK);
    let knob = knob_x(view.at, view.steps);
    panel(out, [BAR_X, BAR_Y, knob - BAR_X, BAR_H], HIGHLIGHT);
    if let Some(step) = view.diverged_at {
        let x = knob_x(step, view.steps);
        panel(out, [x - 1.0, STRIP_TOP, 2.0, KNOB_H], ERROR);
    }
    panel(out, [knob - 2.0, STRIP_TOP, 4.0, KNOB_H], WHITE);
    for field in fields(view) {
        // A smaller name sits on the line's baseline.
        let y = TEXT_Y + TEXT_SIZE - field.size;
        layout(out, &field.text, field.x, y, field.size, field.color);
    }
}

/// The active power-ups' chips (the play HUD's, [`hud::chips`]) on the strip's line of text,
/// as play puts them on the HUD line: in the room between the left fields and the right ones
/// ([`fields`]), at the strip's text size, left to right; a chip that no longer fits is
/// counted in a `+N` after the last one drawn. Nothing goes above the strip, where the paddle
/// moves.
pub fn powerup_chips(out: &mut Vec<SpriteInstance>, effects: &ActiveEffects, view: &TimelineView) {
    let chips = hud::chips(effects);
    let all = fields(view);
    let char_w = text_width("m", TEXT_SIZE);
    let gap = char_w * GAP_CHARS as f32;
    // The last left field and the first right one (the help key); reserved widths, so the
    // room does not move as the numbers change.
    let left_end = all[LEFT_FIELDS - 1].x + all[LEFT_FIELDS - 1].width + gap;
    let right_start = all[LEFT_FIELDS].x - gap;
    let scale = TEXT_SIZE / ICON_SIZE[1];
    let icon = [ICON_SIZE[0] * scale, TEXT_SIZE];
    let mut x = left_end;
    for (i, chip) in chips.iter().enumerate() {
        let value_w = chip
            .value
            .as_ref()
            .map_or(0.0, |v| 3.0 + text_width(v, TEXT_SIZE));
        let rest = format!("+{}", chips.len() - i);
        // Room for this chip, and for the `+N` of those after it if there are any.
        let after = if i + 1 < chips.len() {
            gap + text_width(&rest, TEXT_SIZE)
        } else {
            0.0
        };
        if x + icon[0] + value_w + after > right_start {
            // The count, where there is room for it.
            if x + text_width(&rest, TEXT_SIZE) <= right_start {
                layout(out, &rest, x, TEXT_Y, TEXT_SIZE, DIM);
            }
            return;
        }
        out.push(powerups::sprite(
            chip.kind,
            [x, TEXT_Y, icon[0], icon[1]],
            1.0,
        ));
        if let Some(value) = &chip.value {
            let color = if chip.ending { HIGHLIGHT } else { WHITE };
            layout(out, value, x + icon[0] + 3.0, TEXT_Y, TEXT_SIZE, color);
        }
        x += icon[0] + value_w + gap;
    }
}

/// Text size of the help panel's lines, pixels.
const HELP_SIZE: f32 = 12.0;
/// Distance between the help panel's lines, pixels.
const HELP_LINE: f32 = 14.0;
/// Top of the help panel, playfield pixels: under the mute indicator's corner (twenty-two
/// lines, the replay's keys and the view's, end at y 396, above the DIVERGED banner at 420).
const HELP_TOP: f32 = 40.0;

/// The keys' help panel: a title and one line per key (its name in the highlight colour, then
/// what it does), centred over the game, between the top-right mute indicator and the
/// [`diverged`] banner. Returns the panel's rectangle (x, y, width, height, playfield pixels).
pub fn help_panel(out: &mut Vec<SpriteInstance>, title: &str, keys: &[(&str, &str)]) -> [f32; 4] {
    let key_chars = keys
        .iter()
        .map(|(k, _)| k.chars().count())
        .max()
        .unwrap_or(0);
    let what_chars = keys
        .iter()
        .map(|(_, w)| w.chars().count())
        .max()
        .unwrap_or(0);
    let char_w = text_width("m", HELP_SIZE);
    let text_w = char_w * (key_chars + 2 + what_chars) as f32;
    let width = text_w.max(text_width(title, 16.0)) + 32.0;
    let height = 16.0 + 24.0 + HELP_LINE * keys.len() as f32 + 8.0;
    let left = (PLAYFIELD_WIDTH - width) / 2.0;
    let rect = [left, HELP_TOP, width, height];
    panel(out, rect, [0.0, 0.0, 0.05, 0.85]);
    layout_centered(
        out,
        title,
        PLAYFIELD_WIDTH / 2.0,
        HELP_TOP + 8.0,
        16.0,
        HIGHLIGHT,
    );
    let x = left + 16.0;
    for (i, (key, what)) in keys.iter().enumerate() {
        let y = HELP_TOP + 8.0 + 24.0 + HELP_LINE * i as f32;
        layout(out, key, x, y, HELP_SIZE, HIGHLIGHT);
        let what_x = x + char_w * (key_chars + 2) as f32;
        layout(out, what, what_x, y, HELP_SIZE, WHITE);
    }
    rect
}

/// Top of the DIVERGED banner, playfield pixels: where play's launch prompt goes, clear of
/// the top brick rows and of the strip.
pub const DIVERGED_Y: f32 = PLAYFIELD_HEIGHT * 0.7;
/// Text size of the DIVERGED banner, pixels.
const DIVERGED_SIZE: f32 = 16.0;

/// What the banner says for a replay that diverged at `step`: `DIVERGED at step N (m:ss)`.
pub fn diverged_text(step: u64) -> String {
    format!("DIVERGED at step {step} ({})", clock(step))
}

/// Text size of the line under the DIVERGED banner that says why, pixels.
const DIVERGED_NOTE_SIZE: f32 = 12.0;

/// The DIVERGED banner for a replay whose stored state hash stopped matching at `step`: red
/// text on a dark box centred at [`DIVERGED_Y`], with `note` (why it may have diverged, as
/// [`crate::replay::Math::divergence_note`] says for a replay of an older version) on a
/// smaller second line when given. Returns the box (x, y, width, height).
pub fn diverged(out: &mut Vec<SpriteInstance>, step: u64, note: Option<&str>) -> [f32; 4] {
    let text = diverged_text(step);
    let note_height = note.map_or(0.0, |_| DIVERGED_NOTE_SIZE + 6.0);
    let width = text_width(&text, DIVERGED_SIZE)
        .max(note.map_or(0.0, |n| text_width(n, DIVERGED_NOTE_SIZE)))
        + 24.0;
    let rect = [
        (PLAYFIELD_WIDTH - width) / 2.0,
        DIVERGED_Y - 6.0,
        width,
        DIVERGED_SIZE + 12.0 + note_height,
    ];
    panel(out, rect, [0.2, 0.0, 0.0, 0.8]);
    layout_centered(
        out,
        &text,
        PLAYFIELD_WIDTH / 2.0,
        DIVERGED_Y,
        DIVERGED_SIZE,
        ERROR,
    );
    if let Some(note) = note {
        layout_centered(
            out,
            note,
            PLAYFIELD_WIDTH / 2.0,
            DIVERGED_Y + DIVERGED_SIZE + 6.0,
            DIVERGED_NOTE_SIZE,
            ERROR,
        );
    }
    rect
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::text::glyph_char;

    /// Whether two rectangles overlap by more than 0.01 px (cells that touch do not: the
    /// margin is for the rounding of sums of `f32`s).
    fn overlaps(a: [f32; 4], b: [f32; 4]) -> bool {
        let e = 0.01;
        a[0] + e < b[0] + b[2]
            && b[0] + e < a[0] + a[2]
            && a[1] + e < b[1] + b[3]
            && b[1] + e < a[1] + a[3]
    }

    fn glyphs(out: &[SpriteInstance]) -> Vec<([f32; 4], char)> {
        out.iter()
            .filter_map(|s| glyph_char(s).map(|c| (s.i_rect, c)))
            .collect()
    }

    fn view(at: u64, steps: u64, speed: &str, state: &str, score: u32, lives: u32) -> String {
        let v = TimelineView {
            at,
            steps,
            speed,
            state,
            mode: "swept",
            score,
            lives,
            diverged_at: Some(steps / 2),
            help_key: "H",
        };
        let mut out = Vec::new();
        timeline(&mut out, &v);
        check_layout(&out);
        glyphs(&out).iter().map(|(_, c)| *c).collect()
    }

    /// No two glyphs overlap; every glyph is inside the playfield, in the strip, under the bar.
    fn check_layout(out: &[SpriteInstance]) {
        let g = glyphs(out);
        for (i, (a, ca)) in g.iter().enumerate() {
            assert!(
                a[0] >= 0.0 && a[0] + a[2] <= PLAYFIELD_WIDTH,
                "{ca:?} at {a:?}"
            );
            assert!(
                a[1] >= STRIP_TOP && a[1] + a[3] <= PLAYFIELD_HEIGHT,
                "{ca:?}"
            );
            assert!(a[1] >= STRIP_TOP + KNOB_H, "{ca:?} under the knob");
            for (b, cb) in &g[i + 1..] {
                assert!(
                    !overlaps(*a, *b),
                    "{ca:?} at {a:?} overlaps {cb:?} at {b:?}"
                );
            }
        }
    }

    #[test]
    fn the_strip_text_never_overlaps_even_at_its_widest() {
        let shown = view(0, 0, "x1", "", 0, 3);
        assert!(shown.contains("SCORE000000"), "{shown}");
        assert!(
            shown.contains("REPLAY") && shown.contains("LIVES3"),
            "{shown}"
        );
        assert!(shown.contains("Hkeys"), "{shown}");
        // The widest values: 6-digit score, a 7-digit step of a 30-minute replay and more,
        // three-digit minutes, the widest speed and state, two-digit lives.
        let shown = view(9_999_999, 9_999_999, "x1/8", "PAUSED", 999_999, 99);
        assert!(shown.contains("694:26/694:26"), "{shown}");
        assert!(shown.contains("step9999999/9999999"), "{shown}");
        assert!(shown.contains("REPLAYswept"), "the mode named: {shown}");
        let shown = view(432_000, 432_000, "x1/4", "END", 5, 1);
        assert!(shown.contains("30:00/30:00"), "{shown}");
        // The fields keep their places whatever their values: REPLAY does not move.
        let replay_x = |out: &str| {
            let v = TimelineView {
                at: 1,
                steps: 2,
                speed: out,
                state: "",
                mode: "clamp",
                score: 1,
                lives: 1,
                diverged_at: None,
                help_key: "H",
            };
            fields(&v)[1].x
        };
        assert_eq!(replay_x("x1"), replay_x("x1/8"));
    }

    /// Play-test H5: the strip names the physics the replay plays with, whichever it is (every
    /// model with every paddle rule, and `native`), never over the other fields or the chips.
    #[test]
    fn every_physics_name_fits_the_strip_beside_the_chips() {
        use crate::collision::CollisionMode;
        use crate::sim::PaddleRule;
        let level = crate::level::Level::parse("2 2 2 2\n2 2 2 2", "chips").unwrap();
        let mut game = crate::sim::Game::new(&level, crate::sim::GameConfig::default());
        game.collect_powerup(crate::level::PowerUpKind::Sticky);
        let mut names: Vec<String> = CollisionMode::ALL
            .iter()
            .flat_map(|m| {
                PaddleRule::ALL
                    .iter()
                    .map(move |r| format!("{}+{}", m.name(), r.name()))
            })
            .collect();
        names.extend(
            CollisionMode::ALL
                .iter()
                .map(|m| format!("native {}", m.name())),
        );
        for name in &names {
            let v = TimelineView {
                at: 9_999_999,
                steps: 9_999_999,
                mode: name,
                speed: "x1/8",
                state: "PAUSED",
                score: 999_999,
                lives: 99,
                diverged_at: None,
                help_key: "H",
            };
            let mut out = Vec::new();
            timeline(&mut out, &v);
            powerup_chips(&mut out, game.active_effects(), &v);
            check_layout(&out);
            let mode = &fields(&v)[MODE_FIELD];
            assert!(mode.size >= MIN_MODE_SIZE, "{name}");
            let whole = mode.text == *name;
            assert!(
                whole || name.chars().count() > 27,
                "{name} cut to {}",
                mode.text
            );
        }
    }

    #[test]
    fn the_power_ups_chips_sit_on_the_strips_line_clear_of_the_paddle_and_the_text() {
        // Play-test H16: the chips were lifted over the strip, onto the paddle's row.
        let level = crate::level::Level::parse("2 2 2 2\n2 2 2 2", "chips").unwrap();
        let mut game = crate::sim::Game::new(&level, crate::sim::GameConfig::default());
        let kinds = [
            crate::level::PowerUpKind::Sticky,
            crate::level::PowerUpKind::PassThrough,
            crate::level::PowerUpKind::Confuse,
        ];
        for kind in kinds {
            game.collect_powerup(kind);
        }
        let v = TimelineView {
            at: 9_999_999,
            steps: 9_999_999,
            mode: "swept",
            speed: "x1/8",
            state: "PAUSED",
            score: 999_999,
            lives: 99,
            diverged_at: None,
            help_key: "H",
        };
        let mut out = Vec::new();
        timeline(&mut out, &v);
        let text = out.len();
        powerup_chips(&mut out, game.active_effects(), &v);
        let chips = &out[text..];
        assert!(!chips.is_empty(), "the chips are drawn");
        check_layout(&out);
        let paddle = game.paddle();
        let paddle_bottom = paddle.pos.y + paddle.size.y / 2.0;
        for chip in chips {
            let r = chip.i_rect;
            assert!(
                r[1] >= STRIP_TOP && r[1] > paddle_bottom,
                "{r:?} above the strip"
            );
            assert!(r[1] + r[3] <= PLAYFIELD_HEIGHT, "{r:?}");
            for (g, c) in glyphs(&out[..text]) {
                assert!(!overlaps(r, g), "chip {r:?} over {c:?} at {g:?}");
            }
        }
        // What does not fit is counted, not dropped unsaid.
        let drawn: String = glyphs(chips).iter().map(|(_, c)| *c).collect();
        let icons = chips.iter().filter(|s| glyph_char(s).is_none()).count();
        assert!(icons == kinds.len() || drawn.contains('+'), "{drawn}");
    }

    #[test]
    fn a_click_on_the_bar_maps_to_its_step_and_the_knob_to_the_current_step() {
        let steps = 2000;
        assert_eq!(step_at(BAR_X, steps), 0);
        assert_eq!(step_at(BAR_X + BAR_W, steps), steps);
        assert_eq!(step_at(BAR_X + BAR_W / 2.0, steps), 1000);
        assert_eq!(step_at(BAR_X + BAR_W / 4.0, steps), 500);
        assert_eq!(step_at(-50.0, steps), 0, "left of the bar");
        assert_eq!(step_at(PLAYFIELD_WIDTH + 50.0, steps), steps, "right of it");
        assert_eq!(step_at(400.0, 0), 0, "an empty replay");
        // Clicking where the knob of step s is drawn seeks back to s (a bar of 784 px
        // over 700 steps: every step has its own pixel).
        for s in [0, 1, 77, 350, 699, 700] {
            assert_eq!(step_at(knob_x(s, 700), 700), s);
        }
        // A long replay: the nearest step to the pixel, within half a pixel's steps.
        let long = 432_000;
        let x = BAR_X + 123.0;
        let expected = (123.0 / BAR_W as f64 * long as f64).round() as u64;
        assert_eq!(step_at(x, long), expected);
        assert!(on_strip(glam::Vec2::new(400.0, 590.0)));
        assert!(on_strip(glam::Vec2::new(400.0, STRIP_TOP - 2.0)));
        assert!(!on_strip(glam::Vec2::new(400.0, 500.0)), "over the game");
    }

    #[test]
    fn the_help_panel_and_the_banner_keep_clear_of_each_other_and_of_the_strip() {
        let keys = [
            ("SPACE", "play / pause"),
            (". ,", "one step forward / back"),
            ("LEFT RIGHT", "5 seconds back / forward"),
            ("HOME END", "start / end"),
            ("- +", "slower / faster"),
            ("CLICK, DRAG", "seek on the timeline"),
            ("T", "take over: play from here"),
            ("F1", "debug overlay"),
            ("M", "sound on / off"),
            ("H", "this help"),
            ("ESC", "leave"),
            ("F", "fork into every collision mode / leave"),
            ("N", "fork: to the next split of the modes"),
            ("V", "fork: overlaid / side by side"),
            ("F11", "fullscreen"),
            ("Z / X / WHEEL", "zoom in (x2 x4 x8) / out"),
            ("W A S D, DRAG", "zoomed: pan the picture"),
            ("G / 0", "follow the ball again / zoom x1"),
            ("E", "screen effects on / off (off here)"),
        ];
        // As many lines as the replay screen's panel has (its keys and the view's).
        assert_eq!(keys.len(), 19);
        let mut out = Vec::new();
        let help = help_panel(&mut out, "REPLAY KEYS", &keys);
        let help_glyphs = glyphs(&out);
        let mut noted_out = Vec::new();
        // As long as the note of a replay of an older version (`replay::Math::divergence_note`,
        // a layer this one may not import).
        let note = "recorded with the platform's math by an older version of the game (replay \
                    format 3 or older)";
        let noted = diverged(&mut noted_out, 123_456, Some(note));
        let noted_glyphs = glyphs(&noted_out);
        assert!(!overlaps(help, noted), "{help:?} {noted:?}");
        assert!(noted[1] + noted[3] < STRIP_TOP);
        assert!(
            noted[0] >= 0.0 && noted[0] + noted[2] <= PLAYFIELD_WIDTH,
            "{noted:?}"
        );
        for (i, (a, ca)) in noted_glyphs.iter().enumerate() {
            assert!(
                a[0] >= noted[0] && a[0] + a[2] <= noted[0] + noted[2],
                "{ca:?} outside"
            );
            assert!(
                a[1] >= noted[1] && a[1] + a[3] <= noted[1] + noted[3],
                "{ca:?} outside"
            );
            for (b, cb) in &noted_glyphs[i + 1..] {
                assert!(!overlaps(*a, *b), "{ca:?} {a:?} / {cb:?} {b:?}");
            }
        }
        let noted_text: String = noted_glyphs.iter().map(|(_, c)| *c).collect();
        assert!(noted_text.contains("olderversion"), "{noted_text}");
        let mut banner_out = Vec::new();
        let banner = diverged(&mut banner_out, 123_456, None);
        assert!(!overlaps(help, banner), "{help:?} {banner:?}");
        assert!(banner[1] + banner[3] < STRIP_TOP);
        assert!(banner[3] < noted[3], "the note adds a line");
        assert!(help[1] > 20.0, "clear of the mute indicator's corner");
        for (g, c) in &help_glyphs {
            assert!(overlaps(*g, help) && g[0] >= help[0] && g[0] + g[2] <= help[0] + help[2]);
            assert!(g[1] + g[3] <= help[1] + help[3], "{c:?} below the panel");
        }
        for (i, (a, ca)) in help_glyphs.iter().enumerate() {
            for (b, cb) in &help_glyphs[i + 1..] {
                assert!(!overlaps(*a, *b), "{ca:?} {a:?} / {cb:?} {b:?}");
            }
        }
        let text: String = glyphs(&banner_out).iter().map(|(_, c)| *c).collect();
        assert_eq!(text, "DIVERGEDatstep123456(8:34)");
    }

    #[test]
    fn clock_is_minutes_and_seconds_of_240_steps() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(239), "0:00");
        assert_eq!(clock(240 * 65), "1:05");
        assert_eq!(clock(432_000), "30:00");
    }
}
