//! Brick kinds as data: one row of [`BRICK_KINDS`] per kind says how many hits it takes, whether
//! it is solid, whether it counts for clearing the level, its score, and what a hit does (its
//! behaviour function, [`BrickKindInfo::on_hit`]).
//!
//! **Adding a brick kind** means one row here and, when no existing behaviour fits, one
//! behaviour function below it; the level format gives it a code in [`crate::level::BrickKind`]
//! (the file's number, parsed by the level module, which knows nothing of the simulation).

use super::bricks::{Brick, HitOutcome};
use crate::level::BrickKind;

/// What the game knows about one kind of brick.
#[derive(Clone, Copy, Debug)]
pub struct BrickKindInfo {
    /// Level-file number (`1`–`5`), the key of [`BrickKind::from_code`].
    pub code: u8,
    /// Short name, for tools and docs.
    pub name: &'static str,
    /// Hits a fresh brick of this kind takes to destroy (a level's `*N` suffix overrides it for
    /// destructible kinds); 0 for solid ones.
    pub hits: u8,
    /// True if the ball can never destroy it: it bounces off.
    pub solid: bool,
    /// True if the level is cleared only once every brick of this kind is gone.
    pub counts_for_clear: bool,
    /// Points for destroying one.
    pub score: u32,
    /// What a hit by the ball does to a live brick of this kind; the brick field does the
    /// bookkeeping (bricks left) and the game the consequences (score, events, power-up).
    pub on_hit: fn(&mut Brick) -> HitOutcome,
}

/// Every brick kind, indexed by level-file number − 1 (see [`info`]). Rarer colours score more.
pub const BRICK_KINDS: [BrickKindInfo; 5] = [
    BrickKindInfo {
        code: 1,
        name: "solid",
        hits: 0,
        solid: true,
        counts_for_clear: false,
        score: 0,
        on_hit: bounce_unharmed,
    },
    coloured(2, "blue", 10),
    coloured(3, "green", 20),
    coloured(4, "yellow", 30),
    coloured(5, "red", 40),
];

/// A destructible one-hit brick of the given code, name and score.
const fn coloured(code: u8, name: &'static str, score: u32) -> BrickKindInfo {
    BrickKindInfo {
        code,
        name,
        hits: 1,
        solid: false,
        counts_for_clear: true,
        score,
        on_hit: lose_a_hit,
    }
}

/// The table row of `kind`: a lookup by index, no search.
pub fn info(kind: BrickKind) -> &'static BrickKindInfo {
    &BRICK_KINDS[kind.code() as usize - 1]
}

/// Score for destroying a brick of the given level-file number (`2`–`5`), points; 0 for an
/// unknown number.
pub fn score(code: u8) -> u32 {
    BrickKind::from_code(code).map_or(0, |kind| info(kind).score)
}

/// Behaviour of a solid brick: nothing changes.
pub fn bounce_unharmed(_brick: &mut Brick) -> HitOutcome {
    HitOutcome::Solid
}

/// Behaviour of a coloured brick: it loses one hit and is destroyed when none are left,
/// releasing the power-up the level placed in it.
pub fn lose_a_hit(brick: &mut Brick) -> HitOutcome {
    brick.hits_left = brick.hits_left.saturating_sub(1);
    if brick.hits_left > 0 {
        return HitOutcome::Damaged {
            hits_left: brick.hits_left,
        };
    }
    brick.alive = false;
    HitOutcome::Destroyed {
        code: brick.kind.code(),
        powerup: brick.powerup,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_row_is_found_by_its_own_code_and_agrees_with_the_level_format() {
        for row in &BRICK_KINDS {
            let kind = BrickKind::from_code(row.code).expect("a level-file code");
            assert_eq!(info(kind).code, row.code);
            assert_eq!(row.solid, !kind.is_destructible(), "{}", row.name);
            assert_eq!(row.counts_for_clear, kind.is_destructible(), "{}", row.name);
        }
    }

    #[test]
    fn scores_match_the_original_scale() {
        // The scores before the table (tuning::brick_score): 10, 20, 30, 40 for 2–5.
        assert_eq!([2, 3, 4, 5].map(score), [10, 20, 30, 40]);
    }
}
