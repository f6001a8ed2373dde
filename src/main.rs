//! The `breakout` executable: parses the command line and runs the game or a subcommand.
//!
//! On Windows it is a GUI-subsystem program, so starting it from Explorer opens no console
//! window; started from a terminal, it attaches to that terminal's console first
//! (`attach_parent_console`), so `check`, `simulate`, `preview`, `import` and `--help` still
//! print there.

// Release and debug builds alike, so what is tested is what ships.
#![cfg_attr(windows, windows_subsystem = "windows")]

use breakout::cli::{Cli, Command};
use breakout::commands::{self, compare, describe, fail, simulate, simulate_all};
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
    // Each subcommand loads, runs and maps its errors in its own module; this only dispatches.
    match cli.command {
        Some(Command::Check(args)) => commands::check::run(&args.files, args.strict),
        Some(Command::Import(args)) => {
            commands::import::run(&args.inputs, &args.output, args.format, args.force)
        }
        Some(Command::Simulate(args)) if args.all => {
            let config = || Ok(args.game.game_setup()?);
            simulate_all::run(args.set.as_deref(), args.steps, config)
        }
        Some(Command::Simulate(args)) => {
            let request = simulate::Request {
                set: args.set.as_deref(),
                level: args.level.as_deref(),
                steps: args.steps,
                record: args.record.as_deref(),
            };
            simulate::run(&request, || Ok(args.game.game_setup()?))
        }
        Some(Command::Compare(args)) => compare::run(&compare::Request {
            modes: args.modes.as_deref(),
            steps: args.steps,
            seed: args.seed,
            seeds: args.seeds,
            speed_sweep: args.speed_sweep,
            contact_check: !args.no_contact_check,
            sub_steps: args.sub_steps,
            replay: args.replay.as_deref(),
            set: &args.set,
            level: args.level.as_deref(),
            output: &args.output,
        }),
        Some(Command::Preview(args)) => breakout::app::headless::preview(&args),
        Some(Command::Themes) => breakout::commands::themes::list(&mut std::io::stdout()),
        Some(Command::Replay(args)) if args.verify => {
            let status = breakout::commands::replay::verify(
                &args.file,
                &mut std::io::stdout(),
                &mut std::io::stderr(),
            );
            ExitCode::from(status as u8)
        }
        Some(Command::Replay(args)) => match &args.export {
            Some(out) => breakout::app::headless::export_replay(&args, out),
            None => match breakout::app::replay(args.play_args(), args.file) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&describe(&e)),
            },
        },
        Some(Command::Edit(args)) => {
            if args.play.set.is_some() || args.play.level.is_some() {
                return fail("edit takes a level FILE, not --set or --level");
            }
            commands::exit(breakout::app::edit(args.play, args.file))
        }
        Some(Command::Lab(args)) => {
            let zoom = args.zoom.parse().unwrap_or(1.0);
            let (preset, case) = (args.preset.map(usize::from), args.case.as_deref());
            match breakout::app::lab(args.play_args(), preset, zoom, case) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => fail(&describe(&e)),
            }
        }
        None => commands::exit(breakout::app::run(cli.play)),
    }
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
        let dir = breakout::user_dirs::data_dir();
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
