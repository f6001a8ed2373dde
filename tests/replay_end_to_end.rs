//! Watching a replay, end to end: `breakout simulate --record` records the bot's game of
//! 04 Rainbow (2000 steps); `breakout replay FILE` opens it in a window (CI runs the tests under
//! `xvfb-run`), and `xdotool` presses End (seek to the last step), `,` three times (single steps
//! back) and Left (five seconds back): step 2000 − 3 − 1200 = 797, which the window title
//! shows. Esc closes the window and `--screenshot` keeps its last picture, in which the ball
//! must be where the replay played headless (`Playback`) puts it at step 797, within 2 pixels.
//!
//! The keys seek to absolute places (End, then steps back from there), so how long the replay
//! ran before them does not matter.

mod support;
use support::window::{require_display, wait_for, xdotool, KillOnDrop};
use support::*;

use breakout::replay::{file, Playback};
use image::RgbaImage;
use std::process::{Command, Stdio};
use std::sync::Arc;

/// The step the keys lead to: the end (2000), three steps back, five seconds (1200 steps) back.
const STEP: u64 = 2000 - 3 - 1200;

#[test]
fn a_replay_seeked_and_stepped_back_in_the_window_shows_the_ball_where_playback_has_it() {
    require_display();
    let dir = std::env::temp_dir().join(format!("breakout-watch-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let replay_path = dir.join("watch-e2e.bkreplay");
    let shot = dir.join("shot.png");
    let bin = env!("CARGO_BIN_EXE_breakout");
    let recorded = Command::new(bin)
        .args([
            "simulate",
            "--level",
            "04-rainbow",
            "--steps",
            "2000",
            "--record",
        ])
        .arg(&replay_path)
        .output()
        .expect("run breakout simulate");
    assert!(recorded.status.success(), "{recorded:?}");

    let game = Command::new(bin)
        .arg("replay")
        .arg(&replay_path)
        .args(["--mute", "--screenshot"])
        .arg(&shot)
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run breakout replay");
    let mut game = KillOnDrop(game);
    let window = wait_for("the replay's window did not appear in 30 s", || {
        let found = xdotool(&["search", "--name", "replay watch-e2e"]);
        found.lines().next().map(str::to_string)
    });
    let title = || xdotool(&["getwindowname", &window]);
    xdotool(&["windowfocus", "--sync", &window]);
    xdotool(&["key", "End"]);
    xdotool(&["key", "comma", "comma", "comma"]);
    xdotool(&["key", "Left"]);
    let shown = format!("step {STEP}/2000");
    let mut last = String::new();
    let found = wait_for_or_last(|| {
        last = title();
        (last.contains(&shown) && last.trim_end().ends_with("— paused")).then_some(())
    });
    assert!(
        found.is_some(),
        "the title never showed {shown} (paused) in 30 s: {last:?}"
    );
    // The frame whose update set that title is drawn before the next key is read: Esc quits,
    // and the screenshot is that picture.
    xdotool(&["key", "Escape"]);
    let status = wait_for("the replay's window did not close on Esc in 30 s", || {
        game.0.try_wait().expect("the game's status")
    });
    let mut stderr = String::new();
    if let Some(mut pipe) = game.0.stderr.take() {
        std::io::Read::read_to_string(&mut pipe, &mut stderr).unwrap();
    }
    assert!(
        status.success(),
        "breakout replay failed ({status}): {stderr}"
    );
    let img = image::open(&shot).expect("screenshot").to_rgba8();

    // Headless: the same replay played straight to the step.
    let replay = file::read(&replay_path).expect("the recorded replay reads");
    let mut playback = Playback::new(Arc::new(replay)).unwrap();
    assert_eq!(playback.advance(STEP), STEP);
    let state = playback.game();
    assert_eq!(state.balls().len(), 1, "one ball at step {STEP}");
    let ball = state.balls()[0];
    let band = (state.bricks().bottom() + 2.0, state.paddle().pos.y - 2.0);
    assert!(
        ball.pos.y - ball.radius > band.0 && ball.pos.y + ball.radius < band.1,
        "the ball at step {STEP} ({:?}) is not in the open band {band:?} this test reads",
        ball.pos
    );
    let found = find_ball(&img, band, ball.radius);
    let scale = img.width() as f32 / 800.0;
    let expected = (ball.pos.x * scale, ball.pos.y * scale);
    let error = ((found.0 - expected.0).powi(2) + (found.1 - expected.1).powi(2)).sqrt();
    eprintln!("ball drawn at {found:?}, replay has it at {expected:?}: {error:.2} px apart");
    assert!(
        error <= 2.0,
        "the ball is drawn at {found:?}, the replay has it at {expected:?} (picture pixels): \
         {error:.2} px apart"
    );
    // And nearer to that step's ball than to the step before's or after's: the picture is of
    // that very step.
    let ball_at = |step: u64| {
        let mut p = Playback::new(playback.replay().clone()).unwrap();
        p.advance(step);
        let b = p.game().balls()[0].pos * scale;
        ((found.0 - b.x).powi(2) + (found.1 - b.y).powi(2)).sqrt()
    };
    for other in [STEP - 1, STEP + 1] {
        assert!(
            ball_at(other) > error,
            "the picture is nearer step {other}'s ball ({:.2} px) than step {STEP}'s",
            ball_at(other)
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The centre (picture pixels) of the one ball-sized blob of light neutral pixels in the band of
/// playfield rows `band` (between the bricks and the paddle), for a ball of `radius` playfield
/// pixels. Panics if there is none or more than one.
fn find_ball(img: &RgbaImage, band: (f32, f32), radius: f32) -> (f32, f32) {
    let (w, h) = img.dimensions();
    let scale = w as f32 / 800.0;
    let rows = ((band.0 * scale) as u32)..((band.1 * scale).min(h as f32) as u32);
    // The ball is white, shaded grey at its rim; the background is dark and the bricks and
    // power-up capsules are coloured.
    let ball_like = |x: u32, y: u32| {
        let p = img.get_pixel(x, y).0;
        let (lo, hi) = (p[..3].iter().min().unwrap(), p[..3].iter().max().unwrap());
        *lo >= 120 && hi - lo <= 40
    };
    let mut seen = vec![false; (w * h) as usize];
    let mut blobs = Vec::new();
    for y in rows.clone() {
        for x in 0..w {
            if seen[(y * w + x) as usize] || !ball_like(x, y) {
                continue;
            }
            // Flood fill (4-neighbours) within the band.
            let mut stack = vec![(x, y)];
            seen[(y * w + x) as usize] = true;
            let mut pixels = Vec::new();
            while let Some((px, py)) = stack.pop() {
                pixels.push((px, py));
                let near = [
                    (px.wrapping_sub(1), py),
                    (px + 1, py),
                    (px, py.wrapping_sub(1)),
                    (px, py + 1),
                ];
                for (nx, ny) in near {
                    if nx < w && rows.contains(&ny) && !seen[(ny * w + nx) as usize] {
                        seen[(ny * w + nx) as usize] = true;
                        if ball_like(nx, ny) {
                            stack.push((nx, ny));
                        }
                    }
                }
            }
            let (x0, x1) = min_max(pixels.iter().map(|p| p.0));
            let (y0, y1) = min_max(pixels.iter().map(|p| p.1));
            let size = 2.0 * radius * scale;
            let fits = |n: u32| (0.7 * size..=1.3 * size).contains(&(n as f32));
            if fits(x1 - x0 + 1) && fits(y1 - y0 + 1) {
                let n = pixels.len() as f32;
                let cx = pixels.iter().map(|p| p.0 as f32 + 0.5).sum::<f32>() / n;
                let cy = pixels.iter().map(|p| p.1 as f32 + 0.5).sum::<f32>() / n;
                blobs.push((cx, cy));
            }
        }
    }
    assert_eq!(
        blobs.len(),
        1,
        "ball-sized light blobs in the picture: {blobs:?}"
    );
    blobs[0]
}

/// Polls `what` every 200 ms until it gives `Some`, for up to 30 s; `None` after that.
fn wait_for_or_last<T>(mut what: impl FnMut() -> Option<T>) -> Option<T> {
    let start = std::time::Instant::now();
    while start.elapsed() < std::time::Duration::from_secs(30) {
        if let Some(found) = what() {
            return Some(found);
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
    None
}

fn min_max(values: impl Iterator<Item = u32>) -> (u32, u32) {
    values.fold((u32::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)))
}

#[test]
fn a_file_that_is_not_a_replay_is_one_error_and_no_window() {
    let path = std::env::temp_dir().join(format!(
        "breakout-not-a-replay-{}.bkreplay",
        std::process::id()
    ));
    std::fs::write(&path, b"not a replay at all").unwrap();
    // No display: were a window opened, this would fail differently.
    let out = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .arg("replay")
        .arg(&path)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("run breakout replay");
    let _ = std::fs::remove_file(&path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with(&format!(
            "breakout: error: {}: not a replay",
            path.display()
        )),
        "{stderr}"
    );
}
