//! A probe's bricks placed where a game or a case has them ([`PlacedBricks`]): a small grid of
//! at most [`MAX_PLACED`] cells, `Copy` like the rest of the probe, and the world a model with
//! its own resolution walks ([`super::own`]). Made by [`super::Probe::around`] and
//! [`super::Probe::from_bricks`] (`around.rs`). Coordinates are playfield pixels.

use crate::collision::model::BrickGrid;
use crate::collision::Aabb;
use glam::Vec2;

/// Most cells a placed probe holds: a window of 4 × 4 of a game's grid, or 16 bricks of a
/// list (a case's `MAX_BRICKS`).
pub const MAX_PLACED: usize = 16;

/// The box of a cell out of the grid.
pub(crate) const NO_BOX: Aabb = Aabb {
    min: Vec2::ZERO,
    max: Vec2::ZERO,
};

/// A probe's bricks placed where they are (see the module's documentation): a grid of
/// `rows × cols` cells (at most [`MAX_PLACED`]), each with its box and its live brick, if any.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedBricks {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    /// The window's first row and column in the game's grid ((0, 0) for a list).
    pub(crate) first: (usize, usize),
    /// Each cell's box, row by row, playfield pixels.
    pub(crate) cells: [Aabb; MAX_PLACED],
    /// Each cell's live brick, row by row.
    pub(crate) bricks: [Option<Aabb>; MAX_PLACED],
    /// Whether each cell's brick takes no damage (walls, metal).
    pub(crate) hard: [bool; MAX_PLACED],
    /// The ball's radius, pixels.
    pub(crate) radius: f32,
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
