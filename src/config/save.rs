//! Writing settings back into `breakout.toml` as a person would edit it: only the settings that
//! changed, each in place, with its comments, the file's order, blank lines and every other
//! line untouched (through `toml_edit`, a format-preserving TOML library; a setting the file
//! lacks is added to its section, a missing section at the end). The file is replaced
//! atomically ([`crate::files::write_atomic`]): a crash while saving leaves the old file or the
//! new one, never half of each.

use super::{Config, Problem};
use std::path::{Path, PathBuf};
use toml_edit::{DocumentMut, Item, Table, TableLike, Value};

/// One setting to write: `key = value` in `[section]`.
#[derive(Clone, Debug)]
pub struct Change {
    /// The section's name, dotted for a sub-table (`powerups.chance`); empty for the top level.
    pub section: &'static str,
    /// The setting's name.
    pub key: String,
    /// Its new value.
    pub value: Value,
}

impl Change {
    /// `key = value` in `[section]`.
    pub fn new(section: &'static str, key: impl Into<String>, value: impl Into<Value>) -> Change {
        Change {
            section,
            key: key.into(),
            value: value.into(),
        }
    }

    /// A number setting, written with the fewest digits that read back as the same `f32`
    /// (0.3, not 0.30000001192092896).
    pub fn number(section: &'static str, key: impl Into<String>, value: f32) -> Change {
        let shortest: f64 = value.to_string().parse().unwrap_or(f64::from(value));
        Change::new(section, key, shortest)
    }
}

/// Why settings could not be saved.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The file is not valid TOML, so it cannot be edited in place; it is left as it is.
    #[error("{}:{problem} (fix it first: the file was not changed)", path.display())]
    NotToml {
        /// The file.
        path: PathBuf,
        /// Where and what, as the file's other problems are told.
        problem: Problem,
    },
    /// The file is not UTF-8, so it is never saved into: writing it back would replace its
    /// bytes that are not UTF-8 (a Latin-1 `é`, or a corrupted file's content) with U+FFFD. It
    /// is left as it is, and nothing else is written (no copy, no backup).
    #[error("{}:{problem} (the file was not changed)", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// Where the first bytes that are not UTF-8 are.
        problem: Problem,
    },
    /// A section the setting belongs in is something else in the file (`audio = 3`).
    #[error("{}: '{section}' is not a section, so '{key}' cannot be written into it", path.display())]
    NotASection {
        /// The file.
        path: PathBuf,
        /// The section.
        section: String,
        /// The setting that was to be written.
        key: String,
    },
    /// The file could not be read (other than not existing yet) or written.
    #[error("{}: cannot {action} the configuration file: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// "read" or "write".
        action: &'static str,
        /// The underlying error.
        source: std::io::Error,
    },
}

/// Why `changes` could not be applied to a text (see [`apply`]).
#[derive(Debug, PartialEq)]
pub enum EditError {
    /// Not valid TOML.
    NotToml(Problem),
    /// A section path runs into something that is not a table: (section, key).
    NotASection(String, String),
}

/// `text` (a TOML document) with each of `changes` written in: an existing setting's value is
/// replaced, keeping the comment before its line and after its value; a new one is appended
/// to its section, created at the end of the document if missing. Everything else is kept byte
/// for byte.
///
/// # Errors
/// [`EditError::NotToml`] with the line and column of the first syntax error;
/// [`EditError::NotASection`] when a section's name is used by a value.
pub fn apply(text: &str, changes: &[Change]) -> Result<String, EditError> {
    let mut doc: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let offset = e.span().map_or(0, |s| s.start);
        let (line, column) = super::lenient::position(text, offset);
        EditError::NotToml(Problem {
            line,
            column,
            message: e.message().trim().replace('\n', "; "),
        })
    })?;
    // Comments after the last setting belong where they are, above any section added now
    // (toml_edit keeps them last, under it).
    let trailing = doc.trailing().as_str().unwrap_or("").to_string();
    let mut above_new =
        (!trailing.trim().is_empty()).then(|| format!("{}\n\n", trailing.trim_end()));
    let had_above = above_new.is_some();
    for change in changes {
        let not_a_section =
            || EditError::NotASection(change.section.to_string(), change.key.clone());
        let table = section_mut(doc.as_table_mut(), change.section, &mut above_new)
            .ok_or_else(not_a_section)?;
        match table.get_mut(&change.key) {
            Some(Item::Value(old)) => {
                let decor = old.decor().clone();
                *old = change.value.clone();
                *old.decor_mut() = decor;
            }
            Some(Item::None) | None => {
                table.insert(&change.key, Item::Value(change.value.clone()));
            }
            Some(_) => return Err(not_a_section()),
        }
    }
    if had_above && above_new.is_none() {
        doc.set_trailing("");
    }
    Ok(doc.to_string())
}

/// The table at the dotted `path` under `root`, made where missing (sections on the way are
/// implicit: `[powerups.chance]` alone, no empty `[powerups]`); the first section made gets
/// `above` (taken) before its header. `None` if a name on the way is a plain value.
fn section_mut<'a>(
    root: &'a mut Table,
    path: &str,
    above: &mut Option<String>,
) -> Option<&'a mut dyn TableLike> {
    let mut table: &mut dyn TableLike = root;
    if path.is_empty() {
        return Some(table);
    }
    let parts: Vec<&str> = path.split('.').collect();
    for (i, part) in parts.iter().enumerate() {
        let last = i + 1 == parts.len();
        let item = table.entry(part).or_insert_with(|| {
            let mut new = Table::new();
            new.set_implicit(!last);
            if last {
                if let Some(prefix) = above.take() {
                    new.decor_mut().set_prefix(prefix);
                }
            }
            Item::Table(new)
        });
        table = item.as_table_like_mut()?;
    }
    Some(table)
}

/// Writes `changes` into the file at `path` (made, with its directory, if missing) and
/// replaces it atomically. Nothing is written when `changes` is empty.
///
/// # Errors
/// [`SaveError`] naming the file: not UTF-8 or not valid TOML (left as it is), a section that
/// is a value, or it cannot be read or written.
pub fn save(path: &Path, changes: &[Change]) -> Result<(), SaveError> {
    if changes.is_empty() {
        return Ok(());
    }
    let io = |action, source| SaveError::Io {
        path: path.to_path_buf(),
        action,
        source,
    };
    let bytes = match crate::files::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(e) => return Err(io("read", e)),
    };
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => {
            let (_, problems) = super::lenient::decode(e.as_bytes());
            let problem = problems.into_iter().next().unwrap_or(Problem {
                line: 1,
                column: 1,
                message: "not UTF-8".to_string(),
            });
            return Err(SaveError::NotUtf8 {
                path: path.to_path_buf(),
                problem,
            });
        }
    };
    let edited = apply(&text, changes).map_err(|e| match e {
        EditError::NotToml(problem) => SaveError::NotToml {
            path: path.to_path_buf(),
            problem,
        },
        EditError::NotASection(section, key) => SaveError::NotASection {
            path: path.to_path_buf(),
            section,
            key,
        },
    })?;
    crate::files::write_atomic(path, edited.as_bytes()).map_err(|e| io("write", e))
}

/// The player's settings: as in effect now, and as last read from or saved to their file.
#[derive(Clone, Debug, Default)]
pub struct ConfigFile {
    /// The settings in effect, as the settings screen and the window change them.
    pub now: Config,
    /// The settings as the file holds them (defaults where it has none or a mistake).
    saved: Config,
    /// Where they are saved (`None`: the platform has no config directory, nothing is saved).
    pub path: Option<PathBuf>,
    /// The file's mistakes when it was read, in file order.
    pub problems: Vec<Problem>,
}

impl ConfigFile {
    /// The settings [`Config::load`] found.
    pub fn new(loaded: super::Loaded) -> ConfigFile {
        ConfigFile {
            now: loaded.config.clone(),
            saved: loaded.config,
            path: loaded.path,
            problems: loaded.problems,
        }
    }

    /// True when a setting the game writes changed since the file was read or saved.
    pub fn unsaved(&self) -> bool {
        !self.now.changes_since(&self.saved).is_empty()
    }

    /// Writes what changed into the file ([`save`]); nothing when nothing changed or there is
    /// no file to save to. Returns true if the file was written.
    ///
    /// # Errors
    /// [`SaveError`]; the settings stay unsaved (in effect, and saved by the next call).
    pub fn save(&mut self) -> Result<bool, SaveError> {
        let changes = self.now.changes_since(&self.saved);
        let Some(path) = self.path.as_deref().filter(|_| !changes.is_empty()) else {
            return Ok(false);
        };
        save(path, &changes)?;
        self.saved = self.now.clone();
        Ok(true)
    }
}

/// A setting the game writes, as it is compared and written: a number with the fewest digits
/// that read back the same ([`Change::number`]), or any other value, compared as written.
enum Written {
    /// An `f32` setting, compared as a number.
    Number(f32),
    /// A whole number, flag or name, compared as TOML text.
    Value(Value),
}

impl Config {
    /// The settings the game itself writes (the settings screen's and the window's) whose
    /// value in `self` differs from `before`, as changes to write (see [`save`]). Settings only
    /// a person writes (power-up chances) are never among them, so the game never rewrites
    /// them, nor a mistake the player has not touched.
    pub fn changes_since(&self, before: &Config) -> Vec<Change> {
        let mut changes = Vec::new();
        for ((section, key, now), (_, _, was)) in self.written().into_iter().zip(before.written()) {
            match (now, was) {
                (Written::Number(now), Written::Number(was)) if now != was => {
                    changes.push(Change::number(section, key, now));
                }
                (Written::Value(now), Written::Value(was))
                    if now.to_string() != was.to_string() =>
                {
                    changes.push(Change::new(section, key, now));
                }
                _ => {}
            }
        }
        // The frame cap once chosen (a file without it follows the monitor).
        if let Some(cap) = self
            .video
            .frame_cap
            .filter(|&c| Some(c) != before.video.frame_cap)
        {
            changes.push(Change::new("video", "frame_cap", i64::from(cap)));
        }
        changes.extend(self.key_changes(before));
        changes.extend(self.window_changes(before));
        changes
    }

    /// The settings the game writes that are always in effect, with their section and key, in
    /// the order [`Config::changes_since`] lists them.
    fn written(&self) -> [(&'static str, &'static str, Written); 27] {
        use Written::{Number, Value as V};
        let c = &self.controls;
        [
            ("audio", "music_volume", Number(self.audio.music_volume)),
            ("audio", "effects_volume", Number(self.audio.effects_volume)),
            ("effects", "trail_rate", Number(self.effects.trail_rate)),
            (
                "effects",
                "burst_particles",
                V(i64::from(self.effects.burst_particles).into()),
            ),
            (
                "effects",
                "screen_effects",
                V(self.effects.screen_effects.into()),
            ),
            ("audio", "muted", V(self.audio.muted.into())),
            (
                "collision",
                "mode",
                V(self.collision.choice().name().into()),
            ),
            ("video", "vsync", V(self.video.vsync.into())),
            ("video", "fullscreen", V(self.video.fullscreen.into())),
            (
                "video",
                "show_brick_powerups",
                V(self.video.show_brick_powerups.into()),
            ),
            ("game", "speed", V(i64::from(self.game.speed).into())),
            ("game", "difficulty", V(self.game.difficulty.name().into())),
            ("game", "bonus_levels", V(self.game.bonus_levels.into())),
            (
                "game",
                "warp_limit",
                V(i64::from(self.game.warp_limit).into()),
            ),
            ("game", "stall_breaker", V(self.game.stall_breaker.into())),
            ("gamepad", "enabled", V(self.gamepad.enabled.into())),
            ("graphics", "theme", V(self.graphics.theme.clone().into())),
            (
                "graphics",
                "own_game_look",
                V(self.graphics.own_game_look.into()),
            ),
            ("controls", "paddle_style", V(c.paddle_style.name().into())),
            (
                "controls",
                "ball_turbo_speed",
                V((c.ball_turbo_speed.round() as i64).into()),
            ),
            ("controls", "ball_turbo_auto", V(c.ball_turbo_auto.into())),
            ("controls", "key_acceleration", V(c.key_acceleration.into())),
            ("controls", "launch_angle", V(c.launch_angle.name().into())),
            ("controls", "auto_return", V(c.auto_return.into())),
            ("controls", "mouse", V(c.mouse.name().into())),
            (
                "controls",
                "mouse_sensitivity",
                V(i64::from(c.mouse_sensitivity).into()),
            ),
            ("controls", "mouse_invert", V(c.mouse_invert.into())),
        ]
    }

    /// Keys: each action whose keys changed since `before`, as a list of key names. An action
    /// left with no key (the file gave all its default keys to other actions) is not written:
    /// `action = []` is a mistake to the reader, and without it the reader gives the action
    /// the same nothing (its default keys, but those the others took).
    fn key_changes(&self, before: &Config) -> Vec<Change> {
        let (keys_now, keys_before) = (self.keys.bindings(), before.keys.bindings());
        crate::bindings::Action::ALL
            .iter()
            .filter(|&&action| keys_now.keys(action) != keys_before.keys(action))
            .filter(|&&action| !keys_now.keys(action).is_empty())
            .map(|&action| {
                let names: toml_edit::Array = keys_now.key_names(action).into_iter().collect();
                Change::new("keys", action.name(), names)
            })
            .collect()
    }

    /// The window's size and place, each one known now and changed since `before`.
    fn window_changes(&self, before: &Config) -> Vec<Change> {
        let (now, was) = (&self.window, &before.window);
        [
            ("width", now.width.map(i64::from), was.width.map(i64::from)),
            (
                "height",
                now.height.map(i64::from),
                was.height.map(i64::from),
            ),
            ("x", now.x.map(i64::from), was.x.map(i64::from)),
            ("y", now.y.map(i64::from), was.y.map(i64::from)),
        ]
        .into_iter()
        .filter_map(|(key, now, was)| {
            now.filter(|&n| Some(n) != was)
                .map(|n| Change::new("window", key, n))
        })
        .collect()
    }
}

#[cfg(test)]
mod tests;
