//! The run left unfinished as the set menu offers it: which installed set it belongs to, the
//! Continue line, and the notes around it (a set that is gone named as the menu names it, a
//! level file changed since, replays not being kept). Free functions the menu calls, so the
//! menu scene keeps only its list.

use super::Context;
use crate::assets::LevelSetSource;

/// The menu's note when replays cannot be written (a read-only data directory, a full disk):
/// nothing played is kept, not even the run to continue (play-test H3).
pub(super) fn not_kept_note(ctx: &Context) -> Option<String> {
    ctx.writer
        .not_kept()
        .map(|why| format!("replays and Continue are not being kept: {why}"))
}

/// The note for a run continued from `replay` when its level's file (`source`) no longer
/// holds the level the replay recorded (play-test H21): the run goes on with the recorded one.
pub(super) fn edited_since(
    source: &crate::assets::LevelSource,
    replay: &crate::replay::Replay,
) -> Option<String> {
    let now = source.load().ok();
    (now.is_none() || now != replay.level().ok())
        .then(|| "the level file changed since; continuing the version you played".to_string())
}

/// The set a run's `key` ([`LevelSetSource::key`]) names: the menu's own entry for it where
/// one has that key (a foreign file found with its format, so its label is the list's,
/// "LBreakout2: Arkanoid"), else a directory or file still there. Errors: no such set.
pub(super) fn set_of_key(
    key: &str,
    sets: &[LevelSetSource],
) -> Result<LevelSetSource, crate::assets::sets::SetError> {
    if let Some(set) = sets.iter().find(|s| s.key() == key) {
        return Ok(set.clone());
    }
    let user_dir = crate::assets::user_levels_dir();
    crate::assets::sets::resolve_set_arg(key, user_dir.as_deref(), sets)
}

/// What the menu calls the set of `key` when it is no longer there: "Breakout", "My levels",
/// or the directory's or file's name (never the internal keys `shipped` and `user`).
pub(super) fn set_name_of_key(key: &str) -> String {
    use crate::assets::sets::{SHIPPED_KEY, USER_KEY};
    let path = std::path::PathBuf::from(key);
    match key {
        SHIPPED_KEY => LevelSetSource::Shipped.name(),
        USER_KEY => LevelSetSource::UserDir(path).name(),
        _ => LevelSetSource::Directory(path).name(),
    }
}

/// The Continue row: "Continue: SET, level N, score S", and the run's difficulty after it when
/// it is not Normal ("…, score 250, Kids"), as the HUD names it.
pub(super) fn continue_label(
    set: &str,
    level: u32,
    score: u32,
    replay: &crate::replay::Replay,
) -> String {
    let difficulty =
        crate::sim::Difficulty::from_name(&replay.header.settings.difficulty).unwrap_or_default();
    let mut label = format!("Continue: {set}, level {level}, score {score}");
    if difficulty != crate::sim::Difficulty::Normal {
        label.push_str(&format!(", {}", difficulty.label()));
    }
    label
}
