//! The look-ahead: every candidate aim of a fan is played on its own copy of the game, all in
//! lockstep, one step each in turn, so the fan stops at the first step where a candidate
//! destroys a brick. Whatever the others would have done later cannot beat or tie that, so they
//! are not played on: the result is the one of playing each candidate to its end, at the cost
//! of the fastest hit.

use super::target::{paddle_target, protected_ball, Outcome};
use crate::sim::{Game, GameEvent, GameState, Input};

/// One candidate aim played on its own copy of the game.
struct Runner {
    /// Index of the candidate in its fan.
    index: usize,
    /// The aim, in paddle half-widths (see [`super::Bot`]).
    aim: f32,
    sim: Game,
    /// Balls lost before the look-ahead started.
    lost_before: u32,
    /// True once the paddle has sent the ball back up.
    returned: bool,
    /// In a mini-game, its points and the bricks destroyed before the look-ahead started
    /// (what counts as a hit there: see [`Runner::step`]); `None` on a brick level.
    bonus_before: Option<(u64, u32)>,
}

impl Runner {
    fn new(game: &Game, index: usize, aim: f32) -> Runner {
        Runner {
            index,
            aim,
            sim: game.clone(),
            lost_before: game.stats().balls_lost,
            returned: false,
            bonus_before: game
                .level_type()
                .mini_game()
                .map(|_| (game.bonus_score(), game.stats().bricks_destroyed)),
        }
    }

    /// Plays look-ahead step number `step` (from 1) with the input the bot would give; returns
    /// the outcome if this step decides it: a brick destroyed after the paddle hit, the ball
    /// back down below the bricks, or the paddle missing. In a mini-game a hit is points won
    /// (the lit duck, the jumping brick, a caught prey…) or a brick the ball destroyed, and the
    /// game's end counts as a miss.
    fn step(&mut self, step: u32) -> Option<Outcome> {
        let sim = &mut self.sim;
        let input = Input {
            paddle_target_x: Some(paddle_target(sim, self.aim)),
            ..Input::default()
        };
        sim.step(&input);
        for &event in sim.events() {
            match event {
                GameEvent::PaddleHit => self.returned = true,
                GameEvent::BrickDestroyed { .. }
                    if self.returned && self.bonus_before.is_none() =>
                {
                    return Some(Outcome::Destroys(step))
                }
                _ => {}
            }
        }
        if sim.stats().balls_lost > self.lost_before
            || matches!(sim.state(), GameState::GameOver | GameState::Won)
        {
            return Some(Outcome::Lost);
        }
        if let Some((points, destroyed)) = self.bonus_before {
            let progress = sim.bonus_score() > points || sim.stats().bricks_destroyed > destroyed;
            if self.returned && progress {
                return Some(Outcome::Destroys(step));
            }
        }
        if sim.state() == GameState::LevelCleared {
            return Some(Outcome::Destroys(step));
        }
        let bricks_bottom = sim.bricks().bottom();
        match protected_ball(sim) {
            // Back down below the bricks without breaking one: this flight found nothing.
            Some(ball)
                if self.returned
                    && ball.vel.y > 0.0
                    && ball.pos.y - ball.radius > bricks_bottom =>
            {
                Some(Outcome::Nothing)
            }
            Some(_) => None,
            None => Some(Outcome::Nothing),
        }
    }
}

/// Plays the rest of the current flight of `game` (at most `max_steps`) once per aim
/// (paddle half-widths) whose entry of `known` is `None`; an entry that is `Some` is that aim's
/// outcome, already known. Returns one entry per aim: its [`Outcome`], or `None` if it was
/// stopped undecided at the step where another candidate destroyed a brick (or where a known
/// one does), so that its outcome, whatever it is, is worse than the best. Unless some candidate
/// destroys a brick, every entry is `Some`. Also returns the number of steps played, over all
/// the copies.
pub(super) fn play_fan(
    game: &Game,
    aims: &[f32],
    known: &[Option<Outcome>],
    max_steps: u32,
) -> (Vec<Option<Outcome>>, u32) {
    let mut outcomes = known.to_vec();
    let mut played = 0;
    // No candidate need be played past a known hit.
    let horizon = known
        .iter()
        .filter_map(|o| match o {
            Some(Outcome::Destroys(step)) => Some(*step),
            _ => None,
        })
        .min()
        .map_or(max_steps, |step| step.min(max_steps));
    let mut running: Vec<Runner> = aims
        .iter()
        .enumerate()
        .filter(|&(i, _)| known[i].is_none())
        .map(|(i, &aim)| Runner::new(game, i, aim))
        .collect();
    for step in 1..=horizon {
        if running.is_empty() {
            return (outcomes, played);
        }
        played += running.len() as u32;
        let mut destroyed = false;
        running.retain_mut(|runner| match runner.step(step) {
            Some(outcome) => {
                destroyed |= matches!(outcome, Outcome::Destroys(_));
                outcomes[runner.index] = Some(outcome);
                false
            }
            None => true,
        });
        if destroyed {
            // The ones still running destroy later, if at all.
            return (outcomes, played);
        }
    }
    if horizon < max_steps {
        // Stopped at a known hit.
        return (outcomes, played);
    }
    // The look-ahead's horizon ran out: nothing was found.
    for runner in running {
        outcomes[runner.index] = Some(Outcome::Nothing);
    }
    (outcomes, played)
}
