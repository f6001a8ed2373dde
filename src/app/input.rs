//! Input state: window events update it; each fixed step reads it (as in ggez's astroblasto).

use crate::sim::Input;
use glium::winit::keyboard::{KeyCode, PhysicalKey};

/// What the player is doing with keyboard and mouse, in playfield terms.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct InputState {
    left: bool,
    right: bool,
    /// Latched by a key press or click, consumed by the next step that reads it.
    launch: bool,
    /// Last mouse x in playfield pixels; `None` once the keyboard took over.
    mouse_x: Option<f32>,
}

impl InputState {
    /// Records a key press or release (physical keys, so A/D work on any keyboard layout).
    /// Returns true if the key is one the game plays with.
    pub fn key(&mut self, key: PhysicalKey, pressed: bool) -> bool {
        let PhysicalKey::Code(code) = key else {
            return false;
        };
        match code {
            KeyCode::KeyA | KeyCode::ArrowLeft => self.left = pressed,
            KeyCode::KeyD | KeyCode::ArrowRight => self.right = pressed,
            KeyCode::Space => self.launch |= pressed,
            _ => return false,
        }
        if pressed && code != KeyCode::Space {
            self.mouse_x = None;
        }
        true
    }

    /// Records the mouse position (playfield pixels); the paddle follows it until a key is used.
    pub fn mouse_moved(&mut self, x: f32) {
        self.mouse_x = Some(x);
    }

    /// A mouse click launches the ball.
    pub fn clicked(&mut self) {
        self.launch = true;
    }

    /// Releases every key (e.g. when the window loses focus, so the paddle doesn't drift).
    pub fn release_all(&mut self) {
        *self = InputState {
            mouse_x: self.mouse_x,
            ..InputState::default()
        };
    }

    /// The input for the next fixed step; consumes a pending launch.
    pub fn take_step_input(&mut self) -> Input {
        let input = Input {
            left: self.left,
            right: self.right,
            paddle_target_x: self.mouse_x,
            launch: self.launch,
        };
        self.launch = false;
        input
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn launch_is_consumed_once() {
        let mut s = InputState::default();
        s.key(PhysicalKey::Code(KeyCode::Space), true);
        assert!(s.take_step_input().launch);
        assert!(!s.take_step_input().launch);
    }

    #[test]
    fn keyboard_takes_over_from_mouse() {
        let mut s = InputState::default();
        s.mouse_moved(100.0);
        assert_eq!(s.take_step_input().paddle_target_x, Some(100.0));
        s.key(PhysicalKey::Code(KeyCode::ArrowLeft), true);
        let input = s.take_step_input();
        assert!(input.left);
        assert_eq!(input.paddle_target_x, None);
    }
}
