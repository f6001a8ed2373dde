//! The game's data: shaders, textures, sounds and shipped levels, built into the binary, and the
//! override directory where modders replace single files.
//!
//! Every file the game needs is embedded at compile time ([`embedded::FILES`]), so an installed
//! (`cargo install --path .`) or copied binary runs from any directory. An *override directory*
//! laid out like the repository (`shaders/`, `textures/`, `audio/`, `levels/`) replaces single
//! files: `$BREAKOUT_ASSETS` if set (it must then be a directory), else the user data
//! directory's `assets/` (`~/.local/share/breakout/assets` on Linux) if it exists. Override
//! files are read and checked once, at start-up ([`Assets::from_env`]): a PNG that does not
//! decode or a shader that is not UTF-8 is an error naming its path before any window opens (a
//! shader that does not compile is named when the renderer builds it). A WAV is not checked
//! here: the audio decodes each sound on its own and one that does not decode is logged and
//! lost alone, the music and the other sounds play ([`crate::audio::Sounds::load`]). Level files are found by [`levels`], level sets (the shipped levels, the user's,
//! imported directories and other games' set files) by [`sets`].

pub mod bonus_levels;
pub mod embedded;
pub mod freakout;
pub mod installed;
pub mod levels;
pub mod powerup_looks;
pub mod run_set;
mod set_bytes;
mod set_level;
mod set_start;
pub mod sets;
pub mod theme;

pub use levels::{load_level_arg, resolve_level_arg, shipped_levels, user_levels_dir, LevelSource};
pub use sets::{LevelSetSource, OpenedSet, SetError, SetLevel};

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// How `kind` looks and sounds: its label and family ([`powerup_looks::look`]).
pub fn powerup_look(kind: crate::level::PowerUpKind) -> powerup_looks::Look {
    powerup_looks::look(kind)
}

/// Environment variable naming an override directory (see the module docs).
pub const ASSETS_ENV: &str = "BREAKOUT_ASSETS";

/// How a built-in file is named in messages: `<built-in>/shaders/sprite.vert`.
pub const BUILT_IN_PREFIX: &str = "<built-in>";

/// Why the game's data cannot be used; each names the path involved.
#[derive(Debug, thiserror::Error)]
pub enum AssetError {
    /// `$BREAKOUT_ASSETS` names something that is not a readable directory.
    #[error("{}: {ASSETS_ENV} must name a directory of asset overrides: {source}", path.display())]
    OverrideDir {
        /// The directory named.
        path: PathBuf,
        /// Why it cannot be used.
        source: std::io::Error,
    },
    /// An override file exists but cannot be read.
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// An override file was read but is not a valid file of its kind (PNG, UTF-8 shader).
    #[error("{}: {what}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// What is wrong with it, with the decoder's message.
        what: String,
    },
}

/// One asset's bytes and where they came from.
#[derive(Clone, Debug)]
pub struct Asset<'a> {
    /// The content.
    pub bytes: Cow<'a, [u8]>,
    /// The override file it was read from, or `<built-in>/NAME` for the embedded copy: the path
    /// to name in messages.
    pub origin: PathBuf,
}

/// The game's assets: the built-in files, with the override directory's files in their place
/// where it has them. Cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct Assets {
    override_dir: Option<PathBuf>,
    /// Override files by asset name (`"textures/ball.png"`): path and content.
    overrides: HashMap<&'static str, (PathBuf, std::sync::Arc<[u8]>)>,
}

impl Assets {
    /// The built-in files only, no override directory (tests, tools).
    pub fn built_in() -> Assets {
        Assets::default()
    }

    /// The assets the game runs with: `$BREAKOUT_ASSETS` as override directory if set, else the
    /// user data directory's `assets/` if it exists, else none (see the module docs).
    ///
    /// # Errors
    /// [`AssetError::OverrideDir`] if `$BREAKOUT_ASSETS` is set but is not a directory; the errors
    /// of [`Assets::with_override_dir`] for a broken override file.
    pub fn from_env() -> Result<Assets, AssetError> {
        if let Some(dir) = std::env::var_os(ASSETS_ENV) {
            return Assets::with_override_dir(Path::new(&dir));
        }
        match user_assets_dir() {
            Some(dir) if dir.is_dir() => Assets::with_override_dir(&dir),
            _ => Ok(Assets::built_in()),
        }
    }

    /// The built-in files, replaced by those `dir` has under the same names; every override
    /// file is read and checked now. Files the game does not know are ignored, except level
    /// files (see [`shipped_levels`]).
    ///
    /// # Errors
    /// [`AssetError::OverrideDir`] if `dir` is not a directory; [`AssetError::Read`] or
    /// [`AssetError::Invalid`] naming the first override file that cannot be read or is broken.
    pub fn with_override_dir(dir: &Path) -> Result<Assets, AssetError> {
        let not_dir = |source| AssetError::OverrideDir {
            path: dir.to_path_buf(),
            source,
        };
        let meta = std::fs::metadata(dir).map_err(not_dir)?;
        if !meta.is_dir() {
            return Err(not_dir(std::io::Error::new(
                std::io::ErrorKind::NotADirectory,
                "not a directory",
            )));
        }
        let mut overrides = HashMap::new();
        for file in embedded::FILES {
            let path = dir.join(file.name);
            if file.name.starts_with("levels/") || !path.exists() {
                continue;
            }
            let bytes = std::fs::read(&path).map_err(|source| AssetError::Read {
                path: path.clone(),
                source,
            })?;
            check(file.name, &bytes).map_err(|what| AssetError::Invalid {
                path: path.clone(),
                what,
            })?;
            log::info!("{}: overrides the built-in {}", path.display(), file.name);
            overrides.insert(file.name, (path, bytes.into()));
        }
        Ok(Assets {
            override_dir: Some(dir.to_path_buf()),
            overrides,
        })
    }

    /// The override directory in use, if any.
    pub fn override_dir(&self) -> Option<&Path> {
        self.override_dir.as_deref()
    }

    /// The asset called `name` (`"shaders/sprite.vert"`, `"textures/ball.png"`, `"audio/…"`):
    /// the override file's content if there is one, else the built-in copy. `None` for a name
    /// that is not built in (a programming error: the table in [`embedded`] lists them all).
    pub fn get(&self, name: &str) -> Option<Asset<'_>> {
        if let Some((path, bytes)) = self.overrides.get(name) {
            return Some(Asset {
                bytes: Cow::Borrowed(bytes),
                origin: path.clone(),
            });
        }
        embedded::get(name).map(|file| Asset {
            bytes: Cow::Borrowed(file.bytes),
            origin: Path::new(BUILT_IN_PREFIX).join(file.name),
        })
    }
}

/// The user data directory's `assets/` (`~/.local/share/breakout/assets` on Linux), whether or
/// not it exists.
pub fn user_assets_dir() -> Option<PathBuf> {
    crate::user_dirs::data_dir().map(|d| d.join("assets"))
}

/// Checks that `bytes` are a usable file for asset `name`, by its extension: a PNG decodes, a
/// shader is UTF-8. A WAV always passes: a broken sound must not stop the game, the audio logs it
/// and plays without it ([`crate::audio::Sounds::load`]). `Err` says what is wrong.
fn check(name: &str, bytes: &[u8]) -> Result<(), String> {
    if name.ends_with(".png") {
        image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
            .map(|_| ())
            .map_err(|e| format!("cannot decode image: {e}"))
    } else if name.ends_with(".wav") {
        Ok(())
    } else {
        std::str::from_utf8(bytes)
            .map(|_| ())
            .map_err(|e| format!("a shader must be UTF-8 text: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("breakout-assets-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn built_in_assets_name_their_origin() {
        let assets = Assets::built_in();
        let asset = assets.get("shaders/sprite.vert").expect("built in");
        assert!(asset.bytes.starts_with(b"#version"));
        assert_eq!(asset.origin, Path::new("<built-in>/shaders/sprite.vert"));
        assert!(assets.get("shaders/missing.vert").is_none());
    }

    #[test]
    fn a_missing_override_dir_is_an_error_naming_it() {
        let err = Assets::with_override_dir(Path::new("/nonexistent/breakout")).unwrap_err();
        let text = err.to_string();
        assert!(
            text.starts_with("/nonexistent/breakout: BREAKOUT_ASSETS"),
            "{text}"
        );
    }

    #[test]
    fn override_files_replace_single_assets_and_broken_ones_are_named() {
        let dir = temp_dir("override");
        std::fs::create_dir_all(dir.join("shaders")).unwrap();
        std::fs::write(dir.join("shaders/post.frag"), "#version 330 core\n// mod\n").unwrap();
        let assets = Assets::with_override_dir(&dir).expect("valid overrides");
        let post = assets.get("shaders/post.frag").unwrap();
        assert_eq!(post.origin, dir.join("shaders/post.frag"));
        assert!(post.bytes.ends_with(b"// mod\n"));
        let vert = assets.get("shaders/post.vert").unwrap();
        assert!(vert.origin.starts_with(BUILT_IN_PREFIX));

        std::fs::create_dir_all(dir.join("textures")).unwrap();
        std::fs::write(dir.join("textures/paddle.png"), "not a png").unwrap();
        let text = Assets::with_override_dir(&dir).unwrap_err().to_string();
        assert!(
            text.starts_with(&format!(
                "{}: cannot decode image",
                dir.join("textures/paddle.png").display()
            )),
            "{text}"
        );
        std::fs::remove_file(dir.join("textures/paddle.png")).unwrap();

        // A broken sound is no error here: the audio loses that sound alone (see
        // `audio::tests`), so the game still starts.
        std::fs::create_dir_all(dir.join("audio")).unwrap();
        std::fs::write(dir.join("audio/brick.wav"), "RIFF nonsense").unwrap();
        let assets = Assets::with_override_dir(&dir).expect("a broken WAV does not stop the game");
        assert_eq!(
            assets.get("audio/brick.wav").unwrap().origin,
            dir.join("audio/brick.wav")
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
