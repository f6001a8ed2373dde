//! Where the game keeps what it writes for the player in its data directory (the system's, from
//! `directories`): the replay store and the lab's saved probe cases. The core crate takes these
//! directories as arguments and never looks them up itself.

use std::path::PathBuf;

use crate::replay::Store;

use crate::user_dirs::data_dir;

/// The user's replay store: `replays/` in the game's data directory; `None` where the system
/// has no home directory.
pub fn replay_store() -> Option<Store> {
    data_dir().map(|d| Store::new(d.join("replays")))
}

/// Where the lab saves probe cases: `probes/` in the game's data directory (beside the
/// replays); `None` where the system names no home directory.
pub fn probe_cases_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("probes"))
}
