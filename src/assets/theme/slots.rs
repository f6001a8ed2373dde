//! The pieces a theme can supply: one image per [`ThemeBrick`] slot (how a brick looks, by kind
//! and hits left), the ball, the paddle and the background. A slot the theme lacks is drawn the
//! built-in way (a tinted body, see `view::bricks`).

use crate::level::BrickKind;

/// Side of the theme brick atlas, pixels (one texture-array layer).
pub const ATLAS_SIZE: u32 = 256;
/// Cells across the theme brick atlas.
pub const ATLAS_COLUMNS: u32 = 4;
/// Cells down the theme brick atlas.
pub const ATLAS_ROWS: u32 = 8;
/// Width of one brick cell of the atlas, pixels (a 2:1 brick, like LBreakout2's 40×20).
pub const CELL_WIDTH: u32 = ATLAS_SIZE / ATLAS_COLUMNS;
/// Height of one brick cell of the atlas, pixels.
pub const CELL_HEIGHT: u32 = ATLAS_SIZE / ATLAS_ROWS;

/// How a brick is drawn by a theme: one image each. The strong and regenerating steps are
/// LBreakout2's `a`/`b`/`c` and `x`/`y`/`z` pictures (`brick_conv_table`, `game/bricks.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThemeBrick {
    /// A wall ([`BrickKind::Solid`]).
    Solid,
    /// [`BrickKind::Metal`].
    Metal,
    /// [`BrickKind::Chaotic`].
    Chaotic,
    /// [`BrickKind::Explosive`].
    Explosive,
    /// [`BrickKind::Growing`].
    Growing,
    /// [`BrickKind::Invisible`] once revealed.
    Invisible,
    /// [`BrickKind::Hidden`] once revealed.
    Hidden,
    /// A one-hit plain brick of digit 2–9 ([`BrickKind::Plain`]).
    Plain(u8),
    /// A plain brick that takes several hits, by hits left (1–3; more shows as 3).
    Strong(u8),
    /// [`BrickKind::Regenerating`], by hits left (1–3).
    Regenerating(u8),
}

impl ThemeBrick {
    /// Every slot, in atlas order (cell `i` of the atlas, row-major, is `ALL[i]`).
    pub const ALL: [ThemeBrick; 21] = [
        ThemeBrick::Solid,
        ThemeBrick::Metal,
        ThemeBrick::Chaotic,
        ThemeBrick::Explosive,
        ThemeBrick::Growing,
        ThemeBrick::Invisible,
        ThemeBrick::Hidden,
        ThemeBrick::Plain(2),
        ThemeBrick::Plain(3),
        ThemeBrick::Plain(4),
        ThemeBrick::Plain(5),
        ThemeBrick::Plain(6),
        ThemeBrick::Plain(7),
        ThemeBrick::Plain(8),
        ThemeBrick::Plain(9),
        ThemeBrick::Strong(1),
        ThemeBrick::Strong(2),
        ThemeBrick::Strong(3),
        ThemeBrick::Regenerating(1),
        ThemeBrick::Regenerating(2),
        ThemeBrick::Regenerating(3),
    ];

    /// The slot of a brick of `kind` with `hits_left` of `hits_total`.
    pub fn of(kind: BrickKind, hits_left: u8, hits_total: u8) -> ThemeBrick {
        let step = hits_left.clamp(1, 3);
        match kind {
            BrickKind::Solid => ThemeBrick::Solid,
            BrickKind::Metal => ThemeBrick::Metal,
            BrickKind::Chaotic => ThemeBrick::Chaotic,
            BrickKind::Explosive => ThemeBrick::Explosive,
            BrickKind::Growing => ThemeBrick::Growing,
            BrickKind::Invisible => ThemeBrick::Invisible,
            BrickKind::Hidden => ThemeBrick::Hidden,
            BrickKind::Regenerating => ThemeBrick::Regenerating(step),
            BrickKind::Plain(_) if hits_total > 1 => ThemeBrick::Strong(step),
            BrickKind::Plain(digit) => ThemeBrick::Plain(digit.clamp(2, 9)),
        }
    }

    /// Index of this slot in [`Self::ALL`] (its atlas cell).
    pub fn index(self) -> usize {
        Self::ALL.iter().position(|s| *s == self).unwrap_or(0)
    }

    /// The slot's cell of the atlas as a texture rectangle `[u0, v0, u1, v1]` (normalised,
    /// origin top-left).
    pub fn uv(self) -> [f32; 4] {
        let i = self.index() as u32;
        let (col, row) = (i % ATLAS_COLUMNS, i / ATLAS_COLUMNS);
        let (w, h) = (1.0 / ATLAS_COLUMNS as f32, 1.0 / ATLAS_ROWS as f32);
        let (u, v) = (col as f32 * w, row as f32 * h);
        [u, v, u + w, v + h]
    }

    /// The file name of this slot in a player's theme directory (`textures/bricks/<name>.png`).
    pub fn file_name(self) -> String {
        match self {
            ThemeBrick::Solid => "solid".into(),
            ThemeBrick::Metal => "metal".into(),
            ThemeBrick::Chaotic => "chaotic".into(),
            ThemeBrick::Explosive => "explosive".into(),
            ThemeBrick::Growing => "growing".into(),
            ThemeBrick::Invisible => "invisible".into(),
            ThemeBrick::Hidden => "hidden".into(),
            ThemeBrick::Plain(d) => format!("plain{d}"),
            ThemeBrick::Strong(h) => format!("strong{h}"),
            ThemeBrick::Regenerating(h) => format!("regenerating{h}"),
        }
    }
}

/// Which pieces a theme supplies (the rest are the built-in ones): what the view needs to know
/// to draw a brick, the ball and the paddle from the theme's images, untinted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ThemeLook {
    /// One flag per [`ThemeBrick::ALL`] slot: the theme has an image for it.
    pub bricks: [bool; ThemeBrick::ALL.len()],
    /// The theme has its own ball.
    pub ball: bool,
    /// The theme has its own paddle.
    pub paddle: bool,
    /// The theme has its own background.
    pub background: bool,
}

impl ThemeLook {
    /// The slot a brick is drawn from, if this theme has an image for it.
    pub fn brick(&self, kind: BrickKind, hits_left: u8, hits_total: u8) -> Option<ThemeBrick> {
        let slot = ThemeBrick::of(kind, hits_left, hits_total);
        self.bricks[slot.index()].then_some(slot)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_has_its_own_cell_and_file() {
        assert!(ThemeBrick::ALL.len() as u32 <= ATLAS_COLUMNS * ATLAS_ROWS);
        for (i, slot) in ThemeBrick::ALL.iter().enumerate() {
            assert_eq!(slot.index(), i);
            for other in &ThemeBrick::ALL[i + 1..] {
                assert_ne!(slot.file_name(), other.file_name());
                assert_ne!(slot.uv(), other.uv());
            }
        }
    }

    #[test]
    fn strong_and_regenerating_bricks_show_their_hits() {
        assert_eq!(
            ThemeBrick::of(BrickKind::Plain(9), 2, 3),
            ThemeBrick::Strong(2)
        );
        assert_eq!(
            ThemeBrick::of(BrickKind::Plain(9), 1, 1),
            ThemeBrick::Plain(9)
        );
        assert_eq!(
            ThemeBrick::of(BrickKind::Regenerating, 7, 9),
            ThemeBrick::Regenerating(3)
        );
    }
}
