//! The `breakout` executable: parses the command line and runs the game or a subcommand.

use breakout::assets::{load_level_arg, Assets};
use breakout::cli::{Cli, Command};
use breakout::commands::{check::check, import::import, preview::preview, simulate::simulate};
use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info")).init();
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check(args)) => {
            let status = check(&args.files, args.strict, &mut std::io::stdout());
            ExitCode::from(status as u8)
        }
        Some(Command::Import(args)) => {
            let format = args.format.map(Into::into);
            // One line per approximation: thousands for a big set, so buffer them.
            let mut out = std::io::BufWriter::new(std::io::stdout().lock());
            let status = import(&args.inputs, &args.output, format, &mut out);
            let _ = std::io::Write::flush(&mut out);
            ExitCode::from(status as u8)
        }
        Some(Command::Simulate(args)) => match Assets::from_env()
            .map_err(anyhow::Error::from)
            .and_then(|assets| Ok(load_level_arg(&assets, &args.level)?))
            .and_then(|level| Ok((level, args.game.game_config()?)))
        {
            Ok((level, config)) => {
                let report = simulate(&level, args.steps, config);
                match serde_json::to_string(&report) {
                    Ok(line) => {
                        println!("{line}");
                        ExitCode::SUCCESS
                    }
                    Err(e) => fail(&format!("cannot write the report: {e}")),
                }
            }
            Err(e) => fail(&e.to_string()),
        },
        Some(Command::Preview(args)) => {
            let result = Assets::from_env()
                .map_err(anyhow::Error::from)
                .and_then(|assets| {
                    let level = load_level_arg(&assets, &args.level)?;
                    preview(&level, args.size, &assets, &args.output)
                });
            match result {
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
