//! The `[keys]`, `[gamepad]` and `[controls]` sections of `breakout.toml`: key bindings
//! ([`crate::bindings`]), the gamepad's settings, and the controls' settings (the paddle's
//! style, the ball turbo, the launch angle… and the mouse).

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

/// Lowest and highest `[controls] ball_turbo_speed`, pixels/second.
pub const BALL_TURBO_SPEED_RANGE: (u32, u32) = (600, 2400);
/// Lowest and highest `[controls] mouse_sensitivity`, per cent (LBreakoutHD's *Motion
/// Modifier*, `src/config.cpp` `rel_motion`… offered from 40 to 160 %).
pub const MOUSE_SENSITIVITY_RANGE: (u32, u32) = (40, 160);

/// How the mouse moves the paddle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MouseMode {
    /// The paddle goes where the pointer is (this game's rule, the default).
    #[default]
    Absolute,
    /// The paddle moves by the pointer's motion times the sensitivity (LBreakoutHD's
    /// relative motion).
    Relative,
}

impl MouseMode {
    /// Its name in `breakout.toml` and on the settings screen.
    pub fn name(self) -> &'static str {
        match self {
            MouseMode::Absolute => "absolute",
            MouseMode::Relative => "relative",
        }
    }
}

/// The mouse's settings: what the shell does with the pointer before the simulation sees a
/// paddle target (nothing of them enters the game's state or a replay).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MouseSettings {
    /// Absolute or relative.
    pub mode: MouseMode,
    /// Relative motion's factor, per cent ([`MOUSE_SENSITIVITY_RANGE`]).
    pub sensitivity: u32,
    /// The paddle moves against the pointer.
    pub invert: bool,
}

impl Default for MouseSettings {
    fn default() -> Self {
        ControlsConfig::default().mouse()
    }
}

/// The `[controls]` section: the simulation's [`crate::sim::ControlSettings`] and the mouse.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ControlsConfig {
    /// `"convex"` (default) or `"normal"` ([`crate::sim::PaddleStyle`]).
    #[serde(deserialize_with = "paddle_style")]
    pub paddle_style: crate::sim::PaddleStyle,
    /// Balls' speed while the ball turbo (V) is held, pixels/second, within
    /// [`BALL_TURBO_SPEED_RANGE`] (default 1200).
    #[serde(deserialize_with = "turbo_speed")]
    pub ball_turbo_speed: f32,
    /// Ball turbo *Auto*: the farther a ball from the paddle, the faster (default false).
    pub ball_turbo_auto: bool,
    /// Key movement accelerates to full speed (default false).
    pub key_acceleration: bool,
    /// `"motion"` (default) or `"random"` ([`crate::sim::LaunchAngle`]).
    #[serde(deserialize_with = "launch_angle")]
    pub launch_angle: crate::sim::LaunchAngle,
    /// Idle balls come back to the paddle (default false).
    pub auto_return: bool,
    /// `"absolute"` (default) or `"relative"`.
    pub mouse: MouseMode,
    /// Relative motion's factor, per cent, within [`MOUSE_SENSITIVITY_RANGE`] (default 100).
    #[serde(deserialize_with = "sensitivity")]
    pub mouse_sensitivity: u32,
    /// The paddle moves against the mouse (default false).
    pub mouse_invert: bool,
}

impl Default for ControlsConfig {
    fn default() -> Self {
        let sim = crate::sim::ControlSettings::default();
        ControlsConfig {
            paddle_style: sim.paddle_style,
            ball_turbo_speed: sim.ball_turbo_speed,
            ball_turbo_auto: sim.ball_turbo_auto,
            key_acceleration: sim.key_acceleration,
            launch_angle: sim.launch_angle,
            auto_return: sim.auto_return,
            mouse: MouseMode::Absolute,
            mouse_sensitivity: 100,
            mouse_invert: false,
        }
    }
}

impl ControlsConfig {
    /// The simulation's part (a game's `GameConfig::controls`, stored in its replay).
    pub fn game(&self) -> crate::sim::ControlSettings {
        crate::sim::ControlSettings {
            paddle_style: self.paddle_style,
            ball_turbo_speed: self.ball_turbo_speed,
            ball_turbo_auto: self.ball_turbo_auto,
            key_acceleration: self.key_acceleration,
            launch_angle: self.launch_angle,
            auto_return: self.auto_return,
        }
    }

    /// The mouse's part.
    pub fn mouse(&self) -> MouseSettings {
        MouseSettings {
            mode: self.mouse,
            sensitivity: self.mouse_sensitivity,
            invert: self.mouse_invert,
        }
    }
}

/// A name among `names`, as `from_name` reads it; else an error listing them.
fn named<'de, D: Deserializer<'de>, T>(
    deserializer: D,
    from_name: fn(&str) -> Option<T>,
    names: &[&str],
) -> Result<T, D::Error> {
    let name = String::deserialize(deserializer)?;
    from_name(&name).ok_or_else(|| {
        de::Error::custom(format!(
            "unknown value '{name}': it must be one of {}",
            names.join(", ")
        ))
    })
}

fn paddle_style<'de, D: Deserializer<'de>>(d: D) -> Result<crate::sim::PaddleStyle, D::Error> {
    use crate::sim::PaddleStyle;
    let names = PaddleStyle::ALL.map(PaddleStyle::name);
    named(d, PaddleStyle::from_name, &names)
}

fn launch_angle<'de, D: Deserializer<'de>>(d: D) -> Result<crate::sim::LaunchAngle, D::Error> {
    use crate::sim::LaunchAngle;
    let names = LaunchAngle::ALL.map(LaunchAngle::name);
    named(d, LaunchAngle::from_name, &names)
}

/// A whole number within `(lo, hi)`; else an error naming the range and `unit`.
fn within<'de, D: Deserializer<'de>>(
    d: D,
    (lo, hi): (u32, u32),
    unit: &str,
) -> Result<u32, D::Error> {
    let value = i64::deserialize(d)?;
    u32::try_from(value)
        .ok()
        .filter(|v| (lo..=hi).contains(v))
        .ok_or_else(|| {
            de::Error::custom(format!(
                "{value} is out of range: it must be between {lo} and {hi} ({unit})"
            ))
        })
}

fn turbo_speed<'de, D: Deserializer<'de>>(d: D) -> Result<f32, D::Error> {
    within(d, BALL_TURBO_SPEED_RANGE, "pixels per second").map(|v| v as f32)
}

fn sensitivity<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    within(d, MOUSE_SENSITIVITY_RANGE, "per cent")
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

    /// Every `[controls]` key is read; a bad value is reported at its line and keeps its
    /// default while the others apply.
    #[test]
    fn controls_section_reads_every_key_and_reports_bad_values() {
        use crate::sim::{LaunchAngle, PaddleStyle};
        let text = "[controls]\npaddle_style = \"normal\"\nball_turbo_speed = 1800\n\
                    ball_turbo_auto = true\nkey_acceleration = true\nlaunch_angle = \"random\"\n\
                    auto_return = true\nmouse = \"relative\"\nmouse_sensitivity = 60\n\
                    mouse_invert = true\n";
        let (config, problems) = Config::parse_lenient(text);
        assert!(problems.is_empty(), "{problems:?}");
        let c = config.controls;
        assert_eq!(c.paddle_style, PaddleStyle::Normal);
        assert_eq!(c.ball_turbo_speed, 1800.0);
        assert!(c.ball_turbo_auto && c.key_acceleration && c.auto_return && c.mouse_invert);
        assert_eq!(c.launch_angle, LaunchAngle::Random);
        assert_eq!(
            (c.mouse, c.mouse_sensitivity),
            (super::MouseMode::Relative, 60)
        );
        assert_eq!(c.game().paddle_style, PaddleStyle::Normal);
        assert_eq!(
            Config::parse_lenient("").0.controls,
            super::ControlsConfig::default()
        );
        assert!(super::ControlsConfig::default().game().is_default());

        let text = "[controls]\npaddle_style = \"round\"\nmouse = \"relative\"\n\
                    mouse_sensitivity = 200\nball_turbo_speed = 100\nmouse = 3\n";
        let (config, problems) = Config::parse_lenient(text);
        let lines: Vec<usize> = problems.iter().map(|p| p.line).collect();
        assert!(
            lines.contains(&2) && lines.contains(&4) && lines.contains(&5),
            "{problems:#?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.message.contains("convex, normal")),
            "{problems:#?}"
        );
        assert!(
            problems
                .iter()
                .any(|p| p.message.contains("between 40 and 160")),
            "{problems:#?}"
        );
        assert_eq!(config.controls.paddle_style, PaddleStyle::Convex);
        assert_eq!(config.controls.mouse_sensitivity, 100);
        assert_eq!(config.controls.ball_turbo_speed, 1200.0);
    }
}
