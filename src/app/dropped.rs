//! A file given to the game as bytes with its name (dropped on the browser's page): what it is
//! ([`classify`]) and the screen that shows it ([`transition`]). A level (`.lvl`) is played, a
//! replay (`.bkreplay`) watched, another game's level set (LBreakout2, KBreakOut, SDL-Ball,
//! gnome-breakout; [`crate::import`]) opened in the level list to play. Anything else is one
//! message naming the file and what the game reads, and the game goes on.
//!
//! Target-independent (the page's queue of dropped files is `browser/dropped.rs`), so that the
//! decision is tested natively (`tests/dropped_files.rs`).

use super::scenes::level_menu::LevelMenuScene;
use super::scenes::play::{Campaign, GameStart, PlayScene};
use super::scenes::replay::ReplayScene;
use super::scenes::{Context, Transition};
use crate::assets::{LevelSource, OpenedSet};
use crate::level::Level;
use crate::replay::file::MAGIC;
use std::sync::Arc;

/// The largest file taken, bytes (the biggest shipped or imported set is a few hundred KB; a
/// long replay a few MB).
pub const MAX_BYTES: usize = 32 * 1024 * 1024;

/// The high-score key of a level dropped on its own.
pub const DROPPED_KEY: &str = "dropped";

/// What a file turned out to be, read and checked.
pub enum Dropped {
    /// A level of this game, to play.
    Level(Box<Level>),
    /// Another game's level set, opened, to choose a level of.
    Set(Box<OpenedSet>),
    /// A replay, ready to watch.
    Replay(Box<ReplayScene>),
}

impl Dropped {
    /// What the page says once the file is taken, e.g. `Playing "Gates"`.
    pub fn describe(&self) -> String {
        match self {
            Dropped::Level(level) => format!("Playing \"{}\"", level.display_name()),
            Dropped::Set(set) => format!(
                "Opened {} ({} level{})",
                set.name,
                set.levels.len(),
                if set.levels.len() == 1 { "" } else { "s" }
            ),
            Dropped::Replay(_) => "Watching the replay".to_string(),
        }
    }
}

/// What the file `name` with content `bytes` is: a replay (its magic bytes, or a `.bkreplay`
/// name), a level (a `.lvl` name), another game's level set (its format's markers), or else a
/// level of this game after all (a LearnOpenGL `.txt` level, for one).
///
/// # Errors
/// One message, naming the file: empty or too big ([`MAX_BYTES`]), a replay or level that does
/// not read (its first problem, with line and column, or byte offset), a set whose levels none
/// converts, or bytes of no kind the game reads.
pub fn classify(name: &str, bytes: &[u8]) -> Result<Dropped, String> {
    let lower = name.to_ascii_lowercase();
    if bytes.is_empty() {
        return Err(format!("{name}: the file is empty"));
    }
    if bytes.len() > MAX_BYTES {
        return Err(format!(
            "{name}: {} MB is too big for a level, a level set or a replay",
            bytes.len() / (1024 * 1024)
        ));
    }
    if bytes.starts_with(MAGIC) || lower.ends_with(".bkreplay") {
        return ReplayScene::from_bytes(bytes, name).map(|s| Dropped::Replay(Box::new(s)));
    }
    if lower.ends_with(".lvl") {
        return Level::parse_bytes(bytes, name)
            .map(|l| Dropped::Level(Box::new(l)))
            .map_err(|e| first_line(&e.to_string()));
    }
    match OpenedSet::from_bytes(name, bytes) {
        Ok(Some(set)) => Ok(Dropped::Set(Box::new(set))),
        Ok(None) => Level::parse_bytes(bytes, name)
            .map(|l| Dropped::Level(Box::new(l)))
            .map_err(|_| unknown(name)),
        Err(e) => Err(first_line(&e.to_string())),
    }
}

/// The message for a file of no kind the game reads.
fn unknown(name: &str) -> String {
    format!(
        "{name}: not a level (.lvl), a replay (.bkreplay) or a level set of LBreakout2, \
         KBreakOut, SDL-Ball or gnome-breakout"
    )
}

/// The first line of a message of several (a level's every error), with how many more.
fn first_line(message: &str) -> String {
    let mut lines = message.lines();
    let first = lines.next().unwrap_or_default().to_string();
    match lines.count() {
        0 => first,
        more => format!("{first} (and {more} more)"),
    }
}

/// The screen that shows `dropped`, pushed over the scenes there are: the level's game, the
/// set's level list, the replay screen.
///
/// # Errors
/// The level's game cannot start (the message says why).
pub fn transition(ctx: &mut Context, dropped: Dropped) -> Result<Transition, String> {
    match dropped {
        Dropped::Level(level) => {
            let source = LevelSource::Edited {
                level: Arc::new((*level).clone()),
            };
            let campaign = Campaign::single(DROPPED_KEY, source);
            let play = PlayScene::start(ctx, GameStart::Level(campaign, &level))?;
            Ok(Transition::Push(Box::new(play)))
        }
        Dropped::Set(set) => Ok(Transition::Push(Box::new(LevelMenuScene::new(
            Arc::new(*set),
            0,
        )))),
        Dropped::Replay(scene) => Ok(Transition::Push(scene)),
    }
}
