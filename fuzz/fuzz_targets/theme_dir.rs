//! Fuzz target: the theme reader (`breakout_game::assets::theme`) on arbitrary bytes, split at
//! the first NUL into a `theme.toml` and a picture's bytes.
//!
//! * `player::parse_toml` never panics;
//! * `decode` never panics (truncated, huge or wrong PNGs are errors), and a picture it accepts
//!   goes through LBreakout2's colour key, paddle and wallpaper, and into the brick atlas,
//!   without a panic;
//! * the same bytes read as an SVG theme (`kbreakout::load_bytes`) never panic, whatever
//!   renders or not: each piece it gives is the size asked for.
//!
//! The theme reader lives in the game crate: `cargo +nightly fuzz run theme_dir --features game`
//! in this directory.

#![no_main]

use breakout_game::assets::theme::{
    colour_key_black, decode, kbreakout, lbreakout2, player, Theme, ThemeBrick, ThemeInfo,
};
use libfuzzer_sys::fuzz_target;
use std::path::Path;

fuzz_target!(|data: &[u8]| {
    let split = data.iter().position(|&b| b == 0).unwrap_or(data.len());
    let (toml, picture) = (&data[..split], data.get(split + 1..).unwrap_or(&[]));
    if let Ok(text) = std::str::from_utf8(toml) {
        let _ = player::parse_toml(text);
    }
    let mut theme = Theme::empty(ThemeInfo::built_in());
    if let Ok(mut image) = decode(picture) {
        colour_key_black(&mut image);
        let _ = lbreakout2::paddle(&image);
        let _ = lbreakout2::tiled(&image);
        theme.set_brick(ThemeBrick::Plain(2), image);
        let atlas = theme.brick_atlas();
        assert_eq!(atlas.dimensions(), (256, 256));
    }
    let mut svg = Theme::empty(ThemeInfo::built_in());
    kbreakout::load_bytes(picture, Path::new("fuzz.svgz"), &mut svg);
    if let Some(ball) = &svg.ball {
        assert_eq!(ball.dimensions(), (64, 64));
    }
});
