//! LBreakoutHD's six bonus levels ("mini games"), played by rules that create, move and
//! remove bricks during play. One file per game; this file holds the state shared by all
//! ([`Bonus`]) and the dispatcher: set-up, per-step update, brick-hit hook and end.
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c` (`bricks_init_bonus_level`, `brick_hit`,
//! `bricks_update`), `libgame/game.c` (`game_update`), `src/clientgame.cpp`
//! (`getBonusLevelInfo`).. Its timers count milliseconds; here they count fixed steps of
//! 1/240 s.

use super::bonus::{BonusEnd, BonusHud};
use crate::level::MiniGame;

/// A mini-game in progress: which one, its points and its end, and the game's own state.
#[derive(Clone, Debug, serde::Serialize)]
pub(crate) struct Bonus {
    /// Which game.
    game: MiniGame,
    /// Points scored in it so far.
    pub score: u64,
    /// Why it ended, once it has.
    pub end: Option<BonusEnd>,
}

impl Bonus {
    /// A new game of `game`.
    pub fn new(game: MiniGame) -> Bonus {
        Bonus {
            game,
            score: 0,
            end: None,
        }
    }

    /// Which game.
    pub fn game(&self) -> MiniGame {
        self.game
    }

    /// Its HUD.
    pub fn hud(&self) -> BonusHud {
        BonusHud {
            game: self.game,
            line: self.game.title().to_string(),
            prize: None,
            seconds_left: None,
        }
    }
}
