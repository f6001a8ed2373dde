//! The player's files kept in a key-value store: [`KvFiles`], the [`crate::files::Backend`] of
//! a browser, where `std::fs` fails. Natively the files stay on the file system
//! ([`crate::files::StdFiles`]); in a page the shell sets a `KvFiles` over `localStorage`
//! (`app::browser::storage`) once at start, and every file the game keeps — settings, high
//! scores, the player's levels, replays, probe cases — goes there by the same paths, under the
//! virtual directories [`DATA_DIR`] and [`CONFIG_DIR`].
//!
//! A file is one entry: the key is its path (`/breakout/data/highscores.toml`), the value its
//! bytes in base64 (the store keeps text). Directories are the keys' prefixes. Replays are
//! kept compressed as their files are, and capped: they may use [`REPLAY_CAP`] characters in
//! all; past it, or when the store is full, the oldest recent games are dropped first (never
//! settings, levels, best runs or the run to continue). When the store refuses (a private
//! window) or stays full, the game plays on and [`KvFiles::not_kept`] says so, once.

use crate::files::Backend;
use base64::Engine as _;
use std::collections::BTreeSet;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The game's data directory in a browser (a virtual path: the keys' prefix).
pub const DATA_DIR: &str = "/breakout/data";

/// The game's configuration directory in a browser (a virtual path: the keys' prefix).
pub const CONFIG_DIR: &str = "/breakout/config";

/// Most characters the stored replays may use in all (their values, base64): 2 MiB, under half
/// of the 5 MiB a browser usually gives a page, so settings, scores and levels always fit.
/// About 100 one-minute games.
pub const REPLAY_CAP: usize = 2 * 1024 * 1024;

/// Why a key-value store did not do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KvError {
    /// The store cannot be used at all (a private window, storage disabled): the reason.
    Refused(String),
    /// The store is full (`QuotaExceededError`): the reason.
    Full(String),
}

/// A store of text values by text key, as a browser's `localStorage` is.
pub trait KeyValue: Send + Sync {
    /// The value of `key`, `None` if it has none. Errors: the store is refused.
    fn get(&self, key: &str) -> Result<Option<String>, KvError>;
    /// Sets `key` to `value`. Errors: the store is full or refused.
    fn set(&self, key: &str, value: &str) -> Result<(), KvError>;
    /// Removes `key` (none is fine). Errors: the store is refused.
    fn remove(&self, key: &str) -> Result<(), KvError>;
    /// Every key. Errors: the store is refused.
    fn keys(&self) -> Result<Vec<String>, KvError>;
}

/// Files kept in a [`KeyValue`] store (see the module's docs).
#[derive(Debug)]
pub struct KvFiles<S> {
    store: S,
    /// The replays' key prefix (`/breakout/data/replays/`).
    replays: String,
    /// Most characters the replays may use ([`REPLAY_CAP`] in a browser).
    cap: usize,
    /// Why nothing (or not everything) is kept, once known.
    note: Mutex<Option<String>>,
}

/// The key of the file at `path`: its path, `/`-separated.
fn key_of(path: &Path) -> String {
    path.to_string_lossy().replace('\\', "/")
}

/// The key prefix of the entries in `dir`.
fn prefix_of(dir: &Path) -> String {
    let mut prefix = key_of(dir);
    if !prefix.ends_with('/') {
        prefix.push('/');
    }
    prefix
}

impl<S: KeyValue> KvFiles<S> {
    /// Files in `store`, the replays (the store kept by [`crate::replay::Store`]) in
    /// `replays_dir` and capped at `cap` characters. Tries the store at once: a refused one is
    /// said by [`KvFiles::not_kept`] before anything is saved.
    pub fn new(store: S, replays_dir: &Path, cap: usize) -> KvFiles<S> {
        let files = KvFiles {
            store,
            replays: prefix_of(replays_dir),
            cap,
            note: Mutex::new(None),
        };
        let probe = "/breakout/.probe";
        let tried = files
            .store
            .set(probe, "1")
            .and_then(|()| files.store.remove(probe));
        if let Err(e) = tried {
            files.failed(e);
        }
        files
    }

    /// Why nothing (or not everything) is being kept: the first failure (`None` while the store
    /// keeps what it is given).
    pub fn not_kept(&self) -> Option<String> {
        self.note.lock().ok().and_then(|note| note.clone())
    }

    /// `e` as an I/O error, said once (logged and kept for [`KvFiles::not_kept`]).
    fn failed(&self, e: KvError) -> io::Error {
        let (kind, why) = match e {
            KvError::Refused(why) => (
                io::ErrorKind::PermissionDenied,
                format!("the browser refuses its storage ({why}): nothing is kept"),
            ),
            KvError::Full(why) => (
                io::ErrorKind::StorageFull,
                format!("the browser's storage is full ({why}): not everything is kept"),
            ),
        };
        if let Ok(mut note) = self.note.lock() {
            if note.is_none() {
                log::warn!("{why}");
                *note = Some(why.clone());
            }
        }
        io::Error::new(kind, why)
    }

    /// The recent games' keys, oldest first (their names sort by age), but `keep`.
    fn droppable(&self, keep: &str) -> Result<Vec<String>, KvError> {
        let recent = format!("{}recent/", self.replays);
        let mut keys: Vec<String> = (self.store.keys()?.into_iter())
            .filter(|k| k.starts_with(&recent) && k != keep)
            .collect();
        keys.sort();
        Ok(keys)
    }

    /// Characters the replays use, `except` left out.
    fn replay_use(&self, except: &str) -> Result<usize, KvError> {
        let mut used = 0;
        for key in self.store.keys()? {
            if key.starts_with(&self.replays) && key != except {
                used += self.store.get(&key)?.map_or(0, |v| v.len());
            }
        }
        Ok(used)
    }

    /// Sets `key` to `value`, dropping the oldest recent games while a replay would pass the
    /// cap or the store is full. Errors: still over the cap or full with none left to drop, or
    /// the store refused.
    fn set_dropping(&self, key: &str, value: &str) -> Result<(), KvError> {
        if key.starts_with(&self.replays) {
            let mut used = self.replay_use(key)?;
            let mut old = self.droppable(key)?.into_iter();
            while used + value.len() > self.cap {
                let Some(oldest) = old.next() else {
                    return Err(KvError::Full(format!(
                        "replays may use {} characters",
                        self.cap
                    )));
                };
                used -= self.store.get(&oldest)?.map_or(0, |v| v.len());
                self.store.remove(&oldest)?;
            }
        }
        loop {
            match self.store.set(key, value) {
                Err(KvError::Full(why)) => match self.droppable(key)?.first() {
                    Some(oldest) => self.store.remove(oldest)?,
                    None => return Err(KvError::Full(why)),
                },
                done => return done,
            }
        }
    }

    /// The value of `key`; a refused store has none (and says so once).
    fn get(&self, key: &str) -> Option<String> {
        self.store.get(key).unwrap_or_else(|e| {
            self.failed(e);
            None
        })
    }

    /// Every key, none from a refused store.
    fn keys(&self) -> Vec<String> {
        self.store.keys().unwrap_or_else(|e| {
            self.failed(e);
            Vec::new()
        })
    }
}

/// `path`'s file is not kept.
fn not_found(path: &Path) -> io::Error {
    io::Error::new(
        io::ErrorKind::NotFound,
        format!("{}: not kept", path.display()),
    )
}

impl<S: KeyValue> Backend for KvFiles<S> {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        let value = self.get(&key_of(path)).ok_or_else(|| not_found(path))?;
        // A value that is not base64 (changed by hand) is read as its text: corrupt bytes,
        // which every reader handles as it does a corrupt file.
        let engine = base64::engine::general_purpose::STANDARD;
        Ok(engine.decode(&value).unwrap_or_else(|_| value.into_bytes()))
    }

    fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        let value = base64::engine::general_purpose::STANDARD.encode(bytes);
        (self.set_dropping(&key_of(path), &value)).map_err(|e| self.failed(e))
    }

    fn list(&self, dir: &Path) -> io::Result<Vec<PathBuf>> {
        let prefix = prefix_of(dir);
        let names: BTreeSet<String> = (self.keys().into_iter())
            .filter_map(|k| Some(k.strip_prefix(&prefix)?.split('/').next()?.to_string()))
            .filter(|name| !name.is_empty())
            .collect();
        if names.is_empty() {
            return Err(not_found(dir));
        }
        Ok(names.into_iter().map(|name| dir.join(name)).collect())
    }

    fn remove(&self, path: &Path) -> io::Result<()> {
        let key = key_of(path);
        self.get(&key).ok_or_else(|| not_found(path))?;
        self.store.remove(&key).map_err(|e| self.failed(e))
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        let value = self.get(&key_of(from)).ok_or_else(|| not_found(from))?;
        (self.set_dropping(&key_of(to), &value)).map_err(|e| self.failed(e))?;
        self.store.remove(&key_of(from)).map_err(|e| self.failed(e))
    }

    fn is_file(&self, path: &Path) -> bool {
        self.get(&key_of(path)).is_some()
    }

    fn is_dir(&self, path: &Path) -> bool {
        let prefix = prefix_of(path);
        self.keys().iter().any(|k| k.starts_with(&prefix))
    }

    fn not_kept(&self) -> Option<String> {
        KvFiles::not_kept(self)
    }
}

#[cfg(test)]
mod tests;
