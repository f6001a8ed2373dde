//! The probe asked of any list of collision models: the built-in rows and models of one's own
//! alike ([`answer_with_models`]; `examples/custom_mode.rs` prints its table). It asks each
//! model what [`Probe::answers`] asks the built-in modes, by how the model resolves a step
//! ([`CollisionModel::resolution`]):
//!
//! * [`Resolution::Shared`] (a discrete model): its [`CollisionModel::contact`] at the arrow's
//!   end, with the arrow as velocity, measured as the discrete modes are (`discrete_errors`);
//! * [`Resolution::Continuous`]: `swept`'s time of impact along the arrow (the only continuous
//!   integrator the game has), measured as `swept` is;
//! * [`Resolution::Own`]: the model moves the ball itself through one fixed step of the
//!   arrow's velocity, cut into its sub-steps as the game cuts it, over a grid of the probe's
//!   bricks ([`ProbeGrid`]), from an empty [`ModelMemory`] and a generator of fixed seed
//!   ([`PROBE_SEED`]); a brick is hit when a sub-step's [`BrickResponse`] names it (and is
//!   then taken out of the grid, as a one-hit brick). Its answer's normal is the sub-step's
//!   normal of the same index when there are as many normals as hits, else its first; its point
//!   is the ball's centre after that sub-step. It hits where the referee sees the ball touch the brick on the way (or overlap it at
//!   the start or at the end); its normal is measured against the referee's normal at the time
//!   of impact (at the arrow's end when the ball starts overlapping).
//!
//! The built-in rows answer here as in [`Probe::answers`] (the test below checks it for the
//! shared and continuous ones).

use super::{
    angle_deg, discrete_errors, swept_errors, Answer, BrickAnswers, Errors, Probe, STEP_SECONDS,
    TOUCH_BAND_PX,
};
use crate::collision::model::{BrickGrid, BrickResponse, ModelBall, ModelMemory, Resolution};
use crate::collision::{self, swept_circle_aabb, Aabb, CollisionModel};
use glam::Vec2;
use rand_pcg::Pcg32;

/// The seed of the generator a model with its own resolution is handed in the probe.
pub const PROBE_SEED: u64 = 0x5eed;

/// Most sub-steps the probe runs a model with its own resolution for (the simulation's cap).
const MAX_SUBSTEPS: u32 = 10_000;

/// One model's answer for one brick and how it differs from the referee's.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ModelRow {
    /// The model's name ([`CollisionModel::name`]).
    pub name: &'static str,
    /// Its answer.
    pub answer: Answer,
    /// How it differs from the referee's.
    pub errors: Errors,
}

/// Everything the probe says about one brick, for the models asked.
#[derive(Clone, Debug, PartialEq)]
pub struct ModelAnswers {
    /// The referee's answers for the brick (its `modes` are the built-in rows', as
    /// [`Probe::answers`] gives them).
    pub brick: BrickAnswers,
    /// One row per model asked, in the order asked.
    pub models: Vec<ModelRow>,
}

/// Every brick of `probe` asked of each of `models` (built-in rows' models, such as
/// `CollisionMode::Clamp.model()`, or models of one's own) and of the referee.
pub fn answer_with_models(probe: &Probe, models: &[&dyn CollisionModel]) -> Vec<ModelAnswers> {
    let bricks = probe.bricks();
    let ball = probe.ball();
    let motion = probe.motion;
    let referee = probe.answers();
    let own: Vec<Option<Vec<Answer>>> = models
        .iter()
        .map(|m| match m.resolution() {
            Resolution::Own(_) => Some(own_answers(*m, &bricks, ball.center, motion)),
            Resolution::Shared | Resolution::Continuous => None,
        })
        .collect();
    referee
        .into_iter()
        .enumerate()
        .map(|(b, answers)| {
            let brick = answers.brick;
            let rows = models
                .iter()
                .zip(&own)
                .map(|(model, own)| {
                    let (answer, errors) = match (model.resolution(), own) {
                        (Resolution::Own(_), Some(per_brick)) => {
                            let answer = per_brick[b];
                            (answer, own_errors(&answer, &answers, motion))
                        }
                        (Resolution::Continuous, _) => {
                            let impact = swept_circle_aabb::time_of_impact(ball, motion, brick);
                            let answer = Answer::of_impact(impact);
                            (answer, swept_errors(&answer, &answers, motion))
                        }
                        (Resolution::Shared | Resolution::Own(_), _) => {
                            let tested = collision::Circle {
                                center: ball.center + motion,
                                ..ball
                            };
                            let contact = model.contact(tested, brick, motion / STEP_SECONDS);
                            let answer = Answer {
                                hit: model.intersects(tested, brick),
                                ..Answer::of_contact(contact)
                            };
                            (answer, discrete_errors(&answer, &answers, motion))
                        }
                    };
                    ModelRow {
                        name: model.name(),
                        answer,
                        errors,
                    }
                })
                .collect();
            ModelAnswers {
                brick: answers,
                models: rows,
            }
        })
        .collect()
}

/// The probe's bricks as a one-row grid: brick `i` in column `i`, each cell as wide as a brick
/// and the gap after it (so the cells tile and each brick lies within its cell).
#[derive(Clone, Debug)]
pub struct ProbeGrid {
    /// The live bricks, by column; a brick the model hit is taken out (as the game would break
    /// a one-hit brick).
    bricks: Vec<Option<Aabb>>,
    /// Each cell's box.
    cells: Vec<Aabb>,
}

impl ProbeGrid {
    /// The grid of `bricks` (the probe's: one row, left to right).
    pub fn new(bricks: &[Aabb]) -> ProbeGrid {
        let cells = bricks
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let right = bricks.get(i + 1).map_or(b.max.x, |next| next.min.x);
                Aabb {
                    min: b.min,
                    max: Vec2::new(right, b.max.y),
                }
            })
            .collect();
        ProbeGrid {
            bricks: bricks.iter().copied().map(Some).collect(),
            cells,
        }
    }
}

impl BrickGrid for ProbeGrid {
    fn rows(&self) -> usize {
        1
    }
    fn cols(&self) -> usize {
        self.cells.len()
    }
    fn cell_rect(&self, _row: usize, col: usize) -> Aabb {
        self.cells.get(col).copied().unwrap_or(Aabb {
            min: Vec2::ZERO,
            max: Vec2::ZERO,
        })
    }
    fn brick(&self, row: usize, col: usize) -> Option<Aabb> {
        if row == 0 {
            self.bricks.get(col).copied().flatten()
        } else {
            None
        }
    }
    fn indestructible(&self, _row: usize, _col: usize) -> bool {
        false
    }
}

/// A model with its own resolution moved through one fixed step of `motion` from `start`
/// against `bricks`: one answer per brick (its first hit).
fn own_answers(
    model: &dyn CollisionModel,
    bricks: &[Aabb],
    start: Vec2,
    motion: Vec2,
) -> Vec<Answer> {
    let Resolution::Own(substeps) = model.resolution() else {
        return vec![Answer::default(); bricks.len()];
    };
    let mut grid = ProbeGrid::new(bricks);
    let mut answers = vec![Answer::default(); bricks.len()];
    let mut memory = ModelMemory::default();
    let mut rng = <Pcg32 as rand::SeedableRng>::seed_from_u64(PROBE_SEED);
    let velocity = motion / STEP_SECONDS;
    let n = substeps.count(velocity.length(), STEP_SECONDS, MAX_SUBSTEPS);
    let dt = STEP_SECONDS / n as f32;
    let mut ball = ModelBall {
        pos: start,
        vel: velocity,
        radius: crate::playfield::BALL_RADIUS,
        memory: &mut memory,
    };
    for _ in 0..n {
        let response: BrickResponse = model.step_bricks(&mut ball, dt, &grid, &mut rng);
        // One normal per hit: paired in order; otherwise the sub-step's first for every hit.
        let paired = response.normals.len() == response.hits.len();
        for (i, &(row, col)) in response.hits.iter().enumerate() {
            let Some(answer) = answers.get_mut(col).filter(|a| !a.hit && row == 0) else {
                continue;
            };
            let normal = if paired {
                response.normals.get(i)
            } else {
                response.normals.first()
            };
            *answer = Answer {
                hit: true,
                normal: normal.map(|n| n.as_dvec2().normalize_or_zero()),
                depth: None,
                toi: None,
                point: Some(ball.pos.as_dvec2()),
            };
            grid.bricks[col] = None;
        }
    }
    answers
}

/// How a model with its own resolution's `answer` differs from the referee's.
fn own_errors(answer: &Answer, exact: &BrickAnswers, motion: Vec2) -> Errors {
    let mut errors = Errors::default();
    let touches =
        exact.exact_impact.is_some() || exact.starts_overlapping || exact.exact_contact.is_some();
    let grazing = exact.closest_approach.abs() < TOUCH_BAND_PX;
    if answer.hit != touches && !grazing {
        errors.hit_mismatch = true;
        errors.tunnelled = !answer.hit && motion != Vec2::ZERO;
    }
    let exact_normal = exact
        .exact_impact
        .map(|i| i.normal)
        .or(exact.exact_contact.map(|c| c.normal));
    if let (Some(normal), Some(expected)) = (answer.normal, exact_normal) {
        errors.normal_deg = Some(angle_deg(normal, expected));
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::CollisionMode;
    use crate::probe::presets::presets;

    #[test]
    fn the_built_in_discrete_and_continuous_rows_answer_as_the_probe_does() {
        let models: Vec<&dyn CollisionModel> = CollisionMode::ALL
            .iter()
            .filter(|m| !matches!(m.model().resolution(), Resolution::Own(_)))
            .map(|m| m.model())
            .collect();
        for preset in presets() {
            for answers in answer_with_models(&preset.probe, &models) {
                for row in &answers.models {
                    let built_in = answers
                        .brick
                        .modes
                        .iter()
                        .find(|r| r.mode.name() == row.name)
                        .unwrap();
                    assert_eq!(row.answer, built_in.answer, "{} {}", preset.name, row.name);
                    assert_eq!(row.errors, built_in.errors, "{} {}", preset.name, row.name);
                }
            }
        }
    }

    /// A model of its own resolution that is the exact clamp moved in small steps: it must hit
    /// where the referee sees a hit on the way, with the referee's normal at the impact within
    /// the sub-step's resolution.
    #[derive(Debug)]
    struct SmallSteps;

    impl CollisionModel for SmallSteps {
        fn name(&self) -> &'static str {
            "small-steps"
        }
        fn contact(
            &self,
            circle: collision::Circle,
            aabb: Aabb,
            velocity: Vec2,
        ) -> Option<collision::Contact> {
            collision::contact_circle_aabb::contact(circle, aabb, velocity)
        }
        fn resolution(&self) -> Resolution {
            Resolution::Own(crate::collision::model::Substeps::MaxTravel(0.1))
        }
        fn step_bricks(
            &self,
            ball: &mut ModelBall<'_>,
            dt: f32,
            bricks: &dyn BrickGrid,
            _rng: &mut Pcg32,
        ) -> BrickResponse {
            ball.pos += ball.vel * dt;
            let mut response = BrickResponse::default();
            for col in 0..bricks.cols() {
                let Some(brick) = bricks.brick(0, col) else {
                    continue;
                };
                let circle = collision::Circle {
                    center: ball.pos,
                    radius: ball.radius,
                };
                if let Some(c) = self.contact(circle, brick, ball.vel) {
                    response.hits.push((0, col));
                    response.normals.push(c.normal);
                }
            }
            response
        }
    }

    #[test]
    fn an_own_model_that_steps_finely_agrees_with_the_referee_on_the_presets() {
        for preset in presets() {
            for answers in answer_with_models(&preset.probe, &[&SmallSteps]) {
                let row = answers.models[0];
                let touches = answers.brick.exact_impact.is_some()
                    || answers.brick.starts_overlapping
                    || answers.brick.exact_contact.is_some();
                assert_eq!(row.answer.hit, touches, "{}", preset.name);
                assert!(
                    !row.errors.hit_mismatch,
                    "{}: {:?}",
                    preset.name, row.errors
                );
                if let Some(deg) = row.errors.normal_deg {
                    // The first contact is at most 0.1 px of travel past the touch: a face's
                    // normal is the same, a corner's turns by at most 0.5° even along the
                    // graze's near-tangent path (entering the corner's disc 1.1 px before it).
                    assert!(deg < 0.5, "{}: {deg}°", preset.name);
                }
            }
        }
    }
}
