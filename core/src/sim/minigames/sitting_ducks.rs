//! Sitting Ducks (`LT_SITTING_DUCKS`): eight ducks sit in a row; the ball waits at the ceiling,
//! drops, and one duck is lit: send the ball up into the lit duck. Any other hit from below
//! blows the lit duck up.
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c`: `bricks_init_bonus_level` (8 ducks at x 1, 2,
//! 4, 6, 9, 11, 13, 14 and y 8, 6, 5, 4, 4, 5, 6, 8; base prize 6,000), `attach_ball_to_ceiling`
//! (the ball parked at the top, centred, for 1,000 ms), `select_random_duck` (a random duck
//! lit), `brick_hit` (a hit with the ball moving up: the lit duck scores the prize and the
//! prize grows by 1,000, any other brick blows the lit duck up and the prize goes back to the
//! base; either way the ball goes back to the ceiling), `bricks_update` (the release: a random
//! angle, downwards, its x speed ×0.2); `src/clientgame.cpp` `getBonusLevelInfo` ("Total
//! Hits: n, Current Prize: p"). The game ends when no duck is left.
//!
//! Here the ducks are metal bricks, so a hit from above (the ball dropping) does nothing to
//! them; in LBreakoutHD such a hit takes one of a plain duck's hits.

use super::board::{ms_to_steps, Board, Hit, Outcome};
use crate::level::BrickKind;
use crate::sim::ball::Ball;
use crate::sim::bonus_types::BonusEnd;
use glam::Vec2;
use rand::Rng;

/// Where the ducks sit: LBreakoutHD's (x, y) as (row y − 1, column x − 1).
pub(crate) const DUCKS: [(usize, usize); 8] = [
    (7, 0),
    (5, 1),
    (4, 3),
    (3, 5),
    (3, 8),
    (4, 10),
    (5, 12),
    (7, 13),
];
/// A duck's colour (LBreakoutHD's brick id 3), sRGB.
pub(crate) const DUCK_COLOUR: [u8; 3] = [0x70, 0x70, 0x90];
/// The lit duck's colour (id 5), sRGB.
pub(crate) const LIT_COLOUR: [u8; 3] = [0xff, 0xd0, 0x20];
/// The prize after a miss, points (`blDuckBaseScore`).
const BASE_PRIZE: u64 = 6_000;
/// How long the ball waits at the ceiling, milliseconds.
const PARK_MS: u32 = 1_000;
/// The release's largest angle from straight down, before the x speed is cut, degrees.
const RELEASE_SPREAD_DEG: f32 = 80.0;
/// The release's factor on the x speed.
const RELEASE_X_FACTOR: f32 = 0.2;

/// Sitting Ducks' state.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct SittingDucks {
    /// Each duck's cell while it lives.
    pub ducks: [Option<(usize, usize)>; 8],
    /// The lit duck (an index into `ducks`), once the ball dropped.
    pub lit: Option<usize>,
    /// Steps the parked ball still waits; 0 once it dropped.
    pub parked: u32,
    /// Points the lit duck scores (`blMaxScore`).
    pub prize: u64,
    /// Lit ducks hit (`blNumCompletedRuns`).
    pub hits: u32,
}

impl SittingDucks {
    /// The eight ducks; the ball parked.
    pub fn start(board: &mut Board) -> SittingDucks {
        for (row, col) in DUCKS {
            board.put(row, col, BrickKind::Metal, Some(DUCK_COLOUR));
        }
        let mut game = SittingDucks {
            ducks: DUCKS.map(Some),
            lit: None,
            parked: 0,
            prize: BASE_PRIZE,
            hits: 0,
        };
        game.park(board);
        game
    }

    /// Ducks left.
    pub fn left(&self) -> usize {
        self.ducks.iter().flatten().count()
    }

    /// The ball to the ceiling, still, for [`PARK_MS`] (`attach_ball_to_ceiling`).
    fn park(&mut self, board: &mut Board) {
        let radius = crate::sim::tuning::BALL_RADIUS;
        let x = board.bricks.area().center().x;
        let y = board.bricks.cell_size().y + radius;
        *board.balls = vec![Ball::in_play(Vec2::new(x, y), Vec2::ZERO)];
        self.parked = ms_to_steps(PARK_MS);
    }

    /// A hit from below: the lit duck scores; anything else blows it up. The ball goes back
    /// to the ceiling either way.
    pub fn on_hit(&mut self, board: &mut Board, hit: Hit) -> Outcome {
        let Some(lit) = self.lit.filter(|_| hit.rising && self.parked == 0) else {
            return Outcome::NONE;
        };
        let mut outcome = Outcome::NONE;
        let cell = self.ducks[lit];
        if cell == Some((hit.row, hit.col)) {
            outcome = Outcome::points(self.prize);
            self.prize += 1_000;
            self.hits += 1;
            board
                .bricks
                .change(hit.row, hit.col, |b| b.colour = Some(DUCK_COLOUR));
        } else if let Some((row, col)) = cell {
            board.blow_up(row, col);
            self.ducks[lit] = None;
            self.prize = BASE_PRIZE;
        }
        self.lit = None;
        self.park(board);
        if self.left() == 0 {
            outcome.end = Some(BonusEnd::AllDucksGone);
        }
        outcome
    }

    /// The parked ball's wait; at its end it drops and a duck is lit.
    pub fn update(&mut self, board: &mut Board) -> Outcome {
        if self.parked == 0 {
            return Outcome::NONE;
        }
        if let Some(ball) = board.balls.first_mut() {
            // Held still at the ceiling.
            ball.pos = ball.prev_pos;
            ball.vel = Vec2::ZERO;
        }
        self.parked -= 1;
        if self.parked > 0 {
            return Outcome::NONE;
        }
        let spread = RELEASE_SPREAD_DEG.to_radians();
        let angle = board.rng.random_range(-spread..=spread);
        let dir = Vec2::new(libm::sinf(angle) * RELEASE_X_FACTOR, libm::cosf(angle));
        if let Some(ball) = board.balls.first_mut() {
            ball.vel = dir.normalize_or_zero() * board.speed;
        }
        let alive: Vec<usize> = (0..self.ducks.len())
            .filter(|&i| self.ducks[i].is_some())
            .collect();
        if alive.is_empty() {
            return Outcome::end(BonusEnd::AllDucksGone);
        }
        let lit = alive[board.rng.random_range(0..alive.len())];
        if let Some((row, col)) = self.ducks[lit] {
            board
                .bricks
                .change(row, col, |b| b.colour = Some(LIT_COLOUR));
        }
        self.lit = Some(lit);
        Outcome::NONE
    }

    /// "Total Hits: n, Current Prize: p"; the prize; no clock.
    pub fn hud(&self) -> (String, Option<u64>, Option<f32>) {
        let line = format!("Total Hits: {}, Current Prize: {}", self.hits, self.prize);
        (line, Some(self.prize), None)
    }
}
