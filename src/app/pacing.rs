//! The frame cap: at most so many frames a second, the event loop's thread asleep in between.
//!
//! Where vsync works, presenting a frame waits for the display and sets the pace. Where it
//! has no effect (no compositor, a software renderer, Xvfb) the game would draw as fast as it
//! can, some 900 frames a second on llvmpipe, and keep the cores busy in the menus too. The
//! cap (`[video] frame_cap`, the settings screen; by default the monitor's refresh rate) makes
//! the loop wait (`ControlFlow::WaitUntil`, no busy loop) until the next frame is due.
//! `--no-vsync` runs uncapped (measurements); so do `--frame-time` runs, whose game time does
//! not follow the clock, so that waiting would only make a script slower.

use super::App;
use glium::winit::event_loop::{ActiveEventLoop, ControlFlow};
use glium::winit::window::Window;
use std::time::{Duration, Instant};

/// When the next frame may start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FramePacer {
    /// The next frame's deadline; `None`: at once (uncapped, or no frame drawn yet).
    due: Option<Instant>,
}

impl FramePacer {
    /// A frame starts at `now`, at most one per `period` (`None`: uncapped): notes when the
    /// next may start ([`next_deadline`]).
    pub fn frame_started(&mut self, now: Instant, period: Option<Duration>) {
        self.due = period.map(|period| next_deadline(self.due, now, period));
    }

    /// Until when the loop should sleep before the next frame, seen at `now`: `None` when it
    /// is due (draw it now).
    pub fn wait_until(&self, now: Instant) -> Option<Instant> {
        self.due.filter(|&due| due > now)
    }
}

/// When the frame after one starting at `now` is due, at one frame per `period`, the frame at
/// `now` having been due at `due`: one period after `due`, so that waking up a little late
/// (the timer's slack) does not lower the rate; but one period after `now` for the first
/// frame, a frame that started early (an expose event's redraw), or one that started a whole
/// period or more late (a slow frame, the window minimised): the count starts afresh, with no
/// burst of frames to catch up.
pub fn next_deadline(due: Option<Instant>, now: Instant, period: Duration) -> Instant {
    match due {
        Some(due) if due <= now && now < due + period => due + period,
        _ => now + period,
    }
}

/// The refresh rate of `window`'s monitor, Hz rounded up (59.94 Hz gives 60, so that where
/// vsync works it still sets the pace), where the window system says it.
pub fn refresh_hz(window: &Window) -> Option<u32> {
    let millihertz = window.current_monitor()?.refresh_rate_millihertz()?;
    Some(millihertz.div_ceil(1000)).filter(|&hz| hz > 0)
}

impl App {
    /// How long a frame lasts at least under the frame cap; `None`: uncapped (no cap set,
    /// `--no-vsync`, or `--frame-time`).
    pub(super) fn frame_period(&self) -> Option<Duration> {
        if self.args.window.frame_time.is_some() {
            return None;
        }
        let fps = self.ctx.video.frame_cap_fps(self.ctx.refresh_hz)?;
        Some(Duration::from_secs_f64(1.0 / f64::from(fps.max(1))))
    }

    /// Reads the window's monitor's refresh rate into [`super::Context::refresh_hz`] (when the
    /// window opens, and after it moves: perhaps onto another monitor).
    pub(super) fn note_refresh_rate(&mut self) {
        let hz = self.gfx.as_ref().and_then(|g| refresh_hz(&g.window));
        if hz != self.ctx.refresh_hz {
            log::debug!("the monitor's refresh rate: {hz:?} Hz");
        }
        self.ctx.refresh_hz = hz;
    }

    /// Before the loop waits for events: asks for the next frame if it is due, else sleeps
    /// until it is (or until an event comes).
    pub(super) fn pace(&mut self, event_loop: &ActiveEventLoop) {
        let Some(gfx) = &self.gfx else { return };
        match self.pacer.wait_until(Instant::now()) {
            Some(due) => event_loop.set_control_flow(ControlFlow::WaitUntil(due)),
            None => {
                event_loop.set_control_flow(ControlFlow::Wait);
                gfx.window.request_redraw();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A period of `ms` milliseconds.
    fn ms(ms: u64) -> Duration {
        Duration::from_millis(ms)
    }

    #[test]
    fn frames_on_time_or_a_little_late_keep_the_cadence() {
        let start = Instant::now();
        let period = ms(10);
        assert_eq!(next_deadline(None, start, period), start + ms(10), "first");
        let due = start + ms(10);
        assert_eq!(next_deadline(Some(due), due, period), start + ms(20));
        // Woken 3 ms late: the next is still due 10 ms after this one was due, not after now.
        assert_eq!(
            next_deadline(Some(due), due + ms(3), period),
            start + ms(20)
        );
        // A hundred frames, each started 1 ms after it was due: a hundred periods, not 110.
        let mut pacer = FramePacer::default();
        let mut now = start;
        for _ in 0..100 {
            pacer.frame_started(now, Some(period));
            now = pacer.wait_until(now).expect("the next frame is ahead") + ms(1);
        }
        assert_eq!(now, start + ms(1000) + ms(1));
    }

    #[test]
    fn a_late_or_early_frame_starts_the_count_afresh() {
        let start = Instant::now();
        let period = ms(10);
        let due = start + ms(10);
        // 25 ms late (a slow frame): one period from now, no catching up.
        assert_eq!(next_deadline(Some(due), due + ms(25), period), due + ms(35));
        assert_eq!(
            next_deadline(Some(due), due + ms(10), period),
            due + ms(20),
            "exactly a period late"
        );
        // Drawn 4 ms before it was due (the window system asked): a period from now.
        assert_eq!(next_deadline(Some(due), due - ms(4), period), due + ms(6));
    }

    #[test]
    fn the_loop_waits_until_the_deadline_and_not_at_all_uncapped() {
        let start = Instant::now();
        let mut pacer = FramePacer::default();
        assert_eq!(pacer.wait_until(start), None, "nothing drawn yet");
        pacer.frame_started(start, Some(ms(16)));
        assert_eq!(pacer.wait_until(start + ms(5)), Some(start + ms(16)));
        assert_eq!(pacer.wait_until(start + ms(16)), None, "due");
        assert_eq!(pacer.wait_until(start + ms(30)), None, "overdue");
        pacer.frame_started(start + ms(17), None);
        assert_eq!(pacer.wait_until(start + ms(17)), None, "uncapped");
    }

    /// The cap the settings give: a number as it is, 0 none, none set the monitor's refresh
    /// rate or 144.
    #[test]
    fn the_cap_follows_the_setting_then_the_monitor_then_144() {
        use crate::config::{VideoConfig, FRAME_CAP_FALLBACK};
        let cap = |frame_cap, monitor| {
            VideoConfig {
                frame_cap,
                ..VideoConfig::default()
            }
            .frame_cap_fps(monitor)
        };
        assert_eq!(cap(Some(120), Some(60)), Some(120));
        assert_eq!(cap(Some(0), Some(60)), None);
        assert_eq!(cap(None, Some(75)), Some(75));
        assert_eq!(cap(None, None), Some(FRAME_CAP_FALLBACK));
        assert_eq!(cap(None, Some(0)), Some(144));
    }
}
