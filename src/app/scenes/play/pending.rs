//! What the player asked of the game between two steps (the warp key, a pick on the Plane of
//! Inner Stability), given to the next step's input ([`Input::actions`], [`Input::pick`]).

use crate::sim::{Action, Input};
use glam::Vec2;

/// What the player asked for between two steps, given to the next one.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pending {
    /// The warp key was pressed.
    warp: bool,
    /// The brick picked on the Plane of Inner Stability: its centre, playfield pixels.
    pick: Option<Vec2>,
}

impl Pending {
    /// The warp key was pressed: the next step warps, if the game allows it then.
    pub fn request_warp(&mut self) {
        self.warp = true;
    }

    /// A brick was picked: the next step picks `point` (playfield pixels).
    pub fn pick(&mut self, point: Vec2) {
        self.pick = Some(point);
    }

    /// `input` with what is pending added; nothing stays pending.
    pub fn apply(&mut self, mut input: Input) -> Input {
        if std::mem::take(&mut self.warp) {
            input.actions.insert(Action::Warp);
        }
        if let Some(pick) = self.pick.take() {
            input.pick = Some(pick);
        }
        input
    }
}
