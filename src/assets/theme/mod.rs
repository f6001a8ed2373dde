//! Themes: how the game looks. A theme supplies images for the bricks (one per
//! [`ThemeBrick`] slot), the ball, the paddle and the background; every piece it lacks, or
//! whose file is missing, truncated, wrong-sized or undecodable, is the built-in one
//! (LBreakoutHD's per-file fallback, `Theme::testRc` in `src/theme.cpp`), with one log line and
//! the problem listed ([`Theme::problems`]) for the settings screen. Loading never fails.
//!
//! Themes found ([`themes`]): the built-in look ([`BUILT_IN`]); the player's directories
//! `<data dir>/themes/<name>/` ([`player`]); and the looks of the other Breakouts installed
//! under `$XDG_DATA_DIRS`, read where Debian installs them, never copied:
//! LBreakout2's ([`lbreakout2`]), KBreakOut's SVG themes ([`kbreakout`]) and SDL-Ball's
//! ([`sdl_ball`]).

#[cfg(not(target_arch = "wasm32"))]
pub mod kbreakout;
pub mod lbreakout2;
mod pieces;
pub mod player;
pub mod sdl_ball;
mod slots;

pub use pieces::{
    colour_key_black, decode, read_image, slug, sub_dirs, Theme, ThemeInfo, ThemeSource, BUILT_IN,
};
pub use slots::{ThemeBrick, ThemeLook, ATLAS_SIZE, CELL_HEIGHT, CELL_WIDTH};

use std::path::{Path, PathBuf};

impl Theme {
    /// Reads the theme `info` names; every piece that cannot be read is the built-in one and
    /// a problem ([`Theme::problems`]). Never fails.
    pub fn load(info: &ThemeInfo) -> Theme {
        let mut theme = Theme::empty(info.clone());
        match &info.source {
            ThemeSource::BuiltIn => {}
            ThemeSource::Player(dir) => player::load(dir, &mut theme),
            ThemeSource::LBreakout2 { dir, parent } => {
                lbreakout2::load(dir, parent.as_deref(), &mut theme)
            }
            #[cfg(not(target_arch = "wasm32"))]
            ThemeSource::KBreakOut(file) => kbreakout::load(file, &mut theme),
            #[cfg(target_arch = "wasm32")]
            ThemeSource::KBreakOut(_) => {}
            ThemeSource::SdlBall(dir) => sdl_ball::load(dir, &mut theme),
        }
        theme
    }
}

/// Every theme found: the built-in one first, then the player's, then the installed games'
/// (under the directories of `$XDG_DATA_DIRS`), each name once (the first found wins).
pub fn themes() -> Vec<ThemeInfo> {
    let data_dirs = super::installed::data_dirs(std::env::var_os("XDG_DATA_DIRS").as_deref());
    let player_dir = crate::user_dirs::data_dir().map(|d| d.join("themes"));
    themes_in(player_dir.as_deref(), &data_dirs)
}

/// [`themes`] with the player's theme directory and the data directories given.
pub fn themes_in(player_dir: Option<&Path>, data_dirs: &[PathBuf]) -> Vec<ThemeInfo> {
    let mut found = vec![ThemeInfo::built_in()];
    if let Some(dir) = player_dir {
        found.extend(player::find(dir));
    }
    for data_dir in data_dirs {
        found.extend(lbreakout2::find(data_dir));
        #[cfg(not(target_arch = "wasm32"))]
        found.extend(kbreakout::find(data_dir));
        found.extend(sdl_ball::find(data_dir));
    }
    let mut seen = std::collections::HashSet::new();
    found.retain(|info| seen.insert(info.name.clone()));
    found
}

/// The theme named `name` (its name or title, any case) among `found`.
pub fn find<'a>(found: &'a [ThemeInfo], name: &str) -> Option<&'a ThemeInfo> {
    found
        .iter()
        .find(|i| i.name.eq_ignore_ascii_case(name) || i.title.eq_ignore_ascii_case(name))
}

/// The theme named `name` among [`themes`], loaded (its problems logged and listed).
///
/// # Errors
/// No theme has that name: the message lists the names there are.
pub fn load_named(name: &str) -> Result<Theme, String> {
    let found = themes();
    match find(&found, name) {
        Some(info) => Ok(Theme::load(info)),
        None => Err(format!(
            "no theme named '{name}'; there are: {}",
            found
                .iter()
                .map(|i| i.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// The name of the theme after (`dir` > 0) or before `current` among [`themes`], wrapping
/// round (the settings screen's Theme row); the built-in one if `current` is not found.
pub fn next_name(current: &str, dir: i32) -> String {
    let found = themes();
    let n = found.len();
    let at = found
        .iter()
        .position(|i| i.name.eq_ignore_ascii_case(current));
    let next = match at {
        Some(i) if dir < 0 => (i + n - 1) % n,
        Some(i) => (i + 1) % n,
        None => 0,
    };
    found[next].name.clone()
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
