//! What bricks do on their own, once per step after the balls moved: explosions spreading
//! after their delay, growing bricks filling their empty neighbours, regenerating bricks
//! regaining hits. The ball's hits queue the first two (`BrickField::queue_aftermath`); this
//! system carries them out.
//!
//! Sources: LBreakout2 `game/bricks.c` (`brick_remove`: explosions after 150 ms through the
//! 3×3 block, growth into the empty 3×3 cells unless a ball is there; `bricks_update`:
//! regeneration), KBreakOut `src/qml/logic.js` (`explode`: the 4 neighbours after 100 ms).

use super::hits::{hit_brick, Tally};
use super::kinds::{self, Aftermath};
use super::{Brick, BrickField, Fuse};
use crate::level::BrickKind;
use crate::sim::tuning::{EXPLOSION_DELAY, REGENERATION_SECONDS};
use crate::sim::{Ball, GameEvent};
use rand::Rng;
use rand_pcg::Pcg32;

/// Offsets (row, column) of the 8 cells around a cell (where a growing brick grows).
pub(in crate::sim) const SQUARE: [(isize, isize); 8] = crate::level::SQUARE_NEIGHBOURS;

impl BrickField {
    /// A brick of `kind` at `row`, `col` was destroyed: queues what its kind sets off (an
    /// explosion's fuse, a growth), carried out by [`update_bricks`].
    pub(in crate::sim) fn queue_aftermath(&mut self, row: usize, col: usize, kind: BrickKind) {
        match kinds::behaviour(kind).aftermath {
            Aftermath::None => {}
            Aftermath::Explode => self.fuses.push(Fuse {
                row,
                col,
                seconds: EXPLOSION_DELAY,
            }),
            Aftermath::Grow => self.growths.push((row, col)),
        }
    }

    /// The cells (row, col) inside the grid at the given offsets from `row`, `col`.
    pub(in crate::sim) fn neighbours<'a>(
        &self,
        row: usize,
        col: usize,
        offsets: &'a [(isize, isize)],
    ) -> impl Iterator<Item = (usize, usize)> + 'a {
        let (rows, cols) = (self.rows(), self.cols());
        offsets.iter().filter_map(move |&(dr, dc)| {
            let r = row.checked_add_signed(dr)?;
            let c = col.checked_add_signed(dc)?;
            (r < rows && c < cols).then_some((r, c))
        })
    }
}

/// One step (`dt` seconds) of the bricks' own behaviour: fuses burn down and blow up their
/// neighbours (destroyed whatever hits they had left, scoring and releasing power-ups like a
/// ball's hit; explosive ones start their own fuse), growing bricks fill their empty neighbours
/// with plain bricks of random colours (not a cell a ball overlaps: `balls`), regenerating ones
/// regain hits. Events go to `events`, random draws come from `rng`.
pub(in crate::sim) fn update_bricks(
    bricks: &mut BrickField,
    balls: &[Ball],
    dt: f32,
    tally: &mut Tally<'_>,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
) {
    if !bricks.fuses.is_empty() {
        explode(bricks, dt, tally, rng, events);
    }
    if !bricks.growths.is_empty() {
        grow(bricks, balls, rng, events);
    }
    // Each brick's regeneration touches only that brick, so the order of the list is free; a
    // brick back at its cap, or gone, leaves it.
    let cells = &mut bricks.cells;
    bricks.regenerating.retain(|&index| {
        let Some(brick) = cells[index].as_mut().filter(|b| b.regrowing()) else {
            return false;
        };
        brick.regeneration += dt;
        if brick.regeneration >= REGENERATION_SECONDS {
            brick.regeneration = 0.0;
            brick.hits_left += 1;
            brick.hits_total = brick.hits_total.max(brick.hits_left);
        }
        brick.regrowing()
    });
}

/// Burns every fuse down by `dt`; each that runs out destroys the neighbours of its cell that an
/// explosion can break, in the level's [`crate::level::Explosion`] shape, after a [`GameEvent::Explosion`].
fn explode(
    bricks: &mut BrickField,
    dt: f32,
    tally: &mut Tally<'_>,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
) {
    let mut due = Vec::new();
    bricks.fuses.retain_mut(|fuse| {
        fuse.seconds -= dt;
        let burnt = fuse.seconds <= 0.0;
        if burnt {
            due.push((fuse.row, fuse.col));
        }
        !burnt
    });
    let shape = bricks.explosion.offsets();
    for (row, col) in due {
        events.push(GameEvent::Explosion {
            row,
            col,
            position: bricks.cell_rect(row, col).center(),
            reach: bricks.cell_size() * 1.5,
        });
        let cells: Vec<(usize, usize)> = bricks.neighbours(row, col, shape).collect();
        for (r, c) in cells {
            let breakable = bricks
                .live(r, c)
                .is_some_and(|b| b.kind.def().explosion_breaks);
            if breakable {
                if let Some(brick) = bricks.live_mut(r, c) {
                    // The blast destroys it whatever hits it had left.
                    brick.hits_left = 1;
                }
                hit_brick(bricks, r, c, tally, rng, events);
            }
        }
    }
}

/// Fills the empty cells around each growing brick destroyed this step with one-hit plain bricks
/// of random colours (`2`–`9`), except cells a ball overlaps; a [`GameEvent::BrickGrown`] each.
fn grow(bricks: &mut BrickField, balls: &[Ball], rng: &mut Pcg32, events: &mut Vec<GameEvent>) {
    let growths = std::mem::take(&mut bricks.growths);
    for (row, col) in growths {
        let cells: Vec<(usize, usize)> = bricks.neighbours(row, col, &SQUARE).collect();
        for (r, c) in cells {
            if bricks.live(r, c).is_some() {
                continue;
            }
            let rect = bricks.cell_rect(r, c);
            let occupied = balls.iter().any(|b| {
                let closest = b.pos.clamp(rect.min, rect.max);
                closest.distance_squared(b.pos) <= b.radius * b.radius
            });
            if occupied {
                continue;
            }
            let kind = BrickKind::Plain(rng.random_range(2..=9u8));
            bricks.place(r, c, Brick::new(kind, rect, 1));
            events.push(GameEvent::BrickGrown {
                row: r,
                col: c,
                kind,
                position: rect.center(),
            });
        }
    }
}
