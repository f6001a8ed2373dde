//! Hot seat, in process: the turns' controller driven as the window drives it, with a test
//! context whose replays and high scores go to a temporary directory. The turn passes when a
//! life is lost (skipping players who are out), each game resumes exactly as it was left, each
//! player keeps their own score, lives and place in the set, the end table and the per-name
//! best runs follow, and each player's replay holds their steps only and verifies.

use super::hot_seat::HotSeatScene;
use super::hot_seat_end::{HotSeatEndScene, SeatResult};
use super::new_run::{NewRunScene, RunRow};
use super::play::Campaign;
use super::{
    test_context, test_context_in, test_dir, test_level_set, Context, Scene, Transition,
    CONFIRM_DELAY,
};
use crate::app::scenes::Drive;
use crate::assets::{Assets, LevelSetSource, LevelSource};
use crate::highscores::{HighScores, Score};
use crate::replay::{file, Playback};
use crate::view::SpriteBatch;
use std::path::Path;
use std::sync::Arc;
use winit::keyboard::{KeyCode, PhysicalKey};

/// A test context whose replays and high scores are kept in `dir`.
fn context_in(dir: &Path) -> Context {
    let mut ctx = test_context_in(dir);
    ctx.scores = Some(HighScores::load(&dir.join(crate::highscores::FILE_NAME)));
    ctx
}

/// Six rows of one-hit bricks: a short turn scores, and none clears them.
const MANY_BRICKS: &str = "2 3 4 5 2 3 4 5\n3 4 5 2 3 4 5 2\n4 5 2 3 4 5 2 3\n\
                           5 2 3 4 5 2 3 4\n2 3 4 5 2 3 4 5\n3 4 5 2 3 4 5 2\n";
/// A one-brick level across the whole width: the first launch clears it.
const ONE_WIDE_BRICK: &str = "2\n0\n0\n0\n";

/// One-level runs of `path` for these players with these lives.
fn runs(path: &Path, players: &[(&str, u32)]) -> Vec<Campaign> {
    players
        .iter()
        .map(|&(name, lives)| {
            Campaign::single("test", LevelSource::File(path.to_path_buf()))
                .restarted(lives)
                .for_player(name)
        })
        .collect()
}

/// Dismisses the turn banner as a player does: the launch key after the banner's delay
/// (earlier presses are ignored).
fn go_on(ctx: &mut Context, scene: &mut HotSeatScene) {
    assert!(scene.shows_banner(), "no banner");
    scene.key_press(ctx, KeyCode::Space);
    assert!(scene.shows_banner(), "a press at once is a mashed key");
    scene.update(ctx, CONFIRM_DELAY);
    scene.key_press(ctx, KeyCode::Space);
    assert!(!scene.shows_banner(), "the launch key did not go on");
}

/// Plays the current player's turn until it ends, counting its steps: launches and holds the
/// arrow away from the middle so the paddle leaves the ball. Returns the transition that ended
/// it (the end table's push when everyone is out) and the steps run.
fn lose_turn(ctx: &mut Context, scene: &mut HotSeatScene) -> (Transition, u64) {
    go_on(ctx, scene);
    let before = ctx.game_steps;
    let current = scene
        .names()
        .iter()
        .position(|n| *n == scene.current_name());
    let game = scene.game_of(current.unwrap()).unwrap();
    let away = if game.paddle().pos.x > 300.0 {
        KeyCode::ArrowLeft
    } else {
        KeyCode::ArrowRight
    };
    scene.click(ctx);
    scene.key_event(ctx, PhysicalKey::Code(away), true);
    for _ in 0..20_000 {
        let transition = scene.update(ctx, 0.05);
        if scene.shows_banner() || matches!(transition, Transition::Push(_)) {
            return (transition, ctx.game_steps - before);
        }
    }
    panic!("the turn never ended");
}

/// The turn passes whenever a life is lost, in turn order, skipping players who are out; the
/// run ends when all are out, with every player's result, each best run kept by name.
#[test]
fn turns_pass_on_each_lost_life_skipping_players_who_are_out() {
    let dir = test_dir("seat", "order");
    let path = test_level_set(&dir, &[MANY_BRICKS]).join("01.lvl");
    let mut ctx = context_in(&dir);
    let players = [("Anna", 1), ("Ben", 3), ("Cleo", 2)];
    let mut scene = HotSeatScene::with_runs(&mut ctx, runs(&path, &players)).unwrap();
    assert_eq!(scene.names(), ["Anna", "Ben", "Cleo"]);
    let mut batch = SpriteBatch::default();
    scene.draw(&ctx, &mut batch, false);
    let text: String = batch
        .text
        .iter()
        .filter_map(crate::view::text::glyph_char)
        .collect();
    assert!(text.contains("ANNA'STURN"), "{text}");
    assert!(
        text.contains("Anna,BenandCleotaketurns-SPACEtoplay"),
        "{text}"
    );
    let mut order = vec![scene.current_name().to_string()];
    let end = loop {
        let (transition, _) = lose_turn(&mut ctx, &mut scene);
        if let Transition::Push(end) = transition {
            break end;
        }
        order.push(scene.current_name().to_string());
        if order.len() == 2 {
            let mut batch = SpriteBatch::default();
            scene.draw(&ctx, &mut batch, false);
            let text: String = batch
                .text
                .iter()
                .filter_map(crate::view::text::glyph_char)
                .collect();
            assert!(text.contains("BEN'STURN"), "{text}");
            assert!(text.contains("Annaisout-SPACEtoplay"), "{text}");
            assert!(
                text.contains("BEN00000"),
                "the HUD names the player: {text}"
            );
        }
    };
    assert_eq!(order, ["Anna", "Ben", "Cleo", "Ben", "Cleo", "Ben"]);
    assert_eq!(
        end.chrome().title.as_deref(),
        Some("Breakout — hot seat results")
    );
    let saved = HighScores::load(&dir.join(crate::highscores::FILE_NAME));
    for (i, (name, _)) in players.iter().enumerate() {
        let result = scene.result_of(i).expect("out");
        assert_eq!((result.name.as_str(), result.level), (*name, (1, 1)));
        assert!(!result.cleared);
        assert!(result.score.points > 0, "{name} scored nothing");
        assert!(result.new_best, "{name}'s first run is their best");
        assert_eq!(saved.player_run(name, "test"), Some(result.score), "{name}");
        assert!(scene.game_of(i).is_none(), "{name}'s game was let go");
    }
    assert_eq!(saved.best_run("test"), None, "not a single player's run");
}

/// A game set aside is not stepped: when its player's turn comes again it is exactly as it
/// was left (the same state hash, its new ball on the paddle), and each player keeps their
/// own score and lives.
#[test]
fn each_game_resumes_exactly_as_it_was_left() {
    let dir = test_dir("seat", "resume");
    let path = test_level_set(&dir, &[MANY_BRICKS]).join("01.lvl");
    let mut ctx = context_in(&dir);
    let mut scene =
        HotSeatScene::with_runs(&mut ctx, runs(&path, &[("Anna", 3), ("Ben", 3)])).unwrap();
    let fresh = scene.game_of(1).unwrap().state_hash();
    lose_turn(&mut ctx, &mut scene);
    assert_eq!(scene.current_name(), "Ben");
    let anna = scene.game_of(0).unwrap();
    let (left, anna_score) = (anna.state_hash(), anna.score());
    assert_eq!(anna.lives(), 2);
    assert!(anna.balls().iter().all(|b| b.stuck), "a new ball waits");
    assert_eq!(
        scene.game_of(1).unwrap().state_hash(),
        fresh,
        "Ben's untouched"
    );
    assert_eq!(scene.game_of(1).unwrap().lives(), 3);
    lose_turn(&mut ctx, &mut scene);
    assert_eq!(scene.current_name(), "Anna");
    let ben = scene.game_of(1).unwrap();
    assert_eq!((ben.lives(), scene.game_of(0).unwrap().lives()), (2, 2));
    assert_ne!(ben.state_hash(), fresh);
    assert_eq!(
        scene.game_of(0).unwrap().state_hash(),
        left,
        "Anna's game moved"
    );
    assert_eq!(scene.game_of(0).unwrap().score(), anna_score);
    go_on(&mut ctx, &mut scene);
    assert_eq!(
        scene.game_of(0).unwrap().state_hash(),
        left,
        "resumed as left"
    );
    scene.update(&mut ctx, 0.05);
    assert_ne!(scene.game_of(0).unwrap().state_hash(), left, "and plays on");
}

/// Every player's game records its own replay, holding that player's steps only: each plays
/// back to its end with no divergence.
#[test]
fn each_players_replay_holds_their_steps_and_verifies() {
    let dir = test_dir("seat", "replays");
    let path = test_level_set(&dir, &[MANY_BRICKS]).join("01.lvl");
    let mut ctx = context_in(&dir);
    let mut scene =
        HotSeatScene::with_runs(&mut ctx, runs(&path, &[("Anna", 2), ("Ben", 1)])).unwrap();
    let mut steps = [0u64; 2];
    loop {
        let current = usize::from(scene.current_name() == "Ben");
        let (transition, ran) = lose_turn(&mut ctx, &mut scene);
        steps[current] += ran;
        if matches!(transition, Transition::Push(_)) {
            break;
        }
    }
    drop(scene);
    ctx.writer.flush();
    let recent = dir.join("replays").join("recent");
    for (i, name) in ["Anna", "Ben"].iter().enumerate() {
        let path = std::fs::read_dir(&recent)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.to_string_lossy().ends_with(&format!("-{name}.bkreplay")))
            .unwrap_or_else(|| panic!("no replay of {name}"));
        let replay = file::read(&path).unwrap();
        assert_eq!(replay.steps(), steps[i], "{name}'s steps only");
        let mut playback = Playback::new(Arc::new(replay)).unwrap();
        playback.run_to_end();
        assert_eq!(playback.divergence(), None, "{name}'s replay diverged");
    }
    assert!(
        !dir.join("replays").join("unfinished.bkreplay").exists(),
        "a hot-seat run is not kept to be continued"
    );
}

/// A level cleared by a player moves only that player on, and it stays their turn.
#[test]
fn a_cleared_level_moves_only_its_player_on() {
    let dir = test_dir("seat", "cleared");
    let set = test_level_set(&dir, &[ONE_WIDE_BRICK, MANY_BRICKS]);
    let opened = LevelSetSource::Directory(set)
        .open(&Assets::built_in())
        .unwrap();
    let mut ctx = context_in(&dir);
    let names = ["Anna".to_string(), "Ben".to_string()];
    let mut scene = HotSeatScene::start(&mut ctx, &Campaign::new(&opened, 0), &names).unwrap();
    go_on(&mut ctx, &mut scene);
    scene.click(&mut ctx);
    for _ in 0..2000 {
        scene.update(&mut ctx, 0.05);
        if scene.shows_banner() {
            break;
        }
    }
    assert_eq!(scene.current_name(), "Anna", "still Anna's turn");
    assert_eq!(
        (scene.level_of(0), scene.level_of(1)),
        (Some((2, 2)), Some((1, 2)))
    );
    let (anna, ben) = (scene.game_of(0).unwrap(), scene.game_of(1).unwrap());
    assert!(anna.score() > 0);
    assert_eq!((anna.lives(), ben.score()), (3, 0));
}

/// The end table: one row per player in turn order, the top score highlighted, the set
/// cleared or not, a new best marked; its keys go back to the level list.
#[test]
fn the_end_table_shows_every_players_result() {
    let result = |name: &str, points, level, cleared, new_best| SeatResult {
        name: name.to_string(),
        score: Score::full(points),
        level: (level, 8),
        cleared,
        new_best,
        set_key: "shipped".into(),
    };
    let table = HotSeatEndScene::new(vec![
        result("Anna", 1200, 3, false, true),
        result("Ben", 5000, 8, true, false),
        result("Cleo", 800, 2, false, false),
    ]);
    let rows = table.rows();
    let shown: Vec<_> = rows
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.score.as_str(),
                r.level.as_str(),
                r.result.as_str(),
                r.top,
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            ("Anna", "1200", "3/8", "OUT  NEW BEST", false),
            ("Ben", "5000", "8/8", "CLEARED", true),
            ("Cleo", "800", "2/8", "OUT", false),
        ]
    );
    let mut ctx = test_context();
    let mut batch = SpriteBatch::default();
    table.draw(&ctx, &mut batch, false);
    let text: String = batch
        .text
        .iter()
        .filter_map(crate::view::text::glyph_char)
        .collect();
    for word in [
        "HOTSEATRESULTS",
        "Anna",
        "Ben",
        "Cleo",
        "CLEARED",
        "SPACEorESCmenu",
    ] {
        assert!(text.contains(word), "{word} in {text}");
    }
    let mut table = table;
    assert!(matches!(
        table.key_press(&mut ctx, KeyCode::Space),
        Transition::None
    ));
    table.update(&mut ctx, CONFIRM_DELAY);
    assert!(matches!(
        table.key_press(&mut ctx, KeyCode::Space),
        Transition::Sequence(_)
    ));
}

fn shipped_set() -> Arc<crate::assets::OpenedSet> {
    Arc::new(LevelSetSource::Shipped.open(&Assets::built_in()).unwrap())
}

/// The new-run screen's Difficulty row changes the setting, and the run starts at it: Hard's
/// game has Hard's two lives, and the next screen shows Hard again.
#[test]
fn the_new_run_screen_starts_the_run_at_the_difficulty_chosen_there() {
    use crate::sim::Difficulty;
    let mut ctx = test_context();
    let mut run = NewRunScene::new(shipped_set(), 0, None);
    run.key_press(&mut ctx, KeyCode::ArrowUp);
    run.key_press(&mut ctx, KeyCode::ArrowUp);
    assert_eq!(run.focused(), RunRow::Difficulty);
    assert_eq!(ctx.difficulty(), Difficulty::Normal);
    run.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(ctx.difficulty(), Difficulty::Hard);
    run.key_press(&mut ctx, KeyCode::ArrowDown);
    run.key_press(&mut ctx, KeyCode::ArrowDown);
    assert_eq!(run.focused(), RunRow::Start);
    match run.key_press(&mut ctx, KeyCode::Enter) {
        Transition::Replace(play) => {
            let title = play.chrome().title.unwrap();
            assert!(title.contains("lives 2"), "{title}");
        }
        _ => panic!("Enter did not start the run"),
    }
    assert_eq!(ctx.settings.now.game.difficulty, Difficulty::Hard);
}

/// The new-run screen opens on Start, so one more Enter starts a single player's game; the
/// players' rows add a name per player, typed, and Start then begins a hot-seat run.
#[test]
fn the_new_run_screen_starts_one_player_at_once_and_names_hot_seat_players() {
    let mut ctx = test_context();
    let mut solo = NewRunScene::new(shipped_set(), 0, None);
    assert_eq!(
        solo.rows(),
        [RunRow::Difficulty, RunRow::Players, RunRow::Start]
    );
    assert_eq!(solo.focused(), RunRow::Start);
    match solo.key_press(&mut ctx, KeyCode::Enter) {
        Transition::Replace(play) => {
            let title = play.chrome().title.unwrap();
            assert!(
                title.contains("lives 3") && !title.contains("turn"),
                "{title}"
            );
        }
        _ => panic!("Enter did not start the run"),
    }
    let mut run = NewRunScene::new(shipped_set(), 0, None);
    run.key_press(&mut ctx, KeyCode::ArrowUp);
    assert_eq!(run.focused(), RunRow::Players);
    run.key_press(&mut ctx, KeyCode::ArrowRight);
    run.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(
        run.rows().len(),
        6,
        "difficulty, players, three names, start"
    );
    assert_eq!(run.focused(), RunRow::Players);
    run.key_press(&mut ctx, KeyCode::Enter);
    assert_eq!(run.focused(), RunRow::Name(0));
    assert!(run.chrome().takes_letters);
    run.typed(&mut ctx, "An=na");
    run.key_press(&mut ctx, KeyCode::Space);
    assert_eq!(
        run.focused(),
        RunRow::Name(0),
        "Space types, it does not start"
    );
    run.key_press(&mut ctx, KeyCode::Enter);
    run.typed(&mut ctx, "anna");
    run.key_press(&mut ctx, KeyCode::ArrowDown);
    run.key_press(&mut ctx, KeyCode::ArrowDown);
    assert_eq!(run.focused(), RunRow::Start);
    assert_eq!(run.names(), ["Anna", "anna", "Player 3"]);
    assert!(matches!(
        run.key_press(&mut ctx, KeyCode::Enter),
        Transition::None
    ));
    let mut batch = SpriteBatch::default();
    run.draw(&ctx, &mut batch, false);
    let text: String = batch
        .text
        .iter()
        .filter_map(crate::view::text::glyph_char)
        .collect();
    assert!(text.contains("'anna'isnamedtwice"), "{text}");
    run.key_press(&mut ctx, KeyCode::ArrowUp);
    run.key_press(&mut ctx, KeyCode::ArrowUp);
    for _ in 0..4 {
        run.key_press(&mut ctx, KeyCode::Backspace);
    }
    run.typed(&mut ctx, "Ben");
    run.key_press(&mut ctx, KeyCode::ArrowDown);
    run.typed(&mut ctx, "Cleo");
    assert_eq!(run.names(), ["Anna", "Ben", "Cleo"]);
    run.key_press(&mut ctx, KeyCode::Enter);
    match run.key_press(&mut ctx, KeyCode::Enter) {
        Transition::Replace(scene) => {
            let title = scene.chrome().title.unwrap();
            assert!(title.starts_with("Breakout — Anna's turn — "), "{title}");
        }
        _ => panic!("Start did not begin the hot-seat run"),
    }
}

/// The players and their names are remembered between runs; a file of any bytes gives the
/// defaults, never a panic.
#[test]
fn the_players_are_remembered_between_runs() {
    let dir = test_dir("seat", "remember");
    let file = dir.join(super::new_run::PLAYERS_FILE);
    let mut ctx = test_context();
    let mut run = NewRunScene::new(shipped_set(), 0, Some(file.clone()));
    run.key_press(&mut ctx, KeyCode::ArrowUp);
    run.key_press(&mut ctx, KeyCode::ArrowRight);
    run.key_press(&mut ctx, KeyCode::Enter);
    run.typed(&mut ctx, "Anna");
    run.key_press(&mut ctx, KeyCode::Enter);
    run.typed(&mut ctx, "Ben");
    run.key_press(&mut ctx, KeyCode::Enter);
    assert!(matches!(
        run.key_press(&mut ctx, KeyCode::Enter),
        Transition::Replace(_)
    ));
    let again = NewRunScene::new(shipped_set(), 0, Some(file.clone()));
    assert_eq!(again.names(), ["Anna", "Ben"]);
    assert_eq!(again.focused(), RunRow::Start, "Start has the focus");
    std::fs::write(&file, [0xff, 0xfe, b'=', b'[']).unwrap();
    let bad = NewRunScene::new(shipped_set(), 0, Some(file.clone()));
    assert_eq!(bad.names(), ["Player 1"]);
    std::fs::write(&file, "players = 99\nnames = [\"A/B:C\"]\n").unwrap();
    let clamped = NewRunScene::new(shipped_set(), 0, Some(file));
    assert_eq!(clamped.names(), ["ABC", "Player 2", "Player 3", "Player 4"]);
}
