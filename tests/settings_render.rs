//! The settings screen through the game's own renderer (headless): the chosen row stands out,
//! and the configuration file's problems are drawn in red under the rows.

mod support;
use support::*;

use breakout::assets::Assets;
use breakout::render::headless::headless_context;
use breakout::render::Renderer;
use breakout::view::settings::{draw, SettingsView, ROW, TOP};
use breakout::view::SpriteBatch;

/// Renders `view` at 800 × 600 and reads the picture back.
fn render(view: &SettingsView, name: &str) -> Picture {
    let size = (800, 600);
    let (context, raw_gl) = headless_context(size).expect("headless OpenGL (Mesa EGL)");
    let assets = Assets::from_env().unwrap();
    let mut renderer = Renderer::new(&context, raw_gl, &assets).unwrap();
    let mut batch = SpriteBatch::default();
    draw(&mut batch, view);
    renderer.render_offscreen(&context, size, &batch).unwrap();
    let path = std::env::temp_dir().join(format!(
        "breakout-settings-{}-{name}.png",
        std::process::id()
    ));
    renderer.save_screenshot(&path).unwrap();
    Picture::new(take_png(&path))
}

fn view(selected: usize, notes: Vec<String>) -> SettingsView {
    SettingsView {
        rows: ["Music volume", "Effects volume", "Collision mode"]
            .iter()
            .map(|l| (l.to_string(), "50%".to_string()))
            .collect(),
        selected,
        message: None,
        saved_to: "saved to breakout.toml on leaving".into(),
        notes,
        over_game: false,
        saves: true,
    }
}

/// Mean amber-ness (red and green over blue) of a horizontal strip, pixels.
fn warmth(pic: &Picture, y: f32) -> f32 {
    let xs = (100..300).step_by(7);
    let n = xs.len() as f32;
    xs.map(|x| {
        let p = pic.at(x as f32, y);
        (p[0] as f32 + p[1] as f32) / 2.0 - p[2] as f32
    })
    .sum::<f32>()
        / n
}

/// Red pixels (text in the error colour) in the band of rows `y0..y1`.
fn red_pixels(pic: &Picture, y0: u32, y1: u32) -> usize {
    (y0..y1)
        .flat_map(|y| (40..760).map(move |x| (x, y)))
        .filter(|&(x, y)| {
            let p = pic.at(x as f32, y as f32);
            p[0] > 180 && p[1] < 140 && p[2] < 140
        })
        .count()
}

#[test]
fn the_chosen_row_stands_out_and_problems_are_red() {
    // Row centres: the first row's text top is TOP, rows ROW apart, the text 14 px high.
    let row_y = |i: usize| TOP + ROW * i as f32 + 7.0;
    let first = render(&view(0, vec![]), "first");
    let second = render(&view(1, vec![]), "second");
    assert!(
        warmth(&first, row_y(0)) > warmth(&first, row_y(1)) + 20.0,
        "the chosen row is highlighted"
    );
    assert!(warmth(&second, row_y(1)) > warmth(&second, row_y(0)) + 20.0);
    // The notes sit right above the keys' line at the bottom (568 px), laid out from it up
    // (under the rows they reached into it on a screen with more rows).
    let notes_band = (536, 566);
    assert_eq!(red_pixels(&first, notes_band.0, notes_band.1), 0);
    let broken = render(
        &view(
            0,
            vec!["breakout.toml:3:1: music_volume = 9 is out of range".into()],
        ),
        "broken",
    );
    assert!(
        red_pixels(&broken, notes_band.0, notes_band.1) > 100,
        "the problem is drawn in red"
    );
}
