//! Where the user's files live: the file system natively ([`StdFiles`]), or a backend the
//! shell sets once at start ([`set_backend`]) where there is none — the browser's
//! `localStorage`. Every file the game keeps for the player (settings, high scores, levels,
//! replays, probe cases) is read, written, listed and removed through [`read`], [`write`],
//! [`list`] and [`remove`], so the code that keeps them is the same everywhere. The core crate
//! has no web dependency: it only names the seam.

use std::io;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A place that keeps files by path: the operations the game uses on the player's files.
/// Implementations are shared by every thread (the replay writer's too).
pub trait Backend: Send + Sync {
    /// The bytes of the file at `path`. Errors: no such file (`NotFound`), or it cannot be
    /// read.
    fn read(&self, path: &Path) -> io::Result<Vec<u8>>;
    /// Replaces the file at `path` by `bytes`, whole or not at all, making its directory if
    /// needed. Errors: it cannot be written (full, refused, read-only).
    fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()>;
    /// The entries directly in `dir` (files and directories), in no particular order. Errors:
    /// no such directory, or it cannot be read.
    fn list(&self, dir: &Path) -> io::Result<Vec<PathBuf>>;
    /// Deletes the file at `path`. Errors: no such file, or it cannot be deleted.
    fn remove(&self, path: &Path) -> io::Result<()>;
    /// Moves the file at `from` to `to` (replacing it). Errors: no such file, or it cannot be
    /// moved.
    fn rename(&self, from: &Path, to: &Path) -> io::Result<()>;
    /// Whether `path` is a file this backend keeps.
    fn is_file(&self, path: &Path) -> bool;
    /// Whether `path` is a directory of this backend (one holding files, for a key-value one).
    fn is_dir(&self, path: &Path) -> bool;
    /// Why nothing (or not everything) is being kept, once the backend knows (storage refused
    /// or full); `None` while it keeps what it is given. The file system says `None`: its
    /// failures are reported by each caller.
    fn not_kept(&self) -> Option<String> {
        None
    }
}

/// The file system, through `std::fs`.
#[derive(Clone, Copy, Debug, Default)]
pub struct StdFiles;

impl Backend for StdFiles {
    fn read(&self, path: &Path) -> io::Result<Vec<u8>> {
        std::fs::read(path)
    }

    fn write(&self, path: &Path, bytes: &[u8]) -> io::Result<()> {
        write_atomic_on_disk(path, bytes)
    }

    fn list(&self, dir: &Path) -> io::Result<Vec<PathBuf>> {
        // An entry that cannot be read is left out, as a listing always did.
        Ok(std::fs::read_dir(dir)?
            .filter_map(|entry| entry.ok().map(|e| e.path()))
            .collect())
    }

    fn remove(&self, path: &Path) -> io::Result<()> {
        std::fs::remove_file(path)
    }

    fn rename(&self, from: &Path, to: &Path) -> io::Result<()> {
        std::fs::rename(from, to)
    }

    fn is_file(&self, path: &Path) -> bool {
        path.is_file()
    }

    fn is_dir(&self, path: &Path) -> bool {
        path.is_dir()
    }
}

static BACKEND: OnceLock<Box<dyn Backend>> = OnceLock::new();

/// Makes `backend` where the player's files are kept, for the rest of the process; call it
/// before anything is read. Errors: a backend was set, or a file was used, already (the
/// backend stays the one in use).
pub fn set_backend(backend: Box<dyn Backend>) -> Result<(), Box<dyn Backend>> {
    BACKEND.set(backend)
}

/// The backend in use: the one set by [`set_backend`], else the file system.
pub fn backend() -> &'static dyn Backend {
    BACKEND.get_or_init(|| Box::new(StdFiles)).as_ref()
}

/// [`Backend::read`] of the backend in use.
pub fn read(path: &Path) -> io::Result<Vec<u8>> {
    backend().read(path)
}

/// [`Backend::write`] of the backend in use (atomic on the file system).
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    backend().write(path, bytes)
}

/// [`Backend::list`] of the backend in use.
pub fn list(dir: &Path) -> io::Result<Vec<PathBuf>> {
    backend().list(dir)
}

/// [`Backend::remove`] of the backend in use.
pub fn remove(path: &Path) -> io::Result<()> {
    backend().remove(path)
}

/// [`Backend::rename`] of the backend in use.
pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
    backend().rename(from, to)
}

/// [`Backend::is_file`] of the backend in use.
pub fn is_file(path: &Path) -> bool {
    backend().is_file(path)
}

/// [`Backend::is_dir`] of the backend in use.
pub fn is_dir(path: &Path) -> bool {
    backend().is_dir(path)
}

/// [`Backend::not_kept`] of the backend in use.
pub fn not_kept() -> Option<String> {
    backend().not_kept()
}

/// `files::write_atomic` on the file system ([`StdFiles`]): into a temporary file beside
/// `path`, flushed to disk, then renamed over it; `path`'s directory made if needed.
fn write_atomic_on_disk(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let named =
        |e: std::io::Error| std::io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // Named after the directory: its creation is what failed (a file in its place).
        std::fs::create_dir_all(dir)
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", dir.display())))?;
    }
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(format!(".tmp-{}", std::process::id()));
    let tmp = path.with_file_name(tmp_name);
    let result = (|| {
        let mut file = std::fs::File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result.map_err(named)
}
