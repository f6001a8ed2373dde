//! A bonus mini-game in a run, in process: a set of five one-brick levels played with bonus
//! levels on holds a mini-game at position 5; losing its ball ends it without costing a life,
//! the level-cleared screen says how it ended, and the run goes on to level 6 with the lives it
//! had. The mini-game's recorded replay re-creates it (its level text keeps `@type:`) and
//! verifies.

use super::play::{Campaign, GameStart, PlayScene};
use super::stack::Flow;
use super::{test_context_in, test_dir, test_level_set, Context, SceneStack};
use crate::assets::LevelSetSource;
use crate::replay::{file, Playback};
use std::sync::Arc;
use winit::keyboard::{KeyCode, PhysicalKey};

/// The level number, out of how many, in the game's window title ("… (N/M) …").
fn position(stack: &SceneStack) -> Option<(usize, usize)> {
    let title = stack.title();
    let inner = title.split(" (").nth(1)?.split(')').next()?;
    let (n, m) = inner.split_once('/')?;
    Some((n.parse().ok()?, m.parse().ok()?))
}

fn press(stack: &mut SceneStack, ctx: &mut Context, code: KeyCode) {
    stack.key(ctx, PhysicalKey::Code(code), true, false);
    stack.key(ctx, PhysicalKey::Code(code), false, false);
}

#[test]
fn a_bonus_level_costs_no_life_and_the_run_goes_on_to_the_next_level() {
    let dir = test_dir("bonus-run", "lost");
    let one_brick = "0 2 0 0\n0 0 0 0\n";
    let set = test_level_set(&dir, &[one_brick; 5]);
    let opened = LevelSetSource::Directory(set)
        .open(&crate::assets::Assets::built_in())
        .unwrap()
        .with_bonus(true);
    assert_eq!(opened.levels.len(), 6, "five levels and one bonus level");
    let mut ctx = test_context_in(&dir);
    let campaign = Campaign::new(&opened, 4).with_bonus(500);
    let lives = campaign.lives();
    let play = PlayScene::start(&mut ctx, GameStart::Load(campaign)).unwrap();
    let mut stack = SceneStack::new(Box::new(play));
    assert_eq!(position(&stack), Some((5, 6)));
    let kind = stack.live_game().unwrap().level_type().mini_game();
    assert!(kind.is_some(), "level 5 is a mini-game");
    // Launch, then hold Left: the paddle leaves and the ball is lost.
    press(&mut stack, &mut ctx, KeyCode::Space);
    stack.key(&mut ctx, PhysicalKey::Code(KeyCode::ArrowLeft), true, false);
    let mut frames = 0;
    while stack.len() == 1 && frames < 3000 {
        assert_eq!(stack.update(&mut ctx, 0.05), Flow::Continue);
        frames += 1;
    }
    stack.key(
        &mut ctx,
        PhysicalKey::Code(KeyCode::ArrowLeft),
        false,
        false,
    );
    assert_eq!(
        stack.len(),
        2,
        "the level-cleared screen over the ended mini-game"
    );
    let mut batch = crate::view::SpriteBatch::default();
    stack.draw(&ctx, &mut batch);
    let shown: String = batch
        .text
        .iter()
        .filter_map(crate::view::text::glyph_char)
        .collect();
    assert!(shown.contains("BONUSLEVELOVER"), "{shown}");
    assert!(shown.contains("Theballwaslost"), "how it ended: {shown}");
    // Past the screen's confirm delay, Space goes on.
    stack.update(&mut ctx, 1.0);
    press(&mut stack, &mut ctx, KeyCode::Space);
    assert_eq!(stack.len(), 1, "playing again");
    assert_eq!(position(&stack), Some((6, 6)), "the next level");
    let next = stack.live_game().unwrap();
    assert_eq!(next.lives(), lives, "it starts with the lives the run had");
    assert!(next.level_type().mini_game().is_none());
    drop(stack);
    ctx.writer.flush();

    // The mini-game's recent replay re-creates it and verifies.
    let recent = dir.join("replays/recent");
    let replays: Vec<_> = std::fs::read_dir(&recent)
        .unwrap()
        .map(|e| file::read(&e.unwrap().path()).unwrap())
        .filter(|r| r.header.level_text.contains("@type:"))
        .collect();
    assert_eq!(replays.len(), 1, "one mini-game replayed");
    let mut playback = Playback::new(Arc::new(replays[0].clone())).expect("its level parses");
    playback.run_to_end();
    assert_eq!(playback.divergence(), None, "the replay diverged");
    assert_eq!(playback.game().level_type().mini_game(), kind);
    assert_eq!(
        playback.game().bonus_end(),
        Some(crate::sim::BonusEnd::BallLost)
    );
}
