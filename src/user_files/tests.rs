//! [`KvFiles`] over an in-memory store that fails as `localStorage` does: a quota (key and value
//! characters, as browsers count) and refusal (a private window).

use super::*;
use std::collections::BTreeMap;

/// An in-memory [`KeyValue`] with a quota in characters, or refusing everything.
#[derive(Default)]
struct MemoryKv {
    map: Mutex<BTreeMap<String, String>>,
    /// Most characters of keys and values in all (`usize::MAX`: no limit).
    quota: usize,
    refused: bool,
}

impl MemoryKv {
    fn with_quota(quota: usize) -> MemoryKv {
        MemoryKv {
            quota,
            ..MemoryKv::default()
        }
    }

    fn refused() -> MemoryKv {
        MemoryKv {
            refused: true,
            ..MemoryKv::default()
        }
    }

    fn check(&self) -> Result<(), KvError> {
        if self.refused {
            return Err(KvError::Refused("SecurityError".into()));
        }
        Ok(())
    }
}

impl KeyValue for MemoryKv {
    fn get(&self, key: &str) -> Result<Option<String>, KvError> {
        self.check()?;
        Ok(self.map.lock().unwrap().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), KvError> {
        self.check()?;
        let mut map = self.map.lock().unwrap();
        let others: usize = (map.iter())
            .filter(|(k, _)| *k != key)
            .map(|(k, v)| k.len() + v.len())
            .sum();
        if others + key.len() + value.len() > self.quota {
            return Err(KvError::Full("QuotaExceededError".into()));
        }
        map.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), KvError> {
        self.check()?;
        self.map.lock().unwrap().remove(key);
        Ok(())
    }

    fn keys(&self) -> Result<Vec<String>, KvError> {
        self.check()?;
        Ok(self.map.lock().unwrap().keys().cloned().collect())
    }
}

fn data(rel: &str) -> PathBuf {
    Path::new(DATA_DIR).join(rel)
}

fn files(kv: MemoryKv, cap: usize) -> KvFiles<MemoryKv> {
    KvFiles::new(kv, &data("replays"), cap)
}

#[test]
fn files_are_kept_listed_renamed_and_removed_by_path() {
    let files = files(MemoryKv::with_quota(usize::MAX), REPLAY_CAP);
    let level = data("levels/mine.lvl");
    assert_eq!(
        files.read(&level).unwrap_err().kind(),
        io::ErrorKind::NotFound
    );
    files.write(&level, b"2 2\n\xff").unwrap();
    files.write(&data("levels/set-b/deep.lvl"), b"3\n").unwrap();
    assert_eq!(files.read(&level).unwrap(), b"2 2\n\xff");
    assert!(files.is_file(&level) && !files.is_file(&data("levels")));
    assert!(files.is_dir(&data("levels")) && !files.is_dir(&level));
    let listed = files.list(&data("levels")).unwrap();
    assert_eq!(listed, vec![data("levels/mine.lvl"), data("levels/set-b")]);
    assert_eq!(
        files.list(&data("nothing")).unwrap_err().kind(),
        io::ErrorKind::NotFound
    );
    files
        .rename(&level, &data("levels/mine.lvl.corrupt-1"))
        .unwrap();
    assert!(!files.is_file(&level));
    files.remove(&data("levels/mine.lvl.corrupt-1")).unwrap();
    assert_eq!(
        files.remove(&level).unwrap_err().kind(),
        io::ErrorKind::NotFound
    );
    assert_eq!(files.not_kept(), None);
}

/// A value changed by hand (not base64) reads as its text: corrupt bytes, as a corrupt file.
#[test]
fn a_value_that_is_not_base64_reads_as_its_text() {
    let kv = MemoryKv::with_quota(usize::MAX);
    let key = "/breakout/config/breakout.toml";
    kv.set(key, "[audio]\nvolume = ???").unwrap();
    let files = files(kv, REPLAY_CAP);
    assert_eq!(
        files.read(Path::new(key)).unwrap(),
        b"[audio]\nvolume = ???"
    );
}

/// A private window: nothing reads, nothing is written, the game is told once why.
#[test]
fn a_refused_store_keeps_nothing_and_says_so() {
    let files = files(MemoryKv::refused(), REPLAY_CAP);
    let why = files.not_kept().expect("said before anything is saved");
    assert!(
        why.contains("refuses") && why.contains("nothing is kept"),
        "{why}"
    );
    let settings = Path::new(CONFIG_DIR).join("breakout.toml");
    assert_eq!(
        files.read(&settings).unwrap_err().kind(),
        io::ErrorKind::NotFound
    );
    let err = files.write(&settings, b"x").unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::PermissionDenied);
    assert!(files.list(&data("replays/recent")).is_err());
    assert_eq!(files.not_kept(), Some(why), "the first reason stays");
}

fn recent(n: u32) -> PathBuf {
    data(&format!("replays/recent/{:012}-00-lvl.bkreplay", 1_000 + n))
}

/// Past the cap the oldest recent games go first; the run to continue and the best runs stay.
#[test]
fn replays_past_the_cap_drop_the_oldest_recent_games_first() {
    let files = files(MemoryKv::with_quota(usize::MAX), 1_000);
    let unfinished = data("replays/unfinished.bkreplay");
    let best = data("replays/best/set/01.bkreplay");
    files.write(&unfinished, &[1; 150]).unwrap(); // 200 characters in base64
    files.write(&best, &[2; 150]).unwrap();
    for n in 0..10 {
        files.write(&recent(n), &[3; 150]).unwrap();
    }
    let kept = files.list(&data("replays/recent")).unwrap();
    assert_eq!(kept, (7..10).map(recent).collect::<Vec<_>>());
    assert!(files.is_file(&unfinished) && files.is_file(&best));
    // One replay bigger than the cap is not kept; the others stay.
    let err = files.write(&recent(11), &[4; 900]).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::StorageFull);
    assert!(files.is_file(&unfinished));
    assert!(files.not_kept().is_some_and(|why| why.contains("full")));
}

/// A full store drops the oldest recent games to keep settings; with none left, the write fails
/// and the game is told once.
#[test]
fn a_full_store_makes_room_from_old_replays_then_says_so() {
    let files = files(MemoryKv::with_quota(1_000), REPLAY_CAP);
    for n in 0..3 {
        files.write(&recent(n), &[3; 150]).unwrap();
    }
    let settings = Path::new(CONFIG_DIR).join("breakout.toml");
    files.write(&settings, &[b'a'; 450]).unwrap();
    assert_eq!(files.read(&settings).unwrap(), vec![b'a'; 450]);
    let kept = files.list(&data("replays/recent")).unwrap();
    assert_eq!(kept, vec![recent(2)], "the two oldest made room");
    assert_eq!(
        files.not_kept(),
        None,
        "room was made: nothing lost that was asked to be kept"
    );
    let scores = data("highscores.toml");
    let err = files.write(&scores, &[b'b'; 900]).unwrap_err();
    assert_eq!(err.kind(), io::ErrorKind::StorageFull);
    assert!(files.is_file(&settings), "settings are never dropped");
    assert!(files.not_kept().is_some_and(|why| why.contains("full")));
}
