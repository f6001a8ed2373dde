//! [`Game::state_hash`] and the hash of older versions, the game's side of `state_hash.rs`
//! (which serialises and hashes it): in a file of their own, so the game's `mod.rs` needs
//! nothing from `state_hash.rs`.

use super::state_hash::{hash_of, legacy_hash_of};
use super::Game;

impl Game {
    /// A 64-bit hash (XXH3-64) of the whole game state: everything [`Game`] holds (level name,
    /// configuration, bricks, paddle, balls, lives, score, state, generator, statistics, falling
    /// power-ups, active effects and their timers) but the last step's events, by way of its
    /// serialisation ([`hash_of`]). Identical runs give identical hashes; any
    /// divergence in the simulation changes it. The same on every target: bytes fed
    /// little-endian, `usize` as 64 bits, floats canonical (`-0.0` as `0.0`, one NaN).
    pub fn state_hash(&self) -> u64 {
        hash_of(self)
    }

    /// The state hash of game versions up to 0.2.0 ([`legacy_hash_of`]: FNV-1a,
    /// raw float bits), which replays of format 3 and older stored: what [`crate::replay`]
    /// checks them against, as far as this version's game still matches theirs.
    pub(crate) fn legacy_state_hash(&self) -> u64 {
        legacy_hash_of(self)
    }
}
