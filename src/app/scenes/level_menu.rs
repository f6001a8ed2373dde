//! The level list of one set, with each level's best score and the chosen level's bricks dimly
//! behind it. Pushed over the set menu; a run started here is pushed over it, and ending the run
//! comes back here.

use super::list::{filter_status, ListAction, ListState};
use super::play::{Campaign, GameStart, PlayScene};
use super::replay::ReplayScene;
use super::{Chrome, Handled, SceneInput};
use super::{Context, Scene, Transition, AUTOPLAY_SCREEN_DELAY};
use crate::assets::OpenedSet;
use crate::sim::BrickField;
use crate::view::menu::{self, ListView, Mark, Row};
use crate::view::{scene, SpriteBatch};
use std::sync::Arc;
use winit::keyboard::KeyCode;

/// Brightness of the preview bricks behind the list (1 is as in play).
const PREVIEW_DIM: f32 = 0.35;
/// The key that watches the chosen level's best run (a letter would type into the filter).
pub const BEST_RUN_KEY: KeyCode = KeyCode::F4;
/// Top of the level list's first row, playfield pixels (under the preview of the bricks,
/// [`menu::preview_area`]).
const LIST_TOP: f32 = 318.0;

/// A set's levels. Up/Down, PageUp/PageDown, Home/End choose; typing filters by name; Enter
/// opens the new-run screen (players), which plays the set from the chosen level on (one run:
/// score and lives carry over); F2 edits the
/// chosen level in the level editor; F4 watches its best run; Esc goes back to the sets. Under `--autoplay` it plays the chosen level after a delay.
pub struct LevelMenuScene {
    set: Arc<OpenedSet>,
    list: ListState,
    /// Seconds shown since the list was last left (autoplay starts after a delay).
    seconds: f32,
    /// Seconds left during which Enter and Space do not start a level: back from a run's end,
    /// a player still pressing Space must not start a new game unseen.
    guard: f32,
    /// The chosen level laid out as bricks, or why it does not load (index, field or error),
    /// loaded once per choice.
    preview: Option<(usize, Result<BrickField, String>)>,
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
            .map(|(i, l)| row_name(i, set.levels.len(), &l.name))
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

    /// A run from the level at `index`: the new-run screen (players, names), or under
    /// `--autoplay` the bot's game at once. A level that does not load keeps the list, showing
    /// why ([`LevelMenuScene::start`]), before any new-run screen.
    fn choose(&mut self, ctx: &mut Context, index: usize) -> Transition {
        if ctx.options.autoplay || self.set.levels[index].source.load().is_err() {
            return self.start(ctx, index);
        }
        self.error = None;
        let file = super::new_run::NewRunScene::file_for(ctx);
        let scene = super::new_run::NewRunScene::new(self.set.clone(), index, file);
        Transition::Push(Box::new(scene))
    }

    /// Plays the set from the chosen level on. A level that does not load keeps the list,
    /// showing why.
    fn start(&mut self, ctx: &mut Context, index: usize) -> Transition {
        let campaign = Campaign::new(&self.set, index).starting_at(ctx.difficulty());
        match PlayScene::start(ctx, GameStart::Load(campaign)) {
            Ok(play) => {
                self.seconds = 0.0;
                self.error = None;
                Transition::Push(Box::new(play))
            }
            Err(error) => {
                // A level whose preview already says why it does not load needs no second copy.
                let shown = matches!(&self.preview, Some((i, Err(_))) if *i == index);
                self.error = (!shown).then_some((index, error));
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
            name: row_name(index, self.set.levels.len(), &level.name),
            info,
            mark,
            selected: self.list.selected() == Some(index),
        }
    }
}

impl Scene for LevelMenuScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        if let SceneInput::Press(code) = input {
            if let Some(transition) = self.key_of_the_level(ctx, *code) {
                return transition.into();
            }
        }
        match super::list::input(&mut self.list, LIST_TOP, &mut self.pointer, input) {
            Some(ListAction::Back) => Transition::Pop.into(),
            Some(ListAction::Chosen(index)) => self.choose(ctx, index).into(),
            Some(ListAction::Moved | ListAction::None) => Handled::Yes(Transition::None),
            None => Handled::No,
        }
    }

    /// The letters type into the list's filter.
    fn chrome(&self) -> Chrome {
        Chrome {
            takes_letters: true,
            ..Chrome::titled(format!("Breakout — {}", self.set.name))
        }
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
            // A broken level's preview says why it does not load.
            if let Some(index) = selected {
                let level = self.set.levels[index].source.load();
                let field = level
                    .map(|l| BrickField::new(&l))
                    .map_err(|e| e.to_string());
                self.preview = Some((index, field));
            }
        }
        match selected {
            Some(index) if ctx.options.autoplay && self.seconds >= AUTOPLAY_SCREEN_DELAY => {
                self.start(ctx, index)
            }
            _ => Transition::None,
        }
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        scene::background(&mut batch.backdrop);
        let selected = self.list.selected();
        let area = menu::preview_area(LIST_TOP);
        match &self.preview {
            Some((index, Ok(field))) if Some(*index) == selected => {
                let start = batch.backdrop.len();
                scene::bricks(
                    &mut batch.backdrop,
                    field,
                    PREVIEW_DIM,
                    scene::HeldPowerUps::shown_if(ctx.video.show_brick_powerups),
                );
                menu::fit_preview(&mut batch.backdrop[start..], area);
            }
            Some((index, Err(problems))) if Some(*index) == selected => {
                menu::preview_problem(&mut batch.text, area, problems);
            }
            _ => {}
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
}

impl LevelMenuScene {
    /// The keys that act on the chosen level rather than move in the list: F2 edits it, the
    /// best-run key watches its best run, and Enter and Space do nothing while the list just
    /// uncovered (a player still pressing them at a run's end). `None` for the list's keys.
    fn key_of_the_level(&mut self, ctx: &mut Context, code: KeyCode) -> Option<Transition> {
        if code == KeyCode::F2 {
            if let Some(index) = self.list.selected() {
                return Some(self.edit(index));
            }
        }
        if code == BEST_RUN_KEY {
            if let Some(index) = self.list.selected() {
                return Some(self.best_run(ctx, index));
            }
        }
        (self.guard > 0.0 && super::is_confirm(code)).then_some(Transition::None)
    }
}

/// The list's name of the level at `index` of a set of `count`: its place in the list
/// (counting from 1, right-aligned to the widest number), then its name without a number it
/// starts with ("02 Gates" is shown as " 2 Gates", "One" as " 3 One"): one numbering for
/// every level, whatever its name.
fn row_name(index: usize, count: usize, name: &str) -> String {
    let width = count.max(1).to_string().len();
    format!("{:>width$} {}", index + 1, without_number(name))
}

/// `name` without a leading number and the separator after it ("02 Gates", "7-Maze",
/// "03_x" give "Gates", "Maze", "x"); a name that is only a number, or has no separator after
/// it ("2048", "3D Maze"), is kept whole.
fn without_number(name: &str) -> &str {
    let digits = name.len() - name.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = &name[digits..];
    let after = rest.trim_start_matches([' ', '-', '_', '.']);
    if digits == 0 || after.len() == rest.len() || after.trim().is_empty() {
        name
    } else {
        after
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::Drive;

    /// An invalid level chosen in a level list (a play-test saw a blank preview, the reason only
    /// after Enter): the preview area says why it does not load, and Enter adds no second copy.
    #[test]
    fn an_invalid_levels_preview_shows_its_first_problem() {
        let dir = std::env::temp_dir().join(format!("breakout-lm-bad-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("zz-bad.lvl"), "hello world\n").unwrap();
        let source = crate::assets::LevelSetSource::Directory(dir.clone());
        let set = source.open(&crate::assets::Assets::built_in()).unwrap();
        let mut scene = LevelMenuScene::new(Arc::new(set), 0);
        let mut ctx = super::super::test_context();
        scene.update(&mut ctx, 0.0);
        let shown = |scene: &LevelMenuScene, ctx: &Context| -> String {
            let mut batch = SpriteBatch::default();
            scene.draw(ctx, &mut batch, false);
            let area = menu::preview_area(LIST_TOP);
            batch
                .text
                .iter()
                .filter(|s| s.i_rect[1] >= area[1] && s.i_rect[1] < area[1] + area[3])
                .filter_map(crate::view::text::glyph_char)
                .collect()
        };
        let text = shown(&scene, &ctx);
        assert!(text.starts_with("zz-bad.lvl:1:1:"), "{text}");
        assert!(matches!(
            scene.key_press(&mut ctx, KeyCode::Enter),
            Transition::None
        ));
        let mut batch = SpriteBatch::default();
        scene.draw(&ctx, &mut batch, false);
        let all: String = batch
            .text
            .iter()
            .filter_map(crate::view::text::glyph_char)
            .collect();
        assert_eq!(all.matches("zz-bad.lvl:1:1").count(), 1, "{all}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn every_row_is_numbered_by_its_place_and_a_name_s_own_number_is_left_out() {
        let names = [
            "01 First Steps (edited)",
            "One",
            "02 Gates",
            "03 Fortress",
            "03 Fortress",
        ];
        let rows: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, n)| row_name(i, 15, n))
            .collect();
        assert_eq!(
            rows,
            [
                " 1 First Steps (edited)",
                " 2 One",
                " 3 Gates",
                " 4 Fortress",
                " 5 Fortress"
            ]
        );
        assert_eq!(row_name(14, 15, "zz-bad (invalid)"), "15 zz-bad (invalid)");
        assert_eq!(row_name(0, 9, "7-Maze"), "1 Maze");
        for kept in ["2048", "3D Maze", "12 ", "Level 5", ""] {
            assert_eq!(without_number(kept), kept);
        }
        assert_eq!(without_number("03_x"), "x");
    }
}
