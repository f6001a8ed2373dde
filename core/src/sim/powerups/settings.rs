//! `breakout.toml`'s `[powerups]` section: chances of random power-ups and durations, for
//! levels that follow this game's own rules (`@powerups: classic`, the default; imported levels
//! follow their game's, [`super::rules`]).

use crate::level::PowerUpKind;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// One optional number per power-up kind, indexed by kind; in `breakout.toml` a table keyed by
/// power-up name (`frozen = 2`), where an unknown name is an error with its line and column.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PerKind(pub [Option<f32>; PowerUpKind::ALL.len()]);

impl Default for PerKind {
    fn default() -> Self {
        PerKind([None; PowerUpKind::ALL.len()])
    }
}

impl PerKind {
    /// The value set for `kind`, if any.
    pub fn get(&self, kind: PowerUpKind) -> Option<f32> {
        self.0[kind as usize]
    }
    /// True when no kind has a value.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }
    /// The kinds with a value, in table order.
    pub fn iter(&self) -> impl Iterator<Item = (PowerUpKind, f32)> + '_ {
        PowerUpKind::ALL
            .into_iter()
            .filter_map(|k| self.get(k).map(|v| (k, v)))
    }
}

impl Serialize for PerKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter().map(|(k, v)| (k.name(), v)))
    }
}

impl<'de> Deserialize<'de> for PerKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let map = std::collections::BTreeMap::<PowerUpKind, f32>::deserialize(d)?;
        let mut out = PerKind::default();
        for (kind, value) in map {
            out.0[kind as usize] = Some(value);
        }
        Ok(out)
    }
}

/// The eight power-ups LearnOpenGL's Breakout and this game's first version drop at random,
/// in the order they are rolled. The others drop at random only with a `[powerups.chance]`
/// entry (a level places them), so a classic level plays as before.
pub const CLASSIC_RANDOM: [PowerUpKind; 8] = [
    PowerUpKind::Speed,
    PowerUpKind::Sticky,
    PowerUpKind::PassThrough,
    PowerUpKind::PadSizeIncrease,
    PowerUpKind::Confuse,
    PowerUpKind::Chaos,
    PowerUpKind::Multiball,
    PowerUpKind::ExtraLife,
];

/// Spawn chances and durations; the `[powerups]` section of `breakout.toml`. Chances are per
/// destroyed brick (one roll per power-up kind, as in LearnOpenGL), durations in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct PowerUpSettings {
    /// Chance of each good power-up of [`CLASSIC_RANDOM`] (speed, sticky, pass-through, pad
    /// size, multiball, extra life) per destroyed brick. LearnOpenGL: 1/75.
    pub good_chance: f32,
    /// Chance of each bad power-up of [`CLASSIC_RANDOM`] (confuse, chaos). LearnOpenGL: 1/15.
    pub bad_chance: f32,
    /// Sticky paddle duration, seconds.
    pub sticky_seconds: f32,
    /// Pass-through duration, seconds.
    pub pass_through_seconds: f32,
    /// Confuse duration, seconds.
    pub confuse_seconds: f32,
    /// Chaos duration, seconds.
    pub chaos_seconds: f32,
    /// `[powerups.chance]`: chance (0–1) per destroyed brick of any power-up by name, replacing
    /// `good_chance`/`bad_chance` for it; a power-up outside [`CLASSIC_RANDOM`] drops at random
    /// only with an entry here.
    #[serde(skip_serializing_if = "PerKind::is_empty")]
    pub chance: PerKind,
    /// `[powerups.seconds]`: duration in seconds of any timed power-up by name (the four fields
    /// above are the same as `sticky`, `pass-through`, `confuse` and `chaos` here); the others
    /// default to their row's ([`crate::level::Lasts`]).
    #[serde(skip_serializing_if = "PerKind::is_empty")]
    pub seconds: PerKind,
}

impl Default for PowerUpSettings {
    fn default() -> Self {
        PowerUpSettings {
            good_chance: 1.0 / 75.0,
            bad_chance: 1.0 / 15.0,
            sticky_seconds: default_seconds(PowerUpKind::Sticky),
            pass_through_seconds: default_seconds(PowerUpKind::PassThrough),
            confuse_seconds: default_seconds(PowerUpKind::Confuse),
            chaos_seconds: default_seconds(PowerUpKind::Chaos),
            chance: PerKind::default(),
            seconds: PerKind::default(),
        }
    }
}

/// A timed power-up's default length, seconds (its row's [`crate::level::Lasts`]).
fn default_seconds(kind: PowerUpKind) -> f32 {
    kind.lasts().seconds().unwrap_or_default()
}

impl PowerUpSettings {
    /// No random power-ups (placed ones still spawn): for tests that need a quiet game.
    pub fn none() -> Self {
        PowerUpSettings {
            good_chance: 0.0,
            bad_chance: 0.0,
            ..Self::default()
        }
    }

    /// Duration of a timed power-up under this game's rules, seconds: `[powerups.seconds]`,
    /// else the four named fields, else LBreakout2's; `None` for a power-up without a timer.
    pub fn seconds(&self, kind: PowerUpKind) -> Option<f32> {
        self.seconds.get(kind).or(match kind {
            PowerUpKind::Sticky => Some(self.sticky_seconds),
            PowerUpKind::PassThrough => Some(self.pass_through_seconds),
            PowerUpKind::Confuse => Some(self.confuse_seconds),
            PowerUpKind::Chaos => Some(self.chaos_seconds),
            other => other.lasts().seconds(),
        })
    }

    /// Chance (0–1) that a destroyed brick drops `kind` at random.
    pub fn chance(&self, kind: PowerUpKind) -> f32 {
        self.chance.get(kind).unwrap_or_else(|| {
            if !CLASSIC_RANDOM.contains(&kind) {
                0.0
            } else if kind.is_bad() {
                self.bad_chance
            } else {
                self.good_chance
            }
        })
    }

    /// Rolls the random spawn for a destroyed brick: each kind is tried in turn with its chance
    /// ([`CLASSIC_RANDOM`] first, then the others in table order), the first success spawns (so
    /// at most one power-up per brick).
    pub fn roll(&self, rng: &mut impl Rng) -> Option<PowerUpKind> {
        let others = PowerUpKind::ALL
            .into_iter()
            .filter(|k| !CLASSIC_RANDOM.contains(k));
        CLASSIC_RANDOM.into_iter().chain(others).find(|&kind| {
            let chance = self.chance(kind);
            chance > 0.0 && rng.random::<f32>() < chance
        })
    }

    /// Every chance and duration out of range, as `(key, message)`: chances must be 0–1,
    /// durations 0–3600 seconds.
    pub fn problems(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let chance = |key: String, v: f32, out: &mut Vec<(String, String)>| {
            if !(0.0..=1.0).contains(&v) {
                out.push((key, format!("{v} is not a chance between 0 and 1")));
            }
        };
        let seconds = |key: String, v: f32, out: &mut Vec<(String, String)>| {
            if !(0.0..=3600.0).contains(&v) {
                out.push((key, format!("{v} is not a duration of 0 to 3600 seconds")));
            }
        };
        chance("good_chance".into(), self.good_chance, &mut out);
        chance("bad_chance".into(), self.bad_chance, &mut out);
        seconds("sticky_seconds".into(), self.sticky_seconds, &mut out);
        seconds(
            "pass_through_seconds".into(),
            self.pass_through_seconds,
            &mut out,
        );
        seconds("confuse_seconds".into(), self.confuse_seconds, &mut out);
        seconds("chaos_seconds".into(), self.chaos_seconds, &mut out);
        for (kind, v) in self.chance.iter() {
            chance(format!("chance.{}", kind.name()), v, &mut out);
        }
        for (kind, v) in self.seconds.iter() {
            seconds(format!("seconds.{}", kind.name()), v, &mut out);
        }
        out
    }
}
