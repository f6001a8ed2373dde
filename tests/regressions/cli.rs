//! The binary's error line: one line, naming the file, each cause said once.

use std::process::Command;

/// Runs the binary with `args` (no log output) and returns its error line, after checking that
/// it exits with 1 and prints exactly one line to stderr.
fn one_error_line(args: &mut Command) -> String {
    let out = args.env("RUST_LOG", "off").output().expect("run breakout");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 1, "one error line: {stderr}");
    lines[0].to_string()
}

/// Regression: `--config missing.toml` printed the OS error twice (`… cannot read config file:
/// No such file or directory (os error 2): No such file or directory (os error 2)`), because the
/// error names its cause in its message and `{:#}` appended the same cause again.
/// Fixed by 7de3f07.
#[test]
fn missing_config_file_error_names_the_file_and_the_os_error_once() {
    let path = std::env::temp_dir().join(format!("breakout-no-such-{}.toml", std::process::id()));
    let line = one_error_line(
        Command::new(env!("CARGO_BIN_EXE_breakout"))
            .arg("--config")
            .arg(&path)
            .args(["--frames", "1", "--mute"])
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY"),
    );
    assert!(line.starts_with("breakout: error: "), "{line}");
    assert!(line.contains(&path.display().to_string()), "{line}");
    assert_eq!(line.matches("(os error 2)").count(), 1, "{line}");
}

/// Regression (a 0-byte file after a failed preview, play-test): `preview -o x.jpg` failed ("cannot
/// write screenshot: The image format `Jpeg` is not supported") but left a 0-byte `x.jpg` behind.
/// The name is now refused before anything is written, and a PNG is written to a temporary file and
/// renamed, so a failed write leaves nothing. Fixed in the commit that added this test.
#[test]
fn preview_to_a_name_not_ending_in_png_is_one_error_line_and_leaves_no_file() {
    let dir = std::env::temp_dir().join(format!("breakout-f6-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let jpg = dir.join("x.jpg");
    let _ = std::fs::remove_file(&jpg);
    let level = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/01-first-steps.lvl");
    let line = one_error_line(
        Command::new(env!("CARGO_BIN_EXE_breakout"))
            .arg("preview")
            .arg(&level)
            .arg("-o")
            .arg(&jpg),
    );
    assert!(line.contains("x.jpg") && line.contains(".png"), "{line}");
    let left: Vec<_> = std::fs::read_dir(&dir).expect("read temp dir").collect();
    assert!(left.is_empty(), "nothing written: {left:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Regression (config mistakes reported one at a time, play-test): a configuration file with two
/// mistakes reported only the first, in serde's words (`invalid type: string "loud", expected
/// f32`), and a mistake in the file the game found on its own kept it from starting. Now `--config`
/// lists every mistake, one line each, in a player's words; a file found in the working directory
/// costs only its bad settings (warnings in the log) and the game runs. Fixed in the commit that
/// added this test.
#[test]
fn a_config_file_with_mistakes_lists_them_all_and_only_an_explicit_one_stops_the_game() {
    let dir = std::env::temp_dir().join(format!("breakout-f18-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let config = dir.join("breakout.toml");
    std::fs::write(
        &config,
        "[audio]\nmusic_volume = \"loud\"\n[effects]\ntrail_rate = -1\n",
    )
    .expect("write config");
    let level = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("levels/01-first-steps.lvl");
    let run = |explicit: bool| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_breakout"));
        cmd.current_dir(&dir)
            .env("HOME", &dir)
            .env("XDG_CONFIG_HOME", &dir)
            .env("RUST_LOG", "warn")
            .args(["simulate", "--steps", "10", "--level"])
            .arg(&level);
        if explicit {
            cmd.arg("--config").arg(&config);
        }
        cmd.output().expect("run breakout")
    };
    let out = run(true);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("breakout.toml:2:16: music_volume must be a number, not the text \"loud\""),
        "{stderr}"
    );
    assert!(
        stderr.contains("breakout.toml:4:1: trail_rate = -1 is out of range"),
        "{stderr}"
    );
    let out = run(false);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("music_volume must be a number") && stderr.contains("the default is used"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Regression (a build-machine path in an error, play-test): with no display the error line carried
/// a path into winit's sources on the build machine (`os error at
/// /root/.cargo/registry/…/mod.rs:765: …`). Fixed in the commit that added this test.
#[test]
fn no_display_is_one_plain_error_line_without_a_source_path() {
    let line = one_error_line(
        Command::new(env!("CARGO_BIN_EXE_breakout"))
            .args(["--frames", "1", "--mute"])
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WAYLAND_SOCKET"),
    );
    assert!(line.contains("cannot start the windowing system"), "{line}");
    assert!(
        !line.contains(".rs:") && !line.contains("registry"),
        "{line}"
    );
}
