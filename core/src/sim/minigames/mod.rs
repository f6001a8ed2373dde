//! LBreakoutHD's six bonus levels ("mini games"), played by rules that create, move and
//! remove bricks during play. One file per game; this file holds what all share — the state
//! ([`Bonus`]) and the dispatcher over the games ([`Rules`]: set-up, brick-hit hook, per-step
//! update with its end check, HUD); `board.rs` what the rules act on. The game's stage that
//! runs them is `Game::update_bonus` (`sim/bonus.rs`).
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c` (`bricks_init_bonus_level`, `brick_hit`,
//! `bricks_update`), `libgame/game.c` (`game_update`), `src/clientgame.cpp`
//! (`getBonusLevelInfo`). Its timers count milliseconds; here they count fixed steps of
//! 1/240 s (`board::ms_to_steps`), and its times that shrink (×0.95 …) stay in milliseconds, as
//! there, and are converted when a timer is set. Its map cell (x, y), x 1–14 and y 1–22
//! inside the walls, is row y − 1, column x − 1 of [`crate::level::Level::mini_game`]'s grid.
//!
//! What differs, everywhere: a mini-game's bricks score nothing themselves (LBreakoutHD gives
//! them score 0: the prizes are the points), no power-up drops, and a brick a rule puts or
//! moves never lands on a ball (a cell a ball overlaps is not free).

mod barrier;
mod board;
mod hunter;
mod invaders;
mod jumping_jack;
mod outbreak;
mod sitting_ducks;
#[cfg(test)]
mod tests;

use super::bonus_types::{BonusEnd, BonusHud};
use crate::level::MiniGame;
use board::Outcome;
pub(crate) use board::{Board, Hit};

/// A mini-game in progress: its points, its end, whether the ball rose, and the game's rules
/// with their state.
#[derive(Clone, Debug, serde::Serialize)]
pub(crate) struct Bonus {
    /// Points scored in it so far (its prizes).
    pub score: u64,
    /// Why it ended, once it has.
    pub end: Option<BonusEnd>,
    /// Whether the first ball moved up at the end of the last step: a hit this step came from
    /// below (Sitting Ducks counts only those, LBreakoutHD's `imp.y < 0`).
    pub rising: bool,
    /// The game and its state.
    rules: Rules,
}

/// The six games' states: one variant per [`MiniGame`], and the one exhaustive dispatcher.
#[derive(Clone, Debug, serde::Serialize)]
enum Rules {
    JumpingJack(jumping_jack::JumpingJack),
    Outbreak(outbreak::Outbreak),
    Barrier(barrier::Barrier),
    SittingDucks(sitting_ducks::SittingDucks),
    Hunter(hunter::Hunter),
    Invaders(invaders::Invaders),
}

impl Rules {
    /// Sets `game` up on the board (LBreakoutHD's `bricks_init_bonus_level`).
    fn start(game: MiniGame, board: &mut Board) -> Rules {
        match game {
            MiniGame::JumpingJack => Rules::JumpingJack(jumping_jack::JumpingJack::start(board)),
            MiniGame::Outbreak => Rules::Outbreak(outbreak::Outbreak::start(board)),
            MiniGame::Barrier => Rules::Barrier(barrier::Barrier::start(board)),
            MiniGame::SittingDucks => {
                Rules::SittingDucks(sitting_ducks::SittingDucks::start(board))
            }
            MiniGame::Hunter => Rules::Hunter(hunter::Hunter::start(board)),
            MiniGame::Invaders => Rules::Invaders(invaders::Invaders::start(board)),
        }
    }

    /// Which game.
    fn game(&self) -> MiniGame {
        match self {
            Rules::JumpingJack(_) => MiniGame::JumpingJack,
            Rules::Outbreak(_) => MiniGame::Outbreak,
            Rules::Barrier(_) => MiniGame::Barrier,
            Rules::SittingDucks(_) => MiniGame::SittingDucks,
            Rules::Hunter(_) => MiniGame::Hunter,
            Rules::Invaders(_) => MiniGame::Invaders,
        }
    }

    /// The ball hit a brick (LBreakoutHD's `brick_hit`, its bonus-level cases).
    fn on_hit(&mut self, board: &mut Board, hit: Hit) -> Outcome {
        match self {
            Rules::JumpingJack(g) => g.on_hit(board, hit),
            Rules::Outbreak(g) => g.on_hit(board, hit),
            Rules::Barrier(g) => g.on_hit(board, hit),
            Rules::SittingDucks(g) => g.on_hit(board, hit),
            Rules::Hunter(g) => g.on_hit(board, hit),
            Rules::Invaders(g) => g.on_hit(board, hit),
        }
    }

    /// One step of the game's clocks, with its end check (LBreakoutHD's `bricks_update`).
    fn update(&mut self, board: &mut Board) -> Outcome {
        match self {
            Rules::JumpingJack(g) => g.update(board),
            Rules::Outbreak(g) => g.update(board),
            Rules::Barrier(g) => g.update(board),
            Rules::SittingDucks(g) => g.update(board),
            Rules::Hunter(g) => g.update(board),
            Rules::Invaders(g) => g.update(board),
        }
    }

    /// The HUD: LBreakoutHD's line (`getBonusLevelInfo`), prize and clock. `active` is the
    /// number of bricks to clear on the board.
    fn hud(&self, active: usize) -> BonusHud {
        let game = self.game();
        let (line, prize, seconds_left) = match self {
            Rules::JumpingJack(g) => g.hud(),
            Rules::Outbreak(g) => g.hud(active),
            Rules::Barrier(g) => g.hud(),
            Rules::SittingDucks(g) => g.hud(),
            Rules::Hunter(g) => g.hud(),
            Rules::Invaders(g) => g.hud(),
        };
        BonusHud {
            game,
            line,
            prize,
            seconds_left,
        }
    }
}

impl Bonus {
    /// A new game of `game`, set up on the board.
    pub fn start(game: MiniGame, board: &mut Board) -> Bonus {
        Bonus {
            score: 0,
            end: None,
            rising: false,
            rules: Rules::start(game, board),
        }
    }

    /// Which game.
    pub fn game(&self) -> MiniGame {
        self.rules.game()
    }

    /// One step: the rules see this step's `hits`, then run their clocks; returns the points
    /// won and the end, if any. Notes whether the ball rises for the next step's hits.
    pub fn step(&mut self, board: &mut Board, hits: &[Hit]) -> (u64, Option<BonusEnd>) {
        let mut outcome = Outcome::NONE;
        for &hit in hits {
            if outcome.end.is_none() {
                outcome = outcome.and(self.rules.on_hit(board, hit));
            }
        }
        if outcome.end.is_none() {
            outcome = outcome.and(self.rules.update(board));
        }
        self.rising = board.balls.first().is_some_and(|b| b.vel.y < 0.0);
        self.score += outcome.points;
        (outcome.points, outcome.end)
    }

    /// The HUD; `active` is the number of bricks to clear on the board.
    pub fn hud(&self, active: usize) -> BonusHud {
        self.rules.hud(active)
    }
}
