//! Regression tests: one test per bug that once happened, each built from the exact state that
//! failed (or the smallest one that shows it), named after the bug it pins, with a doc comment
//! saying what went wrong and which commit fixed it; plus, where a bug belongs to a class, a
//! property test over the whole class. One file per area:
//!
//! * [`walls`]: balls leaving the playfield through a wall or the ceiling (multiball, swept mode).
//! * [`buried_ball`]: a ball whose centre ends up inside a brick among other bricks.
//! * [`loop_breaker`]: a ball looping for ever between solid corners.
//! * [`seams`]: a ball hitting the seam between two adjacent bricks.
//! * [`paddle`]: the paddle pushing the ball.
//! * [`ball_ball`]: ball against ball (multiball).
//! * [`closest_point`]: the circle–box closest point's f32 rounding.
//! * [`probe_cases`]: probes of the collision lab saved as cases (`tests/regressions/probes/`),
//!   each mode's and the exact referee's answers as saved.
//! * [`cli`]: the binary's error line.
//!
//! Their own helpers are in [`helpers`]; those they share with `tests/simulation.rs` in
//! `tests/support/sim.rs` ([`support::sim`]). Playfield pixels, origin top-left, y down.
//!
//! Property tests here keep their saved cases beside their source file
//! (`tests/regressions/<file>.proptest-regressions`): see [`helpers::proptest_config`].
//!
//! Regression tests that live elsewhere, and why:
//! * `core/src/sim/powerups/tests.rs`:
//!   `pass_through_breaks_a_multi_hit_brick_at_once_instead_of_entering_it` and
//!   `multiball_split_fans_out_from_one_point_without_a_jump` collect a power-up directly
//!   (`Game::collect`), which is crate-private.
//! * `tests/oracle_parry.rs`: `swept_grazing_corner_hit_from_afar`,
//!   `swept_fast_corner_hit_time_of_impact` and `swept_face_hit_at_the_corner_tangent_point`, found
//!   by the parry2d oracle, are checked by its machinery (parry's shape cast, the exact f64 time of
//!   impact): they stay with it.
//! * `tests/end_to_end.rs`: `window_itself_shows_the_level_upright_and_letterboxed_after_a_resize`
//!   pins washed-out letterbox bars after a resize, as one step of a test of the real window.

mod ball_ball;
mod buried_ball;
mod cli;
mod closest_point;
mod helpers;
mod loop_breaker;
mod paddle;
mod probe_cases;
mod seams;
#[path = "../support/mod.rs"]
mod support;
mod walls;
