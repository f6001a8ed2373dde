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

use super::GameEvent;

/// A game's warp limit: bricks left must be fewer than it for a warp. Derived from the level,
/// the configuration and the bricks grown so far (all of which the state hash covers through
/// the level's bricks and the configuration), so a game keeps it out of its state hash.
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

#[cfg(test)]
mod tests {
    use super::*;

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
