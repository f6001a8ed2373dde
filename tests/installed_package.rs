//! The game as the Debian package installs it (`cargo xtask dist`, then `apt-get install
//! ./dist/breakout_*.deb`): `.ci/package-check` installs the package and runs these tests
//! (`--ignored`: they need the package installed, which a plain `cargo test` does not do),
//! then removes it. They run the installed `/usr/games/breakout` (or `BREAKOUT_INSTALLED_BIN`)
//! and the installed desktop file's `Exec` line (or `BREAKOUT_INSTALLED_DESKTOP`'s) under Xvfb,
//! and check the pictures on their pixels. Each run gets its own empty config and data
//! directories, so the machine's own settings and scores neither matter nor change.

mod support;
use support::*;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
/// The package's application id: the name of its desktop file.
const APP_ID: &str = "io.github.breakout_glium.Breakout";

/// The installed binary.
fn installed_bin() -> PathBuf {
    std::env::var_os("BREAKOUT_INSTALLED_BIN")
        .map_or_else(|| PathBuf::from("/usr/games/breakout"), PathBuf::from)
}

/// The installed desktop file.
fn installed_desktop() -> PathBuf {
    std::env::var_os("BREAKOUT_INSTALLED_DESKTOP").map_or_else(
        || PathBuf::from(format!("/usr/share/applications/{APP_ID}.desktop")),
        PathBuf::from,
    )
}

/// A fresh empty directory for one test's files (removed when the test passes, kept to look at
/// when it fails).
fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("breakout-installed-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Runs `program args…` in `dir` with config and data directories inside it and the null
/// ALSA device (the audio path runs, with no sound card).
fn run(program: &Path, args: &[&str], dir: &Path) -> Output {
    assert!(
        program.is_file(),
        "{} is not installed: .ci/package-check installs the package first",
        program.display()
    );
    Command::new(program)
        .args(args)
        .current_dir(dir)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .env_remove("BREAKOUT_ASSETS")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
}

#[test]
#[ignore = "needs the .deb installed: .ci/package-check"]
fn installed_version_is_this_version() {
    let dir = scratch("version");
    let out = run(&installed_bin(), &["--version"], &dir);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        format!("breakout {}\n", env!("CARGO_PKG_VERSION"))
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "needs the .deb installed: .ci/package-check"]
fn installed_check_passes_a_shipped_level_and_fails_a_broken_one() {
    let dir = scratch("check");
    let level = format!("{ROOT}/levels/04-rainbow.lvl");
    let out = run(&installed_bin(), &["check", &level], &dir);
    assert!(
        out.status.success(),
        "check {level}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::write(dir.join("broken.lvl"), "1 1 ?\n").expect("write");
    let out = run(&installed_bin(), &["check", "broken.lvl"], &dir);
    assert_eq!(out.status.code(), Some(1), "check on a broken level");
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("broken.lvl:1:"),
        "check's message names the file and line: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "needs the .deb installed: .ci/package-check"]
fn installed_preview_draws_a_shipped_level() {
    let dir = scratch("preview");
    let out = run(
        &installed_bin(),
        &["preview", "03-fortress", "-o", "preview.png"],
        &dir,
    );
    assert!(
        out.status.success(),
        "preview: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_shows(&take_png(&dir.join("preview.png")), &shipped("03-fortress"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
#[ignore = "needs the .deb installed and a display: .ci/package-check runs it under xvfb-run"]
fn desktop_file_exec_line_opens_the_game() {
    assert!(
        std::env::var_os("DISPLAY").is_some(),
        "this test opens a window: run it under xvfb-run"
    );
    let desktop = installed_desktop();
    let text =
        std::fs::read_to_string(&desktop).unwrap_or_else(|e| panic!("{}: {e}", desktop.display()));
    let exec = text
        .lines()
        .find_map(|l| l.strip_prefix("Exec="))
        .unwrap_or_else(|| panic!("{}: no Exec line", desktop.display()));
    // The program and its arguments, without the field codes (%f, %U…) a launcher fills in.
    let mut words = exec.split_whitespace().filter(|w| !w.starts_with('%'));
    let program = PathBuf::from(words.next().expect("a program on the Exec line"));
    assert!(program.is_absolute(), "Exec={exec}: not an absolute path");
    let mut args: Vec<&str> = words.collect();
    // From the menu, autoplay starts the first level after 1.5 s: 120 frames of 0.015 s end
    // 0.3 s into it, the ball still on the paddle.
    args.extend([
        "--autoplay",
        "--frames",
        "120",
        "--frame-time",
        "0.015",
        "--no-vsync",
        "--screenshot",
        "shot.png",
    ]);
    let dir = scratch("desktop");
    let out = run(&program, &args, &dir);
    assert!(
        out.status.success(),
        "{exec} {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    assert_shows(&take_png(&dir.join("shot.png")), &shipped("01-first-steps"));
    let _ = std::fs::remove_dir_all(&dir);
}
