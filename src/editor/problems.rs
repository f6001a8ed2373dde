//! The problems `breakout check` finds in a level being edited, each on the cell it is about.

use super::grid::Cell;
use crate::level::Level;

/// How bad a problem is, as `breakout check` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    /// The level plays, but probably not as its author meant (`warning:`).
    Warning,
    /// The level cannot be played or cleared; `check` fails.
    Error,
}

/// One problem `breakout check` finds in the level as edited now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The brick it is about, or `None` for the level as a whole.
    pub cell: Option<Cell>,
    /// Error or warning.
    pub severity: Severity,
    /// `check`'s message, without its `warning:`/`error:` prefix.
    pub message: String,
}

/// The problems `breakout check` finds in level `text` ([`Level::check_text`]), each on the
/// cell its line and column point at.
pub fn problems_of(text: &str, name: &str) -> Vec<Problem> {
    let (checked, read_errors) = Level::salvage(text, name);
    let cols = checked.level.cols.max(1);
    let cell_at = |line: usize, column: usize| {
        checked
            .positions
            .iter()
            .position(|&p| p == (line, column))
            .map(|i| (i / cols, i % cols))
    };
    if !read_errors.is_empty() {
        // A cell that cannot be read is on its (empty) cell; saving after a change writes it
        // empty.
        return read_errors
            .into_iter()
            .map(|d| Problem {
                cell: cell_at(d.line, d.column),
                severity: Severity::Error,
                message: match cell_at(d.line, d.column) {
                    Some(_) => format!(
                        "{} (shown empty; saved empty once the grid changes)",
                        d.message
                    ),
                    None => d.message,
                },
            })
            .collect();
    }
    let mut out: Vec<Problem> = checked
        .errors
        .into_iter()
        .map(|d| Problem {
            cell: None,
            severity: Severity::Error,
            message: d.message,
        })
        .collect();
    for d in checked.warnings {
        let (severity, message) = if let Some(m) = d.message.strip_prefix("error: ") {
            (Severity::Error, m.to_string())
        } else {
            let m = d.message.strip_prefix("warning: ").unwrap_or(&d.message);
            (Severity::Warning, m.to_string())
        };
        out.push(Problem {
            cell: cell_at(d.line, d.column),
            severity,
            message,
        });
    }
    out
}
