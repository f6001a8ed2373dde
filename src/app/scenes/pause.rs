//! The pause screen, pushed over the game by P or Esc, or when the window loses the focus: the
//! game stands still under a message box.

use super::{close_game, Context, Scene, Transition};
use crate::app::Action;
use crate::view::{hud, SpriteBatch};
use glium::winit::keyboard::KeyCode;

/// Play paused. The pause or launch key (P or Space unless rebound) resumes, S (or F3) opens
/// the settings, Esc goes back to the menu.
pub struct PauseScene;

impl Scene for PauseScene {
    fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
        Transition::None
    }

    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        if code == KeyCode::Escape {
            return close_game(ctx);
        }
        match ctx.bindings.action(code) {
            Some(Action::Pause | Action::Launch) => {
                // Keys let go while paused were not seen: start again from none held.
                ctx.input.release_all();
                Transition::Pop
            }
            // S, unless the player gave it to resuming.
            _ if matches!(code, KeyCode::KeyS | super::settings::SETTINGS_KEY) => {
                Transition::Push(Box::new(super::settings::SettingsScene::new(true)))
            }
            _ => Transition::None,
        }
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let keys = &ctx.bindings;
        let resume = format!(
            "{} or {} resume  S settings  ESC menu",
            keys.first_key_name(Action::Pause).to_uppercase(),
            keys.first_key_name(Action::Launch).to_uppercase()
        );
        hud::message(&mut batch.text, "PAUSED", &resume);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
