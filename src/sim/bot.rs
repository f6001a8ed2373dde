//! A built-in player for `--autoplay` and `simulate`.
//!
//! The bot predicts where a falling ball will reach the paddle's height (folding the straight
//! line at the side walls), picks a target brick among the exposed destructible bricks near that
//! point, and places the paddle so the paddle's angle rule sends the ball towards it. Its choices
//! use its own seeded generator, so a run is reproducible.

use super::tuning::*;
use super::{Game, Input};
use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;

/// How many of the nearest exposed bricks the bot picks from at random, so it does not repeat
/// the same path forever when solid bricks are in the way.
const TARGET_CHOICES: usize = 4;
/// Largest paddle offset the bot aims with, as a fraction of the paddle's half-width, leaving a
/// margin so the ball still meets the paddle when the prediction is slightly off.
const MAX_AIM_FRACTION: f32 = 0.85;

/// The autoplay bot. Create one per game; call [`Bot::input`] once per fixed step.
#[derive(Clone, Debug)]
pub struct Bot {
    rng: Pcg32,
    /// Seconds to wait on a stuck ball before launching, so players see the start.
    launch_delay: f32,
    waited: f32,
    target: Option<Vec2>,
    was_falling: bool,
}

impl Bot {
    /// A bot whose choices come from `seed`; it launches a stuck ball after `launch_delay` seconds.
    pub fn new(seed: u64, launch_delay: f32) -> Bot {
        Bot {
            rng: Pcg32::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15),
            launch_delay,
            waited: 0.0,
            target: None,
            was_falling: false,
        }
    }

    /// The input for the next step of `game`.
    pub fn input(&mut self, game: &Game) -> Input {
        let paddle = game.paddle();
        let Some(ball) = game.balls().iter().filter(|b| !b.stuck).max_by(|a, b| a.pos.y.total_cmp(&b.pos.y)) else {
            // Ball on the paddle: wait, then launch.
            self.waited += FIXED_TIMESTEP;
            let launch = self.waited >= self.launch_delay;
            if launch {
                self.waited = 0.0;
            }
            return Input { launch, paddle_target_x: Some(paddle.center_x()), ..Input::default() };
        };
        let paddle_top = paddle.pos.y;
        let falling = ball.vel.y > 0.0;
        if falling && !self.was_falling {
            self.target = self.pick_target(game, ball.pos, ball.vel, paddle_top);
        }
        self.was_falling = falling;

        let target_x = if falling {
            let landing = predict_landing_x(ball.pos, ball.vel, paddle_top - ball.radius, ball.radius);
            let aim = self.target.map_or(0.0, |t| {
                // Angle from vertical that takes the ball from the landing point to the target.
                let angle = (t.x - landing).atan2(paddle_top - t.y);
                (angle / PADDLE_MAX_BOUNCE_DEG.to_radians()).clamp(-MAX_AIM_FRACTION, MAX_AIM_FRACTION)
            });
            landing - aim * paddle.size.x / 2.0
        } else {
            ball.pos.x
        };
        Input { paddle_target_x: Some(target_x), ..Input::default() }
    }

    fn pick_target(&mut self, game: &Game, pos: Vec2, vel: Vec2, paddle_top: f32) -> Option<Vec2> {
        let bricks = game.bricks();
        let landing = predict_landing_x(pos, vel, paddle_top - BALL_RADIUS, BALL_RADIUS);
        // Exposed: nothing alive directly below it, so the ball can reach its bottom face.
        let mut candidates: Vec<(f32, Vec2)> = bricks
            .iter_live()
            .filter(|(row, col, b)| b.kind.is_destructible() && bricks.live(row + 1, *col).is_none())
            .map(|(_, _, b)| {
                let c = b.rect.center();
                ((c.x - landing).abs() + (paddle_top - c.y) * 0.25, c)
            })
            .collect();
        if candidates.is_empty() {
            return None;
        }
        candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
        let n = candidates.len().min(TARGET_CHOICES);
        Some(candidates[self.rng.random_range(0..n)].1)
    }
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
