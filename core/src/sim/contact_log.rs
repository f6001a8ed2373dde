//! The opt-in contact log: every ball–brick contact the collision model resolves during one
//! step, with the situation it was resolved in, so that a tool (`compare`'s per-contact check)
//! can ask the exact referee (`collision::exact_circle_aabb`) about the same situation.
//!
//! **Off by default, and outside the game.** [`Game::record_contacts`] turns it on. The log is
//! not part of the state hash (the field is skipped), it reads the game and never writes it, so
//! a game records the same bits with it on or off; off, each hook costs one branch. It is
//! cleared at the start of every [`Game::step`] and read with [`Game::contacts`] after it.
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
use super::motion::BallWorld;
use super::Game;
use crate::collision::model::BrickResponse;
use crate::collision::swept_circle_aabb::Impact;
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
    /// The ball's index in [`Game::balls`] during the step.
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
    /// The ball's index in [`Game::balls`] during the step.
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

/// The contacts and segments of the last step, when recording ([`Game::record_contacts`]).
#[derive(Clone, Debug, Default)]
pub struct ContactLog {
    /// Recording is on.
    enabled: bool,
    /// The ball being moved (its index).
    ball: usize,
    /// Where the previous discrete sub-step left the ball: centre and velocity.
    cursor: (Vec2, Vec2),
    /// The index of the ball's first segment in the step.
    ball_segments: usize,
    contacts: Vec<LoggedContact>,
    segments: Vec<Segment>,
    candidates: Vec<Candidate>,
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

impl Game {
    /// Turns the contact log on or off ([`ContactLog`]); turning it off empties it. It never
    /// changes the game or its state hash.
    pub fn record_contacts(&mut self, on: bool) {
        self.contact_log = ContactLog {
            enabled: on,
            ..ContactLog::default()
        };
    }

    /// The contact log of the last step (empty unless [`Game::record_contacts`] is on).
    pub fn contacts(&self) -> &ContactLog {
        &self.contact_log
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

/// The box a circle sweeps along `segment`, pixels.
fn swept_box(segment: &Segment) -> Aabb {
    let end = segment.start.center + segment.motion;
    let grow = Vec2::splat(segment.start.radius);
    Aabb {
        min: segment.start.center.min(end) - grow,
        max: segment.start.center.max(end) + grow,
    }
}

impl BallWorld<'_> {
    /// Logs a segment of the ball's motion from `start` by `motion` pixels (its broad phase
    /// comes when the ball has moved, [`BallWorld::log_ball_done`]).
    pub(super) fn log_segment(&mut self, start: Circle, motion: Vec2) {
        if !self.log.enabled {
            return;
        }
        let segment = Segment {
            ball: self.log.ball,
            start,
            motion,
            candidates: (0, 0),
        };
        self.log.segments.push(segment);
    }

    /// The ball has moved through the step: the broad phase of its whole path, once — the live
    /// bricks (less those it goes through) whose box meets the box of its segments grown by the
    /// radius — shared by each of its segments. A brick the ball destroyed on the way is no
    /// longer among them: it was hit, so it is in the log.
    pub(super) fn log_ball_done(&mut self) {
        if !self.log.enabled {
            return;
        }
        let segments = &self.log.segments[self.log.ball_segments.min(self.log.segments.len())..];
        let Some(path) = segments.iter().map(swept_box).reduce(|a, b| Aabb {
            min: a.min.min(b.min),
            max: a.max.max(b.max),
        }) else {
            return;
        };
        let first = self.log.candidates.len();
        for (row, col) in self.bricks.cells_overlapping(path) {
            let Some(brick) = self.bricks.live(row, col) else {
                continue;
            };
            let rect = brick.rect;
            let meets = rect.min.x <= path.max.x
                && rect.max.x >= path.min.x
                && rect.min.y <= path.max.y
                && rect.max.y >= path.min.y;
            if meets && !self.passes_through(row, col) {
                self.log.candidates.push(((row, col), rect));
            }
        }
        let range = (first, self.log.candidates.len());
        let from = self.log.ball_segments;
        for segment in self.log.segments.iter_mut().skip(from) {
            segment.candidates = range;
        }
    }

    /// Logs the discrete sub-step's segment: from where the previous one left the ball to
    /// where it is tested now.
    pub(super) fn log_substep(&mut self, ball: &Ball) {
        if !self.log.enabled {
            return;
        }
        let from = self.log.cursor.0;
        let start = Circle {
            center: from,
            radius: ball.radius,
        };
        self.log_segment(start, ball.pos - from);
    }

    /// Logs a continuous cast's impact with the brick at `cell`: `ball` at the impact (before
    /// its bounce), the cast's whole `motion` from the last segment's start.
    pub(super) fn log_impact(
        &mut self,
        cell: (usize, usize),
        ball: &Ball,
        motion: Vec2,
        impact: &Impact,
    ) {
        let Some(segment) = self.log.segments.last().filter(|_| self.log.enabled) else {
            return;
        };
        let from = Some((segment.start, ball.vel, motion));
        let tested = Ball {
            pos: impact.center,
            ..*ball
        };
        let answer = ModelAnswer {
            normal: Some(impact.normal),
            toi: Some(impact.toi),
            ..ModelAnswer::default()
        };
        let reflected = ball.vel.dot(impact.normal) < 0.0;
        self.log_contact(
            cell,
            &tested,
            answer,
            reflected,
            (ContactSource::Continuous, from),
        );
    }

    /// Logs a model's own sub-step: its segment, from the ball at its start (`from`: the circle
    /// its velocity and the sub-step's seconds) to where the model left `ball`, and each
    /// brick of its `response` with the normal of the same index when it gave as many normals
    /// as hits, else its first (the probe's rule, `probe::own::OwnRun::first_hits`).
    pub(super) fn log_own(
        &mut self,
        from: (Circle, Vec2, f32),
        ball: &Ball,
        response: &BrickResponse,
    ) {
        if !self.log.enabled {
            return;
        }
        let (start, velocity, dt) = from;
        self.log_segment(start, ball.pos - start.center);
        let motion = velocity * dt;
        for (i, &cell) in response.hits.iter().enumerate() {
            let normal = if response.normals.len() == response.hits.len() {
                response.normals.get(i)
            } else {
                response.normals.first()
            };
            let answer = ModelAnswer {
                normal: normal.copied(),
                ..ModelAnswer::default()
            };
            let from = Some((start, velocity, motion));
            let reflected = normal.is_some();
            self.log_contact(cell, ball, answer, reflected, (ContactSource::Own, from));
        }
    }

    /// Logs a shared-resolution contact with the brick at `cell`, before it is resolved: the
    /// ball's `contact` there, or, when an earlier push-out in the pass undid it (none), the
    /// `first` contact found at the pass's start (`pass_start`: none when not recording). A
    /// contact as deep as the radius is the brick field's exit.
    pub(super) fn log_shared(
        &mut self,
        cell: (usize, usize),
        ball: &Ball,
        pass_start: &Option<Ball>,
        contact: Option<Contact>,
        first: Contact,
    ) {
        let Some(start) = pass_start else {
            return;
        };
        let (at, used) = match contact {
            Some(c) => (ball, c),
            None => (start, first),
        };
        let reflected = contact.is_some() && at.vel.dot(used.normal) < 0.0;
        let answer = ModelAnswer::of_contact(&used, used.depth >= at.radius);
        self.log_contact(cell, at, answer, reflected, (ContactSource::Shared, None));
    }

    /// Logs a contact with the brick at `cell` of the ball as `tested` (before its bounce) on
    /// the last segment, with the model's `answer`; `reflected`: the contact reflected it.
    /// `from`: the ball at the (sub-)step's start, its velocity and motion, when they are not
    /// the last segment's start, the velocity the previous sub-step left and the segment's
    /// motion (a cast's whole motion, a model's own sub-step's).
    pub(super) fn log_contact(
        &mut self,
        cell: (usize, usize),
        tested: &Ball,
        answer: ModelAnswer,
        reflected: bool,
        (source, from): (ContactSource, Option<(Circle, Vec2, Vec2)>),
    ) {
        if !self.log.enabled {
            return;
        }
        let Some(brick) = self.bricks.live(cell.0, cell.1).map(|b| b.rect) else {
            return;
        };
        let Some(segment) = self.log.segments.len().checked_sub(1) else {
            return;
        };
        let seg = self.log.segments[segment];
        let (start, start_velocity, motion) =
            from.unwrap_or((seg.start, self.log.cursor.1, seg.motion));
        let contact = LoggedContact {
            ball: self.log.ball,
            cell,
            brick,
            source,
            start,
            start_velocity,
            motion,
            tested: tested.circle(),
            tested_velocity: tested.vel,
            normal: answer.normal,
            depth: answer.depth,
            toi: answer.toi,
            exit: answer.exit,
            reflected,
            segment,
        };
        self.log.contacts.push(contact);
    }
}
