//! One row of the settings screen's table (apart, so that the files of rows and the screen
//! both import it without importing each other).

use crate::app::scenes::context::Context;
use crate::audio::Sound;

/// One setting's row: what it is called, how its value reads, and what one step left (−1) or
/// right (+1) does to it; a toggle ignores the direction.
pub(super) struct Setting {
    /// Its label, left.
    pub(super) label: &'static str,
    /// Its value as shown, right.
    pub(super) value: fn(&Context) -> String,
    /// One step left (−1) or right (+1).
    pub(super) step: fn(&mut Context, i32),
    /// Played after a change, at the new settings (the effects volume's, heard at once).
    pub(super) sound: Option<Sound>,
}
