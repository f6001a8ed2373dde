//! The game's side of [`SubSteps`](super::SubSteps) (`sub_steps.rs`): reading and changing a
//! game's setting, in a file of its own so that `sub_steps.rs` needs nothing from the game's
//! `mod.rs` (which holds the setting in [`GameConfig`]).

use super::sub_steps::SubSteps;
use super::{Game, GameConfig};

impl GameConfig {
    /// These settings with sub-steps `sub_steps` (a fork's copies, the speed sweep).
    pub fn with_sub_steps(self, sub_steps: SubSteps) -> GameConfig {
        GameConfig { sub_steps, ..self }
    }
}

impl Game {
    /// The game's sub-steps setting ([`GameConfig::sub_steps`]).
    pub fn sub_steps(&self) -> SubSteps {
        self.config.sub_steps
    }

    /// Changes the sub-steps setting from the next step on (the lab's fork switches it for its
    /// copies). A game recorded from here is recorded with it; the state hash changes with it
    /// when `off` (and is as before for `on`).
    pub fn set_sub_steps(&mut self, sub_steps: SubSteps) {
        self.config.sub_steps = sub_steps;
    }
}

#[cfg(test)]
#[path = "sub_steps_tests.rs"]
mod tests;
