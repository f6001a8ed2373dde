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
