use super::*;
use crate::app::scenes::test_context;
use crate::app::scenes::Drive;
use crate::config::save::ConfigFile;
use crate::config::{Config, Loaded};
use std::path::PathBuf;

/// A scratch directory of this test's own.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakout-settings-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A context whose settings were read from `text` at `path` (as the game starts).
fn context_with_file(path: &std::path::Path, text: &str) -> Context {
    std::fs::write(path, text).unwrap();
    let (config, problems) = Config::parse_lenient(text);
    let mut ctx = test_context();
    ctx.collision = config.collision.mode;
    ctx.video = config.video;
    ctx.game_speed = config.game.speed;
    ctx.settings = ConfigFile::new(Loaded {
        config,
        path: Some(path.to_path_buf()),
        read: true,
        problems,
    });
    ctx
}

/// Selects the row labelled `label`.
fn select(scene: &mut SettingsScene, ctx: &mut Context, label: &str) {
    let row = SETTINGS.iter().position(|s| s.label == label).unwrap();
    while scene.selected != row {
        scene.key_press(ctx, KeyCode::ArrowDown);
    }
}

fn value(scene: &SettingsScene, ctx: &Context, label: &str) -> String {
    let view = scene.view(ctx);
    view.rows.into_iter().find(|(l, _)| l == label).unwrap().1
}

#[test]
fn volumes_step_by_tenths_and_stop_at_the_ends() {
    let mut ctx = test_context();
    let mut scene = SettingsScene::new(false);
    select(&mut scene, &mut ctx, "Effects volume");
    assert_eq!(value(&scene, &ctx, "Effects volume"), "80%");
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(ctx.settings.now.audio.effects_volume, 1.0);
    for _ in 0..12 {
        scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    }
    assert_eq!(ctx.settings.now.audio.effects_volume, 0.0);
    assert_eq!(value(&scene, &ctx, "Effects volume"), "0%");
    assert_eq!(
        volume_step(0.25, 1),
        0.3,
        "off-grid values go to the next tenth"
    );
    assert_eq!(volume_step(0.25, -1), 0.2);
}

/// The Physics row switches between the chosen mode and each level's game's, for the next
/// game and the file (`mode = "native"`); the chosen mode stays for this game's own levels.
#[test]
fn the_physics_row_chooses_the_level_s_game_and_the_file_says_native() {
    use crate::sim::Physics;
    let mut ctx = test_context();
    let mut scene = SettingsScene::new(true);
    select(&mut scene, &mut ctx, "Physics");
    assert_eq!(value(&scene, &ctx, "Physics"), "as chosen");
    let mode = ctx.collision;
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(value(&scene, &ctx, "Physics"), "as the level's game");
    assert_eq!(ctx.physics, Physics::Native);
    assert_eq!(ctx.settings.now.collision.physics, Physics::Native);
    assert_eq!(
        ctx.settings.now.collision.choice(),
        crate::config::ModeChoice::Native
    );
    assert_eq!(ctx.collision, mode);
    scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    assert_eq!(ctx.physics, Physics::AsChosen);
    assert_eq!(ctx.settings.now.collision.physics, Physics::AsChosen);
}

#[test]
fn the_collision_mode_applies_to_the_game_and_to_the_file() {
    let mut ctx = test_context();
    let mut scene = SettingsScene::new(true);
    select(&mut scene, &mut ctx, "Collision mode");
    let first = ctx.collision;
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(ctx.collision, first.next());
    assert_eq!(ctx.settings.now.collision.mode, ctx.collision);
    scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    let all = CollisionMode::ALL;
    let at = all.iter().position(|&m| m == first).unwrap();
    assert_eq!(
        ctx.collision,
        all[(at + all.len() - 1) % all.len()],
        "wraps"
    );
}

/// Right from any model goes through all eleven (every row of the table) and back to it; each
/// is drawn whole on the settings screen, over no other text.
#[test]
fn the_collision_row_steps_through_every_model_and_each_is_drawn_whole() {
    let mut ctx = test_context();
    let mut scene = SettingsScene::new(true);
    select(&mut scene, &mut ctx, "Collision mode");
    let first = ctx.collision;
    let mut seen = Vec::new();
    for _ in 0..CollisionMode::ALL.len() {
        seen.push(ctx.collision);
        assert_eq!(value(&scene, &ctx, "Collision mode"), ctx.collision.name());
        let mut batch = SpriteBatch::default();
        crate::view::settings::draw(&mut batch, &scene.view(&ctx));
        let boxes = crate::view::text_boxes::assert_no_overlap(ctx.collision.name(), &batch.text);
        assert!(
            boxes.iter().any(|b| b.text.contains(ctx.collision.name())),
            "{}: not drawn whole",
            ctx.collision
        );
        scene.key_press(&mut ctx, KeyCode::ArrowRight);
    }
    assert_eq!(ctx.collision, first, "back to the first after all of them");
    for mode in CollisionMode::ALL {
        assert!(seen.contains(&mode), "{mode} never came");
    }
}

#[test]
fn particles_step_through_the_densities_and_apply_to_the_effects() {
    let mut ctx = test_context();
    let mut scene = SettingsScene::new(false);
    select(&mut scene, &mut ctx, "Particles");
    assert_eq!(value(&scene, &ctx, "Particles"), "normal");
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(value(&scene, &ctx, "Particles"), "high");
    for _ in 0..5 {
        scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    }
    assert_eq!(value(&scene, &ctx, "Particles"), "off");
    assert_eq!(ctx.settings.now.effects.burst_particles, 0);
    ctx.settings.now.effects.trail_rate = 300.0;
    assert!(value(&scene, &ctx, "Particles").starts_with("custom (300/s"));
    scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    assert_eq!(
        value(&scene, &ctx, "Particles"),
        "normal",
        "the nearest below"
    );
}

#[test]
fn toggles_follow_enter_and_fullscreen_and_vsync_reach_the_window() {
    let mut ctx = test_context();
    let mut scene = SettingsScene::new(false);
    select(&mut scene, &mut ctx, "Fullscreen");
    scene.key_press(&mut ctx, KeyCode::Enter);
    assert!(ctx.video.fullscreen && ctx.settings.now.video.fullscreen);
    select(&mut scene, &mut ctx, "Vsync");
    let vsync = ctx.video.vsync;
    scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    assert_eq!(ctx.video.vsync, !vsync);
    assert_eq!(ctx.settings.now.video.vsync, !vsync);
    select(&mut scene, &mut ctx, "Screen effects");
    scene.key_press(&mut ctx, KeyCode::Space);
    assert!(!ctx.settings.now.effects.screen_effects);
}

#[test]
fn leaving_saves_the_changes_into_the_file_with_its_comments() {
    let dir = scratch("save");
    let path = dir.join("breakout.toml");
    let text = "# mine\n[audio]\nmusic_volume = 0.5 # evening\n";
    let mut ctx = context_with_file(&path, text);
    let mut scene = SettingsScene::new(false);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert!(ctx.settings.unsaved());
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        text,
        "not before leaving"
    );
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::Pop
    ));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "# mine\n[audio]\nmusic_volume = 0.6 # evening\n"
    );
    assert!(!ctx.settings.unsaved());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Sound row mutes as M does: the run's sound and the setting to save follow it.
#[test]
fn the_sound_row_mutes_and_leaving_saves_it() {
    let dir = scratch("mute");
    let path = dir.join("breakout.toml");
    let text = "[audio]\nmuted = false # quiet office\n";
    let mut ctx = context_with_file(&path, text);
    let mut scene = SettingsScene::new(false);
    select(&mut scene, &mut ctx, "Sound");
    assert_eq!(value(&scene, &ctx, "Sound"), "on");
    scene.key_press(&mut ctx, KeyCode::Enter);
    assert!(ctx.is_muted() && ctx.settings.now.audio.muted);
    assert_eq!(value(&scene, &ctx, "Sound"), "muted");
    scene.key_press(&mut ctx, KeyCode::Escape);
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[audio]\nmuted = true # quiet office\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Play-test H19: a configuration file that is not UTF-8 is not written, so the screen says
/// neither "saved to … on leaving" nor "ESC save and back".
#[test]
fn a_file_that_is_not_utf8_is_not_promised_a_save() {
    let dir = scratch("latin1");
    let path = dir.join("breakout.toml");
    let mut ctx = context_with_file(&path, "");
    let bytes = b"# r\xe9glages\n[audio]\nmusic_volume = 0.5\n";
    std::fs::write(&path, bytes).unwrap();
    let (config, problems) = Config::parse_lenient_bytes(bytes);
    ctx.settings = ConfigFile::new(Loaded {
        config,
        path: Some(path.clone()),
        read: true,
        problems,
    });
    let view = SettingsScene::new(false).view(&ctx);
    assert!(view.notes.iter().any(|n| n.contains("will not save")));
    assert!(!view.saved_to.contains("on leaving"), "{}", view.saved_to);
    assert!(!view.saves);
    let mut batch = crate::view::SpriteBatch::default();
    crate::view::settings::draw(&mut batch, &view);
    let text: String = batch
        .text
        .iter()
        .filter_map(crate::view::text::glyph_char)
        .collect();
    assert!(
        text.contains("ESCback") && !text.contains("savea"),
        "{text}"
    );
    // A UTF-8 file is saved on leaving, and the keys' line says so.
    let plain = context_with_file(&path, "[audio]\nmusic_volume = 0.5\n");
    let view = SettingsScene::new(false).view(&plain);
    assert!(view.saves && view.saved_to.contains("on leaving"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_broken_file_shows_its_problems_and_a_failed_save_keeps_the_screen_once() {
    let dir = scratch("broken");
    let path = dir.join("breakout.toml");
    let mut ctx = context_with_file(&path, "[audio]\nmusic_volume = 9\n[video\n");
    let notes = SettingsScene::new(false).view(&ctx).notes;
    assert_eq!(notes.len(), 3, "{notes:?}");
    assert!(
        notes[0].starts_with("2 mistakes in the file")
            && notes[1].contains("line 2:1: music_volume = 9 is out of range")
            && notes[2].starts_with("line 3:"),
        "{notes:?}"
    );
    let mut scene = SettingsScene::new(false);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::None
    ));
    let notes = scene.view(&ctx).notes;
    assert!(
        notes[0].starts_with("NOT SAVED") && notes[0].contains("breakout.toml:3:"),
        "{notes:?}"
    );
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "[audio]\nmusic_volume = 9\n[video\n",
        "the player's file is left alone"
    );
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::Pop
    ));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_mouse_selects_by_hovering_and_clicks_change() {
    let mut ctx = test_context();
    let mut scene = SettingsScene::new(false);
    let row = SETTINGS
        .iter()
        .position(|s| s.label == "Music volume")
        .unwrap();
    let at = glam::Vec2::new(400.0, view::TOP + view::ROW * row as f32);
    // Where the pointer was when the screen opened (over the last rows) selects nothing.
    scene.pointer(&mut ctx, Pointer::Moved(glam::Vec2::new(400.0, 500.0)));
    assert_eq!(scene.selected, 0, "a pointer that has not moved");
    scene.pointer(&mut ctx, Pointer::Moved(at));
    assert_eq!(scene.selected, row);
    scene.pointer(&mut ctx, Pointer::Moved(glam::Vec2::new(400.0, 560.0)));
    assert_eq!(scene.selected, row, "below the rows");
    scene.pointer(&mut ctx, Pointer::Down(super::super::MouseButton::Left));
    assert_eq!(
        ctx.settings.now.audio.music_volume, 0.5,
        "a click below the rows"
    );
    scene.pointer(&mut ctx, Pointer::Moved(at));
    scene.pointer(&mut ctx, Pointer::Down(super::super::MouseButton::Left));
    assert_eq!(ctx.settings.now.audio.music_volume, 0.6);
    scene.pointer(&mut ctx, Pointer::Down(super::super::MouseButton::Right));
    scene.pointer(&mut ctx, Pointer::Down(super::super::MouseButton::Right));
    assert_eq!(ctx.settings.now.audio.music_volume, 0.4);
}

/// Selects the key row of `action`.
fn select_key(scene: &mut SettingsScene, ctx: &mut Context, action: Action) {
    let row = SETTINGS.len() + Action::ALL.iter().position(|&a| a == action).unwrap();
    while scene.selected != row {
        scene.key_press(ctx, KeyCode::ArrowDown);
    }
}

#[test]
fn a_key_row_takes_the_next_key_and_refuses_one_in_use() {
    let dir = scratch("keys");
    let path = dir.join("breakout.toml");
    let mut ctx = context_with_file(&path, "# keys\n");
    let mut scene = SettingsScene::new(true);
    select_key(&mut scene, &mut ctx, Action::Launch);
    scene.key_press(&mut ctx, KeyCode::Enter);
    assert!(
        scene.chrome().takes_letters,
        "M or F1 would be bound, not mute or the overlay"
    );
    scene.key_press(&mut ctx, KeyCode::KeyU);
    assert_eq!(ctx.bindings().action(KeyCode::KeyU), Some(Action::Launch));
    assert_eq!(ctx.bindings().action(KeyCode::Space), None);
    assert!(!scene.chrome().takes_letters);
    // A key another action has is refused, with the reason, and nothing changes.
    select_key(&mut scene, &mut ctx, Action::Pause);
    scene.key_press(&mut ctx, KeyCode::Enter);
    scene.key_press(&mut ctx, KeyCode::KeyU);
    assert_eq!(ctx.bindings().action(KeyCode::KeyP), Some(Action::Pause));
    let message = scene.view(&ctx).message.unwrap();
    assert!(message.contains("U is already 'Launch'"), "{message}");
    // Esc while waiting keeps the key.
    scene.key_press(&mut ctx, KeyCode::Enter);
    scene.key_press(&mut ctx, KeyCode::Escape);
    assert_eq!(ctx.bindings().action(KeyCode::KeyP), Some(Action::Pause));
    // Leaving saves the one changed action; the next start reads it back.
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::Pop
    ));
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text, "# keys\n\n[keys]\nlaunch = [\"U\"]\n");
    let (config, problems) = Config::parse_lenient(&text);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(&config.keys.bindings(), ctx.bindings());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_gamepad_row_turns_the_pad_off_and_on() {
    let mut ctx = test_context();
    let mut scene = SettingsScene::new(false);
    select(&mut scene, &mut ctx, "Gamepad");
    let on = ctx.gamepad.enabled;
    scene.key_press(&mut ctx, KeyCode::Enter);
    assert_eq!(ctx.gamepad.enabled, !on);
    assert_eq!(ctx.settings.now.gamepad.enabled, !on);
}

/// The game speed steps by tens between 50 % and 100 % and applies at once; leaving saves
/// it into a file that reads it back.
#[test]
fn the_game_speed_steps_by_tens_saves_and_reads_back() {
    let dir = scratch("speed");
    let path = dir.join("breakout.toml");
    let mut ctx = context_with_file(&path, "# mine\n");
    let mut scene = SettingsScene::new(false);
    select(&mut scene, &mut ctx, "Game speed");
    assert_eq!(value(&scene, &ctx, "Game speed"), "100%");
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(ctx.game_speed, 100, "the fastest");
    for _ in 0..3 {
        scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    }
    assert_eq!((ctx.game_speed, ctx.settings.now.game.speed), (70, 70));
    assert_eq!(value(&scene, &ctx, "Game speed"), "70%");
    for _ in 0..5 {
        scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    }
    assert_eq!(ctx.game_speed, 50, "the slowest");
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(ctx.game_speed, 70);
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::Pop
    ));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(saved, "# mine\n\n[game]\nspeed = 70\n");
    let (config, problems) = Config::parse_lenient(&saved);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(config.game.speed, 70);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The frame cap steps through off, 60, 120, 144 and 240 (from the monitor's rate when it
/// follows the monitor) and applies at once; leaving saves it, in place, into a file that
/// reads it back.
#[test]
fn the_frame_cap_steps_through_its_choices_saves_and_reads_back() {
    let dir = scratch("cap");
    let path = dir.join("breakout.toml");
    let text = "# mine\n[video]\nvsync = false # no compositor\n";
    let mut ctx = context_with_file(&path, text);
    let mut scene = SettingsScene::new(false);
    select(&mut scene, &mut ctx, "Frame cap");
    assert_eq!(value(&scene, &ctx, "Frame cap"), "144 fps (default)");
    ctx.refresh_hz = Some(60);
    assert_eq!(value(&scene, &ctx, "Frame cap"), "60 fps (monitor)");
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(value(&scene, &ctx, "Frame cap"), "120 fps");
    for _ in 0..3 {
        scene.key_press(&mut ctx, KeyCode::ArrowRight);
    }
    assert_eq!(ctx.video.frame_cap, Some(240), "the highest");
    for _ in 0..5 {
        scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    }
    assert_eq!(value(&scene, &ctx, "Frame cap"), "off");
    assert_eq!(ctx.video.frame_cap_fps(ctx.refresh_hz), None);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(ctx.video.frame_cap, Some(120));
    assert_eq!(ctx.settings.now.video.frame_cap, Some(120));
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::Pop
    ));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        saved,
        "# mine\n[video]\nvsync = false # no compositor\nframe_cap = 120\n"
    );
    let (config, problems) = Config::parse_lenient(&saved);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(config.video.frame_cap, Some(120));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The power-ups bricks hold are hidden in play by default; the row shows them at once and
/// leaving saves `[video] show_brick_powerups = true` in place, which reads back.
#[test]
fn the_power_ups_on_bricks_row_shows_them_at_once_and_saves_the_choice() {
    let dir = scratch("held");
    let path = dir.join("breakout.toml");
    let text = "# mine\n[video]\nvsync = false\n";
    let mut ctx = context_with_file(&path, text);
    let mut scene = SettingsScene::new(true);
    select(&mut scene, &mut ctx, "Power-ups on bricks");
    assert_eq!(value(&scene, &ctx, "Power-ups on bricks"), "hidden");
    assert!(!ctx.video.show_brick_powerups);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(value(&scene, &ctx, "Power-ups on bricks"), "shown");
    assert!(ctx.video.show_brick_powerups, "in effect at once");
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::Pop
    ));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        saved,
        "# mine\n[video]\nvsync = false\nshow_brick_powerups = true\n"
    );
    let (config, problems) = Config::parse_lenient(&saved);
    assert!(problems.is_empty(), "{problems:?}");
    assert!(config.video.show_brick_powerups);
    let _ = std::fs::remove_dir_all(&dir);
}

/// The file is named as "saved to ~/… on leaving" names it: a failed save's message said
/// the absolute path under a line that said `~`.
#[test]
fn a_failed_saves_message_names_the_file_from_the_home_directory() {
    let Some(home) = directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf()) else {
        return;
    };
    let path = home.join(".config/breakout/breakout.toml");
    let message = format!("{}:1:6: key with no value, expected `=`", path.display());
    assert_eq!(
        mentions_home_relative(&message, &path),
        "~/.config/breakout/breakout.toml:1:6: key with no value, expected `=`"
    );
    let elsewhere = std::path::Path::new("/etc/breakout.toml");
    assert_eq!(
        mentions_home_relative("/etc/breakout.toml:2:1: x", elsewhere),
        "/etc/breakout.toml:2:1: x"
    );
}

/// The difficulty row steps through Kids, Easy, Normal and Hard (wrapping) and sets the next
/// run's; leaving saves it into a file that reads it back.
#[test]
fn the_difficulty_row_steps_through_the_presets_saves_and_reads_back() {
    use crate::sim::Difficulty;
    let dir = scratch("difficulty");
    let path = dir.join("breakout.toml");
    let mut ctx = context_with_file(&path, "# mine\n");
    let mut scene = SettingsScene::new(false);
    select(&mut scene, &mut ctx, "Difficulty");
    assert_eq!(value(&scene, &ctx, "Difficulty"), "Normal");
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(ctx.difficulty(), Difficulty::Hard);
    scene.key_press(&mut ctx, KeyCode::ArrowRight);
    assert_eq!(value(&scene, &ctx, "Difficulty"), "Kids");
    assert_eq!(ctx.settings.now.game.difficulty, Difficulty::Kids);
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::Pop
    ));
    let saved = std::fs::read_to_string(&path).unwrap();
    assert_eq!(saved, "# mine\n\n[game]\ndifficulty = \"kids\"\n");
    let (config, problems) = Config::parse_lenient(&saved);
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(config.game.difficulty, Difficulty::Kids);
    let _ = std::fs::remove_dir_all(&dir);
}
