//! The configuration file, `breakout.toml`.
//!
//! ```toml
//! [collision]
//! mode = "zones"          # a model's name (`breakout --help` lists them), or "native": each
//!                         # level with its own game's physics (own levels: clamp)
//! sub_steps = "on"        # "off": one raw collision test per 1/240 s step (fast balls tunnel)
//!
//! [powerups]
//! good_chance = 0.0133    # per destroyed brick, for each good power-up (LearnOpenGL: 1/75)
//! bad_chance = 0.0667     # for confuse and chaos (LearnOpenGL: 1/15)
//! sticky_seconds = 20
//! pass_through_seconds = 10
//! confuse_seconds = 15
//! chaos_seconds = 15
//!
//! [powerups.chance]       # any power-up by name (docs/levels.md), per destroyed brick
//! frozen = 0.01
//!
//! [powerups.seconds]      # any timed power-up by name
//! darkness = 10
//!
//! [audio]
//! music_volume = 0.5      # 0 to 1
//! effects_volume = 0.8
//! muted = false           # M (or the settings screen) toggles it; the game writes it on closing
//!
//! [effects]
//! trail_rate = 220        # trail particles per second behind each moving ball (0 = no trail)
//! burst_particles = 30    # particles flying out of each destroyed brick
//! screen_effects = true   # shake, confuse's inversion and chaos's swirl (false: never shown)
//!
//! [ball]
//! speed_up_per_minute = 0.2   # the ball gets 20 % faster per minute in play (0 = never)
//! max_speed_factor = 1.5      # up to 1.5 times the launch speed
//! aim_launch = true           # a launch from a moving paddle goes the way it moves
//!
//! [game]
//! speed = 100             # per cent of normal speed, 50 to 100 (the clock slows, not the game)
//! difficulty = "normal"   # kids, easy, normal or hard (docs/playing.md's table)
//! bonus_levels = true     # a bonus mini-game after every 4 levels of a run
//! warp_limit = 80         # per cent of a level's bricks gone before W warps (0-100; 100 never)
//! stall_breaker = true    # lightning strikes a last brick left untouched for a minute
//!
//! [video]
//! vsync = true
//! fullscreen = false      # borderless fullscreen (F11 or Alt+Enter toggles it)
//! frame_cap = 144         # frames per second at most, 30 to 1000; 0 = no cap; without the
//!                         # key: the monitor's refresh rate (144 where it is not known)
//!
//! [window]                # written by the game when it closes: size and position, pixels
//! width = 800
//! height = 600
//! x = 120
//! y = 80
//!
//! [keys]                  # one key name or a list; Esc, Enter and the arrows stay menu keys
//! left = ["Left", "A"]
//! right = ["Right", "D"]
//! launch = "Space"
//! pause = "P"             # Esc pauses too
//! mute = "M"
//! next_collision_mode = "C"
//! debug_overlay = "F1"
//! fullscreen = "F11"
//!
//! [gamepad]
//! enabled = true
//! dead_zone = 0.2         # 0 to 0.9 of the stick's throw before the paddle moves
//!
//! [controls]
//! paddle_style = "convex" # or "normal": flat, the paddle's motion bends the bounce
//! ball_turbo_speed = 1200 # pixels per second while V is held, 600 to 2400
//! ball_turbo_auto = false # the farther a ball from the paddle, the faster
//! key_acceleration = false
//! launch_angle = "motion" # or "random"
//! auto_return = false     # balls idle for 10 s come back to the paddle
//! mouse = "absolute"      # or "relative": the paddle moves by the mouse's motion
//! mouse_sensitivity = 100 # relative motion's factor, 40 to 160 (per cent)
//! mouse_invert = false
//! ```
//!
//! The settings screen (and the window, when it closes) writes changed settings back into the
//! file it was read from, keeping its comments and layout ([`save`]).
//!
//! Found at `--config <PATH>`; else `./breakout.toml`; else `breakout.toml` in the user's config
//! directory (`~/.config/breakout/` on Linux, from the `directories` crate); else defaults.
//! Unknown keys and values are errors with the file, line and column; an unknown mode lists the
//! valid ones (the game itself starts with `clamp` instead, saying this version lacks that model). Bytes that are not UTF-8 are such a mistake too (`not UTF-8 at byte offset N`):
//! read as U+FFFD, they cost only what they are in, and the game does not save into the file
//! until it is UTF-8 again ([`save::SaveError::NotUtf8`]). Command-line flags override the file.

mod collision;
mod controls;
mod graphics;
mod lenient;
mod percent;
pub mod save;

pub use collision::{CollisionConfig, ModeChoice};
pub use controls::{
    ControlsConfig, GamepadConfig, KeysConfig, MouseMode, MouseSettings, BALL_TURBO_SPEED_RANGE,
    MOUSE_SENSITIVITY_RANGE,
};
pub use graphics::GraphicsConfig;
pub use lenient::Problem;

use crate::sim::PowerUpSettings;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The configuration file's name.
pub const FILE_NAME: &str = "breakout.toml";

/// Everything the configuration file can set. Missing sections and keys take their defaults.
#[derive(Clone, Debug, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    /// `[collision]`.
    pub collision: CollisionConfig,
    /// `[powerups]`: spawn chances (0–1 per destroyed brick) and durations (seconds).
    pub powerups: PowerUpSettings,
    /// `[audio]`: volumes.
    pub audio: AudioConfig,
    /// `[effects]`: particle density, screen effects.
    pub effects: EffectsConfig,
    /// `[game]`: the game speed.
    pub game: PlayConfig,
    /// `[video]`: vsync, fullscreen, the frame cap, the power-ups shown on bricks.
    pub video: VideoConfig,
    /// `[window]`: the window's size and position when the game last closed.
    pub window: WindowConfig,
    /// `[ball]`: the ball's speed-up within a level and the aimed launch.
    pub ball: crate::sim::PaceSettings,
    /// `[keys]`: key bindings, per action (see [`crate::bindings`]).
    pub keys: KeysConfig,
    /// `[gamepad]`: on or off, and the stick's dead zone.
    pub gamepad: GamepadConfig,
    /// `[graphics]`: the theme.
    pub graphics: GraphicsConfig,
    /// `[controls]`: the paddle's style, the ball turbo, the launch angle, the mouse.
    pub controls: ControlsConfig,
}

/// The `[video]` section.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct VideoConfig {
    /// Wait for the display's refresh before showing a frame (default true; `--no-vsync`
    /// turns it off for one run).
    pub vsync: bool,
    /// Start in borderless fullscreen on the window's monitor (default false; F11 or Alt+Enter
    /// toggles it, `--fullscreen` forces it for one run).
    pub fullscreen: bool,
    /// Most frames drawn per second: 0 for no cap, else [`FRAME_CAP_RANGE`] (the settings
    /// screen offers off, 60, 120, 144 and 240). `None` (no key in the file, the default):
    /// the monitor's refresh rate, [`FRAME_CAP_FALLBACK`] where the window system does not
    /// say it ([`VideoConfig::frame_cap_fps`]). Where vsync has no effect (no compositor, a
    /// software renderer, Xvfb) it keeps the game from drawing ~900 frames a second.
    pub frame_cap: Option<u32>,
    /// Show in play which power-up a brick holds (its capsule on the brick). Default false: as
    /// in LBreakout2, a brick gives nothing away until its power-up falls. The level editor and
    /// `breakout preview` always show them.
    pub show_brick_powerups: bool,
}

impl Default for VideoConfig {
    fn default() -> Self {
        VideoConfig {
            vsync: true,
            fullscreen: false,
            frame_cap: None,
            show_brick_powerups: false,
        }
    }
}

/// The frame cap when `[video] frame_cap` follows the monitor and its refresh rate is not
/// known, frames per second.
pub const FRAME_CAP_FALLBACK: u32 = 144;

/// Lowest and highest `[video] frame_cap` other than 0 (no cap), frames per second.
pub const FRAME_CAP_RANGE: (u32, u32) = (30, 1000);

/// Longest real time one rendered frame may feed the game's clock, in seconds (the window's
/// concern, not the simulation's: it steps 1/240 s whatever the frame). After a stall (window
/// dragged, debugger) the game slows down instead of running hundreds of catch-up steps; the
/// largest `--frame-time` accepted.
pub const MAX_FRAME_TIME: f32 = 0.25;

impl VideoConfig {
    /// The frames per second these settings cap the game at, `None` for no cap, on a monitor
    /// refreshing `monitor_hz` times a second (`None`: not known).
    pub fn frame_cap_fps(&self, monitor_hz: Option<u32>) -> Option<u32> {
        match self.frame_cap {
            Some(0) => None,
            Some(fps) => Some(fps),
            None => Some(
                monitor_hz
                    .filter(|&hz| hz > 0)
                    .unwrap_or(FRAME_CAP_FALLBACK),
            ),
        }
    }
}

/// The `[game]` section: how fast the game runs for this player, and how hard it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PlayConfig {
    /// The game speed, per cent of normal, [`GAME_SPEED_RANGE`] (default 100): the game's
    /// clock runs this much of the wall clock's (the ball, the paddle, power-ups' timers
    /// alike); each step of the simulation stays 1/240 s of game time, so the game is the
    /// same game, slower. `--game-speed` sets it for one run. Scores made below 100 % are
    /// marked with their speed.
    pub speed: u32,
    /// The difficulty of the next run ([`crate::sim::Difficulty`]: `"kids"`, `"easy"`,
    /// `"normal"`, `"hard"`; default normal), applied over the `[ball]` and `[powerups]`
    /// settings ([`crate::sim::Difficulty::apply`]). `--difficulty` sets it for one run; the
    /// settings screen changes it. High scores are kept per difficulty.
    pub difficulty: crate::sim::Difficulty,
    /// Whether a run plays a bonus mini-game after every 4 regular levels (default true, as
    /// LBreakoutHD's *Bonus Levels* option, `src/config.cpp` `add_bonus_levels = 1`); the
    /// settings screen toggles it, from the next set opened.
    pub bonus_levels: bool,
    /// The warp limit, per cent of a level's bricks to destroy before the warp key ends it
    /// ([`crate::sim::GameConfig::warp_percent`], LBreakoutHD's *Warp Limit*): 0 to 100
    /// (default 80; 100 never warps); the settings screen steps it by 10. More than 100 is a
    /// mistake in the file (`percent::up_to_100`).
    #[serde(deserialize_with = "percent::up_to_100")]
    pub warp_limit: u32,
    /// The stall breaker: lightning strikes a last brick left untouched for a minute
    /// ([`crate::sim::GameConfig::stall_breaker`]); default on.
    pub stall_breaker: bool,
}

impl Default for PlayConfig {
    fn default() -> Self {
        PlayConfig {
            speed: 100,
            difficulty: crate::sim::Difficulty::Normal,
            bonus_levels: true,
            warp_limit: u32::from(crate::sim::controls::WARP_PERCENT),
            stall_breaker: true,
        }
    }
}

/// The warp limits the settings screen offers, per cent of a level's bricks.
pub const WARP_LIMITS: [u32; 11] = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/// Slowest and fastest game speed, per cent of normal.
pub const GAME_SPEED_RANGE: (u32, u32) = (50, 100);

/// The game speeds the settings screen and `--game-speed` offer, per cent of normal.
pub const GAME_SPEEDS: [u32; 6] = [50, 60, 70, 80, 90, 100];

/// The `[window]` section: where the window was when the game last closed, so that it opens
/// there again. Sizes are physical pixels of the window's inside (its frame excluded); the
/// position is its outer top-left corner in the desktop's physical pixels (origin top-left,
/// y down). A missing key leaves that choice to the window system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WindowConfig {
    /// Inside width, pixels.
    pub width: Option<u32>,
    /// Inside height, pixels.
    pub height: Option<u32>,
    /// Left edge, pixels from the desktop's left.
    pub x: Option<i32>,
    /// Top edge, pixels from the desktop's top.
    pub y: Option<i32>,
}

/// The `[effects]` section: how many particles the effects layer emits (a player on a slow
/// machine can turn them down; `trail_rate = 1000` fills the screen with ~500 particles per ball).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EffectsConfig {
    /// Trail particles emitted per second behind each moving ball, 0–5000 (default 220).
    pub trail_rate: f32,
    /// Particles in the burst of a destroyed brick, 0–500 (default 30).
    pub burst_particles: u32,
    /// Show the full-screen effects: the shake of hits and explosions, confuse's inverted and
    /// flipped picture, chaos's swirl (default true). Some players get sick from them; off,
    /// the power-ups still act on the game but the picture stays still.
    pub screen_effects: bool,
}

impl Default for EffectsConfig {
    fn default() -> Self {
        EffectsConfig {
            trail_rate: 220.0,
            burst_particles: 30,
            screen_effects: true,
        }
    }
}

/// The `[audio]` section: linear volumes from 0 (silent) to 1 (full), and mute.
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct AudioConfig {
    /// Music volume, 0–1 (default 0.5).
    pub music_volume: f32,
    /// Sound-effects volume, 0–1 (default 0.8).
    pub effects_volume: f32,
    /// No music or sound effects (default false). The Mute key (M) and the settings screen
    /// toggle it and the game remembers it here; `--mute` mutes one run without writing it.
    pub muted: bool,
}

impl Default for AudioConfig {
    fn default() -> Self {
        AudioConfig {
            music_volume: 0.5,
            effects_volume: 0.8,
            muted: false,
        }
    }
}

/// Why the configuration could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read (an explicit `--config` that does not exist, permissions…).
    #[error("{}: cannot read config file: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// The file has mistakes: bad TOML, unknown keys or values, values out of range. One line
    /// per problem, `file:line:column: message`.
    #[error("{}", problems.iter().map(|p| format!("{}:{p}", path.display())).collect::<Vec<_>>().join("\n"))]
    Invalid {
        /// The file.
        path: PathBuf,
        /// Every problem, in file order; never empty.
        problems: Vec<Problem>,
    },
}

impl Config {
    /// Parses configuration text; `path` is used in error messages.
    ///
    /// # Errors
    /// [`ConfigError::Invalid`] listing every problem (line, column, in a player's words: bad
    /// TOML, unknown sections, keys or values, values out of range); see
    /// [`Config::parse_lenient`] for the configuration that skips them.
    pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
        let (config, problems) = Config::parse_lenient(text);
        if problems.is_empty() {
            Ok(config)
        } else {
            Err(ConfigError::Invalid {
                path: path.to_path_buf(),
                problems,
            })
        }
    }

    /// Loads the configuration: from `explicit` if given (it must exist and be free of
    /// mistakes: `--config` fails fast), else the first of `./breakout.toml` and the user config
    /// directory's `breakout.toml` that exists (where each mistake costs only its setting,
    /// which keeps its default, and is logged and kept in [`Loaded::problems`]), else the
    /// defaults.
    ///
    /// # Errors
    /// [`ConfigError`] naming the file.
    pub fn load(explicit: Option<&Path>) -> Result<Loaded, ConfigError> {
        let found = match explicit {
            Some(path) => Some(path.to_path_buf()),
            None => default_locations()
                .into_iter()
                .find(|p| crate::files::is_file(p)),
        };
        let Some(path) = found else {
            return Ok(Loaded {
                config: Config::default(),
                path: default_locations().pop().filter(|_| explicit.is_none()),
                read: false,
                problems: Vec::new(),
            });
        };
        load_file(path, explicit.is_some())
    }
}

/// Reads the configuration file at `path`: with `strict` (`--config`), any mistake is an error;
/// else each mistake, bytes that are not UTF-8 included, costs only its setting (logged, and
/// kept in [`Loaded::problems`]).
fn load_file(path: PathBuf, strict: bool) -> Result<Loaded, ConfigError> {
    let bytes = crate::files::read(&path).map_err(|source| ConfigError::Io {
        path: path.clone(),
        source,
    })?;
    let (config, problems) = if strict {
        Config::parse_strict_bytes(&bytes)
    } else {
        Config::parse_lenient_bytes(&bytes)
    };
    if strict {
        if !problems.is_empty() {
            return Err(ConfigError::Invalid { path, problems });
        }
        return Ok(Loaded {
            config,
            path: Some(path),
            read: true,
            problems: Vec::new(),
        });
    }
    // A file found on its own: its mistakes cost only their settings (each logged), so a
    // typo, or a byte that is not UTF-8, never keeps the game from starting.
    for p in &problems {
        log::warn!("{}:{p} (the default is used)", path.display());
    }
    Ok(Loaded {
        config,
        path: Some(path),
        read: true,
        problems,
    })
}

/// The configuration as [`Config::load`] found it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Loaded {
    /// The settings: the file's, with defaults where it has none or a mistake.
    pub config: Config,
    /// Where settings are saved: the file read, or where the user's file would be when there
    /// was none (`None` if the platform has no config directory).
    pub path: Option<PathBuf>,
    /// True if `path` was read (false: it does not exist yet).
    pub read: bool,
    /// The file's mistakes, in file order (each setting concerned has its default).
    pub problems: Vec<Problem>,
}

/// Where the configuration file is looked for when `--config` is not given, in order.
pub fn default_locations() -> Vec<PathBuf> {
    let mut paths = vec![PathBuf::from(FILE_NAME)];
    if let Some(dir) = crate::user_dirs::config_dir() {
        paths.push(dir.join(FILE_NAME));
    }
    paths
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::CollisionMode;

    fn parse(text: &str) -> Result<Config, ConfigError> {
        Config::parse(text, Path::new("breakout.toml"))
    }

    #[test]
    fn native_parses_as_the_level_s_physics_with_clamp_for_own_levels() {
        use crate::sim::Physics;
        let config = parse("[collision]\nmode = \"native\"\n").unwrap();
        assert_eq!(config.collision.physics, Physics::Native);
        assert_eq!(config.collision.mode, CollisionMode::Clamp);
        assert_eq!(config.collision.choice(), ModeChoice::Native);
        let config = parse("[collision]\nmode = \"zones\"\n").unwrap();
        assert_eq!(config.collision.physics, Physics::AsChosen);
        assert_eq!(
            config.collision.choice(),
            ModeChoice::Model(CollisionMode::Zones)
        );
        assert_eq!(parse("").unwrap().collision.physics, Physics::AsChosen);
    }

    #[test]
    fn every_choice_round_trips_by_name_and_native_is_listed_in_errors() {
        for choice in ModeChoice::all() {
            assert_eq!(ModeChoice::from_name(choice.name()), Some(choice));
            assert!(!choice.help().is_empty());
        }
        let err = parse("[collision]\nmode = \"natve\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("breakout.toml:2:8: "), "{err}");
        assert!(err.contains("native") && err.contains("clamp"), "{err}");
    }

    /// `[collision] sub_steps`: `on` by default, `off` read, anything else an error naming the
    /// line and the two values.
    #[test]
    fn sub_steps_reads_on_and_off_and_refuses_the_rest() {
        use crate::sim::SubSteps;
        assert_eq!(parse("").unwrap().collision.sub_steps, SubSteps::On);
        let off = parse("[collision]\nsub_steps = \"off\"\n").unwrap();
        assert_eq!(
            (off.collision.sub_steps, off.collision.mode),
            (SubSteps::Off, CollisionMode::Clamp)
        );
        let err = parse("[collision]\nsub_steps = \"none\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("breakout.toml:2:") && err.contains("on or off"),
            "{err}"
        );
    }

    #[test]
    fn every_mode_name_parses() {
        for mode in CollisionMode::ALL {
            let config = parse(&format!("[collision]\nmode = \"{}\"\n", mode.name())).unwrap();
            assert_eq!(config.collision.mode, mode);
        }
    }

    #[test]
    fn empty_file_gives_defaults() {
        assert_eq!(parse("").unwrap(), Config::default());
        assert_eq!(Config::default().collision.mode, CollisionMode::Clamp);
    }

    #[test]
    fn unknown_mode_lists_the_valid_ones_with_line_and_column() {
        let err = parse("# comment\n[collision]\nmode = \"fast\"\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("breakout.toml:3:8: "), "{err}");
        for mode in CollisionMode::ALL {
            assert!(err.contains(mode.name()), "{err} should list {mode}");
        }
    }

    #[test]
    fn powerups_and_audio_sections_parse_and_ranges_are_checked() {
        let config = parse(
            "[powerups]\ngood_chance = 0.5\nchaos_seconds = 3\n[audio]\nmusic_volume = 0.25\n",
        )
        .unwrap();
        assert_eq!(config.powerups.good_chance, 0.5);
        assert_eq!(config.powerups.chaos_seconds, 3.0);
        assert_eq!(
            config.powerups.bad_chance,
            PowerUpSettings::default().bad_chance
        );
        assert_eq!(config.audio.music_volume, 0.25);
        let err = parse("[audio]\n\neffects_volume = 3\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("breakout.toml:3:1: ") && err.contains("effects_volume"),
            "{err}"
        );
        let err = parse("[powerups]\ngood_chance = -0.1\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("breakout.toml:2:1: "), "{err}");
    }

    #[test]
    fn any_power_up_has_a_chance_and_a_duration_by_name_and_unknown_names_are_errors() {
        use crate::level::PowerUpKind;
        let config = parse(
            "[powerups]\ngood_chance = 0\n[powerups.chance]\nfrozen = 0.5\n[powerups.seconds]\ndarkness = 4\nsticky = 2\n",
        )
        .unwrap();
        let p = &config.powerups;
        assert_eq!(p.chance(PowerUpKind::Frozen), 0.5);
        assert_eq!(p.chance(PowerUpKind::Speed), 0.0, "good_chance");
        assert_eq!(p.chance(PowerUpKind::Joker), 0.0, "only placed by default");
        assert_eq!(p.seconds(PowerUpKind::Darkness), Some(4.0));
        assert_eq!(p.seconds(PowerUpKind::Sticky), Some(2.0), "the table wins");
        assert_eq!(
            p.seconds(PowerUpKind::Weapon),
            Some(5.0),
            "LBreakout2's default"
        );
        let err = parse("[powerups.chance]\nfrozen = 0.1\nfrozn = 0.5\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("breakout.toml:3:1: ")
                && err.contains("frozn")
                && err.contains("weak-ball"),
            "{err}"
        );
        let err = parse("[powerups.seconds]\n\nghost = -1\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("breakout.toml:3:1: ") && err.contains("seconds.ghost"),
            "{err}"
        );
    }

    #[test]
    fn effects_section_parses_and_ranges_are_checked() {
        let config = parse("[effects]\ntrail_rate = 1000\nburst_particles = 0\n").unwrap();
        assert_eq!(config.effects.trail_rate, 1000.0);
        assert_eq!(config.effects.burst_particles, 0);
        assert_eq!(parse("").unwrap().effects, EffectsConfig::default());
        let err = parse("[effects]\n\ntrail_rate = -5\n")
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with("breakout.toml:3:1: ") && err.contains("trail_rate"),
            "{err}"
        );
        let err = parse("[effects]\nburst_particles = 100000\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("breakout.toml:2:1: "), "{err}");
    }

    /// Regression (found by a play-test): a `breakout.toml` found on its own that is not
    /// UTF-8 stopped the game ("cannot read config file: stream did not contain valid UTF-8").
    /// It now loads, with what can be read, and the problem listed; `--config` still refuses
    /// it, with the same problem rather than an I/O error.
    #[test]
    fn a_file_that_is_not_utf8_loads_what_it_can_and_lists_the_problem() {
        let path =
            std::env::temp_dir().join(format!("breakout-latin1-{}.toml", std::process::id()));
        std::fs::write(&path, b"# r\xE9glages\n[audio]\nmusic_volume = 0.25\n").unwrap();
        let loaded = load_file(path.clone(), false).expect("starts");
        assert_eq!(loaded.config.audio.music_volume, 0.25);
        assert!(loaded.read);
        assert_eq!(loaded.problems.len(), 1, "{:?}", loaded.problems);
        assert_eq!(loaded.problems[0].line, 1);
        assert!(
            loaded.problems[0]
                .message
                .starts_with("not UTF-8 at byte offset 3 (line 1)"),
            "{}",
            loaded.problems[0]
        );
        let err = load_file(path.clone(), true).unwrap_err();
        let _ = std::fs::remove_file(&path);
        assert!(matches!(err, ConfigError::Invalid { .. }), "{err}");
        assert!(err.to_string().contains(":1:4: not UTF-8"), "{err}");
    }

    /// `[game] speed` and `[video] frame_cap` read back; out of range, each is a problem with
    /// its line and keeps its default (full speed; the monitor's rate), the rest still applies.
    #[test]
    fn game_speed_and_frame_cap_are_read_and_out_of_range_values_keep_their_defaults() {
        let config = parse("[game]\nspeed = 60\n[video]\nframe_cap = 75\n").unwrap();
        assert_eq!((config.game.speed, config.video.frame_cap), (60, Some(75)));
        let off = parse("[video]\nframe_cap = 0\n").unwrap();
        assert_eq!(off.video.frame_cap_fps(Some(60)), None, "0: no cap");
        let defaults = parse("").unwrap();
        assert_eq!((defaults.game.speed, defaults.video.frame_cap), (100, None));
        let (config, problems) = Config::parse_lenient(
            "[game]\nspeed = 30\n[video]\nvsync = false\nframe_cap = 5\n[audio]\nmusic_volume = 0.2\n",
        );
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert_eq!((problems[0].line, problems[1].line), (2, 5));
        assert!(
            problems[0].message.contains("between 50 and 100"),
            "{problems:?}"
        );
        assert!(problems[1].message.contains("0 (no cap)"), "{problems:?}");
        assert_eq!((config.game.speed, config.video.frame_cap), (100, None));
        assert!(!config.video.vsync && config.audio.music_volume == 0.2);
        let (config, problems) = Config::parse_lenient("[game]\nspeed = \"slow\"\n");
        assert_eq!((problems.len(), config.game.speed), (1, 100));
    }

    /// `[game] difficulty` reads back by name; an unknown one is a problem at its line that
    /// names the difficulties, and Normal is kept.
    #[test]
    fn difficulty_is_read_and_an_unknown_one_is_a_problem_keeping_normal() {
        use crate::sim::Difficulty;
        let config = parse("[game]\ndifficulty = \"kids\"\n").unwrap();
        assert_eq!(config.game.difficulty, Difficulty::Kids);
        assert_eq!(parse("").unwrap().game.difficulty, Difficulty::Normal);
        let (config, problems) =
            Config::parse_lenient("[game]\nspeed = 70\ndifficulty = \"nightmare\"\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].line, 3);
        assert!(problems[0].message.contains("kids"), "{problems:?}");
        assert_eq!(
            (config.game.difficulty, config.game.speed),
            (Difficulty::Normal, 70)
        );
    }

    #[test]
    fn unknown_key_is_an_error_with_position() {
        let err = parse("[collision]\nmode = \"clamp\"\nspeed = 3\n")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("breakout.toml:3:1: "), "{err}");
        assert!(err.contains("speed"), "{err}");
        let err = parse("[colision]\n").unwrap_err().to_string();
        assert!(err.starts_with("breakout.toml:1:"), "{err}");
    }
}
