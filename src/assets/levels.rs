//! Where levels come from: the shipped levels built into the binary, the override directory's
//! `levels/` (a file there replaces the shipped level of the same name, others are added), the
//! user's levels directory, and files named on the command line.

use super::{embedded, Assets, BUILT_IN_PREFIX};
use crate::level::{Level, LoadError};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A level to load: a shipped one built into the binary, a file on disk, or a level of a
/// foreign set file, already converted.
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
    /// A level of a foreign set file (LBreakout2, KBreakOut, SDL-Ball, gnome-breakout), read
    /// by [`crate::import::load_set`] when its set was opened.
    Imported {
        /// The set file.
        set: PathBuf,
        /// 1-based number of the level in the set file.
        number: usize,
        /// The converted level.
        level: Arc<Level>,
    },
    /// A level in the level editor, played as edited now (not as its file is).
    Edited {
        /// The level.
        level: Arc<Level>,
    },
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
            LevelSource::Imported { level, .. } | LevelSource::Edited { level } => {
                Ok(Level::clone(level))
            }
        }
    }

    /// The level's key in the high-score table, unique within its set and independent of its
    /// shown name: the file name (`01-first-steps.lvl`), or `#N` for the N-th level of a
    /// foreign set file.
    pub fn key(&self) -> String {
        match self {
            LevelSource::BuiltIn { name, .. } => format!("{name}.lvl"),
            LevelSource::File(path) => path.file_name().map_or_else(
                || path.display().to_string(),
                |s| s.to_string_lossy().into_owned(),
            ),
            LevelSource::Imported { number, .. } => format!("#{number}"),
            LevelSource::Edited { level } => format!("{}.lvl", level.name),
        }
    }

    /// The file on disk, `None` for a built-in level.
    pub fn path(&self) -> Option<&Path> {
        match self {
            LevelSource::File(path) => Some(path),
            LevelSource::BuiltIn { .. }
            | LevelSource::Imported { .. }
            | LevelSource::Edited { .. } => None,
        }
    }

    /// The file stem: `01-first-steps` for `levels/01-first-steps.lvl`; a foreign set's level:
    /// its name.
    pub fn stem(&self) -> String {
        match self {
            LevelSource::Imported { level, .. } | LevelSource::Edited { level } => {
                level.name.clone()
            }
            LevelSource::BuiltIn { name, .. } => (*name).to_string(),
            LevelSource::File(path) => path.file_stem().map_or_else(
                || path.display().to_string(),
                |s| s.to_string_lossy().into_owned(),
            ),
        }
    }
}

impl std::fmt::Display for LevelSource {
    /// The path to name in messages: the file's, `<built-in>/levels/NAME.lvl`, or
    /// `SETFILE#N` for the N-th level of a foreign set file.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LevelSource::Imported { set, number, .. } => write!(f, "{}#{number}", set.display()),
            LevelSource::File(path) => write!(f, "{}", path.display()),
            LevelSource::BuiltIn { name, .. } => write!(f, "{BUILT_IN_PREFIX}/levels/{name}.lvl"),
            LevelSource::Edited { level } => write!(f, "<editor>/{}.lvl", level.name),
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

/// Level files (`*.lvl`) in `dir`, sorted by file name. A missing or unreadable directory gives
/// an empty list. Listed through [`crate::files::Backend`] (in a browser, its storage: the
/// user's levels live there).
pub fn list_levels(dir: &Path) -> Vec<PathBuf> {
    let mut levels: Vec<PathBuf> = crate::files::list(dir)
        .into_iter()
        .flatten()
        .filter(|p| p.extension().is_some_and(|e| e == "lvl") && crate::files::is_file(p))
        .collect();
    levels.sort();
    levels
}

/// The subdirectories of `dir`, sorted by name (none if it cannot be read).
pub fn subdirectories(dir: &Path) -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = crate::files::list(dir)
        .into_iter()
        .flatten()
        .filter(|p| crate::files::is_dir(p))
        .collect();
    dirs.sort();
    dirs
}

/// The user's own levels directory (`~/.local/share/breakout/levels` on Linux, from the
/// `directories` crate), whether or not it exists.
pub fn user_levels_dir() -> Option<PathBuf> {
    crate::user_dirs::data_dir().map(|d| d.join("levels"))
}

/// The shipped levels as the game plays them, in file-name order: each built-in level, or the
/// override directory's `levels/<NAME>.lvl` in its place if that exists, and the override
/// directory's other `*.lvl` files.
pub fn shipped_levels(assets: &Assets) -> Vec<LevelSource> {
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
    sources.sort_by_key(LevelSource::stem);
    sources
}

/// The level a `--level <NAME|PATH>` argument names: an existing file path as is; else the level
/// called NAME, looked for as `levels/NAME.lvl` in the override directory, then among the
/// shipped levels, then as a mini-game's name (`jumping-jack`, …: [`Level::mini_game`]), then
/// as `NAME.lvl` in the user's levels directory, then in its subdirectories (imported sets, in
/// name order), as the menu lists them.
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
    // A mini-game's name (`jumping-jack`, …): the level it starts from.
    if let Some(kind) = breakout_core::level::MiniGame::from_name(arg) {
        let level = Arc::new(Level::mini_game(kind));
        return Ok(LevelSource::Edited { level });
    }
    if let Some(named) = user_dir.map(|d| d.join(&file_name)).filter(|p| p.is_file()) {
        return Ok(LevelSource::File(named));
    }
    if let Some(named) = user_dir
        .map(subdirectories)
        .unwrap_or_default()
        .into_iter()
        .map(|d| d.join(&file_name))
        .find(|p| p.is_file())
    {
        return Ok(LevelSource::File(named));
    }
    if path.is_dir() {
        return Err(LoadError::Io {
            source: std::io::Error::new(
                std::io::ErrorKind::IsADirectory,
                format!(
                    "Is a directory, not a level file (to play the levels in it, use --set {arg})"
                ),
            ),
            path,
        });
    }
    let names: Vec<String> = built_in_levels().map(|s| s.stem()).collect();
    Err(LoadError::Io {
        path,
        source: std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!(
                "no such file, and no level named so (the shipped levels are {}; the mini-games {})",
                names.join(", "),
                mini_game_names()
            ),
        ),
    })
}

/// The mini-games' names, for messages: `jumping-jack, outbreak, …`.
fn mini_game_names() -> String {
    let names: Vec<&str> = breakout_core::level::MiniGame::ALL
        .iter()
        .map(|g| g.name())
        .collect();
    names.join(", ")
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

    /// Regression (found by a play-test): `--level dir.lvl` naming a directory said "no such
    /// file, and no level named so"; it now says it is a directory and suggests `--set`.
    #[test]
    fn a_directory_given_as_level_is_said_to_be_a_directory_with_a_hint_to_use_set() {
        let assets = Assets::built_in();
        let dir = std::env::temp_dir().join(format!("breakout-dir-{}.lvl", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let arg = dir.display().to_string();
        let text = resolve_level_arg_in(&assets, &arg, None)
            .unwrap_err()
            .to_string();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(text.contains("Is a directory"), "{text}");
        assert!(text.contains(&format!("--set {arg}")), "{text}");
        assert!(!text.contains("no such file"), "{text}");
    }

    #[test]
    fn shipped_levels_take_override_replacements_and_additions_and_names_find_user_levels() {
        let dir = std::env::temp_dir().join(format!("breakout-menu-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("mod/levels")).unwrap();
        std::fs::create_dir_all(dir.join("user/set-b")).unwrap();
        std::fs::write(dir.join("mod/levels/02-gates.lvl"), "@name: Modded\n2\n").unwrap();
        std::fs::write(dir.join("mod/levels/02b-extra.lvl"), "3\n").unwrap();
        std::fs::write(dir.join("user/mine.lvl"), "@name: Mine\n3\n").unwrap();
        std::fs::write(dir.join("user/set-b/deep.lvl"), "3\n").unwrap();
        let assets = Assets::with_override_dir(&dir.join("mod")).expect("override dir");
        let shipped = shipped_levels(&assets);
        let stems: Vec<String> = shipped.iter().map(LevelSource::stem).collect();
        assert_eq!(stems.len(), 9, "{stems:?}");
        assert_eq!(&stems[..3], ["01-first-steps", "02-gates", "02b-extra"]);
        assert_eq!(
            shipped[1].path(),
            Some(&*dir.join("mod/levels/02-gates.lvl"))
        );
        assert_eq!(shipped[1].key(), "02-gates.lvl");
        let source = resolve_level_arg_in(&assets, "02-gates", None).unwrap();
        assert_eq!(source, shipped[1]);
        let user = Some(dir.join("user"));
        let mine = resolve_level_arg_in(&assets, "mine", user.as_deref()).unwrap();
        assert_eq!(mine.path(), Some(&*dir.join("user/mine.lvl")));
        let deep = resolve_level_arg_in(&assets, "deep", user.as_deref()).unwrap();
        assert_eq!(deep.path(), Some(&*dir.join("user/set-b/deep.lvl")));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
