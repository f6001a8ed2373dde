//! Window, fixed-timestep loop and screens.
use crate::cli::PlayArgs;
/// Runs the game in a window.
pub fn run(_args: PlayArgs) -> anyhow::Result<()> { anyhow::bail!("todo") }
/// Input state.
pub struct InputState;
