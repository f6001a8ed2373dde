//! Level sets: what the menu lists and what a run plays through, in order.
//!
//! A set is the shipped levels (built in, see [`super::embedded`]), the user's levels directory
//! (`~/.local/share/breakout/levels`), any directory of `.lvl` files (`breakout import` writes
//! `DIR/<set>/NN-name.lvl`), or another game's set file, read by [`crate::import::load_set`].
//!
//! [`discover`] lists the sets without reading a foreign file, so start-up stays fast with the
//! 113 LBreakout2 sets; [`LevelSetSource::open`] reads one when it is chosen. Nothing here
//! touches OpenGL; nothing panics on bad files (an error comes back instead).

use super::installed::foreign_set_files;
use super::levels::{list_levels, shipped_levels, subdirectories, user_levels_dir};
use super::{Assets, LevelSource};
use crate::import::{self, Format, ImportError, SetName};
use crate::level::LoadError;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The high-score key of the shipped set.
pub const SHIPPED_KEY: &str = "shipped";
/// The high-score key of the user's levels directory.
pub const USER_KEY: &str = "user";
pub use super::installed::{data_dirs, DEFAULT_DATA_DIRS};
pub use super::set_level::SetLevel;
pub use super::set_start::{resolve_start, sets_at};

/// Where a level set comes from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LevelSetSource {
    /// The shipped levels (with the override directory's replacements and additions).
    Shipped,
    /// The user's levels directory.
    UserDir(PathBuf),
    /// A directory of `.lvl` files, played in file-name order.
    Directory(PathBuf),
    /// Another game's set file, in `format` (`None`: detected from the content).
    Foreign {
        /// The set file.
        path: PathBuf,
        /// Its format, when known from where it was found.
        format: Option<Format>,
    },
    /// The six bonus mini-games, each played alone ([`super::bonus_levels::mini_games`]).
    MiniGames,
    /// Every other set merged and shuffled ([`super::freakout`]), with this shuffle seed
    /// (`None`: a new one each time it is opened).
    Freakout {
        /// The shuffle seed.
        seed: Option<u64>,
    },
}

/// How the menus and the window's title name a foreign set called `name` (its own title where
/// its format has one, else its file's or theme's name): after its game's name, so sets of two
/// games both called "default" stay apart ("SDL-Ball: default", "KBreakOut: default").
pub fn foreign_label(format: Format, name: &str) -> String {
    format!("{}: {name}", format.def().game)
}

impl LevelSetSource {
    /// The set's name, known without reading a foreign file: "Breakout", "My levels", a
    /// directory's name, an LBreakout2 file's name, a KBreakOut or gnome-breakout file's stem,
    /// or an SDL-Ball theme's directory name.
    pub fn name(&self) -> String {
        let file_name = |p: &Path| {
            p.file_name()
                .map_or_else(|| p.display().to_string(), |s| s.to_string_lossy().into())
        };
        match self {
            LevelSetSource::Shipped => "Breakout".to_string(),
            LevelSetSource::UserDir(_) => "My levels".to_string(),
            LevelSetSource::MiniGames => "Mini games".to_string(),
            LevelSetSource::Freakout { .. } => "Freakout".to_string(),
            LevelSetSource::Directory(dir) => file_name(dir),
            LevelSetSource::Foreign { path, format } => match format.map(|f| f.def().set_name) {
                Some(SetName::Directory) => {
                    path.parent().map_or_else(|| file_name(path), file_name)
                }
                Some(SetName::FileName) => file_name(path),
                Some(SetName::FileStem) | None => path
                    .file_stem()
                    .map_or_else(|| file_name(path), |s| s.to_string_lossy().into()),
            },
        }
    }

    /// The menu's label: the name, after the game's name for a foreign set
    /// ("LBreakout2: Arkanoid", see [`foreign_label`]). A gnome-breakout set's own title is
    /// known only once it is read: [`OpenedSet::name`] has it.
    pub fn label(&self) -> String {
        match self {
            LevelSetSource::Foreign {
                format: Some(format),
                ..
            } => foreign_label(*format, &self.name()),
            _ => self.name(),
        }
    }

    /// The set's key in the high-score table: [`SHIPPED_KEY`], [`USER_KEY`],
    /// [`super::bonus_levels::MINI_GAMES_KEY`], Freakout's with its seed
    /// ([`super::freakout::seed_key`]), or the directory's or file's path (absolute where it
    /// can be made so).
    pub fn key(&self) -> String {
        let absolute = |p: &Path| {
            std::path::absolute(p)
                .unwrap_or_else(|_| p.to_path_buf())
                .display()
                .to_string()
        };
        match self {
            LevelSetSource::Shipped => SHIPPED_KEY.to_string(),
            LevelSetSource::UserDir(_) => USER_KEY.to_string(),
            LevelSetSource::MiniGames => super::bonus_levels::MINI_GAMES_KEY.to_string(),
            LevelSetSource::Freakout { seed: None } => super::freakout::FREAKOUT_KEY.to_string(),
            LevelSetSource::Freakout { seed: Some(seed) } => super::freakout::seed_key(*seed),
            LevelSetSource::Directory(dir) => absolute(dir),
            LevelSetSource::Foreign { path, .. } => absolute(path),
        }
    }

    /// Whether the set may hold scores of the old high-score file, which were kept by shown
    /// level name before sets existed: the shipped set and the user's levels.
    pub fn has_legacy_scores(&self) -> bool {
        matches!(self, LevelSetSource::Shipped | LevelSetSource::UserDir(_))
    }

    /// The number of levels, when it is known without reading a foreign file (`None` for a
    /// foreign set and Freakout).
    pub fn count_hint(&self, assets: &Assets) -> Option<usize> {
        match self {
            LevelSetSource::Shipped => Some(shipped_levels(assets).len()),
            LevelSetSource::UserDir(dir) | LevelSetSource::Directory(dir) => {
                Some(list_levels(dir).len())
            }
            LevelSetSource::MiniGames => Some(crate::level::MiniGame::ALL.len()),
            LevelSetSource::Foreign { .. } | LevelSetSource::Freakout { .. } => None,
        }
    }

    /// Reads the set: lists a directory's levels (each parsed for its name), or reads a foreign
    /// file with [`import::load_set`].
    ///
    /// # Errors
    /// [`SetError::Import`] for a foreign file that cannot be read or converted (with its
    /// file:line:column); [`SetError::Empty`] for a set with no level to play.
    pub fn open(&self, assets: &Assets) -> Result<OpenedSet, SetError> {
        let levels: Vec<SetLevel> = match self {
            LevelSetSource::Shipped => named(shipped_levels(assets)),
            LevelSetSource::MiniGames => super::bonus_levels::mini_games(),
            LevelSetSource::Freakout { seed } => {
                let seed = seed.unwrap_or_else(super::freakout::fresh_seed);
                let levels = freakout_levels(&discover_from_env(), assets, seed)?;
                let source = LevelSetSource::Freakout { seed: Some(seed) };
                let name = format!("Freakout (shuffle {seed:016x})");
                return finish(&source, name, levels);
            }
            LevelSetSource::UserDir(dir) | LevelSetSource::Directory(dir) => named(
                list_levels(dir)
                    .into_iter()
                    .map(LevelSource::File)
                    .collect(),
            ),
            LevelSetSource::Foreign { path, format } => {
                let set = import::load_set(path, *format).map_err(SetError::Import)?;
                let opened = set
                    .levels
                    .into_iter()
                    .map(|imported| SetLevel {
                        name: imported.level.display_name().to_string(),
                        source: LevelSource::Imported {
                            set: path.clone(),
                            number: imported.number,
                            level: Arc::new(imported.level),
                        },
                    })
                    .collect();
                return finish(self, foreign_label(set.format, &set.name), opened);
            }
        };
        finish(self, self.name(), levels)
    }
}

/// The opened set, or [`SetError::Empty`] if it has no level.
fn finish(
    source: &LevelSetSource,
    name: String,
    levels: Vec<SetLevel>,
) -> Result<OpenedSet, SetError> {
    if levels.is_empty() {
        return Err(SetError::Empty {
            set: source.to_string(),
        });
    }
    Ok(OpenedSet {
        source: source.clone(),
        name,
        levels,
    })
}

/// The levels of every set in `sets` that opens (the Freakout and mini-game sets left out), in
/// the order of `sets`, each named after its set, shuffled with `seed`
/// ([`super::freakout::shuffle`]). A set that does not open is logged and skipped.
///
/// # Errors
/// [`SetError::Empty`] if no set gave a level.
fn freakout_levels(
    sets: &[LevelSetSource],
    assets: &Assets,
    seed: u64,
) -> Result<Vec<SetLevel>, SetError> {
    let mut levels = Vec::new();
    let merged = sets.iter().filter(|s| {
        !matches!(
            s,
            LevelSetSource::Freakout { .. } | LevelSetSource::MiniGames
        )
    });
    for set in merged {
        match set.open(assets) {
            Ok(opened) => levels.extend(opened.levels.into_iter().map(|l| SetLevel {
                name: format!("{} ({})", l.name, opened.name),
                ..l
            })),
            Err(e) => log::warn!("Freakout leaves out {set}: {e}"),
        }
    }
    super::freakout::shuffle(&mut levels, seed);
    Ok(levels)
}

/// Each level with its shown name: `@name:` or the file stem; "(invalid)" after the stem if
/// it does not load (it is still listed, so choosing it shows why).
pub(super) fn named(sources: Vec<LevelSource>) -> Vec<SetLevel> {
    sources
        .into_iter()
        .map(|source| SetLevel {
            name: match source.load() {
                Ok(level) => level.display_name().to_string(),
                Err(_) => format!("{} (invalid)", source.stem()),
            },
            source,
        })
        .collect()
}

impl std::fmt::Display for LevelSetSource {
    /// How messages name the set: `<built-in>/levels`, or its directory or file.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LevelSetSource::Shipped => write!(f, "{}/levels", super::BUILT_IN_PREFIX),
            LevelSetSource::MiniGames | LevelSetSource::Freakout { .. } => {
                write!(f, "<{}>", self.key())
            }
            LevelSetSource::UserDir(p) | LevelSetSource::Directory(p) => {
                write!(f, "{}", p.display())
            }
            LevelSetSource::Foreign { path, .. } => write!(f, "{}", path.display()),
        }
    }
}

/// A set that was read: its levels in play order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenedSet {
    /// Where it came from.
    pub source: LevelSetSource,
    /// Its name as the set list, its level list and the window's title show it: a foreign
    /// set's own title where it has one, after its game's name ([`foreign_label`]).
    pub name: String,
    /// Its levels, in play order (never empty).
    pub levels: Vec<SetLevel>,
}

impl OpenedSet {
    /// The index of the level a `--level` argument names within the set: a number counting
    /// from 1, else a file stem, file name or shown name (ASCII case ignored).
    ///
    /// # Errors
    /// [`SetError::NoLevel`] naming the argument and the set.
    pub fn find_level(&self, arg: &str) -> Result<usize, SetError> {
        let by_number = arg
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=self.levels.len()).contains(n))
            .map(|n| n - 1);
        by_number
            .or_else(|| {
                self.levels.iter().position(|l| {
                    [l.source.stem(), l.source.key(), l.name.clone()]
                        .iter()
                        .any(|s| s.eq_ignore_ascii_case(arg))
                })
            })
            .ok_or_else(|| SetError::NoLevel {
                arg: arg.to_string(),
                set: self.source.to_string(),
                count: self.levels.len(),
            })
    }
}

/// Why a set could not be opened, or a level in it not found.
#[derive(Debug, thiserror::Error)]
pub enum SetError {
    /// A foreign set file that could not be read or converted.
    #[error(transparent)]
    Import(ImportError),
    /// A set with no level to play.
    #[error("{set}: no levels in this set")]
    Empty {
        /// The set, as [`LevelSetSource`]'s `Display` names it.
        set: String,
    },
    /// `--set` names no file, directory or known set.
    #[error("{arg}: no such file or directory, and no level set named so (sets: {known})")]
    NoSet {
        /// The argument.
        arg: String,
        /// Some of the known sets' names.
        known: String,
    },
    /// `--level` names no level of the set.
    #[error("{set}: no level '{arg}' (give a number from 1 to {count}, or a level's name)")]
    NoLevel {
        /// The argument.
        arg: String,
        /// The set.
        set: String,
        /// Levels in the set.
        count: usize,
    },
    /// `--level` alone names no level.
    #[error(transparent)]
    Level(#[from] LoadError),
}

/// The sets the menu offers, in this order: the shipped levels; the user's levels directory
/// `user_dir` if it holds `.lvl` files; each of its subdirectories that holds `.lvl` files
/// (imported sets), by name; then the installed games' sets under each of `data_dirs` (in
/// order, see [`data_dirs`]), a file reached twice (a symbolic link, a directory listed twice)
/// only once. No foreign file is read.
pub fn discover(user_dir: Option<&Path>, data_dirs: &[PathBuf]) -> Vec<LevelSetSource> {
    let mut sets = vec![LevelSetSource::Shipped];
    if let Some(dir) = user_dir {
        if !list_levels(dir).is_empty() {
            sets.push(LevelSetSource::UserDir(dir.to_path_buf()));
        }
        sets.extend(
            subdirectories(dir)
                .into_iter()
                .filter(|d| !list_levels(d).is_empty())
                .map(LevelSetSource::Directory),
        );
    }
    let mut seen = std::collections::HashSet::new();
    for dir in data_dirs {
        for (path, format) in foreign_set_files(dir) {
            if seen.insert(std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone())) {
                sets.push(LevelSetSource::Foreign {
                    path,
                    format: Some(format),
                });
            }
        }
    }
    sets
}

/// [`discover`] with the user's levels directory and `$XDG_DATA_DIRS` of this process, then
/// "Mini games" and "Freakout".
pub fn discover_from_env() -> Vec<LevelSetSource> {
    let data = data_dirs(std::env::var_os("XDG_DATA_DIRS").as_deref());
    let mut sets = discover(user_levels_dir().as_deref(), &data);
    sets.extend([
        LevelSetSource::MiniGames,
        LevelSetSource::Freakout { seed: None },
    ]);
    sets
}

/// The set a `--set <PATH|NAME>` argument names: a directory (the user's levels directory, or
/// any other as a directory of `.lvl` files), a file (a foreign set, format detected), else the
/// first of `known` whose key, name or label is `arg` (ASCII case ignored).
///
/// # Errors
/// [`SetError::NoSet`] if it names none.
pub fn resolve_set_arg(
    arg: &str,
    user_dir: Option<&Path>,
    known: &[LevelSetSource],
) -> Result<LevelSetSource, SetError> {
    if let Some(seed) = super::freakout::parse_key(arg) {
        return Ok(LevelSetSource::Freakout { seed });
    }
    let path = PathBuf::from(arg);
    if path.is_dir() {
        let same = |d: &Path| std::fs::canonicalize(d).ok() == std::fs::canonicalize(&path).ok();
        return Ok(match user_dir {
            Some(user) if same(user) => LevelSetSource::UserDir(user.to_path_buf()),
            _ => LevelSetSource::Directory(path),
        });
    }
    if path.is_file() {
        return Ok(LevelSetSource::Foreign { path, format: None });
    }
    let matches = |s: &LevelSetSource| {
        [s.key(), s.name(), s.label()]
            .iter()
            .any(|n| n.eq_ignore_ascii_case(arg))
    };
    if let Some(set) = known.iter().find(|s| matches(s)) {
        return Ok(set.clone());
    }
    // A gnome-breakout set's own title, as the menu shows it once read: read only those files.
    let titled = |s: &&LevelSetSource| {
        matches!(
            s,
            LevelSetSource::Foreign {
                format: Some(Format::Gnome),
                ..
            }
        ) && s.open(&Assets::built_in()).is_ok_and(|o| {
            let title = o.name.split_once(": ").map_or(o.name.as_str(), |(_, t)| t);
            o.name.eq_ignore_ascii_case(arg) || title.eq_ignore_ascii_case(arg)
        })
    };
    if let Some(set) = known.iter().find(titled) {
        return Ok(set.clone());
    }
    let mut names: Vec<String> = known.iter().take(8).map(LevelSetSource::name).collect();
    if known.len() > names.len() {
        names.push(format!("… {} more", known.len() - names.len()));
    }
    Err(SetError::NoSet {
        arg: arg.to_string(),
        known: names.join(", "),
    })
}

/// The set a level belongs to: the shipped set for a shipped level (or its override file), the
/// user's levels directory for a file there, the file's directory for any other file.
pub fn set_of_level(
    source: &LevelSource,
    assets: &Assets,
    user_dir: Option<&Path>,
) -> LevelSetSource {
    let Some(path) = source.path() else {
        return LevelSetSource::Shipped;
    };
    let dir = path.parent().unwrap_or(Path::new(".")).to_path_buf();
    let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => a == b,
    };
    let dir_or_dot = if dir.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        dir
    };
    if let Some(over) = assets.override_dir() {
        if same(&over.join("levels"), &dir_or_dot) {
            return LevelSetSource::Shipped;
        }
    }
    match user_dir {
        Some(user) if same(user, &dir_or_dot) => LevelSetSource::UserDir(user.to_path_buf()),
        _ => LevelSetSource::Directory(dir_or_dot),
    }
}

#[cfg(test)]
#[path = "sets_tests.rs"]
mod tests;
