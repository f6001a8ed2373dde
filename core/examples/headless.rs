//! The core with no game around it: the JSON lines of `breakout simulate` and
//! `breakout replay --verify`, byte for byte, from a program that needs no window, GL, audio or
//! command-line crate, so it builds for any target Rust has a standard library for (musl,
//! aarch64, `wasm32-wasip1`, Windows). `.ci/determinism-matrix` runs it on each and compares.
//!
//! ```text
//! cargo run -p breakout-core --release --example headless -- \
//!     simulate --level FILE [--steps N] [--seed S] [--collision MODE] [--trace K]
//! cargo run -p breakout-core --release --example headless -- \
//!     verify [--trace K] FILE.bkreplay...
//! cargo run -p breakout-core --release --example headless -- \
//!     import SETFILE --number N --output FILE.lvl
//! ```
//!
//! `import` writes the N-th level of another Breakout's set file as a `.lvl` file (as
//! `breakout import` converts it), for `simulate` to play.
//!
//! `--trace K` prints `trace STEP HASH` (the state hash, hex) after every K-th step and after
//! the last one, before the JSON line, so two runs that end differently can be compared step by
//! step. Files are read with `std::fs`: under WASI, preopen the directory they are in.
//!
//! Exit status: 0; for `verify`, 1 when a replay diverged; 2 for bad arguments or a file that
//! cannot be read.

use breakout_core::collision::CollisionMode;
use breakout_core::level::Level;
use breakout_core::replay::file;
use breakout_core::replay::verify::verify_replay_with;
use breakout_core::sim::report::Simulation;
use breakout_core::sim::{Game, GameConfig};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage:
  headless simulate --level FILE [--steps N] [--seed S] [--collision MODE] [--trace K]
  headless verify [--trace K] FILE.bkreplay...
  headless import SETFILE --number N --output FILE.lvl

simulate  the bot plays the level (lives never run out) and one JSON line is printed, as
          `breakout simulate` prints it; --steps defaults to 100000, --seed to 1,
          --collision to clamp (one of aabb, clamp, zones, cross, swept)
verify    each replay is played again and checked against its stored state hashes, one JSON
          line each, as `breakout replay FILE --verify` prints it; exit 1 if one diverged
import    the N-th level (from 1) of another Breakout's set file (LBreakout2, KBreakOut,
          SDL-Ball, gnome-breakout) written as a .lvl file
--trace K also print `trace STEP HASH` every K steps and at the last step";

/// What the command line asks for.
#[derive(Debug, PartialEq)]
enum Command {
    Simulate {
        level: PathBuf,
        steps: u64,
        seed: u64,
        collision: CollisionMode,
        trace: Option<u64>,
    },
    Verify {
        files: Vec<PathBuf>,
        trace: Option<u64>,
    },
    Import {
        set: PathBuf,
        number: usize,
        output: PathBuf,
    },
    Help,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let command = match parse(&args) {
        Ok(command) => command,
        Err(message) => {
            eprintln!("headless: error: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let status = match command {
        Command::Help => {
            let _ = writeln!(out, "{USAGE}");
            0
        }
        Command::Simulate {
            level,
            steps,
            seed,
            collision,
            trace,
        } => simulate(&level, steps, seed, collision, trace, &mut out),
        Command::Verify { files, trace } => verify(&files, trace, &mut out),
        Command::Import {
            set,
            number,
            output,
        } => import(&set, number, &output),
    };
    if let Err(e) = out.flush() {
        eprintln!("headless: error: cannot write the output: {e}");
        return ExitCode::from(2);
    }
    ExitCode::from(status)
}

/// The arguments after the program's name, read; the error says which one is wrong and why.
fn parse(args: &[String]) -> Result<Command, String> {
    let Some((command, rest)) = args.split_first() else {
        return Err("no command given (simulate, verify or import)".into());
    };
    let mut level = None;
    let mut steps = 100_000;
    let mut seed = 1;
    let mut collision = CollisionMode::default();
    let mut trace = None;
    let mut files = Vec::new();
    let (mut number, mut output) = (None, None);
    let mut words = rest.iter();
    while let Some(word) = words.next() {
        let simulate = command == "simulate";
        let import = command == "import";
        let mut value = || words.next().ok_or_else(|| format!("{word} needs a value"));
        match word.as_str() {
            "-h" | "--help" => return Ok(Command::Help),
            "--trace" => trace = Some(number_arg(word, value()?, 1)?),
            "--level" if simulate => level = Some(PathBuf::from(value()?)),
            "--steps" if simulate => steps = number_arg(word, value()?, 0)?,
            "--seed" if simulate => seed = number_arg(word, value()?, 0)?,
            "--collision" if simulate => collision = mode(value()?)?,
            "--number" if import => number = Some(number_arg(word, value()?, 1)? as usize),
            "--output" if import => output = Some(PathBuf::from(value()?)),
            _ if word.starts_with('-') => {
                return Err(format!("{command} has no option {word}"));
            }
            _ if simulate => return Err(format!("simulate takes no file ({word}): use --level")),
            _ => files.push(PathBuf::from(word)),
        }
    }
    match command.as_str() {
        "-h" | "--help" | "help" => Ok(Command::Help),
        "simulate" => Ok(Command::Simulate {
            level: level.ok_or("simulate needs --level FILE")?,
            steps,
            seed,
            collision,
            trace,
        }),
        "verify" if files.is_empty() => Err("verify needs at least one .bkreplay file".into()),
        "verify" => Ok(Command::Verify { files, trace }),
        "import" => match (files.as_slice(), number, output) {
            ([set], Some(number), Some(output)) => Ok(Command::Import {
                set: set.clone(),
                number,
                output,
            }),
            _ => Err("import takes one SETFILE, --number N and --output FILE.lvl".into()),
        },
        other => Err(format!(
            "unknown command {other:?} (simulate, verify or import)"
        )),
    }
}

/// `text`, the value of `option`, as a whole number of at least `least`.
fn number_arg(option: &str, text: &str, least: u64) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(n) if n >= least => Ok(n),
        _ => Err(format!(
            "{option} takes a whole number of at least {least}, not {text:?}"
        )),
    }
}

/// A collision mode by name.
fn mode(name: &str) -> Result<CollisionMode, String> {
    CollisionMode::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = CollisionMode::ALL.iter().map(|m| m.name()).collect();
        format!(
            "--collision takes one of {}, not {name:?}",
            names.join(", ")
        )
    })
}

/// Prints `trace STEP HASH` when `step` is a multiple of `every`.
fn trace_line(out: &mut dyn Write, every: Option<u64>, step: u64, game: &Game) {
    if every.is_some_and(|k| step.is_multiple_of(k)) {
        let _ = writeln!(out, "trace {step} {:016x}", game.state_hash());
    }
}

/// `simulate`: plays the level and prints its line. Returns the exit status.
fn simulate(
    path: &Path,
    steps: u64,
    seed: u64,
    collision: CollisionMode,
    trace: Option<u64>,
    out: &mut dyn Write,
) -> u8 {
    let level = match Level::load(path) {
        Ok(level) => level,
        Err(e) => {
            eprintln!("headless: error: {e}");
            return 2;
        }
    };
    let config = GameConfig {
        seed,
        collision,
        ..GameConfig::default()
    };
    let mut sim = Simulation::new(&level, steps, config);
    let mut at = 0;
    while sim.step().is_some() {
        at += 1;
        trace_line(out, trace, at, sim.game());
    }
    if trace.is_some_and(|k| !at.is_multiple_of(k)) {
        trace_line(out, Some(1), at, sim.game());
    }
    let _ = writeln!(out, "{}", sim.report().json_line());
    0
}

/// `verify`: plays each replay and prints its line (and a divergence's message on stderr).
/// Returns the exit status: the worst of 0 (verified), 1 (diverged) and 2 (not readable).
fn verify(files: &[PathBuf], trace: Option<u64>, out: &mut dyn Write) -> u8 {
    let mut status = 0;
    for path in files {
        let result = file::read(path)
            .map_err(|e| e.to_string())
            .and_then(|replay| {
                let last = replay.steps();
                verify_replay_with(replay, path, |step, game| {
                    let every = if step == last { Some(1) } else { trace };
                    trace_line(out, trace.and(every), step, game);
                })
            });
        match result {
            Err(message) => {
                eprintln!("headless: error: {message}");
                status = 2;
            }
            Ok(verified) => {
                let report = verified.report();
                let _ = writeln!(out, "{}", report.json_line());
                if let Some(message) = report.divergence_message() {
                    eprintln!("{message}");
                }
                status = status.max(verified.exit_status() as u8);
            }
        }
    }
    status
}

/// `import`: writes the `number`-th level of the set file `set` to `output`. Returns the exit
/// status.
fn import(set: &Path, number: usize, output: &Path) -> u8 {
    let set = match breakout_core::import::load_set(set, None) {
        Ok(set) => set,
        Err(e) => {
            eprintln!("headless: error: {e}");
            return 2;
        }
    };
    let Some(imported) = set.levels.iter().find(|l| l.number == number) else {
        eprintln!(
            "headless: error: {}: no level {number} (it holds {} levels)",
            set.path.display(),
            set.levels.len()
        );
        return 2;
    };
    if let Err(e) = std::fs::write(output, imported.level.to_text()) {
        eprintln!("headless: error: {}: cannot write: {e}", output.display());
        return 2;
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn simulate_takes_its_options_in_any_order_with_the_defaults_of_breakout_simulate() {
        assert_eq!(
            parse(&args(
                "simulate --seed 3 --level a.lvl --collision swept --trace 10"
            )),
            Ok(Command::Simulate {
                level: "a.lvl".into(),
                steps: 100_000,
                seed: 3,
                collision: CollisionMode::Swept,
                trace: Some(10),
            })
        );
    }

    #[test]
    fn verify_takes_files_and_a_trace() {
        assert_eq!(
            parse(&args("verify a.bkreplay --trace 240 b.bkreplay")),
            Ok(Command::Verify {
                files: vec!["a.bkreplay".into(), "b.bkreplay".into()],
                trace: Some(240),
            })
        );
    }

    #[test]
    fn bad_arguments_are_errors_that_say_what_is_wrong() {
        let error = |line: &str| parse(&args(line)).unwrap_err();
        assert!(error("").contains("no command"));
        assert!(error("play").contains("unknown command"));
        assert!(error("simulate").contains("needs --level"));
        assert!(error("simulate --level").contains("--level needs a value"));
        assert!(error("simulate --level a --steps x").contains("not \"x\""));
        assert!(error("simulate --level a --steps -1").contains("--steps"));
        assert!(error("simulate --level a --trace 0").contains("at least 1"));
        assert!(error("simulate --level a --collision round").contains("aabb, clamp"));
        assert!(error("simulate --level a b").contains("takes no file"));
        assert!(error("verify").contains("at least one"));
        assert!(error("verify --level a x.bkreplay").contains("verify has no option --level"));
        assert!(error("import a --number 1").contains("--output"));
        assert!(error("import a b --number 1 --output c").contains("one SETFILE"));
    }

    #[test]
    fn import_takes_a_set_a_number_and_an_output() {
        assert_eq!(
            parse(&args("import sets/Arcade --number 2 --output a.lvl")),
            Ok(Command::Import {
                set: "sets/Arcade".into(),
                number: 2,
                output: "a.lvl".into(),
            })
        );
    }
}
