//! Best scores, kept in the user's data directory (`~/.local/share/breakout/highscores.toml` on
//! Linux, from the `directories` crate): for each level set (by its key, see
//! [`crate::assets::LevelSetSource::key`]) the best score of each level (by its file name or
//! number in the set, [`crate::assets::LevelSource::key`], never by its shown name), whether it
//! was ever cleared, and the best score of a whole run through the set.
//!
//! ```toml
//! [sets.shipped]
//! run = 5230
//! [sets.shipped.levels."01-first-steps.lvl"]
//! best = 400
//! cleared = true
//! [sets.shipped.levels."02-gates.lvl"]
//! best = 610
//! speed = 70              # made at 70 % game speed
//! ```
//!
//! A best score made below full game speed keeps its speed (`speed`, `run_speed`; per cent),
//! and is shown with it, "610 (70% speed)" ([`Score`]). Entries without one, all of earlier
//! versions', were made at 100 %.
//!
//! A hot-seat run's players each keep their best run of each set by name (`[players."Anna"]`,
//! [`HighScores::record_player_run`]); the tables above stay the single player's.
//!
//! ```toml
//! [players.Anna.shipped]
//! run = 3120
//! ```
//!
//! Scores are kept per difficulty: a set's scores at Normal under its own key, at any other
//! difficulty under the key and the difficulty's name, `[sets."shipped@kids"]`
//! ([`scores_key`]). Files of earlier versions, which had no difficulty, are all Normal; a
//! score shown at another difficulty says which ([`difficulty_note`]).
//!
//! The file of earlier versions held only `[best]`, the best score by shown level name. It is
//! still read and kept: a level of the shipped set or the user's levels with no score of its own
//! shows the old score of its name ([`HighScores::level`] with a legacy name), which becomes its
//! own the next time it is recorded. Nothing is lost, and older entries are never rewritten.
//!
//! Written atomically — a temporary file in the same directory, flushed to disk, then renamed over
//! the old one — so a crash never leaves a half-written file. A file that cannot be parsed is
//! moved aside (`highscores.toml.corrupt-<unix seconds>`) with a warning, and the game goes on
//! with an empty table.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The high-score file's name.
pub const FILE_NAME: &str = "highscores.toml";

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct File {
    /// The old table: best score by shown level name (read and written back, never added to).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    best: BTreeMap<String, u32>,
    /// The scores of each set, by set key.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    sets: BTreeMap<String, SetScores>,
    /// The hot-seat players' best runs: by player name, then by set key.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    players: BTreeMap<String, BTreeMap<String, PlayerRun>>,
}

/// A hot-seat player's best run through one set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerRun {
    /// The best run's points.
    pub run: u32,
    /// The game speed it was made at, per cent (100 when the file has none).
    #[serde(default = "full_speed", skip_serializing_if = "is_full_speed")]
    pub run_speed: u32,
}

/// Full game speed, per cent: what an entry without a speed was made at.
pub const FULL_SPEED: u32 = 100;

fn full_speed() -> u32 {
    FULL_SPEED
}

fn is_full_speed(speed: &u32) -> bool {
    *speed >= FULL_SPEED
}

/// A score and the game speed it was made at: shown as "610", or "610 (70% speed)" below full
/// speed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// Points.
    pub points: u32,
    /// The game speed, per cent of normal ([`FULL_SPEED`]: normal).
    pub speed: u32,
}

impl Score {
    /// `points` made at full speed.
    pub fn full(points: u32) -> Score {
        Score {
            points,
            speed: FULL_SPEED,
        }
    }
}

impl std::fmt::Display for Score {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.points, speed_note(self.speed))
    }
}

/// What follows a score made at `speed` per cent of the normal game speed: nothing at full
/// speed, else " (70% speed)".
pub fn speed_note(speed: u32) -> String {
    if speed >= FULL_SPEED {
        String::new()
    } else {
        format!(" ({speed}% speed)")
    }
}

/// The difficulty whose scores are kept under a set's own key (the only one before
/// difficulties existed): its name, as [`crate::config`] and the command line spell it.
pub const NORMAL: &str = "normal";

/// The key under which the scores of set `set` played at the difficulty named `difficulty`
/// are kept: `set` itself at [`NORMAL`], else `"set@difficulty"` (`shipped@kids`).
pub fn scores_key(set: &str, difficulty: &str) -> String {
    if difficulty == NORMAL {
        set.to_string()
    } else {
        format!("{set}@{difficulty}")
    }
}

/// What follows a score made at the difficulty labelled `label` (its on-screen name) and named
/// `name`: nothing at [`NORMAL`], else " (Kids)".
pub fn difficulty_note(name: &str, label: &str) -> String {
    if name == NORMAL {
        String::new()
    } else {
        format!(" ({label})")
    }
}

/// The scores of one level set.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SetScores {
    /// The best score of a run through the set (a run ends with the set won or the game over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<u32>,
    /// The game speed the best run was made at, per cent (100 when the file has none).
    #[serde(default = "full_speed", skip_serializing_if = "is_full_speed")]
    pub run_speed: u32,
    /// Each level's scores, by level key.
    #[serde(default)]
    pub levels: BTreeMap<String, LevelScore>,
}

impl Default for SetScores {
    fn default() -> Self {
        SetScores {
            run: None,
            run_speed: FULL_SPEED,
            levels: BTreeMap::new(),
        }
    }
}

/// The scores of one level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LevelScore {
    /// The most points scored in the level in one go (points of that level only, not the run's
    /// score before it).
    pub best: u32,
    /// Whether the level was ever cleared.
    #[serde(default)]
    pub cleared: bool,
    /// The game speed `best` was made at, per cent (100 when the file has none).
    #[serde(default = "full_speed", skip_serializing_if = "is_full_speed")]
    pub speed: u32,
}

impl Default for LevelScore {
    fn default() -> Self {
        LevelScore {
            best: 0,
            cleared: false,
            speed: FULL_SPEED,
        }
    }
}

impl LevelScore {
    /// The best score with its speed.
    pub fn score(&self) -> Score {
        Score {
            points: self.best,
            speed: self.speed,
        }
    }
}

/// What recording a score did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The best score before this one, with its speed.
    pub previous: Option<Score>,
    /// Whether this score beat it (and is now the best).
    pub is_best: bool,
    /// Whether the table changed (a new best, a first clear, an old entry carried over), so
    /// it needs saving.
    pub changed: bool,
}

/// The best scores of each level and set, and where they are stored.
#[derive(Debug)]
pub struct HighScores {
    path: PathBuf,
    file: File,
}

impl HighScores {
    /// The default file in the user's data directory, if the platform has one.
    pub fn default_path() -> Option<PathBuf> {
        crate::user_dirs::data_dir().map(|d| d.join(FILE_NAME))
    }

    /// Loads the table from `path`, in the current or the old format. A missing file is an
    /// empty table; an unreadable or corrupt one is moved aside with a warning (logged) and
    /// gives an empty table. Never fails.
    pub fn load(path: &Path) -> HighScores {
        let text = crate::files::read(path).and_then(|bytes| {
            String::from_utf8(bytes)
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))
        });
        let file = match text {
            Ok(text) => match toml::from_str::<File>(&text) {
                Ok(file) => file,
                Err(e) => {
                    let stamp = web_time::SystemTime::now()
                        .duration_since(web_time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs());
                    let aside = path.with_extension(format!("toml.corrupt-{stamp}"));
                    match crate::files::rename(path, &aside) {
                        Ok(()) => log::warn!(
                            "{}: high scores are corrupt ({}); moved to {} and starting afresh",
                            path.display(),
                            e.message(),
                            aside.display()
                        ),
                        Err(re) => log::warn!(
                            "{}: high scores are corrupt and cannot be moved aside: {re}",
                            path.display()
                        ),
                    }
                    File::default()
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => File::default(),
            Err(e) => {
                log::warn!("{}: cannot read high scores: {e}", path.display());
                File::default()
            }
        };
        HighScores {
            path: path.to_path_buf(),
            file,
        }
    }

    /// The file the table is read from and saved to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The scores of the set `set`, if any.
    pub fn set(&self, set: &str) -> Option<&SetScores> {
        self.file.sets.get(set)
    }

    /// The scores of level `level` of set `set`; without one, the old file's best score of
    /// the shown name `legacy_name` (never cleared, as the old file did not say).
    pub fn level(&self, set: &str, level: &str, legacy_name: Option<&str>) -> Option<LevelScore> {
        self.set(set)
            .and_then(|s| s.levels.get(level).copied())
            .or_else(|| {
                let best = *self.file.best.get(legacy_name?)?;
                Some(LevelScore {
                    best,
                    ..LevelScore::default()
                })
            })
    }

    /// How many levels of `set` were ever cleared.
    pub fn cleared(&self, set: &str) -> usize {
        self.set(set)
            .map_or(0, |s| s.levels.values().filter(|l| l.cleared).count())
    }

    /// The best run score of `set` with its speed, if any.
    pub fn best_run(&self, set: &str) -> Option<Score> {
        let scores = self.set(set)?;
        Some(Score {
            points: scores.run?,
            speed: scores.run_speed,
        })
    }

    /// Records `score` (the points made in level `level` of set `set`, and the game speed they
    /// were made at), and whether it was `cleared`; a new best keeps its speed. An old score of `legacy_name` (see
    /// [`HighScores::level`]) counts as the level's best so far and is carried over into the
    /// new table.
    pub fn record_level(
        &mut self,
        set: &str,
        level: &str,
        legacy_name: Option<&str>,
        score: Score,
        cleared: bool,
    ) -> Recorded {
        let before = self.level(set, level, legacy_name);
        let own = self.set(set).and_then(|s| s.levels.get(level)).is_some();
        let previous = before.map(|b| b.score());
        let is_best = score.points > 0 && previous.is_none_or(|b| score.points > b.points);
        let after = match previous {
            Some(kept) if !is_best => kept,
            _ => score,
        };
        let after = LevelScore {
            best: after.points,
            cleared: cleared || before.is_some_and(|b| b.cleared),
            speed: after.speed,
        };
        let changed = (before != Some(after) && (after.best > 0 || after.cleared))
            || (!own && before.is_some());
        if changed {
            let entry = self.file.sets.entry(set.to_string()).or_default();
            entry.levels.insert(level.to_string(), after);
        }
        Recorded {
            previous,
            is_best,
            changed,
        }
    }

    /// Records the score of a whole run through `set`, with the game speed it was made at.
    pub fn record_run(&mut self, set: &str, score: Score) -> Recorded {
        let previous = self.best_run(set);
        let is_best = score.points > 0 && previous.is_none_or(|b| score.points > b.points);
        if is_best {
            let entry = self.file.sets.entry(set.to_string()).or_default();
            entry.run = Some(score.points);
            entry.run_speed = score.speed;
        }
        Recorded {
            previous,
            is_best,
            changed: is_best,
        }
    }

    /// The best run of the hot-seat player `name` through `set`, if any.
    pub fn player_run(&self, name: &str, set: &str) -> Option<Score> {
        let run = self.file.players.get(name)?.get(set)?;
        Some(Score {
            points: run.run,
            speed: run.run_speed,
        })
    }

    /// Records the `score` of the hot-seat player `name`'s run through `set`, as
    /// [`HighScores::record_run`] does for a single player's (whose table it leaves alone).
    pub fn record_player_run(&mut self, name: &str, set: &str, score: Score) -> Recorded {
        let previous = self.player_run(name, set);
        let is_best = score.points > 0 && previous.is_none_or(|b| score.points > b.points);
        if is_best {
            let runs = self.file.players.entry(name.to_string()).or_default();
            runs.insert(
                set.to_string(),
                PlayerRun {
                    run: score.points,
                    run_speed: score.speed,
                },
            );
        }
        Recorded {
            previous,
            is_best,
            changed: is_best,
        }
    }

    /// Writes the table atomically (temporary file + rename), creating the directory.
    ///
    /// # Errors
    /// The I/O error, with the file named in the message.
    pub fn save(&self) -> std::io::Result<()> {
        let text = toml::to_string(&self.file)
            .map_err(|e| std::io::Error::other(format!("{}: {e}", self.path.display())))?;
        crate::files::write_atomic(&self.path, text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("breakout-hs-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn level_and_run_scores_survive_a_save_and_load() {
        let path = temp_dir("roundtrip").join("nested").join(FILE_NAME);
        let mut scores = HighScores::load(&path);
        assert_eq!(scores.level("shipped", "03-fortress.lvl", None), None);
        let first =
            scores.record_level("shipped", "03-fortress.lvl", None, Score::full(120), false);
        assert_eq!(
            (first.previous, first.is_best, first.changed),
            (None, true, true)
        );
        let lower = scores.record_level("shipped", "03-fortress.lvl", None, Score::full(100), true);
        assert_eq!(
            (lower.previous, lower.is_best),
            (Some(Score::full(120)), false)
        );
        assert!(lower.changed, "a first clear changes the table");
        let same = scores.record_level("shipped", "03-fortress.lvl", None, Score::full(100), true);
        assert!(!same.changed);
        let odd = "/a set/with \"quotes\" = odd";
        scores.record_level(odd, "#7", None, Score::full(5), false);
        assert!(scores.record_run(odd, Score::full(900)).is_best);
        assert!(!scores.record_run(odd, Score::full(800)).is_best);
        scores.save().unwrap();
        let again = HighScores::load(&path);
        let fortress = again.level("shipped", "03-fortress.lvl", None).unwrap();
        assert_eq!((fortress.best, fortress.cleared), (120, true));
        assert_eq!(again.level(odd, "#7", None).map(|l| l.best), Some(5));
        assert_eq!(again.best_run(odd), Some(Score::full(900)));
        assert_eq!((again.cleared("shipped"), again.cleared(odd)), (1, 0));
        // No temporary file is left behind.
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .flatten()
            .collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
    }

    #[test]
    fn the_old_file_is_still_read_and_its_scores_carried_over() {
        let dir = temp_dir("legacy");
        let path = dir.join(FILE_NAME);
        // The format of earlier versions: best score by shown name.
        std::fs::write(&path, "[best]\n\"01 First Steps\" = 400\n\"Mine\" = 30\n").unwrap();
        let mut scores = HighScores::load(&path);
        assert!(path.exists(), "an old file is not corrupt");
        let key = "01-first-steps.lvl";
        let old = scores
            .level("shipped", key, Some("01 First Steps"))
            .unwrap();
        assert_eq!((old.best, old.cleared), (400, false));
        assert_eq!(scores.level("shipped", key, None), None);
        let lower = scores.record_level(
            "shipped",
            key,
            Some("01 First Steps"),
            Score::full(300),
            true,
        );
        assert_eq!(
            (lower.previous, lower.is_best, lower.changed),
            (Some(Score::full(400)), false, true)
        );
        scores.save().unwrap();
        let again = HighScores::load(&path);
        let carried = again.level("shipped", key, None).unwrap();
        assert_eq!((carried.best, carried.cleared), (400, true));
        assert_eq!(
            again.level("user", "mine.lvl", Some("Mine")).unwrap().best,
            30
        );
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("[best]"), "the old entries are kept: {text}");
    }

    /// Each hot-seat player keeps a best run per set by name, apart from the single player's
    /// table; a file of earlier versions (no players) still reads, and one without players is
    /// written as before.
    #[test]
    fn hot_seat_players_keep_their_own_best_runs_by_name() {
        let dir = temp_dir("players");
        let path = dir.join(FILE_NAME);
        std::fs::write(&path, "[sets.shipped]\nrun = 900\n").unwrap();
        let mut scores = HighScores::load(&path);
        assert!(path.exists(), "an old file is not corrupt");
        assert_eq!(scores.player_run("Anna", "shipped"), None);
        let anna = scores.record_player_run("Anna", "shipped", Score::full(300));
        assert_eq!((anna.previous, anna.is_best), (None, true));
        let slow = Score {
            points: 500,
            speed: 70,
        };
        assert!(scores.record_player_run("Ben", "shipped", slow).is_best);
        let lower = scores.record_player_run("Anna", "shipped", Score::full(200));
        assert_eq!(
            (lower.previous, lower.is_best, lower.changed),
            (Some(Score::full(300)), false, false)
        );
        scores.save().unwrap();
        let again = HighScores::load(&path);
        assert_eq!(again.player_run("Anna", "shipped"), Some(Score::full(300)));
        assert_eq!(again.player_run("Ben", "shipped"), Some(slow));
        assert_eq!(again.player_run("Anna", "other"), None);
        assert_eq!(
            again.best_run("shipped"),
            Some(Score::full(900)),
            "the single player's best run is untouched"
        );
        let mut plain = HighScores::load(&dir.join("plain.toml"));
        plain.record_run("shipped", Score::full(5));
        plain.save().unwrap();
        let text = std::fs::read_to_string(dir.join("plain.toml")).unwrap();
        assert!(!text.contains("players"), "{text}");
    }

    #[test]
    fn corrupt_file_is_moved_aside_and_play_goes_on() {
        let dir = temp_dir("corrupt");
        let path = dir.join(FILE_NAME);
        std::fs::write(&path, "best = [this is not toml").unwrap();
        let mut scores = HighScores::load(&path);
        assert_eq!(scores.level("s", "x", Some("x")), None);
        assert!(!path.exists(), "the corrupt file was moved away");
        let moved: Vec<_> = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert!(
            moved
                .iter()
                .any(|n| n.to_string_lossy().contains("corrupt")),
            "{moved:?}"
        );
        assert!(
            scores
                .record_level("s", "x", None, Score::full(1), false)
                .is_best
        );
        scores.save().unwrap();
        assert_eq!(
            HighScores::load(&path).level("s", "x", None).unwrap().best,
            1
        );
    }

    /// Entries of earlier versions have no speed: they read as made at 100 %. A best made
    /// slower keeps its speed in the file and is shown with it; a better score at full speed
    /// replaces it, speed and all, and one that is not better leaves it as it was.
    #[test]
    fn scores_keep_their_game_speed_and_entries_without_one_are_full_speed() {
        let dir = temp_dir("speed");
        let path = dir.join(FILE_NAME);
        std::fs::write(
            &path,
            "[sets.shipped]\nrun = 900\n[sets.shipped.levels.\"01-a.lvl\"]\nbest = 400\ncleared = true\n",
        )
        .unwrap();
        let mut scores = HighScores::load(&path);
        assert!(path.exists(), "an old file is not corrupt");
        let old = scores.level("shipped", "01-a.lvl", None).unwrap();
        assert_eq!(old.score(), Score::full(400));
        assert_eq!(old.score().to_string(), "400");
        assert_eq!(scores.best_run("shipped"), Some(Score::full(900)));
        let slow = |points| Score { points, speed: 70 };
        let level = scores.record_level("shipped", "01-a.lvl", None, slow(500), false);
        assert_eq!(
            (level.previous, level.is_best),
            (Some(Score::full(400)), true)
        );
        assert!(scores.record_run("shipped", slow(1000)).is_best);
        assert!(!scores.record_run("shipped", Score::full(950)).is_best);
        scores.record_level("user", "b.lvl", None, slow(10), false);
        scores.save().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("speed = 70") && text.contains("run_speed = 70"),
            "{text}"
        );
        let mut again = HighScores::load(&path);
        let level = again.level("shipped", "01-a.lvl", None).unwrap();
        assert_eq!((level.score(), level.cleared), (slow(500), true));
        assert_eq!(level.score().to_string(), "500 (70% speed)");
        assert_eq!(again.best_run("shipped"), Some(slow(1000)));
        assert_eq!(
            again.best_run("shipped").unwrap().to_string(),
            "1000 (70% speed)"
        );
        // Beaten at full speed: the mark goes, from the file too.
        let beaten = again.record_level("user", "b.lvl", None, Score::full(20), true);
        assert_eq!(beaten.previous, Some(slow(10)));
        again.save().unwrap();
        let b = HighScores::load(&path)
            .level("user", "b.lvl", None)
            .unwrap();
        assert_eq!(b.score(), Score::full(20));
        assert_eq!(speed_note(100), "");
    }

    /// Scores of earlier versions (no difficulty) are Normal's; each other difficulty keeps
    /// its own, in the same file, and one never beats or hides another.
    #[test]
    fn scores_are_kept_per_difficulty_and_old_ones_are_normal() {
        let dir = temp_dir("difficulty");
        let path = dir.join(FILE_NAME);
        std::fs::write(
            &path,
            "[best]\n\"First\" = 50\n[sets.shipped]\nrun = 900\n[sets.shipped.levels.\"01-a.lvl\"]\nbest = 400\n",
        )
        .unwrap();
        let mut scores = HighScores::load(&path);
        let (normal, kids) = (scores_key("shipped", NORMAL), scores_key("shipped", "kids"));
        assert_eq!(normal, "shipped");
        assert_eq!(kids, "shipped@kids");
        assert_eq!(scores.best_run(&normal), Some(Score::full(900)));
        assert_eq!(scores.level(&normal, "01-a.lvl", None).unwrap().best, 400);
        assert_eq!(scores.best_run(&kids), None);
        assert_eq!(scores.level(&kids, "01-a.lvl", None), None);
        // A lower score at Kids is still Kids' best, and leaves Normal's alone.
        let kid = scores.record_level(&kids, "01-a.lvl", None, Score::full(100), true);
        assert_eq!((kid.previous, kid.is_best), (None, true));
        assert!(scores.record_run(&kids, Score::full(300)).is_best);
        let hard = scores_key("shipped", "hard");
        assert!(scores.record_run(&hard, Score::full(2000)).is_best);
        scores.save().unwrap();
        let again = HighScores::load(&path);
        assert_eq!(again.best_run(&normal), Some(Score::full(900)));
        assert_eq!(again.level(&normal, "01-a.lvl", None).unwrap().best, 400);
        assert_eq!(again.best_run(&kids), Some(Score::full(300)));
        assert_eq!(again.level(&kids, "01-a.lvl", None).unwrap().best, 100);
        assert_eq!(again.best_run(&hard), Some(Score::full(2000)));
        assert_eq!(difficulty_note(NORMAL, "Normal"), "");
        assert_eq!(difficulty_note("kids", "Kids"), " (Kids)");
    }
}
