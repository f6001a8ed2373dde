//! The stall breaker: a level's last brick, left untouched by the balls for a minute, is struck
//! by lightning ([`crate::sim::GameConfig::stall_breaker`]).
//!
//! Source: DX-Ball (`../shared/research/anchors-2026-11-27.md` §1.4, after the DX-Ball
//! article): "If only a single block remains on a level and it continues to be untouched by the
//! bouncing ball for a minute or so, an electricity sound begins to build and eventually the
//! block is blasted away by a lightning". Here: while exactly one brick that counts for the
//! clear is left and a ball is in play, a clock runs; a hit on that brick (one that damages it)
//! sets it back to 0, a ball waiting on the paddle stops it. At [`STALL_WARNING_SECONDS`] a
//! `GameEvent::StallWarning` starts the build-up; at [`STALL_SECONDS`] a
//! `GameEvent::Lightning` strikes and the brick is destroyed outright, scoring nothing
//! (`pick.rs`'s `Game::destroy_outright`). The clock's stage is `assists.rs`'s
//! `Game::break_stall`.

use super::tuning::FIXED_TIMESTEP;

/// Seconds the last brick must stay untouched before the lightning strikes (DX-Ball's "a
/// minute or so").
pub const STALL_SECONDS: f32 = 60.0;

/// Seconds untouched when the build-up starts (its sound and sparks), before the strike.
pub const STALL_WARNING_SECONDS: f32 = 50.0;

/// [`STALL_SECONDS`] in fixed steps (14,400 at 240 Hz).
pub const STALL_STEPS: u32 = (STALL_SECONDS / FIXED_TIMESTEP + 0.5) as u32;

/// [`STALL_WARNING_SECONDS`] in fixed steps (12,000 at 240 Hz).
pub const STALL_WARNING_STEPS: u32 = (STALL_WARNING_SECONDS / FIXED_TIMESTEP + 0.5) as u32;

/// The stall breaker's clock: steps the last brick has been left untouched with a ball in
/// play. Hashed while it runs; at 0 (always, with the breaker off) it is left out of the state
/// hash, so games without it hash as before it existed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct StallClock {
    /// Steps untouched so far.
    steps: u32,
}

impl StallClock {
    /// For `skip_serializing_if`: the clock is not running.
    pub fn is_idle(&self) -> bool {
        self.steps == 0
    }

    /// One more step untouched; returns the steps so far.
    pub(in crate::sim) fn tick(&mut self) -> u32 {
        self.steps += 1;
        self.steps
    }

    /// Seconds the last brick has been untouched so far.
    pub fn seconds(&self) -> f32 {
        self.steps as f32 * FIXED_TIMESTEP
    }
}
