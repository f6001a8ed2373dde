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
//! ```
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
}

/// The scores of one level set.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SetScores {
    /// The best score of a run through the set (a run ends with the set won or the game over).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run: Option<u32>,
    /// Each level's scores, by level key.
    #[serde(default)]
    pub levels: BTreeMap<String, LevelScore>,
}

/// The scores of one level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct LevelScore {
    /// The most points scored in the level in one go (points of that level only, not the run's
    /// score before it).
    pub best: u32,
    /// Whether the level was ever cleared.
    #[serde(default)]
    pub cleared: bool,
}

/// What recording a score did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// The best score before this one.
    pub previous: Option<u32>,
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
        directories::ProjectDirs::from("", "", "breakout").map(|d| d.data_dir().join(FILE_NAME))
    }

    /// Loads the table from `path`, in the current or the old format. A missing file is an
    /// empty table; an unreadable or corrupt one is moved aside with a warning (logged) and
    /// gives an empty table. Never fails.
    pub fn load(path: &Path) -> HighScores {
        let file = match std::fs::read_to_string(path) {
            Ok(text) => match toml::from_str::<File>(&text) {
                Ok(file) => file,
                Err(e) => {
                    let stamp = std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map_or(0, |d| d.as_secs());
                    let aside = path.with_extension(format!("toml.corrupt-{stamp}"));
                    match std::fs::rename(path, &aside) {
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
                    cleared: false,
                })
            })
    }

    /// How many levels of `set` were ever cleared.
    pub fn cleared(&self, set: &str) -> usize {
        self.set(set)
            .map_or(0, |s| s.levels.values().filter(|l| l.cleared).count())
    }

    /// The best run score of `set`, if any.
    pub fn best_run(&self, set: &str) -> Option<u32> {
        self.set(set).and_then(|s| s.run)
    }

    /// Records `score` points made in level `level` of set `set`, and whether it was
    /// `cleared`. An old score of `legacy_name` (see [`HighScores::level`]) counts as the
    /// level's best so far and is carried over into the new table.
    pub fn record_level(
        &mut self,
        set: &str,
        level: &str,
        legacy_name: Option<&str>,
        score: u32,
        cleared: bool,
    ) -> Recorded {
        let before = self.level(set, level, legacy_name);
        let own = self.set(set).and_then(|s| s.levels.get(level)).is_some();
        let previous = before.map(|b| b.best);
        let is_best = score > 0 && previous.is_none_or(|b| score > b);
        let after = LevelScore {
            best: previous.unwrap_or(0).max(score),
            cleared: cleared || before.is_some_and(|b| b.cleared),
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

    /// Records the score of a whole run through `set`.
    pub fn record_run(&mut self, set: &str, score: u32) -> Recorded {
        let previous = self.best_run(set);
        let is_best = score > 0 && previous.is_none_or(|b| score > b);
        if is_best {
            self.file.sets.entry(set.to_string()).or_default().run = Some(score);
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
        let first = scores.record_level("shipped", "03-fortress.lvl", None, 120, false);
        assert_eq!(
            (first.previous, first.is_best, first.changed),
            (None, true, true)
        );
        let lower = scores.record_level("shipped", "03-fortress.lvl", None, 100, true);
        assert_eq!((lower.previous, lower.is_best), (Some(120), false));
        assert!(lower.changed, "a first clear changes the table");
        let same = scores.record_level("shipped", "03-fortress.lvl", None, 100, true);
        assert!(!same.changed);
        let odd = "/a set/with \"quotes\" = odd";
        scores.record_level(odd, "#7", None, 5, false);
        assert!(scores.record_run(odd, 900).is_best);
        assert!(!scores.record_run(odd, 800).is_best);
        scores.save().unwrap();
        let again = HighScores::load(&path);
        let fortress = again.level("shipped", "03-fortress.lvl", None).unwrap();
        assert_eq!((fortress.best, fortress.cleared), (120, true));
        assert_eq!(again.level(odd, "#7", None).map(|l| l.best), Some(5));
        assert_eq!(again.best_run(odd), Some(900));
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
        let lower = scores.record_level("shipped", key, Some("01 First Steps"), 300, true);
        assert_eq!(
            (lower.previous, lower.is_best, lower.changed),
            (Some(400), false, true)
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
        assert!(scores.record_level("s", "x", None, 1, false).is_best);
        scores.save().unwrap();
        assert_eq!(
            HighScores::load(&path).level("s", "x", None).unwrap().best,
            1
        );
    }
}
