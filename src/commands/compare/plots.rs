//! The SVG plots (plotters, SVG backend only): each mode is one series in its own colour,
//! named in the legend.
//!
//! - `clear_rate.svg`: share of games cleared, per mode (one bar each, its 95 % Wilson
//!   interval as an error bar; the axis 0–100 %);
//! - `time_to_clear.svg`: mean time to clear over the games each mode cleared, seconds, with
//!   its 95 % t interval (a mode that cleared nothing: no bar, "—" on the axis and in the
//!   legend);
//! - `speed_sweep.svg` (with `--speed-sweep`): bricks tunnelled through against ball speed,
//!   sub-steps off and on, one line per mode ([`super::sweep_plot`]);
//! - `normal_error.svg`: the angle between each mode's contact normal and the exact referee's
//!   around a brick's corner ([`super::normals`]).
//!
//! Eleven models and more fit: the legend is a panel right of the chart, one line per series
//! (never over the data), and a bar chart with more than six bars writes the names
//! under its bars upright.

use super::models::Model;
use super::plot_legend::{legend_width, side_legend, Marker};
use super::stats::Estimate;
use super::summary::totals;
use super::sweep::SweepPoint;
use super::types::{CompareOptions, LevelResult};
use crate::collision::CollisionMode;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::FontTransform;

/// Size of the chart of every plot, pixels; the legend is a panel to its right
/// ([`legend_width`]), and a bar chart of many bars is taller by its upright names.
const SIZE: (u32, u32) = (800, 480);

/// Most bars whose names are written flat under them (800 px / 6 bars leaves room for the
/// longest names, `lbreakout-trajectory`); more are written upright below them.
const FLAT_LABELS: usize = 6;

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
    let all_totals: Vec<_> = (0..modes.len()).map(|i| totals(results, i)).collect();
    let rates: Vec<(Model, Option<Estimate>)> = modes
        .iter()
        .zip(&all_totals)
        .map(|(&m, t)| (m, t.clear_rate.map(|e| e.scaled(100.0))))
        .collect();
    let times: Vec<(Model, Option<Estimate>)> = modes
        .iter()
        .zip(&all_totals)
        .map(|(&m, t)| (m, t.time_to_clear))
        .collect();
    let mut plots = vec![
        (
            "clear_rate.svg",
            bars(
                "Games cleared by the bot, per collision mode (95 % intervals)",
                "games cleared (%)",
                &rates,
                Some(100.0),
            ),
        ),
        (
            "time_to_clear.svg",
            bars(
                "Mean time to clear, games each mode cleared (95 % intervals)",
                "seconds of play",
                &times,
                None,
            ),
        ),
    ];
    if let Some(points) = sweep {
        plots.push((
            "speed_sweep.svg",
            super::sweep_plot::speed_sweep(modes, points),
        ));
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

/// The top of a bar chart's value axis: `fixed` if given (100 for a percentage, which never
/// passes it), else a tenth above the highest bar or interval end.
pub fn axis_top(values: &[(Model, Option<Estimate>)], fixed: Option<f64>) -> f64 {
    fixed.unwrap_or_else(|| {
        let highest = values
            .iter()
            .flat_map(|(_, e)| e.map(|e| e.interval.map_or(e.value, |(_, hi)| hi.max(e.value))))
            .fold(0.0, f64::max);
        highest.max(1e-9) * 1.1
    })
}

/// A bar chart: one bar per mode, each its own series, with its 95 % interval as an error
/// bar; a mode with no value (`None`: it cleared nothing) has no bar but a dash on the axis
/// in its colour and "—" in the legend. The names under the bars (upright when there are
/// more than [`FLAT_LABELS`]) and in the legend with the values and intervals. `fixed_top`:
/// the value axis's top ([`axis_top`]).
fn bars(
    title: &str,
    y_desc: &str,
    values: &[(Model, Option<Estimate>)],
    fixed_top: Option<f64>,
) -> Result<String, String> {
    let n = values.len();
    let names: Vec<&str> = values.iter().map(|v| v.0.name()).collect();
    let entries: Vec<(String, RGBColor)> = values
        .iter()
        .map(|(m, e)| {
            (
                format!("{} {}", m.name(), super::stats::format(*e, 1)),
                rgb(m),
            )
        })
        .collect();
    let labels: Vec<String> = entries.iter().map(|e| e.0.clone()).collect();
    let side = legend_width(&labels);
    let upright = n > FLAT_LABELS;
    let longest = names.iter().map(|s| s.len()).max().unwrap_or(0) as u32;
    let label_area = if upright { 16 + 6 * longest } else { 36 };
    let height = SIZE.1 + label_area - 36;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (SIZE.0 + side, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (plot, panel) = root.split_horizontally(SIZE.0);
        let top = axis_top(values, fixed_top);
        let mut chart = ChartBuilder::on(&plot)
            .caption(title, ("sans-serif", 22))
            .margin(12)
            .x_label_area_size(label_area)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, 0f64..top)
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n.max(1))
            .x_label_formatter(&|x| {
                let i = x.round();
                if upright || (x - i).abs() >= 0.01 || i < 0.0 {
                    return String::new();
                }
                names
                    .get(i as usize)
                    .map_or(String::new(), |s| s.to_string())
            })
            .y_desc(y_desc)
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, &(mode, value)) in values.iter().enumerate() {
            let c = rgb(&mode);
            let x = i as f64;
            bar_with_interval(&mut chart, x, value, c)?;
            if upright {
                // The name reads downwards from just under the bar, centred on it.
                let (px, py) = chart.backend_coord(&(x, 0.0));
                let style = TextStyle::from(("sans-serif", 14).into_font())
                    .transform(FontTransform::Rotate90)
                    .color(&BLACK);
                plot.draw(&Text::new(mode.name().to_string(), (px + 7, py + 8), style))
                    .map_err(|e| e.to_string())?;
            }
        }
        side_legend(&panel, &entries, Marker::Square)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// One bar at `x` of `value` in colour `c`, with its interval as a black error bar; with no
/// value, a short dash on the axis in `c` (the plot's "—").
fn bar_with_interval<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<RangedCoordf64, RangedCoordf64>>,
    x: f64,
    value: Option<Estimate>,
    c: RGBColor,
) -> Result<(), String> {
    let Some(e) = value else {
        return chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(x - 0.2, 0.0), (x + 0.2, 0.0)],
                c.stroke_width(3),
            )))
            .map(|_| ())
            .map_err(|e| e.to_string());
    };
    chart
        .draw_series(std::iter::once(Rectangle::new(
            [(x - 0.35, 0.0), (x + 0.35, e.value)],
            c.filled(),
        )))
        .map_err(|e| e.to_string())?;
    if let Some((lo, hi)) = e.interval {
        let whisker = [
            vec![(x, lo), (x, hi)],
            vec![(x - 0.12, lo), (x + 0.12, lo)],
            vec![(x - 0.12, hi), (x + 0.12, hi)],
        ];
        chart
            .draw_series(
                whisker
                    .into_iter()
                    .map(|line| PathElement::new(line, BLACK.stroke_width(2))),
            )
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Contact-normal error (degrees) against the centre's angle around the corner, one line per
/// mode (a mode that finds no contact at an angle has no point there).
fn normal_error(
    modes: &[Model],
    samples: &[super::normals::NormalSample],
) -> Result<String, String> {
    let mut svg = String::new();
    {
        let entries = line_entries(modes);
        let side = legend_width(&entries.iter().map(|e| e.0.clone()).collect::<Vec<_>>());
        let root = SVGBackend::with_string(&mut svg, (SIZE.0 + side, SIZE.1)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (plot, panel) = root.split_horizontally(SIZE.0);
        let top = samples
            .iter()
            .flat_map(|s| s.error.iter().flatten().copied())
            .fold(1.0, f64::max)
            * 1.1;
        let (lo, hi) = samples.iter().fold((f64::MAX, f64::MIN), |(lo, hi), s| {
            (lo.min(f64::from(s.degrees)), hi.max(f64::from(s.degrees)))
        });
        let mut chart = ChartBuilder::on(&plot)
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
                .map_err(|e| e.to_string())?;
        }
        side_legend(&panel, &entries, Marker::Line)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// The legend entries of a line plot: each model's name in its colour.
fn line_entries(modes: &[Model]) -> Vec<(String, RGBColor)> {
    modes
        .iter()
        .map(|m| (m.name().to_string(), rgb(m)))
        .collect()
}
