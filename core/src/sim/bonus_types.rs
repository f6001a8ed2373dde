//! What the shell reads of a mini-game, as plain data: its HUD ([`BonusHud`]) and how it ended
//! ([`BonusEnd`]). The game's side is `sim/bonus.rs`; the rules `sim::minigames`.

use crate::level::MiniGame;

/// The facts about one [`BonusEnd`]: one row of its table ([`BonusEnd::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BonusEndDef {
    /// A short identifier (`fuse-burnt`, …), for JSON lines and replays' reports.
    pub name: &'static str,
    /// What a player is told.
    pub message: &'static str,
}

kind_table! {
    /// Why a mini-game ended (LBreakoutHD `libgame/bricks.c` `bricks_update` and
    /// `libgame/game.c` `game_update`, which set `game->winner` for a bonus level).
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
    pub enum BonusEnd: BonusEndDef {
        /// Jumping Jack: the brick's fuse burnt out before it was hit.
        FuseBurnt => BonusEndDef { name: "fuse-burnt", message: "The fuse burnt out" },
        /// Outbreak: ten infections were active at once (`blCancerSimLimit`).
        TooManyInfections => BonusEndDef {
            name: "too-many-infections",
            message: "Ten infections at once",
        },
        /// Barrier: the barrier reached the paddle row.
        BarrierReached => BonusEndDef {
            name: "barrier-reached",
            message: "The barrier reached the paddle",
        },
        /// Sitting Ducks: every duck is gone.
        AllDucksGone => BonusEndDef { name: "all-ducks-gone", message: "All ducks are gone" },
        /// Hunter: the hunter ran into a wall.
        HunterHitWall => BonusEndDef {
            name: "hunter-hit-wall",
            message: "The hunter ran into a wall",
        },
        /// Hunter: the time ran out.
        TimeUp => BonusEndDef { name: "time-up", message: "Time is up" },
        /// Invaders: an invader reached the paddle row.
        InvadersLanded => BonusEndDef {
            name: "invaders-landed",
            message: "An invader reached the paddle",
        },
        /// Any mini-game: the last ball was lost (it costs no life).
        BallLost => BonusEndDef { name: "ball-lost", message: "The ball was lost" },
    }
}

impl BonusEnd {
    /// Its short identifier (its row's).
    pub fn name(self) -> &'static str {
        self.def().name
    }
    /// What a player is told (its row's).
    pub fn message(self) -> &'static str {
        self.def().message
    }
}

/// What the HUD shows of a mini-game, read each frame with [`Game::bonus_hud`](super::Game::bonus_hud).
#[derive(Clone, Debug, PartialEq)]
pub struct BonusHud {
    /// Which mini-game.
    pub game: MiniGame,
    /// LBreakoutHD's HUD line (`ClientGame::getBonusLevelInfo`, `src/clientgame.cpp`), e.g.
    /// "Hits: 3, Current Prize: 2500, Time: 12 secs".
    pub line: String,
    /// The points the next success scores, where the game has a prize (Jumping Jack, Barrier,
    /// Sitting Ducks, Hunter).
    pub prize: Option<u64>,
    /// Seconds left on the game's clock, where it has one (Jumping Jack's fuse, Hunter's time).
    pub seconds_left: Option<f32>,
}
