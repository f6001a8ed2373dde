//! The summary's "Against clamp" section: each model compared with the default model,
//! `clamp`, game by game. Both played the same games (level, seed), so the difference of a
//! game's results is one paired observation: the clear rate by the exact sign test on the
//! games only one of the two cleared (McNemar's exact test), the other measures by the mean
//! of the per-game differences with its 95 % t interval ([`super::stats`]). The section says
//! in words which differences exceed the noise and which do not.

use super::models::Model;
use super::run::ModeOutcome;
use super::stats::{self, Estimate};
use super::types::{LevelResult, STEPS_PER_SECOND};
use std::fmt::Write;

/// The p-value under which a difference in clear rate exceeds the noise.
pub const ALPHA: f64 = 0.05;

/// One model against `clamp` over the games both played.
#[derive(Clone, Debug, PartialEq)]
pub struct Paired {
    /// Games both played.
    pub games: usize,
    /// Games the model cleared and `clamp` did not.
    pub wins: usize,
    /// Games `clamp` cleared and the model did not.
    pub losses: usize,
    /// The sign test's two-sided p-value on `wins` against `losses`.
    pub p: f64,
    /// Seconds to clear, model − `clamp`, over the games both cleared.
    pub time_to_clear: Option<Estimate>,
    /// Bricks destroyed per game, model − `clamp`.
    pub bricks_destroyed: Option<Estimate>,
    /// Balls lost per game, model − `clamp`.
    pub balls_lost: Option<Estimate>,
    /// Final score per game, model − `clamp`.
    pub score: Option<Estimate>,
}

impl Paired {
    /// The difference in clear rate, percentage points (model − `clamp`).
    pub fn clear_points(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            100.0 * (self.wins as f64 - self.losses as f64) / self.games as f64
        }
    }

    /// The measures by name and whether each exceeds the noise, in the table's order.
    fn verdicts(&self) -> [(&'static str, bool, String); 5] {
        let diff = |e: Option<Estimate>, d: usize, unit: &str| match e {
            None => String::new(),
            Some(e) => match e.interval {
                Some((lo, hi)) => {
                    format!("{:+.d$}{unit}, 95 % CI [{lo:+.d$}, {hi:+.d$}]", e.value)
                }
                None => format!("{:+.d$}{unit}", e.value),
            },
        };
        let sig = |e: Option<Estimate>| e.is_some_and(|e| e.excludes_zero());
        [
            (
                "clear rate",
                self.p < ALPHA,
                format!("{:+.1} points, p = {:.3}", self.clear_points(), self.p),
            ),
            (
                "time to clear",
                sig(self.time_to_clear),
                diff(self.time_to_clear, 1, " s"),
            ),
            (
                "bricks destroyed",
                sig(self.bricks_destroyed),
                diff(self.bricks_destroyed, 1, " per game"),
            ),
            (
                "balls lost",
                sig(self.balls_lost),
                diff(self.balls_lost, 2, " per game"),
            ),
            ("score", sig(self.score), diff(self.score, 0, " per game")),
        ]
    }
}

/// The model at index `i` against the one at `reference`, over every game.
pub fn against(results: &[LevelResult], i: usize, reference: usize) -> Paired {
    let pairs: Vec<(&ModeOutcome, &ModeOutcome)> = results
        .iter()
        .filter_map(|r| Some((r.outcomes.get(i)?, r.outcomes.get(reference)?)))
        .collect();
    let diff = |f: &dyn Fn(&ModeOutcome) -> f64| {
        stats::mean(&pairs.iter().map(|(a, b)| f(a) - f(b)).collect::<Vec<_>>())
    };
    let wins = pairs
        .iter()
        .filter(|(a, b)| a.cleared && !b.cleared)
        .count();
    let losses = pairs
        .iter()
        .filter(|(a, b)| !a.cleared && b.cleared)
        .count();
    let both: Vec<f64> = pairs
        .iter()
        .filter(|(a, b)| a.cleared && b.cleared)
        .map(|(a, b)| (a.steps as f64 - b.steps as f64) / STEPS_PER_SECOND)
        .collect();
    Paired {
        games: pairs.len(),
        wins,
        losses,
        p: stats::sign_test_p(wins, losses),
        time_to_clear: stats::mean(&both),
        bricks_destroyed: diff(&|o| f64::from(o.bricks_destroyed)),
        balls_lost: diff(&|o| f64::from(o.balls_lost)),
        score: diff(&|o| f64::from(o.score)),
    }
}

/// Writes the section: the table of paired differences and, per model, in words, which
/// differences exceed the noise. Too few games, or no `clamp` among `modes`: one sentence
/// saying so.
pub fn section(md: &mut String, results: &[LevelResult], modes: &[Model]) {
    let _ = writeln!(md, "## Against clamp: which differences exceed the noise\n");
    let Some(reference) = modes.iter().position(Model::is_reference) else {
        let _ = writeln!(
            md,
            "`clamp` is not among the models: no model is compared with it.\n"
        );
        return;
    };
    if results.len() < 2 {
        let _ = writeln!(
            md,
            "Fewer than 2 games per model: no difference can be told from the noise, and \
             nothing can be ranked.\n"
        );
        return;
    }
    let others = modes.len() - 1;
    let _ = writeln!(
        md,
        "Every model played the same {} games (level, seed) as `clamp`, so each is compared \
         with it game by game. Clear rate: the games only one of the two cleared, by the exact \
         sign test (McNemar's); the other columns: the mean per-game difference (model − clamp) \
         with its 95 % t interval (time to clear over the games both cleared). A difference \
         exceeds the noise when p < {ALPHA} or its interval leaves out 0. These are {others} \
         comparisons of 5 measures at 5 % each, uncorrected: about one verdict in twenty is \
         a false alarm when nothing differs.\n",
        results.len()
    );
    let _ = writeln!(
        md,
        "| model | clear rate Δ, points | cleared by it only / by clamp only | p | time to \
         clear Δ, s | bricks destroyed Δ | balls lost Δ | score Δ |"
    );
    let _ = writeln!(md, "|---|---:|---:|---:|---:|---:|---:|---:|");
    let mut words = String::new();
    for (i, mode) in modes.iter().enumerate().filter(|&(i, _)| i != reference) {
        let p = against(results, i, reference);
        let _ = writeln!(
            md,
            "| {} | {:+.1} | {} / {} | {:.3} | {} | {} | {} | {} |",
            mode.name(),
            p.clear_points(),
            p.wins,
            p.losses,
            p.p,
            stats::format_signed(p.time_to_clear, 1),
            stats::format_signed(p.bricks_destroyed, 1),
            stats::format_signed(p.balls_lost, 2),
            stats::format_signed(p.score, 0),
        );
        let _ = writeln!(words, "- {}", in_words(mode.name(), &p));
    }
    let _ = writeln!(md, "\n{words}");
}

/// One model's verdict in words: the differences that exceed the noise, and the rest.
pub fn in_words(name: &str, p: &Paired) -> String {
    let verdicts = p.verdicts();
    let exceed: Vec<String> = verdicts
        .iter()
        .filter(|v| v.1)
        .map(|v| format!("{} ({})", v.0, v.2))
        .collect();
    let within: Vec<&str> = verdicts.iter().filter(|v| !v.1).map(|v| v.0).collect();
    if exceed.is_empty() {
        return format!("`{name}`: every difference from clamp is within the noise.");
    }
    let rest = if within.is_empty() {
        String::new()
    } else {
        format!("; within the noise: {}", within.join(", "))
    };
    format!(
        "`{name}`: exceeds the noise in {}{rest}.",
        exceed.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::CollisionMode;

    fn outcome(mode: CollisionMode, cleared: bool, steps: u64, bricks: u32) -> ModeOutcome {
        ModeOutcome {
            model: Model::built_in(mode),
            cleared,
            steps,
            bricks_destroyed: bricks,
            balls_lost: 1,
            escapes: 0,
            tunnelled: 0,
            parted_at: None,
            score: 10 * bricks,
            contacts: None,
        }
    }

    fn game(seed: u64, clamp: ModeOutcome, other: ModeOutcome) -> LevelResult {
        LevelResult {
            set: "s".into(),
            number: 1,
            name: "n".into(),
            seed,
            outcomes: vec![clamp, other],
        }
    }

    #[test]
    fn a_model_clearing_every_game_clamp_does_not_exceeds_the_noise_in_clear_rate() {
        // 8 games: the other model clears all, clamp none: p = 2 · 2^-8 < 0.05; every game
        // 5 more bricks: the interval is 5 ± 0 and leaves out 0. Balls lost equal: within.
        let results: Vec<LevelResult> = (0..8)
            .map(|s| {
                game(
                    s,
                    outcome(CollisionMode::Clamp, false, 100, 10),
                    outcome(CollisionMode::Aabb, true, 50, 15),
                )
            })
            .collect();
        let p = against(&results, 1, 0);
        assert_eq!((p.games, p.wins, p.losses), (8, 8, 0));
        assert!((p.p - 2.0 / 256.0).abs() < 1e-12);
        assert_eq!(p.time_to_clear, None, "no game cleared by both");
        assert_eq!(p.bricks_destroyed.unwrap().value, 5.0);
        let words = in_words("aabb", &p);
        assert!(words.contains("exceeds the noise in clear rate"), "{words}");
        assert!(
            words.contains("bricks destroyed (+5.0 per game, 95 % CI [+5.0, +5.0])"),
            "{words}"
        );
        assert!(
            words.contains("within the noise: time to clear, balls lost"),
            "{words}"
        );
        let mut md = String::new();
        section(
            &mut md,
            &results,
            &[
                Model::built_in(CollisionMode::Clamp),
                Model::built_in(CollisionMode::Aabb),
            ],
        );
        assert!(md.contains("| aabb | +100.0 | 8 / 0 |"), "{md}");
    }

    #[test]
    fn games_that_go_both_ways_are_within_the_noise() {
        let results: Vec<LevelResult> = (0..6)
            .map(|s| {
                let one_way = s % 2 == 0;
                game(
                    s,
                    outcome(CollisionMode::Clamp, one_way, 100, 10 + s as u32),
                    outcome(CollisionMode::Zones, !one_way, 100, 10 + (5 - s) as u32),
                )
            })
            .collect();
        let p = against(&results, 1, 0);
        assert_eq!((p.wins, p.losses), (3, 3));
        assert_eq!(p.p, 1.0);
        assert_eq!(
            in_words("zones", &p),
            "`zones`: every difference from clamp is within the noise."
        );
    }

    #[test]
    fn one_game_cannot_be_ranked() {
        let results = vec![game(
            1,
            outcome(CollisionMode::Clamp, true, 100, 10),
            outcome(CollisionMode::Aabb, false, 100, 9),
        )];
        let mut md = String::new();
        let modes = [
            Model::built_in(CollisionMode::Clamp),
            Model::built_in(CollisionMode::Aabb),
        ];
        section(&mut md, &results, &modes);
        assert!(md.contains("nothing can be ranked"), "{md}");
    }
}
