//! One ball's motion through one fixed step, as small systems that take only what they use.
//!
//! [`Game::step`](super::Game::step) borrows the parts of the game a moving ball may read or
//! change into a [`BallWorld`] and hands each ball to [`BallWorld::advance`]:
//!
//! * the discrete modes sub-step here ([`BallWorld::advance_substeps`], raw with
//!   [`SubSteps::Off`]): walls
//!   ([`collide_walls`]), paddle ([`collide_paddle`]), bricks
//!   ([`BallWorld::collide_bricks`](super::brick_collisions));
//! * the continuous mode casts to the earliest impact ([`super::swept`]);
//! * both end a brick bounce in the one post-bounce routine,
//!   [`after_brick_bounce`](super::brick_collisions::after_brick_bounce), and a wall or solid
//!   bounce in the [`loop_breaker`].
//!
//! Coordinates are playfield pixels (origin top-left, y down), velocities pixels/second, times
//! seconds.

use super::bricks::hits::Tally;
use super::paddle_rule::PaddleRule;
use super::powerups::BONUS_FLOOR_Y;
use super::sub_steps::SubSteps;
use super::tuning::*;
use super::{ball, Ball, BrickField, GameEvent, Paddle};
use crate::collision::{CollisionModel, Resolution};
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;

/// Upper bound on sub-steps per step (the shared resolution reaches it only above ~300,000
/// pixels/second).
pub(super) const MAX_SUBSTEPS: u32 = 10_000;

/// What a moving ball may read and change during one step, borrowed from the game: nothing else
/// (not the other balls, the lives or the game state) is within its reach.
pub(super) struct BallWorld<'a> {
    /// The ball–box collision model the game plays with ([`super::Game::model`]).
    pub model: &'static dyn CollisionModel,
    /// The paddle (read only: the paddle moved before the balls).
    pub paddle: &'a Paddle,
    /// How the ball leaves the paddle ([`super::GameConfig::paddle_rule`]).
    pub paddle_rule: PaddleRule,
    /// Sub-steps as played, or one raw test per step ([`super::GameConfig::sub_steps`]).
    pub sub_steps: SubSteps,
    /// True while a sticky-paddle power-up runs: the paddle catches the ball.
    pub sticky: bool,
    /// True while a pass-through power-up runs: coloured bricks break without deflecting.
    pub(crate) pass_through: bool,
    /// What the running ball and paddle power-ups change in a ball's motion.
    pub(crate) mods: BallMods,
    /// The bricks, hit and destroyed.
    pub bricks: &'a mut BrickField,
    /// Score, statistics and released power-ups.
    pub tally: Tally<'a>,
    /// The game's seeded generator (loop breaker, power-up rolls).
    pub rng: &'a mut Pcg32,
    /// Event sink of this step.
    pub events: &'a mut Vec<GameEvent>,
    /// The contact log ([`super::contact_log`]): written only while recording.
    pub log: &'a mut super::contact_log::ContactLog,
}

/// What the running power-ups change in a ball's motion, read once per step.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct BallMods {
    /// Energy ball: every brick but walls breaks without deflecting the ball, metal included.
    pub energy: bool,
    /// Explosive ball: a hit destroys the brick and blows up its neighbours.
    pub explosive: bool,
    /// Weak ball: the chance (0–1) that a hit does no damage.
    pub(crate) weak_miss: Option<f32>,
    /// Chaotic ball: it leaves every brick at a random angle.
    pub chaotic: bool,
    /// Bonus floor: a wall at [`BONUS_FLOOR_Y`] below the paddle.
    pub floor: bool,
    /// Ghost paddle standing still: the ball passes through it.
    pub(crate) ghost_paddle: bool,
}

impl BallWorld<'_> {
    /// Moves one ball in play through one step of `dt` seconds by the model's resolution
    /// ([`Resolution`]), then counts (and repairs) any escape from the playfield; a ball whose
    /// position or velocity a model made not finite is counted as escaped and put back on the
    /// middle of the field, falling.
    pub fn advance(&mut self, ball: &mut Ball, dt: f32) {
        match self.model.resolution() {
            Resolution::Shared => self.advance_substeps(ball, dt),
            Resolution::Continuous => self.advance_swept(ball, dt),
            Resolution::Own(substeps) => self.advance_own(ball, dt, substeps),
        }
        let broken = !ball.vel.is_finite() || !ball.pos.is_finite();
        if broken {
            ball.vel = Vec2::new(0.0, BALL_LAUNCH_SPEED);
            ball.memory = Default::default();
        }
        if self.mods.floor {
            self.bounce_off_floor(ball);
        }
        if broken || ball.pos.x < 0.0 || ball.pos.x > PLAYFIELD_WIDTH || ball.pos.y < 0.0 {
            self.tally.stats.balls_escaped += 1;
            ball.pos = ball.pos.clamp(
                Vec2::splat(ball.radius),
                Vec2::new(PLAYFIELD_WIDTH - ball.radius, PLAYFIELD_HEIGHT),
            );
            if !ball.pos.is_finite() {
                ball.pos = Vec2::new(PLAYFIELD_WIDTH / 2.0, PLAYFIELD_HEIGHT / 2.0);
            }
        }
    }

    /// Bonus floor: a ball moving down past [`BONUS_FLOOR_Y`] is mirrored back above it (the
    /// floor is a half-plane, so the reflection is exact whatever the integrator).
    fn bounce_off_floor(&mut self, ball: &mut Ball) {
        let limit = BONUS_FLOOR_Y - ball.radius;
        if ball.pos.y > limit && ball.vel.y > 0.0 {
            ball.pos.y = (2.0 * limit - ball.pos.y).max(limit - ball.radius);
            ball.vel.y = -ball.vel.y;
            self.events.push(GameEvent::WallHit);
        }
    }

    /// Discrete modes: moves the ball in sub-steps no longer than [`MAX_SUBSTEP_FRACTION`] ×
    /// radius, resolving walls, paddle and bricks after each, so it cannot step over anything
    /// thicker than half its radius at any speed; with [`SubSteps::Off`], in one sub-step (one
    /// raw test per step: a fast ball jumps what it passes, [`SubSteps::shared_count`]).
    fn advance_substeps(&mut self, ball: &mut Ball, dt: f32) {
        let travel = ball.vel.length() * dt;
        let substeps = self
            .sub_steps
            .shared_count(travel, ball.radius, MAX_SUBSTEPS);
        let sub_dt = dt / substeps as f32;
        for _ in 0..substeps {
            ball.pos += ball.vel * sub_dt;
            self.separate(ball);
            if ball.pos.y - ball.radius > PLAYFIELD_HEIGHT {
                break;
            }
        }
    }

    /// Resolves every overlap of the ball, in order: walls, paddle, bricks. The discrete modes'
    /// sub-step, and the continuous integrator's separation of overlaps motion did not cause.
    pub fn separate(&mut self, ball: &mut Ball) {
        collide_walls(ball, self.events, self.rng);
        if !self.mods.ghost_paddle {
            collide_paddle(
                ball,
                self.paddle,
                self.paddle_rule,
                self.model,
                self.sticky,
                self.events,
            );
        }
        self.collide_bricks(ball);
    }
}

/// Discrete wall bounce ([`ball::collide_walls`]) with its event and the loop breaker.
pub(super) fn collide_walls(ball: &mut Ball, events: &mut Vec<GameEvent>, rng: &mut Pcg32) {
    if ball::collide_walls(ball) {
        events.push(GameEvent::WallHit);
        // A wall bounce keeps the sign of the velocity along the wall and leaves the ball
        // moving away from it; `nudge_direction` keeps both signs, so no normal is needed.
        loop_breaker(ball, &[], rng);
    }
}

/// Loop breaker, called after `ball` bounced off a wall or a solid brick (contact resolved,
/// `surfaces` the unit normals of what it bounced off): if it has gone
/// [`LOOP_BREAKER_STEPS`] without touching the paddle or a destructible brick, turns its
/// velocity by a random angle between [`LOOP_BREAKER_MIN_TURN_DEG`] and
/// [`LOOP_BREAKER_MAX_TURN_DEG`] (the game's seeded generator: still deterministic) and
/// restarts the timer, so a loop that persists is nudged again every
/// [`LOOP_BREAKER_SECONDS`].
pub(super) fn loop_breaker(ball: &mut Ball, surfaces: &[Vec2], rng: &mut Pcg32) {
    if ball.idle_steps < LOOP_BREAKER_STEPS {
        return;
    }
    let turn = rng.random_range(LOOP_BREAKER_MIN_TURN_DEG..=LOOP_BREAKER_MAX_TURN_DEG);
    let turn = if rng.random::<bool>() { turn } else { -turn };
    if let Some(vel) = ball::nudge_direction(ball.vel, turn, surfaces) {
        ball.vel = vel;
        ball.idle_steps = 0;
    }
}

/// Ball against the paddle, discrete: the model's contact pushes the ball out; a falling ball
/// leaves by the paddle rule `rule` ([`ball::paddle_bounce`]) and is caught when `sticky`.
pub(super) fn collide_paddle(
    ball: &mut Ball,
    paddle: &Paddle,
    rule: PaddleRule,
    model: &dyn CollisionModel,
    sticky: bool,
    events: &mut Vec<GameEvent>,
) {
    let circle = ball.circle();
    let Some(contact) = model.contact(circle, paddle.rect(), ball.vel) else {
        return;
    };
    ball.pos += contact.normal * contact.depth;
    ball.idle_steps = 0;
    // A paddle moving sideways into a ball beside it pushes the ball; against a side wall it
    // must not push it through (the ball is squeezed, and rises free or falls).
    ball.pos.x = ball.pos.x.clamp(ball.radius, PLAYFIELD_WIDTH - ball.radius);
    if ball.vel.y > 0.0 {
        ball.vel = ball::paddle_bounce(rule, ball, ball.vel.length(), paddle);
        events.push(GameEvent::PaddleHit);
        catch_if_sticky(ball, paddle, sticky);
    }
}

/// Sticky paddle: a ball that just bounced off the paddle is caught, where it landed, when
/// `sticky` (the power-up runs). Returns true if it was caught.
pub(super) fn catch_if_sticky(ball: &mut Ball, paddle: &Paddle, sticky: bool) -> bool {
    if !sticky {
        return false;
    }
    ball.stuck = true;
    ball.caught = true;
    ball.stick_offset = ball.pos.x - paddle.center_x();
    ball.vel = Vec2::ZERO;
    ball.pos = ball.stuck_position(paddle);
    true
}
