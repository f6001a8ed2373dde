//! [`InputTrack`]: the input of every step of a game, run-length encoded, exact to the bit.

use crate::sim::{Actions, Input};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The input of every step, as runs of identical inputs (a player holds a key or leaves the
/// mouse still for many steps). Two inputs are the same run only when every field is identical
/// bit for bit (`0.0` and `-0.0` differ), so playing the track back gives the simulation exactly
/// what it was given.
///
/// Stored (see `docs/replays.md`) as columns: run lengths, a flags byte per run, the paddle
/// targets as deltas (in 1/256 px where that is exact, else of the `f32` bit patterns), each
/// stored as a one-byte pick from a palette of the codes used most (the others in full), the
/// gamepad axis bits where not 0, and (format 7) the actions byte where not empty and the
/// picked point's bits where there is one. Columns of small numbers compress well.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InputTrack {
    /// The runs: an input and how many steps it lasted (≥ 1).
    runs: Vec<(Input, u64)>,
    /// `ends[i]`: steps up to the end of run `i` (a running sum of the lengths).
    ends: Vec<u64>,
}

/// The bits that make two inputs the same step's input.
type Bits = (bool, bool, bool, Option<u32>, u32, u8, Option<[u32; 2]>);

/// The bits that make two inputs the same step's input.
fn bits(i: &Input) -> Bits {
    (
        i.left,
        i.right,
        i.launch,
        i.paddle_target_x.map(f32::to_bits),
        i.paddle_axis.to_bits(),
        i.actions.bits(),
        i.pick.map(point_bits),
    )
}

/// A picked point's stored form: its coordinates' `f32` bits.
fn point_bits(p: glam::Vec2) -> [u32; 2] {
    [p.x.to_bits(), p.y.to_bits()]
}

impl InputTrack {
    /// An empty track.
    pub fn new() -> InputTrack {
        InputTrack::default()
    }

    /// Steps recorded.
    pub fn len(&self) -> u64 {
        self.ends.last().copied().unwrap_or(0)
    }

    /// No step recorded.
    pub fn is_empty(&self) -> bool {
        self.runs.is_empty()
    }

    /// Runs of identical inputs.
    pub fn run_count(&self) -> usize {
        self.runs.len()
    }

    /// Appends the input of the next step.
    pub fn push(&mut self, input: &Input) {
        match self.runs.last_mut() {
            Some((last, n)) if bits(last) == bits(input) => {
                *n += 1;
                *self.ends.last_mut().expect("a run per end") += 1;
            }
            _ => {
                self.runs.push((*input, 1));
                self.ends.push(self.len() + 1);
            }
        }
    }

    /// Appends the inputs of the next steps, in order: the same track as [`InputTrack::push`]
    /// of each, found with one comparison per step.
    pub fn extend(&mut self, inputs: &[Input]) {
        let mut i = 0;
        while let Some(first) = inputs.get(i) {
            let key = bits(first);
            let n = 1 + inputs[i + 1..]
                .iter()
                .take_while(|input| bits(input) == key)
                .count();
            match self.runs.last_mut() {
                Some((last, count)) if bits(last) == key => {
                    *count += n as u64;
                    *self.ends.last_mut().expect("a run per end") += n as u64;
                }
                _ => {
                    let end = self.len() + n as u64;
                    self.runs.push((*first, n as u64));
                    self.ends.push(end);
                }
            }
            i += n;
        }
    }

    /// Appends `n` steps of `input` as a run of their own (for tests that need a long track).
    #[cfg(test)]
    pub(super) fn push_run(&mut self, input: &Input, n: u64) {
        self.runs.push((*input, n));
        self.ends.push(self.len() + n);
    }

    /// The input of step `step` (0-based), or `None` past the end.
    pub fn get(&self, step: u64) -> Option<Input> {
        let i = self.ends.partition_point(|&end| end <= step);
        self.runs.get(i).map(|(input, _)| *input)
    }

    /// The inputs from step `from` on, in order.
    pub fn iter_from(&self, from: u64) -> impl Iterator<Item = Input> + '_ {
        let first = self.ends.partition_point(|&end| end <= from);
        let skip = first
            .checked_sub(1)
            .map_or(from, |prev| from - self.ends[prev]);
        self.runs[first.min(self.runs.len())..]
            .iter()
            .enumerate()
            .flat_map(move |(i, &(input, n))| {
                let n = if i == 0 { n - skip.min(n) } else { n };
                std::iter::repeat_n(input, n as usize)
            })
    }

    /// The step where run `i` ends (exclusive); `u64::MAX` past the last run.
    pub(super) fn run_end(&self, i: usize) -> u64 {
        self.ends.get(i).copied().unwrap_or(u64::MAX)
    }

    /// The input of run `i`; the default input past the last run.
    pub(super) fn run_input(&self, i: usize) -> Input {
        self.runs
            .get(i)
            .map(|(input, _)| *input)
            .unwrap_or_default()
    }

    /// Keeps the first `steps` steps only.
    pub fn truncate(&mut self, steps: u64) {
        let keep = self.ends.partition_point(|&end| end < steps);
        if keep < self.runs.len() && steps > 0 {
            let start = keep.checked_sub(1).map_or(0, |p| self.ends[p]);
            self.runs[keep].1 = steps - start;
            self.ends[keep] = steps;
            self.runs.truncate(keep + 1);
            self.ends.truncate(keep + 1);
        } else {
            self.runs.truncate(keep);
            self.ends.truncate(keep);
        }
    }
}

/// Flag bits of a stored run.
const LEFT: u8 = 1;
const RIGHT: u8 = 2;
const LAUNCH: u8 = 4;
const TARGET: u8 = 8;
const AXIS: u8 = 16;
/// Format 7: the run's actions are not empty (a byte in the actions column).
const ACTIONS: u8 = 32;
/// Format 7: the run has a picked point (in the points column).
const PICK: u8 = 64;
/// Paddle targets are stored in 1/256 px where exact.
const TARGET_SCALE: f64 = 256.0;

/// The stored form of an [`InputTrack`] in formats 1 and 2, and the columns a
/// [`PaletteColumns`] (format 3) stands for.
#[derive(Serialize, Deserialize)]
pub(super) struct Columns {
    /// Run lengths, steps (≥ 1).
    lengths: Vec<u64>,
    /// One flags byte per run ([`LEFT`], [`RIGHT`], [`LAUNCH`], [`TARGET`], [`AXIS`]).
    flags: Vec<u8>,
    /// One code per run with a target: even, twice the change of the target in 1/256 px since
    /// the last even code; odd, twice the change of the target's `f32` bit pattern (as an
    /// integer) since the last target, plus one. Consecutive targets of a pointer or of the bot
    /// are close, so both are small numbers (the bot's replays are a quarter of the size they
    /// were with the raw bits).
    targets: Vec<i64>,
    /// One `f32` bit pattern per run with a gamepad axis (any bits but those of `0.0`).
    axes: Vec<u32>,
    /// Not in formats 1 and 2 (read empty): one [`Actions`] byte per run with actions.
    #[serde(skip)]
    actions: Vec<u8>,
    /// Not in formats 1 and 2 (read empty): one point's bits per run with a pick.
    #[serde(skip)]
    points: Vec<[u32; 2]>,
}

/// The stored form of an [`InputTrack`] since format 3: [`Columns`] with the target codes
/// split into a palette, a pick per code and the codes not in the palette. A mouse's targets
/// (1/16 px steps, from a pointer that moves a few pixels a frame) take a few dozen distinct
/// codes of two varint bytes each; a one-byte pick per code is what DEFLATE's per-byte Huffman
/// codes compress best (a fifth smaller for the window's mouse play).
#[derive(Serialize, Deserialize)]
pub(super) struct PaletteColumns {
    /// Run lengths, steps (≥ 1).
    pub(super) lengths: Vec<u64>,
    /// One flags byte per run.
    pub(super) flags: Vec<u8>,
    /// The target codes used more than once, most used first (ties: smaller code first), at
    /// most [`OTHER`] of them.
    pub(super) palette: Vec<i64>,
    /// One per run with a target: the index of its code in `palette`, or [`OTHER`]: the next
    /// code of `others`.
    pub(super) picks: Vec<u8>,
    /// The codes not in the palette, in order.
    pub(super) others: Vec<i64>,
    /// One `f32` bit pattern per run with a gamepad axis.
    pub(super) axes: Vec<u32>,
    /// Format 7 on: one [`Actions`] byte per run with the [`ACTIONS`] flag.
    pub(super) actions: Vec<u8>,
    /// Format 7 on: one picked point's `f32` bits (x, y) per run with the [`PICK`] flag.
    pub(super) points: Vec<[u32; 2]>,
}

/// A pick that is not in the palette (the palette has at most this many codes).
const OTHER: u8 = u8::MAX;

impl PaletteColumns {
    /// `c` with its target codes split into a palette, picks and others.
    fn from_columns(c: Columns) -> PaletteColumns {
        let mut counts: std::collections::HashMap<i64, u32> = std::collections::HashMap::new();
        for &code in &c.targets {
            *counts.entry(code).or_default() += 1;
        }
        let mut used: Vec<(i64, u32)> = counts.into_iter().filter(|&(_, n)| n > 1).collect();
        used.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        used.truncate(usize::from(OTHER));
        let index: std::collections::HashMap<i64, u8> = used
            .iter()
            .enumerate()
            .map(|(i, &(code, _))| (code, i as u8))
            .collect();
        let mut picks = Vec::with_capacity(c.targets.len());
        let mut others = Vec::new();
        for &code in &c.targets {
            match index.get(&code) {
                Some(&i) => picks.push(i),
                None => {
                    picks.push(OTHER);
                    others.push(code);
                }
            }
        }
        PaletteColumns {
            lengths: c.lengths,
            flags: c.flags,
            palette: used.into_iter().map(|(code, _)| code).collect(),
            picks,
            others,
            axes: c.axes,
            actions: c.actions,
            points: c.points,
        }
    }

    /// The columns with the target codes put back. Errors: a palette of more than [`OTHER`]
    /// codes, a pick past the palette, picks wanting more codes than `others` holds or leaving
    /// some.
    pub(super) fn into_columns<E: serde::de::Error>(self) -> Result<Columns, E> {
        if self.palette.len() > usize::from(OTHER) {
            return Err(E::custom(format!(
                "inputs: a palette of {} target codes, more than {OTHER}",
                self.palette.len()
            )));
        }
        let mut others = self.others.iter();
        let mut targets = Vec::with_capacity(self.picks.len());
        for (i, &pick) in self.picks.iter().enumerate() {
            let code = if pick == OTHER {
                others.next().copied().ok_or_else(|| {
                    E::custom(format!("inputs: target {i} wants a code past the others"))
                })?
            } else {
                *self.palette.get(usize::from(pick)).ok_or_else(|| {
                    E::custom(format!(
                        "inputs: target {i} picks code {pick} of a palette of {}",
                        self.palette.len()
                    ))
                })?
            };
            targets.push(code);
        }
        if others.next().is_some() {
            return Err(E::custom("inputs: more target codes than picks use"));
        }
        Ok(Columns {
            lengths: self.lengths,
            flags: self.flags,
            targets,
            axes: self.axes,
            actions: self.actions,
            points: self.points,
        })
    }
}

/// `x` in 1/256 px, if that is exact.
fn quantised(x: f32) -> Option<i64> {
    let q = f64::from(x) * TARGET_SCALE;
    // Checked as the reader decodes it, from the integer: `-0.0` is no whole 256th (it would
    // come back as `0.0`).
    let exact = q.fract() == 0.0
        && q.abs() < (1u64 << 40) as f64
        && ((q as i64 as f64 / TARGET_SCALE) as f32).to_bits() == x.to_bits();
    exact.then_some(q as i64)
}

impl Serialize for InputTrack {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut c = Columns {
            lengths: Vec::with_capacity(self.runs.len()),
            flags: Vec::with_capacity(self.runs.len()),
            targets: Vec::new(),
            axes: Vec::new(),
            actions: Vec::new(),
            points: Vec::new(),
        };
        let (mut last_q, mut last_bits) = (0i64, 0u32);
        for (input, n) in &self.runs {
            let mut flags = 0;
            for (on, bit) in [
                (input.left, LEFT),
                (input.right, RIGHT),
                (input.launch, LAUNCH),
            ] {
                if on {
                    flags |= bit;
                }
            }
            if let Some(x) = input.paddle_target_x {
                flags |= TARGET;
                c.targets.push(match quantised(x) {
                    Some(q) => {
                        let code = (q - last_q) * 2;
                        last_q = q;
                        code
                    }
                    None => (i64::from(x.to_bits()) - i64::from(last_bits)) * 2 + 1,
                });
                last_bits = x.to_bits();
            }
            if input.paddle_axis.to_bits() != 0 {
                flags |= AXIS;
                c.axes.push(input.paddle_axis.to_bits());
            }
            if !input.actions.is_empty() {
                flags |= ACTIONS;
                c.actions.push(input.actions.bits());
            }
            if let Some(p) = input.pick {
                flags |= PICK;
                c.points.push(point_bits(p));
            }
            c.lengths.push(*n);
            c.flags.push(flags);
        }
        PaletteColumns::from_columns(c).serialize(s)
    }
}

impl<'de> Deserialize<'de> for InputTrack {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let columns = PaletteColumns::deserialize(d)?.into_columns::<D::Error>()?;
        InputTrack::from_columns::<D::Error>(columns, TargetCodes::Deltas)
    }
}

/// How a track's odd target codes are read: the files of format 1 stored a target that is not a
/// whole 1/256 px as its raw `f32` bits; format 2 stores the change of the bits since the last
/// target (a quarter of the size for the bot's replays).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TargetCodes {
    /// Format 1: odd code = bits × 2 + 1.
    RawBits,
    /// Formats 2 and 3: odd code = (bits − the last target's bits) × 2 + 1, wrapping at 32
    /// bits.
    Deltas,
}

impl InputTrack {
    /// The track the columns describe. Errors: columns that disagree (a run without its target,
    /// targets left over, a run of 0 steps, unknown flags, more than `u64::MAX` steps).
    pub(super) fn from_columns<E: serde::de::Error>(
        c: Columns,
        codes: TargetCodes,
    ) -> Result<Self, E> {
        if c.lengths.len() != c.flags.len() {
            return Err(E::custom(format!(
                "inputs: {} run lengths but {} flags",
                c.lengths.len(),
                c.flags.len()
            )));
        }
        let mut track = InputTrack::new();
        let (mut targets, mut axes) = (c.targets.iter(), c.axes.iter());
        let (mut actions, mut points) = (c.actions.iter(), c.points.iter());
        let (mut last_q, mut last_bits) = (0i64, 0u32);
        let mut total = 0u64;
        for (i, (&n, &flags)) in c.lengths.iter().zip(&c.flags).enumerate() {
            if n == 0 || flags & !(LEFT | RIGHT | LAUNCH | TARGET | AXIS | ACTIONS | PICK) != 0 {
                return Err(E::custom(format!(
                    "inputs: run {i} has length {n} and flags {flags:#x}"
                )));
            }
            total = total
                .checked_add(n)
                .ok_or_else(|| E::custom("inputs: too many steps"))?;
            let target = if flags & TARGET != 0 {
                let code = *targets
                    .next()
                    .ok_or_else(|| E::custom(format!("inputs: run {i} lacks its target")))?;
                let x = if code & 1 == 1 && codes == TargetCodes::RawBits {
                    f32::from_bits((code >> 1) as u32)
                } else if code & 1 == 1 {
                    f32::from_bits(last_bits.wrapping_add((code >> 1) as u32))
                } else {
                    last_q = last_q.wrapping_add(code >> 1);
                    (last_q as f64 / TARGET_SCALE) as f32
                };
                last_bits = x.to_bits();
                Some(x)
            } else {
                None
            };
            let axis = if flags & AXIS != 0 {
                f32::from_bits(
                    *axes
                        .next()
                        .ok_or_else(|| E::custom(format!("inputs: run {i} lacks its axis")))?,
                )
            } else {
                0.0
            };
            let lacks = |what: &str| E::custom(format!("inputs: run {i} lacks its {what}"));
            let actions = match flags & ACTIONS {
                0 => Actions::NONE,
                _ => Actions::from_bits(*actions.next().ok_or_else(|| lacks("actions"))?)
                    .map_err(|e| E::custom(format!("inputs: run {i}: {e}")))?,
            };
            let pick = match flags & PICK {
                0 => None,
                _ => points
                    .next()
                    .map(|&[x, y]| glam::Vec2::new(f32::from_bits(x), f32::from_bits(y))),
            };
            if flags & PICK != 0 && pick.is_none() {
                return Err(lacks("picked point"));
            }
            track.runs.push((
                Input {
                    left: flags & LEFT != 0,
                    right: flags & RIGHT != 0,
                    launch: flags & LAUNCH != 0,
                    paddle_target_x: target,
                    paddle_axis: axis,
                    actions,
                    pick,
                },
                n,
            ));
            track.ends.push(total);
        }
        if targets.next().is_some()
            || axes.next().is_some()
            || actions.next().is_some()
            || points.next().is_some()
        {
            return Err(E::custom(
                "inputs: more targets, axes, actions or points than runs use",
            ));
        }
        Ok(track)
    }
}
