//! `--speed-sweep`: bricks tunnelled through against ball speed, per mode, in a fixed test
//! scene: a wall of solid bricks four rows thick across the playfield (behind it a row of
//! nine-hit bricks, so that the level is not won at once) and one ball launched at
//! it from below ([`Game::set_ball`]), at [`ANGLES`] angles, at each speed from 450 to
//! 50,000 px/s, each launch played twice: with sub-steps off (raw, one collision test per
//! 1/240 s step, what the lab's tunnel preset shows) and on (as the game plays,
//! [`SubSteps`]). Tunnels are counted as in `compare.csv` ([`super::tunnels`]). Written as
//! `speed_sweep.csv` ([`write_csv`]), plotted by [`super::sweep_plot`], told in the summary
//! by [`summary`].

use super::models::Model;
use super::tunnels::TunnelCounter;
use crate::level::Level;
use crate::sim::{Game, GameConfig, Input, SubSteps};
use glam::Vec2;
use rayon::prelude::*;
use serde::Serialize;
use std::path::Path;

/// The test scene: twelve columns; a row of nine-hit bricks, an empty row, then four rows of
/// solid bricks (`1`).
const WALL: &str = "@name: speed sweep wall\n\
2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9 2*9\n\
0 0 0 0 0 0 0 0 0 0 0 0\n\
1 1 1 1 1 1 1 1 1 1 1 1\n\
1 1 1 1 1 1 1 1 1 1 1 1\n\
1 1 1 1 1 1 1 1 1 1 1 1\n\
1 1 1 1 1 1 1 1 1 1 1 1\n";

/// Launch angles from straight up, degrees: an odd spread so that no two are mirror images.
pub const ANGLES: [f32; 8] = [-52.0, -37.0, -23.0, -9.0, 4.0, 17.0, 31.0, 46.0];

/// Where each ball starts, playfield pixels: below the wall's middle.
const START: Vec2 = Vec2::new(400.0, 480.0);

/// How far each ball travels, pixels (its speed × the steps played): at every speed it reaches
/// the wall and comes back.
pub const TRAVEL: f32 = 3_000.0;

/// Speeds swept, pixels/second.
const SLOWEST: f32 = 450.0;
/// Speeds swept, pixels/second.
const FASTEST: f32 = 50_000.0;
/// Points of the sweep.
pub const POINTS: usize = 25;

/// The swept speeds, pixels/second: [`POINTS`] spaced evenly on a log scale from 450 to 50,000.
pub fn speeds() -> Vec<f32> {
    let (a, b) = (SLOWEST.ln(), FASTEST.ln());
    (0..POINTS)
        .map(|i| (a + (b - a) * i as f32 / (POINTS - 1) as f32).exp())
        .collect()
}

/// One speed's result.
#[derive(Clone, Debug, PartialEq)]
pub struct SweepPoint {
    /// Ball speed, pixels/second.
    pub speed: f32,
    /// Per mode (in the order asked): bricks tunnelled through with sub-steps on (as played),
    /// summed over the [`ANGLES`] launches.
    pub on: Vec<u32>,
    /// The same with sub-steps off (raw: one collision test per 1/240 s step).
    pub off: Vec<u32>,
}

impl SweepPoint {
    /// Per mode, bricks tunnelled through with `sub_steps`.
    pub fn tunnelled(&self, sub_steps: SubSteps) -> &[u32] {
        match sub_steps {
            SubSteps::On => &self.on,
            SubSteps::Off => &self.off,
        }
    }
}

/// Runs the sweep for `modes` at `speeds`, sub-steps off and on, on rayon's threads.
pub fn speed_sweep(modes: &[Model], speeds: &[f32]) -> Vec<SweepPoint> {
    let level = Level::parse(WALL, "speed sweep wall").expect("the sweep's wall is a level");
    let jobs: Vec<(f32, SubSteps, usize)> = speeds
        .iter()
        .flat_map(|&v| SubSteps::ALL.into_iter().map(move |s| (v, s)))
        .flat_map(|(v, s)| (0..modes.len()).map(move |m| (v, s, m)))
        .collect();
    let counts: Vec<u32> = jobs
        .par_iter()
        .map(|&(speed, sub_steps, m)| {
            ANGLES
                .iter()
                .map(|&a| launch(&level, &modes[m], speed, a, sub_steps))
                .sum()
        })
        .collect();
    let mut counts = counts.chunks(modes.len().max(1));
    speeds
        .iter()
        .map(|&speed| {
            let mut point = SweepPoint {
                speed,
                on: Vec::new(),
                off: Vec::new(),
            };
            for sub_steps in SubSteps::ALL {
                let row = counts.next().unwrap_or_default().to_vec();
                match sub_steps {
                    SubSteps::On => point.on = row,
                    SubSteps::Off => point.off = row,
                }
            }
            point
        })
        .collect()
}

/// Bricks tunnelled through by one ball launched at `speed` (pixels/second), `degrees` from
/// straight up, with `model` and `sub_steps`, while it travels [`TRAVEL`] pixels (the paddle
/// stays still).
pub fn launch(level: &Level, model: &Model, speed: f32, degrees: f32, sub_steps: SubSteps) -> u32 {
    let config = GameConfig {
        collision: model.mode().unwrap_or_default(),
        launch_speed: speed,
        infinite_lives: true,
        sub_steps,
        ..GameConfig::default()
    };
    let mut game = Game::new(level, config);
    model.apply(&mut game);
    let (sin, cos) = degrees.to_radians().sin_cos();
    game.set_ball(START, Vec2::new(sin, -cos) * speed);
    let steps = (TRAVEL / (speed * crate::sim::tuning::FIXED_TIMESTEP)).ceil() as u32;
    let mut counter = TunnelCounter::default();
    let input = Input::default();
    for _ in 0..steps.max(1) {
        counter.before_step(&game);
        game.step(&input);
        counter.after_step(&game);
    }
    counter.count
}

/// One row of `speed_sweep.csv`: one model at one speed with sub-steps on or off.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SweepRow {
    /// The collision model's name.
    pub model: String,
    /// Ball speed, pixels/second.
    pub speed_px_s: f32,
    /// `on` (as played) or `off` (raw: one collision test per 1/240 s step).
    pub sub_steps: &'static str,
    /// Bricks tunnelled through, summed over the [`ANGLES`] launches.
    pub bricks_tunnelled: u32,
}

/// The header line of `speed_sweep.csv`, the [`SweepRow`] fields in order.
pub const CSV_HEADERS: [&str; 4] = ["model", "speed_px_s", "sub_steps", "bricks_tunnelled"];

/// The rows of `speed_sweep.csv`: by model (in `modes` order), then speed (slowest first), then
/// sub-steps (`on`, `off`): two rows per model per speed.
pub fn rows(modes: &[Model], points: &[SweepPoint]) -> Vec<SweepRow> {
    let mut rows = Vec::with_capacity(2 * modes.len() * points.len());
    for (m, model) in modes.iter().enumerate() {
        for point in points {
            for sub_steps in SubSteps::ALL {
                rows.push(SweepRow {
                    model: model.name().to_string(),
                    speed_px_s: point.speed,
                    sub_steps: sub_steps.name(),
                    bricks_tunnelled: point.tunnelled(sub_steps).get(m).copied().unwrap_or(0),
                });
            }
        }
    }
    rows
}

/// Writes `speed_sweep.csv` ([`rows`]) with a header line to `path`.
///
/// # Errors
/// The file cannot be written.
pub fn write_csv(path: &Path, modes: &[Model], points: &[SweepPoint]) -> Result<(), csv::Error> {
    let mut writer = csv::Writer::from_path(path)?;
    for row in rows(modes, points) {
        writer.serialize(row)?;
    }
    writer.flush()?;
    Ok(())
}

/// One model's sweep in figures: the slowest speed at which it tunnelled with sub-steps off
/// (px/s; `None` if never), and its bricks tunnelled over all speeds, off and on.
fn model_figures(points: &[SweepPoint], m: usize) -> (Option<f32>, u32, u32) {
    let at = |p: &SweepPoint, s| p.tunnelled(s).get(m).copied().unwrap_or(0);
    let first = points
        .iter()
        .find(|p| at(p, SubSteps::Off) > 0)
        .map(|p| p.speed);
    let off = points.iter().map(|p| at(p, SubSteps::Off)).sum();
    let on = points.iter().map(|p| at(p, SubSteps::On)).sum();
    (first, off, on)
}

/// The summary's paragraph on sub-steps and the speed sweep (markdown, ending in a blank line):
/// what sub-steps are, which the levels were played with (`sub_steps`), and, when the sweep
/// ran (`points`), per model the slowest speed that tunnels raw and the bricks tunnelled off
/// and on, with what that says.
pub fn summary(modes: &[Model], sub_steps: SubSteps, points: Option<&[SweepPoint]>) -> String {
    let mut md = String::from("## Sub-steps and tunnelling\n\n");
    md.push_str(
        "The game never tests a whole 1/240 s step's motion at once unless told to: with \
         sub-steps **on** (as played, the default) the textbook discrete modes move the ball \
         at most half its radius (6.25 px) between tests, and the other games' models by \
         their own sub-steps; `swept` is continuous and finds the time of impact along the \
         whole step. With sub-steps **off** (`--sub-steps off`, what the lab's tunnel preset \
         shows) every model but `swept` tests once per step, so a ball faster than \
         (h + 2r) × 240 px/s can jump a brick h px tall without touching it.\n\n",
    );
    md.push_str(&format!(
        "The levels above were played with sub-steps **{}**.",
        sub_steps.name()
    ));
    let Some(points) = points else {
        md.push_str(" `--speed-sweep` measures tunnelling both ways.\n\n");
        return md;
    };
    let (lo, hi) = (
        points.first().map_or(0.0, |p| p.speed),
        points.last().map_or(0.0, |p| p.speed),
    );
    md.push_str(&format!(
        " The speed sweep (`speed_sweep.csv`, `speed_sweep.svg`) launches one ball at a wall of \
         solid bricks at {} angles, at {} speeds from {lo:.0} to {hi:.0} px/s, with sub-steps \
         off and on, and counts the bricks its centre crossed unseen:\n\n",
        ANGLES.len(),
        points.len()
    ));
    md.push_str(
        "| model | off: slowest speed that tunnels (px/s) | off: bricks tunnelled | on: bricks \
         tunnelled |\n|---|---|---|---|\n",
    );
    let mut raw = Vec::new();
    let mut played = Vec::new();
    for (m, model) in modes.iter().enumerate() {
        let (first, off, on) = model_figures(points, m);
        let first = first.map_or("never".to_string(), |v| format!("{v:.0}"));
        md.push_str(&format!("| {} | {first} | {off} | {on} |\n", model.name()));
        if off > 0 {
            raw.push(format!("`{}`", model.name()));
        }
        if on > 0 {
            played.push(format!("`{}`", model.name()));
        }
    }
    md.push_str(&format!(
        "\nRaw, {} of {} models tunnel ({}); as played, {}. A model of another game that \
         tunnels as played does so between its own game's sub-steps (kept as its game cut \
         them), not this game's.\n\n",
        raw.len(),
        modes.len(),
        if raw.is_empty() {
            "none".to_string()
        } else {
            raw.join(", ")
        },
        match played.len() {
            0 => "none does".to_string(),
            1 => format!("only {} does", played[0]),
            _ => format!("only {} do", played.join(", ")),
        }
    ));
    md
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collision::CollisionMode;

    fn models(names: &[&str]) -> Vec<Model> {
        names
            .iter()
            .map(|n| Model::built_in(CollisionMode::from_name(n).unwrap()))
            .collect()
    }

    /// At 36,000 px/s (the lab's tunnel preset) the raw discrete modes tunnel through the wall
    /// and, as played, do not; `swept` never does.
    #[test]
    fn raw_aabb_and_clamp_tunnel_at_36000_px_s_and_as_played_they_and_swept_do_not() {
        let modes = models(&["aabb", "clamp", "swept"]);
        let points = speed_sweep(&modes, &[36_000.0]);
        let p = &points[0];
        assert!(p.off[0] > 0 && p.off[1] > 0, "{p:?}");
        assert_eq!(p.on, vec![0, 0, 0], "{p:?}");
        assert_eq!(p.off[2], 0, "{p:?}");
    }

    /// `speed_sweep.csv`: its header, two rows (on, off) per model per speed, each row's count
    /// the point's.
    #[test]
    fn the_csv_has_a_row_per_model_speed_and_sub_steps() {
        let modes = models(&["clamp", "swept"]);
        let points = vec![
            SweepPoint {
                speed: 450.0,
                on: vec![0, 0],
                off: vec![1, 0],
            },
            SweepPoint {
                speed: 36_000.0,
                on: vec![2, 0],
                off: vec![7, 3],
            },
        ];
        let dir = std::env::temp_dir().join(format!("substeps-csv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("speed_sweep.csv");
        write_csv(&path, &modes, &points).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], CSV_HEADERS.join(","));
        assert_eq!(lines.len(), 1 + 2 * modes.len() * points.len(), "{text}");
        assert_eq!(
            &lines[1..],
            [
                "clamp,450.0,on,0",
                "clamp,450.0,off,1",
                "clamp,36000.0,on,2",
                "clamp,36000.0,off,7",
                "swept,450.0,on,0",
                "swept,450.0,off,0",
                "swept,36000.0,on,0",
                "swept,36000.0,off,3",
            ]
        );
    }

    /// The summary names each model's figures and says which tunnel raw and as played.
    #[test]
    fn the_summary_gives_each_models_figures() {
        let modes = models(&["clamp", "swept"]);
        let points = vec![SweepPoint {
            speed: 36_000.0,
            on: vec![0, 0],
            off: vec![5, 0],
        }];
        let md = summary(&modes, SubSteps::On, Some(&points));
        assert!(md.contains("| clamp | 36000 | 5 | 0 |"), "{md}");
        assert!(md.contains("| swept | never | 0 | 0 |"), "{md}");
        assert!(md.contains("Raw, 1 of 2 models tunnel (`clamp`); as played, none does."));
        let md = summary(&modes, SubSteps::Off, None);
        assert!(
            md.contains("sub-steps **off**") && md.contains("--speed-sweep"),
            "{md}"
        );
    }
}
