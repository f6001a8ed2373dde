//! Physics "as the level's game" (`--collision native`, `[collision] mode = "native"`, the
//! settings' Physics row): a level imported from another Breakout plays with that game's
//! collision model and paddle rule, this game's own levels with the chosen mode and this game's
//! paddle rule. The choice is not a model ([`CollisionMode`] stays the registry of models): it is
//! resolved once, when a game starts ([`Physics::config_for`]), into the game's
//! [`GameConfig::collision`] and [`GameConfig::paddle_rule`], so a replay records and replays
//! the resolved pair exactly.

use super::paddle_rule::PaddleRule;
use super::GameConfig;
use crate::collision::CollisionMode;
use crate::level::{Level, Ruleset};

/// The facts of one [`Physics`] choice: its row of the table ([`Physics::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhysicsDef {
    /// How the settings screen shows it.
    pub label: &'static str,
}

kind_table! {
    /// Which physics a game plays with: the chosen collision mode (the default), or the level's
    /// game's (its model and paddle rule: [`native_physics`]).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub enum Physics: PhysicsDef {
        /// The chosen collision mode, with this game's paddle rule.
        #[default]
        AsChosen => PhysicsDef { label: "as chosen" },
        /// The level's game's model and paddle rule; this game's own levels play as chosen.
        Native => PhysicsDef { label: "as the level's game" },
    }
}

impl Physics {
    /// The name `--collision` and `[collision] mode` take for [`Physics::Native`].
    pub const NATIVE_NAME: &'static str = "native";

    /// `config` (its collision mode the chosen one) as a game of `level` plays it with this
    /// physics: as chosen, unchanged; native, the level's game's model and paddle rule
    /// ([`native_physics`]), or unchanged for this game's own levels.
    pub fn config_for(self, config: GameConfig, level: &Level) -> GameConfig {
        match self {
            Physics::AsChosen => config,
            Physics::Native => match native_physics(level) {
                Some((collision, paddle_rule)) => GameConfig {
                    collision,
                    paddle_rule,
                    ..config
                },
                None => config,
            },
        }
    }

    /// The other choice (the settings row's step).
    pub fn toggled(self) -> Physics {
        match self {
            Physics::AsChosen => Physics::Native,
            Physics::Native => Physics::AsChosen,
        }
    }
}

/// The model and paddle rule of the game `level` comes from, by its rule set (`@scoring:`,
/// which every importer sets to its game's: `import::lbreakout2` and the rest); `None` for this
/// game's own rules ([`Ruleset::Classic`]). The one place the mapping is written.
pub fn native_physics(level: &Level) -> Option<(CollisionMode, PaddleRule)> {
    match level.scoring {
        Ruleset::Classic => None,
        Ruleset::LBreakout2 => Some((CollisionMode::LbreakoutTrajectory, PaddleRule::Lbreakout)),
        Ruleset::KBreakOut => Some((CollisionMode::Kbreakout, PaddleRule::Kbreakout)),
        Ruleset::SdlBall => Some((CollisionMode::SdlBall, PaddleRule::SdlBall)),
        Ruleset::Gnome => Some((CollisionMode::GnomeBreakout, PaddleRule::GnomeBreakout)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_levels_play_as_chosen_and_imported_ones_as_their_game() {
        let chosen = GameConfig {
            collision: CollisionMode::Zones,
            ..GameConfig::default()
        };
        for scoring in Ruleset::ALL {
            let level = Level {
                scoring,
                ..Level::parse("1 1 1\n2 0 2\n", "t").unwrap()
            };
            assert_eq!(Physics::AsChosen.config_for(chosen, &level), chosen);
            let native = Physics::Native.config_for(chosen, &level);
            match native_physics(&level) {
                None => assert_eq!(native, chosen),
                Some((mode, rule)) => {
                    assert_eq!((native.collision, native.paddle_rule), (mode, rule));
                    assert_eq!(native.seed, chosen.seed);
                    // Each game's model and rule carry its name.
                    let game = scoring.name().replace("gnome", "gnome-breakout");
                    let game = game.replace("sdlball", "sdl-ball");
                    assert!(mode.name().starts_with(&game[..4]), "{mode} for {game}");
                    assert!(rule.name().starts_with(&game[..4]), "{rule} for {game}");
                }
            }
        }
    }
}
