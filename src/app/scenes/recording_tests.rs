//! Recording in the window, in process: the scenes played on a stack with a test context whose
//! replays go to a temporary directory. A played level leaves a recent replay that plays back
//! with no divergence (also after a mode switch, forced power-ups and a live reload); a best
//! run is kept and replaced only when beaten; a run left in the middle is offered by the set
//! menu and continues exactly where it was left; a run that cannot be continued says so and
//! never panics.

use super::menu::MenuScene;
use super::play::{Campaign, GameStart, PlayScene};
use super::replay_files::{Unfinished, UnfinishedSlot};
use super::stack::Flow;
use super::{test_context_in, test_dir, test_level_set, Context, SceneStack};
use crate::assets::{Assets, LevelSetSource, LevelSource};
use crate::highscores::HighScores;
use crate::level::{Level, PowerUpKind};
use crate::replay::{file, ChangeKind, Outcome, Playback, Replay, Store};
use crate::view::SpriteBatch;
use std::path::PathBuf;
use std::sync::Arc;
use winit::keyboard::{KeyCode, PhysicalKey};

/// The replays in the recent list.
fn recent(store: &Store) -> Vec<Replay> {
    let mut paths: Vec<PathBuf> = std::fs::read_dir(store.dir().join("recent"))
        .map(|d| d.map(|e| e.unwrap().path()).collect())
        .unwrap_or_default();
    paths.sort();
    paths.iter().map(|p| file::read(p).unwrap()).collect()
}

/// Plays `replay` again to its end; panics if it diverges. Returns the game's final hash.
fn verified(replay: &Replay) -> u64 {
    let mut playback = Playback::new(Arc::new(replay.clone())).expect("its level parses");
    playback.run_to_end();
    assert_eq!(playback.divergence(), None, "the replay diverged");
    playback.game().state_hash()
}

fn key(ctx: &mut Context, stack: &mut SceneStack, code: KeyCode) -> Flow {
    stack.key(ctx, PhysicalKey::Code(code), true, false);
    stack.key(ctx, PhysicalKey::Code(code), false, false)
}

/// A one-brick level across the whole width: the first launch clears it.
const ONE_WIDE_BRICK: &str = "2\n0\n0\n0\n";
/// Bricks of nine hits each: no game of these tests clears them.
const MANY_BRICKS: &str = "5*9 5*9 5*9 5*9\n4*9 4*9 4*9 4*9\n";

/// Runs frames of `dt` seconds, launching the ball whenever it waits, until the stack holds
/// `len` scenes (or `frames` frames ran).
fn play_until(ctx: &mut Context, stack: &mut SceneStack, len: usize, frames: u32) {
    for _ in 0..frames {
        if stack.len() == len {
            return;
        }
        ctx.input.clicked();
        assert_eq!(stack.update(ctx, 0.1), Flow::Continue);
    }
}

/// The text of the menu's drawn rows, spaces left out.
fn menu_text(ctx: &Context, stack: &SceneStack) -> String {
    let mut batch = SpriteBatch::default();
    stack.draw(ctx, &mut batch);
    batch
        .text
        .iter()
        .filter_map(crate::view::text::glyph_char)
        .collect()
}

/// `text` without spaces, as [`menu_text`] reads it.
fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn a_played_level_leaves_a_recent_replay_that_plays_back_the_same() {
    let dir = test_dir("rec", "recent");
    let path = test_level_set(&dir, &[MANY_BRICKS]).join("01.lvl");
    let mut ctx = test_context_in(&dir);
    ctx.options.autoplay = true;
    let timed = PowerUpKind::Sticky;
    ctx.options.powerups = vec![timed, PowerUpKind::Points100];
    let level = Level::load(&path).unwrap();
    let campaign = Campaign::single("test", LevelSource::File(path.clone()));
    let play = PlayScene::start(&mut ctx, GameStart::Level(campaign, &level)).unwrap();
    let mut stack = SceneStack::new(Box::new(play));
    for frame in 0..300 {
        if frame == 100 {
            key(&mut ctx, &mut stack, KeyCode::KeyC);
        }
        if frame == 200 {
            // A live reload: the file saved with another name, which the title then shows.
            std::fs::write(&path, format!("@name: Reloaded\n{MANY_BRICKS}")).unwrap();
            let start = std::time::Instant::now();
            while !stack.title().contains("Reloaded") && start.elapsed().as_secs() < 5 {
                stack.update(&mut ctx, 0.0);
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            assert!(stack.title().contains("Reloaded"), "not reloaded in 5 s");
        }
        assert_eq!(stack.update(&mut ctx, 0.05), Flow::Continue);
    }
    assert_eq!(stack.len(), 1, "still playing");
    let live = stack.live_game().map(|g| g.state_hash());
    drop(stack);
    let store = ctx.replays.clone().unwrap();
    let replays = recent(&store);
    assert_eq!(replays.len(), 1, "one game, one recent replay");
    let replay = &replays[0];
    assert_eq!(replay.steps(), ctx.game_steps, "every step recorded");
    assert_eq!(replay.header.played_by.as_deref(), Some("bot"));
    assert_eq!(replay.header.origin.set.as_deref(), Some("test"));
    let has = |f: &dyn Fn(&ChangeKind) -> bool| replay.changes.iter().any(|c| f(&c.kind));
    assert!(has(
        &|k| *k == ChangeKind::Collision(ctx.collision.name().into())
    ));
    assert!(has(&|k| *k == ChangeKind::PowerUp(timed.name().into())));
    assert!(has(&|k| matches!(k, ChangeKind::Reload { .. })));
    let end = replay.end.expect("left: the replay has an end");
    assert_eq!(end.outcome, Outcome::Left);
    assert_eq!(Some(end.hash), live, "the end is the game as it was left");
    assert_eq!(verified(replay), end.hash);
    assert!(
        !store.unfinished_path().exists(),
        "the bot's game is not kept to be continued"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_editors_test_play_is_recorded_and_keeps_no_best_and_no_unfinished_run() {
    let dir = test_dir("rec", "trial");
    let mut ctx = test_context_in(&dir);
    ctx.scores = Some(HighScores::load(&dir.join("scores.toml")));
    let level = Level::parse(ONE_WIDE_BRICK, "edited").unwrap();
    let mut stack = SceneStack::new(Box::new(
        PlayScene::start(
            &mut ctx,
            GameStart::Trial {
                level: &level,
                autoplay: false,
            },
        )
        .unwrap(),
    ));
    play_until(&mut ctx, &mut stack, 2, 200);
    assert_eq!(stack.len(), 2, "the level was cleared");
    drop(stack);
    let store = ctx.replays.clone().unwrap();
    let replays = recent(&store);
    assert_eq!(replays.len(), 1);
    assert_eq!(replays[0].header.origin.set, None);
    assert_eq!(replays[0].end.map(|e| e.outcome), Some(Outcome::Cleared));
    verified(&replays[0]);
    assert!(!store.dir().join("best").exists());
    assert!(!store.unfinished_path().exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_best_run_is_kept_and_replaced_only_when_beaten() {
    let dir = test_dir("rec", "best");
    let path = test_level_set(&dir, &[ONE_WIDE_BRICK]).join("01.lvl");
    let mut ctx = test_context_in(&dir);
    let store = ctx.replays.clone().unwrap();
    let key = LevelSource::File(path.clone()).key();
    let best_path = store.best_path("test", &key);
    // Plays the level with `seed` (the player launching at once: the ball clears it).
    let play = |ctx: &mut Context, seed: u64| {
        ctx.game_config.seed = seed;
        let level = Level::load(&path).unwrap();
        let campaign = Campaign::single("test", LevelSource::File(path.clone()));
        let mut stack = SceneStack::new(Box::new(
            PlayScene::start(ctx, GameStart::Level(campaign, &level)).unwrap(),
        ));
        play_until(ctx, &mut stack, 2, 200);
        assert_eq!(stack.len(), 2, "the level ended");
    };
    let best_seed = || file::read(&best_path).unwrap().header.settings.seed;
    ctx.scores = Some(HighScores::load(&dir.join("scores1.toml")));
    play(&mut ctx, 1);
    assert_eq!(best_seed(), 1, "the first score is a best");
    verified(&file::read(&best_path).unwrap());
    // A table whose best is out of reach: the run is not kept.
    let scores = ctx.scores.as_mut().unwrap();
    scores.record_level(
        "test",
        &key,
        None,
        crate::highscores::Score::full(1_000_000),
        true,
    );
    play(&mut ctx, 2);
    assert_eq!(best_seed(), 1, "not beaten: the best run stays");
    // A fresh table: the next game beats it.
    ctx.scores = Some(HighScores::load(&dir.join("scores2.toml")));
    play(&mut ctx, 3);
    assert_eq!(best_seed(), 3, "beaten: the best run is replaced");
    assert!(
        !store.unfinished_path().exists(),
        "the run ended: nothing to continue"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_left_mid_level_is_offered_by_the_menu_and_continues_where_it_was_left() {
    let dir = test_dir("rec", "continue");
    let set = test_level_set(&dir, &[MANY_BRICKS, ONE_WIDE_BRICK]);
    let sets = vec![LevelSetSource::Directory(set.clone())];
    let set_label = LevelSetSource::Directory(set).label();
    let mut ctx = test_context_in(&dir);
    // The player launches and leaves the paddle still: lives must not run out.
    ctx.game_config.infinite_lives = true;
    let menu = MenuScene::new(Assets::built_in(), sets.clone());
    let mut stack = SceneStack::new(Box::new(menu));
    stack.update(&mut ctx, 0.0);
    assert!(!menu_text(&ctx, &stack).contains("Continue"));
    key(&mut ctx, &mut stack, KeyCode::Enter);
    key(&mut ctx, &mut stack, KeyCode::Enter);
    // The new-run screen: Start has the focus.
    key(&mut ctx, &mut stack, KeyCode::Enter);
    assert_eq!(stack.len(), 3, "playing");
    play_until(&mut ctx, &mut stack, 0, 30);
    key(&mut ctx, &mut stack, KeyCode::KeyC);
    play_until(&mut ctx, &mut stack, 0, 30);
    assert_eq!(stack.len(), 3, "still playing");
    let game = stack.live_game().unwrap();
    let (left_hash, left_score) = (game.state_hash(), game.score());
    let left_mode = ctx.collision;
    // Esc pauses, Esc asks, Esc ends the run; Esc leaves the level list.
    for _ in 0..4 {
        key(&mut ctx, &mut stack, KeyCode::Escape);
    }
    assert_eq!(stack.len(), 1, "back on the set menu");
    stack.update(&mut ctx, 0.0);
    let offer = format!("Continue: {set_label}, level 1, score {left_score}");
    assert!(
        menu_text(&ctx, &stack).contains(&squeezed(&offer)),
        "{offer:?} in {}",
        menu_text(&ctx, &stack)
    );
    drop(stack);

    // The game started again: the offer comes from the file.
    let store = ctx.replays.clone().unwrap();
    let mut ctx = test_context_in(&dir);
    ctx.game_config.infinite_lives = true;
    ctx.unfinished = UnfinishedSlot::new(Unfinished::load(&store));
    let mut stack = SceneStack::new(Box::new(MenuScene::new(Assets::built_in(), sets)));
    stack.update(&mut ctx, 0.0);
    assert!(menu_text(&ctx, &stack).contains(&squeezed(&offer)));
    key(&mut ctx, &mut stack, KeyCode::Enter);
    assert_eq!(stack.len(), 4, "menu, level list, game, pause");
    // The first pause after Continue offers what every pause of the game does (H4: it was a
    // bare pause, without R and F).
    let paused = menu_text(&ctx, &stack);
    assert!(
        paused.contains("Rrestart") && paused.contains("Fforkeverymode"),
        "{paused}"
    );
    assert!(stack
        .title()
        .contains(&format!("(1/2) — score {left_score} ")));
    key(&mut ctx, &mut stack, KeyCode::KeyP);
    assert_eq!(stack.len(), 3, "resumed");
    assert_eq!(stack.live_game().unwrap().state_hash(), left_hash);
    assert_eq!(ctx.collision, left_mode);
    // Recording goes on from there.
    let steps_before = file::read(&store.unfinished_path()).unwrap().steps();
    play_until(&mut ctx, &mut stack, 0, 10);
    drop(stack);
    let unfinished = file::read(&store.unfinished_path()).unwrap();
    assert!(unfinished.steps() > steps_before);
    assert_eq!(unfinished.end, None);
    verified(&unfinished);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_left_on_the_level_cleared_screen_continues_at_its_next_level() {
    let dir = test_dir("rec", "between");
    let set = test_level_set(&dir, &[ONE_WIDE_BRICK, MANY_BRICKS]);
    let sets = vec![LevelSetSource::Directory(set)];
    let mut ctx = test_context_in(&dir);
    let mut stack = SceneStack::new(Box::new(MenuScene::new(Assets::built_in(), sets)));
    key(&mut ctx, &mut stack, KeyCode::Enter);
    key(&mut ctx, &mut stack, KeyCode::Enter);
    key(&mut ctx, &mut stack, KeyCode::Enter);
    play_until(&mut ctx, &mut stack, 4, 200);
    assert_eq!(stack.len(), 4, "the level-cleared screen");
    let score = stack.title().split("score ").nth(1).unwrap().to_string();
    let score = score.split(' ').next().unwrap().to_string();
    key(&mut ctx, &mut stack, KeyCode::Escape);
    key(&mut ctx, &mut stack, KeyCode::Escape);
    stack.update(&mut ctx, 0.0);
    assert!(
        menu_text(&ctx, &stack).contains(&format!("level2,score{score}")),
        "{}",
        menu_text(&ctx, &stack)
    );
    key(&mut ctx, &mut stack, KeyCode::Enter);
    assert!(
        stack.title().contains(&format!("(2/2) — score {score} ")),
        "{}",
        stack.title()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_that_cannot_be_continued_says_why_and_enter_forgets_it() {
    let dir = test_dir("rec", "broken");
    let set = test_level_set(&dir, &[MANY_BRICKS]);
    let sets = vec![LevelSetSource::Directory(set.clone())];
    let store = Store::new(dir.join("replays"));
    // A damaged file, then a run whose set is gone.
    let level = Level::load(&set.join("01.lvl")).unwrap();
    let game = crate::sim::Game::new(&level, Default::default());
    let mut gone = Campaign::single("x", LevelSource::File(set.join("01.lvl")));
    gone = Campaign::resumed(
        &crate::assets::OpenedSet {
            source: LevelSetSource::Directory(dir.join("no-such-set")),
            name: "gone".into(),
            levels: vec![crate::assets::SetLevel {
                source: LevelSource::File(set.join("01.lvl")),
                name: "01".into(),
            }],
        },
        0,
        gone.score(),
        gone.lives(),
    );
    let mut orphan = super::recording::level_start(&gone, &game, &level, false);
    let cases: [(&[u8], &str); 2] = [
        (b"BKREPLAY\x01\x00 damaged", "damaged"),
        (&file::encode(orphan.replay()), "no longer installed"),
    ];
    for (bytes, why) in cases {
        std::fs::create_dir_all(store.dir()).unwrap();
        std::fs::write(store.unfinished_path(), bytes).unwrap();
        let mut ctx = test_context_in(&dir);
        ctx.unfinished = UnfinishedSlot::new(Unfinished::load(&store));
        let mut stack = SceneStack::new(Box::new(MenuScene::new(Assets::built_in(), sets.clone())));
        stack.update(&mut ctx, 0.0);
        let shown = menu_text(&ctx, &stack);
        assert!(shown.contains("Cannotcontinuethelastrun"), "{shown}");
        assert!(shown.contains(&squeezed(why)), "{why:?} in {shown}");
        key(&mut ctx, &mut stack, KeyCode::Enter);
        assert_eq!(stack.len(), 1, "nothing started");
        ctx.writer.flush();
        assert!(!store.unfinished_path().exists(), "forgotten");
        assert!(!menu_text(&ctx, &stack).contains("Cannotcontinue"));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Play-test H21: a run continued after its level's file was edited plays the level it
/// recorded, and the pause screen it opens on says so; unedited, it says nothing.
#[test]
fn a_run_continued_after_its_level_file_changed_says_so() {
    let dir = test_dir("rec", "edited");
    let set = test_level_set(&dir, &[MANY_BRICKS, ONE_WIDE_BRICK]);
    let sets = vec![LevelSetSource::Directory(set.clone())];
    let note = squeezed("the level file changed since; continuing the version you played");
    let mut ctx = test_context_in(&dir);
    ctx.game_config.infinite_lives = true;
    let mut stack = SceneStack::new(Box::new(MenuScene::new(Assets::built_in(), sets.clone())));
    stack.update(&mut ctx, 0.0);
    for _ in 0..3 {
        key(&mut ctx, &mut stack, KeyCode::Enter);
    }
    assert_eq!(stack.len(), 3, "playing");
    play_until(&mut ctx, &mut stack, 0, 30);
    for _ in 0..4 {
        key(&mut ctx, &mut stack, KeyCode::Escape);
    }
    assert_eq!(stack.len(), 1, "back on the set menu");
    drop(stack);
    let store = ctx.replays.clone().unwrap();
    for edited in [false, true] {
        if edited {
            std::fs::write(set.join("01.lvl"), "5*9 5*9\n").unwrap();
        }
        let mut ctx = test_context_in(&dir);
        ctx.game_config.infinite_lives = true;
        ctx.unfinished = UnfinishedSlot::new(Unfinished::load(&store));
        let mut stack = SceneStack::new(Box::new(MenuScene::new(Assets::built_in(), sets.clone())));
        stack.update(&mut ctx, 0.0);
        key(&mut ctx, &mut stack, KeyCode::Enter);
        assert_eq!(stack.len(), 4, "menu, level list, game, pause");
        let shown = menu_text(&ctx, &stack);
        assert_eq!(shown.contains(&note), edited, "{shown}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
