//! The game's own directories on this system, from the `directories` crate (`breakout` under
//! the user's data and configuration directories), named in one place. The core crate never
//! looks these up: it takes directories as arguments. In a browser they are the virtual
//! directories [`crate::user_files::DATA_DIR`] and [`crate::user_files::CONFIG_DIR`], whose
//! files the browser's storage keeps ([`crate::user_files`]).

use std::path::PathBuf;

/// The game's project directories; `None` where the system names no home directory.
#[cfg(not(target_arch = "wasm32"))]
fn project_dirs() -> Option<directories::ProjectDirs> {
    directories::ProjectDirs::from("", "", "breakout")
}

/// The game's data directory (`~/.local/share/breakout` on Linux, `%APPDATA%\breakout\data`
/// on Windows), whether or not it exists: replays, probes, high scores, the user's levels and
/// assets, the crash report. `None` where the system names no home directory.
pub fn data_dir() -> Option<PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    return project_dirs().map(|d| d.data_dir().to_path_buf());
    #[cfg(target_arch = "wasm32")]
    return Some(PathBuf::from(crate::user_files::DATA_DIR));
}

/// The game's configuration directory (`~/.config/breakout` on Linux), whether or not it
/// exists: where `breakout.toml` is looked for after the working directory. `None` where the
/// system names no home directory.
pub fn config_dir() -> Option<PathBuf> {
    #[cfg(not(target_arch = "wasm32"))]
    return project_dirs().map(|d| d.config_dir().to_path_buf());
    #[cfg(target_arch = "wasm32")]
    return Some(PathBuf::from(crate::user_files::CONFIG_DIR));
}
