//! The opt-in contact log: every ball–brick contact the collision model resolves during one
//! step, with the situation it was resolved in, so that a tool (`compare`'s per-contact check)
//! can ask the exact referee (`collision::exact_circle_aabb`) about the same situation.
//!
//! **Off by default, and outside the game.** [`Game::record_contacts`](super::Game::record_contacts) turns it on. The log is
//! not part of the state hash (the field is skipped), it reads the game and never writes it, so
//! a game records the same bits with it on or off; off, each hook costs one branch. It is
//! cleared at the start of every [`Game::step`](super::Game::step) and read with [`Game::contacts`](super::Game::contacts) after it.
//!
//! What is logged, per integrator (coordinates playfield pixels, velocities pixels/second):
//!
//! * **the ball's path**, as [`Segment`]s: the straight motions the integrator moved the ball
//!   along — a discrete sub-step (from where the previous sub-step left the ball, or the step's
//!   start, to where the bricks are tested, walls and paddle of this sub-step included), a
//!   continuous cast up to its impact (or the rest of the step), a model's own sub-step (from
//!   where it took the ball to where it left it). With them, their **broad phase**, found once
//!   the ball has moved: the live bricks it could have touched along its path (the brick's box
//!   meets the box of its segments grown by the radius), less those a pass-through or energy
//!   ball goes through;
//! * **the contacts**, as [`LoggedContact`]s: which ball, the brick's cell and box, the ball at
//!   the start of the (sub-)step and where the model tested it, the model's normal, depth and
//!   time of impact when it gives them, and whether the ball was reflected.

use super::ball::Ball;
use crate::collision::{Aabb, Circle, Contact};
use glam::Vec2;

/// How the model that made a contact moves the ball (its
/// [`Resolution`](crate::collision::Resolution)), and so what its numbers mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ContactSource {
    /// The shared discrete resolution: the model's contact at the tested position (normal and
    /// depth), or the brick field's exit for a centre inside the brick.
    Shared,
    /// The continuous integrator: the time of impact along the cast and the normal there.
    Continuous,
    /// A model's own resolution: the brick hit in a sub-step and the normal it bounced off, if
    /// it bounced (no depth, no time of impact).
    Own,
}

/// One ball–brick contact the model resolved in the step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LoggedContact {
    /// The ball's index in [`Game::balls`](super::Game::balls) during the step.
    pub ball: usize,
    /// The brick's cell (row, column).
    pub cell: (usize, usize),
    /// The brick's box, pixels.
    pub brick: Aabb,
    /// What kind of answer the model gave.
    pub source: ContactSource,
    /// The ball at the start of the (sub-)step or cast (centre and radius, pixels).
    pub start: Circle,
    /// Its velocity there, pixels/second.
    pub start_velocity: Vec2,
    /// The (sub-)step's motion from `start`, pixels: to the tested position (shared), the whole
    /// cast (continuous), the velocity × the sub-step's seconds (own).
    pub motion: Vec2,
    /// The ball where the model tested it: the tested position (shared), the centre at the time
    /// of impact (continuous), where the model left it (own).
    pub tested: Circle,
    /// Its velocity there (before the bounce), pixels/second.
    pub tested_velocity: Vec2,
    /// The model's unit contact normal, from the brick towards the ball, if it gave one.
    pub normal: Option<Vec2>,
    /// The model's penetration depth, pixels (shared only).
    pub depth: Option<f32>,
    /// The time of impact, a fraction of `motion` (continuous only).
    pub toi: Option<f32>,
    /// The contact was the brick field's exit for a ball whose centre was inside the brick
    /// (shared only): the model's own normal was not used.
    pub exit: bool,
    /// The ball's velocity was reflected by this contact.
    pub reflected: bool,
    /// Index of the [`Segment`] it was found on, in [`ContactLog::segments`].
    pub segment: usize,
}

/// One straight stretch of a ball's motion in the step (see the module's doc).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// The ball's index in [`Game::balls`](super::Game::balls) during the step.
    pub ball: usize,
    /// The ball at the segment's start (centre and radius, pixels).
    pub start: Circle,
    /// The motion along it, pixels.
    pub motion: Vec2,
    /// Its broad phase (the ball's whole path's in the step): the first and one past the last
    /// index of its bricks in the log's candidates ([`ContactLog::candidates`] reads them).
    pub candidates: (usize, usize),
}

/// A live brick a segment's broad phase found: cell (row, column) and box (pixels).
pub type Candidate = ((usize, usize), Aabb);

/// The contacts and segments of the last step, when recording ([`Game::record_contacts`](super::Game::record_contacts)).
#[derive(Clone, Debug, Default)]
pub struct ContactLog {
    /// Recording is on.
    pub(super) enabled: bool,
    /// The ball being moved (its index).
    pub(super) ball: usize,
    /// Where the previous discrete sub-step left the ball: centre and velocity.
    pub(super) cursor: (Vec2, Vec2),
    /// The index of the ball's first segment in the step.
    pub(super) ball_segments: usize,
    /// The contacts of the step.
    pub(super) contacts: Vec<LoggedContact>,
    /// The segments of the step.
    pub(super) segments: Vec<Segment>,
    /// Their broad phases.
    pub(super) candidates: Vec<Candidate>,
}

impl ContactLog {
    /// True while recording.
    pub fn enabled(&self) -> bool {
        self.enabled
    }
    /// The contacts of the last step, in the order resolved.
    pub fn contacts(&self) -> &[LoggedContact] {
        &self.contacts
    }
    /// The segments of the last step, in the order moved.
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }
    /// The broad phase of `segment`: the live bricks a ball could touch along it.
    pub fn candidates(&self, segment: &Segment) -> &[Candidate] {
        self.candidates
            .get(segment.candidates.0..segment.candidates.1)
            .unwrap_or_default()
    }

    /// Empties the log (the start of a step).
    pub(super) fn clear(&mut self) {
        if self.enabled {
            self.contacts.clear();
            self.segments.clear();
            self.candidates.clear();
        }
    }

    /// The ball at index `index` starts moving through the step from where it is.
    #[inline]
    pub(super) fn begin_ball(&mut self, index: usize, ball: &Ball) {
        if self.enabled {
            self.ball = index;
            self.cursor = (ball.pos, ball.vel);
            self.ball_segments = self.segments.len();
        }
    }

    /// A discrete sub-step left the ball where it is now.
    #[inline]
    pub(super) fn moved_to(&mut self, ball: &Ball) {
        if self.enabled {
            self.cursor = (ball.pos, ball.vel);
        }
    }
}

/// A contact the model gave: its normal, depth and time of impact, and whether it was the
/// brick field's exit.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ModelAnswer {
    pub normal: Option<Vec2>,
    pub depth: Option<f32>,
    pub toi: Option<f32>,
    pub exit: bool,
}

impl ModelAnswer {
    /// A shared-resolution contact (`exit`: the brick field's exit).
    pub fn of_contact(contact: &Contact, exit: bool) -> ModelAnswer {
        ModelAnswer {
            normal: Some(contact.normal),
            depth: Some(contact.depth),
            toi: None,
            exit,
        }
    }
}
