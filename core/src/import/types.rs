//! What the importers share with each other and with the layers above: the [`Format`]s and
//! their facts, a converted [`LevelSet`] with its [`ImportedLevel`]s, what a conversion only
//! approximates ([`Approximation`]), and [`ImportError`]. Re-exported by `import`
//! (`import::Format`, …), whose `mod.rs` keeps the entry points that dispatch to the formats.

use crate::level::Level;
use std::fmt;
use std::path::PathBuf;

/// The facts about one foreign format: one row of [`Format`]'s table ([`Format::def`]).
/// Everything the layers above need to know of a format is here: the command line's
/// `--format` and its help, detection, where Debian installs its sets, how the menu names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FormatDef {
    /// The name used on the command line (`--format`) and in `@source:` headers.
    pub name: &'static str,
    /// The game's name as players know it (menus, the window's title: "SDL-Ball: default").
    pub game: &'static str,
    /// One line for `--help` (`--format`'s possible values).
    pub help: &'static str,
    /// What every file of the format holds, for [`detect`](super::detect).
    pub marker: Marker,
    /// Where Debian's package installs its sets, under a data directory (`/usr/share`).
    pub installed: Installed,
    /// How a set file found there is named before it is read.
    pub set_name: SetName,
}

/// What [`detect`](super::detect) looks for in the first 64 KiB of a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Marker {
    /// This text anywhere: a strong marker, tried before any line prefix.
    Contains(&'static str),
    /// A line starting with this text: weaker (another format's file may hold such a line),
    /// tried once no strong marker is found.
    LineStart(&'static str),
}

impl Marker {
    /// True if `head` (the start of a file, as text) holds the marker.
    pub fn found_in(self, head: &str) -> bool {
        match self {
            Marker::Contains(text) => head.contains(text),
            Marker::LineStart(text) => head.lines().any(|l| l.starts_with(text)),
        }
    }

    /// True for a marker tried first ([`Marker::Contains`]).
    pub const fn is_strong(self) -> bool {
        matches!(self, Marker::Contains(_))
    }
}

/// Where a format's set files lie under a data directory, paths `/`-separated and relative to
/// it. Only names are listed from it; no file is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Installed {
    /// Every file (hidden ones apart) of `dir` whose name ends with `suffix` (`""`: any).
    Files {
        /// The directory.
        dir: &'static str,
        /// The end of a set file's name.
        suffix: &'static str,
    },
    /// `file` in each subdirectory (a theme) of each of `dirs`, where it exists.
    InSubdirectories {
        /// The directories whose subdirectories are looked in.
        dirs: &'static [&'static str],
        /// The set file's name in a subdirectory.
        file: &'static str,
    },
}

/// How a set file is named before it is read (its title, where the format has one, comes only
/// once it is read).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetName {
    /// The file's whole name (LBreakout2's set files have no extension).
    FileName,
    /// The file's name without its extension.
    FileStem,
    /// The name of the directory holding it (an SDL-Ball theme).
    Directory,
}

kind_table! {
    /// The foreign games whose formats are read. One row per format: its facts are
    /// [`FormatDef`]; new formats go at the end (the order is the docs').
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
    pub enum Format: FormatDef {
        /// LBreakout2 level sets (`/usr/share/games/lbreakout2/levels/*`, one set per file).
        LBreakout2 => FormatDef {
            name: "lbreakout2",
            game: "LBreakout2",
            help: "LBreakout2 level sets (one set per file, no extension)",
            marker: Marker::LineStart("Level:"),
            installed: Installed::Files { dir: "games/lbreakout2/levels", suffix: "" },
            set_name: SetName::FileName,
        },
        /// KBreakOut's XML level sets (`/usr/share/kbreakout/levelsets/*.levelset`).
        KBreakOut => FormatDef {
            name: "kbreakout",
            game: "KBreakOut",
            help: "KBreakOut's XML `.levelset` files",
            marker: Marker::Contains("<KBreakOutLevelSet"),
            installed: Installed::Files { dir: "kbreakout/levelsets", suffix: ".levelset" },
            set_name: SetName::FileStem,
        },
        /// SDL-Ball's `levels.txt` (`/usr/share/games/sdl-ball/themes/*/levels.txt`).
        SdlBall => FormatDef {
            name: "sdlball",
            game: "SDL-Ball",
            help: "SDL-Ball's `levels.txt`",
            marker: Marker::Contains("** Start **"),
            installed: Installed::InSubdirectories {
                dirs: &["games/sdl-ball", "games/sdl-ball/themes"],
                file: "levels.txt",
            },
            set_name: SetName::Directory,
        },
        /// gnome-breakout's `.gbl` files (`/usr/share/games/gnome-breakout/levels/*.gbl`).
        Gnome => FormatDef {
            name: "gnome",
            game: "gnome-breakout",
            help: "gnome-breakout's `.gbl` files",
            marker: Marker::Contains("BEGIN_LEVEL"),
            installed: Installed::Files { dir: "games/gnome-breakout/levels", suffix: ".gbl" },
            set_name: SetName::FileStem,
        },
    }
}

impl Format {
    /// The name used on the command line (`--format`) and in `@source:` headers (its row's).
    pub fn name(self) -> &'static str {
        self.def().name
    }
}

/// A foreign feature a level uses that this game plays differently (or not yet): one line of
/// `breakout import`'s report, `FILE:LEVEL: approx: FEATURE (N cells)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approximation {
    /// What differs, in a few words (e.g. "cement brick as a wall (SDL-Ball's go-thru, fireball
    /// and easy bricks break it)").
    pub feature: String,
    /// How many cells of the level it concerns (0 for a level-wide feature).
    pub cells: usize,
}

/// One level of a foreign set, converted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportedLevel {
    /// The level, with `@name:`, `@author:` (where the format has them), `@source:` and the
    /// format's `@area:`, `@explosion:` and `@scoring:`.
    pub level: Level,
    /// 1-based number of the level in its set file (before skipping any).
    pub number: usize,
    /// 1-based line of the file where the level starts.
    pub line: usize,
    /// What the conversion could not keep exactly.
    pub approximations: Vec<Approximation>,
    /// The original game's brick in each cell of `level`, before conversion: row-major like
    /// [`Level::cells`], as long, and `None` exactly where `level` has no brick. For drawing a
    /// level the way the original game does (`examples/original_look.rs`).
    pub original: Vec<Option<OriginalBrick>>,
}

/// A brick of a foreign level as the original game reads it, before conversion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OriginalBrick {
    /// Its character in the level file, as the original game takes it: LBreakout2
    /// `E # @ a`–`k v x y z * ! F`–`K`; KBreakOut `1`–`6 m x u h` (a character KBreakOut does not
    /// know is the `1` it makes of it); SDL-Ball `1`–`9 A`–`D`; gnome-breakout `1`–`6`.
    pub code: char,
    /// The colour of SDL-Ball's custom-colour brick `D` (`RRGGBB`, sRGB bytes); `None` for
    /// every other brick.
    pub colour: Option<[u8; 3]>,
}

impl OriginalBrick {
    /// A brick with character `code` and no colour of its own.
    pub fn new(code: char) -> OriginalBrick {
        OriginalBrick { code, colour: None }
    }
}

/// A level of the set that was not converted, and why (e.g. an instant-win level with nothing
/// to clear, a two-player level).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// 1-based number of the level in its set file.
    pub number: usize,
    /// 1-based line of the file where the level starts.
    pub line: usize,
    /// Why it was skipped.
    pub reason: String,
}

/// A foreign level set: the levels of one file (or, for gnome-breakout, of the files merged in
/// the game's order), in play order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelSet {
    /// The set's name (LBreakout2: the file name; KBreakOut/gnome-breakout: the file's title or
    /// stem; SDL-Ball: the theme's name).
    pub name: String,
    /// The format it was read from.
    pub format: Format,
    /// The file it was read from.
    pub path: PathBuf,
    /// The converted levels, in play order.
    pub levels: Vec<ImportedLevel>,
    /// Levels left out, with the reason.
    pub skipped: Vec<Skipped>,
}

/// Why a foreign file could not be imported.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The file could not be read.
    #[error("{}: cannot read: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The content is not in any format this game reads (or not the one asked for).
    #[error("{}: not a level set of LBreakout2, KBreakOut, SDL-Ball or gnome-breakout ({reason})", path.display())]
    UnknownFormat {
        /// The file.
        path: PathBuf,
        /// What was looked for.
        reason: String,
    },
    /// The file is in a known format but broken at `line` (and `column`, 0 when it does not
    /// apply).
    #[error("{}:{line}:{column}: {message}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column, or 0.
        column: usize,
        /// What is wrong.
        message: String,
    },
}

impl fmt::Display for Approximation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "approx: {} ({} cells)", self.feature, self.cells)
    }
}
