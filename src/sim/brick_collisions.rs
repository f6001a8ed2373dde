//! Ball against bricks, for the discrete modes' sub-steps and the continuous integrator's
//! separation of overlaps it did not cause: contacts from the configured mode (the one dispatch
//! point is [`crate::collision::circle_aabb_contact`]), resolved deepest first; a ball whose
//! centre is inside a brick leaves by a face that leads to free space
//! ([`BrickField::exit_contact`](super::BrickField::exit_contact)); hits, damage and destruction.

use super::tuning::*;
use super::{ball, Ball, FallingPowerUp, Game, GameEvent, HitOutcome};
use crate::collision::{circle_aabb_contact, Aabb, Circle, Contact};
use glam::Vec2;

/// Upper bound on ball–brick passes in one sub-step (see [`Game::collide_bricks`]): a buried
/// ball is out after the first, the second resolves what it touches there, the third is spare.
const MAX_BURIED_PASSES: u32 = 3;

impl Game {
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
    pub(super) fn collide_bricks(&mut self, ball: &mut Ball) {
        let mut already_hit = Vec::new();
        for _ in 0..MAX_BURIED_PASSES {
            if !self.collide_bricks_pass(ball, &mut already_hit) {
                return;
            }
        }
    }

    /// One pass of [`Game::collide_bricks`]: hits the bricks touched that are not in
    /// `already_hit` (and adds them); true if the ball's centre was inside a brick.
    fn collide_bricks_pass(
        &mut self,
        ball: &mut Ball,
        already_hit: &mut Vec<(usize, usize)>,
    ) -> bool {
        let r = Vec2::splat(ball.radius);
        let area = Aabb {
            min: ball.pos - r,
            max: ball.pos + r,
        };
        let mut hits: Vec<(usize, usize, Contact)> = Vec::new();
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
        let (through, mut hits): (Vec<_>, Vec<_>) = hits
            .into_iter()
            .partition(|h| self.passes_through(h.0, h.1));
        if !through.is_empty() {
            ball.idle_steps = 0;
        }
        for &(row, col, _) in &through {
            self.break_through(row, col);
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
        let mut normals: Vec<Vec2> = Vec::new();
        for (i, &(row, col, first)) in hits.iter().enumerate() {
            let contact = if i == 0 {
                Some(first)
            } else {
                self.brick_contact(ball, row, col)
            };
            if let Some(contact) = contact {
                if ball::resolve(ball, &contact) {
                    reflected = true;
                    normals.push(contact.normal);
                }
            }
        }
        if reflected {
            let side = if ball.pos.x < PLAYFIELD_WIDTH / 2.0 {
                1.0
            } else {
                -1.0
            };
            ball.vel = ball::clamp_direction(ball.vel, side);
        }
        if hits.iter().any(|h| self.is_destructible(h.0, h.1)) {
            ball.idle_steps = 0;
        } else if reflected {
            self.loop_breaker(ball, &normals);
        }
        for &(row, col, _) in &hits {
            if !already_hit.contains(&(row, col)) {
                already_hit.push((row, col));
                self.hit_brick(row, col);
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
        let circle = Circle {
            center: ball.pos,
            radius: ball.radius,
        };
        let buried = rect.contains(ball.pos);
        let contact = circle_aabb_contact(self.config.collision, circle, rect, ball.vel);
        if buried || contact.is_some_and(|c| c.depth >= ball.radius) {
            return Some(self.bricks.exit_contact(row, col, circle, ball.vel));
        }
        contact
    }

    /// A brick was hit: a coloured one loses a hit and, with none left, is destroyed (score,
    /// events, its power-up released); a solid one reports a solid hit.
    pub(super) fn hit_brick(&mut self, row: usize, col: usize) {
        let position = self
            .bricks
            .live(row, col)
            .map(|b| b.rect.center())
            .unwrap_or_default();
        match self.bricks.hit(row, col) {
            HitOutcome::Destroyed { code, powerup } => {
                let points = brick_score(code);
                self.score += points;
                self.stats.bricks_destroyed += 1;
                self.events.push(GameEvent::BrickDestroyed {
                    row,
                    col,
                    code,
                    position,
                    points,
                });
                // A power-up the level placed in the brick, else LearnOpenGL's random roll.
                if let Some(kind) = powerup.or_else(|| self.config.powerups.roll(&mut self.rng)) {
                    self.falling.push(FallingPowerUp::new(kind, position));
                    self.events
                        .push(GameEvent::PowerUpReleased { kind, position });
                }
            }
            HitOutcome::Damaged { hits_left } => self.events.push(GameEvent::BrickDamaged {
                row,
                col,
                hits_left,
            }),
            HitOutcome::Solid => self.events.push(GameEvent::SolidHit { row, col }),
        }
    }

    /// Pass-through: the ball breaks the brick whatever hits it had left (a multi-hit brick
    /// that only lost one hit would otherwise stay, with the ball inside it).
    pub(super) fn break_through(&mut self, row: usize, col: usize) {
        while self
            .bricks
            .live(row, col)
            .is_some_and(|b| b.kind.is_destructible())
        {
            self.hit_brick(row, col);
        }
    }

    /// True if the live brick at `row`, `col` is a destructible one.
    pub(super) fn is_destructible(&self, row: usize, col: usize) -> bool {
        self.bricks
            .live(row, col)
            .is_some_and(|b| b.kind.is_destructible())
    }
}
