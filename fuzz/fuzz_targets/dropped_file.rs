//! Fuzz target: a file dropped on the browser build's page (`breakout_game::app::dropped::classify`)
//! on arbitrary bytes, under each name a player's file may have.
//!
//! * it never panics, whatever the bytes and the name;
//! * an accepted file says what it is (`Dropped::describe`, not empty);
//! * a refused one gets one message that names the file, on one line.
//!
//! `classify` lives in the game crate (it builds the replay screen and opens level sets), so
//! this target needs the `game` feature: `cargo +nightly fuzz run dropped_file --features game`
//! in this directory.

#![no_main]

use breakout_game::app::dropped::classify;
use libfuzzer_sys::fuzz_target;

/// The names the first byte of the input chooses among: each extension the page tells apart,
/// another game's set names, and none.
const NAMES: &[&str] = &[
    "a.lvl",
    "b.bkreplay",
    "c.LVL",
    "levels.txt",
    "set.levelset",
    "gnome-breakout.lvl",
    "readme",
    "x.bin",
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, bytes)) = data.split_first() else {
        return;
    };
    let name = NAMES[usize::from(first) % NAMES.len()];
    match classify(name, bytes) {
        Ok(dropped) => assert!(!dropped.describe().is_empty(), "{name}: described"),
        Err(message) => {
            assert!(message.starts_with(name), "{name}: the message names it: {message}");
            assert!(!message.contains('\n'), "{name}: one line: {message}");
        }
    }
});
