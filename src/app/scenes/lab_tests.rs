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
