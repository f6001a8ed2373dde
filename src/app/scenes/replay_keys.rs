//! The replay screen's keys: which key does what ([`command`]), and the table its help panel
//! and the README list ([`KEYS`]). They are the screen's own keys, like a menu's, whatever the
//! game's bindings; the app's own keys (F1 the debug overlay, M mute, F11 fullscreen) work here
//! as everywhere.

use winit::keyboard::KeyCode;

/// What a key asks of the replay screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play or pause (at the end: play again from the start).
    PlayPause,
    /// Pause and play one step (1/240 s).
    StepForward,
    /// Pause and go one step back.
    StepBack,
    /// Seek five seconds back.
    Back,
    /// Seek five seconds forward.
    Forward,
    /// Seek to the start.
    Start,
    /// Seek to the end.
    End,
    /// One speed slower (down to ×1/8).
    Slower,
    /// One speed faster (up to ×8).
    Faster,
    /// Hand the paddle to the player from this step.
    TakeOver,
    /// Fork the game at this step into every collision mode, or leave the fork.
    Fork,
    /// In a fork: seek to the next step where the modes' grouping changes.
    NextSplit,
    /// In a fork: the overlaid view or the panes side by side.
    SplitView,
    /// In a fork, at a split N explained: open its ball and bricks in the lab.
    OpenLab,
    /// In a fork: hide or show the legend.
    Legend,
    /// In a fork: the copies' sub-steps on or off (forked again at this step).
    SubSteps,
    /// Show or hide the keys' help panel.
    Help,
    /// Leave the replay screen.
    Leave,
}

/// The key that shows the help panel, as the strip names it.
pub const HELP_KEY: &str = "H";

/// The command of a key press, if the key has one.
pub fn command(code: KeyCode) -> Option<Command> {
    use KeyCode::*;
    Some(match code {
        Space | KeyP | Enter | NumpadEnter => Command::PlayPause,
        Period => Command::StepForward,
        Comma => Command::StepBack,
        ArrowLeft => Command::Back,
        ArrowRight => Command::Forward,
        Home => Command::Start,
        End => Command::End,
        Minus | NumpadSubtract | BracketLeft => Command::Slower,
        Equal | NumpadAdd | BracketRight => Command::Faster,
        KeyT => Command::TakeOver,
        KeyF => Command::Fork,
        KeyN => Command::NextSplit,
        KeyV => Command::SplitView,
        KeyL => Command::OpenLab,
        KeyG => Command::Legend,
        KeyU => Command::SubSteps,
        KeyH => Command::Help,
        Escape => Command::Leave,
        _ => return None,
    })
}

/// Whether a held key repeats its command (single steps and five-second seeks), rather than
/// acting once per press.
pub fn repeats(command: Command) -> bool {
    matches!(
        command,
        Command::StepForward | Command::StepBack | Command::Back | Command::Forward
    )
}

/// The keys as the help panel lists them: key names, then what they do.
pub const KEYS: [(&str, &str); 18] = [
    ("SPACE / P", "play / pause"),
    (". / ,", "one step (1/240 s) forward / back"),
    ("LEFT / RIGHT", "5 seconds back / forward"),
    ("HOME / END", "to the start / to the end"),
    ("- / +", "slower / faster: x1/8 to x8"),
    ("CLICK, DRAG", "the timeline: seek"),
    ("T", "take over: play on from here"),
    ("F", "fork into every collision mode / leave"),
    ("N", "fork: to the next split, and why (each contact)"),
    ("L", "fork, at a split: open it in the lab"),
    ("G", "fork: legend on / off"),
    ("U", "fork: sub-steps on / off (off: raw, tunnels)"),
    ("V", "fork: overlaid / side by side"),
    ("F1", "collision debug overlay"),
    ("M", "sound on / off (only at x1)"),
    ("H", "this help"),
    ("F11", "fullscreen"),
    ("ESC", "leave"),
];

/// [`KEYS`] as the help panel shows them with `bindings`: the debug overlay's and full
/// screen's lines name their bound keys (F1 and F11 by default; F8 and F9 in a page).
pub fn keys_help(bindings: &crate::bindings::Bindings) -> Vec<(String, &'static str)> {
    use crate::bindings::Action;
    KEYS.iter()
        .map(|&(key, what)| {
            let bound = match key {
                "F1" => Some(Action::DebugOverlay),
                "F11" => Some(Action::Fullscreen),
                _ => None,
            };
            let name = bound.map_or_else(
                || key.to_string(),
                |action| bindings.first_key_name(action).to_uppercase(),
            );
            (name, what)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The help names the keys the debug overlay and full screen are bound to.
    #[test]
    fn the_help_names_the_bound_overlay_and_fullscreen_keys() {
        use crate::bindings::{Action, Bindings};
        let mut bindings = Bindings::default();
        let help = keys_help(&bindings);
        assert_eq!(help.len(), KEYS.len());
        let overlay = bindings.first_key_name(Action::DebugOverlay).to_uppercase();
        assert!(help.contains(&(overlay, "collision debug overlay")));
        bindings.bind(Action::DebugOverlay, KeyCode::F3).unwrap();
        bindings.bind(Action::Fullscreen, KeyCode::F10).unwrap();
        let help = keys_help(&bindings);
        assert!(help.contains(&("F3".to_string(), "collision debug overlay")));
        assert!(help.contains(&("F10".to_string(), "fullscreen")));
        assert!(help.contains(&("ESC".to_string(), "leave")));
    }

    /// Every command has a key, and the help panel names a key for each.
    #[test]
    fn every_command_has_a_key_and_a_line_of_help() {
        use KeyCode::*;
        let keys = [
            Space, Period, Comma, ArrowLeft, ArrowRight, Home, End, Minus, Equal, KeyT, KeyF, KeyN,
            KeyV, KeyL, KeyG, KeyH, Escape,
        ];
        let commands: Vec<_> = keys.iter().filter_map(|&k| command(k)).collect();
        assert_eq!(commands.len(), keys.len());
        for (i, a) in commands.iter().enumerate() {
            assert!(!commands[i + 1..].contains(a), "{a:?} twice");
        }
        assert_eq!(command(KeyA), None);
        assert!(repeats(Command::StepBack) && !repeats(Command::PlayPause));
        assert!(KEYS.iter().any(|(k, _)| k.starts_with(HELP_KEY)));
    }
}
