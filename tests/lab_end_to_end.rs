//! The collision lab's probe, end to end: `breakout lab` opens its window (CI runs the tests
//! under `xvfb-run`), `xdotool` presses 3 (the tunnelling preset), S (save the probe as a
//! case) and Esc (which closes the window: the lab was opened alone). The saved case must be in
//! the data directory (`XDG_DATA_HOME`, a temporary one) with the preset's motion, and the last
//! picture (`--screenshot`) must show the brick where the probe has it, the discrete modes'
//! rows in red (every one tunnelled) and every model's row with a swatch of its colour.

mod support;
use support::window::{require_display, wait_for, xdotool, KillOnDrop};
use support::*;

use breakout::probe::case;
use breakout::probe::presets::presets;
use std::process::{Command, Stdio};

#[test]
fn the_lab_opens_a_preset_key_shows_it_and_s_saves_it_as_a_case() {
    require_display();
    let dir = std::env::temp_dir().join(format!("breakout-lab-e2e-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let shot = dir.join("shot.png");
    let game = Command::new(env!("CARGO_BIN_EXE_breakout"))
        .args(["lab", "--mute", "--screenshot"])
        .arg(&shot)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("ALSA_CONFIG_PATH", null_alsa_config())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run breakout lab");
    let mut game = KillOnDrop(game);
    let window = wait_for("the lab's window did not appear in 30 s", || {
        let found = xdotool(&["search", "--name", "collision lab"]);
        found.lines().next().map(str::to_string)
    });
    xdotool(&["windowfocus", "--sync", &window]);
    xdotool(&["key", "3"]);
    xdotool(&["key", "s"]);
    let saved = dir.join("data/breakout/probes/tunnel-1.toml");
    wait_for("S saved no case in 30 s", || saved.exists().then_some(()));
    xdotool(&["key", "Escape"]);
    let status = wait_for("the lab's window did not close on Esc in 30 s", || {
        game.0.try_wait().expect("the game's status")
    });
    let mut stderr = String::new();
    if let Some(mut pipe) = game.0.stderr.take() {
        std::io::Read::read_to_string(&mut pipe, &mut stderr).unwrap();
    }
    assert!(status.success(), "breakout lab failed ({status}): {stderr}");

    let tunnel = presets()[2];
    let case = case::read(&saved).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(case.name, "tunnel");
    assert_eq!(case.motion(), tunnel.probe.motion);
    let swept = case.bricks[0].answers.iter().find(|a| a.by == "swept");
    assert!(swept.is_some_and(|a| a.hit), "{case:?}");

    let img = image::open(&shot).expect("screenshot").to_rgba8();
    let scale = img.width() as f32 / 800.0;
    let at = |x: f32, y: f32| *img.get_pixel((x * scale) as u32, (y * scale) as u32);
    // The brick's middle: blue (the brick tint over its texture).
    let brick = tunnel.probe.bricks()[0];
    let c = brick.center();
    let px = at(c.x + brick.size().x * 0.3, c.y);
    assert!(
        px[2] > 120 && px[2] > px[0] + 40,
        "not the brick at {c}: {px:?}"
    );
    // The four discrete modes' rows, under the header: red text in each.
    let top = breakout::view::lab::TABLE_TOP;
    let all = breakout::collision::CollisionMode::ALL;
    let answers = tunnel.probe.answers();
    let metrics = breakout::view::lab::table_metrics(&tunnel.probe, &answers, &all);
    let row = metrics.row;
    // Red pixels in the table's row `i` (0 is the header), across the picture.
    let red_pixels = |i: usize| {
        let y0 = top + row * i as f32;
        (0..(780.0 * scale) as u32)
            .flat_map(|x| ((y0 * scale) as u32..((y0 + row) * scale) as u32).map(move |y| (x, y)))
            .filter(|&(x, y)| {
                let p = img.get_pixel(x, y);
                p[0] > 180 && p[1] < 110 && p[2] < 110
            })
            .count()
    };
    for i in 1..=4 {
        let red = red_pixels(i);
        assert!(
            red > 50,
            "row {i} has {red} red pixels: not a disagreeing row"
        );
    }
    // The swept row (the fifth) is not red.
    let red = red_pixels(5);
    assert!(red < 10, "swept's row has {red} red pixels");
    // Every model has its row (the eleven in the table's order), each with a swatch of its
    // row's colour: the swatch's middle pixel has its colour's hue (the channels in the order of
    // its colour's), and is bright.
    for (i, mode) in all.iter().enumerate() {
        let y = top + row * (i + 1) as f32;
        let [x, y, w, h] = breakout::view::lab::swatch_rect(y, metrics.size);
        let px = at(x + w / 2.0, y + h / 2.0);
        let c = [px[0] as f32, px[1] as f32, px[2] as f32];
        let want = mode.def().colour.on_dark;
        let bright = c.iter().cloned().fold(0.0, f32::max);
        assert!(bright > 120.0, "{mode}'s swatch: {px:?}");
        for a in 0..3 {
            for b in 0..3 {
                if want[a] > want[b] + 0.3 {
                    assert!(c[a] > c[b], "{mode}'s swatch: {px:?} for {want:?}");
                }
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
