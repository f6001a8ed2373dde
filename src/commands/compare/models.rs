//! The models `compare` plays: each a [`CollisionModel`] with a name and a colour. A built-in
//! model is a row of [`CollisionMode`] (its game is the mode's, set with
//! [`Game::set_collision_mode`]); a model of one's own (`examples/custom_mode.rs`) is any
//! `'static` [`CollisionModel`] with a colour the caller gives, played with
//! [`Game::set_custom_model`] beside the built-ins.

use crate::collision::{CollisionMode, CollisionModel};
use crate::sim::Game;

/// One model `compare` plays: a built-in row or a model of one's own.
#[derive(Clone, Copy, Debug)]
pub struct Model {
    /// The algorithm.
    model: &'static dyn CollisionModel,
    /// Its colour on white (sRGB bytes): the plots' series.
    colour: [u8; 3],
    /// The built-in mode it is, or none for a model of one's own.
    mode: Option<CollisionMode>,
}

impl Model {
    /// The built-in `mode`: its row's model and colour ([`crate::collision::ModeColours::on_white`]).
    pub fn built_in(mode: CollisionMode) -> Model {
        Model {
            model: mode.model(),
            colour: mode.def().colour.on_white,
            mode: Some(mode),
        }
    }

    /// A model of one's own, drawn in `colour` (sRGB bytes, on white: pick one no row uses).
    pub fn custom(model: &'static dyn CollisionModel, colour: [u8; 3]) -> Model {
        Model {
            model,
            colour,
            mode: None,
        }
    }

    /// Every built-in model, in [`CollisionMode::ALL`]'s order (`--modes all`).
    pub fn all() -> Vec<Model> {
        CollisionMode::ALL
            .iter()
            .map(|&m| Model::built_in(m))
            .collect()
    }

    /// The model's name ([`CollisionModel::name`]): the `mode` column of `compare.csv`.
    pub fn name(&self) -> &'static str {
        self.model.name()
    }

    /// The algorithm.
    pub fn model(&self) -> &'static dyn CollisionModel {
        self.model
    }

    /// Its colour on white, sRGB bytes.
    pub fn colour(&self) -> [u8; 3] {
        self.colour
    }

    /// The built-in mode it is, or none for a model of one's own.
    pub fn mode(&self) -> Option<CollisionMode> {
        self.mode
    }

    /// True for the reference every other model's parting is measured from: `clamp`.
    pub fn is_reference(&self) -> bool {
        self.mode == Some(CollisionMode::Clamp)
    }

    /// Makes `game` play with this model from its next step: the built-in mode
    /// ([`Game::set_collision_mode`]), or the model of one's own ([`Game::set_custom_model`]).
    pub fn apply(&self, game: &mut Game) {
        match self.mode {
            Some(mode) => game.set_collision_mode(mode),
            None => game.set_custom_model(self.model),
        }
    }
}

/// Two models are the same when they have the same name, mode and colour (a model's name names
/// its algorithm).
impl PartialEq for Model {
    fn eq(&self, other: &Model) -> bool {
        self.name() == other.name() && self.mode == other.mode && self.colour == other.colour
    }
}

impl Eq for Model {}

/// The model named `name` among the built-ins (case-insensitive), if any.
pub fn built_in_named(name: &str) -> Option<Model> {
    CollisionMode::ALL
        .iter()
        .copied()
        .find(|m| m.name().eq_ignore_ascii_case(name))
        .map(Model::built_in)
}

/// Every built-in model's name, comma-separated (for error messages).
pub fn known_names() -> String {
    CollisionMode::ALL
        .iter()
        .map(|m| m.name())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_models_have_distinct_names_and_colours() {
        let all = Model::all();
        assert_eq!(all.len(), CollisionMode::ALL.len());
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a.name(), b.name());
                assert_ne!(a.colour(), b.colour(), "{} and {}", a.name(), b.name());
            }
        }
        assert_eq!(all.iter().filter(|m| m.is_reference()).count(), 1);
    }
}
