//! A collision mode of one's own, run beside the built-in ones: `docs/collision.md`, "Write
//! your own mode", walks through it.
//!
//! ```text
//! cargo run --release --example custom_mode [OUTPUT_DIR]
//! ```
//!
//! The model, `least-overlap` (`examples/custom_mode/model.rs`), bounces the ball's bounding
//! square off the axis of least overlap, in its own sub-steps. The example then
//!
//! 1. asks the collision lab's probe (`probe::models::answer_with_models`) every famous case of
//!    `probe::presets` of it and of every built-in model, and prints each one's answer beside
//!    the exact referee's;
//! 2. plays the first [`LEVELS`] shipped levels with the bot for at most [`STEPS`] steps with
//!    every built-in model and with it (`commands::compare::compare`, what `breakout compare`
//!    runs), writes the table, summary and plots into OUTPUT_DIR (default: a directory in the
//!    system's temporary directory) and prints the summary's head.

#[path = "custom_mode/model.rs"]
mod model;

use breakout::assets::{levels::shipped_levels, Assets};
use breakout::collision::CollisionModel;
use breakout::commands::compare::{self, CompareOptions, Model, Subject};
use breakout::commands::simulate_all::LevelJob;
use breakout::probe::{models::answer_with_models, presets::presets};
use model::LEAST_OVERLAP;

/// Shipped levels played (the first ones), to keep the example under a minute.
const LEVELS: usize = 3;

/// Most fixed steps (of 1/240 s) each level is played.
const STEPS: u64 = 12_000;

/// The model's colour in the plots (sRGB on white): a black no built-in row uses.
const COLOUR: [u8; 3] = [20, 20, 20];

fn main() -> anyhow::Result<()> {
    probe_table();
    let out = std::env::args_os()
        .nth(1)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("breakout-custom-mode"));
    compare_run(&out)?;
    Ok(())
}

/// Part 1: the probe's presets asked of every built-in model and of ours.
fn probe_table() {
    let mut models: Vec<&dyn CollisionModel> = breakout::collision::CollisionMode::ALL
        .iter()
        .map(|m| m.model())
        .collect();
    models.push(&LEAST_OVERLAP);
    println!("## The probe's famous cases (normal error against the exact referee)\n");
    for preset in presets() {
        println!("### {}: {}\n", preset.name, preset.what);
        println!("| brick | model | hit | normal (x, y) | normal error | agrees |");
        println!("|---:|---|---|---|---:|---|");
        for (b, answers) in answer_with_models(&preset.probe, &models)
            .iter()
            .enumerate()
        {
            let referee = answers.brick.referee();
            println!(
                "| {} | *referee* | {} | {} | | |",
                b + 1,
                referee.hit || answers.brick.exact_impact.is_some(),
                normal(
                    referee
                        .normal
                        .or(answers.brick.exact_impact.map(|i| i.normal))
                )
            );
            for row in &answers.models {
                println!(
                    "| {} | {} | {} | {} | {} | {} |",
                    b + 1,
                    row.name,
                    row.answer.hit,
                    normal(row.answer.normal),
                    row.errors
                        .normal_deg
                        .map_or(String::new(), |d| format!("{d:.1}°")),
                    if row.errors.disagrees() { "no" } else { "yes" }
                );
            }
        }
        println!();
    }
}

/// A normal as `(x, y)`, or `—`.
fn normal(n: Option<glam::DVec2>) -> String {
    n.map_or("—".into(), |n| format!("({:.2}, {:.2})", n.x, n.y))
}

/// Part 2: `compare` on the first shipped levels, every built-in model and ours.
fn compare_run(out: &std::path::Path) -> anyhow::Result<()> {
    let jobs: Vec<LevelJob> = shipped_levels(&Assets::built_in())
        .into_iter()
        .take(LEVELS)
        .enumerate()
        .map(|(i, source)| LevelJob {
            set: "shipped".into(),
            number: i + 1,
            name: source.stem(),
            source,
        })
        .collect();
    let mut modes = Model::all();
    modes.push(Model::custom(&LEAST_OVERLAP, COLOUR));
    let options = CompareOptions {
        modes,
        steps: Some(STEPS),
        seed: 1,
        seeds: compare::DEFAULT_SEEDS,
        speed_sweep: false,
        contact_check: true,
        sub_steps: breakout::sim::SubSteps::On,
    };
    let written = compare::compare(&Subject::Levels(jobs), &options, out, false)?;
    println!(
        "## compare: {} level(s) in {:.1} s, written to {}: {}\n",
        written.levels,
        written.seconds,
        out.display(),
        written.files.join(", ")
    );
    let summary = std::fs::read_to_string(out.join("summary.md"))?;
    for line in summary.lines().take(20) {
        println!("{line}");
    }
    Ok(())
}
