//! The determinism gate: every shipped level (the built-in set, `levels/`) is played by the bot
//! for up to [`STEPS`] fixed steps in each of the five collision modes, on seed [`SEED`] with the
//! game's default settings (the ball's speed-up and aimed launch on, random power-ups on) and
//! lives that never run out, and the state hash ([`Game::state_hash`]) at every
//! [`CHECKPOINT`]-th step and at the end must equal the one pinned in
//! `tests/determinism/hashes.txt`.
//!
//! The games are played twice: in a rayon pool of one thread and in a pool of two, the
//! level × mode games spread over the pool. Both runs must agree with each other (a game must not
//! depend on which thread plays it, nor on what the other thread plays beside it) and with the
//! pinned file. (`tests/golden_trace.rs` pins the `simulate` binary's games with the speed-up off;
//! this gate pins the library's games at the defaults a player gets, at several steps of each.)
//!
//! Updating the pinned file is a deliberate act: `BREAKOUT_BLESS=1 cargo test --release --test
//! determinism_gate` rewrites it and then fails, asking for the diff to be reviewed and committed
//! with a message that says why the games changed. Without it, a missing file fails, and a
//! mismatch fails naming the level, the mode and the first step whose hash differs.

use breakout::assets::{shipped_levels, Assets};
use breakout::collision::CollisionMode;
use breakout::level::Level;
use breakout::sim::{Bot, Game, GameConfig, GameState};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Fixed steps (of 1/240 s) each game is played at most: 83 s of play.
const STEPS: u64 = 20_000;
/// A state hash is pinned every this many steps.
const CHECKPOINT: u64 = 5_000;
/// The seed of every game (the game's generator and the bot's).
const SEED: u64 = 1;
/// Seconds the bot waits before launching (none, as in `simulate`).
const LAUNCH_DELAY: f32 = 0.0;
/// Set to `1` to rewrite the pinned file.
const BLESS_VAR: &str = "BREAKOUT_BLESS";

/// One game's pinned line: the hashes at its checkpoints and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Trace {
    /// (step, state hash) at every checkpoint reached and at the last step played.
    hashes: Vec<(u64, u64)>,
    /// `playing` (all [`STEPS`] played), `cleared` or `over`.
    outcome: &'static str,
}

type Key = (String, &'static str);

/// The pinned file read back: (level, mode) → (hashes at steps, outcome).
type Pinned = BTreeMap<(String, String), (Vec<(u64, u64)>, String)>;

fn pinned_path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/determinism/hashes.txt")
}

/// Plays `level` in `mode` and records its trace.
fn play(level: &Level, mode: CollisionMode) -> Trace {
    let config = GameConfig {
        seed: SEED,
        collision: mode,
        infinite_lives: true,
        ..GameConfig::default()
    };
    let mut game = Game::new(level, config);
    let mut bot = Bot::new(SEED, LAUNCH_DELAY);
    let mut hashes = Vec::new();
    let mut step = 0;
    while step < STEPS && game.state() == GameState::Playing {
        let input = bot.input(&game);
        game.step(&input);
        step += 1;
        if step % CHECKPOINT == 0 {
            hashes.push((step, game.state_hash()));
        }
    }
    if hashes.last().is_none_or(|&(s, _)| s != step) {
        hashes.push((step, game.state_hash()));
    }
    let outcome = match game.state() {
        GameState::Playing => "playing",
        GameState::LevelCleared => "cleared",
        GameState::Won => "won",
        GameState::GameOver => "over",
    };
    Trace { hashes, outcome }
}

/// Every shipped level × mode, played in a rayon pool of `threads` threads.
fn play_all(levels: &[Level], threads: usize) -> BTreeMap<Key, Trace> {
    use rayon::prelude::*;
    let jobs: Vec<(&Level, CollisionMode)> = levels
        .iter()
        .flat_map(|level| CollisionMode::ALL.iter().map(move |&mode| (level, mode)))
        .collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a rayon pool");
    let traces: Vec<(Key, Trace)> = pool.install(|| {
        jobs.par_iter()
            .map(|&(level, mode)| ((level.name.clone(), mode.name()), play(level, mode)))
            .collect()
    });
    traces.into_iter().collect()
}

/// One line per game: `LEVEL MODE STEP:HASH… OUTCOME`, in level then mode order.
fn render(traces: &BTreeMap<Key, Trace>) -> String {
    let mut out = format!(
        "# Pinned by tests/determinism_gate.rs: each shipped level played by the bot, seed {SEED},\n\
         # default settings, up to {STEPS} steps; the state hash (hex) every {CHECKPOINT} steps and\n\
         # at the last step played, then how the game stood. Rewrite with\n\
         # `{BLESS_VAR}=1 cargo test --release --test determinism_gate`, review, commit saying why.\n"
    );
    for ((level, mode), trace) in traces {
        out.push_str(&format!("{level} {mode}"));
        for (step, hash) in &trace.hashes {
            out.push_str(&format!(" {step}:{hash:016x}"));
        }
        out.push_str(&format!(" {}\n", trace.outcome));
    }
    out
}

/// The pinned file's lines, as `render` wrote them; an error names the bad line.
fn parse(text: &str) -> Result<Pinned, String> {
    let mut pinned = BTreeMap::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || format!("line {}: cannot read {line:?}", number + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let [level, mode, checkpoints @ .., outcome] = words.as_slice() else {
            return Err(bad());
        };
        let hashes = checkpoints
            .iter()
            .map(|word| {
                let (step, hash) = word.split_once(':')?;
                Some((step.parse().ok()?, u64::from_str_radix(hash, 16).ok()?))
            })
            .collect::<Option<Vec<_>>>()
            .filter(|h| !h.is_empty())
            .ok_or_else(bad)?;
        pinned.insert(
            (level.to_string(), mode.to_string()),
            (hashes, outcome.to_string()),
        );
    }
    Ok(pinned)
}

/// Every difference between `got` and the pinned text, one line each, naming the level, the
/// mode and the first step whose state hash differs; `pinned` names the text's source in them.
fn differences(pinned_text: &str, got: &BTreeMap<Key, Trace>, pinned_name: &str) -> Vec<String> {
    let mut pinned = match parse(pinned_text) {
        Ok(p) => p,
        Err(e) => return vec![e],
    };
    let mut found = Vec::new();
    for ((level, mode), trace) in got {
        let Some((hashes, outcome)) = pinned.remove(&(level.clone(), mode.to_string())) else {
            found.push(format!("{level} {mode}: not in the {pinned_name} games"));
            continue;
        };
        let first_difference = hashes
            .iter()
            .zip(&trace.hashes)
            .find(|(want, got)| want != got);
        if let Some((want, got)) = first_difference {
            found.push(if want.0 == got.0 {
                format!(
                    "{level} {mode}: state hash at step {} is {:016x}, {pinned_name} {:016x}",
                    got.0, got.1, want.1
                )
            } else {
                format!(
                    "{level} {mode}: the game ended at step {}, {pinned_name} {} (hash {:016x}, \
                     {pinned_name} {:016x})",
                    got.0, want.0, got.1, want.1
                )
            });
        } else if hashes.len() != trace.hashes.len() || outcome != trace.outcome {
            let (last, _) = trace.hashes[trace.hashes.len().min(hashes.len()) - 1];
            found.push(format!(
                "{level} {mode}: after step {last} the game went on differently ({} checkpoints, \
                 {}; {pinned_name} {} checkpoints, {outcome})",
                trace.hashes.len(),
                trace.outcome,
                hashes.len()
            ));
        }
    }
    for (level, mode) in pinned.keys() {
        found.push(format!(
            "{level} {mode}: in the {pinned_name} games, but no such level or mode was played"
        ));
    }
    found
}

#[test]
fn every_shipped_level_in_every_mode_hashes_as_pinned_on_one_and_two_threads() {
    let levels: Vec<Level> = shipped_levels(&Assets::built_in())
        .iter()
        .map(|source| source.load().expect("a shipped level loads"))
        .collect();
    assert!(!levels.is_empty(), "no shipped level");
    let one = play_all(&levels, 1);
    let two = play_all(&levels, 2);
    assert_eq!(one.len(), levels.len() * CollisionMode::ALL.len());
    let thread_differences = differences(&render(&one), &two, "on 1 thread");
    assert!(
        thread_differences.is_empty(),
        "the games played in a pool of 2 threads differ from those in a pool of 1:\n{}",
        thread_differences.join("\n")
    );

    let path = pinned_path();
    let text = render(&one);
    if std::env::var(BLESS_VAR).is_ok_and(|v| v == "1") {
        std::fs::create_dir_all(path.parent().unwrap()).expect("create tests/determinism");
        std::fs::write(&path, &text).expect("write the pinned hashes");
        panic!(
            "{BLESS_VAR}=1: rewrote {} ({} games). Review `git diff` and commit it with a message \
             saying why the games changed; then run the test without {BLESS_VAR}.",
            path.display(),
            one.len()
        );
    }
    let pinned = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read the pinned hashes {}: {e}. Create them with \
             `{BLESS_VAR}=1 cargo test --release --test determinism_gate` and commit the file.",
            path.display()
        )
    });
    let found = differences(&pinned, &one, "pinned");
    assert!(
        found.is_empty(),
        "{} game(s) differ from {} (if the change is meant, rewrite it with {BLESS_VAR}=1, \
         review and commit):\n{}",
        found.len(),
        path.display(),
        found.join("\n")
    );
}

#[test]
fn the_pinned_format_reads_back_and_reports_the_first_differing_step() {
    let mut traces = BTreeMap::new();
    let trace = Trace {
        hashes: vec![(5000, 0xabc), (7321, 0xdef)],
        outcome: "cleared",
    };
    traces.insert(("01-x".to_string(), "swept"), trace.clone());
    let text = render(&traces);
    assert!(differences(&text, &traces, "pinned").is_empty());

    let mut changed = traces.clone();
    changed
        .get_mut(&("01-x".to_string(), "swept"))
        .unwrap()
        .hashes[1]
        .1 = 0x123;
    assert_eq!(
        differences(&text, &changed, "pinned"),
        vec!["01-x swept: state hash at step 7321 is 0000000000000123, pinned 0000000000000def"]
    );
    let mut other = BTreeMap::new();
    other.insert(("01-x".to_string(), "clamp"), trace);
    let found = differences(&text, &other, "pinned");
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].contains("01-x clamp: not in the pinned games"));
    assert!(found[1].contains("01-x swept: in the pinned games, but no such"));
    assert!(!differences("01-x swept nonsense cleared\n", &traces, "pinned").is_empty());
}
