//! Finding the game's data directories (`levels/`, `shaders/`, `textures/`, `audio/`).

use std::path::{Path, PathBuf};

/// Environment variable that overrides where the game looks for its data.
pub const ASSETS_ENV: &str = "BREAKOUT_ASSETS";

/// The root directory holding `levels/`, `shaders/`, `textures/` and `audio/`.
///
/// Looked for, in order: `$BREAKOUT_ASSETS`; the current directory; the executable's directory and
/// its ancestors (so `target/release/breakout` finds the repository); the source directory the
/// binary was built from. A directory qualifies if it has a `shaders/` subdirectory. Falls back to
/// the current directory, so that later errors name a concrete missing file.
pub fn asset_root() -> PathBuf {
    let mut candidates: Vec<PathBuf> = Vec::new();
    if let Some(dir) = std::env::var_os(ASSETS_ENV) {
        return PathBuf::from(dir);
    }
    if let Ok(cwd) = std::env::current_dir() {
        candidates.push(cwd);
    }
    if let Ok(exe) = std::env::current_exe() {
        candidates.extend(exe.ancestors().skip(1).take(4).map(Path::to_path_buf));
    }
    candidates.push(PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    candidates
        .into_iter()
        .find(|dir| dir.join("shaders").is_dir())
        .unwrap_or_else(|| PathBuf::from("."))
}

/// The `levels/` directory under [`asset_root`].
pub fn levels_dir() -> PathBuf {
    asset_root().join("levels")
}

/// Level files (`*.lvl`) in `dir`, sorted by file name. A missing directory gives an empty list.
pub fn list_levels(dir: &Path) -> Vec<PathBuf> {
    let mut levels: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "lvl") && p.is_file())
        .collect();
    levels.sort();
    levels
}

/// Resolves a `--level` argument: an existing file path is used as is; otherwise it is a level
/// name looked up as `levels/<NAME>.lvl`.
pub fn resolve_level(arg: &str) -> PathBuf {
    let path = PathBuf::from(arg);
    if path.is_file() {
        return path;
    }
    let named = levels_dir().join(format!("{arg}.lvl"));
    if named.is_file() {
        named
    } else {
        path
    }
}

/// The user's own levels directory (`~/.local/share/breakout/levels` on Linux, from the
/// `directories` crate), whether or not it exists.
pub fn user_levels_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "breakout").map(|d| d.data_dir().join("levels"))
}

/// A level offered in the menu: its file and the name shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelEntry {
    /// The level file.
    pub path: PathBuf,
    /// `@name:` of the file, else its stem; "(invalid)" is appended if it does not load.
    pub name: String,
}

/// The menu's levels: every `*.lvl` of `dirs`, sorted by shown name (case-insensitive, then by
/// path so equal names keep a stable order). A level that fails to load is still listed, so
/// choosing it shows the error.
pub fn menu_levels(dirs: &[PathBuf]) -> Vec<LevelEntry> {
    let mut entries: Vec<LevelEntry> = dirs
        .iter()
        .flat_map(|d| list_levels(d))
        .map(|path| {
            let stem = path.file_stem().map_or_else(
                || path.display().to_string(),
                |s| s.to_string_lossy().into_owned(),
            );
            let name = match crate::level::Level::load(&path) {
                Ok(level) => level.display_name().to_string(),
                Err(_) => format!("{stem} (invalid)"),
            };
            LevelEntry { path, name }
        })
        .collect();
    entries.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then_with(|| a.path.cmp(&b.path))
    });
    entries
}
