//! `breakout replay FILE --verify`: a replay re-simulated with no window, checked against every
//! state hash it stores, reported as one JSON line ([`VerifyReport::json_line`]).
//!
//! The game's `replay --verify` and the core's `headless verify` example both call
//! [`verify_file`], so they print the same bytes.

use super::{file, Math, Playback, Replay, STEPS_PER_SECOND};
use crate::sim::Game;
use serde::Serialize;
use std::path::Path;
use std::sync::Arc;

/// The JSON line printed by `replay --verify`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VerifyReport {
    /// The replay file, as it was named.
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
    pub(crate) expected_hash: Option<String>,
    /// The re-simulated game's hash there, hex.
    pub(crate) found_hash: Option<String>,
    /// State hashes checked (one per second of play, and the end's).
    pub(crate) hashes_checked: usize,
    /// The math the replay was recorded with, written `"portable"`, or `"platform"` for a
    /// replay of format 3 or older, which may diverge for that reason alone.
    pub math: Math,
}

impl VerifyReport {
    /// The report as `replay --verify` prints it: one line of JSON, fields in declaration
    /// order, no trailing newline.
    pub fn json_line(&self) -> String {
        serde_json::to_string(self).expect("a report of strings and numbers serialises")
    }

    /// For a replay that diverged, the message that says so: the file, the step and its time
    /// of play, both hashes. `None` when it verified.
    pub fn divergence_message(&self) -> Option<String> {
        let (step, expected, found) = (
            self.diverged_at_step?,
            self.expected_hash.as_ref()?,
            self.found_hash.as_ref()?,
        );
        let why = self.math.divergence_note();
        Some(format!(
            "{}: DIVERGED at step {step} ({}): the replay stored state hash {expected}, the game \
             now gives {found}{}",
            self.file,
            clock(step),
            why.map(|w| format!("; it was {w}")).unwrap_or_default()
        ))
    }
}

/// What verifying a replay found; the exit status follows from it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verified {
    /// Every hash matched: exit 0.
    Matches(VerifyReport),
    /// A hash did not match: exit 1.
    Diverged(VerifyReport),
}

impl Verified {
    /// The report, either way.
    pub fn report(&self) -> &VerifyReport {
        match self {
            Verified::Matches(r) | Verified::Diverged(r) => r,
        }
    }

    /// The exit status of `replay --verify`: 0 when every hash matched, 1 when one did not.
    pub fn exit_status(&self) -> i32 {
        match self {
            Verified::Matches(_) => 0,
            Verified::Diverged(_) => 1,
        }
    }
}

/// Re-simulates `replay` (read from `path`, named in the report) to its end.
///
/// # Errors
/// The replay's level text does not parse (the message names `path`).
pub fn verify_replay(replay: Replay, path: &Path) -> Result<Verified, String> {
    verify_replay_with(replay, path, |_, _| {})
}

/// As [`verify_replay`], calling `after_step(step, game)` after each step played (steps
/// counted from 1), for a trace of the state hashes on the way.
///
/// # Errors
/// As [`verify_replay`].
pub fn verify_replay_with(
    replay: Replay,
    path: &Path,
    mut after_step: impl FnMut(u64, &Game),
) -> Result<Verified, String> {
    let hashes_checked = replay.hashes.len() + usize::from(replay.end.is_some());
    let replay = Arc::new(replay);
    let mut playback = Playback::new(replay.clone())
        .map_err(|e| format!("{}: the replay's level text: {e}", path.display()))?;
    while playback.step() {
        after_step(playback.at(), playback.game());
    }
    playback.finish();
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
        math: replay.header.math,
    };
    Ok(match divergence {
        None => Verified::Matches(report),
        Some(_) => Verified::Diverged(report),
    })
}

/// Reads the replay at `path` and re-simulates it ([`verify_replay_with`]).
///
/// # Errors
/// The file cannot be read or is not a replay, or its level text does not parse; the message
/// names `path`.
pub fn verify_file(path: &Path, after_step: impl FnMut(u64, &Game)) -> Result<Verified, String> {
    let replay = file::read(path).map_err(|e| e.to_string())?;
    verify_replay_with(replay, path, after_step)
}

/// `steps` of play as m:ss.
pub fn clock(steps: u64) -> String {
    let seconds = steps / STEPS_PER_SECOND;
    format!("{}:{:02}", seconds / 60, seconds % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_is_minutes_and_seconds_of_play() {
        assert_eq!(clock(0), "0:00");
        assert_eq!(clock(239), "0:00");
        assert_eq!(clock(240 * 61), "1:01");
    }

    #[test]
    fn a_divergence_is_named_with_its_step_time_and_hashes() {
        let mut report = VerifyReport {
            file: "x.bkreplay".into(),
            level: "l".into(),
            steps: 480,
            state_hash: "0".repeat(16),
            score: 0,
            lives: 3,
            verified: true,
            diverged_at_step: None,
            expected_hash: None,
            found_hash: None,
            hashes_checked: 2,
            math: Math::Portable,
        };
        assert_eq!(report.divergence_message(), None);
        report.verified = false;
        report.diverged_at_step = Some(240);
        report.expected_hash = Some("a".repeat(16));
        report.found_hash = Some("b".repeat(16));
        assert_eq!(
            report.divergence_message().unwrap(),
            format!(
                "x.bkreplay: DIVERGED at step 240 (0:01): the replay stored state hash {}, the \
                 game now gives {}",
                "a".repeat(16),
                "b".repeat(16)
            )
        );
        assert!(report.json_line().contains("\"diverged_at_step\":240"));
        report.math = Math::Platform;
        let old = report.divergence_message().unwrap();
        assert!(
            old.ends_with("; it was recorded with the platform's math by an older version of the game (replay format 3 or older)"),
            "{old}"
        );
        assert!(report.json_line().ends_with(",\"math\":\"platform\"}"));
    }

    #[test]
    fn a_missing_file_is_an_error_naming_it() {
        let e = verify_file(Path::new("no/such/file.bkreplay"), |_, _| {}).unwrap_err();
        assert!(e.contains("no/such/file.bkreplay"), "{e}");
    }
}
