//! Playfield geometry: the logical space every other module lays things out in.
//!
//! A leaf module: it depends on nothing else in the crate, so [`crate::level`] (its lint),
//! [`crate::sim`] and the game's `view` and `render` all read the same numbers without
//! importing each other.
//!
//! Coordinates are playfield pixels: origin at the top-left corner, x to the right, y **down**.
//! The renderer scales this space to the window (letterboxed).

use glam::Vec2;

/// Playfield width in pixels. Everything is laid out in this logical space; the renderer scales it.
pub const PLAYFIELD_WIDTH: f32 = 800.0;
/// Playfield height in pixels.
pub const PLAYFIELD_HEIGHT: f32 = 600.0;
/// Fraction of the playfield height the brick grid fills, from the top (LearnOpenGL: the upper
/// half).
pub const BRICK_AREA_FRACTION: f32 = 0.5;
/// Ball radius in pixels (LearnOpenGL: 12.5). Part of the geometry levels are designed for: the
/// level lint compares it with the brick size.
pub const BALL_RADIUS: f32 = 12.5;

/// Ball radius factor under the small-ball power-up, under every game's rules (the
/// simulation's `sim::powerups::rules`). Part of the geometry: the level lint asks which gaps a
/// small ball passes.
pub(crate) const SMALL_BALL_SCALE: f32 = 0.6;
/// Size of a weapon's shot, pixels (width, height). The level lint models a shot as a disk of
/// its width.
pub const SHOT_SIZE: Vec2 = Vec2::new(4.0, 12.0);

/// Size of one grid cell (= one brick), pixels (width, height), for a level of `rows` × `cols`:
/// the grid fills the playfield's width and the upper [`BRICK_AREA_FRACTION`] of its height.
/// Computed in floating point, so bricks tile the area exactly with no truncation gaps
/// (LearnOpenGL truncates to integers). `rows` and `cols` must be at least 1.
pub fn cell_size(rows: usize, cols: usize) -> Vec2 {
    Vec2::new(
        PLAYFIELD_WIDTH / cols as f32,
        PLAYFIELD_HEIGHT * BRICK_AREA_FRACTION / rows as f32,
    )
}
