//! Warnings: mistakes that still leave a playable level, which a level author wants to hear about;
//! and one error that still loads: a level none of whose bricks to clear the ball can reach.

use super::brick_kinds::BrickKind;
use super::parse::Positions;
use super::powerups::{PowerUpKind, Roll};
use super::types::{Diagnostic, Level};
use crate::playfield::{
    self, BALL_RADIUS, BRICK_AREA_FRACTION, PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH, SHOT_SIZE,
    SMALL_BALL_SCALE,
};
use glam::Vec2;
use std::collections::VecDeque;

/// Spacing of the raster on which reachability samples the ball centre's configuration space,
/// playfield pixels, on both axes. At 2 px the whole 800 × 600 playfield is at most 400 × 300
/// samples, and each indestructible brick marks only the samples of its rectangle grown by the
/// ball's radius, so a 64 × 64 level costs a few million distance tests at most. A gap within
/// one step of the ball's diameter may be judged either way.
pub(crate) const RASTER_STEP: f32 = 2.0;

/// Slack of the "does the ball fit" test, pixels: a ball exactly as wide as a gap passes.
const FIT_SLACK: f32 = 1e-3;

/// The power-ups that let the ball (or its shots) reach bricks a plain ball cannot, in the
/// order a warning names them; see [`opening`].
pub(crate) const OPENERS: [PowerUpKind; 5] = [
    PowerUpKind::EnergyBall,
    PowerUpKind::SmallBall,
    PowerUpKind::Weapon,
    PowerUpKind::MagicWand,
    PowerUpKind::NextLevel,
];

/// What reaches the bricks, for [`touchable`]: a disk of `radius` pixels, which bricks stop it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Prober {
    /// Radius of the disk, pixels.
    radius: f32,
    /// What an energy ball breaks lets it through (metal and chaotic bricks,
    /// [`crate::level::BrickKindDef::energy_breaks`]).
    energy_open: bool,
    /// Walls (`1`) let it through too.
    walls_open: bool,
}

/// The plain ball: walls, metal and chaotic bricks stop it.
const BALL: Prober = Prober {
    radius: BALL_RADIUS,
    energy_open: false,
    walls_open: false,
};

/// How a power-up caught in play lets the game reach bricks a plain ball cannot, as the
/// simulation has it (`sim::powerup_table`; the bricks' [`crate::level::BrickKindDef`]); `None` for the power-ups
/// that open nothing:
///
/// * `energy-ball` passes through metal (`M`) and chaotic (`C`) bricks, breaking them, not walls;
/// * `small-ball` shrinks the ball to [`SMALL_BALL_SCALE`] of its radius: it passes narrower gaps;
/// * `weapon` shots are [`SHOT_SIZE`]'s width wide: modelled generously as a disk of that width that
///   may go anywhere (shots only fly straight up);
/// * `magic-wand` turns every indestructible brick, walls included, into a one-hit brick;
/// * `next-level` clears the level at once.
fn opening(kind: PowerUpKind) -> Option<Prober> {
    match kind {
        PowerUpKind::EnergyBall => Some(Prober {
            energy_open: true,
            ..BALL
        }),
        PowerUpKind::SmallBall => Some(Prober {
            radius: BALL_RADIUS * SMALL_BALL_SCALE,
            ..BALL
        }),
        PowerUpKind::Weapon => Some(Prober {
            radius: SHOT_SIZE.x / 2.0,
            ..BALL
        }),
        PowerUpKind::MagicWand | PowerUpKind::NextLevel => Some(Prober {
            energy_open: true,
            walls_open: true,
            ..BALL
        }),
        // Every other power-up opens nothing: listed, so a new one is a compile error here
        // until it is judged (and added to OPENERS if it opens something).
        PowerUpKind::Speed
        | PowerUpKind::Sticky
        | PowerUpKind::PassThrough
        | PowerUpKind::PadSizeIncrease
        | PowerUpKind::Confuse
        | PowerUpKind::Chaos
        | PowerUpKind::Multiball
        | PowerUpKind::ExtraLife
        | PowerUpKind::Points100
        | PowerUpKind::Points200
        | PowerUpKind::Points500
        | PowerUpKind::Points1000
        | PowerUpKind::Points2000
        | PowerUpKind::Points5000
        | PowerUpKind::Points10000
        | PowerUpKind::GoldShower
        | PowerUpKind::Shrink
        | PowerUpKind::Frozen
        | PowerUpKind::Ghost
        | PowerUpKind::BonusMagnet
        | PowerUpKind::MalusMagnet
        | PowerUpKind::AimHelper
        | PowerUpKind::AimSticky
        | PowerUpKind::Fast
        | PowerUpKind::Slow
        | PowerUpKind::ExplosiveBall
        | PowerUpKind::WeakBall
        | PowerUpKind::BigBall
        | PowerUpKind::NormalBall
        | PowerUpKind::ChaoticBall
        | PowerUpKind::ExtraBall
        | PowerUpKind::BonusFloor
        | PowerUpKind::Darkness
        | PowerUpKind::BoardDrop
        | PowerUpKind::Detonate
        | PowerUpKind::ExplosiveGrow
        | PowerUpKind::EasyBricks
        | PowerUpKind::MagicEye
        | PowerUpKind::LoseLife
        | PowerUpKind::Joker
        | PowerUpKind::Reset
        | PowerUpKind::TimeAdd
        | PowerUpKind::Random => None,
    }
}

/// Where a level's grid lies: playfield pixels, origin top-left, y down.
#[derive(Clone, Copy, Debug)]
struct Grid {
    /// Top-left corner of the grid.
    origin: Vec2,
    /// Size of one cell (width, height).
    cell: Vec2,
    /// Columns.
    cols: usize,
    /// Rows.
    rows: usize,
}

impl Grid {
    /// The grid of `level`: its `@area:`, else the default layout (the playfield's width and
    /// upper [`BRICK_AREA_FRACTION`]), with cells as [`playfield::cell_size`] scales them.
    /// `level.rows` and `level.cols` must be at least 1.
    fn of(level: &Level) -> Grid {
        let default_h = PLAYFIELD_HEIGHT * BRICK_AREA_FRACTION;
        let (origin, size) =
            level
                .area
                .map_or((Vec2::ZERO, Vec2::new(PLAYFIELD_WIDTH, default_h)), |a| {
                    (
                        Vec2::new(f32::from(a.left), f32::from(a.top)),
                        Vec2::new(f32::from(a.width), f32::from(a.height)),
                    )
                });
        let cell = playfield::cell_size(level.rows, level.cols)
            * Vec2::new(size.x / PLAYFIELD_WIDTH, size.y / default_h);
        Grid {
            origin,
            cell,
            cols: level.cols,
            rows: level.rows,
        }
    }

    /// The rectangle of cell `i` (row-major): (min, max) corners.
    fn rect(&self, i: usize) -> (Vec2, Vec2) {
        let at = Vec2::new((i % self.cols) as f32, (i / self.cols) as f32);
        let min = self.origin + at * self.cell;
        (min, min + self.cell)
    }

    /// The grid's bottom edge, pixels from the top.
    fn bottom(&self) -> f32 {
        self.origin.y + self.rows as f32 * self.cell.y
    }
}

/// The raster of ball-centre samples: sample (i, j) is at ((i + ½)·step, (j + ½)·step).
struct Raster {
    nx: usize,
    ny: usize,
}

impl Raster {
    fn point(&self, s: usize) -> Vec2 {
        Vec2::new((s % self.nx) as f32 + 0.5, (s / self.nx) as f32 + 0.5) * RASTER_STEP
    }

    /// Calls `f` with every sample at most `reach` pixels from the rectangle `(min, max)`.
    fn near(&self, (min, max): (Vec2, Vec2), reach: f32, mut f: impl FnMut(usize)) {
        let index = |v: f32, n: usize| (v / RASTER_STEP - 0.5).clamp(0.0, n as f32 - 1.0) as usize;
        let (i0, i1) = (
            index(min.x - reach, self.nx),
            index(max.x + reach + RASTER_STEP, self.nx),
        );
        let (j0, j1) = (
            index(min.y - reach, self.ny),
            index(max.y + reach + RASTER_STEP, self.ny),
        );
        for j in j0..=j1 {
            for i in i0..=i1 {
                let s = j * self.nx + i;
                let p = self.point(s);
                let d = (min - p).max(p - max).max(Vec2::ZERO);
                if d.length_squared() <= reach * reach {
                    f(s);
                }
            }
        }
    }
}

/// Per cell of `level` (row-major): true where `prober` can touch a destructible brick.
///
/// A flood fill of the prober centre's configuration space on a raster of [`RASTER_STEP`] px:
/// the free space is the playfield (less a radius along its left, top and right walls) minus
/// the Minkowski sum of every brick that stops the prober with its disk (the brick's rectangle
/// grown by the radius, corners rounded). Bricks that break are open: the ball goes where they
/// were once it has broken them. The fill starts from every free sample below the grid and is
/// 4-connected, so it goes around a grid that leaves room at the sides (`@area:`) and never
/// through a gap narrower than the disk, nor a diagonal gap between two corners. A brick is
/// touched when a reached sample is within the radius (plus half a step) of its rectangle, or
/// when an explosion it sets off reaches it ([`with_explosions`]).
fn touchable(level: &Level, grid: &Grid, prober: Prober) -> Vec<bool> {
    with_explosions(level, disk_touchable(level, grid, prober))
}

/// The bricks the disk itself touches ([`touchable`] before explosions).
fn disk_touchable(level: &Level, grid: &Grid, prober: Prober) -> Vec<bool> {
    let r = prober.radius;
    let stops = |k: BrickKind| {
        let d = k.def();
        let opens = prober.walls_open || (prober.energy_open && d.energy_breaks);
        !d.destructible && !opens
    };
    let nx = (PLAYFIELD_WIDTH / RASTER_STEP).ceil() as usize;
    let max_ny = (PLAYFIELD_HEIGHT / RASTER_STEP).ceil() as usize;
    // Rows down to one whole step below the grid's bottom plus the radius: the last is free.
    let ny = (((grid.bottom() + r) / RASTER_STEP).ceil() as usize + 2).min(max_ny);
    let raster = Raster { nx, ny };
    let mut free: Vec<bool> = (0..nx * ny)
        .map(|s| {
            let p = raster.point(s);
            p.x >= r - FIT_SLACK && p.x <= PLAYFIELD_WIDTH - r + FIT_SLACK && p.y >= r - FIT_SLACK
        })
        .collect();
    for (i, cell) in level.cells.iter().enumerate() {
        if cell.is_some_and(stops) {
            raster.near(grid.rect(i), r - FIT_SLACK, |s| free[s] = false);
        }
    }
    let mut reached = vec![false; nx * ny];
    let mut queue: VecDeque<usize> = ((ny - 1) * nx..ny * nx).filter(|&s| free[s]).collect();
    for &s in &queue {
        reached[s] = true;
    }
    while let Some(s) = queue.pop_front() {
        let (i, j) = (s % nx, s / nx);
        let neighbours = [
            (j > 0).then(|| s - nx),
            (j + 1 < ny).then(|| s + nx),
            (i > 0).then(|| s - 1),
            (i + 1 < nx).then(|| s + 1),
        ];
        for n in neighbours.into_iter().flatten() {
            if free[n] && !reached[n] {
                reached[n] = true;
                queue.push_back(n);
            }
        }
    }
    level
        .cells
        .iter()
        .enumerate()
        .map(|(i, cell)| {
            let mut touched = false;
            if cell.is_some_and(|k| !stops(k)) {
                raster.near(grid.rect(i), r + RASTER_STEP / 2.0, |s| {
                    touched |= reached[s]
                });
            }
            touched
        })
        .collect()
}

/// `touched` grown by explosions, as the simulation sets them off: an explosive brick that is
/// touched goes off and destroys its neighbours (the level's `@explosion:` shape) that an
/// explosion breaks ([`crate::level::BrickKindDef::explosion_breaks`]: not walls, metal or
/// chaotic bricks), whatever walls them in; explosive ones among them go off in turn.
fn with_explosions(level: &Level, mut touched: Vec<bool>) -> Vec<bool> {
    let (rows, cols) = (level.rows, level.cols);
    let explosive = |i: usize| level.cells[i].is_some_and(|k| k.def().explodes());
    let mut queue: VecDeque<usize> = (0..touched.len())
        .filter(|&i| touched[i] && explosive(i))
        .collect();
    while let Some(i) = queue.pop_front() {
        let (row, col) = (i / cols, i % cols);
        for &(dr, dc) in level.explosion.offsets() {
            let (Some(r), Some(c)) = (row.checked_add_signed(dr), col.checked_add_signed(dc))
            else {
                continue;
            };
            if r >= rows || c >= cols {
                continue;
            }
            let n = r * cols + c;
            let breaks = level.cells[n].is_some_and(|k| k.def().explosion_breaks);
            if breaks && !touched[n] {
                touched[n] = true;
                if explosive(n) {
                    queue.push_back(n);
                }
            }
        }
    }
    touched
}

/// Warnings and errors for a valid `level` whose cells were at `positions` (line, column) in its
/// file; each message starts with `warning:` or `error:` ([`Diagnostic::is_error`]):
///
/// * a brick that must be cleared which the ball can never reach: indestructible bricks (walls,
///   metal, chaotic) wall it in, or leave only gaps narrower than the ball (a flood fill of the
///   ball centre's configuration space in the level's real geometry, on a 2 px raster;
///   breakable bricks open up once destroyed; the ball cannot squeeze through a diagonal gap
///   between two corners), and no explosion the ball sets off reaches it. A power-up in such a brick is lost. If a power-up the level can
///   give — a `+name` on a brick the ball reaches, a `@scatter:` one, or what a `+N%`/`+bad`
///   roll or `+random` may bring — would let the game reach it (energy-ball, small-ball,
///   weapon, magic-wand, next-level), the warning names it;
/// * the same as an **error** when no brick that must be cleared can be reached at all and no
///   power-up opens the way: the level loads and plays but can never be cleared;
/// * bricks narrower than the ball (too many columns), or thinner than its radius (too many rows).
pub fn warnings(level: &Level, positions: &Positions) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let (rows, cols) = (level.rows, level.cols);
    if rows == 0 || cols == 0 || positions.len() != rows * cols || level.cells.len() != rows * cols
    {
        return out;
    }
    let grid = Grid::of(level);
    let (area_w, area_h) = (grid.cell.x * cols as f32, grid.cell.y * rows as f32);
    let (brick_w, brick_h) = (grid.cell.x, grid.cell.y);
    let diameter = 2.0 * BALL_RADIUS;
    if brick_w < diameter {
        out.push(Diagnostic {
            line: positions[0].0,
            column: positions[0].1,
            message: format!(
                "warning: with {cols} columns bricks are {brick_w:.1} px wide, narrower than the ball ({diameter} px); use at most {} columns",
                (area_w / diameter).floor()
            ),
        });
    }
    if brick_h < BALL_RADIUS {
        out.push(Diagnostic {
            line: positions[0].0,
            column: positions[0].1,
            message: format!(
                "warning: with {rows} rows bricks are {brick_h:.1} px high, thinner than the ball's radius ({BALL_RADIUS} px); use at most {} rows",
                (area_h / BALL_RADIUS).floor()
            ),
        });
    }

    let counts = |i: usize| level.cells[i].is_some_and(|k| k.counts_for_clear());
    let reached = touchable(level, &grid, BALL);
    let unreached: Vec<usize> = (0..rows * cols)
        .filter(|&i| counts(i) && !reached[i])
        .collect();
    if unreached.is_empty() {
        return out;
    }
    let stuck = !(0..rows * cols).any(|i| counts(i) && reached[i]);
    let sources = opener_sources(level, positions, &reached);
    // Each prober's reach, computed once for the first brick that needs it.
    let mut reach_of: Vec<(Prober, Vec<bool>)> = Vec::new();
    for i in unreached {
        let (line, column) = positions[i];
        let lost = level
            .extras
            .get(&i)
            .and_then(|e| e.powerup)
            .map_or(String::new(), |p| {
                format!(" (and its power-up {} is lost)", p.token())
            });
        let mut opener = None;
        for (kind, from) in &sources {
            let Some(prober) = opening(*kind) else {
                continue;
            };
            let known = reach_of.iter().position(|(p, _)| *p == prober);
            let k = known.unwrap_or_else(|| {
                reach_of.push((prober, touchable(level, &grid, prober)));
                reach_of.len() - 1
            });
            if reach_of[k].1[i] {
                opener = Some((*kind, from));
                break;
            }
        }
        const WALLED: &str = "this brick can never be reached: indestructible bricks wall it in or leave only gaps narrower than the ball";
        let message = match opener {
            Some((kind, from)) => format!(
                "warning: {WALLED} ({diameter} px), so the level cannot be cleared unless the power-up {kind} ({from}) opens the way"
            ),
            None if stuck => format!(
                "error: {WALLED} ({diameter} px), and so is every brick that must be cleared: the level can never be cleared{lost}"
            ),
            None => format!(
                "warning: {WALLED} ({diameter} px), so the level can never be cleared{lost}"
            ),
        };
        out.push(Diagnostic {
            line,
            column,
            message,
        });
    }
    out.sort_by_key(|d| (d.line, d.column));
    out
}

/// The power-ups of [`OPENERS`] that `level` can give, each with where it comes from, in file
/// order: a `+name` on a breakable brick the ball reaches (`reached`), each kind a `+N%` roll,
/// a `+bad` roll or a `+random` there may bring (any opener; only `small-ball` is a bad one),
/// and `@scatter:`'s.
fn opener_sources(
    level: &Level,
    positions: &Positions,
    reached: &[bool],
) -> Vec<(PowerUpKind, String)> {
    let mut out = Vec::new();
    let any = |out: &mut Vec<(PowerUpKind, String)>, bad_only: bool, from: &str| {
        for kind in OPENERS {
            if !bad_only || kind == PowerUpKind::SmallBall {
                out.push((kind, format!("{from} may bring it")));
            }
        }
    };
    for (&i, extras) in &level.extras {
        let breaks = level
            .cells
            .get(i)
            .copied()
            .flatten()
            .is_some_and(BrickKind::is_destructible);
        if !breaks || !reached.get(i).copied().unwrap_or(false) {
            continue;
        }
        let (line, column) = positions.get(i).copied().unwrap_or((0, 0));
        match (extras.powerup, extras.roll) {
            (Some(PowerUpKind::Random), _) => {
                any(&mut out, false, &format!("+random at {line}:{column}"))
            }
            (Some(kind), _) if OPENERS.contains(&kind) => {
                out.push((kind, format!("+{} at {line}:{column}", kind.token())))
            }
            (_, Some(Roll::Bad)) => {
                any(&mut out, true, &format!("the +bad roll at {line}:{column}"))
            }
            (_, Some(roll)) => any(
                &mut out,
                false,
                &format!("the +{} roll at {line}:{column}", roll.token()),
            ),
            _ => {}
        }
    }
    for &(kind, _) in &level.scatter {
        if kind == PowerUpKind::Random {
            any(&mut out, false, "a +random from @scatter");
        } else if OPENERS.contains(&kind) {
            out.push((kind, "from @scatter".to_string()));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn lint(text: &str) -> Vec<Diagnostic> {
        let (level, positions) = super::super::parse::parse(text, "t").expect("a valid level");
        warnings(&level, &positions)
    }

    /// The independent oracle of the old lint: a 4-connected flood fill over cells, from every
    /// cell of the bottom row, through every cell but walls, metal and chaotic bricks.
    fn cell_flood_fill(level: &Level) -> Vec<bool> {
        let (rows, cols) = (level.rows, level.cols);
        let open = |r: usize, c: usize| level.get(r, c).is_none_or(|k| k.is_destructible());
        let mut seen = vec![false; rows * cols];
        let mut todo: Vec<(usize, usize)> = (0..cols).map(|c| (rows - 1, c)).collect();
        while let Some((r, c)) = todo.pop() {
            if seen[r * cols + c] || !open(r, c) {
                continue;
            }
            seen[r * cols + c] = true;
            todo.extend(r.checked_sub(1).map(|r| (r, c)));
            todo.extend((r + 1 < rows).then_some((r + 1, c)));
            todo.extend(c.checked_sub(1).map(|c| (r, c)));
            todo.extend((c + 1 < cols).then_some((r, c + 1)));
        }
        seen
    }

    fn symbols() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec!["0", "0", "1", "1", "M", "C", "2", "5", "X", "H", "R"])
    }

    /// A level text of `rows` × `cols` cells from `cells`, with `header` before the grid.
    fn text_of(header: &str, rows: usize, cols: usize, cells: &[&str]) -> String {
        let grid: Vec<String> = (0..rows)
            .map(|r| cells[r * cols..(r + 1) * cols].join(" "))
            .collect();
        format!("{header}{}\n", grid.join("\n"))
    }

    proptest! {
        /// Where every cell is wider and taller than the ball by at least a raster step, a gap
        /// is a whole open cell, which the ball passes: the configuration-space fill must touch
        /// exactly the breakable bricks the cell flood fill reaches, on the default layout and
        /// on full-width `@area:`s of other heights.
        #[test]
        fn with_cells_larger_than_the_ball_the_raster_matches_the_cell_flood_fill(
            rows in 1usize..=11,
            cols in 1usize..=29,
            cells in prop::collection::vec(symbols(), 11 * 29),
            height in prop::option::of(0.0f64..1.0),
        ) {
            let header = height.map_or(String::new(), |f| {
                let low = 27 * rows;
                format!("@area: 0 0 800 {}\n", low + (f * (500 - low) as f64) as usize)
            });
            let mut cells = cells[..rows * cols].to_vec();
            cells[0] = "2"; // at least one brick to clear
            let (level, _) = super::super::parse::parse(&text_of(&header, rows, cols, &cells), "p").unwrap();
            let grid = Grid::of(&level);
            prop_assert!(grid.cell.min_element() >= 2.0 * BALL_RADIUS + RASTER_STEP);
            let raster = disk_touchable(&level, &grid, BALL);
            let cells_fill = cell_flood_fill(&level);
            for (i, cell) in level.cells.iter().enumerate() {
                if cell.is_some_and(|k| k.is_destructible()) {
                    prop_assert_eq!(raster[i], cells_fill[i], "cell {} of\n{}{:?}", i, header, cells);
                }
            }
        }

        /// A brick above a gap of `gap` columns in a 100 px thick wall is flagged exactly when
        /// the gap is narrower than the ball (its width is known in closed form: gap × 800 / cols
        /// px); within a raster step of the diameter either answer is allowed.
        #[test]
        fn a_brick_behind_a_gap_is_flagged_exactly_when_the_gap_is_narrower_than_the_ball(
            cols in 3usize..=64,
            gap in 1usize..=8,
            at in 0.0f64..1.0,
        ) {
            let gap = gap.min(cols - 2);
            let start = 1 + (at * (cols - 1 - gap) as f64) as usize;
            let mut cells = vec!["1"; 3 * cols];
            cells[start] = "3";
            for c in start..start + gap {
                cells[cols + c] = "0";
            }
            for c in 0..cols {
                cells[2 * cols + c] = "0";
            }
            cells[2 * cols] = "2"; // a reachable brick: this is a warning, not an error
            let text = text_of("", 3, cols, &cells);
            let flagged = lint(&text).iter().any(|d| d.line == 1 && d.message.contains("never be reached"));
            let width = gap as f32 * PLAYFIELD_WIDTH / cols as f32;
            if width < 2.0 * BALL_RADIUS - RASTER_STEP {
                prop_assert!(flagged, "{width} px gap\n{text}");
            } else if width > 2.0 * BALL_RADIUS + RASTER_STEP {
                prop_assert!(!flagged, "{width} px gap\n{text}");
            }
        }
    }

    /// A play-test's `narrow.lvl` (a brick behind a gap the ball cannot pass): 40 columns on the
    /// default layout are 20 px, the ball is 25 px; a brick behind a one-cell gap is out of reach,
    /// and as the only brick to clear it is an error at its line and column. Two cells (40 px) let
    /// the ball through.
    #[test]
    fn a_brick_behind_a_one_cell_gap_of_40_columns_is_flagged() {
        let row = |f: &dyn Fn(usize) -> &'static str| (0..40).map(f).collect::<Vec<_>>().join(" ");
        let top = row(&|c| if c == 20 { "4" } else { "1" });
        let wall = |gap: usize| {
            row(&move |c| {
                if (20..20 + gap).contains(&c) {
                    "0"
                } else {
                    "1"
                }
            })
        };
        let floor = row(&|_| "0");
        let one = format!("{top}\n{}\n{floor}\n", wall(1));
        let d = lint(&one);
        let flagged: Vec<&Diagnostic> = d
            .iter()
            .filter(|d| d.message.contains("never be reached"))
            .collect();
        assert_eq!(flagged.len(), 1, "{d:#?}");
        assert_eq!((flagged[0].line, flagged[0].column), (1, 41), "{d:#?}");
        assert!(flagged[0].is_error(), "{:?}", flagged[0].message);
        let two = format!("{top}\n{}\n{floor}\n", wall(2));
        assert!(!lint(&two)
            .iter()
            .any(|d| d.message.contains("never be reached")));
    }

    #[test]
    fn a_sealed_level_is_an_error_and_one_reachable_brick_makes_it_a_warning() {
        let sealed = "1 1 1\n1 4+L 1\n1 1 1\n";
        let d = lint(sealed);
        assert_eq!(d.len(), 1, "{d:#?}");
        assert!(
            d[0].is_error() && d[0].message.contains('L'),
            "{:?}",
            d[0].message
        );
        assert_eq!((d[0].line, d[0].column), (2, 3));
        let d = lint(&format!("{sealed}0 2 0\n"));
        assert_eq!(d.len(), 1, "{d:#?}");
        assert!(d[0].message.starts_with("warning:"), "{:?}", d[0].message);
    }

    /// Around the side of a grid narrower than the playfield, and over it: a brick on a wall is
    /// reached from above (the cell flood fill would say it is not).
    #[test]
    fn the_ball_goes_around_an_area_narrower_than_the_playfield() {
        let text = "@area: 100 100 600 200\n1 2 1\n1 1 1\n";
        assert!(lint(text).is_empty(), "{:#?}", lint(text));
        let full = "@area: 0 100 800 200\n1 2 1\n1 1 1\n";
        assert!(lint(full)[0].is_error(), "{:#?}", lint(full));
    }

    #[test]
    fn a_power_up_that_opens_the_way_turns_the_error_into_a_warning_naming_it() {
        // Metal: the energy ball breaks it.
        let d = lint("@scatter: energy-ball 1\nM M M\nM 4 M\nM M M\n");
        assert_eq!(d.len(), 1, "{d:#?}");
        assert!(!d[0].is_error(), "{:?}", d[0].message);
        assert!(
            d[0].message.contains("energy-ball (from @scatter)"),
            "{:?}",
            d[0].message
        );
        // Walls: the energy ball does not, the magic wand does.
        assert!(lint("@scatter: energy-ball 1\n1 1 1\n1 4 1\n1 1 1\n")[0].is_error());
        let d = lint("@scatter: magic-wand 1\n1 1 1\n1 4 1\n1 1 1\n");
        assert!(d[0].message.contains("magic-wand"), "{:?}", d[0].message);
        // A narrow gap: the small ball (15 px) fits 20 px; a +bad roll on a reachable hidden
        // brick may bring it.
        let row = |f: &dyn Fn(usize) -> &'static str| (0..40).map(f).collect::<Vec<_>>().join(" ");
        let grid = format!(
            "{}\n{}\n{}\n",
            row(&|c| if c == 20 { "4" } else { "1" }),
            row(&|c| if c == 20 { "0" } else { "1" }),
            row(&|c| if c == 3 { "H+bad" } else { "0" }),
        );
        let d = lint(&grid);
        let flagged: Vec<&Diagnostic> = d
            .iter()
            .filter(|d| d.message.contains("never be reached"))
            .collect();
        assert!(!flagged[0].is_error(), "{:?}", flagged[0].message);
        assert!(
            flagged[0]
                .message
                .contains("small-ball (the +bad roll at 3:"),
            "{:?}",
            flagged[0].message
        );
        // The same roll on a brick the ball cannot reach brings nothing.
        let hidden_away = grid.replace("H+bad", "0").replacen("1 1 1", "1 H+bad 1", 1);
        assert!(
            lint(&hidden_away).iter().any(Diagnostic::is_error),
            "{hidden_away}"
        );
    }

    /// A `+bad` roll may bring small-ball, and only small-ball among the openers.
    #[test]
    fn small_ball_is_the_only_bad_opener() {
        for kind in OPENERS {
            assert_eq!(kind.is_bad(), kind == PowerUpKind::SmallBall, "{kind:?}");
        }
    }

    #[test]
    fn openers_are_exactly_the_power_ups_that_open_something() {
        let opening_kinds: Vec<PowerUpKind> = PowerUpKind::ALL
            .into_iter()
            .filter(|&k| opening(k).is_some())
            .collect();
        let mut listed = OPENERS.to_vec();
        listed.sort();
        assert_eq!(opening_kinds, listed);
    }
}

#[cfg(test)]
mod explosion_tests {
    use super::*;

    fn lint(text: &str) -> Vec<Diagnostic> {
        let (level, positions) = super::super::parse::parse(text, "t").unwrap();
        warnings(&level, &positions)
    }

    fn unreached(text: &str) -> Vec<(usize, usize)> {
        lint(text)
            .iter()
            .filter(|d| d.message.contains("never be reached"))
            .map(|d| (d.line, d.column))
            .collect()
    }

    /// The game's explosions destroy bricks whatever walls them in: a brick sealed by walls next
    /// to an explosive brick the ball reaches is cleared by the blast, so it is not flagged.
    #[test]
    fn a_walled_in_brick_next_to_a_reachable_explosive_brick_is_not_flagged() {
        let sealed = "1 1 1 0\n1 4 1 0\n1 1 1 0\n0 0 0 0\n";
        assert_eq!(unreached(sealed), vec![(2, 3)]);
        // The explosive brick below the wall, diagonal to the sealed one: the square blast reaches
        // it, but walls are not broken by it.
        let square = "1 1 1 0\n1 4 1 0\n1 1 X 0\n0 0 0 0\n";
        assert_eq!(unreached(square), vec![], "{:#?}", lint(square));
        // Under `@explosion: cross` the diagonal is out of the blast.
        let cross = format!("@explosion: cross\n{square}");
        assert_eq!(unreached(&cross), vec![(3, 3)], "{:#?}", lint(&cross));
    }

    /// A chain: explosive bricks walled in themselves go off when a neighbour's blast reaches
    /// them, and so reach further; metal stops nothing of the blast but is not broken by it.
    #[test]
    fn explosions_chain_through_walled_in_explosive_bricks() {
        let chain = "@explosion: cross\n1 1 1 1 1\n1 4 X X 1\n1 1 1 X 1\n0 0 0 0 0\n";
        // The bottom X is touched from below; its blast sets off the one above, which sets off
        // its left neighbour, which destroys the 4.
        assert_eq!(unreached(chain), vec![], "{:#?}", lint(chain));
        let broken = "@explosion: cross\n1 1 1 1 1\n1 4 M X 1\n1 1 1 X 1\n0 0 0 0 0\n";
        assert_eq!(unreached(broken), vec![(3, 3)], "{:#?}", lint(broken));
    }
}
