//! What gamepad events mean to the game, with no gamepad library in sight: pure functions and a
//! small state, fed [`PadEvent`]s (from gilrs in the game, made up in tests).
//!
//! - Left stick (x) and d-pad left/right: the paddle, through [`PadMapper::paddle_axis`]
//!   (analogue speed from the stick past its dead zone, full speed from the d-pad).
//! - South (A on an Xbox pad, × on a PlayStation one): launch, and Enter in menus.
//! - East (B, ○): Esc — back in menus, pause in a game.
//! - Start: the pause action's key (pause and resume; in the level editor, its test-play).
//! - D-pad and left stick pushed in a direction: that arrow key, for the menus; held up or
//!   down, it repeats ([`PadMapper::tick`]) as the keyboard's Up and Down arrows do.

use crate::bindings::Action;
use winit::keyboard::KeyCode;

/// How far (0–1 of the stick's throw) the stick must be pushed to press an arrow key in the
/// menus: past the largest dead zone allowed (0.9 is the cap of `dead_zone`, but menus need a
/// firm push either way so a resting stick never scrolls a list).
pub const MENU_PUSH: f32 = 0.6;

/// The stick must come back under this (0–1) before it presses the next arrow key: the gap
/// with [`MENU_PUSH`] keeps a stick held near the threshold from pressing again and again.
pub const MENU_RELEASE: f32 = 0.4;

/// Seconds the d-pad or stick is held up or down before its arrow key repeats (about a
/// keyboard's auto-repeat delay, so one push on a list moves one line).
pub const REPEAT_DELAY: f32 = 0.4;

/// Seconds between repeats after [`REPEAT_DELAY`]: ten lines a second, quick through a long
/// list yet easy to stop on a line.
pub const REPEAT_INTERVAL: f32 = 0.1;

/// A gamepad button the game uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadButton {
    /// The bottom face button (A, ×).
    South,
    /// The right face button (B, ○).
    East,
    /// Start (Options, +).
    Start,
    /// D-pad up.
    DPadUp,
    /// D-pad down.
    DPadDown,
    /// D-pad left.
    DPadLeft,
    /// D-pad right.
    DPadRight,
}

/// A gamepad axis the game uses; values from -1 to 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadAxis {
    /// Left stick, -1 left to 1 right.
    LeftStickX,
    /// Left stick, -1 down to 1 up.
    LeftStickY,
}

/// A gamepad event, in the game's terms.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PadEvent {
    /// A button went down.
    Pressed(PadButton),
    /// A button went up.
    Released(PadButton),
    /// An axis moved to this value (-1 to 1; anything else is clamped, NaN is 0).
    Axis(PadAxis, f32),
    /// The gamepad was unplugged: everything it held is let go.
    Disconnected,
}

/// A key press a gamepad event stands for, for the scenes' [`crate::app::scenes::SceneInput::Press`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PadPress {
    /// A fixed menu key (arrows, Enter, Esc).
    Key(KeyCode),
    /// An action's key, whichever the player bound ([`crate::bindings::Bindings::keys`]).
    Action(Action),
}

/// What one gamepad event does.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PadOutput {
    /// Launch the ball (as a click does).
    pub launch: bool,
    /// Key presses for the top scene, in order.
    pub presses: Vec<PadPress>,
}

/// The gamepad's state as its events left it: the paddle control and the stick's menu
/// direction. Any number of pads feed one mapper (the last event wins).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PadMapper {
    stick_x: f32,
    stick_y: f32,
    dpad_left: bool,
    dpad_right: bool,
    /// The d-pad's up or down arrow while held.
    dpad_vertical: Option<KeyCode>,
    /// The arrow key repeating now, and seconds until its next repeat.
    repeat: Option<(KeyCode, f32)>,
    /// The arrow key the stick pressed and still holds (until it comes back under
    /// [`MENU_RELEASE`]).
    stick_arrow: Option<KeyCode>,
}

impl PadMapper {
    /// Records `event`; returns what it does.
    pub fn event(&mut self, event: PadEvent) -> PadOutput {
        let mut out = PadOutput::default();
        let key = |code| vec![PadPress::Key(code)];
        match event {
            PadEvent::Pressed(button) => match button {
                PadButton::South => {
                    out.launch = true;
                    out.presses = key(KeyCode::Enter);
                }
                PadButton::East => out.presses = key(KeyCode::Escape),
                PadButton::Start => out.presses = vec![PadPress::Action(Action::Pause)],
                PadButton::DPadUp => {
                    self.dpad_vertical = Some(KeyCode::ArrowUp);
                    out.presses = key(KeyCode::ArrowUp);
                }
                PadButton::DPadDown => {
                    self.dpad_vertical = Some(KeyCode::ArrowDown);
                    out.presses = key(KeyCode::ArrowDown);
                }
                PadButton::DPadLeft => {
                    self.dpad_left = true;
                    out.presses = key(KeyCode::ArrowLeft);
                }
                PadButton::DPadRight => {
                    self.dpad_right = true;
                    out.presses = key(KeyCode::ArrowRight);
                }
            },
            PadEvent::Released(PadButton::DPadLeft) => self.dpad_left = false,
            PadEvent::Released(PadButton::DPadRight) => self.dpad_right = false,
            PadEvent::Released(PadButton::DPadUp | PadButton::DPadDown) => {
                self.dpad_vertical = None;
            }
            PadEvent::Released(_) => {}
            PadEvent::Axis(axis, value) => {
                let value = if value.is_nan() {
                    0.0
                } else {
                    value.clamp(-1.0, 1.0)
                };
                match axis {
                    PadAxis::LeftStickX => self.stick_x = value,
                    PadAxis::LeftStickY => self.stick_y = value,
                }
                out.presses = self
                    .stick_menu_press()
                    .map(PadPress::Key)
                    .into_iter()
                    .collect();
            }
            PadEvent::Disconnected => *self = PadMapper::default(),
        }
        out
    }

    /// Advances the held arrow's repeat by `dt` seconds: the Up or Down arrow held on the
    /// d-pad or stick presses again after [`REPEAT_DELAY`], then every [`REPEAT_INTERVAL`] (at
    /// most once per call). Returns that press, if any.
    pub fn tick(&mut self, dt: f32) -> Option<PadPress> {
        let held = self.dpad_vertical.or(self
            .stick_arrow
            .filter(|k| matches!(k, KeyCode::ArrowUp | KeyCode::ArrowDown)));
        let Some(key) = held else {
            self.repeat = None;
            return None;
        };
        match &mut self.repeat {
            Some((repeating, left)) if *repeating == key => {
                *left -= dt.max(0.0);
                if *left > 0.0 {
                    return None;
                }
                *left = REPEAT_INTERVAL;
                Some(PadPress::Key(key))
            }
            _ => {
                self.repeat = Some((key, REPEAT_DELAY - dt.max(0.0)));
                None
            }
        }
    }

    /// The paddle control for [`crate::app::InputState::set_pad_axis`], -1 (full speed left)
    /// to 1 (full speed right): the d-pad if one of its sides is held, else the stick through
    /// [`dead_zone`].
    pub fn paddle_axis(&self, dead_zone: f32) -> f32 {
        match (self.dpad_left, self.dpad_right) {
            (true, false) => -1.0,
            (false, true) => 1.0,
            (true, true) => 0.0,
            (false, false) => self::dead_zone(self.stick_x, dead_zone),
        }
    }

    /// The arrow key the stick presses now, if it was just pushed past [`MENU_PUSH`] in a new
    /// direction; forgets the held one once the stick is back under [`MENU_RELEASE`].
    fn stick_menu_press(&mut self) -> Option<KeyCode> {
        let (x, y) = (self.stick_x, self.stick_y);
        if x.abs().max(y.abs()) < MENU_RELEASE {
            self.stick_arrow = None;
            return None;
        }
        let arrow = if x.abs() >= y.abs() {
            (x.abs() >= MENU_PUSH).then_some(if x < 0.0 {
                KeyCode::ArrowLeft
            } else {
                KeyCode::ArrowRight
            })
        } else {
            (y.abs() >= MENU_PUSH).then_some(if y > 0.0 {
                KeyCode::ArrowUp
            } else {
                KeyCode::ArrowDown
            })
        }?;
        if self.stick_arrow == Some(arrow) {
            return None;
        }
        self.stick_arrow = Some(arrow);
        Some(arrow)
    }
}

/// An axis `value` (-1 to 1) through a dead zone of `zone` (0–0.9, clamped): 0 within it, and
/// beyond it rescaled so that the paddle's speed grows from 0 at its edge to full at the end
/// of the throw (no jump from standstill to `zone` × full speed).
pub fn dead_zone(value: f32, zone: f32) -> f32 {
    let zone = if zone.is_nan() {
        0.0
    } else {
        zone.clamp(0.0, 0.9)
    };
    if value.is_nan() || value.abs() <= zone {
        return 0.0;
    }
    let past = (value.abs().min(1.0) - zone) / (1.0 - zone);
    past.copysign(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn presses(mapper: &mut PadMapper, events: &[PadEvent]) -> Vec<PadPress> {
        events
            .iter()
            .flat_map(|&e| mapper.event(e).presses)
            .collect()
    }

    #[test]
    fn the_dead_zone_holds_the_paddle_still_and_the_speed_grows_from_its_edge() {
        assert_eq!(dead_zone(0.15, 0.2), 0.0);
        assert_eq!(dead_zone(-0.2, 0.2), 0.0);
        assert!((dead_zone(0.6, 0.2) - 0.5).abs() < 1e-6);
        assert!((dead_zone(-0.6, 0.2) + 0.5).abs() < 1e-6);
        assert_eq!(dead_zone(1.0, 0.2), 1.0);
        assert_eq!(dead_zone(-1.5, 0.2), -1.0);
        assert_eq!(dead_zone(0.05, 0.0), 0.05);
        assert_eq!(dead_zone(f32::NAN, 0.2), 0.0);
        assert_eq!(dead_zone(0.95, 5.0), 0.5, "a zone over 0.9 counts as 0.9");
        // Just past the edge the speed is near 0, not a jump.
        assert!(dead_zone(0.21, 0.2) < 0.02);
    }

    #[test]
    fn stick_and_dpad_drive_the_paddle_the_dpad_first() {
        let mut m = PadMapper::default();
        m.event(PadEvent::Axis(PadAxis::LeftStickX, 0.6));
        assert!((m.paddle_axis(0.2) - 0.5).abs() < 1e-6);
        m.event(PadEvent::Pressed(PadButton::DPadLeft));
        assert_eq!(m.paddle_axis(0.2), -1.0);
        m.event(PadEvent::Released(PadButton::DPadLeft));
        assert!((m.paddle_axis(0.2) - 0.5).abs() < 1e-6);
        m.event(PadEvent::Axis(PadAxis::LeftStickX, 0.1));
        assert_eq!(m.paddle_axis(0.2), 0.0, "at rest in the dead zone");
        m.event(PadEvent::Pressed(PadButton::DPadRight));
        assert_eq!(m.paddle_axis(0.2), 1.0);
        m.event(PadEvent::Disconnected);
        assert_eq!(m.paddle_axis(0.2), 0.0, "an unplugged pad lets go");
        assert_eq!(m, PadMapper::default());
    }

    #[test]
    fn buttons_launch_and_press_menu_keys() {
        let mut m = PadMapper::default();
        let south = m.event(PadEvent::Pressed(PadButton::South));
        assert!(south.launch);
        assert_eq!(south.presses, vec![PadPress::Key(KeyCode::Enter)]);
        assert_eq!(
            presses(
                &mut m,
                &[
                    PadEvent::Released(PadButton::South),
                    PadEvent::Pressed(PadButton::East),
                    PadEvent::Pressed(PadButton::Start),
                    PadEvent::Pressed(PadButton::DPadDown),
                    PadEvent::Released(PadButton::DPadDown),
                    PadEvent::Pressed(PadButton::DPadUp),
                ]
            ),
            vec![
                PadPress::Key(KeyCode::Escape),
                PadPress::Action(Action::Pause),
                PadPress::Key(KeyCode::ArrowDown),
                PadPress::Key(KeyCode::ArrowUp),
            ]
        );
        assert!(!m.event(PadEvent::Pressed(PadButton::East)).launch);
    }

    /// A stick pushed down steps a menu once, not on every small movement; back to the
    /// centre, it steps again; a half push does nothing.
    #[test]
    fn the_stick_steps_menus_once_per_push() {
        let mut m = PadMapper::default();
        let stick = |y| PadEvent::Axis(PadAxis::LeftStickY, y);
        assert_eq!(
            presses(
                &mut m,
                &[stick(-0.3), stick(-0.7), stick(-0.9), stick(-0.5)]
            ),
            vec![PadPress::Key(KeyCode::ArrowDown)]
        );
        assert_eq!(
            presses(&mut m, &[stick(-0.2), stick(-0.8)]),
            vec![PadPress::Key(KeyCode::ArrowDown)]
        );
        assert_eq!(
            presses(&mut m, &[stick(0.0), stick(0.5), stick(0.65)]),
            vec![PadPress::Key(KeyCode::ArrowUp)]
        );
        let x = |v| PadEvent::Axis(PadAxis::LeftStickX, v);
        assert_eq!(
            presses(&mut m, &[stick(0.0), x(0.7), x(f32::NAN), x(-0.8)]),
            vec![
                PadPress::Key(KeyCode::ArrowRight),
                PadPress::Key(KeyCode::ArrowLeft)
            ]
        );
    }

    /// Held down, the d-pad steps a list again after the delay, then at the interval; let go,
    /// it stops. The stick held up does the same.
    #[test]
    fn a_held_dpad_or_stick_repeats_up_and_down_only() {
        let mut m = PadMapper::default();
        let ticks =
            |m: &mut PadMapper, n: usize| -> usize { (0..n).filter_map(|_| m.tick(0.05)).count() };
        m.event(PadEvent::Pressed(PadButton::DPadDown));
        assert_eq!(ticks(&mut m, 7), 0, "0.35 s: not yet");
        assert_eq!(
            m.tick(0.05),
            Some(PadPress::Key(KeyCode::ArrowDown)),
            "0.4 s"
        );
        assert_eq!(ticks(&mut m, 20), 10, "then every 0.1 s");
        m.event(PadEvent::Released(PadButton::DPadDown));
        assert_eq!(ticks(&mut m, 20), 0);
        m.event(PadEvent::Pressed(PadButton::DPadLeft));
        assert_eq!(ticks(&mut m, 20), 0, "left does not repeat");
        m.event(PadEvent::Axis(PadAxis::LeftStickY, 0.9));
        assert_eq!(ticks(&mut m, 8), 1);
        assert_eq!(m.tick(0.1), Some(PadPress::Key(KeyCode::ArrowUp)));
        m.event(PadEvent::Axis(PadAxis::LeftStickY, 0.0));
        assert_eq!(m.tick(1.0), None);
    }
}
