//! `speed_sweep.svg` (with `--speed-sweep`): bricks tunnelled through against ball speed, log
//! axis, one line per model in its colour, in two panels on one scale: on top with sub-steps
//! off (raw, one collision test per 1/240 s step: what the lab's tunnel preset shows), below
//! with sub-steps on (as the game plays) ([`super::sweep`]).

use super::models::Model;
use super::plot_legend::{legend_width, side_legend, Marker};
use super::sweep::{SweepPoint, ANGLES};
use crate::sim::SubSteps;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Width of the charts, pixels (as every plot's); the legend is a panel to their right.
const WIDTH: u32 = 800;

/// Height of each of the two panels, pixels.
const PANEL_HEIGHT: u32 = 400;

/// `model`'s colour, as in every plot ([`super::plots::rgb`]).
fn rgb(model: &Model) -> RGBColor {
    let [r, g, b] = model.colour();
    RGBColor(r, g, b)
}

/// The two panels' plot: off above, on below, the legend right of both.
pub fn speed_sweep(modes: &[Model], points: &[SweepPoint]) -> Result<String, String> {
    let mut svg = String::new();
    {
        let entries: Vec<(String, RGBColor)> = modes
            .iter()
            .map(|m| (m.name().to_string(), rgb(m)))
            .collect();
        let side = legend_width(&entries.iter().map(|e| e.0.clone()).collect::<Vec<_>>());
        let root = SVGBackend::with_string(&mut svg, (WIDTH + side, 2 * PANEL_HEIGHT + 40))
            .into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (plots, panel) = root.split_horizontally(WIDTH);
        let (title, plots) = plots.split_vertically(40);
        title
            .titled(
                &format!(
                    "Bricks tunnelled through: a wall of solid bricks, {} launches per speed",
                    ANGLES.len()
                ),
                ("sans-serif", 20),
            )
            .map_err(|e| e.to_string())?;
        let (off, on) = plots.split_vertically(PANEL_HEIGHT);
        let top = points
            .iter()
            .flat_map(|p| p.on.iter().chain(&p.off).copied())
            .max()
            .unwrap_or(0)
            .max(1) as f64
            * 1.1;
        for (area, sub_steps) in [(&off, SubSteps::Off), (&on, SubSteps::On)] {
            panel_chart(area, modes, points, sub_steps, top)?;
        }
        side_legend(&panel, &entries, Marker::Line)?;
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// One panel on `area`: every model's line with `sub_steps`, y from 0 to `top`.
fn panel_chart<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    modes: &[Model],
    points: &[SweepPoint],
    sub_steps: SubSteps,
    top: f64,
) -> Result<(), String> {
    let (lo, hi) = points.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(f64::from(p.speed)), hi.max(f64::from(p.speed)))
    });
    let (lo, hi) = if lo < hi { (lo, hi) } else { (450.0, 50_000.0) };
    let caption = match sub_steps {
        SubSteps::Off => "sub-steps off: one raw test per 1/240 s step",
        SubSteps::On => "sub-steps on, as played: ≤ 6.25 px (discrete) or the model's own",
    };
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 16))
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
    for (i, model) in modes.iter().enumerate() {
        let c = rgb(model);
        let line = points.iter().map(|p| {
            let n = p.tunnelled(sub_steps).get(i).copied().unwrap_or(0);
            (f64::from(p.speed), f64::from(n))
        });
        chart
            .draw_series(LineSeries::new(line, c.stroke_width(2)))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
