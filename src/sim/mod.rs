//! The simulation: a [`Game`] advanced in fixed time steps.
//!
//! It takes an [`Input`] per step, moves the paddle and the balls, resolves collisions with the
//! configured [`CollisionMode`] and records [`GameEvent`]s. It knows nothing of OpenGL, windows
//! or sound, and is deterministic: the same level, [`GameConfig`] (seed included) and inputs give
//! the same game, bit for bit.
//!
//! Where things are, for a newcomer:
//!
//! * `mod.rs` — [`Game`]: its state, its public API and [`Game::step`], which borrows the parts a
//!   moving ball may touch into a `BallWorld` and moves each ball in place;
//! * `motion.rs` — one ball through one step: discrete sub-steps, walls, paddle, loop breaker;
//! * `brick_collisions.rs` — **the ball bouncing off bricks**, hits and destruction, and the
//!   post-bounce routine shared with `swept.rs` (the continuous integrator);
//! * `ball_collisions.rs` — ball against ball (multiball);
//! * [`brick_kinds`] — the table of brick kinds (hits, solid, score, behaviour on a hit);
//! * [`powerups`] and [`powerups::table`] — falling and active power-ups, and the table of
//!   power-up kinds (good or bad, duration, behaviour when collected);
//! * [`state_hash`] — the hash of the whole state, by serialisation;
//! * [`tuning`] — every constant with its unit; [`crate::playfield`] the shared geometry.

pub mod ball;
mod ball_collisions;
pub mod bot;
mod brick_collisions;
pub mod bricks;
pub mod events;
pub mod input;
mod motion;
pub mod pace;
pub mod powerups;
pub mod state_hash;
mod swept;
pub mod tuning;

pub use ball::{Ball, Paddle};
pub use bot::Bot;
pub use bricks::{Brick, BrickField, HitOutcome};
pub use events::GameEvent;
pub use input::Input;
pub use pace::PaceSettings;
pub use powerups::{ActiveEffects, FallingPowerUp, PowerUpSettings, Shot, Weapon};

use crate::collision::CollisionMode;
use crate::level::{Level, PowerUpKind, Ruleset};
use bricks::hits::Tally;
use glam::Vec2;
use motion::{BallMods, BallWorld};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use tuning::*;

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
    /// The ball's speed-up within a level and the aimed launch (play-test F24). Left out of
    /// the state hash when off, so such games hash as before it existed.
    #[serde(skip_serializing_if = "PaceSettings::is_off")]
    pub pace: PaceSettings,
}

impl Default for GameConfig {
    fn default() -> Self {
        GameConfig {
            seed: 0,
            collision: CollisionMode::default(),
            launch_speed: BALL_LAUNCH_SPEED,
            infinite_lives: false,
            powerups: PowerUpSettings::default(),
            pace: PaceSettings::default(),
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
    /// The same by kind. Left out of the state hash: a breakdown of `powerups_collected`,
    /// which is hashed.
    #[serde(skip)]
    pub powerups_by_kind: PowerUpCounts,
}

/// How many power-ups of each kind were collected, indexed by kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PowerUpCounts(pub [u32; PowerUpKind::ALL.len()]);

impl Default for PowerUpCounts {
    fn default() -> Self {
        PowerUpCounts([0; PowerUpKind::ALL.len()])
    }
}

impl PowerUpCounts {
    /// The kinds collected at least once, with their counts, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (PowerUpKind, u32)> + '_ {
        PowerUpKind::ALL
            .into_iter()
            .map(|k| (k, self.0[k as usize]))
            .filter(|&(_, n)| n > 0)
    }
}

impl GameStats {
    /// Counts one collected power-up of `kind` in [`GameStats::powerups_by_kind`].
    pub fn count_powerup(&mut self, kind: PowerUpKind) {
        self.powerups_by_kind.0[kind as usize] += 1;
    }
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
    /// The level's `@powerups:` rules.
    #[serde(skip_serializing_if = "is_classic")]
    powerup_rules: Ruleset,
    /// The weapon's shots and timer.
    #[serde(skip_serializing_if = "Weapon::is_idle")]
    weapon: Weapon,
    /// The ball's speed-up so far: a multiple of the launch speed, from 1 ([`pace`]).
    #[serde(skip_serializing_if = "pace::is_launch_pace")]
    pace: f32,
}

/// For `skip_serializing_if`: a game under this game's own rules hashes as before they existed.
fn is_classic(r: &Ruleset) -> bool {
    *r == Ruleset::Classic
}

impl Game {
    /// Starts a game on `level`: full lives, score 0, one ball stuck on the paddle.
    pub fn new(level: &Level, config: GameConfig) -> Game {
        let paddle = Paddle::new();
        let mut game = Game {
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
            powerup_rules: level.powerup_rules,
            weapon: Weapon::default(),
            pace: 1.0,
        };
        game.place_random_powerups(level);
        game
    }

    /// Starts the next level of a run on `level`: as [`Game::new`], but with the run's `score`
    /// so far and its `lives` left (at least 1, at most [`powerups::MAX_LIVES`]), so that
    /// score and lives carry over from level to level (as LBreakout2 does). With the
    /// starting values (score 0, [`START_LIVES`]) it is exactly [`Game::new`].
    pub fn continuing(level: &Level, config: GameConfig, score: u32, lives: u32) -> Game {
        let mut game = Game::new(level, config);
        game.score = score;
        game.lives = lives.clamp(1, powerups::MAX_LIVES);
        game
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
        self.powerup_rules = level.powerup_rules;
        self.place_random_powerups(level);
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
    /// The weapon's shots in flight.
    pub fn shots(&self) -> &[Shot] {
        &self.weapon.shots
    }
    /// The level's power-up rules (`@powerups:`).
    pub fn powerup_rules(&self) -> Ruleset {
        self.powerup_rules
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
        if self.effects.has(PowerUpKind::Frozen) {
            self.paddle.prev_x = self.paddle.pos.x;
        } else {
            move_paddle(&mut self.paddle, input, dt);
        }
        self.resize_balls();
        // Ball–ball first: its push-out may move a ball into a brick (never past a wall: see
        // `push_apart`), which the balls' own collisions below then resolve, so no step ends with
        // a ball inside a brick.
        // One ball (nearly always) has no pair: skip the call, which is not inlined (its cost
        // was measurable in the step bench).
        if self.balls.len() > 1 {
            ball_collisions::collide_balls(&mut self.balls);
        }

        self.speed_up(dt);
        // Each ball moves in place, seeing only what a moving ball may touch (`BallWorld`).
        let rules = self.rules();
        let (launch_speed, speed_multiplier) = (
            self.config.launch_speed * self.pace,
            self.effects.speed(rules),
        );
        // Aimed launch: the paddle's velocity this step, pixels/second.
        let aim_vx = (self.paddle.pos.x - self.paddle.prev_x) / dt;
        let aim = self.config.pace.aim_launch.then_some(aim_vx);
        let has = |kind| self.effects.has(kind);
        let mods = BallMods {
            energy: has(PowerUpKind::EnergyBall),
            explosive: has(PowerUpKind::ExplosiveBall),
            weak_miss: has(PowerUpKind::WeakBall).then_some(rules.weak_miss_chance),
            chaotic: has(PowerUpKind::ChaoticBall),
            floor: has(PowerUpKind::BonusFloor),
            ghost_paddle: has(PowerUpKind::Ghost) && self.paddle.pos.x == self.paddle.prev_x,
        };
        let mut world = BallWorld {
            mode: self.config.collision,
            paddle: &self.paddle,
            sticky: has(PowerUpKind::Sticky),
            pass_through: has(PowerUpKind::PassThrough),
            mods,
            tally: Tally {
                score: &mut self.score,
                stats: &mut self.stats,
                falling: &mut self.falling,
                powerups: &self.config.powerups,
                rules,
                gold_shower: has(PowerUpKind::GoldShower),
            },
            bricks: &mut self.bricks,
            rng: &mut self.rng,
            events: &mut self.events,
        };
        for ball in &mut self.balls {
            ball.prev_pos = ball.pos;
            if ball.stuck {
                ball.idle_steps = 0;
                ball.pos = ball.stuck_position(world.paddle);
                if input.launch {
                    ball.stuck = false;
                    ball.vel = if ball.caught {
                        let speed = launch_speed * speed_multiplier;
                        ball::paddle_bounce(ball.pos.x, speed, world.paddle)
                    } else {
                        launch_velocity(world.rng, launch_speed * speed_multiplier, aim)
                    };
                    ball.caught = false;
                    world.events.push(GameEvent::BallLaunched);
                }
            } else {
                ball.idle_steps = ball.idle_steps.saturating_add(1);
                world.advance(ball, dt);
            }
        }
        bricks::aftermath::update_bricks(
            world.bricks,
            &self.balls,
            dt,
            &mut world.tally,
            world.rng,
            world.events,
        );
        self.drop_board();
        self.update_powerups(dt);
        self.remove_lost_balls();

        if self.state == GameState::Playing && self.bricks.destructible_left() == 0 {
            self.state = GameState::LevelCleared;
            self.events.push(GameEvent::LevelCleared);
        }
    }

    /// Collects `kind` as if the paddle had caught it (its events are in [`Game::events`] until
    /// the next step). For tests and tools: `--powerup` keeps power-ups on for measurements and
    /// screenshots.
    pub fn collect_powerup(&mut self, kind: PowerUpKind) {
        self.collect(kind);
    }

    /// Puts a ball in play at `pos` (playfield pixels) with velocity `vel` (pixels/second).
    /// For tests and tools (multiball uses [`Ball::in_play`] directly).
    pub fn add_ball(&mut self, pos: Vec2, vel: Vec2) {
        self.balls.push(Ball::in_play(pos, vel));
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
        self.lose_life();
    }

    /// The speed-up (play-test F24): while a ball is in play, the pace rises by the
    /// configured rate up to its cap, and every ball in play speeds up with it.
    fn speed_up(&mut self, dt: f32) {
        if self.balls.iter().all(|b| b.stuck) {
            return;
        }
        let next = self.config.pace.advance(self.pace, dt);
        if next != self.pace {
            for ball in self.balls.iter_mut().filter(|b| !b.stuck) {
                ball.vel *= next / self.pace;
            }
            self.pace = next;
        }
    }

    /// The pace: the ball's speed-up so far, a multiple of the launch speed (1 at a level's
    /// start and after a life is lost).
    pub fn pace(&self) -> f32 {
        self.pace
    }

    /// The last ball is gone (or a lose-life power-up was caught): power-ups end, a life is
    /// lost (unless lives are infinite), and a new ball waits on the paddle at the launch
    /// speed again, or the game is over.
    fn lose_life(&mut self) {
        self.balls.clear();
        self.pace = 1.0;
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

/// Velocity of a ball launched from the paddle at `speed` pixels/second: up, turned by a
/// random angle within ±[`LAUNCH_SPREAD_DEG`] (drawn from `rng`), or, with `aim` (the
/// paddle's velocity, pixels/second) and a moving paddle, by [`pace::aimed_angle`]; within the
/// anti-loop limits. The random angle is drawn either way, so aiming changes only this
/// launch's direction, not the generator's later draws.
fn launch_velocity(rng: &mut Pcg32, speed: f32, aim: Option<f32>) -> Vec2 {
    let spread = LAUNCH_SPREAD_DEG.to_radians();
    let random = rng.random_range(-spread..=spread);
    let angle = aim.and_then(pace::aimed_angle).unwrap_or(random);
    let vel = Vec2::new(angle.sin(), -angle.cos()) * speed;
    ball::clamp_direction(vel, if angle < 0.0 { -1.0 } else { 1.0 })
}

/// Moves the paddle for one step of `dt` seconds: at [`PADDLE_SPEED`] while a key is held, else
/// at `input.paddle_axis` × [`PADDLE_SPEED`] if that is not 0, else towards
/// `input.paddle_target_x` at no more than [`PADDLE_FOLLOW_SPEED`] (pixels/second); records the
/// previous x for render interpolation.
fn move_paddle(paddle: &mut Paddle, input: &Input, dt: f32) {
    paddle.prev_x = paddle.pos.x;
    let keys = input.right as i32 - input.left as i32;
    let axis = input.paddle_axis;
    if keys != 0 {
        paddle.move_by(keys as f32 * PADDLE_SPEED * dt);
    } else if axis != 0.0 && axis.is_finite() {
        paddle.move_by(axis.clamp(-1.0, 1.0) * PADDLE_SPEED * dt);
    } else if let Some(target) = input.paddle_target_x.filter(|t| t.is_finite()) {
        let max_step = PADDLE_FOLLOW_SPEED * dt;
        let dx = (target - paddle.center_x()).clamp(-max_step, max_step);
        paddle.move_by(dx);
    }
}

#[cfg(test)]
mod paddle_axis_tests {
    use super::*;
    use crate::sim::tuning::FIXED_TIMESTEP;

    /// How far the paddle's centre moves in one step of `input`, from the middle.
    fn moved(input: Input) -> f32 {
        let level = crate::level::Level::parse("2 2 2 2", "test").expect("valid level");
        let mut game = Game::new(&level, GameConfig::default());
        let before = game.paddle().center_x();
        game.step(&input);
        game.paddle().center_x() - before
    }

    #[test]
    fn the_analogue_axis_moves_the_paddle_at_its_fraction_of_the_key_speed() {
        let full = PADDLE_SPEED * FIXED_TIMESTEP;
        let axis = |a| Input {
            paddle_axis: a,
            ..Input::default()
        };
        assert!((moved(axis(0.5)) - 0.5 * full).abs() < 1e-3);
        assert!((moved(axis(-1.0)) + full).abs() < 1e-3);
        assert!((moved(axis(7.0)) - full).abs() < 1e-3, "clamped to 1");
        assert_eq!(moved(axis(f32::NAN)), 0.0);
        // A held key wins over the stick; the stick wins over the pointer.
        let key_and_axis = Input {
            left: true,
            paddle_axis: 1.0,
            ..Input::default()
        };
        assert!((moved(key_and_axis) + full).abs() < 1e-3);
        let axis_and_pointer = Input {
            paddle_axis: 0.25,
            paddle_target_x: Some(0.0),
            ..Input::default()
        };
        assert!((moved(axis_and_pointer) - 0.25 * full).abs() < 1e-3);
    }
}
