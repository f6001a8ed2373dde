//! Other Breakouts' level sets, read in their own formats and turned into this game's
//! [`Level`]s: LBreakout2 (`lbreakout2.rs`), KBreakOut (`kbreakout.rs`), SDL-Ball (`sdlball.rs`)
//! and gnome-breakout (`gnome.rs`), one file per format, each naming the original game's
//! loader it follows. [`load_set`] detects the format from the content; `breakout import`
//! writes the levels out as `.lvl` files, and the game plays a set file directly.
//!
//! A conversion is exact where this game has the feature; otherwise it is an
//! [`Approximation`], reported per level so players and authors know what differs.
//!
//! Never panics on any input: a file the original game would reject, or one broken in a way it
//! is not (truncated, binary), is an [`ImportError`] with file, line and, where it means
//! something, column.

pub mod common;
mod gnome;
mod kbreakout;
mod kbreakout_xml;
mod lbreakout2;
mod sdlball;

use crate::level::Level;
use std::fmt;
use std::path::{Path, PathBuf};

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
    /// What every file of the format holds, for [`detect`].
    pub marker: Marker,
    /// Where Debian's package installs its sets, under a data directory (`/usr/share`).
    pub installed: Installed,
    /// How a set file found there is named before it is read.
    pub set_name: SetName,
}

/// What [`detect`] looks for in the first 64 KiB of a file.
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

/// Reads the level set in `path`, in the given format or, with `None`, the one its content
/// shows.
///
/// # Errors
/// [`ImportError::Io`] if it cannot be read; [`ImportError::UnknownFormat`] if it is in none of
/// the formats; [`ImportError::Invalid`] with line and column if it is broken.
pub fn load_set(path: &Path, format: Option<Format>) -> Result<LevelSet, ImportError> {
    let bytes = std::fs::read(path).map_err(|source| ImportError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    parse_set(&bytes, path, format)
}

/// Like [`load_set`], from the file's bytes; `path` names it in messages and gives the set's
/// name where the format has none.
///
/// # Errors
/// As [`load_set`], without [`ImportError::Io`].
pub fn parse_set(
    bytes: &[u8],
    path: &Path,
    format: Option<Format>,
) -> Result<LevelSet, ImportError> {
    let Some(format) = format.or_else(|| detect(bytes)) else {
        return Err(ImportError::UnknownFormat {
            path: path.to_path_buf(),
            reason: "no format's markers found".to_string(),
        });
    };
    match format {
        Format::LBreakout2 => lbreakout2::parse(bytes, path),
        Format::KBreakOut => kbreakout::parse(bytes, path),
        Format::SdlBall => sdlball::parse(bytes, path),
        Format::Gnome => gnome::parse(bytes, path),
    }
}

/// The format `bytes` look like, from the marker each format's files hold
/// ([`FormatDef::marker`]): the first format of [`Format::ALL`] whose strong marker is found,
/// else the first whose weak one is; `None` if none fits.
pub fn detect(bytes: &[u8]) -> Option<Format> {
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(64 * 1024)]);
    [true, false].into_iter().find_map(|strong| {
        Format::ALL.into_iter().find(|f| {
            let marker = f.def().marker;
            marker.is_strong() == strong && marker.found_in(&head)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The one imported level of `text` read as `format`.
    fn only_level(text: &str, format: Format, path: &str) -> ImportedLevel {
        let set = parse_set(text.as_bytes(), Path::new(path), Some(format))
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(set.levels.len(), 1, "{:?}", set.skipped);
        set.levels.into_iter().next().unwrap()
    }

    /// The original bricks of `imported` as text, one line per row, `.` where there is none
    /// (and `D` with its colour as `D` only); checks they line up with the level's cells.
    fn original_rows(imported: &ImportedLevel) -> Vec<String> {
        let level = &imported.level;
        assert_eq!(imported.original.len(), level.cells.len());
        for (i, (o, cell)) in imported.original.iter().zip(&level.cells).enumerate() {
            assert_eq!(o.is_some(), cell.is_some(), "cell {i}: {o:?} but {cell:?}");
        }
        imported
            .original
            .chunks(level.cols)
            .map(|row| row.iter().map(|o| o.map_or('.', |b| b.code)).collect())
            .collect()
    }

    #[test]
    fn lbreakout2_keeps_each_cells_character() {
        let mut text = String::from("Level:\nme\nA\nBricks:\n");
        text.push_str("E#@abcvxyzdefg\n");
        text.push_str("hijk*!FGHIJK.?\n");
        text.push_str(&"..............\n".repeat(16));
        text.push_str("Bonus:\n");
        text.push_str(&"..............\n".repeat(18));
        let imported = only_level(&text, Format::LBreakout2, "Set");
        let rows = original_rows(&imported);
        assert_eq!(rows.len(), 18);
        assert_eq!(rows[0], "E#@abcvxyzdefg");
        // `.` is empty and an unknown `?` is left empty, as in LBreakout2.
        assert_eq!(rows[1], "hijk*!FGHIJK..");
        assert!(imported
            .original
            .iter()
            .all(|o| o.is_none_or(|b| b.colour.is_none())));
    }

    #[test]
    fn kbreakout_keeps_each_cells_type_character() {
        let xml = r#"<KBreakOutLevelSet><Level Name="A">
            <Line Number="2">-123456mxuh?</Line>
            <Line>---1</Line>
        </Level></KBreakOutLevelSet>"#;
        let imported = only_level(xml, Format::KBreakOut, "set.levelset");
        let rows = original_rows(&imported);
        // Row 1 is empty; the unknown `?` is the PlainBrick1 KBreakOut makes of it.
        assert_eq!(
            rows,
            [
                ".".repeat(20),
                format!(".123456mxuh1{}", ".".repeat(8)),
                format!("...1{}", ".".repeat(16))
            ]
        );
    }

    #[test]
    fn sdlball_keeps_each_cells_brick_and_custom_colour() {
        let mut text = String::from("** Start **\n");
        let cells = [
            "00", "01", "02", "03", "04", "M5", "06", "07", "08", "00", "09", "0A",
        ];
        text.push_str(&cells.concat());
        text.push_str("0B0C0Dff8000");
        text.push_str(&"00".repeat(11));
        text.push('\n');
        for _ in 1..23 {
            text.push_str(&"00".repeat(26));
            text.push('\n');
        }
        text.push_str("** Stop **\n");
        let imported = only_level(&text, Format::SdlBall, "default/levels.txt");
        let rows = original_rows(&imported);
        assert_eq!(rows[0], format!(".12345678.9ABCD{}", ".".repeat(11)));
        let colours: Vec<_> = imported
            .original
            .iter()
            .flatten()
            .filter_map(|b| b.colour)
            .collect();
        assert_eq!(colours, [[0xff, 0x80, 0x00]]);
    }

    #[test]
    fn gnome_keeps_each_cells_block_code() {
        let mut text = String::from("BEGIN_LEVEL\nNAME A\nBEGIN_DATA\n0,1,2,3,4,5,6,0,0,1\n");
        text.push_str(&"0,0,0,0,0,0,0,0,0,0\n".repeat(14));
        text.push_str("END_DATA\nEND_LEVEL\n");
        let imported = only_level(&text, Format::Gnome, "a.gbl");
        assert_eq!(original_rows(&imported)[0], ".123456..1");
    }
}
