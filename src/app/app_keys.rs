//! The keys the app handles itself, whatever scene is on top: the debug overlay, mute and
//! fullscreen.

use crate::bindings::{Action, Bindings};
use winit::keyboard::KeyCode;

/// A key the app handles itself, whatever the scene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AppKey {
    /// [`Action::DebugOverlay`] (F1): the collision debug overlay on or off.
    DebugOverlay,
    /// [`Action::Mute`] (M): sound off or on.
    Mute,
    /// F11 or Alt+Enter: fullscreen on or off.
    Fullscreen,
}

/// The app's own key for a press of `code` (with Alt held: `alt`) as `bindings` say, if it is
/// one: [`Action::Fullscreen`]'s keys (F11) and Alt+Enter always; the keys of
/// [`Action::DebugOverlay`] and [`Action::Mute`] unless the top scene takes typed letters
/// (`typing`: a menu list's filter, where M types an "m"; the level editor, whose F1 is its
/// help).
pub(super) fn app_key(
    code: KeyCode,
    alt: bool,
    typing: bool,
    bindings: &Bindings,
) -> Option<AppKey> {
    if alt && matches!(code, KeyCode::Enter | KeyCode::NumpadEnter) {
        return Some(AppKey::Fullscreen);
    }
    match bindings.action(code) {
        Some(Action::Fullscreen) => Some(AppKey::Fullscreen),
        Some(Action::DebugOverlay) if !typing => Some(AppKey::DebugOverlay),
        Some(Action::Mute) if !typing => Some(AppKey::Mute),
        _ => None,
    }
}
