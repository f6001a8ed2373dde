//! A set as a run plays it: with its bonus levels, or each level alone.

use super::bonus_levels::{with_bonus_levels, BONUS_EVERY};
use super::set_start::resolve_start;
use super::sets::{LevelSetSource, OpenedSet, SetError};
use super::Assets;
use std::path::Path;

/// Where a run starts from the command line, as [`resolve_start`] finds it (`start`: `--set`
/// and `--level`), in the set as a run plays it ([`OpenedSet::with_bonus`], `bonus`: the
/// *Bonus levels* setting): with `--set`, `--level N` counts the bonus levels too (with the
/// shipped set, `--level 5` is the first bonus level); `--level NAME` alone starts at that
/// level where the run plays it.
///
/// # Errors
/// Any [`SetError`] of [`resolve_start`] or [`OpenedSet::find_level`].
pub fn resolve_run_start(
    assets: &Assets,
    user_dir: Option<&Path>,
    known: &[LevelSetSource],
    (set, level): (Option<&str>, Option<&str>),
    bonus: bool,
) -> Result<Option<(OpenedSet, usize)>, SetError> {
    if set.is_some() {
        let Some((opened, _)) = resolve_start(assets, user_dir, known, set, None)? else {
            return Ok(None);
        };
        let run = opened.with_bonus(bonus);
        let index = level.map_or(Ok(0), |l| run.find_level(l))?;
        return Ok(Some((run, index)));
    }
    let start = resolve_start(assets, user_dir, known, None, level)?;
    Ok(start.map(|(opened, index)| {
        let before = opened.levels.len();
        let run = opened.with_bonus(bonus);
        // The regular level at `index` moved down by the bonus levels before it.
        let moved = if run.levels.len() > before {
            index / BONUS_EVERY
        } else {
            0
        };
        (run, index + moved)
    }))
}

impl OpenedSet {
    /// The set as a run plays it: with its bonus levels ([`with_bonus_levels`]) when `on` (the
    /// *Bonus levels* setting), as it is when off. The "Mini games" set never gets any.
    pub fn with_bonus(self, on: bool) -> OpenedSet {
        if !on || self.source == LevelSetSource::MiniGames {
            return self;
        }
        OpenedSet {
            levels: with_bonus_levels(self.levels),
            ..self
        }
    }

    /// Whether a run of this set plays each level alone: the "Mini games" set, whose
    /// mini-games are each a run of one level.
    pub fn plays_alone(&self) -> bool {
        self.source == LevelSetSource::MiniGames
    }
}
