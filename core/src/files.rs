//! Writing the user's files safely, and where they are kept ([`Backend`]: the file system, or
//! the browser's storage).

use std::path::Path;

mod backend;
pub use backend::{
    backend, is_dir, is_file, list, not_kept, read, remove, rename, set_backend, write, Backend,
    StdFiles,
};

/// Writes `bytes` to `path` atomically: into a temporary file beside it, flushed to disk, then
/// renamed over `path`, so a crash or a full disk never leaves a half-written file (readers see
/// the old file or the new one). Creates `path`'s directory if needed.
///
/// # Errors
/// The I/O error, its message naming the file (or the directory that could not be created).
/// Through the [`Backend`] in use: on the file system as said; elsewhere as that backend
/// writes (whole or not at all).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write(path, bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_file_leaves_no_temporary_and_names_the_file_on_error() {
        let dir = std::env::temp_dir().join(format!("breakout-files-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("sub").join("a.lvl");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("a.lvl")]);
        // A directory where the file should be: the rename fails, the message names the file.
        let blocked = dir.join("blocked.lvl");
        std::fs::create_dir_all(blocked.join("x")).unwrap();
        let err = write_atomic(&blocked, b"x").unwrap_err();
        assert!(err.to_string().contains("blocked.lvl"), "{err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
