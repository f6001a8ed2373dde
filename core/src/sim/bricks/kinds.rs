//! What each kind of brick does in play: what a hit does (`behaviour`, which reads the row's
//! facts: how the ball leaves it, what its destruction sets off, whether a hit harms it), and
//! what it scores under each game's rules ([`points`]). The facts about a kind (whether the
//! ball can destroy it, what else can, whether it counts for clearing the level, whether it is
//! drawn, its hits, its bounce and aftermath) are its row in the level layer
//! ([`BrickKind::def`]).
//!
//! **Adding a brick kind**: `docs/architecture.md` has the recipe; the compiler points at each
//! match here that must learn of it.
//!
//! Sources: LBreakout2 `game/bricks.c` (`brick_conv_table`, `brick_hit`, `brick_remove`,
//! `bricks_update`), KBreakOut `src/qml/logic.js`, SDL-Ball `main.cpp` (`brick::hit`),
//! gnome-breakout `src/block.c`; summarised in the research notes on foreign level formats.

use super::{Brick, HitOutcome};
use crate::level::{BrickKind, Ruleset};
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;

pub(crate) use crate::level::{Aftermath, Bounce};

/// What a kind of brick does in play: its behaviour, read from its row in the level layer
/// ([`BrickKind::def`]: how the ball leaves it, what its destruction sets off) but for what a
/// hit does, which is code and follows the row's `destructible`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BrickBehaviour {
    /// How the ball leaves it.
    pub bounce: Bounce,
    /// What a hit by the ball does to a live brick of this kind; the brick field does the
    /// bookkeeping (bricks left) and the game the consequences (score, events, power-up).
    pub(crate) on_hit: fn(&mut Brick) -> HitOutcome,
    /// What its destruction sets off.
    pub aftermath: Aftermath,
}

/// `kind`'s behaviour, from its row: a destructible kind loses a hit per hit ([`lose_a_hit`]),
/// any other bounces the ball off unharmed ([`bounce_unharmed`]); so `on_hit` cannot disagree
/// with [`crate::level::BrickKindDef::destructible`].
pub(crate) const fn behaviour(kind: BrickKind) -> BrickBehaviour {
    let def = kind.def();
    BrickBehaviour {
        bounce: def.bounce,
        on_hit: if def.destructible {
            lose_a_hit
        } else {
            bounce_unharmed
        },
        aftermath: def.aftermath,
    }
}

/// Points for one hit on a brick, by the level's `scoring` rules: `destroyed` says whether the
/// hit destroyed it; `hits_total` is the hits it took when the level started. (Sources: this
/// game's own scale for [`Ruleset::Classic`]; LBreakout2 `brick_conv_table`; KBreakOut
/// `globals.js` without the decay over time; SDL-Ball at the base multiplier; gnome-breakout
/// `block.c`.)
pub fn points(scoring: Ruleset, kind: BrickKind, hits_total: u8, destroyed: bool) -> u32 {
    let hits = u32::from(hits_total.max(1));
    if kind == BrickKind::Solid {
        return 0; // walls never break and never score
    }
    match scoring {
        Ruleset::Classic if !destroyed => 0,
        Ruleset::Classic => match kind {
            // The original scale: rarer colours score more.
            BrickKind::Plain(n @ 2..=5) => 10 * (u32::from(n) - 1),
            BrickKind::Plain(_) | BrickKind::Regenerating | BrickKind::Growing => 50,
            BrickKind::Explosive => 50,
            BrickKind::Invisible | BrickKind::Hidden => 60,
            BrickKind::Metal | BrickKind::Chaotic => 100,
            BrickKind::Solid => 0,
        },
        Ruleset::LBreakout2 if !destroyed => 0,
        Ruleset::LBreakout2 => match kind {
            BrickKind::Plain(_) | BrickKind::Invisible | BrickKind::Hidden => 100 * hits,
            BrickKind::Regenerating => 200 * hits,
            BrickKind::Explosive | BrickKind::Growing => 200,
            BrickKind::Metal | BrickKind::Chaotic => 1000,
            BrickKind::Solid => 0,
        },
        // KBreakOut and SDL-Ball score every brick alike (their sources have no per-kind
        // score), so these two arms read no kind.
        Ruleset::KBreakOut => 15,
        Ruleset::SdlBall if destroyed => 11,
        Ruleset::SdlBall => 0,
        Ruleset::Gnome if !destroyed => 20,
        Ruleset::Gnome => match kind {
            BrickKind::Explosive => 100,
            BrickKind::Plain(_)
            | BrickKind::Metal
            | BrickKind::Chaotic
            | BrickKind::Invisible
            | BrickKind::Hidden
            | BrickKind::Regenerating
            | BrickKind::Growing => 50,
            BrickKind::Solid => 0,
        },
    }
}

/// Behaviour of a solid brick: nothing changes.
pub(crate) fn bounce_unharmed(_brick: &mut Brick) -> HitOutcome {
    HitOutcome::Solid
}

/// Behaviour of a destructible brick: it is revealed if it was not drawn, loses one hit, and is
/// destroyed when none are left, releasing the power-up the level placed in it.
pub(crate) fn lose_a_hit(brick: &mut Brick) -> HitOutcome {
    brick.visible = true;
    brick.hits_left = brick.hits_left.saturating_sub(1);
    brick.regeneration = 0.0;
    if brick.hits_left > 0 {
        return HitOutcome::Damaged {
            hits_left: brick.hits_left,
        };
    }
    brick.alive = false;
    HitOutcome::Destroyed {
        kind: brick.kind,
        powerup: brick.powerup,
    }
}

/// A direction for a ball leaving a chaotic brick: `normal` (unit, away from the brick) turned
/// by a random angle within ±[`crate::sim::tuning::CHAOTIC_MAX_ANGLE_DEG`], at `speed`
/// pixels/second.
pub(in crate::sim) fn chaotic_direction(normal: Vec2, speed: f32, rng: &mut Pcg32) -> Vec2 {
    let max = crate::sim::tuning::CHAOTIC_MAX_ANGLE_DEG.to_radians();
    let turn = rng.random_range(-max..=max);
    Vec2::from_angle(turn).rotate(normal) * speed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_scores_match_the_original_scale() {
        // The scores before the table (tuning::brick_score): 10, 20, 30, 40 for 2–5.
        let score = |n| points(Ruleset::Classic, BrickKind::Plain(n), 1, true);
        assert_eq!([2, 3, 4, 5].map(score), [10, 20, 30, 40]);
        assert_eq!(
            points(Ruleset::Classic, BrickKind::Plain(3), 3, false),
            0,
            "classic bricks score when they break"
        );
    }

    #[test]
    fn walls_never_score_and_lbreakout2_strong_bricks_score_by_hits() {
        for scoring in Ruleset::ALL {
            for destroyed in [false, true] {
                assert_eq!(points(scoring, BrickKind::Solid, 0, destroyed), 0);
            }
        }
        // LBreakout2's a/b/c: 100/200/300.
        let strong = |h| points(Ruleset::LBreakout2, BrickKind::Plain(2), h, true);
        assert_eq!([1, 2, 3].map(strong), [100, 200, 300]);
    }
}
