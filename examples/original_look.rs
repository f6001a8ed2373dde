//! Draws a level of another Breakout the way the ORIGINAL game lays it out, from the original's
//! own brick pictures, for comparing with what `breakout preview --set FILE --level N` draws
//! (`docs/import.md`, "Faithful: ours beside the originals"; `docs/faithful.sh` makes the pairs):
//!
//! ```sh
//! cargo run --release --example original_look -- --format lbreakout2 \
//!     /usr/share/games/lbreakout2/levels/Afl --level 1 -o afl-1.png [--width 400]
//! ```
//!
//! The level is read with this game's own readers (`breakout::import`), which keep each cell's
//! original brick ([`breakout::import::ImportedLevel::original`]); `--level N` counts the set's
//! imported levels from 1, as `breakout preview --set` does. The pictures come from the
//! unpacked Debian package next to the level file (or `--data DIR`); they are the original
//! games' GPL graphics, read at run time and never part of this repository. What each original
//! does, and what is followed here:
//!
//! * **LBreakout2** (`lbreakout2-data`; LBreakout2 2.6.5's `game/bricks.c` `brick_conv_table`,
//!   `client/bricks.c` `brick_draw`, `client/frame.c` `frame_draw`, `client/theme.c`,
//!   `client/misc.c` `create_shadow`): a 640×480 field; the frame pictures `fr_left.png`,
//!   `fr_top.png` and `fr_right.png` (the walls) at x 0, 40 and 600; brick (col, row) of the
//!   14×18 grid at ((col + 1)·40, (row + 1)·20), the 40×20 tile of `gfx/bricks.png` whose
//!   number the brick character's entry in `brick_conv_table` gives, black being transparent;
//!   the invisible brick `v` is not drawn. Each brick and the frame cast a black shadow of
//!   alpha 128, 8 px right and down; bricks are drawn row by row, and nothing right of x 600.
//! * **KBreakOut** (`kbreakout`; `src/qml/Brick.qml`, `src/qml/globals.js`, `src/qml/logic.js`
//!   `getTypeFromChar`): a field of 20×24 cells of 30×15; the brick on line n (1-based), column
//!   c at (c·30, (n − 1)·15), drawn from the default theme (`themes/default.desktop`, the
//!   Egyptian theme's SVG) by the element named after the brick's type (`PlainBrick1`–`6`,
//!   `MultipleBrick3`, `ExplodingBrick`, `UnbreakableBrick`), stretched to the cell as KDE's
//!   game renderer does; `HiddenBrick` is not drawn. The SVG is rendered by `rsvg-convert`
//!   (Debian package `librsvg2-bin`), which must be installed.
//! * **SDL-Ball** (`sdl-ball-data`; `loadlevel.cpp` `initlevels`, `main.cpp` `textureClass`,
//!   `textureManager::readTexProps`, `brick::draw`, `mkDLscene`, `displayClass::resize`): an
//!   800×600 window (any 4:3 window looks the same), whose 45° perspective at depth 3 shows
//!   2.485 units of height (241.4 px a unit); brick (col, row) centred at (−1.54 + 0.1232·col, 0.95 − 0.07·row), 0.1232×0.07
//!   units; its picture is the first frame of the texture its `gfx/brick/*.txt` names (cell
//!   size `xoffset`×`yoffset`, 1 texel inset with `padding`), multiplied by the `texcolor` of
//!   that file (for the custom brick `D`: its own colour, opaque) and alpha-blended; the side
//!   borders are `gfx/border.png` at |x| 1.60–1.66.
//!
//! The background is plain dark; balls, paddles and the games' backdrops are not drawn.

use anyhow::{anyhow, bail, Context as _};
use breakout::import::{load_set, Format, ImportedLevel, OriginalBrick};
use clap::Parser;
use image::imageops::{self, FilterType};
use image::{Rgba, RgbaImage};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The background of every picture: a plain dark blue-grey.
const BACKGROUND: Rgba<u8> = Rgba([16, 16, 24, 255]);

/// Command-line arguments.
#[derive(Parser)]
#[command(about = "Draw a foreign Breakout level the way the original game does")]
struct Args {
    /// The level file's format: lbreakout2, kbreakout or sdlball.
    #[arg(long)]
    format: String,
    /// The level set file, inside the unpacked package (its pictures are found from there).
    file: PathBuf,
    /// The level: a number counting the set's imported levels from 1.
    #[arg(long, default_value_t = 1)]
    level: usize,
    /// Output PNG file.
    #[arg(short, long)]
    output: PathBuf,
    /// Scale the picture to this width in pixels (default: the original's own size).
    #[arg(long)]
    width: Option<u32>,
    /// The game's data directory (default: from FILE: LBreakout2 and KBreakOut the directory
    /// above the levels' one, SDL-Ball the theme directory holding levels.txt).
    #[arg(long)]
    data: Option<PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let format = match args.format.as_str() {
        "lbreakout2" => Format::LBreakout2,
        "kbreakout" => Format::KBreakOut,
        "sdlball" => Format::SdlBall,
        other => bail!("--format {other}: give lbreakout2, kbreakout or sdlball"),
    };
    let set = load_set(&args.file, Some(format))?;
    let count = set.levels.len();
    let imported = args
        .level
        .checked_sub(1)
        .and_then(|i| set.levels.get(i))
        .ok_or_else(|| anyhow!("--level {}: the set has levels 1 to {count}", args.level))?;
    let data = match &args.data {
        Some(dir) => dir.clone(),
        None => data_dir(format, &args.file)?,
    };
    let picture = match format {
        Format::LBreakout2 => lbreakout2(imported, &data)?,
        Format::KBreakOut => kbreakout(imported, &data)?,
        Format::SdlBall => sdlball(imported, &data)?,
        Format::Gnome => bail!("gnome-breakout is not drawn here"),
    };
    let picture = match args.width {
        Some(w) if w != picture.width() => {
            let h = (u64::from(picture.height()) * u64::from(w) / u64::from(picture.width())).max(1)
                as u32;
            imageops::resize(&picture, w, h, FilterType::Lanczos3)
        }
        _ => picture,
    };
    // The picture is opaque: RGB makes a smaller file.
    image::DynamicImage::ImageRgba8(picture)
        .to_rgb8()
        .save(&args.output)
        .with_context(|| format!("cannot write {}", args.output.display()))?;
    Ok(())
}

/// The game's data directory as the package lays it out around the level file.
fn data_dir(format: Format, file: &Path) -> anyhow::Result<PathBuf> {
    let file = file
        .canonicalize()
        .with_context(|| format!("cannot find {}", file.display()))?;
    let up = if format == Format::SdlBall { 1 } else { 2 };
    file.ancestors()
        .nth(up)
        .map(Path::to_path_buf)
        .ok_or_else(|| anyhow!("{}: no data directory above it", file.display()))
}

/// Reads a PNG into RGBA.
fn load_png(path: &Path) -> anyhow::Result<RgbaImage> {
    Ok(image::open(path)
        .with_context(|| format!("cannot read {}", path.display()))?
        .to_rgba8())
}

/// An image of `width`×`height` filled with [`BACKGROUND`].
fn canvas(width: u32, height: u32) -> RgbaImage {
    RgbaImage::from_pixel(width, height, BACKGROUND)
}

/// Draws `src` over `dst` with its top-left corner at (`x`, `y`), alpha-blended, each pixel's
/// colour and alpha multiplied by `tint` (0–1), and nothing drawn at or right of `clip_right`.
fn blend(dst: &mut RgbaImage, src: &RgbaImage, x: i64, y: i64, tint: [f32; 4], clip_right: i64) {
    for (sx, sy, p) in src.enumerate_pixels() {
        let (dx, dy) = (x + i64::from(sx), y + i64::from(sy));
        if dx < 0 || dy < 0 || dx >= clip_right.min(i64::from(dst.width())) {
            continue;
        }
        if dy >= i64::from(dst.height()) {
            continue;
        }
        let a = f32::from(p[3]) / 255.0 * tint[3];
        if a <= 0.0 {
            continue;
        }
        let d = dst.get_pixel_mut(dx as u32, dy as u32);
        for i in 0..3 {
            let s = f32::from(p[i]) * tint[i];
            d[i] = (s * a + f32::from(d[i]) * (1.0 - a))
                .round()
                .clamp(0.0, 255.0) as u8;
        }
    }
}

/// Makes every pixel of `image` equal to `key` transparent (SDL's colour key).
fn colour_key(image: &mut RgbaImage, key: Rgba<u8>) {
    for p in image.pixels_mut() {
        if p[0] == key[0] && p[1] == key[1] && p[2] == key[2] {
            p[3] = 0;
        }
    }
}

/// `create_shadow` of LBreakout2: black wherever `image` is not transparent.
fn shadow_of(image: &RgbaImage) -> RgbaImage {
    RgbaImage::from_fn(image.width(), image.height(), |x, y| {
        Rgba([0, 0, 0, image.get_pixel(x, y)[3]])
    })
}

/// Colour multiplier that leaves a picture as it is.
const OPAQUE: [f32; 4] = [1.0, 1.0, 1.0, 1.0];

/// LBreakout2's brick picture number for a brick character (`brick_conv_table`), `None` for
/// the invisible brick `v` (`INVIS_BRICK_ID`, never drawn) and characters without a brick.
fn lbreakout2_picture(code: char) -> Option<u32> {
    Some(match code {
        'E' => 0,
        '#' => 1,
        '@' => 2,
        'a'..='c' => 3 + (code as u32 - 'a' as u32),
        'x'..='z' => 7 + (code as u32 - 'x' as u32),
        'd'..='k' => 10 + (code as u32 - 'd' as u32),
        '*' => 18,
        '!' => 19,
        // Grown bricks use the pictures of f–k.
        'F'..='K' => 12 + (code as u32 - 'F' as u32),
        _ => return None,
    })
}

/// An LBreakout2 level: see the module documentation.
fn lbreakout2(imported: &ImportedLevel, data: &Path) -> anyhow::Result<RgbaImage> {
    const BRICK: (u32, u32) = (40, 20);
    const SHADOW: i64 = 8;
    const SHADOW_ALPHA: f32 = 128.0 / 255.0;
    let gfx = data.join("gfx");
    let mut tiles = load_png(&gfx.join("bricks.png"))?;
    // Black is the colour key, unless an odd width adds a column holding another one.
    let key = if tiles.width() % 2 == 1 {
        *tiles.get_pixel(tiles.width() - 1, 0)
    } else {
        Rgba([0, 0, 0, 255])
    };
    colour_key(&mut tiles, key);
    let mut frame = Vec::new();
    for name in ["fr_left.png", "fr_top.png", "fr_right.png"] {
        frame.push(load_png(&gfx.join(name))?);
    }
    // The frame's colour key is the top-right pixel of its right part.
    let right = &frame[2];
    let key = *right.get_pixel(right.width() - 1, 0);
    for part in &mut frame {
        colour_key(part, key);
    }
    let mut out = canvas(640, 480);
    let no_clip = i64::from(out.width());
    let right_x = i64::from(out.width() - frame[2].width());
    let places = [(0, 0), (i64::from(frame[0].width()), 0), (right_x, 0)];
    for (part, (x, y)) in frame.iter().zip(places) {
        let tint = [1.0, 1.0, 1.0, SHADOW_ALPHA];
        blend(
            &mut out,
            &shadow_of(part),
            x + SHADOW,
            y + SHADOW,
            tint,
            no_clip,
        );
        blend(&mut out, part, x, y, OPAQUE, no_clip);
    }
    let cols = imported.level.cols;
    // bricks_draw clips at the right frame: nothing is drawn right of x = 600.
    let clip = no_clip - i64::from(BRICK.0);
    for (i, brick) in imported.original.iter().enumerate() {
        let Some(picture) = brick.and_then(|b| lbreakout2_picture(b.code)) else {
            continue;
        };
        let tile = imageops::crop_imm(&tiles, picture * BRICK.0, 0, BRICK.0, BRICK.1).to_image();
        let x = (i % cols + 1) as i64 * i64::from(BRICK.0);
        let y = (i / cols + 1) as i64 * i64::from(BRICK.1);
        let tint = [1.0, 1.0, 1.0, SHADOW_ALPHA];
        blend(
            &mut out,
            &shadow_of(&tile),
            x + SHADOW,
            y + SHADOW,
            tint,
            clip,
        );
        blend(&mut out, &tile, x, y, OPAQUE, clip);
    }
    Ok(out)
}

/// KBreakOut's sprite name for a brick character (`getTypeFromChar`); `None` for the hidden
/// brick, which is not drawn.
fn kbreakout_sprite(brick: OriginalBrick) -> Option<&'static str> {
    Some(match brick.code {
        '2' => "PlainBrick2",
        '3' => "PlainBrick3",
        '4' => "PlainBrick4",
        '5' => "PlainBrick5",
        '6' => "PlainBrick6",
        'm' => "MultipleBrick3",
        'x' => "ExplodingBrick",
        'u' => "UnbreakableBrick",
        'h' => return None,
        // '1', and any other character, which KBreakOut makes a PlainBrick1.
        _ => "PlainBrick1",
    })
}

/// The SVG file of KBreakOut's default theme: `FileName=` of `themes/default.desktop`.
fn kbreakout_theme(data: &Path) -> anyhow::Result<PathBuf> {
    let themes = data.join("themes");
    let desktop = themes.join("default.desktop");
    let text = std::fs::read_to_string(&desktop)
        .with_context(|| format!("cannot read {}", desktop.display()))?;
    let file = text
        .lines()
        .find_map(|l| l.strip_prefix("FileName="))
        .ok_or_else(|| anyhow!("{}: no FileName=", desktop.display()))?;
    Ok(themes.join(file.trim()))
}

/// The theme's element `id` stretched to `width`×`height` pixels, as KDE's game renderer
/// draws a sprite. `rsvg-convert` renders the whole document at twice its size with a style
/// sheet that hides every element but this one and what it holds, and the picture is cut to
/// its visible part and scaled to the cell. (Its `--export-id` would be simpler, but it loses
/// the pyramid of `PlainBrick1` and places `MultipleBrick3` in a much larger picture.)
fn render_svg_element(svg: &Path, id: &str, width: u32, height: u32) -> anyhow::Result<RgbaImage> {
    let css = std::env::temp_dir().join(format!("original_look-{}-{id}.css", std::process::id()));
    let rule = format!(
        "* {{ visibility: hidden !important; }}\n#{id}, #{id} * {{ visibility: visible !important; }}\n"
    );
    std::fs::write(&css, rule).with_context(|| format!("cannot write {}", css.display()))?;
    let output = Command::new("rsvg-convert")
        .arg("--stylesheet")
        .arg(&css)
        .arg("--zoom=2")
        .arg(svg)
        .output();
    // The style sheet is no longer needed, whatever happened.
    let _ = std::fs::remove_file(&css);
    let output = output.context(
        "cannot run rsvg-convert, which renders KBreakOut's SVG theme (Debian: apt-get install librsvg2-bin)",
    )?;
    if !output.status.success() {
        bail!(
            "rsvg-convert could not render {}: {}",
            svg.display(),
            String::from_utf8_lossy(&output.stderr).trim()
        );
    }
    let image = image::load_from_memory(&output.stdout)
        .with_context(|| format!("rsvg-convert's picture of {id}"))?
        .to_rgba8();
    let seen = image.enumerate_pixels().filter(|(_, _, p)| p[3] > 0);
    let (x0, y0, x1, y1) = seen.fold((u32::MAX, u32::MAX, 0, 0), |(x0, y0, x1, y1), (x, y, _)| {
        (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1))
    });
    if x0 >= x1 {
        bail!("{}: the element {id} draws nothing", svg.display());
    }
    let visible = imageops::crop_imm(&image, x0, y0, x1 - x0, y1 - y0).to_image();
    Ok(imageops::resize(
        &visible,
        width,
        height,
        FilterType::Triangle,
    ))
}

/// A KBreakOut level: see the module documentation.
fn kbreakout(imported: &ImportedLevel, data: &Path) -> anyhow::Result<RgbaImage> {
    const BRICK: (u32, u32) = (30, 15);
    const FIELD: (u32, u32) = (20, 24);
    let svg = kbreakout_theme(data)?;
    let mut sprites: HashMap<&str, RgbaImage> = HashMap::new();
    let mut out = canvas(FIELD.0 * BRICK.0, FIELD.1 * BRICK.1);
    let clip = i64::from(out.width());
    let cols = imported.level.cols;
    for (i, brick) in imported.original.iter().enumerate() {
        let Some(sprite) = brick.and_then(kbreakout_sprite) else {
            continue;
        };
        if !sprites.contains_key(sprite) {
            let image = render_svg_element(&svg, sprite, BRICK.0, BRICK.1)?;
            sprites.insert(sprite, image);
        }
        let x = (i % cols) as i64 * i64::from(BRICK.0);
        let y = (i / cols) as i64 * i64::from(BRICK.1);
        blend(&mut out, &sprites[sprite], x, y, OPAQUE, clip);
    }
    Ok(out)
}

/// What SDL-Ball's `readTexProps` reads from a `gfx/brick/*.txt` file, as far as drawing a
/// still brick needs it.
struct Texture {
    /// The picture.
    image: RgbaImage,
    /// Width and height of a frame, as a fraction of the picture (`xoffset`, `yoffset`).
    frame: (f32, f32),
    /// Whether each frame has a 1-texel border left out (`padding`).
    padding: bool,
    /// The colour the picture is multiplied by (`texcolor`, RGBA 0–1).
    colour: [f32; 4],
}

/// Two hex digits at `s[i..i + 2]` as 0–1 (0 where they are missing or not hex, as `strtol`).
fn hex_unit(s: &str, i: usize) -> f32 {
    let byte = s
        .get(i..i + 2)
        .and_then(|h| u8::from_str_radix(h, 16).ok())
        .unwrap_or(0);
    f32::from(byte) / 255.0
}

/// Reads `gfx/brick/<name>.txt` and the picture it names.
fn sdlball_texture(gfx: &Path, name: &str) -> anyhow::Result<Texture> {
    let path = gfx.join("brick").join(format!("{name}.txt"));
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let (mut file, mut frame, mut padding, mut colour) = (None, (1.0, 1.0), false, [1.0; 4]);
    for line in text.lines() {
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = value.trim();
        match key {
            "file" => file = Some(value.to_string()),
            "xoffset" => frame.0 = value.parse().unwrap_or(1.0),
            "yoffset" => frame.1 = value.parse().unwrap_or(1.0),
            "padding" => padding = value.parse::<i32>().unwrap_or(0) != 0,
            "texcolor" => colour = [0, 2, 4, 6].map(|i| hex_unit(value, i)),
            _ => {}
        }
    }
    let file = file.ok_or_else(|| anyhow!("{}: no file=", path.display()))?;
    Ok(Texture {
        image: load_png(&gfx.join(file))?,
        frame,
        padding,
        colour,
    })
}

/// SDL-Ball's texture for a brick character (`initlevels`, the `texLvl` files of `main.cpp`).
fn sdlball_texture_name(code: char) -> &'static str {
    match code {
        '1' => "blue",
        '2' => "yellow",
        '3' => "cement",
        '4' => "glass",
        '5' => "green",
        '6' => "grey",
        '7' => "purple",
        '8' => "white",
        '9' => "invisible",
        'A' => "red",
        'B' => "explosive",
        'C' => "doom",
        _ => "base", // 'D', coloured by the level
    }
}

/// An SDL-Ball level: see the module documentation.
fn sdlball(imported: &ImportedLevel, data: &Path) -> anyhow::Result<RgbaImage> {
    const SIZE: (u32, u32) = (800, 600);
    // displayClass::resize: 2.485281374 units of height on the screen.
    let unit = SIZE.1 as f32 / 2.485_281_4;
    let px = |x: f32| SIZE.0 as f32 / 2.0 + x * unit;
    let py = |y: f32| SIZE.1 as f32 / 2.0 - y * unit;
    let gfx = data.join("gfx");
    let mut out = canvas(SIZE.0, SIZE.1);
    let clip = i64::from(SIZE.0);
    // mkDLscene: the borders, texture coordinates (0, 0)–(1, −1) clamped: its first row.
    let border = load_png(&gfx.join("border.png"))?;
    for x0 in [-1.66f32, 1.60] {
        let (left, right) = (px(x0).round() as i64, px(x0 + 0.06).round() as i64);
        let width = (right - left).max(1) as u32;
        let row = imageops::crop_imm(&border, 0, 0, border.width(), 1).to_image();
        let strip = imageops::resize(&row, width, SIZE.1, FilterType::Triangle);
        blend(&mut out, &strip, left, 0, OPAQUE, clip);
    }
    let mut textures: HashMap<&str, Texture> = HashMap::new();
    let cols = imported.level.cols;
    for (i, brick) in imported.original.iter().enumerate() {
        let Some(brick) = brick else { continue };
        let name = sdlball_texture_name(brick.code);
        if !textures.contains_key(name) {
            textures.insert(name, sdlball_texture(&gfx, name)?);
        }
        let texture = &textures[name];
        // The brick's colour: the texture's, or the level's own for D (opaque).
        let tint = match brick.colour {
            Some(rgb) => [rgb[0], rgb[1], rgb[2]].map(|c| f32::from(c) / 255.0),
            None => [texture.colour[0], texture.colour[1], texture.colour[2]],
        };
        let alpha = if brick.colour.is_some() {
            1.0
        } else {
            texture.colour[3]
        };
        // Frame 1: the top-left cell of the picture, less a texel all round with padding.
        let (w, h) = texture.image.dimensions();
        let inset = u32::from(texture.padding);
        let fw = ((texture.frame.0 * w as f32).round() as u32).clamp(2 * inset + 1, w);
        let fh = ((texture.frame.1 * h as f32).round() as u32).clamp(2 * inset + 1, h);
        let cell = imageops::crop_imm(&texture.image, inset, inset, fw - 2 * inset, fh - 2 * inset)
            .to_image();
        let (c, r) = ((i % cols) as f32, (i / cols) as f32);
        let (cx, cy) = (-1.54 + 0.1232 * c, 0.95 - 0.07 * r);
        let (left, top) = (px(cx - 0.0616).round(), py(cy + 0.035).round());
        let (right, bottom) = (px(cx + 0.0616).round(), py(cy - 0.035).round());
        let size = (
            (right - left).max(1.0) as u32,
            (bottom - top).max(1.0) as u32,
        );
        let picture = imageops::resize(&cell, size.0, size.1, FilterType::Triangle);
        let tint = [tint[0], tint[1], tint[2], alpha];
        blend(&mut out, &picture, left as i64, top as i64, tint, clip);
    }
    Ok(out)
}
