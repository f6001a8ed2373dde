//! Writing the user's files safely.

use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically: into a temporary file beside it, flushed to disk, then
/// renamed over `path`, so a crash or a full disk never leaves a half-written file (readers see
/// the old file or the new one). Creates `path`'s directory if needed.
///
/// # Errors
/// The I/O error, its message naming the file (or the directory that could not be created).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
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
