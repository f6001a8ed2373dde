//! What kind of game a level is (`@type:`): bricks to clear (the default), or one of
//! LBreakoutHD's six bonus levels, the "mini games" ([`MiniGame`]), whose bricks are created,
//! moved and removed by the game's rules during play (`sim::minigames`).
//!
//! Source: LBreakoutHD 1.1.8 `libgame/gamedefs.h` (`LT_JUMPING_JACK` … `LT_DEFENDER`),
//! `libgame/bricks.c` (`bricks_init_bonus_level`) and `src/clientgame.cpp`
//! (`ClientGame::getBonusLevelInfo`).

use super::types::{BrickArea, Level};

/// The facts about one [`MiniGame`]: one row of its table ([`MiniGame::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MiniGameDef {
    /// The word that names it after `@type:` and on the command line (`--level NAME`).
    pub name: &'static str,
    /// The title players see (LBreakoutHD's set name, e.g. "Jumping Jack").
    pub title: &'static str,
    /// One line telling a player what to do.
    pub help: &'static str,
}

kind_table! {
    /// LBreakoutHD's six bonus levels (`libgame/gamedefs.h`, `LT_JUMPING_JACK` …
    /// `LT_DEFENDER`), in its order. One row per game ([`MiniGameDef`]); the rules are in
    /// `sim::minigames`, one file per game.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
    pub enum MiniGame: MiniGameDef {
        /// `LT_JUMPING_JACK`: one brick on a fuse jumps elsewhere when hit.
        JumpingJack => MiniGameDef {
            name: "jumping-jack",
            title: "Jumping Jack",
            help: "Hit the brick before its fuse burns out; each hit shortens the next fuse.",
        },
        /// `LT_OUTBREAK`: infections spread; clear them before ten are active.
        Outbreak => MiniGameDef {
            name: "outbreak",
            title: "Outbreak",
            help: "Clear the infections before ten are active at once.",
        },
        /// `LT_BARRIER`: a barrier moves down; break through to the top row.
        Barrier => MiniGameDef {
            name: "barrier",
            title: "Barrier",
            help: "Break through the barrier to the top row before it reaches the paddle.",
        },
        /// `LT_SITTING_DUCKS`: hit the lit duck; any other hit blows it up.
        SittingDucks => MiniGameDef {
            name: "sitting-ducks",
            title: "Sitting Ducks",
            help: "Hit the lit duck with the ball; any other hit blows it up.",
        },
        /// `LT_HUNTER`: steer the hunter onto the prey with the control bricks.
        Hunter => MiniGameDef {
            name: "hunter",
            title: "Hunter",
            help: "Hit the control bricks to steer the hunter onto the prey; never into a wall.",
        },
        /// `LT_DEFENDER`: shoot down waves of invaders before one lands.
        Invaders => MiniGameDef {
            name: "invaders",
            title: "Invaders",
            help: "Destroy the invaders before one reaches the paddle.",
        },
    }
}

impl MiniGame {
    /// The word that names it after `@type:` (its row's).
    pub fn name(self) -> &'static str {
        self.def().name
    }
    /// The title players see (its row's).
    pub fn title(self) -> &'static str {
        self.def().title
    }
    /// One line of help (its row's).
    pub fn help(self) -> &'static str {
        self.def().help
    }
    /// The mini-game named `name` (`jumping-jack`, …), if any.
    pub fn from_name(name: &str) -> Option<MiniGame> {
        MiniGame::ALL.into_iter().find(|g| g.name() == name)
    }
}

/// What kind of game a level is (`@type:`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub enum LevelType {
    /// `@type: bricks` (the default): clear every destructible brick.
    #[default]
    Bricks,
    /// `@type: NAME` (`jumping-jack`, `outbreak`, …): one of the mini-games; it ends (always
    /// won, never costing a life) by its own rules.
    MiniGame(MiniGame),
}

impl LevelType {
    /// The word after `@type:`: `bricks` or the mini-game's name.
    pub fn name(self) -> &'static str {
        match self {
            LevelType::Bricks => "bricks",
            LevelType::MiniGame(game) => game.name(),
        }
    }
    /// The type written `name` after `@type:`, if any.
    pub fn from_name(name: &str) -> Option<LevelType> {
        match name {
            "bricks" => Some(LevelType::Bricks),
            _ => MiniGame::from_name(name).map(LevelType::MiniGame),
        }
    }
    /// The mini-game, if this is one.
    pub fn mini_game(self) -> Option<MiniGame> {
        match self {
            LevelType::Bricks => None,
            LevelType::MiniGame(game) => Some(game),
        }
    }
    /// True at the default ([`LevelType::Bricks`]): left out of files and state hashes.
    pub fn is_bricks(&self) -> bool {
        *self == LevelType::Bricks
    }
}

/// Columns of a mini-game's grid: LBreakoutHD's 14 (`EDIT_WIDTH`, `libgame/gamedefs.h`; its
/// map adds a wall column on each side, so its x 1–14 are columns 0–13 here).
pub const MINI_GAME_COLS: usize = 14;
/// Rows of a mini-game's grid, reaching down to the paddle: LBreakoutHD's map rows 1–20
/// (`MAP_HEIGHT` less the top wall and the paddle's rows) are rows 0–19 here. The last row is
/// "the paddle row" (invaders and the barrier end the game on reaching it).
pub const MINI_GAME_ROWS: usize = 20;
/// Where a mini-game's grid lies: the whole width (less 8 px each side) and down to y = 500, so
/// cells are 56 × 25 pixels.
pub const MINI_GAME_AREA: BrickArea = BrickArea {
    left: 8,
    top: 0,
    width: 784,
    height: 500,
};

impl Level {
    /// The level a mini-game starts from: named and titled after it, `@type:` set, the
    /// mini-game grid ([`MINI_GAME_COLS`] × [`MINI_GAME_ROWS`] in [`MINI_GAME_AREA`]) and no
    /// bricks: the game's rules place its fixed set-up cells when it starts
    /// (`sim::minigames`, after LBreakoutHD's `bricks_init_bonus_level`).
    pub fn mini_game(kind: MiniGame) -> Level {
        Level {
            name: kind.name().to_string(),
            title: Some(kind.title().to_string()),
            rows: MINI_GAME_ROWS,
            cols: MINI_GAME_COLS,
            cells: vec![None; MINI_GAME_ROWS * MINI_GAME_COLS],
            area: Some(MINI_GAME_AREA),
            level_type: LevelType::MiniGame(kind),
            ..Level::default()
        }
    }
}
