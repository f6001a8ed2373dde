//! The level list of one set, with each level's best score and the chosen level's bricks dimly
//! behind it. Pushed over the set menu; a run started here is pushed over it, and ending the run
//! comes back here.

use super::list::{filter_status, ListAction, ListState};
use super::play::{Campaign, PlayScene};
use super::replay::ReplayScene;
use super::{Context, Pointer, Scene, Transition, AUTOPLAY_SCREEN_DELAY};
use crate::assets::OpenedSet;
use crate::sim::BrickField;
use crate::view::menu::{self, ListView, Mark, Row};
use crate::view::{scene, SpriteBatch};
use glium::winit::keyboard::KeyCode;
use std::sync::Arc;

/// Brightness of the preview bricks behind the list (1 is as in play).
const PREVIEW_DIM: f32 = 0.35;
/// The key that watches the chosen level's best run (a letter would type into the filter).
pub const BEST_RUN_KEY: KeyCode = KeyCode::F4;
/// Top of the level list's first row, playfield pixels (under the preview of the bricks,
/// [`menu::preview_area`]).
const LIST_TOP: f32 = 318.0;

/// A set's levels. Up/Down, PageUp/PageDown, Home/End choose; typing filters by name; Enter
/// plays the set from the chosen level on (one run: score and lives carry over); F2 edits the
/// chosen level in the level editor; F4 watches its best run; Esc goes back to the sets. Under `--autoplay` it plays the chosen level after a delay.
pub struct LevelMenuScene {
    set: Arc<OpenedSet>,
    list: ListState,
    /// Seconds shown since the list was last left (autoplay starts after a delay).
    seconds: f32,
    /// Seconds left during which Enter and Space do not start a level: back from a run's end,
    /// a player still pressing Space must not start a new game unseen.
    guard: f32,
    /// The chosen level laid out as bricks (index, field; none if it does not load), loaded
    /// once per choice.
    preview: Option<(usize, Option<BrickField>)>,
    /// Why the level at this index did not start, shown while it stays chosen.
    error: Option<(usize, String)>,
    /// Where the mouse pointer is, playfield pixels (none before it moves).
    pointer: Option<glam::Vec2>,
}

impl LevelMenuScene {
    /// The levels of `set`, the one at index `selected` chosen.
    pub fn new(set: Arc<OpenedSet>, selected: usize) -> LevelMenuScene {
        let names = set
            .levels
            .iter()
            .enumerate()
            .map(|(i, l)| row_name(i, &l.name))
            .collect();
        let mut list = ListState::new(names, menu::page_rows(LIST_TOP));
        list.select(selected);
        LevelMenuScene {
            set,
            list,
            seconds: 0.0,
            guard: 0.0,
            preview: None,
            error: None,
            pointer: None,
        }
    }

    /// Plays the set from the chosen level on. A level that does not load keeps the list,
    /// showing why.
    fn start(&mut self, ctx: &mut Context, index: usize) -> Transition {
        let campaign = Campaign::new(&self.set, index).starting_at(ctx.difficulty());
        match PlayScene::load(ctx, campaign) {
            Some(play) => {
                self.seconds = 0.0;
                self.error = None;
                Transition::Push(Box::new(play))
            }
            None => {
                self.error = ctx.level_error.clone().map(|e| (index, e));
                Transition::None
            }
        }
    }

    /// Opens the level editor on the level at `index`: its file, or a copy in the user's
    /// levels directory when the game must not write its file
    /// ([`super::editor::editor_for`]). A level that cannot be opened keeps the list, showing why.
    fn edit(&mut self, index: usize) -> Transition {
        let source = &self.set.levels[index].source;
        let user_dir = crate::assets::user_levels_dir();
        // A level file with errors opens too, each marked, so it can be fixed.
        let editor = super::editor::editor_for(source, user_dir.as_deref());
        match editor {
            Ok(editor) => {
                self.error = None;
                Transition::Push(Box::new(super::editor::EditorScene::new(editor, user_dir)))
            }
            Err(e) => {
                self.error = Some((index, format!("cannot edit: {e}")));
                Transition::None
            }
        }
    }

    /// Watches the best run of the level at `index` ([`BEST_RUN_KEY`]), kept in the replays
    /// store; with none kept, or one that does not read, the list stays, saying so.
    fn best_run(&mut self, ctx: &Context, index: usize) -> Transition {
        let level_key = self.set.levels[index].source.key();
        let path = ctx
            .replays
            .as_ref()
            .map(|store| store.best_path(&self.set.source.key(), &level_key))
            .filter(|path| path.exists());
        let Some(path) = path else {
            self.error = Some((index, "no best run of this level is kept yet".to_string()));
            return Transition::None;
        };
        ReplayScene::push_or_show_error(&path, index, &mut self.error)
    }

    /// The row of the level at `index`: its number and name, and its best score (green once
    /// cleared; "(70% speed)" after it when made below full game speed).
    fn row(&self, ctx: &Context, index: usize) -> Row {
        let level = &self.set.levels[index];
        let difficulty = ctx.difficulty();
        // The old file's scores by name are Normal's.
        let legacy = (self.set.source.has_legacy_scores()
            && difficulty == crate::sim::Difficulty::Normal)
            .then_some(level.name.as_str());
        let set = Context::scores_key(&self.set.source.key(), difficulty);
        let score = ctx
            .scores
            .as_ref()
            .and_then(|s| s.level(&set, &level.source.key(), legacy));
        let note = ctx.difficulty_note();
        let (info, mark) = match score {
            Some(s) if s.cleared => (format!("{}{note}", s.score()), Mark::Done),
            Some(s) => (format!("{}{note}", s.score()), Mark::Plain),
            None => ("-".to_string(), Mark::Plain),
        };
        Row {
            name: row_name(index, &level.name),
            info,
            mark,
            selected: self.list.selected() == Some(index),
        }
    }
}

impl Scene for LevelMenuScene {
    fn takes_text(&self) -> bool {
        true
    }

    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition {
        self.seconds += dt;
        // Back from a run of this set: the cursor goes where the run ended.
        if let Some((set, index)) = ctx.run_ended_at.take() {
            if set == self.set.source.key() && index < self.set.levels.len() {
                self.list.select(index);
            }
            self.guard = super::CONFIRM_DELAY;
        }
        self.guard = (self.guard - dt).max(0.0);
        let selected = self.list.selected();
        if self.preview.as_ref().map(|(i, _)| Some(*i)) != Some(selected) {
            // A broken level simply shows no preview; choosing it shows the error.
            if let Some(index) = selected {
                let level = self.set.levels[index].source.load().ok();
                self.preview = Some((index, level.map(|l| BrickField::new(&l))));
            }
        }
        match selected {
            Some(index) if ctx.args.autoplay && self.seconds >= AUTOPLAY_SCREEN_DELAY => {
                self.start(ctx, index)
            }
            _ => Transition::None,
        }
    }

    fn key_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        if code == KeyCode::F2 {
            if let Some(index) = self.list.selected() {
                return self.edit(index);
            }
        }
        if code == BEST_RUN_KEY {
            if let Some(index) = self.list.selected() {
                return self.best_run(ctx, index);
            }
        }
        if self.guard > 0.0 && super::is_confirm(code) {
            return Transition::None;
        }
        match self.list.key(code) {
            ListAction::Back => Transition::Pop,
            ListAction::Chosen(index) => self.start(ctx, index),
            ListAction::Moved | ListAction::None => Transition::None,
        }
    }

    fn pointer(&mut self, _ctx: &mut Context, event: Pointer) -> Transition {
        super::list::mouse(&mut self.list, LIST_TOP, &mut self.pointer, event);
        Transition::None
    }

    fn click(&mut self, ctx: &mut Context) -> Transition {
        match super::list::click(&mut self.list, LIST_TOP, self.pointer) {
            ListAction::Chosen(index) => self.start(ctx, index),
            _ => Transition::None,
        }
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        scene::background(&mut batch.backdrop);
        let selected = self.list.selected();
        if let Some((index, Some(field))) = &self.preview {
            if Some(*index) == selected {
                let start = batch.backdrop.len();
                scene::bricks(&mut batch.backdrop, field, PREVIEW_DIM);
                let area = menu::preview_area(LIST_TOP);
                menu::fit_preview(&mut batch.backdrop[start..], area);
            }
        }
        let rows = self
            .list
            .visible()
            .iter()
            .map(|&i| self.row(ctx, i))
            .collect();
        let error = self
            .error
            .as_ref()
            .filter(|(i, _)| Some(*i) == selected)
            .map(|(_, e)| e.as_str());
        let (shown, at) = self.list.position();
        let mut status = filter_status(self.list.filter(), "levels");
        if let Some(run) = ctx.scores.as_ref().and_then(|s| {
            s.best_run(&Context::scores_key(
                &self.set.source.key(),
                ctx.difficulty(),
            ))
        }) {
            status = format!("best run {run}{}  {status}", ctx.difficulty_note());
        }
        let view = ListView {
            title: &self.set.name,
            top: LIST_TOP,
            rows,
            more: self.list.more(),
            status,
            position: format!("{}/{shown}", (at + 1).min(shown)),
            error,
            keys: "UP/DOWN PGUP/PGDN  ENTER play  F2 edit  F4 best run  ESC sets",
        };
        menu::list(&mut batch.text, &view);
    }

    fn title(&self) -> Option<String> {
        Some(format!("Breakout — {}", self.set.name))
    }
}

/// The list's name of the level at `index`: its number (counting from 1) and name, or the name
/// alone when it starts with a digit (the shipped levels are named "01 First Steps"…).
fn row_name(index: usize, name: &str) -> String {
    if name.starts_with(|c: char| c.is_ascii_digit()) {
        name.to_string()
    } else {
        format!("{:>3} {name}", index + 1)
    }
}
