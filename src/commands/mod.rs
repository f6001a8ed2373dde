//! The headless subcommands: `simulate` and `check`.

pub mod check;
pub mod preview;
pub mod simulate;

use crate::level::{Level, LoadError};
use std::path::PathBuf;

/// Loads the level a `--level <NAME|PATH>` argument names.
///
/// # Errors
/// A [`LoadError`] naming the file; for a name that matches neither a file nor `levels/NAME.lvl`,
/// the I/O error says so.
pub fn load_level_arg(arg: &str) -> Result<Level, LoadError> {
    let path = crate::assets::resolve_level(arg);
    if !path.exists() {
        let tried = crate::assets::levels_dir().join(format!("{arg}.lvl"));
        return Err(LoadError::Io {
            path: PathBuf::from(arg),
            source: std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!(
                    "no such file, and no level named so ({} does not exist)",
                    tried.display()
                ),
            ),
        });
    }
    Level::load(&path)
}
