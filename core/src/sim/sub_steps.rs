//! Sub-steps as a setting of the physics ([`SubSteps`], `GameConfig::sub_steps`; set on a game
//! with `Game::set_sub_steps`, in `game_sub_steps.rs`): whether a
//! ball's fixed step of 1/240 s ([`FIXED_TIMESTEP`](super::tuning::FIXED_TIMESTEP)) is cut into
//! collision sub-steps, as the game plays (`on`, the default), or tested once, raw (`off`).
//!
//! * The textbook discrete modes (`Resolution::Shared`): `on` moves the ball in sub-steps of at
//!   most [`MAX_SUBSTEP_FRACTION`] × its radius (half of 12.5 px: 6.25 px), testing walls,
//!   paddle and bricks after each, so it cannot step over anything thicker than that at any
//!   speed; `off` moves it by the whole step's `v·dt` and tests once, so it jumps a brick of
//!   height `h` above `(h + 2r)/dt` pixels/second (`docs/collision.md`, "No tunnelling").
//! * A model with its own resolution (`Resolution::Own`, the other games' algorithms): `on`
//!   uses the model's own [`Substeps`]; `off` one sub-step per step ([`Substeps::PerStep`]).
//! * `swept` (`Resolution::Continuous`) is continuous: it finds the time of impact along the
//!   whole step either way, so the setting does not change it.
//!
//! `off` is for the lab and `compare --speed-sweep` (what the lab's tunnel preset shows, one
//! raw test per step, in real games); a game played `off` is another game. It is carried by the
//! replay (format 6) and by the state hash only when `off`, so every game played `on` hashes as
//! before the setting existed.

use super::tuning::MAX_SUBSTEP_FRACTION;
use crate::collision::model::Substeps;

/// The facts of one [`SubSteps`] value: its row of the table ([`SubSteps::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SubStepsDef {
    /// Its name on the command line (`--sub-steps`), in `breakout.toml` (`[collision]
    /// sub_steps`), in a replay's settings and in `simulate`'s JSON line.
    pub name: &'static str,
    /// Its line in `--help`.
    pub help: &'static str,
}

kind_table! {
    /// Whether the collision tests run in sub-steps within a fixed step of 1/240 s (`on`, as
    /// played: the default) or once per step, raw (`off`). The module's docs say what each
    /// resolution does with it. New values go at the end (the order enters the state hash).
    #[derive(
        Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Deserialize, serde::Serialize,
    )]
    pub enum SubSteps: SubStepsDef {
        /// Sub-steps as played: at most half the ball's radius of travel for the textbook
        /// discrete modes, the model's own for a model with its own resolution.
        #[default]
        #[serde(rename = "on")]
        On => SubStepsDef {
            name: "on",
            help: "Sub-steps as played: the discrete modes test every half radius of travel \
                   (6.25 px), the other games' models by their own sub-steps",
        },
        /// Raw: one collision test per fixed step of 1/240 s (a whole step's travel at once),
        /// for every model but the continuous `swept`.
        #[serde(rename = "off")]
        Off => SubStepsDef {
            name: "off",
            help: "Raw: one collision test per 1/240 s step, so fast balls tunnel (swept, \
                   continuous, is unchanged)",
        },
    }
}

impl SubSteps {
    /// Its name ([`SubStepsDef::name`]).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// The value of a name, exactly as [`SubSteps::name`] writes it.
    pub fn from_name(name: &str) -> Option<SubSteps> {
        Self::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Whether it is the default, `on` (left out of the state hash and of `simulate`'s JSON).
    pub fn is_default(&self) -> bool {
        *self == SubSteps::default()
    }

    /// Sub-steps of a textbook discrete mode's step in which a ball of `radius` pixels travels
    /// `travel` pixels: `on`, `⌈travel / (MAX_SUBSTEP_FRACTION × radius)⌉` within 1…`cap`
    /// (the expression the game always used, so the same bits); `off`, 1.
    pub fn shared_count(self, travel: f32, radius: f32, cap: u32) -> u32 {
        match self {
            SubSteps::On => {
                let max_move = MAX_SUBSTEP_FRACTION * radius;
                ((travel / max_move).ceil() as u32).clamp(1, cap)
            }
            SubSteps::Off => 1,
        }
    }

    /// How a model with its own resolution whose sub-steps are `own` cuts a step: `on`, as it
    /// says; `off`, [`Substeps::PerStep`].
    pub fn own(self, own: Substeps) -> Substeps {
        match self {
            SubSteps::On => own,
            SubSteps::Off => Substeps::PerStep,
        }
    }
}

impl std::fmt::Display for SubSteps {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
