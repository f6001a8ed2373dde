//! The new-run screen, shown when a run starts from the level list: how many players (1–4),
//! each one's name when more than one (a hot-seat run, [`super::hot_seat`]), and Start, which
//! has the focus, so a single player goes on with one more Enter. The players' names and
//! count are remembered between runs in `players.toml`, next to the high scores.
//!
//! The screen is a list of rows ([`RunRow`]): another choice is one more variant, one more
//! place in [`NewRunScene::rows`] and its keys in `NewRunScene::change`.

use super::hot_seat::HotSeatScene;
use super::play::{Campaign, GameStart, PlayScene};
use super::{go_on_key, goes_on, Context, Pointer, Scene, Transition};
use super::{Chrome, Handled, SceneInput};
use crate::assets::OpenedSet;
use crate::cli::{is_name_char, parse_players, MAX_NAME_CHARS, MAX_PLAYERS};
use crate::view::new_run::{self, difficulty_note, NewRunView, RowView};
use crate::view::SpriteBatch;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use winit::keyboard::KeyCode;

/// The file of the remembered players, in the high-score file's directory.
pub const PLAYERS_FILE: &str = "players.toml";

/// One row of the new-run screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunRow {
    /// The run's difficulty (the setting, `[game] difficulty`): Left/Right change it.
    Difficulty,
    /// How many players: Left/Right change it.
    Players,
    /// The name of the player at this index (0 first): typed.
    Name(usize),
    /// Starts the run.
    Start,
}

/// The players of the last run, as remembered: `players.toml`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(default)]
pub struct Remembered {
    /// How many players, 1–4.
    pub players: usize,
    /// Each player's name, in turn order (an empty one is shown as "Player N").
    pub names: Vec<String>,
}

impl Default for Remembered {
    fn default() -> Self {
        Remembered {
            players: 1,
            names: vec![String::new(); MAX_PLAYERS],
        }
    }
}

impl Remembered {
    /// Reads `path`; a missing, unreadable or wrong file gives the defaults (one player, no
    /// names; a wrong file is logged), and wrong values are brought into range.
    pub fn load(path: &Path) -> Remembered {
        let read = match std::fs::read_to_string(path) {
            Ok(text) => toml::from_str::<Remembered>(&text).unwrap_or_else(|e| {
                log::warn!(
                    "{}: {}; the players start afresh",
                    path.display(),
                    e.message()
                );
                Remembered::default()
            }),
            Err(_) => Remembered::default(),
        };
        let mut names: Vec<String> = read
            .names
            .into_iter()
            .map(|n| {
                n.chars()
                    .filter(|&c| is_name_char(c))
                    .take(MAX_NAME_CHARS)
                    .collect()
            })
            .collect();
        names.resize(MAX_PLAYERS, String::new());
        Remembered {
            players: read.players.clamp(1, MAX_PLAYERS),
            names,
        }
    }

    /// Writes `path` atomically. Errors: the file cannot be written (the message names it).
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = toml::to_string(self).map_err(std::io::Error::other)?;
        crate::files::write_atomic(path, text.as_bytes())
    }
}

/// A new run through a set from one of its levels: players, names, Start. Up/Down choose a
/// row, Left/Right change the number of players, letters type the chosen player's name
/// (Backspace deletes), Enter on a name goes to the next row; Enter, Space or the launch key
/// on Start begins (the game replaces this screen, so the run's end comes back to the level
/// list); Esc goes back.
pub struct NewRunScene {
    set: Arc<OpenedSet>,
    /// 0-based index of the level the run starts at.
    index: usize,
    chosen: Remembered,
    /// The chosen row, an index into [`NewRunScene::rows`].
    focus: usize,
    /// Why the run did not start.
    error: Option<String>,
    /// Where the players are remembered (none without a data directory, and in tests).
    file: Option<PathBuf>,
    /// Where the pointer is, playfield pixels (none before it moves).
    pointer: Option<glam::Vec2>,
}

impl NewRunScene {
    /// A run through `set` from its level at `index`, with the players remembered in `file`.
    pub fn new(set: Arc<OpenedSet>, index: usize, file: Option<PathBuf>) -> NewRunScene {
        let chosen = file.as_deref().map(Remembered::load).unwrap_or_default();
        let mut scene = NewRunScene {
            set,
            index,
            chosen,
            focus: 0,
            error: None,
            file,
            pointer: None,
        };
        scene.focus = scene.rows().len() - 1;
        scene
    }

    /// Where the players are remembered for `ctx`: next to its high-score file.
    pub fn file_for(ctx: &Context) -> Option<PathBuf> {
        let scores = ctx.scores.as_ref()?;
        Some(scores.path().with_file_name(PLAYERS_FILE))
    }

    /// The rows as shown now, top first: the player count, a name per player when more than
    /// one, Start.
    pub fn rows(&self) -> Vec<RunRow> {
        let mut rows = vec![RunRow::Difficulty, RunRow::Players];
        if self.chosen.players > 1 {
            rows.extend((0..self.chosen.players).map(RunRow::Name));
        }
        rows.push(RunRow::Start);
        rows
    }

    /// The chosen row.
    pub fn focused(&self) -> RunRow {
        let rows = self.rows();
        rows[self.focus.min(rows.len() - 1)]
    }

    /// The players as they will play: the names typed, an empty one as "Player N".
    pub fn names(&self) -> Vec<String> {
        (0..self.chosen.players)
            .map(|i| {
                let name = self.chosen.names[i].trim();
                if name.is_empty() {
                    format!("Player {}", i + 1)
                } else {
                    name.to_string()
                }
            })
            .collect()
    }

    /// Left (`-1`) or Right (`1`) on the chosen row.
    fn change(&mut self, ctx: &mut Context, by: isize) {
        if self.focused() == RunRow::Difficulty {
            ctx.set_difficulty(ctx.difficulty().step(by as i32));
        }
        if self.focused() == RunRow::Players {
            let players = self.chosen.players as isize + by;
            self.chosen.players = players.clamp(1, MAX_PLAYERS as isize) as usize;
            self.error = None;
            // Start keeps the focus wherever the list grew or shrank.
            self.focus = self
                .rows()
                .iter()
                .position(|&r| r == RunRow::Players)
                .unwrap_or(0);
        }
    }

    /// Starts the run: one player's game, or a hot-seat run; the game replaces this screen.
    /// Names that cannot play together, or a level that does not load, keep the screen,
    /// saying why.
    fn start(&mut self, ctx: &mut Context) -> Transition {
        let names = self.names();
        if names.len() > 1 {
            if let Err(e) = parse_players(&names.join(",")) {
                self.error = Some(e);
                return Transition::None;
            }
        }
        if let Some(file) = &self.file {
            if let Err(e) = self.chosen.save(file) {
                log::warn!("{}: cannot remember the players: {e}", file.display());
            }
        }
        if let Err(e) = ctx.save_difficulty() {
            log::warn!("cannot remember the difficulty: {e}");
        }
        let campaign = Campaign::new(&self.set, self.index).starting_at(ctx.difficulty());
        let scene: Result<Box<dyn Scene>, String> = if names.len() > 1 {
            HotSeatScene::start(ctx, &campaign, &names).map(|s| Box::new(s) as Box<dyn Scene>)
        } else {
            PlayScene::start(ctx, GameStart::Load(campaign)).map(|s| Box::new(s) as Box<dyn Scene>)
        };
        match scene {
            Ok(scene) => Transition::Replace(scene),
            Err(error) => {
                self.error = Some(error);
                Transition::None
            }
        }
    }

    fn view(&self, ctx: &Context) -> NewRunView {
        let rows = self
            .rows()
            .into_iter()
            .map(|row| match row {
                RunRow::Difficulty => {
                    RowView::Choice("Difficulty".into(), ctx.difficulty().label().into())
                }
                RunRow::Players => {
                    RowView::Choice("Players".into(), self.chosen.players.to_string())
                }
                RunRow::Name(i) => {
                    let name = &self.chosen.names[i];
                    let shown = if name.is_empty() && self.focused() != row {
                        format!("Player {}", i + 1)
                    } else {
                        name.clone()
                    };
                    RowView::Choice(format!("Player {}", i + 1), shown)
                }
                RunRow::Start => RowView::Button("START".into()),
            })
            .collect();
        let level = &self.set.levels[self.index].name;
        let typing = matches!(self.focused(), RunRow::Name(_));
        let keys = if typing {
            "type the name  BACKSPACE delete  UP/DOWN or ENTER next  ESC back".to_string()
        } else {
            format!(
                "UP/DOWN choose  LEFT/RIGHT change  {} start  ESC back",
                go_on_key(ctx)
            )
        };
        NewRunView {
            subtitle: format!("{}, from {level}", self.set.name),
            rows,
            selected: self.focus,
            typing,
            note: difficulty_note(&ctx.difficulty().apply(ctx.config())),
            error: self.error.clone(),
            keys,
        }
    }
}

impl Scene for NewRunScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Typed(text) => self.on_typed(text).into(),
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            SceneInput::Pointer(event) => self.on_pointer(*event).into(),
            SceneInput::Click => self.on_click(ctx).into(),
            _ => Handled::No,
        }
    }

    /// The letters type into a player's name while its row is chosen.
    fn chrome(&self) -> Chrome {
        Chrome {
            takes_letters: matches!(self.focused(), RunRow::Name(_)),
            ..Chrome::titled(format!("Breakout — new run — {}", self.set.name))
        }
    }

    fn update(&mut self, _ctx: &mut Context, _dt: f32) -> Transition {
        Transition::None
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        new_run::draw(batch, &self.view(ctx));
    }
}

impl NewRunScene {
    fn on_typed(&mut self, text: &str) -> Transition {
        if let RunRow::Name(i) = self.focused() {
            let name = &mut self.chosen.names[i];
            for c in text.chars().filter(|&c| is_name_char(c)) {
                if name.chars().count() < MAX_NAME_CHARS {
                    name.push(c);
                }
            }
            self.error = None;
        }
        Transition::None
    }

    fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        let last = self.rows().len() - 1;
        let focused = self.focused();
        match code {
            KeyCode::Escape => return Transition::Pop,
            KeyCode::ArrowUp => self.focus = self.focus.saturating_sub(1),
            KeyCode::ArrowDown => self.focus = (self.focus + 1).min(last),
            KeyCode::ArrowLeft => self.change(ctx, -1),
            KeyCode::ArrowRight => self.change(ctx, 1),
            KeyCode::Backspace => {
                if let RunRow::Name(i) = focused {
                    self.chosen.names[i].pop();
                }
            }
            KeyCode::Enter | KeyCode::NumpadEnter if focused != RunRow::Start => {
                self.focus = (self.focus + 1).min(last);
            }
            // Space types into a name; on the other rows it goes on, as Enter does.
            code if focused == RunRow::Start && goes_on(ctx, code) => return self.start(ctx),
            _ => {}
        }
        Transition::None
    }

    fn on_pointer(&mut self, event: Pointer) -> Transition {
        if let Pointer::Moved(at) = event {
            // Choose by pointer only when it really moves onto a row.
            if self.pointer.is_some_and(|before| before != at) {
                if let Some(row) = new_run::row_at(at, self.rows().len()) {
                    self.focus = row;
                }
            }
            self.pointer = Some(at);
        }
        Transition::None
    }

    fn on_click(&mut self, ctx: &mut Context) -> Transition {
        let row = self
            .pointer
            .and_then(|at| new_run::row_at(at, self.rows().len()));
        match row.map(|r| self.rows()[r]) {
            Some(RunRow::Start) => self.start(ctx),
            Some(RunRow::Players) => {
                self.chosen.players = self.chosen.players % MAX_PLAYERS + 1;
                self.focus = 0;
                Transition::None
            }
            _ => Transition::None,
        }
    }
}
