//! The replay screen's fork (the collision lab): the game at one step forked into every
//! collision mode ([`ReplayFork`]), kept at the replay's step as it plays, steps and seeks, and
//! drawn overlaid (the replay's own mode solid, the others as ghosts, a legend) or as panes side
//! by side ([`crate::view::fork`]). A seek before the fork's step leaves it.

use super::replay_watch::Watch;
use crate::replay::fork::ReplayFork;
use crate::sim::fork::Fork;
use crate::view::fork as look;
use crate::view::scene::HeldPowerUps;
use crate::view::SpriteBatch;

/// Steps [`ForkView::next_split`] plays ahead looking for a split: two minutes.
pub const SPLIT_LOOK_AHEAD: u64 = 120 * 240;

/// A fork shown on the replay screen.
#[derive(Debug)]
pub struct ForkView {
    fork: ReplayFork,
    /// Panes side by side rather than overlaid.
    pub split: bool,
}

impl ForkView {
    /// The watched game forked at the watch's step into each mode of `modes` (`--modes`),
    /// overlaid.
    pub fn new(watch: &Watch, modes: &[crate::collision::CollisionMode]) -> ForkView {
        let (replay, game) = (watch.replay().clone(), watch.game());
        ForkView {
            fork: ReplayFork::with_modes(replay, game, watch.at(), modes),
            split: false,
        }
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
        if legend {
            look::legend(&mut batch.text, fork, own, note);
        }
        true
    }

    /// The fork's ticks on the timeline, after the strip is drawn.
    pub fn timeline_marks(&self, batch: &mut SpriteBatch, steps: u64) {
        look::timeline_marks(&mut batch.text, self.fork(), steps);
    }
}
