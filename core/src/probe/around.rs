//! Probes of bricks placed anywhere: the bricks round a ball of a running game
//! ([`Probe::around`], the fork's split explained: `view::split`) or any list of boxes
//! ([`Probe::from_bricks`], a saved case). Such a probe carries its bricks as a small grid
//! ([`PlacedBricks`], at most [`MAX_PLACED`] cells), which is also the world a model with its
//! own resolution walks ([`super::own`]): the game's own cells for a game's bricks, a one-row
//! grid as the lab's (`own::ProbeGrid`) for a list.
//!
//! Coordinates are playfield pixels, the motion is pixels per step (the velocity × 1/240 s).

use super::placed::{PlacedBricks, MAX_PLACED, NO_BOX};
use super::{Probe, STEP_SECONDS};
use crate::collision::model::BrickGrid;
use crate::collision::{Aabb, Circle};
use crate::sim::Game;
use glam::Vec2;

/// Cells a window round a ball reaches past the cells its swept circle overlaps, each way.
const MARGIN_CELLS: usize = 1;

/// Longest side of a window of a game's grid, cells.
const MAX_SIDE: usize = 4;

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
