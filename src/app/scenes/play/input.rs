//! The game's keys and pausing: Esc, the pause and next-mode keys, a lost focus, the pause
//! screen over the game and what that screen asks of it (restart, fork).

use super::{GameStart, PlayScene};
use crate::app::scenes::pause::{PauseScene, Paused};
use crate::app::scenes::run_over::Retry;
use crate::app::scenes::{Context, Scene, Transition};
use crate::app::Action;
use crate::replay::ChangeKind;
use crate::sim::fork::Fork;
use winit::keyboard::KeyCode;

/// The key that hides or shows the fork's legend in play ([`crate::view::fork::LEGEND_KEY`]).
pub const FORK_LEGEND_KEY: KeyCode = KeyCode::KeyG;

impl PlayScene {
    /// Pauses: the pause screen over the game ([`PauseScene::over`]), its replay saved (a
    /// process killed while paused loses nothing).
    pub fn pause(&mut self) -> Transition {
        self.pause_noting(None)
    }

    /// [`PlayScene::pause`], with `note` (if any) on a line under the pause's box: what the
    /// player should know before going on (a continued run's level file changed since).
    pub fn pause_noting(&mut self, note: Option<String>) -> Transition {
        self.recording.save();
        Transition::Push(Box::new(PauseScene::over(self).with_note(note)))
    }

    /// The pause screen's fork key ([`Reply::Fork`](crate::app::scenes::Reply::Fork)): forks the game at this step into each
    /// collision mode of `modes` (`--modes`), or leaves the fork.
    pub(super) fn fork_or_leave(&mut self, modes: &[crate::collision::CollisionMode]) {
        self.fork = match self.fork {
            Some(_) => None,
            None => Some(Fork::new(&self.game, modes, self.game.stats().steps)),
        };
    }

    pub(super) fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        // Esc pauses first (the pause screen's Esc leaves): a run is never dropped by one key (a
        // play-tester lost a run to one Esc). The bot's demo and the editor's test-play have
        // nothing to lose. Esc is a menu key: it does this whatever the bindings.
        if code == KeyCode::Escape {
            if self.bot.is_some() || self.campaign.is_trial() {
                ctx.effects.clear();
                return Transition::Pop;
            }
            return self.pause();
        }
        // The fork's legend key, unless an action is bound to it.
        if code == FORK_LEGEND_KEY && self.fork.is_some() && ctx.bindings().action(code).is_none() {
            self.fork_legend = !self.fork_legend;
            return Transition::None;
        }
        match ctx.bindings().action(code) {
            Some(Action::Pause) => self.pause(),
            Some(Action::Warp) => self.warp_pressed(),
            Some(Action::InnerStability) => self.inner_stability(ctx),
            Some(Action::NextCollisionMode) => {
                ctx.collision = ctx.collision.next();
                self.game.set_collision_mode(ctx.collision);
                // The fork's copies each keep their mode; the game's own copy no longer
                // matches it, so the fork ends.
                self.fork = None;
                self.recording
                    .change(ChangeKind::Collision(ctx.collision.name().to_string()));
                log::info!("collision mode: {}", ctx.collision);
                Transition::None
            }
            _ => Transition::None,
        }
    }

    pub(super) fn on_focus_lost(&mut self) -> Transition {
        if self.bot.is_some() {
            Transition::None
        } else {
            self.pause()
        }
    }
}

impl Paused for PlayScene {
    fn restart(&self) -> Option<Retry> {
        let lives = self.game.lives();
        if lives <= 1 || self.bot.is_some() || self.campaign.player().is_some() {
            return None;
        }
        let again = self.campaign.restarted(lives - 1);
        Some(Box::new(move |ctx: &mut Context| {
            PlayScene::start(ctx, GameStart::Load(again.clone()))
                .ok()
                .map(|play| Box::new(play) as Box<dyn Scene>)
        }))
    }

    fn is_forked(&self) -> bool {
        self.fork.is_some()
    }

    fn left_for(&self) -> &'static str {
        self.campaign.kind().left_for()
    }
}
