//! Writing a level back to text.

use super::{BrickArea, Explosion, Level, Ruleset};

impl Level {
    /// Writes the level in the file format: the headers that differ from the defaults
    /// (`@name:`, `@author:`, `@source:`, `@area:`, `@explosion:`, `@scoring:`, `@powerups:`,
    /// `@scatter:`), then one row per
    /// line, cells separated by spaces and padded so columns line up, a final newline. Plain
    /// levels come out in the core LearnOpenGL format. `Level::parse(&level.to_text(), …)` gives
    /// the same level back.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.rows * (self.cols * 2 + 1) + 64);
        let mut header = |key: &str, value: &str| {
            out.push_str(&format!("@{key}: {}\n", one_line(value)));
        };
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
        let cols = self.cols.max(1);
        let tokens: Vec<String> = (0..self.cells.len())
            .map(|i| self.cell_token(i / cols, i % cols))
            .collect();
        let mut widths = vec![0usize; cols];
        for (i, t) in tokens.iter().enumerate() {
            widths[i % cols] = widths[i % cols].max(t.len());
        }
        for row in tokens.chunks(cols) {
            let mut line = String::new();
            for (c, token) in row.iter().enumerate() {
                if c > 0 {
                    line.push(' ');
                }
                line.push_str(&format!("{token:<w$}", w = widths[c]));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    /// The token of one cell: `0`, or the brick's symbol with its `:RRGGBB`, `*N` and `+X`.
    fn cell_token(&self, row: usize, col: usize) -> String {
        let Some(kind) = self.get(row, col) else {
            return "0".to_string();
        };
        let mut token = kind.symbol().to_string();
        if let Some(extra) = self.extras(row, col) {
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
}

/// A header value on one line: line breaks and `#` (which would start a comment) become spaces.
fn one_line(value: &str) -> String {
    value
        .chars()
        .map(|c| if c.is_control() || c == '#' { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}
