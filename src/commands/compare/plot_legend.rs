//! The plots' legend: a framed panel right of the chart, one line per series (its marker in
//! its colour, its label), never over the data whatever the number of series. Used by every
//! plot of `compare` (`plots.rs`, `sweep_plot.rs`).

use plotters::prelude::*;

/// Height of one legend line, pixels.
const ROW_HEIGHT: i32 = 20;

/// About the width of one character of the 14 px labels, pixels.
const CHAR_WIDTH: u32 = 8;

/// The legend panel's width for `labels`, pixels: the marker, the longest label and margins.
pub fn legend_width(labels: &[String]) -> u32 {
    let longest = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) as u32;
    48 + CHAR_WIDTH * longest
}

/// How a legend entry marks its series.
#[derive(Clone, Copy)]
pub enum Marker {
    /// A filled square (bars).
    Square,
    /// A short line (lines).
    Line,
}

/// Draws the legend on `area` (the panel right of the chart): one line per series, its marker in
/// its colour and its label, top to bottom in the series' order, on a framed white panel. Never
/// over the data, whatever the number of series.
pub fn side_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, plotters::coord::Shift>,
    entries: &[(String, RGBColor)],
    marker: Marker,
) -> Result<(), String> {
    let (w, _) = area.dim_in_pixel();
    let top = 48;
    let bottom = top + 10 + ROW_HEIGHT * entries.len() as i32;
    area.draw(&Rectangle::new(
        [(4, top - 8), (w as i32 - 8, bottom)],
        BLACK.stroke_width(1),
    ))
    .map_err(|e| e.to_string())?;
    for (i, (label, c)) in entries.iter().enumerate() {
        let y = top + 6 + ROW_HEIGHT * i as i32;
        match marker {
            Marker::Square => area.draw(&Rectangle::new([(12, y - 5), (26, y + 5)], c.filled())),
            Marker::Line => area.draw(&PathElement::new(vec![(10, y), (28, y)], c.stroke_width(2))),
        }
        .map_err(|e| e.to_string())?;
        let style = ("sans-serif", 14).into_font().color(&BLACK).pos(
            plotters::style::text_anchor::Pos::new(
                plotters::style::text_anchor::HPos::Left,
                plotters::style::text_anchor::VPos::Center,
            ),
        );
        area.draw(&Text::new(label.clone(), (36, y), style))
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
