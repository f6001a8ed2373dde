//! Which keys do what on every screen: a press as menus see it, confirming, going on.

use super::Context;
use winit::keyboard::{KeyCode, PhysicalKey};

/// The key of a key event that counts as a press for menus and screens: a new press, or an
/// auto-repeat of the Up or Down arrow (to scroll lists). `None` for releases, other repeats
/// and keys winit cannot name.
pub fn press(key: PhysicalKey, pressed: bool, repeat: bool) -> Option<KeyCode> {
    let PhysicalKey::Code(code) = key else {
        return None;
    };
    let repeats = matches!(code, KeyCode::ArrowUp | KeyCode::ArrowDown);
    (pressed && (!repeat || repeats)).then_some(code)
}

/// Whether `code` confirms a choice: Enter or Space.
pub fn is_confirm(code: KeyCode) -> bool {
    matches!(code, KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Space)
}

/// Whether `code` goes on from an end-of-level or end-of-run screen: Enter, Space, or a key of
/// the launch action as the player bound it (the key their hand is on).
pub fn goes_on(ctx: &Context, code: KeyCode) -> bool {
    is_confirm(code) || ctx.bindings().action(code) == Some(crate::app::Action::Launch)
}

/// The key an end screen's hint names for going on: the launch action's first key, as the
/// player bound it (SPACE unless rebound), in capitals.
pub fn go_on_key(ctx: &Context) -> String {
    ctx.bindings()
        .first_key_name(crate::app::Action::Launch)
        .to_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presses_are_new_presses_and_arrow_repeats() {
        let key = |c| PhysicalKey::Code(c);
        assert_eq!(
            press(key(KeyCode::Enter), true, false),
            Some(KeyCode::Enter)
        );
        assert_eq!(press(key(KeyCode::Enter), true, true), None);
        assert_eq!(press(key(KeyCode::KeyS), true, true), None);
        assert_eq!(
            press(key(KeyCode::ArrowDown), true, true),
            Some(KeyCode::ArrowDown)
        );
        assert_eq!(press(key(KeyCode::ArrowDown), false, false), None);
    }
}
