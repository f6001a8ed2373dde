//! Cost of one `Game::step` per collision mode on a real level with the bot playing (criterion;
//! `cargo bench --bench step`).
//!
//! The level is `levels/04-rainbow.lvl` (16×8 bricks of 50×37.5 px), else the one of `levels/`
//! with the most destructible bricks, else LearnOpenGL's level one embedded below
//! (15×8 bricks of 53.3×37.5 px). For each mode and launch speed the game (seed 7, infinite lives
//! as in `simulate`) is warmed up for [`WARMUP_STEPS`] steps with the bot. Random power-ups are
//! off (`PowerUpSettings::none()`): there is always one ball of the same size, so the modes are
//! compared on the same work. Then the bot plays [`STEPS`] more steps once, untimed, and its
//! inputs are recorded. The timed loop replays those inputs on a clone of the warmed-up game (the
//! clone is made outside the timing, `iter_batched`), so it measures `Game::step` alone — the
//! simulation is deterministic, so the replay follows the bot's game exactly. Throughput is
//! `Elements(STEPS)`: time per iteration / `STEPS` is the cost of one step.
//!
//! The clock is the benchmark thread's CPU time (`BENCH_CLOCK=wall` for wall-clock time): see
//! `benches/support/clock.rs`.
//!
//! Speeds: the default launch speed (450 px/s: one sub-step per step for the discrete modes),
//! and 5000 px/s (4 sub-steps: 20.8 px per step, at most half the 12.5 px radius per sub-step).
//! Faster than that the bot cannot keep the ball (at 20000 px/s it lost ~60 balls in 7 s and the
//! ball spent much of the time stuck on the paddle), so the step cost would not be comparable.

use breakout::collision::CollisionMode;
use breakout::level::Level;
use breakout::replay::{Origin, Recorder, HASH_INTERVAL};
use breakout::sim::state_hash::hash_of;
use breakout::sim::{Bot, Game, GameConfig, GameState, Input, PowerUpSettings};
use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[path = "support/clock.rs"]
mod clock;
use clock::BenchClock;

/// Steps played before recording, so the ball is in flight and some bricks are gone.
const WARMUP_STEPS: usize = 480;
/// Steps per timed iteration (5 s of game time at 240 Hz).
const STEPS: usize = 1200;
/// Launch speeds benchmarked, pixels/second.
const SPEEDS: [f32; 2] = [450.0, 5000.0];

/// The level of `levels/` the bench plays when it exists: 16×8 bricks of 50×37.5 px, nearly all
/// destructible.
const PINNED_LEVEL: &str = "04-rainbow.lvl";

/// LearnOpenGL's level one, used when no level file is found.
const EMBEDDED_LEVEL: &str = "\
5 5 5 5 5 5 5 5 5 5 5 5 5 5 5
5 5 5 5 5 5 5 5 5 5 5 5 5 5 5
4 4 4 4 4 0 0 0 0 0 4 4 4 4 4
4 1 4 1 4 0 0 1 0 0 4 1 4 1 4
3 3 3 3 3 0 0 0 0 0 3 3 3 3 3
3 3 1 3 3 3 3 3 3 3 3 3 1 3 3
2 2 2 2 2 2 2 2 2 2 2 2 2 2 2
2 2 2 2 2 2 2 2 2 2 2 2 2 2 2
";

fn load_level() -> Level {
    let levels_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&levels_dir)
        .map(|dir| {
            dir.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == "lvl"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    // `04-rainbow.lvl` (pinned, so numbers stay comparable as levels are added), else the densest
    // level of `levels/` (most destructible bricks; the first such by name).
    let pinned = levels_dir.join(PINNED_LEVEL);
    if let Ok(level) = Level::load(&pinned) {
        eprintln!(
            "step bench level: {} ({} destructible bricks)",
            pinned.display(),
            level.destructible_count()
        );
        return level;
    }
    let mut best: Option<(PathBuf, Level)> = None;
    for path in paths {
        if let Ok(level) = Level::load(&path) {
            if best
                .as_ref()
                .is_none_or(|(_, b)| level.destructible_count() > b.destructible_count())
            {
                best = Some((path, level));
            }
        }
    }
    match best {
        Some((path, level)) => {
            eprintln!(
                "step bench level: {} ({} destructible bricks)",
                path.display(),
                level.destructible_count()
            );
            level
        }
        None => {
            eprintln!("step bench level: embedded LearnOpenGL level one");
            Level::parse(EMBEDDED_LEVEL, "one").expect("embedded level parses")
        }
    }
}

/// The warmed-up game and the bot's recorded inputs for the next [`STEPS`] steps.
fn prepare(level: &Level, mode: CollisionMode, speed: f32) -> (Game, Vec<Input>) {
    let config = GameConfig {
        seed: 7,
        collision: mode,
        launch_speed: speed,
        infinite_lives: true,
        powerups: PowerUpSettings::none(),
        // A steady speed, so that runs measured before and after the speed-up compare.
        pace: breakout::sim::PaceSettings::OFF,
        ..GameConfig::default()
    };
    let mut game = Game::new(level, config);
    let mut bot = Bot::new(config.seed, 0.0);
    for _ in 0..WARMUP_STEPS {
        let input = bot.input(&game);
        game.step(&input);
    }
    let start = game.clone();
    let mut inputs = Vec::with_capacity(STEPS);
    for _ in 0..STEPS {
        let input = bot.input(&game);
        inputs.push(input);
        game.step(&input);
    }
    let stats = game.stats();
    eprintln!(
        "{:>5} at {speed:>5} px/s: {} bricks destroyed, {} balls lost, state {:?} after {} steps",
        mode.name(),
        stats.bricks_destroyed,
        stats.balls_lost,
        game.state(),
        stats.steps
    );
    if game.state() != GameState::Playing {
        eprintln!("  (the level ended during the recorded steps: later steps only count)");
    }
    (start, inputs)
}

/// The game of `step_recorded/window_…`: level 04 with the default settings (seed 7, infinite
/// lives), a second of the bot's play from the start, then multiball collected twice; and the
/// bot's inputs for the next [`STEPS`] steps.
fn prepare_window(level: &Level) -> (Game, Vec<Input>) {
    let config = GameConfig {
        seed: 7,
        infinite_lives: true,
        ..GameConfig::default()
    };
    let mut game = Game::new(level, config);
    let mut bot = Bot::new(config.seed, 0.0);
    for _ in 0..240 {
        let input = bot.input(&game);
        game.step(&input);
    }
    game.collect_powerup(breakout::level::PowerUpKind::Multiball);
    game.collect_powerup(breakout::level::PowerUpKind::Multiball);
    let start = game.clone();
    let balls = game.balls().len();
    let mut inputs = Vec::with_capacity(STEPS);
    for _ in 0..STEPS {
        let input = bot.input(&game);
        inputs.push(input);
        game.step(&input);
    }
    eprintln!(
        "window step: {balls} balls at the start, {} at the end, {} bricks destroyed in {} steps",
        game.balls().len(),
        game.stats().bricks_destroyed,
        STEPS
    );
    (start, inputs)
}

fn bench_step(c: &mut Criterion<BenchClock>) {
    let level = load_level();
    let mut group = c.benchmark_group("step");
    group.throughput(Throughput::Elements(STEPS as u64));
    for speed in SPEEDS {
        for mode in CollisionMode::ALL {
            let (start, inputs) = prepare(&level, mode, speed);
            let id = BenchmarkId::new(mode.name(), speed as u32);
            group.bench_function(id, |b| {
                b.iter_batched(
                    || start.clone(),
                    |mut game| {
                        for input in &inputs {
                            game.step(black_box(input));
                        }
                        game
                    },
                    BatchSize::SmallInput,
                )
            });
        }
    }
    group.finish();
}

/// The step with and without a [`Recorder`] (`step_recorded/…`): the same warmed-up game and
/// inputs as `step/clamp/450`, each step also given to a recorder as `simulate --record` and the
/// window do (its input appended to the run-length track; every 240 steps the state hash
/// stored). Recording should add at most 1 % to a step. (The recorder starts at the warmed-up
/// game, so its replay would not play back: only its cost counts here.)
fn bench_recording(c: &mut Criterion<BenchClock>) {
    let level = load_level();
    let (start, inputs) = prepare(&level, CollisionMode::Clamp, SPEEDS[0]);
    let mut group = c.benchmark_group("step_recorded");
    group.throughput(Throughput::Elements(STEPS as u64));
    recorded_steps(&mut group, "", &level, &start, &inputs);
    // A more typical step in the window: the default settings (power-ups on, the speed-up),
    // the full level (a second of play from the start), and several balls (multiball
    // collected twice: five balls).
    let (start, inputs) = prepare_window(&level);
    recorded_steps(&mut group, "window_", &level, &start, &inputs);
    // What the recorder does every HASH_INTERVAL steps, alone: the game's state hash (XXH3-64
    // over the 3,562 bytes this game's state feeds it, about a thousand values of 1 to 8
    // bytes), and the hash of 445 eight-byte words (3,568 bytes with the length): as many bytes
    // in the fewest, largest writes the serialiser takes.
    group.throughput(Throughput::Elements(1));
    group.bench_function("state_hash", |b| b.iter(|| black_box(&start).state_hash()));
    let words = vec![0x5a5a_5a5a_5a5a_5a5a_u64; 445];
    group.bench_function("hash_445_words", |b| b.iter(|| hash_of(black_box(&words))));
    group.finish();
}

/// The three costs of a step from `start` fed `inputs`, named `{prefix}without`,
/// `{prefix}hash_only` and `{prefix}with`: the bare step; the floor of any recorder (the step
/// and the state hash every [`HASH_INTERVAL`] steps, no input kept); a [`Recorder`].
fn recorded_steps(
    group: &mut criterion::BenchmarkGroup<'_, BenchClock>,
    prefix: &str,
    level: &Level,
    start: &Game,
    inputs: &[Input],
) {
    group.bench_function(format!("{prefix}without"), |b| {
        b.iter_batched(
            || start.clone(),
            |mut game| {
                for input in inputs {
                    game.step(black_box(input));
                }
                game
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function(format!("{prefix}hash_only"), |b| {
        b.iter_batched(
            || start.clone(),
            |mut game| {
                for (i, input) in inputs.iter().enumerate() {
                    game.step(black_box(input));
                    if (i as u64 + 1).is_multiple_of(HASH_INTERVAL) {
                        black_box(game.state_hash());
                    }
                }
                game
            },
            BatchSize::SmallInput,
        )
    });
    group.bench_function(format!("{prefix}with"), |b| {
        b.iter_batched(
            || {
                let recorder = Recorder::new(start, level, Origin::default(), 0, 3, 0);
                (start.clone(), recorder)
            },
            |(mut game, mut recorder)| {
                for input in inputs {
                    game.step(black_box(input));
                    recorder.step(input, &game);
                }
                (game, recorder)
            },
            BatchSize::SmallInput,
        )
    });
}

/// Modest measurement times so that the whole `cargo bench` takes a few minutes; the thread's CPU
/// time as the clock (see `benches/support/clock.rs`).
fn config() -> Criterion<BenchClock> {
    Criterion::default()
        .with_measurement(BenchClock::from_env())
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_secs(1))
        .sample_size(30)
}

criterion_group! {
    name = benches;
    config = config();
    targets = bench_step, bench_recording
}
criterion_main!(benches);
