//! A run through a set, in process: the bot plays a set of two one-brick levels from the level
//! list; score and lives carry over from the first level to the second, the run ends on the
//! winning screen and goes back to the list, and nothing is written to the high-score file.

use super::level_menu::LevelMenuScene;
use super::play::{Campaign, GameStart, PlayScene};
use super::stack::Flow;
use super::{test_context, SceneStack};
use crate::app::scenes::{Drive, SceneInput};
use crate::assets::LevelSetSource;
use crate::highscores::{HighScores, Score};
use std::path::PathBuf;
use std::sync::Arc;

/// A fresh directory holding a set of two one-brick levels.
fn two_level_set(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakout-run-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("set")).unwrap();
    std::fs::write(dir.join("set/01-a.lvl"), "0 2 0 0\n0 0 0 0\n").unwrap();
    std::fs::write(dir.join("set/02-b.lvl"), "0 0 3 0\n0 0 0 0\n").unwrap();
    dir
}

/// `(level number, score, lives)` read from the game's window title
/// ("Breakout — NAME (N/M) — score S — lives L — collision: …").
fn parse_title(title: &str) -> Option<(usize, u32, u32)> {
    let number = title.split(" (").nth(1)?.split('/').next()?.parse().ok()?;
    let field = |name: &str| -> Option<u32> {
        title
            .split(&format!("— {name} "))
            .nth(1)?
            .split(' ')
            .next()?
            .parse()
            .ok()
    };
    Some((number, field("score")?, field("lives")?))
}

#[test]
fn the_bot_plays_a_set_as_one_game_and_records_nothing() {
    let dir = two_level_set("bot");
    let scores_path = dir.join("highscores.toml");
    let set = LevelSetSource::Directory(dir.join("set"))
        .open(&crate::assets::Assets::built_in())
        .unwrap();
    let mut ctx = test_context();
    ctx.options.autoplay = true;
    ctx.scores = Some(HighScores::load(&scores_path));
    let mut stack = SceneStack::new(Box::new(LevelMenuScene::new(Arc::new(set), 0)));
    let mut seen: Vec<(usize, u32, u32)> = Vec::new();
    let mut won = false;
    for frame in 0..4000 {
        assert_eq!(stack.update(&mut ctx, 0.1), Flow::Continue, "frame {frame}");
        if let Some(state) = parse_title(&stack.title()) {
            seen.push(state);
        }
        won |= stack.len() == 3 && seen.last().is_some_and(|s| s.0 == 2);
        if won && stack.len() == 1 {
            break;
        }
    }
    assert!(won, "the run never reached its end screen: {seen:?}");
    assert_eq!(stack.len(), 1, "autoplay goes back to the level list");
    let last_of_first = seen
        .iter()
        .rev()
        .find(|s| s.0 == 1)
        .expect("level 1 played");
    let first_of_second = seen.iter().find(|s| s.0 == 2).expect("level 2 played");
    assert!(last_of_first.1 > 0, "the first level scored: {seen:?}");
    assert_eq!(
        (first_of_second.1, first_of_second.2),
        (last_of_first.1, last_of_first.2),
        "level 2 starts with the score and lives level 1 ended with"
    );
    let last = seen.last().unwrap();
    assert!(
        last.1 > last_of_first.1,
        "the run's score adds level 2's points"
    );
    assert!(
        !scores_path.exists(),
        "the bot's run was written as high scores"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// "NEW BEST!" shown when nothing was saved (a play-test): with a high-score file that cannot be
/// written (here its directory is a file), the result says the new best was not saved.
#[test]
fn a_new_best_that_cannot_be_saved_says_so() {
    let dir = two_level_set("unsaved");
    let set = LevelSetSource::Directory(dir.join("set"))
        .open(&crate::assets::Assets::built_in())
        .unwrap();
    let run = Campaign::new(&set, 0);
    std::fs::write(dir.join("not-a-dir"), "").unwrap();
    let mut ctx = test_context();
    ctx.scores = Some(HighScores::load(&dir.join("not-a-dir").join("scores.toml")));
    let best = ctx.record_run(&run, Score::full(300)).expect("a table");
    assert!(best.is_best && !best.saved, "{best:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_level_starts_with_the_score_and_lives_its_run_carries() {
    let dir = two_level_set("carry");
    let set = LevelSetSource::Directory(dir.join("set"))
        .open(&crate::assets::Assets::built_in())
        .unwrap();
    let mut ctx = test_context();
    let second = Campaign::new(&set, 0).next(4321, 7);
    let level = second.source().unwrap().load().unwrap();
    let play = PlayScene::start(&mut ctx, GameStart::Level(second, &level)).unwrap();
    let stack = SceneStack::new(Box::new(play));
    let game = stack.live_game().expect("a game runs");
    assert_eq!((game.score(), game.lives()), (4321, 7));
    assert_eq!(parse_title(&stack.title()), Some((2, 4321, 7)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn scores_are_written_for_the_player_and_never_for_the_bot() {
    let dir = two_level_set("record");
    let set = LevelSetSource::Directory(dir.join("set"))
        .open(&crate::assets::Assets::built_in())
        .unwrap();
    let run = Campaign::new(&set, 0);
    for autoplay in [true, false] {
        let path = dir.join(format!("scores-{autoplay}.toml"));
        let mut ctx = test_context();
        ctx.options.autoplay = autoplay;
        ctx.scores = Some(HighScores::load(&path));
        let level = ctx.record_level(&run, Score::full(120), true);
        let whole = ctx.record_run(&run, Score::full(300));
        if autoplay {
            assert_eq!((level, whole), (None, None));
            assert!(!path.exists(), "autoplay wrote {}", path.display());
        } else {
            let best = Some(super::Best {
                previous: None,
                is_best: true,
                saved: true,
            });
            assert_eq!((level, whole), (best, best));
            let saved = HighScores::load(&path);
            let key = LevelSetSource::Directory(dir.join("set")).key();
            let best = saved.level(&key, "01-a.lvl", None).expect("saved");
            assert_eq!((best.best, best.cleared), (120, true));
            assert_eq!(saved.best_run(&key), Some(Score::full(300)));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A run lost to one Esc, and a game playing on behind a lost focus (a play-test): Esc in play
/// pauses (Esc there asks, and a third Esc leaves), losing the focus pauses, and only the
/// player's key resumes.
#[test]
fn esc_and_a_lost_focus_pause_the_game_instead_of_dropping_it() {
    use winit::keyboard::{KeyCode, PhysicalKey};
    let dir = two_level_set("pause");
    let set = LevelSetSource::Directory(dir.join("set"))
        .open(&crate::assets::Assets::built_in())
        .unwrap();
    let mut ctx = test_context();
    let mut stack = SceneStack::new(Box::new(LevelMenuScene::new(Arc::new(set), 0)));
    let press = |stack: &mut SceneStack, ctx: &mut super::Context, code| {
        let flow = stack.key(ctx, PhysicalKey::Code(code), true, false);
        stack.key(ctx, PhysicalKey::Code(code), false, false);
        flow
    };
    press(&mut stack, &mut ctx, KeyCode::Enter);
    // The new-run screen: Start has the focus.
    press(&mut stack, &mut ctx, KeyCode::Enter);
    assert_eq!(stack.len(), 2, "playing");
    press(&mut stack, &mut ctx, KeyCode::Escape);
    assert_eq!(stack.len(), 3, "Esc paused");
    press(&mut stack, &mut ctx, KeyCode::KeyP);
    assert_eq!(stack.len(), 2, "P resumed");
    stack.input(&mut ctx, SceneInput::FocusLost);
    assert_eq!(stack.len(), 3, "a lost focus paused");
    stack.update(&mut ctx, 5.0);
    assert_eq!(stack.len(), 3, "and stays paused");
    // Esc on the pause screen asks first: another key keeps the run, Esc again ends it.
    press(&mut stack, &mut ctx, KeyCode::Escape);
    assert_eq!(stack.len(), 3, "Esc on the pause screen asks");
    press(&mut stack, &mut ctx, KeyCode::KeyN);
    assert_eq!(stack.len(), 3, "any other key keeps the run, paused");
    press(&mut stack, &mut ctx, KeyCode::Escape);
    press(&mut stack, &mut ctx, KeyCode::Escape);
    assert_eq!(stack.len(), 1, "Esc, Esc on the pause screen leaves");
    let _ = std::fs::remove_dir_all(&dir);
}

/// An end screen dismissed unseen (a play-test): Space pressed to launch must not dismiss it.
#[test]
fn end_screens_ignore_confirm_keys_for_a_moment() {
    use super::run_over::{RunEnd, RunOverScene};
    use super::{Outcome, Scene, Transition, CONFIRM_DELAY};
    use winit::keyboard::KeyCode;
    let mut ctx = test_context();
    let outcome = Outcome {
        score: Score::full(10),
        best: None,
    };
    let mut screen = RunOverScene::new(RunEnd::GameOver, outcome);
    let acts = |t: Transition| !matches!(t, Transition::None);
    assert!(
        !acts(screen.key_press(&mut ctx, KeyCode::Space)),
        "too soon"
    );
    screen.update(&mut ctx, CONFIRM_DELAY + 0.1);
    assert!(
        acts(screen.key_press(&mut ctx, KeyCode::Space)),
        "then it goes"
    );
    let mut screen = RunOverScene::new(RunEnd::GameOver, outcome);
    assert!(
        acts(screen.key_press(&mut ctx, KeyCode::Escape)),
        "Esc at once"
    );
}

/// A play-test found: back from a run, the level list's cursor was on the first level, not where
/// the run ended. It is where the run ended (for its own set only).
#[test]
fn the_level_list_cursor_lands_where_the_run_ended() {
    let dir = two_level_set("cursor");
    let set = LevelSetSource::Directory(dir.join("set"))
        .open(&crate::assets::Assets::built_in())
        .unwrap();
    let key = set.source.key();
    let mut ctx = test_context();
    use winit::keyboard::KeyCode;
    let start = |ctx: &mut super::Context, ended: Option<(String, usize)>| {
        let mut stack = SceneStack::new(Box::new(LevelMenuScene::new(Arc::new(set.clone()), 0)));
        let guarded = ended.is_some();
        ctx.run_ended_at = ended;
        stack.update(ctx, 0.0);
        // Back from a run, Enter and Space wait a moment (Space mashed at GAME OVER must not
        // start a new game unseen).
        stack.input(ctx, SceneInput::Press(KeyCode::Enter));
        assert_eq!(stack.len() == 1, guarded, "Enter at once");
        stack.update(ctx, super::CONFIRM_DELAY);
        if guarded {
            stack.input(ctx, SceneInput::Press(KeyCode::Enter));
        }
        // The new-run screen: Start has the focus.
        stack.input(ctx, SceneInput::Press(KeyCode::Enter));
        parse_title(&stack.title()).map(|t| t.0)
    };
    assert_eq!(start(&mut ctx, Some((key.clone(), 1))), Some(2));
    assert_eq!(ctx.run_ended_at, None, "taken once");
    assert_eq!(start(&mut ctx, Some(("other set".into(), 1))), Some(1));
    assert_eq!(start(&mut ctx, None), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The pause screen offers to restart the level for a life (as LBreakoutHD does): R starts it
/// again with the score it was started with and one life fewer; with one life left it is not
/// offered.
#[test]
fn the_pause_screen_restarts_the_level_for_a_life() {
    use crate::level::Level;
    use winit::keyboard::{KeyCode, PhysicalKey};
    let mut ctx = test_context();
    let level = Level::parse("2 2 2 2\n0 0 0 0\n", "restart").unwrap();
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
    let press = |stack: &mut SceneStack, ctx: &mut super::Context, code| {
        stack.key(ctx, PhysicalKey::Code(code), true, false);
        stack.key(ctx, PhysicalKey::Code(code), false, false);
    };
    press(&mut stack, &mut ctx, KeyCode::Space);
    stack.update(&mut ctx, 0.5);
    let lives = stack.live_game().unwrap().lives();
    assert_eq!(lives, crate::sim::tuning::START_LIVES);
    press(&mut stack, &mut ctx, KeyCode::KeyP);
    assert_eq!(stack.len(), 2, "paused");
    press(&mut stack, &mut ctx, KeyCode::KeyR);
    assert_eq!(stack.len(), 1, "restarted, playing");
    let game = stack.live_game().unwrap();
    assert_eq!(game.lives(), lives - 1);
    assert_eq!(
        (game.score(), game.stats().steps),
        (0, 0),
        "from the level's start"
    );
    assert!(game.balls()[0].stuck, "the ball back on the paddle");
}

/// A run started from the level list at Kids plays Kids (nine lives, the wide paddle, the
/// window title naming it) into its next level, even when the setting changes mid-run; its
/// scores are kept apart from Normal's, which stay as they were.
#[test]
fn a_kids_run_plays_kids_into_its_next_level_and_keeps_its_scores_apart() {
    use crate::sim::Difficulty;
    use winit::keyboard::KeyCode;
    let dir = two_level_set("kids");
    let set = LevelSetSource::Directory(dir.join("set"))
        .open(&crate::assets::Assets::built_in())
        .unwrap();
    let key = set.source.key();
    let scores_path = dir.join("highscores.toml");
    std::fs::write(
        &scores_path,
        format!("[sets.\"{key}\"]\nrun = 5\n[sets.\"{key}\".levels.\"01-a.lvl\"]\nbest = 5\n"),
    )
    .unwrap();
    let mut ctx = test_context();
    ctx.scores = Some(HighScores::load(&scores_path));
    ctx.set_difficulty(Difficulty::Kids);
    let mut stack = SceneStack::new(Box::new(LevelMenuScene::new(Arc::new(set), 0)));
    // The bot plays (it was given at the start), its scores are recorded as a player's.
    ctx.options.autoplay = true;
    assert_eq!(
        stack.input(&mut ctx, SceneInput::Press(KeyCode::Enter)),
        Flow::Continue
    );
    ctx.options.autoplay = false;
    let game = stack.live_game().expect("the run started");
    assert_eq!(game.config().difficulty, Difficulty::Kids);
    assert_eq!((game.lives(), game.paddle().size.x), (9, 225.0));
    assert!(stack.title().contains("Kids"), "{}", stack.title());
    // Changed mid-run: the run keeps Kids.
    ctx.set_difficulty(Difficulty::Hard);
    for frame in 0..4000 {
        if stack.len() == 3 {
            break;
        }
        assert_eq!(stack.update(&mut ctx, 0.1), Flow::Continue, "frame {frame}");
    }
    assert_eq!(stack.len(), 3, "the level was cleared");
    let saved = HighScores::load(&scores_path);
    let kids = crate::highscores::scores_key(&key, "kids");
    assert!(
        saved.level(&kids, "01-a.lvl", None).is_some(),
        "Kids' own score"
    );
    assert_eq!(
        saved.level(&key, "01-a.lvl", None).unwrap().best,
        5,
        "Normal's kept"
    );
    assert_eq!(saved.best_run(&key), Some(Score::full(5)));
    // The next level: still Kids, lives carried.
    ctx.options.autoplay = true;
    for _ in 0..100 {
        if parse_title(&stack.title()).is_some_and(|t| t.0 == 2) {
            break;
        }
        let _ = stack.update(&mut ctx, 0.1);
    }
    let game = stack.live_game().expect("the next level runs");
    assert_eq!(parse_title(&stack.title()).map(|t| t.0), Some(2));
    assert_eq!(game.config().difficulty, Difficulty::Kids);
    assert_eq!(game.paddle().size.x, 225.0);
    let _ = std::fs::remove_dir_all(&dir);
}
