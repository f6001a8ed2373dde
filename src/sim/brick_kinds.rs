//! Brick kinds as data: one row of [`BRICK_KINDS`] per kind says whether the ball can destroy
//! it, what else can (an energy ball, an explosion), whether it counts for clearing the level,
//! whether it is drawn before its first hit, how the ball leaves it, and what a hit and its
//! destruction do (its behaviour functions). Points are [`points`], by the level's
//! [`Ruleset`] rules.
//!
//! **Adding a brick kind** means one row here and, when no existing behaviour fits, one
//! behaviour function below it; the level format gives it a symbol in [`crate::level::BrickKind`]
//! (parsed by the level module, which knows nothing of the simulation).
//!
//! Sources: LBreakout2 `game/bricks.c` (`brick_conv_table`, `brick_hit`, `brick_remove`,
//! `bricks_update`), KBreakOut `src/qml/logic.js`, SDL-Ball `main.cpp` (`brick::hit`),
//! gnome-breakout `src/block.c`; summarised in the research notes on foreign level formats.

use super::bricks::{Brick, HitOutcome};
use crate::level::{BrickKind, Ruleset};

/// What a destroyed brick sets off, after it is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aftermath {
    /// Nothing.
    None,
    /// Its neighbours (the level's explosion shape) are destroyed after
    /// [`super::tuning::EXPLOSION_DELAY`]; explosive ones go off in turn.
    Explode,
    /// The empty cells around it fill with plain bricks of random colours (not where a ball is).
    Grow,
}

/// How the ball leaves a brick it bounced off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bounce {
    /// Mirror reflection (the collision mode's contact normal).
    Reflect,
    /// A random direction away from the brick (seeded): LBreakout2's chaotic brick.
    Random,
}

/// What the game knows about one kind of brick.
#[derive(Clone, Copy, Debug)]
pub struct BrickKindInfo {
    /// Short name, for tools and docs.
    pub name: &'static str,
    /// True if a plain ball cannot destroy it: it bounces off unharmed.
    pub solid: bool,
    /// True if an energy ball destroys it although it is solid (metal); walls resist everything.
    pub energy_breaks: bool,
    /// True if a neighbouring explosion destroys it (LBreakout2: everything but walls and metal).
    pub explosion_breaks: bool,
    /// True if the level is cleared only once every brick of this kind is gone (from the start;
    /// a hidden brick counts once revealed).
    pub counts_for_clear: bool,
    /// True if it is drawn from the start; false: drawn only after its first hit.
    pub visible: bool,
    /// True if, below [`crate::level::REGENERATION_CAP`] hits, it regains one every
    /// [`super::tuning::REGENERATION_SECONDS`].
    pub regenerates: bool,
    /// How the ball leaves it.
    pub bounce: Bounce,
    /// What a hit by the ball does to a live brick of this kind; the brick field does the
    /// bookkeeping (bricks left) and the game the consequences (score, events, power-up).
    pub on_hit: fn(&mut Brick) -> HitOutcome,
    /// What its destruction sets off.
    pub aftermath: Aftermath,
}

/// A destructible kind that is drawn, reflects the ball and loses a hit per hit.
const fn breakable(name: &'static str) -> BrickKindInfo {
    BrickKindInfo {
        name,
        solid: false,
        energy_breaks: true,
        explosion_breaks: true,
        counts_for_clear: true,
        visible: true,
        regenerates: false,
        bounce: Bounce::Reflect,
        on_hit: lose_a_hit,
        aftermath: Aftermath::None,
    }
}

/// An indestructible kind the ball bounces off unharmed.
const fn unbreakable(name: &'static str, energy_breaks: bool) -> BrickKindInfo {
    BrickKindInfo {
        name,
        solid: true,
        energy_breaks,
        explosion_breaks: false,
        counts_for_clear: false,
        visible: true,
        regenerates: false,
        bounce: Bounce::Reflect,
        on_hit: bounce_unharmed,
        aftermath: Aftermath::None,
    }
}

/// Every brick kind, one row each, in [`row`] order (all plain colours share one row).
pub const BRICK_KINDS: [BrickKindInfo; 9] = [
    unbreakable("solid", false),
    breakable("plain"),
    unbreakable("metal", true),
    BrickKindInfo {
        bounce: Bounce::Random,
        ..unbreakable("chaotic", true)
    },
    BrickKindInfo {
        aftermath: Aftermath::Explode,
        ..breakable("explosive")
    },
    BrickKindInfo {
        visible: false,
        ..breakable("invisible")
    },
    BrickKindInfo {
        visible: false,
        counts_for_clear: false,
        ..breakable("hidden")
    },
    BrickKindInfo {
        regenerates: true,
        ..breakable("regenerating")
    },
    BrickKindInfo {
        aftermath: Aftermath::Grow,
        ..breakable("growing")
    },
];

/// Index of `kind`'s row in [`BRICK_KINDS`].
pub const fn row(kind: BrickKind) -> usize {
    match kind {
        BrickKind::Solid => 0,
        BrickKind::Plain(_) => 1,
        BrickKind::Metal => 2,
        BrickKind::Chaotic => 3,
        BrickKind::Explosive => 4,
        BrickKind::Invisible => 5,
        BrickKind::Hidden => 6,
        BrickKind::Regenerating => 7,
        BrickKind::Growing => 8,
    }
}

/// The table row of `kind`: a lookup by index, no search.
pub fn info(kind: BrickKind) -> &'static BrickKindInfo {
    &BRICK_KINDS[row(kind)]
}

/// Points for one hit on a brick, by the level's `scoring` rules: `destroyed` says whether the
/// hit destroyed it; `hits_total` is the hits it took when the level started. (Sources: this
/// game's own scale for [`Ruleset::Classic`]; LBreakout2 `brick_conv_table`; KBreakOut
/// `globals.js` without the decay over time; SDL-Ball at the base multiplier; gnome-breakout
/// `block.c`.)
pub fn points(scoring: Ruleset, kind: BrickKind, hits_total: u8, destroyed: bool) -> u32 {
    let hits = u32::from(hits_total.max(1));
    match scoring {
        Ruleset::Classic if destroyed => match kind {
            // The original scale: rarer colours score more.
            BrickKind::Plain(n @ 2..=5) => 10 * (u32::from(n) - 1),
            BrickKind::Plain(_) | BrickKind::Regenerating | BrickKind::Growing => 50,
            BrickKind::Explosive => 50,
            BrickKind::Invisible | BrickKind::Hidden => 60,
            BrickKind::Metal | BrickKind::Chaotic => 100,
            BrickKind::Solid => 0,
        },
        Ruleset::LBreakout2 if destroyed => match kind {
            BrickKind::Plain(_) | BrickKind::Invisible | BrickKind::Hidden => 100 * hits,
            BrickKind::Regenerating => 200 * hits,
            BrickKind::Explosive | BrickKind::Growing => 200,
            BrickKind::Metal | BrickKind::Chaotic => 1000,
            BrickKind::Solid => 0,
        },
        Ruleset::KBreakOut if kind != BrickKind::Solid => 15,
        Ruleset::SdlBall if destroyed && kind != BrickKind::Solid => 11,
        Ruleset::Gnome => match (kind, destroyed) {
            (BrickKind::Solid, _) => 0,
            (BrickKind::Explosive, true) => 100,
            (_, true) => 50,
            (_, false) => 20,
        },
        _ => 0,
    }
}

/// Behaviour of a solid brick: nothing changes.
pub fn bounce_unharmed(_brick: &mut Brick) -> HitOutcome {
    HitOutcome::Solid
}

/// Behaviour of a destructible brick: it is revealed if it was not drawn, loses one hit, and is
/// destroyed when none are left, releasing the power-up the level placed in it.
pub fn lose_a_hit(brick: &mut Brick) -> HitOutcome {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_has_its_row_and_agrees_with_the_level_format() {
        for kind in BrickKind::ALL {
            let info = info(kind);
            assert_eq!(info.solid, !kind.is_destructible(), "{}", info.name);
            assert_eq!(
                info.counts_for_clear,
                kind.counts_for_clear(),
                "{}",
                info.name
            );
        }
        let rows: std::collections::BTreeSet<usize> = BrickKind::ALL.map(row).into();
        assert_eq!(rows.len(), BRICK_KINDS.len(), "every row is some kind's");
    }

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
