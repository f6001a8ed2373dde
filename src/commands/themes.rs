//! `breakout themes`: every theme found, one line each (name, title, where from), each loaded
//! so that what cannot be read is listed under it.

use crate::assets::theme::{themes, Theme};
use std::io::Write;
use std::process::ExitCode;

/// Writes the list to `out`; success whatever the themes' problems (they are listed).
pub fn list(out: &mut impl Write) -> ExitCode {
    for info in themes() {
        let theme = Theme::load(&info);
        let _ = writeln!(
            out,
            "{:<26} {:<28} {}",
            info.name,
            info.title,
            info.source.describe()
        );
        for problem in theme.problems() {
            let _ = writeln!(out, "    problem: {problem}");
        }
    }
    ExitCode::SUCCESS
}
