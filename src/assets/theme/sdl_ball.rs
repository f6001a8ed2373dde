//! SDL-Ball's look: `games/sdl-ball/default/gfx/` (theme `sdl-ball`). Its bricks are one
//! picture, `brick/base.png` (64×32), tinted by the `texcolor=RRGGBBAA` of a colour file
//! (`brick/red.txt`…, SDL-Ball `main.cpp`, `textureManager::readTexProps`); special bricks have
//! their own pictures (`cement`, `glass`, `explosive`, `invisible`), animation frames one under
//! the other (the first frame is used). `ball/normal.png` is the ball, `paddle/base.png` the
//! paddle. The backgrounds (`bg/*.jpg`) are JPEG, which this game does not read: the built-in
//! background is used.

use super::{read_image, Theme, ThemeBrick, ThemeInfo, ThemeSource};
use crate::level::PLAIN_COLOURS;
use image::RgbaImage;
use std::path::Path;

/// Where Debian installs the look, under a data directory.
pub const GFX: &str = "games/sdl-ball/default/gfx";

/// The SDL-Ball theme under `data_dir`, if installed (`brick/base.png` exists).
pub fn find(data_dir: &Path) -> Vec<ThemeInfo> {
    let gfx = data_dir.join(GFX);
    if !gfx.join("brick/base.png").is_file() {
        return Vec::new();
    }
    vec![ThemeInfo {
        name: "sdl-ball".into(),
        title: "SDL-Ball".into(),
        source: ThemeSource::SdlBall(gfx),
    }]
}

/// The picture (under `brick/`) and colour file a slot is drawn from; `None` for the colour
/// file: the picture untinted.
fn source(slot: ThemeBrick) -> (&'static str, Option<&'static str>) {
    match slot {
        ThemeBrick::Solid | ThemeBrick::Metal | ThemeBrick::Chaotic => ("cement.png", None),
        ThemeBrick::Explosive => ("explosive.png", None),
        ThemeBrick::Invisible | ThemeBrick::Hidden => ("invisible.png", None),
        ThemeBrick::Strong(_) => ("glass.png", None),
        ThemeBrick::Regenerating(_) => ("base.png", Some("green")),
        ThemeBrick::Growing => ("base.png", Some("yellow")),
        ThemeBrick::Plain(digit) => (
            "base.png",
            PLAIN_COLOURS
                .get(usize::from(digit.saturating_sub(2)))
                .copied(),
        ),
    }
}

/// The `texcolor=` of `text` (a colour file) as RGBA bytes; orange, which SDL-Ball lacks, is
/// `FF8000FF`.
pub fn texcolor(text: &str) -> Option<[u8; 4]> {
    let hex = text
        .lines()
        .find_map(|l| l.trim().strip_prefix("texcolor="))?;
    let value = u32::from_str_radix(hex.trim(), 16).ok()?;
    (hex.trim().len() == 8).then_some(value.to_be_bytes())
}

/// Reads SDL-Ball's look in `gfx` into `theme`.
pub fn load(gfx: &Path, theme: &mut Theme) {
    let brick_dir = gfx.join("brick");
    for slot in ThemeBrick::ALL {
        let (picture, colour) = source(slot);
        let Some(image) = read_image(theme, &brick_dir.join(picture), true) else {
            continue;
        };
        let frame = first_frame(&image);
        let tint = colour.map(|name| {
            std::fs::read_to_string(brick_dir.join(format!("{name}.txt")))
                .ok()
                .and_then(|t| texcolor(&t))
                .unwrap_or([0xff, 0x80, 0x00, 0xff])
        });
        theme.set_brick(slot, tint.map_or(frame.clone(), |t| tinted(&frame, t)));
    }
    theme.ball = read_image(theme, &gfx.join("ball/normal.png"), true);
    theme.paddle = read_image(theme, &gfx.join("paddle/base.png"), true);
}

/// The top 2:1 frame of a column of frames (the whole picture if it is wider than that).
fn first_frame(image: &RgbaImage) -> RgbaImage {
    let (w, h) = image.dimensions();
    let frame_h = (w / 2).clamp(1, h.max(1));
    image::imageops::crop_imm(image, 0, 0, w, frame_h.min(h)).to_image()
}

/// `image` multiplied by `tint` (RGBA bytes), as SDL-Ball's OpenGL colour does.
fn tinted(image: &RgbaImage, tint: [u8; 4]) -> RgbaImage {
    let mut out = image.clone();
    for p in out.pixels_mut() {
        for (c, t) in p.0.iter_mut().zip(tint) {
            *c = ((u16::from(*c) * u16::from(t)) / 255) as u8;
        }
    }
    out
}
