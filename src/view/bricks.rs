//! How each brick kind looks: which texture layer its body uses, which mark (if any) is drawn
//! over its centre, and whether it shows its hits as pips. Pure functions: no GL here.
//!
//! Every brick sprite goes into the backdrop batch, which is drawn in one instanced call whatever
//! the layers (all textures are layers of one texture array, see [`Layer`]); so the metal body
//! and the marks cost no extra draw call. The marks share one layer, [`Layer::Marks`], an atlas
//! of symbols made by `examples/gen_assets/brick_kinds.rs`: a sprite picks its symbol with its
//! texture rectangle ([`SpriteInstance::i_uv`]), so no shader change was needed.
//!
//! A brick holding a power-up shows that power-up's capsule, the picture a falling one has
//! (from the power-up atlas, more layers of the same array), so which power-up it holds reads
//! at a glance (in a play-test, a glow in the family's colour made C and X the same red blob),
//! where it is shown ([`HeldPowerUps`]): always in the level editor, in play only when the
//! player asks for it (`[video] show_brick_powerups`); by default a brick in play gives nothing
//! away, as in LBreakout2.

use super::powerups;
use super::sprite::{Layer, SpriteInstance};
use crate::assets::powerup_looks::ART_SIZE;
use crate::level::brick_color;
use crate::level::BrickKind;
use crate::sim::{Brick, BrickField};

/// Whether bricks show the power-up they hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeldPowerUps {
    /// Drawn as a brick that holds none (play, by default): no capsule, no badge, the mark in
    /// its usual place.
    Hidden,
    /// The power-up's capsule on the brick (the editor, `breakout preview`, play with
    /// `[video] show_brick_powerups`).
    Shown,
}

impl HeldPowerUps {
    /// `Shown` if `shown` (a setting's value), else `Hidden`.
    pub fn shown_if(shown: bool) -> HeldPowerUps {
        if shown {
            HeldPowerUps::Shown
        } else {
            HeldPowerUps::Hidden
        }
    }
}

/// A symbol of the marks atlas (`textures/brick_marks.png`), drawn over a brick's centre: a
/// fact of the brick kind's row ([`crate::level::BrickKindDef::mark`]).
pub use crate::level::{Mark, MARK_ATLAS_CELLS};

/// The mark's cell of the atlas as a texture rectangle `[u0, v0, u1, v1]` (normalised, origin
/// top-left, v down), for [`SpriteInstance::i_uv`]: cell [`Mark::cell`] of the
/// [`MARK_ATLAS_CELLS`]² grid, row-major.
pub fn mark_uv(mark: Mark) -> [f32; 4] {
    let cell = 1.0 / MARK_ATLAS_CELLS as f32;
    let i = mark.cell();
    let (u, v) = (
        (i % MARK_ATLAS_CELLS) as f32 * cell,
        (i / MARK_ATLAS_CELLS) as f32 * cell,
    );
    [u, v, u + cell, v + cell]
}

/// How a brick kind is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BrickLook {
    /// The texture of its body, tinted by [`brick_color`].
    pub body: Layer,
    /// The symbol drawn over its centre, if any.
    pub mark: Option<Mark>,
    /// True if it always shows its hits left as pips (regenerating bricks, whose hits change);
    /// other kinds show them only when they take more than one hit.
    pub always_pips: bool,
}

/// The look of `kind`: walls the hatched plate ([`Layer::BlockSolid`]), metal and chaotic the
/// riveted plate ([`Layer::BlockMetal`]), every destructible kind the plain block. Its mark
/// (chaotic, explosive, regenerating and growing bricks have one) is its row's, and a kind that
/// regenerates always shows its pips. Invisible and hidden bricks, once revealed, look like
/// plain ones in their own tint.
pub fn look(kind: BrickKind) -> BrickLook {
    let body = match kind {
        BrickKind::Solid => Layer::BlockSolid,
        BrickKind::Metal | BrickKind::Chaotic => Layer::BlockMetal,
        BrickKind::Plain(_)
        | BrickKind::Explosive
        | BrickKind::Regenerating
        | BrickKind::Growing
        | BrickKind::Invisible
        | BrickKind::Hidden => Layer::Block,
    };
    let def = kind.def();
    BrickLook {
        body,
        mark: def.mark,
        always_pips: def.regenerates,
    }
}

/// Largest size of a damage pip, pixels; smaller on flat bricks ([`PIP_HEIGHT_FRACTION`]).
const PIP_SIZE: f32 = 6.0;
/// Largest pip size as a fraction of the brick's height (LBreakout2's 25 px bricks: 5 px).
const PIP_HEIGHT_FRACTION: f32 = 0.2;
/// A mark's side as a fraction of the brick's height, and at most this fraction of its width.
const MARK_HEIGHT_FRACTION: f32 = 0.72;
const MARK_WIDTH_FRACTION: f32 = 0.6;
/// A brick at least this many times as wide as high is flat: its mark and pips sit side by side.
const FLAT: f32 = 2.0;

/// Sprites of one live, visible brick, in draw order: its body (tinted by its kind or its own
/// colour, darker as it takes damage), the capsule of the power-up it holds (from the power-up
/// atlas), its mark (a corner badge if it holds a power-up), and one pip per hit left.
/// `dim` (0–1) multiplies every colour (menus show the level dimmed); `held` says whether the
/// power-up is shown (when hidden, the brick is drawn exactly as one that holds none).
pub fn brick_sprites(out: &mut Vec<SpriteInstance>, brick: &Brick, dim: f32, held: HeldPowerUps) {
    let powerup = brick.powerup.filter(|_| held == HeldPowerUps::Shown);
    let themed = super::theme_look::current().brick(brick.kind, brick.hits_left, brick.hits_total);
    if let Some(slot) = themed {
        super::theme_look::brick_body(out, brick, slot, dim);
        if let Some(kind) = powerup {
            out.push(capsule(brick, kind, false, brick.rect.max.y, dim));
        }
        return;
    }
    let look = look(brick.kind);
    let [r, g, b, a] = brick_color(brick.kind, brick.colour);
    let damage = if brick.hits_total > 1 {
        0.55 + 0.45 * f32::from(brick.hits_left) / f32::from(brick.hits_total)
    } else {
        1.0
    };
    let shade = dim * damage;
    let (min, size) = (brick.rect.min, brick.rect.size());
    out.push(SpriteInstance::new(
        look.body,
        [min.x, min.y, size.x, size.y],
        [r * shade, g * shade, b * shade, a],
    ));
    let centre = brick.rect.center();
    let pips = if look.always_pips || brick.hits_total > 1 {
        brick.hits_left
    } else {
        0
    };
    let pip = PIP_SIZE.min(size.y * PIP_HEIGHT_FRACTION);
    let n = f32::from(pips);
    let pips_width = n * pip * 1.5 - pip * 0.5;
    // The pips' row: along the bottom, clear of the bevel, centred (moved right on a flat brick
    // that also has a mark, to make room for it).
    let pip_y = brick.rect.max.y - pip * 1.6;
    let mut pips_x = centre.x - pips_width / 2.0;
    if let Some(kind) = powerup {
        out.push(capsule(brick, kind, pips > 0, pip_y - pip * 0.2, dim));
    }
    if let Some(mark) = look.mark {
        let mut side = (size.y * MARK_HEIGHT_FRACTION).min(size.x * MARK_WIDTH_FRACTION);
        let (x, y) = if powerup.is_some() {
            // The power-up's capsule has the middle: the mark is a badge in the top right
            // corner, over the capsule's frame at most.
            side = size.y.min(size.x) * MARK_BADGE_FRACTION;
            (brick.rect.max.x - side - 1.0, min.y + 1.0)
        } else if pips == 0 {
            // Centred in the brick.
            (centre.x - side / 2.0, centre.y - side / 2.0)
        } else if size.x >= FLAT * size.y {
            // A flat brick (LBreakout2's): the mark, then the pips beside it at the bottom.
            let gap = pip;
            let left = centre.x - (side + gap + pips_width) / 2.0;
            pips_x = left + side + gap;
            (left, centre.y - side / 2.0)
        } else {
            // Above the pips, centred in the space left.
            let bottom = pip_y - pip * 0.2;
            side = side.min(bottom - min.y);
            (centre.x - side / 2.0, (min.y + bottom - side) / 2.0)
        };
        let mut sprite =
            SpriteInstance::new(Layer::Marks, [x, y, side, side], [dim, dim, dim, 1.0]);
        sprite.i_uv = mark_uv(mark);
        out.push(sprite);
    }
    // White pips, but dark ones on a light body, where white ones barely showed (a white
    // brick of SDL-Ball or LBreakout2 with hits left).
    let luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) * damage;
    let pip_grey = if luminance > LIGHT_BODY {
        DARK_PIP
    } else {
        1.0
    } * dim;
    for i in 0..pips {
        let x = pips_x + f32::from(i) * pip * 1.5;
        out.push(SpriteInstance::new(
            Layer::Ball,
            [x, pip_y, pip, pip],
            [pip_grey, pip_grey, pip_grey, 1.0],
        ));
    }
}

/// The capsule of the power-up `kind` held by `brick`, from the power-up atlas (the picture a
/// falling one shows, so the brick says which power-up it holds, in letters): as wide as
/// [`CAPSULE_WIDTH_FRACTION`] of the brick at most, and as high as [`CAPSULE_HEIGHT_FRACTION`]
/// of the room it has (above the pips, which start at `pips_top`, if `pips`), centred in it.
/// Its dark body, light frame and white letters read on every brick colour. Same texture array
/// as the bricks: no extra draw call.
fn capsule(
    brick: &Brick,
    kind: crate::level::PowerUpKind,
    pips: bool,
    pips_top: f32,
    dim: f32,
) -> SpriteInstance {
    let aspect = ART_SIZE[0] as f32 / ART_SIZE[1] as f32;
    let (top, bottom) = (
        brick.rect.min.y,
        if pips { pips_top } else { brick.rect.max.y },
    );
    let w = (brick.rect.size().x * CAPSULE_WIDTH_FRACTION)
        .min((bottom - top) * CAPSULE_HEIGHT_FRACTION * aspect);
    let h = w / aspect;
    let x = brick.rect.center().x - w / 2.0;
    let mut sprite = powerups::sprite(kind, [x, (top + bottom - h) / 2.0, w, h], 1.0);
    sprite.i_color = [dim, dim, dim, 1.0];
    sprite
}

/// Most of a brick's width a power-up's capsule takes (the rest shows the brick around it).
const CAPSULE_WIDTH_FRACTION: f32 = 0.84;
/// Most of the height left to it (above the pips) a power-up's capsule takes.
const CAPSULE_HEIGHT_FRACTION: f32 = 0.8;
/// A mark's side when the brick also holds a power-up (a corner badge), as a fraction of the
/// brick's smaller side.
const MARK_BADGE_FRACTION: f32 = 0.42;

/// Relative luminance (0–1, of the body's colour as damage shades it) above which a brick's
/// pips are drawn dark ([`DARK_PIP`]) instead of white.
const LIGHT_BODY: f32 = 0.6;
/// Grey level (0–1) of the pips on a light brick.
const DARK_PIP: f32 = 0.15;

/// The sprites of every live, visible brick of `bricks` ([`brick_sprites`]); invisible and
/// hidden bricks are not drawn until their first hit. `held`: whether their power-ups show.
pub fn bricks(out: &mut Vec<SpriteInstance>, bricks: &BrickField, dim: f32, held: HeldPowerUps) {
    for (_, _, brick) in bricks.iter_live().filter(|(_, _, b)| b.visible) {
        brick_sprites(out, brick, dim, held);
    }
}

/// The sprites of every live brick of `bricks`, invisible and hidden ones too, drawn at
/// `unseen_dim` (0–1): the level editor shows the whole grid, and every power-up.
pub fn all_bricks(out: &mut Vec<SpriteInstance>, bricks: &BrickField, unseen_dim: f32) {
    for (_, _, brick) in bricks.iter_live() {
        let dim = if brick.visible { 1.0 } else { unseen_dim };
        brick_sprites(out, brick, dim, HeldPowerUps::Shown);
    }
}

#[cfg(test)]
#[path = "theme_look_tests.rs"]
mod theme_look_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::Aabb;
    use glam::Vec2;

    /// A brick of LearnOpenGL's size (50×37.5 px) or, `flat`, of LBreakout2's (57×25 px).
    fn brick(kind: BrickKind, hits: u8, flat: bool) -> Brick {
        let size = if flat {
            Vec2::new(57.0, 25.0)
        } else {
            Vec2::new(50.0, 37.5)
        };
        Brick::new(
            kind,
            Aabb::from_pos_size(Vec2::new(100.0, 50.0), size),
            hits,
        )
    }

    #[test]
    fn the_lettered_kinds_look_different_from_plain_bricks_and_from_each_other() {
        let kinds = [
            BrickKind::Plain(2),
            BrickKind::Solid,
            BrickKind::Metal,
            BrickKind::Chaotic,
            BrickKind::Explosive,
            BrickKind::Regenerating,
            BrickKind::Growing,
        ];
        let looks: Vec<(Layer, Option<Mark>)> = kinds
            .iter()
            .map(|&k| (look(k).body, look(k).mark))
            .collect();
        for (i, a) in looks.iter().enumerate() {
            for b in &looks[i + 1..] {
                assert_ne!(a, b, "{looks:?}");
            }
        }
    }

    #[test]
    fn marks_are_distinct_cells_of_the_atlas_inside_the_texture() {
        let marks = Mark::ALL;
        for (i, &m) in marks.iter().enumerate() {
            let [u0, v0, u1, v1] = mark_uv(m);
            assert!(0.0 <= u0 && u0 < u1 && u1 <= 1.0 && 0.0 <= v0 && v0 < v1 && v1 <= 1.0);
            for n in &marks[i + 1..] {
                assert_ne!(mark_uv(m), mark_uv(*n));
            }
        }
    }

    #[test]
    fn a_marked_brick_is_body_then_mark_inside_it_and_regenerating_ones_show_pips() {
        for (hits, flat) in (1..=3).flat_map(|h| [(h, false), (h, true)]) {
            let b = brick(BrickKind::Regenerating, hits, flat);
            let mut out = Vec::new();
            brick_sprites(&mut out, &b, 1.0, HeldPowerUps::Shown);
            assert_eq!(out.len(), 2 + hits as usize, "body, mark, one pip per hit");
            assert_eq!(out[0].i_layer, Layer::Block as u32 as f32);
            assert_eq!(out[1].i_layer, Layer::Marks as u32 as f32);
            assert_eq!(out[1].i_uv, mark_uv(Mark::Regenerate));
            let [x, y, w, h] = out[1].i_rect;
            assert!(x >= b.rect.min.x && x + w <= b.rect.max.x, "{:?}", out[1]);
            assert!(y >= b.rect.min.y && y + h <= b.rect.max.y, "{:?}", out[1]);
            for pip in &out[2..] {
                assert_eq!(pip.i_layer, Layer::Ball as u32 as f32);
                let [px, py, pw, ph] = pip.i_rect;
                let (below, beside) = (py >= y + h, px >= x + w);
                assert!(below || (flat && beside), "pips clear of the mark: {out:?}");
                assert!(px >= b.rect.min.x && px + pw <= b.rect.max.x, "{out:?}");
                assert!(py + ph <= b.rect.max.y, "{out:?}");
            }
        }
        // A one-hit explosive brick: no pips, its mark centred.
        let b = brick(BrickKind::Explosive, 1, true);
        let mut out = Vec::new();
        brick_sprites(&mut out, &b, 1.0, HeldPowerUps::Shown);
        assert_eq!(out.len(), 2);
        let [x, y, w, h] = out[1].i_rect;
        let c = b.rect.center();
        assert!((x + w / 2.0 - c.x).abs() < 1e-3 && (y + h / 2.0 - c.y).abs() < 1e-3);
    }

    #[test]
    fn a_brick_holding_a_power_up_shows_its_capsule_inside_above_the_pips_and_the_mark_in_a_corner()
    {
        use crate::level::PowerUpKind;
        for (hits, flat) in (1..=3).flat_map(|h| [(h, false), (h, true)]) {
            let mut b = brick(BrickKind::Regenerating, hits, flat);
            b.powerup = Some(PowerUpKind::Chaos);
            let mut out = Vec::new();
            brick_sprites(&mut out, &b, 1.0, HeldPowerUps::Shown);
            assert_eq!(out.len(), 3 + hits as usize, "body, capsule, mark, pips");
            let capsule = out[1];
            assert_eq!(
                capsule,
                SpriteInstance {
                    i_rect: capsule.i_rect,
                    ..powerups::sprite(PowerUpKind::Chaos, [0.0; 4], 1.0)
                }
            );
            let [x, y, w, h] = capsule.i_rect;
            assert!(x >= b.rect.min.x && x + w <= b.rect.max.x, "{out:?}");
            assert!(
                y >= b.rect.min.y && w > 0.7 * b.rect.size().x.min(60.0),
                "{out:?}"
            );
            let [mx, my, mw, mh] = out[2].i_rect;
            assert_eq!(out[2].i_layer, Layer::Marks as u32 as f32);
            assert!(mx + mw <= b.rect.max.x && my >= b.rect.min.y, "{out:?}");
            assert!(mx >= x + w / 2.0 && my + mh <= b.rect.center().y, "{out:?}");
            for pip in &out[3..] {
                assert!(pip.i_rect[1] >= y + h, "pips below the capsule: {out:?}");
            }
        }
    }

    /// White pips barely showed on white bricks (noticed in session 6): on a light body they
    /// are dark, on a dark one white.
    #[test]
    fn pips_contrast_with_the_body() {
        let pip_grey = |colour: [u8; 3]| {
            let mut b = brick(BrickKind::Plain(2), 3, false);
            b.colour = Some(colour);
            let mut out = Vec::new();
            brick_sprites(&mut out, &b, 1.0, HeldPowerUps::Shown);
            let pips: Vec<_> = out
                .iter()
                .filter(|s| s.i_layer == Layer::Ball as u32 as f32)
                .collect();
            assert_eq!(pips.len(), 3, "one pip per hit: {out:?}");
            pips[0].i_color[0]
        };
        assert!(pip_grey([0xff, 0xff, 0xff]) < 0.3, "dark pips on white");
        assert!(pip_grey([0xff, 0xff, 0x00]) < 0.3, "dark pips on yellow");
        assert!(pip_grey([0x00, 0x00, 0xff]) > 0.9, "white pips on blue");
        assert!(
            pip_grey([0x33, 0x39, 0x59]) > 0.9,
            "white pips on dark grey-blue"
        );
    }

    #[test]
    fn own_colour_tints_the_body() {
        let mut b = brick(BrickKind::Explosive, 1, false);
        b.colour = Some([255, 0, 128]);
        let mut out = Vec::new();
        brick_sprites(&mut out, &b, 1.0, HeldPowerUps::Shown);
        assert_eq!(out[0].i_color, [1.0, 0.0, 128.0 / 255.0, 1.0]);
    }

    /// Hidden (play's default), a brick holding a power-up gives out the very sprites of the
    /// same brick holding none: no capsule, no badge, its mark where it always is.
    #[test]
    fn a_hidden_power_up_leaves_the_brick_as_one_holding_none() {
        use crate::level::PowerUpKind;
        for (kind, hits, flat) in [
            (BrickKind::Plain(3), 1, false),
            (BrickKind::Explosive, 1, true),
            (BrickKind::Regenerating, 2, false),
        ] {
            let plain = brick(kind, hits, flat);
            let mut holding = plain;
            holding.powerup = Some(PowerUpKind::Multiball);
            let sprites = |b: &Brick, held| {
                let mut out = Vec::new();
                brick_sprites(&mut out, b, 1.0, held);
                out
            };
            assert_eq!(
                sprites(&holding, HeldPowerUps::Hidden),
                sprites(&plain, HeldPowerUps::Hidden),
                "{kind:?}"
            );
            assert_ne!(
                sprites(&holding, HeldPowerUps::Shown),
                sprites(&plain, HeldPowerUps::Shown),
                "{kind:?}"
            );
        }
    }
}
