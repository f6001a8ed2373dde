//! What the app shows: the sprite batch of each screen and the window title.

use super::{screens, App, Screen};
use crate::render::{scene, SpriteBatch};
use crate::sim::tuning::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};

impl App {
    /// The high-score line of an end-of-level screen.
    fn best_line(&self) -> String {
        match self.last_result {
            Some((_, true)) => "NEW BEST!".to_string(),
            Some((Some(best), false)) => format!("best {best}"),
            _ => String::new(),
        }
    }

    /// Everything to draw this frame; `alpha` is the interpolation factor between steps.
    pub(super) fn batch(&self, alpha: f32) -> SpriteBatch {
        let mut batch = SpriteBatch::default();
        match (&self.screen, &self.game) {
            (Screen::Menu, _) => {
                scene::background(&mut batch.backdrop);
                if let Some((_, Some(field))) = &self.menu_preview {
                    scene::bricks(&mut batch.backdrop, field, 0.35);
                }
                screens::menu(
                    &mut batch.text,
                    &self.menu_names,
                    self.menu_selected,
                    self.menu_error.as_deref(),
                );
            }
            (screen, Some(game)) => {
                scene::backdrop(&mut batch.backdrop, game);
                scene::world(&mut batch.world, game, alpha);
                scene::particles(&mut batch.particles, &self.effects.particles);
                if self.debug_overlay {
                    crate::render::debug_overlay::overlay(&mut batch.text, game);
                }
                screens::hud(&mut batch.text, game);
                if let Some(error) = &self.reload_error {
                    screens::reload_error(&mut batch.text, error);
                }
                match screen {
                    Screen::Paused => {
                        screens::message(&mut batch.text, "PAUSED", "P to resume  ESC menu")
                    }
                    Screen::LevelCleared { .. } => screens::message(
                        &mut batch.text,
                        "LEVEL CLEARED",
                        &format!(
                            "score {}  {}  -  SPACE next level",
                            game.score(),
                            self.best_line()
                        ),
                    ),
                    Screen::Won { .. } => screens::message(
                        &mut batch.text,
                        "YOU WIN!",
                        &format!(
                            "final score {}  {}  -  SPACE menu",
                            game.score(),
                            self.best_line()
                        ),
                    ),
                    Screen::GameOver { .. } => screens::message(
                        &mut batch.text,
                        "GAME OVER",
                        &format!(
                            "score {}  {}  -  SPACE menu",
                            game.score(),
                            self.best_line()
                        ),
                    ),
                    Screen::Playing
                        if game.balls().iter().any(|b| b.stuck) && self.bot.is_none() =>
                    {
                        crate::render::text::layout_centered(
                            &mut batch.text,
                            "SPACE to launch",
                            PLAYFIELD_WIDTH / 2.0,
                            PLAYFIELD_HEIGHT * 0.7,
                            16.0,
                            [1.0, 1.0, 1.0, 0.8],
                        );
                    }
                    _ => {}
                }
            }
            (_, None) => scene::background(&mut batch.backdrop),
        }
        let forced = self.args.effect;
        let active = |kind| {
            matches!(self.screen, Screen::Playing | Screen::Paused)
                && self
                    .game
                    .as_ref()
                    .is_some_and(|g| g.active_effects().has(kind))
        };
        batch.effects = self.effects.post(
            forced == Some(crate::cli::ForcedEffect::Confuse)
                || active(crate::level::PowerUpKind::Confuse),
            forced == Some(crate::cli::ForcedEffect::Chaos)
                || active(crate::level::PowerUpKind::Chaos),
        );
        batch
    }

    pub(super) fn update_title(&mut self) {
        let title = match (&self.screen, &self.game) {
            (Screen::Menu, _) | (_, None) => "Breakout".to_string(),
            (_, Some(game)) => format!(
                "Breakout — {} — score {} — lives {} — collision: {}",
                game.level_name(),
                game.score(),
                game.lives(),
                game.config().collision
            ),
        };
        if title != self.title {
            if let Some(gfx) = &self.gfx {
                gfx.window.set_title(&title);
            }
            self.title = title;
        }
    }
}
