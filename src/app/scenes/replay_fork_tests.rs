//! The replay screen's fork, in process: `F` forks the corner-hit replay into every collision
//! mode, `N` jumps to where the modes split, single steps and play move the copies with the
//! replay, `V` shows the panes, and a seek before the fork or a second `F` leaves it.

use super::replay::ReplayScene;
use super::replay_tests::key;
use super::{test_context, Context, Scene};
use crate::collision::CollisionMode;
use crate::replay::file;
use crate::view::text_boxes::assert_no_overlap;
use crate::view::SpriteBatch;
use std::path::Path;
use winit::keyboard::KeyCode;

fn corner_hit() -> ReplayScene {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/corner_hit_clamp.bkreplay");
    let replay = file::read(&path).expect("reads");
    ReplayScene::new(replay, "corner.bkreplay".into()).expect("plays")
}

fn fork_at(scene: &ReplayScene) -> Option<u64> {
    scene.fork().map(|f| f.fork().at())
}

fn text(scene: &ReplayScene, ctx: &Context) -> SpriteBatch {
    let mut batch = SpriteBatch::default();
    scene.draw(ctx, &mut batch, false);
    batch
}

#[test]
fn f_forks_n_finds_the_split_and_the_copies_follow_the_replay() {
    let mut ctx = test_context();
    let mut s = corner_hit();
    key(&mut s, &mut ctx, KeyCode::Space);
    key(&mut s, &mut ctx, KeyCode::Period);
    let start = s.watch().at();
    assert_eq!(fork_at(&s), None);
    key(&mut s, &mut ctx, KeyCode::KeyF);
    assert_eq!(fork_at(&s), Some(start));
    assert!(s.fork().unwrap().fork().first_split().is_none());
    key(&mut s, &mut ctx, KeyCode::KeyN);
    let split = s.watch().at();
    assert!(split > start, "N seeks to the split");
    assert_eq!(fork_at(&s), Some(split));
    let first = s
        .fork()
        .unwrap()
        .fork()
        .first_split()
        .cloned()
        .expect("found");
    assert_eq!(first.step, split);
    assert!(first.groups.count() >= 2);
    // The replay's own mode's copy is the replay's game.
    let own = s.watch().game().config().collision;
    let copy = s.fork().unwrap().fork().copy(own).unwrap();
    assert_eq!(copy.game().state_hash(), s.watch().game().state_hash());
    // Single steps and play move the copies along.
    key(&mut s, &mut ctx, KeyCode::Period);
    assert_eq!(fork_at(&s), Some(split + 1));
    key(&mut s, &mut ctx, KeyCode::Comma);
    key(&mut s, &mut ctx, KeyCode::Comma);
    assert_eq!(fork_at(&s), Some(split - 1));
    assert!(
        s.fork().unwrap().fork().first_split().is_none(),
        "before the split"
    );
    key(&mut s, &mut ctx, KeyCode::Space);
    s.update(&mut ctx, 0.1);
    assert_eq!(fork_at(&s), Some(s.watch().at()));
    key(&mut s, &mut ctx, KeyCode::Space);
    // The legend names every mode and nothing overlaps; the help hides the legend.
    let batch = text(&s, &ctx);
    let boxes = assert_no_overlap("replay with a fork", &batch.text);
    for mode in CollisionMode::ALL {
        assert!(
            boxes.iter().any(|b| b.text.starts_with(mode.name())),
            "{mode:?}"
        );
    }
    key(&mut s, &mut ctx, KeyCode::KeyH);
    let helped = text(&s, &ctx);
    assert!(!crate::view::text_boxes::text_boxes(&helped.text)
        .iter()
        .any(|b| b.text.starts_with("FORK at")));
    key(&mut s, &mut ctx, KeyCode::KeyH);
    // V: the panes, each named with its HUD.
    key(&mut s, &mut ctx, KeyCode::KeyV);
    assert!(s.fork().unwrap().split);
    let panes = text(&s, &ctx);
    let boxes = assert_no_overlap("the split view over the replay", &panes.text);
    assert_eq!(
        boxes.iter().filter(|b| b.text.starts_with("SCORE")).count(),
        CollisionMode::ALL.len() + 1,
        "one pane per model and the replay's HUD"
    );
    key(&mut s, &mut ctx, KeyCode::KeyV);
    // A seek before the fork leaves it; so does a second F.
    key(&mut s, &mut ctx, KeyCode::Home);
    assert_eq!(fork_at(&s), None);
    key(&mut s, &mut ctx, KeyCode::KeyF);
    assert!(s.fork().is_some());
    key(&mut s, &mut ctx, KeyCode::KeyF);
    assert!(s.fork().is_none());
}

/// `--modes`: the fork holds the chosen models only, in the table's order, and its legend and
/// panes name those.
#[test]
fn the_fork_holds_the_models_modes_chose() {
    let mut ctx = test_context();
    ctx.options.modes = crate::cli::parse_modes("xboing,clamp,swept").unwrap();
    let mut s = corner_hit();
    key(&mut s, &mut ctx, KeyCode::Space);
    key(&mut s, &mut ctx, KeyCode::KeyF);
    let modes: Vec<CollisionMode> = s
        .fork()
        .unwrap()
        .fork()
        .copies()
        .iter()
        .map(|c| c.mode())
        .collect();
    assert_eq!(
        modes,
        [
            CollisionMode::Clamp,
            CollisionMode::Swept,
            CollisionMode::Xboing
        ]
    );
    let boxes = assert_no_overlap("a fork of three", &text(&s, &ctx).text);
    for mode in CollisionMode::ALL {
        let named = boxes.iter().any(|b| b.text.starts_with(mode.name()));
        assert_eq!(named, modes.contains(&mode), "{mode}");
    }
}
