//! `breakout replay FILE --verify`: a replay re-simulated with no window, checked against every
//! state hash it stores, reported as one JSON line.

use crate::replay::{file, Playback, Replay};
use serde::Serialize;
use std::path::Path;
use std::sync::Arc;

/// The JSON line printed by `replay --verify`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The replay file.
    pub file: String,
    /// The level's name (its title, or file stem).
    pub level: String,
    /// Steps re-simulated (all the replay holds).
    pub steps: u64,
    /// [`crate::sim::Game::state_hash`] after the last step (and the changes after it), hex.
    pub state_hash: String,
    /// The run's score at the end.
    pub score: u32,
    /// Lives left at the end.
    pub lives: u32,
    /// Every stored hash matched (and the end's, when the replay has an end).
    pub verified: bool,
    /// The step whose stored hash did not match, when one did not.
    pub diverged_at_step: Option<u64>,
    /// The stored hash at that step, hex.
    pub expected_hash: Option<String>,
    /// The re-simulated game's hash there, hex.
    pub found_hash: Option<String>,
    /// State hashes checked (one per second of play, and the end's).
    pub hashes_checked: usize,
}

/// What `verify` found; the exit status follows from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verified {
    /// Every hash matched: exit 0.
    Matches(VerifyReport),
    /// A hash did not match: exit 1.
    Diverged(VerifyReport),
}

/// Re-simulates `replay` (read from `path`, named in the report) to its end.
pub fn verify_replay(replay: Replay, path: &Path) -> Result<Verified, String> {
    let hashes_checked = replay.hashes.len() + usize::from(replay.end.is_some());
    let replay = Arc::new(replay);
    let mut playback = Playback::new(replay.clone())
        .map_err(|e| format!("{}: the replay's level text: {e}", path.display()))?;
    playback.run_to_end();
    let game = playback.game();
    let divergence = playback.divergence();
    let report = VerifyReport {
        file: path.display().to_string(),
        level: game.level_name().to_string(),
        steps: playback.at(),
        state_hash: format!("{:016x}", game.state_hash()),
        score: game.score(),
        lives: game.lives(),
        verified: divergence.is_none(),
        diverged_at_step: divergence.map(|d| d.step),
        expected_hash: divergence.map(|d| format!("{:016x}", d.expected)),
        found_hash: divergence.map(|d| format!("{:016x}", d.found)),
        hashes_checked,
    };
    Ok(match divergence {
        None => Verified::Matches(report),
        Some(_) => Verified::Diverged(report),
    })
}

/// `replay FILE --verify`: prints the JSON line on `out`, and for a divergence a message on
/// `err` with the step (and its time of play) and both hashes. Returns the exit status: 0 when
/// every stored hash matches, 1 when the replay diverged, 2 when the file cannot be read.
pub fn verify(path: &Path, out: &mut dyn std::io::Write, err: &mut dyn std::io::Write) -> i32 {
    let result = file::read(path)
        .map_err(|e| e.to_string())
        .and_then(|replay| verify_replay(replay, path));
    match result {
        Err(message) => {
            let _ = writeln!(err, "breakout: error: {message}");
            2
        }
        Ok(verified) => {
            let (report, status) = match &verified {
                Verified::Matches(r) => (r, 0),
                Verified::Diverged(r) => (r, 1),
            };
            let line = serde_json::to_string(report).expect("the report always serialises");
            let _ = writeln!(out, "{line}");
            if let (Some(step), Some(expected), Some(found)) = (
                report.diverged_at_step,
                &report.expected_hash,
                &report.found_hash,
            ) {
                let _ = writeln!(
                    err,
                    "{}: DIVERGED at step {step} ({}): the replay stored state hash {expected}, \
                     the game now gives {found}",
                    path.display(),
                    clock(step)
                );
            }
            status
        }
    }
}

/// `steps` of play as m:ss.
pub fn clock(steps: u64) -> String {
    let seconds = steps / crate::replay::STEPS_PER_SECOND;
    format!("{}:{:02}", seconds / 60, seconds % 60)
}
