//! End to end: runs the real `breakout` binary in a window (CI runs the tests under `xvfb-run`)
//! with `--autoplay --frames N --screenshot`, and checks the picture's pixels: a brick of the
//! right colour in every cell the level has one, dark background in the empty cells and below
//! the bricks, and the paddle near the bottom.
//!
//! The expected brick colours come from `support` (the documented tint × the texture's pixel).

mod support;
use support::*;

use breakout::level::Level;
use image::RgbaImage;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Frames to render: a few real frames through the whole pipeline, few enough that the ball
/// (launched by the bot after 0.6 s of game time) is still on or near the paddle even on a slow,
/// loaded machine (each frame feeds at most 0.25 s to the simulation; at 20 fps under load, 8
/// frames are 0.4 s).
const FRAMES: &str = "8";
/// Per-channel tolerance when comparing a brick's pixel with its expected colour (0–255).
const TOLERANCE: f32 = 40.0;
/// Cells allowed to disagree with the level: the ball may hide one, and if a slow machine runs
/// the frames slowly, the bot may have destroyed one brick.
const ALLOWED_MISMATCHES: usize = 2;

fn require_display() {
    assert!(
        std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some(),
        "the end-to-end tests open a window: run them under `xvfb-run -a cargo test` (see README)"
    );
}

/// Runs the game on `level` and returns the screenshot.
fn screenshot(level: &Path, name: &str) -> RgbaImage {
    let out = std::env::temp_dir().join(format!("breakout-e2e-{}-{name}.png", std::process::id()));
    let _ = std::fs::remove_file(&out);
    let run = || {
        Command::new(env!("CARGO_BIN_EXE_breakout"))
            .arg("--level")
            .arg(level)
            .args([
                "--autoplay",
                "--frames",
                FRAMES,
                "--no-vsync",
                "--seed",
                "7",
                "--screenshot",
            ])
            .arg(&out)
            // A null ALSA device: the audio path runs for real with no sound card.
            .env(
                "ALSA_CONFIG_PATH",
                format!("/usr/share/alsa/alsa.conf:{ROOT}/tests/fixtures/alsa-null.conf"),
            )
            .output()
            .expect("run breakout")
    };
    let mut output = run();
    // Seen once on a loaded CI machine: Xlib could not connect to the running Xvfb ("Failed to
    // open connection to X server") while the runs before and after it connected. That is the
    // test machine, not the game: one retry. Every other failure fails the test at once.
    if !output.status.success()
        && String::from_utf8_lossy(&output.stderr).contains("cannot start the windowing system")
    {
        std::thread::sleep(std::time::Duration::from_millis(500));
        output = run();
    }
    assert!(
        output.status.success(),
        "breakout failed on {}: {}",
        level.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    support::take_png(&out)
}

/// Checks the screenshot of `level` against the level's grid; panics with every problem found.
fn assert_picture_shows_level(level_path: &Path) {
    let level = Level::load(level_path).expect("valid level");
    let img = screenshot(level_path, &level.name);
    let (w, h) = img.dimensions();
    assert_eq!(
        w * 3,
        h * 4,
        "the playfield keeps its 4:3 aspect ratio ({w}×{h})"
    );
    let scale = w as f32 / 800.0;
    let px = |x: f32, y: f32| {
        img.get_pixel(
            ((x * scale) as u32).min(w - 1),
            ((y * scale) as u32).min(h - 1),
        )
        .0
    };

    let (cell_w, cell_h) = (800.0 / level.cols as f32, 300.0 / level.rows as f32);
    let mut mismatches = Vec::new();
    for row in 0..level.rows {
        for col in 0..level.cols {
            let (cx, cy) = ((col as f32 + 0.5) * cell_w, (row as f32 + 0.5) * cell_h);
            let p = px(cx, cy);
            match level.get(row, col) {
                Some(kind) => {
                    let e = expected_colour(kind);
                    let off = (0..3)
                        .map(|i| (p[i] as f32 - e[i]).abs())
                        .fold(0.0, f32::max);
                    if off > TOLERANCE {
                        mismatches.push(format!(
                            "({row},{col}) {kind:?}: got {p:?}, expected ≈{e:?}"
                        ));
                    }
                }
                None => {
                    if luminance(p) > 0.25 {
                        mismatches.push(format!("({row},{col}) empty: got bright {p:?}"));
                    }
                }
            }
        }
    }
    assert!(
        mismatches.len() <= ALLOWED_MISMATCHES,
        "{}: {} cells do not match the level:\n{}",
        level_path.display(),
        mismatches.len(),
        mismatches.join("\n")
    );

    // The paddle: a bright run at least 80 px wide on the paddle's middle row (y = 566).
    let mut longest = 0;
    let mut run = 0;
    for x in 0..w {
        if luminance(img.get_pixel(x, (566.0 * scale) as u32).0) > 0.5 {
            run += 1;
            longest = longest.max(run);
        } else {
            run = 0;
        }
    }
    assert!(
        longest as f32 >= 80.0 * scale,
        "{}: no paddle on row 566 (longest bright run {longest} px)",
        level_path.display()
    );

    // Background: between the bricks and the paddle, nearly everything is dark (the ball is small).
    let mut samples = 0;
    let mut dark = 0;
    for y in (320..540).step_by(20) {
        for x in (10..800).step_by(20) {
            samples += 1;
            dark += (luminance(px(x as f32, y as f32)) < 0.25) as usize;
        }
    }
    // Allow the ball and its particle trail (a few percent of the samples).
    assert!(
        dark * 100 >= samples * 95,
        "{}: background not dark: {dark}/{samples}",
        level_path.display()
    );
}

fn level_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|e| e == "lvl"))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

#[test]
fn every_shipped_level_is_drawn_as_its_grid() {
    require_display();
    let levels = level_files(&Path::new(ROOT).join("levels"));
    assert!(
        levels.len() >= 4,
        "levels/ must ship at least 4 levels, found {}",
        levels.len()
    );
    for level in levels {
        assert_picture_shows_level(&level);
    }
}

#[test]
fn learnopengl_quirk_fixtures_are_drawn_as_their_grid() {
    require_display();
    let fixtures = level_files(&Path::new(ROOT).join("tests/fixtures/levels/valid"));
    assert!(!fixtures.is_empty(), "no valid level fixtures");
    for level in fixtures {
        assert_picture_shows_level(&level);
    }
}

#[test]
fn missing_level_is_one_clear_error_line_and_nonzero_exit() {
    let output = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(["--level", "no-such-level-anywhere", "--frames", "1"])
        .output()
        .expect("run breakout");
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no-such-level-anywhere"),
        "error must name the level: {stderr}"
    );
    assert!(
        !stderr.contains("panicked"),
        "a user's mistake must not panic: {stderr}"
    );
}
