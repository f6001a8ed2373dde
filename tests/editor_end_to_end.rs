//! The level editor end to end: runs `breakout edit NEW.lvl` in a window (CI runs the tests
//! under `xvfb-run`), drives it with `xdotool` as an author would (keys pick a brick, clicks
//! paint it, Ctrl+S saves, Esc leaves), then checks the saved file and the screenshot taken when
//! the editor closed: the painted brick where it was painted, and the problem marker on the
//! brick walled in by solid bricks.

mod support;
use support::window::{require_display, wait_success, xdotool};
use support::*;

use breakout::level::{BrickKind, Level};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Cell size of a new level (15 × 8 in the upper half of the 800 × 600 playfield), pixels.
const CELL: (f32, f32) = (800.0 / 15.0, 300.0 / 8.0);

fn centre(row: usize, col: usize) -> (f32, f32) {
    ((col as f32 + 0.5) * CELL.0, (row as f32 + 0.5) * CELL.1)
}

#[test]
fn an_author_paints_a_new_level_with_the_mouse_saves_it_and_sees_its_problem_marked() {
    require_display();
    let dir = std::env::temp_dir().join(format!("breakout-edit-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("new.lvl");
    let shot = dir.join("shot.png");
    let mut child = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .env("XDG_DATA_HOME", test_data_home())
        .arg("edit")
        .arg(&file)
        .arg("--screenshot")
        .arg(&shot)
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run breakout edit");

    let start = Instant::now();
    let window = loop {
        let found = xdotool(&["search", "--name", "Breakout level editor"]);
        if let Some(id) = found.lines().next() {
            break id.to_string();
        }
        if start.elapsed() > Duration::from_secs(30) {
            let _ = child.kill();
            panic!("the editor's window did not appear in 30 s");
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    std::thread::sleep(Duration::from_millis(500));
    xdotool(&["windowfocus", "--sync", &window]);
    let click = |row: usize, col: usize| {
        let (x, y) = centre(row, col);
        let (x, y) = (format!("{}", x as i32), format!("{}", y as i32));
        xdotool(&["mousemove", "--window", &window, &x, &y, "click", "1"]);
        std::thread::sleep(Duration::from_millis(60));
    };
    // A green brick (3) on its own, then a yellow one (4) walled in by solid bricks (1).
    xdotool(&["key", "3"]);
    click(2, 3);
    xdotool(&["key", "1"]);
    for (r, c) in [
        (0, 10),
        (0, 12),
        (1, 10),
        (1, 12),
        (2, 10),
        (2, 11),
        (2, 12),
    ] {
        click(r, c);
    }
    xdotool(&["key", "4"]);
    click(1, 11);
    // The cursor and the pointer away from the marked brick, then save and leave.
    xdotool(&["mousemove", "--window", &window, "790", "400"]);
    xdotool(&["key", "Down", "Down", "Down", "Down", "Down"]);
    xdotool(&["key", "ctrl+s"]);
    let saved = Instant::now();
    while !file.exists() && saved.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
    xdotool(&["key", "Escape"]);
    wait_success(
        child,
        "the editor did not close on Esc after saving (unsaved changes?)",
    );

    // The file: the bricks where they were painted, clean aligned text check accepts.
    let text = std::fs::read_to_string(&file).expect("Ctrl+S saved the file");
    let level = Level::load(&file).unwrap();
    assert_eq!((level.rows, level.cols), (8, 15));
    assert_eq!(level.get(2, 3), Some(BrickKind::Plain(3)));
    assert_eq!(level.get(1, 11), Some(BrickKind::Plain(4)));
    assert_eq!(level.get(2, 11), Some(BrickKind::Solid));
    assert_eq!(level.cells.iter().flatten().count(), 9, "{text}");
    assert!(text
        .lines()
        .all(|l| l == l.trim_end() && l.len() == text.lines().next().unwrap().len()));
    let check = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("check")
        .arg(&file)
        .output()
        .unwrap();
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(check.status.success(), "{report}");
    assert!(
        report.contains(":2:") && report.contains("warning"),
        "{report}"
    );

    // The screenshot: the green brick painted, the walled-in brick outlined in amber, a brick
    // without a problem not.
    let pic = Picture::new(take_png(&shot));
    let (x, y) = centre(2, 3);
    let green = pic.at(x, y);
    assert!(
        green[1] > green[0] + 40 && green[1] > green[2] + 40,
        "painted brick {green:?}"
    );
    let amber = |p: [u8; 4]| p[0] > 200 && (100..220).contains(&p[1]) && p[2] < 80;
    let strip = |row: usize, col: usize| {
        let (x0, y0) = (col as f32 * CELL.0, row as f32 * CELL.1);
        (6..30)
            .filter(|dy| amber(pic.at(x0 + 1.5, y0 + *dy as f32)))
            .count()
    };
    assert!(
        strip(1, 11) > 15,
        "the walled-in brick is marked: {}",
        strip(1, 11)
    );
    assert_eq!(strip(2, 3), 0, "the reachable brick is not");
    let _ = std::fs::remove_dir_all(&dir);
}
