//! The golden trace: every game recorded in `tests/fixtures/golden/trace.jsonl` (by `record.sh`
//! beside it; first before the "Room to grow" refactoring, again only when a commit changes the
//! game on purpose, such as the bot's policy, and says so) must be played again exactly: the same
//! `steps`, `bricks_destroyed`, `bricks_left`, `score`, `balls_lost`, `balls_escaped`,
//! `powerups_collected` — and the same `state_hash`, the whole final state — for every shipped
//! level and the four LearnOpenGL tutorial files, each collision mode and seeds 1 and 2.
//!
//! Each game runs the real binary (`breakout simulate --steps 20000`), with an empty config file
//! so that no `breakout.toml` of the machine changes a setting.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

mod support;

/// The fields a refactoring must leave unchanged, in the order they are reported.
const COMPARED: [&str; 8] = [
    "steps",
    "bricks_destroyed",
    "bricks_left",
    "score",
    "balls_lost",
    "balls_escaped",
    "powerups_collected",
    "state_hash",
];

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/golden")
}

/// The recorded games whose `file` starts with `prefix`, as (level path to play, recorded line).
fn recorded(prefix: &str, level_dir: &Path) -> Vec<(PathBuf, Value)> {
    let text = std::fs::read_to_string(golden_dir().join("trace.jsonl")).expect("trace.jsonl");
    let games: Vec<(PathBuf, Value)> = text
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("a JSON line"))
        .filter_map(|game| {
            let file = game["file"].as_str()?.to_string();
            let name = file.strip_prefix(prefix)?;
            Some((level_dir.join(name), game))
        })
        .collect();
    assert!(!games.is_empty(), "no recorded game under {prefix}");
    games
}

/// Replays every game on two threads; returns one line per difference.
fn replay(games: &[(PathBuf, Value)]) -> Vec<String> {
    let config = golden_dir().join("defaults.toml");
    let next = Mutex::new(games.iter());
    let differences = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let Some((level, want)) = next.lock().unwrap().next() else {
                    return;
                };
                let mode = want["collision"].as_str().unwrap();
                let seed = want["seed"].as_u64().unwrap();
                let output = Command::new(env!("CARGO_BIN_EXE_breakout"))
                    .args(["simulate", "--steps", "20000", "--collision", mode])
                    .arg("--seed")
                    .arg(seed.to_string())
                    .arg("--config")
                    .arg(&config)
                    .arg("--level")
                    .arg(level)
                    .output()
                    .expect("run breakout simulate");
                let game = format!("{} {mode} seed {seed}", level.display());
                let mut found = Vec::new();
                if !output.status.success() {
                    found.push(format!(
                        "{game}: simulate failed: {}",
                        String::from_utf8_lossy(&output.stderr)
                    ));
                } else {
                    let got: Value = serde_json::from_slice(&output.stdout).expect("JSON");
                    for field in COMPARED {
                        if got[field] != want[field] {
                            found.push(format!(
                                "{game}: {field} is {} (recorded {})",
                                got[field], want[field]
                            ));
                        }
                    }
                }
                differences.lock().unwrap().extend(found);
            });
        }
    });
    differences.into_inner().unwrap()
}

#[test]
fn shipped_levels_play_as_recorded() {
    let levels = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels");
    let games = recorded("levels/", &levels);
    assert_eq!(games.len(), 8 * 5 * 2, "8 levels, 5 modes, 2 seeds");
    let differences = replay(&games);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}

#[test]
#[ignore = "needs the LearnOpenGL tutorial levels at ../shared/compat/learnopengl-levels beside the \
            repository (or BREAKOUT_LEARNOPENGL_LEVELS); .ci/run runs it when they are there"]
fn learnopengl_levels_play_as_recorded() {
    let dir = support::learnopengl_levels();
    let games = recorded("learnopengl/", &dir);
    assert_eq!(games.len(), 4 * 5 * 2, "4 levels, 5 modes, 2 seeds");
    let differences = replay(&games);
    assert!(differences.is_empty(), "{}", differences.join("\n"));
}
