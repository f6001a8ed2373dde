//! Hot seat, end to end: the real binary (CI runs the tests under `xvfb-run`) started with
//! `--players Anna,Ben` shows Anna's turn (in the window title, as on the banner), and once
//! Anna, playing as a player would (`xdotool`: the launch key, the paddle held to one side),
//! loses a life, the turn passes to Ben: the title says so.

mod support;
use support::window::{require_display, wait_for, xdotool, KillOnDrop};
use support::*;

use std::process::{Command, Stdio};

/// The name of the window `id`.
fn name_of(id: &str) -> String {
    xdotool(&["getwindowname", id]).trim().to_string()
}

#[test]
fn players_take_turns_when_a_life_is_lost() {
    require_display();
    let home = std::env::temp_dir().join(format!("breakout-seat-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let level = format!("{ROOT}/levels/01-first-steps.lvl");
    let child = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(["--players", "Anna,Ben", "--level", &level, "--mute"])
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run breakout");
    let _game = KillOnDrop(child);
    let window = wait_for("no window of Anna's turn in 30 s", || {
        let found = xdotool(&["search", "--name", "Anna's turn"]);
        found.lines().next().map(str::to_string)
    });
    let title = name_of(&window);
    assert!(
        title.starts_with("Breakout — Anna's turn — ") && title.contains("lives 3"),
        "{title}"
    );
    xdotool(&["windowfocus", "--sync", &window]);
    // The banner waits for the launch key (presses in its first moments are ignored); each
    // press then launches, and the paddle, held left, leaves the ball.
    xdotool(&["keydown", "Left"]);
    let passed = wait_for("the turn did not pass to Ben in 30 s", || {
        xdotool(&["key", "space"]);
        let title = name_of(&window);
        title.contains("Ben's turn").then_some(title)
    });
    xdotool(&["keyup", "Left"]);
    assert!(
        passed.contains("lives 3"),
        "Ben has all his lives: {passed}"
    );
    let _ = std::fs::remove_dir_all(&home);
}
