//! Replays: a game's start, its per-step inputs and every mid-game change, enough to play it
//! again bit for bit, with state hashes that say whether it still does.
//!
//! The simulation is deterministic (a seeded generator, fixed steps of 1/240 s, a complete
//! [`Game::state_hash`]), so a game is its level, its settings and its inputs. A [`Replay`]
//! holds them: the level's full text (it plays when the level file changed or is gone), where the
//! level came from, the run's score and lives at its start, every setting that changes the
//! simulation ([`StoredSettings`]), the inputs of each step ([`InputTrack`], run-length
//! encoded), the changes made between steps ([`Change`]: a collision-mode switch, a live
//! reload, a forced power-up) and a state hash every [`HASH_INTERVAL`] steps and at the end.
//!
//! - [`Recorder`] makes one while a game is played;
//! - [`Playback`] plays one again, step by step, and notices when a stored hash stops matching
//!   (the replay *diverged*: the game's code changed since it was recorded, or it was recorded
//!   wrongly); [`Keyframes`] seek through it; [`verify`] plays one to its end with no window
//!   and reports it as the JSON line of `replay --verify`;
//! - [`file`](mod@file) reads and writes `.bkreplay` files (`docs/replays.md` has the format);
//! - [`Store`] keeps them in the user's data directory: recent games, best runs, the level a
//!   run was left in.
//!
//! The design follows Box2D v3's samples (record to a file, replay with a state hash per step
//! that shows DIVERGED when it stops matching) and Jolt's state recorder (seek backwards from
//! snapshots, then re-simulate to the exact step).

pub mod file;
pub mod fork;
mod keyframes;
mod playback;
mod recorder;
mod settings;
mod settings_old;
pub mod store;
mod track;
mod track_old;
pub mod verify;

pub use file::ReplayError;
pub use keyframes::{Keyframes, DEFAULT_BUDGET};
pub use playback::{Divergence, Playback};
pub use recorder::{end_of, Recorder};
pub use settings::StoredSettings;
pub use store::Store;
pub use track::InputTrack;

use crate::collision::CollisionMode;
use crate::level::{Level, LevelErrors, PowerUpKind};
use crate::sim::{Game, GameConfig};
use serde::{Deserialize, Serialize};

/// Fixed steps in a second of play (steps of 1/240 s, [`crate::sim::tuning::FIXED_TIMESTEP`]).
pub const STEPS_PER_SECOND: u64 = 240;
/// Steps between two stored state hashes: one second of play.
pub const HASH_INTERVAL: u64 = STEPS_PER_SECOND;

/// Most steps a replay may hold: 7 days of play. A run-length track can claim 2^64 steps in a
/// few bytes; a longer replay is refused when read, so checking or watching one always ends
/// (at 8 million steps a second, `--verify` takes under 20 s for the longest).
pub const MAX_STEPS: u64 = 7 * 24 * 3600 * STEPS_PER_SECOND;

/// A recorded game: everything needed to play it again step for step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Replay {
    /// The game's start: version, level, origin, score, lives, settings.
    pub header: Header,
    /// The input of every step, in order; its length is the number of steps recorded.
    pub inputs: InputTrack,
    /// Changes made between steps, in step order.
    pub changes: Vec<Change>,
    /// `hashes[k]` is [`Game::state_hash`] after step `(k + 1) ×` [`HASH_INTERVAL`].
    pub hashes: Vec<u64>,
    /// How the game ended, once it did; `None` in a file saved during play (the game may be
    /// resumed from there).
    pub end: Option<End>,
}

/// A replay's start.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The version of the game that recorded it (`CARGO_PKG_VERSION`), for messages.
    pub game_version: String,
    /// When recording started, seconds since the Unix epoch (0 when unknown); for the lists.
    pub recorded_at: u64,
    /// Where the level came from.
    pub origin: Origin,
    /// The level's source name ([`Level::name`]: the file stem), which `Level::parse` is given
    /// so the game hashes the same level name.
    pub level_name: String,
    /// The level's full text in this game's format ([`Level::to_text`]).
    pub level_text: String,
    /// The run's score when the level started.
    pub start_score: u32,
    /// The run's lives when the level started.
    pub start_lives: u32,
    /// Every setting that changes the simulation.
    pub settings: StoredSettings,
    /// The step from which the player took the paddle over from a replay (such games keep no
    /// high score); `None` for a game played from its start.
    pub taken_over_at: Option<u64>,
    /// Who played: `None` for a player, or the bot's name (`"bot"`).
    pub played_by: Option<String>,
    /// The math the game that recorded it computed with: [`Math::Portable`] for every replay
    /// this version writes, [`Math::Platform`] for one read from format 1, 2 or 3.
    pub math: Math,
}

/// Which math a replay was recorded with, and so where it can be expected to verify.
///
/// Stored in the header from format 4 on; formats 1–3 are read as [`Math::Platform`].
///
/// Serialised by its variant's index in the replay file (postcard) and by its name, `platform`
/// or `portable`, in `replay --verify`'s JSON line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Math {
    /// The platform's libm (`sin`, `cos`, `atan2` from glibc, musl, the Windows CRT…) and the
    /// FNV-1a state hash of raw float bits: what game versions up to 0.2.0 computed with
    /// (formats 1–3). Such a replay played by this version follows the recorded game only as
    /// long as every transcendental result of the recording machine equals the `libm` crate's
    /// (until the first paddle bounce, typically); where it stops, it was recorded with the
    /// platform's math by an older version, not damaged.
    Platform,
    /// The `libm` crate's math, the same bits on every target, and the canonical state hash
    /// (`docs/replays.md`, "The same game on every machine"). Every replay this version writes.
    Portable,
}

impl Math {
    /// Why a replay recorded with this math may have stopped matching here, for a message
    /// after a divergence; `None` for [`Math::Portable`], where a divergence means the game's
    /// code or a setting changed, or the file is wrong.
    pub fn divergence_note(self) -> Option<&'static str> {
        match self {
            Math::Platform => Some(
                "recorded with the platform's math by an older version of the game (replay \
                 format 3 or older)",
            ),
            Math::Portable => None,
        }
    }
}

/// Where a replay's level came from, for the lists and to find its set again.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Origin {
    /// The level set's key (as the high-score file names sets), if the level was played from
    /// one.
    pub set: Option<String>,
    /// The level's key within its set or on disk (a file path or a built-in level's name).
    pub level_key: Option<String>,
    /// The level's 0-based index in its run.
    pub index: Option<u32>,
    /// How many levels the run has.
    pub count: Option<u32>,
}

/// A change made to the simulation between two steps.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// Applied after this many steps have run (0: before the first).
    pub step: u64,
    /// What changed.
    pub kind: ChangeKind,
}

/// What a [`Change`] does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum ChangeKind {
    /// The collision mode was switched (the `C` key): [`Game::set_collision_mode`]. Stored by
    /// name ([`CollisionMode::name`]).
    Collision(String),
    /// The level file was saved and reloaded: [`Game::replace_level`] with this level.
    Reload {
        /// The new level's source name.
        level_name: String,
        /// The new level's full text.
        level_text: String,
    },
    /// A power-up was collected by a tool (`--powerup`): [`Game::collect_powerup`]. Stored by
    /// name ([`PowerUpKind::name`]).
    PowerUp(String),
}

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// Every destructible brick destroyed.
    Cleared,
    /// No lives left.
    GameOver,
    /// The player left the level (quit, or back to the menu).
    Left,
}

/// The end of a replay.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct End {
    /// How it ended.
    pub outcome: Outcome,
    /// [`Game::state_hash`] after the last step.
    pub hash: u64,
    /// The run's score at the end.
    pub score: u32,
    /// Lives left at the end.
    pub lives: u32,
}

impl Replay {
    /// Steps recorded.
    pub fn steps(&self) -> u64 {
        self.inputs.len()
    }

    /// Play time recorded, seconds.
    pub fn seconds(&self) -> f64 {
        self.steps() as f64 / STEPS_PER_SECOND as f64
    }

    /// The level the game started on. Errors: the stored text does not parse (a damaged or
    /// hand-edited file); the diagnostics give lines and columns within the level text.
    pub fn level(&self) -> Result<Level, LevelErrors> {
        Level::parse(&self.header.level_text, &self.header.level_name)
    }

    /// The game at step 0, before any change: the level, the settings, the start's score and
    /// lives. Errors: as [`Replay::level`].
    pub fn start_game(&self) -> Result<Game, LevelErrors> {
        let level = self.level()?;
        let h = &self.header;
        Ok(Game::continuing(
            &level,
            h.settings.to_config(),
            h.start_score,
            h.start_lives,
        ))
    }

    /// The settings the game started with.
    pub fn config(&self) -> GameConfig {
        self.header.settings.to_config()
    }

    /// The replay of its first `steps` steps only (all of it if it has fewer), with no end: the
    /// inputs cut there ([`InputTrack::truncate`]), the changes made before the next step kept
    /// (those at step `steps` or later dropped: a [`Playback`] at `steps` has not applied them
    /// yet), and the hashes of those steps. What a game taken over at step `steps` goes on
    /// recording from ([`Recorder::taken_over`]).
    pub fn truncated(&self, steps: u64) -> Replay {
        let steps = steps.min(self.steps());
        let mut inputs = self.inputs.clone();
        inputs.truncate(steps);
        Replay {
            header: self.header.clone(),
            inputs,
            changes: self
                .changes
                .iter()
                .filter(|c| c.step < steps)
                .cloned()
                .collect(),
            hashes: self
                .hashes
                .iter()
                .take((steps / HASH_INTERVAL) as usize)
                .copied()
                .collect(),
            end: None,
        }
    }

    /// The level in play after `steps` steps: the last reload applied before then, or the
    /// level the game started on. Errors: as [`Replay::level`].
    pub fn level_at(&self, steps: u64) -> Result<Level, LevelErrors> {
        let reloaded = self.changes.iter().rev().find_map(|c| match &c.kind {
            ChangeKind::Reload {
                level_name,
                level_text,
            } if c.step < steps => Some((level_name, level_text)),
            _ => None,
        });
        match reloaded {
            Some((name, text)) => Level::parse(text, name),
            None => self.level(),
        }
    }

    /// Checks what decoding cannot: changes in step order and within the recorded steps, known
    /// collision modes and power-ups, level texts that parse, no more hashes than steps hold.
    /// Errors name the field.
    pub fn validate(&self) -> Result<(), String> {
        self.header.settings.validate()?;
        self.level()
            .map_err(|e| format!("level text: {}", first_line(&e.to_string())))?;
        let steps = self.steps();
        if steps > MAX_STEPS {
            return Err(format!(
                "inputs: {steps} steps, more than the {MAX_STEPS} (7 days of play) a replay may hold"
            ));
        }
        let mut last = 0;
        for (i, change) in self.changes.iter().enumerate() {
            if change.step < last || change.step > steps {
                return Err(format!(
                    "changes[{i}]: step {} is out of order or past the last step {steps}",
                    change.step
                ));
            }
            last = change.step;
            match &change.kind {
                ChangeKind::Collision(name) => {
                    CollisionMode::from_name(name).ok_or_else(|| {
                        let why = settings::lacking_model(name, "switched to");
                        format!("changes[{i}]: at step {}: {why}", change.step)
                    })?;
                }
                ChangeKind::PowerUp(name) => {
                    PowerUpKind::from_name(name)
                        .ok_or(format!("changes[{i}]: unknown power-up {name:?}"))?;
                }
                ChangeKind::Reload {
                    level_name,
                    level_text,
                } => {
                    Level::parse(level_text, level_name).map_err(|e| {
                        format!("changes[{i}]: level text: {}", first_line(&e.to_string()))
                    })?;
                }
            }
        }
        if self.hashes.len() as u64 > steps / HASH_INTERVAL {
            return Err(format!(
                "hashes: {} stored, but {steps} steps hold at most {}",
                self.hashes.len(),
                steps / HASH_INTERVAL
            ));
        }
        if let Some(at) = self.header.taken_over_at {
            if at > steps {
                return Err(format!(
                    "taken_over_at: step {at} is past the last step {steps}"
                ));
            }
        }
        Ok(())
    }
}

impl ChangeKind {
    /// Applies the change to `game`. A name that is not known (a damaged file; [`Replay::validate`]
    /// refuses those) or a level that does not parse changes nothing.
    pub fn apply(&self, game: &mut Game) {
        match self {
            ChangeKind::Collision(name) => {
                if let Some(mode) = CollisionMode::from_name(name) {
                    game.set_collision_mode(mode);
                }
            }
            ChangeKind::Reload {
                level_name,
                level_text,
            } => {
                if let Ok(level) = Level::parse(level_text, level_name) {
                    game.replace_level(&level);
                }
            }
            ChangeKind::PowerUp(name) => {
                if let Some(kind) = PowerUpKind::from_name(name) {
                    game.collect_powerup(kind);
                }
            }
        }
    }

    /// A reload to `level`.
    pub fn reload(level: &Level) -> ChangeKind {
        ChangeKind::Reload {
            level_name: level.name.clone(),
            level_text: level.to_text(),
        }
    }
}

/// The first line of a multi-line message.
fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or(s)
}

#[cfg(test)]
mod format7_tests;
#[cfg(test)]
mod tests;
