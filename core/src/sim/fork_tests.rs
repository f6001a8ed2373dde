//! Tests of [`Fork`]: copies part at a corner hit, identical modes never do, groups and splits.

use super::*;
use crate::collision::Resolution;
use crate::level::Level;
use crate::sim::tuning::FIXED_TIMESTEP;
use crate::sim::{GameConfig, PowerUpSettings};

/// A level of one normal brick in the middle of a 3 × 3 grid; no power-ups.
fn one_brick() -> Game {
    let level = Level::parse("0 0 0\n0 2 0\n0 0 0", "fork").expect("valid level");
    Game::new(
        &level,
        GameConfig {
            powerups: PowerUpSettings::none(),
            ..GameConfig::default()
        },
    )
}

/// The game with its ball flying at 45° up and right towards the brick's bottom-left corner,
/// 30 px away along each axis, `off` pixels right of the exact diagonal.
fn corner_hit(off: f32) -> Game {
    let mut game = one_brick();
    let brick = game.bricks().cell_rect(1, 1);
    let corner = Vec2::new(brick.min.x, brick.max.y);
    game.set_ball(
        corner + Vec2::new(-30.0 + off, 30.0),
        Vec2::new(300.0, -300.0),
    );
    game
}

fn run(fork: &mut Fork, steps: usize) {
    for _ in 0..steps {
        fork.step(&Input::default());
    }
}

#[test]
fn a_corner_hit_parts_the_modes() {
    let mut fork = Fork::every_mode(&corner_hit(2.0), 100);
    assert_eq!(fork.groups().count(), 1, "one group at the fork");
    assert!(fork.first_split().is_none());
    run(&mut fork, 120);
    let first = fork.first_split().expect("the modes part at the corner");
    assert!(first.step > 100 && first.step <= 100 + 60, "{first:?}");
    assert!(first.groups.count() >= 2, "{}", first.groups);
    let aabb = 0;
    let clamp = 1;
    assert_eq!(fork.copies()[aabb].mode(), CollisionMode::Aabb);
    assert_eq!(fork.copies()[clamp].mode(), CollisionMode::Clamp);
    assert!(
        !fork.groups().together(aabb, clamp),
        "aabb bounces a corner as a face, clamp from the corner: {}",
        fork.groups()
    );
    assert_eq!(fork.at(), 220);
    // Every later change of grouping is listed, in order, after the first.
    assert!(fork.splits().windows(2).all(|w| w[0].step < w[1].step));
    assert_eq!(fork.splits().last().unwrap().groups, *fork.groups());
}

#[test]
fn copies_of_one_mode_never_part() {
    let modes = [CollisionMode::Cross; 3];
    let mut fork = Fork::new(&corner_hit(2.0), &modes, 0);
    run(&mut fork, 600);
    assert!(fork.splits().is_empty(), "{:?}", fork.splits());
    assert_eq!(fork.groups().count(), 1);
    // They broke the brick all the same.
    let broken: Vec<_> = (0..3).map(|i| fork.broken(i)).collect();
    assert_eq!(broken[0].len(), 1, "the one brick, broken");
    assert!(broken.iter().all(|b| *b == broken[0]));
}

#[test]
fn a_fork_with_no_hit_stays_one_group() {
    // The ball flies straight up through empty columns: every mode sees only walls. Every mode
    // that moves the ball in one piece per step, that is: a model cut into several sub-steps at
    // this speed (SDL-Ball's 1,000 a second) adds the motion in parts, which rounds otherwise.
    let mut game = one_brick();
    let vel = Vec2::new(0.0, -400.0);
    game.set_ball(Vec2::new(40.0, 500.0), vel);
    let one_piece: Vec<CollisionMode> = CollisionMode::ALL
        .into_iter()
        .filter(|m| match m.model().resolution() {
            Resolution::Own(substeps) => substeps.count(vel.length(), FIXED_TIMESTEP, 100) == 1,
            Resolution::Shared | Resolution::Continuous => true,
        })
        .collect();
    assert!(one_piece.len() >= 9, "{one_piece:?}");
    let mut fork = Fork::new(&game, &one_piece, 0);
    run(&mut fork, 200);
    assert!(fork.first_split().is_none(), "{:?}", fork.first_split());
}

#[test]
fn groups_read_in_the_forks_order() {
    use CollisionMode::*;
    let modes = [Aabb, Clamp, Zones, Cross, Swept];
    let groups = Groups::from_hashes(&modes, &[7, 9, 9, 7, 9]);
    assert_eq!(groups.to_string(), "aabb, cross | clamp, zones, swept");
    assert_eq!(groups.count(), 2);
    assert!(groups.together(0, 3) && groups.together(1, 4) && !groups.together(0, 1));
    assert_eq!(
        groups.modes(),
        vec![vec![Aabb, Cross], vec![Clamp, Zones, Swept]]
    );
    let all = Groups::from_hashes(&modes, &[1, 2, 3, 4, 5]);
    assert_eq!(all.to_string(), "aabb | clamp | zones | cross | swept");
    assert_eq!(all.count(), 5);
    assert_eq!(Groups::from_hashes(&modes, &[4; 5]).count(), 1);
}

#[test]
fn the_copies_hash_as_state_hash_without_mode_and_keep_their_modes() {
    let game = corner_hit(2.0);
    let mut fork = Fork::every_mode(&game, 0);
    run(&mut fork, 90);
    for copy in fork.copies() {
        assert_eq!(copy.game().config().collision, copy.mode());
    }
    let mut copies = fork.copies().to_vec();
    for copy in &mut copies {
        assert_eq!(
            copy.hash_without_mode(),
            copy.game().state_hash_without_mode()
        );
    }
    // A change that switches the mode is undone for each copy.
    fork.apply(|g| g.set_collision_mode(CollisionMode::Swept));
    for copy in fork.copies() {
        assert_eq!(copy.game().config().collision, copy.mode());
    }
}

#[test]
fn the_trail_keeps_a_quarter_second_of_ball_positions() {
    let mut game = one_brick();
    game.set_ball(Vec2::new(40.0, 500.0), Vec2::new(0.0, -400.0));
    let mut fork = Fork::every_mode(&game, 0);
    assert_eq!(fork.copies()[0].trail().count(), 1, "the fork's own step");
    run(&mut fork, 100);
    let copy = &fork.copies()[1];
    let trail: Vec<&[Vec2]> = copy.trail().collect();
    assert_eq!(trail.len(), TRAIL_STEPS);
    assert_eq!(trail.last().unwrap()[0], copy.game().balls()[0].pos);
    assert_ne!(trail[0][0], trail[TRAIL_STEPS - 1][0], "the ball moved");
}

#[test]
fn broken_lists_the_bricks_gone_since_the_fork_only() {
    let game = corner_hit(2.0);
    let fork = Fork::every_mode(&game, 0);
    assert!(fork.broken(0).is_empty());
    assert!(fork.broken(99).is_empty(), "no such copy");
    let mut fork = fork;
    run(&mut fork, 300);
    let (r, c, rect) = fork.broken(1)[0];
    assert_eq!((r, c), (1, 1));
    assert_eq!(rect, game.bricks().cell_rect(1, 1));
}
