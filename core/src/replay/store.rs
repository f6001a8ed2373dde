//! [`Store`]: where the game keeps replays in the user's data directory — the last
//! `RECENT_KEPT` games, the best run of each level, and the level left in the middle of a run
//! (to continue it).
//!
//! ```text
//! DATA/replays/recent/TIME-NN-LEVEL.bkreplay  the last 20 games (TIME: when recording began,
//!                                             seconds since 1970, 12 digits; NN: 00, 01… for
//!                                             games begun in the same second)
//! DATA/replays/best/SET/LEVEL.bkreplay        the best run of each level, replaced when beaten
//! DATA/replays/unfinished.bkreplay            the level a run was left in (no end)
//! ```
//!
//! `DATA` is the directory `directories` gives the game (`~/.local/share/breakout` on Linux).
//! The files are read, written, listed and deleted through [`crate::files::Backend`]: the file
//! system, or in a browser its storage (keys are these paths under a virtual `DATA`).

use super::{file, Outcome, Replay, ReplayError};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// How many recent games are kept; older ones are deleted as new ones are saved.
pub(crate) const RECENT_KEPT: usize = 20;

/// The replays directory and its layout.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
    /// The recent games' file names handed out by [`Store::recent_path`] (shared by clones):
    /// a game's file is written only once it has a step, and in the background, so two games
    /// begun in the same second must not be told the same name because neither is on disk yet.
    claimed: Arc<Mutex<BTreeSet<String>>>,
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
    /// The run's score at the end; for a replay without an end (saved during play, then the
    /// game was killed), the score at its last step, found by playing it again headless
    /// (up to `MAX_STEPS_FOR_SCORE` steps), or its start's score if it is longer.
    pub score: u32,
    /// `score` is the score reached at the replay's last step (false: the start's score of a
    /// replay without an end too long to play again for the list).
    pub score_reached: bool,
    /// Play time, seconds.
    pub seconds: f64,
    /// The collision mode at the start.
    pub mode: String,
    /// How it ended; `None` when it has no end (saved during play, then the game stopped).
    pub outcome: Option<Outcome>,
}

/// Most steps of a replay without an end that [`describe`] plays again to find the score it
/// reached: 30 minutes of play, about 60 ms at the 8 M steps a second of `--verify` on level
/// 04 (a minute of play, the usual game, is 2 ms). A longer one lists its start's score.
pub(crate) const MAX_STEPS_FOR_SCORE: u64 = 30 * 60 * super::STEPS_PER_SECOND;

impl Store {
    /// A store in `dir` (made when the first replay is saved).
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store {
            dir: dir.into(),
            claimed: Arc::default(),
        }
    }

    /// The store's directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where a game that begins being recorded now goes in the recent list: a name no other
    /// game has (`Store::recent_path_at` with `std`'s clock, which panics in a browser: there
    /// the shell calls `recent_path_at` with the page's clock).
    pub fn recent_path(&self, replay: &Replay) -> PathBuf {
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        self.recent_path_at(replay, now)
    }

    /// Where a game that begins being recorded at `now` (seconds since the Unix epoch) goes in
    /// the recent list: `TIME-NN-LEVEL.bkreplay`, `NN` one more than that of any game of the
    /// same second on disk or handed out before (`00` for the first), so two games never share
    /// a file and names sort by age (up to 100 games a second). The time is when recording
    /// begins here, not the replay's `recorded_at`: a game taken over from an old replay keeps
    /// that replay's date but is a new game, and must not be pruned as an old one.
    pub fn recent_path_at(&self, replay: &Replay, now: u64) -> PathBuf {
        let dir = self.dir.join("recent");
        let prefix = format!("{now:012}-");
        let mut claimed = self.claimed.lock().unwrap_or_else(|e| e.into_inner());
        let on_disk = replay_files(&dir)
            .into_iter()
            .filter_map(|p| Some(p.file_name()?.to_str()?.to_string()));
        let next = on_disk
            .chain(claimed.iter().cloned())
            .filter_map(|name| {
                let rest = name.strip_prefix(&prefix)?;
                rest.get(..2)?.parse::<u32>().ok()
            })
            .max()
            .map_or(0, |n| n + 1);
        let name = format!(
            "{prefix}{next:02}-{}.{}",
            file_safe(&replay.header.level_name),
            file::EXTENSION
        );
        claimed.insert(name.clone());
        dir.join(name)
    }

    /// Writes `replay` to `path` (from [`Store::recent_path`]) and deletes all but the newest
    /// `RECENT_KEPT` recent games. Errors: the file cannot be written (a failed delete is
    /// ignored: it is tried again next time).
    pub fn save_recent(&self, path: &Path, replay: &Replay) -> Result<(), ReplayError> {
        file::write(path, replay)?;
        self.prune_recent();
        Ok(())
    }

    /// Deletes all but the newest `RECENT_KEPT` recent games (by their names, which sort by
    /// age). A file that cannot be deleted is left (it is tried again next time).
    pub fn prune_recent(&self) {
        let mut names = replay_files(&self.dir.join("recent"));
        names.sort();
        let excess = names.len().saturating_sub(RECENT_KEPT);
        for old in names.into_iter().take(excess) {
            let _ = crate::files::remove(&old);
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
        let mut best: Vec<PathBuf> = crate::files::list(&self.dir.join("best"))
            .map(|dirs| dirs.iter().flat_map(|d| replay_files(d)).collect())
            .unwrap_or_default();
        best.sort();
        let shelves = recent
            .into_iter()
            .map(|p| (p, Shelf::Recent))
            .chain(best.into_iter().map(|p| (p, Shelf::Best)));
        shelves
            .filter_map(|(path, shelf)| match file::read(&path) {
                Ok(replay) => Some(describe(replay, path, shelf)),
                Err(e) => {
                    log::warn!("{e}");
                    None
                }
            })
            .collect()
    }
}

/// `replay`, stored at `path` in `shelf`, for a list.
pub fn describe(replay: Replay, path: PathBuf, shelf: Shelf) -> Listed {
    let replay = Arc::new(replay);
    let h = &replay.header;
    let level = replay
        .level()
        .map(|l| l.display_name().to_string())
        .unwrap_or_else(|_| h.level_name.clone());
    let reached = match replay.end {
        Some(end) => Some(end.score),
        None => score_reached(replay.clone()),
    };
    let h = &replay.header;
    Listed {
        path,
        shelf,
        level,
        set: h.origin.set.clone(),
        recorded_at: h.recorded_at,
        score: reached.unwrap_or(h.start_score),
        score_reached: reached.is_some(),
        seconds: replay.seconds(),
        mode: h.settings.collision.clone(),
        outcome: replay.end.map(|e| e.outcome),
    }
}

/// The score at the last step of `replay`, played again headless (the changes after it
/// applied); `None` for a replay of more than `MAX_STEPS_FOR_SCORE` steps or whose level
/// does not parse.
pub fn score_reached(replay: Arc<Replay>) -> Option<u32> {
    if replay.steps() > MAX_STEPS_FOR_SCORE {
        return None;
    }
    let mut playback = super::Playback::new(replay).ok()?;
    playback.run_to_end();
    Some(playback.game().score())
}

/// The `.bkreplay` files directly in `dir` (none if it cannot be read).
fn replay_files(dir: &Path) -> Vec<PathBuf> {
    crate::files::list(dir)
        .map(|entries| {
            entries
                .into_iter()
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
            store
                .save_recent(&store.recent_path_at(&r, 1_000 + t), &r)
                .unwrap();
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

    /// Games begun in the same second (of the same level, or not; written, or not yet) get
    /// files of their own, and pruning keeps the newest twenty of them.
    #[test]
    fn games_begun_in_the_same_second_keep_files_of_their_own() {
        let dir = std::env::temp_dir().join(format!("breakout-store-same-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(&dir);
        let a = replay_at(7, "same");
        let first = store.recent_path_at(&a, 2_000);
        let second = store.clone().recent_path_at(&a, 2_000);
        assert_ne!(first, second, "neither written yet");
        // Another process (a store of its own) sees the files on disk.
        file::write(&first, &a).unwrap();
        file::write(&second, &a).unwrap();
        let third = Store::new(&dir).recent_path_at(&a, 2_000);
        assert!(
            third.ends_with("recent/000000002000-02-same.bkreplay"),
            "{third:?}"
        );
        std::fs::remove_file(&first).unwrap();
        std::fs::remove_file(&second).unwrap();
        // 25 games in one second, each marked by its score: the last 20 are kept.
        for t in 0..25u32 {
            let mut r = replay_at(7, if t % 2 == 0 { "same" } else { "other" });
            r.end.as_mut().unwrap().score = t;
            store
                .save_recent(&store.recent_path_at(&r, 3_000), &r)
                .unwrap();
        }
        let scores: Vec<u32> = store.list().iter().map(|l| l.score).collect();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(scores, (5..25).rev().collect::<Vec<_>>());
    }

    /// A game saved during play that never ended (the process was killed) is listed with the
    /// score it had reached at its last save, not its start's.
    #[test]
    fn a_replay_without_an_end_is_listed_with_the_score_it_reached() {
        let dir = std::env::temp_dir().join(format!("breakout-store-score-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Store::new(&dir);
        let level = Level::parse("2 2 2 2 2 2\n2 2 2 2 2 2\n", "scored").unwrap();
        let mut game = Game::continuing(&level, GameConfig::default(), 500, 3);
        let mut rec = Recorder::new(&game, &level, Origin::default(), 500, 3, 9);
        let mut bot = crate::sim::Bot::new(0, 0.0);
        while game.score() < 600 && rec.steps() < 20 * 240 {
            let input = bot.input(&game);
            game.step(&input);
            rec.step(&input, &game);
        }
        assert!(game.score() >= 600, "the bot scored {}", game.score());
        let saved = rec.replay().clone();
        assert_eq!(saved.end, None);
        file::write(&store.recent_path_at(&saved, 9), &saved).unwrap();
        let listed = store.list();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].outcome, None);
        assert_eq!(listed[0].score, game.score());
        assert!(listed[0].score_reached);
        let mut long = saved;
        long.inputs.push_run(&Input::default(), MAX_STEPS_FOR_SCORE);
        let too_long = describe(long, PathBuf::from("x"), Shelf::Recent);
        assert_eq!((too_long.score, too_long.score_reached), (500, false));
    }

    #[test]
    fn names_are_safe_file_names() {
        assert_eq!(file_safe("a/b\\c:d e"), "a_b_c_d_e");
        assert_eq!(file_safe(""), "_");
        assert_eq!(file_safe(".."), "_..");
        assert_eq!(file_safe(&"x".repeat(200)).len(), 80);
    }
}
