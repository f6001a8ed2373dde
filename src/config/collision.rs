//! The `[collision]` section and what `--collision` takes: a collision model by name
//! ([`CollisionMode::name`]) or `native`, the level's game's physics ([`Physics::Native`],
//! `sim::native`).

use crate::collision::CollisionMode;
use crate::sim::{Physics, SubSteps};
use serde::Deserialize;

/// What `--collision` and `[collision] mode` name: one of the models, or `native`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ModeChoice {
    /// A collision model, played on every level (as chosen).
    Model(CollisionMode),
    /// Each level's game's model and paddle rule; this game's own levels play `clamp`, or the
    /// mode chosen in the settings.
    Native,
}

impl ModeChoice {
    /// Every choice: the models in their table's order, then `native`.
    pub fn all() -> impl Iterator<Item = ModeChoice> {
        CollisionMode::ALL
            .into_iter()
            .map(ModeChoice::Model)
            .chain([ModeChoice::Native])
    }

    /// Its name on the command line and in `breakout.toml`.
    pub fn name(self) -> &'static str {
        match self {
            ModeChoice::Model(mode) => mode.name(),
            ModeChoice::Native => Physics::NATIVE_NAME,
        }
    }

    /// Its line in `--help`.
    pub fn help(self) -> &'static str {
        match self {
            ModeChoice::Model(mode) => mode.def().help,
            ModeChoice::Native => {
                "The level's own game's physics: LBreakout2's sets play lbreakout-trajectory with \
                 LBreakout's paddle, KBreakOut's kbreakout, SDL-Ball's sdl-ball, gnome-breakout's \
                 gnome-breakout, each with its game's paddle rule; this game's levels play clamp"
            }
        }
    }

    /// The choice of a name, exactly as [`ModeChoice::name`] writes it.
    pub fn from_name(name: &str) -> Option<ModeChoice> {
        ModeChoice::all().find(|c| c.name() == name)
    }

    /// The collision mode this game's own levels play (`clamp` for `native`) and the physics.
    pub fn split(self) -> (CollisionMode, Physics) {
        match self {
            ModeChoice::Model(mode) => (mode, Physics::AsChosen),
            ModeChoice::Native => (CollisionMode::default(), Physics::Native),
        }
    }
}

impl<'de> Deserialize<'de> for ModeChoice {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<ModeChoice, D::Error> {
        let name = String::deserialize(d)?;
        ModeChoice::from_name(&name).ok_or_else(|| {
            let names: Vec<String> = ModeChoice::all()
                .map(|c| format!("`{}`", c.name()))
                .collect();
            serde::de::Error::custom(format!(
                "unknown variant `{name}`, expected one of {}",
                names.join(", ")
            ))
        })
    }
}

/// The `[collision]` section.
#[derive(Clone, Copy, Debug, Default, PartialEq, Deserialize)]
#[serde(from = "RawCollisionConfig")]
pub struct CollisionConfig {
    /// `mode`: the ball–box collision algorithm (default `clamp`; `clamp` too when `mode` is
    /// `native`).
    pub mode: CollisionMode,
    /// `mode = "native"`: each level plays with its game's physics ([`Physics::Native`]).
    pub physics: Physics,
    /// `sub_steps`: `"on"` (the default, as played) or `"off"`, one raw collision test per
    /// 1/240 s step ([`SubSteps`]).
    pub sub_steps: SubSteps,
}

impl CollisionConfig {
    /// What `mode` says: the model, or `native` (the save writes it).
    pub fn choice(&self) -> ModeChoice {
        match self.physics {
            Physics::AsChosen => ModeChoice::Model(self.mode),
            Physics::Native => ModeChoice::Native,
        }
    }
}

/// The section as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCollisionConfig {
    #[serde(default = "as_chosen")]
    mode: ModeChoice,
    #[serde(default)]
    sub_steps: SubSteps,
}

fn as_chosen() -> ModeChoice {
    ModeChoice::Model(CollisionMode::default())
}

impl From<RawCollisionConfig> for CollisionConfig {
    fn from(raw: RawCollisionConfig) -> CollisionConfig {
        let (mode, physics) = raw.mode.split();
        CollisionConfig {
            mode,
            physics,
            sub_steps: raw.sub_steps,
        }
    }
}
