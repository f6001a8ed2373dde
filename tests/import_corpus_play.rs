//! The bot plays a sample of the four foreign corpora (every tenth level of each set, 20,000
//! steps, clamped closest point), as a player would get them: read with `import::load_set` from
//! the Debian packages' files. Every level must play without a ball leaving the playfield
//! (`balls_escaped`), without a non-finite position or velocity, and without a ball stuck: no
//! contact with the paddle or a destructible brick for 60 s of game time (the loop breaker
//! nudges a ball after 8 s, so a longer idle run means it failed).
//!
//! Ignored without the data (`bash .ci/fetch-foreign-levels`); `.ci/run` runs it. The long run
//! over every level in all five modes is `breakout simulate --set DIR --all` (`docs/import.md`).

mod support;

use breakout::collision::CollisionMode;
use breakout::import::{load_set, ImportedLevel};
use breakout::sim::tuning::FIXED_TIMESTEP;
use breakout::sim::{Bot, Game, GameConfig, GameState, PowerUpSettings};
use std::path::PathBuf;

/// Steps each sampled level is played (83 s of game time at 240 Hz).
const STEPS: u32 = 20_000;
/// Every how many levels of a set one is played.
const SAMPLE_EVERY: usize = 10;
/// Longest a ball may go without touching the paddle or a destructible brick, seconds.
const STUCK_SECONDS: f32 = 60.0;

/// The set files of the four games under the unpacked packages.
fn set_files() -> Vec<PathBuf> {
    let root = support::foreign_levels().join("usr/share");
    let mut files: Vec<PathBuf> = Vec::new();
    for dir in ["games/lbreakout2/levels", "games/gnome-breakout/levels"] {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.expect("dir entry").path())
            .filter(|p| p.is_file())
            .collect();
        entries.sort();
        files.extend(entries);
    }
    files.push(root.join("kbreakout/levelsets/default.levelset"));
    files.push(root.join("games/sdl-ball/default/levels.txt"));
    files
}

/// What went wrong playing one level, if anything.
fn play(level: &ImportedLevel) -> Option<String> {
    let config = GameConfig {
        seed: 1,
        collision: CollisionMode::Clamp,
        infinite_lives: true,
        powerups: PowerUpSettings::default(),
        ..GameConfig::default()
    };
    let mut game = Game::new(&level.level, config);
    let mut bot = Bot::new(1, 0.0);
    let stuck_steps = (STUCK_SECONDS / FIXED_TIMESTEP) as u32;
    for step in 0..STEPS {
        let input = bot.input(&game);
        game.step(&input);
        for ball in game.balls() {
            if !ball.pos.is_finite() || !ball.vel.is_finite() {
                return Some(format!(
                    "step {step}: ball at {} moving {}",
                    ball.pos, ball.vel
                ));
            }
            if ball.idle_steps > stuck_steps {
                return Some(format!(
                    "step {step}: a ball touched neither paddle nor brick for {STUCK_SECONDS} s"
                ));
            }
        }
        if game.state() != GameState::Playing {
            break;
        }
    }
    let escaped = game.stats().balls_escaped;
    (escaped > 0).then(|| format!("{escaped} balls escaped the playfield"))
}

#[test]
#[ignore = "needs the foreign level data: bash .ci/fetch-foreign-levels"]
fn the_bot_plays_every_tenth_level_of_every_foreign_set_without_escapes_nan_or_stuck_balls() {
    let mut sample: Vec<(String, ImportedLevel)> = Vec::new();
    for file in set_files() {
        let set = load_set(&file, None).unwrap_or_else(|e| panic!("{e}"));
        for level in set.levels.into_iter().step_by(SAMPLE_EVERY) {
            sample.push((format!("{}:{}", file.display(), level.number), level));
        }
    }
    assert!(
        sample.len() > 240,
        "every tenth of ~2,500 levels: {}",
        sample.len()
    );
    // Both cores: the levels are independent games.
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let chunk = sample.len().div_ceil(threads);
    let failures: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = sample
            .chunks(chunk)
            .map(|part| {
                scope.spawn(move || {
                    part.iter()
                        .filter_map(|(name, level)| play(level).map(|why| format!("{name}: {why}")))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a playing thread panicked"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
