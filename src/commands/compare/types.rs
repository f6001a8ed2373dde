//! What `compare` and its writers share: the options ([`CompareOptions`], [`DEFAULT_STEPS`]),
//! one level's results ([`LevelResult`]) and why nothing was written ([`CompareError`]).
//! `compare/mod.rs` re-exports them, so their paths stay `commands::compare::…`.

use super::models::Model;
use super::run::ModeOutcome;
use crate::assets::SetError;
use crate::level::LoadError;
use std::path::PathBuf;

/// The steps played per level unless `--steps` says otherwise: 20,000 fixed steps (83 s of
/// play), as the corpus test plays; the bot clears most levels it can clear well within it.
pub const DEFAULT_STEPS: u64 = 20_000;

/// The seeds each level is played with unless `--seeds` says otherwise: 10 (seeds S … S + 9
/// from `--seed` S), enough for a 95 % interval that is not only noise.
pub const DEFAULT_SEEDS: u64 = 10;

/// What `compare` was asked, but what it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareOptions {
    /// The models to play, in `--modes` order (default every built-in, [`Model::all`]); a
    /// model of one's own ([`Model::custom`]) plays beside them.
    pub modes: Vec<Model>,
    /// Most fixed steps played per level (a level stops early when cleared); `None`:
    /// [`DEFAULT_STEPS`] for levels, the whole replay for a replay.
    pub steps: Option<u64>,
    /// The first seed of the games (the bot's too): the games are played with the seeds
    /// `seed`, `seed + 1`, … (wrapping), `seeds` of them.
    pub seed: u64,
    /// How many seeds each level is played with (at least 1; 0 counts as 1); a replay is
    /// played once, with its own seed.
    pub seeds: u64,
    /// Also run the speed sweep ([`sweep`](super::sweep)) and plot it.
    pub speed_sweep: bool,
    /// Check every contact against the exact referee ([`contacts`](super::contacts)) and write
    /// `contacts.csv`, `contact_error.svg` and the summary's first section (default on;
    /// `--no-contact-check` turns it off, to measure what it costs).
    pub contact_check: bool,
    /// The sub-steps of the levels' games (`--sub-steps`, default on); the speed sweep plays
    /// both whatever this says.
    pub sub_steps: crate::sim::SubSteps,
}

impl CompareOptions {
    /// The seeds played: `seed`, `seed + 1`, … (wrapping at `u64::MAX`), `seeds` of them (at
    /// least one).
    pub fn seed_list(&self) -> Vec<u64> {
        (0..self.seeds.max(1))
            .map(|i| self.seed.wrapping_add(i))
            .collect()
    }
}

/// Fixed steps per second of play.
pub const STEPS_PER_SECOND: f64 = 240.0;

/// Why `compare` wrote nothing. Each message names the input it is about.
#[derive(Debug, thiserror::Error)]
pub enum CompareError {
    /// `--modes` named a mode that does not exist (or none), or two models share a name.
    #[error("{0}")]
    Modes(String),
    /// The set or level arguments named nothing playable.
    #[error(transparent)]
    Set(#[from] SetError),
    /// Sets were found but none has a level to play.
    #[error("{0}: no playable level")]
    NoLevels(String),
    /// A level did not load (its file:line:column in the message).
    #[error("{set}, level {number}: {source}")]
    Level {
        /// The level's set.
        set: String,
        /// The level's number in the set, from 1.
        number: usize,
        /// Why it did not load.
        source: LoadError,
    },
    /// The replay cannot be read, its level does not parse, or it does not verify.
    #[error("{0}")]
    Replay(String),
    /// A file or directory of the output cannot be written.
    #[error("{}: cannot write the output there: {source}", path.display())]
    Output {
        /// The path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A file's content could not be made (the CSV writer's or the plotter's error).
    #[error("{}: {message}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

/// One game's results, a level played with one seed: its set, number, name and seed, and one
/// outcome per mode.
#[derive(Clone, Debug)]
pub struct LevelResult {
    /// The level's set.
    pub set: String,
    /// Its number in the set, from 1.
    pub number: usize,
    /// Its name.
    pub name: String,
    /// The seed the game was played with (a replay's own).
    pub seed: u64,
    /// One outcome per mode, in [`CompareOptions::modes`] order.
    pub outcomes: Vec<ModeOutcome>,
}

/// What `compare --replay` played: the replay's own facts, for the summary's header.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayFacts {
    /// The replay's length, fixed steps of 1/240 s.
    pub steps: u64,
    /// The steps played (the length, or `--steps` if shorter).
    pub played: u64,
    /// The seed it was recorded with.
    pub seed: u64,
    /// The collision mode it was recorded in, by name.
    pub mode: String,
}
