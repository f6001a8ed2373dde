//! Ball against bricks, for the discrete modes' sub-steps and the continuous integrator's
//! separation of overlaps it did not cause: contacts from the configured mode (the one dispatch
//! point is [`crate::collision::circle_aabb_contact`]), resolved deepest first; a ball whose
//! centre is inside a brick leaves by a face that leads to free space
//! ([`BrickField::exit_contact`]); hits, damage and destruction ([`hit_brick`], by the brick
//! kinds' table, [`super::brick_kinds`]).
//!
//! **This is where the ball bounces off a brick**: [`resolve`](ball::resolve) reflects it, and
//! [`after_brick_bounce`] — shared with the continuous integrator (`swept.rs`) — applies the
//! anti-loop angle limits and the loop breaker.

use super::bricks::hits::{destroyed, hit_brick, is_chaotic, is_destructible, release};
use super::bricks::kinds::{self, chaotic_direction};
use super::bricks::{BrickField, Fuse};
use super::motion::{loop_breaker, BallWorld};
use super::tuning::*;
use super::{ball, Ball};
use crate::collision::{Aabb, Contact};
use glam::Vec2;
use rand::Rng;
use rand_pcg::Pcg32;
use smallvec::SmallVec;

/// Upper bound on ball–brick passes in one sub-step (see [`BallWorld::collide_bricks`]): a
/// buried ball is out after the first, the second resolves what it touches there, the third is
/// spare.
const MAX_BURIED_PASSES: u32 = 3;

/// Room for the bricks one sub-step touches without a heap allocation (a ball overlaps at most
/// 4 cells of bricks larger than itself; more spill to the heap, with the same result).
const INLINE_HITS: usize = 8;

/// Bricks (row, col) in the order they were touched, kept on the stack while few.
type Cells = SmallVec<[(usize, usize); INLINE_HITS]>;

/// The post-bounce routine of a ball that hit bricks, shared by every integrator: when the ball
/// was `reflected`, its direction is kept within the anti-loop limits if `limits` (the textbook
/// modes; a game's own model brings its own: [`ball::clamp_direction`], towards the middle for a
/// zero x) — after leaving at a random
/// angle when one of the bricks was `chaotic` ([`chaotic_direction`] about the first of the unit
/// `normals`); touching a destructible brick restarts its loop-breaker timer, otherwise a
/// reflection off solid ones may nudge it ([`loop_breaker`]).
pub(super) fn after_brick_bounce(
    ball: &mut Ball,
    reflected: bool,
    normals: &[Vec2],
    touched_destructible: bool,
    chaotic: bool,
    limits: bool,
    rng: &mut Pcg32,
) {
    if reflected {
        if let (true, Some(&normal)) = (chaotic, normals.first()) {
            ball.vel = chaotic_direction(normal, ball.vel.length(), rng);
        }
        if !limits {
            return after_bounce_timers(ball, reflected, normals, touched_destructible, rng);
        }
        let side = if ball.pos.x < PLAYFIELD_WIDTH / 2.0 {
            1.0
        } else {
            -1.0
        };
        ball.vel = ball::clamp_direction(ball.vel, side);
    }
    after_bounce_timers(ball, reflected, normals, touched_destructible, rng);
}

/// The loop breaker's part of [`after_brick_bounce`]: touching a destructible brick restarts the
/// timer; a reflection off solid ones only may nudge the ball.
fn after_bounce_timers(
    ball: &mut Ball,
    reflected: bool,
    normals: &[Vec2],
    touched_destructible: bool,
    rng: &mut Pcg32,
) {
    if touched_destructible {
        ball.idle_steps = 0;
    } else if reflected {
        loop_breaker(ball, normals, rng);
    }
}

impl BallWorld<'_> {
    /// Ball–brick collisions for one sub-step: the broad phase gives the grid cells under the
    /// ball; every live brick there that the ball overlaps is hit (destroyed if destructible).
    /// Contacts are resolved deepest first, each re-tested after the previous push-out, so the
    /// seam between two adjacent bricks acts as one flat face: one reflection, not two.
    ///
    /// A ball whose centre was inside a brick is moved out to free space, possibly a long way
    /// and into bricks it was not touching: those are resolved at once, in another pass (at most
    /// [`MAX_BURIED_PASSES`]), not left for the next sub-step — the continuous integrator has
    /// none, and its casts ignore surfaces the ball already touches. A brick is hit once per
    /// sub-step however many passes touch it (the exit leaves the ball touching the face it left
    /// by, which a later pass may count again by rounding: a two-hit brick destroyed by one
    /// contact).
    pub(crate) fn collide_bricks(&mut self, ball: &mut Ball) {
        self.log_substep(ball);
        let mut already_hit = Cells::new();
        for _ in 0..MAX_BURIED_PASSES {
            if !self.collide_bricks_pass(ball, &mut already_hit) {
                break;
            }
        }
        self.log.moved_to(ball);
    }

    /// One pass of [`BallWorld::collide_bricks`]: hits the bricks touched that are not in
    /// `already_hit` (and adds them); true if the ball's centre was inside a brick.
    fn collide_bricks_pass(&mut self, ball: &mut Ball, already_hit: &mut Cells) -> bool {
        let r = Vec2::splat(ball.radius);
        let area = Aabb {
            min: ball.pos - r,
            max: ball.pos + r,
        };
        let mut hits: SmallVec<[(usize, usize, Contact); INLINE_HITS]> = SmallVec::new();
        let mut buried = false;
        for (row, col) in self.bricks.cells_overlapping(area) {
            if let Some(c) = self.brick_contact(ball, row, col) {
                buried |= c.depth >= ball.radius;
                hits.push((row, col, c));
            }
        }
        if hits.is_empty() {
            return false;
        }
        // Pass-through: coloured bricks break without deflecting the ball; solid ones still do.
        // (Both parts keep the order the bricks were touched in.)
        if self.pass_through || self.mods.energy {
            let mut through = Cells::new();
            hits.retain(|h| {
                let passes = self.passes_through(h.0, h.1);
                if passes {
                    through.push((h.0, h.1));
                }
                !passes
            });
            if !through.is_empty() {
                ball.idle_steps = 0;
            }
            for (row, col) in through {
                self.break_through(row, col);
            }
        }
        if hits.is_empty() {
            return false;
        }
        hits.sort_by(|a, b| b.2.depth.total_cmp(&a.2.depth));
        // Among the deepest (ties within CONTACT_DEPTH_TIE), a face contact goes first, not the
        // inner corner of a neighbouring brick (see the constant).
        let deepest = hits[0].2.depth;
        // The smaller component of a unit normal: 0 for a face, up to 0.71 at a corner (the
        // larger one rounds to 1 in f32 for corners a hair off the face, so it cannot tell).
        let off_axis = |n: Vec2| n.x.abs().min(n.y.abs());
        if let Some(first) = hits
            .iter()
            .take_while(|h| deepest - h.2.depth <= CONTACT_DEPTH_TIE)
            .enumerate()
            .max_by(|(i, a), (j, b)| {
                // The most axis-aligned; among equals, the earliest (sort order stays stable).
                off_axis(b.2.normal)
                    .total_cmp(&off_axis(a.2.normal))
                    .then(j.cmp(i))
            })
            .map(|(i, _)| i)
        {
            hits[..=first].rotate_right(1);
        }
        let mut reflected = false;
        let mut normals: SmallVec<[Vec2; INLINE_HITS]> = SmallVec::new();
        let pass_start = self.log.enabled().then_some(*ball);
        for (i, &(row, col, first)) in hits.iter().enumerate() {
            let contact = if i == 0 {
                Some(first)
            } else {
                self.brick_contact(ball, row, col)
            };
            self.log_shared((row, col), ball, &pass_start, contact, first);
            if let Some(contact) = contact {
                if ball::resolve(ball, &contact) {
                    reflected = true;
                    normals.push(contact.normal);
                }
            }
        }
        let touched_destructible = hits.iter().any(|h| is_destructible(self.bricks, h.0, h.1));
        let chaotic = self.mods.chaotic || hits.iter().any(|h| is_chaotic(self.bricks, h.0, h.1));
        after_brick_bounce(
            ball,
            reflected,
            &normals,
            touched_destructible,
            chaotic,
            true,
            self.rng,
        );
        for &(row, col, _) in &hits {
            if !already_hit.contains(&(row, col)) {
                already_hit.push((row, col));
                self.hit(row, col);
            }
        }
        buried
    }

    /// Contact of `ball` with the live brick at `row`, `col`, if they overlap: the configured
    /// mode's, except when the ball's centre is inside (or on) the brick, by geometry or by the
    /// mode's own reckoning (a contact as deep as the radius: the cross test's whole pixels see a
    /// centre within a pixel of a box as inside it). Then the brick field, which knows which
    /// faces lead to free space, gives the way out ([`BrickField::exit_contact`]); its depth is
    /// always at least the radius.
    fn brick_contact(&self, ball: &Ball, row: usize, col: usize) -> Option<Contact> {
        let rect = self.bricks.live(row, col)?.rect;
        let circle = ball.circle();
        let buried = rect.contains(ball.pos);
        let contact = self.model.contact(circle, rect, ball.vel);
        if buried || contact.is_some_and(|c| c.depth >= ball.radius) {
            return Some(self.bricks.exit_contact(row, col, circle, ball.vel));
        }
        contact
    }

    /// Pass-through and energy ball: the ball breaks the brick whatever hits it had left (a
    /// multi-hit brick that only lost one hit would otherwise stay, with the ball inside it);
    /// an energy ball removes metal and chaotic bricks too: they score as the level's rules say
    /// (LBreakout2: 1000, `brick_conv_table`) and release the power-up they hold (LBreakout2
    /// drops a bonus placed on its `#` and `@` bricks then).
    pub(crate) fn break_through(&mut self, row: usize, col: usize) {
        while is_destructible(self.bricks, row, col) {
            hit_brick(
                self.bricks,
                row,
                col,
                &mut self.tally,
                self.rng,
                self.events,
            );
        }
        if self.mods.energy {
            if let Some(brick) = self.bricks.remove(row, col) {
                // Removed whole: no aftermath, no random drop, only the power-up it holds.
                let points = kinds::points(self.bricks.scoring, brick.kind, brick.hits_total, true);
                let points = self.tally.add_points(points);
                let position = destroyed(&brick, row, col, points, &mut self.tally, self.events);
                if let Some(kind) = brick.powerup {
                    release(kind, position, &mut self.tally, self.events);
                }
            }
        }
    }

    /// The ball hit the live brick at `row`, `col`: [`hit_brick`] with this world's tally,
    /// generator and event list, as the ball power-ups change it: a weak ball's hit may do no
    /// damage; an explosive ball's destroys the brick and blows up its neighbours.
    pub(super) fn hit(&mut self, row: usize, col: usize) {
        let destructible = is_destructible(self.bricks, row, col);
        if let Some(chance) = self.mods.weak_miss.filter(|_| destructible) {
            if self.rng.random::<f32>() < chance {
                return;
            }
        }
        let blast = self.mods.explosive && destructible;
        let kind = self.bricks.live(row, col).map(|b| b.kind);
        if blast {
            if let Some(brick) = self.bricks.live_mut(row, col) {
                brick.hits_left = 1;
            }
        }
        hit_brick(
            self.bricks,
            row,
            col,
            &mut self.tally,
            self.rng,
            self.events,
        );
        let exploded_anyway = kind.is_some_and(|k| k.def().explodes());
        if blast && !exploded_anyway && self.bricks.live(row, col).is_none() {
            self.bricks.fuses.push(Fuse {
                row,
                col,
                seconds: EXPLOSION_DELAY,
            });
        }
    }

    /// Pass-through: true if the ball goes through the brick at `row`, `col` (a destructible
    /// brick while the power-up runs; for an energy ball, any brick its row says an energy ball
    /// breaks, [`crate::level::BrickKindDef::energy_breaks`]: all but walls).
    pub(crate) fn passes_through(&self, row: usize, col: usize) -> bool {
        passes_through(self.bricks, self.pass_through, self.mods.energy, row, col)
    }
}

/// [`BallWorld::passes_through`] with the power-ups given: `pass_through` (the power-up runs),
/// `energy` (an energy ball).
pub(super) fn passes_through(
    bricks: &BrickField,
    pass_through: bool,
    energy: bool,
    row: usize,
    col: usize,
) -> bool {
    (pass_through && is_destructible(bricks, row, col))
        || (energy
            && bricks
                .live(row, col)
                .is_some_and(|b| b.kind.def().energy_breaks))
}
