//! The output directory, written all at once: files go into a staging directory beside it
//! and are moved in only when every one is written (the module doc of [`super`] says why).

use super::types::CompareError;
use std::path::{Path, PathBuf};

/// A staging directory next to the output directory. Dropped without
/// [`Staging::commit`], it is removed with whatever it holds.
#[derive(Debug)]
pub struct Staging {
    /// The staging directory, `.NAME.partial-PID` in the output directory's parent.
    dir: PathBuf,
    /// The output directory.
    out: PathBuf,
    /// Committed: nothing to remove.
    done: bool,
}

impl Staging {
    /// Makes the staging directory for `out` (and `out`'s parent if missing). Checked first,
    /// before any game is played, so that an unwritable `-o` fails at once.
    ///
    /// # Errors
    /// [`CompareError::Output`]: `out` is a file, or its parent cannot be made or written.
    pub fn new(out: &Path) -> Result<Staging, CompareError> {
        let fail = |path: &Path, source| CompareError::Output {
            path: path.to_path_buf(),
            source,
        };
        if out.exists() && !out.is_dir() {
            return Err(fail(
                out,
                std::io::Error::other("exists and is not a directory"),
            ));
        }
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        std::fs::create_dir_all(&parent).map_err(|e| fail(&parent, e))?;
        let name = out
            .file_name()
            .map_or("compare".into(), |n| n.to_string_lossy().into_owned());
        let dir = parent.join(format!(".{name}.partial-{}", std::process::id()));
        // A staging directory of an earlier run of this process id (killed midway) goes first.
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir(&dir).map_err(|e| fail(out, e))?;
        Ok(Staging {
            dir,
            out: out.to_path_buf(),
            done: false,
        })
    }

    /// Where the file `name` is written before the commit.
    pub fn file(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Moves `names` (in this order: the last is the one whose presence says the run is
    /// whole) from the staging directory into the output directory, replacing files of the
    /// same names, and removes the staging directory.
    ///
    /// # Errors
    /// [`CompareError::Output`]: the output directory cannot be made or a file moved.
    pub fn commit(mut self, names: &[String]) -> Result<(), CompareError> {
        let fail = |path: &Path, source| CompareError::Output {
            path: path.to_path_buf(),
            source,
        };
        std::fs::create_dir_all(&self.out).map_err(|e| fail(&self.out, e))?;
        // An earlier run's table goes first: until the new one is in, there is none.
        let csv = self.out.join("compare.csv");
        if csv.exists() {
            std::fs::remove_file(&csv).map_err(|e| fail(&csv, e))?;
        }
        for name in names {
            let to = self.out.join(name);
            std::fs::rename(self.dir.join(name), &to).map_err(|e| fail(&to, e))?;
        }
        self.done = true;
        let _ = std::fs::remove_dir_all(&self.dir);
        Ok(())
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.done {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}
