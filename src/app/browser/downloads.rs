//! Files downloaded from the page: [`download`] gives the bytes of the last recorded replay, or
//! of its level, for the page's script to save as a file (`breakout-web`'s `download`
//! export); the recording hands each replay it saves to [`remember_replay`].
//!
//! A leaf: it uses nothing of the app, so the recording (`scenes/recording.rs`) may call it.

use crate::replay::{file, Replay};
use std::cell::RefCell;

thread_local! {
    /// The replay saved last (a game's, with at least one step).
    static LAST_REPLAY: RefCell<Option<Replay>> = const { RefCell::new(None) };
}

/// Keeps `replay`, being saved, as the one [`download`] gives (a replay with no step yet, such
/// as the next level's start, is not kept).
pub(crate) fn remember_replay(replay: &Replay) {
    if replay.steps() > 0 {
        LAST_REPLAY.with_borrow_mut(|last| *last = Some(replay.clone()));
    }
}

/// What the page can download: `"replay"`, the last recorded replay (a `.bkreplay` file), or
/// `"level"`, that replay's level (a `.lvl` file); with the file's name. `None` before any
/// game was recorded, or for another `what`.
pub fn download(what: &str) -> Option<(String, Vec<u8>)> {
    LAST_REPLAY.with_borrow(|last| {
        let replay = last.as_ref()?;
        let stem = file_stem(&replay.header.level_name);
        match what {
            "replay" => Some((format!("{stem}.bkreplay"), file::encode(replay))),
            "level" => Some((
                format!("{stem}.lvl"),
                replay.header.level_text.clone().into_bytes(),
            )),
            _ => None,
        }
    })
}

/// `name` as a file name: letters and digits kept, every other run of characters one `-`.
fn file_stem(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "breakout".to_string()
    } else {
        out.to_string()
    }
}
