//! `breakout preview <LEVEL> -o <PNG>`: a level as it looks when play starts, as the sprites the
//! game draws ([`batch`]). No GL here: the binary has them drawn through the game's own renderer,
//! with no window or display server (headless EGL, `render::headless::save_png`).

use crate::level::Level;
use crate::sim::{Game, GameConfig};
use crate::view::{hud, scene, SpriteBatch};

/// What `level` shows when play starts: the backdrop, the paddle and ball, and the HUD; for
/// the level's author, the bricks show the power-ups they hold (as the editor does; play hides
/// them unless `[video] show_brick_powerups`).
pub fn batch(level: &Level) -> SpriteBatch {
    let game = Game::new(level, GameConfig::default());
    let mut batch = SpriteBatch::default();
    scene::backdrop(&mut batch.backdrop, &game, scene::HeldPowerUps::Shown);
    scene::world(&mut batch.world, &game, 1.0);
    hud::hud(&mut batch.text, &game);
    batch
}

/// Parses `--size WxH` (both 1–8192 pixels).
///
/// # Errors
/// A message saying what is wrong with the text.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let (w, h) = text
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("'{text}' is not WIDTHxHEIGHT, e.g. 800x600"))?;
    let dim = |s: &str| -> Result<u32, String> {
        let v: u32 = s
            .trim()
            .parse()
            .map_err(|_| format!("'{s}' is not a whole number of pixels"))?;
        if (1..=8192).contains(&v) {
            Ok(v)
        } else {
            Err(format!("{v} is out of range: sizes are 1 to 8192 pixels"))
        }
    };
    Ok((dim(w)?, dim(h)?))
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_parse_and_bad_ones_are_rejected() {
        assert_eq!(parse_size("800x600"), Ok((800, 600)));
        assert_eq!(parse_size("64X48"), Ok((64, 48)));
        for bad in ["800", "0x600", "800x", "ax600", "9000x10", "-1x5"] {
            assert!(parse_size(bad).is_err(), "{bad}");
        }
    }
}
