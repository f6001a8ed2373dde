//! What power-ups do to the brick field as a whole: change a brick in place (easy bricks,
//! magic eye, magic wand, explosive grow), remove any brick (the energy ball through metal),
//! move the board down (board drop). Each keeps the field's count of bricks left to clear and
//! its list of regenerating bricks right.

use super::{Brick, BrickField};
use crate::level::MAX_AREA_BOTTOM;
use glam::Vec2;

impl BrickField {
    /// Changes the live brick at `row`, `col` with `change` (kind, hits, visibility); false if
    /// there is none. Whether it counts for clearing the level and whether it regenerates follow
    /// the change.
    pub(in crate::sim) fn change(
        &mut self,
        row: usize,
        col: usize,
        change: impl FnOnce(&mut Brick),
    ) -> bool {
        let index = row * self.cols() + col;
        let Some(brick) = self.live_mut(row, col) else {
            return false;
        };
        let counted = brick.counts();
        change(brick);
        brick.hits_total = brick.hits_total.max(brick.hits_left);
        let (counts, regrowing) = (brick.counts(), brick.regrowing());
        self.account_change(index, counted, counts, regrowing);
        true
    }

    /// Removes the live brick at `row`, `col` whatever its kind (an energy ball breaks metal),
    /// and returns it; `None` if there is none. It scores nothing and releases nothing here: the
    /// caller decides.
    pub(in crate::sim) fn remove(&mut self, row: usize, col: usize) -> Option<Brick> {
        let brick = self.live_mut(row, col)?;
        let before = *brick;
        brick.alive = false;
        if before.counts() {
            self.destructible_left -= 1;
        }
        Some(before)
    }

    /// Moves every brick down by one row (SDL-Ball's drop): the grid's origin, bottom and every
    /// brick's box, by the cell height in pixels. Not when the grid would then reach below
    /// [`MAX_AREA_BOTTOM`] (the paddle's space); returns whether it moved.
    pub(in crate::sim) fn drop_one_row(&mut self) -> bool {
        let dy = self.cell_size().y;
        if self.bottom + dy > f32::from(MAX_AREA_BOTTOM) {
            return false;
        }
        self.origin.y += dy;
        self.bottom += dy;
        let shift = Vec2::new(0.0, dy);
        for brick in self.cells.iter_mut().flatten() {
            brick.rect.min += shift;
            brick.rect.max += shift;
        }
        true
    }

    /// Cells (row, col) of every live brick for which `pick` holds, row by row.
    pub(in crate::sim) fn cells_where(&self, pick: impl Fn(&Brick) -> bool) -> Vec<(usize, usize)> {
        self.iter_live()
            .filter(|(_, _, b)| pick(b))
            .map(|(r, c, _)| (r, c))
            .collect()
    }
}
