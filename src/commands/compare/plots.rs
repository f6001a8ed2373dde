//! The SVG plots (plotters, SVG backend only): each mode is one series in its own colour,
//! named in the legend.
//!
//! - `clear_rate.svg`: share of levels cleared, per mode (one bar each);
//! - `time_to_clear.svg`: mean time to clear over the levels each mode cleared, seconds;
//! - `speed_sweep.svg` (with `--speed-sweep`): bricks tunnelled through against ball speed,
//!   log axis, one line per mode ([`super::sweep`]);
//! - `normal_error.svg`: the angle between each mode's contact normal and the exact referee's
//!   around a brick's corner ([`super::normals`]).
//!
//! Eleven models and more fit: the plots grow taller with the number of series, the charts
//! leave headroom above the data for the legend (one line per series), and a bar chart with
//! more than [`FLAT_LABELS`] bars writes its names turned upright.

use super::models::Model;
use super::summary::totals;
use super::sweep::{SweepPoint, ANGLES};
use super::types::{CompareOptions, LevelResult};
use crate::collision::CollisionMode;
use plotters::prelude::*;
use plotters::style::FontTransform;

/// Size of a plot of up to five series, pixels; each series more adds [`ROW_HEIGHT`].
const SIZE: (u32, u32) = (800, 480);

/// Height one legend line takes, pixels (a plot grows by this per series over five).
const ROW_HEIGHT: u32 = 24;

/// Most bars whose names are written flat under them (800 px / 6 bars leaves room for the
/// longest names, `lbreakout-trajectory`); more are written upright.
const FLAT_LABELS: usize = 6;

/// The size of a plot of `series` series, pixels.
fn size(series: usize) -> (u32, u32) {
    let extra = series.saturating_sub(5) as u32;
    (SIZE.0, SIZE.1 + extra * ROW_HEIGHT)
}

/// The share of the chart's height the legend of `series` lines takes (its headroom above the
/// data), for a plot of [`size`]: each line about 20 px, plus the panel's margins, out of
/// the plotting area (the plot less about 110 px of caption and axis labels).
fn legend_share(series: usize) -> f64 {
    let (_, h) = size(series);
    ((series as f64 * 20.0 + 24.0) / (f64::from(h) - 110.0)).min(0.7)
}

/// The top of a chart's y axis: room for `highest` (the data's largest value, > 0) below the
/// legend of `series` lines.
fn headroom(highest: f64, series: usize) -> f64 {
    highest / (1.0 - legend_share(series))
}

/// The colour of `mode`'s series (the same in every plot): its row's shade for white
/// ([`crate::collision::ModeColours::on_white`]), the hue of the mode's ghost in the lab
/// (`view::fork::mode_color`) darkened where the lab's, made for a dark playfield, would not
/// read on white.
pub fn colour(mode: CollisionMode) -> RGBColor {
    rgb(&Model::built_in(mode))
}

/// The colour of `model`'s series: its row's ([`colour`]) or the one given to a model of one's
/// own ([`Model::custom`]).
pub fn rgb(model: &Model) -> RGBColor {
    let [r, g, b] = model.colour();
    RGBColor(r, g, b)
}

/// Every plot to write: (file name, SVG text). A plot that fails to draw is left out, with a
/// `breakout: warning` on stderr (the table and summary are still written).
pub fn all(
    results: &[LevelResult],
    options: &CompareOptions,
    sweep: Option<&[SweepPoint]>,
) -> Vec<(String, String)> {
    let modes = &options.modes;
    let per_mode: Vec<(Model, f64, f64)> = modes
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let t = totals(results, i);
            (m, 100.0 * t.clear_rate(), t.mean_steps_to_clear / 240.0)
        })
        .collect();
    let mut plots = vec![
        (
            "clear_rate.svg",
            bars(
                "Levels cleared by the bot, per collision mode",
                "levels cleared (%)",
                &per_mode.iter().map(|p| (p.0, p.1)).collect::<Vec<_>>(),
            ),
        ),
        (
            "time_to_clear.svg",
            bars(
                "Mean time to clear (levels each mode cleared)",
                "seconds of play",
                &per_mode.iter().map(|p| (p.0, p.2)).collect::<Vec<_>>(),
            ),
        ),
    ];
    if let Some(points) = sweep {
        plots.push(("speed_sweep.svg", speed_sweep(modes, points)));
    }
    plots.push((
        "normal_error.svg",
        normal_error(modes, &super::normals::corner_errors(modes)),
    ));
    plots
        .into_iter()
        .filter_map(|(name, svg)| match svg {
            Ok(svg) => Some((name.to_string(), svg)),
            Err(e) => {
                eprintln!("breakout: warning: {name} not drawn: {e}");
                None
            }
        })
        .collect()
}

/// A bar chart: one bar per mode, each its own series.
fn bars(title: &str, y_desc: &str, values: &[(Model, f64)]) -> Result<String, String> {
    let mut svg = String::new();
    {
        let n = values.len();
        let root = SVGBackend::with_string(&mut svg, size(n)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        // Headroom above the tallest bar for the legend in the upper right (at least 1.6 times
        // the tallest, as with five modes).
        let highest = values.iter().map(|v| v.1).fold(0.0, f64::max).max(1e-9);
        let top = headroom(highest, n).max(highest * 1.6);
        let names: Vec<&str> = values.iter().map(|v| v.0.name()).collect();
        let upright = n > FLAT_LABELS;
        let longest = names.iter().map(|s| s.len()).max().unwrap_or(0) as u32;
        let label_area = if upright { 16 + 8 * longest } else { 36 };
        let mut label_style = TextStyle::from(("sans-serif", 14).into_font());
        if upright {
            label_style = label_style.transform(FontTransform::Rotate90);
        }
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(label_area)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, 0f64..top)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_label_style(label_style)
            .x_labels(n.max(1))
            .x_label_formatter(&|x| {
                let i = x.round();
                if (x - i).abs() < 0.01 && i >= 0.0 {
                    names
                        .get(i as usize)
                        .map_or(String::new(), |s| s.to_string())
                } else {
                    String::new()
                }
            })
            .y_desc(y_desc)
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, &(mode, value)) in values.iter().enumerate() {
            let c = rgb(&mode);
            let x = i as f64;
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(x - 0.35, 0.0), (x + 0.35, value)],
                    c.filled(),
                )))
                .map_err(|e| e.to_string())?
                .label(format!("{} {value:.1}", mode.name()))
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], c.filled()));
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Bricks tunnelled through (summed over the launches) against ball speed, log axis.
fn speed_sweep(modes: &[Model], points: &[SweepPoint]) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size(modes.len())).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let highest = points
            .iter()
            .flat_map(|p| p.tunnelled.iter().copied())
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        let top = (highest * 1.1).max(headroom(highest, modes.len()));
        let (lo, hi) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
            (lo.min(f64::from(p.speed)), hi.max(f64::from(p.speed)))
        });
        let (lo, hi) = if lo < hi { (lo, hi) } else { (450.0, 50_000.0) };
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "Bricks tunnelled through: a wall of solid bricks, {} launches per speed",
                    ANGLES.len()
                ),
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(64)
            .build_cartesian_2d((lo..hi).log_scale(), 0f64..top)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("ball speed (px/s, log scale)")
            .y_desc("bricks tunnelled through")
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, mode) in modes.iter().enumerate() {
            let c = rgb(mode);
            let line = points
                .iter()
                .map(|p| (f64::from(p.speed), f64::from(p.tunnelled[i])));
            chart
                .draw_series(LineSeries::new(line, c.stroke_width(2)))
                .map_err(|e| e.to_string())?
                .label(mode.name())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                });
        }
        legend(&mut chart, SeriesLabelPosition::UpperLeft)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Contact-normal error (degrees) against the centre's angle around the corner, one line per
/// mode (a mode that finds no contact at an angle has no point there).
fn normal_error(
    modes: &[Model],
    samples: &[super::normals::NormalSample],
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, size(modes.len())).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let highest = samples
            .iter()
            .flat_map(|s| s.error.iter().flatten().copied())
            .fold(1.0, f64::max);
        let top = (highest * 1.1).max(headroom(highest, modes.len()));
        let (lo, hi) = samples.iter().fold((f64::MAX, f64::MIN), |(lo, hi), s| {
            (lo.min(f64::from(s.degrees)), hi.max(f64::from(s.degrees)))
        });
        let mut chart = ChartBuilder::on(&root)
            .caption(
                format!(
                    "Contact normal vs the exact referee, ball {} px into a brick's corner",
                    super::normals::DEPTH
                ),
                ("sans-serif", 20),
            )
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(64)
            .build_cartesian_2d(lo..hi, 0f64..top)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .x_desc("ball centre's angle around the corner (degrees: 0 right face, 90 top face)")
            .y_desc("normal error (degrees)")
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, mode) in modes.iter().enumerate() {
            let c = rgb(mode);
            // Swept's overlap test is clamp's: a thinner line, drawn over clamp's.
            let width = if mode.mode() == Some(CollisionMode::Swept) {
                1
            } else {
                2
            };
            let line = samples
                .iter()
                .filter_map(|s| s.error[i].map(|e| (f64::from(s.degrees), e)));
            chart
                .draw_series(LineSeries::new(line, c.stroke_width(width)))
                .map_err(|e| e.to_string())?
                .label(mode.name())
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], c.stroke_width(2))
                });
        }
        legend(&mut chart, SeriesLabelPosition::UpperRight)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Draws `chart`'s legend, one entry per labelled series, at `position` on a white panel.
fn legend<'a, DB, CT>(
    chart: &mut ChartContext<'a, DB, CT>,
    position: SeriesLabelPosition,
) -> Result<(), String>
where
    DB: DrawingBackend + 'a,
    CT: CoordTranslate,
{
    chart
        .configure_series_labels()
        .position(position)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .draw()
        .map_err(|e| e.to_string())
}
