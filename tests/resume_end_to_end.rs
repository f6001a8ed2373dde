//! Resume after a killed process, end to end: the real binary (CI runs the tests under
//! `xvfb-run`) plays a level as a player would (`xdotool` launches the ball), with its data
//! directory in a temporary home; once it has saved its replay during play it is killed
//! (SIGKILL: nothing of its own runs after). The run left unfinished is on disk and verifies
//! (`breakout replay FILE --verify`, exit 0), as does `--record FILE`; started again, the game's
//! menu offers to continue it, and Enter puts the player back in that level with the score and
//! lives the file holds (read from the window title).

mod support;
use support::window::{require_display, wait_for, xdotool, KillOnDrop};
use support::*;

use breakout::replay::{file, Store};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The tests' games one at a time: a window appearing may take the focus from the other test's,
/// whose game then pauses, and both windows' names match a search.
static ONE_WINDOW: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// The game with its data, config and home in `home`, on a null ALSA device, muted.
fn game(home: &Path, args: &[&str]) -> KillOnDrop {
    let child = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(args)
        .arg("--mute")
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run breakout");
    KillOnDrop(child)
}

/// The first window whose name matches `pattern` (a regular expression), waited for.
fn window(pattern: &str) -> String {
    wait_for(&format!("no window named {pattern:?} in 30 s"), || {
        let found = xdotool(&["search", "--name", pattern]);
        found.lines().next().map(str::to_string)
    })
}

/// `breakout replay FILE --verify`: its exit status and JSON line.
fn verify(path: &Path) -> (i32, serde_json::Value) {
    let out = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("replay")
        .arg(path)
        .arg("--verify")
        .output()
        .expect("run breakout replay");
    let line = String::from_utf8_lossy(&out.stdout);
    let json = serde_json::from_str(line.trim()).unwrap_or(serde_json::Value::Null);
    (out.status.code().unwrap_or(-1), json)
}

#[test]
fn a_run_killed_mid_level_is_kept_and_continued_from_the_menu() {
    require_display();
    let _one = ONE_WINDOW.lock().unwrap_or_else(|e| e.into_inner());
    let home = std::env::temp_dir().join(format!("breakout-resume-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let store = Store::new(home.join("data/breakout/replays"));
    let recorded: PathBuf = home.join("recorded.bkreplay");
    let level = format!("{ROOT}/levels/01-first-steps.lvl");
    let mut first = game(
        &home,
        &["--level", &level, "--record", recorded.to_str().unwrap()],
    );
    let playing = window("lives [0-9]");
    xdotool(&["windowfocus", "--sync", &playing]);
    xdotool(&["key", "space"]);
    // The replay is saved every five seconds of play: wait for the first save after the start.
    let saved = wait_for("no replay saved during play in 30 s", || {
        file::read(&store.unfinished_path())
            .ok()
            .filter(|r| r.steps() >= breakout::replay::STEPS_PER_SECOND * 5)
    });
    first.0.kill().expect("SIGKILL the game");
    first.0.wait().unwrap();
    assert_eq!(saved.end, None, "a run in play has no end");

    let (status, report) = verify(&store.unfinished_path());
    assert_eq!(status, 0, "the unfinished run verifies: {report}");
    let steps = report["steps"].as_u64().unwrap();
    assert!(steps >= 1200, "{report}");
    let (status, _) = verify(&recorded);
    assert_eq!(status, 0, "--record's file verifies");
    let (score, lives) = (report["score"].clone(), report["lives"].clone());

    // Started again: the menu's first entry continues the run, paused where the file left it.
    let _second = game(&home, &[]);
    let menu = window("^Breakout$");
    xdotool(&["windowfocus", "--sync", &menu]);
    xdotool(&["key", "Return"]);
    // The shipped set's 8 levels and, with the bonus levels on (the default), 2 mini-games.
    let expected = format!("(1/10) — score {score} — lives {lives}");
    let title = wait_for("Enter did not continue the run in 30 s", || {
        let title = xdotool(&["getwindowname", &menu]);
        title.contains(" lives ").then_some(title)
    });
    assert!(title.contains(&expected), "{expected:?} in {title:?}");
    let _ = std::fs::remove_dir_all(&home);
}

/// The game quitting by itself (`--frames`: the path the window's close button and Alt+F4 take
/// too) writes the game's replay, its end "left", and keeps the run to continue.
#[test]
fn quitting_the_game_saves_its_replay_and_keeps_the_run() {
    require_display();
    let _one = ONE_WINDOW.lock().unwrap_or_else(|e| e.into_inner());
    let home = std::env::temp_dir().join(format!("breakout-quit-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let store = Store::new(home.join("data/breakout/replays"));
    let level = format!("{ROOT}/levels/01-first-steps.lvl");
    // 50 frames of 1/60 s: 200 steps, under the first save during play (1200 steps).
    let args = [
        "--level",
        &level,
        "--frames",
        "50",
        "--frame-time",
        "0.0166667",
    ];
    let mut game = game(&home, &args);
    let status = game.0.wait().unwrap();
    assert!(status.success(), "{status}");
    let replay = file::read(&store.unfinished_path()).expect("the run is kept");
    assert_eq!(replay.steps(), 200);
    assert_eq!(replay.end, None);
    let recent = std::fs::read_dir(store.dir().join("recent")).unwrap();
    let recent: Vec<_> = recent
        .map(|e| file::read(&e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(recent.len(), 1);
    assert_eq!(
        recent[0].end.map(|e| e.outcome),
        Some(breakout::replay::Outcome::Left)
    );
    assert_eq!(verify(&store.unfinished_path()).0, 0);
    let _ = std::fs::remove_dir_all(&home);
}
