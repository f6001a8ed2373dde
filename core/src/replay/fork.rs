//! [`ReplayFork`]: a [`Fork`] of a replay's game at one step into every collision mode, fed the
//! replay's recorded input (and its recorded changes: reloads, power-ups; a recorded mode
//! switch is undone for each copy) from there, and moved with the replay as it plays, steps
//! and seeks.

use super::Replay;
use crate::sim::fork::Fork;
use crate::sim::Game;
use std::sync::Arc;

/// A replay forked into every collision mode at one step.
#[derive(Clone, Debug)]
pub struct ReplayFork {
    replay: Arc<Replay>,
    /// The fork as made, to play again from when a seek goes back.
    origin: Fork,
    fork: Fork,
}

impl ReplayFork {
    /// `game`, the replay's game after `at` steps, forked into every mode.
    pub fn new(replay: Arc<Replay>, game: &Game, at: u64) -> ReplayFork {
        ReplayFork::with_modes(replay, game, at, &crate::collision::CollisionMode::ALL)
    }

    /// `game`, the replay's game after `at` steps, forked into each mode of `modes` (the
    /// screen's `--modes`).
    pub fn with_modes(
        replay: Arc<Replay>,
        game: &Game,
        at: u64,
        modes: &[crate::collision::CollisionMode],
    ) -> ReplayFork {
        let origin = Fork::new(game, modes, at);
        ReplayFork {
            replay,
            fork: origin.clone(),
            origin,
        }
    }

    /// The fork as of [`Fork::at`].
    pub fn fork(&self) -> &Fork {
        &self.fork
    }

    /// The step the fork was made at.
    pub fn start(&self) -> u64 {
        self.origin.start()
    }

    /// Runs the copies one recorded step (after the changes recorded before it); `false`,
    /// doing nothing, at the replay's end.
    pub fn step(&mut self) -> bool {
        let at = self.fork.at();
        let Some(input) = self.replay.inputs.get(at) else {
            return false;
        };
        for change in self.replay.changes.iter().filter(|c| c.step == at) {
            self.fork.apply(|game| change.kind.apply(game));
        }
        self.fork.step(&input);
        true
    }

    /// Puts the copies at step `target` (at least the fork's start, at most the replay's end):
    /// forward by stepping, back by playing again from the fork. Returns `false`, changing
    /// nothing, for a step before the fork (the caller leaves the fork).
    pub fn seek(&mut self, target: u64) -> bool {
        if target < self.start() {
            return false;
        }
        if target < self.fork.at() {
            self.fork = self.origin.clone();
        }
        while self.fork.at() < target && self.step() {}
        true
    }
}

impl ReplayFork {
    /// The first step after `step` where the copies' grouping changes, looking at most
    /// `look_ahead` steps past the ones already played (on a copy: the fork stays where it
    /// is); `None` if none comes by then or by the replay's end.
    pub fn next_split_after(&self, step: u64, look_ahead: u64) -> Option<u64> {
        if let Some(split) = self.fork.next_split_after(step) {
            return Some(split.step);
        }
        let mut ahead = self.clone();
        let limit = ahead.fork.at().max(step).saturating_add(look_ahead);
        while ahead.fork.at() < limit && ahead.step() {
            if let Some(split) = ahead.fork.next_split_after(step) {
                return Some(split.step);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::replay::{file, Playback};
    use std::path::Path;

    fn corner_replay() -> Arc<Replay> {
        let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
            .join("tests/replays/corner_hit_clamp.bkreplay");
        Arc::new(file::read(&path).expect("the regression replay reads"))
    }

    /// The copy in the replay's own mode plays exactly as the replay; seeking back replays
    /// the fork to the same state; before the fork is refused.
    #[test]
    fn the_own_mode_copy_follows_the_replay_and_seeks_agree() {
        let replay = corner_replay();
        let mut playback = Playback::new(replay.clone()).unwrap();
        playback.advance(10);
        let mut fork = ReplayFork::new(replay.clone(), playback.game(), 10);
        let mode = replay.config().collision;
        while fork.step() {
            playback.step();
            let own = fork.fork().copy(mode).unwrap().game();
            assert_eq!(
                own.state_hash(),
                playback.game().state_hash(),
                "step {}",
                playback.at()
            );
        }
        assert_eq!(fork.fork().at(), replay.steps());
        let split = fork
            .fork()
            .first_split()
            .cloned()
            .expect("the corner hit parts the modes");
        let end: Vec<u64> = fork
            .fork()
            .copies()
            .iter()
            .map(|c| c.game().state_hash())
            .collect();
        assert!(fork.seek(split.step));
        assert_eq!(fork.fork().at(), split.step);
        assert_eq!(fork.fork().first_split(), Some(&split));
        assert!(fork.seek(u64::MAX));
        let again: Vec<u64> = fork
            .fork()
            .copies()
            .iter()
            .map(|c| c.game().state_hash())
            .collect();
        assert_eq!(end, again);
        assert_eq!(fork.next_split_after(split.step - 1, 0), Some(split.step));
        let mut early = ReplayFork::new(
            replay.clone(),
            &Playback::new(replay.clone()).unwrap().game().clone(),
            0,
        );
        assert_eq!(
            early.next_split_after(0, u64::MAX),
            Some(split.step),
            "found ahead"
        );
        assert_eq!(early.fork().at(), 0, "without moving the fork");
        assert_eq!(early.next_split_after(0, 5), None, "not within 5 steps");
        early.seek(split.step);
        assert!(!fork.seek(9));
        assert_eq!(fork.fork().at(), replay.steps());
    }
}
