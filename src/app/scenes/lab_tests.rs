//! The lab's place in the menu (apart from `lab.rs`, which the menu imports).

use super::menu::MenuScene;
use super::{test_context, SceneStack};
use crate::assets::{Assets, LevelSetSource};
use winit::keyboard::{KeyCode, PhysicalKey};

#[test]
fn the_menus_lab_entry_opens_the_probe_and_esc_comes_back() {
    let mut ctx = test_context();
    let menu = MenuScene::new(Assets::built_in(), vec![LevelSetSource::Shipped]);
    let mut stack = SceneStack::new(Box::new(menu));
    for code in [KeyCode::End, KeyCode::ArrowUp, KeyCode::Enter] {
        stack.key(&mut ctx, PhysicalKey::Code(code), true, false);
    }
    assert_eq!(stack.title(), "Breakout — collision lab");
    stack.key(&mut ctx, PhysicalKey::Code(KeyCode::Escape), true, false);
    assert_eq!(stack.len(), 1, "back on the menu");
}

/// `breakout lab --case FILE` and the L key (play-test H15): a saved case opens as the probe,
/// named on the status line; L goes through the probes directory's cases, the newest first;
/// a bad file says where it is wrong and leaves the probe as it was.
mod cases {
    use super::super::lab::{LabScene, LOAD_KEY, SAVE_KEY};
    use super::super::test_context;
    use super::super::Drive;
    use winit::keyboard::KeyCode;

    #[test]
    fn l_opens_the_saved_cases_newest_first_and_names_each() {
        let dir = std::env::temp_dir().join(format!("breakout-lab-l-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut ctx = test_context();
        let mut lab = LabScene::saving_to(Some(dir.clone()));
        lab.key_press(&mut ctx, LOAD_KEY);
        assert_eq!(lab.status(), Some("no saved cases (S saves one)"));
        lab.key_press(&mut ctx, KeyCode::Digit1);
        lab.key_press(&mut ctx, SAVE_KEY);
        let corner = *lab.probe();
        std::thread::sleep(std::time::Duration::from_millis(20));
        lab.key_press(&mut ctx, KeyCode::Digit3);
        lab.key_press(&mut ctx, SAVE_KEY);
        let tunnel = *lab.probe();
        lab.key_press(&mut ctx, KeyCode::Digit2);
        lab.key_press(&mut ctx, LOAD_KEY);
        assert_eq!(lab.probe().motion, tunnel.motion, "the newest first");
        let status = lab.status().unwrap();
        assert!(status.starts_with("opened ") && status.ends_with("tunnel-1.toml (1 of 2)"));
        lab.key_press(&mut ctx, LOAD_KEY);
        assert_eq!(lab.probe().motion, corner.motion);
        assert!(lab.status().unwrap().ends_with("corner-1.toml (2 of 2)"));
        lab.key_press(&mut ctx, LOAD_KEY);
        assert_eq!(lab.probe().motion, tunnel.motion, "round again");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_bad_case_file_says_file_line_and_column_and_changes_nothing() {
        let dir = std::env::temp_dir().join(format!("breakout-lab-bad-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("bad.toml");
        std::fs::write(&file, "format = 1\nname = \"x\"\ncenter = [1.0,\n").unwrap();
        let mut lab = LabScene::saving_to(None);
        let before = *lab.probe();
        let e = lab.open_case(&file).unwrap_err();
        assert!(e.contains("bad.toml:"), "{e}");
        assert!(
            e.split(':').filter(|p| p.parse::<usize>().is_ok()).count() >= 2,
            "{e}"
        );
        assert_eq!(lab.probe(), &before);
        let e = lab.open_case(&dir.join("missing.toml")).unwrap_err();
        assert!(e.contains("missing.toml:1:1"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
