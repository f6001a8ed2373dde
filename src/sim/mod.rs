//! The simulation: a [`Game`] advanced in fixed time steps.
//!
//! It takes an [`Input`] per step, moves the paddle and the balls, resolves collisions with the
//! configured [`CollisionMode`] and records [`GameEvent`]s. It knows nothing of OpenGL, windows
//! or sound, and is deterministic: the same level, [`GameConfig`] (seed included) and inputs give
//! the same game, bit for bit.

pub mod ball;
mod ball_collisions;
pub mod bot;
mod brick_collisions;
pub mod bricks;
pub mod events;
pub mod input;
pub mod powerups;
pub mod state_hash;
mod swept;
pub mod tuning;

pub use ball::{Ball, Paddle};
pub use bot::Bot;
pub use bricks::{Brick, BrickField, HitOutcome};
pub use events::GameEvent;
pub use input::Input;
pub use powerups::{ActiveEffects, FallingPowerUp, PowerUpSettings};

use crate::collision::{circle_aabb_contact, Circle, CollisionMode};
use crate::level::Level;
use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use tuning::*;

/// Upper bound on discrete sub-steps per step (reached only above ~300,000 pixels/second).
const MAX_SUBSTEPS: u32 = 10_000;

/// Settings fixed for the life of a [`Game`].
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct GameConfig {
    /// Seed of the game's random generator (launch directions).
    pub seed: u64,
    /// Ball–box collision algorithm.
    pub collision: CollisionMode,
    /// Ball speed at launch, pixels/second.
    pub launch_speed: f32,
    /// When true a lost ball costs no life (used by `simulate`): it is counted and respawned.
    pub infinite_lives: bool,
    /// Power-up spawn chances and durations.
    pub powerups: PowerUpSettings,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            seed: 0,
            collision: CollisionMode::default(),
            launch_speed: BALL_LAUNCH_SPEED,
            infinite_lives: false,
            powerups: PowerUpSettings::default(),
        }
    }
}

/// Where the game is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum GameState {
    /// Balls in play (or waiting on the paddle).
    Playing,
    /// Every destructible brick is gone.
    LevelCleared,
    /// No lives left.
    GameOver,
}

/// Counters kept for statistics and the `simulate` command.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct GameStats {
    /// Fixed steps simulated.
    pub steps: u64,
    /// Destructible bricks destroyed.
    pub bricks_destroyed: u32,
    /// Balls that fell out of the bottom.
    pub balls_lost: u32,
    /// Times a ball centre left the playfield other than through the bottom (must stay 0).
    pub balls_escaped: u32,
    /// Power-ups caught with the paddle.
    pub powerups_collected: u32,
}

/// A game of Breakout on one level: bricks, paddle, balls, lives, score and state.
///
/// Everything it holds is serialised into [`Game::state_hash`]: a new field is covered without
/// more code; one deliberately left out needs `#[serde(skip)]` and its reason.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Game {
    level_name: String,
    config: GameConfig,
    bricks: BrickField,
    paddle: Paddle,
    balls: Vec<Ball>,
    lives: u32,
    score: u32,
    state: GameState,
    rng: Pcg32,
    /// Left out of the state hash: the output of the last step, cleared when the next one
    /// starts, so it never influences the game (and the app's view of the events is not state).
    #[serde(skip)]
    events: Vec<GameEvent>,
    stats: GameStats,
    falling: Vec<FallingPowerUp>,
    effects: ActiveEffects,
}

impl Game {
    /// Starts a game on `level`: full lives, score 0, one ball stuck on the paddle.
    pub fn new(level: &Level, config: GameConfig) -> Game {
        let paddle = Paddle::new();
        Game {
            level_name: level.display_name().to_string(),
            config,
            bricks: BrickField::new(level),
            paddle,
            balls: vec![Ball::on_paddle(&paddle)],
            lives: START_LIVES,
            score: 0,
            state: GameState::Playing,
            rng: Pcg32::seed_from_u64(config.seed),
            events: Vec::new(),
            stats: GameStats::default(),
            falling: Vec::new(),
            effects: ActiveEffects::new(),
        }
    }

    /// Name of the level being played.
    pub fn level_name(&self) -> &str {
        &self.level_name
    }
    /// The configuration the game was started with.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }
    /// Swaps in a new layout of bricks (live reload of the level file), keeping the paddle, lives
    /// and score; the ball goes back onto the paddle, and a cleared level is playable again.
    pub fn replace_level(&mut self, level: &Level) {
        self.level_name = level.display_name().to_string();
        self.bricks = BrickField::new(level);
        self.clear_powerups();
        self.balls = vec![Ball::on_paddle(&self.paddle)];
        if self.state == GameState::LevelCleared {
            self.state = GameState::Playing;
        }
    }

    /// Changes the collision algorithm from the next step on.
    pub fn set_collision_mode(&mut self, mode: CollisionMode) {
        self.config.collision = mode;
    }
    /// The bricks.
    pub fn bricks(&self) -> &BrickField {
        &self.bricks
    }
    /// The paddle.
    pub fn paddle(&self) -> &Paddle {
        &self.paddle
    }
    /// Balls in play (one, or none for a moment after the last one is lost).
    pub fn balls(&self) -> &[Ball] {
        &self.balls
    }
    /// Lives left.
    pub fn lives(&self) -> u32 {
        self.lives
    }
    /// Score so far.
    pub fn score(&self) -> u32 {
        self.score
    }
    /// Current state.
    pub fn state(&self) -> GameState {
        self.state
    }
    /// Statistics counters.
    pub fn stats(&self) -> GameStats {
        self.stats
    }
    /// Power-ups falling towards the paddle.
    pub fn falling_powerups(&self) -> &[FallingPowerUp] {
        &self.falling
    }
    /// Power-ups in effect.
    pub fn active_effects(&self) -> &ActiveEffects {
        &self.effects
    }

    /// The events of the last [`Game::step`], oldest first. Each step starts by clearing them,
    /// so nothing piles up when nobody reads them: a consumer reads them after every step.
    pub fn events(&self) -> &[GameEvent] {
        &self.events
    }

    /// Advances the game by one fixed time step of [`FIXED_TIMESTEP`] seconds; its events are
    /// then in [`Game::events`] until the next step.
    /// Does nothing but count the step once the level is cleared or the game is over.
    pub fn step(&mut self, input: &Input) {
        self.events.clear();
        self.stats.steps += 1;
        if self.state != GameState::Playing {
            return;
        }
        let dt = FIXED_TIMESTEP;
        self.move_paddle(input, dt);
        // Ball–ball first: its push-out may move a ball into a brick (never past a wall: see
        // `push_apart`), which the balls' own collisions below then resolve, so no step ends with
        // a ball inside a brick.
        self.collide_balls();

        for i in 0..self.balls.len() {
            let mut ball = self.balls[i];
            ball.prev_pos = ball.pos;
            if ball.stuck {
                ball.idle_steps = 0;
                ball.pos = ball.stuck_position(&self.paddle);
                if input.launch {
                    ball.stuck = false;
                    ball.vel = self.launch_velocity();
                    self.events.push(GameEvent::BallLaunched);
                }
            } else {
                ball.idle_steps = ball.idle_steps.saturating_add(1);
                self.advance_ball(&mut ball, dt);
            }
            self.balls[i] = ball;
        }
        self.update_powerups(dt);
        self.remove_lost_balls();

        if self.state == GameState::Playing && self.bricks.destructible_left() == 0 {
            self.state = GameState::LevelCleared;
            self.events.push(GameEvent::LevelCleared);
        }
    }

    fn move_paddle(&mut self, input: &Input, dt: f32) {
        self.paddle.prev_x = self.paddle.pos.x;
        let keys = input.right as i32 - input.left as i32;
        if keys != 0 {
            self.paddle.move_by(keys as f32 * PADDLE_SPEED * dt);
        } else if let Some(target) = input.paddle_target_x.filter(|t| t.is_finite()) {
            let max_step = PADDLE_FOLLOW_SPEED * dt;
            let dx = (target - self.paddle.center_x()).clamp(-max_step, max_step);
            self.paddle.move_by(dx);
        }
    }

    fn launch_velocity(&mut self) -> Vec2 {
        let spread = LAUNCH_SPREAD_DEG.to_radians();
        let angle = self.rng.random_range(-spread..=spread);
        let vel = Vec2::new(angle.sin(), -angle.cos())
            * self.config.launch_speed
            * self.effects.speed_multiplier;
        ball::clamp_direction(vel, if angle < 0.0 { -1.0 } else { 1.0 })
    }

    /// Moves one ball through one step with the configured mode's integrator, then counts (and
    /// repairs) any escape from the playfield.
    fn advance_ball(&mut self, ball: &mut Ball, dt: f32) {
        if self.config.collision.is_continuous() {
            self.advance_ball_swept(ball, dt);
        } else {
            self.advance_ball_substeps(ball, dt);
        }
        if ball.pos.x < 0.0
            || ball.pos.x > PLAYFIELD_WIDTH
            || ball.pos.y < 0.0
            || !ball.pos.is_finite()
        {
            self.stats.balls_escaped += 1;
            ball.pos = ball.pos.clamp(
                Vec2::splat(ball.radius),
                Vec2::new(PLAYFIELD_WIDTH - ball.radius, PLAYFIELD_HEIGHT),
            );
        }
    }

    /// Discrete modes: moves the ball in sub-steps no longer than [`MAX_SUBSTEP_FRACTION`] ×
    /// radius, resolving walls, paddle and bricks after each, so it cannot step over anything
    /// thicker than half its radius at any speed.
    fn advance_ball_substeps(&mut self, ball: &mut Ball, dt: f32) {
        let travel = ball.vel.length() * dt;
        let max_move = MAX_SUBSTEP_FRACTION * ball.radius;
        let substeps = ((travel / max_move).ceil() as u32).clamp(1, MAX_SUBSTEPS);
        let sub_dt = dt / substeps as f32;
        for _ in 0..substeps {
            ball.pos += ball.vel * sub_dt;
            self.collide_walls(ball);
            self.collide_paddle(ball);
            self.collide_bricks(ball);
            if ball.pos.y - ball.radius > PLAYFIELD_HEIGHT {
                break;
            }
        }
    }

    /// Discrete wall bounce ([`ball::collide_walls`]) with its event and the loop breaker.
    fn collide_walls(&mut self, ball: &mut Ball) {
        if ball::collide_walls(ball) {
            self.events.push(GameEvent::WallHit);
            // A wall bounce keeps the sign of the velocity along the wall and leaves the ball
            // moving away from it; `nudge_direction` keeps both signs, so no normal is needed.
            self.loop_breaker(ball, &[]);
        }
    }

    /// Loop breaker, called after `ball` bounced off a wall or a solid brick (contact resolved,
    /// `surfaces` the unit normals of what it bounced off): if it has gone
    /// [`LOOP_BREAKER_STEPS`] without touching the paddle or a destructible brick, turns its
    /// velocity by a random angle between [`LOOP_BREAKER_MIN_TURN_DEG`] and
    /// [`LOOP_BREAKER_MAX_TURN_DEG`] (the game's seeded generator: still deterministic) and
    /// restarts the timer, so a loop that persists is nudged again every
    /// [`LOOP_BREAKER_SECONDS`].
    fn loop_breaker(&mut self, ball: &mut Ball, surfaces: &[Vec2]) {
        if ball.idle_steps < LOOP_BREAKER_STEPS {
            return;
        }
        let turn = self
            .rng
            .random_range(LOOP_BREAKER_MIN_TURN_DEG..=LOOP_BREAKER_MAX_TURN_DEG);
        let turn = if self.rng.random::<bool>() {
            turn
        } else {
            -turn
        };
        if let Some(vel) = ball::nudge_direction(ball.vel, turn, surfaces) {
            ball.vel = vel;
            ball.idle_steps = 0;
        }
    }

    fn collide_paddle(&mut self, ball: &mut Ball) {
        let circle = Circle {
            center: ball.pos,
            radius: ball.radius,
        };
        let Some(contact) =
            circle_aabb_contact(self.config.collision, circle, self.paddle.rect(), ball.vel)
        else {
            return;
        };
        ball.pos += contact.normal * contact.depth;
        ball.idle_steps = 0;
        // A paddle moving sideways into a ball beside it pushes the ball; against a side wall it
        // must not push it through (the ball is squeezed, and rises free or falls).
        ball.pos.x = ball.pos.x.clamp(ball.radius, PLAYFIELD_WIDTH - ball.radius);
        if ball.vel.y > 0.0 {
            ball.vel = ball::paddle_bounce(ball.pos.x, ball.vel.length(), &self.paddle);
            self.events.push(GameEvent::PaddleHit);
            self.catch_if_sticky(ball);
        }
    }

    /// Puts a ball in play at `pos` (playfield pixels) with velocity `vel` (pixels/second).
    /// For tests and tools; multiball power-ups will use it too.
    pub fn add_ball(&mut self, pos: Vec2, vel: Vec2) {
        self.balls.push(Ball {
            pos,
            prev_pos: pos,
            vel,
            radius: BALL_RADIUS,
            stuck: false,
            stick_offset: 0.0,
            idle_steps: 0,
        });
    }

    /// Replaces every ball (in play or on the paddle) with one ball in play at `pos` (playfield
    /// pixels) moving at `vel` (pixels/second). For tests and tools: it sets up exact scenarios
    /// (a ball aimed at a seam, a corner, a gap) that a launch from the paddle cannot.
    pub fn set_ball(&mut self, pos: Vec2, vel: Vec2) {
        self.balls.clear();
        self.add_ball(pos, vel);
    }

    fn remove_lost_balls(&mut self) {
        let before = self.balls.len();
        self.balls
            .retain(|b| b.pos.y - b.radius <= PLAYFIELD_HEIGHT);
        let lost = before - self.balls.len();
        if lost == 0 {
            return;
        }
        self.stats.balls_lost += lost as u32;
        if !self.balls.is_empty() {
            return;
        }
        if !self.config.infinite_lives {
            self.clear_powerups();
            self.lives = self.lives.saturating_sub(1);
            self.events.push(GameEvent::LifeLost {
                lives_left: self.lives,
            });
            if self.lives == 0 {
                self.state = GameState::GameOver;
                self.events.push(GameEvent::GameOver);
                return;
            }
        } else {
            self.clear_powerups();
            self.events.push(GameEvent::LifeLost {
                lives_left: self.lives,
            });
        }
        self.balls.push(Ball::on_paddle(&self.paddle));
    }

    /// A 64-bit FNV-1a hash of the whole game state: everything [`Game`] holds (level name,
    /// configuration, bricks, paddle, balls, lives, score, state, generator, statistics, falling
    /// power-ups, active effects and their timers) but the last step's events, by way of its
    /// serialisation ([`state_hash::hash_of`]). Identical runs give identical hashes; any
    /// divergence in the simulation changes it.
    pub fn state_hash(&self) -> u64 {
        state_hash::hash_of(self)
    }
}
