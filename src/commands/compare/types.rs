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

/// What `compare` was asked, but what it plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareOptions {
    /// The models to play, in `--modes` order (default every built-in, [`Model::all`]); a
    /// model of one's own ([`Model::custom`]) plays beside them.
    pub modes: Vec<Model>,
    /// Most fixed steps played per level (a level stops early when cleared); `None`:
    /// [`DEFAULT_STEPS`] for levels, the whole replay for a replay.
    pub steps: Option<u64>,
    /// The games' seed (the bot's too).
    pub seed: u64,
    /// Also run the speed sweep ([`sweep`](super::sweep)) and plot it.
    pub speed_sweep: bool,
    /// The sub-steps of the levels' games (`--sub-steps`, default on); the speed sweep plays
    /// both whatever this says.
    pub sub_steps: crate::sim::SubSteps,
}

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

/// One level's results: its set, number and name, and one outcome per mode.
#[derive(Clone, Debug)]
pub struct LevelResult {
    /// The level's set.
    pub set: String,
    /// Its number in the set, from 1.
    pub number: usize,
    /// Its name.
    pub name: String,
    /// One outcome per mode, in [`CompareOptions::modes`] order.
    pub outcomes: Vec<ModeOutcome>,
}
