//! The game-over screen, pushed over the game when its events say the last life was lost.

use super::{
    close_game, is_confirm, press, Context, Outcome, Scene, Transition, AUTOPLAY_SCREEN_DELAY,
};
use crate::render::{hud, SpriteBatch};
use glium::winit::keyboard::{KeyCode, PhysicalKey};

/// No lives left. Enter/Space or Esc go back to the menu. Autoplay goes back by
/// itself, except at the end of a run started with `--level`, where the result stays on screen.
pub struct GameOverScene {
    outcome: Outcome,
    /// Seconds this screen has been shown.
    seconds: f32,
}

impl GameOverScene {
    /// The screen for a game that ended with `outcome`.
    pub fn new(outcome: Outcome) -> GameOverScene {
        GameOverScene {
            outcome,
            seconds: 0.0,
        }
    }
}

impl Scene for GameOverScene {
    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition {
        self.seconds += dt;
        // Demo mode from the menu loops forever; a run of one --level stops here.
        if ctx.args.autoplay && self.seconds >= AUTOPLAY_SCREEN_DELAY && ctx.args.level.is_none() {
            return close_game(ctx);
        }
        Transition::None
    }

    fn key(
        &mut self,
        ctx: &mut Context,
        key: PhysicalKey,
        pressed: bool,
        repeat: bool,
    ) -> Transition {
        match press(key, pressed, repeat) {
            Some(code) if code == KeyCode::Escape || is_confirm(code) => close_game(ctx),
            _ => Transition::None,
        }
    }

    fn draw(&self, _ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        let hint = format!(
            "score {}  {}  -  SPACE menu",
            self.outcome.score,
            self.outcome.best_line()
        );
        hud::message(&mut batch.text, "GAME OVER", &hint);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
