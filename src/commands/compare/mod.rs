//! `breakout compare`: every level of a set (or one level, or a replay's recorded input) played
//! in every collision mode with the same seeds (`--seeds N`, each game in lockstep), headless
//! and on all cores; written as a table (`compare.csv`), a summary (`summary.md`, every rate
//! and mean with its 95 % interval, [`stats`]) and SVG plots. `docs/collision.md`, "Comparing
//! the modes", defines the columns and shows the reference plots.
//!
//! What it plays is a list of [`Model`]s: the built-in rows `--modes` names, and, called as a
//! library ([`compare`]), models of one's own beside them (`examples/custom_mode.rs`).
//!
//! **Nothing half-written.** Every file is written into a staging directory next to the
//! output directory (`.DIR.partial-PID`); only when all are written are they moved into DIR,
//! one rename each, `compare.csv` last, and the staging directory removed. A run that fails
//! (bad input, a file that cannot be written) removes its staging directory and leaves DIR as
//! it was: a `compare.csv` in DIR is always a whole run's.

pub mod contacts;
pub mod contacts_plot;
pub mod contacts_report;
pub mod models;
pub mod normals;
pub mod output;
pub mod paired;
pub mod plot_legend;
pub mod plots;
pub mod run;
pub mod stats;
pub mod summary;
pub mod sweep;
pub mod sweep_plot;
pub mod table;
pub mod tunnels;
mod types;

use super::simulate_all::{level_jobs, LevelJob};
use crate::assets::{sets, Assets, LevelSetSource};
use crate::level::Level;
use crate::sim::GameConfig;
pub use models::Model;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use table::Row;
pub use types::{
    CompareError, CompareOptions, LevelResult, ReplayFacts, DEFAULT_SEEDS, DEFAULT_STEPS,
};

/// What `breakout compare` is asked on its command line.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    /// `--modes a,b,…|all` as typed ([`parse_modes`]); `None`: every mode.
    pub modes: Option<&'a str>,
    /// `--steps`.
    pub steps: Option<u64>,
    /// `--seed`: the first seed.
    pub seed: u64,
    /// `--seeds`: how many seeds; `None`: [`DEFAULT_SEEDS`].
    pub seeds: Option<u64>,
    /// `--speed-sweep`.
    pub speed_sweep: bool,
    /// Not `--no-contact-check`: every contact checked against the exact referee.
    pub contact_check: bool,
    /// `--sub-steps`: the levels' games' ([`crate::sim::SubSteps`]; the sweep runs both).
    pub sub_steps: crate::sim::SubSteps,
    /// `--replay FILE`: a replay's input played in every mode, instead of levels.
    pub replay: Option<&'a Path>,
    /// `--set` (repeatable): the sets whose levels are played ([`level_subject`]).
    pub set: &'a [String],
    /// `--level`: one level.
    pub level: Option<&'a str>,
    /// `-o DIR`: where the results are written.
    pub output: &'a Path,
}

/// `breakout compare`: the subject resolved, played in every mode, written ([`compare`]);
/// one line on stdout saying what was written. Returns the exit status; an error is one line
/// on stderr.
pub fn run(request: &Request<'_>) -> std::process::ExitCode {
    let written = || -> anyhow::Result<Written> {
        let modes = match request.modes {
            Some(list) => parse_modes(list)?,
            None => Model::all(),
        };
        let options = CompareOptions {
            modes,
            steps: request.steps,
            seed: request.seed,
            seeds: request.seeds.unwrap_or(DEFAULT_SEEDS),
            speed_sweep: request.speed_sweep,
            contact_check: request.contact_check,
            sub_steps: request.sub_steps,
        };
        let subject = match request.replay {
            Some(path) => Subject::Replay(path.to_path_buf()),
            None => {
                let assets = Assets::from_env()?;
                let err = &mut std::io::stderr();
                Subject::Levels(level_subject(&assets, request.set, request.level, err)?)
            }
        };
        Ok(compare(&subject, &options, request.output, true)?)
    };
    match written() {
        Ok(written) => {
            println!(
                "{}: {} level(s), {} game(s) per model, compared in {:.1} s: {}",
                request.output.display(),
                written.levels,
                written.games,
                written.seconds,
                written.files.join(", ")
            );
            std::process::ExitCode::SUCCESS
        }
        Err(e) => super::fail(&super::describe(&e)),
    }
}

/// What `compare` plays.
#[derive(Clone, Debug)]
pub enum Subject {
    /// Levels, each played by the bot in every mode.
    Levels(Vec<LevelJob>),
    /// A replay file, its recorded input played in every mode.
    Replay(PathBuf),
}

/// `--modes`: `all` (every row of [`crate::collision::CollisionMode::ALL`], in its order), or
/// a comma-separated list of [`crate::collision::CollisionMode::name`]s (spaces around names
/// allowed, case ignored), each at most once.
///
/// # Errors
/// [`CompareError::Modes`] naming the unknown or repeated mode and listing every model.
pub fn parse_modes(list: &str) -> Result<Vec<Model>, CompareError> {
    if list.trim().eq_ignore_ascii_case("all") {
        return Ok(Model::all());
    }
    let mut modes = Vec::new();
    for name in list.split(',').map(str::trim) {
        let mode = models::built_in_named(name).ok_or_else(|| {
            CompareError::Modes(format!(
                "--modes: unknown collision mode '{name}'; the modes are {} (or all)",
                models::known_names()
            ))
        })?;
        if modes.contains(&mode) {
            return Err(CompareError::Modes(format!(
                "--modes: '{name}' is named twice"
            )));
        }
        modes.push(mode);
    }
    Ok(modes)
}

/// The levels `--set`/`--level` name. Each `--set` is a directory of `.lvl` files, a directory
/// of other games' set files, one such file, a set's name as the menu shows it, or
/// `installed`: every installed game's set found under `$XDG_DATA_DIRS` (see
/// [`sets::discover`]). With one `--set`, `--level` picks one of its levels (a number from 1 or
/// a name); without `--set`, `--level` is a level name or file.
///
/// # Errors
/// A set or level that is not found or does not open ([`CompareError::Set`]), or no level to
/// play at all ([`CompareError::NoLevels`]). Sets that are empty among others are a
/// `breakout: note` on `err`.
pub fn level_subject(
    assets: &Assets,
    set_args: &[String],
    level: Option<&str>,
    err: &mut dyn std::io::Write,
) -> Result<Vec<LevelJob>, CompareError> {
    let known = sets::discover_from_env();
    let user_dir = crate::assets::user_levels_dir();
    if set_args.is_empty() || level.is_some() {
        let set = set_args.first().map(String::as_str);
        let Some((opened, index)) =
            sets::resolve_start(assets, user_dir.as_deref(), &known, set, level)?
        else {
            return Err(CompareError::NoLevels("no --set or --level given".into()));
        };
        let chosen = &opened.levels[index];
        return Ok(vec![LevelJob {
            set: opened.name.clone(),
            number: index + 1,
            name: chosen.name.clone(),
            source: chosen.source.clone(),
        }]);
    }
    let mut sources: Vec<LevelSetSource> = Vec::new();
    for arg in set_args {
        let path = Path::new(arg);
        if path.exists() {
            sources.extend(sets::sets_at(path));
        } else if arg == "installed" {
            sources.extend(
                known
                    .iter()
                    .filter(|s| matches!(s, LevelSetSource::Foreign { .. }))
                    .cloned(),
            );
        } else {
            sources.push(sets::resolve_set_arg(arg, user_dir.as_deref(), &known)?);
        }
    }
    let (jobs, errors) = level_jobs(&sources, assets, err).map_err(|e| CompareError::Output {
        path: "<stderr>".into(),
        source: e,
    })?;
    if errors > 0 {
        return Err(CompareError::NoLevels(format!(
            "{} (and {errors} set(s) did not open, said above)",
            set_args.join(", ")
        )));
    }
    if jobs.is_empty() {
        return Err(CompareError::NoLevels(set_args.join(", ")));
    }
    Ok(jobs)
}

/// What a finished `compare` wrote.
#[derive(Clone, Debug)]
pub struct Written {
    /// The levels played (one for a replay).
    pub levels: usize,
    /// The games played by each model: levels × seeds (one for a replay).
    pub games: usize,
    /// The files written into the output directory, by name.
    pub files: Vec<String>,
    /// Wall-clock seconds of the whole run.
    pub seconds: f64,
}

/// Plays `subject` with every model of `options` (built-in rows and models of one's own alike)
/// and writes `compare.csv`, `summary.md` and the plots into `out` (see the module's doc for
/// how nothing half-written is left). `progress` shows a bar on stderr (indicatif; drawn only
/// when stderr is a terminal). The library entry point: `examples/custom_mode.rs` calls it with
/// a model of its own beside [`Model::all`].
///
/// # Errors
/// Any [`CompareError`] (two models of one name: [`CompareError::Modes`]); then nothing in
/// `out` was changed.
pub fn compare(
    subject: &Subject,
    options: &CompareOptions,
    out: &Path,
    progress: bool,
) -> Result<Written, CompareError> {
    let start = std::time::Instant::now();
    distinct_names(&options.modes)?;
    let staging = output::Staging::new(out)?;
    let (results, replay) = match subject {
        Subject::Levels(jobs) => (play_levels(jobs, options, progress)?, None),
        Subject::Replay(path) => {
            let (result, facts) = play_replay(path, options)?;
            (vec![result], Some(facts))
        }
    };
    let rows: Vec<Row> = results
        .iter()
        .flat_map(|r| {
            r.outcomes
                .iter()
                .map(|o| Row::new(&r.set, r.number, &r.name, r.seed, o))
        })
        .collect();
    let sweep = options
        .speed_sweep
        .then(|| sweep::speed_sweep(&options.modes, &sweep::speeds()));
    let mut files = Vec::new();
    let summary_path = staging.file("summary.md");
    let text = summary::markdown(&results, options, replay.as_ref())
        + &sweep::summary(&options.modes, options.sub_steps, sweep.as_deref());
    std::fs::write(&summary_path, text).map_err(|e| CompareError::Output {
        path: summary_path,
        source: e,
    })?;
    files.push("summary.md".to_string());
    for (name, svg) in plots::all(&results, options, sweep.as_deref()) {
        let path = staging.file(&name);
        std::fs::write(&path, svg).map_err(|e| CompareError::Output { path, source: e })?;
        files.push(name);
    }
    files.extend(contacts_report::write_all(
        &results,
        &options.modes,
        &staging,
    )?);
    if let Some(points) = &sweep {
        let path = staging.file("speed_sweep.csv");
        sweep::write_csv(&path, &options.modes, points).map_err(|e| CompareError::Write {
            path,
            message: e.to_string(),
        })?;
        files.push("speed_sweep.csv".to_string());
    }
    let csv_path = staging.file("compare.csv");
    table::write(&csv_path, &rows).map_err(|e| CompareError::Write {
        path: csv_path,
        message: e.to_string(),
    })?;
    files.push("compare.csv".to_string());
    staging.commit(&files)?;
    let levels = match subject {
        Subject::Levels(jobs) => jobs.len(),
        Subject::Replay(_) => 1,
    };
    Ok(Written {
        levels,
        games: results.len(),
        files,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Refuses a list of models where two share a name (their rows would not be told apart) or
/// that is empty.
fn distinct_names(models: &[Model]) -> Result<(), CompareError> {
    if models.is_empty() {
        return Err(CompareError::Modes("no collision model to play".into()));
    }
    for (i, a) in models.iter().enumerate() {
        if models[..i].iter().any(|b| b.name() == a.name()) {
            return Err(CompareError::Modes(format!(
                "two collision models are named '{}'",
                a.name()
            )));
        }
    }
    Ok(())
}

/// Loads every level (all of them before any is played: a level that does not load stops
/// the run before it starts), then plays each with every seed of `options`, the (level,
/// seed) games spread over rayon's threads; the results in job, then seed order.
fn play_levels(
    jobs: &[LevelJob],
    options: &CompareOptions,
    progress: bool,
) -> Result<Vec<LevelResult>, CompareError> {
    let levels: Vec<Level> = jobs
        .par_iter()
        .map(|job| {
            job.source.load().map_err(|source| CompareError::Level {
                set: job.set.clone(),
                number: job.number,
                source,
            })
        })
        .collect::<Result<_, _>>()?;
    let seed_list = options.seed_list();
    let games: Vec<(usize, u64)> = (0..jobs.len())
        .flat_map(|j| seed_list.iter().map(move |&s| (j, s)))
        .collect();
    let bar = if progress {
        indicatif::ProgressBar::new(games.len() as u64)
    } else {
        indicatif::ProgressBar::hidden()
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {pos}/{len} games, {eta} left",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let steps = options.steps.unwrap_or(DEFAULT_STEPS);
    let results = games
        .par_iter()
        .map(|&(j, seed)| {
            let (job, level) = (&jobs[j], &levels[j]);
            let config = GameConfig {
                seed,
                sub_steps: options.sub_steps,
                ..GameConfig::default()
            };
            let outcomes = run::play_level(
                level,
                config,
                &options.modes,
                (steps, options.contact_check),
            );
            bar.inc(1);
            LevelResult {
                set: job.set.clone(),
                number: job.number,
                name: job.name.clone(),
                seed,
                outcomes,
            }
        })
        .collect();
    bar.finish_and_clear();
    Ok(results)
}

/// The replay at `path`, checked to verify in its own mode, then its input played in every
/// mode of `options` (once: its own seed, whatever `options.seeds`); with its facts.
fn play_replay(
    path: &Path,
    options: &CompareOptions,
) -> Result<(LevelResult, ReplayFacts), CompareError> {
    let replay =
        crate::replay::file::read(path).map_err(|e| CompareError::Replay(e.to_string()))?;
    let verified =
        super::replay::verify_replay(replay.clone(), path).map_err(CompareError::Replay)?;
    if let super::replay::Verified::Diverged(report) = verified {
        return Err(CompareError::Replay(format!(
            "{}: the replay does not verify in its own mode ({}): it diverged at step {}, so \
             its input does not play the game it recorded",
            path.display(),
            replay.config().collision.name(),
            report.diverged_at_step.unwrap_or_default()
        )));
    }
    let played = options.steps.unwrap_or(u64::MAX).min(replay.steps());
    let outcomes = run::play_replay(&replay, &options.modes, (played, options.contact_check))
        .map_err(|e| {
            CompareError::Replay(format!("{}: the replay's level text: {e}", path.display()))
        })?;
    let config = replay.config();
    let facts = ReplayFacts {
        steps: replay.steps(),
        played,
        seed: config.seed,
        mode: config.collision.name().to_string(),
    };
    let result = LevelResult {
        set: "replay".into(),
        number: 1,
        name: replay.header.level_name.clone(),
        seed: config.seed,
        outcomes,
    };
    Ok((result, facts))
}
