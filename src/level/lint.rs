//! Warnings: mistakes that still leave a playable level, which a level author wants to hear about.

use super::parse::Positions;
use super::{Diagnostic, Level};
use crate::playfield::{self, BALL_RADIUS, BRICK_AREA_FRACTION, PLAYFIELD_HEIGHT, PLAYFIELD_WIDTH};
use std::collections::VecDeque;

/// Warnings for a valid `level` whose cells were at `positions` (line, column) in its file:
///
/// * a brick that must be cleared which the ball can never reach: every path to it from below
///   the grid is blocked by indestructible bricks (walls, metal, chaotic; 4-connected flood fill
///   through empty and breakable cells — those open up when destroyed; the ball cannot squeeze
///   through a diagonal gap between two corners);
/// * bricks narrower than the ball (too many columns), or thinner than its radius (too many rows);
/// * a power-up placed in a brick the ball can never reach is included in the first warning.
pub fn warnings(level: &Level, positions: &Positions) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let (rows, cols) = (level.rows, level.cols);
    if rows == 0 || cols == 0 || positions.len() != rows * cols {
        return out;
    }
    // The grid's size in pixels: the level's `@area:`, else the default layout.
    let (area_w, area_h) = level.area.map_or(
        (PLAYFIELD_WIDTH, PLAYFIELD_HEIGHT * BRICK_AREA_FRACTION),
        |a| (f32::from(a.width), f32::from(a.height)),
    );
    let cell = playfield::cell_size(rows, cols)
        * glam::Vec2::new(
            area_w / PLAYFIELD_WIDTH,
            area_h / (PLAYFIELD_HEIGHT * BRICK_AREA_FRACTION),
        );
    let (brick_w, brick_h) = (cell.x, cell.y);
    let diameter = 2.0 * BALL_RADIUS;
    if brick_w < diameter {
        out.push(Diagnostic {
            line: positions[0].0,
            column: positions[0].1,
            message: format!(
                "warning: with {cols} columns bricks are {brick_w:.1} px wide, narrower than the ball ({diameter} px); use at most {} columns",
                (area_w / diameter).floor()
            ),
        });
    }
    if brick_h < BALL_RADIUS {
        out.push(Diagnostic {
            line: positions[0].0,
            column: positions[0].1,
            message: format!(
                "warning: with {rows} rows bricks are {brick_h:.1} px high, thinner than the ball's radius ({BALL_RADIUS} px); use at most {} rows",
                (area_h / BALL_RADIUS).floor()
            ),
        });
    }

    // Flood fill from below the grid: every open cell of the bottom row is reachable.
    // Walls, metal and chaotic bricks never open up; every other brick does once destroyed.
    let open = |i: usize| level.cells[i].is_none_or(|k| k.is_destructible());
    let mut reached = vec![false; rows * cols];
    let mut queue = VecDeque::new();
    for col in 0..cols {
        let i = (rows - 1) * cols + col;
        if open(i) {
            reached[i] = true;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let (r, c) = (i / cols, i % cols);
        let neighbours = [
            (r > 0).then(|| i - cols),
            (r + 1 < rows).then(|| i + cols),
            (c > 0).then(|| i - 1),
            (c + 1 < cols).then(|| i + 1),
        ];
        for n in neighbours.into_iter().flatten() {
            if !reached[n] && open(n) {
                reached[n] = true;
                queue.push_back(n);
            }
        }
    }
    for (i, cell) in level.cells.iter().enumerate() {
        if matches!(cell, Some(k) if k.counts_for_clear()) && !reached[i] {
            let (line, column) = positions[i];
            let powerup = level
                .extras
                .get(&i)
                .and_then(|e| e.powerup)
                .map_or(String::new(), |p| {
                    format!(" (and its power-up {} is lost)", p.token())
                });
            out.push(Diagnostic {
                line,
                column,
                message: format!(
                    "warning: this brick can never be reached: solid bricks wall it in, so the level can never be cleared{powerup}"
                ),
            });
        }
    }
    out.sort_by_key(|d| (d.line, d.column));
    out
}
