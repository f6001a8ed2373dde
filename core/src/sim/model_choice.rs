//! Which collision model a game plays with: the configured mode's ([`CollisionMode::model`]) or
//! one of the user's own ([`Game::set_custom_model`]), and the state hash that leaves the choice
//! out (the collision lab's fork compares copies by it).

use super::{CustomModel, Game};
use crate::collision::{CollisionMode, CollisionModel};

impl Game {
    /// The collision model the balls move by: the one set by [`Game::set_custom_model`], else the
    /// configured mode's ([`CollisionMode::model`]).
    pub fn model(&self) -> &'static dyn CollisionModel {
        match self.custom_model {
            Some(CustomModel(model)) => model,
            None => self.config.collision.model(),
        }
    }

    /// Plays on with a collision model of one's own from the next step (`examples/custom_mode.rs`,
    /// `docs/collision.md`, "Write your own mode"), in place of the configured mode; the state
    /// hash then carries its [`CollisionModel::name`]. [`Game::set_collision_mode`] goes back to
    /// a built-in mode.
    pub fn set_custom_model(&mut self, model: &'static dyn CollisionModel) {
        self.custom_model = Some(CustomModel(model));
    }

    /// Changes the collision algorithm from the next step on (and drops a custom model).
    pub fn set_collision_mode(&mut self, mode: CollisionMode) {
        self.custom_model = None;
        self.config.collision = mode;
    }

    /// [`Game::state_hash`] with the collision mode left out (hashed as the default,
    /// [`CollisionMode::Clamp`], with no custom model and the balls' model memory forgotten):
    /// two copies of one game forked into different modes hash alike until their play parts, the
    /// first step where this hash differs. Costs a copy of the game for a mode other than `clamp`.
    pub fn state_hash_without_mode(&self) -> u64 {
        let remembers = self.balls.iter().any(|b| !b.memory.is_empty());
        if self.config.collision == CollisionMode::default()
            && self.custom_model.is_none()
            && !remembers
        {
            return self.state_hash();
        }
        let mut same = self.clone();
        same.config.collision = CollisionMode::default();
        same.custom_model = None;
        for ball in &mut same.balls {
            ball.memory = Default::default();
        }
        same.state_hash()
    }

    /// [`Game::state_hash_without_mode`] without its copy of the game: the mode, the custom
    /// model and the balls' model memory are set aside for the hash and put back (the fork hashes
    /// every copy every step).
    pub(crate) fn hash_without_mode_in_place(&mut self) -> u64 {
        let mode = std::mem::take(&mut self.config.collision);
        let custom = self.custom_model.take();
        let memories: Vec<_> = self
            .balls
            .iter_mut()
            .map(|b| std::mem::take(&mut b.memory))
            .collect();
        let hash = self.state_hash();
        self.config.collision = mode;
        self.custom_model = custom;
        for (ball, memory) in self.balls.iter_mut().zip(memories) {
            ball.memory = memory;
        }
        hash
    }
}
