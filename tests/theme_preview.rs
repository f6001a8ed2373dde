//! `breakout preview --theme`: a player's theme (a temporary data directory) draws its brick
//! picture untinted and its background, where the built-in look draws a tinted block; a theme
//! that is not found is a one-line error naming the themes there are.

use breakout::level::Level;
use breakout::sim::{Game, GameConfig};
use image::{Rgba, RgbaImage};
use std::path::{Path, PathBuf};
use std::process::Command;

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "breakout-theme-preview-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn solid_png(path: &Path, w: u32, h: u32, colour: [u8; 4]) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    RgbaImage::from_pixel(w, h, Rgba(colour))
        .save(path)
        .unwrap();
}

/// Runs `breakout preview LEVEL -o OUT [extra]` with `data_home` as `$XDG_DATA_HOME`.
fn preview(level: &Path, data_home: &Path, extra: &[&str]) -> (Option<RgbaImage>, String) {
    let out = data_home.join("out.png");
    let _ = std::fs::remove_file(&out);
    let output = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("preview")
        .arg(level)
        .arg("-o")
        .arg(&out)
        .args(extra)
        .env("XDG_DATA_HOME", data_home)
        .env("XDG_DATA_DIRS", data_home.join("no-installed-games"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run breakout preview");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let image = output
        .status
        .success()
        .then(|| image::open(&out).expect("the preview PNG").to_rgba8());
    (image, stderr)
}

#[test]
fn a_theme_brick_is_drawn_untinted_and_its_background_replaces_the_built_in_one() {
    let home = temp("home");
    let theme = home.join("breakout/themes/red/textures");
    solid_png(&theme.join("bricks/plain2.png"), 40, 20, [250, 20, 20, 255]);
    solid_png(&theme.join("background.png"), 64, 48, [20, 240, 20, 255]);
    let level_path = home.join("two.lvl");
    std::fs::write(&level_path, "2 2 2\n").unwrap();
    let level = Level::parse("2 2 2\n", "two").unwrap();
    let game = Game::new(&level, GameConfig::default());
    let (_, _, brick) = game.bricks().iter_live().next().unwrap();
    let c = brick.rect.center();
    let (bx, by) = (c.x as u32, c.y as u32);
    let (gx, gy) = (400, 450); // empty playfield, above the paddle
    let (built_in, err) = preview(&level_path, &home, &[]);
    let built_in = built_in.unwrap_or_else(|| panic!("{err}"));
    let (themed, err) = preview(&level_path, &home, &["--theme", "red"]);
    let themed = themed.unwrap_or_else(|| panic!("{err}"));
    let [r, g, b, _] = themed.get_pixel(bx, by).0;
    assert!(
        r > 200 && g < 70 && b < 70,
        "themed brick at {bx},{by}: {r} {g} {b}"
    );
    let [r0, _, b0, _] = built_in.get_pixel(bx, by).0;
    assert!(b0 > r0, "built-in plain 2 is blue: {r0} {b0}");
    let [r, g, b, _] = themed.get_pixel(gx, gy).0;
    assert!(
        g > 180 && r < 80 && b < 80,
        "themed background: {r} {g} {b}"
    );
    let [r, g, b, _] = built_in.get_pixel(gx, gy).0;
    assert!(
        g < 180 || r > 80 || b > 80,
        "built-in background is not the theme's green"
    );
    let (none, err) = preview(&level_path, &home, &["--theme", "nope"]);
    assert!(none.is_none());
    assert!(
        err.contains("no theme named 'nope'") && err.contains("red"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&home);
}
