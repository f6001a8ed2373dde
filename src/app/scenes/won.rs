//! The winning screen, pushed over the game when its events say the run's last level was
//! cleared.

use super::{
    close_game, is_confirm, press, Context, Outcome, Scene, Transition, AUTOPLAY_SCREEN_DELAY,
};
use crate::render::{hud, SpriteBatch};
use glium::winit::keyboard::{KeyCode, PhysicalKey};

/// Every level of the run cleared. Enter/Space or Esc go back to the menu. Autoplay goes back by
/// itself, except at the end of a run started with `--level`, where the result stays on screen.
pub struct WonScene {
    outcome: Outcome,
    /// Seconds this screen has been shown.
    seconds: f32,
}

impl WonScene {
    /// The screen for a run whose last level ended with `outcome`.
    pub fn new(outcome: Outcome) -> WonScene {
        WonScene {
            outcome,
            seconds: 0.0,
        }
    }
}

impl Scene for WonScene {
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
            "final score {}  {}  -  SPACE menu",
            self.outcome.score,
            self.outcome.best_line()
        );
        hud::message(&mut batch.text, "YOU WIN!", &hint);
    }

    fn is_overlay(&self) -> bool {
        true
    }
}
