//! The stall breaker: a level's last brick, left untouched by the balls for a minute, is struck
//! by lightning ([`crate::sim::GameConfig::stall_breaker`]).
//!
//! Source: DX-Ball (`../shared/research/anchors-2026-11-27.md` §1.4, after the DX-Ball
//! article): "If only a single block remains on a level and it continues to be untouched by the
//! bouncing ball for a minute or so, an electricity sound begins to build and eventually the
//! block is blasted away by a lightning". Here: while exactly one brick that counts for the
//! clear is left and a ball is in play, a clock runs; a hit on that brick (one that damages it)
//! sets it back to 0, a ball waiting on the paddle stops it. At [`STALL_WARNING_SECONDS`] a
//! [`GameEvent::StallWarning`] starts the build-up; at [`STALL_SECONDS`] a
//! [`GameEvent::Lightning`] strikes and the brick is destroyed outright, scoring nothing
//! (`pick.rs`'s `Game::destroy_outright`).

use super::tuning::FIXED_TIMESTEP;
use super::{Game, GameEvent, GameState};

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

    /// Seconds the last brick has been untouched so far.
    pub fn seconds(&self) -> f32 {
        self.steps as f32 * FIXED_TIMESTEP
    }
}

impl Game {
    /// The stall breaker's clock ([`StallClock`]).
    pub fn stall_clock(&self) -> StallClock {
        self.stall
    }

    /// Stage, after the balls and bricks moved: the stall breaker's clock runs, is set back or
    /// strikes (see the module's documentation). Nothing with the setting off.
    pub(in crate::sim) fn break_stall(&mut self) {
        if !self.config.stall_breaker || self.state != GameState::Playing {
            return;
        }
        let last = match self.bricks.destructible_left() {
            1 => self.bricks.iter_live().find(|(_, _, b)| b.counts()),
            _ => None,
        };
        let Some((row, col, brick)) = last else {
            self.stall = StallClock::default();
            return;
        };
        let position = brick.rect.center();
        let touched = self
            .events
            .iter()
            .any(|e| matches!(e, GameEvent::BrickDamaged { row: r, col: c, .. } if (*r, *c) == (row, col)));
        if touched {
            self.stall = StallClock::default();
            return;
        }
        if self.balls.iter().all(|b| b.stuck) {
            return;
        }
        self.stall.steps += 1;
        if self.stall.steps == STALL_WARNING_STEPS {
            self.events
                .push(GameEvent::StallWarning { row, col, position });
        }
        if self.stall.steps >= STALL_STEPS {
            self.stall = StallClock::default();
            self.events
                .push(GameEvent::Lightning { row, col, position });
            self.destroy_outright(row, col);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::sim::{GameConfig, Input};

    /// A brick walled in by solid bricks, which no ball can touch; lives never run out and
    /// every step launches, so a ball is (nearly) always in play.
    fn walled_in(stall_breaker: bool) -> Game {
        let level = Level::parse("1 1 1\n1 2 1\n1 1 1\n", "walled in").expect("valid level");
        let config = GameConfig {
            infinite_lives: true,
            stall_breaker,
            ..GameConfig::default()
        };
        Game::new(&level, config)
    }

    /// Steps `game` launching every step, up to `steps` steps; the events seen, in order.
    fn play(game: &mut Game, steps: u32) -> Vec<GameEvent> {
        let launch = Input {
            launch: true,
            ..Input::default()
        };
        let mut seen = Vec::new();
        for _ in 0..steps {
            game.step(&launch);
            seen.extend(game.events().iter().copied().filter(|e| {
                matches!(
                    e,
                    GameEvent::StallWarning { .. } | GameEvent::Lightning { .. }
                )
            }));
            if game.state() != GameState::Playing {
                break;
            }
        }
        seen
    }

    #[test]
    fn an_untouched_last_brick_is_struck_after_a_minute_after_a_warning() {
        let mut game = walled_in(true);
        let seen = play(&mut game, STALL_STEPS - 1);
        assert!(
            matches!(seen[..], [GameEvent::StallWarning { row: 1, col: 1, .. }]),
            "{seen:?}"
        );
        assert_eq!(game.state(), GameState::Playing, "not before a minute");
        let seen = play(&mut game, 600);
        assert!(
            matches!(seen[..], [GameEvent::Lightning { row: 1, col: 1, .. }]),
            "{seen:?}"
        );
        assert_eq!(game.state(), GameState::LevelCleared);
        assert_eq!(game.score(), 0, "the lightning scores nothing");
    }

    #[test]
    fn off_it_never_strikes_and_its_clock_stays_out_of_the_hash() {
        let mut game = walled_in(false);
        let seen = play(&mut game, STALL_STEPS + 600);
        assert!(seen.is_empty(), "{seen:?}");
        assert_eq!(game.state(), GameState::Playing);
        assert!(game.stall_clock().is_idle());
    }

    #[test]
    fn a_hit_on_the_last_brick_sets_its_clock_back() {
        let mut game = walled_in(true);
        play(&mut game, STALL_STEPS - 10);
        assert!(game.stall_clock().seconds() > STALL_WARNING_SECONDS);
        // The step's own hit on the brick, as a ball's would report it.
        game.events = vec![GameEvent::BrickDamaged {
            row: 1,
            col: 1,
            hits_left: 1,
        }];
        game.break_stall();
        assert!(game.stall_clock().is_idle());
        let seen = play(&mut game, 100);
        assert!(seen.is_empty(), "{seen:?}");
        assert_eq!(game.state(), GameState::Playing);
    }
}
