//! A foreign level set read from bytes rather than a path: a file dropped on the browser's
//! page, which has no file system to read it from.

use super::sets::{foreign_label, LevelSetSource, OpenedSet, SetError, SetLevel};
use super::LevelSource;
use crate::import;
use std::path::PathBuf;
use std::sync::Arc;

impl OpenedSet {
    /// The set in `bytes`, a file of another game called `name` (its format is detected from
    /// the content, as [`LevelSetSource::open`] does for a file on disk); `None` when the
    /// bytes show no format's markers ([`import::detect`]). The set's source is
    /// [`LevelSetSource::Foreign`] with `name` as its path (the high-score key and messages
    /// name the file so).
    ///
    /// # Errors
    /// [`SetError::Import`] when the bytes are broken (file:line:column);
    /// [`SetError::Empty`] when none of its levels could be converted.
    pub fn from_bytes(name: &str, bytes: &[u8]) -> Result<Option<OpenedSet>, SetError> {
        let Some(format) = import::detect(bytes) else {
            return Ok(None);
        };
        let path = PathBuf::from(name);
        let set = import::parse_set(bytes, &path, Some(format)).map_err(SetError::Import)?;
        let source = LevelSetSource::Foreign {
            path: path.clone(),
            format: Some(set.format),
        };
        let levels: Vec<SetLevel> = set
            .levels
            .into_iter()
            .map(|imported| SetLevel {
                name: imported.level.display_name().to_string(),
                source: LevelSource::Imported {
                    set: path.clone(),
                    number: imported.number,
                    level: Arc::new(imported.level),
                },
            })
            .collect();
        if levels.is_empty() {
            return Err(SetError::Empty {
                set: source.to_string(),
            });
        }
        Ok(Some(OpenedSet {
            name: foreign_label(set.format, &set.name),
            source,
            levels,
        }))
    }
}
