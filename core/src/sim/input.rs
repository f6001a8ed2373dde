//! The player's (or the bot's) intent for one simulation step.

use super::actions::Actions;

/// Input for one fixed step, in the simulation's terms. Window events only update an
/// `app::InputState`, which produces this; the simulation never sees raw key codes.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Input {
    /// Move the paddle left at `crate::sim::tuning::PADDLE_SPEED`.
    pub left: bool,
    /// Move the paddle right at `crate::sim::tuning::PADDLE_SPEED`.
    pub right: bool,
    /// Where the paddle's centre should go (playfield x, pixels), e.g. the mouse. Used when
    /// neither `left` nor `right` is held; the paddle moves there at most at
    /// `crate::sim::tuning::PADDLE_FOLLOW_SPEED`.
    pub paddle_target_x: Option<f32>,
    /// Launch a ball stuck on the paddle.
    pub launch: bool,
    /// Analogue paddle control (a gamepad's stick), -1 (full speed left) to 1 (full speed
    /// right): the paddle moves at this fraction of `crate::sim::tuning::PADDLE_SPEED`. Used
    /// when neither `left` nor `right` is held, before `paddle_target_x`; 0 (the default, and
    /// whatever is not a finite number) leaves the paddle to them.
    pub paddle_axis: f32,
    /// The actions taken this step (turbo keys held, fire, recall, warp: [`Actions`]); empty
    /// by default.
    pub actions: Actions,
    /// A playfield point (pixels) where the player clicked a brick to destroy it (the Plane of
    /// Inner Stability), for one step; `None` by default.
    pub pick: Option<glam::Vec2>,
}
