//! The keys of a page: which keys a browser keeps for itself, the defaults a page uses
//! instead of those, and which key presses the page leaves to the browser.
//!
//! Browsers swallow some keys before a page sees them, and act on others unless the page
//! cancels them ("preventDefault"), which breaks the browser's own shortcuts when a page
//! cancels every key (winit's default: winit #1768, F5 and Ctrl+R; diabloweb #3 — "preventing
//! default on all keypresses was a disaster"). Chrome never delivers Ctrl+W/T/N or Ctrl+Tab
//! (w3c/uievents #65). The reports are gathered in the research notes
//! (`anchors-2026-11-27.md`, section 2.3, "Keys").
//!
//! So a page cancels a key press only when the game uses it ([`passes_to_browser`] says
//! which it leaves alone), and the game's defaults avoid the keys of [`BROWSER_KEYS`]
//! ([`default_keys`]).

use super::Action;
use winit::keyboard::KeyCode;

/// Keys a desktop browser (Chrome, Firefox) acts on by itself, so that a game must not need
/// them: F1 help, F3 find again, F5 reload, F6 the address bar, F7 caret browsing, F10 the
/// menu bar (Firefox), F11 the browser's full screen, F12 the developer tools. A page lets
/// them through ([`passes_to_browser`]) and no default key of the game in a page is one of
/// them ([`default_keys`]).
pub const BROWSER_KEYS: &[KeyCode] = &[
    KeyCode::F1,
    KeyCode::F3,
    KeyCode::F5,
    KeyCode::F6,
    KeyCode::F7,
    KeyCode::F10,
    KeyCode::F11,
    KeyCode::F12,
];

/// Keys the game uses with Ctrl held (the level editor: Ctrl+Z undo, Ctrl+Y redo, Ctrl+S
/// save): a page cancels these, so that Ctrl+S does not save the page; every other key with
/// Ctrl (or Cmd) held goes to the browser (Ctrl+R reload, Ctrl+Shift+I the developer tools,
/// Ctrl+C copy, Ctrl+plus zoom…).
pub const GAME_CTRL_KEYS: &[KeyCode] = &[KeyCode::KeyZ, KeyCode::KeyY, KeyCode::KeyS];

/// The key that opens the settings from the set menu: F3 on the desktop, F2 in a page (a
/// browser's F3 finds again).
pub const fn settings_key(web: bool) -> KeyCode {
    if web {
        KeyCode::F2
    } else {
        KeyCode::F3
    }
}

/// The default keys of `action`: the table's, but in a page (`web`) none of
/// [`BROWSER_KEYS`]: the debug overlay on F8 instead of F1, full screen on F9 instead of F11
/// (Alt+Enter works in both).
pub fn default_keys(action: Action, web: bool) -> &'static [KeyCode] {
    match action {
        Action::DebugOverlay if web => &[KeyCode::F8],
        Action::Fullscreen if web => &[KeyCode::F9],
        Action::Left
        | Action::Right
        | Action::Launch
        | Action::Pause
        | Action::Mute
        | Action::NextCollisionMode
        | Action::DebugOverlay
        | Action::Fullscreen => action.row().defaults,
    }
}

/// Whether a page leaves a key press to the browser (does not cancel it): `code` is the DOM
/// event's `code` (winit's [`KeyCode`] names: `"F5"`, `"KeyR"`), `ctrl_or_meta` whether Ctrl
/// or Cmd is held. The keys of [`BROWSER_KEYS`], and every key with Ctrl or Cmd held but the
/// game's own ([`GAME_CTRL_KEYS`]), go to the browser; every other key is the game's.
pub fn passes_to_browser(code: &str, ctrl_or_meta: bool) -> bool {
    let named = |keys: &[KeyCode]| keys.iter().any(|k| format!("{k:?}") == code);
    if ctrl_or_meta {
        !named(GAME_CTRL_KEYS)
    } else {
        named(BROWSER_KEYS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No default key of the page is one a browser keeps (anchors file, section 2.3), while
    /// the desktop's defaults stay the table's.
    #[test]
    fn no_default_key_in_a_page_is_one_a_browser_keeps() {
        for &action in Action::ALL {
            for key in default_keys(action, true) {
                assert!(!BROWSER_KEYS.contains(key), "{action:?}: {key:?}");
            }
            assert_eq!(default_keys(action, false), action.row().defaults);
        }
        assert!(!BROWSER_KEYS.contains(&settings_key(true)));
        assert_eq!(settings_key(false), KeyCode::F3);
        // The desktop's F1 and F11 are among them: the page's defaults differ.
        assert_ne!(
            default_keys(Action::DebugOverlay, true),
            default_keys(Action::DebugOverlay, false)
        );
    }

    /// The page's defaults are distinct keys, none another action's.
    #[test]
    fn the_pages_default_keys_are_each_one_actions() {
        let mut seen = Vec::new();
        for &action in Action::ALL {
            for &key in default_keys(action, true) {
                assert!(!seen.contains(&key), "{key:?} twice");
                seen.push(key);
            }
        }
        assert!(!seen.contains(&settings_key(true)));
    }

    #[test]
    fn reload_and_developer_tools_go_to_the_browser_and_game_keys_do_not() {
        for code in ["F5", "F12", "F11", "F1"] {
            assert!(passes_to_browser(code, false), "{code}");
        }
        assert!(passes_to_browser("KeyR", true), "Ctrl+R");
        assert!(passes_to_browser("KeyI", true), "Ctrl+Shift+I");
        for code in [
            "Space",
            "ArrowLeft",
            "Enter",
            "Escape",
            "KeyP",
            "F8",
            "F9",
            "F2",
        ] {
            assert!(!passes_to_browser(code, false), "{code}");
        }
        assert!(!passes_to_browser("KeyS", true), "Ctrl+S saves the level");
        assert!(!passes_to_browser("KeyZ", true), "Ctrl+Z undoes");
    }
}
