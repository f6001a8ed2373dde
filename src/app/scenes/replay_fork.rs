//! The replay screen's fork (the collision lab): the game at one step forked into every
//! collision mode ([`ReplayFork`]), kept at the replay's step as it plays, steps and seeks, and
//! drawn overlaid (the replay's own mode solid, the others as ghosts, a legend) or as panes side
//! by side ([`crate::view::fork`]). A seek before the fork's step leaves it.
//!
//! N ([`ForkView::to_next_split`]) stops at the next split and explains it: every copy's
//! contact in that step beside the exact referee's ([`crate::probe::split::explain`], laid out
//! by [`crate::view::split`]); L opens that ball and its bricks in the lab
//! ([`ForkView::lab`]); with no split ahead, N says so for [`MESSAGE_SECONDS`]. G hides or
//! shows the legend, which keeps clear of the balls on its own.

use super::lab::LabScene;
use super::replay_watch::Watch;
use crate::collision::CollisionMode;
use crate::probe::split::{explain, SplitExplained};
use crate::replay::fork::ReplayFork;
use crate::sim::fork::Fork;
use crate::sim::SubSteps;
use crate::view::fork as look;
use crate::view::scene::HeldPowerUps;
use crate::view::split as why;
use crate::view::SpriteBatch;
use glam::Vec2;

/// Steps [`ForkView::next_split`] plays ahead looking for a split: two minutes.
pub const SPLIT_LOOK_AHEAD: u64 = 120 * 240;

/// Seconds N's message (no further split) stays on screen.
pub const MESSAGE_SECONDS: f32 = 4.0;

/// The key that opens the split's situation in the lab, as the panel names it.
pub const OPEN_KEY: &str = "L";

/// A fork shown on the replay screen.
#[derive(Debug)]
pub struct ForkView {
    fork: ReplayFork,
    /// Panes side by side rather than overlaid.
    pub split: bool,
    /// The copies' sub-steps (the replay's own unless U switched them).
    sub_steps: SubSteps,
    /// The legend, or N's panel at a split, shows (G).
    pub legend: bool,
    /// The last split N stopped at, explained (shown while the fork is at its step).
    explained: Option<SplitExplained>,
    /// What N said, and for how many more seconds.
    message: Option<(String, f32)>,
}

impl ForkView {
    /// The watched game forked at the watch's step into each mode of `modes` (`--modes`),
    /// overlaid, with the replay's own sub-steps.
    pub fn new(watch: &Watch, modes: &[crate::collision::CollisionMode]) -> ForkView {
        ForkView::with_sub_steps(watch, modes, watch.game().config().sub_steps)
    }

    /// [`ForkView::new`] with every copy playing with `sub_steps`.
    fn with_sub_steps(
        watch: &Watch,
        modes: &[crate::collision::CollisionMode],
        sub_steps: SubSteps,
    ) -> ForkView {
        let mut game = watch.game().clone();
        game.set_sub_steps(sub_steps);
        ForkView {
            fork: ReplayFork::with_modes(watch.replay().clone(), &game, watch.at(), modes),
            split: false,
            sub_steps,
            legend: true,
            explained: None,
            message: None,
        }
    }

    /// U: the same fork made again at the watch's step with the other sub-steps setting (on,
    /// as played; off, one raw collision test per step), saying so for [`MESSAGE_SECONDS`].
    /// The solid ball stays the replay as recorded; V shows every copy.
    pub fn switch_sub_steps(&self, watch: &Watch, modes: &[CollisionMode]) -> ForkView {
        let sub_steps = match self.sub_steps {
            SubSteps::On => SubSteps::Off,
            SubSteps::Off => SubSteps::On,
        };
        let mut fork = ForkView::with_sub_steps(watch, modes, sub_steps);
        fork.split = self.split;
        fork.legend = self.legend;
        let text = match sub_steps {
            SubSteps::Off => "forked again: sub-steps off, one collision test per 1/240 s step",
            SubSteps::On => "forked again: sub-steps on, as the game plays",
        };
        fork.message = Some((text.to_string(), MESSAGE_SECONDS));
        fork
    }

    /// The copies' sub-steps setting.
    pub fn sub_steps(&self) -> SubSteps {
        self.sub_steps
    }

    /// The fork.
    pub fn fork(&self) -> &Fork {
        self.fork.fork()
    }

    /// Puts the copies at the watch's step; `false` if it is before the fork's (leave it).
    pub fn follow(&mut self, watch: &Watch) -> bool {
        self.fork.seek(watch.at())
    }

    /// The next step after `at` where the modes' grouping changes (played ahead up to
    /// [`SPLIT_LOOK_AHEAD`] steps), if one comes.
    pub fn next_split(&self, at: u64) -> Option<u64> {
        self.fork.next_split_after(at, SPLIT_LOOK_AHEAD)
    }

    /// N: the next split after the watch's step (played ahead up to [`SPLIT_LOOK_AHEAD`]
    /// steps), explained; the caller seeks there. None, with a message saying so for
    /// [`MESSAGE_SECONDS`], when no split comes by then or by the replay's end.
    pub fn to_next_split(&mut self, watch: &Watch) -> Option<u64> {
        let at = watch.at();
        let Some(step) = self.next_split(at) else {
            let ahead = at.saturating_add(SPLIT_LOOK_AHEAD) < watch.steps();
            let text = if ahead {
                format!(
                    "no further split in the next {}",
                    crate::view::timeline::clock(SPLIT_LOOK_AHEAD)
                )
            } else {
                "no further split to the end of the replay".to_string()
            };
            self.message = Some((text, MESSAGE_SECONDS));
            return None;
        };
        self.explained = self.explain(step, watch.game().config().collision);
        self.message = match &self.explained {
            Some(_) => None,
            None => Some((
                format!("split at step {step}: no brick near the ball (paddle, wall or power-up)"),
                MESSAGE_SECONDS,
            )),
        };
        Some(step)
    }

    /// The split at `step` explained, from a copy of the fork one step before it.
    fn explain(&self, step: u64, own: CollisionMode) -> Option<SplitExplained> {
        let mut before = self.fork.clone();
        if step == 0 || !before.seek(step - 1) || before.fork().at() + 1 != step {
            return None;
        }
        let mut after = before.clone();
        after.step();
        let split = after.fork().splits().iter().find(|s| s.step == step)?;
        explain(before.fork(), split, own)
    }

    /// The split explained, while the fork is at its step.
    pub fn explained(&self) -> Option<&SplitExplained> {
        self.explained
            .as_ref()
            .filter(|w| w.step == self.fork().at())
    }

    /// What N said last, while it shows.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|(t, _)| t.as_str())
    }

    /// Counts `dt` seconds off the message's time.
    pub fn tick(&mut self, dt: f32) {
        if let Some((_, left)) = &mut self.message {
            *left -= dt;
            if *left <= 0.0 {
                self.message = None;
            }
        }
    }

    /// L: the lab on the explained split's ball, motion and bricks (Esc comes back here).
    pub fn lab(&self) -> Option<LabScene> {
        self.explained().map(|w| LabScene::with_probe(w.probe))
    }

    /// The game part of the picture: the split view's panes, or, overlaid, `solid` drawn by
    /// the caller and here the ghosts and every copy's broken bricks (onto the world batch)
    /// and the legend, with `note` (onto the text batch). Returns whether the caller draws
    /// the solid game (not in the split view).
    pub fn draw(
        &self,
        batch: &mut SpriteBatch,
        watch: &Watch,
        held: HeldPowerUps,
        note: Option<&str>,
        legend: bool,
    ) -> bool {
        let fork = self.fork();
        let blend = watch.blend();
        if self.split {
            look::split_view(batch, fork, blend, held, note);
            return false;
        }
        let own = watch.game().config().collision;
        look::broken_marks(&mut batch.world, fork);
        look::ghosts(&mut batch.world, fork, own, blend);
        let solid: Vec<(Vec2, f32)> = watch
            .game()
            .balls()
            .iter()
            .map(|b| (b.pos, b.radius))
            .collect();
        let all: Vec<(Vec2, f32)> = look::ghost_balls(fork).chain(solid.clone()).collect();
        if let Some(explained) = self.explained().filter(|_| legend && self.legend) {
            why::panel(&mut batch.text, explained, &all, OPEN_KEY);
        } else if legend && self.legend {
            look::legend(&mut batch.text, fork, own, note, &solid);
        }
        if let Some(text) = self.message() {
            why::message(&mut batch.text, text, &all);
        }
        true
    }

    /// The fork's ticks on the timeline, after the strip is drawn.
    pub fn timeline_marks(&self, batch: &mut SpriteBatch, steps: u64) {
        look::timeline_marks(&mut batch.text, self.fork(), steps);
    }
}
