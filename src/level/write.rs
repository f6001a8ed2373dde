//! Writing a level back to text.

use super::{BrickKind, Level};

impl Level {
    /// Writes the level in the file format: `@name:`/`@author:` lines if set, then one row per
    /// line, cells separated by one space, a final newline. Plain levels come out in the core
    /// LearnOpenGL format. `Level::parse(&level.to_text(), …)` gives the same level back.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.rows * (self.cols * 2 + 1) + 64);
        if let Some(title) = &self.title {
            out.push_str(&format!("@name: {title}\n"));
        }
        if let Some(author) = &self.author {
            out.push_str(&format!("@author: {author}\n"));
        }
        for (r, row) in self.cells.chunks(self.cols.max(1)).enumerate() {
            let tokens: Vec<String> = row
                .iter()
                .enumerate()
                .map(|(c, cell)| {
                    let mut token = cell.map_or(0, BrickKind::code).to_string();
                    if let Some(extra) = self.extras(r, c) {
                        if extra.hits > 1 {
                            token.push_str(&format!("*{}", extra.hits));
                        }
                        if let Some(p) = extra.powerup {
                            token.push('+');
                            token.push(p.letter());
                        }
                    }
                    token
                })
                .collect();
            out.push_str(&tokens.join(" "));
            out.push('\n');
        }
        out
    }
}
