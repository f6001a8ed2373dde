//! Both ways of allocating offscreen textures (`src/render/offscreen.rs`): the BGRA path through
//! raw GL calls (chosen on Mesa's software rasterisers) and glium's plain textures (chosen on a
//! GPU), each forced with `BREAKOUT_OFFSCREEN`. Each run must log the path it took, draw every
//! brick of the level in its colour with the paddle in place, and both paths must give the same
//! picture — without effects (backdrop blitted into the capture texture) and with one (the scene
//! texture and the post pass too). Run under `xvfb-run -a cargo test`.

mod support;
use support::*;

use breakout::level::Level;
use image::RgbaImage;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Runs the game on `level` for 10 frames of 1/60 s with the offscreen path forced to `path`
/// (`bgra` or `plain`) and `extra` arguments; returns the screenshot and stderr.
fn run(path: &str, level: &Path, extra: &[&str]) -> (RgbaImage, String) {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "these tests open a window: run them under `xvfb-run -a cargo test` (see README)"
    );
    let out: PathBuf = std::env::temp_dir().join(format!(
        "breakout-offscreen-{}-{path}-{}.png",
        std::process::id(),
        extra.join("")
    ));
    let output = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .env("XDG_DATA_HOME", test_data_home())
        .arg("--level")
        .arg(level)
        .args(["--autoplay", "--frames", "10", "--frame-time", "0.0166667"])
        .args(["--mute", "--no-vsync", "--screenshot"])
        .arg(&out)
        .args(extra)
        .env("BREAKOUT_OFFSCREEN", path)
        .env("RUST_LOG", "info,breakout::render::offscreen=debug")
        .output()
        .expect("run breakout");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    (take_png(&out), stderr)
}

/// Every cell of `level` is right in `img`, and the paddle is near the bottom.
fn problems(img: &RgbaImage, level: &Level) -> Vec<String> {
    let pic = Picture::new(img.clone());
    let mut problems = grid_problems(level, &pic);
    let paddle = (300..500)
        .filter(|&x| luminance(pic.at(x as f32, 566.0)) > 0.5)
        .count();
    if paddle < 80 {
        problems.push(format!("no paddle on row 566 ({paddle} bright pixels)"));
    }
    problems
}

fn differing_pixels(a: &RgbaImage, b: &RgbaImage) -> usize {
    assert_eq!(a.dimensions(), b.dimensions());
    a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count()
}

#[test]
fn bgra_and_plain_offscreen_paths_draw_the_same_right_picture() {
    let file = Path::new(ROOT).join("levels/04-rainbow.lvl");
    let level = Level::load(&file).expect("level");
    let (bgra, log_bgra) = run("bgra", &file, &[]);
    let (plain, log_plain) = run("plain", &file, &[]);
    assert!(log_bgra.contains("offscreen textures: BGRA"), "{log_bgra}");
    assert!(
        log_plain.contains("offscreen textures: plain glium"),
        "{log_plain}"
    );
    for (name, img) in [("bgra", &bgra), ("plain", &plain)] {
        let problems = problems(img, &level);
        assert!(problems.is_empty(), "{name}: {}", problems.join("\n"));
    }
    assert_eq!(differing_pixels(&bgra, &plain), 0, "bgra vs plain");
}

#[test]
fn both_paths_agree_with_a_post_processing_effect_on() {
    let file = Path::new(ROOT).join("levels/02-gates.lvl");
    let level = Level::load(&file).expect("level");
    let (bgra, _) = run("bgra", &file, &["--effect", "confuse"]);
    let (plain, _) = run("plain", &file, &["--effect", "confuse"]);
    assert_eq!(differing_pixels(&bgra, &plain), 0, "bgra vs plain, confuse");
    // Confuse flips the picture both ways and inverts it: the bottom brick row (6, cells of
    // colour 2) shows, inverted, near the top of the picture, mirrored left to right.
    let pic = Picture::new(bgra);
    let (cell_w, cell_h) = (800.0 / level.cols as f32, 300.0 / level.rows as f32);
    let (row, col) = (6, 0);
    let kind = level.get(row, col).expect("a brick");
    let e = expected_colour(kind);
    let inverted = [255.0 - e[0], 255.0 - e[1], 255.0 - e[2]];
    let x = 800.0 - (col as f32 + 0.5) * cell_w;
    let y = 600.0 - (row as f32 + 0.5) * cell_h;
    let p = pic.at(x, y);
    assert!(
        colour_distance(p, inverted) <= TOLERANCE,
        "({x},{y}) is {p:?}, expected ≈{inverted:?}"
    );
}
