//! The `[graphics]` section: the theme.

use serde::Deserialize;

/// The `[graphics]` section.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GraphicsConfig {
    /// The theme's name, as `breakout themes` lists it (default `breakout`, the built-in look;
    /// a name not found is the built-in look, with a line in the log).
    pub theme: String,
    /// Play an imported set (LBreakout2's, KBreakOut's, SDL-Ball's: its `@powerups:` rule set)
    /// in its own game's look when that game is installed (default true).
    pub own_game_look: bool,
}

impl Default for GraphicsConfig {
    fn default() -> Self {
        GraphicsConfig {
            theme: "breakout".into(),
            own_game_look: true,
        }
    }
}
