//! The frame cap: at most so many frames a second, the event loop's thread asleep in between.
//!
//! Where vsync works, presenting a frame waits for the display and sets the pace. Where it
//! has no effect (no compositor, a software renderer, Xvfb) the game would draw as fast as it
//! can, some 900 frames a second on llvmpipe, and keep the cores busy in the menus too. The
//! cap (`[video] frame_cap`, the settings screen; by default the monitor's refresh rate) makes
//! the loop wait (`ControlFlow::WaitUntil`, no busy loop) until the next frame is due.
//! `--no-vsync` runs uncapped (measurements); so do `--frame-time` runs, whose game time does
//! not follow the clock, so that waiting would only make a script slower.
//!
//! A *still* screen draws less: when a frame showed exactly what the one before did (the same
//! [`SpriteBatch`]) and no game is in play (a game, or a replay playing, keeps its full rate
//! whatever it shows), the next frame waits [`STILL_PERIOD`] at least: an idle menu draws 30
//! frames a second, not 144. Any window event (a key, the mouse, a resize) ends the wait at
//! once, so input is answered by the next frame the cap allows; a frame that differs from the
//! one before brings the full rate back. Measurement and scripted runs (`--no-vsync`,
//! `--frame-time`) never wait.

use super::App;
use crate::view::SpriteBatch;
use std::time::Duration;
use web_time::Instant;
use winit::event::WindowEvent;
use winit::event_loop::{ActiveEventLoop, ControlFlow};
use winit::window::Window;

/// The shortest time between two frames of a still screen (see the module's documentation):
/// 30 frames a second.
pub const STILL_PERIOD: Duration = Duration::from_nanos(1_000_000_000 / 30);

/// When the next frame may start.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FramePacer {
    /// The next frame's deadline under the frame cap; `None`: at once (uncapped, or no frame
    /// drawn yet).
    due: Option<Instant>,
    /// When the last frame started.
    started: Option<Instant>,
    /// While the screen is still: the next frame waits until then too (`None`: it does not).
    still_until: Option<Instant>,
    /// What the last frame drew.
    last: Option<SpriteBatch>,
}

impl FramePacer {
    /// A frame starts at `now`, at most one per `period` (`None`: uncapped): notes when the
    /// next may start ([`next_deadline`]).
    pub fn frame_started(&mut self, now: Instant, period: Option<Duration>) {
        self.due = period.map(|period| next_deadline(self.due, now, period));
        self.started = Some(now);
        self.still_until = None;
    }

    /// The frame started last drew `batch`; `live`: a game is in play (or a replay playing).
    /// When it showed what the frame before did and no game is live, the screen is still: the
    /// next frame waits until `still` after this one started (`None`: never wait, a
    /// measurement or scripted run). Returns whether the screen is still.
    pub fn frame_drawn(&mut self, batch: SpriteBatch, live: bool, still: Option<Duration>) -> bool {
        let same = !live
            && self
                .last
                .as_ref()
                .is_some_and(|last| same_picture(last, &batch));
        self.last = Some(batch);
        self.still_until = still
            .zip(self.started)
            .filter(|_| same)
            .map(|(period, started)| started + period);
        same
    }

    /// An event came (a key, the mouse, the window): the next frame as soon as the frame cap
    /// lets it, even if the screen was still.
    pub fn woken(&mut self) {
        self.still_until = None;
    }

    /// A window event came: any but a redraw (input, or the window changed) is answered at
    /// once, even on a still screen ([`FramePacer::woken`]).
    pub fn event(&mut self, event: &WindowEvent) {
        if *event != WindowEvent::RedrawRequested {
            self.woken();
        }
    }

    /// Whether the last frame drawn was still and no event came since.
    pub fn is_still(&self) -> bool {
        self.still_until.is_some()
    }

    /// Until when the loop should sleep before the next frame, seen at `now`: `None` when it
    /// is due (draw it now).
    pub fn wait_until(&self, now: Instant) -> Option<Instant> {
        self.due.max(self.still_until).filter(|&due| due > now)
    }
}

/// Whether `a` and `b` draw the same picture with no screen effect on (an effect's picture
/// moves with its clock, [`crate::view::PostEffects::time`], which every frame advances).
pub fn same_picture(a: &SpriteBatch, b: &SpriteBatch) -> bool {
    let calm = |batch: &SpriteBatch| {
        let effects = &batch.effects;
        effects.shake == 0.0 && !effects.confuse && !effects.chaos
    };
    calm(a)
        && calm(b)
        && a.backdrop == b.backdrop
        && a.world == b.world
        && a.particles == b.particles
        && a.text == b.text
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
        // In a page the browser's animation frames (`request_redraw`) pace the loop at the
        // display's rate; only a cap the player chose waits on top of them.
        if cfg!(target_arch = "wasm32") && self.ctx.video.frame_cap.is_none() {
            return None;
        }
        let fps = self.ctx.video.frame_cap_fps(self.ctx.refresh_hz)?;
        Some(Duration::from_secs_f64(1.0 / f64::from(fps.max(1))))
    }

    /// After a frame that drew `batch`: a still screen (the same picture, no game or replay
    /// live) waits longer for the next ([`FramePacer::frame_drawn`]).
    pub(super) fn frame_shown(&mut self, batch: SpriteBatch) {
        let live = self.scenes.live_game().is_some();
        let still = self.still_period();
        self.pacer.frame_drawn(batch, live, still);
    }

    /// How long a still screen waits between frames at least ([`STILL_PERIOD`]); `None` for
    /// measurement and scripted runs (`--no-vsync`, `--frame-time`), which never wait.
    pub(super) fn still_period(&self) -> Option<Duration> {
        let args = &self.args.window;
        (!args.no_vsync && args.frame_time.is_none()).then_some(STILL_PERIOD)
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
        // A still screen in a minimised window: no frame until an event comes (the window
        // shown again). On X11 winit reports no event when the window manager minimises
        // (unmaps) a window, but the window manager marks it hidden.
        if self.pacer.is_still() && gfx.window.is_minimized() == Some(true) {
            event_loop.set_control_flow(ControlFlow::Wait);
            return;
        }
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

    use crate::view::{Layer, SpriteInstance};

    /// A batch of `n` text sprites.
    fn batch(n: usize) -> SpriteBatch {
        SpriteBatch {
            text: vec![SpriteInstance::new(Layer::Solid, [0.0; 4], [1.0; 4]); n],
            ..SpriteBatch::default()
        }
    }

    #[test]
    fn a_still_screen_waits_a_30th_of_a_second_until_an_event_or_a_change() {
        let start = Instant::now();
        let cap = Some(ms(7));
        let mut pacer = FramePacer::default();
        pacer.frame_started(start, cap);
        assert!(
            !pacer.frame_drawn(batch(1), false, Some(STILL_PERIOD)),
            "the first frame"
        );
        assert_eq!(
            pacer.wait_until(start),
            Some(start + ms(7)),
            "the cap alone"
        );
        let second = start + ms(7);
        pacer.frame_started(second, cap);
        assert!(
            pacer.frame_drawn(batch(1), false, Some(STILL_PERIOD)),
            "the same again"
        );
        assert_eq!(pacer.wait_until(second), Some(second + STILL_PERIOD));
        assert!(pacer.is_still());
        assert_eq!(
            pacer.wait_until(second + ms(10)),
            Some(second + STILL_PERIOD)
        );
        assert_eq!(pacer.wait_until(second + STILL_PERIOD), None, "due");
        // A redraw asked for is no input; a window event (a key, the mouse, focus) is: the next
        // frame at once (the cap's deadline has passed).
        pacer.event(&WindowEvent::RedrawRequested);
        assert!(pacer.is_still(), "a redraw request");
        pacer.event(&WindowEvent::Focused(true));
        assert!(!pacer.is_still());
        assert_eq!(pacer.wait_until(second + ms(20)), None, "woken");
        // Something changed: the full rate again.
        let third = second + ms(20);
        pacer.frame_started(third, cap);
        assert!(!pacer.frame_drawn(batch(2), false, Some(STILL_PERIOD)));
        assert_eq!(pacer.wait_until(third), Some(third + ms(7)));
        // A game in play keeps its rate, whatever it shows.
        let fourth = third + ms(7);
        pacer.frame_started(fourth, cap);
        assert!(
            !pacer.frame_drawn(batch(2), true, Some(STILL_PERIOD)),
            "live"
        );
        assert_eq!(pacer.wait_until(fourth), Some(fourth + ms(7)));
        // The effects' clock runs on every screen: alone, it changes nothing; a shake does.
        let mut later = batch(2);
        later.effects.time = 5.0;
        pacer.frame_started(fourth + ms(7), cap);
        assert!(
            pacer.frame_drawn(later.clone(), false, Some(STILL_PERIOD)),
            "the clock"
        );
        later.effects.shake = 0.5;
        pacer.frame_started(fourth + ms(7), cap);
        assert!(
            !pacer.frame_drawn(later, false, Some(STILL_PERIOD)),
            "a shake"
        );
        // A measurement run never waits.
        pacer.frame_started(fourth + ms(7), None);
        assert!(!pacer.frame_drawn(batch(2), false, None), "a shake before");
        assert!(pacer.frame_drawn(batch(2), false, None), "still, but");
        assert_eq!(pacer.wait_until(fourth + ms(7)), None, "uncapped");
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
