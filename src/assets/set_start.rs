//! Where a run starts from the command line: `--set` and `--level` resolved to an opened set
//! and the index of its first level; the sets `simulate --all` plays.

use super::installed::files_in;
use super::levels::{list_levels, resolve_level_arg_in};
use super::sets::{named, resolve_set_arg, set_of_level, LevelSetSource, OpenedSet, SetError};
use super::{Assets, LevelSource};
use crate::import;
use std::path::Path;

/// Where a run starts from the command line: `--set` and/or `--level` (`docs/command-line.md`), as the
/// opened set and the index of the first level. `None` if neither is given.
///
/// With `--set S`: the set S ([`resolve_set_arg`]), from its first level or from the level
/// `--level` names in it ([`OpenedSet::find_level`]). With `--level X` alone: the level as
/// [`super::resolve_level_arg`] finds it, in the set it belongs to ([`set_of_level`]).
///
/// # Errors
/// Any [`SetError`]: no such set or level, a set that does not open.
pub fn resolve_start(
    assets: &Assets,
    user_dir: Option<&Path>,
    known: &[LevelSetSource],
    set: Option<&str>,
    level: Option<&str>,
) -> Result<Option<(OpenedSet, usize)>, SetError> {
    match (set, level) {
        (None, None) => Ok(None),
        (Some(set), level) => {
            let opened = resolve_set_arg(set, user_dir, known)?.open(assets)?;
            let index = level.map_or(Ok(0), |l| opened.find_level(l))?;
            Ok(Some((opened, index)))
        }
        (None, Some(level)) => {
            let source = resolve_level_arg_in(assets, level, user_dir)?;
            let opened = set_of_level(&source, assets, user_dir).open(assets)?;
            let index = opened
                .levels
                .iter()
                .position(|l| same_level(&l.source, &source));
            match index {
                Some(index) => Ok(Some((opened, index))),
                // Not found by path (an odd path form): play it alone.
                None => Ok(Some((
                    OpenedSet {
                        name: source.stem(),
                        levels: named(vec![source]),
                        ..opened
                    },
                    0,
                ))),
            }
        }
    }
}

/// Whether two sources are the same level (files compared by canonical path).
fn same_level(a: &LevelSource, b: &LevelSource) -> bool {
    match (a.path(), b.path()) {
        (Some(p), Some(q)) => match (std::fs::canonicalize(p), std::fs::canonicalize(q)) {
            (Ok(p), Ok(q)) => p == q,
            _ => p == q,
        },
        _ => a == b,
    }
}

/// The sets `breakout simulate --set PATH --all` plays: a file is one foreign set (format
/// detected); a directory holding `.lvl` files is one set; any other directory gives each of
/// its files whose content is a known foreign format ([`import::detect`]), in file-name order.
pub fn sets_at(path: &Path) -> Vec<LevelSetSource> {
    if !path.is_dir() {
        return vec![LevelSetSource::Foreign {
            path: path.to_path_buf(),
            format: None,
        }];
    }
    if !list_levels(path).is_empty() {
        return vec![LevelSetSource::Directory(path.to_path_buf())];
    }
    files_in(path, |_| true)
        .into_iter()
        .filter(|file| std::fs::read(file).is_ok_and(|bytes| import::detect(&bytes).is_some()))
        .map(|path| LevelSetSource::Foreign { path, format: None })
        .collect()
}
