//! Why a fork's copies parted at a split: the probe asked of every copy's model about the
//! situation they shared just before it ([`explain`]). The copies that parted at step `S` were
//! one game after step `S − 1`, so the ball(s) of that game at the start of step `S`, their
//! motion over the step and the live bricks round them ([`Probe::around`]) are the question;
//! each model's answer ([`answer_with_models`]) beside the exact referee's, with the
//! differences ([`Errors`]), is why.
//!
//! What the probe asks is one step without the game's sub-steps (at the game's speeds, below
//! 1,500 px/s, a step is one sub-step) and, for a model with its own resolution, with a fresh
//! memory ([`super::own`]); the outgoing velocity of a textbook model or of the referee is the
//! plain mirror of the motion off its normal (no brick kind, no spin). Units: pixels, pixels per
//! second, fractions of the step.

use super::models::{answer_with_models, ModelAnswers};
use super::{Answer, Errors, Probe, NORMAL_TOLERANCE_DEG, STEP_SECONDS};
use crate::collision::{Aabb, CollisionMode, CollisionModel};
use crate::sim::fork::{Fork, Split};
use glam::DVec2;

/// One copy's row at a split.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SplitRow {
    /// The copy's model.
    pub mode: CollisionMode,
    /// Its answer about the brick in question.
    pub answer: Answer,
    /// How it differs from the referee's.
    pub errors: Errors,
    /// The ball's velocity after the step, pixels/second: the model's own (a model with its
    /// own resolution), else the motion mirrored off its normal when it hits, else unchanged.
    pub outgoing: DVec2,
    /// The copy went another way than the largest group (ties: than the group of `own`).
    pub parted: bool,
    /// The copy was in this situation: it was one game with the copies that parted. `false`:
    /// it had parted earlier and its row answers a question its game no longer asked.
    pub there: bool,
}

/// What the probe says at one split.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitExplained {
    /// The split's step (its copies parted while it ran).
    pub step: u64,
    /// The situation at the step's start: the ball, its motion, the bricks round it.
    pub probe: Probe,
    /// The brick the rows answer about: the one the models disagree on most.
    pub brick: Aabb,
    /// The referee's answer about it.
    pub referee: Answer,
    /// The ball's velocity after the step by the referee, pixels/second (mirrored off the
    /// referee's normal at the time of impact, or at the contact when it overlaps).
    pub referee_outgoing: DVec2,
    /// One row per copy, in the fork's order.
    pub rows: Vec<SplitRow>,
    /// Bricks of the probe other than [`SplitExplained::brick`].
    pub other_bricks: usize,
}

/// Why the copies parted at `split`, from `before`, the fork after step `split.step − 1`
/// (where the parting copies still were one game); `own` is the copy drawn solid (ties of the
/// groups' sizes). `None` when `before` is not at that step, no group of `before` parted at
/// `split`, or no ball of the parting copies had a live brick in reach (they parted at a
/// wall, the paddle or a power-up).
pub fn explain(before: &Fork, split: &Split, own: CollisionMode) -> Option<SplitExplained> {
    if before.at() + 1 != split.step {
        return None;
    }
    let copies = before.copies();
    let was = before.groups();
    // The first copy of a group of `before` whose members are no longer all together.
    let parting = (0..copies.len())
        .find(|&i| (0..copies.len()).any(|j| was.together(i, j) && !split.groups.together(i, j)))?;
    let game = copies[parting].game();
    let models: Vec<&dyn CollisionModel> = copies.iter().map(|c| c.mode().model()).collect();
    let (probe, answers) = (0..game.balls().len())
        .filter_map(|b| Probe::around(game, b))
        .map(|p| (p, answer_with_models(&p, &models)))
        .max_by_key(|(_, a)| a.iter().map(disagreement).max())?;
    let chosen = answers.iter().max_by_key(|a| disagreement(a))?;
    let largest = split.groups.modes().iter().map(Vec::len).max().unwrap_or(0);
    let main = (0..copies.len())
        .find(|&i| {
            let size = (0..copies.len())
                .filter(|&j| split.groups.together(i, j))
                .count();
            size == largest && copies[i].mode() == own
        })
        .or_else(|| {
            (0..copies.len()).find(|&i| {
                (0..copies.len())
                    .filter(|&j| split.groups.together(i, j))
                    .count()
                    == largest
            })
        })
        .unwrap_or(0);
    let motion = probe.motion.as_dvec2() / STEP_SECONDS as f64;
    let rows = copies
        .iter()
        .zip(&chosen.models)
        .enumerate()
        .map(|(i, (copy, row))| SplitRow {
            mode: copy.mode(),
            answer: row.answer,
            errors: row.errors,
            outgoing: row
                .answer
                .velocity
                .unwrap_or_else(|| mirrored(motion, row.answer.hit, row.answer.normal)),
            parted: !split.groups.together(i, main),
            there: was.together(i, parting),
        })
        .collect();
    let referee = chosen.brick.referee();
    let referee_normal = chosen
        .brick
        .exact_impact
        .map(|i| i.normal)
        .or(referee.normal);
    let touches = chosen.brick.exact_impact.is_some() || referee.hit;
    Some(SplitExplained {
        step: split.step,
        probe,
        brick: chosen.brick.brick,
        referee,
        referee_outgoing: mirrored(motion, touches, referee_normal),
        rows,
        other_bricks: answers.len() - 1,
    })
}

/// `velocity` mirrored off `normal` when `hit` and moving into it, else unchanged.
fn mirrored(velocity: DVec2, hit: bool, normal: Option<DVec2>) -> DVec2 {
    match normal.filter(|n| hit && velocity.dot(*n) < 0.0) {
        Some(n) => velocity - 2.0 * velocity.dot(n) * n,
        None => velocity,
    }
}

/// How much the models disagree about one brick: how many answer otherwise than the most
/// common answer (hit or miss, then the normal within [`NORMAL_TOLERANCE_DEG`]), then whether
/// any hits (a brick all miss explains nothing).
fn disagreement(answers: &ModelAnswers) -> (usize, bool) {
    let same = |a: &Answer, b: &Answer| {
        a.hit == b.hit
            && match (a.normal, b.normal) {
                (Some(x), Some(y)) => {
                    libm::acos(x.dot(y).clamp(-1.0, 1.0)).to_degrees() <= NORMAL_TOLERANCE_DEG
                }
                (None, None) => true,
                (Some(_), None) | (None, Some(_)) => false,
            }
    };
    let rows = &answers.models;
    let most = rows
        .iter()
        .map(|a| rows.iter().filter(|b| same(&a.answer, &b.answer)).count())
        .max()
        .unwrap_or(0);
    (rows.len() - most, rows.iter().any(|r| r.answer.hit))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mirror keeps the speed and turns the part along the normal.
    #[test]
    fn mirrored_turns_the_normal_part_only() {
        let v = DVec2::new(300.0, -400.0);
        let out = mirrored(v, true, Some(DVec2::new(0.0, 1.0)));
        assert_eq!(out, DVec2::new(300.0, 400.0));
        assert_eq!(mirrored(v, false, Some(DVec2::Y)), v);
        assert_eq!(
            mirrored(v, true, Some(DVec2::NEG_Y)),
            v,
            "moving away: no bounce"
        );
    }
}
