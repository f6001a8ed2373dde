//! Which theme the window draws with: `[graphics] theme`, or, with `[graphics] own_game_look`,
//! the installed look of the game an imported level comes from (its `@powerups:` rule set).
//! Switching applies at once, without a restart: the renderer's textures are built again.

use crate::assets::theme::{find, themes, Theme, ThemeInfo, BUILT_IN};
use crate::config::GraphicsConfig;
use crate::level::Ruleset;

/// The themes found (once, when the window opens) and the one drawn with.
#[derive(Debug)]
pub struct ThemeSwitch {
    found: Vec<ThemeInfo>,
    applied: String,
}

impl Default for ThemeSwitch {
    fn default() -> Self {
        ThemeSwitch {
            found: themes(),
            applied: BUILT_IN.into(),
        }
    }
}

/// The theme of the game whose rules `ruleset` are, if it has one.
pub fn own_look(ruleset: Ruleset) -> Option<&'static str> {
    match ruleset {
        Ruleset::LBreakout2 => Some("lbreakout2"),
        Ruleset::KBreakOut => Some("kbreakout-default"),
        Ruleset::SdlBall => Some("sdl-ball"),
        Ruleset::Classic | Ruleset::Gnome => None,
    }
}

impl ThemeSwitch {
    /// The theme's name `graphics` and `look_of` call for among those found (the built-in one
    /// if the configured name is not found).
    pub fn wanted(&self, graphics: &GraphicsConfig, look_of: Option<Ruleset>) -> &str {
        let own = look_of
            .filter(|_| graphics.own_game_look)
            .and_then(own_look)
            .and_then(|name| find(&self.found, name));
        match own.or_else(|| find(&self.found, &graphics.theme)) {
            Some(info) => &info.name,
            None => BUILT_IN,
        }
    }

    /// `None` if the wanted theme is the one drawn with; else it, loaded (`Some(None)`: the
    /// built-in look), now counted as applied.
    pub fn wanted_change(
        &mut self,
        graphics: &GraphicsConfig,
        look_of: Option<Ruleset>,
    ) -> Option<Option<Theme>> {
        let wanted = self.wanted(graphics, look_of).to_string();
        if wanted == self.applied {
            return None;
        }
        let theme = find(&self.found, &wanted)
            .filter(|info| info.name != BUILT_IN)
            .map(Theme::load);
        log::info!("theme: {wanted}");
        self.applied = wanted;
        Some(theme)
    }
}
