//! Where levels come from: the shipped levels built into the binary, the override directory's
//! `levels/` (a file there replaces the shipped level of the same name, others are added), the
//! user's levels directory, and files named on the command line.

use super::{embedded, Assets, BUILT_IN_PREFIX};
use crate::level::{Level, LoadError};
use std::path::{Path, PathBuf};

/// A level to load: a shipped one built into the binary, or a file on disk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LevelSource {
    /// A shipped level, built in.
    BuiltIn {
        /// Its name, the file stem (`"01-first-steps"`).
        name: &'static str,
        /// The file's content.
        bytes: &'static [u8],
    },
    /// A level file on disk (live reload watches it while it is played).
    File(PathBuf),
}

impl LevelSource {
    /// The shipped level called `name` (`"01-first-steps"`), if there is one.
    pub fn built_in(name: &str) -> Option<LevelSource> {
        built_in_levels().find(|source| source.stem() == name)
    }

    /// Reads and parses the level. Its [`Level::name`] is the file stem in both cases.
    ///
    /// # Errors
    /// A [`LoadError`] naming the file (`<built-in>/levels/NAME.lvl` for a shipped level).
    pub fn load(&self) -> Result<Level, LoadError> {
        match self {
            LevelSource::File(path) => Level::load(path),
            LevelSource::BuiltIn { name, bytes } => {
                let mut level = Level::parse_bytes(bytes, &self.to_string())?;
                level.name = (*name).to_string();
                Ok(level)
            }
        }
    }

    /// The file on disk, `None` for a built-in level.
    pub fn path(&self) -> Option<&Path> {
        match self {
            LevelSource::File(path) => Some(path),
            LevelSource::BuiltIn { .. } => None,
        }
    }

    /// The file stem: `01-first-steps` for `levels/01-first-steps.lvl`.
    pub fn stem(&self) -> String {
        match self {
            LevelSource::BuiltIn { name, .. } => (*name).to_string(),
            LevelSource::File(path) => path.file_stem().map_or_else(
                || path.display().to_string(),
                |s| s.to_string_lossy().into_owned(),
            ),
        }
    }
}

impl std::fmt::Display for LevelSource {
    /// The path to name in messages: the file's, or `<built-in>/levels/NAME.lvl`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LevelSource::File(path) => write!(f, "{}", path.display()),
            LevelSource::BuiltIn { name, .. } => write!(f, "{BUILT_IN_PREFIX}/levels/{name}.lvl"),
        }
    }
}

/// The shipped levels, in file-name order.
fn built_in_levels() -> impl Iterator<Item = LevelSource> {
    embedded::FILES.iter().filter_map(|file| {
        let name = file.name.strip_prefix("levels/")?.strip_suffix(".lvl")?;
        Some(LevelSource::BuiltIn {
            name,
            bytes: file.bytes,
        })
    })
}

/// Level files (`*.lvl`) in `dir`, sorted by file name. A missing directory gives an empty list.
fn list_levels(dir: &Path) -> Vec<PathBuf> {
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

/// The user's own levels directory (`~/.local/share/breakout/levels` on Linux, from the
/// `directories` crate), whether or not it exists.
pub fn user_levels_dir() -> Option<PathBuf> {
    directories::ProjectDirs::from("", "", "breakout").map(|d| d.data_dir().join("levels"))
}

/// A level offered in the menu: where it comes from and the name shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelEntry {
    /// The level.
    pub source: LevelSource,
    /// `@name:` of the file, else its stem; "(invalid)" is appended if it does not load.
    pub name: String,
}

/// The menu's levels: the shipped ones (each replaced by `levels/<NAME>.lvl` of the override
/// directory if that exists), the override directory's other `*.lvl` files, and those of the
/// user's levels directory ([`user_levels_dir`]); sorted by shown name (case-insensitive, then
/// by source so equal names keep a stable order). A level that fails to load is still listed, so
/// choosing it shows the error.
pub fn menu_levels(assets: &Assets) -> Vec<LevelEntry> {
    menu_levels_from(assets, user_levels_dir().as_deref())
}

/// [`menu_levels`] with the user's levels directory given (`None`: no such directory).
pub fn menu_levels_from(assets: &Assets, user_dir: Option<&Path>) -> Vec<LevelEntry> {
    let overridden = assets
        .override_dir()
        .map(|d| list_levels(&d.join("levels")))
        .unwrap_or_default();
    let mut sources: Vec<LevelSource> = built_in_levels()
        .filter(|b| {
            !overridden
                .iter()
                .any(|p| p.file_stem().is_some_and(|s| *s == *b.stem()))
        })
        .collect();
    sources.extend(overridden.into_iter().map(LevelSource::File));
    sources.extend(
        user_dir
            .map(list_levels)
            .unwrap_or_default()
            .into_iter()
            .map(LevelSource::File),
    );
    let mut entries: Vec<LevelEntry> = sources
        .into_iter()
        .map(|source| {
            let name = match source.load() {
                Ok(level) => level.display_name().to_string(),
                Err(_) => format!("{} (invalid)", source.stem()),
            };
            LevelEntry { source, name }
        })
        .collect();
    entries.sort_by(|a, b| {
        a.name
            .to_lowercase()
            .cmp(&b.name.to_lowercase())
            .then_with(|| a.source.to_string().cmp(&b.source.to_string()))
    });
    entries
}

/// The level a `--level <NAME|PATH>` argument names: an existing file path as is; else the level
/// called NAME, looked for as `levels/NAME.lvl` in the override directory, then among the
/// shipped levels, then as `NAME.lvl` in the user's levels directory.
///
/// # Errors
/// [`LoadError::Io`] naming the argument when it matches none of them.
pub fn resolve_level_arg(assets: &Assets, arg: &str) -> Result<LevelSource, LoadError> {
    resolve_level_arg_in(assets, arg, user_levels_dir().as_deref())
}

/// [`resolve_level_arg`] with the user's levels directory given (`None`: no such directory).
///
/// # Errors
/// As [`resolve_level_arg`].
pub fn resolve_level_arg_in(
    assets: &Assets,
    arg: &str,
    user_dir: Option<&Path>,
) -> Result<LevelSource, LoadError> {
    let path = PathBuf::from(arg);
    if path.is_file() {
        return Ok(LevelSource::File(path));
    }
    let file_name = format!("{arg}.lvl");
    if let Some(dir) = assets.override_dir() {
        let named = dir.join("levels").join(&file_name);
        if named.is_file() {
            return Ok(LevelSource::File(named));
        }
    }
    if let Some(source) = LevelSource::built_in(arg) {
        return Ok(source);
    }
    if let Some(named) = user_dir.map(|d| d.join(&file_name)).filter(|p| p.is_file()) {
        return Ok(LevelSource::File(named));
    }
    let names: Vec<String> = built_in_levels().map(|s| s.stem()).collect();
    Err(LoadError::Io {
        path,
        source: std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "no such file, and no level named so (the shipped levels are {})",
                names.join(", ")
            ),
        ),
    })
}

/// Loads the level a `--level <NAME|PATH>` argument names (see [`resolve_level_arg`]).
///
/// # Errors
/// A [`LoadError`] naming the file, or the argument if it names no level.
pub fn load_level_arg(assets: &Assets, arg: &str) -> Result<Level, LoadError> {
    resolve_level_arg(assets, arg)?.load()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_levels_are_built_in_and_load_with_their_stem_as_name() {
        let source = LevelSource::built_in("01-first-steps").expect("shipped");
        assert_eq!(source.to_string(), "<built-in>/levels/01-first-steps.lvl");
        assert_eq!(source.path(), None);
        let level = source.load().expect("valid");
        assert_eq!(level.name, "01-first-steps");
        assert_eq!(level.display_name(), "01 First Steps");
        assert_eq!(built_in_levels().count(), 8);
    }

    #[test]
    fn names_resolve_to_shipped_levels_and_paths_to_files() {
        let assets = Assets::built_in();
        let none = None;
        let source = resolve_level_arg_in(&assets, "02-gates", none).expect("shipped");
        assert_eq!(source, LevelSource::built_in("02-gates").unwrap());
        let file = std::env::temp_dir().join(format!("breakout-lv-{}.lvl", std::process::id()));
        std::fs::write(&file, "2 2\n").unwrap();
        let arg = file.display().to_string();
        let source = resolve_level_arg_in(&assets, &arg, none).expect("file");
        assert_eq!(source, LevelSource::File(file.clone()));
        let _ = std::fs::remove_file(&file);
        let err = resolve_level_arg_in(&assets, "no-such-level", none).unwrap_err();
        let text = err.to_string();
        assert!(text.starts_with("no-such-level: "), "{text}");
        assert!(text.contains("01-first-steps"), "{text}");
    }

    #[test]
    fn the_menu_lists_shipped_levels_override_replacements_and_user_levels() {
        let dir = std::env::temp_dir().join(format!("breakout-menu-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("mod/levels")).unwrap();
        std::fs::create_dir_all(dir.join("user")).unwrap();
        std::fs::write(dir.join("mod/levels/02-gates.lvl"), "@name: Modded\n2\n").unwrap();
        std::fs::write(dir.join("user/mine.lvl"), "@name: Mine\n3\n").unwrap();
        let assets = Assets::with_override_dir(&dir.join("mod")).expect("override dir");
        let menu = menu_levels_from(&assets, Some(&dir.join("user")));
        let names: Vec<&str> = menu.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names.len(), 9, "{names:?}");
        assert!(names.contains(&"01 First Steps") && names.contains(&"Mine"));
        assert!(
            names.contains(&"Modded") && !names.contains(&"02 Gates"),
            "{names:?}"
        );
        let modded = menu.iter().find(|e| e.name == "Modded").unwrap();
        assert_eq!(
            modded.source.path(),
            Some(&*dir.join("mod/levels/02-gates.lvl"))
        );
        let source = resolve_level_arg_in(&assets, "02-gates", None).unwrap();
        assert_eq!(source, modded.source);
        let mine = resolve_level_arg_in(&assets, "mine", Some(&dir.join("user"))).unwrap();
        assert_eq!(mine.path(), Some(&*dir.join("user/mine.lvl")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
