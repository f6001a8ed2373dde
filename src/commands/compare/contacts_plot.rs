//! `contact_error.svg`: per model, the distribution of its contact-normal errors against the
//! exact referee ([`super::contacts`]) as one box on a log axis — the box from the median to
//! p90, a whisker to p99, a dot at the largest — in the model's colour; the legend gives each
//! model's contacts, missed and phantom counts.

use super::contacts::ContactStats;
use super::models::Model;
use plotters::prelude::*;
use plotters::style::FontTransform;

/// Size of the chart, pixels; the legend is a panel to its right.
const SIZE: (u32, u32) = (800, 520);

/// The axis's floor, degrees: errors below it (a model exact to rounding) are drawn on it.
const FLOOR_DEG: f64 = 1e-4;

/// Height of one legend line, pixels.
const ROW_HEIGHT: i32 = 20;

/// One model's box: (model, median, p90, p99, max) in degrees, each at least [`FLOOR_DEG`].
type Box5 = (Model, [f64; 4]);

/// The colour of `model`'s series (as `plots::rgb`).
fn rgb(model: &Model) -> RGBColor {
    let [r, g, b] = model.colour();
    RGBColor(r, g, b)
}

/// The box of one model's figures.
fn box5(model: Model, stats: &ContactStats) -> Box5 {
    let n = &stats.normal_deg;
    let at = |q: f64| n.quantile(q).unwrap_or(0.0).max(FLOOR_DEG);
    (model, [at(0.5), at(0.9), at(0.99), n.max.max(FLOOR_DEG)])
}

/// The plot of each model's figures over every level (`contacts_report::per_model`), or
/// `None` when there are none (the check was off). An error is plotters' message.
pub fn svg(per_model: &[(Model, ContactStats)]) -> Option<Result<String, String>> {
    (!per_model.is_empty()).then(|| draw(per_model))
}

/// Draws the boxes of `per_model` (see the module's doc).
fn draw(per_model: &[(Model, ContactStats)]) -> Result<String, String> {
    let n = per_model.len();
    let boxes: Vec<(Box5, String)> = per_model
        .iter()
        .map(|(m, s)| (box5(*m, s), m.name().to_string()))
        .collect();
    let labels: Vec<String> = per_model
        .iter()
        .map(|(m, s)| {
            format!(
                "{}: {} contacts, {} missed, {} phantom",
                m.name(),
                s.contacts,
                s.missed,
                s.phantom
            )
        })
        .collect();
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
    let side = 48 + 7 * longest;
    let names = boxes.iter().map(|b| b.1.len()).max().unwrap_or(0) as u32;
    let label_area = 16 + 7 * names;
    let height = SIZE.1 + label_area;
    let top = boxes
        .iter()
        .map(|b| b.0 .1[3])
        .fold(1.0, f64::max)
        .min(180.0)
        * 2.0;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (SIZE.0 + side, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (plot, panel) = root.split_horizontally(SIZE.0);
        let mut chart = ChartBuilder::on(&plot)
            .caption(
                "Every contact's normal vs the exact referee (box: median to p90; whisker: p99; dot: max)",
                ("sans-serif", 16),
            )
            .margin(12)
            .x_label_area_size(label_area)
            .y_label_area_size(64)
            .build_cartesian_2d(-0.5f64..n as f64 - 0.5, (FLOOR_DEG..top).log_scale())
            .map_err(|e| e.to_string())?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(0)
            .y_desc("normal error (degrees, log scale)")
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, ((model, [median, p90, p99, max]), _)) in boxes.iter().enumerate() {
            let (c, x) = (rgb(model), i as f64);
            chart
                .draw_series([
                    Rectangle::new([(x - 0.3, *median), (x + 0.3, *p90)], c.filled()),
                    Rectangle::new(
                        [(x - 0.3, *median), (x + 0.3, *median)],
                        BLACK.stroke_width(2),
                    ),
                ])
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(x, *p90), (x, *p99)],
                    c.stroke_width(2),
                )))
                .map_err(|e| e.to_string())?;
            chart
                .draw_series(std::iter::once(Circle::new((x, *max), 4, c.filled())))
                .map_err(|e| e.to_string())?;
            let (px, py) = chart.backend_coord(&(x, FLOOR_DEG));
            let style = TextStyle::from(("sans-serif", 14).into_font())
                .transform(FontTransform::Rotate90)
                .color(&BLACK);
            plot.draw(&Text::new(
                model.name().to_string(),
                (px + 7, py + 8),
                style,
            ))
            .map_err(|e| e.to_string())?;
        }
        for (i, (label, ((model, _), _))) in labels.iter().zip(&boxes).enumerate() {
            let y = 40 + ROW_HEIGHT * i as i32;
            panel
                .draw(&Rectangle::new([(8, y), (20, y + 12)], rgb(model).filled()))
                .map_err(|e| e.to_string())?;
            panel
                .draw(&Text::new(label.clone(), (28, y), ("sans-serif", 13)))
                .map_err(|e| e.to_string())?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}
