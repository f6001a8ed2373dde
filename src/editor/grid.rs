//! Changes to the edited grid: painting and erasing cells, lines and rectangles of cells, and
//! growing or shrinking the grid on any side. Cells are (row, column), 0-based, row 0 at the top.

use super::brush::Brush;
use super::document::EditState;
use crate::level::{Level, MAX_GRID_DIMENSION};
use std::collections::BTreeMap;

/// A cell of the grid: (row, column), 0-based, row 0 at the top.
pub type Cell = (usize, usize);

/// A side of the grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The top row.
    Top,
    /// The bottom row.
    Bottom,
    /// The left column.
    Left,
    /// The right column.
    Right,
}

/// Paints `brush` (or erases, with `None`) at `cell`; false if the cell is outside the grid or
/// already holds exactly that.
pub fn set_cell(level: &mut Level, (row, col): Cell, brush: Option<&Brush>) -> bool {
    if row >= level.rows || col >= level.cols {
        return false;
    }
    let i = row * level.cols + col;
    let kind = brush.map(|b| b.kind);
    let extras = brush.and_then(Brush::extras);
    if level.cells[i] == kind && level.extras.get(&i) == extras.as_ref() {
        return false;
    }
    level.cells[i] = kind;
    match extras {
        Some(e) => level.extras.insert(i, e),
        None => level.extras.remove(&i),
    };
    true
}

/// The cells of the straight line from `a` to `b`, both included, each next to the one before
/// (Bresenham's line algorithm, 8-connected): a drag paints every cell the pointer crossed, even
/// when it moved several cells between two frames.
pub fn line(a: Cell, b: Cell) -> Vec<Cell> {
    let (mut x, mut y) = (a.1 as i64, a.0 as i64);
    let (x1, y1) = (b.1 as i64, b.0 as i64);
    let (dx, dy) = ((x1 - x).abs(), -(y1 - y).abs());
    let (sx, sy) = ((x1 - x).signum(), (y1 - y).signum());
    let mut err = dx + dy;
    let mut out = vec![(y as usize, x as usize)];
    while (x, y) != (x1, y1) {
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
        out.push((y as usize, x as usize));
    }
    out
}

/// The cells of the rectangle with corners `a` and `b`, both included, row by row.
pub fn rectangle(a: Cell, b: Cell) -> Vec<Cell> {
    let (r0, r1) = (a.0.min(b.0), a.0.max(b.0));
    let (c0, c1) = (a.1.min(b.1), a.1.max(b.1));
    (r0..=r1)
        .flat_map(|r| (c0..=c1).map(move |c| (r, c)))
        .collect()
}

/// Adds (`grow`) or removes an empty-or-not row or column on `side`; the bricks of a removed
/// one are gone. False when the grid would have no row or column, or more than
/// [`MAX_GRID_DIMENSION`].
pub fn resize(state: &mut EditState, side: Side, grow: bool) -> bool {
    let level = &state.level;
    let (rows, cols) = (level.rows, level.cols);
    let vertical = matches!(side, Side::Top | Side::Bottom);
    let current = if vertical { rows } else { cols };
    let wanted = if grow {
        current + 1
    } else {
        current.wrapping_sub(1)
    };
    if wanted == 0 || wanted > MAX_GRID_DIMENSION {
        return false;
    }
    let (new_rows, new_cols) = if vertical {
        (wanted, cols)
    } else {
        (rows, wanted)
    };
    // Where an old cell goes: shifted by one when the change is at the top or left.
    let shift = |old: usize| -> Option<usize> {
        let at_start = matches!(side, Side::Top | Side::Left);
        match (grow, at_start) {
            (true, true) => Some(old + 1),
            (false, true) => old.checked_sub(1),
            (_, false) => Some(old),
        }
    };
    let mut cells = vec![None; new_rows * new_cols];
    let mut extras = BTreeMap::new();
    for r in 0..rows {
        for c in 0..cols {
            let (nr, nc) = if vertical {
                (shift(r), Some(c))
            } else {
                (Some(r), shift(c))
            };
            let (Some(nr), Some(nc)) = (nr, nc) else {
                continue;
            };
            if nr >= new_rows || nc >= new_cols {
                continue;
            }
            let (old, new) = (r * cols + c, nr * new_cols + nc);
            cells[new] = level.cells[old];
            if let Some(e) = level.extras.get(&old) {
                extras.insert(new, *e);
            }
        }
    }
    let level = &mut state.level;
    level.rows = new_rows;
    level.cols = new_cols;
    level.cells = cells;
    level.extras = extras;
    match (side, grow) {
        (Side::Top, true) => state.row_origin.insert(0, None),
        (Side::Bottom, true) => state.row_origin.push(None),
        (Side::Top, false) => {
            state.row_origin.remove(0);
        }
        (Side::Bottom, false) => {
            state.row_origin.pop();
        }
        _ => {}
    }
    true
}
