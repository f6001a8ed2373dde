//! Speed of bot-driven simulation: steps per second of `simulate` on a list of level files, in
//! every collision mode.
//!
//! ```sh
//! cargo run --release --example bot_speed -- [--steps N] [--seed S] [--modes clamp,swept] FILE...
//! ```
//!
//! Each level is played like `breakout simulate --steps N --seed S --collision MODE` with the
//! default configuration (no `breakout.toml` is read): the bot launches at once, lives never run
//! out, and a run stops early when the level is cleared. Prints one line per level and mode
//! (steps per second of this thread's CPU time, which other processes on a busy machine disturb
//! far less than the wall clock, and the `simulate` result that was timed, so a change of the
//! bot's choices shows), then per mode the median and the worst level. Nothing here is a test:
//! the numbers depend on the machine.

use breakout::collision::CollisionMode;
use breakout::commands::simulate::simulate;
use breakout::level::Level;
use breakout::sim::GameConfig;

/// CPU time this thread has used, in seconds.
#[cfg(unix)]
fn thread_cpu_seconds() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec to write to; the clock id is a constant of the platform.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(status, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9
}

/// Elsewhere (Windows: CI only compiles this there), the wall clock since the first call.
#[cfg(not(unix))]
fn thread_cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
}

fn main() -> anyhow::Result<()> {
    let mut steps: u64 = 20_000;
    let mut seed: u64 = 1;
    let mut modes: Vec<CollisionMode> = CollisionMode::ALL.to_vec();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--steps" => steps = args.next().unwrap_or_default().parse()?,
            "--seed" => seed = args.next().unwrap_or_default().parse()?,
            "--modes" => {
                let list = args.next().unwrap_or_default();
                modes = CollisionMode::ALL
                    .iter()
                    .copied()
                    .filter(|m| list.split(',').any(|n| n == m.name()))
                    .collect();
            }
            _ => files.push(arg),
        }
    }
    anyhow::ensure!(!files.is_empty(), "give level files to play");
    let levels: Vec<(String, Level)> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(f)?;
            let name = std::path::Path::new(f)
                .file_stem()
                .map_or(f.clone(), |s| s.to_string_lossy().into_owned());
            let level = Level::parse(&text, &name)?;
            Ok((name, level))
        })
        .collect::<anyhow::Result<_>>()?;

    let mut summary = Vec::new();
    for &mode in &modes {
        let mut rates = Vec::new();
        for (name, level) in &levels {
            let config = GameConfig {
                seed,
                collision: mode,
                ..GameConfig::default()
            };
            let start = thread_cpu_seconds();
            let report = simulate(level, steps, config);
            let seconds = thread_cpu_seconds() - start;
            let rate = report.steps as f64 / seconds;
            println!(
                "{:<6} {name:<24} {rate:>10.0} steps/s  steps {:>6} bricks {:>4} lost {:>3} \
                 hash {}",
                mode.name(),
                report.steps,
                report.bricks_destroyed,
                report.balls_lost,
                report.state_hash
            );
            rates.push((rate, name.clone()));
        }
        rates.sort_by(|a, b| a.0.total_cmp(&b.0));
        let median = rates[rates.len() / 2].0;
        let (worst, worst_name) = &rates[0];
        summary.push(format!(
            "{:<6} median {median:>10.0} steps/s  worst {worst:>10.0} ({worst_name})",
            mode.name()
        ));
    }
    println!();
    for line in summary {
        println!("{line}");
    }
    Ok(())
}
