//! How each power-up looks and sounds: one row per kind (its name, the short label on its
//! capsule, its family), and where its picture is in the power-up atlas (`textures/powerups.png`).
//!
//! **Adding a power-up** to the presentation means one row here (in [`PowerUpKind`] order) and
//! re-running `cargo run --release --example gen_assets`, which draws the atlas from this very
//! file (it includes it with `#[path]`, so this file uses nothing of the crate: plain data and
//! `core` only). The family picks the capsule's frame colour and the sound played when it is
//! caught; the bad family (red frame, warning triangle) is exactly the simulation's bad
//! power-ups (a unit test checks it against `sim::powerups::is_bad`).
//!
//! [`PowerUpKind`]: crate::level::PowerUpKind

/// What a power-up is about, for its frame colour and its sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Score and lives: points, gold shower, extra life. Green frame.
    Points,
    /// The paddle: wider, sticky, weapon, magnet. Teal frame.
    Paddle,
    /// The balls: speed, size, kind, more balls, aim. Azure frame.
    Ball,
    /// The bricks and the field: floor, bombs, easy bricks, joker, next level. Blue frame.
    Field,
    /// Anything that hinders the player. Red frame and a warning triangle.
    Bad,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 5] = [
        Family::Points,
        Family::Paddle,
        Family::Ball,
        Family::Field,
        Family::Bad,
    ];

    /// The capsule's frame colour, linear RGB 0–1 (also the HUD's colour for the family).
    pub const fn frame_rgb(self) -> [f32; 3] {
        match self {
            Family::Points => [0.30, 0.85, 0.25],
            Family::Paddle => [0.10, 0.80, 0.70],
            Family::Ball => [0.25, 0.60, 1.00],
            Family::Field => [0.50, 0.50, 1.00],
            Family::Bad => [0.95, 0.18, 0.12],
        }
    }

    /// The sound played when a power-up of the family is caught: a file under `audio/`.
    pub const fn sound_file(self) -> &'static str {
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
    /// The kind's name, as `PowerUpKind::name` writes it (checked by a unit test).
    pub name: &'static str,
    /// The text on its capsule and in the HUD, capitals: at most [`MAX_LABEL`] characters, one
    /// fewer for the bad family (its warning triangle takes the room).
    pub label: &'static str,
    /// Its family.
    pub family: Family,
}

/// Longest label, characters (the capsule holds 7 of the 8×8 font's glyphs, 7 px apart).
pub const MAX_LABEL: usize = 7;

const fn look(name: &'static str, label: &'static str, family: Family) -> Look {
    Look {
        name,
        label,
        family,
    }
}

use Family::{Bad, Ball, Field, Paddle, Points};

/// Every power-up's look, in the order of `PowerUpKind::ALL` (the row's index is the kind's).
pub const LOOKS: [Look; 48] = [
    look("speed", "SPEED", Ball),
    look("sticky", "STICKY", Paddle),
    look("pass-through", "PASS", Ball),
    look("pad-size", "WIDE", Paddle),
    look("confuse", "FLIP", Bad),
    look("chaos", "CHAOS", Bad),
    look("multiball", "MULTI", Ball),
    look("extra-life", "+LIFE", Points),
    look("points-100", "+100", Points),
    look("points-200", "+200", Points),
    look("points-500", "+500", Points),
    look("points-1000", "+1000", Points),
    look("points-2000", "+2000", Points),
    look("points-5000", "+5000", Points),
    look("points-10000", "+10000", Points),
    look("gold-shower", "GOLD", Points),
    look("shrink", "SHRINK", Bad),
    look("frozen", "FROZEN", Bad),
    look("ghost", "GHOST", Bad),
    look("weapon", "WEAPON", Paddle),
    look("bonus-magnet", "MAGNET", Paddle),
    look("malus-magnet", "MAGNET", Bad),
    look("aim-helper", "AIM", Ball),
    look("aim-sticky", "AIM+STK", Paddle),
    look("fast", "FAST", Bad),
    look("slow", "SLOW", Ball),
    look("energy-ball", "ENERGY", Ball),
    look("explosive-ball", "FIRE", Ball),
    look("weak-ball", "WEAK", Bad),
    look("big-ball", "BIG", Ball),
    look("normal-ball", "NORMAL", Ball),
    look("small-ball", "SMALL", Bad),
    look("chaotic-ball", "ZIGZAG", Bad),
    look("extra-ball", "+BALL", Ball),
    look("bonus-floor", "FLOOR", Field),
    look("darkness", "DARK", Bad),
    look("board-drop", "DROP", Bad),
    look("detonate", "BOOM", Field),
    look("explosive-grow", "BOMBS+", Field),
    look("easy-bricks", "EASY", Field),
    look("magic-eye", "REVEAL", Field),
    look("magic-wand", "WAND", Field),
    look("lose-life", "-LIFE", Bad),
    look("next-level", "NEXT", Field),
    look("joker", "JOKER", Field),
    look("reset", "RESET", Bad),
    look("time-add", "+TIME", Field),
    look("random", "?", Field),
];

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
pub const ATLAS_LAYERS: u32 = (LOOKS.len() as u32).div_ceil(CELL_COLUMNS * CELL_ROWS);

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
