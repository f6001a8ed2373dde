//! A built-in player for `--autoplay` and `simulate`.
//!
//! The bot steers with one number, the *aim*: where on the paddle the ball should land, as a
//! fraction of the paddle's half-width (the paddle's angle rule turns it into the outgoing
//! direction). While a ball falls the paddle goes to the ball's predicted landing point (a
//! straight line folded at the side walls) shifted by the aim; while it rises the paddle follows
//! it.
//!
//! The aim is chosen by looking ahead: each time the ball starts falling (and again if a brick
//! breaks while it falls), the bot plays the rest of that flight on copies of the game, one per
//! candidate aim, with exactly the inputs it would then give, and keeps the aim that destroys a
//! brick soonest. The simulation is deterministic, so the prediction is exact; solid walls,
//! gates and bricks hidden behind others are handled without any special knowledge. When no
//! aim breaks a brick within the horizon, it picks one at random (its own seeded generator) to
//! explore, so a run is still reproducible.

use super::tuning::*;
use super::{Game, GameEvent, GameState, Input};
use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// Largest aim used, as a fraction of the paddle's half-width, leaving a margin so the ball
/// still meets the paddle when the landing prediction is slightly off.
const MAX_AIM_FRACTION: f32 = 0.85;
/// Number of candidate aims tried first, evenly spaced in ±[`MAX_AIM_FRACTION`].
const AIM_CANDIDATES: usize = 17;
/// Number of candidates tried when none of the first ones breaks a brick: a finer fan finds the
/// narrow paths (a gap between solid bricks, the last brick in a pocket).
const FINE_AIM_CANDIDATES: usize = 97;
/// Longest look-ahead per candidate, in fixed steps (8 s of game time).
const LOOKAHEAD_STEPS: u32 = 1920;

/// The autoplay bot. Create one per game; call [`Bot::input`] once per fixed step.
#[derive(Clone, Debug)]
pub struct Bot {
    rng: Pcg32,
    /// Seconds to wait on a stuck ball before launching, so players see the start.
    launch_delay: f32,
    waited: f32,
    /// Current aim: landing offset from the paddle's centre, in half-widths (+ sends it right).
    aim: f32,
    was_falling: bool,
    /// Destructible bricks left when the aim was chosen: a change mid-fall triggers a new choice.
    bricks_at_choice: usize,
}

/// How one candidate aim played out in the look-ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    /// A brick was destroyed after this many steps (after the paddle sent the ball back up).
    Destroys(u32),
    /// The ball came back down, or the horizon ran out, without destroying a brick.
    Nothing,
    /// The paddle missed the ball.
    Lost,
}

impl Bot {
    /// A bot whose choices come from `seed`; it launches a stuck ball after `launch_delay` seconds.
    pub fn new(seed: u64, launch_delay: f32) -> Bot {
        Bot {
            rng: Pcg32::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15),
            launch_delay,
            waited: 0.0,
            aim: 0.0,
            was_falling: false,
            bricks_at_choice: usize::MAX,
        }
    }

    /// The input for the next step of `game`.
    pub fn input(&mut self, game: &Game) -> Input {
        // A ball on the paddle (a new life, or caught by the sticky paddle while others fly):
        // wait, then launch.
        let mut launch = false;
        if game.balls().iter().any(|b| b.stuck) {
            self.waited += FIXED_TIMESTEP;
            launch = self.waited >= self.launch_delay;
            if launch {
                self.waited = 0.0;
            }
        }
        let Some(ball) = lowest_ball(game) else {
            self.was_falling = false;
            return Input {
                launch,
                paddle_target_x: Some(game.paddle().center_x()),
                ..Input::default()
            };
        };
        let falling = ball.vel.y > 0.0;
        let bricks = game.bricks().destructible_left();
        if falling && (!self.was_falling || bricks != self.bricks_at_choice) {
            self.aim = self.choose_aim(game);
            self.bricks_at_choice = bricks;
        }
        self.was_falling = falling;
        // Power-ups are caught when they fall where the paddle is; chasing them (tried) costs
        // the aiming too much and some levels then loop without clearing.
        Input {
            launch,
            paddle_target_x: Some(paddle_target(game, self.aim)),
            ..Input::default()
        }
    }

    /// Tries candidate aims on copies of `game` and returns the best one: a coarse fan first,
    /// a fine one if the coarse fan breaks nothing.
    fn choose_aim(&mut self, game: &Game) -> f32 {
        let fan = |n: usize| -> Vec<(f32, Outcome)> {
            (0..n)
                .map(|i| {
                    let aim =
                        -MAX_AIM_FRACTION + 2.0 * MAX_AIM_FRACTION * i as f32 / (n - 1) as f32;
                    (aim, look_ahead(game, aim))
                })
                .collect()
        };
        let mut outcomes = fan(AIM_CANDIDATES);
        if !outcomes.iter().any(|o| matches!(o.1, Outcome::Destroys(_))) {
            outcomes = fan(FINE_AIM_CANDIDATES);
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
                safe[self.rng.random_range(0..safe.len())]
            }
            Outcome::Lost => 0.0,
        }
    }
}

/// The lowest ball in play (the next one to reach the paddle), if any.
fn lowest_ball(game: &Game) -> Option<&super::Ball> {
    game.balls()
        .iter()
        .filter(|b| !b.stuck)
        .max_by(|a, b| a.pos.y.total_cmp(&b.pos.y))
}

/// Where the bot puts the paddle's centre with a given aim: under the predicted landing point,
/// shifted so the ball meets the paddle `aim` half-widths from its centre; while the ball rises,
/// under the ball.
fn paddle_target(game: &Game, aim: f32) -> f32 {
    let paddle = game.paddle();
    match lowest_ball(game) {
        Some(ball) if ball.vel.y > 0.0 => {
            let landing =
                predict_landing_x(ball.pos, ball.vel, paddle.pos.y - ball.radius, ball.radius);
            landing - aim * paddle.size.x / 2.0
        }
        Some(ball) => ball.pos.x,
        None => paddle.center_x(),
    }
}

/// Plays the rest of the current flight on a copy of `game` with a fixed `aim`: until a brick
/// is destroyed after the paddle hit, the ball comes back down below the bricks, the paddle
/// misses, or [`LOOKAHEAD_STEPS`] pass.
fn look_ahead(game: &Game, aim: f32) -> Outcome {
    let mut sim = game.clone();
    sim.drain_events().for_each(drop);
    let lost_before = sim.stats().balls_lost;
    let bricks_bottom = PLAYFIELD_HEIGHT * BRICK_AREA_FRACTION;
    let mut returned = false;
    for step in 1..=LOOKAHEAD_STEPS {
        let input = Input {
            paddle_target_x: Some(paddle_target(&sim, aim)),
            ..Input::default()
        };
        sim.step(&input);
        for event in sim.drain_events() {
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
        match lowest_ball(&sim) {
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

/// The x where a ball at `pos` moving with `vel` (pixels/second, `vel.y > 0`) reaches height `y`,
/// reflecting off the side walls (a ball of radius `radius` bounces when its centre is `radius`
/// from a wall). Bricks are ignored.
pub fn predict_landing_x(pos: Vec2, vel: Vec2, y: f32, radius: f32) -> f32 {
    if vel.y <= 0.0 {
        return pos.x;
    }
    let t = ((y - pos.y) / vel.y).max(0.0);
    let raw = pos.x + vel.x * t;
    let span = PLAYFIELD_WIDTH - 2.0 * radius;
    let period = 2.0 * span;
    let u = (raw - radius).rem_euclid(period);
    radius + if u > span { period - u } else { u }
}
