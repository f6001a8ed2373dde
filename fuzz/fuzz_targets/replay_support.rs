//! What the replay fuzz targets do with a replay the reader accepted.

use breakout::replay::file::{decode, encode};
use breakout::replay::{Keyframes, Playback, Replay};
use std::path::Path;
use std::sync::Arc;

/// Most steps played of a replay: enough to reach its first hashes, changes and the end of a
/// short one, few enough to keep the fuzzer fast.
pub const MAX_STEPS: u64 = 2_000;

/// Plays `replay` (accepted by the reader): its level parses (`Replay::validate` checked it),
/// up to [`MAX_STEPS`] steps run with its changes and hash checks, a seek back to the middle
/// gives the game of playing there straight, and its bytes read back to the same bytes.
pub fn play(replay: Replay) {
    let bytes = encode(&replay);
    let again = decode(&bytes, Path::new("again")).expect("a replay written reads back");
    assert_eq!(
        encode(&again),
        bytes,
        "written, read and written again differs"
    );
    let mut playback = Playback::new(Arc::new(replay)).expect("validate checked the level");
    let mut keyframes = Keyframes::new(&playback, 1 << 20);
    let start = playback.clone();
    keyframes.play_to(&mut playback, MAX_STEPS);
    playback.finish();
    let middle = playback.at() / 2;
    keyframes.seek(&mut playback, middle);
    let mut straight = start;
    straight.advance(middle);
    assert_eq!(playback.at(), straight.at());
    assert_eq!(playback.game().state_hash(), straight.game().state_hash());
}
