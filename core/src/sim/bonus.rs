//! What the shell reads of a mini-game ([`crate::level::MiniGame`]): its HUD line
//! ([`BonusHud`]), the points scored in it and how it ended ([`BonusEnd`]). The rules are in
//! [`super::minigames`].
//!
//! A mini-game always ends as [`GameState::Won`]: LBreakoutHD's `game_update`
//! (`libgame/game.c`) declares the bottom paddle the winner of any bonus level, and
//! `ClientGame::update` (`src/clientgame.cpp`) moves on to the next level whether it was won or
//! lost ("bonus levels are just skipped on failure"). A lost ball ends it and never costs a life.

use super::{Game, GameState};
use crate::level::{LevelType, MiniGame};

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

/// What the HUD shows of a mini-game, read each frame with [`Game::bonus_hud`].
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

impl Game {
    /// The level's type: bricks, or the mini-game being played.
    pub fn level_type(&self) -> LevelType {
        match &self.bonus {
            None => LevelType::Bricks,
            Some(bonus) => LevelType::MiniGame(bonus.game()),
        }
    }

    /// The HUD of the mini-game being played; `None` on a brick level.
    pub fn bonus_hud(&self) -> Option<BonusHud> {
        self.bonus.as_ref().map(|bonus| bonus.hud())
    }

    /// Points scored in this mini-game (also added to [`Game::score`]); 0 on a brick level.
    pub fn bonus_score(&self) -> u64 {
        self.bonus.as_ref().map_or(0, |bonus| bonus.score)
    }

    /// Why the mini-game ended, once it has ([`GameState::Won`]); `None` while it runs and on
    /// a brick level.
    pub fn bonus_end(&self) -> Option<BonusEnd> {
        self.bonus.as_ref().and_then(|bonus| bonus.end)
    }

    /// True when a mini-game is being played and it has ended.
    pub fn bonus_over(&self) -> bool {
        self.state == GameState::Won
    }
}

impl Game {
    /// Ends the mini-game being played for `why`: the game is [`GameState::Won`] and sends
    /// [`super::GameEvent::LevelCleared`] (so a run moves on). Returns false on a brick level
    /// (nothing done); true on a mini-game (ended now, or already).
    pub(crate) fn end_bonus(&mut self, why: BonusEnd) -> bool {
        let Some(bonus) = &mut self.bonus else {
            return false;
        };
        if bonus.end.is_none() {
            bonus.end = Some(why);
            self.state = GameState::Won;
            self.events.push(super::GameEvent::LevelCleared);
        }
        true
    }
}
