//! Barrier (`LT_BARRIER`): a barrier of plain bricks moves down one row at a time; break
//! through it to the top row before it reaches the paddle.
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c`: `bricks_init_bonus_level` (a move every
//! 3,000 ms, prize 6,000), `bricks_create_barrier` (a top row of grow bricks, then 2 + level
//! full rows of plain bricks, at most 12; it may move `MAP_HEIGHT - 4 - size` times),
//! `bricks_move_barrier` (every brick below the top row one row down; one that would land on
//! the ball is lost; the last move reaches the paddle), `brick_hit` (a brick of the top row
//! destroyed: (moves left / moves) × prize, rounded down to 100, the interval ×0.98, the prize
//! +1,000, a thicker barrier, the ball back to the paddle), `bricks_update` (the timer);
//! `src/clientgame.cpp` `getBonusLevelInfo` ("Level: n, Size: s/12").

use super::board::{ms_to_steps, scale_ms, Board, Hit, Outcome};
use crate::level::{BrickKind, MINI_GAME_ROWS};
use crate::sim::bonus_types::BonusEnd;

/// Milliseconds between moves at the start.
const FIRST_INTERVAL_MS: u32 = 3_000;
/// The first break-through's prize, points.
const FIRST_PRIZE: u64 = 6_000;
/// The thickest barrier, rows.
pub(crate) const MAX_SIZE: u32 = 12;

/// Barrier's state.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct Barrier {
    /// The barrier's level, from 1 (`blBarrierLevel`): its size is 2 + level rows.
    pub level: u32,
    /// Moves down so far (`blBarrierMoves`).
    pub moves: u32,
    /// Moves until it reaches the paddle (`blBarrierMaxMoves`).
    pub max_moves: u32,
    /// Milliseconds between moves (`blActionTime`).
    pub interval_ms: u32,
    /// Steps until the next move.
    pub timer: u32,
    /// The prize of a break-through with no move made (`blMaxScore`).
    pub prize: u64,
}

impl Barrier {
    /// The first barrier, level 1.
    pub fn start(board: &mut Board) -> Barrier {
        let mut game = Barrier {
            level: 1,
            moves: 0,
            max_moves: 0,
            interval_ms: FIRST_INTERVAL_MS,
            timer: ms_to_steps(FIRST_INTERVAL_MS),
            prize: FIRST_PRIZE,
        };
        game.build(board);
        game
    }

    /// Rows of the barrier below the top row.
    pub fn size(&self) -> u32 {
        (2 + self.level).min(MAX_SIZE)
    }

    /// Wipes the board and builds the barrier of this level (`bricks_create_barrier`).
    fn build(&mut self, board: &mut Board) {
        board.wipe();
        let cols = board.bricks.cols();
        for col in 0..cols {
            board.put(0, col, BrickKind::Growing, None);
        }
        let size = self.size() as usize;
        for j in 1..=size {
            for col in 0..cols {
                // LBreakoutHD's id 10 + j % 8: its eight plain colours.
                board.put(j, col, BrickKind::Plain(2 + (j % 8) as u8), None);
            }
        }
        // MAP_HEIGHT - 4 - size: the moves that bring its lowest row to just above the
        // paddle row.
        self.max_moves = (MINI_GAME_ROWS as u32 + 2).saturating_sub(4 + self.size());
        self.moves = 0;
    }

    /// The points a break-through scores now: (moves left / moves) × prize, rounded down to
    /// 100.
    pub fn current_prize(&self) -> u64 {
        let left = u64::from(self.max_moves.saturating_sub(self.moves));
        let s = left * self.prize / u64::from(self.max_moves.max(1));
        s / 100 * 100
    }

    /// A brick of the top row destroyed: the break-through.
    pub fn on_hit(&mut self, board: &mut Board, hit: Hit) -> Outcome {
        if !hit.destroyed || hit.row != 0 {
            return Outcome::NONE;
        }
        let points = self.current_prize();
        self.interval_ms = scale_ms(self.interval_ms, 0.98);
        self.prize += 1_000;
        self.timer = ms_to_steps(self.interval_ms);
        self.level += 1;
        self.build(board);
        board.ball_to_paddle();
        Outcome::points(points)
    }

    /// The timer: the barrier moves one row down; its last move ends the game.
    pub fn update(&mut self, board: &mut Board) -> Outcome {
        self.timer = self.timer.saturating_sub(1);
        if self.timer > 0 {
            return Outcome::NONE;
        }
        self.timer = ms_to_steps(self.interval_ms);
        move_down(board);
        self.moves += 1;
        if self.moves >= self.max_moves {
            return Outcome::end(BonusEnd::BarrierReached);
        }
        Outcome::NONE
    }

    /// "Level: n, Size: s/12"; what a break-through scores now; no clock.
    pub fn hud(&self) -> (String, Option<u64>, Option<f32>) {
        let line = format!("Level: {}, Size: {}/{MAX_SIZE}", self.level, self.level + 2);
        (line, Some(self.current_prize()), None)
    }
}

/// Every brick below the top row one row down, bottom first, down to the row above the
/// paddle row; a brick that would land on the ball is lost (`bricks_move_barrier`).
fn move_down(board: &mut Board) {
    let cols = board.bricks.cols();
    let last = board.bricks.rows().saturating_sub(2);
    for row in (2..=last).rev() {
        for col in 0..cols {
            board.bricks.remove(row, col);
            if !board.shift((row - 1, col), (row, col)) {
                board.bricks.remove(row - 1, col);
            }
        }
    }
}
