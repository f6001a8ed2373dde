//! [`Playback`]: a replay played again, one step at a time, checked against its hashes.

use super::{Math, Replay, HASH_INTERVAL};
use crate::level::LevelErrors;
use crate::sim::{Game, Input};
use std::sync::Arc;

/// Where a replay stopped matching what was recorded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divergence {
    /// Steps run when the hashes differed (a multiple of [`HASH_INTERVAL`], or the last step).
    pub step: u64,
    /// The hash the replay stored.
    pub expected: u64,
    /// The hash the game has now.
    pub found: u64,
}

/// A replay being played: the game, the steps run, the next change to apply, and the first
/// divergence found. Cloning it is cheap but for the game (the replay is shared): a clone is
/// a keyframe.
#[derive(Clone, Debug)]
pub struct Playback {
    replay: Arc<Replay>,
    game: Game,
    /// Steps run.
    at: u64,
    /// Index of the next change to apply in `replay.changes`.
    next_change: usize,
    /// The run of `replay.inputs` that holds step `at`, and the step where it ends.
    run: (usize, u64),
    /// The first stored hash that did not match, if one did not.
    diverged: Option<Divergence>,
}

impl Playback {
    /// The replay at step 0. Errors: its level text does not parse.
    pub fn new(replay: Arc<Replay>) -> Result<Playback, LevelErrors> {
        let game = replay.start_game()?;
        let run = (0, replay.inputs.run_end(0));
        Ok(Playback {
            replay,
            game,
            at: 0,
            next_change: 0,
            run,
            diverged: None,
        })
    }

    /// The replay played.
    pub fn replay(&self) -> &Arc<Replay> {
        &self.replay
    }

    /// The game as of [`Playback::at`] steps.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Steps run so far.
    pub fn at(&self) -> u64 {
        self.at
    }

    /// Every recorded step has run.
    pub fn at_end(&self) -> bool {
        self.at >= self.replay.steps()
    }

    /// The first divergence found so far (hashes are checked as their steps are reached).
    pub fn divergence(&self) -> Option<Divergence> {
        self.diverged
    }

    /// The input the next step will be given, or `None` at the end.
    pub fn next_input(&self) -> Option<Input> {
        self.replay.inputs.get(self.at)
    }

    /// Runs the next recorded step (after the changes recorded before it) and checks the
    /// stored hash if one falls on it. Returns `false`, doing nothing, at the end (then
    /// [`Playback::finish`]).
    pub fn step(&mut self) -> bool {
        if self.at_end() {
            return false;
        }
        self.apply_changes();
        if self.at >= self.run.1 {
            self.run.0 += 1;
            self.run.1 = self.replay.inputs.run_end(self.run.0);
        }
        let input = self.replay.inputs.run_input(self.run.0);
        self.game.step(&input);
        self.at += 1;
        if self.at.is_multiple_of(HASH_INTERVAL) {
            let k = (self.at / HASH_INTERVAL - 1) as usize;
            if let Some(&expected) = self.replay.hashes.get(k) {
                self.check(expected);
            }
        }
        true
    }

    /// Runs `n` steps, or up to the end; returns how many ran.
    pub fn advance(&mut self, n: u64) -> u64 {
        let mut ran = 0;
        while ran < n && self.step() {
            ran += 1;
        }
        ran
    }

    /// Runs every step left, then applies the changes made after the last one and checks the
    /// end's hash (also for a replay of no steps).
    pub fn run_to_end(&mut self) {
        while self.step() {}
        self.finish();
    }

    /// At the end: applies the changes made after the last step and checks the end's hash.
    /// Does nothing before the end.
    pub fn finish(&mut self) {
        if !self.at_end() {
            return;
        }
        self.apply_changes();
        if let Some(end) = self.replay.end {
            self.check(end.hash);
        }
    }

    /// Hands the game over: the playback's game as it is now, to be played live.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// Applies the changes recorded at the current step.
    fn apply_changes(&mut self) {
        while let Some(change) = self.replay.changes.get(self.next_change) {
            if change.step > self.at {
                break;
            }
            change.kind.apply(&mut self.game);
            self.next_change += 1;
        }
    }

    /// Compares the game's hash with `expected`; remembers the first mismatch. The hash is
    /// the one the replay's math stored: the legacy hash for a replay of format 3 or older.
    fn check(&mut self, expected: u64) {
        if self.diverged.is_none() {
            let found = match self.replay.header.math {
                Math::Portable => self.game.state_hash(),
                Math::Platform => self.game.legacy_state_hash(),
            };
            if found != expected {
                self.diverged = Some(Divergence {
                    step: self.at,
                    expected,
                    found,
                });
            }
        }
    }
}

impl Replay {
    /// The replay as this version plays it, for recording to go on from: its state hashes
    /// computed again by playing it ([`Playback`]) with this version's math and hash, its
    /// header's [`Header::math`](super::Header::math) [`Math::Portable`], its end dropped. A
    /// replay of an older format ([`Math::Platform`]) resumed or taken over becomes a file that
    /// verifies from its first step: the game going on is the one this version plays from those
    /// inputs. Unchanged but for the end when it is already portable, or when its level text
    /// does not parse (then nothing can be played from it anyway).
    pub(crate) fn rehashed(mut self) -> Replay {
        self.end = None;
        if self.header.math == Math::Portable {
            return self;
        }
        let mut unchecked = self.clone();
        unchecked.hashes.clear();
        let Ok(mut playback) = Playback::new(Arc::new(unchecked)) else {
            return self;
        };
        let mut hashes = Vec::with_capacity(self.hashes.len());
        while playback.step() {
            if playback.at().is_multiple_of(HASH_INTERVAL) {
                hashes.push(playback.game().state_hash());
            }
        }
        self.hashes = hashes;
        self.header.math = Math::Portable;
        self
    }
}
