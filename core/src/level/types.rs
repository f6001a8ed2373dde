//! What a level is, and what is said about one: the [`Level`] with its grid and directives
//! ([`BrickArea`], [`CellExtras`], [`Explosion`], [`Ruleset`]), the [`Diagnostic`]s of the
//! parser and the lint, and the errors of parsing and loading ([`LevelErrors`], [`LoadError`]).
//! Re-exported by `level` (`level::Level`, …), whose `mod.rs` keeps the entry points
//! (`Level::parse`, `Level::load`, …) that call the parser and the lint.

use super::brick_kinds::BrickKind;
use super::powerups::{PowerUpKind, Roll};
use std::fmt;
use std::path::PathBuf;

/// Largest number of rows or columns a level may have. Beyond this bricks would be a few pixels
/// across on the 800×600 playfield — certainly a mistake, and a cap keeps memory bounded.
pub const MAX_GRID_DIMENSION: usize = 64;

/// Which neighbours an explosive brick destroys (`@explosion:`): the 8 around it, as in
/// LBreakout2, SDL-Ball and gnome-breakout, or the 4 sharing an edge, as in KBreakOut.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Explosion {
    /// `@explosion: square` (the default): the 3×3 block around the brick.
    #[default]
    Square,
    /// `@explosion: cross`: left, right, above and below.
    Cross,
}

/// Offsets (row, column) of the 8 cells around a cell.
pub(crate) const SQUARE_NEIGHBOURS: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
/// Offsets (row, column) of the 4 cells sharing an edge with a cell.
pub(crate) const CROSS_NEIGHBOURS: [(isize, isize); 4] = [(-1, 0), (0, -1), (0, 1), (1, 0)];

impl Explosion {
    /// The cells an explosion reaches, as offsets (row, column) from the explosive brick's.
    pub const fn offsets(self) -> &'static [(isize, isize)] {
        match self {
            Explosion::Square => &SQUARE_NEIGHBOURS,
            Explosion::Cross => &CROSS_NEIGHBOURS,
        }
    }
}

/// The facts about one [`Ruleset`]: one row of its table ([`Ruleset::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesetDef {
    /// The word that names it after `@scoring:` and `@powerups:`.
    pub name: &'static str,
}

kind_table! {
    /// Whose rules a level follows: this game's own, or those of the game it was imported from, so an
    /// imported set plays as it did there. `@scoring:` picks whose points the bricks score (the
    /// tables are the simulation's, `sim::bricks::kinds::points`); `@powerups:` whose power-up
    /// parameters apply (durations, size steps, speeds, random drops: `sim::powerups::rules`).
    /// One row per rule set ([`RulesetDef`]), in the order of `docs/levels.md`.
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
    pub enum Ruleset: RulesetDef {
        /// `classic` (the default): 10–40 by colour for the first four colours, more for the rest
        /// and the special kinds; a brick scores when it breaks.
        #[default]
        Classic => RulesetDef { name: "classic" },
        /// `lbreakout2`: 100 per plain brick, 100 per hit of a strong one, 200 explosive/growing…
        /// (`game/bricks.c` `brick_conv_table`).
        LBreakout2 => RulesetDef { name: "lbreakout2" },
        /// `kbreakout`: 15 points per hit (`qml/globals.js`).
        KBreakOut => RulesetDef { name: "kbreakout" },
        /// `sdlball`: 11 points per brick (`main.cpp` `brick::hit`, at the base multiplier).
        SdlBall => RulesetDef { name: "sdlball" },
        /// `gnome`: 20 per hit of a strong block, 50 for a block's last hit, 100 for an explosive
        /// one (`src/block.c`).
        Gnome => RulesetDef { name: "gnome" },
    }
}

impl Ruleset {
    /// The word that names it after `@scoring:` (its row's).
    pub fn name(self) -> &'static str {
        self.def().name
    }
}

/// Where a level's brick grid lies on the playfield (`@area: LEFT TOP WIDTH HEIGHT`), whole
/// playfield pixels (origin top-left, y down; the playfield is 800×600). Without it the grid
/// fills the width and the upper half (LearnOpenGL's layout). Imported levels use it to keep the
/// original's brick proportions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct BrickArea {
    /// Left edge, pixels from the playfield's left.
    pub left: u16,
    /// Top edge, pixels from the playfield's top.
    pub top: u16,
    /// Width, pixels (≥ 1).
    pub width: u16,
    /// Height, pixels (≥ 1).
    pub height: u16,
}

/// Lowest a brick area may reach, pixels from the top: the paddle needs the space below (it
/// sits at 600 − 20 − paddle height; LBreakout2's bricks end at 79% of its field, SDL-Ball's at
/// 75%).
pub const MAX_AREA_BOTTOM: u16 = 500;

/// Extensions of one brick: its own colour, how many hits it takes and the power-up it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellExtras {
    /// Hits needed to destroy it (`*N`, 2–9), else its kind's [`BrickKind::default_hits`].
    pub hits: u8,
    /// The power-up released when it is destroyed (`+X` or `+name`).
    pub powerup: Option<PowerUpKind>,
    /// A random power-up rolled for it when play starts (`+N%`, `+bad`); never with `powerup`.
    pub roll: Option<Roll>,
    /// Its own colour (`:RRGGBB`, sRGB bytes) instead of its kind's.
    pub colour: Option<[u8; 3]>,
}

/// Most hits a multi-hit brick can take (`*9`): one digit keeps grids aligned.
pub const MAX_HITS: u8 = 9;

/// A parsed level: a `rows × cols` grid of optional bricks, row-major, row 0 at the top, plus the
/// format's extensions (metadata, multi-hit bricks, placed power-ups).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Level {
    /// Identifier: the file stem (`levels/spiral.lvl` → `spiral`), or the source name given to
    /// [`Level::parse`].
    pub name: String,
    /// `@name:` — the title players see; see [`Level::display_name`].
    pub title: Option<String>,
    /// `@author:` — who made the level.
    pub author: Option<String>,
    /// Number of rows (≥ 1).
    pub rows: usize,
    /// Number of columns (≥ 1); every row has this many cells.
    pub cols: usize,
    /// `rows * cols` cells, row-major; `None` is an empty cell.
    pub cells: Vec<Option<BrickKind>>,
    /// Cells with extensions, by row-major index (`row * cols + col`); only bricks.
    pub extras: std::collections::BTreeMap<usize, CellExtras>,
    /// `@source:` — where an imported level came from (game, set, level number).
    pub source: Option<String>,
    /// `@area:` — where the grid lies; `None` is the default layout.
    pub area: Option<BrickArea>,
    /// `@explosion:` — which neighbours explosive bricks destroy.
    pub explosion: Explosion,
    /// `@scoring:` — whose points the bricks score.
    pub scoring: Ruleset,
    /// `@powerups:` — whose power-up parameters apply (durations, steps, random drops).
    pub powerup_rules: Ruleset,
    /// `@scatter:` — power-ups put on random bricks when play starts (KBreakOut's gifts without
    /// a position, `qml/logic.js` `putGiftOnRandomBrick`): each power-up with how many, in file
    /// order.
    pub scatter: Vec<(PowerUpKind, u16)>,
    /// `@type:` — bricks to clear (the default) or a mini-game ([`super::LevelType`]).
    pub level_type: super::LevelType,
}

/// One problem found in a level file, at a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column, counted in characters (a tab counts as one).
    pub column: usize,
    /// What is wrong, in words a level author understands. A lint diagnostic ([`lint`](super::lint)) starts
    /// with `warning:` or `error:`.
    pub message: String,
}

/// What [`Level::check_text`] found in a level text whose lines and cells are all valid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// The level (0 rows and columns when the text has no row).
    pub level: Level,
    /// The 1-based (line, column) of each cell's token, row-major like [`Level::cells`]: where
    /// a diagnostic about a brick points.
    pub positions: Vec<(usize, usize)>,
    /// Problems of the whole level that keep it from being played (no row, nothing to clear),
    /// at line 1, column 1: `check`'s errors.
    pub errors: Vec<Diagnostic>,
    /// `check`'s warnings ([`lint`](super::lint)), each at the line and column of a brick.
    pub warnings: Vec<Diagnostic>,
}

impl Diagnostic {
    /// True for a lint diagnostic that `check` counts as an error although the level loads and
    /// plays: its message starts with `error:` (a level that can never be cleared).
    pub fn is_error(&self) -> bool {
        self.message.starts_with("error:")
    }
}

/// All problems found in one level file. `Display` prints one `file:line:column: message` line
/// per problem, the format compilers use, so editors can jump to them.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct LevelErrors {
    /// The file name (or other source name) as given by the caller.
    pub source_name: String,
    /// The problems, in file order; never empty.
    pub diagnostics: Vec<Diagnostic>,
}

impl fmt::Display for LevelErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(
                f,
                "{}:{}:{}: {}",
                self.source_name, d.line, d.column, d.message
            )?;
        }
        Ok(())
    }
}

/// Why a level could not be loaded from disk.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read (missing, unreadable, a directory…).
    #[error("{}: cannot read level file: {source}", path.display())]
    Io {
        /// The file that could not be read.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file was read but is not a valid level.
    #[error("{0}")]
    Invalid(#[from] LevelErrors),
}
