//! Gamepads, read with the `gilrs` crate. This file is the thin part that talks to gilrs: it
//! opens it (once, when gamepads are first enabled), drains its events each frame and turns them
//! into [`mapping::PadEvent`]s; what they mean to the game is [`mapping`]'s, tested without a
//! gamepad.
//!
//! No gamepad, a pad unplugged during play, or gilrs failing to start (no udev, an unsupported
//! platform) never stop the game: it plays on with keyboard and mouse, logging at most one
//! debug line about it.

pub mod mapping;

use super::scenes::stack::Flow;
use super::scenes::{Context, SceneInput, SceneStack};
use crate::config::GamepadConfig;
use mapping::{PadAxis, PadButton, PadEvent, PadMapper, PadOutput, PadPress};

/// The gamepads as the app sees them: gilrs (once opened) and the state their events left.
#[derive(Default)]
pub struct Gamepads {
    /// `None` until enabled for the first time, and for good if gilrs could not start.
    gilrs: Option<gilrs::Gilrs>,
    /// True once gilrs was asked to start (it is asked only once).
    tried: bool,
    mapper: PadMapper,
}

impl Gamepads {
    /// Reads the gamepads' events since the last call, if `settings.enabled` (opening gilrs the
    /// first time), and returns what each does, in order. While disabled their events are
    /// dropped and everything held is let go.
    pub fn poll(&mut self, settings: &GamepadConfig) -> Vec<PadOutput> {
        if settings.enabled && !self.tried {
            self.tried = true;
            self.gilrs = open();
        }
        let Some(gilrs) = self.gilrs.as_mut() else {
            return Vec::new();
        };
        let mut outputs = Vec::new();
        while let Some(event) = gilrs.next_event() {
            if let gilrs::EventType::Connected = event.event {
                let name = gilrs.gamepad(event.id).name().to_string();
                log::info!("gamepad connected: {name}");
            }
            if !settings.enabled {
                continue;
            }
            if let Some(event) = pad_event(&event.event) {
                outputs.push(self.mapper.event(event));
            }
        }
        if !settings.enabled {
            self.mapper = PadMapper::default();
        }
        outputs
    }

    /// Gives the gamepads' events since the last call (see [`Gamepads::poll`], with
    /// [`Context::gamepad`]) to the game: launch and the paddle control to [`Context::input`],
    /// key presses to the top scene ([`SceneStack::input`] with a [`super::scenes::SceneInput::Press`]; an action's press as its first
    /// bound key), then the held arrow's repeat after `dt` seconds ([`PadMapper::tick`]).
    /// Returns [`Flow::Quit`] if a scene's transition quits.
    pub fn feed(&mut self, ctx: &mut Context, scenes: &mut SceneStack, dt: f32) -> Flow {
        let settings = ctx.gamepad;
        let mut outputs = self.poll(&settings);
        if let Some(press) = self.mapper.tick(dt).filter(|_| settings.enabled) {
            outputs.push(PadOutput {
                launch: false,
                presses: vec![press],
            });
        }
        for output in outputs {
            if output.launch {
                ctx.input.pad_launch();
            }
            for press in output.presses {
                let code = match press {
                    PadPress::Key(code) => Some(code),
                    PadPress::Action(action) => ctx.bindings().keys(action).first().copied(),
                };
                let flow = code.map_or(Flow::Continue, |c| scenes.input(ctx, SceneInput::Press(c)));
                if flow == Flow::Quit {
                    return flow;
                }
            }
        }
        ctx.input.set_pad_axis(self.paddle_axis(&settings));
        Flow::Continue
    }

    /// The paddle control for [`crate::app::InputState::set_pad_axis`] (-1 to 1), through
    /// `settings.dead_zone`; 0 while disabled.
    pub fn paddle_axis(&self, settings: &GamepadConfig) -> f32 {
        if settings.enabled {
            self.mapper.paddle_axis(settings.dead_zone)
        } else {
            0.0
        }
    }
}

/// Starts gilrs; `None` (with one debug line) if it cannot.
fn open() -> Option<gilrs::Gilrs> {
    match gilrs::Gilrs::new() {
        Ok(gilrs) => {
            let count = gilrs.gamepads().count();
            log::debug!("gamepads: {count} connected");
            Some(gilrs)
        }
        Err(e) => {
            log::debug!("no gamepads: {e}");
            None
        }
    }
}

/// A gilrs event in the game's terms; `None` for what the game does not use.
fn pad_event(event: &gilrs::EventType) -> Option<PadEvent> {
    use gilrs::EventType;
    match *event {
        EventType::ButtonPressed(button, _) => pad_button(button).map(PadEvent::Pressed),
        EventType::ButtonReleased(button, _) => pad_button(button).map(PadEvent::Released),
        EventType::AxisChanged(axis, value, _) => pad_axis(axis).map(|a| PadEvent::Axis(a, value)),
        EventType::Disconnected => Some(PadEvent::Disconnected),
        _ => None,
    }
}

/// A gilrs axis the game uses.
fn pad_axis(axis: gilrs::Axis) -> Option<PadAxis> {
    match axis {
        gilrs::Axis::LeftStickX => Some(PadAxis::LeftStickX),
        gilrs::Axis::LeftStickY => Some(PadAxis::LeftStickY),
        _ => None,
    }
}

/// A gilrs button the game uses.
fn pad_button(button: gilrs::Button) -> Option<PadButton> {
    use gilrs::Button;
    Some(match button {
        Button::South => PadButton::South,
        Button::East => PadButton::East,
        Button::Start => PadButton::Start,
        Button::DPadUp => PadButton::DPadUp,
        Button::DPadDown => PadButton::DPadDown,
        Button::DPadLeft => PadButton::DPadLeft,
        Button::DPadRight => PadButton::DPadRight,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gilrs_buttons_and_axes_become_the_games() {
        use gilrs::{Axis, Button, EventType};
        assert_eq!(pad_button(Button::South), Some(PadButton::South));
        assert_eq!(pad_button(Button::East), Some(PadButton::East));
        assert_eq!(pad_button(Button::Start), Some(PadButton::Start));
        assert_eq!(pad_button(Button::DPadLeft), Some(PadButton::DPadLeft));
        assert_eq!(pad_button(Button::North), None);
        assert_eq!(pad_axis(Axis::LeftStickX), Some(PadAxis::LeftStickX));
        assert_eq!(pad_axis(Axis::LeftStickY), Some(PadAxis::LeftStickY));
        assert_eq!(pad_axis(Axis::RightStickX), None);
        assert_eq!(
            pad_event(&EventType::Disconnected),
            Some(PadEvent::Disconnected)
        );
        assert_eq!(pad_event(&EventType::Connected), None);
    }

    /// Disabled from the start, gilrs is never opened and nothing comes out.
    #[test]
    fn disabled_pads_are_never_opened() {
        let mut pads = Gamepads::default();
        let off = GamepadConfig {
            enabled: false,
            ..GamepadConfig::default()
        };
        assert!(pads.poll(&off).is_empty());
        assert!(pads.gilrs.is_none() && !pads.tried);
        assert_eq!(pads.paddle_axis(&off), 0.0);
    }
}
