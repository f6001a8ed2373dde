//! The headless subcommands: `simulate`, `check`, `preview` and `import`. Level arguments are resolved by
//! [`crate::assets::resolve_level_arg`].

pub mod check;
pub mod import;
pub mod preview;
pub mod simulate;
