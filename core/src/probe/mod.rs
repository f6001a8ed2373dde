//! The collision lab's probe: one or two bricks, a ball and one step's motion, asked of every
//! collision mode and of the exact referee, and each mode's answer measured against the
//! referee's. No GL, no window: the lab's scene (`app::scenes::lab`) drags the ball and draws the
//! rows (the game's `view::lab`); the regression cases ([`case`]) replay saved probes in tests.
//!
//! What is asked (Box2D's collision samples, Jolt's mouse probe; issue 25):
//!
//! * The ball is dragged to where it is at the **start** of a fixed step; the arrow is its
//!   **motion over one step** (pixels; its velocity is the arrow × 240 steps per second).
//! * The **discrete modes** (`aabb`, `clamp`, `zones`, `cross`) are asked what a discrete step
//!   asks: move the ball by the whole arrow, then test the overlap there (no sub-steps: the game
//!   sub-steps, the tests themselves do not), with the arrow as the velocity their inside
//!   contact traces back along. With no arrow, that is the ball where it is.
//! * **`swept`** is asked for the time of impact along the arrow from the start
//!   ([`swept_circle_aabb::time_of_impact`]); a ball that already overlaps at the start has none.
//! * The **referee** ([`exact`]) answers both in f64: the exact contact at the arrow's end, and
//!   the exact time of impact along it.
//!
//! A discrete mode disagrees with the referee when it reports a hit the referee does not (or
//! misses one), when its contact normal or penetration depth is off by more than the tolerances
//! below, or when it misses a hit the referee finds on the way (it **tunnelled**: the arrow went
//! through the brick). `swept` disagrees when its hit, time of impact or normal differs.
//!
//! **The centre inside the box.** With the tested centre inside the box, the modes trace it back
//! along the arrow to the face it came through (`collision::inside_contact`), while the
//! referee, which has no memory of the motion, takes the nearest face. Both rules are right for
//! what they answer, so the normal and depth are then not compared (the row says why) unless
//! there is no arrow, when the modes too take the face of least penetration.

pub mod around;
pub mod case;
pub mod models;
pub mod own;
pub mod placed;
pub mod presets;
pub mod split;

use crate::collision::exact_circle_aabb::{self as exact, ExactContact, ExactImpact};
use crate::collision::model::BrickGrid;
use crate::collision::{self, swept_circle_aabb, Aabb, Circle, CollisionMode, Resolution};
use crate::playfield::{cell_size, BALL_RADIUS};
use glam::{DVec2, Vec2};

/// Largest difference between a mode's contact normal and the referee's, degrees, still counted
/// as agreeing. The f32 modes' closest points are within ~1e-4 px of the exact ones, which turns
/// the normal by under 1e-3 rad (0.057°) once the centre is 0.1 px from the box (the margin of
/// `tests/oracle_parry.rs`); 0.1° is above that rounding and far below a bounce anyone can see
/// (0.1° moves the ball 0.17 px per 100 px of flight).
pub const NORMAL_TOLERANCE_DEG: f64 = 0.1;

/// Largest difference between a mode's penetration depth and the referee's, pixels, still
/// counted as agreeing: f32 coordinates under 800 px are exact to ~6e-5 px and the squared
/// distances to ~1e-4 px; 1e-3 px is ten times that (the oracle test's `DEPTH_TOL`).
pub const DEPTH_TOLERANCE_PX: f64 = 1e-3;

/// Largest difference between `swept`'s time of impact and the referee's, measured in pixels
/// along the arrow, still counted as agreeing: the f32 time of impact of a path up to a few
/// hundred pixels is exact to ~1e-4 px of that path; 1e-3 px is ten times that.
pub const TOI_TOLERANCE_PX: f64 = 1e-3;

/// Within this many pixels of just touching (the referee's signed distance, or its closest
/// approach along the arrow), a hit against a miss is rounding, not a disagreement: f32 and f64
/// disagree about which side of "touching" a ball 1e-4 px from it is on (the oracle test's
/// `EPS`).
pub(crate) const TOUCH_BAND_PX: f64 = 1e-3;

/// Seconds per fixed step (the simulation's `sim::tuning::FIXED_TIMESTEP`): the arrow is one
/// step's motion, its velocity the arrow divided by this.
pub const STEP_SECONDS: f32 = crate::sim::tuning::FIXED_TIMESTEP;

/// The levels' grids whose cell sizes the brick takes, largest first: `(rows, columns)`, each
/// brick `playfield::cell_size(rows, columns)`. The mouse wheel steps through them, so the brick
/// is always one a level can have (160×75 px down to 20×12 px).
pub(crate) const BRICK_GRIDS: [(usize, usize); 8] = [
    (4, 5),
    (6, 8),
    (8, 10),
    (8, 15),
    (10, 15),
    (12, 20),
    (20, 25),
    (25, 40),
];

/// The grid of [`BRICK_GRIDS`] a new probe's brick comes from: 80×37.5 px, the cell of a
/// 10-column, 8-row level.
pub(crate) const DEFAULT_GRID: usize = 2;

/// Centre of the (first) brick, playfield pixels: the upper middle of the playfield, above the
/// lab's table of rows.
pub const BRICK_CENTER: Vec2 = Vec2::new(400.0, 175.0);

/// Where the ball may be dragged, playfield pixels (min, max of its centre): above the table.
pub(crate) const BALL_AREA: Aabb = Aabb {
    min: Vec2::new(10.0, 40.0),
    max: Vec2::new(790.0, 320.0),
};

/// Longest arrow, pixels per step (480,000 px/s): 2,000 px is past any playfield.
pub(crate) const MAX_MOTION: f32 = 2000.0;

/// What the probe is set to: the bricks, the ball and its motion over one step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Probe {
    /// Index into `BRICK_GRIDS`: the bricks' size.
    pub grid: usize,
    /// With a second brick: the gap between it and the first, pixels (the second lies to the
    /// right of the first). `None`: one brick.
    pub gap: Option<f32>,
    /// The ball's centre at the start of the step, pixels.
    pub ball: Vec2,
    /// The ball's motion over one step, pixels (the arrow).
    pub motion: Vec2,
    /// Bricks placed where a game or a case has them ([`Probe::around`],
    /// [`Probe::from_bricks`]): then `grid` and `gap` are unused. `None`: the lab's brick(s).
    pub placed: Option<placed::PlacedBricks>,
}

impl Default for Probe {
    fn default() -> Probe {
        Probe {
            grid: DEFAULT_GRID,
            gap: None,
            ball: BRICK_CENTER + Vec2::new(0.0, -60.0),
            motion: Vec2::ZERO,
            placed: None,
        }
    }
}

impl Probe {
    /// The size of each brick, pixels (width, height): placed bricks ([`Probe::placed`]), the
    /// first one's.
    pub fn brick_size(&self) -> Vec2 {
        if let Some((_, first)) = self.placed.as_ref().and_then(|p| p.live().next()) {
            return first.size();
        }
        let (rows, cols) = BRICK_GRIDS[self.grid.min(BRICK_GRIDS.len() - 1)];
        cell_size(rows, cols)
    }

    /// The bricks: the first centred on [`BRICK_CENTER`], the second (with [`Probe::gap`]) to
    /// its right, `gap` pixels away.
    pub fn bricks(&self) -> Vec<Aabb> {
        if let Some(placed) = &self.placed {
            return placed.live().map(|(_, b)| b).collect();
        }
        let size = self.brick_size();
        let first = Aabb::from_pos_size(BRICK_CENTER - size / 2.0, size);
        let mut bricks = vec![first];
        if let Some(gap) = self.gap {
            let min = Vec2::new(first.max.x + gap, first.min.y);
            bricks.push(Aabb::from_pos_size(min, size));
        }
        bricks
    }

    /// The ball at the start of the step (the game's ball radius).
    pub fn ball(&self) -> Circle {
        Circle {
            center: self.ball,
            radius: self.placed.map_or(BALL_RADIUS, |p| p.radius()),
        }
    }

    /// Moves the ball's centre to `at` (pixels), kept inside `BALL_AREA`.
    pub fn drag_ball(&mut self, at: Vec2) {
        self.ball = at.clamp(BALL_AREA.min, BALL_AREA.max);
    }

    /// Sets the arrow to run from the ball to `tip` (pixels), at most `MAX_MOTION` long.
    pub fn aim(&mut self, tip: Vec2) {
        self.motion = (tip - self.ball).clamp_length_max(MAX_MOTION);
    }

    /// Resizes the bricks by `steps` of `BRICK_GRIDS` (positive: bigger), within its ends.
    pub fn resize(&mut self, steps: i32) {
        let last = BRICK_GRIDS.len() as i32 - 1;
        self.grid = (self.grid as i32 - steps).clamp(0, last) as usize;
    }

    /// Every brick's answers: each mode's and the referee's, and how each mode's differs.
    pub fn answers(&self) -> Vec<BrickAnswers> {
        match &self.placed {
            Some(placed) => {
                let cells: Vec<(usize, usize)> = placed.live().map(|(c, _)| c).collect();
                ask_in(placed, &cells, &self.bricks(), self.ball(), self.motion)
            }
            None => ask(&self.bricks(), self.ball(), self.motion),
        }
    }
}

/// One answer to the probe's question, by a mode or by the referee, in f64 (a mode's f32
/// numbers converted exactly).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Answer {
    /// A hit: the ball overlaps the brick (discrete modes), or touches it on the way (`swept`).
    pub hit: bool,
    /// Unit contact normal, from the brick towards the ball (at the time of impact for `swept`).
    pub normal: Option<DVec2>,
    /// Penetration depth, pixels (discrete modes).
    pub depth: Option<f64>,
    /// Time of impact as a fraction of the arrow, in [0, 1] (`swept`).
    pub toi: Option<f64>,
    /// Where to draw it, pixels: the contact point on the brick (discrete modes), the ball's
    /// centre at the time of impact (`swept`), or where the ball's centre ends the step (a model
    /// with its own resolution, [`own`]).
    pub point: Option<DVec2>,
    /// The ball's velocity at the step's end, pixels/second (a model with its own resolution).
    pub velocity: Option<DVec2>,
}

impl Answer {
    /// The answer of `contact` (a discrete mode's).
    fn of_contact(contact: Option<collision::Contact>) -> Answer {
        contact.map_or(Answer::default(), |c| Answer {
            hit: true,
            normal: Some(c.normal.as_dvec2()),
            depth: Some(c.depth as f64),
            toi: None,
            point: Some(c.point.as_dvec2()),
            velocity: None,
        })
    }

    /// The answer of `impact` (`swept`'s).
    fn of_impact(impact: Option<swept_circle_aabb::Impact>) -> Answer {
        impact.map_or(Answer::default(), |i| Answer {
            hit: true,
            normal: Some(i.normal.as_dvec2()),
            depth: None,
            toi: Some(i.toi as f64),
            point: Some(i.center.as_dvec2()),
            velocity: None,
        })
    }
}

/// How a mode's answer differs from the referee's, each measure `None` where it was not
/// compared.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Errors {
    /// The mode hits where the referee does not, or misses where it hits, outside the
    /// `TOUCH_BAND_PX`. With [`Errors::tunnelled`], a discrete mode's miss of a hit on the way.
    pub hit_mismatch: bool,
    /// A discrete mode found no overlap at the arrow's end although the referee's time of impact
    /// says the ball hit the brick on the way: the arrow went through it.
    pub tunnelled: bool,
    /// Angle between the mode's contact normal and the referee's, degrees.
    pub normal_deg: Option<f64>,
    /// The mode's penetration depth minus the referee's, pixels.
    pub depth_px: Option<f64>,
    /// `swept`'s time of impact minus the referee's, pixels along the arrow (positive: late).
    pub toi_px: Option<f64>,
    /// Why the normal and depth were not compared (the centre inside the box), if so.
    pub not_compared: Option<&'static str>,
}

impl Errors {
    /// True when the mode disagrees with the referee beyond the tolerances.
    pub fn disagrees(&self) -> bool {
        self.hit_mismatch
            || self.tunnelled
            || self.normal_deg.is_some_and(|e| e > NORMAL_TOLERANCE_DEG)
            || self.depth_px.is_some_and(|e| e.abs() > DEPTH_TOLERANCE_PX)
            || self.toi_px.is_some_and(|e| e.abs() > TOI_TOLERANCE_PX)
    }
}

/// One mode's answer for one brick and how it differs from the referee's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModeRow {
    /// The mode.
    pub mode: CollisionMode,
    /// Its answer.
    pub answer: Answer,
    /// How it differs from the referee's.
    pub errors: Errors,
}

/// Everything the probe says about one brick.
#[derive(Clone, Debug, PartialEq)]
pub struct BrickAnswers {
    /// The brick, pixels.
    pub brick: Aabb,
    /// Each mode's row, in [`CollisionMode::ALL`]'s order.
    pub modes: Vec<ModeRow>,
    /// The referee's contact at the arrow's end, if the ball overlaps the brick there.
    pub exact_contact: Option<ExactContact>,
    /// The referee's time of impact along the arrow, if the ball touches the brick on the way
    /// (and did not overlap it at the start).
    pub exact_impact: Option<ExactImpact>,
    /// The referee's signed distance of the ball at the arrow's end, pixels (negative: overlap).
    pub signed_distance: f64,
    /// The referee's least signed distance along the arrow, pixels.
    pub closest_approach: f64,
    /// True when the ball already overlaps the brick at the start (no time of impact).
    pub starts_overlapping: bool,
    /// True when the tested centre (the arrow's end) is inside the brick or on its boundary.
    pub(crate) centre_inside: bool,
}

impl BrickAnswers {
    /// The referee's answer as a row: the contact at the arrow's end, the time of impact
    /// along it.
    pub fn referee(&self) -> Answer {
        Answer {
            hit: self.exact_contact.is_some(),
            normal: self.exact_contact.map(|c| c.normal),
            depth: self.exact_contact.map(|c| c.depth),
            toi: self.exact_impact.map(|i| i.toi),
            point: self.exact_contact.map(|c| c.point),
            velocity: None,
        }
    }
}

/// Angle between two unit vectors, degrees.
fn angle_deg(a: DVec2, b: DVec2) -> f64 {
    libm::acos(a.dot(b).clamp(-1.0, 1.0)).to_degrees()
}

/// Every brick's answers for the ball `ball` (at the step's start) moving by `motion` pixels:
/// the probe's whole computation, one call per mouse move. Every mode answers by its model's
/// [`Resolution`]: the shared discrete test at the arrow's end, `swept`'s time of impact, or a
/// run of the model's own resolution over all the bricks ([`own`]).
pub fn ask(bricks: &[Aabb], ball: Circle, motion: Vec2) -> Vec<BrickAnswers> {
    let cells: Vec<(usize, usize)> = (0..bricks.len()).map(|c| (0, c)).collect();
    ask_in(&own::ProbeGrid::new(bricks), &cells, bricks, ball, motion)
}

/// [`ask`] with the world a model of its own resolution walks: `grid`, where `bricks[i]` is
/// the live brick of cell `cells[i]`.
fn ask_in(
    grid: &dyn BrickGrid,
    cells: &[(usize, usize)],
    bricks: &[Aabb],
    ball: Circle,
    motion: Vec2,
) -> Vec<BrickAnswers> {
    let tested = Circle {
        center: ball.center + motion,
        ..ball
    };
    let velocity = motion / STEP_SECONDS;
    let own_runs: Vec<Option<own::OwnRun>> = CollisionMode::ALL
        .iter()
        .map(|&mode| match mode.model().resolution() {
            Resolution::Own(substeps) => {
                Some(own::run_in(mode.model(), substeps, grid, ball, motion))
            }
            Resolution::Shared | Resolution::Continuous => None,
        })
        .collect();
    bricks
        .iter()
        .enumerate()
        .map(|(col, &brick)| {
            let exact_contact = exact::contact(tested, brick);
            let exact_impact = exact::time_of_impact(ball, motion, brick);
            let (closest_approach, _) = exact::closest_approach(ball, motion, brick);
            let signed_distance = exact::signed_distance(tested, brick);
            let starts_overlapping = exact::signed_distance(ball, brick) <= 0.0;
            let centre_inside = exact::box_signed_distance(tested.center.as_dvec2(), brick) <= 0.0;
            let mut answers = BrickAnswers {
                brick,
                modes: Vec::new(),
                exact_contact,
                exact_impact,
                signed_distance,
                closest_approach,
                starts_overlapping,
                centre_inside,
            };
            answers.modes = CollisionMode::ALL
                .iter()
                .zip(&own_runs)
                .map(|(&mode, run)| {
                    let (answer, errors) = match run {
                        Some(run) => {
                            let answer = own_answer(run, cells[col]);
                            (answer, own_errors(&answer, &answers, ball))
                        }
                        None if mode.is_continuous() => {
                            let impact = swept_circle_aabb::time_of_impact(ball, motion, brick);
                            let answer = Answer::of_impact(impact);
                            (answer, swept_errors(&answer, &answers, motion))
                        }
                        None => {
                            let contact =
                                collision::circle_aabb_contact(mode, tested, brick, velocity);
                            let answer = Answer {
                                // The predicate, as the game's broad test asks it.
                                hit: collision::circle_aabb_intersects(mode, tested, brick),
                                ..Answer::of_contact(contact)
                            };
                            (answer, discrete_errors(&answer, &answers, motion))
                        }
                    };
                    ModeRow {
                        mode,
                        answer,
                        errors,
                    }
                })
                .collect();
            answers
        })
        .collect()
}

/// A model with its own resolution: the answer of its `run` for the brick in `cell` (row,
/// column) of the grid it walked ([`own`]).
fn own_answer(run: &own::OwnRun, cell: (usize, usize)) -> Answer {
    let first = run.first_hits.iter().find(|(hit, _)| *hit == cell);
    let hit = first.is_some();
    Answer {
        hit,
        normal: first.and_then(|(_, n)| *n).map(|n| n.as_dvec2()),
        depth: None,
        toi: None,
        point: Some(run.end.as_dvec2()),
        velocity: Some(run.velocity.as_dvec2()),
    }
}

/// How a model's own `answer` for `brick` differs from the referee's (see [`own`]);
/// `ball` is the ball at the arrow's start.
fn own_errors(answer: &Answer, brick: &BrickAnswers, ball: Circle) -> Errors {
    let mut errors = Errors::default();
    let grazing = brick.closest_approach.abs() < TOUCH_BAND_PX;
    let touches = brick.closest_approach <= 0.0;
    if answer.hit != touches && !grazing {
        errors.hit_mismatch = true;
        errors.tunnelled = !answer.hit && brick.exact_impact.is_some();
    }
    let exact_normal = if brick.starts_overlapping {
        exact::contact(ball, brick.brick).map(|c| c.normal)
    } else {
        brick.exact_impact.map(|i| i.normal)
    };
    if let (Some(normal), Some(referee)) = (answer.normal, exact_normal) {
        errors.normal_deg = Some(angle_deg(normal, referee));
    }
    errors
}

/// Why a discrete mode's normal and depth are not compared with the centre inside the box.
pub const INSIDE_NOTE: &str =
    "centre inside: modes trace back along the arrow, referee takes the nearest face";

/// How a discrete mode's `answer` differs from the referee's contact at the arrow's end.
fn discrete_errors(answer: &Answer, exact: &BrickAnswers, motion: Vec2) -> Errors {
    let mut errors = Errors::default();
    let near_touch = exact.signed_distance.abs() < TOUCH_BAND_PX;
    match (answer.hit, exact.exact_contact) {
        (true, None) | (false, Some(_)) if !near_touch => errors.hit_mismatch = true,
        _ => {}
    }
    if !answer.hit && exact.exact_contact.is_none() && exact.exact_impact.is_some() {
        errors.tunnelled = true;
    }
    if let (Some(normal), Some(depth), Some(contact)) =
        (answer.normal, answer.depth, exact.exact_contact)
    {
        if exact.centre_inside && motion != Vec2::ZERO {
            errors.not_compared = Some(INSIDE_NOTE);
        } else {
            errors.normal_deg = Some(angle_deg(normal, contact.normal));
            errors.depth_px = Some(depth - contact.depth);
        }
    }
    errors
}

/// How `swept`'s `answer` differs from the referee's time of impact.
fn swept_errors(answer: &Answer, exact: &BrickAnswers, motion: Vec2) -> Errors {
    let mut errors = Errors::default();
    let grazing = exact.closest_approach.abs() < TOUCH_BAND_PX;
    if answer.hit != exact.exact_impact.is_some() && !grazing {
        errors.hit_mismatch = true;
    }
    if let (Some(toi), Some(normal), Some(impact)) = (answer.toi, answer.normal, exact.exact_impact)
    {
        let length = motion.as_dvec2().length();
        errors.toi_px = Some((toi - impact.toi) * length);
        errors.normal_deg = Some(angle_deg(normal, impact.normal));
    }
    errors
}

#[cfg(test)]
mod tests;
