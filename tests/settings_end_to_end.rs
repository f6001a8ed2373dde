//! Settings end to end: the real game in a window (CI runs the tests under `xvfb-run`), driven
//! by `xdotool` as a player would. First start: open the settings from the menu (F3), turn the
//! music up and the effects down, leave (which saves), make the window bigger and move it,
//! quit. The player's `breakout.toml` (in a config directory of the test's own) must then hold
//! the new volumes and the window's place, with every comment, blank line and the player's own
//! mistake still where they were. Second start: the window opens where it was left.
//!
//! Mute (kept between runs since a play-test): M pressed on the settings screen in the first run is
//! saved as `[audio] muted = true`; the second start is muted from the file, so M there turns the
//! sound on (`muted = false` saved). A third start with `--mute` is muted for that run only: M
//! turns the sound on, M again mutes, which is then saved (M did nothing after `--mute` before).

mod support;
use support::window::{require_display, wait_for, wait_success, xdotool};
use support::*;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The player's file: comments, a blank line, a section the game never writes, and a mistake
/// (an out-of-range value) the game must leave alone.
const PLAYER_FILE: &str = "\
# my breakout settings

[audio]
# the music is loud on this laptop
music_volume = 0.3   # was 0.5
effects_volume = 0.8

[powerups]
good_chance = 2     # oops: out of range
";

/// The game with `home` as its only config and data place, run in `home` (so no
/// `./breakout.toml` of the repository is read), sound into a null ALSA device.
fn game(home: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_breakout"));
    command
        .args(args)
        .current_dir(home)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

/// Starts `command` (see [`game`]); returns it and its window, focused.
fn start_game(mut command: Command) -> (Child, String) {
    let mut child = command.spawn().expect("run breakout");
    let pid = child.id().to_string();
    let window = wait_for("the game's window did not appear in 30 s", || {
        // A game that ended before its window showed: say why at once.
        if let Some(status) = child.try_wait().unwrap() {
            let mut stderr = String::new();
            if let Some(pipe) = child.stderr.as_mut() {
                std::io::Read::read_to_string(pipe, &mut stderr).unwrap();
            }
            panic!("the game ended ({status}) before its window showed: {stderr}");
        }
        let found = xdotool(&["search", "--pid", &pid, "--name", "Breakout"]);
        found.lines().next().map(str::to_string)
    });
    std::thread::sleep(Duration::from_millis(700));
    xdotool(&["windowfocus", "--sync", &window]);
    (child, window)
}

/// Starts the game (see [`game`]) with `args`; returns it and its window.
fn start(home: &Path, args: &[&str]) -> (Child, String) {
    start_game(game(home, args))
}

/// Held by each test while its windows are open: they share one display, where the keys go
/// to whichever window has the focus.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn key(keys: &[&str]) {
    for k in keys {
        xdotool(&["key", k]);
        std::thread::sleep(Duration::from_millis(120));
    }
}

#[test]
fn settings_and_the_window_are_saved_into_the_players_file_with_its_comments_kept() {
    require_display();
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let home = std::env::temp_dir().join(format!("breakout-settings-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    let file = home.join("config").join("breakout").join("breakout.toml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, PLAYER_FILE).unwrap();

    let (child, window) = start(&home, &[]);
    // Settings: music up a step (0.3 → 0.4), effects down a step (0.8 → 0.7), M mutes; Esc
    // saves.
    key(&["F3", "Right", "Down", "Left", "m", "Escape"]);
    let saved = Instant::now();
    while !std::fs::read_to_string(&file).unwrap().contains("0.4") {
        assert!(
            saved.elapsed() < Duration::from_secs(10),
            "leaving the settings did not save: {}",
            std::fs::read_to_string(&file).unwrap()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    xdotool(&["windowsize", "--sync", &window, "1000", "750"]);
    xdotool(&["windowmove", "--sync", &window, "30", "20"]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(&["windowfocus", "--sync", &window]);
    key(&["Escape"]);
    wait_success(child, "the game did not quit on Esc from the menu");

    let text = std::fs::read_to_string(&file).unwrap();
    let expected = PLAYER_FILE
        .replace(
            "music_volume = 0.3   # was 0.5",
            "music_volume = 0.4   # was 0.5",
        )
        .replace("effects_volume = 0.8", "effects_volume = 0.7\nmuted = true")
        + "\n[window]\nwidth = 1000\nheight = 750\nx = 30\ny = 20\n";
    assert_eq!(text, expected);
    let leftovers: Vec<_> = std::fs::read_dir(file.parent().unwrap())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers.len(), 1, "no temporary file left: {leftovers:?}");

    // Next start: the window is where and as big as it was left, and the game is muted, so
    // M (on the settings screen, as the menus type it) turns the sound on.
    let (child, window) = start(&home, &[]);
    let geometry = xdotool(&["getwindowgeometry", &window]);
    key(&["F3", "m", "Escape", "Escape"]);
    wait_success(child, "the game did not quit on Esc from the menu");
    assert!(
        geometry.contains("Position: 30,20") && geometry.contains("Geometry: 1000x750"),
        "{geometry}"
    );
    let unmuted = expected.replace("muted = true", "muted = false");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        unmuted,
        "started muted from the file: M turned the sound on, nothing else written"
    );

    // --mute: muted for this run, not written; M still works after it.
    let (child, _) = start(&home, &["--mute"]);
    key(&["Escape"]);
    wait_success(child, "the game did not quit on Esc from the menu");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        unmuted,
        "--mute is not saved"
    );
    let (child, _) = start(&home, &["--mute"]);
    key(&["F3", "m", "m", "Escape", "Escape"]);
    wait_success(child, "the game did not quit on Esc from the menu");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        expected,
        "after --mute, M turned the sound on and M again muted it"
    );
    let _ = std::fs::remove_dir_all(&home);
}

/// HiDPI: winit reads an X11 screen's scale from `WINIT_X11_SCALE_FACTOR` (2 here, as on a
/// 2× laptop screen). The picture is drawn at the window's physical pixels (an 800×600 logical
/// window gives a 1600×1200 screenshot, text rasterised at that size), and the window's size
/// and place, remembered in physical pixels, reopen the same window: not doubled on each start.
#[test]
fn at_scale_2_the_picture_is_drawn_at_physical_size_and_the_window_does_not_grow() {
    require_display();
    let _alone = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let home = std::env::temp_dir().join(format!("breakout-hidpi-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let file = home.join("config").join("breakout").join("breakout.toml");
    let scaled = |args: &[&str]| {
        let mut command = game(&home, args);
        command.env("WINIT_X11_SCALE_FACTOR", "2");
        command
    };

    let shot = home.join("shot.png");
    let shot_arg = shot.to_str().unwrap();
    let args = ["--window-size", "800x600", "--frames", "3", "--mute"];
    let status = scaled(&[&args[..], &["--screenshot", shot_arg]].concat())
        .status()
        .unwrap();
    assert!(status.success());
    let picture = take_png(&shot);
    assert_eq!(picture.dimensions(), (1600, 1200), "physical pixels");
    assert!(!file.exists(), "a scripted run writes no settings");

    let remembered = || {
        let text = std::fs::read_to_string(&file).unwrap_or_default();
        let window = breakout::config::Config::parse(&text, &file)
            .unwrap()
            .window;
        (window.width, window.height, window.x, window.y)
    };
    let (child, window) = start_game(scaled(&["--mute"]));
    let geometry = xdotool(&["getwindowgeometry", &window]);
    assert!(geometry.contains("Geometry: 1600x1200"), "{geometry}");
    xdotool(&["windowsize", "--sync", &window, "1300", "1000"]);
    xdotool(&["windowmove", "--sync", &window, "40", "30"]);
    std::thread::sleep(Duration::from_millis(300));
    xdotool(&["windowfocus", "--sync", &window]);
    key(&["Escape"]);
    wait_success(child, "the game did not quit on Esc from the menu");
    let expected = (Some(1300), Some(1000), Some(40), Some(30));
    assert_eq!(remembered(), expected, "physical pixels");
    for run in 2..4 {
        let (child, window) = start_game(scaled(&["--mute"]));
        let geometry = xdotool(&["getwindowgeometry", &window]);
        key(&["Escape"]);
        wait_success(child, "the game did not quit on Esc from the menu");
        assert!(
            geometry.contains("Position: 40,30") && geometry.contains("Geometry: 1300x1000"),
            "start {run}: {geometry}"
        );
        assert_eq!(remembered(), expected, "start {run}");
    }
    let _ = std::fs::remove_dir_all(&home);
}
