//! What the mini-games' rules share: the board they act on ([`Board`]: bricks, balls, paddle,
//! generator, events, with the helpers that put, move and remove bricks), the hits they are
//! shown ([`Hit`]), what they report ([`Outcome`]) and their clocks (LBreakoutHD's
//! milliseconds as fixed steps, [`ms_to_steps`]).

use crate::level::BrickKind;
use crate::sim::ball::{Ball, Paddle};
use crate::sim::bonus_types::BonusEnd;
use crate::sim::bricks::{Brick, BrickField};
use crate::sim::events::GameEvent;
use rand::Rng;
use rand_pcg::Pcg32;

/// One brick hit by the ball this step, read from the step's events.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Hit {
    /// Grid row.
    pub row: usize,
    /// Grid column.
    pub col: usize,
    /// True if the hit destroyed it.
    pub destroyed: bool,
    /// True if the ball was moving up at the end of the last step (the hit came from below).
    pub rising: bool,
}

/// What a rule did this step: points won and, maybe, the end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// Prize points won.
    pub points: u64,
    /// Why the game ended, if it did.
    pub end: Option<BonusEnd>,
}

impl Outcome {
    /// Nothing happened.
    pub const NONE: Outcome = Outcome {
        points: 0,
        end: None,
    };
    /// `points` won.
    pub fn points(points: u64) -> Outcome {
        Outcome { points, end: None }
    }
    /// The game ended for `why`.
    pub fn end(why: BonusEnd) -> Outcome {
        Outcome {
            points: 0,
            end: Some(why),
        }
    }
    /// Both, added up (the first end wins).
    pub fn and(self, other: Outcome) -> Outcome {
        Outcome {
            points: self.points + other.points,
            end: self.end.or(other.end),
        }
    }
}

/// What a rule may touch: the bricks, the balls, the paddle, the generator and the events.
pub(crate) struct Board<'a> {
    /// The brick field (the mini-game grid).
    pub bricks: &'a mut BrickField,
    /// The balls.
    pub balls: &'a mut Vec<Ball>,
    /// The paddle.
    pub paddle: &'a Paddle,
    /// The game's generator: every random choice.
    pub rng: &'a mut Pcg32,
    /// This step's events.
    pub events: &'a mut Vec<GameEvent>,
    /// The ball's speed now, pixels/second (launch speed × pace).
    pub speed: f32,
}

impl Board<'_> {
    /// Puts a new brick of `kind` (its default hits) with its own `colour` in the empty cell
    /// `row`, `col`, with a [`GameEvent::BrickGrown`] (LBreakoutHD's `bricks_add_grow_mod`).
    pub fn put(&mut self, row: usize, col: usize, kind: BrickKind, colour: Option<[u8; 3]>) {
        let rect = self.bricks.cell_rect(row, col);
        let mut brick = Brick::new(kind, rect, kind.default_hits());
        brick.colour = colour;
        self.bricks.place(row, col, brick);
        self.events.push(GameEvent::BrickGrown {
            row,
            col,
            kind,
            position: rect.center(),
        });
    }

    /// Removes the brick at `row`, `col` by a rule (a fuse, a blown-up duck): a
    /// [`GameEvent::BrickDestroyed`] of 0 points, no statistics.
    pub fn blow_up(&mut self, row: usize, col: usize) {
        if let Some(brick) = self.bricks.remove(row, col) {
            self.events.push(GameEvent::BrickDestroyed {
                row,
                col,
                kind: brick.kind,
                colour: brick.colour,
                position: brick.rect.center(),
                points: 0,
            });
        }
    }

    /// Moves the brick at `from` to the empty cell `to`, silently (a rule's move: the barrier,
    /// an invader); false (and the brick stays) if there is none or `to` is not free.
    pub fn shift(&mut self, from: (usize, usize), to: (usize, usize)) -> bool {
        if !self.is_free(to.0, to.1) {
            return false;
        }
        let Some(mut brick) = self.bricks.remove(from.0, from.1) else {
            return false;
        };
        brick.alive = true;
        brick.rect = self.bricks.cell_rect(to.0, to.1);
        self.bricks.place(to.0, to.1, brick);
        true
    }

    /// Removes every brick silently (a new wave, a new barrier), with any explosion or growth
    /// still queued.
    pub fn wipe(&mut self) {
        for (row, col) in self.bricks.cells_where(|_| true) {
            self.bricks.remove(row, col);
        }
        self.bricks.fuses.clear();
        self.bricks.growths.clear();
    }

    /// True if the cell is inside the grid, holds no brick and no ball overlaps it.
    pub fn is_free(&self, row: usize, col: usize) -> bool {
        row < self.bricks.rows()
            && col < self.bricks.cols()
            && self.bricks.live(row, col).is_none()
            && !self.ball_in(row, col)
    }

    /// True if a ball overlaps the cell (its box against the ball's bounding square, as
    /// LBreakoutHD's `brick_grow` tests the ball's corners).
    pub fn ball_in(&self, row: usize, col: usize) -> bool {
        let cell = self.bricks.cell_rect(row, col);
        self.balls.iter().any(|b| {
            b.pos.x + b.radius > cell.min.x
                && b.pos.x - b.radius < cell.max.x
                && b.pos.y + b.radius > cell.min.y
                && b.pos.y - b.radius < cell.max.y
        })
    }

    /// A free cell ([`Board::is_free`]) of rows `rows` and columns `cols`, drawn with equal
    /// chances from the generator; `None` if there is none. (LBreakoutHD draws cells until one
    /// is empty, which never ends on a full area; a draw among the free cells always does.)
    pub fn random_free_cell(
        &mut self,
        rows: std::ops::RangeInclusive<usize>,
        cols: std::ops::RangeInclusive<usize>,
    ) -> Option<(usize, usize)> {
        let free: Vec<(usize, usize)> = rows
            .flat_map(|r| cols.clone().map(move |c| (r, c)))
            .filter(|&(r, c)| self.is_free(r, c))
            .collect();
        if free.is_empty() {
            return None;
        }
        Some(free[self.rng.random_range(0..free.len())])
    }

    /// A plain brick of a random colour among LBreakoutHD's ids `first`–`last` (10–17 are its
    /// eight plain colours, here `Plain(2)`–`Plain(9)`).
    pub fn random_plain(&mut self, first: u8, last: u8) -> BrickKind {
        BrickKind::Plain(2 + self.rng.random_range(first..=last) - 10)
    }

    /// Puts the ball back on the paddle (LBreakoutHD's `moving_back`, here at once).
    pub fn ball_to_paddle(&mut self) {
        *self.balls = vec![Ball::on_paddle(self.paddle)];
    }
}

/// LBreakoutHD's milliseconds as fixed steps of 1/240 s, rounded to the nearest (at least 1).
pub(crate) const fn ms_to_steps(ms: u32) -> u32 {
    let steps = (ms as u64 * 240 + 500) / 1000;
    if steps == 0 {
        1
    } else {
        steps as u32
    }
}

/// Whole seconds left on a timer of `steps` fixed steps (LBreakoutHD's `ms / 1000`).
pub(crate) fn whole_seconds(steps: u32) -> u32 {
    steps / 240
}

/// Seconds left on a timer of `steps` fixed steps.
pub(crate) fn seconds(steps: u32) -> f32 {
    steps as f32 / 240.0
}

/// LBreakoutHD's `time *= factor` on an `int` of milliseconds: the product truncated.
pub(crate) fn scale_ms(ms: u32, factor: f64) -> u32 {
    (f64::from(ms) * factor) as u32
}
