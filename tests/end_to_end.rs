//! End to end: runs the real `breakout` binary in a window (CI runs the tests under `xvfb-run`)
//! with `--autoplay --frames N --screenshot`, and checks the picture's pixels: a brick of the
//! right colour in every cell the level has one, dark background in the empty cells and below
//! the bricks, and the paddle near the bottom.
//!
//! The screenshot is the frame composed offscreen; the window gets it by another path (a blit
//! into the window's own framebuffer, flipped to its row order). So one test also reads the
//! window itself: it starts its own Xvfb with `-fbdir`, which keeps the screen's pixels in a file
//! (XWD format), and checks the same things there.
//!
//! The expected brick colours come from `support` (the documented tint × the texture's pixel).

mod support;
use support::*;

use breakout::level::Level;
use breakout::sim::tuning::FIXED_TIMESTEP;
use image::RgbaImage;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Frames to render, and the game time each one advances (`--frame-time`, seconds): a few real
/// frames through the whole pipeline covering 0.08 s of game time on any machine, so the ball
/// (launched by the bot after 0.6 s) is still on the paddle and every brick is in place.
const FRAMES: &str = "8";
/// Game time per frame, seconds (`--frame-time`).
const FRAME_TIME: &str = "0.01";
fn require_display() {
    assert!(
        std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some(),
        "the end-to-end tests open a window: run them under `xvfb-run -a cargo test` (see README)"
    );
}

/// Runs the game with `args` on a null ALSA device (the audio path runs for real with no sound
/// card) and returns its output; fails the test if it exits with an error.
fn run_game<I, S>(args: I) -> std::process::Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    run_game_on(None, args)
}

/// [`run_game`] on the X `display` given (`None`: the test's own `DISPLAY`, shared with the
/// other tests' windows).
fn run_game_on<I, S>(display: Option<&str>, args: I) -> std::process::Output
where
    I: IntoIterator<Item = S>,
    S: AsRef<std::ffi::OsStr>,
{
    let mut command = Command::new(env!("CARGO_BIN_EXE_breakout"));
    command
        .env("XDG_DATA_HOME", test_data_home())
        .args(args)
        .env("ALSA_CONFIG_PATH", null_alsa_config());
    if let Some(display) = display {
        command
            .env("DISPLAY", display)
            .env_remove("WAYLAND_DISPLAY");
    }
    let output = command.output().expect("run breakout");
    assert!(
        output.status.success(),
        "breakout failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output
}

/// A temporary PNG path for this test process.
fn temp_png(name: &str) -> PathBuf {
    let out = std::env::temp_dir().join(format!("breakout-e2e-{}-{name}.png", std::process::id()));
    let _ = std::fs::remove_file(&out);
    out
}

/// Runs the game on `level` for [`FRAMES`] frames of [`FRAME_TIME`] and returns the screenshot.
fn screenshot(level: &Path, name: &str) -> RgbaImage {
    let out = temp_png(name);
    let args = [
        "--autoplay",
        "--frames",
        FRAMES,
        "--frame-time",
        FRAME_TIME,
        "--no-vsync",
        "--seed",
        "7",
    ];
    let level = ["--level".as_ref(), level.as_os_str()];
    let shot = ["--screenshot".as_ref(), out.as_os_str()];
    run_game(level.into_iter().chain(args.map(AsRef::as_ref)).chain(shot));
    support::take_png(&out)
}

/// Checks the screenshot of `level` against the level's grid; panics with every problem found.
fn assert_picture_shows_level(level_path: &Path) {
    let level = Level::load(level_path).expect("valid level");
    let img = screenshot(level_path, &level.name);
    if let Err(problems) = picture_shows_level(&img, &level) {
        panic!("{}: {problems}", level_path.display());
    }
}

/// Checks a picture of the whole playfield against `level`'s grid, every cell (the pictures
/// checked have the ball on the paddle, below the bricks): `Err` says what is wrong.
fn picture_shows_level(img: &RgbaImage, level: &Level) -> Result<(), String> {
    let (w, h) = img.dimensions();
    // 4:3 up to the letterbox's rounding to whole pixels.
    if (w as i64 * 3 - h as i64 * 4).abs() > 4 {
        return Err(format!("the playfield lost its 4:3 aspect ratio ({w}×{h})"));
    }
    let scale = w as f32 / 800.0;
    let pic = Picture::new(img.clone());
    let px = |x: f32, y: f32| pic.at(x, y);
    let mismatches = grid_problems(level, &pic);
    if !mismatches.is_empty() {
        return Err(format!(
            "{} cells do not match the level:\n{}",
            mismatches.len(),
            mismatches.join("\n")
        ));
    }

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
    if (longest as f32) < 80.0 * scale {
        return Err(format!(
            "no paddle on row 566 (longest bright run {longest} px)"
        ));
    }

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
    if dark * 100 < samples * 95 {
        return Err(format!("background not dark: {dark}/{samples}"));
    }
    Ok(())
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

/// `--game-speed 50`: the game's clock runs at half the frames' time, so 150 frames of 0.02 s
/// run 360 steps of 1/240 s, not 720 (`game_steps` in `--stats`).
#[test]
fn game_speed_halves_the_steps_a_frame_runs() {
    require_display();
    let level = Path::new(ROOT).join("levels").join("04-rainbow.lvl");
    let output = run_game(
        [
            "--autoplay",
            "--no-vsync",
            "--mute",
            "--stats",
            "--frames",
            "150",
            "--frame-time",
            "0.02",
            "--game-speed",
            "50",
        ]
        .map(std::ffi::OsStr::new)
        .into_iter()
        .chain(["--level".as_ref(), level.as_os_str()]),
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().last().unwrap_or_default();
    let stats: serde_json::Value =
        serde_json::from_str(line).unwrap_or_else(|e| panic!("--stats printed {line:?}: {e}"));
    assert_eq!(stats["game_steps"].as_u64(), Some(360), "{line}");
}

/// `--frame-time`: the game advances by a fixed time per frame, not by the clock, so two runs of
/// the same `--frames` cover the same game time (`game_steps` in `--stats`: frames × frame time,
/// in fixed steps) and end on the same picture, pixel for pixel (the README's screenshots rely on
/// it). Without the option the game time follows the clock: 21 steps instead of 720 here. Three seconds of play: the ball launched, bricks hit,
/// particles flying.
#[test]
fn fixed_frame_time_gives_the_same_game_time_and_picture_on_every_run() {
    require_display();
    let (frames, frame_time) = (150u32, 0.02f32);
    let level = Path::new(ROOT).join("levels").join("04-rainbow.lvl");
    let run = |name: &str| {
        let out = temp_png(name);
        let output = run_game(
            [
                "--autoplay",
                "--seed",
                "3",
                "--no-vsync",
                "--stats",
                "--frames",
                &frames.to_string(),
                "--frame-time",
                &frame_time.to_string(),
            ]
            .map(std::ffi::OsStr::new)
            .into_iter()
            .chain(["--level".as_ref(), level.as_os_str()])
            .chain(["--screenshot".as_ref(), out.as_os_str()]),
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        let line = stdout.lines().last().unwrap_or_default();
        let stats: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("--stats printed {line:?}: {e}"));
        let steps = stats["game_steps"]
            .as_u64()
            .unwrap_or_else(|| panic!("no game_steps in {line}"));
        (support::take_png(&out), steps)
    };
    let (a, steps_a) = run("fixed-a");
    let (b, steps_b) = run("fixed-b");
    let expected = frames as f32 * frame_time / FIXED_TIMESTEP;
    for steps in [steps_a, steps_b] {
        assert!(
            (steps as f32 - expected).abs() <= 1.0,
            "{steps} steps run, expected {expected} ({frames} frames of {frame_time} s)"
        );
    }
    assert_eq!(steps_a, steps_b, "both runs cover the same game time");
    assert_eq!(a.dimensions(), b.dimensions());
    let differing = a.pixels().zip(b.pixels()).filter(|(p, q)| p != q).count();
    assert_eq!(differing, 0, "pixels that differ between the two runs");
}

#[test]
fn missing_level_is_one_clear_error_line_and_nonzero_exit() {
    let output = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .env("XDG_DATA_HOME", test_data_home())
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

/// An X server of its own (`Xvfb -fbdir`), whose screen's pixels are readable in a file; killed
/// on drop.
struct ScreenFile {
    xvfb: Child,
    display: String,
    dir: PathBuf,
}

impl ScreenFile {
    /// Starts Xvfb on a free display (`-displayfd` reports which), 1024×768×24, with a screen
    /// file of its own (tests run in parallel threads of one process). `-noreset`: by default
    /// an X server resets when its last client leaves and drops every client that connected
    /// meanwhile, so a game started just as the one before it ended could fail with "Failed
    /// to open connection to X server" (see README.md, "Quick start").
    fn start() -> ScreenFile {
        static STARTED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = STARTED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("breakout-e2e-fb-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the -fbdir directory");
        let mut xvfb = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1024x768x24",
                "-nolisten",
                "tcp",
                "-noreset",
                "-fbdir",
            ])
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start Xvfb (apt package xvfb; .ci/run installs it)");
        let mut number = String::new();
        let stdout = xvfb.stdout.take().expect("Xvfb's stdout");
        BufReader::new(stdout)
            .read_line(&mut number)
            .expect("read Xvfb's display number");
        assert!(!number.trim().is_empty(), "Xvfb reported no display number");
        ScreenFile {
            xvfb,
            display: format!(":{}", number.trim()),
            dir,
        }
    }

    /// The screen as it is now: XWD, 32 bits per pixel, decoded with the file's own colour masks.
    fn snapshot(&self) -> Option<RgbaImage> {
        let data = std::fs::read(self.dir.join("Xvfb_screen0")).ok()?;
        let field = |i: usize| -> Option<u32> {
            Some(u32::from_be_bytes(
                data.get(i * 4..i * 4 + 4)?.try_into().ok()?,
            ))
        };
        let (header, width, height) = (field(0)? as usize, field(4)?, field(5)?);
        let (byte_order, bits_per_pixel, bytes_per_line) = (field(7)?, field(11)?, field(12)?);
        let masks = [field(14)?, field(15)?, field(16)?];
        let colours = field(19)? as usize;
        if bits_per_pixel != 32 {
            return None;
        }
        let pixels = data.get(header + colours * 12..)?;
        let mut img = RgbaImage::new(width, height);
        for (x, y, p) in img.enumerate_pixels_mut() {
            let at = y as usize * bytes_per_line as usize + x as usize * 4;
            let bytes: [u8; 4] = pixels.get(at..at + 4)?.try_into().ok()?;
            let v = if byte_order == 0 {
                u32::from_le_bytes(bytes)
            } else {
                u32::from_be_bytes(bytes)
            };
            let channel = |m: u32| ((v & m) >> m.trailing_zeros()) as u8;
            *p = image::Rgba([channel(masks[0]), channel(masks[1]), channel(masks[2]), 255]);
        }
        Some(img)
    }
}

impl Drop for ScreenFile {
    fn drop(&mut self) {
        let _ = self.xvfb.kill();
        let _ = self.xvfb.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// A child process killed on drop (so a failing assertion leaves nothing running).
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Polls `screen` until `check` accepts the snapshot (then returns) or 60 s pass (then panics
/// with `what` and the last problem); panics at once if `game` exits.
fn wait_for_screen(
    screen: &ScreenFile,
    game: &mut KillOnDrop,
    what: &str,
    check: impl Fn(&RgbaImage) -> Result<(), String>,
) {
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut last = String::from("no frame on the screen yet");
    while Instant::now() < deadline {
        if let Some(status) = game.0.try_wait().expect("poll breakout") {
            panic!("breakout exited early ({status}); last check: {last}");
        }
        if let Some(snapshot) = screen.snapshot() {
            match check(&snapshot) {
                Ok(()) => return,
                Err(problems) => last = problems,
            }
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    panic!("{what}: {last}");
}

/// The window itself, at its first size and then resized away from 4:3 (`xdotool`, as a window
/// manager would): the level upright, in the right colours, letterboxed between black bars.
#[test]
fn window_itself_shows_the_level_upright_and_letterboxed_after_a_resize() {
    let screen = ScreenFile::start();
    let level_path = Path::new(ROOT).join("levels/08-citadel.lvl");
    let level = Level::load(&level_path).expect("valid level");
    // No --autoplay: the ball waits on the paddle, so every frame is the same picture. Enough
    // frames to outlast the test; it is killed once the picture is checked.
    let game = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .env("XDG_DATA_HOME", test_data_home())
        .arg("--level")
        .arg(&level_path)
        .args(["--frames", "100000000", "--mute", "--seed", "7"])
        .env("DISPLAY", &screen.display)
        .env_remove("WAYLAND_DISPLAY")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("run breakout");
    let mut game = KillOnDrop(game);
    // The window opens at the screen's top-left (no window manager) at its default 800×600.
    wait_for_screen(
        &screen,
        &mut game,
        "the window never showed the level upright",
        |s| {
            picture_shows_level(
                &image::imageops::crop_imm(s, 0, 0, 800, 600).to_image(),
                &level,
            )
        },
    );

    // Resized to 1000×500: a 667×500 playfield between black bars. (Regression: the bars' clear
    // left sRGB encoding on, and the backdrop blit after it came out washed out.)
    let (width, height) = (1000, 500);
    let resized = Command::new("xdotool")
        .args(["search", "--name", "^Breakout", "windowsize"])
        .args([width.to_string(), height.to_string()])
        .env("DISPLAY", &screen.display)
        .status()
        .expect("run xdotool (apt package xdotool; .ci/run installs it)");
    assert!(resized.success(), "xdotool could not resize the window");
    let view = breakout::view::letterbox(width, height).expect("a viewport");
    assert!(
        view.x > 0,
        "1000×500 must have bars left and right: {view:?}"
    );
    wait_for_screen(&screen, &mut game, "the resized window", |s| {
        let playfield =
            image::imageops::crop_imm(s, view.x, view.y, view.width, view.height).to_image();
        picture_shows_level(&playfield, &level)?;
        for x in [view.x / 2, view.x + view.width + view.x / 2] {
            let p = s.get_pixel(x, height / 2).0;
            if p[..3] != [0, 0, 0] {
                return Err(format!(
                    "bar pixel ({x}, {}) is {p:?}, not black",
                    height / 2
                ));
            }
        }
        Ok(())
    });
}

/// The window's own frame with confuse, and with chaos, on: the window stores its rows bottom-up,
/// a path a screenshot never takes (screenshots are composed top-down), so the effects' copies
/// and patches are flipped differently there. Each must equal the screenshot of the same frame,
/// whose effects `tests/post_render.rs` checks against the CPU's; then again with the window
/// resized to 1000×500, where the picture sits between black bars (the copies and patches
/// offset by the bar). Game time all but stands still (`--frame-time` of a nanosecond), so
/// chaos's swirl stays where it starts.
#[test]
fn window_itself_shows_confuse_and_chaos_as_the_screenshot_does() {
    let screen = ScreenFile::start();
    let level = Path::new(ROOT).join("levels/04-rainbow.lvl");
    let view = breakout::view::letterbox(1000, 500).expect("a viewport");
    assert!(view.x > 0, "1000×500 has bars left and right: {view:?}");
    for effect in ["confuse", "chaos"] {
        let args = [
            "--level".as_ref(),
            level.as_os_str(),
            "--effect".as_ref(),
            effect.as_ref(),
            "--frame-time".as_ref(),
            "0.000000001".as_ref(),
            "--no-vsync".as_ref(),
            "--seed".as_ref(),
            "7".as_ref(),
        ];
        // The screenshots: at the window's first size, and at the resized window's viewport.
        // Taken on this test's own X server, where no other window is: on the display the
        // tests share, another test's window opening over this one took its keyboard focus or
        // covered it (no window manager there), and the game, a player's (no --autoplay),
        // paused itself, as it should: the screenshot showed the PAUSED box (800×120 at
        // y = 330) and the window, rightly, did not.
        let shots = [(800, 600), (view.width, view.height)].map(|(w, h)| {
            let png = temp_png(&format!("window-{effect}-{w}"));
            let size = format!("{w}x{h}");
            run_game_on(
                Some(&screen.display),
                args.iter().copied().chain([
                    "--window-size".as_ref(),
                    size.as_ref(),
                    "--frames".as_ref(),
                    "5".as_ref(),
                    "--screenshot".as_ref(),
                    png.as_os_str(),
                ]),
            );
            support::take_png(&png)
        });
        let game = Command::new(env!("CARGO_BIN_EXE_breakout"))
            .env("XDG_DATA_HOME", test_data_home())
            .args(args)
            .args(["--frames", "100000000"])
            .env("DISPLAY", &screen.display)
            .env_remove("WAYLAND_DISPLAY")
            // As `run_game`: a null sound device, not --mute (which shows MUTED).
            .env("ALSA_CONFIG_PATH", null_alsa_config())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("run breakout");
        let mut game = KillOnDrop(game);
        let matches = |shot: &RgbaImage, left: u32, top: u32| {
            let shot = shot.clone();
            move |s: &RgbaImage| {
                let (w, h) = shot.dimensions();
                let window = image::imageops::crop_imm(s, left, top, w, h).to_image();
                let mut differ = 0;
                let mut first = None;
                for (x, y, p) in window.enumerate_pixels() {
                    let e = shot.get_pixel(x, y).0;
                    if (0..3).any(|c| (i32::from(p.0[c]) - i32::from(e[c])).abs() > 2) {
                        differ += 1;
                        first.get_or_insert((x, y, p.0, e));
                    }
                }
                match first {
                    None => Ok(()),
                    Some((x, y, p, e)) => Err(format!(
                        "{differ} pixels differ from the screenshot; first ({x}, {y}): {p:?}, \
                         screenshot {e:?}"
                    )),
                }
            }
        };
        let what = format!("the window with {effect}");
        wait_for_screen(&screen, &mut game, &what, matches(&shots[0], 0, 0));
        let resized = Command::new("xdotool")
            .args(["search", "--name", "^Breakout", "windowsize", "1000", "500"])
            .env("DISPLAY", &screen.display)
            .status()
            .expect("run xdotool (apt package xdotool; .ci/run installs it)");
        assert!(resized.success(), "xdotool could not resize the window");
        let what = format!("the window with {effect}, resized to 1000×500");
        wait_for_screen(
            &screen,
            &mut game,
            &what,
            matches(&shots[1], view.x, view.y),
        );
    }
}
