//! [`Keyframes`]: snapshots of a [`Playback`] taken as it plays, to seek backwards (and
//! forwards) in a replay by re-simulating from the nearest one, as Jolt's samples step back.

use super::Playback;

/// Snapshots of a playback every `interval` steps, within a memory budget: when the next one
/// would go over it, every other snapshot is dropped and the interval doubles, so any replay
/// fits and a seek re-simulates at most `interval` steps.
#[derive(Debug)]
pub struct Keyframes {
    /// Snapshots in step order; the first is step 0.
    frames: Vec<Playback>,
    /// Steps between snapshots.
    interval: u64,
    /// Most bytes the snapshots may take (estimated).
    budget: usize,
    /// Estimated bytes of one snapshot, measured on the first.
    frame_bytes: usize,
}

/// Steps between keyframes at first: a second of play.
pub(crate) const FIRST_INTERVAL: u64 = 240;
/// The default memory budget of a replay's keyframes, bytes.
pub const DEFAULT_BUDGET: usize = 64 << 20;

impl Keyframes {
    /// Keyframes of `start` (which should be at step 0) within `budget` bytes.
    pub fn new(start: &Playback, budget: usize) -> Keyframes {
        // The heap a game holds is dominated by what its serialisation writes (the bricks, the
        // balls, the power-ups): its size, doubled for the vectors' slack and the struct.
        let frame_bytes = postcard::to_allocvec(start.game()).map_or(4096, |v| v.len() * 2) + 1024;
        Keyframes {
            frames: vec![start.clone()],
            interval: FIRST_INTERVAL,
            budget,
            frame_bytes,
        }
    }

    /// Steps between snapshots now.
    pub fn interval(&self) -> u64 {
        self.interval
    }

    /// Snapshots held.
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// No snapshot held (never: the start is always kept).
    pub fn is_empty(&self) -> bool {
        self.frames.is_empty()
    }

    /// Estimated bytes the snapshots take.
    pub fn bytes(&self) -> usize {
        self.frames.len() * self.frame_bytes
    }

    /// The last step a snapshot holds.
    pub(crate) fn last_step(&self) -> u64 {
        self.frames.last().map_or(0, Playback::at)
    }

    /// Offers the playback's state after a step: kept when it falls on the interval past the
    /// last snapshot.
    pub fn offer(&mut self, playback: &Playback) {
        let at = playback.at();
        if !at.is_multiple_of(self.interval) || at <= self.last_step() {
            return;
        }
        if (self.frames.len() + 1) * self.frame_bytes > self.budget {
            self.interval *= 2;
            let interval = self.interval;
            self.frames.retain(|f| f.at() % interval == 0);
            if !at.is_multiple_of(interval) {
                return;
            }
        }
        self.frames.push(playback.clone());
    }

    /// Plays `playback` forward to step `target` (or the end), offering each step.
    pub fn play_to(&mut self, playback: &mut Playback, target: u64) {
        while playback.at() < target && playback.step() {
            self.offer(playback);
        }
    }

    /// Puts `playback` at step `target` (or the replay's end, if sooner): from the nearest
    /// snapshot at or before it, or from where it is when that is nearer, then re-simulating
    /// the steps between (at most the interval, once the snapshots reach that far; further on,
    /// the steps are played once and snapshots taken on the way).
    pub fn seek(&mut self, playback: &mut Playback, target: u64) {
        let i = self.frames.partition_point(|f| f.at() <= target);
        if let Some(frame) = i.checked_sub(1).map(|i| &self.frames[i]) {
            if playback.at() > target || frame.at() > playback.at() {
                *playback = frame.clone();
            }
        }
        self.play_to(playback, target);
    }

    /// Plays a copy of `start` to the end, keeping snapshots: after this any seek re-simulates
    /// at most [`Keyframes::interval`] steps.
    pub fn fill(&mut self, start: &Playback) {
        let mut p = self.frames.last().cloned().unwrap_or_else(|| start.clone());
        while p.step() {
            self.offer(&p);
        }
    }
}
