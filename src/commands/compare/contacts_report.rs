//! The per-contact check's outputs: `contacts.csv` (one row per model over all levels, then one
//! per model and level) and the summary's leading section ([`section`]); the plot is
//! [`super::contacts_plot`]. The terms are defined in [`super::contacts`].

use super::contacts::{ContactStats, Distribution};
use super::models::Model;
use super::types::LevelResult;
use serde::Serialize;
use std::fmt::Write;
use std::path::Path;

/// The `level` cell of the rows over every level.
pub const ALL_LEVELS: &str = "all";

/// The per-contact figures of the model at index `i` of the outcomes, merged over every level;
/// `None` when the check was off.
pub fn per_model(results: &[LevelResult], i: usize) -> Option<ContactStats> {
    let mut merged: Option<ContactStats> = None;
    for stats in results
        .iter()
        .filter_map(|r| r.outcomes.get(i))
        .filter_map(|o| o.contacts.as_ref())
    {
        merged
            .get_or_insert_with(ContactStats::default)
            .merge(stats);
    }
    merged
}

/// One row of `contacts.csv`. Empty cells are `None` (no error of that kind was measured).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContactRow {
    /// The collision model's name.
    pub model: String,
    /// [`ALL_LEVELS`], or the level as `set #number`.
    pub level: String,
    /// Contacts the model resolved.
    pub contacts: u64,
    /// Contacts compared with the referee.
    pub compared: u64,
    /// Contacts counted but not compared.
    pub not_compared: u64,
    /// Missed contacts.
    pub missed: u64,
    /// How deep the exact circle went into a missed brick, pixels: median.
    pub missed_median_px: Option<f64>,
    /// Largest.
    pub missed_max_px: Option<f64>,
    /// Phantom contacts.
    pub phantom: u64,
    /// Normal angle error, degrees: median.
    pub normal_median_deg: Option<f64>,
    /// p90.
    pub normal_p90_deg: Option<f64>,
    /// p99.
    pub normal_p99_deg: Option<f64>,
    /// Largest.
    pub normal_max_deg: Option<f64>,
    /// Depth error, pixels: median (discrete models only).
    pub depth_median_px: Option<f64>,
    /// p90.
    pub depth_p90_px: Option<f64>,
    /// Largest.
    pub depth_max_px: Option<f64>,
    /// Time-of-impact error, pixels along the cast: median (`swept` only).
    pub toi_median_px: Option<f64>,
    /// Largest.
    pub toi_max_px: Option<f64>,
}

/// `v` to four significant digits (the distributions' bins are 2.3 % wide).
fn round4(v: f64) -> f64 {
    format!("{v:.3e}").parse().unwrap_or(v)
}

/// The `q` quantile of `d`, rounded.
fn q(d: &Distribution, q: f64) -> Option<f64> {
    d.quantile(q).map(round4)
}

/// The largest of `d`, rounded; `None` when empty.
fn max(d: &Distribution) -> Option<f64> {
    (d.count > 0).then(|| round4(d.max))
}

impl ContactRow {
    /// The row of `stats`, for `model` on `level`.
    pub fn new(model: &Model, level: String, stats: &ContactStats) -> ContactRow {
        let (n, d, t) = (&stats.normal_deg, &stats.depth_px, &stats.toi_px);
        ContactRow {
            model: model.name().to_string(),
            level,
            contacts: stats.contacts,
            compared: stats.compared,
            not_compared: stats.not_compared,
            missed: stats.missed,
            missed_median_px: q(&stats.missed_depth_px, 0.5),
            missed_max_px: max(&stats.missed_depth_px),
            phantom: stats.phantom,
            normal_median_deg: q(n, 0.5),
            normal_p90_deg: q(n, 0.9),
            normal_p99_deg: q(n, 0.99),
            normal_max_deg: max(n),
            depth_median_px: q(d, 0.5),
            depth_p90_px: q(d, 0.9),
            depth_max_px: max(d),
            toi_median_px: q(t, 0.5),
            toi_max_px: max(t),
        }
    }
}

/// The rows of `contacts.csv`: one per model over every level and seed (in `modes` order), then
/// one per level and model over its seeds. Empty when the check was off.
pub fn rows(results: &[LevelResult], modes: &[Model]) -> Vec<ContactRow> {
    let mut rows: Vec<ContactRow> = modes
        .iter()
        .enumerate()
        .filter_map(|(i, m)| {
            Some(ContactRow::new(
                m,
                ALL_LEVELS.into(),
                &per_model(results, i)?,
            ))
        })
        .collect();
    // One row per level and model, its seeds merged, in the order the levels first come.
    let mut levels: Vec<(String, Vec<Option<ContactStats>>)> = Vec::new();
    for r in results {
        let level = format!("{} #{}", r.set, r.number);
        let at = match levels.iter().position(|(l, _)| *l == level) {
            Some(at) => at,
            None => {
                levels.push((level, vec![None; r.outcomes.len()]));
                levels.len() - 1
            }
        };
        for (merged, o) in levels[at].1.iter_mut().zip(&r.outcomes) {
            if let Some(stats) = &o.contacts {
                merged
                    .get_or_insert_with(ContactStats::default)
                    .merge(stats);
            }
        }
    }
    for (level, stats) in &levels {
        for (model, stats) in modes.iter().zip(stats) {
            if let Some(stats) = stats {
                rows.push(ContactRow::new(model, level.clone(), stats));
            }
        }
    }
    rows
}

/// Writes `rows` as CSV with a header line to `path`.
///
/// # Errors
/// The file cannot be written.
pub fn write(path: &Path, rows: &[ContactRow]) -> Result<(), csv::Error> {
    let mut writer = csv::Writer::from_path(path)?;
    for row in rows {
        writer.serialize(row)?;
    }
    writer.flush()?;
    Ok(())
}

/// Writes `contacts.csv` and `contact_error.svg` into `staging` when the check was on, and
/// returns the names written (a plot that fails to draw is left out with a warning, as
/// `plots::all` does).
///
/// # Errors
/// `contacts.csv` cannot be written.
pub fn write_all(
    results: &[LevelResult],
    modes: &[Model],
    staging: &super::output::Staging,
) -> Result<Vec<String>, super::CompareError> {
    let rows = rows(results, modes);
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let csv_path = staging.file("contacts.csv");
    write(&csv_path, &rows).map_err(|e| super::CompareError::Write {
        path: csv_path,
        message: e.to_string(),
    })?;
    let mut names = vec!["contacts.csv".to_string()];
    let per_model: Vec<(Model, ContactStats)> = modes
        .iter()
        .enumerate()
        .filter_map(|(i, m)| Some((*m, per_model(results, i)?)))
        .collect();
    match super::contacts_plot::svg(&per_model) {
        Some(Ok(svg)) => {
            let path = staging.file("contact_error.svg");
            std::fs::write(&path, svg)
                .map_err(|e| super::CompareError::Output { path, source: e })?;
            names.push("contact_error.svg".into());
        }
        Some(Err(e)) => eprintln!("breakout: warning: contact_error.svg not drawn: {e}"),
        None => {}
    }
    Ok(names)
}

/// A cell of the summary's table: the value with `unit`, or a dash.
fn cell(v: Option<f64>, unit: &str) -> String {
    v.map_or("—".into(), |v| format!("{v}{unit}"))
}

/// The summary's leading section: per model, its contacts against the exact referee (a table),
/// and how to read it. Empty when the check was off (`--no-contact-check`).
pub fn section(results: &[LevelResult], modes: &[Model]) -> String {
    let rows: Vec<ContactRow> = rows(results, modes)
        .into_iter()
        .filter(|r| r.level == ALL_LEVELS)
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let mut md = String::from("## Every contact against the exact referee\n\n");
    md.push_str(
        "| model | contacts | missed (depth median / max) | phantom | not compared | normal error \
         median / p90 / p99 / max | depth error median / p90 / max | time of impact error \
         median / max |\n|---|---:|---:|---:|---:|---|---|---|\n",
    );
    for r in &rows {
        let _ = writeln!(
            md,
            "| {} | {} | {} ({} / {}) | {} | {} | {} / {} / {} / {} | {} / {} / {} | {} / {} |",
            r.model,
            r.contacts,
            r.missed,
            cell(r.missed_median_px, " px"),
            cell(r.missed_max_px, " px"),
            r.phantom,
            r.not_compared,
            cell(r.normal_median_deg, "°"),
            cell(r.normal_p90_deg, "°"),
            cell(r.normal_p99_deg, "°"),
            cell(r.normal_max_deg, "°"),
            cell(r.depth_median_px, " px"),
            cell(r.depth_p90_px, " px"),
            cell(r.depth_max_px, " px"),
            cell(r.toi_median_px, " px"),
            cell(r.toi_max_px, " px"),
        );
    }
    md.push_str(
        "\nEach row is one model's own error, free of chaos: every ball–brick contact it resolved \
         while playing was asked again of the exact f64 referee in the same situation (the ball \
         where the model tested it, its motion, the brick), so one early different bounce does \
         not change the figures after it as it changes the game. The normal error is the angle \
         between the model's contact normal and the exact one, the depth error the difference \
         of penetration depths (`—`: the model gives none, as `swept` and the other games' \
         models; quantiles within 2.3 %, rounded up; `not compared`: no like answer, such as a \
         centre inside the brick or a hit without a bounce). **Missed** counts bricks the exact \
         swept circle entered (as deep as shown) that the model never touched, tunnelling or a \
         graze, and **phantom** the contacts with bricks the exact circle never touched on that \
         motion (`aabb`'s square corner); definitions: `commands::compare::contacts`, per \
         level: `contacts.csv`.\n\n",
    );
    md
}
