//! A built-in player for `--autoplay` and `simulate`.
//!
//! The bot steers with one number, the *aim*: where on the paddle the ball should land, as a
//! fraction of the paddle's half-width (the paddle's angle rule turns it into the outgoing
//! direction). While a ball falls the paddle goes to the ball's predicted landing point (a
//! straight line folded at the side walls) shifted by the aim; while it rises the paddle follows
//! it. With several balls it looks after the one that comes down first, and aims at random
//! instead of looking ahead (see `several_in_play`).
//!
//! The aim is chosen by looking ahead, once per *flight* (from the paddle, or a launch, back to
//! the paddle): when the falling ball is `CHOICE_LEAD` seconds above the paddle, the bot plays
//! the rest of that flight and the next one on copies of the game, one per candidate aim, with
//! exactly the inputs it would then give, and keeps the aim that destroys a brick soonest after
//! the paddle. A bounce off a ceiling on the way down (a ball in a pocket) needs no new choice:
//! the look-ahead already played it. The aim is chosen again within the flight only if a brick
//! breaks before the ball reaches the paddle, or another ball becomes the one to look after.
//! The simulation is deterministic, so the prediction is exact; solid walls, gates and bricks
//! hidden behind others are handled without any special knowledge.
//!
//! A coarse fan of `AIM_CANDIDATES` aims is played first, for up to `LOOKAHEAD_STEPS`. The
//! candidates are played in lockstep and stop at the first step where one of them breaks a brick
//! (none later can win; see `look_ahead`). When none breaks a brick (a *fruitless* choice), a fine
//! fan of `FINE_AIM_CANDIDATES` finds the narrow paths, reusing the coarse fan's outcomes. Each fan
//! is played only while the bot has *credit*, look-ahead steps to spend: it earns
//! `LOOK_AHEAD_CREDIT_PER_STEP` per step played, up to `LOOK_AHEAD_CREDIT_CAP`, and pays the steps
//! every copy played (a fine fan only when the credit covers its estimated cost); without credit it
//! aims at random. So the look-ahead never costs much more than that many steps per step played,
//! whatever the level (a ball shut in a pocket for long, every choice fruitless), and where it
//! costs less the choices are the same as without a budget. When nothing breaks a brick, it picks a
//! safe aim at random (its own seeded generator) to explore, so a run is still reproducible.
//! (`oracle`, for the tests, makes the same choices by playing each candidate to its end.)
//!
//! Power-ups: when a good one falls (anything but confuse and chaos), the paddle makes a detour
//! to catch it, but only if it can then still be back for every ball in play, with a margin,
//! at full follow speed: the ball always comes first. A bad one the paddle would catch is
//! dodged when that is as safe. Both are part of where the paddle is sent, a function of the
//! game alone, so the look-ahead plays the detours too and stays exact.

use super::tuning::*;
use super::{Game, Input};
use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use target::{paddle_target, protected_ball, Outcome};

/// Largest aim used, as a fraction of the paddle's half-width, leaving a margin so the ball
/// still meets the paddle when the landing prediction is slightly off.
const MAX_AIM_FRACTION: f32 = 0.85;
/// Number of candidate aims tried first, evenly spaced in ±[`MAX_AIM_FRACTION`].
const AIM_CANDIDATES: usize = 17;
/// Number of candidates tried when none of the first ones breaks a brick: a finer fan finds the
/// narrow paths (a gap between solid bricks, the last brick in a pocket).
const FINE_AIM_CANDIDATES: usize = 97;
/// Look-ahead steps the bot may spend per fixed step it plays (its *credit*; a fan is played
/// while the credit is above zero, and the steps its copies played are then taken off). Why a
/// budget: playing the fine fan on every fruitless choice cleared 236 of 400 shipped-level runs
/// (8 levels, 5 modes, seeds 1-10, 20,000 steps), never playing it 220, a fine fan of 49 aims
/// 227; but on LBreakout2 levels with a ball caged for long, the fans (fine and coarse) made
/// bot-driven play as slow as 25,000 steps/s, where the goal is 100,000 on every level. A
/// budget keeps the choices where look-ahead is cheap and bounds its cost where it is not.
const LOOK_AHEAD_CREDIT_PER_STEP: i64 = 16;
/// Most look-ahead credit the bot saves up, in steps: a few fans on long flights.
const LOOK_AHEAD_CREDIT_CAP: i64 = 50_000;
/// Look-ahead credit the bot starts a game with, in steps: a coarse fan or two. Starting with
/// the cap let a short game (LBreakout2's SkillShot level 11, 1,327 steps, many balls) spend
/// 38 look-ahead steps per step on it alone: 41,000 steps/s; with 5,000, 67,000. The shipped
/// levels (8 × 5 modes × seeds 1-10) cleared 231 of 400 games instead of 229.
const LOOK_AHEAD_CREDIT_START: i64 = 5_000;
/// Longest look-ahead per candidate, in fixed steps (8 s of game time).
const LOOKAHEAD_STEPS: u32 = 1920;
/// Seconds before the falling ball reaches the paddle (in a straight line) at which the bot
/// chooses its aim: late enough that the look-ahead plays little of the fall, early enough for
/// the paddle (at [`PADDLE_FOLLOW_SPEED`], 0.035 s across the whole span of aims) to get there.
const CHOICE_LEAD: f32 = 0.25;
/// Pixels either side of its target the paddle sways while a ghost paddle runs: a ghost paddle
/// is solid only while it moves, so the bot never lets it stand still.
const GHOST_SWAY: f32 = 2.0;

/// `target_x` (pixels), swayed by ±[`GHOST_SWAY`] on alternate steps while the ghost paddle
/// runs.
fn keep_ghost_solid(game: &Game, target_x: f32) -> f32 {
    if !game.active_effects().has(crate::level::PowerUpKind::Ghost) {
        return target_x;
    }
    if game.stats().steps.is_multiple_of(2) {
        target_x + GHOST_SWAY
    } else {
        target_x - GHOST_SWAY
    }
}

/// The autoplay bot. Create one per game; call [`Bot::input`] once per fixed step.
#[derive(Clone, Debug)]
pub struct Bot {
    rng: Pcg32,
    /// Seconds to wait on a stuck ball before launching, so players see the start.
    launch_delay: f32,
    waited: f32,
    /// Current aim: landing offset from the paddle's centre, in half-widths (+ sends it right).
    aim: f32,
    /// True once the aim was chosen for the current flight (from the paddle, or a launch, to the
    /// paddle): a bounce off a ceiling on the way (in a pocket) needs no new choice.
    chosen: bool,
    /// Where the protected ball (see [`protected_ball`]) was at the last call: when another ball
    /// takes its place (multiball), it is a new flight and needs its own aim.
    protected_at: Option<Vec2>,
    /// Destructible bricks left when the aim was chosen: a change mid-flight triggers a new
    /// choice.
    bricks_at_choice: usize,
    /// Look-ahead steps the bot may still spend (see [`LOOK_AHEAD_CREDIT_PER_STEP`]); below
    /// zero after an expensive fan.
    credit: i64,
}

impl Bot {
    /// A bot whose choices come from `seed`; it launches a stuck ball after `launch_delay` seconds.
    pub fn new(seed: u64, launch_delay: f32) -> Bot {
        Bot {
            rng: Pcg32::seed_from_u64(seed ^ 0x9e37_79b9_7f4a_7c15),
            launch_delay,
            waited: 0.0,
            aim: 0.0,
            chosen: false,
            protected_at: None,
            bricks_at_choice: usize::MAX,
            credit: LOOK_AHEAD_CREDIT_START,
        }
    }

    /// The input for the next step of `game`.
    pub fn input(&mut self, game: &Game) -> Input {
        self.credit = (self.credit + LOOK_AHEAD_CREDIT_PER_STEP).min(LOOK_AHEAD_CREDIT_CAP);
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
        let Some(ball) = protected_ball(game) else {
            // Every ball rides on the paddle: nothing to protect, so power-ups are free to take.
            self.chosen = false;
            self.protected_at = None;
            return Input {
                launch,
                paddle_target_x: Some(keep_ghost_solid(game, paddle_target(game, self.aim))),
                ..Input::default()
            };
        };
        let bricks = game.bricks().destructible_left();
        // The same ball started this step where it was at the last call (a ball–ball push moves
        // it by far less than its radius).
        let same_ball = self
            .protected_at
            .is_some_and(|p| p.distance(ball.prev_pos) < ball.radius);
        self.protected_at = Some(ball.pos);
        // The paddle sent a ball up in the last step, or another ball is now the one to look
        // after: a new flight.
        let paddle_hit = game
            .events()
            .iter()
            .any(|e| matches!(e, super::GameEvent::PaddleHit));
        if paddle_hit || !same_ball {
            self.chosen = false;
        }
        let paddle_line = game.paddle().pos.y - ball.radius;
        let near = ball.vel.y > 0.0 && paddle_line - ball.pos.y <= CHOICE_LEAD * ball.vel.y;
        if near && (!self.chosen || bricks != self.bricks_at_choice) {
            self.aim = self.choose_aim(game);
            self.chosen = true;
            self.bricks_at_choice = bricks;
        }
        Input {
            launch,
            paddle_target_x: Some(keep_ghost_solid(game, paddle_target(game, self.aim))),
            ..Input::default()
        }
    }

    /// Tries candidate aims on copies of `game` (see [`look_ahead::play_fan`]) and returns the
    /// best one: a coarse fan first; if it breaks nothing (a fruitless choice), a fine one. Each
    /// is played only with credit (see [`LOOK_AHEAD_CREDIT_PER_STEP`]); with none, or with
    /// several balls in play (see [`several_in_play`]), a random aim of the coarse fan.
    fn choose_aim(&mut self, game: &Game) -> f32 {
        let mut aims = fan(AIM_CANDIDATES);
        if several_in_play(game) || self.credit <= 0 {
            return aims[self.rng.random_range(0..aims.len())];
        }
        let (mut outcomes, played) =
            look_ahead::play_fan(game, &aims, &vec![None; aims.len()], LOOKAHEAD_STEPS);
        self.credit -= i64::from(played);
        let fruitless = !outcomes
            .iter()
            .any(|o| matches!(o, Some(Outcome::Destroys(_))));
        if fruitless && fine_fan_affordable(self.credit, played) {
            // The coarse aims are among the fine ones (the very same numbers), and they were
            // all played to their end: no need to play them again.
            let fine = fan(FINE_AIM_CANDIDATES);
            let known: Vec<Option<Outcome>> = fine
                .iter()
                .map(|f| {
                    let coarse = aims.iter().position(|c| c.to_bits() == f.to_bits());
                    coarse.and_then(|i| outcomes[i])
                })
                .collect();
            let (fine_outcomes, played) =
                look_ahead::play_fan(game, &fine, &known, LOOKAHEAD_STEPS);
            self.credit -= i64::from(played);
            outcomes = fine_outcomes;
            aims = fine;
        }
        // Candidates stopped early (`None`) are worse than the best.
        let best = outcomes.iter().flatten().min().copied();
        let with = |wanted: Outcome| {
            aims.iter()
                .zip(&outcomes)
                .filter(move |(_, o)| **o == Some(wanted))
                .map(|(&aim, _)| aim)
        };
        match best.unwrap_or(Outcome::Nothing) {
            // Earliest hit; ties go to the aim nearest the centre (the safest catch), the
            // leftmost of two as near.
            best @ Outcome::Destroys(_) => with(best)
                .min_by(|a, b| a.abs().total_cmp(&b.abs()))
                .unwrap_or(0.0),
            // Nothing breaks a brick this flight: explore with a random safe aim.
            Outcome::Nothing => {
                let safe: Vec<f32> = with(Outcome::Nothing).collect();
                safe[self.rng.random_range(0..safe.len())]
            }
            Outcome::Lost => 0.0,
        }
    }
}

/// True if a fine fan is paid for: the credit left after the coarse fan, which cost
/// `coarse_steps`, covers the fine fan's estimated cost, its new candidates at the coarse fan's
/// average. A fan played on credit above zero alone could cost the fine fan's whole horizon,
/// 80 × [`LOOKAHEAD_STEPS`], on a ball caged for long: on a short game (LBreakout2's GreenWall4
/// level 15, 2,849 steps) that one fan made 30,000 steps/s.
fn fine_fan_affordable(credit: i64, coarse_steps: u32) -> bool {
    let new = (FINE_AIM_CANDIDATES - AIM_CANDIDATES) as i64;
    credit > 0 && credit >= i64::from(coarse_steps) * new / AIM_CANDIDATES as i64
}

/// True while more than one ball flies (not riding on the paddle). The bot then looks ahead no
/// more: it aims at random (its seeded generator) among the coarse fan's aims. A look-ahead
/// plays every ball on each copy, and the loss of any of them ends a candidate as lost, so
/// nearly every choice found nothing, played the fine fan too and cost about 100 copies × every
/// ball × up to [`LOOKAHEAD_STEPS`]: on LBreakout2's multiball levels, 2,000-6,000 steps/s
/// instead of the 100,000 wanted. The other balls break bricks anyway.
fn several_in_play(game: &Game) -> bool {
    game.balls().iter().filter(|b| !b.stuck).nth(1).is_some()
}

/// The aims of a fan of `n` candidates (paddle half-widths), evenly spaced in
/// ±[`MAX_AIM_FRACTION`], leftmost first.
fn fan(n: usize) -> Vec<f32> {
    (0..n)
        .map(|i| -MAX_AIM_FRACTION + 2.0 * MAX_AIM_FRACTION * i as f32 / (n - 1) as f32)
        .collect()
}

mod look_ahead;
#[cfg(test)]
mod oracle;
mod target;
#[cfg(test)]
mod tests;
