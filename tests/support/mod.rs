//! Helpers shared by the test crates (each includes this module with `mod support;`).
//!
//! Here: pixel helpers for the tests that check rendered pictures (`end_to_end`, `preview`).
//! The expected brick colour is computed independently of the renderer: the tint the game
//! documents for each brick number times the texture's own centre pixel, read from the PNG.
#![allow(dead_code)] // each test file uses its own subset

pub mod sim;
pub mod window;

use breakout::level::{BrickKind, Level};
use breakout::view::scene::brick_color;
use image::RgbaImage;
use std::path::Path;

/// The repository root.
pub const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// `ALSA_CONFIG_PATH` for a game a test runs: ALSA's own configuration, then the repository's
/// null output device (`tests/fixtures/alsa-null.conf`), so the game opens a sound output on a
/// machine with no sound card, without `--mute` (which would show MUTED).
pub fn null_alsa_config() -> String {
    format!("/usr/share/alsa/alsa.conf:{ROOT}/tests/fixtures/alsa-null.conf")
}

/// A data directory (`XDG_DATA_HOME`) for the games this test process runs in a window: every
/// game played is recorded, and its replays must not land among the user's, nor replace the run
/// the user left to continue.
pub fn test_data_home() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("breakout-test-data-{}", std::process::id()))
}
/// Per-channel tolerance between a brick's pixel and its expected colour (0–255).
pub const TOLERANCE: f32 = 40.0;

/// Relative luminance (Rec. 709 weights) of an RGBA8 pixel, 0–1.
pub fn luminance(p: [u8; 4]) -> f32 {
    (0.2126 * p[0] as f32 + 0.7152 * p[1] as f32 + 0.0722 * p[2] as f32) / 255.0
}

/// The centre pixel of `textures/<file>`, RGB 0–255.
pub fn texture_centre(file: &str) -> [f32; 3] {
    let img = image::open(Path::new(ROOT).join("textures").join(file))
        .expect("texture")
        .to_rgba8();
    let (w, h) = img.dimensions();
    let p = img.get_pixel(w / 2, h / 2).0;
    [p[0] as f32, p[1] as f32, p[2] as f32]
}

/// The texture of a brick kind's body (`docs/rendering.md`): the wall's hatched plate, the
/// riveted plate of metal and chaotic bricks, the plain block for every destructible kind.
pub fn body_texture(kind: BrickKind) -> &'static str {
    match kind {
        BrickKind::Solid => "block_solid.png",
        BrickKind::Metal | BrickKind::Chaotic => "block_metal.png",
        _ => "block.png",
    }
}

/// The colour a brick's centre should have on screen, RGB 0–255 (without a mark over it).
pub fn expected_colour(kind: BrickKind) -> [f32; 3] {
    let tex = texture_centre(body_texture(kind));
    let tint = brick_color(kind, None);
    [tex[0] * tint[0], tex[1] * tint[1], tex[2] * tint[2]]
}

/// Largest per-channel difference between a pixel and an expected colour, 0–255.
pub fn colour_distance(p: [u8; 4], e: [f32; 3]) -> f32 {
    (0..3)
        .map(|i| (p[i] as f32 - e[i]).abs())
        .fold(0.0, f32::max)
}

/// Reads the PNG a run of the game wrote at `path` as RGBA and removes the file.
pub fn take_png(path: &std::path::Path) -> image::RgbaImage {
    let img = image::open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .to_rgba8();
    let _ = std::fs::remove_file(path);
    img
}

/// Looks up a pixel by playfield coordinates (800×600 space), whatever the image size.
pub struct Picture {
    /// The picture.
    pub img: RgbaImage,
    /// Image pixels per playfield pixel.
    pub scale: f32,
}

impl Picture {
    /// Wraps `img`, a picture of the whole playfield at any size.
    pub fn new(img: RgbaImage) -> Picture {
        let scale = img.width() as f32 / 800.0;
        Picture { img, scale }
    }

    /// The pixel at playfield point (`x`, `y`).
    pub fn at(&self, x: f32, y: f32) -> [u8; 4] {
        let (w, h) = self.img.dimensions();
        self.img
            .get_pixel(
                ((x * self.scale) as u32).min(w - 1),
                ((y * self.scale) as u32).min(h - 1),
            )
            .0
    }
}

/// Checks every cell of `level` in `pic`; returns one line per problem.
pub fn grid_problems(level: &Level, pic: &Picture) -> Vec<String> {
    let (cell_w, cell_h) = (800.0 / level.cols as f32, 300.0 / level.rows as f32);
    let mut problems = Vec::new();
    for row in 0..level.rows {
        for col in 0..level.cols {
            let (x0, y0) = (col as f32 * cell_w, row as f32 * cell_h);
            let centre = (x0 + cell_w / 2.0, y0 + cell_h / 2.0);
            match level.get(row, col) {
                Some(kind) => {
                    // A power-up's capsule covers the middle of its brick (its pips the
                    // bottom, a mark the top right corner): the brick must show at one of the
                    // places around the capsule (on a small brick with pips, only the strip
                    // above it, on the bevel: expected is the texture there, tinted).
                    let has_powerup = level.extras(row, col).is_some_and(|e| e.powerup.is_some());
                    let places: &[(f32, f32)] = if has_powerup {
                        &[(0.3, 0.18), (0.5, 0.85), (0.2, 0.5), (0.3, 0.1)]
                    } else {
                        &[(0.5, 0.5)]
                    };
                    let tint = brick_color(kind, None);
                    let seen = places.iter().map(|&(u, v)| {
                        let (x, y) = (x0 + u * cell_w, y0 + v * cell_h);
                        let e = if (u, v) == (0.5, 0.5) {
                            expected_colour(kind)
                        } else {
                            let t = texture_at(body_texture(kind), u, v);
                            [0, 1, 2].map(|i| t[i] * tint[i])
                        };
                        (x, y, pic.at(x, y), e)
                    });
                    let (x, y, p, e) = seen
                        .min_by(|a, b| {
                            colour_distance(a.2, a.3).total_cmp(&colour_distance(b.2, b.3))
                        })
                        .expect("at least one place");
                    if colour_distance(p, e) > TOLERANCE {
                        problems.push(format!(
                            "({row},{col}) {kind:?} at ({x},{y}): got {p:?}, expected ≈{e:?}"
                        ));
                    }
                }
                None => {
                    let p = pic.at(centre.0, centre.1);
                    if luminance(p) >= 0.25 {
                        problems.push(format!("({row},{col}) empty: bright {p:?}"));
                    }
                }
            }
        }
    }
    problems
}

/// The LearnOpenGL tutorial's four level files, kept outside this repository (their licence is
/// not ours): `BREAKOUT_LEARNOPENGL_LEVELS` if set, else `../shared/compat/learnopengl-levels`
/// beside the repository. Panics with what is missing, so a test that needs them fails (they are
/// `#[ignore]`d, and `.ci/run` runs them when the directory is there).
pub fn learnopengl_levels() -> std::path::PathBuf {
    let dir = match std::env::var_os("BREAKOUT_LEARNOPENGL_LEVELS") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => Path::new(ROOT).join("../shared/compat/learnopengl-levels"),
    };
    assert!(
        dir.join("one.lvl").is_file(),
        "the LearnOpenGL levels are not at {} (set BREAKOUT_LEARNOPENGL_LEVELS)",
        dir.display()
    );
    dir
}

/// Where the other Breakouts' packaged data was unpacked (`dpkg -x` of the Debian packages
/// `lbreakout2-data`, `kbreakout`, `sdl-ball-data` and `gnome-breakout` into one directory, so
/// it holds `usr/share/...`): `BREAKOUT_FOREIGN_LEVELS` if set, else `target/foreign-levels` in
/// the repository, where `.ci/fetch-foreign-levels` puts it. Their licences are not ours: never
/// copied into the repository. Panics with what is missing, so a test that needs them fails
/// (they are `#[ignore]`d, and `.ci/run` fetches the data and runs them).
#[allow(dead_code)]
pub fn foreign_levels() -> std::path::PathBuf {
    let dir = match std::env::var_os("BREAKOUT_FOREIGN_LEVELS") {
        Some(dir) => std::path::PathBuf::from(dir),
        None => Path::new(ROOT).join("target/foreign-levels"),
    };
    assert!(
        dir.join("usr/share").is_dir(),
        "the other Breakouts' level data is not at {} (run `bash .ci/fetch-foreign-levels`, or set BREAKOUT_FOREIGN_LEVELS)",
        dir.display()
    );
    dir
}

/// The pixel of `textures/<file>` at (`u`, `v`) (0–1, origin top-left), RGB 0–255.
pub fn texture_at(file: &str, u: f32, v: f32) -> [f32; 3] {
    let img = image::open(Path::new(ROOT).join("textures").join(file))
        .expect("texture")
        .to_rgba8();
    let (w, h) = img.dimensions();
    let x = ((u * w as f32) as u32).min(w - 1);
    let y = ((v * h as f32) as u32).min(h - 1);
    let p = img.get_pixel(x, y).0;
    [p[0] as f32, p[1] as f32, p[2] as f32]
}

/// Runs `breakout preview` on the level `text` (written to a temporary file named after `name`)
/// with no display server in the environment, and returns the picture, 800×600.
pub fn preview_text(text: &str, name: &str) -> Picture {
    let dir = std::env::temp_dir();
    let stem = format!("breakout-{name}-{}", std::process::id());
    let (level, out) = (
        dir.join(format!("{stem}.lvl")),
        dir.join(format!("{stem}.png")),
    );
    std::fs::write(&level, text).expect("write the level");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("preview")
        .arg(&level)
        .arg("-o")
        .arg(&out)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("RUST_LOG")
        .output()
        .expect("run breakout preview");
    let _ = std::fs::remove_file(&level);
    assert!(
        output.status.success(),
        "preview of {name} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    Picture::new(take_png(&out))
}

/// The shipped level `levels/NAME.lvl`.
pub fn shipped(name: &str) -> Level {
    Level::load(&Path::new(ROOT).join("levels").join(format!("{name}.lvl"))).expect("level")
}

/// `img` is the whole playfield at 800×600 showing every brick of `level` in place
/// ([`grid_problems`]), with the paddle near the bottom (row 566); panics with every problem
/// otherwise.
pub fn assert_shows(img: &RgbaImage, level: &Level) {
    assert_eq!(img.dimensions(), (800, 600));
    let pic = Picture::new(img.clone());
    let problems = grid_problems(level, &pic);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let paddle = (300..500)
        .filter(|&x| luminance(pic.at(x as f32, 566.0)) > 0.5)
        .count();
    assert!(
        paddle >= 80,
        "no paddle on row 566 ({paddle} bright pixels)"
    );
}
