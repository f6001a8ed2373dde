//! `summary.md`: per mode the totals and rates, then the levels where the modes disagree most.

use super::models::Model;
use super::types::{CompareOptions, LevelResult, DEFAULT_STEPS};
use std::fmt::Write;

/// Levels listed in each "disagree most" table.
const LISTED: usize = 10;

/// Fixed steps per second of play.
const STEPS_PER_SECOND: f64 = 240.0;

/// Totals of one mode over every level.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ModeTotals {
    /// Levels played.
    pub levels: usize,
    /// Levels cleared.
    pub cleared: usize,
    /// Mean steps to clear over the cleared levels (0 when none was).
    pub mean_steps_to_clear: f64,
    /// Destructible bricks destroyed.
    pub bricks_destroyed: u64,
    /// Balls lost.
    pub balls_lost: u64,
    /// Escapes.
    pub escapes: u64,
    /// Bricks tunnelled through.
    pub tunnelled: u64,
    /// Levels where the mode parted from `clamp`.
    pub parted: usize,
    /// Median first step apart from `clamp` over those levels (0 when none).
    pub median_parted_at: u64,
    /// Sum of the final scores.
    pub score: u64,
}

impl ModeTotals {
    /// Share of levels cleared, 0–1.
    pub fn clear_rate(&self) -> f64 {
        if self.levels == 0 {
            0.0
        } else {
            self.cleared as f64 / self.levels as f64
        }
    }
}

/// The totals of the mode at index `i` of the outcomes.
pub fn totals(results: &[LevelResult], i: usize) -> ModeTotals {
    let mut t = ModeTotals::default();
    let mut clear_steps = 0u64;
    let mut parted = Vec::new();
    for o in results.iter().filter_map(|r| r.outcomes.get(i)) {
        t.levels += 1;
        if o.cleared {
            t.cleared += 1;
            clear_steps += o.steps;
        }
        t.bricks_destroyed += u64::from(o.bricks_destroyed);
        t.balls_lost += u64::from(o.balls_lost);
        t.escapes += u64::from(o.escapes);
        t.tunnelled += u64::from(o.tunnelled);
        t.score += u64::from(o.score);
        parted.extend(o.parted_at);
    }
    if t.cleared > 0 {
        t.mean_steps_to_clear = clear_steps as f64 / t.cleared as f64;
    }
    parted.sort_unstable();
    t.parted = parted.len();
    t.median_parted_at = parted.get(parted.len() / 2).copied().unwrap_or(0);
    t
}

/// The whole `summary.md`.
pub fn markdown(results: &[LevelResult], options: &CompareOptions) -> String {
    let modes = &options.modes;
    let mut md = String::new();
    let steps = options
        .steps
        .map_or(format!("at most {DEFAULT_STEPS}"), |s| {
            format!("at most {s}")
        });
    let _ = writeln!(
        md,
        "# breakout compare\n\n{} level(s) × {} mode(s) ({}), {steps} fixed steps of 1/240 s \
         per level, seed {}. Columns and definitions: `docs/collision.md`, \"Comparing the \
         modes\".\n",
        results.len(),
        modes.len(),
        names(modes),
        options.seed
    );
    md.push_str(&super::contacts_report::section(results, modes));
    let _ = writeln!(md, "## Per mode\n");
    let _ = writeln!(
        md,
        "| mode | levels | cleared | clear rate | mean time to clear | bricks destroyed | balls \
         lost | escapes | tunnelled | parted from clamp | median parting step | total score |"
    );
    let _ = writeln!(
        md,
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for (i, mode) in modes.iter().enumerate() {
        let t = totals(results, i);
        let parted = if mode.is_reference() {
            "—".to_string()
        } else {
            t.parted.to_string()
        };
        let median = if t.parted == 0 {
            "—".to_string()
        } else {
            t.median_parted_at.to_string()
        };
        let _ = writeln!(
            md,
            "| {} | {} | {} | {:.1} % | {:.1} s | {} | {} | {} | {} | {parted} | {median} | {} |",
            mode.name(),
            t.levels,
            t.cleared,
            100.0 * t.clear_rate(),
            t.mean_steps_to_clear / STEPS_PER_SECOND,
            t.bricks_destroyed,
            t.balls_lost,
            t.escapes,
            t.tunnelled,
            t.score
        );
    }
    let split = results
        .iter()
        .filter(|r| {
            let c = r.outcomes.iter().filter(|o| o.cleared).count();
            c > 0 && c < r.outcomes.len()
        })
        .count();
    let _ = writeln!(
        md,
        "\n{split} level(s) were cleared in some modes and not in others.\n"
    );
    let _ = writeln!(md, "## Where the modes disagree most\n");
    disagreement(
        &mut md,
        "Time to clear: the largest spread of steps to clear (a mode that did not clear counts as all the steps played)",
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

/// The model names joined with commas.
fn names(modes: &[Model]) -> String {
    modes
        .iter()
        .map(|m| m.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// A table of the [`LISTED`] levels with the largest spread (max − min over modes) of `value`,
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
        let _ = writeln!(md, "Every mode gave the same.\n");
        return;
    }
    let _ = writeln!(
        md,
        "| set | level | name | {} | spread |",
        names(modes).replace(", ", " | ")
    );
    let _ = writeln!(md, "|---|---:|---|{}---:|", "---:|".repeat(modes.len()));
    for (spread, r) in spreads.into_iter().take(LISTED) {
        let cells: Vec<String> = r.outcomes.iter().map(&cell).collect();
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} | {spread} |",
            escape(&r.set),
            r.number,
            escape(&r.name),
            cells.join(" | ")
        );
    }
    md.push('\n');
}

/// The [`LISTED`] levels where some mode parted from `clamp` earliest.
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
        "### Earliest parting from clamp (step, per mode; — never)\n"
    );
    if partings.is_empty() {
        let _ = writeln!(md, "No mode parted from clamp.\n");
        return;
    }
    let _ = writeln!(
        md,
        "| set | level | name | {} |",
        names(modes).replace(", ", " | ")
    );
    let _ = writeln!(md, "|---|---:|---|{}", "---:|".repeat(modes.len()));
    for (_, r) in partings.into_iter().take(LISTED) {
        let cells: Vec<String> = r
            .outcomes
            .iter()
            .map(|o| o.parted_at.map_or("—".into(), |s| s.to_string()))
            .collect();
        let _ = writeln!(
            md,
            "| {} | {} | {} | {} |",
            escape(&r.set),
            r.number,
            escape(&r.name),
            cells.join(" | ")
        );
    }
    md.push('\n');
}

/// `text` safe in a Markdown table cell.
fn escape(text: &str) -> String {
    text.replace('|', "\\|")
}
