//! Probes of the collision lab saved as regression cases (`breakout lab`, `S`; the format is
//! `breakout::probe::case`): every case file in `tests/regressions/probes/` is read, every
//! collision mode and the exact referee are asked again, and each must give the answers saved
//! in the file.
//!
//! The modes' answers must match **exactly**: they are f32 computations from the same inputs
//! (the simulation's determinism rests on the same), so any change is a change of a mode, to be
//! made on purpose and the case files re-saved with it. The referee's must match within
//! [`REFEREE_TOLERANCE`]: its time of impact is found by iteration in f64, and a change in the
//! last bits of that search is no change of the answer.
//!
//! The committed cases come from the lab's presets: `corner.toml` (a corner hit: `aabb`'s
//! bounding square answers with a face normal, 38° off), `tunnel.toml` (151 px in one step:
//! `swept` hits, every discrete mode tunnels) and `gap.toml` (a 1 px gap between two bricks,
//! both overlapped).

use breakout::collision::Resolution;
use breakout::probe::case::{self, SavedAnswer, REFEREE};
use std::path::{Path, PathBuf};

/// How far the referee's answers (normal components, depth in pixels, time of impact as a
/// fraction) may move and still be the saved answer: a million times f64's resolution at these
/// magnitudes, and a billionth of a pixel.
const REFEREE_TOLERANCE: f64 = 1e-9;

/// The case files, sorted.
fn case_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions/probes");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    files
}

/// What differs between `saved` and `now` (one answer by one mode or the referee), in words;
/// empty when they agree (exactly for a mode, within `tolerance` for the referee).
fn differences(saved: &SavedAnswer, now: &SavedAnswer, tolerance: f64) -> Vec<String> {
    let close = |a: f64, b: f64| (a - b).abs() <= tolerance;
    let mut found = Vec::new();
    if saved.hit != now.hit {
        found.push(format!("hit {} now {}", saved.hit, now.hit));
    }
    let normals = match (saved.normal, now.normal) {
        (Some(a), Some(b)) => close(a[0], b[0]) && close(a[1], b[1]),
        (a, b) => a == b,
    };
    if !normals {
        found.push(format!("normal {:?} now {:?}", saved.normal, now.normal));
    }
    for (what, a, b) in [
        ("depth", saved.depth, now.depth),
        ("toi", saved.toi, now.toi),
    ] {
        let same = match (a, b) {
            (Some(a), Some(b)) => close(a, b),
            (a, b) => a == b,
        };
        if !same {
            found.push(format!("{what} {a:?} now {b:?}"));
        }
    }
    found
}

#[test]
fn every_saved_probe_gives_its_saved_answers_in_every_mode_and_the_referee() {
    let files = case_files();
    let names: Vec<_> = files.iter().filter_map(|f| f.file_stem()).collect();
    for expected in ["corner", "gap", "tunnel"] {
        assert!(
            names.iter().any(|n| *n == expected),
            "tests/regressions/probes/{expected}.toml is missing: {names:?}"
        );
    }
    let mut problems = Vec::new();
    let mut unpinned = Vec::new();
    for file in &files {
        let case = case::read(file).unwrap_or_else(|e| panic!("{e}"));
        let now = case.ask_again();
        for (b, (brick, answers)) in case.bricks.iter().zip(&now).enumerate() {
            for mode in breakout::collision::CollisionMode::ALL {
                if brick.answers.iter().any(|a| a.by == mode.name()) {
                    continue;
                }
                // The peer models (their own resolution) came after these cases were saved,
                // as placeholders their helpers replace: their answers are pinned when the
                // cases are saved again with them (S in `breakout lab`). Every textbook mode's
                // must be there.
                match mode.model().resolution() {
                    Resolution::Own(_) => unpinned.push(format!("{}: {mode}", file.display())),
                    Resolution::Shared | Resolution::Continuous => problems.push(format!(
                        "{}: brick {b}: no answer by {mode}",
                        file.display()
                    )),
                }
            }
            for saved in &brick.answers {
                let tolerance = if saved.by == REFEREE {
                    REFEREE_TOLERANCE
                } else {
                    0.0
                };
                let Some(current) = answers.iter().find(|a| a.by == saved.by) else {
                    problems.push(format!("{}: {} gave no answer", file.display(), saved.by));
                    continue;
                };
                for d in differences(saved, current, tolerance) {
                    let name = file.display();
                    problems.push(format!("{name}: brick {b}: {}: {d}", saved.by));
                }
            }
        }
    }
    if !unpinned.is_empty() {
        unpinned.dedup();
        println!(
            "not pinned yet (saved before the model): {}",
            unpinned.join("; ")
        );
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_committed_cases_still_show_what_they_were_saved_for() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regressions/probes");
    let answer = |file: &str, brick: usize, by: &str| -> SavedAnswer {
        let case = case::read(&dir.join(file)).unwrap_or_else(|e| panic!("{e}"));
        case.bricks[brick]
            .answers
            .iter()
            .find(|a| a.by == by)
            .cloned()
            .unwrap_or_else(|| panic!("{file}: no answer by {by}"))
    };
    // The corner: aabb answers with a face (+x), the referee with the corner's diagonal.
    assert_eq!(answer("corner.toml", 0, "aabb").normal, Some([1.0, 0.0]));
    let exact = answer("corner.toml", 0, REFEREE).normal.unwrap();
    assert!(exact[0] > 0.7 && exact[1] < -0.6, "{exact:?}");
    // The tunnel: swept hits, clamp does not, the referee's time of impact is swept's.
    assert!(answer("tunnel.toml", 0, "swept").hit);
    assert!(!answer("tunnel.toml", 0, "clamp").hit);
    assert!(answer("tunnel.toml", 0, REFEREE).toi.is_some());
    // The gap: both bricks overlapped.
    assert!(answer("gap.toml", 0, "clamp").hit && answer("gap.toml", 1, "clamp").hit);
}

#[test]
fn a_changed_answer_is_reported_with_the_file_and_what_changed() {
    let saved = SavedAnswer {
        by: "clamp".to_string(),
        hit: true,
        normal: Some([0.0, -1.0]),
        depth: Some(2.0),
        toi: None,
    };
    let mut now = saved.clone();
    assert!(differences(&saved, &now, 0.0).is_empty());
    now.depth = Some(2.0 + 1e-7);
    assert_eq!(
        differences(&saved, &now, 0.0),
        ["depth Some(2.0) now Some(2.0000001)"]
    );
    assert!(
        differences(&saved, &now, 1e-6).is_empty(),
        "within a tolerance"
    );
    now.hit = false;
    now.normal = None;
    assert_eq!(differences(&saved, &now, 1.0).len(), 2);
}
