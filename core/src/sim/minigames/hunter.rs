//! Hunter (`LT_HUNTER`): steer a hunter brick onto its prey by hitting the control bricks —
//! the four walls of its area and the pads below — without running it into a wall. No brick
//! ever breaks.
//!
//! Source: LBreakoutHD 1.1.8 `libgame/bricks.c`: `bricks_init_bonus_level` (30,000 ms per prey,
//! prize 6,000), `bricks_create_hunter_area` (the area x 2–13, y 1–11: its top wall moves the
//! hunter up, the bottom one down, the left one left, the right one right; two rows of wall
//! below it, the lower one holding two pads of each control (x 2–3 up, 5–6 left, 9–10 right,
//! 12–13 down); the hunter at (4, 6), the prey at (11, 6)), `bricks_move_hunter` (one cell;
//! onto a wall ends the game; onto the prey catches it), `bricks_create_new_prey` (a random
//! empty cell of x 4–11, y 3–9, and the clock reset), `brick_hit` (a catch scores the prize,
//! the time ×0.95, the prize +1,000; no brick breaks), `bricks_update` (the clock; below 0
//! ends the game); `src/clientgame.cpp` `getBonusLevelInfo`.
//!
//! Here the controls and the prey are metal bricks with their own colours and the hunter a
//! chaotic one (LBreakoutHD's id 2, `@`).

use super::board::{ms_to_steps, scale_ms, seconds, whole_seconds, Board, Hit, Outcome};
use crate::level::BrickKind;
use crate::sim::bonus_types::BonusEnd;

/// The area's walls: top row, bottom row, left column, right column (LBreakoutHD's y 1 and
/// 11, x 2 and 13).
pub(crate) const TOP: usize = 0;
/// The area's bottom wall row.
pub(crate) const BOTTOM: usize = 10;
/// The area's left wall column.
pub(crate) const LEFT: usize = 1;
/// The area's right wall column.
pub(crate) const RIGHT: usize = 12;
/// The row of pads (LBreakoutHD's y 13).
pub(crate) const PADS: usize = 12;
/// Milliseconds per prey at the start.
const FIRST_TIME_MS: u32 = 30_000;
/// The first prize, points.
const FIRST_PRIZE: u64 = 6_000;
/// The prey's colour, sRGB (LBreakoutHD's id 5).
pub(crate) const PREY_COLOUR: [u8; 3] = [0xff, 0xd0, 0x20];
/// The wall below the area, sRGB.
const FLOOR_COLOUR: [u8; 3] = [0x60, 0x60, 0x60];

/// Which way a control moves the hunter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub(crate) enum Control {
    /// One row up.
    Up,
    /// One row down.
    Down,
    /// One column left.
    Left,
    /// One column right.
    Right,
}

impl Control {
    /// The move, (rows, columns).
    fn step(self) -> (isize, isize) {
        match self {
            Control::Up => (-1, 0),
            Control::Down => (1, 0),
            Control::Left => (0, -1),
            Control::Right => (0, 1),
        }
    }
    /// Its bricks' colour, sRGB (LBreakoutHD's ids 15, 13, 10, 11).
    fn colour(self) -> [u8; 3] {
        match self {
            Control::Up => [0x40, 0xa0, 0xff],
            Control::Down => [0xff, 0x60, 0x40],
            Control::Left => [0x60, 0xe0, 0x60],
            Control::Right => [0xe0, 0x60, 0xe0],
        }
    }
}

/// The control at a cell, if any: the area's walls (its corners belong to the side walls, as
/// LBreakoutHD draws them last) and the pads.
pub(crate) fn control_at(row: usize, col: usize) -> Option<Control> {
    let in_area = (TOP..=BOTTOM).contains(&row) && (LEFT..=RIGHT).contains(&col);
    match (row, col) {
        _ if in_area && col == LEFT => Some(Control::Left),
        _ if in_area && col == RIGHT => Some(Control::Right),
        _ if in_area && row == TOP => Some(Control::Up),
        _ if in_area && row == BOTTOM => Some(Control::Down),
        (PADS, 1 | 2) => Some(Control::Up),
        (PADS, 4 | 5) => Some(Control::Left),
        (PADS, 8 | 9) => Some(Control::Right),
        (PADS, 11 | 12) => Some(Control::Down),
        _ => None,
    }
}

/// Hunter's state.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub(crate) struct Hunter {
    /// The hunter's cell.
    pub hunter: (usize, usize),
    /// The prey's cell.
    pub prey: (usize, usize),
    /// Milliseconds per prey (`blActionTime`).
    pub time_ms: u32,
    /// Steps left to catch this prey (`blHunterTimeLeft`).
    pub time_left: u32,
    /// Points a catch scores (`blMaxScore`).
    pub prize: u64,
    /// Prey caught (`blNumCompletedRuns`).
    pub hits: u32,
}

impl Hunter {
    /// The area, the pads, the hunter and the first prey.
    pub fn start(board: &mut Board) -> Hunter {
        let cols = board.bricks.cols();
        for row in PADS - 1..=PADS {
            for col in 0..cols {
                let (kind, colour) = match control_at(row, col) {
                    Some(c) => (BrickKind::Metal, c.colour()),
                    None => (BrickKind::Solid, FLOOR_COLOUR),
                };
                board.put(row, col, kind, Some(colour));
            }
        }
        for row in TOP..=BOTTOM {
            for col in LEFT..=RIGHT {
                if let Some(c) = control_at(row, col) {
                    board.put(row, col, BrickKind::Metal, Some(c.colour()));
                }
            }
        }
        let game = Hunter {
            hunter: (5, 3),
            prey: (5, 10),
            time_ms: FIRST_TIME_MS,
            time_left: ms_to_steps(FIRST_TIME_MS),
            prize: FIRST_PRIZE,
            hits: 0,
        };
        board.put(game.hunter.0, game.hunter.1, BrickKind::Chaotic, None);
        board.put(
            game.prey.0,
            game.prey.1,
            BrickKind::Metal,
            Some(PREY_COLOUR),
        );
        game
    }

    /// A control hit: the hunter moves one cell (into a wall: the end; onto the prey: the
    /// prize and a new prey).
    pub fn on_hit(&mut self, board: &mut Board, hit: Hit) -> Outcome {
        let Some(control) = control_at(hit.row, hit.col) else {
            return Outcome::NONE;
        };
        let (dr, dc) = control.step();
        let (row, col) = self.hunter;
        let to = (row.saturating_add_signed(dr), col.saturating_add_signed(dc));
        board.bricks.remove(row, col);
        board.bricks.remove(to.0, to.1);
        board.put(to.0, to.1, BrickKind::Chaotic, None);
        self.hunter = to;
        if to.0 == TOP || to.0 == BOTTOM || to.1 == LEFT || to.1 == RIGHT {
            return Outcome::end(BonusEnd::HunterHitWall);
        }
        if to != self.prey {
            return Outcome::NONE;
        }
        let points = self.prize;
        self.time_ms = scale_ms(self.time_ms, 0.95);
        self.prize += 1_000;
        self.hits += 1;
        self.new_prey(board);
        Outcome::points(points)
    }

    /// A new prey at a random free cell of the inner area, and a full clock.
    fn new_prey(&mut self, board: &mut Board) {
        if let Some(cell) = board.random_free_cell(TOP + 2..=BOTTOM - 2, LEFT + 2..=RIGHT - 2) {
            self.prey = cell;
            board.put(cell.0, cell.1, BrickKind::Metal, Some(PREY_COLOUR));
        }
        self.time_left = ms_to_steps(self.time_ms);
    }

    /// The clock; when it runs out the game ends.
    pub fn update(&mut self, _board: &mut Board) -> Outcome {
        self.time_left = self.time_left.saturating_sub(1);
        if self.time_left == 0 {
            return Outcome::end(BonusEnd::TimeUp);
        }
        Outcome::NONE
    }

    /// "Hits: n, Current Prize: p, Time: s secs"; the prize; the clock's seconds.
    pub fn hud(&self) -> (String, Option<u64>, Option<f32>) {
        let line = format!(
            "Hits: {}, Current Prize: {}, Time: {} secs",
            self.hits,
            self.prize,
            whole_seconds(self.time_left)
        );
        (line, Some(self.prize), Some(seconds(self.time_left)))
    }
}
