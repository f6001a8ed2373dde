//! The replay screen's fork explains its splits: N stops at a split and the panel shows every
//! copy's contact there; L opens that situation in the lab (Esc comes back); N with no split
//! ahead says so; G hides the legend.

use super::replay::ReplayScene;
use super::replay_tests::key;
use super::{test_context, Scene, Transition};
use crate::replay::file;
use crate::view::text_boxes::text_boxes;
use crate::view::SpriteBatch;
use std::path::Path;
use winit::keyboard::KeyCode;

fn corner_hit() -> ReplayScene {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/corner_hit_clamp.bkreplay");
    let replay = file::read(&path).expect("reads");
    ReplayScene::new(replay, "corner.bkreplay".into()).expect("plays")
}

fn lines(scene: &ReplayScene, ctx: &super::Context) -> Vec<String> {
    let mut batch = SpriteBatch::default();
    scene.draw(ctx, &mut batch, false);
    text_boxes(&batch.text)
        .into_iter()
        .map(|b| b.text)
        .collect()
}

/// N until a split at a brick: the panel lists every copy, the ones that went another way
/// marked; L pushes the lab on the split's ball, motion and bricks.
#[test]
fn n_explains_a_split_and_l_opens_it_in_the_lab() {
    let mut ctx = test_context();
    let mut s = corner_hit();
    key(&mut s, &mut ctx, KeyCode::KeyF);
    let mut explained = None;
    for _ in 0..20 {
        key(&mut s, &mut ctx, KeyCode::KeyN);
        if let Some(why) = s.fork().and_then(|f| f.explained()) {
            explained = Some(why.clone());
            break;
        }
    }
    let why = explained.expect("N reaches a split at a brick");
    assert_eq!(s.watch().at(), why.step);
    let shown = lines(&s, &ctx);
    assert!(
        shown.iter().any(|l| l.starts_with("WHY at step")),
        "{shown:#?}"
    );
    for row in &why.rows {
        let line = shown
            .iter()
            .find(|l| l.trim_start_matches(['>', ' ']).split(' ').next() == Some(row.mode.name()))
            .unwrap_or_else(|| panic!("{}'s row in {shown:#?}", row.mode));
        assert_eq!(line.starts_with('>'), row.parted);
    }
    assert!(
        !shown.iter().any(|l| l.starts_with("FORK at step")),
        "the panel, not the legend"
    );
    let lab = s
        .fork()
        .and_then(|f| f.lab())
        .expect("the lab on the split");
    assert_eq!(lab.probe(), &why.probe);
    assert_eq!(lab.answers(), why.probe.answers().as_slice());
    assert_eq!(lab.probe().bricks().len(), why.other_bricks + 1);
    assert!(lab.probe().bricks().contains(&why.brick));
    assert!(matches!(
        key(&mut s, &mut ctx, KeyCode::KeyL),
        Transition::Push(_)
    ));
    assert_eq!(s.watch().at(), why.step, "the replay waits at the split");
}

/// Past the last split, N says there is none, for a few seconds, and stays where it is.
#[test]
fn n_with_no_split_ahead_says_so_for_a_few_seconds() {
    let mut ctx = test_context();
    let mut s = corner_hit();
    key(&mut s, &mut ctx, KeyCode::End);
    key(&mut s, &mut ctx, KeyCode::KeyF);
    let at = s.watch().at();
    assert_eq!(at, s.watch().steps());
    key(&mut s, &mut ctx, KeyCode::KeyN);
    assert_eq!(s.watch().at(), at, "no split: no seek");
    let said = s.fork().and_then(|f| f.message()).map(str::to_string);
    assert_eq!(
        said.as_deref(),
        Some("no further split to the end of the replay")
    );
    assert!(lines(&s, &ctx)
        .iter()
        .any(|l| l == said.as_deref().unwrap()));
    s.update(&mut ctx, 1.0);
    assert!(s.fork().unwrap().message().is_some());
    s.update(&mut ctx, 3.5);
    assert_eq!(s.fork().unwrap().message(), None, "gone after four seconds");
}

/// G hides the legend and shows it again.
#[test]
fn g_hides_and_shows_the_legend() {
    let mut ctx = test_context();
    let mut s = corner_hit();
    key(&mut s, &mut ctx, KeyCode::KeyF);
    fn legend(s: &ReplayScene, ctx: &super::Context) -> bool {
        lines(s, ctx).iter().any(|l| l.starts_with("FORK at step"))
    }
    assert!(legend(&s, &ctx));
    key(&mut s, &mut ctx, KeyCode::KeyG);
    assert!(!legend(&s, &ctx));
    key(&mut s, &mut ctx, KeyCode::KeyG);
    assert!(legend(&s, &ctx));
}

/// U forks again at the same step with every copy's sub-steps switched (off: one raw test per
/// step), says so, keeps the view's choices, and switches back.
#[test]
fn u_switches_the_forks_sub_steps_at_the_same_step() {
    use crate::sim::SubSteps;
    let mut ctx = test_context();
    let mut s = corner_hit();
    key(&mut s, &mut ctx, KeyCode::KeyU);
    assert!(s.fork().is_none(), "U does nothing outside a fork");
    key(&mut s, &mut ctx, KeyCode::KeyF);
    key(&mut s, &mut ctx, KeyCode::KeyV);
    let at = s.watch().at();
    let on = s.fork().expect("forked").fork().clone();
    assert_eq!(s.fork().unwrap().sub_steps(), SubSteps::On);
    key(&mut s, &mut ctx, KeyCode::KeyU);
    let fork = s.fork().expect("still forked");
    assert_eq!(fork.sub_steps(), SubSteps::Off);
    assert!(fork.split, "the side-by-side view is kept");
    assert_eq!(fork.fork().at(), at);
    for (copy, before) in fork.fork().copies().iter().zip(on.copies()) {
        assert_eq!(copy.mode(), before.mode());
        assert_eq!(
            copy.game().config().sub_steps,
            SubSteps::Off,
            "{}",
            copy.mode()
        );
        assert_ne!(copy.game().state_hash(), before.game().state_hash());
    }
    assert!(
        fork.message().is_some_and(|m| m.contains("sub-steps off")),
        "{:?}",
        fork.message()
    );
    key(&mut s, &mut ctx, KeyCode::KeyU);
    let fork = s.fork().expect("still forked");
    assert_eq!(fork.sub_steps(), SubSteps::On);
    for (copy, before) in fork.fork().copies().iter().zip(on.copies()) {
        assert_eq!(copy.game().state_hash(), before.game().state_hash());
    }
}
