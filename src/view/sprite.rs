//! Sprite instances: the data the renderer uploads, one per quad drawn. No GL here: the renderer
//! declares [`SpriteInstance`]'s vertex format (`src/render/mod.rs`).

pub use crate::effects::PostEffects;

/// Size of a texture-array layer, pixels (all layers are square).
pub const LAYER_SIZE: u32 = 256;

/// A layer of the texture array (all textures are 256×256 and live in one `Texture2dArray`, so
/// every sprite can be drawn in a single instanced call whatever its texture).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum Layer {
    /// `textures/background.png`.
    Background = 0,
    /// `textures/block.png`: destructible brick.
    Block = 1,
    /// `textures/block_solid.png`: solid brick.
    BlockSolid = 2,
    /// `textures/paddle.png`.
    Paddle = 3,
    /// `textures/ball.png`.
    Ball = 4,
    /// `textures/particle.png`: a soft round glow. (Particles themselves are drawn
    /// procedurally as point sprites by `shaders/particle.*`, with the same falloff.)
    Particle = 5,
    /// `textures/block_metal.png`: metal and chaotic bricks (a riveted plate).
    BlockMetal = 6,
    /// `textures/brick_marks.png`: an atlas of the symbols drawn over the lettered brick kinds
    /// (see [`crate::view::bricks::Mark`]; a sprite picks one with its texture rectangle).
    Marks = 7,
    /// A plain white layer, built at start-up: panels and bars of the text batch
    /// ([`crate::view::text::panel`]). Glyphs have an atlas of their own
    /// ([`crate::view::text::atlas`]).
    Solid = 8,
    /// The first layer of the power-up atlas `textures/powerups.png` (the last layers: its
    /// [`ATLAS_LAYERS`](crate::assets::powerup_looks::ATLAS_LAYERS) layers follow the solid one; a
    /// sprite picks a capsule with its layer and texture rectangle, see
    /// [`crate::view::powerups`]).
    PowerUps = 9,
    /// The theme's brick atlas ([`crate::assets::theme::ThemeBrick::uv`] picks a cell), after
    /// the power-up atlas's layers; empty (transparent) in the built-in look, which never draws
    /// from it (see [`crate::view::theme_look`]).
    ThemeBricks = 9 + crate::assets::powerup_looks::ATLAS_LAYERS,
}

impl Layer {
    /// Layers loaded from PNG files, in layer order, with their file names under `textures/`.
    pub const FILES: [(Layer, &'static str); 8] = [
        (Layer::Background, "background.png"),
        (Layer::Block, "block.png"),
        (Layer::BlockSolid, "block_solid.png"),
        (Layer::Paddle, "paddle.png"),
        (Layer::Ball, "ball.png"),
        (Layer::Particle, "particle.png"),
        (Layer::BlockMetal, "block_metal.png"),
        (Layer::Marks, "brick_marks.png"),
    ];
}

/// One sprite: a textured, tinted rectangle. Uploaded as per-instance vertex attributes (the
/// renderer declares them, one per field).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SpriteInstance {
    /// Rectangle in playfield pixels: x, y (top-left, y down), width, height.
    pub i_rect: [f32; 4],
    /// Texture sub-rectangle in normalised image coordinates (origin top-left, v down):
    /// u0, v0, u1, v1. `[0, 0, 1, 1]` is the whole layer.
    pub i_uv: [f32; 4],
    /// Linear RGBA tint multiplied with the texture.
    pub i_color: [f32; 4],
    /// Texture array layer ([`Layer`] as f32, exact for small integers).
    pub i_layer: f32,
}

impl SpriteInstance {
    /// A sprite showing the whole of `layer` in the rectangle `x, y, w, h` (playfield pixels).
    pub fn new(layer: Layer, rect: [f32; 4], color: [f32; 4]) -> SpriteInstance {
        SpriteInstance {
            i_rect: rect,
            i_uv: [0.0, 0.0, 1.0, 1.0],
            i_color: color,
            i_layer: layer as u32 as f32,
        }
    }
}

/// Everything to draw in one frame, built from game state by [`crate::view::scene`] and the
/// effects layer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SpriteBatch {
    /// What does not move (background, bricks), in draw order. The renderer caches it in a
    /// texture and redraws only the part that changed since the last frame.
    pub backdrop: Vec<SpriteInstance>,
    /// Moving world sprites (paddle, balls, falling power-ups, shots, the bonus floor, the aim
    /// helper's path), in draw order; drawn over the backdrop in one instanced call.
    pub world: Vec<SpriteInstance>,
    /// Particles, drawn after the world in one instanced call with additive blending.
    pub particles: Vec<SpriteInstance>,
    /// Text glyphs and panels, drawn after post-processing in one instanced call.
    pub text: Vec<SpriteInstance>,
    /// Post-processing for this frame.
    pub effects: PostEffects,
    /// The rule set of the level in play, if any: an imported set plays in its own game's look
    /// (`[graphics] own_game_look`, `src/app/theme_switch.rs`).
    pub look_of: Option<crate::level::Ruleset>,
}

#[cfg(test)]
mod tests {
    use super::Layer;

    #[test]
    fn file_layers_are_numbered_in_load_order_then_the_solid_one_then_the_power_ups() {
        // The renderer loads `FILES` in order, then the solid layer, then the power-up atlas's
        // layers: layer numbers must match.
        for (i, (layer, _)) in Layer::FILES.iter().enumerate() {
            assert_eq!(*layer as usize, i, "{layer:?}");
        }
        assert_eq!(Layer::Solid as usize, Layer::FILES.len());
        assert_eq!(Layer::PowerUps as usize, Layer::FILES.len() + 1);
        assert_eq!(
            Layer::ThemeBricks as u32,
            Layer::PowerUps as u32 + crate::assets::powerup_looks::ATLAS_LAYERS
        );
    }
}
