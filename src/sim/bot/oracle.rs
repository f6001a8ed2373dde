//! The bot's aim choice written the plain way: every candidate played to its end (or its
//! horizon), one after the other. The tests compare the bot's faster
//! [`super::look_ahead::play_fan`] with it.

use super::*;
use crate::sim::{GameEvent, GameState};

/// What `Bot::choose_aim` must return for `game` after `fruitless` fruitless choices in a row,
/// drawing from `rng` and counting `fruitless` on as it does.
pub(super) fn choose_aim_exhaustive(rng: &mut Pcg32, fruitless: &mut u32, game: &Game) -> f32 {
    let aim =
        |i: usize, n: usize| -MAX_AIM_FRACTION + 2.0 * MAX_AIM_FRACTION * i as f32 / (n - 1) as f32;
    let horizon = if *fruitless == 0 {
        LOOKAHEAD_STEPS
    } else {
        SHORT_LOOKAHEAD_STEPS
    };
    let mut outcomes: Vec<(f32, Outcome)> = (0..AIM_CANDIDATES)
        .map(|i| {
            let a = aim(i, AIM_CANDIDATES);
            (a, look_ahead(game, a, horizon))
        })
        .collect();
    if outcomes.iter().any(|o| matches!(o.1, Outcome::Destroys(_))) {
        *fruitless = 0;
    } else {
        *fruitless += 1;
        if (*fruitless - 1).is_multiple_of(FINE_FAN_EVERY) {
            // The fine fan: an aim that is also a coarse one keeps its outcome (the policy);
            // the others are played with the short horizon.
            let coarse = outcomes;
            outcomes = (0..FINE_AIM_CANDIDATES)
                .map(|i| {
                    let a = aim(i, FINE_AIM_CANDIDATES);
                    match coarse.iter().find(|c| c.0 == a) {
                        Some(&known) => known,
                        None => (a, look_ahead(game, a, SHORT_LOOKAHEAD_STEPS)),
                    }
                })
                .collect();
        }
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
/// misses, or `horizon` steps pass.
fn look_ahead(game: &Game, aim: f32, horizon: u32) -> Outcome {
    let mut sim = game.clone();
    let lost_before = sim.stats().balls_lost;
    let bricks_bottom = game.bricks().bottom();
    let mut returned = false;
    for step in 1..=horizon {
        let input = Input {
            paddle_target_x: Some(paddle_target(&sim, aim)),
            ..Input::default()
        };
        sim.step(&input);
        for &event in sim.events() {
            match event {
                GameEvent::PaddleHit => returned = true,
                GameEvent::BrickDestroyed { .. } if returned => return Outcome::Destroys(step),
                _ => {}
            }
        }
        if sim.stats().balls_lost > lost_before || sim.state() == GameState::GameOver {
            return Outcome::Lost;
        }
        if sim.state() == GameState::LevelCleared {
            return Outcome::Destroys(step);
        }
        match protected_ball(&sim) {
            // Back down below the bricks without breaking one: this flight found nothing.
            Some(ball)
                if returned && ball.vel.y > 0.0 && ball.pos.y - ball.radius > bricks_bottom =>
            {
                return Outcome::Nothing
            }
            Some(_) => {}
            None => return Outcome::Nothing,
        }
    }
    Outcome::Nothing
}
