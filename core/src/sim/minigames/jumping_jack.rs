//! Jumping Jack (`LT_JUMPING_JACK`): one brick on a fuse at a random cell; hit it before the
//! fuse burns out and it jumps elsewhere with a shorter fuse and a bigger prize.
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c`: `bricks_init_bonus_level` (fuse 15,000 ms,
//! prize 2,000), `brick_create_instable` (a plain brick of a random colour, ids 10–17, at a
//! random empty cell of x 1–14, y 1–18, created with the fuse as its explosion time),
//! `brick_hit` (the prize scored, the fuse ×0.95 with a floor of 3,000 ms, the prize +500, a
//! new brick), `bricks_update` (the clock); `src/clientgame.cpp` `getBonusLevelInfo` (the HUD).
//! The fuse burning out blows the brick up, which leaves no brick: the level ends.

use super::board::{ms_to_steps, scale_ms, seconds, whole_seconds, Board, Hit, Outcome};
use crate::sim::bonus_types::BonusEnd;

/// The first fuse, milliseconds.
const FIRST_FUSE_MS: u32 = 15_000;
/// The shortest fuse, milliseconds.
const MIN_FUSE_MS: u32 = 3_000;
/// The first prize, points.
const FIRST_PRIZE: u64 = 2_000;
/// What each hit adds to the prize, points.
const PRIZE_STEP: u64 = 500;
/// The fuse's factor per hit.
const FUSE_FACTOR: f64 = 0.95;
/// The rows a brick may appear in: LBreakoutHD's y 1–18 (`EDIT_HEIGHT`).
const ROWS: std::ops::RangeInclusive<usize> = 0..=17;

/// Jumping Jack's state.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct JumpingJack {
    /// The brick's cell (row, column); `None` if no cell was free (the fuse still runs).
    pub cell: Option<(usize, usize)>,
    /// The fuse the next brick gets, milliseconds (`blActionTime`).
    pub fuse_ms: u32,
    /// Steps left on the current brick's fuse.
    pub fuse_left: u32,
    /// Points the next hit scores (`blMaxScore`).
    pub prize: u64,
    /// Bricks hit (`blNumCompletedRuns`).
    pub hits: u32,
}

impl JumpingJack {
    /// The first brick, on a 15 s fuse.
    pub fn start(board: &mut Board) -> JumpingJack {
        let mut game = JumpingJack {
            cell: None,
            fuse_ms: FIRST_FUSE_MS,
            fuse_left: 0,
            prize: FIRST_PRIZE,
            hits: 0,
        };
        game.new_brick(board);
        game
    }

    /// A new brick at a random free cell, with a full fuse.
    fn new_brick(&mut self, board: &mut Board) {
        self.cell = board.random_free_cell(ROWS, 0..=board.bricks.cols() - 1);
        if let Some((row, col)) = self.cell {
            let kind = board.random_plain(10, 17);
            board.put(row, col, kind, None);
        }
        self.fuse_left = ms_to_steps(self.fuse_ms);
    }

    /// The brick destroyed: the prize, a shorter fuse, a bigger prize, a new brick.
    pub fn on_hit(&mut self, board: &mut Board, hit: Hit) -> Outcome {
        if !hit.destroyed || self.cell != Some((hit.row, hit.col)) {
            return Outcome::NONE;
        }
        let points = self.prize;
        self.fuse_ms = scale_ms(self.fuse_ms, FUSE_FACTOR).max(MIN_FUSE_MS);
        self.prize += PRIZE_STEP;
        self.hits += 1;
        self.new_brick(board);
        Outcome::points(points)
    }

    /// The fuse burns one step; at its end the brick blows up and the game ends.
    pub fn update(&mut self, board: &mut Board) -> Outcome {
        self.fuse_left = self.fuse_left.saturating_sub(1);
        if self.fuse_left > 0 {
            return Outcome::NONE;
        }
        if let Some((row, col)) = self.cell.take() {
            board.blow_up(row, col);
        }
        Outcome::end(BonusEnd::FuseBurnt)
    }

    /// "Hits: n, Current Prize: p, Time: s secs"; the prize; the fuse's seconds.
    pub fn hud(&self) -> (String, Option<u64>, Option<f32>) {
        let line = format!(
            "Hits: {}, Current Prize: {}, Time: {} secs",
            self.hits,
            self.prize,
            whole_seconds(self.fuse_left)
        );
        (line, Some(self.prize), Some(seconds(self.fuse_left)))
    }
}
