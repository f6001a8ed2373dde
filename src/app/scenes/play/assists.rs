//! The player's ways past a level in play: the warp key (`sim/warp.rs`) and the Plane of Inner
//! Stability (`scenes/inner_stability.rs`, `sim/pick.rs`). Both reach the game as the next
//! step's input (`pending.rs`), so replays hold them.

use super::PlayScene;
use crate::app::scenes::inner_stability::{self, InnerStabilityScene};
use crate::app::scenes::{Context, Transition};
use crate::sim::pick::pick_cost;
use crate::sim::GameState;

impl PlayScene {
    /// The warp key: the next step warps if the game allows it then (a demo's bot plays on).
    pub(super) fn warp_pressed(&mut self) -> Transition {
        if self.bot.is_none() {
            self.assists.request_warp();
        }
        Transition::None
    }

    /// The Plane of Inner Stability's key: the plane over the game, while a player (not the
    /// bot) plays a regular level (not a mini-game: LBreakoutHD's `runBrickDestroyDlg` is for
    /// regular levels only).
    pub(super) fn inner_stability(&mut self, _ctx: &mut Context) -> Transition {
        let mini_game = self.game.bonus_hud().is_some();
        if self.bot.is_some() || self.game.state() != GameState::Playing || mini_game {
            return Transition::None;
        }
        let targets = inner_stability::targets(&self.game);
        let cost = pick_cost(self.game.score());
        Transition::Push(Box::new(InnerStabilityScene::new(targets, cost)))
    }

    /// The plane closed with the brick at `row`, `col` picked: the next step picks its centre.
    pub(super) fn picked(&mut self, row: usize, col: usize) {
        if let Some(brick) = self.game.bricks().live(row, col) {
            self.assists.pick(brick.rect.center());
        }
    }
}
