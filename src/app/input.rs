//! Input state: window events update it; each fixed step reads it (as in ggez's astroblasto).

use crate::bindings::{Action, Bindings};
use crate::config::{MouseMode, MouseSettings};
use crate::playfield::PLAYFIELD_WIDTH;
use crate::sim::{Actions, Input};
use winit::keyboard::PhysicalKey;

/// What the player is doing with keyboard and mouse, in playfield terms.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct InputState {
    left: bool,
    right: bool,
    /// Latched by a key press or click, consumed by the next step that reads it.
    launch: bool,
    /// Mouse x the paddle follows, playfield pixels; `None` until the pointer moves (at the
    /// start of a game, and once the keyboard took over).
    mouse_x: Option<f32>,
    /// Where the pointer was last seen, playfield pixels.
    pointer_x: Option<f32>,
    /// Where the pointer was when the paddle stopped following it: it takes over again only
    /// once it has moved [`POINTER_DEADBAND`] from there.
    anchor_x: Option<f32>,
    /// A gamepad's paddle control, -1 (full left) to 1 (full right); see
    /// [`InputState::set_pad_axis`].
    pad_axis: f32,
    /// Held actions (the turbo keys) while their keys are down.
    held: Actions,
    /// Momentary actions (fire, recall), latched by a press, consumed by the next step.
    pressed: Actions,
    /// Absolute or relative, the sensitivity and invert (`[controls]`).
    mouse: MouseSettings,
    /// Where relative motion starts from when the paddle takes the mouse again: the last
    /// target it gave (the playfield's middle in a new game), playfield pixels.
    relative_from: Option<f32>,
}

/// Pixels the pointer must move before the paddle follows it again (in a play-test the paddle
/// jumped to a pointer that had not moved when a level started).
pub const POINTER_DEADBAND: f32 = 3.0;

/// Steps of the paddle target the mouse gives the game, playfield pixels: 1/16 px, far finer
/// than any screen shows, but a multiple of 1/256 px, which a replay stores exactly in a few
/// bits (a pointer's position scaled to the playfield is any `f32`, stored as its 32 raw bits).
pub const MOUSE_TARGET_STEP: f32 = 1.0 / 16.0;

/// `x` to the nearest multiple of [`MOUSE_TARGET_STEP`].
fn quantised(x: f32) -> f32 {
    (x / MOUSE_TARGET_STEP).round() * MOUSE_TARGET_STEP
}

impl InputState {
    /// Records a key press or release (physical keys, so A/D work on any keyboard layout), as
    /// `bindings` say: the keys of [`Action::Left`], [`Action::Right`] and [`Action::Launch`].
    /// Returns true if the key is one the game plays with.
    pub fn key(&mut self, bindings: &Bindings, key: PhysicalKey, pressed: bool) -> bool {
        let action = bindings.action_of(key);
        match action {
            Some(Action::Left) => self.left = pressed,
            Some(Action::Right) => self.right = pressed,
            Some(Action::Launch) => self.launch |= pressed,
            Some(a) => match sim_action(a) {
                Some(sim) if sim.def().held => {
                    self.held.set(sim, pressed);
                    return true;
                }
                Some(sim) => {
                    if pressed {
                        self.pressed.insert(sim);
                    }
                    return true;
                }
                None => return false,
            },
            None => return false,
        }
        if pressed && action != Some(Action::Launch) {
            self.stop_following();
        }
        true
    }

    /// Sets how the mouse moves the paddle (the settings screen, `[controls]`).
    pub fn set_mouse(&mut self, mouse: MouseSettings) {
        self.mouse = mouse;
    }

    /// How the mouse moves the paddle now.
    pub fn mouse(&self) -> MouseSettings {
        self.mouse
    }

    /// Records the mouse position (playfield pixels). The paddle follows it until a key is used
    /// or a game starts, and again once the pointer has moved [`POINTER_DEADBAND`] pixels:
    /// to the pointer (absolute; inverted: mirrored about the playfield's middle), or by its
    /// motion times the sensitivity (relative; inverted: the other way), within the playfield.
    pub fn mouse_moved(&mut self, x: f32) {
        let before = self.pointer_x.replace(x);
        let anchor = *self.anchor_x.get_or_insert(x);
        if self.mouse_x.is_none() && (x - anchor).abs() < POINTER_DEADBAND {
            return;
        }
        let sign = if self.mouse.invert { -1.0 } else { 1.0 };
        let target = match self.mouse.mode {
            MouseMode::Absolute if self.mouse.invert => PLAYFIELD_WIDTH - x,
            MouseMode::Absolute => x,
            MouseMode::Relative => {
                let from = self
                    .mouse_x
                    .or(self.relative_from)
                    .unwrap_or(PLAYFIELD_WIDTH / 2.0);
                let factor = self.mouse.sensitivity as f32 / 100.0;
                let moved = x - before.unwrap_or(x);
                (from + sign * moved * factor).clamp(0.0, PLAYFIELD_WIDTH)
            }
        };
        self.mouse_x = Some(target);
        self.relative_from = Some(target);
    }

    /// The paddle stops following the pointer until it moves.
    fn stop_following(&mut self) {
        self.mouse_x = None;
        self.anchor_x = self.pointer_x;
    }

    /// A game starts: no key held, and the paddle waits for the pointer to move before it
    /// follows it.
    pub fn new_game(&mut self) {
        self.release_all();
        self.stop_following();
        // The paddle starts in the middle.
        self.relative_from = None;
    }

    /// A mouse click launches the ball.
    pub fn clicked(&mut self) {
        self.launch = true;
    }

    /// A gamepad's launch button launches the ball (as a click does).
    pub fn pad_launch(&mut self) {
        self.launch = true;
    }

    /// Records a gamepad's paddle control: -1 (full speed left) to 1 (full speed right), 0 at
    /// rest (the dead zone already applied; other values are clamped, NaN is 0). Moving it
    /// from rest takes the paddle from the mouse, as a key does.
    pub fn set_pad_axis(&mut self, axis: f32) {
        let axis = if axis.is_nan() {
            0.0
        } else {
            axis.clamp(-1.0, 1.0)
        };
        if axis != 0.0 && self.pad_axis == 0.0 {
            self.stop_following();
        }
        self.pad_axis = axis;
    }

    /// Releases every key (e.g. when the window loses focus, so the paddle doesn't drift).
    pub fn release_all(&mut self) {
        *self = InputState {
            mouse_x: self.mouse_x,
            pointer_x: self.pointer_x,
            anchor_x: self.anchor_x,
            mouse: self.mouse,
            relative_from: self.relative_from,
            ..InputState::default()
        };
    }

    /// The input for the next fixed step; consumes a pending launch.
    pub fn take_step_input(&mut self) -> Input {
        let input = Input {
            left: self.left,
            right: self.right,
            paddle_target_x: self.mouse_x.map(quantised),
            launch: self.launch,
            paddle_axis: self.pad_axis,
            actions: Actions::of(&[]),
            pick: None,
        };
        let mut input = input;
        for a in self.held.iter().chain(self.pressed.iter()) {
            input.actions.insert(a);
        }
        self.pressed = Actions::NONE;
        self.launch = false;
        input
    }
}

/// The simulation's action a bound key takes, if it is one (the turbo, fire and recall keys).
fn sim_action(action: Action) -> Option<crate::sim::Action> {
    use crate::sim::Action as Sim;
    match action {
        Action::PaddleTurbo => Some(Sim::PaddleTurbo),
        Action::BallTurbo => Some(Sim::BallTurbo),
        Action::FireLeft => Some(Sim::FireLeft),
        Action::FireRight => Some(Sim::FireRight),
        Action::Recall => Some(Sim::Recall),
        Action::Left
        | Action::Right
        | Action::Launch
        | Action::Pause
        | Action::Mute
        | Action::NextCollisionMode
        | Action::DebugOverlay
        | Action::Fullscreen => None,
        // The play scene turns these into the next step's input itself (`play/pending.rs`),
        // a player's only, never the demo bot's.
        Action::Warp | Action::InnerStability => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use winit::keyboard::KeyCode;

    fn key(s: &mut InputState, code: KeyCode, pressed: bool) -> bool {
        s.key(&Bindings::default(), PhysicalKey::Code(code), pressed)
    }

    #[test]
    fn launch_is_consumed_once() {
        let mut s = InputState::default();
        key(&mut s, KeyCode::Space, true);
        assert!(s.take_step_input().launch);
        assert!(!s.take_step_input().launch);
    }

    #[test]
    fn a_pointer_that_has_not_moved_does_not_move_the_paddle() {
        let mut s = InputState::default();
        s.mouse_moved(640.0); // the pointer's position when the window appeared
        assert_eq!(s.take_step_input().paddle_target_x, None);
        s.mouse_moved(641.0);
        assert_eq!(
            s.take_step_input().paddle_target_x,
            None,
            "within the dead band"
        );
        s.mouse_moved(650.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(650.0));
        s.mouse_moved(651.0);
        assert_eq!(
            s.take_step_input().paddle_target_x,
            Some(651.0),
            "then it follows"
        );
        s.new_game();
        assert_eq!(
            s.take_step_input().paddle_target_x,
            None,
            "a new game waits"
        );
        s.mouse_moved(652.0);
        assert_eq!(s.take_step_input().paddle_target_x, None);
        s.mouse_moved(600.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(600.0));
    }

    /// Replays of mouse play store the paddle target in 1/256 px when that is exact: the
    /// pointer's position scaled to the playfield (a window of 1000 px: × 0.8) is not, until
    /// it is rounded to 1/16 px.
    #[test]
    fn the_mouse_target_is_a_sixteenth_of_a_pixel_step() {
        let mut s = InputState::default();
        s.mouse_moved(-100.0);
        for px in [1.0f32, 333.0, 517.0, 999.0] {
            s.mouse_moved(px * 0.8);
            let x = s.take_step_input().paddle_target_x.unwrap();
            assert_eq!((x * 16.0).fract(), 0.0, "{x}");
            assert!((x - px * 0.8).abs() <= MOUSE_TARGET_STEP / 2.0, "{x}");
        }
    }

    #[test]
    fn keyboard_takes_over_from_mouse() {
        let mut s = InputState::default();
        s.mouse_moved(90.0);
        s.mouse_moved(100.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(100.0));
        key(&mut s, KeyCode::ArrowLeft, true);
        let input = s.take_step_input();
        assert!(input.left);
        assert_eq!(input.paddle_target_x, None);
    }

    /// Rebinding applies at once: the new key moves the paddle, the old one no longer does.
    #[test]
    fn a_rebound_key_moves_the_paddle_and_the_old_one_does_not() {
        let mut bindings = Bindings::default();
        bindings.bind(Action::Left, KeyCode::KeyJ).unwrap();
        let mut s = InputState::default();
        assert!(!s.key(&bindings, PhysicalKey::Code(KeyCode::KeyA), true));
        assert!(!s.key(&bindings, PhysicalKey::Code(KeyCode::ArrowLeft), true));
        assert!(!s.take_step_input().left, "the old keys");
        assert!(s.key(&bindings, PhysicalKey::Code(KeyCode::KeyJ), true));
        assert!(s.take_step_input().left, "the new key");
        s.key(&bindings, PhysicalKey::Code(KeyCode::KeyJ), false);
        assert!(!s.take_step_input().left);
        bindings.bind(Action::Launch, KeyCode::KeyK).unwrap();
        s.key(&bindings, PhysicalKey::Code(KeyCode::Space), true);
        assert!(!s.take_step_input().launch);
        s.key(&bindings, PhysicalKey::Code(KeyCode::KeyK), true);
        assert!(s.take_step_input().launch);
    }

    #[test]
    fn the_pad_axis_reaches_the_step_and_takes_over_from_the_mouse() {
        let mut s = InputState::default();
        s.mouse_moved(90.0);
        s.mouse_moved(100.0);
        s.set_pad_axis(0.5);
        let input = s.take_step_input();
        assert_eq!(input.paddle_axis, 0.5);
        assert_eq!(input.paddle_target_x, None);
        s.set_pad_axis(f32::NAN);
        assert_eq!(s.take_step_input().paddle_axis, 0.0);
        s.set_pad_axis(-3.0);
        assert_eq!(s.take_step_input().paddle_axis, -1.0);
        s.release_all();
        assert_eq!(s.take_step_input().paddle_axis, 0.0, "focus lost");
    }

    fn relative(sensitivity: u32, invert: bool) -> InputState {
        let mut s = InputState::default();
        s.set_mouse(MouseSettings {
            mode: MouseMode::Relative,
            sensitivity,
            invert,
        });
        s
    }

    /// Relative: the paddle starts in the middle and moves by the motion × the sensitivity,
    /// the other way inverted, never beyond the playfield.
    #[test]
    fn relative_motion_scales_inverts_and_stays_in_the_playfield() {
        let mid = PLAYFIELD_WIDTH / 2.0;
        let mut s = relative(100, false);
        s.mouse_moved(100.0);
        s.mouse_moved(110.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(mid + 10.0));
        s.mouse_moved(90.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(mid - 10.0));
        let mut s = relative(160, false);
        s.mouse_moved(100.0);
        s.mouse_moved(110.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(mid + 16.0));
        let mut s = relative(40, true);
        s.mouse_moved(100.0);
        s.mouse_moved(110.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(mid - 4.0));
        let mut s = relative(160, false);
        s.mouse_moved(0.0);
        s.mouse_moved(790.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(PLAYFIELD_WIDTH));
        s.mouse_moved(-2000.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(0.0));
        // After the keyboard, the mouse moves the paddle on from its last target.
        key(&mut s, KeyCode::ArrowLeft, true);
        s.mouse_moved(-1990.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(16.0));
    }

    #[test]
    fn absolute_inverted_mirrors_the_pointer() {
        let mut s = InputState::default();
        s.set_mouse(MouseSettings {
            invert: true,
            ..MouseSettings::default()
        });
        s.mouse_moved(90.0);
        s.mouse_moved(100.0);
        assert_eq!(
            s.take_step_input().paddle_target_x,
            Some(PLAYFIELD_WIDTH - 100.0)
        );
    }
}
