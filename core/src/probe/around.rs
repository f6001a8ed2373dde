//! Probes of bricks placed anywhere: the bricks round a ball of a running game
//! ([`Probe::around`], the fork's split explained: `view::split`) or any list of boxes
//! ([`Probe::from_bricks`], a saved case). Such a probe carries its bricks as a small grid
//! ([`PlacedBricks`], at most [`MAX_PLACED`] cells, `Copy` like the rest of the probe), which is
//! also the world a model with its own resolution walks ([`super::own`]): the game's own cells
//! for a game's bricks, a one-row grid as the lab's (`own::ProbeGrid`) for a list.
//!
//! Coordinates are playfield pixels, the motion is pixels per step (the velocity × 1/240 s).

use super::{Probe, STEP_SECONDS};
use crate::collision::model::BrickGrid;
use crate::collision::{Aabb, Circle};
use crate::sim::Game;
use glam::Vec2;

/// Most cells a placed probe holds: a window of 4 × 4 of a game's grid, or 16 bricks of a
/// list (a case's `MAX_BRICKS`).
pub const MAX_PLACED: usize = 16;

/// Cells a window round a ball reaches past the cells its swept circle overlaps, each way.
const MARGIN_CELLS: usize = 1;

/// Longest side of a window of a game's grid, cells.
const MAX_SIDE: usize = 4;

const NO_BOX: Aabb = Aabb {
    min: Vec2::ZERO,
    max: Vec2::ZERO,
};

/// A probe's bricks placed where they are (see the module's documentation): a grid of
/// `rows × cols` cells (at most [`MAX_PLACED`]), each with its box and its live brick, if any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedBricks {
    rows: usize,
    cols: usize,
    /// The window's first row and column in the game's grid ((0, 0) for a list).
    first: (usize, usize),
    /// Each cell's box, row by row, playfield pixels.
    cells: [Aabb; MAX_PLACED],
    /// Each cell's live brick, row by row.
    bricks: [Option<Aabb>; MAX_PLACED],
    /// Whether each cell's brick takes no damage (walls, metal).
    hard: [bool; MAX_PLACED],
    /// The ball's radius, pixels.
    radius: f32,
}

impl PlacedBricks {
    /// The live bricks, row by row, with their cells (row, column) in this grid.
    pub fn live(&self) -> impl Iterator<Item = ((usize, usize), Aabb)> + '_ {
        (0..self.rows * self.cols)
            .filter_map(|i| self.bricks[i].map(|b| ((i / self.cols, i % self.cols), b)))
    }

    /// Rows of the grid.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Columns of the grid.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The window's first row and column in the game's grid it was taken from ((0, 0) for a
    /// list of bricks).
    pub fn first_cell(&self) -> (usize, usize) {
        self.first
    }

    /// The ball's radius, pixels.
    pub fn radius(&self) -> f32 {
        self.radius
    }

    fn index(&self, row: usize, col: usize) -> Option<usize> {
        (row < self.rows && col < self.cols).then_some(row * self.cols + col)
    }
}

impl BrickGrid for PlacedBricks {
    fn rows(&self) -> usize {
        self.rows
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn cell_rect(&self, row: usize, col: usize) -> Aabb {
        self.index(row, col).map_or(NO_BOX, |i| self.cells[i])
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        self.index(row, col).and_then(|i| self.bricks[i])
    }
    fn indestructible(&self, row: usize, col: usize) -> bool {
        self.index(row, col).is_some_and(|i| self.hard[i])
    }
}

impl Probe {
    /// The probe of ball `ball` (an index into [`Game::balls`]) of `game` as it is at the start
    /// of a step: its centre, its motion over one step (velocity × [`STEP_SECONDS`]) and the
    /// game's cells round the circle swept along that motion, one cell more each way (at most
    /// 4 × 4 cells), with their live bricks. `None` for no such ball, a ball stuck on the
    /// paddle, or no live brick in reach.
    pub fn around(game: &Game, ball: usize) -> Option<Probe> {
        let b = game.balls().get(ball).filter(|b| !b.stuck)?;
        let motion = b.vel * STEP_SECONDS;
        let field = game.bricks();
        let end = b.pos + motion;
        let reach = Vec2::splat(b.radius);
        let swept = Aabb {
            min: b.pos.min(end) - reach,
            max: b.pos.max(end) + reach,
        };
        let cells: Vec<(usize, usize)> = field.cells_overlapping(swept).collect();
        let rows = window(cells.iter().map(|c| c.0), field.rows(), b.pos.y, |r| {
            field.cell_rect(r, 0).center().y
        })?;
        let cols = window(cells.iter().map(|c| c.1), field.cols(), b.pos.x, |c| {
            field.cell_rect(0, c).center().x
        })?;
        let mut placed = PlacedBricks {
            rows: rows.1 - rows.0,
            cols: cols.1 - cols.0,
            first: (rows.0, cols.0),
            cells: [NO_BOX; MAX_PLACED],
            bricks: [None; MAX_PLACED],
            hard: [false; MAX_PLACED],
            radius: b.radius,
        };
        for (i, (r, c)) in (rows.0..rows.1)
            .flat_map(|r| (cols.0..cols.1).map(move |c| (r, c)))
            .enumerate()
        {
            placed.cells[i] = field.cell_rect(r, c);
            placed.bricks[i] = field.live(r, c).map(|brick| brick.rect);
            placed.hard[i] = BrickGrid::indestructible(field, r, c);
        }
        placed.live().next()?;
        Some(Probe {
            ball: b.pos,
            motion,
            placed: Some(placed),
            ..Probe::default()
        })
    }

    /// A probe of `bricks` (at most [`MAX_PLACED`], on one row for a model with its own
    /// resolution, as the lab's), the ball `ball` at the start of the step and its `motion`
    /// over it (pixels). `None` for no bricks or too many.
    pub fn from_bricks(bricks: &[Aabb], ball: Circle, motion: Vec2) -> Option<Probe> {
        if bricks.is_empty() || bricks.len() > MAX_PLACED {
            return None;
        }
        let row = super::own::ProbeGrid::new(bricks);
        let mut placed = PlacedBricks {
            rows: 1,
            cols: bricks.len(),
            first: (0, 0),
            cells: [NO_BOX; MAX_PLACED],
            bricks: [None; MAX_PLACED],
            hard: [false; MAX_PLACED],
            radius: ball.radius,
        };
        for (i, &b) in bricks.iter().enumerate() {
            placed.cells[i] = row.cell_rect(0, i);
            placed.bricks[i] = Some(b);
        }
        Some(Probe {
            ball: ball.center,
            motion,
            placed: Some(placed),
            ..Probe::default()
        })
    }
}

/// The rows (or columns) of a window: `indices` (the cells the swept circle overlaps) widened
/// by [`MARGIN_CELLS`] within `0..n`, then cut to [`MAX_SIDE`] keeping the cells whose centre
/// (`centre_of`) lies nearest `at` (the ball). `None` for no cells.
fn window(
    indices: impl Iterator<Item = usize>,
    n: usize,
    at: f32,
    centre_of: impl Fn(usize) -> f32,
) -> Option<(usize, usize)> {
    let (mut lo, mut hi) = indices.fold((usize::MAX, 0), |(lo, hi), i| (lo.min(i), hi.max(i)));
    if lo > hi {
        return None;
    }
    lo = lo.saturating_sub(MARGIN_CELLS);
    hi = (hi + MARGIN_CELLS).min(n - 1);
    while hi + 1 - lo > MAX_SIDE {
        if (centre_of(lo) - at).abs() > (centre_of(hi) - at).abs() {
            lo += 1;
        } else {
            hi -= 1;
        }
    }
    Some((lo, hi + 1))
}

#[cfg(test)]
#[path = "around_tests.rs"]
mod tests;
