//! The famous cases, one number key each in the lab: where the modes part from each other and
//! from the exact answer. Each is a [`Probe`] on the default brick (80×37.5 px, centred on
//! [`BRICK_CENTER`]: its top-left corner at (360, 156.25), bottom-right at (440, 193.75)).

use super::{Probe, BRICK_CENTER, DEFAULT_GRID};
use glam::Vec2;

/// One famous case.
#[derive(Clone, Copy, Debug)]
pub struct Preset {
    /// Short name, as listed on screen and used for saved cases' file names.
    pub name: &'static str,
    /// What it shows, one line.
    pub what: &'static str,
    /// The probe it sets.
    pub probe: Probe,
}

/// Half the default brick's size, pixels (80×37.5 px: `playfield::cell_size(8, 10)`).
const HALF: Vec2 = Vec2::new(40.0, 18.75);
/// The game's ball radius, pixels.
const R: f32 = crate::playfield::BALL_RADIUS;

/// The presets, in key order (key 1 is the first).
pub fn presets() -> [Preset; 5] {
    let top_left = BRICK_CENTER - HALF;
    let top_right = BRICK_CENTER + Vec2::new(HALF.x, -HALF.y);
    let probe = |ball: Vec2, tip: Vec2, gap: Option<f32>| Probe {
        grid: DEFAULT_GRID,
        gap,
        ball,
        motion: tip - ball,
        placed: None,
    };
    // Corner: the ball's end 9 px right of and 7 px above the top-right corner (11.4 px from
    // it, 1.1 px deep); the bounding square overlaps 3.5 px on x and 5.5 px on y, so `aabb`
    // answers +x, 38° from the exact normal.
    let corner_tip = top_right + Vec2::new(9.0, -7.0);
    // Grazing: along the top face, 0.05 px deep at the end; the path enters the top-left
    // corner's disc almost tangentially.
    let graze_y = top_left.y - R + 0.05;
    // Tunnelling: 151 px in one step (36,000 px/s, six diameters), from above to below.
    let tunnel_start = Vec2::new(390.0, 100.0);
    // Inside: the end 6 px inside the left face and 14 px below the top one, come from above:
    // the modes trace back to the top face, the referee takes the left (nearest) one.
    let inside_tip = top_left + Vec2::new(6.0, 14.0);
    // The gap: a second brick 1 px to the right; the ball comes down onto the gap's middle,
    // 2 px deep into both bricks' top edges.
    let gap_tip = Vec2::new(top_right.x + 0.5, top_left.y - R + 2.0);
    [
        Preset {
            name: "corner",
            what: "a corner hit: aabb's square answers with a face",
            probe: probe(corner_tip + Vec2::new(16.0, -16.0), corner_tip, None),
        },
        Preset {
            name: "graze",
            what: "a grazing edge: 0.05 px deep along the top face",
            probe: probe(
                Vec2::new(top_left.x - 20.0, graze_y),
                Vec2::new(BRICK_CENTER.x, graze_y),
                None,
            ),
        },
        Preset {
            name: "tunnel",
            what: "faster than its diameter per step: through in one step",
            probe: probe(tunnel_start, tunnel_start + Vec2::new(20.0, 150.0), None),
        },
        Preset {
            name: "inside",
            what: "the centre inside the box: traced face against nearest face",
            probe: probe(inside_tip - Vec2::new(0.0, 40.0), inside_tip, None),
        },
        Preset {
            name: "gap",
            what: "a 1 px gap between two bricks: both answer",
            probe: probe(gap_tip - Vec2::new(0.0, 8.0), gap_tip, Some(1.0)),
        },
    ]
}
