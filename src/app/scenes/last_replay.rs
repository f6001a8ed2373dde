//! The replay a game saved last, kept for the browser's page to download
//! (`app/browser/downloads.rs`): the recording hands each replay it saves to [`remember`].
//! Only in the browser build.

use crate::replay::Replay;
use std::cell::RefCell;

thread_local! {
    /// The replay saved last (a game's, with at least one step).
    static LAST: RefCell<Option<Replay>> = const { RefCell::new(None) };
}

/// Keeps `replay`, being saved, as the last one (a replay with no step yet, such as the next
/// level's start, is not kept).
pub fn remember(replay: &Replay) {
    if replay.steps() > 0 {
        LAST.with_borrow_mut(|last| *last = Some(replay.clone()));
    }
}

/// `f` of the last replay kept (`None` before any game was saved).
pub fn with_last<T>(f: impl FnOnce(Option<&Replay>) -> T) -> T {
    LAST.with_borrow(|last| f(last.as_ref()))
}
