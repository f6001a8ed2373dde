//! Difficulty presets: Kids, Easy, Normal and Hard, one row each of [`DIFFICULTIES`].
//!
//! A preset is applied over the player's own settings ([`Difficulty::apply`]): the ball's
//! launch speed, top speed and speed-up (`[ball]`, `--ball-speed`) and the good power-ups'
//! chance (`[powerups]`) are *multiplied* by the row's factors, so a player who tuned them keeps
//! their tuning, made easier or harder; lives, the paddle's width and the score's factor are the
//! row's own. **Normal is today's game**: its factors are 1, its lives 3, its paddle 100 px,
//! so Normal over any configuration is that configuration, unchanged (and hashes as before).
//!
//! The values follow LBreakoutHD (`midzer/lbreakouthd` @ `3cd2a61`, v1.1.8, `libgame/game.c`
//! `diffs[]`, fields in `libgame/gamedefs.h` `GameDiff`), whose *Medium* is taken as this game's
//! Normal: each factor is LBreakoutHD's value at that difficulty over its value at Medium.
//! LBreakoutHD's rows (lives, paddle middle tiles, score ×, ball start – top speed in px/ms,
//! speed-up of 0.0016 px/ms every `v_delay` ms, bad extras, time ×):
//!
//! | LBreakoutHD | lives | paddle | score | ball | speed-up every | bad extras | time |
//! |---|---|---|---|---|---|---|---|
//! | Kids | 9 | 8 | ×0.5 | 0.10–0.20 | 32 s | no | ×4 |
//! | Easy | 6 | 2 | ×0.8 | 0.24–0.40 | 1.8 s | yes | ×1 |
//! | Medium | 5 | 1 | ×1 | 0.27–0.43 | 1.8 s | yes | ×1 |
//! | Hard | 4 | 1 | ×1.3 | 0.30–0.45 | 1.8 s (0.0015) | yes | ×1 |
//!
//! (LBreakoutHD's "Very Easy", between Kids and Easy, is left out; an "Expert" beyond Hard has
//! no peer's numbers to follow, so none is offered.) What is this game's own: the lives of Easy
//! and Hard (one more and one fewer than Normal's 3, as LBreakoutHD's Easy and Hard have one
//! more and one fewer than its Medium's 5), and the good power-ups' chance (LBreakoutHD has no
//! random drops to scale).

use serde::{Deserialize, Serialize};

/// A difficulty preset; its facts are its row, [`Difficulty::def`].
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Nine lives, a wide paddle, a slow ball, no bad power-ups, power-ups last four times as
    /// long; half the points.
    Kids,
    /// One more life, a wider paddle, a slower ball; 0.8 of the points.
    Easy,
    /// This game as it always was.
    #[default]
    Normal,
    /// One fewer life, a faster ball, fewer good power-ups; 1.3 times the points.
    Hard,
}

/// One difficulty's row: what it changes. Factors multiply the player's own settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DifficultyDef {
    /// Which difficulty.
    pub difficulty: Difficulty,
    /// Its name in `breakout.toml`, `--difficulty` and `simulate`'s JSON (lower case).
    pub name: &'static str,
    /// Its name on screen.
    pub label: &'static str,
    /// Lives at the start of a run (at most [`super::powerups::MAX_LIVES`]).
    pub lives: u32,
    /// The paddle's width at the start and after each lost life, pixels (power-ups change it
    /// from there).
    pub(crate) paddle_width: f32,
    /// Factor on the ball's launch speed (`--ball-speed`, 450 px/s by default).
    pub(crate) launch_factor: f32,
    /// Factor on the ball's top speed from the speed-up (the launch speed times `[ball]
    /// max_speed_factor`), in pixels/second.
    pub(crate) top_speed_factor: f32,
    /// Factor on the speed-up's gain per minute, in pixels/second (`[ball]
    /// speed_up_per_minute` times the launch speed).
    pub(crate) speed_up_factor: f32,
    /// Factor on the chance of each good power-up dropping at random (`[powerups]
    /// good_chance` and the good ones of `[powerups.chance]`), capped at 1.
    pub(crate) good_drop_factor: f32,
    /// Whether bad power-ups fall at all: false, none drops at random, none a brick holds is
    /// released, and a random power-up is never a bad one (LBreakoutHD's `allow_maluses`).
    pub(crate) bad_powerups: bool,
    /// Factor on every timed power-up's duration, seconds (LBreakoutHD's `time_mod`).
    pub(crate) duration_factor: f32,
    /// Factor on every point scored, rounded to whole points (LBreakoutHD's `score_mod`).
    pub(crate) score_factor: f32,
}

/// LBreakoutHD's paddle tile: 18 of its 640 pixels, 22.5 of this game's 800.
const LBREAKOUTHD_TILE: f32 = 18.0 * 800.0 / 640.0;
/// LBreakoutHD's speed-up at Medium, Easy and Kids: 0.0016 px/ms every 1.8 s (every 32 s for
/// Kids); at Hard 0.0015 every 1.8 s.
const MEDIUM_SPEED_UP: f32 = 0.0016 / 1800.0;

/// The difficulties, easiest first; Normal's row keeps today's game.
pub const DIFFICULTIES: [DifficultyDef; 4] = [
    DifficultyDef {
        difficulty: Difficulty::Kids,
        name: "kids",
        label: "Kids",
        lives: 9,
        // LBreakoutHD Kids: 8 middle tiles, (8 + 2) × 18 = 180 of 640 px, 28 % of the field:
        // 225 px here (seven tiles more than Normal would pass this game's widest, 250).
        paddle_width: 10.0 * LBREAKOUTHD_TILE,
        launch_factor: 0.10 / 0.27,
        top_speed_factor: 0.20 / 0.43,
        speed_up_factor: (0.0016 / 32000.0) / MEDIUM_SPEED_UP,
        // This game's own: more help for the youngest.
        good_drop_factor: 1.5,
        bad_powerups: false,
        duration_factor: 4.0,
        score_factor: 0.5,
    },
    DifficultyDef {
        difficulty: Difficulty::Easy,
        name: "easy",
        label: "Easy",
        lives: 4,
        // LBreakoutHD Easy: one middle tile more than Medium.
        paddle_width: 100.0 + LBREAKOUTHD_TILE,
        launch_factor: 0.24 / 0.27,
        top_speed_factor: 0.40 / 0.43,
        speed_up_factor: 1.0,
        // This game's own.
        good_drop_factor: 1.25,
        bad_powerups: true,
        duration_factor: 1.0,
        score_factor: 0.8,
    },
    DifficultyDef {
        difficulty: Difficulty::Normal,
        name: "normal",
        label: "Normal",
        lives: super::tuning::START_LIVES,
        paddle_width: super::tuning::PADDLE_WIDTH,
        launch_factor: 1.0,
        top_speed_factor: 1.0,
        speed_up_factor: 1.0,
        good_drop_factor: 1.0,
        bad_powerups: true,
        duration_factor: 1.0,
        score_factor: 1.0,
    },
    DifficultyDef {
        difficulty: Difficulty::Hard,
        name: "hard",
        label: "Hard",
        lives: 2,
        // LBreakoutHD Hard starts with Medium's paddle (it only grows less).
        paddle_width: super::tuning::PADDLE_WIDTH,
        launch_factor: 0.30 / 0.27,
        top_speed_factor: 0.45 / 0.43,
        speed_up_factor: (0.0015 / 1800.0) / MEDIUM_SPEED_UP,
        // This game's own.
        good_drop_factor: 0.8,
        bad_powerups: true,
        duration_factor: 1.0,
        score_factor: 1.3,
    },
];

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Kids,
        Difficulty::Easy,
        Difficulty::Normal,
        Difficulty::Hard,
    ];

    /// Its row of [`DIFFICULTIES`].
    pub fn def(self) -> &'static DifficultyDef {
        &DIFFICULTIES[self as usize]
    }

    /// Its name in files and on the command line (`"kids"`).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// Its name on screen (`"Kids"`).
    pub fn label(self) -> &'static str {
        self.def().label
    }

    /// The difficulty called `name` (any case). Errors: an unknown name, with the names there
    /// are.
    pub fn from_name(name: &str) -> Result<Difficulty, String> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| {
                format!(
                    "unknown difficulty '{name}': the difficulties are {}",
                    Difficulty::names()
                )
            })
    }

    /// The names, easiest first, comma-separated (for messages).
    pub fn names() -> String {
        Difficulty::ALL.map(Difficulty::name).join(", ")
    }

    /// The one `dir` steps from this one (−1 easier, +1 harder), wrapping (the settings row).
    pub fn step(self, dir: i32) -> Difficulty {
        let n = Difficulty::ALL.len() as i32;
        Difficulty::ALL[(self as i32 + dir).rem_euclid(n) as usize]
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Difficulty {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Difficulty::from_name(s)
    }
}

/// `points` scaled by a difficulty's `factor` ([`DifficultyDef::score_factor`], taken to the
/// nearest hundredth, so 1.3 is exactly 130 %), rounded to the nearest whole point, halves up
/// (25 at ×1.3 is 33); exactly `points` for a factor of 1; at most `u32::MAX`.
pub(crate) fn scaled_points(points: u32, factor: f32) -> u32 {
    if factor == 1.0 {
        return points;
    }
    let hundredths = (f64::from(factor.max(0.0)) * 100.0).round() as u64;
    let scaled = (u64::from(points) * hundredths + 50) / 100;
    u32::try_from(scaled).unwrap_or(u32::MAX)
}

#[cfg(test)]
#[path = "difficulty_tests.rs"]
mod tests;
