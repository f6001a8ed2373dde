//! `breakout simulate`: the bot plays a level headless and the result is printed as JSON.

use crate::level::Level;
use crate::replay::{Origin, Recorder, Replay};
use crate::sim::{Bot, Game, GameConfig, GameState};
use serde::Serialize;

/// Seconds the bot waits before launching in `simulate` (none: nobody is watching).
const SIMULATE_LAUNCH_DELAY: f32 = 0.0;

/// The JSON line printed by `simulate`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SimulateReport {
    /// Level name.
    pub level: String,
    /// Fixed steps actually simulated (fewer than requested if the level was cleared).
    pub steps: u64,
    /// Steps requested with `--steps`.
    pub steps_requested: u64,
    /// True if every destructible brick was destroyed.
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
    pub powerups_by_kind: std::collections::BTreeMap<String, u32>,
    /// Collision mode name.
    pub collision: String,
    /// Difficulty name ([`crate::sim::Difficulty::name`]: `"normal"` unless `--difficulty` or
    /// the config file says otherwise).
    pub difficulty: String,
    /// Seed used.
    pub seed: u64,
    /// Hash of the final game state, hex; identical runs give identical hashes.
    pub state_hash: String,
}

/// Plays `steps` fixed steps of `level` with the bot, stopping early if the level is cleared.
/// Lives never run out (`config.infinite_lives` is forced on): a lost ball is counted and respawned.
pub fn simulate(level: &Level, steps: u64, config: GameConfig) -> SimulateReport {
    simulate_recorded(level, steps, config, None).0
}

/// As [`simulate`], and with `origin` also records the game (`simulate --record`): the replay
/// of the bot's game, ended where the simulation stopped.
pub fn simulate_recorded(
    level: &Level,
    steps: u64,
    config: GameConfig,
    origin: Option<Origin>,
) -> (SimulateReport, Option<Replay>) {
    let config = GameConfig {
        infinite_lives: true,
        ..config
    };
    let (seed, collision) = (config.seed, config.collision);
    let mut game = Game::new(level, config);
    let mut recorder = origin.map(|origin| {
        let mut r = Recorder::new(&game, level, origin, game.score(), game.lives(), 0);
        r.set_played_by(Some("bot".into()));
        r
    });
    let mut bot = Bot::new(seed, SIMULATE_LAUNCH_DELAY);
    for _ in 0..steps {
        let input = bot.input(&game);
        game.step(&input);
        if let Some(r) = recorder.as_mut() {
            r.step(&input, &game);
        }
        if game.state() != GameState::Playing {
            break;
        }
    }
    let replay = recorder.map(|r| r.finish(&game));
    let stats = game.stats();
    let report = SimulateReport {
        level: level.name.clone(),
        steps: stats.steps,
        steps_requested: steps,
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
        collision: collision.name().to_string(),
        difficulty: config.difficulty.name().to_string(),
        seed,
        state_hash: format!("{:016x}", game.state_hash()),
    };
    (report, replay)
}
