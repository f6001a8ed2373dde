//! The rules that take a player past a level, as stages and queries of [`Game`]: the warp
//! (its limit is [`super::warp::Warp`]) and the stall breaker (its clock is
//! [`super::stall_breaker::StallClock`]); the pick is `pick.rs`. The state types live in their
//! own files so that `mod.rs`, which holds them, does not import this file's `Game` back.

use super::stall_breaker::{StallClock, STALL_STEPS, STALL_WARNING_STEPS};
use super::{Game, GameEvent, GameState};

impl Game {
    /// Whether the warp action would end the level now ([`Warp::allows`](super::warp::Warp::allows)): the game is being
    /// played, it is not a mini-game, and fewer destructible bricks are left than the warp
    /// limit. For the HUD's icon.
    pub fn warp_ready(&self) -> bool {
        self.state == GameState::Playing
            && self.bonus.is_none()
            && self.warp.allows(self.bricks.destructible_left())
    }

    /// The warp limit now, bricks ([`Warp::limit`](super::warp::Warp::limit)).
    pub fn warp_limit(&self) -> usize {
        self.warp.limit()
    }

    /// The warp action: if [`Game::warp_ready`], the level ends as won with no penalty:
    /// [`GameEvent::Warped`] then [`GameEvent::LevelCleared`]; the bricks left stay and score
    /// nothing. Returns whether it warped; otherwise nothing happens.
    pub(in crate::sim) fn try_warp(&mut self) -> bool {
        if !self.warp_ready() {
            return false;
        }
        self.state = GameState::LevelCleared;
        self.events.push(GameEvent::Warped {
            bricks_left: self.bricks.destructible_left() as u32,
        });
        self.events.push(GameEvent::LevelCleared);
        true
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
        // Not in a mini-game: its bricks come and go by its own rules.
        if !self.config.stall_breaker || self.state != GameState::Playing || self.bonus.is_some() {
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
        let steps = self.stall.tick();
        if steps == STALL_WARNING_STEPS {
            self.events
                .push(GameEvent::StallWarning { row, col, position });
        }
        if steps >= STALL_STEPS {
            self.stall = StallClock::default();
            self.events
                .push(GameEvent::Lightning { row, col, position });
            self.destroy_outright(row, col);
        }
    }
}

#[cfg(test)]
mod warp_tests {
    use super::*;
    use crate::level::Level;
    use crate::sim::{Action, Actions, GameConfig, Input};

    /// Ten one-hit bricks, played with `percent` as the warp limit.
    fn ten_bricks(percent: u8) -> Game {
        let level = Level::parse("2 2 2 2 2\n3 3 3 3 3\n", "warp").expect("valid level");
        let config = GameConfig {
            warp_percent: percent,
            ..GameConfig::default()
        };
        Game::new(&level, config)
    }

    /// Destroys the first `n` live bricks outright, as the test's shortcut to a played level.
    fn clear(game: &mut Game, n: usize) {
        let cells: Vec<_> = game.bricks().iter_live().map(|(r, c, _)| (r, c)).collect();
        for (r, c) in cells.into_iter().take(n) {
            game.destroy_outright(r, c);
        }
    }

    fn warp_step(game: &mut Game) {
        game.step(&Input {
            actions: Actions::of(&[Action::Warp]),
            ..Input::default()
        });
    }

    #[test]
    fn warp_is_refused_below_the_limit_and_ends_the_level_as_won_above_it() {
        let mut game = ten_bricks(80);
        assert_eq!(game.warp_limit(), 2);
        clear(&mut game, 8);
        assert!(!game.warp_ready(), "2 left, not fewer than 2");
        warp_step(&mut game);
        assert_eq!(game.state(), GameState::Playing, "refused");
        assert!(!game
            .events()
            .iter()
            .any(|e| matches!(e, GameEvent::Warped { .. })));
        clear(&mut game, 1);
        assert!(game.warp_ready());
        let score = game.score();
        warp_step(&mut game);
        assert_eq!(game.state(), GameState::LevelCleared);
        assert_eq!(
            game.events(),
            &[
                GameEvent::Warped { bricks_left: 1 },
                GameEvent::LevelCleared
            ]
        );
        assert_eq!(game.score(), score, "no points, no penalty");
        assert_eq!(game.lives(), GameConfig::default().start_lives);
    }

    #[test]
    fn a_limit_of_100_never_warps_and_0_warps_at_once() {
        let mut game = ten_bricks(100);
        clear(&mut game, 9);
        warp_step(&mut game);
        assert_eq!(game.state(), GameState::Playing);
        // 0 %: fewer than all ten, so after the first brick (LBreakoutHD's `<`).
        let mut game = ten_bricks(0);
        warp_step(&mut game);
        assert_eq!(game.state(), GameState::Playing);
        clear(&mut game, 1);
        warp_step(&mut game);
        assert_eq!(game.state(), GameState::LevelCleared);
    }

    #[test]
    fn without_the_action_a_ready_warp_does_nothing() {
        let mut game = ten_bricks(0);
        clear(&mut game, 1);
        game.step(&Input::default());
        assert!(game.warp_ready());
        assert_eq!(game.state(), GameState::Playing);
    }
}

#[cfg(test)]
mod stall_tests {
    use super::*;
    use crate::level::Level;
    use crate::sim::stall_breaker::STALL_WARNING_SECONDS;
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
