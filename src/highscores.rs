//! Best score per level, kept in the user's data directory
//! (`~/.local/share/breakout/highscores.toml` on Linux, from the `directories` crate).
//!
//! Written atomically — a temporary file in the same directory, flushed to disk, then renamed over
//! the old one — so a crash never leaves a half-written file. A file that cannot be parsed is
//! moved aside (`highscores.toml.corrupt-<unix seconds>`) with a warning, and the game goes on
//! with an empty table.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The high-score file's name.
pub const FILE_NAME: &str = "highscores.toml";

#[derive(Debug, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    best: BTreeMap<String, u32>,
}

/// The best score of each level, by level name, and where it is stored.
#[derive(Debug)]
pub struct HighScores {
    path: PathBuf,
    best: BTreeMap<String, u32>,
}

impl HighScores {
    /// The default file in the user's data directory, if the platform has one.
    pub fn default_path() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "breakout").map(|d| d.data_dir().join(FILE_NAME))
    }

    /// Loads the table from `path`. A missing file is an empty table; an unreadable or corrupt
    /// one is moved aside with a warning (logged) and gives an empty table. Never fails.
    pub fn load(path: &Path) -> HighScores {
        let best = match std::fs::read_to_string(path) {
            Ok(text) => match toml::from_str::<File>(&text) {
                Ok(file) => file.best,
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
                    BTreeMap::new()
                }
            },
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => BTreeMap::new(),
            Err(e) => {
                log::warn!("{}: cannot read high scores: {e}", path.display());
                BTreeMap::new()
            }
        };
        HighScores {
            path: path.to_path_buf(),
            best,
        }
    }

    /// The best score on `level`, if any.
    pub fn best(&self, level: &str) -> Option<u32> {
        self.best.get(level).copied()
    }

    /// Records `score` on `level`; returns true (and keeps it) if it beats the best so far.
    pub fn record(&mut self, level: &str, score: u32) -> bool {
        if score == 0 || self.best(level).is_some_and(|b| b >= score) {
            return false;
        }
        self.best.insert(level.to_string(), score);
        true
    }

    /// Writes the table atomically (temporary file + rename), creating the directory.
    ///
    /// # Errors
    /// The I/O error, with the file named in the message.
    pub fn save(&self) -> std::io::Result<()> {
        let named = |e: std::io::Error| {
            std::io::Error::new(e.kind(), format!("{}: {e}", self.path.display()))
        };
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(named)?;
        }
        let text = toml::to_string(&File {
            best: self.best.clone(),
        })
        .map_err(|e| named(std::io::Error::other(e)))?;
        let tmp = self
            .path
            .with_extension(format!("toml.tmp-{}", std::process::id()));
        let result = (|| {
            let mut file = std::fs::File::create(&tmp)?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
            std::fs::rename(&tmp, &self.path)
        })();
        if result.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        result.map_err(named)
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
    fn best_scores_survive_a_save_and_load() {
        let path = temp_dir("roundtrip").join("nested").join(FILE_NAME);
        let mut scores = HighScores::load(&path);
        assert_eq!(scores.best("Fortress"), None);
        assert!(scores.record("Fortress", 120));
        assert!(
            !scores.record("Fortress", 100),
            "a lower score is not a best"
        );
        assert!(scores.record("Level \"2\" = odd name", 5));
        scores.save().unwrap();
        let again = HighScores::load(&path);
        assert_eq!(again.best("Fortress"), Some(120));
        assert_eq!(again.best("Level \"2\" = odd name"), Some(5));
        // No temporary file is left behind.
        let leftovers: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .flatten()
            .collect();
        assert_eq!(leftovers.len(), 1, "{leftovers:?}");
    }

    #[test]
    fn corrupt_file_is_moved_aside_and_play_goes_on() {
        let dir = temp_dir("corrupt");
        let path = dir.join(FILE_NAME);
        std::fs::write(&path, "best = [this is not toml").unwrap();
        let mut scores = HighScores::load(&path);
        assert_eq!(scores.best("x"), None);
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
        assert!(scores.record("x", 1));
        scores.save().unwrap();
        assert_eq!(HighScores::load(&path).best("x"), Some(1));
    }
}
