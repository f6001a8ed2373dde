//! The warp icon: once the warp is allowed ([`Game::warp_ready`]), a pulsing sign at the lower
//! right of the playfield names the warp key (LBreakoutHD `view.cpp`: its theme's `warp.png`
//! pulses there; `../shared/research/anchors-2026-11-27.md` §1.4). Drawn with the text batch,
//! above the HUD line, so it reads over the bricks and the bonus floor.

use crate::playfield::PLAYFIELD_WIDTH;
use crate::sim::Game;
use crate::view::hud::HUD_Y;
use crate::view::sprite::SpriteInstance;
use crate::view::text::{layout_centered, panel, text_width};

/// Text size of the icon's words, pixels.
const SIZE: f32 = 14.0;
/// Space between the icon and the playfield's right edge, and above the HUD line, pixels.
const MARGIN: f32 = 8.0;
/// Seconds of one pulse (bright, dim, bright).
const PULSE_SECONDS: f32 = 1.0;
/// The icon's colour at full brightness (linear RGBA): the HUD's highlight.
const COLOR: [f32; 4] = [1.0, 0.85, 0.3, 1.0];

/// The icon's words for a warp on `key` (its name as the bindings give it).
pub fn label(key: &str) -> String {
    format!("{} WARP", key.to_uppercase()).trim().to_string()
}

/// The icon's box for `key` (playfield pixels: x, y of the top-left corner, width, height):
/// its right edge `MARGIN` from the playfield's, its bottom `MARGIN` above the HUD line.
pub fn rect(key: &str) -> [f32; 4] {
    let w = text_width(&label(key), SIZE) + 2.0 * SIZE;
    let h = SIZE + 10.0;
    [PLAYFIELD_WIDTH - MARGIN - w, HUD_Y - MARGIN - h, w, h]
}

/// The icon's brightness at game step `step`: 0.45 to 1, one pulse per `PULSE_SECONDS`
/// of game time (the game's steps, so it stands still while paused).
pub fn pulse(step: u64) -> f32 {
    let steps = (PULSE_SECONDS / crate::sim::tuning::FIXED_TIMESTEP).round() as u64;
    let phase = (step % steps) as f32 / steps as f32;
    let wave = 0.5 + 0.5 * (phase * std::f32::consts::TAU).cos();
    0.45 + 0.55 * wave
}

/// Appends the icon for `game` to `out` if its warp is ready: a dark box with a pulsing frame
/// and "`key` WARP" in it. Nothing otherwise.
pub fn icon(out: &mut Vec<SpriteInstance>, game: &Game, key: &str) {
    if !game.warp_ready() {
        return;
    }
    let [x, y, w, h] = rect(key);
    let glow = pulse(game.stats().steps);
    let frame = [COLOR[0], COLOR[1], COLOR[2], glow];
    panel(out, [x - 2.0, y - 2.0, w + 4.0, h + 4.0], frame);
    panel(out, [x, y, w, h], [0.05, 0.03, 0.0, 0.85]);
    let text = [COLOR[0] * glow, COLOR[1] * glow, COLOR[2] * glow, 1.0];
    layout_centered(out, &label(key), x + w / 2.0, y + 5.0, SIZE, text);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::sim::{Action, Actions, GameConfig, Input};

    fn game(percent: u8) -> Game {
        let level = Level::parse("2 2 2 2 2\n", "warp icon").expect("valid level");
        Game::new(
            &level,
            GameConfig {
                warp_percent: percent,
                ..GameConfig::default()
            },
        )
    }

    #[test]
    fn the_icon_shows_only_once_the_warp_is_ready_inside_the_playfield() {
        let mut out = Vec::new();
        let mut ready = game(0);
        icon(&mut out, &ready, "w");
        assert!(out.is_empty(), "5 bricks left, limit 5");
        // One brick picked: 4 left, fewer than 5.
        let first = ready.bricks().live(0, 0).unwrap().rect.center();
        ready.step(&Input {
            pick: Some(first),
            ..Input::default()
        });
        icon(&mut out, &game(80), "w");
        assert!(out.is_empty(), "80 %: limit 1");
        icon(&mut out, &ready, "w");
        assert!(!out.is_empty(), "ready");
        let glyphs: String = out
            .iter()
            .filter_map(crate::view::text::glyph_char)
            .collect();
        assert_eq!(glyphs, "WWARP");
        let [x, y, w, h] = rect("w");
        assert!(x > PLAYFIELD_WIDTH / 2.0 && x + w <= PLAYFIELD_WIDTH);
        assert!(y + h < HUD_Y, "above the HUD line");
        // A warped game is over: no icon.
        let mut warped = ready;
        warped.step(&Input {
            actions: Actions::of(&[Action::Warp]),
            ..Input::default()
        });
        let mut out = Vec::new();
        icon(&mut out, &warped, "w");
        assert!(out.is_empty());
    }

    #[test]
    fn it_pulses_between_dim_and_bright() {
        let values: Vec<f32> = (0..240).map(pulse).collect();
        let (lo, hi) = values
            .iter()
            .fold((1.0f32, 0.0f32), |(lo, hi), &v| (lo.min(v), hi.max(v)));
        assert!(
            (hi - 1.0).abs() < 1e-3 && (lo - 0.45).abs() < 1e-2,
            "{lo} {hi}"
        );
        assert_eq!(pulse(0), pulse(240));
    }
}
