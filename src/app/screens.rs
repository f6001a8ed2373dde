//! Which screen the app is on (their text overlays are built by [`crate::render::hud`]).

/// Which screen the player is on.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Screen {
    /// Level list. Up/Down choose, Enter/Space play, Esc quits.
    Menu,
    /// A level in play.
    Playing,
    /// Play paused with P.
    Paused,
    /// The level was just cleared; `seconds` shown so far.
    LevelCleared {
        /// Seconds this screen has been shown.
        seconds: f32,
    },
    /// Every level of the run cleared.
    Won {
        /// Seconds this screen has been shown.
        seconds: f32,
    },
    /// No lives left.
    GameOver {
        /// Seconds this screen has been shown.
        seconds: f32,
    },
}
