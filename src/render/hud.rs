//! Text overlays of the game's screens, built as sprites (no GL here): the HUD, message boxes
//! and the live-reload error (the menus' lists are [`super::menu`]). Coordinates are playfield
//! pixels (origin top-left, y down).

use crate::level::PowerUpKind;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::render::scene::powerup_color;
use crate::render::sprite::SpriteInstance;
use crate::render::text::{layout, layout_centered, panel, text_width};
use crate::sim::Game;

const WHITE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const DIM: [f32; 4] = [0.7, 0.75, 0.85, 1.0];
const HIGHLIGHT: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const ERROR: [f32; 4] = [1.0, 0.45, 0.4, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.7];
/// HUD glyph height, pixels: the atlas's native cell size, so HUD text is pixel-exact.
const HUD_SIZE: f32 = 16.0;

/// The HUD along the bottom edge: score, level name and collision mode, lives.
pub fn hud(out: &mut Vec<SpriteInstance>, game: &Game) {
    let y = PLAYFIELD_HEIGHT - HUD_SIZE - 3.0;
    layout(
        out,
        &format!("SCORE {:05}", game.score()),
        8.0,
        y,
        HUD_SIZE,
        WHITE,
    );
    let lives = format!("LIVES {}", game.lives());
    layout(
        out,
        &lives,
        PLAYFIELD_WIDTH - 8.0 - text_width(&lives, HUD_SIZE),
        y,
        HUD_SIZE,
        WHITE,
    );
    let middle = format!("{} / {}", game.level_name(), game.config().collision);
    layout_centered(out, &middle, PLAYFIELD_WIDTH / 2.0, y, HUD_SIZE, DIM);
    active_powerups(out, game);
}

/// Name of a power-up in the HUD: its short name for the first eight, else its name in capitals.
fn powerup_label(kind: PowerUpKind) -> String {
    match kind {
        PowerUpKind::Speed => "SPEED".into(),
        PowerUpKind::Sticky => "STICKY".into(),
        PowerUpKind::PassThrough => "PASS".into(),
        PowerUpKind::PadSizeIncrease => "WIDE".into(),
        PowerUpKind::Multiball => "MULTI".into(),
        PowerUpKind::ExtraLife => "LIFE".into(),
        other => other.name().to_uppercase(),
    }
}

/// The active power-ups, above the HUD line: timed ones with the seconds left, lasting ones
/// (speed, paddle size) with their amount, each in its power-up's colour.
pub fn active_powerups(out: &mut Vec<SpriteInstance>, game: &Game) {
    let effects = game.active_effects();
    let mut items: Vec<(String, [f32; 4])> = Vec::new();
    if effects.speed_multiplier > 1.0 {
        items.push((
            format!("SPEED x{:.2}", effects.speed_multiplier),
            powerup_color(PowerUpKind::Speed),
        ));
    }
    if effects.paddle_extra > 0.0 {
        items.push((
            format!("WIDE +{}", effects.paddle_extra),
            powerup_color(PowerUpKind::PadSizeIncrease),
        ));
    }
    for e in &effects.timed {
        items.push((
            format!("{} {:.0}s", powerup_label(e.kind), e.seconds_left.ceil()),
            powerup_color(e.kind),
        ));
    }
    let size = 8.0;
    let mut x = 8.0;
    // Just below the brick area, clear of the paddle.
    let y = game.bricks().bottom() + 6.0;
    for (text, color) in items {
        layout(out, &text, x, y, size, color);
        x += text_width(&text, size) + 2.0 * size;
    }
}

/// A centred message box with a title and a hint line.
pub fn message(out: &mut Vec<SpriteInstance>, title: &str, hint: &str) {
    let top = 330.0;
    panel(out, [0.0, top, PLAYFIELD_WIDTH, 120.0], SHADE);
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
        HUD_SIZE,
        WHITE,
    );
}

/// The error of a failed live reload, across the top of the playfield until the file is fixed:
/// one `file:line:column: message` per line (at most 6), cut to the screen width.
pub fn reload_error(out: &mut Vec<SpriteInstance>, error: &str) {
    let size = 8.0;
    let max_chars = (PLAYFIELD_WIDTH / size) as usize - 2;
    let lines: Vec<&str> = error.lines().take(6).collect();
    panel(
        out,
        [0.0, 0.0, PLAYFIELD_WIDTH, 22.0 + lines.len() as f32 * 12.0],
        [0.25, 0.0, 0.0, 0.85],
    );
    layout(
        out,
        "LEVEL FILE HAS ERRORS - still playing the last good version:",
        8.0,
        6.0,
        size,
        HIGHLIGHT,
    );
    for (i, line) in lines.iter().enumerate() {
        let line: String = line.chars().take(max_chars).collect();
        layout(out, &line, 8.0, 20.0 + i as f32 * 12.0, size, ERROR);
    }
}
