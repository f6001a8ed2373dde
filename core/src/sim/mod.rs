//! The simulation: a [`Game`] advanced in fixed time steps.
//!
//! It takes an [`Input`] per step, moves the paddle and the balls, resolves collisions with the
//! configured [`CollisionMode`] and records [`GameEvent`]s. It knows nothing of OpenGL, windows
//! or sound, and is deterministic: the same level, [`GameConfig`] (seed included) and inputs give
//! the same game, bit for bit.
//!
//! Where things are, for a newcomer:
//!
//! * `mod.rs` — [`Game`]: its state and its public API;
//! * `step.rs` — [`Game::step`] as a list of named stages, and the borrow split (`Game::parts`)
//!   the stages that destroy bricks share;
//! * `motion.rs` — one ball through one step: discrete sub-steps, walls, paddle, loop breaker;
//! * `brick_collisions.rs` — **the ball bouncing off bricks**, and the post-bounce routine
//!   shared with `swept.rs` (the continuous integrator);
//! * `ball_collisions.rs` — ball against ball (multiball);
//! * [`bricks`] — the brick field ([`bricks::field`]), each kind's behaviour and points
//!   ([`bricks::kinds`]; its facts are [`crate::level::BrickKind::def`]), what a hit does
//!   ([`bricks::hits`]), explosions, growth and regeneration ([`bricks::aftermath`]), the
//!   power-ups' changes to the field ([`bricks::edits`]);
//! * [`powerups`] and `powerup_table.rs`, `powerup_systems.rs` — falling and active power-ups
//!   (their state and each game's rules), and each kind's
//!   behaviour when collected (its facts are [`crate::level::PowerUpKind::def`]);
//! * [`state_hash`] — the hash of the whole state, by serialisation;
//! * [`report`] — `simulate`'s game ([`report::Simulation`]: the bot, lives that never run
//!   out) and its JSON line;
//! * [`tuning`] — every constant with its unit; [`crate::playfield`] the shared geometry.

pub mod actions;
mod assists;
pub mod ball;
mod ball_collisions;
pub mod bonus;
mod bonus_types;
pub mod bot;
mod brick_collisions;
pub mod bricks;
mod contact_hooks;
pub mod contact_log;
pub mod control_rules;
#[cfg(test)]
mod control_rules_tests;
pub mod controls;
pub mod difficulty;
mod difficulty_apply;
pub mod events;
pub mod fork;
mod game_hash;
mod game_sub_steps;
mod game_tools;
pub mod input;
mod minigames;
mod model_choice;
mod motion;
pub mod native;
mod own_resolution;
pub mod pace;
#[cfg(test)]
mod pace_tests;
pub mod paddle_control;
pub mod paddle_rule;
pub mod pick;
mod powerup_systems;
mod powerup_table;
pub mod powerups;
pub mod report;
pub mod stall_breaker;
pub mod state_hash;
mod step;
pub mod sub_steps;
mod swept;
pub mod tuning;
pub mod warp;

pub use actions::{Action, Actions};
pub use ball::{Ball, Paddle};
pub use bonus_types::{BonusEnd, BonusHud};
pub use bot::Bot;
pub use bricks::{Brick, BrickField, HitOutcome};
pub use controls::{ControlSettings, LaunchAngle, PaddleStyle};
pub use difficulty::Difficulty;
pub use events::GameEvent;
pub use input::Input;
pub use native::Physics;
pub use pace::PaceSettings;
pub use paddle_rule::PaddleRule;
pub use powerups::{ActiveEffects, FallingPowerUp, PowerUpSettings, Shot, Weapon};
pub use sub_steps::SubSteps;

use crate::collision::CollisionMode;
use crate::collision::CollisionModel;
use crate::level::{Level, PowerUpKind, Ruleset};
use rand::SeedableRng;
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
    /// The ball's speed-up within a level and the aimed launch (a play-test missed both: the
    /// ball never sped up and a launch could not be aimed). Left out of the state hash when off,
    /// so such games hash as before it existed.
    #[serde(skip_serializing_if = "PaceSettings::is_off")]
    pub pace: PaceSettings,
    /// The difficulty these settings were made at ([`Difficulty::apply`]): shown, and kept
    /// with the scores. The simulation reads only the values (above and below) it set.
    /// Each field from here on is left out of the state hash at Normal's value, so a Normal game
    /// hashes as before difficulties existed.
    #[serde(skip_serializing_if = "is_normal")]
    pub difficulty: Difficulty,
    /// Lives at the start of a game (a run's first level), 1 to [`powerups::MAX_LIVES`].
    #[serde(skip_serializing_if = "is_start_lives")]
    pub start_lives: u32,
    /// The paddle's width at the start and after a lost life, pixels.
    #[serde(skip_serializing_if = "is_paddle_width")]
    pub paddle_width: f32,
    /// Whether bad power-ups fall at all: false, a brick's bad power-up is never released and a
    /// random one is never bad.
    #[serde(skip_serializing_if = "is_true")]
    pub bad_powerups: bool,
    /// Factor on every timed power-up's duration.
    #[serde(skip_serializing_if = "is_one")]
    pub powerup_time_factor: f32,
    /// Factor on every point scored (`difficulty::scaled_points`).
    #[serde(skip_serializing_if = "is_one")]
    pub score_factor: f32,
    /// How the ball leaves the paddle: this game's rule (the default) or, played with the
    /// level's own physics (`--collision native`, [`Physics::Native`]), the level's game's.
    /// Left out of the state hash at the default, so every game hashes as before it existed.
    #[serde(skip_serializing_if = "PaddleRule::is_default")]
    pub paddle_rule: PaddleRule,
    /// Collision sub-steps as played (`on`) or one raw test per 1/240 s step ([`SubSteps`]);
    /// left out of the state hash at the default, `on`, so every game hashes as before it.
    #[serde(skip_serializing_if = "SubSteps::is_default")]
    pub sub_steps: SubSteps,
    /// The controls a player sets ([`ControlSettings`]); left out at their defaults.
    #[serde(skip_serializing_if = "ControlSettings::is_default")]
    pub controls: ControlSettings,
    /// Share of the level's initial destructible bricks, percent (0–100), that must be gone
    /// before the warp action works; 100 = never. Default [`controls::WARP_PERCENT`].
    #[serde(skip_serializing_if = "controls::is_warp_percent")]
    pub warp_percent: u8,
    /// A last brick untouched for a minute is struck by lightning; left out when off.
    #[serde(skip_serializing_if = "controls::is_false")]
    pub stall_breaker: bool,
}

fn is_normal(d: &Difficulty) -> bool {
    *d == Difficulty::Normal
}
fn is_start_lives(n: &u32) -> bool {
    *n == START_LIVES
}
fn is_paddle_width(w: &f32) -> bool {
    *w == PADDLE_WIDTH
}
fn is_true(b: &bool) -> bool {
    *b
}
fn is_one(x: &f32) -> bool {
    *x == 1.0
}

impl GameConfig {
    /// Points scored as this difficulty counts them ([`GameConfig::score_factor`]).
    pub fn points(&self, points: u32) -> u32 {
        difficulty::scaled_points(points, self.score_factor)
    }
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
            difficulty: Difficulty::Normal,
            start_lives: START_LIVES,
            paddle_width: PADDLE_WIDTH,
            bad_powerups: true,
            powerup_time_factor: 1.0,
            score_factor: 1.0,
            paddle_rule: PaddleRule::default(),
            sub_steps: SubSteps::default(),
            controls: ControlSettings::default(),
            warp_percent: controls::WARP_PERCENT,
            stall_breaker: false,
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
    /// A mini-game ended (always won; why: [`Game::bonus_end`]).
    Won,
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
    pub(crate) fn count_powerup(&mut self, kind: PowerUpKind) {
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
    /// A collision model of the user's own that replaces the configured mode's
    /// ([`Game::set_custom_model`]); hashed by its name.
    #[serde(skip_serializing_if = "Option::is_none")]
    custom_model: Option<CustomModel>,
    /// Left out of the state hash: an observer's record of the last step ([`contact_log`]).
    #[serde(skip)]
    contact_log: contact_log::ContactLog,
    /// The mini-game being played (`minigames`); none on a brick level.
    #[serde(skip_serializing_if = "Option::is_none")]
    bonus: Option<minigames::Bonus>,
    /// Left out of the state hash: the warp limit ([`warp`]), derived from the level, the
    /// configuration and the bricks grown, which the hash covers.
    #[serde(skip)]
    warp: warp::Warp,
    /// The stall breaker's clock ([`stall_breaker`]), hashed only while it runs.
    #[serde(skip_serializing_if = "stall_breaker::StallClock::is_idle")]
    stall: stall_breaker::StallClock,
}

/// A collision model of the user's own, as a game holds it: hashed and shown by its name.
#[derive(Clone, Copy, Debug)]
struct CustomModel(pub(super) &'static dyn CollisionModel);

impl serde::Serialize for CustomModel {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}

/// For `skip_serializing_if`: a game under this game's own rules hashes as before they existed.
fn is_classic(r: &Ruleset) -> bool {
    *r == Ruleset::Classic
}

impl Game {
    /// Starts a game on `level`: the configuration's lives ([`GameConfig::start_lives`]), score
    /// 0, one ball stuck on the paddle.
    pub fn new(level: &Level, config: GameConfig) -> Game {
        let mut paddle = Paddle::new();
        if config.paddle_width != PADDLE_WIDTH {
            paddle.set_width(config.paddle_width);
        }
        let mut game = Game {
            level_name: level.display_name().to_string(),
            config,
            bricks: BrickField::new(level),
            paddle,
            balls: vec![Ball::on_paddle(&paddle)],
            lives: config.start_lives.clamp(1, powerups::MAX_LIVES),
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
            custom_model: None,
            contact_log: Default::default(),
            bonus: None,
            warp: warp::Warp::default(),
            stall: Default::default(),
        };
        game.warp = warp::Warp::new(game.bricks.destructible_left(), config.warp_percent);
        game.place_random_powerups(level);
        game.start_bonus(level.level_type);
        game
    }

    /// Starts the next level of a run on `level`: as [`Game::new`], but with the run's `score`
    /// so far and its `lives` left (at least 1, at most [`powerups::MAX_LIVES`]), so that
    /// score and lives carry over from level to level (as LBreakout2 does). With the
    /// starting values (score 0, [`GameConfig::start_lives`]) it is exactly [`Game::new`].
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
        self.warp = warp::Warp::new(self.bricks.destructible_left(), self.config.warp_percent);
        self.stall = Default::default();
        self.clear_powerups();
        self.powerup_rules = level.powerup_rules;
        self.place_random_powerups(level);
        self.balls = vec![Ball::on_paddle(&self.paddle)];
        if self.state == GameState::LevelCleared {
            self.state = GameState::Playing;
        }
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
        if self.end_bonus(BonusEnd::BallLost) {
            return;
        }
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
}
