//! [`Fork`]: one [`Game`] forked into one copy per collision mode at one step, every copy
//! stepped with the same [`Input`], to see where the modes part (the collision lab).
//!
//! Each copy keeps a short trail of its balls (`TRAIL_STEPS`), and the fork tells which bricks
//! a copy broke since the fork ([`Fork::broken`]), where the copies first differ and which modes
//! went which way ([`Fork::first_split`]), and every later step where that grouping changed
//! ([`Fork::splits`]). Copies are compared by [`Game::state_hash_without_mode`]: two copies are
//! in one group while their whole state but the mode hashes alike. No window, no GL: the replay
//! screen and the paused game draw what it holds.

use super::{Game, Input};
use crate::collision::{Aabb, CollisionMode};
use glam::Vec2;
use std::collections::VecDeque;
use std::fmt;

/// Steps of ball positions a copy's trail keeps: 0.25 s at the fixed step of 1/240 s.
pub(crate) const TRAIL_STEPS: usize = 60;

/// One copy of the forked game, played in one collision mode.
#[derive(Clone, Debug)]
pub struct ForkCopy {
    mode: CollisionMode,
    game: Game,
    /// The balls' centres after each of the last [`TRAIL_STEPS`] steps (playfield pixels),
    /// oldest first.
    trail: VecDeque<Vec<Vec2>>,
}

impl ForkCopy {
    /// The collision mode this copy plays in.
    pub fn mode(&self) -> CollisionMode {
        self.mode
    }

    /// The copy's game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The balls' centres after each of the last `TRAIL_STEPS` steps, oldest first
    /// (playfield pixels; a step's list has one entry per ball then in play).
    pub fn trail(&self) -> impl Iterator<Item = &[Vec2]> + '_ {
        self.trail.iter().map(Vec::as_slice)
    }

    /// The state hash with the mode left out ([`Game::state_hash_without_mode`]), without the
    /// copy that function makes ([`Game::hash_without_mode_in_place`]).
    fn hash_without_mode(&mut self) -> u64 {
        self.game.hash_without_mode_in_place()
    }

    fn remember_balls(&mut self) {
        if self.trail.len() == TRAIL_STEPS {
            self.trail.pop_front();
        }
        self.trail
            .push_back(self.game.balls().iter().map(|b| b.pos).collect());
    }
}

/// How the copies fall into groups of identical play: one label per copy (in the fork's order
/// of copies), the index of the first copy with the same state hash (mode left out).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Groups {
    modes: Vec<CollisionMode>,
    labels: Vec<usize>,
}

impl Groups {
    /// The groups from each copy's mode and hash, in the copies' order.
    fn from_hashes(modes: &[CollisionMode], hashes: &[u64]) -> Groups {
        let labels = hashes
            .iter()
            .map(|h| hashes.iter().position(|o| o == h).unwrap_or(0))
            .collect();
        Groups {
            modes: modes.to_vec(),
            labels,
        }
    }

    /// The groups, each its copies' modes in the fork's order; groups ordered by their first
    /// copy.
    pub fn modes(&self) -> Vec<Vec<CollisionMode>> {
        let mut firsts: Vec<usize> = Vec::new();
        for &label in &self.labels {
            if !firsts.contains(&label) {
                firsts.push(label);
            }
        }
        firsts
            .iter()
            .map(|&first| {
                self.labels
                    .iter()
                    .zip(&self.modes)
                    .filter(|&(&l, _)| l == first)
                    .map(|(_, &m)| m)
                    .collect()
            })
            .collect()
    }

    /// How many groups: 1 while every copy plays alike, the number of copies once all differ.
    pub fn count(&self) -> usize {
        self.labels
            .iter()
            .enumerate()
            .filter(|&(i, &l)| l == i)
            .count()
    }

    /// Whether copies `a` and `b` (indices in the fork's order) are in one group.
    pub fn together(&self, a: usize, b: usize) -> bool {
        matches!((self.labels.get(a), self.labels.get(b)), (Some(x), Some(y)) if x == y)
    }
}

/// Groups as `aabb, cross | clamp, zones, swept`.
impl fmt::Display for Groups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, group) in self.modes().iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            let names: Vec<&str> = group.iter().map(|m| m.name()).collect();
            f.write_str(&names.join(", "))?;
        }
        Ok(())
    }
}

/// A step where the copies' grouping changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// The step, counted as the fork counts them ([`Fork::at`]): after it ran, the copies fell
    /// into `groups`.
    pub step: u64,
    /// The groups from that step on.
    pub groups: Groups,
}

/// One game forked into several collision modes at one step (see the module's documentation).
#[derive(Clone, Debug)]
pub struct Fork {
    copies: Vec<ForkCopy>,
    /// The step the fork was made at (the caller's count, e.g. a replay's step).
    start: u64,
    /// Steps run since.
    ran: u64,
    /// Whether each cell held a live brick at the fork, row by row; with the grid's size.
    start_alive: Vec<bool>,
    start_grid: (usize, usize),
    groups: Groups,
    splits: Vec<Split>,
}

impl Fork {
    /// `game` at step `start` (the caller's count) forked into one copy per mode of
    /// [`CollisionMode::ALL`], in that order.
    pub fn every_mode(game: &Game, start: u64) -> Fork {
        Fork::new(game, &CollisionMode::ALL, start)
    }

    /// `game` at step `start` forked into one copy per entry of `modes` (a mode may appear
    /// twice: such copies never part). No modes gives a fork of no copies.
    pub fn new(game: &Game, modes: &[CollisionMode], start: u64) -> Fork {
        let mut copies: Vec<ForkCopy> = modes
            .iter()
            .map(|&mode| {
                let mut game = game.clone();
                game.set_collision_mode(mode);
                let mut copy = ForkCopy {
                    mode,
                    game,
                    trail: VecDeque::with_capacity(TRAIL_STEPS),
                };
                copy.remember_balls();
                copy
            })
            .collect();
        let bricks = game.bricks();
        let start_grid = (bricks.rows(), bricks.cols());
        let start_alive = (0..start_grid.0)
            .flat_map(|r| (0..start_grid.1).map(move |c| (r, c)))
            .map(|(r, c)| bricks.live(r, c).is_some())
            .collect();
        let hashes: Vec<u64> = copies.iter_mut().map(ForkCopy::hash_without_mode).collect();
        Fork {
            groups: Groups::from_hashes(modes, &hashes),
            copies,
            start,
            ran: 0,
            start_alive,
            start_grid,
            splits: Vec::new(),
        }
    }

    /// Steps every copy once with `input`, then regroups them.
    pub fn step(&mut self, input: &Input) {
        for copy in &mut self.copies {
            copy.game.step(input);
            copy.remember_balls();
        }
        self.ran += 1;
        self.regroup();
    }

    /// Changes every copy's game with `change` (a reload of the level, a power-up a tool
    /// collected), keeping each copy's own mode (a mode switch in `change` is undone).
    pub fn apply(&mut self, mut change: impl FnMut(&mut Game)) {
        for copy in &mut self.copies {
            change(&mut copy.game);
            copy.game.set_collision_mode(copy.mode);
        }
        self.regroup();
    }

    fn regroup(&mut self) {
        let hashes: Vec<u64> = self
            .copies
            .iter_mut()
            .map(ForkCopy::hash_without_mode)
            .collect();
        let groups = Groups::from_hashes(&self.groups.modes, &hashes);
        if groups != self.groups {
            self.splits.push(Split {
                step: self.at(),
                groups: groups.clone(),
            });
            self.groups = groups;
        }
    }

    /// The copies, in the order of the modes the fork was made with.
    pub fn copies(&self) -> &[ForkCopy] {
        &self.copies
    }

    /// The copy playing `mode` (the first, if two do).
    pub fn copy(&self, mode: CollisionMode) -> Option<&ForkCopy> {
        self.copies.iter().find(|c| c.mode == mode)
    }

    /// The step the fork was made at (the caller's count).
    pub fn start(&self) -> u64 {
        self.start
    }

    /// The step the copies are at: [`Fork::start`] plus the steps run since.
    pub fn at(&self) -> u64 {
        self.start + self.ran
    }

    /// How the copies are grouped now.
    pub fn groups(&self) -> &Groups {
        &self.groups
    }

    /// The first step where two copies differed and how they fell apart there, once they did.
    pub fn first_split(&self) -> Option<&Split> {
        self.splits.first()
    }

    /// Every step where the grouping changed, in order (the first is [`Fork::first_split`]).
    pub fn splits(&self) -> &[Split] {
        &self.splits
    }

    /// The first split after step `step`, if one came yet.
    pub fn next_split_after(&self, step: u64) -> Option<&Split> {
        self.splits.iter().find(|s| s.step > step)
    }

    /// The bricks copy `index` broke since the fork: cells that held a live brick at the fork
    /// and hold none now, as (row, column, the cell's box in playfield pixels). None after a
    /// reload changed the grid's size, or for an index past the copies.
    pub fn broken(&self, index: usize) -> Vec<(usize, usize, Aabb)> {
        let Some(copy) = self.copies.get(index) else {
            return Vec::new();
        };
        let bricks = copy.game.bricks();
        if (bricks.rows(), bricks.cols()) != self.start_grid {
            return Vec::new();
        }
        let cols = self.start_grid.1;
        self.start_alive
            .iter()
            .enumerate()
            .filter(|&(_, &alive)| alive)
            .map(|(i, _)| (i / cols, i % cols))
            .filter(|&(r, c)| bricks.live(r, c).is_none())
            .map(|(r, c)| (r, c, bricks.cell_rect(r, c)))
            .collect()
    }
}

#[cfg(test)]
#[path = "fork_tests.rs"]
mod tests;
