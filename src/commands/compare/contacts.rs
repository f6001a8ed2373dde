//! The per-contact check: every ball–brick contact a model resolves while `compare` plays
//! ([`crate::sim::contact_log`]) asked again of the exact referee
//! ([`crate::collision::exact_circle_aabb`]) in the same situation — the ball where the model
//! had it, its motion, the brick — and the differences gathered per model. Unlike the end of a
//! game, which one early different bounce changes from then on (chaos), a contact's error is
//! the algorithm's own: it is measured against the exact answer to the very question the model
//! was asked.
//!
//! **The terms** (the lab's probe, `probe::Errors`, uses the same definitions, tolerances and
//! referee, so the lab and `compare` agree):
//!
//! * a **contact** is one brick a model's resolution hit in one (sub-)step;
//! * its **normal error** is the angle, degrees, between the model's unit contact normal and the
//!   referee's: for a discrete model (shared resolution) the referee's exact contact of the ball
//!   where the model tested it; for `swept` the referee's exact time of impact along the same
//!   cast; for a model with its own resolution the referee's impact along the sub-step's motion
//!   (its contact at the start if the ball already overlapped the brick there);
//! * its **depth error** is |model's penetration depth − referee's|, pixels, discrete models
//!   only; `swept`'s **time-of-impact error** is |its time of impact − the referee's| × the
//!   cast's length, pixels;
//! * a contact is **not compared** (counted in `contacts` and `not_compared`, in no
//!   distribution) when there is nothing like to compare: the tested centre is inside the brick
//!   (the model traces the ball back along its motion, the referee takes the nearest face, the
//!   probe's "centre inside" note), the contact was the brick field's exit for a buried ball,
//!   the referee touches the brick only within [`TOUCH_BAND_PX`] of touching, or the model gave
//!   no normal (a model of another game that hit the brick without bouncing). **A contact
//!   without a depth** (`swept`, the other games' models: none gives one) is counted in
//!   `contacts` and its normal compared, but it is in no depth distribution: their depth
//!   columns are empty, not zero;
//! * a **phantom** contact: the model hit a brick the exact circle never touches on that
//!   motion (its closest approach along it is more than [`TOUCH_BAND_PX`] away: `aabb`'s square
//!   corner);
//! * a **missed** contact: along one straight segment of the ball's path in a step, the
//!   referee's swept circle enters a live brick by more than [`TOUCH_BAND_PX`], and the model
//!   logged no contact of that ball with that brick in the whole step (tunnelling with sub-steps
//!   off, a graze a discrete test sampled past). Each (ball, brick, step) counts once. Only the
//!   broad phase of the ball's path is asked (the live bricks whose box meets the box of the
//!   ball's segments in the step grown by its radius, found by the game once the ball has
//!   moved), and a brick farther from a segment's start than the segment is long is skipped
//!   for it without a query.

use crate::collision::exact_circle_aabb as exact;
use crate::collision::{Aabb, Circle};
use crate::sim::contact_log::{ContactLog, ContactSource, LoggedContact, Segment};
use crate::sim::Game;
use glam::{DVec2, Vec2};
use std::collections::BTreeMap;

/// Within this many pixels of just touching, a hit against a miss is rounding, not a
/// disagreement: the probe's `TOUCH_BAND_PX` (f32 and f64 disagree about which side of touching
/// a ball 1e-4 px from it is on).
pub const TOUCH_BAND_PX: f64 = 1e-3;

/// Smallest error a distribution tells apart from zero (degrees or pixels): errors below it
/// fall in its first bin, reported as 0.
pub const SMALLEST: f64 = 1e-6;

/// Bins per decade of a distribution: a quantile is the upper edge of its bin, at most 2.3 %
/// above the true value.
const BINS_PER_DECADE: f64 = 100.0;

/// The last bin (errors of 1e4 and more, far past any angle or depth).
const LAST_BIN: u16 = 1000;

/// A distribution of non-negative errors (degrees or pixels) in logarithmic bins: mergeable,
/// small (only the bins used are kept) and exact in its count and maximum.
#[derive(Clone, Debug, Default)]
pub struct Distribution {
    /// Count per bin: bin 0 holds errors under [`SMALLEST`], bin k ≥ 1 those in
    /// [SMALLEST × 10^((k−1)/100), SMALLEST × 10^(k/100)).
    bins: BTreeMap<u16, u64>,
    /// Errors counted.
    pub count: u64,
    /// The largest error counted (0 when none).
    pub max: f64,
}

impl PartialEq for Distribution {
    fn eq(&self, other: &Distribution) -> bool {
        self.bins == other.bins
            && self.count == other.count
            && self.max.to_bits() == other.max.to_bits()
    }
}

/// Equality is bitwise on the maximum, so it is an equivalence.
impl Eq for Distribution {}

impl Distribution {
    /// Counts `error` (its absolute value; a value that is not finite is not counted).
    pub fn add(&mut self, error: f64) {
        let error = error.abs();
        if !error.is_finite() {
            return;
        }
        let bin = if error < SMALLEST {
            0
        } else {
            let k = ((error / SMALLEST).log10() * BINS_PER_DECADE).floor() as i64 + 1;
            k.clamp(1, i64::from(LAST_BIN)) as u16
        };
        *self.bins.entry(bin).or_insert(0) += 1;
        self.count += 1;
        self.max = self.max.max(error);
    }

    /// Adds every error of `other`.
    pub fn merge(&mut self, other: &Distribution) {
        for (&bin, &n) in &other.bins {
            *self.bins.entry(bin).or_insert(0) += n;
        }
        self.count += other.count;
        self.max = self.max.max(other.max);
    }

    /// The `q` quantile (0–1; the median is 0.5): the upper edge of the bin holding the
    /// ⌈q × count⌉-th smallest error, at most the maximum; 0 for errors under [`SMALLEST`];
    /// `None` when empty.
    pub fn quantile(&self, q: f64) -> Option<f64> {
        if self.count == 0 {
            return None;
        }
        let rank = ((q.clamp(0.0, 1.0) * self.count as f64).ceil() as u64).max(1);
        let mut seen = 0;
        for (&bin, &n) in &self.bins {
            seen += n;
            if seen >= rank {
                if bin == 0 {
                    return Some(0.0);
                }
                let edge = SMALLEST * 10f64.powf(f64::from(bin) / BINS_PER_DECADE);
                return Some(edge.min(self.max));
            }
        }
        Some(self.max)
    }
}

/// One model's per-contact figures over a game (or many, merged).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ContactStats {
    /// Contacts the model resolved.
    pub contacts: u64,
    /// Contacts whose normal (or, for `swept`, time of impact) was compared.
    pub compared: u64,
    /// Contacts counted but not compared (see the module's doc).
    pub not_compared: u64,
    /// Phantom contacts.
    pub phantom: u64,
    /// Missed contacts.
    pub missed: u64,
    /// How deep the exact circle went into each missed brick, pixels: a graze is shallow, a
    /// ball tunnelling through is as deep as the brick.
    pub missed_depth_px: Distribution,
    /// Normal angle errors, degrees.
    pub normal_deg: Distribution,
    /// Depth errors, pixels (discrete models).
    pub depth_px: Distribution,
    /// Time-of-impact errors, pixels along the cast (`swept`).
    pub toi_px: Distribution,
}

impl ContactStats {
    /// Adds `other`'s counts and errors.
    pub fn merge(&mut self, other: &ContactStats) {
        self.contacts += other.contacts;
        self.compared += other.compared;
        self.not_compared += other.not_compared;
        self.phantom += other.phantom;
        self.missed += other.missed;
        self.missed_depth_px.merge(&other.missed_depth_px);
        self.normal_deg.merge(&other.normal_deg);
        self.depth_px.merge(&other.depth_px);
        self.toi_px.merge(&other.toi_px);
    }

    /// Checks the contacts and segments of the step just taken (empty unless the game records
    /// them, [`Game::record_contacts`]).
    pub fn after_step(&mut self, game: &Game) {
        let log = game.contacts();
        for contact in log.contacts() {
            self.count(check(contact));
        }
        for (_, depth) in missed(log) {
            self.missed += 1;
            self.missed_depth_px.add(depth);
        }
    }

    /// Counts one contact's verdict.
    pub fn count(&mut self, verdict: Verdict) {
        self.contacts += 1;
        match verdict {
            Verdict::Phantom => self.phantom += 1,
            Verdict::NotCompared => self.not_compared += 1,
            Verdict::Compared {
                normal_deg,
                depth_px,
                toi_px,
            } => {
                self.compared += 1;
                self.normal_deg.add(normal_deg);
                if let Some(depth) = depth_px {
                    self.depth_px.add(depth);
                }
                if let Some(toi) = toi_px {
                    self.toi_px.add(toi);
                }
            }
        }
    }
}

/// What the referee says of one logged contact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// The exact circle never touches the brick on that motion.
    Phantom,
    /// Counted, not compared (see the module's doc).
    NotCompared,
    /// Compared: the normal's angle error (degrees), and the depth's or the time of impact's
    /// error (pixels) where the model gives them.
    Compared {
        /// Angle between the model's normal and the referee's, degrees.
        normal_deg: f64,
        /// |model's depth − referee's|, pixels (discrete models).
        depth_px: Option<f64>,
        /// |model's time of impact − referee's| × the cast's length, pixels (`swept`).
        toi_px: Option<f64>,
    },
}

/// Angle between two unit vectors, degrees (the probe's `angle_deg`).
pub fn angle_deg(a: DVec2, b: DVec2) -> f64 {
    a.dot(b).clamp(-1.0, 1.0).acos().to_degrees()
}

/// True when the exact circle never touches `brick` moving from `start` by `motion`.
fn never_touches(start: Circle, motion: Vec2, brick: Aabb) -> bool {
    exact::closest_approach(start, motion, brick).0 > TOUCH_BAND_PX
}

/// The referee's verdict on one logged contact (the terms are in the module's doc). The
/// closest approach, the dearest query, is asked only when the referee's own answer does not
/// already show a touch.
pub fn check(c: &LoggedContact) -> Verdict {
    let normal = c.normal.map(|n| n.as_dvec2());
    match c.source {
        ContactSource::Shared => {
            let referee = exact::contact(c.tested, c.brick);
            if referee.is_none() && never_touches(c.start, c.motion, c.brick) {
                return Verdict::Phantom;
            }
            let inside = exact::box_signed_distance(c.tested.center.as_dvec2(), c.brick) <= 0.0;
            match (referee, normal, c.depth) {
                (Some(r), Some(normal), Some(depth)) if !inside && !c.exit => Verdict::Compared {
                    normal_deg: angle_deg(normal, r.normal),
                    depth_px: Some(f64::from(depth) - r.depth),
                    toi_px: None,
                },
                _ => Verdict::NotCompared,
            }
        }
        ContactSource::Continuous => {
            let referee = exact::time_of_impact(c.start, c.motion, c.brick);
            if referee.is_none() && never_touches(c.start, c.motion, c.brick) {
                return Verdict::Phantom;
            }
            match (referee, normal, c.toi) {
                (Some(r), Some(normal), Some(toi)) => Verdict::Compared {
                    normal_deg: angle_deg(normal, r.normal),
                    depth_px: None,
                    toi_px: Some((f64::from(toi) - r.toi) * c.motion.as_dvec2().length()),
                },
                _ => Verdict::NotCompared,
            }
        }
        ContactSource::Own => {
            let referee = if exact::signed_distance(c.start, c.brick) <= 0.0 {
                exact::contact(c.start, c.brick).map(|r| r.normal)
            } else {
                exact::time_of_impact(c.start, c.motion, c.brick).map(|r| r.normal)
            };
            if referee.is_none() && never_touches(c.start, c.motion, c.brick) {
                return Verdict::Phantom;
            }
            match (referee, normal) {
                (Some(r), Some(normal)) => Verdict::Compared {
                    normal_deg: angle_deg(normal, r),
                    depth_px: None,
                    toi_px: None,
                },
                _ => Verdict::NotCompared,
            }
        }
    }
}

/// A missed contact: the ball's index and the brick's cell.
pub type MissedKey = (usize, (usize, usize));

/// The missed contacts of one step's log: (ball, brick) pairs the referee's swept circle enters
/// along a segment with no logged contact of that ball with that brick in the step, each with
/// how deep the exact circle went into the brick (pixels: the most over its segments).
pub fn missed(log: &ContactLog) -> Vec<(MissedKey, f64)> {
    let mut found: Vec<(MissedKey, f64)> = Vec::new();
    for segment in log.segments() {
        for &(cell, brick) in log.candidates(segment) {
            let key = (segment.ball, cell);
            let logged = log
                .contacts()
                .iter()
                .any(|c| c.ball == segment.ball && c.cell == cell);
            if logged {
                continue;
            }
            let Some(depth) = enters(segment, brick) else {
                continue;
            };
            match found.iter_mut().find(|f| f.0 == key) {
                Some(f) => f.1 = f.1.max(depth),
                None => found.push((key, depth)),
            }
        }
    }
    found
}

/// How deep the exact circle moving along `segment` enters `brick` (pixels: its least signed
/// distance, negated), when by more than [`TOUCH_BAND_PX`]. A brick farther from the start than
/// the motion is long cannot be reached (no query).
fn enters(segment: &Segment, brick: Aabb) -> Option<f64> {
    let reach = segment.motion.as_dvec2().length();
    if exact::signed_distance(segment.start, brick) - reach > TOUCH_BAND_PX {
        return None;
    }
    let least = exact::closest_approach(segment.start, segment.motion, brick).0;
    (least < -TOUCH_BAND_PX).then_some(-least)
}

#[cfg(test)]
#[path = "contacts_tests.rs"]
mod tests;
