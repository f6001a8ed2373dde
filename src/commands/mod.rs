//! The headless subcommands: `simulate` and `check`.

pub mod check;
pub mod preview;
pub mod simulate;

use crate::level::{Level, LoadError};
use std::path::PathBuf;

/// The file a `--level <NAME|PATH>` argument names: an existing path, else `levels/NAME.lvl`.
///
/// # Errors
/// [`LoadError::Io`] naming the argument when it matches neither.
pub fn resolve_level_arg(arg: &str) -> Result<PathBuf, LoadError> {
    let path = crate::assets::resolve_level(arg);
    if path.exists() {
        return Ok(path);
    }
    let tried = crate::assets::levels_dir().join(format!("{arg}.lvl"));
    Err(LoadError::Io {
        path: PathBuf::from(arg),
        source: std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "no such file, and no level named so ({} does not exist)",
                tried.display()
            ),
        ),
    })
}

/// Loads the level a `--level <NAME|PATH>` argument names (see [`resolve_level_arg`]).
///
/// # Errors
/// A [`LoadError`] naming the file.
pub fn load_level_arg(arg: &str) -> Result<Level, LoadError> {
    Level::load(&resolve_level_arg(arg)?)
}
