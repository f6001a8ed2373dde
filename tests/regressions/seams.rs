//! A ball hitting the seam between two horizontally adjacent bricks: the seam must act as one
//! flat face.

use crate::support::sim::{seam_step, R, SEAM_FACE_Y, SEAM_X};
use breakout::sim::tuning::{BALL_LAUNCH_SPEED, FIXED_TIMESTEP};
use glam::Vec2;
use std::collections::BTreeSet;

/// Regression: the seam between two horizontally adjacent bricks must act as one flat face. A
/// naive resolver reflects once per touched brick, flipping vy twice (no bounce at all). The
/// simulation resolves the deepest contact first and re-tests the others, so: one reflection,
/// vy flips, vx is unchanged. Both bricks are destroyed: each overlapped the ball in the
/// sub-step of the hit, and every brick the ball touches is hit.
/// Pinned since the first simulation tests (53a8c61).
#[test]
fn seam_between_adjacent_bricks_reflects_once() {
    for deg in [-60.0, -30.0, -15.0, 15.0, 30.0, 60.0] {
        let (before, after, pos, gone) = seam_step(deg, 0.0, 0.5);
        assert_eq!(
            after,
            Vec2::new(before.x, -before.y),
            "{deg}°: one reflection about the face normal"
        );
        assert_eq!(
            gone,
            BTreeSet::from([(2, 3), (2, 4)]),
            "{deg}°: both touched bricks destroyed"
        );
        // Pushed out once, to just touching the face: not once per brick (that would be twice).
        assert!(
            (pos.y - (SEAM_FACE_Y + R)).abs() < 1e-3,
            "{deg}°: y = {}, expected {}",
            pos.y,
            SEAM_FACE_Y + R
        );
        assert!(
            (pos.x - SEAM_X).abs() < 1e-3,
            "{deg}°: pushed straight down, x = {}",
            pos.x
        );
    }
}

/// Regression (found by `tests/simulation.rs`'s seam property test, seed saved in
/// `tests/simulation.proptest-regressions`): a ball a hair (0.0013 px) right of the seam touches
/// the flat face of the right brick and the inner corner of the left one at the same depth up to
/// f32 rounding; the corner was resolved first and tilted the bounce by 0.012°. The seam must act
/// as one flat face: exactly the mirrored velocity.
/// Fixed by f187660 (among contacts tied in depth, the face contact is resolved first).
#[test]
fn seam_hit_a_hair_off_the_seam_reflects_off_the_face_not_the_inner_corner() {
    let deg = 10.5f32;
    let pen = 0.05 * BALL_LAUNCH_SPEED * deg.to_radians().cos() * FIXED_TIMESTEP;
    for offset in [0.0012827548, -0.0012827548, 1e-4] {
        let (before, after, _, gone) = seam_step(deg, offset, pen);
        assert_eq!(after, Vec2::new(before.x, -before.y), "offset {offset}");
        assert_eq!(gone.len(), 2, "offset {offset}: both bricks touched");
    }
}
