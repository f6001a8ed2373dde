//! How the power-ups and what they do are drawn, as sprites (no GL here): falling capsules from
//! the power-up atlas, the weapon's shots, the bonus floor, the ghost paddle's outline, the aim
//! helper's path (a brick's capsule, [`sprite`] too, is drawn by [`super::bricks`]). Everything
//! else goes into the world batch (one instanced draw call whatever the
//! number; the atlas and the plain white cell of the font are layers of the same texture array).
//! Per-kind looks come from one table, [`crate::assets::powerup_looks`].
//!
//! Coordinates are playfield pixels (origin top-left, y down); colours linear RGBA.

use super::debug_overlay::{bounce_path, dotted};
use super::sprite::{Layer, SpriteInstance};
use super::text::panel;
use crate::assets::powerup_look;
use crate::assets::powerup_looks::{art_origin, FamilyLook, ART_SIZE, LAYER_EDGE};
use crate::level::PowerUpKind;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::powerups::{BONUS_FLOOR_Y, POWERUP_SIZE, SHOT_SIZE};
use crate::sim::Game;

/// Colour of the weapon's shots: a hot yellow core.
pub const SHOT_COLOR: [f32; 4] = [1.0, 0.9, 0.3, 1.0];
/// Colour of the bonus floor's bar.
pub const FLOOR_COLOR: [f32; 4] = [0.3, 0.95, 1.0, 0.9];
/// Height of the bonus floor's bar, pixels, from [`BONUS_FLOOR_Y`] down.
pub const FLOOR_HEIGHT: f32 = 3.0;
/// Alpha of the ghost paddle's body (its outline is drawn at [`GHOST_OUTLINE_ALPHA`]).
pub const GHOST_ALPHA: f32 = 0.15;
/// Alpha of the ghost paddle's 1 px outline.
pub const GHOST_OUTLINE_ALPHA: f32 = 0.6;
/// Colour of the aim helper's dotted path.
pub const AIM_COLOR: [f32; 4] = [0.6, 1.0, 0.6, 0.6];
/// How far ahead the aim helper shows the path, pixels, and at most how many bounces.
pub const AIM_LENGTH: f32 = 900.0;
/// Most bounces the aim helper's path shows.
pub const AIM_BOUNCES: usize = 3;

/// The frame colour of `kind`'s family, linear RGBA.
pub fn color(kind: PowerUpKind) -> [f32; 4] {
    let [r, g, b] = powerup_look(kind).family.frame_rgb();
    [r, g, b, 1.0]
}

/// A sprite showing `kind`'s capsule from the atlas in `rect` (x, y, w, h), untinted but for
/// `alpha`.
pub fn sprite(kind: PowerUpKind, rect: [f32; 4], alpha: f32) -> SpriteInstance {
    let (layer, [x, y]) = art_origin(kind as usize);
    let s = LAYER_EDGE as f32;
    let mut sprite = SpriteInstance::new(Layer::PowerUps, rect, [1.0, 1.0, 1.0, alpha]);
    sprite.i_layer = (Layer::PowerUps as u32 + layer) as f32;
    sprite.i_uv = [
        x as f32 / s,
        y as f32 / s,
        (x + ART_SIZE[0]) as f32 / s,
        (y + ART_SIZE[1]) as f32 / s,
    ];
    sprite
}

/// The falling power-ups of `game` at `alpha` ∈ [0, 1] between their last two positions.
pub fn falling(out: &mut Vec<SpriteInstance>, game: &Game, alpha: f32) {
    for p in game.falling_powerups() {
        let pos = p.prev_pos.lerp(p.pos, alpha);
        out.push(sprite(
            p.kind,
            [pos.x, pos.y, POWERUP_SIZE.x, POWERUP_SIZE.y],
            1.0,
        ));
    }
}

/// The weapon's shots in flight: a bright bar each, with a faint wider glow around it.
pub fn shots(out: &mut Vec<SpriteInstance>, game: &Game, alpha: f32) {
    for shot in game.shots() {
        let c = shot.prev_pos.lerp(shot.pos, alpha);
        let (w, h) = (SHOT_SIZE.x, SHOT_SIZE.y);
        let [r, g, b, _] = SHOT_COLOR;
        panel(
            out,
            [c.x - w, c.y - h / 2.0 - 2.0, 2.0 * w, h + 4.0],
            [r, g * 0.6, b * 0.3, 0.35],
        );
        panel(out, [c.x - w / 2.0, c.y - h / 2.0, w, h], SHOT_COLOR);
    }
}

/// The bonus floor while it runs: a bar across the playfield from [`BONUS_FLOOR_Y`] down.
pub fn bonus_floor(out: &mut Vec<SpriteInstance>, game: &Game) {
    if game.active_effects().has(PowerUpKind::BonusFloor) {
        panel(
            out,
            [0.0, BONUS_FLOOR_Y, PLAYFIELD_WIDTH, FLOOR_HEIGHT],
            FLOOR_COLOR,
        );
        let [r, g, b, _] = FLOOR_COLOR;
        panel(
            out,
            [
                0.0,
                BONUS_FLOOR_Y + FLOOR_HEIGHT,
                PLAYFIELD_WIDTH,
                PLAYFIELD_HEIGHT - BONUS_FLOOR_Y - FLOOR_HEIGHT,
            ],
            [r, g, b, 0.2],
        );
    }
}

/// The ghost paddle's 1 px outline around `rect` (x, y, w, h), in `color`'s RGB.
pub fn ghost_outline(out: &mut Vec<SpriteInstance>, rect: [f32; 4], color: [f32; 4]) {
    let [x, y, w, h] = rect;
    let [r, g, b, _] = color;
    let c = [r, g, b, GHOST_OUTLINE_ALPHA];
    panel(out, [x, y, w, 1.0], c);
    panel(out, [x, y + h - 1.0, w, 1.0], c);
    panel(out, [x, y, 1.0, h], c);
    panel(out, [x + w - 1.0, y, 1.0, h], c);
}

/// The aim helper while it runs: each ball's bounce path ([`bounce_path`]), dotted.
pub fn aim_paths(out: &mut Vec<SpriteInstance>, game: &Game) {
    if !game.active_effects().has(PowerUpKind::AimHelper) {
        return;
    }
    for ball in game.balls() {
        let path = bounce_path(game, ball, AIM_LENGTH, AIM_BOUNCES);
        for leg in path.windows(2) {
            dotted(out, leg[0], leg[1], AIM_COLOR);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::powerup_looks::{ATLAS_LAYERS, MAX_LABEL};

    #[test]
    fn every_label_fits_its_capsule() {
        for kind in PowerUpKind::ALL {
            let look = powerup_look(kind);
            let room = MAX_LABEL - usize::from(kind.is_bad());
            assert!(!look.label.is_empty() && look.label.len() <= room, "{kind}");
        }
    }

    /// Every label's text box (its glyphs and their shadow) lies inside its capsule's dark
    /// body, clear of the frame and of a bad one's warning triangle ("SHRINK" ran into the
    /// round end). The label is part of the capsule's picture, so it scales with the capsule:
    /// checked in the window pixels of every supported window size, for a falling capsule and
    /// for one on an LBreakout2 brick (57×25 px), by mapping the art's box and body there.
    #[test]
    fn every_label_lies_inside_its_capsule_at_every_window_size() {
        use crate::assets::powerup_looks::{
            body_distance, label_layout, LABEL_SCALE, WARNING_TRIANGLE,
        };
        use crate::view::text_boxes::WINDOW_SIZES;
        // A capsule on an LBreakout2 brick (57×25 px, no pips): 84 % of its width, the
        // art's proportions (`view::bricks`'s capsule; that file imports this one).
        let w = 57.0 * 0.84;
        let brick = [0.0, 0.0, w, w * ART_SIZE[1] as f32 / ART_SIZE[0] as f32];
        let falling = [0.0, 0.0, POWERUP_SIZE.x, POWERUP_SIZE.y];
        for kind in PowerUpKind::ALL {
            let look = powerup_look(kind);
            let layout = label_layout(&look);
            let [x, y, w, h] = layout.text_box(look.label.chars().count());
            assert!(layout.scale > 0.6 * LABEL_SCALE, "{kind}: {layout:?}");
            if kind.is_bad() {
                let [x0, tw, ..] = WARNING_TRIANGLE;
                assert!(x >= x0 + tw, "{kind}: box {x} left of the triangle");
            }
            for (rect, what) in [(falling, "falling"), (brick, "on a brick")] {
                for &(ww, wh) in &WINDOW_SIZES {
                    let view = crate::view::letterbox(ww, wh).unwrap();
                    // Window pixels per art pixel, across and down.
                    let sx = f64::from(rect[2]) / f64::from(ART_SIZE[0]) * f64::from(view.width)
                        / f64::from(PLAYFIELD_WIDTH);
                    let sy = f64::from(rect[3]) / f64::from(ART_SIZE[1]) * f64::from(view.height)
                        / f64::from(PLAYFIELD_HEIGHT);
                    // Each corner of the box, in window pixels, back in art pixels: inside
                    // the body (a stadium, so the whole box is).
                    for (cx, cy) in [(x, y), (x + w, y), (x, y + h), (x + w, y + h)] {
                        let (px, py) = (cx * sx, cy * sy);
                        let d = body_distance([px / sx, py / sy]);
                        assert!(
                            d < 0.0,
                            "{kind} ({:?}) {what} at {ww}x{wh}: corner ({px:.1}, {py:.1}) px is \
                             {d:.2} art px outside the body",
                            look.label
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_capsule_in_the_atlas_is_drawn_and_differs_from_every_other() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let atlas = image::open(root.join("textures/powerups.png"))
            .expect("textures/powerups.png (cargo run --example gen_assets)")
            .to_rgba8();
        assert_eq!(atlas.dimensions(), (LAYER_EDGE, LAYER_EDGE * ATLAS_LAYERS));
        let cells: Vec<Vec<u8>> = (0..PowerUpKind::ALL.len())
            .map(|i| {
                let (layer, [x0, y0]) = art_origin(i);
                let mut px = Vec::new();
                for y in 0..ART_SIZE[1] {
                    for x in 0..ART_SIZE[0] {
                        px.extend(atlas.get_pixel(x0 + x, layer * LAYER_EDGE + y0 + y).0);
                    }
                }
                px
            })
            .collect();
        for (i, a) in cells.iter().enumerate() {
            let opaque = a.chunks(4).filter(|p| p[3] == 255).count();
            let area = (ART_SIZE[0] * ART_SIZE[1]) as usize;
            assert!(
                opaque > area * 8 / 10,
                "{}: {opaque} opaque",
                PowerUpKind::ALL[i].name()
            );
            for (j, b) in cells.iter().enumerate().skip(i + 1) {
                let differ = a
                    .chunks(4)
                    .zip(b.chunks(4))
                    .filter(|(p, q)| p.iter().zip(*q).any(|(x, y)| x.abs_diff(*y) > 40))
                    .count();
                assert!(
                    differ > 40,
                    "{} and {} differ in {differ} pixels only",
                    PowerUpKind::ALL[i].name(),
                    PowerUpKind::ALL[j].name()
                );
            }
        }
    }

    #[test]
    fn a_capsule_sprite_points_at_its_own_cell_of_its_own_layer() {
        let first = sprite(PowerUpKind::Speed, [0.0, 0.0, 60.0, 20.0], 1.0);
        assert_eq!(first.i_layer, Layer::PowerUps as u32 as f32);
        let newest = PowerUpKind::ALL[PowerUpKind::ALL.len() - 1];
        let last = sprite(newest, [0.0, 0.0, 60.0, 20.0], 1.0);
        assert_eq!(
            last.i_layer,
            (Layer::PowerUps as u32 + ATLAS_LAYERS - 1) as f32
        );
        let uvs: std::collections::BTreeSet<_> = PowerUpKind::ALL
            .iter()
            .map(|&k| {
                let s = sprite(k, [0.0; 4], 1.0);
                (s.i_layer as u32, s.i_uv.map(|v| (v * 256.0) as u32))
            })
            .collect();
        assert_eq!(uvs.len(), PowerUpKind::ALL.len());
    }
}
