//! The probe asked of any list of collision models: the built-in rows and models of one's own
//! alike ([`answer_with_models`]; `examples/custom_mode.rs` prints its table). It asks each
//! model what [`Probe::answers`] asks the built-in modes, by how the model resolves a step
//! ([`CollisionModel::resolution`]):
//!
//! * [`Resolution::Shared`] (a discrete model): its [`CollisionModel::contact`] at the arrow's
//!   end, with the arrow as velocity, measured as the discrete modes are (`discrete_errors`);
//! * [`Resolution::Continuous`]: `swept`'s time of impact along the arrow (the only continuous
//!   integrator the game has), measured as `swept` is;
//! * [`Resolution::Own`]: the model moves the ball itself through one fixed step, as the lab's
//!   probe asks it ([`super::own`]: its bricks as a grid, a fresh memory, a seeded generator),
//!   measured as there.
//!
//! The built-in rows answer here as in [`Probe::answers`] (the test below checks it for the
//! shared and continuous ones).

use super::{
    discrete_errors, own, own_answer, own_errors, swept_errors, Answer, BrickAnswers, Errors,
    Probe, STEP_SECONDS,
};
use crate::collision::model::{BrickGrid, Resolution};
use crate::collision::{self, swept_circle_aabb, CollisionModel};

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
    let row = own::ProbeGrid::new(&bricks);
    let (grid, cells): (&dyn BrickGrid, Vec<(usize, usize)>) = match &probe.placed {
        Some(placed) => (placed, placed.live().map(|(c, _)| c).collect()),
        None => (&row, (0..bricks.len()).map(|c| (0, c)).collect()),
    };
    let own: Vec<Option<own::OwnRun>> = models
        .iter()
        .map(|m| match m.resolution() {
            Resolution::Own(substeps) => Some(own::run_in(*m, substeps, grid, ball, motion)),
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
                        (Resolution::Own(_), Some(run)) => {
                            let answer = own_answer(run, cells[b]);
                            (answer, own_errors(&answer, &answers, ball))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::model::{BrickGrid, BrickResponse, ModelBall};
    use crate::collision::{Aabb, CollisionMode};
    use crate::probe::presets::presets;
    use glam::Vec2;
    use rand_pcg::Pcg32;

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
