//! [`Watch`]: a replay being watched — its [`Playback`], the [`Keyframes`] taken as it plays
//! (to seek and step back; those of the whole replay are made on a background thread as it
//! starts), play or pause, the speed, and the wall-clock pacing. No window, no
//! context: the replay screen ([`super::replay::ReplayScene`]) drives it and draws what it
//! holds, and the tests drive it alone.

use crate::app::timestep::FixedTimestep;
use crate::config::MAX_FRAME_TIME;
use crate::level::{Level, LevelErrors};
use crate::replay::{Divergence, Keyframes, Playback, Recorder, Replay, DEFAULT_BUDGET};
use crate::sim::tuning::FIXED_TIMESTEP;
use crate::sim::Game;
use std::sync::{mpsc, Arc};

/// The speeds, slowest first: game seconds per wall-clock second, and how the strip shows
/// them. The step stays 1/240 s at every speed: only how many steps run per second changes.
pub const SPEEDS: [(f32, &str); 7] = [
    (0.125, "x1/8"),
    (0.25, "x1/4"),
    (0.5, "x1/2"),
    (1.0, "x1"),
    (2.0, "x2"),
    (4.0, "x4"),
    (8.0, "x8"),
];
/// Index of ×1 in [`SPEEDS`].
pub const NORMAL_SPEED: usize = 3;
/// Steps ←/→ seek back or forward: five seconds of play.
pub const SEEK_STEPS: u64 = 5 * 240;

/// Wall-clock pacing at a speed factor: each frame's time (cut to [`MAX_FRAME_TIME`] first, so a
/// stall costs the same at any speed) times the factor, spent in steps of 1/240 s.
#[derive(Clone, Copy, Debug)]
struct Pacing {
    clock: FixedTimestep,
}

impl Pacing {
    fn new() -> Pacing {
        let fastest = SPEEDS[SPEEDS.len() - 1].0;
        Pacing {
            clock: FixedTimestep::new(FIXED_TIMESTEP, MAX_FRAME_TIME * fastest),
        }
    }

    /// Feeds `dt` wall-clock seconds at `speed`.
    fn accumulate(&mut self, dt: f32, speed: f32) {
        self.clock.accumulate(dt.clamp(0.0, MAX_FRAME_TIME) * speed);
    }
}

/// A replay being watched.
#[derive(Debug)]
pub struct Watch {
    playback: Playback,
    keyframes: Keyframes,
    pacing: Pacing,
    /// Index into [`SPEEDS`].
    speed: usize,
    paused: bool,
    /// The first divergence seen, kept when a seek goes back before it (a snapshot from before
    /// it has not found it yet).
    diverged: Option<Divergence>,
    /// Keyframes of the whole replay, being made on a background thread; they replace
    /// `keyframes` once ready, so a seek forward past what was played re-simulates at most the
    /// interval (until then, it plays the steps between once, taking snapshots).
    ahead: Option<mpsc::Receiver<Keyframes>>,
}

impl Watch {
    /// `replay` at its first step, playing at ×1. Errors: its level text does not parse.
    pub fn new(replay: Arc<Replay>) -> Result<Watch, LevelErrors> {
        let playback = Playback::new(replay)?;
        let keyframes = Keyframes::new(&playback, DEFAULT_BUDGET);
        let (sender, ahead) = mpsc::channel();
        let start = playback.clone();
        let made = std::thread::Builder::new()
            .name("replay keyframes".into())
            .spawn(move || {
                let mut all = Keyframes::new(&start, DEFAULT_BUDGET);
                all.fill(&start);
                // The watch may be gone: nobody to take them.
                let _ = sender.send(all);
            });
        if let Err(e) = &made {
            log::warn!("no background thread for the replay's keyframes: {e}");
        }
        let mut watch = Watch {
            playback,
            keyframes,
            pacing: Pacing::new(),
            speed: NORMAL_SPEED,
            paused: false,
            diverged: None,
            ahead: made.is_ok().then_some(ahead),
        };
        watch.settle();
        Ok(watch)
    }

    /// The replay watched.
    pub fn replay(&self) -> &Arc<Replay> {
        self.playback.replay()
    }

    /// The game as of [`Watch::at`].
    pub fn game(&self) -> &Game {
        self.playback.game()
    }

    /// Steps played.
    pub fn at(&self) -> u64 {
        self.playback.at()
    }

    /// Steps the replay holds.
    pub fn steps(&self) -> u64 {
        self.replay().steps()
    }

    /// Every step has been played.
    pub fn at_end(&self) -> bool {
        self.playback.at_end()
    }

    /// Paused by the player (the end also stops play, see [`Watch::playing`]).
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Steps run as wall-clock time passes: not paused, not at the end.
    pub fn playing(&self) -> bool {
        !self.paused && !self.at_end()
    }

    /// The speed factor: game seconds per wall-clock second.
    pub fn speed(&self) -> f32 {
        SPEEDS[self.speed].0
    }

    /// The speed as the strip shows it (`x1/4`).
    pub fn speed_label(&self) -> &'static str {
        SPEEDS[self.speed].1
    }

    /// Where the replay first stopped matching its stored state hashes, once seen.
    pub fn divergence(&self) -> Option<Divergence> {
        self.diverged
    }

    /// How far between the last step and the next to draw moving things, 0 to 1: the clock's
    /// leftover while playing, the step itself (1) when stopped.
    pub fn blend(&self) -> f32 {
        if self.playing() {
            self.pacing.clock.blend()
        } else {
            1.0
        }
    }

    /// Plays `dt` wall-clock seconds at the speed (nothing while paused or at the end),
    /// calling `on_step` with the game after each step. Returns the steps run.
    pub fn advance(&mut self, dt: f32, mut on_step: impl FnMut(&Game)) -> u64 {
        if !self.playing() {
            return 0;
        }
        self.pacing.accumulate(dt, self.speed());
        let mut ran = 0;
        while self.pacing.clock.step() {
            if !self.playback.step() {
                break;
            }
            ran += 1;
            self.keyframes.offer(&self.playback);
            on_step(self.playback.game());
        }
        self.settle();
        ran
    }

    /// Play or pause; at the end, plays again from the start.
    pub fn toggle_pause(&mut self) {
        if self.at_end() {
            self.seek(0);
            self.paused = false;
        } else {
            self.paused = !self.paused;
        }
        self.pacing = Pacing::new();
    }

    /// Pauses (single steps, a take-over).
    pub fn pause(&mut self) {
        self.paused = true;
        self.pacing = Pacing::new();
    }

    /// One step slower (down to ×1/8).
    pub fn slower(&mut self) {
        self.speed = self.speed.saturating_sub(1);
    }

    /// One step faster (up to ×8).
    pub fn faster(&mut self) {
        self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
    }

    /// Puts the replay at step `target` (the end, if it holds fewer), through the keyframes:
    /// from the nearest snapshot before it, re-simulating the steps between.
    pub fn seek(&mut self, target: u64) {
        let target = target.min(self.steps());
        self.take_ahead();
        self.keyframes.seek(&mut self.playback, target);
        self.pacing = Pacing::new();
        self.settle();
    }

    /// Pauses and plays one step; returns the game after it, or `None` at the end.
    pub fn step_forward(&mut self) -> Option<&Game> {
        self.pause();
        if !self.playback.step() {
            return None;
        }
        self.keyframes.offer(&self.playback);
        self.settle();
        Some(self.playback.game())
    }

    /// Pauses and goes one step back (a seek to the step before: the game as straight play has
    /// it there). Nothing at the start.
    pub fn step_back(&mut self) {
        self.pause();
        if let Some(target) = self.at().checked_sub(1) {
            self.seek(target);
        }
    }

    /// The game as it is now, to be played live from this step (the take-over), and the level
    /// in play (the last reload before now, or the replay's own). Errors: that level's text
    /// does not parse (a replay that read validates its levels, so only a damaged one in
    /// memory).
    pub fn take_over(&self) -> Result<(Game, Level), LevelErrors> {
        let level = self.replay().level_at(self.at())?;
        Ok((self.playback.clone().into_game(), level))
    }

    /// The recording a game taken over now goes on with: the replay cut at this step and marked
    /// as taken over ([`Recorder::taken_over`]). For the play scene's recorder, once it keeps
    /// one: the recording of games in the window is not in this screen's hands.
    pub fn handover_recorder(&self) -> Recorder {
        Recorder::taken_over(self.replay(), self.at())
    }

    /// Takes the keyframes made on the background thread, once they are ready.
    fn take_ahead(&mut self) {
        let Some(ahead) = &self.ahead else { return };
        match ahead.try_recv() {
            Ok(all) => {
                self.keyframes = all;
                self.ahead = None;
            }
            Err(mpsc::TryRecvError::Empty) => {}
            Err(mpsc::TryRecvError::Disconnected) => self.ahead = None,
        }
    }

    /// After the playback moved: at the end, applies the changes after the last step and checks
    /// the end's hash; remembers the first divergence seen.
    fn settle(&mut self) {
        if self.at_end() {
            self.playback.finish();
        }
        self.diverged = self.diverged.or(self.playback.divergence());
    }
}
