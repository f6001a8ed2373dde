//! Text overlays of the game's screens, built as sprites (no GL here): the HUD, message boxes
//! and the live-reload error (the menus' lists are [`super::menu`]). Coordinates are playfield
//! pixels (origin top-left, y down).

use crate::level::PowerUpKind;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::powerups::ActiveEffects;
use crate::sim::Game;
use crate::view::powerups;
use crate::view::sprite::SpriteInstance;
use crate::view::text::{
    chars_in, layout, layout_centered, panel, text_width, without_directories, wrap, ADVANCE,
};

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const ERROR: [f32; 4] = [1.0, 0.45, 0.4, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.7];
/// HUD text size (line height), pixels.
const HUD_SIZE: f32 = 16.0;

/// The HUD along the bottom edge: score, lives, and between them the active power-ups
/// ([`active_powerups`]) or, with none, the level name, and the collision mode when it is not
/// the default ([`status_line`]; see [`hud_for`]); the difficulty when it is not Normal
/// ([`lives_text`]). Every line has a dark shadow, so it reads
/// over the bonus floor and anything passing under it.
pub fn hud(out: &mut Vec<SpriteInstance>, game: &Game) {
    hud_for(out, game, HudNotes::plain(shows_mode(game, false)));
}

/// Whether the HUD names the collision mode: when it is not the default (someone chose it, or
/// pressed C, or the level plays its own game's physics) or the debug overlay is on. A player
/// who never touched it is not shown a developer's setting.
pub fn shows_mode(game: &Game, debug_overlay: bool) -> bool {
    debug_overlay
        || game.config().collision != crate::collision::CollisionMode::default()
        || !game.config().paddle_rule.is_default()
}

/// Which physics plays, as the HUD names it: the collision mode, and the paddle rule when it is
/// not this game's ("lbreakout-trajectory + LBreakout paddle", `--collision native`).
pub fn physics_text(game: &Game) -> String {
    let config = game.config();
    if config.paddle_rule.is_default() {
        config.collision.to_string()
    } else {
        format!("{} + {}", config.collision, config.paddle_rule.def().label)
    }
}

/// What the HUD says about how a game is being played, beside what the game itself holds: each
/// is shown only when it is not the usual, as the difficulty is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HudNotes {
    /// Name the collision mode after the level name ([`shows_mode`]).
    pub show_mode: bool,
    /// The game speed, percent of real time (the settings' Game speed); 100 is not shown.
    pub game_speed: u32,
    /// A game taken over from a replay: it keeps no high score, and the HUD says so.
    pub taken_over: bool,
}

impl HudNotes {
    /// Nothing unusual: full speed, the player's own game; the mode named when `show_mode`.
    pub fn plain(show_mode: bool) -> HudNotes {
        HudNotes {
            show_mode,
            game_speed: 100,
            taken_over: false,
        }
    }
}

/// [`hud`], naming the collision mode after the level name when `notes.show_mode`, and the
/// other notes beside the lives ([`lives_text`]).
pub fn hud_for(out: &mut Vec<SpriteInstance>, game: &Game, notes: HudNotes) {
    hud_named(out, game, "SCORE", notes);
}

/// [`hud_for`] for a hot-seat player's game: the player's `name` (in capitals) stands where
/// SCORE does, so the HUD says whose game it is.
pub fn player_hud(out: &mut Vec<SpriteInstance>, game: &Game, name: &str, notes: HudNotes) {
    hud_named(out, game, &name.to_uppercase(), notes);
}

/// The HUD with `label` before the score.
fn hud_named(out: &mut Vec<SpriteInstance>, game: &Game, label: &str, notes: HudNotes) {
    let score = format!("{label} {:05}", game.score());
    let lives = lives_text(game, notes);
    let mode = physics_text(game);
    let title = chips(game.active_effects()).is_empty().then_some((
        game.level_name(),
        if notes.show_mode { mode.as_str() } else { "" },
    ));
    status_line(out, &score, &lives, title);
    // A mini-game's title and info line (timer, prize), above the paddle.
    super::bonus_hud::bonus_hud(out, game);
    // The chips end a text height before the lives, however long the notes make them.
    let right = PLAYFIELD_WIDTH - HUD_MARGIN - text_width(&lives, HUD_SIZE) - HUD_SIZE;
    active_powerups_before(out, game, right.min(CHIPS_AREA[1]));
}

/// The HUD's right-hand text: "LIVES 3", led by what is not the usual, as the collision mode is
/// named only when not the default: the difficulty when not Normal ("KIDS  LIVES 9"), the game
/// speed when not 100 % ("GAME SPEED 50%"), "TAKEN OVER, NO HIGH SCORE" for a game taken over
/// from a replay. A game whose lives never run out (a `simulate` replay's, taken over) says
/// "ENDLESS LIVES" instead of a count that never falls.
pub fn lives_text(game: &Game, notes: HudNotes) -> String {
    let difficulty = game.config().difficulty;
    let mut parts = Vec::new();
    if difficulty != crate::sim::Difficulty::Normal {
        parts.push(difficulty.label().to_uppercase());
    }
    if notes.game_speed != 100 {
        parts.push(format!("GAME SPEED {}%", notes.game_speed));
    }
    if notes.taken_over {
        parts.push("TAKEN OVER, NO HIGH SCORE".to_string());
    }
    parts.push(if game.config().infinite_lives {
        "ENDLESS LIVES".to_string()
    } else {
        format!("LIVES {}", game.lives())
    });
    parts.join("  ")
}

/// What the demo mark says while the bot plays (`--autoplay`, or B in the editor's test-play).
pub const DEMO_TEXT: &str = "DEMO";
/// Top of the demo mark, playfield pixels: where the player's "SPACE to launch" prompt goes,
/// which the bot never shows.
pub const DEMO_Y: f32 = PLAYFIELD_HEIGHT * 0.7;
/// Colour of the demo mark: the highlight, slightly translucent like the launch prompt.
const DEMO_COLOR: [f32; 4] = [1.0, 0.85, 0.3, 0.8];

/// The demo mark (a viewer could not tell a demo from a game): [`DEMO_TEXT`]
/// centred at [`DEMO_Y`], in HUD glyphs. It stays clear of the HUD line (the bottom edge) and
/// of the mute indicator (the top-right corner), and covers no brick in the top rows.
pub fn demo_mark(out: &mut Vec<SpriteInstance>) {
    layout_centered(
        out,
        DEMO_TEXT,
        PLAYFIELD_WIDTH / 2.0,
        DEMO_Y,
        HUD_SIZE,
        DEMO_COLOR,
    );
}

/// Left and right margin of the HUD line, pixels from the playfield's edges.
const HUD_MARGIN: f32 = 8.0;

/// The HUD line's text: `score` from the left margin, `lives` ending at the right margin, and,
/// given a `title` (level name, collision mode), the two centred between them as `name / mode`
/// in dimmer glyphs ([`fit_title`]): the mode is left out when both do not fit, and a name too
/// long for the room is cut and ends in `...`, so it never overlaps SCORE or LIVES.
pub fn status_line(
    out: &mut Vec<SpriteInstance>,
    score: &str,
    lives: &str,
    title: Option<(&str, &str)>,
) {
    let y = HUD_Y;
    shadowed(out, score, HUD_MARGIN, y, WHITE);
    let lives_x = PLAYFIELD_WIDTH - HUD_MARGIN - text_width(lives, HUD_SIZE);
    shadowed(out, lives, lives_x, y, WHITE);
    if let Some((name, mode)) = title {
        let middle = fit_title(name, mode, title_room(score, lives));
        let x = PLAYFIELD_WIDTH / 2.0 - text_width(&middle, HUD_SIZE) / 2.0;
        shadowed(out, &middle, x, y, DIM);
    }
}

/// How many glyphs of a title centred on the playfield fit between `score` and `lives` on the
/// HUD line (16 px text, each with its 1 px shadow), leaving a text height of room on each
/// side.
pub fn title_room(score: &str, lives: &str) -> usize {
    let left = HUD_MARGIN + text_width(score, HUD_SIZE) + 1.0 + HUD_SIZE;
    let right = PLAYFIELD_WIDTH - HUD_MARGIN - text_width(lives, HUD_SIZE) - HUD_SIZE;
    let centre = PLAYFIELD_WIDTH / 2.0;
    // The title spans centre ± width / 2, its shadow 1 px further right.
    let width = (2.0 * (centre - left)).min(2.0 * (right - centre) - 2.0);
    chars_in(width, HUD_SIZE)
}

/// Longest level name, in characters, the HUD shows whole ([`title_room`] with a five-digit
/// score, `SCORE 00000`, and one-digit lives, as play starts); `breakout check` warns about a
/// longer `@name:`.
pub fn max_name_chars() -> usize {
    title_room("SCORE 00000", "LIVES 9")
}

/// Fewest characters of a level's name the HUD keeps beside the collision mode's (cut, with
/// `...`): fewer, and the mode stands alone.
const MIN_NAME_BESIDE_MODE: usize = 6;

/// The middle of the HUD line in at most `room` characters: `name / mode` if it fits (and
/// `mode` is not empty); else the name's first characters, `...` and the mode, when at least
/// `MIN_NAME_BESIDE_MODE` of them fit; else the mode alone (the longest models' names, as
/// `lbreakout-trajectory`: a mode is named only when chosen or debugged, and then it is what
/// the player needs to read; the level's name was shown as it started); else `name`, else the
/// name's first characters and `...`.
pub fn fit_title(name: &str, mode: &str, room: usize) -> String {
    let both = format!("{name} / {mode}");
    if !mode.is_empty() && both.chars().count() <= room {
        return both;
    }
    let beside = room.saturating_sub(mode.chars().count() + " / ".len() + "...".len());
    if !mode.is_empty() && beside >= MIN_NAME_BESIDE_MODE {
        let kept: String = name.chars().take(beside).collect();
        return format!("{}... / {mode}", kept.trim_end());
    }
    if !mode.is_empty() && mode.chars().count() <= room {
        return mode.to_string();
    }
    if name.chars().count() <= room {
        return name.to_string();
    }
    if room <= 3 {
        return ".".repeat(room);
    }
    let kept: String = name.chars().take(room - 3).collect();
    format!("{}...", kept.trim_end())
}

/// Top of the HUD line, playfield pixels: below the paddle (whose bottom is 24 px above the
/// playfield's), where falling power-ups only pass once missed.
pub const HUD_Y: f32 = PLAYFIELD_HEIGHT - HUD_SIZE - 3.0;
/// Left and right ends of the HUD's power-up area, playfield pixels: between the score
/// (`SCORE 00000`, 11 glyphs from x = 8) and the lives (`LIVES 9`, 7 glyphs to 8 px from the
/// right edge), with a text height of room on each side.
pub const CHIPS_AREA: [f32; 2] = [
    8.0 + 11.0 * ADVANCE * HUD_SIZE + HUD_SIZE,
    PLAYFIELD_WIDTH - 8.0 - 7.0 * ADVANCE * HUD_SIZE - HUD_SIZE,
];
/// Size of a power-up's icon in the HUD, pixels (its capsule, at 4/5 of a falling one's).
pub const ICON_SIZE: [f32; 2] = [48.0, 16.0];
/// Gap after a chip, pixels.
const CHIP_GAP: f32 = 10.0;
/// Seconds left under which a timer turns orange.
const ENDING_SECONDS: f32 = 3.0;
/// Colour of a timer about to run out.
const ENDING: [f32; 4] = [1.0, 0.6, 0.2, 1.0];
/// Colour of HUD text shadows.
const SHADOW: [f32; 4] = [0.0, 0.0, 0.0, 0.8];

/// `text` at (`x`, `y`) in HUD glyphs, over a shadow 1 px down and right.
fn shadowed(out: &mut Vec<SpriteInstance>, text: &str, x: f32, y: f32, color: [f32; 4]) {
    layout(out, text, x + 1.0, y + 1.0, HUD_SIZE, SHADOW);
    layout(out, text, x, y, HUD_SIZE, color);
}

/// One active power-up as the HUD shows it: its icon and a value (seconds left, or an amount).
#[derive(Clone, Debug, PartialEq)]
pub struct Chip {
    /// Whose icon.
    pub kind: PowerUpKind,
    /// The text after the icon: whole seconds left (none for an effect lasting until the life
    /// is lost), or the amount of a lasting change (`x1.20`, `+50`, `-30`).
    pub value: Option<String>,
    /// True for a timer about to run out (drawn orange).
    pub ending: bool,
}

impl Chip {
    /// Width of the chip, pixels (icon, a space, the value).
    pub fn width(&self) -> f32 {
        let text = self
            .value
            .as_ref()
            .map_or(0.0, |v| 4.0 + text_width(v, HUD_SIZE));
        ICON_SIZE[0] + text
    }
}

/// The chips of `game`'s active power-ups: the lasting changes first (ball speed, paddle width,
/// ball size, when not at their normal value), then every timed one in the order collected.
pub fn chips(effects: &ActiveEffects) -> Vec<Chip> {
    let lasting = |kind, value: String| Chip {
        kind,
        value: Some(value),
        ending: false,
    };
    // Every field, by name: a new lasting change is a compile error here until it has a chip.
    let ActiveEffects {
        timed,
        speed_multiplier: speed,
        paddle_extra: extra,
        ball_scale: scale,
    } = effects;
    let (speed, extra, scale) = (*speed, *extra, *scale);
    let mut out = Vec::new();
    if (speed - 1.0).abs() > 1e-3 {
        let kind = if speed > 1.0 {
            PowerUpKind::Speed
        } else {
            PowerUpKind::Slow
        };
        out.push(lasting(kind, format!("x{speed:.2}")));
    }
    if extra.abs() >= 0.5 {
        let kind = if extra > 0.0 {
            PowerUpKind::PadSizeIncrease
        } else {
            PowerUpKind::Shrink
        };
        out.push(lasting(kind, format!("{extra:+.0}")));
    }
    if (scale - 1.0).abs() > 1e-3 {
        let kind = if scale > 1.0 {
            PowerUpKind::BigBall
        } else {
            PowerUpKind::SmallBall
        };
        out.push(lasting(kind, format!("x{scale:.1}")));
    }
    for e in timed {
        let finite = e.seconds_left.is_finite();
        out.push(Chip {
            kind: e.kind,
            value: finite.then(|| format!("{:.0}", e.seconds_left.ceil())),
            ending: finite && e.seconds_left <= ENDING_SECONDS,
        });
    }
    out
}

/// Where each chip goes: the top-left corner of its icon, playfield pixels. Left to right
/// along the HUD line between the score and the lives ([`CHIPS_AREA`]); what does not fit goes
/// on lines above it, across the whole width.
pub fn chip_positions(chips: &[Chip]) -> Vec<[f32; 2]> {
    chip_positions_before(chips, CHIPS_AREA[1])
}

/// [`chip_positions`] with the HUD line's chips ending at `right` (playfield pixels) rather
/// than at [`CHIPS_AREA`]'s end: before a lives text longer than `LIVES 9`.
fn chip_positions_before(chips: &[Chip], right: f32) -> Vec<[f32; 2]> {
    let mut out = Vec::new();
    let (mut x, mut y, mut right) = (CHIPS_AREA[0], HUD_Y, right);
    for chip in chips {
        let w = chip.width();
        if x + w > right && x > 8.0 {
            y -= HUD_SIZE + 6.0;
            x = 8.0;
            right = PLAYFIELD_WIDTH - 8.0;
        }
        out.push([x, y]);
        x += w + CHIP_GAP;
    }
    out
}

/// The active power-ups as chips (icon and value) on the HUD line; returns false if there are
/// none (nothing drawn).
pub fn active_powerups(out: &mut Vec<SpriteInstance>, game: &Game) -> bool {
    active_powerups_before(out, game, CHIPS_AREA[1])
}

/// [`active_powerups`] with the HUD line's chips ending at `right` ([`chip_positions_before`]).
fn active_powerups_before(out: &mut Vec<SpriteInstance>, game: &Game, right: f32) -> bool {
    let chips = chips(game.active_effects());
    for (chip, [x, y]) in chips.iter().zip(chip_positions_before(&chips, right)) {
        out.push(powerups::sprite(
            chip.kind,
            [x, y, ICON_SIZE[0], ICON_SIZE[1]],
            1.0,
        ));
        if let Some(value) = &chip.value {
            let color = if chip.ending { ENDING } else { WHITE };
            shadowed(out, value, x + ICON_SIZE[0] + 4.0, y, color);
        }
    }
    !chips.is_empty()
}

/// Top of [`message`]'s box, playfield pixels.
const MESSAGE_TOP: f32 = 330.0;
/// Height of [`message`]'s box, pixels.
const MESSAGE_H: f32 = 120.0;

/// A centred message box with a title and a hint line (smaller than the HUD's text when it
/// would not fit the playfield's width with 16 px to spare each side).
pub fn message(out: &mut Vec<SpriteInstance>, title: &str, hint: &str) {
    let room = PLAYFIELD_WIDTH - 32.0;
    let hint_size = HUD_SIZE.min(HUD_SIZE * room / text_width(hint, HUD_SIZE).max(1.0));
    let top = MESSAGE_TOP;
    panel(out, [0.0, top, PLAYFIELD_WIDTH, MESSAGE_H], SHADE);
    layout_centered(
        out,
        title,
        PLAYFIELD_WIDTH / 2.0,
        top + 24.0,
        32.0,
        HIGHLIGHT,
    );
    layout_centered(
        out,
        hint,
        PLAYFIELD_WIDTH / 2.0,
        top + 80.0,
        hint_size,
        WHITE,
    );
}

/// Text size of the live-reload error banner, pixels.
const BANNER_SIZE: f32 = 12.0;
/// Distance between the banner's lines, pixels.
const BANNER_LINE: f32 = 13.0;
/// Most message lines the banner shows; the rest are counted in a `+N more` line.
const BANNER_LINES: usize = 4;

/// A line under [`message`]'s box (a note to read before going on), centred over a shade,
/// dimmer than the hint, cut to the playfield's width with `...`.
pub fn message_note(out: &mut Vec<SpriteInstance>, note: &str) {
    message_note_row(out, note, 0);
}

/// [`message_note`] on line `row` (0 the first) of the notes under the message box, each
/// `HUD_SIZE + 12` pixels below the one before, so two notes never overlap.
pub fn message_note_row(out: &mut Vec<SpriteInstance>, note: &str, row: usize) {
    let shown = crate::view::text::ellipsize(note, chars_in(PLAYFIELD_WIDTH - 32.0, HUD_SIZE));
    let below = MESSAGE_TOP + MESSAGE_H + 12.0 + row as f32 * (HUD_SIZE + 12.0);
    let (w, y) = (text_width(&shown, HUD_SIZE), below);
    let x = PLAYFIELD_WIDTH / 2.0 - w / 2.0;
    panel(out, [x - 8.0, y - 4.0, w + 16.0, HUD_SIZE + 8.0], SHADE);
    layout(out, &shown, x, y, HUD_SIZE, DIM);
}

/// The error of a failed live reload, as a compact translucent box along the bottom of the
/// playfield (above the HUD line, below the lowest a brick area may reach,
/// [`crate::level::MAX_AREA_BOTTOM`]), until the file is fixed: a heading, then the problems
/// (`file:line:column: message`, the file without its directory), each wrapped to the
/// playfield's width, at most 4 lines, then `+N more` for the problems left out. It covers the
/// paddle: the play scene does not step while it shows. Returns the box, playfield pixels (x, y of the top-left corner, width, height).
pub fn reload_error(out: &mut Vec<SpriteInstance>, error: &str) -> [f32; 4] {
    let margin = 8.0;
    let max_chars = chars_in(PLAYFIELD_WIDTH - 2.0 * margin, BANNER_SIZE);
    let problems: Vec<&str> = error.lines().filter(|l| !l.trim().is_empty()).collect();
    let mut lines: Vec<String> = Vec::new();
    let mut shown = 0;
    for problem in &problems {
        let room = BANNER_LINES - lines.len();
        if room == 0 {
            break;
        }
        // The last line of room goes to "+N more" when problems are left.
        let left_after = problems.len() - shown - 1;
        let room = if left_after > 0 { room - 1 } else { room };
        if room == 0 {
            break;
        }
        lines.extend(wrap(without_directories(problem), max_chars, room.min(2)));
        shown += 1;
    }
    let hidden = problems.len() - shown;
    if hidden > 0 {
        lines.push(format!("+{hidden} more"));
    }
    let height = 8.0 + BANNER_LINE * (1 + lines.len()) as f32;
    let top = HUD_Y - 4.0 - height;
    let rect = [0.0, top, PLAYFIELD_WIDTH, height];
    panel(out, rect, [0.25, 0.0, 0.0, 0.6]);
    let heading = "LEVEL FILE HAS ERRORS - the game waits until the file is fixed:";
    let heading = crate::view::text::ellipsize(heading, max_chars);
    layout(out, &heading, margin, top + 4.0, BANNER_SIZE, HIGHLIGHT);
    for (i, line) in lines.iter().enumerate() {
        let y = top + 4.0 + BANNER_LINE * (i + 1) as f32;
        let color = if hidden > 0 && i + 1 == lines.len() {
            DIM
        } else {
            ERROR
        };
        layout(out, line, margin, y, BANNER_SIZE, color);
    }
    rect
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::powerups::ActiveEffect;
    use crate::sim::tuning::PADDLE_BOTTOM_MARGIN;

    fn timed(kind: PowerUpKind, seconds_left: f32) -> ActiveEffect {
        ActiveEffect { kind, seconds_left }
    }

    /// Every sprite of `title` (name and mode, with shadows) laid out by [`status_line`] for
    /// `score` and `lives`, and those of SCORE and LIVES.
    fn title_and_sides(
        score: &str,
        lives: &str,
        title: (&str, &str),
    ) -> (Vec<SpriteInstance>, Vec<SpriteInstance>) {
        let mut sides = Vec::new();
        status_line(&mut sides, score, lives, None);
        let mut all = Vec::new();
        status_line(&mut all, score, lives, Some(title));
        assert_eq!(
            all[..sides.len()],
            sides[..],
            "the title comes after SCORE and LIVES"
        );
        (all[sides.len()..].to_vec(), sides)
    }

    fn overlap(a: &SpriteInstance, b: &SpriteInstance) -> bool {
        let ([ax, ay, aw, ah], [bx, by, bw, bh]) = (a.i_rect, b.i_rect);
        ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah
    }

    /// A long level name over the score (a play-test): a 200-character level name is cut so that no
    /// glyph of it (nor its shadow) overlaps a glyph of SCORE or LIVES, whatever the score and
    /// lives.
    #[test]
    fn a_long_level_name_never_overlaps_score_or_lives() {
        let name: String = (0..200)
            .map(|i| char::from(b'A' + (i % 26) as u8))
            .collect();
        for (score, lives) in [
            ("SCORE 00000", "LIVES 3"),
            ("SCORE 4294967295", "LIVES 9"),
            ("SCORE 99999", "LIVES 10"),
        ] {
            let (title, sides) = title_and_sides(score, lives, (&name, "swept"));
            assert!(title.len() > 10, "the name is still shown: {}", title.len());
            for t in &title {
                for s in &sides {
                    assert!(
                        !overlap(t, s),
                        "{score} / {lives}: {:?} overlaps {:?}",
                        t.i_rect,
                        s.i_rect
                    );
                }
            }
        }
        let room = max_name_chars();
        let shown = fit_title(&name, "", room);
        assert_eq!(shown.chars().count(), room);
        assert!(shown.ends_with("...") && name.starts_with(shown.trim_end_matches('.')));
        // With a mode: the name cut to make room for it, the whole room used.
        let shown = fit_title(&name, "swept", room);
        assert_eq!(shown.chars().count(), room);
        let (cut, mode) = shown.split_once("... / ").expect("name... / mode");
        assert!(name.starts_with(cut) && mode == "swept", "{shown}");
    }

    /// The HUD's text, glyph by glyph, for `game` (shadows left out).
    fn hud_text(game: &Game, show_mode: bool) -> String {
        let mut out = Vec::new();
        hud_for(&mut out, game, HudNotes::plain(show_mode));
        out.iter()
            .filter(|s| s.i_color != SHADE)
            .filter_map(crate::view::text::glyph_char)
            .collect()
    }

    /// The collision mode is a developer's setting: the HUD names it only when it is not the
    /// default, or the debug overlay is on.
    #[test]
    fn the_hud_names_the_collision_mode_only_when_chosen_or_debugging() {
        let level = crate::level::Level::parse("2 2", "Gates").unwrap();
        let mut game = Game::new(&level, crate::sim::GameConfig::default());
        assert!(!shows_mode(&game, false));
        assert!(shows_mode(&game, true));
        let plain = hud_text(&game, shows_mode(&game, false));
        assert!(
            plain.contains("Gates") && !plain.contains("clamp"),
            "{plain}"
        );
        assert!(hud_text(&game, true).contains("Gates/clamp"));
        game.set_collision_mode(crate::collision::CollisionMode::Swept);
        assert!(shows_mode(&game, false));
        let mut out = Vec::new();
        hud(&mut out, &game);
        let text: String = out
            .iter()
            .filter(|s| s.i_color != SHADE)
            .filter_map(crate::view::text::glyph_char)
            .collect();
        assert!(text.contains("Gates/swept"), "{text}");
    }

    /// A level played with its own game's physics says so: the model and the paddle rule.
    #[test]
    fn the_hud_names_a_foreign_paddle_rule_with_the_model() {
        let level = crate::level::Level::parse("2 2", "Gates").unwrap();
        let config = crate::sim::GameConfig {
            collision: crate::collision::CollisionMode::LbreakoutTrajectory,
            paddle_rule: crate::sim::PaddleRule::Lbreakout,
            ..crate::sim::GameConfig::default()
        };
        let game = Game::new(&level, config);
        assert!(shows_mode(&game, false));
        let text = physics_text(&game);
        assert_eq!(text, "lbreakout-trajectory + LBreakout paddle");
        assert!(
            text.chars().all(crate::view::text::font::has_glyph),
            "{text}"
        );
        let clamp_with_rule = Game::new(
            &level,
            crate::sim::GameConfig {
                paddle_rule: crate::sim::PaddleRule::Xboing,
                ..crate::sim::GameConfig::default()
            },
        );
        assert!(shows_mode(&clamp_with_rule, false));
        assert!(hud_text(&Game::new(&level, config), true).contains("Gates/lbreakout"));
    }

    #[test]
    fn the_mode_stays_on_the_hud_line_and_a_long_name_is_cut_for_it() {
        assert_eq!(
            fit_title("01 First Steps", "swept", 24),
            "01 First Steps / swept"
        );
        assert_eq!(
            fit_title("01 First Steps (edited)", "swept", 24),
            "01 First Step... / swept"
        );
        assert_eq!(
            fit_title("01 First Steps (edited)", "lbreakout-trajectory", 24),
            "lbreakout-trajectory"
        );
        assert_eq!(
            fit_title("01 First Steps (edited)", "", 24),
            "01 First Steps (edited)"
        );
        assert_eq!(
            fit_title("01 First Steps (edited) again", "", 24),
            "01 First Steps (edite..."
        );
        assert_eq!(
            fit_title("01 First Steps (edited) again", "swept", 24),
            "01 First Step... / swept"
        );
        // Every model's name is on the HUD line with any level name, within the room.
        let room = max_name_chars();
        for mode in crate::collision::CollisionMode::ALL {
            for name in ["", "A", "01 First Steps", &"W".repeat(80)] {
                let title = fit_title(name, mode.name(), room);
                assert!(title.chars().count() <= room, "{title}");
                assert!(title.ends_with(mode.name()), "{name:?} {mode}: {title}");
            }
        }
        assert_eq!(fit_title("anything", "swept", 2), "..");
        // The room is what lies between SCORE 00000 (to x = 8 + 11 advances + the 1 px
        // shadow) and LIVES 9 (from 8 + 7 advances before the right edge), a text height clear
        // of each, centred on 400: as many advances as fit in twice the smaller half.
        let advance = ADVANCE * HUD_SIZE;
        let left = 400.0 - (8.0 + 11.0 * advance + 1.0 + HUD_SIZE);
        let right = (800.0 - 8.0 - 7.0 * advance - HUD_SIZE) - 400.0 - 1.0;
        let room = (2.0 * left.min(right) / advance).floor() as usize;
        assert_eq!(max_name_chars(), room);
        assert!(room >= 24, "no fewer than with the old square font: {room}");
    }

    #[test]
    fn chips_show_seconds_left_none_for_infinite_and_lasting_amounts_with_their_sign() {
        let mut effects = ActiveEffects::new();
        effects.paddle_extra = -30.0;
        effects.speed_multiplier = 1.2;
        effects.ball_scale = 1.5;
        effects.timed = vec![
            timed(PowerUpKind::Weapon, 11.2),
            timed(PowerUpKind::Darkness, f32::INFINITY),
            timed(PowerUpKind::BonusFloor, 2.5),
        ];
        let shown = chips(&effects);
        let got: Vec<(PowerUpKind, Option<&str>, bool)> = shown
            .iter()
            .map(|c| (c.kind, c.value.as_deref(), c.ending))
            .collect();
        assert_eq!(
            got,
            [
                (PowerUpKind::Speed, Some("x1.20"), false),
                (PowerUpKind::Shrink, Some("-30"), false),
                (PowerUpKind::BigBall, Some("x1.5"), false),
                (PowerUpKind::Weapon, Some("12"), false),
                (PowerUpKind::Darkness, None, false),
                (PowerUpKind::BonusFloor, Some("3"), true),
            ]
        );
        assert!(chips(&ActiveEffects::new()).is_empty());
    }

    #[test]
    fn chips_sit_below_the_paddle_between_score_and_lives_without_overlapping() {
        let mut effects = ActiveEffects::new();
        effects.timed = vec![
            timed(PowerUpKind::Weapon, 11.0),
            timed(PowerUpKind::Darkness, 9.0),
            timed(PowerUpKind::BonusFloor, 5.0),
            timed(PowerUpKind::AimHelper, f32::INFINITY),
        ];
        let chips = chips(&effects);
        let places = chip_positions(&chips);
        let paddle_bottom = PLAYFIELD_HEIGHT - PADDLE_BOTTOM_MARGIN;
        let mut right = CHIPS_AREA[0];
        for (chip, [x, y]) in chips.iter().zip(&places) {
            assert!(*y >= paddle_bottom, "{:?} at y {y}", chip.kind);
            assert!(*x >= right, "{:?} overlaps the one before", chip.kind);
            right = x + chip.width();
            assert!(
                right <= CHIPS_AREA[1],
                "{:?} runs into the lives",
                chip.kind
            );
        }
        // The HUD's glyphs are full-size: no more 8 px labels (a play-test found them mid-field).
        const { assert!(HUD_SIZE >= 16.0 && ICON_SIZE[1] >= 16.0) };
    }

    /// Play-test H23 and H17: the game speed and a take-over (with its endless lives, from a
    /// `simulate` replay) are said on the HUD line, and the chips stay clear of that longer
    /// text.
    #[test]
    fn the_hud_says_the_game_speed_a_take_over_and_endless_lives_and_chips_keep_clear() {
        let level = crate::level::Level::parse("2 2", "Gates").unwrap();
        let config = crate::sim::GameConfig {
            difficulty: crate::sim::Difficulty::Kids,
            ..Default::default()
        };
        let plain = Game::new(&level, config);
        let text = hud_text(&plain, false);
        assert!(
            !text.contains("SPEED") && !text.contains("TAKEN") && text.contains("LIVES"),
            "{text}"
        );
        let mut game = Game::new(
            &level,
            crate::sim::GameConfig {
                infinite_lives: true,
                ..config
            },
        );
        for kind in [
            PowerUpKind::Sticky,
            PowerUpKind::PassThrough,
            PowerUpKind::Confuse,
            PowerUpKind::Weapon,
            PowerUpKind::Darkness,
        ] {
            game.collect_powerup(kind);
        }
        let notes = HudNotes {
            show_mode: true,
            game_speed: 50,
            taken_over: true,
        };
        assert_eq!(
            lives_text(&game, notes),
            "KIDS  GAME SPEED 50%  TAKEN OVER, NO HIGH SCORE  ENDLESS LIVES"
        );
        let mut out = Vec::new();
        hud_for(&mut out, &game, notes);
        let lives: Vec<_> = out
            .iter()
            .filter(|s| crate::view::text::glyph_char(s).is_some() && s.i_rect[1] == HUD_Y)
            .filter(|s| s.i_rect[0] > PLAYFIELD_WIDTH / 2.0)
            .collect();
        let icons: Vec<_> = out
            .iter()
            .filter(|s| crate::view::text::glyph_char(s).is_none())
            .collect();
        assert!(!icons.is_empty() && !lives.is_empty());
        for icon in &icons {
            for glyph in &lives {
                assert!(!overlap(icon, glyph), "{:?} over {:?}", icon.i_rect, glyph);
            }
        }
    }

    /// A live-reload banner too big for the screen (a play-test): 20 long problems in a file
    /// deep in a directory. The banner keeps every glyph on the playfield, counts what it leaves
    /// out, shows the file without its directory, and stays below the lowest a brick area may
    /// reach, above the HUD line.
    #[test]
    fn the_reload_banner_wraps_counts_the_rest_and_stays_off_the_bricks() {
        let long = "every row must have the same number of columns as the first one, or 2-5 \
                    more than that, which this row does not have: it has seventeen of them";
        let error: String = (1..=20)
            .map(|i| format!("/home/someone/.local/share/breakout/levels/mine.lvl:{i}:1: {long}\n"))
            .collect();
        let mut out = Vec::new();
        let rect = reload_error(&mut out, &error);
        let text: String = out
            .iter()
            .filter_map(crate::view::text::glyph_char)
            .collect();
        assert!(
            text.contains("+19more") || text.contains("+18more"),
            "{text}"
        );
        assert!(
            text.contains("mine.lvl:1:1:") && !text.contains("/home"),
            "{text}"
        );
        assert!(
            text.contains("columns"),
            "the message wraps onto a second line: {text}"
        );
        for s in &out {
            let [x, y, w, h] = s.i_rect;
            assert!(
                x >= 0.0 && x + w <= PLAYFIELD_WIDTH,
                "{:?} off the side",
                s.i_rect
            );
            assert!(
                y >= crate::level::MAX_AREA_BOTTOM as f32,
                "{:?} over the bricks",
                s.i_rect
            );
            assert!(y + h <= HUD_Y, "{:?} over the HUD line", s.i_rect);
        }
        assert!(rect[1] >= crate::level::MAX_AREA_BOTTOM as f32, "{rect:?}");
        // One short problem: no "more", one line.
        let mut one = Vec::new();
        reload_error(&mut one, "mine.lvl:2:3: unknown brick 'Q'");
        let text: String = one
            .iter()
            .filter_map(crate::view::text::glyph_char)
            .collect();
        assert!(text.ends_with("mine.lvl:2:3:unknownbrick'Q'"), "{text}");
    }
}
