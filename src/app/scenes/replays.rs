//! The Replays list, reached from the menu: the recent games, then the best run of each level,
//! as the store lists them ([`crate::replay::Store::list`]), each with its level, set, date,
//! score, length and collision mode. Enter watches one ([`ReplayScene`]).

use super::list::{filter_status, ListAction, ListState};
use super::replay::ReplayScene;
use super::{Chrome, Handled, SceneInput};
use super::{Context, Scene, Transition};
use crate::replay::store::{Listed, Shelf};
use crate::replay::Outcome;
use crate::view::menu::{self, ListView, Mark, Row};
use crate::view::{replays, scene, SpriteBatch};

/// Top of the list's first row, playfield pixels (as the set menu's).
const LIST_TOP: f32 = 116.0;

/// The stored replays. Up/Down, PageUp/PageDown, Home/End choose; typing filters by level and
/// set; Enter (or a click) watches the chosen one; Esc goes back to the menu. A replay that
/// does not read stays in the list, showing why.
pub struct ReplaysScene {
    entries: Vec<Listed>,
    list: ListState,
    /// Where the replays are kept (for the empty list's message); `None` without a store.
    dir: Option<String>,
    /// Why the entry at this index did not open, shown while it stays chosen.
    error: Option<(usize, String)>,
    /// Where the mouse pointer is, playfield pixels (none before it moves).
    pointer: Option<glam::Vec2>,
}

impl ReplaysScene {
    /// The replays of `ctx`'s store, as it lists them now.
    pub fn new(ctx: &Context) -> ReplaysScene {
        let entries = ctx
            .replays
            .as_ref()
            .map(crate::replay::Store::list)
            .unwrap_or_default();
        let names = entries.iter().map(name).collect();
        ReplaysScene {
            list: ListState::new(names, menu::page_rows(LIST_TOP)),
            entries,
            dir: ctx.replays.as_ref().map(|s| s.dir().display().to_string()),
            error: None,
            pointer: None,
        }
    }

    /// Watches the entry at `index`; one that does not read stays here, showing why.
    fn watch(&mut self, index: usize) -> Transition {
        ReplayScene::push_or_show_error(&self.entries[index].path, index, &mut self.error)
    }

    /// The row of the entry at `index`: its name, then date, score, length and mode (green for
    /// a level cleared).
    fn row(&self, index: usize) -> Row {
        let e = &self.entries[index];
        Row {
            name: name(e),
            info: replays::row_info(
                e.recorded_at,
                &replays::score(e.score, e.score_reached),
                e.seconds,
                &e.mode,
            ),
            mark: match e.outcome {
                Some(Outcome::Cleared) => Mark::Done,
                _ => Mark::Plain,
            },
            selected: self.list.selected() == Some(index),
        }
    }
}

/// A replay's name in the list: `BEST` for a level's best run, `UNFINISHED` for a game saved
/// during play that never ended (the game was killed; its score is the one reached at the
/// last save), the level, and its set.
fn name(e: &Listed) -> String {
    let best = match (e.shelf, e.outcome) {
        (Shelf::Best, _) => "BEST ",
        (Shelf::Recent, None) => "UNFINISHED ",
        (Shelf::Recent, Some(_)) => "",
    };
    match &e.set {
        Some(set) => format!("{best}{} ({set})", e.level),
        None => format!("{best}{}", e.level),
    }
}

impl Scene for ReplaysScene {
    fn input(&mut self, _ctx: &mut Context, input: &SceneInput) -> Handled {
        match super::list::input(&mut self.list, LIST_TOP, &mut self.pointer, input) {
            Some(ListAction::Back) => Transition::Pop.into(),
            Some(ListAction::Chosen(index)) => self.watch(index).into(),
            Some(ListAction::Moved | ListAction::None) => Handled::Yes(Transition::None),
            None => Handled::No,
        }
    }

    /// The letters type into the list's filter.
    fn chrome(&self) -> Chrome {
        Chrome {
            takes_letters: true,
            ..Chrome::titled("Breakout — replays")
        }
    }

    fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
        Transition::None
    }

    fn draw(&self, _ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        scene::background(&mut batch.backdrop);
        let rows = self.list.visible().iter().map(|&i| self.row(i)).collect();
        let selected = self.list.selected();
        let error = self
            .error
            .as_ref()
            .filter(|(i, _)| Some(*i) == selected)
            .map(|(_, e)| e.as_str());
        let (shown, at) = self.list.position();
        let view = ListView {
            title: "REPLAYS",
            top: LIST_TOP,
            rows,
            more: self.list.more(),
            status: filter_status(self.list.filter(), "replays"),
            position: format!("{}/{shown}", (at + 1).min(shown)),
            error,
            keys: "UP/DOWN choose  ENTER watch  ESC back",
        };
        menu::list(&mut batch.text, &view);
        if self.entries.is_empty() {
            replays::empty_list(&mut batch.text, LIST_TOP + 40.0, self.dir.as_deref());
        }
    }
}
