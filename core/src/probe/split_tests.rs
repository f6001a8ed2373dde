//! Tests of [`explain`]: the rows at a split of a committed corner-hit replay differ as the
//! copies did.

use super::*;
use crate::replay::{file, Playback, Replay};
use crate::sim::fork::Fork;
use std::path::Path;
use std::sync::Arc;

fn replay(name: &str) -> Arc<Replay> {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
        .join("tests/replays")
        .join(name);
    Arc::new(file::read(&path).expect("the regression replay reads"))
}

/// The replay forked into every mode at its start and played until the first split that
/// `explain` explains (the first may be at the paddle, where some model has its own rule): the
/// fork one step before it, the split, and how many splits came before.
fn before_brick_split(replay: &Arc<Replay>) -> Option<(Fork, Split, usize)> {
    let playback = Playback::new(replay.clone()).unwrap();
    let own = replay.config().collision;
    let mut fork = Fork::every_mode(playback.game(), 0);
    while let Some(input) = replay.inputs.get(fork.at()) {
        let before = fork.clone();
        fork.step(&input);
        if fork.splits().len() > before.splits().len() {
            let split = fork.splits().last().cloned()?;
            if explain(&before, &split, own).is_some() {
                return Some((before, split, fork.splits().len() - 1));
            }
        }
    }
    None
}

/// Two answers agree: both hit or both miss, with normals within the tolerance.
fn agree(a: &Answer, b: &Answer) -> bool {
    a.hit == b.hit
        && match (a.normal, b.normal) {
            (Some(x), Some(y)) => {
                libm::acos(x.dot(y).clamp(-1.0, 1.0)).to_degrees() <= NORMAL_TOLERANCE_DEG
            }
            (None, None) => true,
            (Some(_), None) | (None, Some(_)) => false,
        }
}

/// At the first split of every corner-hit replay whose copies part at a brick, the rows of
/// the copies that went another way answer otherwise (hit or normal) than the rest, every
/// copy was there, and the situation is the parting game's ball and its motion.
#[test]
fn the_rows_at_a_corner_split_differ_as_the_copies_did() {
    let mut explained = 0;
    for name in ["corner_hit_clamp.bkreplay", "corner_hit_aabb.bkreplay"] {
        let replay = replay(name);
        let own = replay.config().collision;
        let (before, split, earlier) =
            before_brick_split(&replay).expect("the corner hit parts the modes at a brick");
        eprintln!(
            "{name}: split {} ({earlier} before): {}",
            split.step, split.groups
        );
        let Some(why) = explain(&before, &split, own) else {
            continue;
        };
        explained += 1;
        assert_eq!(why.step, split.step);
        let there: Vec<_> = why.rows.iter().filter(|r| r.there).collect();
        assert!(
            there.len() >= 2,
            "{name}: two copies at least were one game"
        );
        let i = why.rows.iter().position(|r| r.there).unwrap();
        let ball = before.copies()[i].game().balls()[0];
        assert_eq!(
            (why.probe.ball, why.probe.motion),
            (ball.pos, ball.vel * STEP_SECONDS)
        );
        let parted: Vec<_> = there.iter().filter(|r| r.parted).collect();
        let rest: Vec<_> = there.iter().filter(|r| !r.parted).collect();
        assert!(!parted.is_empty() && !rest.is_empty(), "{name}");
        let modes: Vec<_> = why.rows.iter().map(|r| r.mode).collect();
        assert_eq!(
            modes,
            before.copies().iter().map(|c| c.mode()).collect::<Vec<_>>()
        );
        assert!(
            parted
                .iter()
                .any(|p| rest.iter().all(|r| !agree(&p.answer, &r.answer))),
            "{name}: some copy that went alone answers unlike every other: {:#?}",
            why.rows
        );
    }
    assert!(explained > 0);
}

/// `explain` wants the fork one step before the split.
#[test]
fn not_at_the_step_before_no_explanation() {
    let replay = replay("corner_hit_clamp.bkreplay");
    let (mut before, split, _) = before_brick_split(&replay).unwrap();
    before.step(&replay.inputs.get(before.at()).unwrap());
    assert_eq!(explain(&before, &split, CollisionMode::Clamp), None);
}

/// The mirror keeps the speed and turns the part along the normal.
#[test]
fn mirrored_turns_the_normal_part_only() {
    let v = DVec2::new(300.0, -400.0);
    let out = mirrored(v, true, Some(DVec2::new(0.0, 1.0)));
    assert_eq!(out, DVec2::new(300.0, 400.0));
    assert_eq!(mirrored(v, false, Some(DVec2::Y)), v);
    assert_eq!(
        mirrored(v, true, Some(DVec2::NEG_Y)),
        v,
        "moving away: no bounce"
    );
}
