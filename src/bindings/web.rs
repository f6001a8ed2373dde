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
//! (`Action::defaults_for`).

use winit::keyboard::KeyCode;

/// Keys a desktop browser (Chrome, Firefox) acts on by itself, so that a game must not need
/// them: F1 help, F3 find again, F5 reload, F6 the address bar, F7 caret browsing, F10 the
/// menu bar (Firefox), F11 the browser's full screen, F12 the developer tools. A page lets
/// them through ([`passes_to_browser`]) and no default key of the game in a page is one of
/// them (`Action::defaults_for`).
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

/// The debug overlay's default key in a page: F8 (the desktop's F1 is a browser's help).
pub const PAGE_DEBUG_OVERLAY: &[KeyCode] = &[KeyCode::F8];

/// Full screen's default key in a page: F9 (the desktop's F11 is the browser's own full
/// screen); Alt+Enter works in both.
pub const PAGE_FULLSCREEN: &[KeyCode] = &[KeyCode::F9];

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
