//! Writing a level back to text.

use super::brick_kinds::BrickKind;
use super::types::{BrickArea, CellExtras, Explosion, Level, Ruleset};

impl Level {
    /// Writes the level in the file format: the headers that differ from the defaults
    /// (`@name:`, `@author:`, `@source:`, `@area:`, `@explosion:`, `@scoring:`, `@powerups:`,
    /// `@scatter:`, `@type:`), then one row per
    /// line, cells separated by spaces and padded so columns line up, a final newline. Plain
    /// levels come out in the core LearnOpenGL format. `Level::parse(&level.to_text(), …)` gives
    /// the same level back.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.rows * (self.cols * 2 + 1) + 64);
        for (key, value) in self.header_lines() {
            out.push_str(&format!("@{key}: {value}\n"));
        }
        for row in self.row_lines() {
            out.push_str(&row);
            out.push('\n');
        }
        out
    }

    /// The headers [`Level::to_text`] writes, in its order, as (key without `@`, value on one
    /// line): only those that differ from the defaults.
    pub fn header_lines(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        let mut header = |key: &'static str, value: &str| out.push((key, one_line(value)));
        if let Some(title) = &self.title {
            header("name", title);
        }
        if let Some(author) = &self.author {
            header("author", author);
        }
        if let Some(source) = &self.source {
            header("source", source);
        }
        if let Some(BrickArea {
            left,
            top,
            width,
            height,
        }) = self.area
        {
            header("area", &format!("{left} {top} {width} {height}"));
        }
        if self.explosion != Explosion::default() {
            header("explosion", "cross");
        }
        if self.scoring != Ruleset::default() {
            header("scoring", self.scoring.name());
        }
        if self.powerup_rules != Ruleset::default() {
            header("powerups", self.powerup_rules.name());
        }
        if !self.scatter.is_empty() {
            let items: Vec<String> = self
                .scatter
                .iter()
                .map(|(kind, n)| format!("{} {n}", kind.name()))
                .collect();
            header("scatter", &items.join(", "));
        }
        if !self.level_type.is_bricks() {
            header("type", self.level_type.name());
        }
        out
    }

    /// The grid as [`Level::to_text`] writes it: one line per row (no line break), cells
    /// separated by spaces and padded so that columns line up, no trailing whitespace.
    pub fn row_lines(&self) -> Vec<String> {
        let cols = self.cols.max(1);
        let tokens: Vec<String> = (0..self.cells.len())
            .map(|i| self.cell_token(i / cols, i % cols))
            .collect();
        let mut widths = vec![0usize; cols];
        for (i, t) in tokens.iter().enumerate() {
            widths[i % cols] = widths[i % cols].max(t.len());
        }
        tokens
            .chunks(cols)
            .map(|row| {
                let mut line = String::new();
                for (c, token) in row.iter().enumerate() {
                    if c > 0 {
                        line.push(' ');
                    }
                    line.push_str(&format!("{token:<w$}", w = widths[c]));
                }
                line.trim_end().to_string()
            })
            .collect()
    }

    /// The token of one cell: `0`, or [`cell_token`] of its brick.
    fn cell_token(&self, row: usize, col: usize) -> String {
        match self.get(row, col) {
            Some(kind) => cell_token(kind, self.extras(row, col)),
            None => "0".to_string(),
        }
    }
}

/// How a level file writes a brick of `kind` with `extras`: its symbol, then its `:RRGGBB`,
/// its `*N` (when not the kind's default) and its `+X` power-up or `+N%` roll (`3*2+W`).
pub fn cell_token(kind: BrickKind, extras: Option<&CellExtras>) -> String {
    let mut token = kind.symbol().to_string();
    if let Some(extra) = extras {
        if let Some([r, g, b]) = extra.colour {
            token.push_str(&format!(":{r:02x}{g:02x}{b:02x}"));
        }
        if extra.hits != kind.default_hits() {
            token.push_str(&format!("*{}", extra.hits));
        }
        if let Some(p) = extra.powerup {
            token.push('+');
            token.push_str(&p.token());
        }
        if let Some(roll) = extra.roll {
            token.push('+');
            token.push_str(&roll.token());
        }
    }
    token
}

/// A header value as a level file can hold it, on one line: control characters (line breaks)
/// and `#` (which would start a comment) become spaces; trimmed.
pub fn one_line(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() || c == '#' { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}
