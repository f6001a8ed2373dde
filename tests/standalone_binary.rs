//! The game's data is inside the binary: the release binary, copied alone into an empty
//! temporary directory and run from there **with the source tree out of its reach**, plays and
//! draws the right picture. The checkout is hidden by a tmpfs mounted over it in a private mount
//! namespace (`unshare -rm`: a user namespace, so no root is needed where the kernel allows them;
//! CI runs as root anyway). `/tmp` (the copy, the X socket) stays visible. Where `unshare` cannot
//! do that, the tests fail, saying why: they never pass without having hidden the checkout.
//!
//! Also: a `BREAKOUT_ASSETS` that does not exist, or holding a broken image, is one clear error
//! line naming the path, before any window opens; a broken sound is one warning naming it, and
//! the game plays; a good override file changes the picture.
//! The screenshot runs open a window: run under `xvfb-run -a cargo test`.

mod support;
use support::*;

use breakout::level::Level;
use image::RgbaImage;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Frames of [`FRAME_TIME`] seconds from the menu: it waits 1.5 s under autoplay before it starts
/// its first level, so 100 frames end 0.17 s into that level, the ball still on the paddle (the
/// bot launches it after 0.6 s).
const MENU_FRAMES: &str = "100";
/// Frames of a run started with `--level`: 0.17 s of play, as above.
const LEVEL_FRAMES: &str = "10";
/// Game time per frame, seconds (`--frame-time`): 60 fps.
const FRAME_TIME: &str = "0.0166667";

fn require_display() {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "these tests open a window: run them under `xvfb-run -a cargo test` (see README)"
    );
}

/// A fresh empty directory under the system's temporary directory (never inside the checkout,
/// which the runs hide), holding only a copy of the release binary.
///
/// The copy is written by `cp`, a process of its own, never by this one: the tests run in
/// parallel threads, and a file this process holds open for writing is inherited by every child
/// another thread forks meanwhile, until that child execs. Exec'ing the copy while such a child
/// still held it failed with "Text file busy" (ETXTBSY) now and then, more often on a loaded
/// machine (seen in the live reload test, the override test and the hidden-checkout runs).
fn sandbox(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("breakout-standalone-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    assert!(
        !dir.starts_with(ROOT),
        "the temporary directory {} is inside the checkout",
        dir.display()
    );
    let copied = Command::new("cp")
        .arg(env!("CARGO_BIN_EXE_breakout"))
        .arg(dir.join("breakout"))
        .status()
        .expect("run cp");
    assert!(
        copied.success(),
        "cp could not copy the binary into {}",
        dir.display()
    );
    dir
}

/// Runs `./breakout args…` in `dir` (cwd), in a private mount namespace where the checkout is a
/// fresh empty tmpfs, with user data and config directories inside `dir`. Panics (failing the
/// test) if the checkout cannot be hidden.
fn run_hidden(dir: &Path, args: &[&str]) -> Output {
    // $1: the checkout, $2: the sandbox. Exit 97: the checkout is still visible.
    let script = r#"mount -t tmpfs breakout-hidden "$1" || exit 96
test -e "$1/Cargo.toml" && exit 97
cd "$2" && shift 2 && exec ./breakout "$@""#;
    let output = Command::new("unshare")
        .args(["-rm", "sh", "-c", script, "sh", ROOT])
        .arg(dir)
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env_remove("BREAKOUT_ASSETS")
        .env_remove("BREAKOUT_OFFSCREEN")
        .output()
        .unwrap_or_else(|e| panic!("cannot run unshare to hide the checkout: {e}"));
    let stderr = String::from_utf8_lossy(&output.stderr);
    match output.status.code() {
        Some(96) => panic!("cannot mount a tmpfs over {ROOT} in a private namespace: {stderr}"),
        Some(97) => panic!("{ROOT} is still visible after the tmpfs mount"),
        _ if stderr.starts_with("unshare:") => {
            panic!("unshare cannot make a private mount namespace here: {stderr}")
        }
        _ => output,
    }
}

/// The screenshot a hidden-checkout run of `args` for `frames` frames wrote to `out.png` in `dir`.
fn hidden_screenshot(dir: &Path, frames: &str, args: &[&str]) -> RgbaImage {
    let mut all = vec![
        "--autoplay",
        "--frames",
        frames,
        "--frame-time",
        FRAME_TIME,
        "--screenshot",
        "out.png",
        "--mute",
        "--no-vsync",
    ];
    all.extend_from_slice(args);
    let output = run_hidden(dir, &all);
    assert!(
        output.status.success(),
        "the copied binary failed with the checkout hidden: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    take_png(&dir.join("out.png"))
}

#[test]
fn copied_binary_plays_from_an_empty_directory_with_the_checkout_hidden() {
    require_display();
    let dir = sandbox("play");
    // From the menu: autoplay starts the first level the menu lists, a built-in one.
    assert_shows(
        &hidden_screenshot(&dir, MENU_FRAMES, &[]),
        &shipped("01-first-steps"),
    );
    // A built-in level by name.
    let img = hidden_screenshot(&dir, LEVEL_FRAMES, &["--level", "02-gates"]);
    assert_shows(&img, &shipped("02-gates"));
    // The headless preview too.
    let output = run_hidden(&dir, &["preview", "03-fortress", "-o", "preview.png"]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let preview = take_png(&dir.join("preview.png"));
    assert!(grid_problems(&shipped("03-fortress"), &Picture::new(preview)).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs the binary with `BREAKOUT_ASSETS=assets` and no display at all: an asset error must come
/// first, as one line naming `expected`.
fn assert_asset_error(assets: &Path, expected: &str) {
    let output = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(["--level", "01-first-steps", "--frames", "1", "--mute"])
        .env("XDG_DATA_HOME", test_data_home())
        .env("BREAKOUT_ASSETS", assets)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run breakout");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    let line = stderr
        .lines()
        .find(|l| l.starts_with("breakout: error:"))
        .unwrap_or_else(|| panic!("no error line: {stderr}"));
    assert!(line.contains(expected), "{line} does not name {expected}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn a_missing_or_broken_override_is_one_error_line_naming_it() {
    let dir = sandbox("broken");
    let missing = dir.join("no-such-dir");
    assert_asset_error(&missing, &format!("{}: BREAKOUT_ASSETS", missing.display()));
    std::fs::create_dir_all(dir.join("textures")).unwrap();
    let png = dir.join("textures/paddle.png");
    std::fs::write(&png, "not a png").unwrap();
    assert_asset_error(&dir, &format!("{}: cannot decode image", png.display()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A broken sound is no error (a play-test found it used to stop the game, and before that to
/// silence all sound): the game plays, on a null ALSA device so the audio runs for real, and
/// says once which file is lost.
#[test]
fn a_broken_override_sound_is_lost_alone_and_the_game_plays() {
    require_display();
    let dir = sandbox("broken-wav");
    std::fs::create_dir_all(dir.join("audio")).unwrap();
    let wav = dir.join("audio/solid.wav");
    std::fs::write(&wav, "RIFF....WAVEjunk").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(["--level", "01-first-steps", "--frames", "1"])
        .env("XDG_DATA_HOME", test_data_home())
        .env("BREAKOUT_ASSETS", &dir)
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .env_remove("RUST_LOG")
        .output()
        .expect("run breakout");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    let named = format!("{}: cannot decode sound file", wav.display());
    let lines: Vec<&str> = stderr.lines().filter(|l| l.contains("solid.wav")).collect();
    assert!(
        lines.len() == 2
            && lines[0].contains("overrides the built-in audio/solid.wav")
            && lines[1].contains(&named)
            && lines[1].ends_with("this sound is off, the others play"),
        "{stderr}"
    );
    assert!(!stderr.contains("ERROR"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_override_shader_is_an_error_naming_both_files() {
    require_display();
    let dir = sandbox("shader");
    std::fs::create_dir_all(dir.join("shaders")).unwrap();
    let frag = dir.join("shaders/sprite.frag");
    std::fs::write(&frag, "#version 330 core\nthis is not glsl\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(["--level", "01-first-steps", "--frames", "1", "--mute"])
        .env("XDG_DATA_HOME", test_data_home())
        .env("BREAKOUT_ASSETS", &dir)
        .output()
        .expect("run breakout");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    let expected = format!(
        "<built-in>/shaders/sprite.vert + {}: shader program failed to build",
        frag.display()
    );
    assert!(stderr.contains(&expected), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_override_texture_replaces_the_built_in_one() {
    require_display();
    let dir = sandbox("override");
    std::fs::create_dir_all(dir.join("mod/textures")).unwrap();
    let red = RgbaImage::from_pixel(256, 256, image::Rgba([200, 0, 0, 255]));
    red.save(dir.join("mod/textures/background.png"))
        .expect("write png");
    let out = dir.join("out.png");
    let output = Command::new(dir.join("breakout"))
        .args([
            "--level",
            "02-gates",
            "--autoplay",
            "--frames",
            "5",
            "--mute",
        ])
        .args(["--frame-time", FRAME_TIME, "--screenshot"])
        .arg(&out)
        .env("BREAKOUT_ASSETS", dir.join("mod"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .current_dir(&dir)
        .output()
        .expect("run breakout");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let pic = Picture::new(take_png(&out));
    // Between the bricks and the paddle: the background, now red.
    for (x, y) in [(100.0, 400.0), (700.0, 450.0), (400.0, 350.0)] {
        let p = pic.at(x, y);
        assert!(p[0] > 150 && p[1] < 40 && p[2] < 40, "({x},{y}) is {p:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Live reload still works for a level file on disk given by path: the game is started on a
/// file, the file is rewritten once the window is up, and the last frame shows the new level.
/// Game time barely moves (3000 frames of 10 µs: the bot never launches), while the real time
/// of 3000 rendered frames (seconds) leaves the watcher ample time to report the save.
#[test]
fn a_level_file_given_by_path_still_reloads_live() {
    use std::io::{BufRead, BufReader};
    require_display();
    let dir = sandbox("reload");
    let file = dir.join("live.lvl");
    std::fs::write(&file, "2 2 2 2\n0 0 0 0\n").unwrap();
    let out = dir.join("out.png");
    let mut child = Command::new(dir.join("breakout"))
        .arg("--level")
        .arg(&file)
        .args(["--autoplay", "--frames", "3000", "--frame-time", "0.00001"])
        .args(["--mute", "--no-vsync", "--screenshot"])
        .arg(&out)
        .env("RUST_LOG", "info,breakout::render::offscreen=debug")
        .env("XDG_DATA_HOME", dir.join("data"))
        .env_remove("BREAKOUT_ASSETS")
        .current_dir(&dir)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("run breakout");
    let stderr = child.stderr.take().expect("stderr");
    let mut log = String::new();
    let mut rewritten = false;
    for line in BufReader::new(stderr).lines() {
        let line = line.expect("stderr line");
        // Logged when the window's GL context exists, after the level started (and its watch).
        if !rewritten && line.contains("offscreen textures") {
            std::fs::write(&file, "@name: Edited\n5 5 5 5\n3 3 3 3\n").unwrap();
            rewritten = true;
        }
        log.push_str(&line);
        log.push('\n');
    }
    let status = child.wait().expect("wait");
    assert!(status.success() && rewritten, "{log}");
    assert!(log.contains("live.lvl: reloaded"), "{log}");
    let edited = Level::load(&file).expect("edited level");
    let problems = grid_problems(&edited, &Picture::new(take_png(&out)));
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}
