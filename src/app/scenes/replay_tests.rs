//! The replay screen's keys, in process: a game of the bot on 04 Rainbow recorded as
//! `breakout simulate --record` records it, then watched — paused, stepped forward and back,
//! sped up and slowed down, seeked with Home, End and the arrows, taken over — each checked
//! against the state hash of the replay played straight to the same step.

use super::replay::ReplayScene;
use super::replay_watch::SEEK_STEPS;
use super::stack::Flow;
use super::{press, test_context, Context, Pointer, Scene, SceneStack, Transition};
use crate::app::scenes::Drive;
use crate::assets::{load_level_arg, Assets};
use crate::commands::simulate::simulate_recorded;
use crate::replay::{Origin, Playback, Replay};
use crate::sim::GameConfig;
use crate::view::text::glyph_char;
use crate::view::{timeline, SpriteBatch};
use std::sync::{Arc, OnceLock};
use winit::keyboard::{KeyCode, PhysicalKey};

/// Steps the bot's game holds.
const STEPS: u64 = 2000;

/// The bot's game of 04 Rainbow, 2000 steps (recorded once).
fn recorded() -> &'static Replay {
    static REPLAY: OnceLock<Replay> = OnceLock::new();
    REPLAY.get_or_init(|| {
        let level = load_level_arg(&Assets::built_in(), "04-rainbow").expect("shipped level");
        let origin = Some(Origin::default());
        let (_, replay) = simulate_recorded(&level, STEPS, GameConfig::default(), origin);
        replay.expect("recorded")
    })
}

/// The state hash of the recorded game played straight to `step`.
fn straight(step: u64) -> u64 {
    let mut playback = Playback::new(Arc::new(recorded().clone())).unwrap();
    assert_eq!(playback.advance(step), step);
    playback.game().state_hash()
}

fn scene(replay: Replay) -> ReplayScene {
    ReplayScene::new(replay, "test.bkreplay".into()).expect("plays")
}

/// A key pressed and let go, as the scene stack gives it to the top scene.
pub(super) fn key(scene: &mut ReplayScene, ctx: &mut Context, code: KeyCode) -> Transition {
    let key = PhysicalKey::Code(code);
    let mut transition = Transition::None;
    if !scene.key_event(ctx, key, true) {
        if let Some(code) = press(key, true, false) {
            transition = scene.key_press(ctx, code);
        }
    }
    scene.key_event(ctx, key, false);
    transition
}

fn at(scene: &ReplayScene) -> u64 {
    scene.watch().at()
}

fn hash(scene: &ReplayScene) -> u64 {
    scene.watch().game().state_hash()
}

#[test]
fn space_pauses_and_plays_and_time_runs_only_while_playing() {
    let mut ctx = test_context();
    let mut s = scene(recorded().clone());
    s.update(&mut ctx, 0.1);
    assert!((23..=24).contains(&at(&s)), "0.1 s at x1: {}", at(&s));
    assert!(s.live_game().is_some(), "balls leave trails while it plays");
    key(&mut s, &mut ctx, KeyCode::Space);
    let paused_at = at(&s);
    for _ in 0..10 {
        s.update(&mut ctx, 0.1);
    }
    assert_eq!(at(&s), paused_at, "paused");
    assert!(
        s.chrome().title.unwrap().ends_with("— paused"),
        "{:?}",
        s.chrome().title
    );
    assert!(s.live_game().is_none() && s.chrome().shows_cursor);
    key(&mut s, &mut ctx, KeyCode::Space);
    s.update(&mut ctx, 0.1);
    assert!((paused_at + 23..=paused_at + 24).contains(&at(&s)));
    assert_eq!(hash(&s), straight(at(&s)));
    assert_eq!(ctx.game_steps, at(&s));
}

#[test]
fn single_steps_forward_and_back_give_the_game_of_straight_play() {
    let mut ctx = test_context();
    let mut s = scene(recorded().clone());
    // Played to about 1 s, then stepped back across the keyframe of step 240.
    for _ in 0..5 {
        s.update(&mut ctx, 0.25);
    }
    let played = at(&s);
    assert!(played > 241, "{played}");
    for n in 1..=(played - 239) {
        key(&mut s, &mut ctx, KeyCode::Comma);
        assert_eq!(at(&s), played - n);
    }
    assert_eq!(at(&s), 239);
    assert_eq!(hash(&s), straight(239));
    assert!(s.watch().paused(), "a step pauses");
    s.update(&mut ctx, 1.0);
    assert_eq!(at(&s), 239, "and stays paused");
    key(&mut s, &mut ctx, KeyCode::Period);
    key(&mut s, &mut ctx, KeyCode::Period);
    assert_eq!((at(&s), hash(&s)), (241, straight(241)));
    // Back from a seek far ahead of what was played: 1200 then one back.
    key(&mut s, &mut ctx, KeyCode::ArrowRight);
    assert_eq!(at(&s), 241 + SEEK_STEPS);
    key(&mut s, &mut ctx, KeyCode::Comma);
    assert_eq!(
        (at(&s), hash(&s)),
        (240 + SEEK_STEPS, straight(240 + SEEK_STEPS))
    );
    key(&mut s, &mut ctx, KeyCode::Home);
    key(&mut s, &mut ctx, KeyCode::Comma);
    assert_eq!(at(&s), 0, "no step before the first");
}

#[test]
fn home_end_and_the_arrows_seek() {
    let mut ctx = test_context();
    let mut s = scene(recorded().clone());
    key(&mut s, &mut ctx, KeyCode::End);
    assert_eq!(at(&s), STEPS);
    assert!(s.watch().at_end() && s.chrome().title.unwrap().ends_with("— end"));
    assert_eq!(hash(&s), straight(STEPS));
    s.update(&mut ctx, 0.25);
    assert_eq!(at(&s), STEPS, "the end stops");
    key(&mut s, &mut ctx, KeyCode::ArrowLeft);
    assert_eq!(
        (at(&s), hash(&s)),
        (STEPS - SEEK_STEPS, straight(STEPS - SEEK_STEPS))
    );
    key(&mut s, &mut ctx, KeyCode::ArrowLeft);
    assert_eq!(at(&s), 0, "clamped at the start");
    key(&mut s, &mut ctx, KeyCode::ArrowRight);
    key(&mut s, &mut ctx, KeyCode::ArrowRight);
    assert_eq!(at(&s), STEPS, "clamped at the end");
    key(&mut s, &mut ctx, KeyCode::Home);
    assert_eq!((at(&s), hash(&s)), (0, straight(0)));
    // Space at the end plays again from the start.
    key(&mut s, &mut ctx, KeyCode::End);
    key(&mut s, &mut ctx, KeyCode::Space);
    assert_eq!(at(&s), 0);
    assert!(!s.watch().paused());
}

#[test]
fn speeds_change_how_many_steps_a_second_runs_never_the_step() {
    let mut ctx = test_context();
    let mut s = scene(recorded().clone());
    key(&mut s, &mut ctx, KeyCode::Minus);
    key(&mut s, &mut ctx, KeyCode::Minus);
    assert_eq!(s.watch().speed_label(), "x1/4");
    for _ in 0..10 {
        s.update(&mut ctx, 0.1);
    }
    assert!((59..=60).contains(&at(&s)), "1 s at x1/4: {} steps", at(&s));
    for _ in 0..3 {
        key(&mut s, &mut ctx, KeyCode::Minus);
    }
    assert_eq!(s.watch().speed_label(), "x1/8", "the slowest stops there");
    for _ in 0..9 {
        key(&mut s, &mut ctx, KeyCode::Equal);
    }
    assert_eq!(s.watch().speed(), 8.0);
    let before = at(&s);
    for _ in 0..4 {
        s.update(&mut ctx, 0.2);
    }
    let ran = at(&s) - before;
    assert!((1535..=1536).contains(&ran), "0.8 s at x8: {ran} steps");
    assert_eq!(hash(&s), straight(at(&s)), "the same game, only faster");
    // A stall counts as a quarter second at any speed.
    key(&mut s, &mut ctx, KeyCode::Home);
    s.update(&mut ctx, 5.0);
    assert!((479..=480).contains(&at(&s)), "{}", at(&s));
}

#[test]
fn take_over_plays_the_game_on_live_from_the_step_shown() {
    let mut ctx = test_context();
    let mut stack = SceneStack::new(Box::new(scene(recorded().clone())));
    let tap = |ctx: &mut Context, stack: &mut SceneStack, code| {
        stack.key(ctx, PhysicalKey::Code(code), true, false);
        stack.key(ctx, PhysicalKey::Code(code), false, false);
    };
    tap(&mut ctx, &mut stack, KeyCode::ArrowRight);
    tap(&mut ctx, &mut stack, KeyCode::Comma);
    let step = SEEK_STEPS - 1;
    assert!(stack.title().contains(&format!("step {step}/")));
    // The game taken over is recorded on from the replay cut at this step (`--record` writes
    // it when the game is left).
    let record =
        std::env::temp_dir().join(format!("breakout-taken-{}.bkreplay", std::process::id()));
    ctx.options.record = Some(record.clone());
    tap(&mut ctx, &mut stack, KeyCode::KeyT);
    assert_eq!(stack.len(), 2, "a game over the replay screen");
    let game = stack.live_game().expect("a live game");
    assert_eq!(game.state_hash(), straight(step));
    assert!(stack.title().contains("(1/1)"), "{}", stack.title());
    // The HUD says it is a take-over, and that a `simulate` replay's lives never run out
    // (play-test H17; the glyphs, without spaces).
    let (text, _) = screen(&stack, &ctx);
    assert!(
        text.contains("TAKENOVER,NOHIGHSCORE") && text.contains("ENDLESSLIVES"),
        "{text}"
    );
    // The player's paddle: Right held moves it.
    let x = game.paddle().pos.x;
    stack.key(
        &mut ctx,
        PhysicalKey::Code(KeyCode::ArrowRight),
        true,
        false,
    );
    assert_eq!(stack.update(&mut ctx, 0.1), Flow::Continue);
    assert!(stack.live_game().unwrap().paddle().pos.x > x);
    stack.key(
        &mut ctx,
        PhysicalKey::Code(KeyCode::ArrowRight),
        false,
        false,
    );
    // Esc pauses; Esc there asks, and again leaves the game for the replay, paused where it
    // was taken over.
    tap(&mut ctx, &mut stack, KeyCode::Escape);
    assert_eq!(stack.len(), 3);
    // Leaving goes back to the replay, and the pause screen says so (H6: it said the menu).
    let shown = |ctx: &Context, stack: &SceneStack| -> String {
        let mut batch = crate::view::SpriteBatch::default();
        stack.draw(ctx, &mut batch);
        let glyphs = batch.text.iter().filter_map(crate::view::text::glyph_char);
        glyphs.collect()
    };
    let paused = shown(&ctx, &stack);
    assert!(
        paused.contains("ESCreplay") && !paused.contains("menu"),
        "{paused}"
    );
    tap(&mut ctx, &mut stack, KeyCode::Escape);
    let asking = shown(&ctx, &stack);
    assert!(asking.contains("ESCyes,backtothereplay"), "{asking}");
    tap(&mut ctx, &mut stack, KeyCode::Escape);
    assert_eq!(stack.len(), 1);
    let taken = crate::replay::file::read(&record).expect("the taken-over game's replay");
    let _ = std::fs::remove_file(&record);
    assert_eq!(taken.header.taken_over_at, Some(step));
    assert!(taken.steps() > step, "{} steps", taken.steps());
    let mut playback = crate::replay::Playback::new(Arc::new(taken)).unwrap();
    playback.advance(step);
    assert_eq!(playback.game().state_hash(), straight(step));
    playback.run_to_end();
    assert_eq!(playback.divergence(), None);
    assert!(
        stack.title().contains(&format!("step {step}/")) && stack.title().ends_with("— paused"),
        "{}",
        stack.title()
    );
    // Esc on the replay screen leaves it (the window closes when it was alone).
    stack.key(&mut ctx, PhysicalKey::Code(KeyCode::Escape), true, false);
    assert!(stack.is_empty());
}

#[test]
fn a_game_taken_over_keeps_no_high_score() {
    let campaign = super::play::Campaign::taken_over(Arc::new(recorded().level().unwrap()), 0, 3);
    assert!(!campaign.keeps_scores());
    let mut ctx = test_context();
    let dir = std::env::temp_dir().join(format!("breakout-takeover-{}", std::process::id()));
    ctx.scores = Some(crate::highscores::HighScores::load(
        &dir.join("scores.toml"),
    ));
    assert_eq!(
        ctx.record_level(&campaign, crate::highscores::Score::full(500), true),
        None
    );
    assert_eq!(
        ctx.record_run(&campaign, crate::highscores::Score::full(500)),
        None
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The glyphs of the scene's picture: rectangle and character.
fn drawn(scene: &ReplayScene, ctx: &Context) -> Vec<([f32; 4], char)> {
    let mut batch = SpriteBatch::default();
    scene.draw(ctx, &mut batch, false);
    batch
        .text
        .iter()
        .filter_map(|s| glyph_char(s).map(|c| (s.i_rect, c)))
        .collect()
}

#[test]
fn a_diverged_replay_says_where_plays_on_and_nothing_overlaps() {
    let mut replay = recorded().clone();
    replay.hashes[2] ^= 1;
    let mut ctx = test_context();
    let mut s = scene(replay);
    let text = |s: &ReplayScene, ctx: &Context| -> String {
        drawn(s, ctx).iter().map(|(_, c)| *c).collect()
    };
    assert!(!text(&s, &ctx).contains("DIVERGED"));
    assert!(text(&s, &ctx).contains("REPLAY") && !text(&s, &ctx).contains("DEMO"));
    key(&mut s, &mut ctx, KeyCode::End);
    assert_eq!(at(&s), STEPS, "it plays on to the end");
    assert_eq!(hash(&s), straight(STEPS), "what the simulation does");
    let shown = text(&s, &ctx);
    assert!(shown.contains("DIVERGEDatstep720(0:03)"), "{shown}");
    key(&mut s, &mut ctx, KeyCode::Home);
    assert!(
        text(&s, &ctx).contains("DIVERGED"),
        "kept after a seek back"
    );
    // With the help panel too, no glyph overlaps another (a shadow, 1 px off its glyph, aside).
    key(&mut s, &mut ctx, KeyCode::KeyH);
    key(&mut s, &mut ctx, KeyCode::ArrowRight);
    let glyphs = drawn(&s, &ctx);
    assert!(glyphs.iter().any(|(_, c)| *c == 'K'), "the help shows");
    for (i, (a, ca)) in glyphs.iter().enumerate() {
        for (b, cb) in &glyphs[i + 1..] {
            let shadow = ca == cb && (b[0] - a[0]).abs() == 1.0 && (b[1] - a[1]).abs() == 1.0;
            // Cells that touch are not an overlap (0.01 px for the rounding of sums).
            let e = 0.01;
            let overlap = a[0] + e < b[0] + b[2]
                && b[0] + e < a[0] + a[2]
                && a[1] + e < b[1] + b[3]
                && b[1] + e < a[1] + a[3];
            assert!(shadow || !overlap, "{ca:?} {a:?} overlaps {cb:?} {b:?}");
        }
    }
}

#[test]
fn a_click_or_a_drag_on_the_timeline_seeks() {
    let mut ctx = test_context();
    let mut s = scene(recorded().clone());
    let y = timeline::TEXT_Y + 4.0;
    let x = timeline::BAR_X + timeline::BAR_W / 2.0;
    s.pointer(&mut ctx, Pointer::Moved(glam::Vec2::new(x, y)));
    s.pointer(&mut ctx, Pointer::Down(super::MouseButton::Left));
    assert_eq!((at(&s), hash(&s)), (STEPS / 2, straight(STEPS / 2)));
    let x = timeline::BAR_X + timeline::BAR_W / 4.0;
    s.pointer(&mut ctx, Pointer::Moved(glam::Vec2::new(x, 300.0)));
    assert_eq!(at(&s), STEPS / 4, "dragging, over the game too");
    s.pointer(&mut ctx, Pointer::Up(super::MouseButton::Left));
    s.pointer(&mut ctx, Pointer::Moved(glam::Vec2::new(10.0, 300.0)));
    assert_eq!(at(&s), STEPS / 4, "released");
    s.pointer(&mut ctx, Pointer::Down(super::MouseButton::Left));
    assert_eq!(at(&s), STEPS / 4, "a click over the game does not seek");
}

#[test]
fn a_file_that_is_not_a_replay_is_one_error_naming_it() {
    let path = std::env::temp_dir().join(format!(
        "breakout-notreplay-{}.bkreplay",
        std::process::id()
    ));
    std::fs::write(&path, b"hello").unwrap();
    let err = ReplayScene::open(&path).err().expect("refused");
    let _ = std::fs::remove_file(&path);
    assert!(err.starts_with(&path.display().to_string()), "{err}");
    let missing = std::env::temp_dir().join("breakout-no-such-replay.bkreplay");
    let err = ReplayScene::open(&missing).err().expect("refused");
    assert!(err.contains("breakout-no-such-replay.bkreplay"), "{err}");
}

/// A fresh replays store in a temporary directory.
fn temp_store(name: &str) -> crate::replay::Store {
    let dir = std::env::temp_dir().join(format!("breakout-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    crate::replay::Store::new(dir)
}

/// All the text of the top scene's picture, and its glyphs.
fn screen(stack: &SceneStack, ctx: &Context) -> (String, Vec<([f32; 4], char)>) {
    let mut batch = SpriteBatch::default();
    stack.draw(ctx, &mut batch);
    let glyphs: Vec<_> = batch
        .text
        .iter()
        .filter_map(|s| glyph_char(s).map(|c| (s.i_rect, c)))
        .collect();
    (glyphs.iter().map(|(_, c)| *c).collect(), glyphs)
}

#[test]
fn the_menu_lists_the_replays_with_their_facts_and_enter_watches_one() {
    use super::menu::MenuScene;
    use crate::assets::LevelSetSource;
    let store = temp_store("replays-list");
    let mut ctx = test_context();
    ctx.replays = Some(store.clone());
    let mut stack = SceneStack::new(Box::new(MenuScene::new(
        Assets::built_in(),
        vec![LevelSetSource::Shipped],
    )));
    let tap = |ctx: &mut Context, stack: &mut SceneStack, code| {
        stack.key(ctx, PhysicalKey::Code(code), true, false);
    };
    // The menu's last entry, after the sets.
    tap(&mut ctx, &mut stack, KeyCode::End);
    assert!(screen(&stack, &ctx).0.contains(">Replays"));
    tap(&mut ctx, &mut stack, KeyCode::Enter);
    assert_eq!(stack.title(), "Breakout — replays");
    // None kept yet: the list says where they go.
    let (text, _) = screen(&stack, &ctx);
    let dir: String = store.dir().display().to_string().replace(' ', "");
    assert!(
        text.contains("Noreplaysyet") && text.contains(&dir),
        "{text}"
    );
    tap(&mut ctx, &mut stack, KeyCode::Escape);
    // Three kept: two recent games and a best run.
    let mut replay = recorded().clone();
    replay.header.recorded_at = 1_700_000_000;
    replay.header.origin.set = Some("shipped".into());
    for t in [0, 60] {
        replay.header.recorded_at += t;
        let path = store.recent_path(&replay);
        store.save_recent(&path, &replay).unwrap();
    }
    crate::replay::file::write(&store.best_path("shipped", "04-rainbow.lvl"), &replay).unwrap();
    tap(&mut ctx, &mut stack, KeyCode::Enter);
    let (text, glyphs) = screen(&stack, &ctx);
    let score = replay.end.unwrap().score;
    let row = format!("04Rainbow(shipped)2023-11-1422:14UTC{score}0:08clamp");
    assert!(text.contains(&row), "{text}");
    assert!(
        text.contains("BEST04Rainbow(shipped)2023-11-1422:14UTC"),
        "{text}"
    );
    assert_eq!(text.matches("04Rainbow").count(), 3, "{text}");
    for (i, (a, ca)) in glyphs.iter().enumerate() {
        for (b, cb) in &glyphs[i + 1..] {
            let e = 0.01;
            let overlap = a[0] + e < b[0] + b[2]
                && b[0] + e < a[0] + a[2]
                && a[1] + e < b[1] + b[3]
                && b[1] + e < a[1] + a[3];
            assert!(!overlap, "{ca:?} {a:?} overlaps {cb:?} {b:?}");
        }
    }
    tap(&mut ctx, &mut stack, KeyCode::Enter);
    assert_eq!(stack.len(), 3);
    assert!(
        stack.title().starts_with("Breakout — replay "),
        "{}",
        stack.title()
    );
    tap(&mut ctx, &mut stack, KeyCode::Escape);
    assert_eq!(stack.len(), 2, "Esc leaves the replay for the list");
    let _ = std::fs::remove_dir_all(store.dir());
}

#[test]
fn f4_in_the_level_list_watches_the_levels_best_run_when_one_is_kept() {
    use super::level_menu::{LevelMenuScene, BEST_RUN_KEY};
    use crate::assets::LevelSetSource;
    let store = temp_store("best-run");
    let mut ctx = test_context();
    ctx.replays = Some(store.clone());
    let set = Arc::new(LevelSetSource::Shipped.open(&Assets::built_in()).unwrap());
    let level_key = set.levels[3].source.key();
    let mut stack = SceneStack::new(Box::new(LevelMenuScene::new(set.clone(), 3)));
    stack.key(&mut ctx, PhysicalKey::Code(BEST_RUN_KEY), true, false);
    assert_eq!(stack.len(), 1);
    assert!(screen(&stack, &ctx).0.contains("nobestrun"));
    assert!(
        screen(&stack, &ctx).0.contains("F4bestrun"),
        "the hint line says so"
    );
    let best = store.best_path(&set.source.key(), &level_key);
    crate::replay::file::write(&best, recorded()).unwrap();
    stack.key(&mut ctx, PhysicalKey::Code(BEST_RUN_KEY), true, false);
    assert_eq!(stack.len(), 2);
    assert!(stack.title().contains("04 Rainbow"), "{}", stack.title());
    let _ = std::fs::remove_dir_all(store.dir());
}
