//! What a hit on a brick does, wherever it comes from (a ball's bounce, a pass-through or
//! energy ball, a shot, an explosion, a power-up): the brick's kind's behaviour
//! (`kinds::BrickBehaviour::on_hit`), then the consequences of a destruction — points by the
//! level's scoring, statistics, events, the power-up released — through a `Tally` of the
//! game's score, statistics and falling power-ups.
//!
//! The bounce itself is elsewhere (`brick_collisions.rs`, `swept.rs`); they, the bricks'
//! aftermath (`aftermath.rs`) and the power-ups' behaviours all call down into this file.

use super::kinds::{self, Bounce};
use super::{Brick, BrickField, HitOutcome};
use crate::level::PowerUpKind;
use crate::sim::powerups::rules::{RandomDrops, Rules};
use crate::sim::{FallingPowerUp, GameEvent, GameStats, PowerUpSettings};
use glam::Vec2;
use rand_pcg::Pcg32;

/// What destroying a brick changes besides the brick field: the score, the statistics and the
/// falling power-ups (borrowed from the game for one step).
pub(crate) struct Tally<'a> {
    /// The game's score, points.
    pub score: &'a mut u32,
    /// The game's statistics counters.
    pub stats: &'a mut GameStats,
    /// Power-ups falling towards the paddle.
    pub falling: &'a mut Vec<FallingPowerUp>,
    /// Spawn chances and durations of power-ups (this game's rules).
    pub powerups: &'a PowerUpSettings,
    /// The level's power-up rules (where random drops come from).
    pub rules: &'static Rules,
    /// True while a gold shower runs: a destroyed brick without a power-up drops 1,000 points.
    pub(crate) gold_shower: bool,
    /// The difficulty's factor on every point scored ([`crate::sim::GameConfig::score_factor`]).
    pub(crate) score_factor: f32,
    /// Whether bad power-ups are released ([`crate::sim::GameConfig::bad_powerups`]).
    pub(crate) bad_powerups: bool,
    /// The difficulty's factor on timed power-ups' durations
    /// ([`crate::sim::GameConfig::powerup_time_factor`]).
    pub(crate) time_factor: f32,
}

impl Tally<'_> {
    /// Adds `points` to the score as the difficulty counts them; returns the points added.
    /// Saturating: a run's score comes from outside (a replay file's start), and may be anything.
    pub(crate) fn add_points(&mut self, points: u32) -> u32 {
        let points = crate::sim::difficulty::scaled_points(points, self.score_factor);
        *self.score = self.score.saturating_add(points);
        points
    }
}

impl BrickField {
    /// The ball hit the brick at `row`, `col`: its kind's behaviour says what happens
    /// (`kinds::BrickBehaviour::on_hit`: a destructible brick loses one hit and is
    /// destroyed when none are left; a solid one is unchanged). A brick already gone is solid.
    pub fn hit(&mut self, row: usize, col: usize) -> HitOutcome {
        let index = row * self.cols() + col;
        let Some(brick) = self.cells.get_mut(index).and_then(|b| b.as_mut()) else {
            return HitOutcome::Solid;
        };
        if !brick.alive {
            return HitOutcome::Solid;
        }
        let counted = brick.counts();
        let outcome = (kinds::behaviour(brick.kind).on_hit)(brick);
        let (counts, regrowing) = (brick.counts() && brick.alive, brick.regrowing());
        // A hidden brick revealed by this hit now counts.
        self.account_change(index, counted, counts, regrowing);
        outcome
    }
}

/// A brick was hit: what happens is its kind's behaviour ([`kinds::BrickBehaviour::on_hit`]):
/// a destructible one loses a hit and, with none left, is destroyed (points by the level's
/// scoring, events, its power-up released — placed by the level, else rolled with `rng` — and
/// its aftermath queued: an explosion's fuse, a growth); a solid one reports a solid hit.
pub(in crate::sim) fn hit_brick(
    bricks: &mut BrickField,
    row: usize,
    col: usize,
    tally: &mut Tally<'_>,
    rng: &mut Pcg32,
    events: &mut Vec<GameEvent>,
) {
    let Some(&before) = bricks.live(row, col) else {
        return;
    };
    let outcome = bricks.hit(row, col);
    let is_destroyed = matches!(outcome, HitOutcome::Destroyed { .. });
    let points = kinds::points(bricks.scoring, before.kind, before.hits_total, is_destroyed);
    let points = tally.add_points(points);
    match outcome {
        HitOutcome::Destroyed { kind, powerup } => {
            let position = destroyed(&before, row, col, points, tally, events);
            bricks.queue_aftermath(row, col, kind);
            // A power-up the level placed in the brick, else a gold shower's points, else the
            // rules' random drop (LearnOpenGL's roll per destroyed brick, gnome-breakout's per
            // hit).
            let drop = powerup.or_else(|| {
                if tally.gold_shower {
                    Some(PowerUpKind::Points1000)
                } else if tally.rules.random_drops == RandomDrops::PerDestroyedBrick {
                    tally.powerups.roll(rng)
                } else {
                    tally.rules.drop_on_hit(rng)
                }
            });
            if let Some(kind) = drop {
                release(kind, position, tally, events);
            }
        }
        HitOutcome::Damaged { hits_left } => {
            events.push(GameEvent::BrickDamaged {
                row,
                col,
                hits_left,
            });
            if let Some(kind) = tally.rules.drop_on_hit(rng) {
                release(kind, before.rect.center(), tally, events);
            }
        }
        HitOutcome::Solid => events.push(GameEvent::SolidHit { row, col }),
    }
}

/// True if the live brick at `row`, `col` sends the ball off at random ([`Bounce::Random`]).
pub(in crate::sim) fn is_chaotic(bricks: &BrickField, row: usize, col: usize) -> bool {
    bricks
        .live(row, col)
        .is_some_and(|b| kinds::behaviour(b.kind).bounce == Bounce::Random)
}

/// True if the live brick at `row`, `col` can be destroyed (its kind is not solid).
pub(in crate::sim) fn is_destructible(bricks: &BrickField, row: usize, col: usize) -> bool {
    bricks
        .live(row, col)
        .is_some_and(|b| b.kind.is_destructible())
}

/// The bookkeeping of a destroyed brick (`before`, as it was, at `row`, `col`, scoring
/// `points`, already added to the score): the statistics count it and a
/// [`GameEvent::BrickDestroyed`] is sent. Returns where it was (its centre), for what it
/// releases.
pub(in crate::sim) fn destroyed(
    before: &Brick,
    row: usize,
    col: usize,
    points: u32,
    tally: &mut Tally<'_>,
    events: &mut Vec<GameEvent>,
) -> Vec2 {
    tally.stats.bricks_destroyed += 1;
    let position = before.rect.center();
    events.push(GameEvent::BrickDestroyed {
        row,
        col,
        kind: before.kind,
        colour: before.colour,
        position,
        points,
    });
    position
}

/// A power-up of `kind` starts falling from `position` (playfield pixels).
pub(in crate::sim) fn release(
    kind: PowerUpKind,
    position: Vec2,
    tally: &mut Tally<'_>,
    events: &mut Vec<GameEvent>,
) {
    if kind.is_bad() && !tally.bad_powerups {
        return;
    }
    tally.falling.push(FallingPowerUp::new(kind, position));
    events.push(GameEvent::PowerUpReleased { kind, position });
}
