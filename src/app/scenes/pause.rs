//! The pause screen, pushed over the game by P or Esc, or when the window loses the focus: the
//! game stands still under a message box.

use super::{close_game, Context, Scene, Transition};
use crate::render::{hud, SpriteBatch};
use glium::winit::keyboard::KeyCode;

/// Play paused. P or Space resumes, S opens the settings, Esc goes back to the menu.
pub struct PauseScene;

impl Scene for PauseScene {
    fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
        Transition::None
    }

    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        match code {
            KeyCode::Escape => close_game(ctx),
            KeyCode::KeyS | super::settings::SETTINGS_KEY => {
                Transition::Push(Box::new(super::settings::SettingsScene::new(true)))
            }
            KeyCode::KeyP | KeyCode::Space => {
                // Keys let go while paused were not seen: start again from none held.
                ctx.input.release_all();
                Transition::Pop
            }
            _ => Transition::None,
        }
    }

    fn draw(&self, _ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        hud::message(
            &mut batch.text,
            "PAUSED",
            "P or SPACE resume  S settings  ESC menu",
        );
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
