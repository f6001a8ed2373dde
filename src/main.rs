//! The `breakout` executable: parses the command line and runs the game or a subcommand.
//!
//! On Windows it is a GUI-subsystem program, so starting it from Explorer opens no console
//! window; started from a terminal, it attaches to that terminal's console first
//! (`attach_parent_console`), so `check`, `simulate`, `preview`, `import` and `--help` still
//! print there.

// Release and debug builds alike, so what is tested is what ships.
#![cfg_attr(windows, windows_subsystem = "windows")]

use breakout::assets::{load_level_arg, sets, Assets};
use breakout::cli::{Cli, Command};
use breakout::commands::simulate_all::simulate_all;
use breakout::commands::{check::check, import::import, preview, simulate::simulate_recorded};
use breakout::level::Level;
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    #[cfg(windows)]
    attach_parent_console();
    install_crash_report();
    let mut logger =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"));
    if std::env::var_os("RUST_LOG").is_none() {
        // symphonia logs a sound file that does not decode as an error naming no file; the
        // audio logs it itself, with the file and what plays instead (`audio::Sounds`).
        logger.filter_module("symphonia_core::probe", log::LevelFilter::Off);
    }
    logger.init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(args)) => {
            let status = check(
                &args.files,
                args.strict,
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            );
            ExitCode::from(status as u8)
        }
        Some(Command::Import(args)) => {
            // One line per approximation: thousands for a big set, so buffer them.
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let status = import(
                &args.inputs,
                &args.output,
                args.format,
                args.force,
                &mut out,
            );
            let _ = std::io::Write::flush(&mut out);
            ExitCode::from(status as u8)
        }
        Some(Command::Simulate(args)) if args.all => {
            let run = || -> anyhow::Result<bool> {
                let assets = Assets::from_env()?;
                let config = args.game.game_config()?;
                let set = args.set.as_deref().unwrap_or_default();
                let path = std::path::Path::new(set);
                let sets = if path.exists() {
                    sets::sets_at(path)
                } else {
                    let known = sets::discover_from_env();
                    let user_dir = breakout::assets::user_levels_dir();
                    vec![sets::resolve_set_arg(set, user_dir.as_deref(), &known)?]
                };
                let summary = simulate_all(
                    &sets,
                    &assets,
                    args.steps,
                    config,
                    &mut std::io::stdout().lock(),
                    &mut std::io::stderr(),
                )?;
                Ok(summary.errors == 0)
            };
            match run() {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::FAILURE,
                Err(e) => fail(&describe(&e)),
            }
        }
        Some(Command::Simulate(args)) => match Assets::from_env()
            .map_err(anyhow::Error::from)
            .and_then(|assets| load_level(&assets, args.set.as_deref(), args.level.as_deref()))
            .and_then(|level| Ok((level, args.game.game_config()?)))
        {
            Ok((level, config)) => {
                let origin = args.record.as_ref().map(|_| breakout::replay::Origin {
                    set: args.set.clone(),
                    level_key: args.level.clone(),
                    ..Default::default()
                });
                let (report, replay) = simulate_recorded(&level, args.steps, config, origin);
                if let (Some(path), Some(replay)) = (&args.record, &replay) {
                    if let Err(e) = breakout::replay::file::write(path, replay) {
                        return fail(&e.to_string());
                    }
                }
                println!("{}", report.json_line());
                ExitCode::SUCCESS
            }
            Err(e) => fail(&describe(&e)),
        },
        Some(Command::Compare(args)) => compare(&args),
        Some(Command::Preview(args)) => {
            let result = Assets::from_env()
                .map_err(anyhow::Error::from)
                .and_then(|assets| {
                    let level = match &args.set {
                        Some(set) => load_level(&assets, Some(set), args.set_level.as_deref())?,
                        None => load_level(&assets, None, args.level.as_deref())?,
                    };
                    let batch = preview::batch(&level);
                    breakout::render::headless::save_png(&batch, args.size, &assets, &args.output)
                });
            match result {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&describe(&e)),
            }
        }
        Some(Command::Replay(args)) if args.verify => {
            let status = breakout::commands::replay::verify(
                &args.file,
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            );
            ExitCode::from(status as u8)
        }
        Some(Command::Replay(args)) => match &args.export {
            Some(out) => export_replay(&args, out),
            None => match breakout::app::replay(args.play_args(), args.file) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&describe(&e)),
            },
        },
        Some(Command::Edit(args)) => {
            if args.play.set.is_some() || args.play.level.is_some() {
                return fail("edit takes a level FILE, not --set or --level");
            }
            match breakout::app::edit(args.play, args.file) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&describe(&e)),
            }
        }
        Some(Command::Lab(args)) => {
            let zoom = args.zoom.parse().unwrap_or(1.0);
            match breakout::app::lab(args.play_args(), args.preset.map(usize::from), zoom) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&describe(&e)),
            }
        }
        None => match breakout::app::run(cli.play) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(&describe(&e)),
        },
    }
}

/// `replay FILE --export OUT`: the frames drawn headless on one context and written; a line on
/// stdout saying what was written, a warning on stderr if the replay diverged.
fn export_replay(args: &breakout::cli::ReplayArgs, out: &std::path::Path) -> ExitCode {
    use breakout::commands::export::{Export, ExportRange};
    let range = ExportRange {
        from: args.from,
        to: args.to,
        fps: args.fps,
    };
    let run = || -> Result<_, String> {
        let export = Export::prepare(&args.file, out, &range)?;
        let assets = Assets::from_env();
        let mut renderer = match assets.map_err(anyhow::Error::from).and_then(|assets| {
            breakout::render::headless::HeadlessRenderer::new(args.size, &assets)
        }) {
            Ok(renderer) => renderer,
            Err(e) => {
                export.abandon();
                return Err(describe(&e));
            }
        };
        let exported =
            export.run(&mut |batch| renderer.render(batch).map_err(|e| e.to_string()))?;
        Ok(exported)
    };
    match run() {
        Ok(exported) => {
            let clock = breakout::commands::replay::clock;
            if let Some(step) = exported.diverged_at {
                eprintln!(
                    "breakout: warning: {}: DIVERGED at step {step} ({}): the frames show what \
                     the game does now",
                    args.file.display(),
                    clock(step)
                );
            }
            println!(
                "{}: {} frames of {}x{}, play from {} to {} at {} fps",
                out.display(),
                exported.frames,
                args.size.0,
                args.size.1,
                clock(exported.steps.0),
                clock(exported.steps.1),
                args.fps
            );
            ExitCode::SUCCESS
        }
        Err(message) => fail(&message),
    }
}

/// `compare`: the subject resolved, played, written; one line on stdout saying what was
/// written, or one error line.
fn compare(args: &breakout::cli::CompareArgs) -> ExitCode {
    use breakout::commands::compare::{self, CompareOptions, Subject};
    let run = || -> anyhow::Result<compare::Written> {
        let modes = match &args.modes {
            Some(list) => compare::parse_modes(list)?,
            None => breakout::collision::CollisionMode::ALL.to_vec(),
        };
        let options = CompareOptions {
            modes,
            steps: args.steps,
            seed: args.seed,
            speed_sweep: args.speed_sweep,
        };
        let subject = match &args.replay {
            Some(path) => Subject::Replay(path.clone()),
            None => {
                let assets = Assets::from_env()?;
                let jobs = compare::level_subject(
                    &assets,
                    &args.set,
                    args.level.as_deref(),
                    &mut std::io::stderr(),
                )?;
                Subject::Levels(jobs)
            }
        };
        Ok(compare::compare(&subject, &options, &args.output, true)?)
    };
    match run() {
        Ok(written) => {
            println!(
                "{}: {} level(s) compared in {:.1} s: {}",
                args.output.display(),
                written.levels,
                written.seconds,
                written.files.join(", ")
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(&describe(&e)),
    }
}

/// The level `--set`/`--level` name: with a set, its level `level` (a number from 1 or a
/// name; the first without one); without, the level `--level` names.
fn load_level(assets: &Assets, set: Option<&str>, level: Option<&str>) -> anyhow::Result<Level> {
    let Some(set) = set else {
        return Ok(load_level_arg(assets, level.unwrap_or_default())?);
    };
    let known = sets::discover_from_env();
    let user_dir = breakout::assets::user_levels_dir();
    let (opened, index) =
        sets::resolve_start(assets, user_dir.as_deref(), &known, Some(set), level)?
            .ok_or_else(|| anyhow::anyhow!("no set given"))?;
    Ok(opened.levels[index].source.load()?)
}

/// `error` and its causes on one line, `outer: cause: …`, leaving out a cause whose text the
/// line already holds (this crate's errors name their cause in their own message, as
/// `path: cannot read …: No such file`, and also return it as their `source`).
fn describe(error: &anyhow::Error) -> String {
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

/// Prints one clear error line and returns a failure status (no panic, no backtrace).
fn fail(message: &str) -> ExitCode {
    eprintln!("breakout: error: {message}");
    ExitCode::FAILURE
}

/// Attaches stdout and stderr to the console of the process that started this one (a terminal),
/// if it has one and they are not already redirected to a file or a pipe (a redirect would be
/// lost: the console would replace it). Started from Explorer there is no parent console and
/// this does nothing.
#[cfg(windows)]
fn attach_parent_console() {
    use windows_sys::Win32::Storage::FileSystem::{GetFileType, FILE_TYPE_DISK, FILE_TYPE_PIPE};
    use windows_sys::Win32::System::Console::{
        AttachConsole, GetStdHandle, ATTACH_PARENT_PROCESS, STD_OUTPUT_HANDLE,
    };
    // SAFETY: plain Win32 calls on this process's own standard handle; a null or invalid
    // handle makes GetFileType return FILE_TYPE_UNKNOWN, and AttachConsole fails harmlessly
    // when there is no parent console.
    unsafe {
        let kind = GetFileType(GetStdHandle(STD_OUTPUT_HANDLE));
        if kind != FILE_TYPE_DISK && kind != FILE_TYPE_PIPE {
            AttachConsole(ATTACH_PARENT_PROCESS);
        }
    }
}

/// The crash report's file name, in the user's data directory (`~/.local/share/breakout/` on
/// Linux, `%APPDATA%\breakout\data\` on Windows).
const CRASH_FILE: &str = "crash.log";

/// Chains a panic hook after the default one (which prints the message on stderr): it writes
/// the panic message, where it happened and the version into the crash report file, and says
/// on stderr where that file is. A player whose game vanished (on Windows from Explorer, with
/// no console to read) has the message to send. `BREAKOUT_CRASH_TEST=1` panics on purpose
/// right after, for the test of this hook (tests/crash_report.rs).
fn install_crash_report() {
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        default_hook(info);
        let when = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let thread = std::thread::current()
            .name()
            .unwrap_or("unnamed")
            .to_owned();
        let report = format!(
            "breakout {} crashed (unix time {when}, thread '{thread}'): {info}\n",
            env!("CARGO_PKG_VERSION")
        );
        let dir =
            directories::ProjectDirs::from("", "", "breakout").map(|d| d.data_dir().to_owned());
        let written = dir.and_then(|dir| {
            std::fs::create_dir_all(&dir).ok()?;
            let path = dir.join(CRASH_FILE);
            std::fs::write(&path, &report).ok()?;
            Some(path)
        });
        match written {
            Some(path) => eprintln!(
                "breakout: crashed; the report is in {} (please send it with the bug report)",
                path.display()
            ),
            None => eprintln!("breakout: crashed, and the crash report could not be written"),
        }
    }));
    if std::env::var_os("BREAKOUT_CRASH_TEST").is_some_and(|v| v == "1") {
        panic!("BREAKOUT_CRASH_TEST=1: a crash on purpose");
    }
}
