//! The set menu and a still mouse pointer, end to end: the real game in a window (CI runs the
//! tests under `xvfb-run`), driven by `xdotool`. A play-test found the row under a resting
//! pointer chosen on the first start, and again after the window changed size: the window
//! system reports the pointer's position then although nobody moved it. Only a pointer that
//! moves may choose a row. Which set Enter opens shows in the window's title
//! ("Breakout — SET").
//!
//! Checked: without the fix, Enter at the start opens the set under the pointer ("set-08").
//! Xvfb has no window manager, and X then reports no position when the window is resized or
//! moved under a still pointer, so those steps pass either way here; the rule for them (a
//! position reported after the window changed is no move) is pinned by `src/app/pointer.rs`'s
//! unit tests.

mod support;
use support::null_alsa_config;
use support::window::{require_display, wait_for, xdotool, KillOnDrop};

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Top of the set list's first row and the rows' pitch, playfield pixels (the menu's layout,
/// `src/app/scenes/menu.rs` and `src/view/menu.rs`); the highlight of row `i` spans
/// `TOP - 3 + i * ROW` to the next.
const TOP: f32 = 116.0;
const ROW: f32 = 22.0;

/// Twelve sets of one level each, `set-01`…`set-12`, as imported sets in `data`.
fn make_sets(data: &Path) {
    for i in 1..=12 {
        let dir = data.join("breakout/levels").join(format!("set-{i:02}"));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("one.lvl"), "1 1 1 1\n0 0 0 0\n").unwrap();
    }
}

/// The list row (0 = the first, "Breakout") the pointer is over, given the window's place and
/// size on the screen and the pointer's place, for an 800 × 600 playfield letterboxed in it.
fn row_under(window: (f32, f32, f32, f32), pointer: (f32, f32)) -> Option<usize> {
    let (_, wy, ww, wh) = window;
    let scale = (ww / 800.0).min(wh / 600.0);
    let top = wy + (wh - 600.0 * scale) / 2.0;
    let y = (pointer.1 - top) / scale - (TOP - 3.0);
    (y >= 0.0).then(|| (y / ROW) as usize)
}

/// The window's place and size (`xdotool getwindowgeometry --shell`).
fn geometry(window: &str) -> (f32, f32, f32, f32) {
    let out = xdotool(&["getwindowgeometry", "--shell", window]);
    let value = |key: &str| -> f32 {
        out.lines()
            .find_map(|l| l.strip_prefix(&format!("{key}=")))
            .unwrap_or_else(|| panic!("no {key} in {out}"))
            .parse()
            .unwrap()
    };
    (value("X"), value("Y"), value("WIDTH"), value("HEIGHT"))
}

/// Presses Enter and waits for the title of the level list it opens; then Esc back.
fn open_chosen(window: &str) -> String {
    xdotool(&["key", "Return"]);
    let mut pressed = Instant::now();
    let title = wait_for("Enter opened no level list", || {
        let name = xdotool(&["getwindowname", window]);
        if name.trim().contains(" — ") {
            return Some(name.trim().to_string());
        }
        // As Esc below: a key press lost by a loaded X server is pressed again.
        if pressed.elapsed() > Duration::from_secs(10) {
            eprintln!("note: still in the sets 10 s after Enter ({name:?}): Enter again");
            xdotool(&["key", "Return"]);
            pressed = Instant::now();
        }
        None
    });
    // Esc is only the way back here (what is pinned is which set Enter opened). Once, in a
    // fresh-clone CI run, the level list stayed for 30 s after one Esc that passes every local
    // run: the key is pressed again every 10 s while the level list still shows, noted on
    // stderr, so a lost key press does not fail a test about the pointer.
    xdotool(&["key", "Escape"]);
    let mut pressed = Instant::now();
    wait_for("Esc did not go back to the sets", || {
        let name = xdotool(&["getwindowname", window]);
        if name.trim() == "Breakout" {
            return Some(());
        }
        if pressed.elapsed() > Duration::from_secs(10) && name.contains(" — ") {
            eprintln!("note: still in the level list 10 s after Esc ({name:?}): Esc again");
            xdotool(&["key", "Escape"]);
            pressed = Instant::now();
        }
        None
    });
    title
}

#[test]
fn a_resting_pointer_chooses_no_set_at_start_or_after_a_resize_and_a_moving_one_does() {
    require_display();
    let home = std::env::temp_dir().join(format!("breakout-menu-pointer-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    make_sets(&home.join("data"));
    let empty = home.join("no-data-dirs");
    std::fs::create_dir_all(&empty).unwrap();
    // The pointer rests where the window opens (at the screen's corner without a window
    // manager), over the ninth row.
    let pointer = (300.0, 300.0);
    xdotool(&["mousemove", "300", "300"]);
    let child = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .current_dir(&home)
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_DATA_DIRS", &empty)
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run breakout");
    let child = KillOnDrop(child);
    let pid = child.0.id().to_string();
    let window = wait_for("the game's window did not appear in 30 s", || {
        let found = xdotool(&["search", "--pid", &pid, "--name", "Breakout"]);
        found.lines().next().map(str::to_string)
    });
    std::thread::sleep(Duration::from_millis(700));
    xdotool(&["windowfocus", "--sync", &window]);
    let row = row_under(geometry(&window), pointer);
    assert!(
        matches!(row, Some(2..=12)),
        "the test needs the pointer over a set's row other than the first: row {row:?} of a \
         window at {:?}",
        geometry(&window)
    );
    assert_eq!(
        open_chosen(&window),
        "Breakout — Breakout",
        "the first set stays chosen under a resting pointer (row {row:?} under it)"
    );

    // The window grows under the still pointer: another row is under it now.
    xdotool(&["windowsize", "--sync", &window, "1000", "750"]);
    std::thread::sleep(Duration::from_millis(500));
    let after = row_under(geometry(&window), pointer);
    assert_ne!(
        after, row,
        "the resize must bring another row under the pointer"
    );
    assert_eq!(
        open_chosen(&window),
        "Breakout — Breakout",
        "after a resize"
    );

    // A pointer that moves chooses the row it ends on.
    xdotool(&["mousemove", "320", "300"]);
    std::thread::sleep(Duration::from_millis(200));
    xdotool(&["mousemove", "300", "300"]);
    std::thread::sleep(Duration::from_millis(300));
    let set = after.expect("a row under the pointer");
    assert_eq!(
        open_chosen(&window),
        format!("Breakout — set-{set:02}"),
        "the row under a moved pointer is chosen"
    );
    drop(child);
    let _ = std::fs::remove_dir_all(&home);
}
