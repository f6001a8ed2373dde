//! The menu: the list of level sets — the shipped levels, the user's, imported sets and the
//! installed games' sets — each with its number of levels and how many are cleared, and last
//! the Replays list of recorded games. It is the bottom scene; choosing a set pushes its level
//! list ([`LevelMenuScene`]), choosing Replays the list of replays ([`ReplaysScene`]).

use super::level_menu::LevelMenuScene;
use super::list::{filter_status, ListAction, ListState};
use super::replays::ReplaysScene;
use super::settings::{SettingsScene, SETTINGS_KEY};
use super::{Context, Pointer, Scene, Transition};
use crate::assets::{Assets, LevelSetSource, OpenedSet};
use crate::view::menu::{self, ListView, Mark, Row};
use crate::view::{scene, SpriteBatch};
use glium::winit::keyboard::KeyCode;
use std::sync::Arc;

/// Top of the set list's first row, playfield pixels.
const LIST_TOP: f32 = 116.0;
/// The menu's last entry, after the sets: the Replays list ([`ReplaysScene`]).
const REPLAYS: &str = "Replays";

/// The set list. Up/Down, PageUp/PageDown, Home/End choose; typing filters; Enter opens the
/// set (a foreign file is read then, and its error shown if it does not load); Esc quits.
/// Under `--autoplay` it opens the chosen set at once.
pub struct MenuScene {
    assets: Assets,
    sets: Vec<LevelSetSource>,
    /// Levels in each set when known without reading a foreign file, or once it was opened.
    counts: Vec<Option<usize>>,
    /// Each set once opened: its levels, or why it does not open.
    opened: Vec<Option<Result<Arc<OpenedSet>, String>>>,
    list: ListState,
    /// Where the mouse pointer is, playfield pixels (none before it moves).
    pointer: Option<glam::Vec2>,
}

impl MenuScene {
    /// A menu of `sets` (see [`crate::assets::sets::discover`]), read with `assets`, the
    /// first one chosen.
    pub fn new(assets: Assets, sets: Vec<LevelSetSource>) -> MenuScene {
        let counts = sets.iter().map(|s| s.count_hint(&assets)).collect();
        let labels = sets
            .iter()
            .map(LevelSetSource::label)
            .chain([REPLAYS.to_string()])
            .collect();
        MenuScene {
            assets,
            opened: vec![None; sets.len()],
            counts,
            sets,
            list: ListState::new(labels, menu::page_rows(LIST_TOP)),
            pointer: None,
        }
    }

    /// The set at `index`, opened once and kept.
    fn open(&mut self, index: usize) -> Result<Arc<OpenedSet>, String> {
        if self.opened[index].is_none() {
            let opened = self.sets[index]
                .open(&self.assets)
                .map(Arc::new)
                .map_err(|e| e.to_string());
            if let Err(e) = &opened {
                log::warn!("{e}");
            }
            if let Ok(set) = &opened {
                self.counts[index] = Some(set.levels.len());
            }
            self.opened[index] = Some(opened);
        }
        self.opened[index]
            .clone()
            .unwrap_or_else(|| Err(String::new()))
    }

    /// Opens the set at `index` and shows its levels (a set that does not open stays here,
    /// showing why), or the Replays list (the entry after the sets).
    fn choose(&mut self, ctx: &Context, index: usize) -> Transition {
        if index >= self.sets.len() {
            return Transition::Push(Box::new(ReplaysScene::new(ctx)));
        }
        match self.open(index) {
            Ok(set) => Transition::Push(Box::new(LevelMenuScene::new(set, 0))),
            Err(_) => Transition::None,
        }
    }

    /// The row of the set at `index`: its label, then levels cleared / levels in it (`?` until
    /// a foreign set is opened) and the best run, or "error".
    fn row(&self, ctx: &Context, index: usize) -> Row {
        if index >= self.sets.len() {
            return Row {
                name: REPLAYS.to_string(),
                info: "recent games, best runs".to_string(),
                mark: Mark::Plain,
                selected: self.list.selected() == Some(index),
            };
        }
        let key = self.sets[index].key();
        let scores = ctx.scores.as_ref();
        let cleared = scores.map_or(0, |s| s.cleared(&key));
        let count = self.counts[index];
        let broken = matches!(self.opened[index], Some(Err(_)));
        let mut info = match count {
            _ if broken => "does not load".to_string(),
            Some(n) => format!("{cleared}/{n}"),
            None => format!("{cleared}/?"),
        };
        if let Some(run) = scores.and_then(|s| s.best_run(&key)).filter(|_| !broken) {
            info = format!("run {run}   {info}");
        }
        let mark = match count {
            _ if broken => Mark::Broken,
            Some(n) if n > 0 && cleared >= n => Mark::Done,
            _ => Mark::Plain,
        };
        Row {
            name: self.sets[index].label(),
            info,
            mark,
            selected: self.list.selected() == Some(index),
        }
    }
}

impl Scene for MenuScene {
    fn takes_text(&self) -> bool {
        true
    }

    fn update(&mut self, ctx: &mut Context, _dt: f32) -> Transition {
        // Demo mode: straight into the chosen set, whose list waits before it plays.
        match self.list.selected() {
            Some(index) if ctx.args.autoplay && index < self.sets.len() => self.choose(ctx, index),
            _ => Transition::None,
        }
    }

    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        if code == SETTINGS_KEY {
            return Transition::Push(Box::new(SettingsScene::new(false)));
        }
        match self.list.key(code) {
            ListAction::Back => Transition::Quit,
            ListAction::Chosen(index) => self.choose(ctx, index),
            ListAction::Moved | ListAction::None => Transition::None,
        }
    }

    fn pointer(&mut self, _ctx: &mut Context, event: Pointer) -> Transition {
        super::list::mouse(&mut self.list, LIST_TOP, &mut self.pointer, event);
        Transition::None
    }

    fn click(&mut self, ctx: &mut Context) -> Transition {
        match super::list::click(&mut self.list, LIST_TOP, self.pointer) {
            ListAction::Chosen(index) => self.choose(ctx, index),
            _ => Transition::None,
        }
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        scene::background(&mut batch.backdrop);
        let rows = self
            .list
            .visible()
            .iter()
            .map(|&i| self.row(ctx, i))
            .collect();
        let error = self.list.selected().and_then(|i| match self.opened.get(i) {
            Some(Some(Err(e))) => Some(e.as_str()),
            _ => None,
        });
        let (shown, at) = self.list.position();
        let view = ListView {
            title: "BREAKOUT",
            top: LIST_TOP,
            rows,
            more: self.list.more(),
            status: filter_status(self.list.filter(), "sets"),
            position: format!("{}/{shown}", (at + 1).min(shown)),
            error,
            keys: "UP/DOWN choose  ENTER open  F3 settings  ESC quit",
        };
        menu::list(&mut batch.text, &view);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::stack::Flow;
    use crate::app::scenes::{test_context, SceneStack};

    #[test]
    fn a_set_that_does_not_load_shows_its_error_and_the_menu_stays() {
        let dir = std::env::temp_dir().join(format!("breakout-menu-bad-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("broken.gbl");
        std::fs::write(&bad, "\u{0}not a level set").unwrap();
        let sets = vec![
            LevelSetSource::Foreign {
                path: bad.clone(),
                format: Some(crate::import::Format::Gnome),
            },
            LevelSetSource::Shipped,
        ];
        let mut ctx = test_context();
        let mut stack = SceneStack::new(Box::new(MenuScene::new(Assets::built_in(), sets)));
        assert_eq!(
            stack.key(&mut ctx, key(KeyCode::Enter), true, false),
            Flow::Continue
        );
        assert_eq!(stack.len(), 1, "the broken set opens no level list");
        // The shipped set opens: its level list goes on top; Esc comes back.
        stack.key(&mut ctx, key(KeyCode::ArrowDown), true, false);
        stack.key(&mut ctx, key(KeyCode::Enter), true, false);
        assert_eq!(stack.len(), 2);
        stack.key(&mut ctx, key(KeyCode::Escape), true, false);
        assert_eq!(stack.len(), 1);
        assert_eq!(
            stack.key(&mut ctx, key(KeyCode::Escape), true, false),
            Flow::Quit
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn key(code: KeyCode) -> glium::winit::keyboard::PhysicalKey {
        glium::winit::keyboard::PhysicalKey::Code(code)
    }
}
