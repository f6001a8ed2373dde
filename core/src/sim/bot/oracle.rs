//! The bot's aim choice written the plain way: every candidate played to its end (or its
//! horizon), one after the other. The tests compare the bot's faster
//! [`super::look_ahead::play_fan`] with it.

use super::*;
use crate::sim::{GameEvent, GameState};

/// What `Bot::choose_aim` must return for `game` with `credit` look-ahead steps to spend,
/// drawing from `rng` as it does.
pub(super) fn choose_aim_exhaustive(rng: &mut Pcg32, credit: i64, game: &Game) -> f32 {
    let aim =
        |i: usize, n: usize| -MAX_AIM_FRACTION + 2.0 * MAX_AIM_FRACTION * i as f32 / (n - 1) as f32;
    if game.balls().iter().filter(|b| !b.stuck).count() > 1 || credit <= 0 {
        return aim(rng.random_range(0..AIM_CANDIDATES), AIM_CANDIDATES);
    }
    let played: Vec<(f32, (Outcome, u32))> = (0..AIM_CANDIDATES)
        .map(|i| {
            let a = aim(i, AIM_CANDIDATES);
            (a, look_ahead(game, a))
        })
        .collect();
    let mut outcomes: Vec<(f32, Outcome)> = played.iter().map(|&(a, (o, _))| (a, o)).collect();
    let fruitless = !outcomes.iter().any(|o| matches!(o.1, Outcome::Destroys(_)));
    // With nothing destroyed, every candidate was played to its end: the cost is all their
    // steps.
    let cost: u32 = played.iter().map(|&(_, (_, steps))| steps).sum();
    if fruitless && fine_fan_affordable(credit - i64::from(cost), cost) {
        // The fine fan: an aim that is also a coarse one keeps its outcome (the policy);
        // the others are played.
        let coarse = outcomes;
        outcomes = (0..FINE_AIM_CANDIDATES)
            .map(|i| {
                let a = aim(i, FINE_AIM_CANDIDATES);
                match coarse.iter().find(|c| c.0 == a) {
                    Some(&known) => known,
                    None => (a, look_ahead(game, a).0),
                }
            })
            .collect();
    }
    let best = outcomes
        .iter()
        .map(|o| o.1)
        .min()
        .unwrap_or(Outcome::Nothing);
    match best {
        // Earliest hit; ties go to the aim nearest the centre (the safest catch).
        Outcome::Destroys(_) => outcomes
            .iter()
            .filter(|o| o.1 == best)
            .min_by(|a, b| a.0.abs().total_cmp(&b.0.abs()))
            .map_or(0.0, |o| o.0),
        // Nothing breaks a brick this flight: explore with a random safe aim.
        Outcome::Nothing => {
            let safe: Vec<f32> = outcomes
                .iter()
                .filter(|o| o.1 == Outcome::Nothing)
                .map(|o| o.0)
                .collect();
            safe[rng.random_range(0..safe.len())]
        }
        Outcome::Lost => 0.0,
    }
}

/// Plays the rest of the current flight on a copy of `game` with a fixed `aim`: until a brick
/// is destroyed after the paddle hit, the ball comes back down below the bricks, the paddle
/// misses, or [`LOOKAHEAD_STEPS`] pass. Returns the outcome and the steps played.
fn look_ahead(game: &Game, aim: f32) -> (Outcome, u32) {
    let mut sim = game.clone();
    let lost_before = sim.stats().balls_lost;
    let bricks_bottom = game.bricks().bottom();
    let mut returned = false;
    for step in 1..=LOOKAHEAD_STEPS {
        let input = Input {
            paddle_target_x: Some(paddle_target(&sim, aim)),
            ..Input::default()
        };
        sim.step(&input);
        for &event in sim.events() {
            match event {
                GameEvent::PaddleHit => returned = true,
                GameEvent::BrickDestroyed { .. } if returned => {
                    return (Outcome::Destroys(step), step)
                }
                _ => {}
            }
        }
        if sim.stats().balls_lost > lost_before || sim.state() == GameState::GameOver {
            return (Outcome::Lost, step);
        }
        if sim.state() == GameState::LevelCleared {
            return (Outcome::Destroys(step), step);
        }
        match protected_ball(&sim) {
            // Back down below the bricks without breaking one: this flight found nothing.
            Some(ball)
                if returned && ball.vel.y > 0.0 && ball.pos.y - ball.radius > bricks_bottom =>
            {
                return (Outcome::Nothing, step)
            }
            Some(_) => {}
            None => return (Outcome::Nothing, step),
        }
    }
    (Outcome::Nothing, LOOKAHEAD_STEPS)
}
