//! `summary.md`: what was played, then per model every rate and mean with its 95 %
//! interval ([`super::stats`]), each model against `clamp` game by game
//! ([`super::paired`]), and the games where the models disagree most.

use super::models::Model;
use super::stats::{self, Estimate};
use super::types::{CompareOptions, LevelResult, ReplayFacts, DEFAULT_STEPS, STEPS_PER_SECOND};
use std::fmt::Write;

/// Games listed in each "disagree most" table.
const LISTED: usize = 10;

/// One model's results over every game (level × seed), each rate and mean with its 95 %
/// interval; `None` where there is nothing to estimate from.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModeTotals {
    /// Games played.
    pub games: usize,
    /// Games cleared.
    pub cleared: usize,
    /// Share of games cleared, 0–1, Wilson interval.
    pub clear_rate: Option<Estimate>,
    /// Mean seconds to clear over the games cleared; `None` when none was.
    pub time_to_clear: Option<Estimate>,
    /// Destructible bricks destroyed per game.
    pub bricks_destroyed: Option<Estimate>,
    /// Balls lost per game.
    pub balls_lost: Option<Estimate>,
    /// Escapes, all games.
    pub escapes: u64,
    /// Bricks tunnelled through, all games.
    pub tunnelled: u64,
    /// Games where the model parted from `clamp`.
    pub parted: usize,
    /// Median first step apart from `clamp` over those games; `None` when none.
    pub median_parted_at: Option<u64>,
    /// Mean first step apart from `clamp` over those games.
    pub parted_at: Option<Estimate>,
    /// Final score per game.
    pub score: Option<Estimate>,
}

/// The totals of the model at index `i` of the outcomes.
pub fn totals(results: &[LevelResult], i: usize) -> ModeTotals {
    let outcomes: Vec<_> = results.iter().filter_map(|r| r.outcomes.get(i)).collect();
    let per_game = |f: &dyn Fn(&super::run::ModeOutcome) -> f64| {
        stats::mean(&outcomes.iter().map(|o| f(o)).collect::<Vec<_>>())
    };
    let clear_seconds: Vec<f64> = outcomes
        .iter()
        .filter(|o| o.cleared)
        .map(|o| o.steps as f64 / STEPS_PER_SECOND)
        .collect();
    let mut parted: Vec<u64> = outcomes.iter().filter_map(|o| o.parted_at).collect();
    parted.sort_unstable();
    ModeTotals {
        games: outcomes.len(),
        cleared: clear_seconds.len(),
        clear_rate: stats::wilson(clear_seconds.len(), outcomes.len()),
        time_to_clear: stats::mean(&clear_seconds),
        bricks_destroyed: per_game(&|o| f64::from(o.bricks_destroyed)),
        balls_lost: per_game(&|o| f64::from(o.balls_lost)),
        escapes: outcomes.iter().map(|o| u64::from(o.escapes)).sum(),
        tunnelled: outcomes.iter().map(|o| u64::from(o.tunnelled)).sum(),
        parted: parted.len(),
        median_parted_at: parted.get(parted.len() / 2).copied(),
        parted_at: stats::mean(&parted.iter().map(|&s| s as f64).collect::<Vec<_>>()),
        score: per_game(&|o| f64::from(o.score)),
    }
}

/// The whole `summary.md`.
pub fn markdown(
    results: &[LevelResult],
    options: &CompareOptions,
    replay: Option<&ReplayFacts>,
) -> String {
    let modes = &options.modes;
    let mut md = String::new();
    header(&mut md, results, options, replay);
    md.push_str(&super::contacts_report::section(results, modes));
    per_model(&mut md, results, modes, replay);
    super::paired::section(&mut md, results, modes);
    let split = results
        .iter()
        .filter(|r| {
            let c = r.outcomes.iter().filter(|o| o.cleared).count();
            c > 0 && c < r.outcomes.len()
        })
        .count();
    let _ = writeln!(
        md,
        "{split} of {} game(s) were cleared by some models and not by others.\n",
        results.len()
    );
    let _ = writeln!(md, "## Where the models disagree most\n");
    disagreement(
        &mut md,
        "Time to clear: the largest spread of steps to clear (a model that did not clear counts as all the steps played)",
        results,
        modes,
        |o| o.steps as f64,
        |o| if o.cleared { o.steps.to_string() } else { format!("({} not cleared)", o.steps) },
    );
    disagreement(
        &mut md,
        "Score: the largest spread of final scores",
        results,
        modes,
        |o| f64::from(o.score),
        |o| o.score.to_string(),
    );
    earliest_parting(&mut md, results, modes);
    md
}

/// The title, what was played (a replay's own length and seed), and the warning when too
/// few games were played to rank anything.
fn header(
    md: &mut String,
    results: &[LevelResult],
    options: &CompareOptions,
    replay: Option<&ReplayFacts>,
) {
    let modes = &options.modes;
    let _ = writeln!(md, "# breakout compare\n");
    let seeds = options.seed_list();
    match replay {
        Some(r) => {
            let cut = if r.played < r.steps {
                format!(", of which `--steps` played the first {}", r.played)
            } else {
                String::new()
            };
            let _ = writeln!(
                md,
                "A replay's recorded input played by {} model(s) ({}): the replay is {} fixed \
                 steps of 1/240 s long ({:.1} s){cut}, recorded with seed {} in `{}`. \
                 Columns and definitions: `docs/collision.md`, \"Comparing the modes\".\n",
                modes.len(),
                names(modes),
                r.steps,
                r.steps as f64 / STEPS_PER_SECOND,
                r.seed,
                r.mode
            );
        }
        None => {
            let steps = options.steps.unwrap_or(DEFAULT_STEPS);
            let levels = results.len() / seeds.len().max(1);
            let _ = writeln!(
                md,
                "{levels} level(s) × {} seed(s) ({}) = {} game(s) per model, × {} model(s) \
                 ({}); at most {steps} fixed steps of 1/240 s per game. Every model plays the \
                 same games, each game in lockstep from the same seed, the bot playing. \
                 Columns and definitions: `docs/collision.md`, \"Comparing the modes\".\n",
                seeds.len(),
                seed_range(&seeds),
                results.len(),
                modes.len(),
                names(modes)
            );
        }
    }
    if results.len() < 2 {
        let _ = writeln!(
            md,
            "> **Warning: nothing can be ranked.** One game per model: no interval can be \
             computed, and one game of a chaotic system says which game each model happened \
             to play, not which model is better. Compare levels with `--seeds 10` or more.\n"
        );
    } else if replay.is_none() && seeds.len() < 2 {
        let _ = writeln!(
            md,
            "> **Warning: one seed, nothing can be ranked.** Each level was played once per \
             model, so each result is one draw of a chaotic game; the intervals below count \
             the levels as the only repeats, which mixes how hard a level is with luck. Use \
             `--seeds 10` or more.\n"
        );
    }
}

/// `first–last` of consecutive seeds (one seed alone).
fn seed_range(seeds: &[u64]) -> String {
    match (seeds.first(), seeds.last()) {
        (Some(a), Some(b)) if a != b => format!("seeds {a}–{b}"),
        (Some(a), _) => format!("seed {a}"),
        _ => "no seed".to_string(),
    }
}

/// The "Per model" section: the chaos sentence, the replay's note, and the table.
fn per_model(
    md: &mut String,
    results: &[LevelResult],
    modes: &[Model],
    replay: Option<&ReplayFacts>,
) {
    let _ = writeln!(md, "## Per model, with 95 % confidence intervals\n");
    let _ = writeln!(
        md,
        "After the first parting (the `parted_at` step) the copies play different games, so \
         these end results mix the algorithm with chaos; the per-contact table is the \
         algorithm's own measure. Clear rate: Wilson score interval; means: Student's t \
         interval over the games; \"—\": nothing to estimate (no game cleared, none parted).\n"
    );
    let flag = if let Some(r) = replay {
        let _ = writeln!(
            md,
            "**† With `--replay` every model is driven by the recorded input.** The recorded \
             paddle follows the ball of the recorded game (`{}`'s); once a copy plays a \
             different game its paddle no longer follows its own ball, so the balls it loses \
             are lost to the replay's input, not to its collision test: the balls-lost column \
             says nothing about the models here.\n",
            r.mode
        );
        " †"
    } else {
        ""
    };
    let _ = writeln!(
        md,
        "| model | games | cleared | clear rate, % | mean time to clear, s | bricks destroyed \
         per game | balls lost per game{flag} | escapes | tunnelled | parted from clamp | \
         median parting step | mean parting step | score per game |"
    );
    let _ = writeln!(
        md,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for (i, mode) in modes.iter().enumerate() {
        let t = totals(results, i);
        let parted = if mode.is_reference() {
            "—".to_string()
        } else {
            t.parted.to_string()
        };
        let median = t
            .median_parted_at
            .map_or("—".to_string(), |s| s.to_string());
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {parted} | {median} | {} | {} |",
            mode.name(),
            t.games,
            t.cleared,
            stats::format(t.clear_rate.map(|e| e.scaled(100.0)), 1),
            stats::format(t.time_to_clear, 1),
            stats::format(t.bricks_destroyed, 1),
            stats::format(t.balls_lost, 2),
            t.escapes,
            t.tunnelled,
            stats::format(t.parted_at, 0),
            stats::format(t.score, 0),
        );
    }
    md.push('\n');
}

/// The model names joined with commas.
fn names(modes: &[Model]) -> String {
    modes
        .iter()
        .map(|m| m.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A table of the [`LISTED`] games with the largest spread (max − min over modes) of `value`,
/// each mode's cell written by `cell`.
fn disagreement(
    md: &mut String,
    title: &str,
    results: &[LevelResult],
    modes: &[Model],
    value: impl Fn(&super::run::ModeOutcome) -> f64,
    cell: impl Fn(&super::run::ModeOutcome) -> String,
) {
    let mut spreads: Vec<(f64, &LevelResult)> = results
        .iter()
        .map(|r| {
            let values = r.outcomes.iter().map(&value);
            let max = values.clone().fold(f64::MIN, f64::max);
            let min = values.fold(f64::MAX, f64::min);
            (max - min, r)
        })
        .filter(|(s, _)| *s > 0.0)
        .collect();
    // Largest first; ties in set and level order (the sort is stable).
    spreads.sort_by(|a, b| b.0.total_cmp(&a.0));
    let _ = writeln!(md, "### {title}\n");
    if spreads.is_empty() {
        let _ = writeln!(md, "Every model gave the same.\n");
        return;
    }
    let _ = writeln!(
        md,
        "| set | level | name | seed | {} | spread |",
        names(modes).replace(", ", " | ")
    );
    let _ = writeln!(
        md,
        "|---|---:|---|---:|{}---:|",
        "---:|".repeat(modes.len())
    );
    for (spread, r) in spreads.into_iter().take(LISTED) {
        let cells: Vec<String> = r.outcomes.iter().map(&cell).collect();
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} | {spread} |",
            escape(&r.set),
            r.number,
            escape(&r.name),
            r.seed,
            cells.join(" | ")
        );
    }
    md.push('\n');
}

/// The [`LISTED`] games where some model parted from `clamp` earliest.
fn earliest_parting(md: &mut String, results: &[LevelResult], modes: &[Model]) {
    let mut partings: Vec<(u64, &LevelResult)> = results
        .iter()
        .filter_map(|r| {
            r.outcomes
                .iter()
                .filter_map(|o| o.parted_at)
                .min()
                .map(|s| (s, r))
        })
        .collect();
    partings.sort_by_key(|p| p.0);
    let _ = writeln!(
        md,
        "### Earliest parting from clamp (step, per model; — never)\n"
    );
    if partings.is_empty() {
        let _ = writeln!(md, "No model parted from clamp.\n");
        return;
    }
    let _ = writeln!(
        md,
        "| set | level | name | seed | {} |",
        names(modes).replace(", ", " | ")
    );
    let _ = writeln!(md, "|---|---:|---|---:|{}", "---:|".repeat(modes.len()));
    for (_, r) in partings.into_iter().take(LISTED) {
        let cells: Vec<String> = r
            .outcomes
            .iter()
            .map(|o| o.parted_at.map_or("—".into(), |s| s.to_string()))
            .collect();
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {} |",
            escape(&r.set),
            r.number,
            escape(&r.name),
            r.seed,
            cells.join(" | ")
        );
    }
    md.push('\n');
}

/// `text` safe in a Markdown table cell.
fn escape(text: &str) -> String {
    text.replace('|', "\\|")
}
