//! Turns game state into sprites. Pure functions: no GL here, so what is drawn is testable.

use super::sprite::{Layer, SpriteInstance};
use crate::level::BrickKind;
use crate::sim::tuning::{PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use crate::sim::{BrickField, Game};

/// Tint of a brick, linear RGBA (LearnOpenGL's palette: solid grey-beige, then blue, green,
/// yellow, orange — far apart in hue so players and the screenshot test tell them apart).
pub fn brick_color(kind: BrickKind) -> [f32; 4] {
    match kind {
        BrickKind::Solid => [0.8, 0.8, 0.7, 1.0],
        BrickKind::Destructible(2) => [0.2, 0.6, 1.0, 1.0],
        BrickKind::Destructible(3) => [0.0, 0.7, 0.0, 1.0],
        BrickKind::Destructible(4) => [0.8, 0.8, 0.4, 1.0],
        BrickKind::Destructible(_) => [1.0, 0.5, 0.0, 1.0],
    }
}

/// Paddle tint, linear RGBA.
pub const PADDLE_COLOR: [f32; 4] = [0.85, 0.9, 1.0, 1.0];
/// Ball tint, linear RGBA.
pub const BALL_COLOR: [f32; 4] = [1.0, 1.0, 1.0, 1.0];
const WHITE: [f32; 4] = [1.0; 4];

/// The full-playfield background sprite.
pub fn background(out: &mut Vec<SpriteInstance>) {
    out.push(SpriteInstance::new(Layer::Background, [0.0, 0.0, PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT], WHITE));
}

/// One sprite per live brick, with `dim` (0–1) multiplying the colour (menus show the level dimmed).
pub fn bricks(out: &mut Vec<SpriteInstance>, bricks: &BrickField, dim: f32) {
    for (_, _, brick) in bricks.iter_live() {
        let layer = if brick.kind.is_destructible() { Layer::Block } else { Layer::BlockSolid };
        let [r, g, b, a] = brick_color(brick.kind);
        let size = brick.rect.size();
        out.push(SpriteInstance::new(
            layer,
            [brick.rect.min.x, brick.rect.min.y, size.x, size.y],
            [r * dim, g * dim, b * dim, a],
        ));
    }
}

/// Background, bricks, paddle and balls of `game`. Moving things are drawn at
/// `alpha` ∈ [0, 1] between their previous and current step positions (render interpolation).
pub fn world(out: &mut Vec<SpriteInstance>, game: &Game, alpha: f32) {
    background(out);
    bricks(out, game.bricks(), 1.0);
    let paddle = game.paddle();
    let x = paddle.prev_x + (paddle.pos.x - paddle.prev_x) * alpha;
    out.push(SpriteInstance::new(Layer::Paddle, [x, paddle.pos.y, paddle.size.x, paddle.size.y], PADDLE_COLOR));
    for ball in game.balls() {
        let p = ball.prev_pos.lerp(ball.pos, alpha);
        let r = ball.radius;
        out.push(SpriteInstance::new(Layer::Ball, [p.x - r, p.y - r, 2.0 * r, 2.0 * r], BALL_COLOR));
    }
}
