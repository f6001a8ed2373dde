//! Warp: once enough of a level's bricks are gone, the player may end it as won.
//!
//! Source: LBreakoutHD 1.1.8 (`../shared/research/anchors-2026-11-27.md` §1.4): `bricks.c`
//! `bricks_init` computes `warp_limit = (100 − rel_warp_limit) × normal_brick_count / 100 +
//! grown_bricks` from the level's initial destructible bricks; `clientgame.cpp` allows the warp
//! while `bricks_left < warp_limit` and ends the level as won ("no penalties") when the player
//! presses `w`; `view.cpp` pulses a `warp.png` icon at the lower right once it is allowed; the
//! limit is the setting *Warp Limit*, 0–100 % in steps of 10, default 80 %.
//!
//! Grown bricks: every brick a growing brick grows during play ([`GameEvent::BrickGrown`])
//! raises the limit by one, so grown bricks neither help nor block a warp (LBreakoutHD adds its
//! grown bricks to the limit the same way). Hidden bricks that count once revealed are not in
//! the initial count: revealing one makes the warp farther, as it makes the clear farther.

use super::{Game, GameEvent, GameState};

/// The default share of a level's bricks that must be gone before a warp, per cent
/// (LBreakoutHD's *Warp Limit* default).
pub const DEFAULT_WARP_PERCENT: u8 = 80;

/// A game's warp limit: bricks left must be fewer than it for a warp. Derived from the level,
/// the configuration and the bricks grown so far (all of which the state hash covers through
/// the level's bricks and the configuration), so a [`Game`] keeps it out of its state hash.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Warp {
    /// `(100 − warp_percent) × initial destructible bricks / 100`, rounded down.
    base: usize,
    /// Bricks grown during play so far.
    grown: usize,
}

impl Warp {
    /// The limit of a level that starts with `initial` destructible bricks, with `percent` of
    /// them to be destroyed first (clamped to 0–100; 100 never allows a warp, as in LBreakoutHD,
    /// where `bricks_left < 0` never holds; 0 allows it after the first brick).
    pub fn new(initial: usize, percent: u8) -> Warp {
        let keep = 100 - usize::from(percent.min(100));
        Warp {
            base: keep * initial / 100,
            grown: 0,
        }
    }

    /// The limit now, bricks: a warp is allowed while fewer destructible bricks are left.
    pub fn limit(&self) -> usize {
        self.base + self.grown
    }

    /// Counts the bricks grown in one step's `events`.
    pub(in crate::sim) fn count_grown(&mut self, events: &[GameEvent]) {
        self.grown += events
            .iter()
            .filter(|e| matches!(e, GameEvent::BrickGrown { .. }))
            .count();
    }

    /// Whether a warp is allowed with `left` destructible bricks left.
    pub fn allows(&self, left: usize) -> bool {
        left < self.limit()
    }
}

impl Game {
    /// Whether the warp action would end the level now ([`Warp::allows`]): the game is being
    /// played and fewer destructible bricks are left than the warp limit. For the HUD's icon.
    pub fn warp_ready(&self) -> bool {
        self.state == GameState::Playing && self.warp.allows(self.bricks.destructible_left())
    }

    /// The warp limit now, bricks ([`Warp::limit`]).
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::sim::{Actions, GameConfig, Input};

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
            actions: Actions::WARP,
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

    #[test]
    fn the_limit_is_the_share_kept_of_the_initial_bricks_rounded_down() {
        assert_eq!(Warp::new(50, 80).limit(), 10);
        assert_eq!(Warp::new(47, 80).limit(), 9, "9.4 bricks");
        assert_eq!(Warp::new(50, 0).limit(), 50, "0 %: after the first brick");
        assert_eq!(Warp::new(50, 100).limit(), 0, "100 %: never");
        assert_eq!(Warp::new(50, 250).limit(), 0, "clamped");
        assert!(!Warp::new(50, 100).allows(0));
        assert!(Warp::new(50, 80).allows(9));
        assert!(!Warp::new(50, 80).allows(10));
    }

    #[test]
    fn grown_bricks_raise_the_limit_one_each() {
        let mut warp = Warp::new(20, 50);
        let grown = GameEvent::BrickGrown {
            row: 0,
            col: 0,
            kind: crate::level::BrickKind::Plain(2),
            position: glam::Vec2::ZERO,
        };
        warp.count_grown(&[grown, GameEvent::WallHit, grown]);
        assert_eq!(warp.limit(), 12);
    }
}
