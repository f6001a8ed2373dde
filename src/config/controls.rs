//! The `[keys]` and `[gamepad]` sections of `breakout.toml`: key bindings
//! ([`crate::bindings`]) and the gamepad's settings.

use crate::bindings::Bindings;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;

/// The `[keys]` section as written: per action name, its key names, in file order. An entry is
/// `left = ["Left", "A"]` or `launch = "Space"`; what they mean (and their mistakes) is
/// [`Bindings::from_entries`]'s.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct KeysConfig {
    /// `(action name, key names)`, in file order.
    pub entries: Vec<(String, Vec<String>)>,
}

impl KeysConfig {
    /// The bindings the section gives (the defaults for an entry with a mistake; the mistakes
    /// are [`super::Config::parse_lenient`]'s to report).
    pub fn bindings(&self) -> Bindings {
        Bindings::from_entries(&self.entries).0
    }

    /// The section that gives `bindings`: every action with its keys, in table order.
    pub fn from_bindings(bindings: &Bindings) -> KeysConfig {
        KeysConfig {
            entries: crate::bindings::Action::ALL
                .iter()
                .map(|&a| (a.name().to_string(), bindings.key_names(a)))
                .collect(),
        }
    }
}

impl<'de> Deserialize<'de> for KeysConfig {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Entries;
        impl<'de> Visitor<'de> for Entries {
            type Value = KeysConfig;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a table of actions and their keys")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<KeysConfig, A::Error> {
                let mut entries = Vec::new();
                while let Some((name, KeyList(keys))) = map.next_entry::<String, KeyList>()? {
                    entries.push((name, keys));
                }
                Ok(KeysConfig { entries })
            }
        }
        deserializer.deserialize_map(Entries)
    }
}

/// One `[keys]` value: a key name, or a list of them.
struct KeyList(Vec<String>);

impl<'de> Deserialize<'de> for KeyList {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Names;
        impl<'de> Visitor<'de> for Names {
            type Value = KeyList;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a key name in quotes or a list of them, like [\"Left\", \"A\"]")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<KeyList, E> {
                Ok(KeyList(vec![v.to_string()]))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<KeyList, A::Error> {
                let mut names = Vec::new();
                while let Some(name) = seq.next_element::<String>()? {
                    names.push(name);
                }
                Ok(KeyList(names))
            }
        }
        deserializer.deserialize_any(Names)
    }
}

/// The `[gamepad]` section.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct GamepadConfig {
    /// Whether gamepads are read at all (default true).
    pub enabled: bool,
    /// How far (0–0.9 of the full throw) the left stick must move before the paddle does;
    /// beyond it the paddle's speed grows from 0 to full (default 0.2: worn sticks rest up to
    /// about 0.15 off centre).
    pub dead_zone: f32,
}

impl Default for GamepadConfig {
    fn default() -> Self {
        GamepadConfig {
            enabled: true,
            dead_zone: 0.2,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Config, Problem};
    use crate::bindings::Action;
    use winit::keyboard::KeyCode;

    fn at(problems: &[Problem]) -> Vec<(usize, usize)> {
        problems.iter().map(|p| (p.line, p.column)).collect()
    }

    #[test]
    fn keys_section_takes_a_name_or_a_list() {
        let text = "[keys]\nleft = [\"J\", \"Left\"]\nlaunch = \"KeyW\"\n";
        let (config, problems) = Config::parse_lenient(text);
        assert!(problems.is_empty(), "{problems:?}");
        let b = config.keys.bindings();
        assert_eq!(b.keys(Action::Left), &[KeyCode::KeyJ, KeyCode::ArrowLeft]);
        assert_eq!(b.keys(Action::Launch), &[KeyCode::KeyW]);
        assert_eq!(b.keys(Action::Pause), &[KeyCode::KeyP]);
        assert_eq!(
            Config::parse_lenient("").0.keys.bindings(),
            Default::default()
        );
    }

    #[test]
    fn keys_mistakes_have_positions_and_keep_their_defaults() {
        let text = "[audio]\nmusic_volume = 1\n\n[keys]\njump = \"J\"\nlaunch = \"Spcae\"\n  pause = \"Esc\"\nmute = \"P\"\nright = 3\nleft = \"H\"\n";
        let (config, problems) = Config::parse_lenient(text);
        assert_eq!(
            at(&problems),
            vec![(5, 1), (6, 1), (7, 3), (9, 9)],
            "{problems:#?}"
        );
        assert!(problems[0].message.contains("unknown action 'jump'"));
        assert!(problems[1].message.contains("unknown key name 'Spcae'"));
        assert_eq!(problems[2].message, "pause: Esc is kept for the menus");
        assert!(
            problems[3].message.contains("right must be a key name"),
            "{}",
            problems[3].message
        );
        let b = config.keys.bindings();
        assert_eq!(b.keys(Action::Launch), &[KeyCode::Space], "the default");
        // Mute took P: the pause action, kept at its default, loses it.
        assert_eq!(b.keys(Action::Mute), &[KeyCode::KeyP]);
        assert!(b.keys(Action::Pause).is_empty());
        assert_eq!(b.keys(Action::Right), Action::Right.default_keys());
        assert_eq!(b.keys(Action::Left), &[KeyCode::KeyH]);
        assert_eq!(config.audio.music_volume, 1.0, "the rest applies");
    }

    #[test]
    fn a_key_given_twice_is_a_problem_at_the_second() {
        let text = "[keys]\nlaunch = \"W\"\npause = [\"Q\", \"W\"]\n";
        let (config, problems) = Config::parse_lenient(text);
        assert_eq!(at(&problems), vec![(3, 1)], "{problems:#?}");
        assert_eq!(problems[0].message, "pause: W is already 'Launch'");
        assert_eq!(config.keys.bindings().keys(Action::Pause), &[KeyCode::KeyP]);
        let err = Config::parse(text, std::path::Path::new("breakout.toml"))
            .unwrap_err()
            .to_string();
        assert_eq!(err, "breakout.toml:3:1: pause: W is already 'Launch'");
    }

    #[test]
    fn gamepad_section_parses_and_its_dead_zone_is_checked() {
        let (config, problems) =
            Config::parse_lenient("[gamepad]\nenabled = false\ndead_zone = 0.5\n");
        assert!(problems.is_empty(), "{problems:?}");
        assert!(!config.gamepad.enabled);
        assert_eq!(config.gamepad.dead_zone, 0.5);
        let (config, problems) =
            Config::parse_lenient("[gamepad]\nenabled = \"yes\"\ndead_zone = 0.95\n");
        assert_eq!(at(&problems), vec![(2, 11), (3, 1)], "{problems:#?}");
        assert!(problems[0]
            .message
            .contains("enabled must be true or false"));
        assert!(problems[1].message.contains("between 0 and 0.9"));
        assert_eq!(config.gamepad, super::GamepadConfig::default());
    }

    /// The example in `docs/playing.md`'s "Configuration" section (defaults, [keys] and [gamepad]
    /// included) is a file the game reads with no problem and no change from the defaults.
    #[test]
    fn the_readme_example_reads_as_the_defaults() {
        let readme = include_str!("../../docs/playing.md");
        let section = readme
            .split("## Configuration")
            .nth(1)
            .expect("a Configuration section");
        let example = section
            .split("```toml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .expect("a toml example");
        let (config, problems) = Config::parse_lenient(example);
        assert!(problems.is_empty(), "{problems:?}");
        assert!(example.contains("[keys]") && example.contains("[gamepad]"));
        assert_eq!(config.keys.bindings(), Default::default());
        assert_eq!(config.gamepad, super::GamepadConfig::default());
    }
}
