use super::*;
use proptest::prelude::*;

fn entries(list: &[(&str, &[&str])]) -> Vec<(String, Vec<String>)> {
    list.iter()
        .map(|(a, keys)| (a.to_string(), keys.iter().map(|k| k.to_string()).collect()))
        .collect()
}

#[test]
fn defaults_are_the_table() {
    let b = Bindings::default();
    assert_eq!(b.action(KeyCode::KeyA), Some(Action::Left));
    assert_eq!(b.action(KeyCode::ArrowRight), Some(Action::Right));
    assert_eq!(b.action(KeyCode::Space), Some(Action::Launch));
    assert_eq!(b.action(KeyCode::F11), Some(Action::Fullscreen));
    assert_eq!(b.action(KeyCode::KeyC), Some(Action::NextCollisionMode));
    assert_eq!(b.action(KeyCode::KeyQ), Some(Action::FireLeft));
    assert_eq!(b.action(KeyCode::Backspace), Some(Action::Recall));
    assert_eq!(b.action(KeyCode::KeyZ), None);
    assert_eq!(b.keys(Action::Left), &[KeyCode::ArrowLeft, KeyCode::KeyA]);
    assert_eq!(b.key_names(Action::Left), vec!["Left", "A"]);
}

#[test]
fn the_table_has_unique_names_and_keys_and_no_menu_key_but_the_arrows() {
    for (i, a) in Action::ALL.iter().enumerate() {
        assert_eq!(*a as usize, i);
        assert_eq!(Action::from_name(a.name()), Some(*a));
        for b in &Action::ALL[i + 1..] {
            assert_ne!(a.name(), b.name());
            assert!(a
                .default_keys()
                .iter()
                .all(|k| !b.default_keys().contains(k)));
        }
        for &key in a.default_keys() {
            assert!(key_name(key).is_some(), "{key:?} has no name");
        }
    }
}

#[test]
fn a_key_of_another_action_is_refused_with_its_name() {
    let mut b = Bindings::default();
    let err = b.bind(Action::Pause, KeyCode::Space).unwrap_err();
    assert_eq!(
        err,
        BindError::Taken {
            key: KeyCode::Space,
            other: Action::Launch
        }
    );
    assert_eq!(err.to_string(), "Space is already 'Launch'");
    assert_eq!(b, Bindings::default(), "unchanged");
}

#[test]
fn menu_keys_are_refused_except_an_actions_own_defaults() {
    let mut b = Bindings::default();
    for key in [KeyCode::Escape, KeyCode::Enter, KeyCode::ArrowUp] {
        let err = b.bind(Action::Launch, key).unwrap_err();
        assert_eq!(err, BindError::Reserved { key });
    }
    assert_eq!(
        b.bind(Action::Launch, KeyCode::Enter)
            .unwrap_err()
            .to_string(),
        "Enter is kept for the menus"
    );
    // Left may go back to the Left arrow alone.
    b.bind(Action::Left, KeyCode::ArrowLeft).unwrap();
    assert_eq!(b.keys(Action::Left), &[KeyCode::ArrowLeft]);
    assert_eq!(b.action(KeyCode::KeyA), None);
    assert_eq!(
        b.bind(Action::Launch, KeyCode::Fn),
        Err(BindError::Unbindable { key: KeyCode::Fn })
    );
}

#[test]
fn binding_replaces_the_actions_keys() {
    let mut b = Bindings::default();
    b.bind(Action::Launch, KeyCode::KeyU).unwrap();
    assert_eq!(b.action(KeyCode::KeyU), Some(Action::Launch));
    assert_eq!(b.action(KeyCode::Space), None);
    // The freed key can go to another action.
    b.bind(Action::Pause, KeyCode::Space).unwrap();
    assert_eq!(b.action(KeyCode::Space), Some(Action::Pause));
    assert_eq!(b.first_key_name(Action::Pause), "Space");
    assert_eq!(
        b.set_keys(Action::Pause, &[]),
        Err(BindError::NoKey {
            action: Action::Pause
        })
    );
}

#[test]
fn key_names_parse_friendly_and_winit_names() {
    assert_eq!(parse_key("A"), Some(KeyCode::KeyA));
    assert_eq!(parse_key("a"), Some(KeyCode::KeyA));
    assert_eq!(parse_key("KeyA"), Some(KeyCode::KeyA));
    assert_eq!(parse_key("space"), Some(KeyCode::Space));
    assert_eq!(parse_key("Left"), Some(KeyCode::ArrowLeft));
    assert_eq!(parse_key("ArrowLeft"), Some(KeyCode::ArrowLeft));
    assert_eq!(parse_key("F11"), Some(KeyCode::F11));
    assert_eq!(parse_key("Page Up"), Some(KeyCode::PageUp));
    assert_eq!(parse_key("pageup"), Some(KeyCode::PageUp));
    assert_eq!(parse_key("Left Shift"), Some(KeyCode::ShiftLeft));
    assert_eq!(parse_key("ShiftLeft"), Some(KeyCode::ShiftLeft));
    assert_eq!(parse_key("-"), Some(KeyCode::Minus));
    assert_eq!(parse_key("Numpad -"), Some(KeyCode::NumpadSubtract));
    assert_eq!(parse_key("Spcae"), None);
    assert_eq!(parse_key(""), None);
    assert_eq!(parse_key("  "), None);
}

#[test]
fn config_entries_replace_keys_and_take_them_from_defaults() {
    let (b, problems) = Bindings::from_entries(&entries(&[
        ("launch", &["A"]),
        ("pause", &["Space", "KeyP"]),
    ]));
    assert!(problems.is_empty(), "{problems:?}");
    assert_eq!(b.keys(Action::Launch), &[KeyCode::KeyA]);
    assert_eq!(b.keys(Action::Pause), &[KeyCode::Space, KeyCode::KeyP]);
    assert_eq!(
        b.keys(Action::Left),
        &[KeyCode::ArrowLeft],
        "A went to launch"
    );
}

#[test]
fn config_mistakes_keep_the_defaults_of_their_entry() {
    let (b, problems) = Bindings::from_entries(&entries(&[
        ("jump", &["J"]),
        ("launch", &["W"]),
        ("pause", &["W"]),
        ("mute", &["Spcae"]),
        ("right", &["Esc"]),
        ("left", &[]),
    ]));
    let messages: Vec<&str> = problems.iter().map(|(_, m)| m.as_str()).collect();
    assert_eq!(problems.len(), 5, "{problems:?}");
    assert_eq!(problems[0].0, "jump");
    assert!(
        messages[0].contains("unknown action 'jump'") && messages[0].contains("launch"),
        "{}",
        messages[0]
    );
    assert_eq!(messages[1], "pause: W is already 'Launch'");
    assert!(
        messages[2].contains("unknown key name 'Spcae'"),
        "{}",
        messages[2]
    );
    assert_eq!(messages[3], "right: Esc is kept for the menus");
    assert_eq!(messages[4], "left: 'Move left' needs at least one key");
    assert_eq!(b.keys(Action::Launch), &[KeyCode::KeyW]);
    for a in [Action::Pause, Action::Mute, Action::Right, Action::Left] {
        assert_eq!(b.keys(a), a.default_keys(), "{a:?}");
    }
}

fn any_bindable_key() -> impl Strategy<Value = KeyCode> {
    prop::sample::select(KEY_NAMES.iter().map(|(k, _)| *k).collect::<Vec<_>>())
}

fn any_action() -> impl Strategy<Value = Action> {
    prop::sample::select(Action::ALL.to_vec())
}

proptest! {
    /// Every bindable key's printed name (and winit's name) parses back to it.
    #[test]
    fn key_names_round_trip(key in any_bindable_key()) {
        let name = key_name(key).unwrap();
        prop_assert_eq!(parse_key(name), Some(key));
        prop_assert_eq!(parse_key(&name.to_uppercase()), Some(key));
        prop_assert_eq!(parse_key(&format!("{key:?}")), Some(key));
    }

    /// Any sequence of binds keeps one action per key, and the config file written from the
    /// bindings (`key_names`) reads back to the same bindings with no problem.
    #[test]
    fn binds_keep_keys_unique_and_write_back(
        binds in prop::collection::vec((any_action(), any_bindable_key()), 0..20)
    ) {
        let mut b = Bindings::default();
        for (action, key) in binds {
            let before = b.clone();
            match b.bind(action, key) {
                Ok(()) => prop_assert_eq!(b.keys(action), &[key]),
                Err(_) => prop_assert_eq!(&b, &before),
            }
        }
        for key in KEY_NAMES.iter().map(|(k, _)| *k) {
            let owners = Action::ALL.iter().filter(|&&a| b.keys(a).contains(&key)).count();
            prop_assert!(owners <= 1, "{:?} has {} actions", key, owners);
        }
        let written: Vec<(String, Vec<String>)> = Action::ALL
            .iter()
            .map(|&a| (a.name().to_string(), b.key_names(a)))
            .collect();
        let (read, problems) = Bindings::from_entries(&written);
        prop_assert!(problems.is_empty(), "{:?}", problems);
        prop_assert_eq!(read, b);
    }
}
