//! `breakout preview <level> -o <png>`: runs the real binary with `DISPLAY` and `WAYLAND_DISPLAY`
//! removed from its environment (proving no display server is needed) on a small extended level
//! (`tests/fixtures/levels/extended/preview.lvl`) and checks the picture's pixels:
//!
//! * the image is 800×600 by default and `--size 400x300` gives 400×300, drawn the same;
//! * every cell with a brick shows it in the right colour, computed independently of the
//!   renderer: the tint the game documents for the brick number (`view::scene::brick_color`)
//!   times the texture's own centre pixel, read from `textures/*.png` (±40 per channel);
//! * empty cells are dark background; the paddle is centred near the bottom (y ≈ 566, x ≈ 400)
//!   with the ball resting on it (x = 400, y ≈ 543);
//! * a multi-hit brick (`3*2`) is drawn in full colour with one pip per hit — small bright dots
//!   along its bottom edge — found by comparing with the same level without the `*N`;
//! * a brick holding a power-up glows in the middle;
//! * bad input: a missing level or a bad `--size` gives a non-zero exit, a one-line error naming
//!   the problem, and no PNG.

mod support;
use support::*;

use breakout::level::Level;
use image::RgbaImage;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture() -> PathBuf {
    Path::new(ROOT).join("tests/fixtures/levels/extended/preview.lvl")
}

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "breakout-preview-test-{}-{name}",
        std::process::id()
    ))
}

/// Runs `breakout preview <level> -o <out> [extra…]` with no display server in the environment.
fn run_preview(level: &Path, out: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("preview")
        .arg(level)
        .arg("-o")
        .arg(out)
        .args(extra)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("RUST_LOG")
        .output()
        .expect("run breakout preview")
}

/// Renders `level` and returns the picture (the PNG file is removed).
fn render(level: &Path, name: &str, extra: &[&str]) -> RgbaImage {
    let out = temp_path(&format!("{name}.png"));
    let _ = std::fs::remove_file(&out);
    let output = run_preview(level, &out, extra);
    assert!(
        output.status.success(),
        "preview of {} failed: {}",
        level.display(),
        String::from_utf8_lossy(&output.stderr)
    );
    support::take_png(&out)
}

/// The longest run of bright pixels (luminance > 0.5) on image row `y` (playfield units):
/// (first x, length), in playfield units.
fn longest_bright_run(pic: &Picture, y: f32) -> (f32, f32) {
    let row = ((y * pic.scale) as u32).min(pic.img.height() - 1);
    let (mut best, mut start, mut run) = ((0, 0), 0, 0);
    for x in 0..pic.img.width() {
        if luminance(pic.img.get_pixel(x, row).0) > 0.5 {
            if run == 0 {
                start = x;
            }
            run += 1;
            if run > best.1 {
                best = (start, run);
            }
        } else {
            run = 0;
        }
    }
    (best.0 as f32 / pic.scale, best.1 as f32 / pic.scale)
}

/// Paddle centred at the bottom and the ball resting on it; returns the problems.
fn paddle_and_ball_problems(pic: &Picture) -> Vec<String> {
    let mut problems = Vec::new();
    let (start, len) = longest_bright_run(pic, 566.0);
    let centre = start + len / 2.0;
    if !(80.0..=130.0).contains(&len) || (centre - 400.0).abs() > 10.0 {
        problems.push(format!("paddle on row 566: bright run from x={start} of {len} px (centre {centre}), expected ≈100 px centred at 400"));
    }
    if luminance(pic.at(400.0, 543.0)) <= 0.5 {
        problems.push(format!("no ball at (400, 543): {:?}", pic.at(400.0, 543.0)));
    }
    for (x, y) in [(400.0, 520.0), (370.0, 543.0), (430.0, 543.0)] {
        if luminance(pic.at(x, y)) >= 0.25 {
            problems.push(format!(
                "({x}, {y}) beside the ball should be dark: {:?}",
                pic.at(x, y)
            ));
        }
    }
    problems
}

#[test]
fn preview_without_a_display_is_800x600_and_draws_the_level_paddle_and_ball() {
    let level = Level::load(&fixture()).expect("fixture loads");
    let pic = Picture::new(render(&fixture(), "default", &[]));
    assert_eq!(
        pic.img.dimensions(),
        (800, 600),
        "default size is the playfield"
    );
    let mut problems = grid_problems(&level, &pic);
    problems.extend(paddle_and_ball_problems(&pic));
    // Between the bricks and the paddle the background is dark.
    for y in (320..520).step_by(25) {
        for x in (20..800).step_by(40) {
            if luminance(pic.at(x as f32, y as f32)) >= 0.25 {
                problems.push(format!(
                    "background at ({x},{y}) is bright: {:?}",
                    pic.at(x as f32, y as f32)
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn preview_size_400x300_is_the_same_picture_at_half_size() {
    let level = Level::load(&fixture()).expect("fixture loads");
    let pic = Picture::new(render(&fixture(), "small", &["--size", "400x300"]));
    assert_eq!(pic.img.dimensions(), (400, 300));
    let mut problems = grid_problems(&level, &pic);
    problems.extend(paddle_and_ball_problems(&pic));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A stretched picture (a play-test): a size that is not 4:3 letterboxes (black bars, the 4:3
/// picture in the middle at the height's scale) instead of stretching; the picture inside is the
/// 400×300 one.
#[test]
fn preview_at_a_size_not_4_by_3_is_letterboxed_not_stretched() {
    let wide = render(&fixture(), "wide", &["--size", "800x300"]);
    assert_eq!(wide.dimensions(), (800, 300));
    let bright = |x: u32, y: u32| {
        let p = wide.get_pixel(x, y);
        u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]) > 30
    };
    for y in (0..300).step_by(10) {
        for x in (0..200).chain(600..800).step_by(5) {
            assert!(!bright(x, y), "bar not black at ({x}, {y})");
        }
    }
    let inside = image::imageops::crop_imm(&wide, 200, 0, 400, 300).to_image();
    let level = Level::load(&fixture()).expect("fixture loads");
    let pic = Picture::new(inside);
    let mut problems = grid_problems(&level, &pic);
    problems.extend(paddle_and_ball_problems(&pic));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Writes `text` to a temporary level file named `name`.
fn temp_level(name: &str, text: &str) -> PathBuf {
    let path = temp_path(name);
    std::fs::write(&path, text).unwrap();
    path
}

/// Number of separate bright dots on the best image row of the bottom band of the brick at
/// (`row`, `col`): pixels clearly brighter in `with` than at the same place in `without`.
fn pips(with: &Picture, without: &Picture, level: &Level, row: usize, col: usize) -> usize {
    let (cell_w, cell_h) = (800.0 / level.cols as f32, 300.0 / level.rows as f32);
    let (x0, y_bottom) = (col as f32 * cell_w, (row + 1) as f32 * cell_h);
    let mut best = 0;
    for dy in 1..20 {
        let y = y_bottom - dy as f32;
        let mut count = 0;
        let mut inside = false;
        for x in (x0 as u32 + 2)..((x0 + cell_w) as u32 - 2) {
            let x = x as f32;
            let brighter = luminance(with.at(x, y)) > luminance(without.at(x, y)) + 0.15;
            if brighter && !inside {
                count += 1;
            }
            inside = brighter;
        }
        best = best.max(count);
    }
    best
}

#[test]
fn multi_hit_bricks_are_full_colour_with_one_pip_per_hit_along_the_bottom() {
    let text = std::fs::read_to_string(fixture()).unwrap();
    let level = Level::parse(&text, "preview").unwrap();
    let plain_text = text.replace("*2", "").replace("*3", "");
    assert_ne!(plain_text, text, "the fixture has multi-hit bricks");
    let plain_path = temp_level("plain.lvl", &plain_text);
    let plain_level = Level::load(&plain_path).unwrap();
    assert!(
        plain_level.extras.values().all(|e| e.hits == 1),
        "stripping *N leaves single-hit bricks"
    );

    let with = Picture::new(render(&fixture(), "pips", &[]));
    let without = Picture::new(render(&plain_path, "no-pips", &[]));
    let _ = std::fs::remove_file(&plain_path);

    let mut multi = 0;
    for row in 0..level.rows {
        for col in 0..level.cols {
            let hits = level.extras(row, col).map_or(1, |e| e.hits);
            let found = pips(&with, &without, &level, row, col);
            if hits > 1 {
                multi += 1;
                assert_eq!(
                    found, hits as usize,
                    "brick ({row},{col}) takes {hits} hits: pips along its bottom"
                );
                // At full strength it is drawn exactly like the plain brick, away from the pips.
                let (cell_w, cell_h) = (800.0 / level.cols as f32, 300.0 / level.rows as f32);
                let (cx, cy) = ((col as f32 + 0.5) * cell_w, (row as f32 + 0.4) * cell_h);
                let (a, b) = (with.at(cx, cy), without.at(cx, cy));
                assert!(
                    (0..3).all(|i| a[i].abs_diff(b[i]) <= 8),
                    "({row},{col}) full colour: {a:?} vs plain {b:?}"
                );
            } else {
                assert_eq!(found, 0, "single-hit cell ({row},{col}) has no pips");
            }
        }
    }
    assert!(multi >= 2, "the fixture has at least two multi-hit bricks");
}

#[test]
fn a_brick_holding_a_power_up_glows_in_its_middle() {
    let text = std::fs::read_to_string(fixture()).unwrap();
    let level = Level::parse(&text, "preview").unwrap();
    let (row, col, kind) = (0..level.rows)
        .flat_map(|r| (0..level.cols).map(move |c| (r, c)))
        .find_map(|(r, c)| {
            level
                .extras(r, c)
                .filter(|e| e.powerup.is_some())
                .map(|_| (r, c, level.get(r, c).unwrap()))
        })
        .expect("the fixture places a power-up");
    let pic = Picture::new(render(&fixture(), "glow", &[]));
    let (cell_w, cell_h) = (800.0 / level.cols as f32, 300.0 / level.rows as f32);
    let centre = pic.at((col as f32 + 0.5) * cell_w, (row as f32 + 0.5) * cell_h);
    assert!(
        colour_distance(centre, expected_colour(kind)) > TOLERANCE,
        "the middle of the power-up brick ({row},{col}) should not be plain brick colour: {centre:?}"
    );
}

#[test]
fn missing_level_is_a_one_line_error_naming_it_and_no_png() {
    let out = temp_path("missing.png");
    let _ = std::fs::remove_file(&out);
    let output = run_preview(Path::new("no-such-level-for-preview"), &out, &[]);
    assert!(!output.status.success(), "a missing level must fail");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.trim_end().lines().count(), 1, "one line: {stderr:?}");
    assert!(
        stderr.contains("no-such-level-for-preview"),
        "names the level: {stderr:?}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!out.exists(), "no PNG written");
}

#[test]
fn invalid_level_is_an_error_at_its_line_and_column() {
    let level = temp_level("invalid.lvl", "@name: Bad\n2 3*0\n");
    let out = temp_path("invalid.png");
    let output = run_preview(&level, &out, &[]);
    let _ = std::fs::remove_file(&level);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("invalid.lvl:2:3: "),
        "file:line:column of the bad token: {stderr:?}"
    );
    assert!(!out.exists(), "no PNG written");
}

#[test]
fn zero_size_is_rejected() {
    for bad in ["0x10", "10x0", "800", "axb"] {
        let out = temp_path(&format!("size-{bad}.png"));
        let _ = std::fs::remove_file(&out);
        let output = run_preview(&fixture(), &out, &["--size", bad]);
        assert!(!output.status.success(), "--size {bad} must fail");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(bad) || stderr.contains("out of range"),
            "--size {bad}: the error says what is wrong: {stderr:?}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(!out.exists(), "--size {bad}: no PNG written");
    }
}

/// A play-test found: a successful preview says nothing on stderr at the default log level; the
/// offscreen-texture choice is debug output (`RUST_LOG=debug` shows it).
#[test]
fn a_successful_preview_logs_no_info_line_from_the_renderer() {
    let out = temp_path("quiet.png");
    let _ = std::fs::remove_file(&out);
    let output = run_preview(&fixture(), &out, &[]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "preview failed: {stderr}");
    let _ = std::fs::remove_file(&out);
    let noisy: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("INFO") && line.contains("breakout::render"))
        .collect();
    assert!(noisy.is_empty(), "INFO lines from render: {noisy:?}");
}
