//! The headless subcommands: `simulate`, `check` and `preview`. Level arguments are resolved by
//! [`crate::assets::resolve_level_arg`].

pub mod check;
pub mod preview;
pub mod simulate;
pub mod simulate_all;
