//! No text over text on the screens players read: each screen is laid out as the window draws
//! it (no GL: the scenes' sprite batches) and no two lines of text may overlap, in playfield
//! pixels or in the window pixels of any supported window size
//! ([`crate::view::text_boxes`]). A failure names both texts.

use super::level_cleared::LevelClearedScene;
use super::pause::PauseScene;
use super::play::{Campaign, GameStart, PlayScene};
use super::run_over::{RunEnd, RunOverScene};
use super::settings::SettingsScene;
use super::stack::SceneStack;
use super::{test_context, Best, Context, Outcome, Scene};
use crate::app::scenes::Drive;
use crate::config::save::ConfigFile;
use crate::config::{Config, Loaded};
use crate::highscores::Score;
use crate::sim::{Game, GameConfig};
use crate::view::menu::{self, ListView, Mark, Row};
use crate::view::text_boxes::assert_no_overlap;
use crate::view::{hud, SpriteBatch, SpriteInstance};
use winit::keyboard::KeyCode;

/// A broken configuration file: not TOML at line 1, a word for a number at line 3.
const BROKEN: &str = "music_volume\n[audio]\nmusic_volume = \"loud\"\n";

/// A context whose settings were read from `text`, written at `path` (as the game starts).
fn context_with_file(path: &std::path::Path, text: &str) -> Context {
    std::fs::write(path, text).unwrap();
    let (config, problems) = Config::parse_lenient(text);
    let mut ctx = test_context();
    ctx.video = config.video;
    ctx.settings = ConfigFile::new(Loaded {
        config,
        path: Some(path.to_path_buf()),
        read: true,
        problems,
    });
    ctx
}

/// `scene` drawn alone.
fn drawn(scene: &dyn Scene, ctx: &Context) -> Vec<SpriteInstance> {
    let mut batch = SpriteBatch::default();
    scene.draw(ctx, &mut batch, false);
    batch.text
}

/// A game of a level with a long name, two power-ups running and a bad one: the HUD at its
/// fullest.
/// A run of the level of [`long_named_game`], its full lives left: its pause offers every key.
fn played_long_named_level(ctx: &mut Context) -> PlayScene {
    let game = long_named_game();
    let level = crate::level::Level::parse("2 2 2 2\n2 2 2 2", game.level_name()).unwrap();
    let source = crate::assets::LevelSource::Edited {
        level: std::sync::Arc::new(level.clone()),
    };
    PlayScene::start(
        ctx,
        GameStart::Level(Campaign::single("test", source), &level),
    )
    .unwrap()
}

fn long_named_game() -> Game {
    let name = "The Very Long Name Of A Level Imported From Another Game's Set, Cut To Fit";
    let level = crate::level::Level::parse("2 2 2 2\n2 2 2 2", name).unwrap();
    let mut game = Game::new(&level, GameConfig::default());
    for kind in [
        crate::level::PowerUpKind::Sticky,
        crate::level::PowerUpKind::PassThrough,
        crate::level::PowerUpKind::Confuse,
    ] {
        game.collect_powerup(kind);
    }
    game
}

#[test]
fn the_settings_screen_has_no_text_over_text_plain_broken_or_unsaved() {
    let dir = std::env::temp_dir().join(format!("breakout-layout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.toml");
    let ctx = context_with_file(&good, "[audio]\nmusic_volume = 0.5\n");
    let mut scene = SettingsScene::new(false);
    assert_no_overlap("settings", &drawn(&scene, &ctx));
    // A key row's message under the rows.
    let mut ctx = ctx;
    scene.key_press(&mut ctx, KeyCode::End);
    scene.key_press(&mut ctx, KeyCode::Enter);
    scene.key_press(&mut ctx, KeyCode::KeyM);
    assert_no_overlap("settings with a message", &drawn(&scene, &ctx));

    let broken = dir.join("broken.toml");
    let mut ctx = context_with_file(&broken, BROKEN);
    assert!(!ctx.settings.problems.is_empty());
    let mut scene = SettingsScene::new(false);
    assert_no_overlap("settings of a broken file", &drawn(&scene, &ctx));
    // A change, then Esc: the file is not TOML, so it is not saved.
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    scene.key_press(&mut ctx, KeyCode::Escape);
    let boxes = assert_no_overlap("settings NOT SAVED", &drawn(&scene, &ctx));
    assert!(
        boxes.iter().any(|b| b.text.starts_with("NOT SAVED")),
        "{boxes:?}"
    );
    assert!(
        !boxes.iter().any(|b| b.text.starts_with("saved to")),
        "'saved to … on leaving' over 'NOT SAVED': {boxes:?}"
    );

    let _ = std::fs::remove_dir_all(&dir);
}

/// Opened from the pause screen, the settings show nothing of the screens below: the pause
/// box's "PAUSED" and keys, and the HUD, ran through the rows.
#[test]
fn the_settings_over_the_pause_screen_and_the_hud_show_only_the_settings() {
    let mut ctx = test_context();
    let play = played_long_named_level(&mut ctx);
    let mut stack = SceneStack::new(Box::new(PauseScene::over(&play)));
    stack.push(Box::new(SettingsScene::new(true)));
    let mut batch = SpriteBatch::default();
    hud::hud(&mut batch.text, &long_named_game());
    stack.draw(&ctx, &mut batch);
    let boxes = assert_no_overlap("settings over pause", &batch.text);
    assert!(
        !boxes.iter().any(|b| b.text == "PAUSED"),
        "the pause box shows through the settings: {boxes:?}"
    );
}

#[test]
fn the_pause_screen_and_its_question_have_no_text_over_text() {
    let mut ctx = test_context();
    let mut batch = SpriteBatch::default();
    hud::hud(&mut batch.text, &long_named_game());
    let play = played_long_named_level(&mut ctx);
    let mut pause = PauseScene::over(&play);
    pause.draw(&ctx, &mut batch, false);
    assert_no_overlap("pause over the HUD", &batch.text);
    pause.key_press(&mut ctx, KeyCode::Escape);
    assert_no_overlap("END THIS RUN?", &drawn(&pause, &ctx));
}

#[test]
fn the_end_screens_have_no_text_over_text_with_a_new_best_or_without() {
    let ctx = test_context();
    let slow = Score {
        points: 4_294_967_295,
        speed: 50,
    };
    let bests = [
        None,
        Some(Best {
            previous: Some(slow),
            is_best: false,
            saved: true,
        }),
        Some(Best {
            previous: Some(Score::full(10)),
            is_best: true,
            saved: false,
        }),
        Some(Best {
            previous: None,
            is_best: true,
            saved: true,
        }),
    ];
    for best in bests {
        let outcome = Outcome { score: slow, best };
        let cleared = LevelClearedScene::new(outcome, u32::MAX, Box::new(|_| None));
        assert_no_overlap(&format!("level cleared, {best:?}"), &drawn(&cleared, &ctx));
        let over = RunOverScene::new(RunEnd::GameOver, outcome).with_retry(Box::new(|_| None));
        assert_no_overlap(&format!("game over, {best:?}"), &drawn(&over, &ctx));
        let won = RunOverScene::new(RunEnd::Won, outcome);
        assert_no_overlap(&format!("won, {best:?}"), &drawn(&won, &ctx));
    }
}

#[test]
fn the_level_list_with_a_level_that_does_not_load_has_no_text_over_text() {
    let error = "/home/someone/.local/share/breakout/levels/mine/03-a-level-with-a-long-name.lvl:\
                 3:14: unknown brick 'Q' (bricks are 0-9, S, M, E, R, G, C, I, H)\n\
                 03-a-level-with-a-long-name.lvl:7:1: row 7 has 12 bricks, row 1 has 13";
    let rows = (0..menu::page_rows(318.0))
        .map(|i| Row {
            name: format!(
                "{:02} A Level Name That Goes On And On Past The Column",
                i + 1
            ),
            info: if i == 2 {
                "does not load".to_string()
            } else {
                "best 4294967295 (50% speed)".to_string()
            },
            mark: if i == 2 { Mark::Broken } else { Mark::Done },
            selected: i == 2,
        })
        .collect();
    let view = ListView {
        title: "A Set With A Title Longer Than The Banner Has Room For, Imported",
        top: 318.0,
        rows,
        more: (true, true),
        status: "best run 4294967295 (50% speed)  type to filter".to_string(),
        position: "3/120".to_string(),
        error: Some(error),
        keys: "UP/DOWN PGUP/PGDN  ENTER play  F2 edit  F4 best run  ESC sets",
    };
    let mut out = Vec::new();
    menu::list(&mut out, &view);
    assert_no_overlap("level list with an error", &out);
}

#[test]
fn the_hud_and_the_reload_banner_have_no_text_over_text() {
    let game = long_named_game();
    let mut out = Vec::new();
    hud::hud_for(&mut out, &game, hud::HudNotes::plain(true));
    assert_no_overlap("HUD with a long name", &out);
    let problems: String = (1..=20)
        .map(|i| format!("/home/someone/levels/mine.lvl:{i}:3: unknown brick 'Q' in a row that is long enough to wrap onto a second line of the banner\n"))
        .collect();
    hud::reload_error(&mut out, &problems);
    assert_no_overlap("HUD under the live-reload banner", &out);
}
