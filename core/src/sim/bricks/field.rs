//! The level's bricks laid out on the playfield, with a uniform-grid broad phase.

use crate::collision::{inside_contact, inside_contact_through, Aabb, Circle, Contact, Exits};
use crate::level::{BrickKind, Explosion, Level, PowerUpKind, Ruleset, REGENERATION_CAP};
use crate::playfield;
use glam::Vec2;

/// One brick on the playfield.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Brick {
    /// What kind of brick it is.
    pub kind: BrickKind,
    /// Its box in playfield pixels.
    pub rect: Aabb,
    /// False once destroyed (solid bricks are never destroyed).
    pub alive: bool,
    /// Hits still needed to destroy it (multi-hit bricks start above 1; 0 for solid bricks).
    pub hits_left: u8,
    /// Hits it took when the level started (for showing damage).
    pub hits_total: u8,
    /// The power-up it releases when destroyed, if the level placed one.
    pub powerup: Option<PowerUpKind>,
    /// True once it is drawn: from the start, or (invisible and hidden kinds) after its first
    /// hit.
    #[serde(skip_serializing_if = "is_true")]
    pub visible: bool,
    /// Its own colour from the level (`:RRGGBB`, sRGB bytes), else its kind's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<[u8; 3]>,
    /// Regenerating bricks: seconds since it last gained or lost a hit, while below its cap.
    #[serde(skip_serializing_if = "is_zero")]
    pub(crate) regeneration: f32,
}

impl Brick {
    /// A fresh brick of `kind` in `rect` taking `hits` hits (0 for indestructible kinds; at
    /// least 1 for the others), drawn unless its kind hides it, with no power-up.
    pub fn new(kind: BrickKind, rect: Aabb, hits: u8) -> Brick {
        let def = kind.def();
        let hits = if def.destructible { hits.max(1) } else { 0 };
        Brick {
            kind,
            rect,
            alive: true,
            hits_left: hits,
            hits_total: hits,
            powerup: None,
            visible: def.visible,
            colour: None,
            regeneration: 0.0,
        }
    }

    /// True while it must be destroyed to clear the level: a kind that counts, or one that
    /// counts once revealed (hidden bricks, [`crate::level::BrickKindDef::counts_once_revealed`])
    /// once it is.
    pub fn counts(&self) -> bool {
        self.kind.counts_for_clear() || (self.kind.def().counts_once_revealed && self.visible)
    }

    /// Hits a regenerating brick grows back to: [`REGENERATION_CAP`], or more if it started with
    /// more.
    pub(crate) fn regeneration_cap(&self) -> u8 {
        REGENERATION_CAP.max(self.hits_total)
    }

    /// True while it regains hits with time: a live regenerating brick below its
    /// [`Brick::regeneration_cap`].
    pub(crate) fn regrowing(&self) -> bool {
        self.alive && self.kind.def().regenerates && self.hits_left < self.regeneration_cap()
    }
}

/// For `skip_serializing_if`: leaves fields at their initial value out of the state hash, so
/// the hash of a level without the newer brick kinds stays what it was.
fn is_zero(x: &f32) -> bool {
    *x == 0.0
}
fn is_true(b: &bool) -> bool {
    *b
}

/// What a hit did to a brick.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HitOutcome {
    /// A solid brick (or one already gone): nothing changes.
    Solid,
    /// A multi-hit brick lost one hit; `hits_left` remain.
    Damaged {
        /// Hits still needed.
        hits_left: u8,
    },
    /// The brick was destroyed.
    Destroyed {
        /// Its kind.
        kind: BrickKind,
        /// The power-up it held.
        powerup: Option<PowerUpKind>,
    },
}

/// The bricks of a level on a uniform grid that fills the playfield's width and the upper
/// [`playfield::BRICK_AREA_FRACTION`] of its height ([`playfield::cell_size`]). Cell sizes are
/// computed in floating point, so bricks tile the area exactly with no truncation gaps
/// (LearnOpenGL truncates to integers).
///
/// The grid doubles as the broad phase: [`BrickField::cells_overlapping`] returns only the cells
/// a box touches, so a collision query costs a few cells instead of every brick.
#[derive(Clone, Debug, serde::Serialize)]
pub struct BrickField {
    rows: usize,
    cols: usize,
    cell_size: Vec2,
    /// Top-left corner of the grid, playfield pixels (the level's `@area:`, else the origin).
    #[serde(skip_serializing_if = "is_origin")]
    pub(in crate::sim) origin: Vec2,
    /// Bottom edge of the grid, pixels from the top: exactly the level's `@area:` top + height
    /// (300 by default), not a sum of cell heights that rounding could move.
    #[serde(skip)]
    pub(in crate::sim) bottom: f32,
    /// Whose points the bricks score.
    #[serde(skip_serializing_if = "is_classic")]
    pub(in crate::sim) scoring: Ruleset,
    /// Which neighbours an explosion destroys.
    #[serde(skip_serializing_if = "is_square")]
    pub(in crate::sim) explosion: Explosion,
    /// Explosions under way: cells whose neighbours blow up when the time runs out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(in crate::sim) fuses: Vec<Fuse>,
    /// Growing bricks destroyed this step, whose empty neighbours fill at the end of the step.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub(in crate::sim) growths: Vec<(usize, usize)>,
    /// Indices into `cells` of the bricks that regain hits with time ([`Brick::regrowing`]: the
    /// only ones that change with time alone), so a step visits them and not the whole grid (a
    /// level of 200 regenerating bricks spent half its step time in that loop when the list held
    /// every regenerating brick). A brick joins when a hit takes it below its cap and leaves
    /// when it is back at its cap or gone. Derived from `cells` (left out of the state hash) in
    /// any order, since each brick's regeneration touches that brick only.
    #[serde(skip)]
    pub(in crate::sim) regenerating: Vec<usize>,
    // Visible to the rest of `sim` for the state-hash tests, which change them as a bug would.
    pub(in crate::sim) cells: Vec<Option<Brick>>,
    pub(in crate::sim) destructible_left: usize,
}

/// An explosion under way: the neighbours of the cell at `row`, `col` are destroyed when
/// `seconds` (left) reach zero.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub(crate) struct Fuse {
    /// Grid row of the brick that exploded.
    pub row: usize,
    /// Grid column of the brick that exploded.
    pub col: usize,
    /// Seconds until its neighbours go.
    pub seconds: f32,
}

fn is_origin(v: &Vec2) -> bool {
    *v == Vec2::ZERO
}
fn is_classic(s: &Ruleset) -> bool {
    *s == Ruleset::Classic
}
fn is_square(e: &Explosion) -> bool {
    *e == Explosion::Square
}

impl BrickField {
    /// Lays out `level` on the playfield.
    pub fn new(level: &Level) -> BrickField {
        let cols = level.cols.max(1);
        let rows = level.rows.max(1);
        let (origin, cell_size, bottom) = match level.area {
            Some(a) => (
                Vec2::new(f32::from(a.left), f32::from(a.top)),
                Vec2::new(
                    f32::from(a.width) / cols as f32,
                    f32::from(a.height) / rows as f32,
                ),
                f32::from(a.top) + f32::from(a.height),
            ),
            None => (
                Vec2::ZERO,
                playfield::cell_size(rows, cols),
                playfield::PLAYFIELD_HEIGHT * playfield::BRICK_AREA_FRACTION,
            ),
        };
        let mut cells = Vec::with_capacity(rows * cols);
        for row in 0..rows {
            for col in 0..cols {
                let extras = level.extras(row, col);
                cells.push(level.get(row, col).map(|kind| {
                    let mut brick = Brick::new(
                        kind,
                        Self::cell_rect_for(origin, cell_size, row, col),
                        level.hits(row, col),
                    );
                    brick.powerup = extras.and_then(|e| e.powerup);
                    brick.colour = extras.and_then(|e| e.colour);
                    brick
                }));
            }
        }
        let destructible_left = cells.iter().flatten().filter(|b| b.counts()).count();
        let regenerating = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.is_some_and(|b| b.regrowing()))
            .map(|(i, _)| i)
            .collect();
        BrickField {
            rows,
            cols,
            cell_size,
            origin,
            bottom,
            scoring: level.scoring,
            explosion: level.explosion,
            fuses: Vec::new(),
            growths: Vec::new(),
            regenerating,
            cells,
            destructible_left,
        }
    }

    fn cell_rect_for(origin: Vec2, cell_size: Vec2, row: usize, col: usize) -> Aabb {
        let min = origin + Vec2::new(col as f32 * cell_size.x, row as f32 * cell_size.y);
        // The far edge is computed from the next index (not min + size) so neighbours share edges
        // bit-for-bit: no sub-pixel gaps or overlaps for the ball to catch on.
        let max = origin
            + Vec2::new(
                (col + 1) as f32 * cell_size.x,
                (row + 1) as f32 * cell_size.y,
            );
        Aabb { min, max }
    }

    /// The box of the cell at `row`, `col`, playfield pixels (whether or not it holds a brick).
    pub fn cell_rect(&self, row: usize, col: usize) -> Aabb {
        Self::cell_rect_for(self.origin, self.cell_size, row, col)
    }

    /// The bottom edge of the grid, pixels from the playfield's top: below it no brick can
    /// change a ball's course.
    pub fn bottom(&self) -> f32 {
        self.bottom
    }

    /// The grid's box on the playfield, pixels.
    pub fn area(&self) -> Aabb {
        Aabb {
            min: self.origin,
            max: self.origin + Vec2::new(self.cols as f32, self.rows as f32) * self.cell_size,
        }
    }

    /// Number of grid rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of grid columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Size of one cell (= one brick), pixels.
    pub fn cell_size(&self) -> Vec2 {
        self.cell_size
    }

    /// The brick at `row`, `col` if there is one and it is still alive.
    pub fn live(&self, row: usize, col: usize) -> Option<&Brick> {
        if row < self.rows && col < self.cols {
            self.cells[row * self.cols + col]
                .as_ref()
                .filter(|b| b.alive)
        } else {
            None
        }
    }

    /// The live brick at `row`, `col`, to change.
    pub(in crate::sim) fn live_mut(&mut self, row: usize, col: usize) -> Option<&mut Brick> {
        if row < self.rows && col < self.cols {
            self.cells[row * self.cols + col]
                .as_mut()
                .filter(|b| b.alive)
        } else {
            None
        }
    }

    /// Puts `brick` in the empty cell at `row`, `col` (a growing brick's growth); it counts for
    /// clearing the level if its kind does. Does nothing to a live cell or outside the grid.
    pub(in crate::sim) fn place(&mut self, row: usize, col: usize, brick: Brick) {
        if row >= self.rows || col >= self.cols || self.live(row, col).is_some() {
            return;
        }
        if brick.counts() {
            self.destructible_left += 1;
        }
        let index = row * self.cols + col;
        if brick.regrowing() && !self.regenerating.contains(&index) {
            self.regenerating.push(index);
        }
        self.cells[index] = Some(brick);
    }

    /// After the brick at cell `index` changed (a hit, a power-up): it joins the regeneration
    /// list if it now `regrowing`, and the count of bricks left follows whether it `counted`
    /// before and `counts` now.
    pub(in crate::sim) fn account_change(
        &mut self,
        index: usize,
        counted: bool,
        counts: bool,
        regrowing: bool,
    ) {
        if regrowing && !self.regenerating.contains(&index) {
            self.regenerating.push(index);
        }
        match (counted, counts) {
            (true, false) => self.destructible_left -= 1,
            (false, true) => self.destructible_left += 1,
            _ => {}
        }
    }

    /// The contact that takes a ball whose centre is inside the live brick at `row`, `col` (put
    /// there by another ball's push or a very fast move) out to free space, `circle` in
    /// playfield pixels, `velocity` in pixels/second.
    ///
    /// Every mode's own contact traces the centre back through the face it came in by
    /// (`inside_contact`), which knows one box only: a face shared with a live neighbour, or
    /// lying on a wall, leads into that neighbour or out of the playfield. Here only the faces
    /// that lead to an empty cell (or below the grid) are exits (`inside_contact_through`).
    /// With none, the ball leaves along the row or column whose run of live bricks ends soonest
    /// in an empty cell: the shortest way out (the depth then spans the whole run).
    pub fn exit_contact(&self, row: usize, col: usize, circle: Circle, velocity: Vec2) -> Contact {
        let rect = self.cell_rect(row, col);
        // Beside the grid is open playfield if the ball fits between grid and wall.
        let area = self.area();
        let room = 2.0 * circle.radius;
        let exits = Exits {
            left: if col > 0 {
                self.live(row, col - 1).is_none()
            } else {
                area.min.x >= room
            },
            right: if col + 1 < self.cols {
                self.live(row, col + 1).is_none()
            } else {
                area.max.x <= playfield::PLAYFIELD_WIDTH - room
            },
            top: if row > 0 {
                self.live(row - 1, col).is_none()
            } else {
                area.min.y >= room
            },
            // Below the last row is open playfield.
            bottom: self.live(row + 1, col).is_none(),
        };
        if let Some(contact) = inside_contact_through(circle, rect, velocity, exits) {
            return contact;
        }
        let p = circle.center;
        let runs = [
            (Vec2::NEG_X, 0, -1),
            (Vec2::X, 0, 1),
            (Vec2::NEG_Y, -1, 0),
            (Vec2::Y, 1, 0),
        ];
        runs.into_iter()
            .filter_map(|(normal, d_row, d_col): (Vec2, isize, isize)| {
                // Walk to the last live brick of the run; a wall or the ceiling ends it closed.
                let (mut r, mut c) = (row, col);
                loop {
                    let (Some(nr), Some(nc)) =
                        (r.checked_add_signed(d_row), c.checked_add_signed(d_col))
                    else {
                        return None;
                    };
                    if nc >= self.cols {
                        return None;
                    }
                    if self.live(nr, nc).is_none() {
                        break;
                    }
                    (r, c) = (nr, nc);
                }
                let last = self.cell_rect(r, c);
                let face = if normal.x + normal.y < 0.0 {
                    last.min
                } else {
                    last.max
                };
                let distance = ((face - p) * normal).element_sum().max(0.0);
                Some(Contact {
                    normal,
                    depth: distance + circle.radius,
                    point: p + normal * distance,
                })
            })
            .min_by(|a, b| a.depth.total_cmp(&b.depth))
            // Never taken (the downward run always ends below the grid); total all the same.
            .unwrap_or_else(|| inside_contact(circle, rect, velocity))
    }

    /// Bricks still alive that count for clearing the level (the destructible ones).
    pub fn destructible_left(&self) -> usize {
        self.destructible_left
    }

    /// All live bricks with their (row, col), top row first.
    pub fn iter_live(&self) -> impl Iterator<Item = (usize, usize, &Brick)> {
        self.cells.iter().enumerate().filter_map(move |(i, c)| {
            c.as_ref()
                .filter(|b| b.alive)
                .map(|b| (i / self.cols, i % self.cols, b))
        })
    }

    /// Broad phase: the (row, col) of every grid cell that `area` overlaps (inclusive of edges),
    /// whether or not it holds a brick. Empty when `area` is entirely outside the grid.
    pub fn cells_overlapping(&self, area: Aabb) -> impl Iterator<Item = (usize, usize)> {
        let grid_max = Vec2::new(self.cols as f32, self.rows as f32) * self.cell_size;
        // Relative to the grid's corner (exact when it is the origin: x − 0 = x).
        let area = Aabb {
            min: area.min - self.origin,
            max: area.max - self.origin,
        };
        let outside = area.max.x < 0.0
            || area.max.y < 0.0
            || area.min.x > grid_max.x
            || area.min.y > grid_max.y
            || !area.min.is_finite()
            || !area.max.is_finite();
        let (rows, cols) = if outside {
            (0..0, 0..0)
        } else {
            let index =
                |v: f32, size: f32, n: usize| ((v / size).floor().max(0.0) as usize).min(n - 1);
            let c0 = index(area.min.x, self.cell_size.x, self.cols);
            let c1 = index(area.max.x, self.cell_size.x, self.cols);
            let r0 = index(area.min.y, self.cell_size.y, self.rows);
            let r1 = index(area.max.y, self.cell_size.y, self.rows);
            (r0..r1 + 1, c0..c1 + 1)
        };
        rows.flat_map(move |r| cols.clone().map(move |c| (r, c)))
    }
}
