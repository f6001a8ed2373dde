//! `breakout replay FILE --export OUT`: runs the real binary with `DISPLAY` and
//! `WAYLAND_DISPLAY` removed (no display server) on a replay recorded here, and checks the
//! pictures' pixels:
//!
//! * `--from 1 --to 1.07 --fps 30` gives three frames, of steps 240, 248 and 256, as PNG files
//!   `frame-00000.png`… in a directory and as an animated GIF (decoded with the `image` crate:
//!   three frames of the asked size, 3 + 4 + 3 hundredths of a second);
//! * in every frame the ball is drawn where the replay's game has it at that frame's step: a
//!   bright disc around its centre, and no ball where it is one frame later;
//! * bad input: a file that is not a replay, `--from` past the end and an output that cannot be
//!   written each give exit status 1 and one line naming the problem, and leave no GIF.

mod support;
use support::*;

use breakout::level::Level;
use breakout::replay::{file, Origin, Playback, Recorder};
use breakout::sim::{Bot, Game, GameConfig, PowerUpSettings};
use glam::Vec2;
use image::{AnimationDecoder, RgbaImage};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;

/// Plain bricks only: nothing shakes the picture (solid hits and explosions do), and no
/// power-up turns it over.
const LEVEL: &str = "@name: Export\n2 3 4 5 2 3 4 5\n0 0 0 0 0 0 0 0\n";
/// Fast enough that the ball moves 40 px between frames at 30 fps, more than its diameter.
const SPEED: f32 = 1200.0;
const FIRST_STEP: u64 = 240;
const FRAME_STEPS: u64 = 8;

fn temp_path(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "breakout-export-test-{}-{name}",
        std::process::id()
    ))
}

/// A replay of the bot on [`LEVEL`] for three seconds, written to the temporary file `name`.
fn recorded(name: &str) -> PathBuf {
    let level = Level::parse(LEVEL, "export").expect("valid level");
    let config = GameConfig {
        seed: 3,
        launch_speed: SPEED,
        powerups: PowerUpSettings::none(),
        pace: breakout::sim::PaceSettings::OFF,
        ..GameConfig::default()
    };
    let mut game = Game::new(&level, config);
    let mut recorder = Recorder::new(&game, &level, Origin::default(), 0, 3, 0);
    let mut bot = Bot::new(3, 0.0);
    for _ in 0..720 {
        let input = bot.input(&game);
        game.step(&input);
        recorder.step(&input, &game);
    }
    let path = temp_path(name);
    file::write(&path, &recorder.finish(&game)).expect("write the replay");
    path
}

/// The ball's centre and radius after `step` steps of the replay at `path`.
fn ball_at(path: &Path, step: u64) -> (Vec2, f32) {
    let mut playback = Playback::new(Arc::new(file::read(path).unwrap())).unwrap();
    assert_eq!(playback.advance(step), step);
    let ball = playback.game().balls()[0];
    (ball.pos, ball.radius)
}

fn export(replay: &Path, out: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("replay")
        .arg(replay)
        .arg("--export")
        .arg(out)
        .args(extra)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("RUST_LOG")
        .output()
        .expect("run breakout replay --export")
}

const RANGE: [&str; 6] = ["--from", "1", "--to", "1.07", "--fps", "30"];

/// Asserts that `frame` (800×600, the playfield's own pixels) shows the ball where the game
/// has it after `step` steps, and not where it is one frame later.
fn assert_ball_drawn(frame: &RgbaImage, replay: &Path, step: u64, what: &str) {
    let (centre, r) = ball_at(replay, step);
    let (next, _) = ball_at(replay, step + FRAME_STEPS);
    assert!(
        centre.distance(next) > 2.5 * r && centre.y > 120.0 && next.y > 120.0,
        "{what}: the scenario should have the ball in open space, moving: {centre} then {next}"
    );
    let lum = |p: Vec2| luminance(frame.get_pixel(p.x as u32, p.y as u32).0);
    for k in 0..16 {
        let angle = k as f32 * std::f32::consts::TAU / 16.0;
        let p = centre + 0.4 * r * Vec2::new(angle.cos(), angle.sin());
        assert!(
            lum(p) > 0.6,
            "{what}: step {step}: no ball at {p} (luminance {}), the ball's centre is {centre}",
            lum(p)
        );
    }
    assert!(
        lum(next) < 0.35,
        "{what}: step {step}: the ball is already drawn at {next}, where it is a frame later"
    );
}

#[test]
fn frames_show_the_ball_where_the_replay_puts_it_as_png_and_as_gif() {
    let replay = recorded("frames.bkreplay");
    let dir = temp_path("frames");
    let _ = std::fs::remove_dir_all(&dir);
    let output = export(&replay, &dir, &RANGE);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(!dir.join("frame-00003.png").exists(), "more than 3 frames");
    let mut pngs = Vec::new();
    for k in 0..3 {
        let frame = take_png(&dir.join(format!("frame-{k:05}.png")));
        assert_eq!(frame.dimensions(), (800, 600));
        assert_ball_drawn(&frame, &replay, FIRST_STEP + k * FRAME_STEPS, "png");
        pngs.push(frame);
    }
    let _ = std::fs::remove_dir_all(&dir);

    let gif = temp_path("export.gif");
    let output = export(&replay, &gif, &RANGE);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let bytes = std::fs::read(&gif).expect("the GIF is written");
    let _ = std::fs::remove_file(&gif);
    let decoder = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).unwrap();
    let frames = decoder.into_frames().collect_frames().expect("decodes");
    assert_eq!(frames.len(), 3);
    let delays: Vec<u32> = frames
        .iter()
        .map(|f| f.delay().numer_denom_ms().0 / f.delay().numer_denom_ms().1)
        .collect();
    assert_eq!(delays, [30, 40, 30], "ms per frame at 30 fps");
    for (k, frame) in frames.into_iter().enumerate() {
        let picture = frame.into_buffer();
        assert_eq!(picture.dimensions(), (800, 600));
        assert_ball_drawn(
            &picture,
            &replay,
            FIRST_STEP + k as u64 * FRAME_STEPS,
            "gif",
        );
        // The GIF's frames are drawn over each other: each must still be the PNG's picture
        // but for the palette's rounding (nothing left over from the frame before).
        let off = picture
            .pixels()
            .zip(pngs[k].pixels())
            .filter(|(a, b)| (0..3).any(|c| a.0[c].abs_diff(b.0[c]) > 48))
            .count();
        assert!(
            off < 800 * 6,
            "gif frame {k}: {off} pixels differ from the PNG"
        );
    }
    let _ = std::fs::remove_file(&replay);
}

#[test]
fn a_smaller_size_scales_the_picture() {
    let replay = recorded("small.bkreplay");
    let dir = temp_path("small");
    let _ = std::fs::remove_dir_all(&dir);
    let args = ["--from", "1", "--to", "1", "--size", "400x300"];
    let output = export(&replay, &dir, &args);
    assert!(output.status.success());
    let frame = take_png(&dir.join("frame-00000.png"));
    assert!(
        !dir.join("frame-00001.png").exists(),
        "--to 1 --from 1: one frame"
    );
    assert_eq!(frame.dimensions(), (400, 300));
    let (centre, _) = ball_at(&replay, FIRST_STEP);
    let p = frame.get_pixel((centre.x / 2.0) as u32, (centre.y / 2.0) as u32);
    assert!(luminance(p.0) > 0.6, "no ball at {centre} / 2: {p:?}");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&replay);
}

/// Runs an export expected to fail; returns its one line of error.
fn failure(replay: &Path, out: &Path, extra: &[&str]) -> String {
    let output = export(replay, out, extra);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr).to_string();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    assert!(stderr.starts_with("breakout: error: "), "{stderr}");
    stderr
}

#[test]
fn bad_input_is_one_clear_error_and_writes_nothing() {
    let replay = recorded("bad.bkreplay");
    let gif = temp_path("bad.gif");
    let not_a_replay = temp_path("not-a-replay.bkreplay");
    std::fs::write(&not_a_replay, "hello").unwrap();
    let e = failure(&not_a_replay, &gif, &[]);
    assert!(
        e.contains("not-a-replay.bkreplay") && e.contains("not a replay"),
        "{e}"
    );
    let e = failure(&temp_path("missing.bkreplay"), &gif, &[]);
    assert!(e.contains("missing.bkreplay"), "{e}");
    let e = failure(&replay, &gif, &["--from", "4"]);
    assert!(
        e.contains("--from 4 s is past the replay's end (0:03"),
        "{e}"
    );
    let e = failure(&replay, &gif, &["--from", "2", "--to", "1"]);
    assert!(e.contains("--to 1 s is before --from 2 s"), "{e}");
    assert!(!gif.exists());
    let under_a_file = not_a_replay.join("out.gif");
    let e = failure(&replay, &under_a_file, &[]);
    assert!(e.contains("out.gif: cannot write"), "{e}");
    let e = failure(&replay, &not_a_replay.join("frames"), &[]);
    assert!(e.contains("frames: cannot write"), "{e}");
    let _ = std::fs::remove_file(&not_a_replay);
    let _ = std::fs::remove_file(&replay);
}
