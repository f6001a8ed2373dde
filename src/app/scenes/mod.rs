//! Scenes: each screen of the game is its own type, owning its state, with its own update, input,
//! drawing and window title; it answers with a [`Transition`] (as tetra's `Scene` and
//! `Transition`, see `examples/tetras.rs` in 17cupsofcoffee/tetra, with Amethyst's sequences of
//! transitions and its "shadow" update of covered scenes).
//!
//! The app keeps a [`SceneStack`]: the set menu at the bottom, a set's level list over it, the
//! game pushed over that, the pause and
//! end-of-level screens pushed over the game (so the game keeps its state and is drawn under
//! them). What every scene shares (input, audio, effects, config, high scores) is in a
//! [`Context`] lent to each call.
//!
//! Adding a screen: a new file here with a type implementing [`Scene`], pushed (or swapped in)
//! by the transition of the screen it is reached from. No other screen changes.

#[cfg(test)]
mod bonus_run_tests;
pub mod campaign;
mod context;
pub mod editor;
mod end_screen;
pub mod hot_seat;
pub mod hot_seat_end;
#[cfg(test)]
mod hot_seat_tests;
pub mod inner_stability;
mod keys;
pub mod lab;
#[cfg(test)]
mod lab_tests;
#[cfg(target_arch = "wasm32")]
pub mod last_replay;
#[cfg(test)]
mod layout_tests;
pub mod level_cleared;
pub mod level_menu;
pub mod list;
pub mod menu;
pub mod new_run;
mod offer;
pub mod pause;
pub mod play;
pub mod recording;
#[cfg(test)]
mod recording_tests;
pub mod replay;
pub mod replay_files;
pub mod replay_fork;
#[cfg(test)]
mod replay_fork_tests;
pub mod replay_keys;
#[cfg(test)]
mod replay_split_tests;
#[cfg(test)]
mod replay_tests;
pub mod replay_view;
pub mod replay_watch;
pub mod replays;
pub mod run_levels;
pub mod run_over;
#[cfg(test)]
mod run_tests;
mod scene;
pub mod set_counts;
pub mod settings;
pub mod stack;
#[cfg(test)]
mod test_support;

pub use context::{Best, Context};
pub use end_screen::{close_game, hint_line, Outcome, CONFIRM_DELAY};
pub use keys::{go_on_key, goes_on, is_confirm, press};
pub use scene::{Chrome, Handled, MouseButton, Pointer, Reply, Scene, SceneInput, Transition};
pub use stack::SceneStack;
#[cfg(test)]
pub(crate) use test_support::*;

/// Seconds autoplay lingers on the menu and on end-of-level screens before moving on.
pub const AUTOPLAY_SCREEN_DELAY: f32 = 1.5;
