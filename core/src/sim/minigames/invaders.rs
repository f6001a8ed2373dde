//! Invaders (`LT_DEFENDER`): waves of invaders (plain bricks) appear in the top rows and step
//! down; destroy them before one reaches the paddle row.
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c`: `bricks_init_bonus_level` (a new invader every
//! 1,800 ms, 400 points each, 5,000 per wave, 20 per wave), `bricks_add_invader` (a plain brick
//! of ids 12–17 at a random empty cell of x 1–14, y 1–4, at most 50 at once, with its own step
//! timer of 95–105 % of the wave's interval), `bricks_move_invaders` (an invader whose timer
//! fired steps down if the cell below is empty; reaching y `MAP_HEIGHT - 2`, the paddle row,
//! ends the game), `bricks_init_next_invader_wave` (the board cleared, 3 + waves done
//! invaders), `brick_hit` (an invader destroyed scores; none left, a new one at once; the
//! wave's last kill scores the wave's prize, the interval ×0.95, the prize +1,000, 100 more per
//! invader, 2 more invaders per wave up to 50); `src/clientgame.cpp` `getBonusLevelInfo`.
//!
//! Here an invader also waits while the ball is in the cell below.

use super::board::{ms_to_steps, scale_ms, Board, Hit, Outcome};
use crate::sim::bonus_types::BonusEnd;
use rand::Rng;

/// Milliseconds between new invaders (and an invader's step) in the first wave.
const FIRST_INTERVAL_MS: u32 = 1_800;
/// Invaders per wave at the start (`INVADERS_STARTLIMIT`).
const START_LIMIT: u32 = 20;
/// Invaders more per wave (`INVADERS_LIMITCHANGE`).
const LIMIT_CHANGE: u32 = 2;
/// Most invaders per wave and at once (`INVADERS_MAXLIMIT`).
pub(crate) const MAX_LIMIT: u32 = 50;
/// Points per invader in the first wave (`blInvaderScore`).
const FIRST_INVADER_POINTS: u64 = 400;
/// Points for clearing the first wave (`blMaxScore`).
const FIRST_WAVE_PRIZE: u64 = 5_000;
/// Rows where invaders appear: LBreakoutHD's y 1–4.
const SPAWN_ROWS: std::ops::RangeInclusive<usize> = 0..=3;

/// One invader.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) struct Invader {
    /// Its cell.
    pub row: usize,
    /// Its cell's column.
    pub col: usize,
    /// Steps between its moves.
    pub every: u32,
    /// Steps until its next move.
    pub timer: u32,
}

/// Invaders' state.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct Invaders {
    /// The invaders on the board, oldest first.
    pub invaders: Vec<Invader>,
    /// Waves cleared (`blNumCompletedRuns`).
    pub waves: u32,
    /// Milliseconds between new invaders, and this wave's step time (`blActionTime`).
    pub interval_ms: u32,
    /// Steps until the next invader appears.
    pub spawn_timer: u32,
    /// Invaders destroyed this wave (`blNumKilledInvaders`).
    pub killed: u32,
    /// Invaders in this wave (`blInvaderLimit`).
    pub limit: u32,
    /// Points per invader (`blInvaderScore`).
    pub invader_points: u64,
    /// Points for clearing this wave (`blMaxScore`).
    pub wave_prize: u64,
}

impl Invaders {
    /// The first wave.
    pub fn start(board: &mut Board) -> Invaders {
        let mut game = Invaders {
            invaders: Vec::new(),
            waves: 0,
            interval_ms: FIRST_INTERVAL_MS,
            spawn_timer: 0,
            killed: 0,
            limit: START_LIMIT,
            invader_points: FIRST_INVADER_POINTS,
            wave_prize: FIRST_WAVE_PRIZE,
        };
        game.next_wave(board);
        game
    }

    /// A new wave: the board cleared, 3 + waves done invaders (`bricks_init_next_invader_wave`).
    fn next_wave(&mut self, board: &mut Board) {
        board.wipe();
        self.invaders.clear();
        self.killed = 0;
        self.spawn_timer = ms_to_steps(self.interval_ms);
        for _ in 0..3 + self.waves {
            self.add(board);
        }
    }

    /// A new invader at a random free cell of the top rows (`bricks_add_invader`).
    fn add(&mut self, board: &mut Board) {
        if self.invaders.len() >= MAX_LIMIT as usize {
            return;
        }
        let cols = 0..=board.bricks.cols() - 1;
        let Some((row, col)) = board.random_free_cell(SPAWN_ROWS, cols) else {
            return;
        };
        let kind = board.random_plain(12, 17);
        let percent = board.rng.random_range(95..=105u32);
        let every = ms_to_steps(percent * self.interval_ms / 100);
        board.put(row, col, kind, None);
        self.invaders.push(Invader {
            row,
            col,
            every,
            timer: every,
        });
    }

    /// An invader destroyed: its points; the wave's prize and the next wave on its last kill.
    pub fn on_hit(&mut self, board: &mut Board, hit: Hit) -> Outcome {
        let Some(index) = self
            .invaders
            .iter()
            .position(|i| (i.row, i.col) == (hit.row, hit.col))
            .filter(|_| hit.destroyed)
        else {
            return Outcome::NONE;
        };
        self.invaders.remove(index);
        let mut points = self.invader_points;
        if self.invaders.is_empty() {
            self.add(board);
        }
        self.killed += 1;
        if self.killed >= self.limit {
            points += self.wave_prize;
            self.waves += 1;
            self.interval_ms = scale_ms(self.interval_ms, 0.95);
            self.wave_prize += 1_000;
            self.invader_points += 100;
            if self.limit < MAX_LIMIT {
                self.limit += LIMIT_CHANGE;
            }
            self.next_wave(board);
        }
        Outcome::points(points)
    }

    /// New invaders on the interval; each invader steps down on its own timer if the cell
    /// below is free; one reaching the paddle row ends the game.
    pub fn update(&mut self, board: &mut Board) -> Outcome {
        self.spawn_timer = self.spawn_timer.saturating_sub(1);
        if self.spawn_timer == 0 {
            self.spawn_timer = ms_to_steps(self.interval_ms);
            self.add(board);
        }
        let paddle_row = board.bricks.rows() - 1;
        let mut landed = false;
        for invader in &mut self.invaders {
            invader.timer = invader.timer.saturating_sub(1);
            if invader.timer > 0 {
                continue;
            }
            invader.timer = invader.every;
            let (row, col) = (invader.row, invader.col);
            if board.shift((row, col), (row + 1, col)) {
                invader.row += 1;
                landed |= invader.row >= paddle_row;
            }
        }
        if landed {
            return Outcome::end(BonusEnd::InvadersLanded);
        }
        Outcome::NONE
    }

    /// "Wave: w, Invaders: k/n (Active: a)"; no prize, no clock.
    pub fn hud(&self) -> (String, Option<u64>, Option<f32>) {
        let line = format!(
            "Wave: {}, Invaders: {}/{} (Active: {})",
            self.waves + 1,
            self.killed,
            self.limit,
            self.invaders.len()
        );
        (line, None, None)
    }
}
