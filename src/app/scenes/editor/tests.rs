//! Tests of the editor's screen: mouse and keys as an author uses them.

use super::keys::{kind_key, KEY_CHARS};
use super::properties::nudge_area;
use super::*;
use crate::app::scenes::{test_context, SceneStack};
use crate::app::scenes::{Drive, SceneInput};
use crate::editor::document::Document;
use crate::level::{BrickArea, BrickKind, MAX_AREA_BOTTOM};
use winit::keyboard::{KeyCode, ModifiersState, PhysicalKey};

fn scene(text: &str) -> EditorScene {
    let doc = Document::open(text, "t").unwrap();
    EditorScene::new(Editor::new(doc, None, true), None)
}

fn press(stack: &mut SceneStack, ctx: &mut Context, code: KeyCode) {
    stack.key(ctx, PhysicalKey::Code(code), true, false);
    stack.key(ctx, PhysicalKey::Code(code), false, false);
}

#[test]
fn mouse_paints_the_cell_under_it_and_ctrl_z_undoes() {
    let mut ctx = test_context();
    let mut stack = SceneStack::new(Box::new(scene("2 0 0\n0 0 0\n")));
    // Default layout: 3 columns of 266.7 px, 2 rows of 150 px.
    stack.input(
        &mut ctx,
        SceneInput::Pointer(Pointer::Moved(Vec2::new(700.0, 200.0))),
    );
    press(&mut stack, &mut ctx, KeyCode::KeyM);
    stack.input(
        &mut ctx,
        SceneInput::Pointer(Pointer::Down(MouseButton::Left)),
    );
    stack.input(
        &mut ctx,
        SceneInput::Pointer(Pointer::Moved(Vec2::new(400.0, 200.0))),
    );
    stack.input(
        &mut ctx,
        SceneInput::Pointer(Pointer::Up(MouseButton::Left)),
    );
    ctx.modifiers = ModifiersState::CONTROL;
    press(&mut stack, &mut ctx, KeyCode::KeyS); // no file: says so, nothing breaks
    ctx.modifiers = ModifiersState::empty();
    assert_eq!(stack.len(), 1);
    // The drag painted two cells in one undo step.
    let mut batch = SpriteBatch::default();
    stack.draw(&ctx, &mut batch);
    assert!(!batch.backdrop.is_empty());
    ctx.modifiers = ModifiersState::CONTROL;
    press(&mut stack, &mut ctx, KeyCode::KeyZ);
    ctx.modifiers = ModifiersState::empty();
    // Esc leaves at once: nothing is modified after the undo.
    press(&mut stack, &mut ctx, KeyCode::Escape);
    assert!(stack.is_empty());
}

#[test]
fn a_drag_paints_and_escape_with_changes_asks_first() {
    let mut ctx = test_context();
    let mut s = scene("2 0 0\n0 0 0\n");
    s.pointer(&mut ctx, Pointer::Moved(Vec2::new(700.0, 200.0)));
    s.key_press(&mut ctx, KeyCode::KeyM);
    s.pointer(&mut ctx, Pointer::Down(MouseButton::Left));
    s.pointer(&mut ctx, Pointer::Moved(Vec2::new(400.0, 200.0)));
    s.pointer(&mut ctx, Pointer::Up(MouseButton::Left));
    assert_eq!(s.editor().text(), "2 0 0\n0 M M\n");
    assert!(matches!(
        s.key_press(&mut ctx, KeyCode::Escape),
        Transition::None
    ));
    assert_eq!(s.mode, Mode::AskQuit);
    assert!(matches!(
        s.key_press(&mut ctx, KeyCode::Escape),
        Transition::None
    ));
    assert_eq!(s.mode, Mode::Edit);
    assert!(
        s.close_requested(&mut ctx).is_some(),
        "the close button asks too"
    );
    assert!(matches!(
        s.key_press(&mut ctx, KeyCode::KeyD),
        Transition::Pop
    ));
}

#[test]
fn test_play_pushes_the_game_and_refuses_a_level_with_nothing_to_clear() {
    let mut ctx = test_context();
    let mut s = scene("1 0\n");
    assert!(matches!(
        s.key_press(&mut ctx, KeyCode::Tab),
        Transition::None
    ));
    assert!(s
        .message
        .as_ref()
        .is_some_and(|(m, _, e)| *e && m.contains("cannot play")));
    let mut s = scene("2 0\n");
    assert!(matches!(
        s.key_press(&mut ctx, KeyCode::Tab),
        Transition::Push(_)
    ));
    assert!(matches!(
        s.key_press(&mut ctx, KeyCode::KeyB),
        Transition::Push(_)
    ));
}

#[test]
fn properties_rename_and_resize_from_the_left() {
    let mut ctx = test_context();
    let mut s = scene("2 2\n");
    s.key_press(&mut ctx, KeyCode::KeyP);
    s.key_press(&mut ctx, KeyCode::Enter);
    s.typed(&mut ctx, "Hi");
    s.key_press(&mut ctx, KeyCode::Enter);
    s.key_press(&mut ctx, KeyCode::ArrowDown);
    s.key_press(&mut ctx, KeyCode::ArrowDown);
    ctx.modifiers = ModifiersState::SHIFT;
    s.key_press(&mut ctx, KeyCode::ArrowRight);
    ctx.modifiers = ModifiersState::empty();
    s.key_press(&mut ctx, KeyCode::Escape);
    assert_eq!(s.mode, Mode::Edit);
    assert_eq!(s.editor().text(), "@name: Hi\n0 2 2\n");
}

#[test]
fn areas_stay_valid_whatever_the_nudges() {
    let mut area = BrickArea {
        left: 0,
        top: 0,
        width: 800,
        height: 300,
    };
    for (which, amount) in [(0, 50), (2, 100), (1, 400), (3, 500), (0, -900), (2, -2000)] {
        area = nudge_area(area, which, amount);
        assert!(area.width >= 1 && area.left + area.width <= 800, "{area:?}");
        assert!(
            area.height >= 1 && area.top + area.height <= MAX_AREA_BOTTOM,
            "{area:?}"
        );
    }
}

/// A brick kind is picked by the key of its level-file symbol, whatever the kind: the key map is
/// derived from `BrickKind::symbol`, and no editor command letter is a kind's symbol (the kind
/// would win and the command be lost).
#[test]
fn every_brick_kind_is_picked_by_its_symbols_key_and_no_command_key_names_one() {
    for kind in BrickKind::ALL {
        let (key, _) = KEY_CHARS
            .iter()
            .find(|(_, c)| *c == kind.symbol())
            .unwrap_or_else(|| panic!("{kind:?}: no key types {:?}", kind.symbol()));
        assert_eq!(kind_key(*key), Some(kind), "{kind:?}");
    }
    for command in [
        KeyCode::KeyP,
        KeyCode::KeyB,
        KeyCode::KeyN,
        KeyCode::KeyE,
        KeyCode::KeyT,
    ] {
        assert_eq!(kind_key(command), None, "{command:?} is an editor command");
    }
}
