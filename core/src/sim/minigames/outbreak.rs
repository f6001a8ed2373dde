//! Outbreak (`LT_OUTBREAK`): infections (plain bricks) appear one by one at random cells;
//! clear them before ten are active at once.
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c`: `bricks_init_bonus_level` (a new infection
//! every 2,000 ms, 3 at the start, up to 20 per wave, 10 at once ends it; 400 points per
//! infection, 6,000 per wave), `brick_create_instable` (a plain brick of a random colour at a
//! random empty cell of x 1–14, y 1–18), `brick_hit` (400 (+100 per wave) per cleared
//! infection; clearing the board, or clearing one once all 20 appeared, scores the wave's
//! prize, the interval ×0.95, the prize +1,000, the board wiped and 3 new infections),
//! `bricks_update` (the interval's timer; the 10th active infection ends the game: "ends on
//! appearance of 10th brick", Changelog 1.1.2); `src/clientgame.cpp` `getBonusLevelInfo`.

use super::board::{ms_to_steps, scale_ms, Board, Hit, Outcome};
use crate::sim::bonus_types::BonusEnd;

/// Milliseconds between new infections at the start.
const FIRST_INTERVAL_MS: u32 = 2_000;
/// Infections a wave starts with.
const START_INFECTIONS: u32 = 3;
/// Infections per wave (`blCancerLimit`).
pub(crate) const WAVE_LIMIT: u32 = 20;
/// Active infections that end the game (`blCancerSimLimit`).
pub(crate) const ACTIVE_LIMIT: usize = 10;
/// Points per cleared infection in the first wave (`blCancerScore`).
const FIRST_INFECTION_POINTS: u64 = 400;
/// Points for clearing the first wave (`blMaxScore`).
const FIRST_WAVE_PRIZE: u64 = 6_000;
/// The rows an infection may appear in: LBreakoutHD's y 1–18.
const ROWS: std::ops::RangeInclusive<usize> = 0..=17;

/// Outbreak's state.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct Outbreak {
    /// Waves cleared (`blNumCompletedRuns`).
    pub waves: u32,
    /// Milliseconds between new infections (`blActionTime`).
    pub interval_ms: u32,
    /// Steps until the next infection.
    pub timer: u32,
    /// Infections this wave so far (`blCancerCount`).
    pub infections: u32,
    /// Points per cleared infection (`blCancerScore`).
    pub infection_points: u64,
    /// Points for clearing this wave (`blMaxScore`).
    pub wave_prize: u64,
}

impl Outbreak {
    /// Three infections, the first interval.
    pub fn start(board: &mut Board) -> Outbreak {
        let game = Outbreak {
            waves: 0,
            interval_ms: FIRST_INTERVAL_MS,
            timer: ms_to_steps(FIRST_INTERVAL_MS),
            infections: START_INFECTIONS,
            infection_points: FIRST_INFECTION_POINTS,
            wave_prize: FIRST_WAVE_PRIZE,
        };
        for _ in 0..START_INFECTIONS {
            infect(board);
        }
        game
    }

    /// An infection cleared: its points; the wave's prize and a new wave when the board is
    /// clear or all of the wave's infections appeared.
    pub fn on_hit(&mut self, board: &mut Board, hit: Hit) -> Outcome {
        if !hit.destroyed {
            return Outcome::NONE;
        }
        let mut points = self.infection_points;
        if board.bricks.destructible_left() == 0 || self.infections >= WAVE_LIMIT {
            points += self.wave_prize;
            self.interval_ms = scale_ms(self.interval_ms, 0.95);
            self.wave_prize += 1_000;
            self.infection_points += 100;
            self.timer = ms_to_steps(self.interval_ms);
            self.infections = START_INFECTIONS;
            self.waves += 1;
            board.wipe();
            for _ in 0..START_INFECTIONS {
                infect(board);
            }
        }
        Outcome::points(points)
    }

    /// The interval's timer: a new infection (while the wave has any left); the 10th active
    /// one ends the game.
    pub fn update(&mut self, board: &mut Board) -> Outcome {
        self.timer = self.timer.saturating_sub(1);
        if self.timer > 0 {
            return Outcome::NONE;
        }
        self.timer = ms_to_steps(self.interval_ms);
        if self.infections >= WAVE_LIMIT {
            return Outcome::NONE;
        }
        infect(board);
        self.infections += 1;
        if board.bricks.destructible_left() >= ACTIVE_LIMIT {
            return Outcome::end(BonusEnd::TooManyInfections);
        }
        Outcome::NONE
    }

    /// "Wave: w, Infections: i/20, Active: a/10"; no prize, no clock.
    pub fn hud(&self, active: usize) -> (String, Option<u64>, Option<f32>) {
        let line = format!(
            "Wave: {}, Infections: {}/{WAVE_LIMIT}, Active: {active}/{ACTIVE_LIMIT}",
            self.waves + 1,
            self.infections,
        );
        (line, None, None)
    }
}

/// A new infection: a plain brick of a random colour at a random free cell.
fn infect(board: &mut Board) {
    let cols = 0..=board.bricks.cols() - 1;
    if let Some((row, col)) = board.random_free_cell(ROWS, cols) {
        let kind = board.random_plain(10, 17);
        board.put(row, col, kind, None);
    }
}
