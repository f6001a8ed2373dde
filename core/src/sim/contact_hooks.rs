//! The contact log's hooks ([`super::contact_log`]): how each integrator writes to it (a call
//! of one line each, one branch when not recording), and the game's switch and reader.

use super::ball::Ball;
use super::contact_log::{ContactLog, ContactSource, LoggedContact, ModelAnswer, Segment};
use super::motion::BallWorld;
use super::Game;
use crate::collision::model::BrickResponse;
use crate::collision::swept_circle_aabb::Impact;
use crate::collision::{Aabb, Circle, Contact};
use glam::Vec2;

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
