//! The settings screen's rows of the controls (`control_rows.rs`).

use super::{SettingsScene, SETTINGS};
use crate::app::scenes::{test_context, Drive, Transition};
use crate::config::save::ConfigFile;
use crate::config::{Config, Loaded, MouseMode};
use crate::sim::{LaunchAngle, PaddleStyle};
use winit::keyboard::KeyCode;

/// Every control row steps (right), applies at once to the next game's controls and to
/// the mouse, and leaving saves each into the file, which reads them back.
#[test]
fn every_control_row_steps_applies_and_saves() {
    let dir = std::env::temp_dir().join(format!("breakout-controls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("breakout.toml");
    std::fs::write(&path, "# mine\n").unwrap();
    let mut ctx = test_context();
    ctx.settings = ConfigFile::new(Loaded {
        config: Config::default(),
        path: Some(path.clone()),
        read: true,
        problems: Vec::new(),
    });
    let mut scene = SettingsScene::new(false);
    let labels = [
        "Paddle style",
        "Ball turbo speed",
        "Ball turbo auto",
        "Key acceleration",
        "Launch angle",
        "Auto-return",
        "Mouse",
        "Mouse sensitivity",
        "Mouse invert",
    ];
    for label in labels {
        let row = SETTINGS.iter().position(|s| s.label == label).unwrap();
        while scene.selected != row {
            scene.key_press(&mut ctx, KeyCode::ArrowDown);
        }
        scene.key_press(&mut ctx, KeyCode::ArrowRight);
    }
    let c = ctx.game_config.controls;
    assert_eq!(c.paddle_style, PaddleStyle::Normal);
    assert_eq!(c.ball_turbo_speed, 1400.0);
    assert!(c.ball_turbo_auto && c.key_acceleration && c.auto_return);
    assert_eq!(c.launch_angle, LaunchAngle::Random);
    let mouse = ctx.input.mouse();
    assert_eq!(mouse.mode, MouseMode::Relative);
    assert_eq!((mouse.sensitivity, mouse.invert), (110, true));
    // The sensitivity stops at its lowest.
    scene.key_press(&mut ctx, KeyCode::ArrowUp);
    for _ in 0..20 {
        scene.key_press(&mut ctx, KeyCode::ArrowLeft);
    }
    assert_eq!(ctx.input.mouse().sensitivity, 40, "the lowest");
    let view = scene.view(&ctx);
    let shown = view.rows.iter().find(|(l, _)| l == "Mouse sensitivity");
    assert_eq!(shown.unwrap().1, "40%");
    assert!(matches!(
        scene.key_press(&mut ctx, KeyCode::Escape),
        Transition::Pop
    ));
    let saved = std::fs::read_to_string(&path).unwrap();
    let (config, problems) = Config::parse_lenient(&saved);
    assert!(problems.is_empty(), "{problems:?}\n{saved}");
    assert_eq!(config.controls.game(), ctx.game_config.controls, "{saved}");
    assert_eq!(config.controls.mouse(), ctx.input.mouse(), "{saved}");
    assert!(saved.starts_with("# mine\n"), "{saved}");
    let _ = std::fs::remove_dir_all(&dir);
}
