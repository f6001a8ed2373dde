//! Where the bot sends the paddle, a function of the game alone: under the ball it looks after
//! ([`protected_ball`]) at the chosen aim ([`paddle_target`]), stepping aside from bad
//! power-ups and detouring for good ones when the deadlines of the balls allow it; and how an
//! aim played out in the look-ahead ([`Outcome`]). Shared by the bot (`bot/mod.rs`) and its
//! look-ahead (`look_ahead.rs`), which plays the same targets on copies of the game.

use crate::sim::powerups::{POWERUP_FALL_SPEED, POWERUP_SIZE};
use crate::sim::tuning::*;
use crate::sim::{Ball, Game};
use glam::Vec2;
use smallvec::SmallVec;

/// Seconds of slack a power-up detour must leave before the paddle has to be back for a ball,
/// on top of arrival times that are already lower bounds (see [`deadlines`]): the paddle must be
/// at the aimed spot, not merely under the ball, and the look-ahead's aim depends on it. (With 0
/// no ball was lost either on the shipped levels over 30 seeds; 0.1 s costs about 3% of the
/// catches.)
const DETOUR_MARGIN: f32 = 0.1;
/// Pixels by which the paddle overlaps a power-up it goes for, so a catch does not depend on
/// touching by a hair.
const CATCH_OVERLAP: f32 = 8.0;
/// Pixels of clearance the paddle keeps from a bad power-up it dodges.
const DODGE_CLEARANCE: f32 = 4.0;

/// How one candidate aim played out in the look-ahead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Outcome {
    /// A brick was destroyed after this many steps (after the paddle sent the ball back up).
    Destroys(u32),
    /// The ball came back down, or the horizon ran out, without destroying a brick.
    Nothing,
    /// The paddle missed the ball.
    Lost,
}

/// The ball the paddle looks after: of the falling balls not yet past the paddle, the one that
/// reaches it first; with none falling, the lowest ball in play. With one ball, simply that
/// ball. With several, the lowest one may be rising while a higher one comes down fast
/// elsewhere: following the lowest lost such balls. (Skipping a falling ball the paddle can no
/// longer reach, tried too, lost more balls over 240 runs, not fewer.)
pub(super) fn protected_ball(game: &Game) -> Option<&Ball> {
    let paddle = game.paddle();
    let arrival = |b: &Ball| (paddle.pos.y - b.radius - b.pos.y).max(0.0) / b.vel.y;
    game.balls()
        .iter()
        .filter(|b| !b.stuck && b.vel.y > 0.0 && b.pos.y - b.radius < paddle.rect().max.y)
        .min_by(|a, b| arrival(a).total_cmp(&arrival(b)))
        .or_else(|| {
            game.balls()
                .iter()
                .filter(|b| !b.stuck)
                .max_by(|a, b| a.pos.y.total_cmp(&b.pos.y))
        })
}

/// Where the bot puts the paddle's centre with a given aim: where the ball needs it (see
/// [`ball_target`]), unless a power-up detour fits before the ball needs it (see [`detour`]).
pub(super) fn paddle_target(game: &Game, aim: f32) -> f32 {
    let ball_x = ball_target(game, aim);
    detour(game, ball_x).unwrap_or(ball_x)
}

/// Where the ball needs the paddle's centre: under the predicted landing point, shifted so the
/// ball meets the paddle `aim` half-widths from its centre; while the ball rises, under the ball
/// (but aside from it while it is still level with or below the paddle, see [`step_aside`]);
/// with no ball in play, where the paddle is.
fn ball_target(game: &Game, aim: f32) -> f32 {
    let paddle = game.paddle();
    match protected_ball(game) {
        Some(ball) if ball.vel.y > 0.0 => {
            let landing =
                predict_landing_x(ball.pos, ball.vel, paddle.pos.y - ball.radius, ball.radius);
            landing - aim * paddle.size.x / 2.0
        }
        Some(ball) if ball.pos.y + ball.radius > paddle.pos.y => step_aside(game, ball),
        Some(ball) => ball.pos.x,
        None => paddle.center_x(),
    }
}

/// Where the paddle's centre goes to let a rising ball that is level with or below the paddle
/// (knocked there by the paddle's side, typically when two balls land together) rise past it:
/// the paddle pushes such a ball down without turning it, so following it from above would
/// hold it under the paddle for ever. The nearer side that leaves the ball's column free.
fn step_aside(game: &Game, ball: &Ball) -> f32 {
    let paddle = game.paddle();
    let half = paddle.size.x / 2.0;
    let clear = half + ball.radius + DODGE_CLEARANCE;
    let here = paddle.center_x();
    [ball.pos.x - clear, ball.pos.x + clear]
        .into_iter()
        .map(|x| x.clamp(half, PLAYFIELD_WIDTH - half))
        .filter(|x| (x - ball.pos.x).abs() >= half + ball.radius)
        .min_by(|a, b| (a - here).abs().total_cmp(&(b - here).abs()))
        .unwrap_or(here)
}

/// A ball the paddle must be back for: the soonest it can reach the paddle, in seconds, and
/// where the paddle's centre must be then (`None`: it may still land anywhere).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Deadline {
    seconds: f32,
    x: Option<f32>,
}

/// One [`Deadline`] per ball in play. The times are lower bounds, so a detour that fits them
/// never costs a ball:
/// * one ball falling: straight-line time to the paddle's top. Below the bricks nothing can
///   change its course, so the paddle must be back at `ball_x` (the aimed spot); while it can
///   still hit a brick, it may be turned anywhere.
/// * one ball rising: it must climb at least to the bottom of the brick area (or turn where it
///   is, if already among the bricks) and come down at no more than its full speed.
/// * several balls: they can knock each other downwards at any moment, so each may come down
///   from where it is, at full speed, and land anywhere.
fn deadlines(game: &Game, ball_x: f32) -> SmallVec<[Deadline; 4]> {
    let paddle_top = game.paddle().pos.y;
    let bricks_bottom = game.bricks().bottom();
    let free = || game.balls().iter().filter(|b| !b.stuck);
    let several = free().nth(1).is_some();
    let all: SmallVec<[Deadline; 4]> = free()
        .map(|b| {
            let line = paddle_top - b.radius;
            let below = line - b.pos.y;
            let speed = b.vel.length();
            if below <= 0.0 || speed <= 0.0 {
                return Deadline {
                    seconds: 0.0,
                    x: None,
                };
            }
            if several {
                return Deadline {
                    seconds: below / speed,
                    x: None,
                };
            }
            if b.vel.y > 0.0 {
                // The only ball in play is the one `ball_x` is for.
                let past_bricks = b.pos.y - b.radius > bricks_bottom;
                return Deadline {
                    seconds: below / b.vel.y,
                    x: past_bricks.then_some(ball_x),
                };
            }
            let turn = b.pos.y.min(bricks_bottom + b.radius);
            let climb = if b.vel.y < 0.0 {
                (b.pos.y - turn) / -b.vel.y
            } else {
                0.0
            };
            Deadline {
                seconds: climb + (line - turn) / speed,
                x: None,
            }
        })
        .collect();
    if !several {
        return all;
    }
    // Every one may land anywhere (`x: None`), so only the soonest can fail `back_in_time`:
    // with many balls and power-ups, each power-up then checks one deadline, not every ball.
    let soonest = all.iter().map(|d| d.seconds).fold(f32::INFINITY, f32::min);
    smallvec::smallvec![Deadline {
        seconds: soonest,
        x: None,
    }]
}

/// True if the paddle, free at `x` after `free_at` seconds, can still reach every ball's spot
/// in time with [`DETOUR_MARGIN`] to spare. A ball that may land anywhere counts the farthest
/// spot the paddle's centre can have to go.
fn back_in_time(game: &Game, deadlines: &[Deadline], x: f32, free_at: f32) -> bool {
    let half = game.paddle().size.x / 2.0;
    let (lo, hi) = (half, PLAYFIELD_WIDTH - half);
    deadlines.iter().all(|d| {
        let distance = match d.x {
            Some(target) => (target.clamp(lo, hi) - x).abs(),
            None => (x - lo).max(hi - x),
        };
        free_at + distance / PADDLE_FOLLOW_SPEED + DETOUR_MARGIN <= d.seconds
    })
}

/// Where the paddle should go instead of `ball_x` to catch a good power-up or dodge a bad one,
/// if it can and still be back for every ball in time (see [`back_in_time`]); `None` to stay
/// on the ball. Of the good power-ups in reach, the one caught soonest; the spot is the one in
/// the catching span nearest `ball_x`, so a power-up falling near the ball costs no detour.
/// Dodging only when nothing is to be caught, and only if the paddle can keep clear until the
/// bad power-up has passed.
fn detour(game: &Game, ball_x: f32) -> Option<f32> {
    let falling = game.falling_powerups();
    if falling.is_empty() {
        return None;
    }
    let paddle = game.paddle();
    let half = paddle.size.x / 2.0;
    let (lo, hi) = (half, PLAYFIELD_WIDTH - half);
    let here = paddle.center_x();
    let paddle_rect = paddle.rect();
    let deadlines = deadlines(game, ball_x);
    // A power-up touches the paddle while its top is between these heights, and while the
    // centres are less than `touch` apart.
    let (touch_top, touch_bottom) = (paddle_rect.min.y - POWERUP_SIZE.y, paddle_rect.max.y);
    let touch = half + POWERUP_SIZE.x / 2.0;
    let window = |y: f32| {
        (
            ((touch_top - y) / POWERUP_FALL_SPEED).max(0.0),
            (touch_bottom - y) / POWERUP_FALL_SPEED,
        )
    };
    let travel = |x: f32| (x - here).abs() / PADDLE_FOLLOW_SPEED;

    let mut best: Option<(f32, f32)> = None;
    for p in falling
        .iter()
        .filter(|p| !p.kind.is_bad() && p.pos.y < touch_bottom)
    {
        let center = p.pos.x + POWERUP_SIZE.x / 2.0;
        let reach = touch - CATCH_OVERLAP;
        let x = ball_x.clamp(center - reach, center + reach).clamp(lo, hi);
        let (arrives, leaves) = window(p.pos.y);
        // One step for the catch itself (the power-up moves and is tested after the paddle).
        let caught = arrives.max(travel(x)) + FIXED_TIMESTEP;
        if caught < leaves
            && back_in_time(game, &deadlines, x, caught)
            && best.is_none_or(|(t, _)| caught < t)
        {
            best = Some((caught, x));
        }
    }
    if let Some((_, x)) = best {
        return Some(x);
    }

    // The lowest bad power-up that would land on the paddle where the ball wants it.
    let threat = falling
        .iter()
        .filter(|p| p.kind.is_bad() && p.pos.y < touch_bottom)
        .filter(|p| (ball_x - (p.pos.x + POWERUP_SIZE.x / 2.0)).abs() < touch)
        .max_by(|a, b| a.pos.y.total_cmp(&b.pos.y))?;
    let center = threat.pos.x + POWERUP_SIZE.x / 2.0;
    let (arrives, leaves) = window(threat.pos.y);
    let clear = touch + DODGE_CLEARANCE;
    [center - clear, center + clear]
        .into_iter()
        .map(|x| x.clamp(lo, hi))
        .filter(|&x| {
            (x - center).abs() >= touch
                && travel(x) <= arrives
                && back_in_time(game, &deadlines, x, leaves)
        })
        .min_by(|a, b| (a - ball_x).abs().total_cmp(&(b - ball_x).abs()))
}

/// The x where a ball at `pos` moving with `vel` (pixels/second, `vel.y > 0`) reaches height `y`,
/// reflecting off the side walls (a ball of radius `radius` bounces when its centre is `radius`
/// from a wall). Bricks are ignored.
pub(crate) fn predict_landing_x(pos: Vec2, vel: Vec2, y: f32, radius: f32) -> f32 {
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
