//! A player's theme: a directory `<data dir>/themes/<name>/` laid out like the repository's
//! `textures/`: `textures/background.png` (any size), `textures/ball.png` (square),
//! `textures/paddle.png` (any size), `textures/bricks/<slot>.png` (twice as wide as high; slot
//! names from [`ThemeBrick::file_name`]: `plain2`…`plain9`, `strong1`…`strong3`, `solid`, `metal`,
//! `chaotic`, `explosive`, `growing`, `invisible`, `hidden`, `regenerating1`…`3`), and an optional
//! `theme.toml` with `title` and `author`. Each file is optional.

use super::{read_image, slug, sub_dirs, Theme, ThemeBrick, ThemeInfo, ThemeSource};
use image::RgbaImage;
use std::path::Path;

/// What `theme.toml` says.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ThemeToml {
    /// `title = "…"`: the name shown.
    pub title: Option<String>,
    /// `author = "…"`.
    pub author: Option<String>,
}

/// Reads `theme.toml` text leniently: unknown keys are ignored.
///
/// # Errors
/// The TOML error with its line and column, or a key of the wrong type.
pub fn parse_toml(text: &str) -> Result<ThemeToml, String> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| e.to_string())?;
    let string = |key: &str| -> Result<Option<String>, String> {
        match table.get(key) {
            None => Ok(None),
            Some(toml::Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(format!(
                "`{key}` must be a string, not {}",
                other.type_str()
            )),
        }
    };
    Ok(ThemeToml {
        title: string("title")?,
        author: string("author")?,
    })
}

/// The themes in `dir` (the player's `themes/`): one per sub-directory, named after it.
pub fn find(dir: &Path) -> Vec<ThemeInfo> {
    let dirs = sub_dirs(dir);
    dirs.into_iter()
        .filter_map(|path| {
            let dir_name = path.file_name()?.to_str()?.to_string();
            let title = std::fs::read_to_string(path.join("theme.toml"))
                .ok()
                .and_then(|text| parse_toml(&text).ok())
                .and_then(|t| t.title)
                .unwrap_or_else(|| dir_name.clone());
            Some(ThemeInfo {
                name: slug(&[&dir_name]),
                title,
                source: ThemeSource::Player(path),
            })
        })
        .collect()
}

/// Reads the player's theme in `dir` into `theme`: each file present and good is used, every
/// other piece stays built in (a bad or wrong-sized file is a problem).
pub fn load(dir: &Path, theme: &mut Theme) {
    let toml_path = dir.join("theme.toml");
    if let Ok(text) = std::fs::read_to_string(&toml_path) {
        if let Err(e) = parse_toml(&text) {
            theme.problem(&toml_path, e);
        }
    }
    let textures = dir.join("textures");
    theme.background = read_image(theme, &textures.join("background.png"), false);
    theme.paddle = read_image(theme, &textures.join("paddle.png"), false);
    let ball_path = textures.join("ball.png");
    theme.ball = read_image(theme, &ball_path, false)
        .and_then(|image| sized(theme, &ball_path, image, |w, h| w == h, "square"));
    for slot in ThemeBrick::ALL {
        let path = textures.join(format!("bricks/{}.png", slot.file_name()));
        if let Some(image) = read_image(theme, &path, false).and_then(|image| {
            sized(
                theme,
                &path,
                image,
                |w, h| w == 2 * h,
                "twice as wide as high",
            )
        }) {
            theme.set_brick(slot, image);
        }
    }
}

/// `image` if `ok(width, height)`, else a problem saying it should be `wanted`.
fn sized(
    theme: &mut Theme,
    path: &Path,
    image: RgbaImage,
    ok: impl Fn(u32, u32) -> bool,
    wanted: &str,
) -> Option<RgbaImage> {
    let (w, h) = image.dimensions();
    if ok(w, h) {
        Some(image)
    } else {
        theme.problem(path, format!("is {w}×{h}, must be {wanted}"));
        None
    }
}
