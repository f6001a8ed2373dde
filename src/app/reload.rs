//! Live reload: watches the level file being played and reports when it was saved.
//!
//! The file's directory is watched (not the file itself), because editors often save by writing a
//! new file and renaming it over the old one, which would end a watch on the old file. Changes are
//! debounced by [`SETTLE`] so a save in several writes is read once, complete.

use notify::{RecursiveMode, Watcher};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{channel, Receiver};
use std::time::Duration;
use web_time::Instant;

/// Quiet time after the last change before the file is re-read: long enough for an editor to
/// finish writing, short enough that the reload lands well within a second.
pub const SETTLE: Duration = Duration::from_millis(150);

/// Watches one file for changes.
pub struct FileWatcher {
    path: PathBuf,
    file_name: Option<std::ffi::OsString>,
    _watcher: notify::RecommendedWatcher,
    events: Receiver<notify::Result<notify::Event>>,
    changed_at: Option<Instant>,
}

impl FileWatcher {
    /// Starts watching `path`'s directory for changes to `path`.
    ///
    /// # Errors
    /// notify's error if the OS refuses the watch (e.g. too many watches).
    pub fn new(path: &Path) -> notify::Result<FileWatcher> {
        let (tx, events) = channel();
        let mut watcher = notify::recommended_watcher(move |event| {
            let _ = tx.send(event);
        })?;
        let dir = match path.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        watcher.watch(&dir, RecursiveMode::NonRecursive)?;
        Ok(FileWatcher {
            path: path.to_path_buf(),
            file_name: path.file_name().map(|n| n.to_os_string()),
            _watcher: watcher,
            events,
            changed_at: None,
        })
    }

    /// The watched file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Drains pending notifications; returns true once the file changed and then stayed quiet
    /// for [`SETTLE`]. Call it every frame.
    pub fn poll(&mut self) -> bool {
        while let Ok(event) = self.events.try_recv() {
            match event {
                Ok(event) if event.kind.is_access() => {}
                Ok(event) => {
                    if event
                        .paths
                        .iter()
                        .any(|p| p.file_name() == self.file_name.as_deref())
                    {
                        self.changed_at = Some(Instant::now());
                    }
                }
                Err(e) => log::warn!("{}: watching for changes failed: {e}", self.path.display()),
            }
        }
        match self.changed_at {
            Some(t) if t.elapsed() >= SETTLE => {
                self.changed_at = None;
                true
            }
            _ => false,
        }
    }
}
