//! `breakout simulate` and `breakout replay --verify` print what the core prints: the same
//! bytes as [`breakout_core::sim::report`] and [`breakout_core::replay::verify`] give, which
//! are what the core's `headless` example prints (`core/examples/headless.rs`) and what
//! `.ci/determinism-matrix` compares across targets. So a line pinned from the example is the
//! game's line too.
//!
//! The binary is run with an empty `--config`, so its settings are the defaults the example
//! plays with (`GameConfig::default()` with the seed and the mode).

use breakout::collision::CollisionMode;
use breakout::level::Level;
use breakout::sim::GameConfig;
use breakout_core::replay::verify::verify_file;
use breakout_core::sim::report::simulate;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs the game's binary in the repository's root (so paths are named as given).
fn breakout(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(args)
        .current_dir(root())
        .env_remove("RUST_LOG")
        .output()
        .expect("run breakout")
}

/// An empty configuration file (every setting at its default), made once per test process.
fn empty_config() -> PathBuf {
    let path = std::env::temp_dir().join(format!("breakout-headless-{}.toml", std::process::id()));
    std::fs::write(&path, "").expect("write an empty config");
    path
}

/// The line the core (and so the `headless` example) prints for `simulate`.
fn core_simulate_line(level: &str, steps: u64, seed: u64, mode: CollisionMode) -> String {
    let level = Level::load(&root().join(level)).expect("the level loads");
    let config = GameConfig {
        seed,
        collision: mode,
        ..GameConfig::default()
    };
    format!("{}\n", simulate(&level, steps, config).json_line())
}

#[test]
fn simulate_prints_the_cores_line() {
    let config = empty_config();
    let cases = [
        ("levels/01-first-steps.lvl", 3000, 1, CollisionMode::Aabb),
        ("levels/04-rainbow.lvl", 2000, 5, CollisionMode::Swept),
        ("levels/06-shield-wall.lvl", 2500, 2, CollisionMode::Cross),
        ("levels/02-gates.lvl", 20_000, 1, CollisionMode::Zones),
    ];
    let mut lines = Vec::new();
    for (level, steps, seed, mode) in cases {
        let (steps_arg, seed_arg) = (steps.to_string(), seed.to_string());
        let output = breakout(&[
            "simulate",
            "--level",
            level,
            "--steps",
            &steps_arg,
            "--seed",
            &seed_arg,
            "--collision",
            mode.name(),
            "--config",
            config.to_str().expect("a UTF-8 temporary path"),
        ]);
        assert!(
            output.status.success(),
            "{level}: {}",
            String::from_utf8_lossy(&output.stderr)
        );
        let got = String::from_utf8(output.stdout).expect("UTF-8");
        let want = core_simulate_line(level, steps, seed, mode);
        assert_eq!(got, want, "{level} {} seed {seed}", mode.name());
        lines.push(got);
    }
    let _ = std::fs::remove_file(&config);
    // The comparison can fail: another seed is another line.
    assert_ne!(
        lines[0],
        core_simulate_line(cases[0].0, cases[0].1, 2, cases[0].3)
    );
}

#[test]
fn replay_verify_prints_the_cores_line_and_status_for_every_committed_replay() {
    let mut replays: Vec<PathBuf> = ["tests/replays", "tests/regressions"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root().join(dir)).into_iter().flatten())
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "bkreplay"))
        .collect();
    replays.sort();
    assert!(replays.len() >= 10, "{replays:?}");
    for path in &replays {
        let relative = path.strip_prefix(root()).expect("under the repository");
        let output = breakout(&["replay", relative.to_str().expect("UTF-8"), "--verify"]);
        let verified = verify_file(relative, |_, _| {});
        // verify_file reads relative to this process's directory: the package root, as cargo
        // runs tests there.
        let verified = verified.unwrap_or_else(|e| panic!("{}: {e}", relative.display()));
        assert_eq!(
            String::from_utf8(output.stdout).expect("UTF-8"),
            format!("{}\n", verified.report().json_line()),
            "{}",
            relative.display()
        );
        assert_eq!(
            output.status.code(),
            Some(verified.exit_status()),
            "{}",
            relative.display()
        );
    }
}

#[test]
fn a_replay_that_cannot_be_read_is_an_error_in_both() {
    let output = breakout(&["replay", "tests/replays/README.md", "--verify"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(verify_file(Path::new("tests/replays/README.md"), |_, _| {}).is_err());
}
