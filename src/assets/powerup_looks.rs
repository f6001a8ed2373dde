//! How each power-up looks and sounds: the short label on its capsule, one match arm per kind
//! ([`label`]), its family's frame colour and sound ([`FamilyLook`]), and where its picture is in
//! the power-up atlas (`textures/powerups.png`). The family itself is a fact of the power-up
//! ([`crate::level::PowerUpDef::family`]).
//!
//! **Adding a power-up** to the presentation means one arm of [`label`] and re-running
//! `cargo run --release --example gen_assets`, which draws the atlas from this file.

use crate::level::{Family, PowerUpKind};

/// A family's presentation: the capsule's frame colour and the sound of a caught power-up.
pub trait FamilyLook {
    /// The capsule's frame colour, linear RGB 0–1 (also the HUD's colour for the family):
    /// green points, teal paddle, azure ball, blue field, red for the bad ones (which also carry
    /// a warning triangle).
    fn frame_rgb(self) -> [f32; 3];
    /// The sound played when a power-up of the family is caught: a file under `audio/`.
    fn sound_file(self) -> &'static str;
}

impl FamilyLook for Family {
    fn frame_rgb(self) -> [f32; 3] {
        match self {
            Family::Points => [0.30, 0.85, 0.25],
            Family::Paddle => [0.10, 0.80, 0.70],
            Family::Ball => [0.25, 0.60, 1.00],
            Family::Field => [0.50, 0.50, 1.00],
            Family::Bad => [0.95, 0.18, 0.12],
        }
    }

    fn sound_file(self) -> &'static str {
        match self {
            Family::Points => "powerup_points.wav",
            Family::Paddle => "powerup_paddle.wav",
            Family::Ball => "powerup_ball.wav",
            Family::Field => "powerup_field.wav",
            Family::Bad => "powerup_bad.wav",
        }
    }
}

/// One power-up's presentation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    /// The text on its capsule and in the HUD, capitals: at most [`MAX_LABEL`] characters, one
    /// fewer for the bad family (its warning triangle takes the room).
    pub label: &'static str,
    /// Its family ([`PowerUpKind::family`]).
    pub family: Family,
}

/// Longest label, characters (the capsule holds 7 of the 8×8 font's glyphs, 7 px apart).
pub const MAX_LABEL: usize = 7;

/// How `kind` looks: its label and family.
pub const fn look(kind: PowerUpKind) -> Look {
    Look {
        label: label(kind),
        family: kind.family(),
    }
}

/// The text on `kind`'s capsule and in the HUD (see [`Look::label`]).
pub const fn label(kind: PowerUpKind) -> &'static str {
    use PowerUpKind as K;
    match kind {
        K::Speed => "SPEED",
        K::Sticky => "STICKY",
        K::PassThrough => "PASS",
        K::PadSizeIncrease => "WIDE",
        K::Confuse => "FLIP",
        K::Chaos => "CHAOS",
        K::Multiball => "MULTI",
        K::ExtraLife => "+LIFE",
        K::Points100 => "+100",
        K::Points200 => "+200",
        K::Points500 => "+500",
        K::Points1000 => "+1000",
        K::Points2000 => "+2000",
        K::Points5000 => "+5000",
        K::Points10000 => "+10000",
        K::GoldShower => "GOLD",
        K::Shrink => "SHRINK",
        K::Frozen => "FROZEN",
        K::Ghost => "GHOST",
        K::Weapon => "WEAPON",
        K::BonusMagnet => "MAGNET",
        K::MalusMagnet => "MAGNET",
        K::AimHelper => "AIM",
        K::AimSticky => "AIM+STK",
        K::Fast => "FAST",
        K::Slow => "SLOW",
        K::EnergyBall => "ENERGY",
        K::ExplosiveBall => "FIRE",
        K::WeakBall => "WEAK",
        K::BigBall => "BIG",
        K::NormalBall => "NORMAL",
        K::SmallBall => "SMALL",
        K::ChaoticBall => "ZIGZAG",
        K::ExtraBall => "+BALL",
        K::BonusFloor => "FLOOR",
        K::Darkness => "DARK",
        K::BoardDrop => "DROP",
        K::Detonate => "BOOM",
        K::ExplosiveGrow => "BOMBS+",
        K::EasyBricks => "EASY",
        K::MagicEye => "REVEAL",
        K::MagicWand => "WAND",
        K::LoseLife => "-LIFE",
        K::NextLevel => "NEXT",
        K::Joker => "JOKER",
        K::Reset => "RESET",
        K::TimeAdd => "+TIME",
        K::Random => "?",
    }
}

/// Size of a power-up's picture in the atlas, pixels (twice the 60×20 px of a falling one, a
/// little flatter so a margin fits).
pub const ART_SIZE: [u32; 2] = [120, 38];
/// Size of an atlas cell, pixels: the picture and a transparent margin around it (4 px left and
/// right, 2 px above and below), so mipmaps do not bleed between cells.
pub const CELL_SIZE: [u32; 2] = [128, 42];
/// Cells per atlas layer: 2 columns × 6 rows of a 256×256 layer.
pub const CELL_COLUMNS: u32 = 2;
/// Rows of cells per atlas layer.
pub const CELL_ROWS: u32 = 6;
/// Edge of an atlas layer, pixels (every texture-array layer is this square).
pub const LAYER_EDGE: u32 = 256;
/// Layers the atlas needs: `textures/powerups.png` is `LAYER_EDGE` wide and `LAYER_EDGE` ×
/// this high, one layer under the other.
pub const ATLAS_LAYERS: u32 = (PowerUpKind::ALL.len() as u32).div_ceil(CELL_COLUMNS * CELL_ROWS);

/// Where the picture of the power-up of index `index` is: its atlas layer (0-based) and the
/// top-left corner of its picture in that layer, pixels.
pub const fn art_origin(index: usize) -> (u32, [u32; 2]) {
    let per_layer = CELL_COLUMNS * CELL_ROWS;
    let i = index as u32;
    let (layer, cell) = (i / per_layer, i % per_layer);
    let (col, row) = (cell % CELL_COLUMNS, cell / CELL_COLUMNS);
    let margin = [
        (CELL_SIZE[0] - ART_SIZE[0]) / 2,
        (CELL_SIZE[1] - ART_SIZE[1]) / 2,
    ];
    (
        layer,
        [
            col * CELL_SIZE[0] + margin[0],
            row * CELL_SIZE[1] + margin[1],
        ],
    )
}

/// Width of a capsule's frame (outline and lit rim), art pixels: the dark body inside it holds
/// the label.
pub const FRAME_WIDTH: f64 = 5.5;
/// The bad family's warning triangle: left edge, width, top and bottom, art pixels (the label
/// starts right of it).
pub const WARNING_TRIANGLE: [f64; 4] = [6.0, 19.0, 7.0, 31.0];
/// Widest a label's glyphs are drawn: the 8×8 font at twice its size, art pixels per font
/// pixel (labels too long for it are drawn smaller, [`label_layout`]).
pub const LABEL_SCALE: f64 = 2.0;
/// Least distance between a label's box (its shadow included) and the capsule's frame or the
/// warning triangle, art pixels.
pub const LABEL_MARGIN: f64 = 1.0;

/// Signed distance from the art point `p` (pixels, origin top-left) to the edge of a capsule's
/// dark body, inside its frame: negative inside. The capsule is a stadium as high as the
/// picture, with round ends.
pub fn body_distance(p: [f64; 2]) -> f64 {
    let [w, h] = ART_SIZE.map(f64::from);
    let r = h / 2.0;
    let x = p[0].clamp(r, w - r);
    ((p[0] - x).powi(2) + (p[1] - r).powi(2)).sqrt() - (r - FRAME_WIDTH)
}

/// Where a label is drawn on its capsule, art pixels: the top-left of its first glyph's 8×8
/// cell and the art pixels per font pixel. Glyphs are 7 font pixels apart; a shadow is drawn
/// `scale` pixels down and right of the text.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LabelLayout {
    /// Left edge of the first glyph, art pixels.
    pub left: f64,
    /// Top of the glyphs, art pixels.
    pub top: f64,
    /// Art pixels per font pixel ([`LABEL_SCALE`] or less).
    pub scale: f64,
}

impl LabelLayout {
    /// The box the label's glyphs and their shadow cover, art pixels: x, y of the top-left
    /// corner, width, height (`chars` glyphs).
    pub fn text_box(&self, chars: usize) -> [f64; 4] {
        let s = self.scale;
        let width = (7.0 * chars as f64 - 1.0) * s;
        [self.left, self.top, width + s, 8.0 * s + s]
    }
}

/// How `look`'s label is laid out on its capsule: as large as fits (at most [`LABEL_SCALE`]),
/// its box (shadow included) at least [`LABEL_MARGIN`] inside the capsule's body and right of
/// a bad one's warning triangle, centred vertically and in the room left to it across. A long
/// label next to the triangle ("SHRINK") is drawn a little smaller rather than into the
/// capsule's round end.
pub fn label_layout(look: &Look) -> LabelLayout {
    let [w, h] = ART_SIZE.map(f64::from);
    let r = h / 2.0;
    let chars = look.label.chars().count().max(1);
    let bad = look.family == Family::Bad;
    let mut scale = LABEL_SCALE;
    loop {
        let probe = LabelLayout {
            left: 0.0,
            top: 0.0,
            scale,
        };
        let [_, _, bw, bh] = probe.text_box(chars);
        let top = ((h - bh) / 2.0).round();
        // How far the body reaches across at the box's top and bottom rows (the farther one
        // from the middle), less the margin.
        let dy = (top - r).abs().max((top + bh - r).abs());
        let half = ((r - FRAME_WIDTH - LABEL_MARGIN).powi(2) - dy * dy)
            .max(0.0)
            .sqrt();
        let mut x_min = r - half;
        if bad {
            let [x0, tw, ..] = WARNING_TRIANGLE;
            x_min = x_min.max(x0 + tw + LABEL_MARGIN);
        }
        let x_max = w - r + half;
        if bw <= x_max - x_min || scale <= 0.5 {
            // Centred; on a whole pixel where that stays in the room (sharper glyphs).
            let centred = x_min + (x_max - x_min - bw) / 2.0;
            let whole = centred.round();
            let left = if whole >= x_min && whole + bw <= x_max {
                whole
            } else {
                centred
            };
            return LabelLayout { left, top, scale };
        }
        scale -= 0.05;
    }
}
