//! The headless subcommands: `simulate` (one level, or every level of a set with
//! [`simulate_all`]), `check`, `preview`, `import`, `replay --verify` and
//! `replay --export` ([`export`]: the frames, laid out with no GL), and [`compare`] (every level in
//! every collision mode: a table, a summary, plots). Level arguments are resolved by
//! [`crate::assets::resolve_level_arg`], set arguments by [`crate::assets::sets::resolve_start`].
//!
//! Each subcommand's `run` does its loading, its work and its error mapping, and returns the
//! process's exit status: one clear error line on stderr ([`fail`]), no panic, no backtrace.
//! `main` only dispatches; the glue that needs GL (`preview`'s PNG, `replay --export`'s frames)
//! is `app::headless`, since this module may not use `render`.

pub mod check;
pub mod compare;
pub mod export;
pub mod import;
pub mod preview;
pub mod replay;
pub mod simulate;
pub mod simulate_all;
pub mod themes;

use crate::assets::{load_level_arg, sets, Assets};
use crate::level::Level;
use std::process::ExitCode;

/// The level `--set`/`--level` name: with a set, its level `level` (a number from 1 or a
/// name; the first without one); without, the level `--level` names. Errors: no such set or
/// level, or a level that does not load (with its file, line and column).
pub fn load_level(
    assets: &Assets,
    set: Option<&str>,
    level: Option<&str>,
) -> anyhow::Result<Level> {
    let Some(set) = set else {
        return Ok(load_level_arg(assets, level.unwrap_or_default())?);
    };
    let known = sets::discover_from_env();
    let user_dir = crate::assets::user_levels_dir();
    let (opened, index) =
        sets::resolve_start(assets, user_dir.as_deref(), &known, Some(set), level)?
            .ok_or_else(|| anyhow::anyhow!("no set given"))?;
    Ok(opened.levels[index].source.load()?)
}

/// `error` and its causes on one line, `outer: cause: …`, leaving out a cause whose text the
/// line already holds (this crate's errors name their cause in their own message, as
/// `path: cannot read …: No such file`, and also return it as their `source`).
pub fn describe(error: &anyhow::Error) -> String {
    let mut line = String::new();
    for cause in error.chain() {
        let text = cause.to_string();
        if line.is_empty() {
            line = text;
        } else if !line.contains(&text) {
            line = format!("{line}: {text}");
        }
    }
    line
}

/// Prints one clear error line (`breakout: error: …`) and returns a failure status.
pub fn fail(message: &str) -> ExitCode {
    eprintln!("breakout: error: {message}");
    ExitCode::FAILURE
}

/// Success, or the error on one line ([`describe`], [`fail`]) and a failure status.
pub fn exit(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&describe(&e)),
    }
}
