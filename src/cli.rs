//! Command-line interface (clap). The flags are a contract: scripts rely on them.

use crate::collision::CollisionMode;
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

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
    /// Validate level files: prints file:line:column: message for each problem.
    /// Exit 0 if all are valid, 1 if any has problems, 2 if a file cannot be read.
    Check(CheckArgs),
}

/// Options for playing in a window.
#[derive(Debug, Args, Clone)]
pub struct PlayArgs {
    /// Start directly in this level: a name from levels/ (without .lvl) or a file path.
    #[arg(long, value_name = "NAME|PATH")]
    pub level: Option<String>,
    /// A built-in bot moves the paddle and launches the ball.
    #[arg(long)]
    pub autoplay: bool,
    /// Quit after N rendered frames.
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// On exit, write the last rendered frame to this PNG file.
    #[arg(long, value_name = "PNG")]
    pub screenshot: Option<PathBuf>,
    /// Seed of the game's random generator (same seed and input give the same game).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// No music or sound effects.
    #[arg(long)]
    pub mute: bool,
    /// On exit, print one JSON line of frame statistics.
    #[arg(long)]
    pub stats: bool,
    /// Turn vsync off (for measurements).
    #[arg(long)]
    pub no_vsync: bool,
    /// Ball–box collision algorithm.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = CollisionMode::Clamp)]
    pub collision: CollisionMode,
}

/// Options of `breakout simulate`.
#[derive(Debug, Args, Clone)]
pub struct SimulateArgs {
    /// The level: a name from levels/ (without .lvl) or a file path.
    #[arg(long, value_name = "NAME|PATH")]
    pub level: String,
    /// Number of fixed steps to play (the run stops early when the level is cleared).
    #[arg(long, value_name = "N")]
    pub steps: u64,
    /// Seed of the game's and the bot's random generators.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Ball–box collision algorithm.
    #[arg(long, value_enum, value_name = "MODE", default_value_t = CollisionMode::Clamp)]
    pub collision: CollisionMode,
}

/// Options of `breakout check`.
#[derive(Debug, Args, Clone)]
pub struct CheckArgs {
    /// Level files to validate.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
}
