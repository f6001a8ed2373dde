//! Turns game state into sprites. Pure functions: no GL here, so what is drawn is testable.

use super::sprite::{Layer, SpriteInstance};
use crate::effects::particles::ParticlePool;
use crate::level::PowerUpKind;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::Game;

pub use crate::assets::palette::brick_color;

/// Paddle tint, linear RGBA.
pub const PADDLE_COLOR: [f32; 4] = [0.85, 0.9, 1.0, 1.0];
/// Ball tint, linear RGBA.
pub const BALL_COLOR: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const WHITE: [f32; 4] = [1.0; 4];

/// The full-playfield background sprite.
pub fn background(out: &mut Vec<SpriteInstance>) {
    out.push(SpriteInstance::new(
        Layer::Background,
        [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT],
        WHITE,
    ));
}

/// Colour of a power-up's marker, linear RGBA (LearnOpenGL's power-up palette where it has one).
pub fn powerup_color(kind: PowerUpKind) -> [f32; 4] {
    match kind {
        PowerUpKind::Speed => [0.5, 0.5, 1.0, 1.0],
        PowerUpKind::Sticky => [1.0, 0.5, 1.0, 1.0],
        PowerUpKind::PassThrough => [0.5, 1.0, 0.5, 1.0],
        PowerUpKind::PadSizeIncrease => [1.0, 0.6, 0.4, 1.0],
        PowerUpKind::Confuse => [1.0, 0.3, 0.3, 1.0],
        PowerUpKind::Chaos => [0.9, 0.25, 0.25, 1.0],
        PowerUpKind::Multiball => [0.3, 1.0, 1.0, 1.0],
        PowerUpKind::ExtraLife => [1.0, 0.9, 0.3, 1.0],
        // The others: bad ones in reds, good ones in greens and blues, each a little apart.
        other => {
            let t = (other as usize % 8) as f32 / 8.0;
            if crate::sim::powerups::is_bad(other) {
                [1.0, 0.2 + 0.3 * t, 0.2, 1.0]
            } else {
                [0.3 + 0.4 * t, 0.9, 1.0 - 0.5 * t, 1.0]
            }
        }
    }
}

pub use super::bricks::bricks;

/// What does not move in `game`: the background and the bricks.
pub fn backdrop(out: &mut Vec<SpriteInstance>, game: &Game) {
    background(out);
    bricks(out, game.bricks(), 1.0);
}

/// The moving things of `game`: paddle, falling power-ups and balls, drawn at `alpha` ∈ [0, 1]
/// between their previous and current step positions (render interpolation).
pub fn world(out: &mut Vec<SpriteInstance>, game: &Game, alpha: f32) {
    let paddle = game.paddle();
    let x = paddle.prev_x + (paddle.pos.x - paddle.prev_x) * alpha;
    out.push(SpriteInstance::new(
        Layer::Paddle,
        [x, paddle.pos.y, paddle.size.x, paddle.size.y],
        PADDLE_COLOR,
    ));
    for p in game.falling_powerups() {
        let pos = p.prev_pos.lerp(p.pos, alpha);
        let size = crate::sim::powerups::POWERUP_SIZE;
        out.push(SpriteInstance::new(
            Layer::Block,
            [pos.x, pos.y, size.x, size.y],
            powerup_color(p.kind),
        ));
        let letter = p
            .kind
            .letter()
            .map_or_else(|| p.kind.name()[..1].to_uppercase(), String::from);
        let glyph = 16.0;
        super::text::layout(
            out,
            &letter,
            pos.x + (size.x - glyph) / 2.0,
            pos.y + (size.y - glyph) / 2.0,
            glyph,
            [0.05, 0.05, 0.1, 1.0],
        );
    }
    for ball in game.balls() {
        let p = ball.prev_pos.lerp(ball.pos, alpha);
        let r = ball.radius;
        out.push(SpriteInstance::new(
            Layer::Ball,
            [p.x - r, p.y - r, 2.0 * r, 2.0 * r],
            BALL_COLOR,
        ));
    }
}

/// One sprite per live particle of `pool`: fading (alpha ∝ life left) and shrinking to 40 % of
/// its size at birth, centred on the particle (playfield pixels). Drawn as point sprites.
pub fn particles(out: &mut Vec<SpriteInstance>, pool: &ParticlePool) {
    for p in pool.particles().iter().filter(|p| p.life > 0.0) {
        let t = (p.life / p.max_life).clamp(0.0, 1.0);
        let size = p.size * (0.4 + 0.6 * t);
        let [r, g, b, a] = p.color;
        out.push(SpriteInstance::new(
            Layer::Particle,
            [p.pos.x - size / 2.0, p.pos.y - size / 2.0, size, size],
            [r, g, b, a * t],
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    #[test]
    fn live_particles_become_fading_centred_sprites() {
        let mut pool = ParticlePool::new(10, 1);
        pool.emit_burst(Vec2::new(100.0, 50.0), [1.0, 0.5, 0.0, 1.0], 3);
        let mut sprites = Vec::new();
        particles(&mut sprites, &pool);
        assert_eq!(sprites.len(), 3);
        for s in &sprites {
            let [x, y, w, h] = s.i_rect;
            assert_eq!(w, h);
            assert!((x + w / 2.0 - 100.0).abs() < 1e-3 && (y + h / 2.0 - 50.0).abs() < 1e-3);
            assert_eq!(s.i_layer, Layer::Particle as u32 as f32);
            assert!((s.i_color[3] - 0.9).abs() < 1e-6, "{:?}", s.i_color);
        }
        pool.update(0.2);
        sprites.clear();
        particles(&mut sprites, &pool);
        assert!(sprites
            .iter()
            .all(|s| s.i_color[3] < 0.9 && s.i_rect[2] > 0.0));
        pool.update(1.0);
        sprites.clear();
        particles(&mut sprites, &pool);
        assert!(sprites.is_empty());
    }
}
