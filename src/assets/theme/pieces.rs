//! A theme's pieces and where they come from ([`Theme`], [`ThemeInfo`], [`ThemeSource`]), and
//! what every reader shares: reading an image with its fallback ([`read_image`]), LBreakout2's
//! black colour key, a theme's name from its parts ([`slug`]). The readers are the sibling
//! files; [`Theme::load`] (in `mod.rs`) dispatches to them.

use super::slots::{ThemeBrick, ThemeLook, ATLAS_SIZE, CELL_HEIGHT, CELL_WIDTH};
use image::RgbaImage;
use std::path::{Path, PathBuf};

/// Name of the built-in theme, the default.
pub const BUILT_IN: &str = "breakout";

/// Where a theme comes from: one reader each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThemeSource {
    /// The game's own look.
    BuiltIn,
    /// A player's directory laid out like the repository's `textures/` ([`player`](super::player)).
    Player(PathBuf),
    /// LBreakout2's `gfx/` directory, or one of its named sub-themes with `gfx/` as its
    /// fallback ([`lbreakout2`](super::lbreakout2)).
    LBreakout2 {
        /// The theme's directory.
        dir: PathBuf,
        /// `gfx/` itself when `dir` is a sub-theme.
        parent: Option<PathBuf>,
    },
    /// One of KBreakOut's `.svgz` themes ([`kbreakout`](super::kbreakout)).
    KBreakOut(PathBuf),
    /// SDL-Ball's `default/gfx/` directory ([`sdl_ball`](super::sdl_ball)).
    SdlBall(PathBuf),
}

impl ThemeSource {
    /// Where it comes from, for `breakout themes`: "built in" or the path read.
    pub fn describe(&self) -> String {
        match self {
            ThemeSource::BuiltIn => "built in".into(),
            ThemeSource::Player(dir)
            | ThemeSource::LBreakout2 { dir, .. }
            | ThemeSource::KBreakOut(dir)
            | ThemeSource::SdlBall(dir) => dir.display().to_string(),
        }
    }
}

/// A theme found: its name (what `--theme` and `[graphics] theme` take), title and source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeInfo {
    /// Short name without spaces: `breakout`, `lbreakout2-oz`, `kbreakout-iceworld`.
    pub name: String,
    /// What the settings screen shows: "LBreakout2: Oz".
    pub title: String,
    /// Where it is read from.
    pub source: ThemeSource,
}

impl ThemeInfo {
    /// The built-in theme.
    pub fn built_in() -> ThemeInfo {
        ThemeInfo {
            name: BUILT_IN.into(),
            title: "Breakout".into(),
            source: ThemeSource::BuiltIn,
        }
    }
}

/// A loaded theme: its images (`None`: the built-in piece) and the problems met reading it.
#[derive(Clone, Debug)]
pub struct Theme {
    /// Which theme this is.
    pub info: ThemeInfo,
    /// One image per [`ThemeBrick::ALL`] slot, any size (drawn into an atlas cell).
    pub bricks: Vec<Option<RgbaImage>>,
    /// The ball, any size (stretched over the ball's square).
    pub ball: Option<RgbaImage>,
    /// The paddle, any size (stretched over the paddle's rectangle).
    pub paddle: Option<RgbaImage>,
    /// The background, any size (stretched over the playfield).
    pub background: Option<RgbaImage>,
    problems: Vec<String>,
}

impl Theme {
    /// A theme with no piece of its own (the built-in look), named by `info`.
    pub fn empty(info: ThemeInfo) -> Theme {
        Theme {
            info,
            bricks: vec![None; ThemeBrick::ALL.len()],
            ball: None,
            paddle: None,
            background: None,
            problems: Vec::new(),
        }
    }

    /// What could not be read, one line each naming the file ("built-in piece used").
    pub fn problems(&self) -> &[String] {
        &self.problems
    }

    /// Records a problem: one log line, kept for the settings screen.
    pub fn problem(&mut self, path: &Path, what: impl std::fmt::Display) {
        let line = format!("{}: {what}; the built-in piece is used", path.display());
        log::warn!("theme {}: {line}", self.info.name);
        self.problems.push(line);
    }

    /// Which pieces the theme has (what the view needs).
    pub fn look(&self) -> ThemeLook {
        let mut bricks = [false; ThemeBrick::ALL.len()];
        for (flag, image) in bricks.iter_mut().zip(&self.bricks) {
            *flag = image.is_some();
        }
        ThemeLook {
            bricks,
            ball: self.ball.is_some(),
            paddle: self.paddle.is_some(),
            background: self.background.is_some(),
        }
    }

    /// Sets the image of `slot`.
    pub fn set_brick(&mut self, slot: ThemeBrick, image: RgbaImage) {
        self.bricks[slot.index()] = Some(image);
    }

    /// The brick atlas: [`ATLAS_SIZE`] square, each slot's image resized into its cell
    /// ([`ThemeBrick::uv`]); cells of slots the theme lacks are transparent.
    pub fn brick_atlas(&self) -> RgbaImage {
        let mut atlas = RgbaImage::new(ATLAS_SIZE, ATLAS_SIZE);
        for (slot, image) in ThemeBrick::ALL.iter().zip(&self.bricks) {
            let Some(image) = image else { continue };
            let cell = image::imageops::resize(
                image,
                CELL_WIDTH,
                CELL_HEIGHT,
                image::imageops::FilterType::Triangle,
            );
            let i = slot.index() as u32;
            let (x, y) = (
                (i % (ATLAS_SIZE / CELL_WIDTH)) * CELL_WIDTH,
                (i / (ATLAS_SIZE / CELL_WIDTH)) * CELL_HEIGHT,
            );
            image::imageops::replace(&mut atlas, &cell, i64::from(x), i64::from(y));
        }
        atlas
    }
}

/// Reads and decodes the image at `path` (PNG; JPEG is not read); a problem on `theme` and
/// `None` if it is missing (`required`), unreadable or undecodable.
pub fn read_image(theme: &mut Theme, path: &Path, required: bool) -> Option<RgbaImage> {
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => return None,
        Err(e) => {
            theme.problem(path, format!("cannot read: {e}"));
            return None;
        }
    };
    match decode(&bytes) {
        Ok(image) => Some(image),
        Err(e) => {
            theme.problem(path, e);
            None
        }
    }
}

/// Decodes PNG `bytes` to RGBA; the error says why not (truncated, not a PNG, too large).
///
/// # Errors
/// The decoder's message, or "larger than 4096×4096" for an image the game will not hold.
pub fn decode(bytes: &[u8]) -> Result<RgbaImage, String> {
    let mut reader =
        image::ImageReader::with_format(std::io::Cursor::new(bytes), image::ImageFormat::Png);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(4096);
    limits.max_image_height = Some(4096);
    limits.max_alloc = Some(64 << 20);
    reader.limits(limits);
    reader
        .decode()
        .map(|image| image.to_rgba8())
        .map_err(|e| format!("does not decode: {e}"))
}

/// Makes every black pixel of `image` transparent: LBreakout2's colour key (LBreakoutHD:
/// "Black is no longer used as color key (only for old LBreakout2 themes)"). Black as a 16-bit
/// (RGB565) display, LBreakout2's usual mode, sees it: red and blue below 8, green below 4 — its
/// `ball.png` is drawn on (2, 2, 2).
pub fn colour_key_black(image: &mut RgbaImage) {
    for pixel in image.pixels_mut() {
        let [r, g, b, _] = pixel.0;
        if r < 8 && g < 4 && b < 8 {
            pixel.0[3] = 0;
        }
    }
}

/// A name made of `parts`: lower case, spaces and punctuation as `-`.
pub fn slug(parts: &[&str]) -> String {
    let joined = parts.join("-").to_lowercase();
    let mut out = String::new();
    for c in joined.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').to_string()
}

/// The directories directly inside `dir`, sorted by path (a theme's sub-themes, the player's
/// themes); none when `dir` cannot be read.
pub fn sub_dirs(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    dirs
}
