//! Key bindings: which keys do what in the game ([`Action`]), as the player set them in
//! `breakout.toml`'s `[keys]` section or (later) on a settings screen.
//!
//! Every action is one row of the table in the `actions!` invocation below: its config name,
//! its label for a settings screen and its default keys. Adding an action is adding a row (and
//! handling it where it acts).
//!
//! Menu keys stay fixed: the arrows, Enter and Esc move through menus, choose and go back on
//! every screen, so they are *reserved*. A reserved key can be bound only to an action whose
//! default keys hold it (Left and Right arrows to `left` and `right`); binding Esc, Enter, Up
//! or Down, or an arrow to another action, is refused ([`BindError::Reserved`]). Esc also
//! pauses a game, whatever the bindings.
//!
//! Key names (config file, screens) are player-friendly (`"A"`, `"Space"`, `"Left"`, `"F11"`,
//! `"Page Up"`); winit's own names (`"KeyA"`, `"ArrowLeft"`) are accepted too. Only the keys in
//! [`KEY_NAMES`] can be bound, so that every binding can be written back to the file.

use std::fmt;
use winit::keyboard::{KeyCode, PhysicalKey};

pub mod web;

/// Defines [`Action`] and its table from one list of rows:
/// `Variant, "config_name", "Label", [default keys]`.
macro_rules! actions {
    ($($(#[$doc:meta])* $variant:ident, $name:literal, $label:literal, [$($key:ident),*];)*) => {
        /// Something the player does with a key, bound in [`Bindings`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Action {
            $($(#[$doc])* $variant,)*
        }

        impl Action {
            /// Every action, in the table's order (the order of a settings screen).
            pub const ALL: &'static [Action] = &[$(Action::$variant),*];

            /// Its row of the table.
            fn row(self) -> &'static Row {
                &TABLE[self as usize]
            }
        }

        /// One row per action, in [`Action::ALL`]'s order.
        const TABLE: &[Row] = &[$(Row {
            name: $name,
            label: $label,
            defaults: &[$(KeyCode::$key),*],
        }),*];
    };
}

actions! {
    /// Move the paddle left while held.
    Left, "left", "Move left", [ArrowLeft, KeyA];
    /// Move the paddle right while held.
    Right, "right", "Move right", [ArrowRight, KeyD];
    /// Launch the ball stuck on the paddle (and resume a paused game).
    Launch, "launch", "Launch", [Space];
    /// Pause or resume the game (Esc also pauses).
    Pause, "pause", "Pause", [KeyP];
    /// Sound off or on.
    Mute, "mute", "Mute", [KeyM];
    /// Switch to the next collision-detection mode.
    NextCollisionMode, "next_collision_mode", "Next collision mode", [KeyC];
    /// The collision debug overlay on or off.
    DebugOverlay, "debug_overlay", "Debug overlay", [F1];
    /// Full screen on or off.
    Fullscreen, "fullscreen", "Full screen", [F11];
    /// Warp: end the level as won once enough bricks are gone (`sim/warp.rs`).
    Warp, "warp", "Warp", [KeyW];
    /// The Plane of Inner Stability: click a brick to destroy it for 10 % of the score.
    InnerStability, "inner_stability", "Inner stability", [KeyI];
    /// Held: the paddle moves at twice its speed (LBreakoutHD's paddle turbo).
    PaddleTurbo, "paddle_turbo", "Paddle turbo", [KeyX];
    /// Held: balls move at the ball turbo speed (LBreakoutHD's ball turbo).
    BallTurbo, "ball_turbo", "Ball turbo", [KeyV];
    /// Launch the ball at 50 degrees left of vertical.
    FireLeft, "fire_left", "Fire left", [KeyQ];
    /// Launch the ball at 50 degrees right of vertical.
    FireRight, "fire_right", "Fire right", [KeyE];
    /// Bring idle balls (no brick scored for 10 s) back to the paddle (LBreakoutHD's return).
    Recall, "recall", "Recall idle balls", [Backspace];
}

/// An action's row of the table.
struct Row {
    name: &'static str,
    label: &'static str,
    defaults: &'static [KeyCode],
}

impl Action {
    /// Its name in `breakout.toml`'s `[keys]` section, e.g. `"next_collision_mode"`.
    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// Its label for a settings screen, e.g. `"Next collision mode"`.
    pub fn label(self) -> &'static str {
        self.row().label
    }

    /// Its keys when the player has not changed them: the table's on the desktop, in a page
    /// none a browser keeps for itself ([`web::BROWSER_KEYS`]).
    pub fn default_keys(self) -> &'static [KeyCode] {
        self.defaults_for(cfg!(target_arch = "wasm32"))
    }

    /// Its default keys on the desktop, or in a page (`web`): the table's, but in a page none
    /// of [`web::BROWSER_KEYS`] (the debug overlay on [`web::PAGE_DEBUG_OVERLAY`], full screen
    /// on [`web::PAGE_FULLSCREEN`]).
    pub fn defaults_for(self, web: bool) -> &'static [KeyCode] {
        match self {
            Action::DebugOverlay if web => web::PAGE_DEBUG_OVERLAY,
            Action::Fullscreen if web => web::PAGE_FULLSCREEN,
            Action::Left
            | Action::Right
            | Action::Launch
            | Action::Pause
            | Action::Mute
            | Action::NextCollisionMode
            | Action::DebugOverlay
            | Action::Fullscreen
            | Action::Warp
            | Action::InnerStability
            | Action::PaddleTurbo
            | Action::BallTurbo
            | Action::FireLeft
            | Action::FireRight
            | Action::Recall => self.row().defaults,
        }
    }

    /// The action named `name` in the config file (exactly, as [`Action::name`] gives it).
    pub fn from_name(name: &str) -> Option<Action> {
        Action::ALL.iter().copied().find(|a| a.name() == name)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// The menu keys: fixed on every screen, so bindable only to an action that has them by
/// default (see the module's documentation).
pub const RESERVED: &[KeyCode] = &[
    KeyCode::Escape,
    KeyCode::Enter,
    KeyCode::NumpadEnter,
    KeyCode::ArrowUp,
    KeyCode::ArrowDown,
    KeyCode::ArrowLeft,
    KeyCode::ArrowRight,
];

/// Every bindable key with its player-friendly name (what screens show and the config file
/// holds). Keys not listed here cannot be bound.
pub const KEY_NAMES: &[(KeyCode, &str)] = &[
    (KeyCode::KeyA, "A"),
    (KeyCode::KeyB, "B"),
    (KeyCode::KeyC, "C"),
    (KeyCode::KeyD, "D"),
    (KeyCode::KeyE, "E"),
    (KeyCode::KeyF, "F"),
    (KeyCode::KeyG, "G"),
    (KeyCode::KeyH, "H"),
    (KeyCode::KeyI, "I"),
    (KeyCode::KeyJ, "J"),
    (KeyCode::KeyK, "K"),
    (KeyCode::KeyL, "L"),
    (KeyCode::KeyM, "M"),
    (KeyCode::KeyN, "N"),
    (KeyCode::KeyO, "O"),
    (KeyCode::KeyP, "P"),
    (KeyCode::KeyQ, "Q"),
    (KeyCode::KeyR, "R"),
    (KeyCode::KeyS, "S"),
    (KeyCode::KeyT, "T"),
    (KeyCode::KeyU, "U"),
    (KeyCode::KeyV, "V"),
    (KeyCode::KeyW, "W"),
    (KeyCode::KeyX, "X"),
    (KeyCode::KeyY, "Y"),
    (KeyCode::KeyZ, "Z"),
    (KeyCode::Digit0, "0"),
    (KeyCode::Digit1, "1"),
    (KeyCode::Digit2, "2"),
    (KeyCode::Digit3, "3"),
    (KeyCode::Digit4, "4"),
    (KeyCode::Digit5, "5"),
    (KeyCode::Digit6, "6"),
    (KeyCode::Digit7, "7"),
    (KeyCode::Digit8, "8"),
    (KeyCode::Digit9, "9"),
    (KeyCode::F1, "F1"),
    (KeyCode::F2, "F2"),
    (KeyCode::F3, "F3"),
    (KeyCode::F4, "F4"),
    (KeyCode::F5, "F5"),
    (KeyCode::F6, "F6"),
    (KeyCode::F7, "F7"),
    (KeyCode::F8, "F8"),
    (KeyCode::F9, "F9"),
    (KeyCode::F10, "F10"),
    (KeyCode::F11, "F11"),
    (KeyCode::F12, "F12"),
    (KeyCode::ArrowLeft, "Left"),
    (KeyCode::ArrowRight, "Right"),
    (KeyCode::ArrowUp, "Up"),
    (KeyCode::ArrowDown, "Down"),
    (KeyCode::Space, "Space"),
    (KeyCode::Enter, "Enter"),
    (KeyCode::Escape, "Esc"),
    (KeyCode::Tab, "Tab"),
    (KeyCode::Backspace, "Backspace"),
    (KeyCode::ShiftLeft, "Left Shift"),
    (KeyCode::ShiftRight, "Right Shift"),
    (KeyCode::ControlLeft, "Left Ctrl"),
    (KeyCode::ControlRight, "Right Ctrl"),
    (KeyCode::AltLeft, "Left Alt"),
    (KeyCode::AltRight, "Right Alt"),
    (KeyCode::Insert, "Insert"),
    (KeyCode::Delete, "Delete"),
    (KeyCode::Home, "Home"),
    (KeyCode::End, "End"),
    (KeyCode::PageUp, "Page Up"),
    (KeyCode::PageDown, "Page Down"),
    (KeyCode::Minus, "-"),
    (KeyCode::Equal, "="),
    (KeyCode::BracketLeft, "["),
    (KeyCode::BracketRight, "]"),
    (KeyCode::Backslash, "\\"),
    (KeyCode::Semicolon, ";"),
    (KeyCode::Quote, "'"),
    (KeyCode::Comma, ","),
    (KeyCode::Period, "."),
    (KeyCode::Slash, "/"),
    (KeyCode::Backquote, "`"),
    (KeyCode::Numpad0, "Numpad 0"),
    (KeyCode::Numpad1, "Numpad 1"),
    (KeyCode::Numpad2, "Numpad 2"),
    (KeyCode::Numpad3, "Numpad 3"),
    (KeyCode::Numpad4, "Numpad 4"),
    (KeyCode::Numpad5, "Numpad 5"),
    (KeyCode::Numpad6, "Numpad 6"),
    (KeyCode::Numpad7, "Numpad 7"),
    (KeyCode::Numpad8, "Numpad 8"),
    (KeyCode::Numpad9, "Numpad 9"),
    (KeyCode::NumpadAdd, "Numpad +"),
    (KeyCode::NumpadSubtract, "Numpad -"),
    (KeyCode::NumpadMultiply, "Numpad *"),
    (KeyCode::NumpadDivide, "Numpad /"),
    (KeyCode::NumpadDecimal, "Numpad ."),
    (KeyCode::NumpadEnter, "Numpad Enter"),
];

/// The player-friendly name of `key` (`"Space"`, `"Left"`, `"F11"`), or `None` for a key that
/// cannot be bound.
pub fn key_name(key: KeyCode) -> Option<&'static str> {
    KEY_NAMES.iter().find(|(k, _)| *k == key).map(|(_, n)| *n)
}

/// The key called `name`: a name of [`KEY_NAMES`] or winit's name for it (`"KeyA"`,
/// `"ArrowLeft"`), ignoring case and spaces. `None` if no bindable key has that name.
pub fn parse_key(name: &str) -> Option<KeyCode> {
    let wanted = normalise(name);
    if wanted.is_empty() {
        return None;
    }
    KEY_NAMES
        .iter()
        .find(|(key, friendly)| {
            normalise(friendly) == wanted || normalise(&format!("{key:?}")) == wanted
        })
        .map(|(key, _)| *key)
}

/// `name` lower-cased without spaces, for comparing names.
fn normalise(name: &str) -> String {
    name.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Why a key could not be bound; its `Display` is a message for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BindError {
    /// The key is already another action's.
    #[error("{} is already '{other}'", name_of(*.key))]
    Taken {
        /// The key.
        key: KeyCode,
        /// The action that has it.
        other: Action,
    },
    /// The key is a menu key (see [`RESERVED`]) and not one of the action's defaults.
    #[error("{} is kept for the menus", name_of(*.key))]
    Reserved {
        /// The key.
        key: KeyCode,
    },
    /// The key is not in [`KEY_NAMES`].
    #[error("this key cannot be used")]
    Unbindable {
        /// The key.
        key: KeyCode,
    },
    /// An action was given no key at all.
    #[error("'{action}' needs at least one key")]
    NoKey {
        /// The action.
        action: Action,
    },
}

/// `key`'s friendly name, or winit's for a key outside [`KEY_NAMES`].
fn name_of(key: KeyCode) -> String {
    key_name(key).map_or_else(|| format!("{key:?}"), str::to_string)
}

/// Which keys trigger each [`Action`]. Each key belongs to at most one action.
/// [`Bindings::default`] is the table's default keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    /// Per action, in [`Action::ALL`]'s order.
    keys: Vec<Vec<KeyCode>>,
}

impl Default for Bindings {
    fn default() -> Self {
        Bindings {
            keys: Action::ALL
                .iter()
                .map(|a| a.default_keys().to_vec())
                .collect(),
        }
    }
}

impl Bindings {
    /// The action `key` triggers, if any.
    pub fn action(&self, key: KeyCode) -> Option<Action> {
        Action::ALL
            .iter()
            .copied()
            .find(|&a| self.keys[a as usize].contains(&key))
    }

    /// The action of a key event's key, if any (`None` for keys winit cannot name).
    pub fn action_of(&self, key: PhysicalKey) -> Option<Action> {
        match key {
            PhysicalKey::Code(code) => self.action(code),
            PhysicalKey::Unidentified(_) => None,
        }
    }

    /// The keys that trigger `action`, the first being the one screens name. Empty only when
    /// the config file gave every default key of an action it does not name to other actions.
    pub fn keys(&self, action: Action) -> &[KeyCode] {
        &self.keys[action as usize]
    }

    /// Makes `key` `action`'s only key ("press the new key" on a settings screen). Binding a
    /// key the action already has is fine.
    ///
    /// # Errors
    /// [`BindError::Taken`] if another action has `key`, [`BindError::Reserved`] for a menu key
    /// that is not one of `action`'s defaults, [`BindError::Unbindable`] for a key outside
    /// [`KEY_NAMES`]. The bindings are then unchanged.
    pub fn bind(&mut self, action: Action, key: KeyCode) -> Result<(), BindError> {
        self.set_keys(action, &[key])
    }

    /// Makes `keys` `action`'s keys (a repeated key counts once).
    ///
    /// # Errors
    /// As [`Bindings::bind`] for the first key refused, and [`BindError::NoKey`] if `keys` is
    /// empty. The bindings are then unchanged.
    pub fn set_keys(&mut self, action: Action, keys: &[KeyCode]) -> Result<(), BindError> {
        if keys.is_empty() {
            return Err(BindError::NoKey { action });
        }
        let mut new = Vec::with_capacity(keys.len());
        for &key in keys {
            bindable(action, key)?;
            if let Some(other) = self.action(key).filter(|&o| o != action) {
                return Err(BindError::Taken { key, other });
            }
            if !new.contains(&key) {
                new.push(key);
            }
        }
        self.keys[action as usize] = new;
        Ok(())
    }

    /// `action`'s keys by name, for writing the config file back (`["Left", "A"]`).
    pub fn key_names(&self, action: Action) -> Vec<String> {
        self.keys(action).iter().map(|&k| name_of(k)).collect()
    }

    /// The name of `action`'s first key, for screens ("SPACE to launch").
    pub fn first_key_name(&self, action: Action) -> String {
        self.keys(action)
            .first()
            .map_or_else(String::new, |&k| name_of(k))
    }

    /// The bindings a `[keys]` section gives: `entries` are `(action name, key names)` in file
    /// order. Every action not named keeps its default keys but those an entry took; an entry
    /// with a mistake keeps its action's defaults in the same way. Returns the bindings and
    /// each mistake as `(action name as written, message)`: an unknown action, an unknown key
    /// name, no key, a menu key, a key already given to another action by an earlier entry.
    pub fn from_entries(entries: &[(String, Vec<String>)]) -> (Bindings, Vec<(String, String)>) {
        let mut problems = Vec::new();
        let mut chosen: Vec<Option<Vec<KeyCode>>> = vec![None; Action::ALL.len()];
        for (name, key_names) in entries {
            let Some(action) = Action::from_name(name) else {
                let known: Vec<&str> = Action::ALL.iter().map(|a| a.name()).collect();
                problems.push((
                    name.clone(),
                    format!(
                        "unknown action '{name}': the actions are {}",
                        known.join(", ")
                    ),
                ));
                continue;
            };
            match entry_keys(action, key_names, &chosen) {
                Ok(keys) => chosen[action as usize] = Some(keys),
                Err(message) => problems.push((name.clone(), format!("{name}: {message}"))),
            }
        }
        let taken: Vec<KeyCode> = chosen.iter().flatten().flatten().copied().collect();
        let keys = Action::ALL
            .iter()
            .zip(chosen)
            .map(|(action, keys)| {
                keys.unwrap_or_else(|| {
                    let defaults = action.default_keys().iter();
                    defaults.filter(|k| !taken.contains(k)).copied().collect()
                })
            })
            .collect();
        (Bindings { keys }, problems)
    }
}

/// The keys of one `[keys]` entry for `action`, checked against the entries before it
/// (`chosen`); the message of its first mistake otherwise.
fn entry_keys(
    action: Action,
    names: &[String],
    chosen: &[Option<Vec<KeyCode>>],
) -> Result<Vec<KeyCode>, String> {
    if names.is_empty() {
        return Err(BindError::NoKey { action }.to_string());
    }
    let mut keys = Vec::new();
    for name in names {
        let key = parse_key(name).ok_or_else(|| {
            format!("unknown key name '{name}' (key names are like \"A\", \"Space\", \"Left\", \"F11\")")
        })?;
        bindable(action, key).map_err(|e| e.to_string())?;
        let other = Action::ALL
            .iter()
            .zip(chosen)
            .find(|(a, keys)| **a != action && keys.as_ref().is_some_and(|k| k.contains(&key)));
        if let Some((&other, _)) = other {
            return Err(BindError::Taken { key, other }.to_string());
        }
        if !keys.contains(&key) {
            keys.push(key);
        }
    }
    Ok(keys)
}

/// Whether `key` may be one of `action`'s keys at all: in [`KEY_NAMES`], and not a menu key
/// unless `action` has it by default.
fn bindable(action: Action, key: KeyCode) -> Result<(), BindError> {
    if key_name(key).is_none() {
        return Err(BindError::Unbindable { key });
    }
    if RESERVED.contains(&key) && !action.default_keys().contains(&key) {
        return Err(BindError::Reserved { key });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod web_tests;
