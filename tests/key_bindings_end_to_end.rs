//! Key bindings end to end: the game run with a `breakout.toml` whose `[keys]` section moves
//! "next collision mode" from C to V; `xdotool` presses V in its window (CI runs the tests under
//! `xvfb-run`) and the window title must show the next mode. Without the file's bindings in the
//! game, V does nothing and the title never changes.

mod support;
use support::window::{require_display, wait_for, xdotool, KillOnDrop};
use support::*;

use breakout::collision::CollisionMode;
use std::process::{Command, Stdio};

#[test]
fn a_key_bound_in_the_config_file_acts_in_the_game() {
    require_display();
    let dir = std::env::temp_dir().join(format!("breakout-keys-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("breakout.toml");
    // Modes other than the default, which the title names (the default it leaves out).
    let start = CollisionMode::Zones;
    std::fs::write(
        &config,
        format!("[collision]\nmode = \"{start}\"\n\n[keys]\nnext_collision_mode = \"V\"\n"),
    )
    .unwrap();
    let game = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .env("XDG_DATA_HOME", test_data_home())
        .arg("--level")
        .arg(format!("{ROOT}/levels/01-first-steps.lvl"))
        .arg("--config")
        .arg(&config)
        // The bot plays: a window that loses the focus (as it may under Xvfb with no window
        // manager) pauses a player's game, but not the bot's, whose keys still act.
        .args(["--autoplay", "--mute", "--frames", "100000000"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run breakout");
    let _game = KillOnDrop(game);
    let window = wait_for("the game's window did not appear in 30 s", || {
        let found = xdotool(&["search", "--name", "collision: "]);
        found.lines().next().map(str::to_string)
    });
    let title = || xdotool(&["getwindowname", &window]);
    assert!(
        title().contains(&format!("collision: {start}")),
        "{}",
        title()
    );
    xdotool(&["windowfocus", "--sync", &window]);
    xdotool(&["key", "v"]);
    let next = format!("collision: {}", start.next());
    wait_for("V did not change the collision mode in 30 s", || {
        title().contains(&next).then_some(())
    });
    let _ = std::fs::remove_dir_all(&dir);
}
