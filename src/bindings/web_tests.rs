//! The page's keys ([`super::web`]): no default is a key a browser keeps, and the page
//! leaves the browser's shortcuts to it.

use super::web::*;
use super::Action;
use winit::keyboard::KeyCode;

/// No default key of the page is one a browser keeps (anchors file, section 2.3), while
/// the desktop's defaults stay the table's.
#[test]
fn no_default_key_in_a_page_is_one_a_browser_keeps() {
    for &action in Action::ALL {
        for key in action.defaults_for(true) {
            assert!(!BROWSER_KEYS.contains(key), "{action:?}: {key:?}");
        }
        assert_eq!(action.defaults_for(false), action.row().defaults);
    }
    assert!(!BROWSER_KEYS.contains(&settings_key(true)));
    assert_eq!(settings_key(false), KeyCode::F3);
    // The desktop's F1 and F11 are among them: the page's defaults differ.
    assert_ne!(
        Action::DebugOverlay.defaults_for(true),
        Action::DebugOverlay.defaults_for(false)
    );
}

/// The page's defaults are distinct keys, none another action's.
#[test]
fn the_pages_default_keys_are_each_one_actions() {
    let mut seen = Vec::new();
    for &action in Action::ALL {
        for &key in action.defaults_for(true) {
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
