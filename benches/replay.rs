//! Replays (criterion; `cargo bench --bench replay`), with the figures of `docs/replays.md`
//! (section "Performance"):
//!
//! * `verify/level04_10min`: a ten-minute replay of the bot on `levels/04-rainbow.lvl` played
//!   again headless and checked against its hashes, as `breakout replay FILE --verify` does
//!   (throughput: steps per second; the goal is 5 M steps/s, ten minutes in under 30 ms);
//! * `keyframes/fill_30min`: keyframes of a thirty-minute replay (432,000 steps) filled within
//!   the default budget ([`DEFAULT_BUDGET`], 64 MB), as the replay screen does in the
//!   background; the setup prints how many, their estimated bytes (`Keyframes::bytes`) and how
//!   much the process's resident memory grew;
//! * `keyframes/seek_30min`: a seek to a random step of that replay (random forwards and
//!   backwards, from wherever the last seek left it), with the keyframes filled (goal: 50 ms).
//!
//! The setup also prints the size of a replay file per minute of play: the bot's (its paddle
//! target is an arbitrary float every step), and synthetic keyboard play (keys held for 0.1–1 s)
//! and mouse play (the pointer moving every frame at 60 Hz, its window pixels scaled to the
//! playfield by a 1000-pixel-wide window and rounded to 1/16 px, as the window does:
//! `app::input::MOUSE_TARGET_STEP`).
//!
//! The replays are made by the bot with the default settings (power-ups on) and infinite lives;
//! when it clears the level, the level is reloaded (a live-reload change) and play goes on, so a
//! replay is as long as asked. The clock is the thread's CPU time (`benches/support/clock.rs`).

use breakout::app::input::MOUSE_TARGET_STEP;
use breakout::level::Level;
use breakout::replay::{
    file, ChangeKind, Keyframes, Origin, Playback, Recorder, Replay, DEFAULT_BUDGET,
    STEPS_PER_SECOND,
};
use breakout::sim::{Bot, Game, GameConfig, GameState, Input};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

#[path = "support/clock.rs"]
mod clock;
use clock::BenchClock;

/// Steps in a minute of play.
const MINUTE: u64 = 60 * STEPS_PER_SECOND;

fn level04() -> Level {
    Level::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/04-rainbow.lvl"))
        .expect("levels/04-rainbow.lvl")
}

/// `steps` steps of the bot on `level`, recorded; the level reloaded whenever it is cleared.
fn bot_replay(level: &Level, steps: u64, seed: u64) -> Replay {
    let config = GameConfig {
        seed,
        infinite_lives: true,
        ..GameConfig::default()
    };
    let mut game = Game::new(level, config);
    let mut recorder = Recorder::new(&game, level, Origin::default(), 0, game.lives(), 0);
    recorder.set_played_by(Some("bot".into()));
    let mut bot = Bot::new(seed, 0.0);
    let mut reloads = 0;
    while recorder.steps() < steps {
        if game.state() == GameState::LevelCleared {
            let reload = ChangeKind::reload(level);
            reload.apply(&mut game);
            recorder.change(reload);
            reloads += 1;
        }
        let input = bot.input(&game);
        game.step(&input);
        recorder.step(&input, &game);
    }
    eprintln!(
        "bot replay: {} min of level 04, {} input runs, {reloads} reloads, score {}",
        steps / MINUTE,
        recorder.replay().inputs.run_count(),
        game.score()
    );
    recorder.finish(&game)
}

/// A replay of `level` with the inputs `input(step)` for `steps` steps.
fn synthetic(level: &Level, steps: u64, mut input: impl FnMut(u64) -> Input) -> Replay {
    let game = Game::new(level, GameConfig::default());
    let mut recorder = Recorder::new(&game, level, Origin::default(), 0, 3, 0);
    let mut game = game;
    for step in 0..steps {
        let i = input(step);
        game.step(&i);
        recorder.step(&i, &game);
    }
    recorder.finish(&game)
}

/// Prints the file size per minute of the bot's, keyboard and mouse play.
fn report_sizes(level: &Level, bot: &Replay) {
    let per_minute = |r: &Replay| file::encode(r).len() as f64 / (r.steps() as f64 / MINUTE as f64);
    let mut rng = rand_pcg::Pcg32::seed_from_u64(1);
    let mut keys = (0u64, Input::default());
    let keyboard = synthetic(level, 10 * MINUTE, |step| {
        if step >= keys.0 {
            let k = rng.random_range(0..3);
            keys = (
                step + rng.random_range(24..240),
                Input {
                    left: k == 1,
                    right: k == 2,
                    launch: rng.random_bool(0.05),
                    ..Input::default()
                },
            );
        }
        keys.1
    });
    let mut rng = rand_pcg::Pcg32::seed_from_u64(2);
    let mut pointer = 500i32;
    let mut target = 400.0;
    let mouse = synthetic(level, 10 * MINUTE, |step| {
        if step % 4 == 0 {
            pointer = (pointer + rng.random_range(-12..=12)).clamp(0, 1000);
            // As the window gives it: the pointer's playfield x rounded to 1/16 px.
            let x = pointer as f32 * 0.8;
            target = (x / MOUSE_TARGET_STEP).round() * MOUSE_TARGET_STEP;
        }
        Input {
            paddle_target_x: Some(target),
            launch: step % 2400 == 0,
            ..Input::default()
        }
    });
    eprintln!(
        "replay file size per minute: bot {:.0} bytes, keyboard {:.0} bytes, mouse {:.0} bytes",
        per_minute(bot),
        per_minute(&keyboard),
        per_minute(&mouse)
    );
}

/// The process's resident memory, bytes (Linux; 0 elsewhere).
fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            let line = s.lines().find(|l| l.starts_with("VmRSS:"))?;
            let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
            Some(kb * 1024)
        })
        .unwrap_or(0)
}

fn bench_verify(c: &mut Criterion<BenchClock>) {
    let level = level04();
    let replay = Arc::new(bot_replay(&level, 10 * MINUTE, 7));
    report_sizes(&level, &replay);
    let mut group = c.benchmark_group("verify");
    group.throughput(Throughput::Elements(replay.steps()));
    group.sample_size(10);
    group.bench_function("level04_10min", |b| {
        b.iter(|| {
            let mut playback = Playback::new(replay.clone()).expect("level 04 parses");
            playback.run_to_end();
            assert_eq!(playback.divergence(), None);
            playback.at()
        })
    });
    group.finish();
}

fn bench_keyframes(c: &mut Criterion<BenchClock>) {
    let level = level04();
    let replay = Arc::new(bot_replay(&level, 30 * MINUTE, 11));
    let start = Playback::new(replay.clone()).expect("level 04 parses");
    let before = resident_bytes();
    let mut keyframes = Keyframes::new(&start, DEFAULT_BUDGET);
    keyframes.fill(&start);
    eprintln!(
        "keyframes of 30 min ({} steps): {} snapshots every {} steps, {:.1} MB estimated \
         (Keyframes::bytes), resident memory grew {:.1} MB",
        replay.steps(),
        keyframes.len(),
        keyframes.interval(),
        keyframes.bytes() as f64 / 1e6,
        resident_bytes().saturating_sub(before) as f64 / 1e6
    );
    let mut group = c.benchmark_group("keyframes");
    group.sample_size(10);
    group.bench_function("fill_30min", |b| {
        b.iter(|| {
            let mut k = Keyframes::new(&start, DEFAULT_BUDGET);
            k.fill(&start);
            k.len()
        })
    });
    let mut rng = rand_pcg::Pcg32::seed_from_u64(5);
    let targets: Vec<u64> = (0..1000)
        .map(|_| rng.random_range(0..=replay.steps()))
        .collect();
    let mut playback = start.clone();
    let mut next = 0;
    group.sample_size(50);
    group.bench_function("seek_30min", |b| {
        b.iter(|| {
            let target = targets[next % targets.len()];
            next += 1;
            keyframes.seek(&mut playback, target);
            assert_eq!(playback.at(), target);
        })
    });
    group.finish();
}

fn config() -> Criterion<BenchClock> {
    Criterion::default()
        .with_measurement(BenchClock::from_env())
        .measurement_time(Duration::from_secs(5))
        .warm_up_time(Duration::from_secs(1))
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_verify, bench_keyframes
}
criterion_main!(benches);
