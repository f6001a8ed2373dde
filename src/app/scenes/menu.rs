//! The menu: the level list, with the selected level's bricks dimly behind it. It is the bottom
//! scene; the game is pushed over it and closing the game comes back here.

use super::play::{Campaign, PlayScene};
use super::{is_confirm, Context, Scene, Transition, AUTOPLAY_SCREEN_DELAY};
use crate::assets::{LevelEntry, LevelSource};
use crate::render::{hud, scene, SpriteBatch};
use crate::sim::BrickField;
use glium::winit::keyboard::KeyCode;

/// Brightness of the preview bricks behind the list (1 is as in play).
const PREVIEW_DIM: f32 = 0.35;

/// The level list. Up/Down (W/S) choose, Enter/Space play from the chosen level on, Esc quits.
pub struct MenuScene {
    /// Where each level is read from, in the list's order.
    levels: Vec<LevelSource>,
    /// Their shown names.
    names: Vec<String>,
    /// Index of the chosen level.
    selected: usize,
    /// Seconds shown since the menu was last left (autoplay starts after a delay).
    seconds: f32,
    /// The selected level laid out as bricks (index, field; none if it does not load), loaded
    /// once per selection.
    preview: Option<(usize, Option<BrickField>)>,
}

impl MenuScene {
    /// A menu listing `entries`, the first one chosen.
    pub fn new(entries: Vec<LevelEntry>) -> MenuScene {
        let (levels, names) = entries.into_iter().map(|e| (e.source, e.name)).unzip();
        MenuScene {
            levels,
            names,
            selected: 0,
            seconds: 0.0,
            preview: None,
        }
    }

    /// Plays the levels from the chosen one to the end of the list. A level that does not load
    /// keeps the menu, showing why.
    fn start(&mut self, ctx: &mut super::Context) -> Transition {
        if self.levels.is_empty() {
            return Transition::None;
        }
        let campaign = Campaign::new(self.levels[self.selected..].to_vec());
        match PlayScene::load(ctx, campaign) {
            Some(play) => {
                self.seconds = 0.0;
                Transition::Push(Box::new(play))
            }
            None => Transition::None,
        }
    }
}

impl Scene for MenuScene {
    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition {
        self.seconds += dt;
        if self.preview.as_ref().map(|(i, _)| *i) != Some(self.selected) {
            // A broken level simply shows no preview; choosing it shows the error.
            let field = self
                .levels
                .get(self.selected)
                .and_then(|source| source.load().ok());
            self.preview = Some((self.selected, field.map(|l| BrickField::new(&l))));
        }
        if ctx.args.autoplay && self.seconds >= AUTOPLAY_SCREEN_DELAY {
            return self.start(ctx);
        }
        Transition::None
    }

    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        match code {
            KeyCode::Escape => Transition::Quit,
            KeyCode::ArrowUp | KeyCode::KeyW => {
                self.selected = self.selected.saturating_sub(1);
                Transition::None
            }
            KeyCode::ArrowDown | KeyCode::KeyS => {
                self.selected = (self.selected + 1).min(self.names.len().saturating_sub(1));
                Transition::None
            }
            code if is_confirm(code) => self.start(ctx),
            _ => Transition::None,
        }
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        scene::background(&mut batch.backdrop);
        if let Some((_, Some(field))) = &self.preview {
            scene::bricks(&mut batch.backdrop, field, PREVIEW_DIM);
        }
        hud::menu(
            &mut batch.text,
            &self.names,
            self.selected,
            ctx.level_error.as_deref(),
        );
    }
}
