//! The page's frame figures: how many frames the page drew, how long they took and when the
//! first one came, for `frame_stats()` (the browser build's export, `web/src/stats.rs`) and
//! `.ci/web-test --bench`. Fed by [`super::after_frame`]; a page has one thread, so a
//! thread-local holds them.

use std::cell::Cell;

/// Frames drawn on the page since the game started, and their times.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameStats {
    /// Frames drawn.
    pub frames: u64,
    /// Their measured frame times added up, seconds.
    pub seconds: f64,
    /// The longest measured frame time, seconds (0 before the first frame).
    pub longest: f64,
    /// When the first frame was drawn, milliseconds since the Unix epoch (`Date.now()`); 0
    /// before it. The page's `performance.timeOrigin` is on the same clock.
    pub first_frame_unix_ms: f64,
}

thread_local! {
    static STATS: Cell<FrameStats> = Cell::new(FrameStats::default());
}

/// Counts one frame drawn, which took `seconds` (the app's measured frame time).
pub(super) fn record(seconds: f32) {
    STATS.with(|cell| {
        let mut stats = cell.get();
        if stats.frames == 0 {
            stats.first_frame_unix_ms = js_sys::Date::now();
        }
        stats.frames += 1;
        stats.seconds += f64::from(seconds);
        stats.longest = stats.longest.max(f64::from(seconds));
        cell.set(stats);
    });
}

/// The figures so far.
pub fn frame_stats() -> FrameStats {
    STATS.with(Cell::get)
}
