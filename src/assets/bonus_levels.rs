//! The bonus mini-games in a run and the menu's "Mini games" set.
//!
//! As LBreakoutHD's `levelset_load` (`libgame/levels.c`): with the *Bonus levels* setting on
//! (the default), a run through a set of `n` levels gets `n / 4` bonus levels, inserted at the
//! run's positions 4, 9, 14, … (0-based: after every 4 regular levels). Each one's mini-game
//! is drawn uniformly from the six ([`MiniGame::ALL`]) by a [`rand_pcg::Pcg32`] seeded with
//! [`BONUS_SEED`], a constant, so a set always gets the same sequence (LBreakoutHD seeds C's
//! `rand` with the option's value). The level list shows them where they are played.
//!
//! A bonus level is the core's [`Level::mini_game`]: its text keeps its `@type:`, so its
//! replay re-creates it. Ending one, won or lost, never costs a life: the simulation ends every
//! mini-game as won (`crate::sim::Game::bonus_end` says how it really ended).

use super::set_level::SetLevel;
use super::LevelSource;
use crate::level::{Level, LevelType, MiniGame};
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// Regular levels between two bonus levels (LBreakoutHD: after every 4).
pub const BONUS_EVERY: usize = 4;

/// The seed of the generator that draws the bonus levels' mini-games: a constant, so a set
/// always gets the same sequence (LBreakoutHD seeds with a constant too,
/// `srand(addBonusLevels)`). 25 is the first seed whose draws start with Jumping Jack (the
/// first bonus level a player meets, after level 4) and hold all six within eight bonus
/// levels: Jumping Jack, Barrier, Sitting Ducks, Hunter, Hunter, Barrier, Invaders, Outbreak.
pub const BONUS_SEED: u64 = 25;

/// The high-score key of the "Mini games" set.
pub const MINI_GAMES_KEY: &str = "minigames";

/// `kind` as a level of a set: the core's level ([`Level::mini_game`]), shown as
/// "Bonus: TITLE" (its high-score key is its name, `jumping-jack.lvl`).
pub fn mini_game_level(kind: MiniGame) -> SetLevel {
    SetLevel {
        source: LevelSource::Edited {
            level: Arc::new(Level::mini_game(kind)),
        },
        name: format!("Bonus: {}", kind.def().title),
    }
}

/// The "Mini games" set's levels: the six, in [`MiniGame::ALL`]'s order, each played alone.
pub fn mini_games() -> Vec<SetLevel> {
    MiniGame::ALL.iter().map(|&k| mini_game_level(k)).collect()
}

/// The mini-game `level` is, if it is one.
pub fn mini_game_of(level: &Level) -> Option<MiniGame> {
    match level.level_type {
        LevelType::Bricks => None,
        LevelType::MiniGame(kind) => Some(kind),
    }
}

/// `levels` with their bonus levels: `levels.len() / 4` of them at positions 4, 9, 14, …, each
/// a mini-game drawn by the generator seeded with [`BONUS_SEED`].
pub fn with_bonus_levels(levels: Vec<SetLevel>) -> Vec<SetLevel> {
    let bonuses = levels.len() / BONUS_EVERY;
    let mut rng = rand_pcg::Pcg32::seed_from_u64(BONUS_SEED);
    let mut out = Vec::with_capacity(levels.len() + bonuses);
    for (i, level) in levels.into_iter().enumerate() {
        out.push(level);
        if (i + 1) % BONUS_EVERY == 0 {
            let kind = MiniGame::ALL[rng.random_range(0..MiniGame::ALL.len())];
            out.push(mini_game_level(kind));
        }
    }
    out
}
