//! The HUD of a bonus mini-game: its title and LBreakoutHD's info line
//! ([`crate::sim::BonusHud::line`]: waves, hits, the current prize, the seconds left), two
//! centred lines in the band between the mini-game's grid (which ends at y = 500,
//! [`crate::level::MINI_GAME_AREA`]) and a ball resting on the paddle ([`BONUS_BOTTOM`]), so
//! they cover no brick, no paddle, no waiting ball and none of the HUD line's text.
//! Coordinates are playfield pixels.

use crate::playfield::PLAYFIELD_WIDTH;
use crate::sim::Game;
use crate::view::sprite::SpriteInstance;
use crate::view::text::{chars_in, ellipsize, layout_centered, panel, text_width};

/// Text size of the two lines, pixels.
pub const BONUS_SIZE: f32 = 12.0;
/// Top of the title line, playfield pixels: 2 px under the mini-game grid's bottom.
pub const BONUS_TOP: f32 = 502.0;
/// Distance between the tops of the two lines, pixels.
const LINE_STEP: f32 = 14.0;
/// Lowest the two lines and their shade reach, playfield pixels: above a ball resting on the
/// paddle (whose top is at y = 556; the ball is 25 px across, [`crate::playfield::BALL_RADIUS`]).
pub const BONUS_BOTTOM: f32 = 530.0;
/// Seconds left under which the info line turns orange.
const ENDING_SECONDS: f32 = 3.0;

const TITLE: [f32; 4] = [1.0, 0.85, 0.3, 1.0];
const LINE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const ENDING: [f32; 4] = [1.0, 0.6, 0.2, 1.0];
const SHADE: [f32; 4] = [0.0, 0.0, 0.05, 0.55];

/// Draws the mini-game's title and info line when `game` is a mini-game (nothing on a brick
/// level). A line too long for the playfield is cut with `...`; the info line turns orange in
/// the last 3 seconds of a clock.
pub fn bonus_hud(out: &mut Vec<SpriteInstance>, game: &Game) {
    let Some(hud) = game.bonus_hud() else {
        return;
    };
    let room = chars_in(PLAYFIELD_WIDTH - 32.0, BONUS_SIZE);
    let title = ellipsize(&hud.game.title().to_uppercase(), room);
    let line = ellipsize(&hud.line, room);
    let width = text_width(&title, BONUS_SIZE).max(text_width(&line, BONUS_SIZE));
    let centre = PLAYFIELD_WIDTH / 2.0;
    let height = LINE_STEP + BONUS_SIZE + 6.0;
    panel(
        out,
        [
            centre - width / 2.0 - 8.0,
            BONUS_TOP - 3.0,
            width + 16.0,
            height,
        ],
        SHADE,
    );
    layout_centered(out, &title, centre, BONUS_TOP, BONUS_SIZE, TITLE);
    let ending = hud.seconds_left.is_some_and(|s| s < ENDING_SECONDS);
    let colour = if ending { ENDING } else { LINE };
    layout_centered(
        out,
        &line,
        centre,
        BONUS_TOP + LINE_STEP,
        BONUS_SIZE,
        colour,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, MiniGame};
    use crate::sim::{Game, GameConfig};
    use crate::view::text::glyph_char;

    /// The glyphs drawn, with their rectangles.
    fn glyphs(out: &[SpriteInstance]) -> Vec<([f32; 4], char)> {
        out.iter()
            .filter_map(|s| glyph_char(s).map(|c| (s.i_rect, c)))
            .collect()
    }

    #[test]
    fn a_mini_game_shows_its_title_and_line_between_the_grid_and_the_paddle() {
        for kind in MiniGame::ALL {
            let game = Game::new(&Level::mini_game(kind), GameConfig::default());
            let mut out = Vec::new();
            bonus_hud(&mut out, &game);
            let shown: String = glyphs(&out).iter().map(|g| g.1).collect();
            let title: String = kind.title().to_uppercase().replace(' ', "");
            assert!(shown.starts_with(&title), "{kind:?}: {shown}");
            let line: String = game.bonus_hud().unwrap().line.replace(' ', "");
            assert!(shown.ends_with(&line), "{kind:?}: {shown}");
            for (rect, c) in glyphs(&out) {
                assert!(
                    rect[1] >= 500.0 && rect[1] + rect[3] <= 556.0,
                    "{c} at {rect:?}"
                );
                assert!(
                    rect[0] >= 0.0 && rect[0] + rect[2] <= PLAYFIELD_WIDTH,
                    "{c}"
                );
            }
        }
    }

    #[test]
    fn a_brick_level_shows_none() {
        let level = crate::assets::LevelSource::built_in("01-first-steps")
            .unwrap()
            .load()
            .unwrap();
        let mut out = Vec::new();
        bonus_hud(&mut out, &Game::new(&level, GameConfig::default()));
        assert!(out.is_empty());
    }
}
