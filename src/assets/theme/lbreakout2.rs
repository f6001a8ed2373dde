//! LBreakout2's look: `games/lbreakout2/gfx/` (theme `lbreakout2`) and its named sub-themes
//! (`AbsoluteB`, `Classic`, `Moiree`, `Oz`: `lbreakout2-oz`…), each file falling back to `gfx/`,
//! then to the built-in piece. Old LBreakout2 themes use black as their colour key
//! ([`super::colour_key_black`]). Files (LBreakout2 `client/theme.c`, `theme_load`):
//! `bricks.png`, a row of 40×20 pictures indexed by `brick_conv_table`'s picture id
//! (`game/bricks.c`); `ball.png`, a row of 12×12 balls (the first is the normal one);
//! `paddle.png`, 18×18 tiles (left end, middle, right end of the normal paddle in the top row);
//! `back0.png`, a wallpaper tiled over the playfield.

use super::{
    colour_key_black, read_image, slug, sub_dirs, Theme, ThemeBrick, ThemeInfo, ThemeSource,
};
use image::RgbaImage;
use std::path::Path;

/// Size of one brick picture of `bricks.png`, pixels.
pub const BRICK: (u32, u32) = (40, 20);
/// Side of one ball of `ball.png`, pixels.
pub const BALL: u32 = 12;
/// Side of one paddle tile of `paddle.png`, pixels.
pub const PADDLE_TILE: u32 = 18;
/// Where Debian installs the look, under a data directory.
pub const GFX: &str = "games/lbreakout2/gfx";

/// The picture id of `bricks.png` (`brick_conv_table`, `game/bricks.c`) each slot is drawn
/// from: the import's mapping read backwards (`core/src/import/lbreakout2.rs`, `brick`): plain
/// digits 7 5 3 2 4 8 6 9 are LBreakout2's d–k (ids 10–17).
pub fn picture(slot: ThemeBrick) -> u32 {
    match slot {
        ThemeBrick::Solid => 0,
        ThemeBrick::Metal => 1,
        ThemeBrick::Chaotic => 2,
        ThemeBrick::Strong(hits) => 2 + u32::from(hits.clamp(1, 3)),
        ThemeBrick::Invisible | ThemeBrick::Hidden => 5,
        ThemeBrick::Regenerating(hits) => 6 + u32::from(hits.clamp(1, 3)),
        ThemeBrick::Plain(digit) => match digit {
            7 => 10,
            5 => 11,
            3 => 12,
            2 => 13,
            4 => 14,
            8 => 15,
            6 => 16,
            _ => 17,
        },
        ThemeBrick::Explosive => 18,
        ThemeBrick::Growing => 19,
    }
}

/// The LBreakout2 themes under `data_dir`: `gfx/` if it has `bricks.png`, and each
/// sub-directory of it.
pub fn find(data_dir: &Path) -> Vec<ThemeInfo> {
    let gfx = data_dir.join(GFX);
    if !gfx.join("bricks.png").is_file() {
        return Vec::new();
    }
    let mut found = vec![ThemeInfo {
        name: "lbreakout2".into(),
        title: "LBreakout2".into(),
        source: ThemeSource::LBreakout2 {
            dir: gfx.clone(),
            parent: None,
        },
    }];
    let subs = sub_dirs(&gfx);
    found.extend(subs.into_iter().filter_map(|dir| {
        let sub = dir.file_name()?.to_str()?.to_string();
        Some(ThemeInfo {
            name: slug(&["lbreakout2", &sub]),
            title: format!("LBreakout2: {sub}"),
            source: ThemeSource::LBreakout2 {
                dir,
                parent: Some(gfx.clone()),
            },
        })
    }));
    found
}

/// Reads the file `name` of the theme in `dir`, else of `parent`; colour-keyed.
fn image(theme: &mut Theme, dir: &Path, parent: Option<&Path>, name: &str) -> Option<RgbaImage> {
    let own = dir.join(name);
    let path = match parent {
        Some(parent) if !own.exists() => parent.join(name),
        _ => own,
    };
    let mut image = read_image(theme, &path, false)?;
    colour_key_black(&mut image);
    Some(image)
}

/// Reads the LBreakout2 theme in `dir` (falling back to `parent`, `gfx/`) into `theme`.
pub fn load(dir: &Path, parent: Option<&Path>, theme: &mut Theme) {
    if let Some(bricks) = image(theme, dir, parent, "bricks.png") {
        let count = bricks.width() / BRICK.0;
        if bricks.height() < BRICK.1 || count == 0 {
            theme.problem(&dir.join("bricks.png"), "is smaller than one 40×20 brick");
        }
        for slot in ThemeBrick::ALL {
            let id = picture(slot);
            if id < count && bricks.height() >= BRICK.1 {
                let tile = image::imageops::crop_imm(&bricks, id * BRICK.0, 0, BRICK.0, BRICK.1);
                theme.set_brick(slot, tile.to_image());
            }
        }
    }
    if let Some(balls) = image(theme, dir, parent, "ball.png") {
        if balls.width() >= BALL && balls.height() >= BALL {
            theme.ball = Some(image::imageops::crop_imm(&balls, 0, 0, BALL, BALL).to_image());
        } else {
            theme.problem(&dir.join("ball.png"), "is smaller than one 12×12 ball");
        }
    }
    if let Some(tiles) = image(theme, dir, parent, "paddle.png") {
        theme.paddle = paddle(&tiles);
        if theme.paddle.is_none() {
            theme.problem(&dir.join("paddle.png"), "is smaller than three 18×18 tiles");
        }
    }
    let back_path = dir.join("back0.png");
    let back = read_image(theme, &back_path, false)
        .or_else(|| parent.and_then(|p| read_image(theme, &p.join("back0.png"), false)));
    theme.background = back.and_then(|tile| tiled(&tile));
}

/// The normal paddle, 108×18: the top row's left end, four middles and the right end (the
/// game stretches it to the paddle's width). `None` if `tiles` is smaller than 54×18.
pub fn paddle(tiles: &RgbaImage) -> Option<RgbaImage> {
    let t = PADDLE_TILE;
    if tiles.width() < 3 * t || tiles.height() < t {
        return None;
    }
    let mut out = RgbaImage::new(6 * t, t);
    for i in 0..6 {
        let src = match i {
            0 => 0,
            5 => 2,
            _ => 1,
        };
        let tile = image::imageops::crop_imm(tiles, src * t, 0, t, t).to_image();
        image::imageops::replace(&mut out, &tile, i64::from(i * t), 0);
    }
    Some(out)
}

/// `tile` repeated over a 640×480 picture (LBreakout2's playfield), as LBreakout2 tiles its
/// wallpapers; opaque. `None` for an empty tile.
pub fn tiled(tile: &RgbaImage) -> Option<RgbaImage> {
    let (w, h) = tile.dimensions();
    if w == 0 || h == 0 {
        return None;
    }
    Some(RgbaImage::from_fn(640, 480, |x, y| {
        let mut p = *tile.get_pixel(x % w, y % h);
        p.0[3] = 255;
        p
    }))
}
