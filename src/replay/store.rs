//! [`Store`]: where the game keeps replays in the user's data directory — the last
//! [`RECENT_KEPT`] games, the best run of each level, and the level left in the middle of a run
//! (to continue it).
//!
//! ```text
//! DATA/replays/recent/TIME-LEVEL.bkreplay     the last 20 games (TIME: seconds since 1970, 12 digits)
//! DATA/replays/best/SET/LEVEL.bkreplay        the best run of each level, replaced when beaten
//! DATA/replays/unfinished.bkreplay            the level a run was left in (no end)
//! ```
//!
//! `DATA` is the directory `directories` gives the game (`~/.local/share/breakout` on Linux).

use super::{file, Outcome, Replay, ReplayError};
use std::path::{Path, PathBuf};

/// How many recent games are kept; older ones are deleted as new ones are saved.
pub const RECENT_KEPT: usize = 20;

/// The replays directory and its layout.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

/// Which list a stored replay is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shelf {
    /// One of the last games.
    Recent,
    /// The best run of its level.
    Best,
}

/// A stored replay, described for a list (the menu's Replays screen).
#[derive(Clone, Debug, PartialEq)]
pub struct Listed {
    /// The file.
    pub path: PathBuf,
    /// Which list.
    pub shelf: Shelf,
    /// The level's title (or file stem).
    pub level: String,
    /// The set's key, if played from one.
    pub set: Option<String>,
    /// When recording started, seconds since the Unix epoch (0 when unknown).
    pub recorded_at: u64,
    /// The run's score at the end (at the last save for one without an end).
    pub score: u32,
    /// Play time, seconds.
    pub seconds: f64,
    /// The collision mode at the start.
    pub mode: String,
    /// How it ended; `None` when it has no end (saved during play, then the game stopped).
    pub outcome: Option<Outcome>,
}

impl Store {
    /// A store in `dir` (made when the first replay is saved).
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The user's store: `replays` in the game's data directory; `None` where the system has no
    /// home directory.
    pub fn default_store() -> Option<Store> {
        directories::ProjectDirs::from("", "", "breakout")
            .map(|d| Store::new(d.data_dir().join("replays")))
    }

    /// The store's directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where a new game's replay goes in the recent list: named by its start time and level, so
    /// names sort by age.
    pub fn recent_path(&self, replay: &Replay) -> PathBuf {
        let h = &replay.header;
        self.dir.join("recent").join(format!(
            "{:012}-{}.{}",
            h.recorded_at,
            file_safe(&h.level_name),
            file::EXTENSION
        ))
    }

    /// Writes `replay` to `path` (from [`Store::recent_path`]) and deletes all but the newest
    /// [`RECENT_KEPT`] recent games. Errors: the file cannot be written (a failed delete is
    /// ignored: it is tried again next time).
    pub fn save_recent(&self, path: &Path, replay: &Replay) -> Result<(), ReplayError> {
        file::write(path, replay)?;
        self.prune_recent();
        Ok(())
    }

    /// Deletes all but the newest [`RECENT_KEPT`] recent games (by their names, which sort by
    /// age). A file that cannot be deleted is left (it is tried again next time).
    pub fn prune_recent(&self) {
        let mut names = replay_files(&self.dir.join("recent"));
        names.sort();
        let excess = names.len().saturating_sub(RECENT_KEPT);
        for old in names.into_iter().take(excess) {
            let _ = std::fs::remove_file(old);
        }
    }

    /// Where the best run of level `level_key` of set `set` goes.
    pub fn best_path(&self, set: &str, level_key: &str) -> PathBuf {
        self.dir.join("best").join(file_safe(set)).join(format!(
            "{}.{}",
            file_safe(level_key),
            file::EXTENSION
        ))
    }

    /// Where the level left in the middle of a run is kept.
    pub fn unfinished_path(&self) -> PathBuf {
        self.dir.join(format!("unfinished.{}", file::EXTENSION))
    }

    /// Every recent game (newest first), then every best run (by set and level); files that do
    /// not read are left out (and logged).
    pub fn list(&self) -> Vec<Listed> {
        let mut recent = replay_files(&self.dir.join("recent"));
        recent.sort();
        recent.reverse();
        let mut best: Vec<PathBuf> = std::fs::read_dir(self.dir.join("best"))
            .map(|dirs| {
                dirs.filter_map(|d| d.ok().map(|d| d.path()))
                    .flat_map(|d| replay_files(&d))
                    .collect()
            })
            .unwrap_or_default();
        best.sort();
        let shelves = recent
            .into_iter()
            .map(|p| (p, Shelf::Recent))
            .chain(best.into_iter().map(|p| (p, Shelf::Best)));
        shelves
            .filter_map(|(path, shelf)| match file::read(&path) {
                Ok(replay) => Some(describe(&replay, path, shelf)),
                Err(e) => {
                    log::warn!("{e}");
                    None
                }
            })
            .collect()
    }
}

/// `replay`, stored at `path` in `shelf`, for a list.
pub fn describe(replay: &Replay, path: PathBuf, shelf: Shelf) -> Listed {
    let h = &replay.header;
    let level = replay
        .level()
        .map(|l| l.display_name().to_string())
        .unwrap_or_else(|_| h.level_name.clone());
    Listed {
        path,
        shelf,
        level,
        set: h.origin.set.clone(),
        recorded_at: h.recorded_at,
        score: replay.end.map_or(h.start_score, |e| e.score),
        seconds: replay.seconds(),
        mode: h.settings.collision.clone(),
        outcome: replay.end.map(|e| e.outcome),
    }
}

/// The `.bkreplay` files directly in `dir` (none if it cannot be read).
fn replay_files(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == file::EXTENSION))
                .collect()
        })
        .unwrap_or_default()
}

/// `name` as a file name on any system: letters, digits, `-`, `_` and `.` kept, anything else
/// (path separators, `:`, spaces…) as `_`; at most 80 characters; never empty, `.` or `..`.
pub fn file_safe(name: &str) -> String {
    let mut out: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    if out.is_empty() || out.chars().all(|c| c == '.') {
        out = format!("_{out}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::Level;
    use crate::replay::{Origin, Recorder};
    use crate::sim::{Game, GameConfig, Input};

    fn replay_at(time: u64, name: &str) -> Replay {
        let level = Level::parse("2 2 2\n", name).unwrap();
        let mut game = Game::new(&level, GameConfig::default());
        let mut rec = Recorder::new(&game, &level, Origin::default(), 0, 3, time);
        game.step(&Input::default());
        rec.step(&Input::default(), &game);
        rec.finish(&game)
    }

    #[test]
    fn the_recent_list_keeps_the_newest_twenty_newest_first() {
        let dir = std::env::temp_dir().join(format!("breakout-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(&dir);
        for t in 0..25u64 {
            let r = replay_at(1_000 + t, &format!("lvl/{t}"));
            store.save_recent(&store.recent_path(&r), &r).unwrap();
        }
        let best = replay_at(5, "best one");
        file::write(&store.best_path("my set", "../x"), &best).unwrap();
        let listed = store.list();
        let _ = std::fs::remove_dir_all(&dir);
        let recent: Vec<u64> = listed
            .iter()
            .filter(|l| l.shelf == Shelf::Recent)
            .map(|l| l.recorded_at)
            .collect();
        assert_eq!(recent, (1_005..1_025).rev().collect::<Vec<_>>());
        let best: Vec<_> = listed.iter().filter(|l| l.shelf == Shelf::Best).collect();
        assert_eq!(best.len(), 1);
        assert!(
            best[0].path.ends_with("best/my_set/.._x.bkreplay"),
            "{:?}",
            best[0].path
        );
        assert_eq!(best[0].seconds, 1.0 / 240.0);
    }

    #[test]
    fn names_are_safe_file_names() {
        assert_eq!(file_safe("a/b\\c:d e"), "a_b_c_d_e");
        assert_eq!(file_safe(""), "_");
        assert_eq!(file_safe(".."), "_..");
        assert_eq!(file_safe(&"x".repeat(200)).len(), 80);
    }
}
