//! Where other games' packages install their level sets, and the data directories looked in:
//! names only, no file is read (`super::sets` makes the menu's sets of them).

use super::levels::subdirectories;
use crate::import::{Format, Installed};
use std::ffi::OsStr;
use std::path::{Path, PathBuf};

/// `$XDG_DATA_DIRS` when it is unset or empty (the XDG Base Directory specification's default).
pub const DEFAULT_DATA_DIRS: &str = "/usr/local/share:/usr/share";

/// The directories of `$XDG_DATA_DIRS` given its `value`: the absolute entries of the
/// colon-separated list (relative ones are ignored, as the XDG Base Directory specification
/// says), or [`DEFAULT_DATA_DIRS`] when it is unset or has none. None in a browser (no
/// installed games there; a player drops their files on the page).
pub fn data_dirs(value: Option<&OsStr>) -> Vec<PathBuf> {
    if cfg!(target_arch = "wasm32") {
        return Vec::new();
    }
    let parse = |v: &OsStr| -> Vec<PathBuf> {
        std::env::split_paths(v)
            .filter(|p| p.is_absolute())
            .collect()
    };
    let dirs = value.map(parse).unwrap_or_default();
    if dirs.is_empty() {
        parse(OsStr::new(DEFAULT_DATA_DIRS))
    } else {
        dirs
    }
}

/// Files in `dir` whose name `keep` accepts, sorted (none if it cannot be read; hidden files
/// are left out).
pub fn files_in(dir: &Path, keep: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.is_file()
                && p.file_name()
                    .and_then(OsStr::to_str)
                    .is_some_and(|n| !n.starts_with('.') && keep(n))
        })
        .collect();
    files.sort();
    files
}

/// The installed games' set files under one data directory (`/usr/share`), where Debian puts
/// them, each with its format: each format's [`crate::import::FormatDef::installed`], in the
/// order of [`Format::ALL`]. Only names are listed; no file is read.
pub fn foreign_set_files(data_dir: &Path) -> Vec<(PathBuf, Format)> {
    let mut sets = Vec::new();
    for format in Format::ALL {
        let files = match format.def().installed {
            Installed::Files { dir, suffix } => {
                files_in(&data_dir.join(dir), |n| n.ends_with(suffix))
            }
            Installed::InSubdirectories { dirs, file } => dirs
                .iter()
                .flat_map(|dir| subdirectories(&data_dir.join(dir)))
                .map(|theme| theme.join(file))
                .filter(|p| p.is_file())
                .collect(),
        };
        sets.extend(files.into_iter().map(|path| (path, format)));
    }
    sets
}
