//! The bot plays a sample of the four foreign corpora (every tenth level of each set, 20,000
//! steps, clamped closest point), as a player would get them: read with `import::load_set` from
//! the Debian packages' files. Every level must play without a ball leaving the playfield
//! (`balls_escaped`), without a non-finite position or velocity, without a ball stuck: no
//! contact with the paddle or a destructible brick for 60 s of game time (the loop breaker
//! nudges a ball after 8 s, so a longer idle run means it failed), and without a ball whose
//! centre stays inside a live brick for more than a second (a game's own model may leave it
//! there for a while, as its original does; the game's rescue takes it out after a second).
//!
//! Ignored without the data (`bash .ci/fetch-foreign-levels`); `.ci/run` runs it.
//!
//! The long run, [`every_level_of_every_foreign_set_in_every_mode`], plays every level with
//! every collision model (eleven) with the same checks and prints the clear rate per game and mode and the slowest
//! levels (`docs/import.md` has its numbers):
//!
//! ```sh
//! cargo test --release --test import_corpus_play -- --ignored --nocapture every_level
//! ```

mod support;

use breakout::collision::{Aabb, CollisionMode};
use breakout::import::{load_set, ImportedLevel};
use breakout::sim::tuning::{BURIED_RESCUE_STEPS, FIXED_TIMESTEP};
use breakout::sim::{Bot, Game, GameConfig, GameState, PowerUpSettings};
use rayon::prelude::*;
use std::path::{Path, PathBuf};

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

/// How a level played: cleared within [`STEPS`] or not, the steps played, and the CPU time
/// they took on their thread, seconds.
struct Played {
    cleared: bool,
    steps: u32,
    seconds: f64,
}

/// CPU time this thread has used, seconds (the wall clock would count the other threads'
/// work on a busy machine).
#[cfg(unix)]
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write to; the clock id is a constant of the platform.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Elsewhere (Windows: CI only compiles this there), the wall clock since the first call.
#[cfg(not(unix))]
fn thread_cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

/// Plays `level` with the bot in `mode` for up to [`STEPS`] steps (seed 1, lives never run out,
/// power-ups as configured by default); an error says what went wrong: a non-finite ball, a
/// stuck ball, or balls that escaped the playfield.
fn play(level: &ImportedLevel, mode: CollisionMode) -> Result<Played, String> {
    let start = thread_cpu_seconds();
    let config = GameConfig {
        seed: 1,
        collision: mode,
        infinite_lives: true,
        powerups: PowerUpSettings::default(),
        ..GameConfig::default()
    };
    let mut game = Game::new(&level.level, config);
    let mut bot = Bot::new(1, 0.0);
    let stuck_steps = (STUCK_SECONDS / FIXED_TIMESTEP) as u32;
    let mut steps = 0;
    let mut buried_for = 0;
    for step in 0..STEPS {
        steps = step + 1;
        let input = bot.input(&game);
        game.step(&input);
        let bricks = game.bricks();
        let buried = game.balls().iter().any(|ball| {
            let point = Aabb {
                min: ball.pos,
                max: ball.pos,
            };
            bricks
                .cells_overlapping(point)
                .any(|(r, c)| bricks.live(r, c).is_some_and(|b| b.rect.contains(ball.pos)))
        });
        buried_for = if buried { buried_for + 1 } else { 0 };
        if buried_for > BURIED_RESCUE_STEPS {
            return Err(format!(
                "{mode:?} step {step}: a ball inside a brick for over a second"
            ));
        }
        for ball in game.balls() {
            if !ball.pos.is_finite() || !ball.vel.is_finite() {
                return Err(format!(
                    "{mode:?} step {step}: ball at {} moving {}",
                    ball.pos, ball.vel
                ));
            }
            if ball.idle_steps > stuck_steps {
                return Err(format!(
                    "{mode:?} step {step}: a ball touched neither paddle nor brick for \
                     {STUCK_SECONDS} s"
                ));
            }
        }
        if game.state() != GameState::Playing {
            break;
        }
    }
    let escaped = game.stats().balls_escaped;
    if escaped > 0 {
        return Err(format!("{mode:?}: {escaped} balls escaped the playfield"));
    }
    Ok(Played {
        cleared: game.state() == GameState::LevelCleared,
        steps,
        seconds: thread_cpu_seconds() - start,
    })
}

/// Every level of every set file, each named `FILE:NUMBER`, with its game's name.
fn every_level() -> Vec<(&'static str, String, ImportedLevel)> {
    let mut levels = Vec::new();
    for file in set_files() {
        let game = game_of(&file);
        let set = load_set(&file, None).unwrap_or_else(|e| panic!("{e}"));
        for level in set.levels {
            levels.push((game, format!("{}:{}", file.display(), level.number), level));
        }
    }
    levels
}

/// The game a set file of [`set_files`] belongs to.
fn game_of(file: &Path) -> &'static str {
    let path = file.to_string_lossy();
    ["lbreakout2", "gnome-breakout", "kbreakout", "sdl-ball"]
        .into_iter()
        .find(|game| path.contains(game))
        .unwrap_or("other")
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
    // Every core: the levels are independent games.
    let failures: Vec<String> = sample
        .par_iter()
        .filter_map(|(name, level)| {
            play(level, CollisionMode::Clamp)
                .err()
                .map(|why| format!("{name}: {why}"))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "the long run: every foreign level with every model (about 27,500 games); needs the \
            foreign level data (bash .ci/fetch-foreign-levels)"]
fn every_level_of_every_foreign_set_in_every_mode() {
    let wall = std::time::Instant::now();
    let levels = every_level();
    assert!(levels.len() > 2_400, "~2,500 levels: {}", levels.len());
    let games: Vec<(usize, CollisionMode)> = (0..levels.len())
        .flat_map(|i| CollisionMode::ALL.iter().map(move |&mode| (i, mode)))
        .collect();
    let results: Vec<Result<Played, String>> = games
        .par_iter()
        .map(|&(i, mode)| play(&levels[i].2, mode).map_err(|why| format!("{}: {why}", levels[i].1)))
        .collect();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();

    // Clear rate per game and mode.
    println!("| game | levels | {} |", mode_names().join(" | "));
    println!("|---|---:|{}", "---:|".repeat(CollisionMode::ALL.len()));
    for game in ["lbreakout2", "gnome-breakout", "kbreakout", "sdl-ball"] {
        let mut row = Vec::new();
        let mut count = 0;
        for mode in CollisionMode::ALL {
            let (mut cleared, mut n) = (0, 0);
            for (&(i, m), result) in games.iter().zip(&results) {
                if m == mode && levels[i].0 == game {
                    n += 1;
                    cleared += usize::from(result.as_ref().is_ok_and(|p| p.cleared));
                }
            }
            count = n;
            row.push(format!(
                "{cleared} ({:.0} %)",
                100.0 * cleared as f64 / n.max(1) as f64
            ));
        }
        println!("| {game} | {count} | {} |", row.join(" | "));
    }

    // Steps per second (CPU time): median and the slowest games.
    let mut rates: Vec<(f64, &str, CollisionMode, &Played)> = games
        .iter()
        .zip(&results)
        .filter_map(|(&(i, mode), r)| r.as_ref().ok().map(|p| (i, mode, p)))
        .map(|(i, mode, p)| {
            (
                f64::from(p.steps) / p.seconds,
                levels[i].1.as_str(),
                mode,
                p,
            )
        })
        .collect();
    rates.sort_by(|a, b| a.0.total_cmp(&b.0));
    for mode in CollisionMode::ALL {
        let of_mode: Vec<f64> = rates.iter().filter(|r| r.2 == mode).map(|r| r.0).collect();
        if let (Some(worst), Some(median)) = (of_mode.first(), of_mode.get(of_mode.len() / 2)) {
            let slow = of_mode.iter().filter(|&&r| r < 100_000.0).count();
            println!(
                "{}: median {median:.0} steps/s, worst {worst:.0}, {slow} of {} games under \
                 100,000",
                mode.name(),
                of_mode.len()
            );
        }
    }
    println!("slowest games:");
    for (rate, name, mode, played) in rates.iter().take(12) {
        println!(
            "  {rate:>9.0} steps/s  {:>6} steps  {:.2} s  {}  {name}",
            played.steps,
            played.seconds,
            mode.name()
        );
    }
    let cpu: f64 = rates.iter().map(|r| r.3.seconds).sum();
    println!(
        "{} games, {:.0} s CPU, {:.0} s wall",
        games.len(),
        cpu,
        wall.elapsed().as_secs_f64()
    );
    assert!(failures.is_empty(), "{:#?}", failures);
}

/// The names of the collision models, in [`CollisionMode::ALL`] order.
fn mode_names() -> Vec<&'static str> {
    CollisionMode::ALL.iter().map(|m| m.name()).collect()
}
