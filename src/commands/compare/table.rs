//! `compare.csv`: one row per level × seed × mode (the columns are defined in `docs/collision.md`,
//! "Comparing the modes").

use super::run::ModeOutcome;
use serde::Serialize;
use std::path::Path;

/// One row of `compare.csv`. Empty cells are `None`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Row {
    /// The set's name (`replay` for `--replay`, the level's file for `--level`).
    pub set: String,
    /// The level's number in its set, counting from 1.
    pub level: usize,
    /// The level's name.
    pub name: String,
    /// The collision model's name.
    pub mode: String,
    /// Whether every destructible brick was destroyed within the steps played.
    pub cleared: bool,
    /// Fixed steps (of 1/240 s) to the clear; empty if not cleared.
    pub steps_to_clear: Option<u64>,
    /// Destructible bricks destroyed.
    pub bricks_destroyed: u32,
    /// Balls that fell out of the bottom (each respawned: lives do not run out).
    pub balls_lost: u32,
    /// Times a ball centre left the playfield other than through the bottom (should be 0).
    pub escapes: u32,
    /// Bricks tunnelled through (`commands::compare::tunnels`).
    pub tunnelled: u32,
    /// The first step (from 1) where this mode's game parts from `clamp`'s; empty if never
    /// within the steps played, and for `clamp` itself.
    pub parted_at: Option<u64>,
    /// The final score.
    pub score: u32,
    /// The game's seed (the bot's too; a replay's own seed for `--replay`).
    pub seed: u64,
}

impl Row {
    /// The row of `outcome`, for level `level` (from 1) named `name` of set `set`, played
    /// with `seed`.
    pub fn new(set: &str, level: usize, name: &str, seed: u64, outcome: &ModeOutcome) -> Row {
        Row {
            set: set.to_string(),
            level,
            name: name.to_string(),
            mode: outcome.model.name().to_string(),
            cleared: outcome.cleared,
            steps_to_clear: outcome.cleared.then_some(outcome.steps),
            bricks_destroyed: outcome.bricks_destroyed,
            balls_lost: outcome.balls_lost,
            escapes: outcome.escapes,
            tunnelled: outcome.tunnelled,
            parted_at: outcome.parted_at,
            score: outcome.score,
            seed,
        }
    }
}

/// The header line of `compare.csv`, the [`Row`] fields in order.
pub const HEADERS: [&str; 13] = [
    "set",
    "level",
    "name",
    "mode",
    "cleared",
    "steps_to_clear",
    "bricks_destroyed",
    "balls_lost",
    "escapes",
    "tunnelled",
    "parted_at",
    "score",
    "seed",
];

/// Writes `rows` as CSV with a header line to `path`.
///
/// # Errors
/// The file cannot be written.
pub fn write(path: &Path, rows: &[Row]) -> Result<(), csv::Error> {
    let mut writer = csv::Writer::from_path(path)?;
    for row in rows {
        writer.serialize(row)?;
    }
    writer.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_header_line_is_the_row_fields_in_order() {
        let mut writer = csv::Writer::from_writer(Vec::new());
        let outcome = ModeOutcome {
            model: super::super::models::Model::built_in(crate::collision::CollisionMode::Swept),
            cleared: false,
            steps: 9,
            bricks_destroyed: 1,
            balls_lost: 2,
            escapes: 0,
            tunnelled: 3,
            parted_at: Some(4),
            score: 50,
            contacts: None,
        };
        writer
            .serialize(Row::new("s", 1, "n", 7, &outcome))
            .unwrap();
        let text = String::from_utf8(writer.into_inner().unwrap()).unwrap();
        let mut lines = text.lines();
        assert_eq!(lines.next().unwrap(), HEADERS.join(","));
        assert_eq!(lines.next().unwrap(), "s,1,n,swept,false,,1,2,0,3,4,50,7");
    }
}
