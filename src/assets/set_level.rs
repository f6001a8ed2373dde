//! One level of a set, as the menus list it and a run plays it.

use super::LevelSource;

/// One level of an opened set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetLevel {
    /// Where it is read from.
    pub source: LevelSource,
    /// Its shown name.
    pub name: String,
}
