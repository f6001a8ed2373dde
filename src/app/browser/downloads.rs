//! Files downloaded from the page: [`download`] gives the bytes of the last recorded replay, or
//! of its level, for the page's script to save as a file (`breakout-web`'s `download`
//! export), the one [`crate::app::scenes::last_replay`] keeps.

use crate::app::scenes::last_replay;
use crate::replay::file;

/// What the page can download: `"replay"`, the last recorded replay (a `.bkreplay` file), or
/// `"level"`, that replay's level (a `.lvl` file); with the file's name. `None` before any
/// game was recorded, or for another `what`.
pub fn download(what: &str) -> Option<(String, Vec<u8>)> {
    last_replay::with_last(|last| {
        let replay = last?;
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
