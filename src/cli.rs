//! Command-line interface (clap). The flags are a contract: scripts rely on them.

use crate::collision::CollisionMode;
use crate::config::{Config, ConfigError, ModeChoice};
use crate::import::Format;
use crate::sim::{GameConfig, Physics, SubSteps};
use clap::{Args, Parser, Subcommand};

mod modes;
mod players;
mod values;
mod window;

pub use modes::{every_model, parse_modes, ModeList};
pub use players::{is_name_char, parse_players, PlayerNames, MAX_NAME_CHARS, MAX_PLAYERS};
use std::path::PathBuf;
use values::*;
use window::parse_positive;
pub use window::{ForcedEffect, WindowArgs};

/// Breakout on OpenGL, and a living comparison of 2D collision-detection algorithms.
#[derive(Debug, Parser)]
#[command(name = "breakout", version, about)]
pub struct Cli {
    /// What to do; without a subcommand, play.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Options for playing (used when no subcommand is given).
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Play headless: the bot plays N fixed steps with no window, GL or audio; prints one JSON line.
    Simulate(SimulateArgs),
    /// Validate level files: prints file:line:column: message for every problem and warning,
    /// then a summary line on stderr ("8 files checked: no problems").
    /// Exit 0 if all are valid, 1 if any has problems (or warnings with --strict), 2 if a file
    /// cannot be read.
    Check(CheckArgs),
    /// Render a level as it looks when play starts to a PNG, with no window or display server.
    Preview(PreviewArgs),
    /// List the themes found (the built-in look, the player's, the installed games'): name,
    /// title, where from, and what could not be read.
    Themes,
    /// Convert other Breakouts' level sets (LBreakout2, KBreakOut, SDL-Ball, gnome-breakout)
    /// into level files OUT/SET/NN-NAME.lvl; reports approximations and skipped levels.
    /// Exit 0 if every file was imported, 1 if a file or level was rejected, 2 if a file cannot
    /// be read (or written).
    Import(ImportArgs),
    /// Watch a recorded game (FILE, a .bkreplay) in the window: play, pause, single steps,
    /// slow motion, seek, step back, take over. With --verify, re-simulate it headless and
    /// print one JSON line (exit 0 when every stored state hash matches, 1 when it diverged, 2
    /// when the file cannot be read); with --export, render it headless to a GIF or PNG frames.
    Replay(ReplayArgs),
    /// Play every level of a set (or one level, or a replay's recorded input) in every
    /// collision mode with the same seeds (--seeds, default 10), headless on all cores, and
    /// write DIR/compare.csv (one row per level × seed × mode), DIR/summary.md (95 %
    /// intervals, which differences exceed the noise) and SVG plots. Exit 0 when written, 1 on bad input
    /// (then nothing in DIR is changed).
    Compare(CompareArgs),
    /// Open the level editor on FILE (a new level saved there if it does not exist; without
    /// FILE, a new level saved in the user's levels directory). F1 in the editor lists its keys.
    Edit(EditArgs),
    /// Open the collision lab's probe: a brick and a ball the mouse drags (right button: its
    /// motion over one step), every collision mode's answer beside the exact one.
    Lab(LabArgs),
}

/// Options of `breakout lab`.
#[derive(Debug, Args, Clone)]
pub struct LabArgs {
    /// Start on this preset, as its number key: 1 corner hit, 2 grazing edge, 3 tunnelling
    /// ball, 4 centre inside, 5 one-pixel gap.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=5))]
    pub preset: Option<u8>,
    /// Start zoomed in: the picture's scale about the brick, 1, 2 or 4 (the Z key steps it).
    #[arg(long, value_name = "FACTOR", default_value = "1", value_parser = ["1", "2", "4"])]
    pub zoom: String,
    /// Open a probe saved as a regression case (S in the lab writes them into the game's
    /// `probes` data directory; L there opens them in turn).
    #[arg(long, value_name = "FILE", conflicts_with = "preset")]
    pub case: Option<PathBuf>,
    /// The collision models the table shows: `all` (default) or names, e.g. clamp,kbreakout.
    #[arg(long, value_name = "all|NAME,…", default_value = "all", value_parser = parse_modes)]
    pub modes: ModeList,
    /// Configuration file (default: ./breakout.toml, then the user config directory): the
    /// window's, sound's and keys' settings.
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Options of the window.
    #[command(flatten)]
    pub window: WindowArgs,
}

impl LabArgs {
    /// The window's options as [`crate::app`] opens a window with them.
    pub fn play_args(&self) -> PlayArgs {
        PlayArgs::window_only(
            self.window.clone(),
            self.config.clone(),
            None,
            self.modes.clone(),
        )
    }
}

/// Options of `breakout edit`.
#[derive(Debug, Args, Clone)]
pub struct EditArgs {
    /// The level file to edit or create.
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Options of the window and of the level's test-play (as when playing; --set and --level
    /// are not used).
    #[command(flatten)]
    pub play: PlayArgs,
}

/// Options of `breakout replay`.
#[derive(Debug, Args, Clone)]
pub struct ReplayArgs {
    /// The replay file (`.bkreplay`; the menu's Replays list shows where the game keeps them).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Re-simulate with no window and print one JSON line: steps, final state_hash, score,
    /// verified, diverged_at_step.
    #[arg(long, conflicts_with = "export")]
    pub verify: bool,
    /// Render the replay headless, with no window or display: an animated GIF when OUT ends in
    /// .gif, else PNG frames into the directory OUT.
    #[arg(long, value_name = "OUT")]
    pub export: Option<PathBuf>,
    /// With --export: start at this time of play, seconds (default: the start).
    #[arg(long, value_name = "SECONDS", requires = "export", value_parser = parse_seconds)]
    pub from: Option<f64>,
    /// With --export: stop at this time of play, seconds (default: the end).
    #[arg(long, value_name = "SECONDS", requires = "export", value_parser = parse_seconds)]
    pub to: Option<f64>,
    /// With --export: frames per second of play, 1–60.
    #[arg(long, value_name = "N", requires = "export", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..=60))]
    pub fps: u32,
    /// With --export: picture size in pixels (default: the playfield, 800x600).
    #[arg(long, value_name = "WxH", requires = "export",
          value_parser = crate::commands::preview::parse_size, default_value = "800x600")]
    pub size: (u32, u32),
    /// Configuration file (default: ./breakout.toml, then the user config directory): the
    /// window's, sound's and keys' settings (the game's are the replay's own).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Also write the replay of a game taken over (T) to FILE when it is left (the game keeps
    /// every game's replay in its data directory anyway).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["verify", "export"])]
    pub record: Option<PathBuf>,
    /// The collision models the fork (F) shows: `all` (default) or names, e.g. clamp,kbreakout.
    #[arg(long, value_name = "all|NAME,…", default_value = "all", value_parser = parse_modes)]
    pub modes: ModeList,
    /// Options of the window.
    #[command(flatten)]
    pub window: WindowArgs,
}

impl ReplayArgs {
    /// The window's options as [`crate::app`] opens a window with them.
    pub fn play_args(&self) -> PlayArgs {
        PlayArgs::window_only(
            self.window.clone(),
            self.config.clone(),
            self.record.clone(),
            self.modes.clone(),
        )
    }
}

/// Options of `breakout import`.
#[derive(Debug, Args, Clone)]
pub struct ImportArgs {
    /// Level set files, or directories whose regular files are all imported (sorted by name).
    #[arg(required = true, value_name = "FILE|DIR")]
    pub inputs: Vec<PathBuf>,
    /// Output directory: each set's levels go into a directory of the set's name in it.
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: PathBuf,
    /// The files' format (default: recognised from each file's content).
    #[arg(long, value_name = "FORMAT", value_parser = formats())]
    pub format: Option<Format>,
    /// Replace level files already in the output directory whose content differs (an earlier
    /// import edited by hand); without it they are kept, and listed as kept.
    #[arg(long)]
    pub force: bool,
}

/// Options of `breakout preview`.
#[derive(Debug, Args, Clone)]
pub struct PreviewArgs {
    /// The level: a name from levels/ (without .lvl) or a file path.
    #[arg(
        value_name = "LEVEL",
        required_unless_present = "set",
        conflicts_with = "set"
    )]
    pub level: Option<String>,
    /// A level set (a directory of .lvl files, another game's set file, or a set's name);
    /// with --level, which of its levels.
    #[arg(long, value_name = "PATH|NAME")]
    pub set: Option<String>,
    /// With --set: the level, a number counting from 1 or a name (default: the first).
    #[arg(long = "level", value_name = "N|NAME", requires = "set")]
    pub set_level: Option<String>,
    /// Output PNG file.
    #[arg(short = 'o', long = "output", value_name = "PNG")]
    pub output: PathBuf,
    /// Image size in pixels (default: the playfield, 800x600).
    #[arg(long, value_name = "WxH", value_parser = crate::commands::preview::parse_size, default_value = "800x600")]
    pub size: (u32, u32),
    /// Draw in this theme (a name or title from `breakout themes`; default: the built-in look).
    #[arg(long, value_name = "NAME")]
    pub theme: Option<String>,
}

/// Options for playing in a window.
#[derive(Debug, Args, Clone)]
pub struct PlayArgs {
    /// Start a run through a level set: a directory of .lvl files, another game's set file
    /// (LBreakout2, KBreakOut, SDL-Ball, gnome-breakout), or a set's name as the menu shows it.
    #[arg(long, value_name = "PATH|NAME")]
    pub set: Option<String>,
    /// Start at this level and go on with the next ones of its set: with --set, a number
    /// counting from 1 or a level's name; alone, a name from levels/ or the user's levels
    /// (without .lvl) or a file path, whose directory is the set.
    #[arg(long, value_name = "N|NAME|PATH")]
    pub level: Option<String>,
    /// A built-in bot moves the paddle and launches the ball.
    #[arg(long)]
    pub autoplay: bool,
    /// Game speed for this run, per cent of normal: 50, 60, 70, 80, 90 or 100 (default: the
    /// settings screen's, 100 unless changed). The game's clock runs slower, the game stays
    /// the same; scores made below 100 are marked with their speed.
    #[arg(long, value_name = "PERCENT", value_parser = parse_game_speed)]
    pub game_speed: Option<u32>,
    /// Options shared with `simulate`.
    #[command(flatten)]
    pub game: GameOptions,
    /// Options of the window.
    #[command(flatten)]
    pub window: WindowArgs,
    /// Keep a power-up on all the time, for measurements and screenshots: collected when a
    /// level starts, and again whenever a timed one runs out (repeatable, by name: `darkness`,
    /// `weapon`, `multiball`…).
    #[arg(long = "powerup", value_name = "NAME", value_parser = parse_powerup)]
    pub powerups: Vec<crate::level::PowerUpKind>,
    /// Start a hot-seat run for 2–4 players, named in turn order (comma-separated, each 1–12
    /// characters, no two alike): they take turns whenever a life is lost, each on their own
    /// level. With --set/--level it runs through that set from there, else through the
    /// shipped levels from the first.
    #[arg(long, value_name = "NAME,NAME[,…]", value_parser = parse_players, conflicts_with = "autoplay")]
    pub players: Option<PlayerNames>,
    /// Also write the replay of each level played to FILE (replaced by the next level's; the
    /// game keeps every game's replay in its data directory anyway).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// The collision models the pause's fork shows: `all` (default) or names, e.g. clamp,xboing.
    #[arg(long, value_name = "all|NAME,…", default_value = "all", value_parser = parse_modes)]
    pub modes: ModeList,
}

impl PlayArgs {
    /// The options of a window that plays no run of its own (the replay screen, the lab):
    /// `window`, the config file `config`, the taken-over games' `record` and the models shown
    /// side by side `modes`, every game option at its default.
    pub fn window_only(
        window: WindowArgs,
        config: Option<PathBuf>,
        record: Option<PathBuf>,
        modes: ModeList,
    ) -> PlayArgs {
        PlayArgs {
            set: None,
            level: None,
            autoplay: false,
            game_speed: None,
            game: GameOptions {
                seed: DEFAULT_SEED,
                collision: None,
                ball_speed: None,
                config,
                difficulty: None,
                sub_steps: None,
            },
            window,
            powerups: Vec::new(),
            players: None,
            record,
            modes,
        }
    }
}

/// The seed of the game's random generator when none is given (`--seed`).
pub const DEFAULT_SEED: u64 = 1;

/// Options of the simulation, shared by playing and `simulate`.
#[derive(Debug, Args, Clone)]
pub struct GameOptions {
    /// Seed of the game's random generator (same seed and input give the same game).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Ball–box collision algorithm, or `native`: each level with its own game's physics;
    /// overrides the config file.
    #[arg(long, value_name = "MODE", value_parser = collision_choices())]
    pub collision: Option<ModeChoice>,
    /// Ball launch speed in pixels/second (default 450), for stress tests.
    #[arg(long, value_name = "PX_PER_S", value_parser = parse_speed)]
    pub ball_speed: Option<f32>,
    /// Configuration file (default: ./breakout.toml, then the user config directory).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Difficulty for this run: kids, easy, normal or hard (default: the config file's `[game]
    /// difficulty`, normal unless changed). Applied over the `[ball]` and `[powerups]`
    /// settings; the README has the table.
    #[arg(long, value_name = "NAME", value_parser = crate::sim::Difficulty::from_name)]
    pub difficulty: Option<crate::sim::Difficulty>,
    /// Collision sub-steps within each 1/240 s step: on (as played, the default) or off (one
    /// raw test per step: fast balls tunnel); overrides the config file's `[collision]
    /// sub_steps`.
    #[arg(long, value_name = "on|off", value_parser = one_of(&SubSteps::ALL, SubSteps::name, |s| s.def().help))]
    pub sub_steps: Option<SubSteps>,
}

impl GameOptions {
    /// The simulation settings: command-line flags over the config file over defaults.
    ///
    /// # Errors
    /// The config file's error (file, line, column).
    pub fn game_config(&self) -> Result<GameConfig, ConfigError> {
        Ok(self.load()?.0)
    }

    /// The simulation settings (their mode the one own levels play: clamp for `native`) and the
    /// physics chosen; a game of a level starts with `physics.config_for(config, &level)`.
    ///
    /// # Errors
    /// The config file's error (file, line, column).
    pub fn game_setup(&self) -> Result<(GameConfig, Physics), ConfigError> {
        let (config, loaded) = self.load()?;
        Ok((config, self.physics(&loaded.config)))
    }

    /// The physics chosen: `--collision`'s, else the config file's (`file`).
    pub fn physics(&self, file: &Config) -> Physics {
        self.collision
            .map_or(file.collision.physics, |c| c.split().1)
    }

    /// The simulation settings and the whole config file as loaded (its other sections, where
    /// it is saved, its problems).
    ///
    /// # Errors
    /// The config file's error (file, line, column).
    pub fn load(&self) -> Result<(GameConfig, crate::config::Loaded), ConfigError> {
        let (base, difficulty, loaded) = self.load_base()?;
        Ok((difficulty.apply(base), loaded))
    }

    /// As [`GameOptions::load`], with the settings at Normal (the player's own, before a
    /// difficulty scales them) and the difficulty chosen apart: `--difficulty`, else the config
    /// file's. The window keeps them apart, as the settings screen may change the difficulty.
    ///
    /// # Errors
    /// The config file's error (file, line, column).
    pub fn load_base(
        &self,
    ) -> Result<(GameConfig, crate::sim::Difficulty, crate::config::Loaded), ConfigError> {
        let loaded = Config::load(self.config.as_deref())?;
        let file = &loaded.config;
        let defaults = GameConfig::default();
        let collision: CollisionMode = self.collision.map_or(file.collision.mode, |c| c.split().0);
        let game = GameConfig {
            seed: self.seed,
            collision,
            launch_speed: self.ball_speed.unwrap_or(defaults.launch_speed),
            powerups: file.powerups,
            pace: file.ball,
            sub_steps: self.sub_steps.unwrap_or(file.collision.sub_steps),
            warp_percent: file.game.warp_limit.min(100) as u8,
            ..defaults
        };
        let difficulty = self.difficulty.unwrap_or(file.game.difficulty);
        Ok((game, difficulty, loaded))
    }
}

/// Largest accepted `--ball-speed`, pixels/second: beyond it a step's sub-steps would cost more
/// than a frame.
const MAX_BALL_SPEED: f32 = 1_000_000.0;

/// Options of `breakout simulate`.
#[derive(Debug, Args, Clone)]
pub struct SimulateArgs {
    /// The level: a name from levels/ (without .lvl) or a file path; with --set, a number
    /// counting from 1 or a level's name in the set.
    #[arg(long, value_name = "NAME|PATH|N", required_unless_present_any = ["set"])]
    pub level: Option<String>,
    /// A level set: a directory of .lvl files, another game's set file, or a set's name; with
    /// --all, also a directory of set files.
    #[arg(long, value_name = "PATH|NAME")]
    pub set: Option<String>,
    /// Play every level of the --set (or of every set file in the directory) in parallel,
    /// one JSON line per level in set and level order, then a summary line.
    #[arg(long, requires = "set", conflicts_with = "level")]
    pub all: bool,
    /// Number of fixed steps to play per level (a level stops early when it is cleared).
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    pub steps: u64,
    /// Write the bot's game as a replay to FILE (`breakout replay FILE` watches it).
    #[arg(long, value_name = "FILE", conflicts_with = "all")]
    pub record: Option<PathBuf>,
    /// Seed, collision mode, ball speed, config file.
    #[command(flatten)]
    pub game: GameOptions,
}

/// Options of `breakout compare`.
#[derive(Debug, Args, Clone)]
#[command(group = clap::ArgGroup::new("subject").required(true).multiple(true).args(["level", "set", "replay"]))]
pub struct CompareArgs {
    /// One level: a name from levels/ or a file path; with one --set, a number counting from
    /// 1 or a level's name in it.
    #[arg(long, value_name = "NAME|PATH|N")]
    pub level: Option<String>,
    /// A level set: a directory of .lvl files, a directory of other games' set files, one
    /// such file, a set's name, or `installed` (every installed game's set found under
    /// $XDG_DATA_DIRS). Repeat it to play several sets.
    #[arg(long, value_name = "PATH|NAME")]
    pub set: Vec<String>,
    /// A replay (.bkreplay): its recorded input played in every mode. It must verify in its
    /// own mode.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["level", "set"])]
    pub replay: Option<PathBuf>,
    /// The collision models, comma-separated, or `all` (the default: every model).
    #[arg(long, value_name = "LIST")]
    pub modes: Option<String>,
    /// Most fixed steps (of 1/240 s) played per level; a level stops early when cleared
    /// (default: 20000 for levels, the whole replay for --replay).
    #[arg(long, value_name = "N")]
    pub steps: Option<u64>,
    /// The first seed of the games' random generator and of the bot: the games are played
    /// with seeds N, N+1, … (--seeds of them).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// How many seeds every level is played with, by every model (default 10); the summary
    /// gives 95 % intervals over them. Not with --replay (a replay has its own seed).
    #[arg(long, value_name = "N", conflicts_with = "replay", value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub seeds: Option<u64>,
    /// Also sweep the ball speed from 450 to 50,000 px/s against a wall of solid bricks and
    /// plot the bricks tunnelled through per mode (DIR/speed_sweep.svg).
    #[arg(long)]
    pub speed_sweep: bool,
    /// Do not check every ball–brick contact against the exact referee (no contacts.csv,
    /// contact_error.svg or per-contact section; to measure what the check costs).
    #[arg(long)]
    pub no_contact_check: bool,
    /// Collision sub-steps of the games played: on (as played, the default) or off (one raw
    /// test per 1/240 s step). The speed sweep runs both whatever this says.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = one_of(&SubSteps::ALL, SubSteps::name, |s| s.def().help))]
    pub sub_steps: SubSteps,
    /// Output directory (made if missing; files of the same names in it are replaced).
    #[arg(short = 'o', long = "output", value_name = "DIR")]
    pub output: PathBuf,
}

/// Options of `breakout check`.
#[derive(Debug, Args, Clone)]
pub struct CheckArgs {
    /// Level files to validate.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Treat warnings (unreachable bricks, bricks narrower than the ball…) as problems: exit 1.
    #[arg(long)]
    pub strict: bool,
}

fn parse_speed(s: &str) -> Result<f32, String> {
    parse_positive(s, MAX_BALL_SPEED, "a speed in pixels/second", "")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `--collision` takes every model by name and `native`, which plays own levels with
    /// `clamp` and the level's game's physics; it overrides the config file's choice.
    #[test]
    fn collision_takes_every_model_and_native() {
        let choice = |arg: &str| {
            Cli::try_parse_from(["breakout", "--collision", arg]).map(|cli| cli.play.game)
        };
        let native = choice("native").unwrap();
        assert_eq!(native.collision, Some(ModeChoice::Native));
        let file = Config::default();
        assert_eq!(native.physics(&file), Physics::Native);
        for mode in crate::collision::CollisionMode::ALL {
            let game = choice(mode.name()).unwrap();
            assert_eq!(game.collision, Some(ModeChoice::Model(mode)));
            assert_eq!(game.physics(&file), Physics::AsChosen);
        }
        let err = choice("nativ").unwrap_err().to_string();
        assert!(err.contains("native") && err.contains("clamp"), "{err}");
        let mut native_file = Config::default();
        native_file.collision.physics = Physics::Native;
        let none = choice("zones").unwrap();
        assert_eq!(none.physics(&native_file), Physics::AsChosen);
        let absent = Cli::try_parse_from(["breakout"]).unwrap().play.game;
        assert_eq!(absent.physics(&native_file), Physics::Native);
    }

    /// `--game-speed` takes the settings screen's speeds, per cent; anything else is clap's
    /// error naming them.
    #[test]
    fn game_speed_takes_the_six_speeds_and_refuses_the_rest() {
        let speed = |arg: &str| {
            Cli::try_parse_from(["breakout", "--game-speed", arg]).map(|cli| cli.play.game_speed)
        };
        assert_eq!(speed("70").unwrap(), Some(70));
        assert_eq!(speed("50%").unwrap(), Some(50));
        assert_eq!(speed("100").unwrap(), Some(100));
        for bad in ["75", "40", "110", "0", "fast", "70.0", ""] {
            let err = speed(bad).unwrap_err().to_string();
            assert!(err.contains("50, 60, 70, 80, 90, 100"), "{bad}: {err}");
        }
        let none = Cli::try_parse_from(["breakout"]).unwrap();
        assert_eq!(none.play.game_speed, None);
    }

    /// `--players` takes 2–4 distinct names, trimmed, and says what is wrong with any other.
    #[test]
    fn players_take_two_to_four_distinct_names_with_clear_errors() {
        let players = |arg: &str| {
            Cli::try_parse_from(["breakout", "--players", arg])
                .map(|cli| cli.play.players)
                .map_err(|e| e.to_string())
        };
        assert_eq!(
            players("Anna, Ben").unwrap(),
            Some(PlayerNames(vec!["Anna".into(), "Ben".into()]))
        );
        assert_eq!(players("A,B,C,D").unwrap().unwrap().0.len(), 4);
        let cases = [
            ("Anna", "2 to 4 players, given 1"),
            ("A,B,C,D,E", "2 to 4 players, given 5"),
            ("Anna,,Ben", "player 2 has no name"),
            ("Anna, ", "player 2 has no name"),
            ("Anna,Bartholomew the 2nd", "longer than 12 characters"),
            ("Anna,B=n", "'B=n' has '='"),
            ("Anna,ANNA", "'ANNA' is named twice"),
        ];
        for (arg, why) in cases {
            let err = players(arg).unwrap_err();
            assert!(err.contains(why), "{arg}: {err}");
        }
        let err = Cli::try_parse_from(["breakout", "--players", "A,B", "--autoplay"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("cannot be used with"), "{err}");
        let none = Cli::try_parse_from(["breakout"]).unwrap();
        assert_eq!(none.play.players, None);
    }

    /// `--difficulty` names a difficulty on play and on `simulate`; an unknown one is an error
    /// listing the names.
    #[test]
    fn difficulty_takes_the_four_names_on_play_and_simulate_and_refuses_the_rest() {
        use crate::sim::Difficulty;
        let play = |arg: &str| {
            Cli::try_parse_from(["breakout", "--difficulty", arg]).map(|c| c.play.game.difficulty)
        };
        assert_eq!(play("kids").unwrap(), Some(Difficulty::Kids));
        assert_eq!(play("Hard").unwrap(), Some(Difficulty::Hard));
        let cli = Cli::try_parse_from([
            "breakout",
            "simulate",
            "--level",
            "x",
            "--difficulty",
            "easy",
        ])
        .unwrap();
        match cli.command {
            Some(Command::Simulate(args)) => {
                assert_eq!(args.game.difficulty, Some(Difficulty::Easy))
            }
            other => panic!("{other:?}"),
        }
        for bad in ["expert", "", "norma"] {
            let err = play(bad).unwrap_err().to_string();
            assert!(err.contains("kids, easy, normal, hard"), "{bad}: {err}");
        }
        assert_eq!(
            Cli::try_parse_from(["breakout"])
                .unwrap()
                .play
                .game
                .difficulty,
            None
        );
    }

    /// `--sub-steps` takes on and off on play, simulate and compare (compare's default on),
    /// and refuses the rest.
    #[test]
    fn sub_steps_takes_on_and_off() {
        let parse = |args: &[&str]| Cli::try_parse_from([&["breakout"], args].concat());
        let play = parse(&["--sub-steps", "off"]).unwrap();
        assert_eq!(play.play.game.sub_steps, Some(SubSteps::Off));
        assert_eq!(parse(&[]).unwrap().play.game.sub_steps, None);
        let sim = parse(&["simulate", "--level", "x", "--sub-steps", "on"]).unwrap();
        assert!(
            matches!(sim.command, Some(Command::Simulate(a)) if a.game.sub_steps == Some(SubSteps::On))
        );
        let compare = |extra: &[&str]| match parse(
            &[&["compare", "--level", "x", "-o", "o"], extra].concat(),
        ) {
            Ok(Cli {
                command: Some(Command::Compare(a)),
                ..
            }) => Ok(a.sub_steps),
            other => Err(format!("{other:?}")),
        };
        assert_eq!(compare(&[]), Ok(SubSteps::On));
        assert_eq!(compare(&["--sub-steps", "off"]), Ok(SubSteps::Off));
        assert!(parse(&["--sub-steps", "half"]).is_err());
    }

    /// `--collision` takes every model's name and lists all of them for an unknown one;
    /// `--modes` (the play window's, the replay's and the lab's) takes `all` or names, and
    /// lists every model for an unknown one.
    #[test]
    fn every_model_is_a_collision_value_and_an_unknown_one_lists_them_all() {
        let parse = |args: &[&str]| Cli::try_parse_from([&["breakout"], args].concat());
        for mode in CollisionMode::ALL {
            let cli = parse(&["--collision", mode.name()]).unwrap();
            assert_eq!(cli.play.game.collision, Some(ModeChoice::Model(mode)));
        }
        let lists_all = |err: String| {
            for mode in CollisionMode::ALL {
                assert!(err.contains(mode.name()), "{err} should list {mode}");
            }
        };
        lists_all(parse(&["--collision", "quantum"]).unwrap_err().to_string());
        for args in [
            &["--modes", "clamp,quantum"][..],
            &["lab", "--modes", "quantum"],
            &["replay", "a.bkreplay", "--modes", "swept,"],
        ] {
            lists_all(parse(args).unwrap_err().to_string());
        }
        assert_eq!(parse(&[]).unwrap().play.modes, ModeList::default());
        let names = "xboing,clamp";
        let Some(Command::Lab(lab)) = parse(&["lab", "--modes", names]).unwrap().command else {
            panic!("the lab");
        };
        let want = [CollisionMode::Clamp, CollisionMode::Xboing];
        assert_eq!(lab.play_args().modes.modes(), want);
        let replay = parse(&["replay", "a.bkreplay", "--modes", names]).unwrap();
        let Some(Command::Replay(replay)) = replay.command else {
            panic!("the replay");
        };
        assert_eq!(replay.play_args().modes.modes(), want);
    }

    /// `replay` and `lab` take only their own options: the game's (which they ignored) are
    /// errors, the window's are taken, and each one's help lists only its own (H5).
    #[test]
    fn replay_and_lab_reject_the_games_options() {
        let parse = |args: &[&str]| Cli::try_parse_from([&["breakout"], args].concat());
        let game_options: [&[&str]; 6] = [
            &["--collision", "swept"],
            &["--players", "Ann,Ben"],
            &["--level", "03-fortress"],
            &["--ball-speed", "3000"],
            &["--autoplay"],
            &["--set", "shipped"],
        ];
        for option in game_options {
            let replay = parse(&[&["replay", "a.bkreplay"], option].concat());
            assert!(replay.is_err(), "replay took {option:?}");
            let lab = parse(&[&["lab"], option].concat());
            assert!(lab.is_err(), "lab took {option:?}");
        }
        let window = [
            "--mute",
            "--stats",
            "--no-vsync",
            "--frames",
            "3",
            "--config",
            "b.toml",
        ];
        let replay = parse(
            &[
                &["replay", "a.bkreplay", "--record", "t.bkreplay"],
                &window[..],
            ]
            .concat(),
        )
        .expect("the replay window's options");
        let Some(Command::Replay(args)) = replay.command else {
            panic!("a replay command");
        };
        let play = args.play_args();
        assert!(play.window.mute && play.window.stats && play.window.frames == Some(3));
        assert_eq!(play.game.config, Some(PathBuf::from("b.toml")));
        assert_eq!(play.record, Some(PathBuf::from("t.bkreplay")));
        assert!(parse(&[&["lab", "--preset", "2"], &window[..]].concat()).is_ok());
        let mut cli = <Cli as clap::CommandFactory>::command();
        for name in ["replay", "lab"] {
            let help = cli
                .find_subcommand_mut(name)
                .expect("the subcommand")
                .render_long_help()
                .to_string();
            assert!(
                help.contains("--screenshot") && help.contains("--config"),
                "{help}"
            );
            for game in [
                "--collision",
                "--players",
                "--level",
                "--autoplay",
                "--seed",
            ] {
                assert!(!help.contains(game), "{name} --help lists {game}");
            }
        }
    }
}
