//! Turns game state into sprites. Pure functions: no GL here, so what is drawn is testable.

use super::sprite::{Layer, SpriteInstance};
use crate::effects::particles::ParticlePool;
use crate::level::PowerUpKind;
use crate::playfield::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::Game;

pub use crate::level::brick_color;

/// Paddle tint, linear RGBA.
pub use super::theme_look::PADDLE_COLOR;
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

/// Tint of the background while darkness runs (bricks are not drawn then).
pub const DARK_BACKGROUND: [f32; 4] = [0.25, 0.25, 0.25, 1.0];

pub use super::bricks::{bricks, HeldPowerUps};

/// What does not move in `game`: the background and the bricks. While darkness runs, only a
/// dimmed background: the bricks are not drawn (the cached backdrop is redrawn once when it
/// starts and once when it ends, and not when a brick breaks meanwhile, so darkness costs
/// nothing per frame). `held`: whether bricks show the power-up they hold.
pub fn backdrop(out: &mut Vec<SpriteInstance>, game: &Game, held: HeldPowerUps) {
    if game.active_effects().has(PowerUpKind::Darkness) {
        out.push(SpriteInstance::new(
            Layer::Background,
            [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT],
            DARK_BACKGROUND,
        ));
        return;
    }
    background(out);
    bricks(out, game.bricks(), 1.0, held);
}

/// The moving things of `game`, drawn at `alpha` ∈ [0, 1] between their previous and current
/// step positions (render interpolation), bottom to top: the bonus floor, the paddle (faint
/// with an outline while the ghost paddle runs), falling power-ups, the weapon's shots, the
/// balls (at their own radius), and the aim helper's paths.
pub fn world(out: &mut Vec<SpriteInstance>, game: &Game, alpha: f32) {
    use super::powerups;
    powerups::bonus_floor(out, game);
    let paddle = game.paddle();
    let x = paddle.prev_x + (paddle.pos.x - paddle.prev_x) * alpha;
    let rect = [x, paddle.pos.y, paddle.size.x, paddle.size.y];
    if game.active_effects().has(PowerUpKind::Ghost) {
        let [r, g, b, _] = PADDLE_COLOR;
        out.push(SpriteInstance::new(
            Layer::Paddle,
            rect,
            [r, g, b, powerups::GHOST_ALPHA],
        ));
        powerups::ghost_outline(out, rect, PADDLE_COLOR);
    } else {
        out.push(SpriteInstance::new(
            Layer::Paddle,
            rect,
            super::theme_look::paddle_color(),
        ));
    }
    powerups::falling(out, game, alpha);
    powerups::shots(out, game, alpha);
    for ball in game.balls() {
        let p = ball.prev_pos.lerp(ball.pos, alpha);
        let r = ball.radius;
        out.push(SpriteInstance::new(
            Layer::Ball,
            [p.x - r, p.y - r, 2.0 * r, 2.0 * r],
            BALL_COLOR,
        ));
    }
    powerups::aim_paths(out, game);
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
