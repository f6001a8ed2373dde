//! Difficulty presets through the binary: `simulate --difficulty NAME` and `[game] difficulty`
//! reach the game and its JSON line names them; an unknown name is an error listing the names.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// An empty directory with `config` as its `breakout.toml` (none if empty), used as the
/// working directory and the config home so no other configuration applies.
fn home(name: &str, config: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakout-diff-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    if !config.is_empty() {
        std::fs::write(dir.join("breakout.toml"), config).unwrap();
    }
    dir
}

fn simulate(home: &Path, extra: &[&str]) -> Output {
    let level = Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/01-first-steps.lvl");
    Command::new(env!("CARGO_BIN_EXE_breakout"))
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home)
        .env("RUST_LOG", "off")
        .args(["simulate", "--steps", "2000", "--seed", "1", "--level"])
        .arg(level)
        .args(extra)
        .output()
        .expect("run breakout simulate")
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "simulate failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON line")
}

#[test]
fn simulate_names_the_difficulty_and_plays_it() {
    let dir = home("flag", "");
    let normal = json(&simulate(&dir, &[]));
    assert_eq!(normal["difficulty"], "normal");
    assert_eq!(normal["lives_left"], 3);
    let kids = json(&simulate(&dir, &["--difficulty", "kids"]));
    assert_eq!(kids["difficulty"], "kids");
    assert_eq!(kids["lives_left"], 9, "simulate never loses a life");
    assert_ne!(kids["state_hash"], normal["state_hash"]);
    let hard = json(&simulate(&dir, &["--difficulty", "HARD"]));
    assert_eq!(hard["difficulty"], "hard");
    assert_eq!(hard["lives_left"], 2);
}

#[test]
fn the_config_files_difficulty_applies_and_the_flag_overrides_it() {
    let dir = home("file", "[game]\ndifficulty = \"easy\"\n");
    assert_eq!(json(&simulate(&dir, &[]))["difficulty"], "easy");
    let flagged = json(&simulate(&dir, &["--difficulty", "normal"]));
    assert_eq!(flagged["difficulty"], "normal");
}

#[test]
fn an_unknown_difficulty_is_an_error_listing_the_names() {
    let dir = home("bad", "");
    let out = simulate(&dir, &["--difficulty", "nightmare"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nightmare"), "{err}");
    assert!(err.contains("kids, easy, normal, hard"), "{err}");
}
