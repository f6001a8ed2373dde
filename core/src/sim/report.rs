//! `breakout simulate`'s game and its JSON line: the bot plays a level headless, lives never
//! run out, and [`SimulateReport`] says how it went.
//!
//! The game's `simulate` command and the core's `headless` example both play through
//! [`Simulation`] and print [`SimulateReport::json_line`], so they print the same bytes.

use super::{Bot, Game, GameConfig, GameState, Input};
use crate::level::Level;
use serde::Serialize;
use std::collections::BTreeMap;

/// Seconds the bot waits before launching in `simulate` (none: nobody is watching).
pub const LAUNCH_DELAY: f32 = 0.0;

/// The JSON line printed by `simulate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SimulateReport {
    /// Level name.
    pub level: String,
    /// Fixed steps actually simulated (fewer than requested if the level was cleared).
    pub steps: u64,
    /// Steps requested with `--steps`.
    pub(crate) steps_requested: u64,
    /// True if every destructible brick was destroyed (false for a mini-game: see
    /// `bonus_end`).
    pub cleared: bool,
    /// Destructible bricks destroyed.
    pub bricks_destroyed: u32,
    /// Destructible bricks left.
    pub bricks_left: usize,
    /// Lives left (lives do not run out in simulate).
    pub lives_left: u32,
    /// Final score.
    pub score: u32,
    /// Balls that fell out of the bottom (each was respawned).
    pub balls_lost: u32,
    /// Times a ball centre left the playfield other than through the bottom; must be 0.
    pub balls_escaped: u32,
    /// Power-ups the bot caught with the paddle.
    pub powerups_collected: u32,
    /// The same by power-up name (only the kinds collected at least once; `random` counts
    /// itself and what it became).
    pub powerups_by_kind: BTreeMap<String, u32>,
    /// Collision mode name.
    pub collision: String,
    /// The paddle rule's name ([`crate::sim::PaddleRule::name`]), only when it is not the
    /// default (`--collision native` on another game's level), so other lines are unchanged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paddle_rule: Option<String>,
    /// `"off"` when the game tested collisions once per step, raw ([`crate::sim::SubSteps`]);
    /// absent at the default, `on`, so other lines are unchanged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sub_steps: Option<String>,
    /// Difficulty name ([`crate::sim::Difficulty::name`]: `"normal"` unless `--difficulty` or
    /// the config file says otherwise).
    pub difficulty: String,
    /// Seed used.
    pub seed: u64,
    /// The level's type (`@type:`, [`crate::level::LevelType::name`]), only for a mini-game,
    /// so brick levels' lines are unchanged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level_type: Option<String>,
    /// Points scored in the mini-game ([`Game::bonus_score`]); only for a mini-game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_score: Option<u64>,
    /// How the mini-game ended ([`crate::sim::BonusEnd::name`]), `null` if it had not within
    /// the steps; only for a mini-game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bonus_end: Option<Option<String>>,
    /// Hash of the final game state, hex; identical runs give identical hashes.
    pub state_hash: String,
}

impl SimulateReport {
    /// The report as `simulate` prints it: one line of JSON, fields in declaration order, no
    /// trailing newline.
    pub fn json_line(&self) -> String {
        serde_json::to_string(self).expect("a report of strings, numbers and a map serialises")
    }
}

/// The bot playing a level as `simulate` plays it, one step at a time: up to the steps asked
/// for, stopping early when the game is no longer being played (the level cleared, a
/// mini-game over). Lives
/// never run out (`infinite_lives` is forced on): a lost ball is counted and respawned.
///
/// ```
/// use breakout_core::{level::Level, sim::{report::Simulation, GameConfig}};
///
/// let level = Level::parse("2 2 2\n", "one row").unwrap();
/// let mut sim = Simulation::new(&level, 240, GameConfig { seed: 3, ..GameConfig::default() });
/// while sim.step().is_some() {
///     // sim.game() is the game after the step just played
/// }
/// println!("{}", sim.report().json_line());
/// ```
#[derive(Clone, Debug)]
pub struct Simulation {
    game: Game,
    bot: Bot,
    /// The settings asked for (the report names their mode, difficulty and seed).
    config: GameConfig,
    level_name: String,
    steps_requested: u64,
    played: u64,
    done: bool,
}

impl Simulation {
    /// The game at step 0: `level` with `config` (lives made infinite), the bot seeded with
    /// `config.seed`, to be played for at most `steps` steps.
    pub fn new(level: &Level, steps: u64, config: GameConfig) -> Simulation {
        let config = GameConfig {
            infinite_lives: true,
            ..config
        };
        Simulation {
            game: Game::new(level, config),
            bot: Bot::new(config.seed, LAUNCH_DELAY),
            config,
            level_name: level.name.clone(),
            steps_requested: steps,
            played: 0,
            done: false,
        }
    }

    /// The game as of the steps played so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Plays the next step with the bot's input and returns that input, or returns `None`,
    /// doing nothing, once the steps asked for are played or the level is no longer being
    /// played.
    pub fn step(&mut self) -> Option<Input> {
        if self.done || self.played >= self.steps_requested {
            return None;
        }
        let input = self.bot.input(&self.game);
        self.game.step(&input);
        self.played += 1;
        self.done = self.game.state() != GameState::Playing;
        Some(input)
    }

    /// The report of the game as it stands (after [`Simulation::step`] returned `None`, the
    /// one `simulate` prints).
    pub fn report(&self) -> SimulateReport {
        let game = &self.game;
        let stats = game.stats();
        let config = &self.config;
        let bonus = game.level_type().mini_game().is_some();
        SimulateReport {
            level: self.level_name.clone(),
            steps: stats.steps,
            steps_requested: self.steps_requested,
            cleared: game.state() == GameState::LevelCleared,
            bricks_destroyed: stats.bricks_destroyed,
            bricks_left: game.bricks().destructible_left(),
            lives_left: game.lives(),
            score: game.score(),
            balls_lost: stats.balls_lost,
            balls_escaped: stats.balls_escaped,
            powerups_collected: stats.powerups_collected,
            powerups_by_kind: stats
                .powerups_by_kind
                .iter()
                .map(|(kind, n)| (kind.name().to_string(), n))
                .collect(),
            collision: config.collision.name().to_string(),
            paddle_rule: (!config.paddle_rule.is_default())
                .then(|| config.paddle_rule.name().to_string()),
            sub_steps: (!config.sub_steps.is_default())
                .then(|| config.sub_steps.name().to_string()),
            difficulty: config.difficulty.name().to_string(),
            seed: config.seed,
            level_type: bonus.then(|| game.level_type().name().to_string()),
            bonus_score: bonus.then(|| game.bonus_score()),
            bonus_end: bonus.then(|| game.bonus_end().map(|end| end.name().to_string())),
            state_hash: format!("{:016x}", game.state_hash()),
        }
    }
}

/// Plays `steps` fixed steps of `level` with the bot, stopping early if the level is cleared,
/// and reports the game (`breakout simulate`).
pub fn simulate(level: &Level, steps: u64, config: GameConfig) -> SimulateReport {
    let mut sim = Simulation::new(level, steps, config);
    while sim.step().is_some() {}
    sim.report()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::CollisionMode;

    fn level() -> Level {
        Level::parse("1 1 1 1\n2 0 0 2\n", "two rows").unwrap()
    }

    #[test]
    fn a_simulation_stops_at_the_steps_asked_for_and_reports_them() {
        let config = GameConfig {
            seed: 7,
            collision: CollisionMode::Swept,
            ..GameConfig::default()
        };
        let report = simulate(&level(), 300, config);
        assert_eq!(report.steps, 300);
        assert_eq!(report.steps_requested, 300);
        assert_eq!(report.level, "two rows");
        assert_eq!(report.collision, "swept");
        assert_eq!(report.seed, 7);
        assert_eq!(report.state_hash.len(), 16);
        let line = report.json_line();
        assert!(
            line.starts_with("{\"level\":\"two rows\",\"steps\":300,"),
            "{line}"
        );
        assert!(!line.contains('\n'));
        assert!(!line.contains("paddle_rule"), "{line}");
        let report = simulate(
            &level(),
            10,
            GameConfig {
                paddle_rule: crate::sim::PaddleRule::SdlBall,
                ..config
            },
        );
        let line = report.json_line();
        assert!(
            line.contains("\"collision\":\"swept\",\"paddle_rule\":\"sdl-ball\","),
            "{line}"
        );
    }

    #[test]
    fn stepping_by_hand_gives_the_report_of_simulate() {
        let config = GameConfig {
            seed: 2,
            ..GameConfig::default()
        };
        let mut sim = Simulation::new(&level(), 500, config);
        let mut played = 0;
        while sim.step().is_some() {
            played += 1;
        }
        assert_eq!(sim.step(), None);
        assert_eq!(played, sim.game().stats().steps);
        assert_eq!(sim.report(), simulate(&level(), 500, config));
        assert_ne!(sim.report(), simulate(&level(), 499, config));
    }
}
