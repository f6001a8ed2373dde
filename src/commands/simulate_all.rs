//! `breakout simulate --set PATH --all`: the bot plays every level of a set (or of every set
//! file in a directory) in parallel on all cores (rayon), one JSON line per level in a fixed
//! order — set, then level number — whatever the number of threads, then a summary line.

use super::simulate::{simulate, SimulateReport};
use crate::assets::{Assets, LevelSetSource, LevelSource, SetError};
use crate::sim::{GameConfig, Physics};
use rayon::prelude::*;
use serde::Serialize;
use serde_json::{Map, Value};
use std::io::Write;

/// The last line of `simulate --all`: totals over every level played.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct AllSummary {
    /// Levels played.
    pub levels: usize,
    /// Levels the bot cleared.
    pub cleared: usize,
    /// Balls that left the playfield other than through the bottom, over all levels; must be 0.
    pub balls_escaped: u64,
    /// Fixed steps simulated, over all levels.
    pub steps: u64,
    /// Wall-clock seconds the whole command took (the only field that varies between runs).
    pub seconds: f64,
    /// Sets that did not open and levels that did not load (each reported on stderr).
    pub errors: usize,
}

/// One level to play: its set's name, its 1-based number in the set, where it is read from.
#[derive(Clone, Debug)]
pub struct LevelJob {
    /// The set's name ([`crate::assets::OpenedSet::name`]).
    pub set: String,
    /// The level's number in its set, counting from 1.
    pub number: usize,
    /// The level's shown name in its set.
    pub name: String,
    /// Where the level is read from.
    pub source: LevelSource,
}

/// Opens every set of `sets` and lists their levels, set by set in play order: what
/// `simulate --all` and `compare` play. A set that does not open is one `breakout: error: …`
/// line on `err` and counted in the returned number of errors; a set with no level to play is a
/// `breakout: note: …` line only.
///
/// # Errors
/// Writing to `err` failed.
pub fn level_jobs(
    sets: &[LevelSetSource],
    assets: &Assets,
    err: &mut dyn Write,
) -> std::io::Result<(Vec<LevelJob>, usize)> {
    let mut jobs = Vec::new();
    let mut errors = 0;
    for set in sets {
        match set.open(assets) {
            Ok(opened) => {
                jobs.extend(
                    opened
                        .levels
                        .into_iter()
                        .enumerate()
                        .map(|(i, l)| LevelJob {
                            set: opened.name.clone(),
                            number: i + 1,
                            name: l.name,
                            source: l.source,
                        }),
                )
            }
            // A set with nothing to play (LBreakout2's two-player sets) is said, not an error.
            Err(e @ SetError::Empty { .. }) => writeln!(err, "breakout: note: {e}")?,
            Err(e) => {
                writeln!(err, "breakout: error: {e}")?;
                errors += 1;
            }
        }
    }
    Ok((jobs, errors))
}

/// The JSON line of one level: `set` (the set's name), `level` (its number in the set,
/// counting from 1), `name` (the level's name, `level` in a single `simulate`'s line), then the
/// fields of [`SimulateReport`].
pub fn level_line(set: &str, number: usize, report: &SimulateReport) -> Value {
    let mut line = Map::new();
    line.insert("set".into(), Value::from(set));
    line.insert("level".into(), Value::from(number));
    if let Ok(Value::Object(fields)) = serde_json::to_value(report) {
        for (key, value) in fields {
            let key = if key == "level" { "name".into() } else { key };
            line.insert(key, value);
        }
    }
    Value::Object(line)
}

/// Levels played in parallel before their lines are written: enough to keep every core busy,
/// few enough that the lines of a long run come out as it goes.
const CHUNK_LEVELS: usize = 64;

/// `breakout simulate --all [--set SET]`: the sets (those under `set` if it is a directory or
/// file, else the set it names; the shipped levels without one) played by [`simulate_all`] on
/// stdout and stderr, the game configured by `config` (the settings and the physics chosen,
/// resolved for each level, `--collision native`). Returns the exit status: failure when a
/// level or set did not play, or one error line (a bad configuration, no such set).
pub fn run(
    set: Option<&str>,
    steps: u64,
    config: impl FnOnce() -> anyhow::Result<(GameConfig, Physics)>,
) -> std::process::ExitCode {
    let run = || -> anyhow::Result<bool> {
        let assets = Assets::from_env()?;
        let (config, physics) = config()?;
        let set = set.unwrap_or_default();
        let path = std::path::Path::new(set);
        let sets = if path.exists() {
            crate::assets::sets::sets_at(path)
        } else {
            let known = crate::assets::sets::discover_from_env();
            let user_dir = crate::assets::user_levels_dir();
            vec![crate::assets::sets::resolve_set_arg(
                set,
                user_dir.as_deref(),
                &known,
            )?]
        };
        let out = &mut std::io::stdout().lock();
        let err = &mut std::io::stderr();
        let summary = simulate_all(&sets, &assets, steps, (config, physics), out, err)?;
        Ok(summary.errors == 0)
    };
    match run() {
        Ok(true) => std::process::ExitCode::SUCCESS,
        Ok(false) => std::process::ExitCode::FAILURE,
        Err(e) => super::fail(&super::describe(&e)),
    }
}

/// Plays every level of `sets` for at most `steps` steps each with `config`'s settings and
/// physics (as [`simulate`], the physics resolved for each level: [`Physics::config_for`]), on rayon's threads, writing one [`level_line`] per level to `out` in set
/// order then level order, then the [`AllSummary`]. A set that does not open or a level that
/// does not load is one `breakout: error: …` line on `err` (with its file:line:column) and
/// counted in [`AllSummary::errors`]; a set with no level to play is a `breakout: note: …`
/// line only; the others are still played. Returns the summary.
///
/// # Errors
/// Writing to `out` failed.
pub fn simulate_all(
    sets: &[LevelSetSource],
    assets: &Assets,
    steps: u64,
    (config, physics): (GameConfig, Physics),
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> std::io::Result<AllSummary> {
    let start = std::time::Instant::now();
    let mut summary = AllSummary::default();
    let (jobs, errors) = level_jobs(sets, assets, err)?;
    summary.errors += errors;
    // Each level is its own game with the same seed: no state is shared, so the order in
    // which threads take them cannot change a result; `collect` keeps the jobs' order. The jobs
    // go in chunks so that lines come out as the run goes (a whole corpus takes minutes), still
    // in set and level order.
    for chunk in jobs.chunks(CHUNK_LEVELS) {
        let results: Vec<Result<SimulateReport, String>> = chunk
            .par_iter()
            .map(|job| {
                let level = job.source.load().map_err(|e| e.to_string())?;
                Ok(simulate(&level, steps, physics.config_for(config, &level)))
            })
            .collect();
        for (job, result) in chunk.iter().zip(results) {
            match result {
                Ok(report) => {
                    summary.levels += 1;
                    summary.cleared += usize::from(report.cleared);
                    summary.balls_escaped += u64::from(report.balls_escaped);
                    summary.steps += report.steps;
                    writeln!(out, "{}", level_line(&job.set, job.number, &report))?;
                }
                Err(e) => {
                    writeln!(err, "breakout: error: {e}")?;
                    summary.errors += 1;
                }
            }
        }
        out.flush()?;
    }
    summary.seconds = start.elapsed().as_secs_f64();
    writeln!(
        out,
        "{}",
        serde_json::to_string(&summary).map_err(std::io::Error::other)?
    )?;
    Ok(summary)
}
