//! The headless subcommands: `simulate` (one level, or every level of a set with
//! [`simulate_all`]), `check`, `preview`, `import`, `replay --verify` and
//! `replay --export` ([`export`]: the frames, laid out with no GL), and [`compare`] (every level in
//! every collision mode: a table, a summary, plots). Level arguments are resolved by
//! [`crate::assets::resolve_level_arg`], set arguments by [`crate::assets::sets::resolve_start`].

pub mod check;
pub mod compare;
pub mod export;
pub mod import;
pub mod preview;
pub mod replay;
pub mod simulate;
pub mod simulate_all;
