//! Tunnelling speed of each discrete collision test *without* sub-stepping
//! (`cargo run --release --example tunnelling`).
//!
//! The game never runs a discrete test on a whole step's motion: it sub-steps the ball to at most
//! half its radius per sub-step, so it cannot jump over anything. This example shows why that is
//! needed. For each discrete mode, a ball of the game's radius (12.5 px) moves straight up at a
//! brick in single discrete steps of `v·dt` (dt = 1/240 s, the game's fixed step), tested after
//! each step with `breakout::collision::circle_aabb_intersects`. For each speed `v` (scanned in
//! steps of [`SPEED_STEP`] px/s) the start is swept over a fine grid: the ball's x over the
//! brick's face ([`X_SAMPLES`] columns, edges excluded) and the phase of its discrete positions
//! relative to the brick ([`PHASE_SAMPLES`] offsets in one step length). The tunnelling speed is
//! the lowest `v` for which some start never overlaps the brick: the ball jumps over it.
//!
//! In exact arithmetic the exact tests (`clamp`, `zones`) and `aabb` (whose square has the same
//! vertical extent as the circle on the face) tunnel once a step is longer than the brick's height
//! plus the ball's diameter: `v > (h + 2r) / dt`. `cross` works in whole pixels, so its limit
//! differs by the truncation. The bricks sit where bricks of real levels do (x = 320): an 80×50
//! brick of `tests/fixtures/tunnelling/solid-shield.lvl`'s solid row, an 80×37.5 brick, and a
//! thin 80×10 one.
//!
//! Second part: the `simulate` runs of `docs/collision.md` ("No tunnelling") replayed with the
//! library (`tests/fixtures/tunnelling/solid-shield.lvl`, seed 1, 20000 steps, the bot launching
//! at once, infinite lives), counting the hits on the solid row (`GameEvent::SolidHit`) that
//! `simulate`'s JSON does not report, to show every run really hammered the shield. Each line
//! prints the final state hash, equal to `simulate`'s `state_hash` for the same mode and speed.

use breakout::collision::{circle_aabb_intersects, Aabb, Circle, CollisionMode};
use breakout::level::Level;
use breakout::sim::tuning::{BALL_RADIUS, FIXED_TIMESTEP, MAX_SUBSTEP_FRACTION};
use breakout::sim::{Bot, Game, GameConfig, GameEvent, GameState};
use glam::Vec2;

/// Speed resolution of the scan, pixels/second.
const SPEED_STEP: f32 = 1.0;
/// Start offsets across the brick's face.
const X_SAMPLES: usize = 9;
/// Start offsets (phases) within one step length.
const PHASE_SAMPLES: usize = 400;

/// Ball speeds of the `simulate` table, pixels/second.
const SIM_SPEEDS: [f32; 8] = [
    450.0, 1000.0, 2000.0, 5000.0, 10000.0, 20000.0, 50000.0, 100000.0,
];
/// Steps per `simulate` run.
const SIM_STEPS: u64 = 20000;

/// True if some start on the grid makes a ball moving up by `step` px per step miss `brick`.
fn tunnels(mode: CollisionMode, brick: Aabb, radius: f32, step: f32) -> bool {
    let width = brick.max.x - brick.min.x;
    for xi in 0..X_SAMPLES {
        let x = brick.min.x + width * (xi as f32 + 0.5) / X_SAMPLES as f32;
        for pi in 0..PHASE_SAMPLES {
            let phase = step * pi as f32 / PHASE_SAMPLES as f32;
            // First position: just clear below the brick (touching is no hit in any mode).
            let start = brick.max.y + radius + phase;
            let mut hit = false;
            let mut k = 0u32;
            loop {
                let y = start - step * k as f32;
                if y < brick.min.y - radius - 1.0 {
                    break; // wholly past the brick
                }
                if circle_aabb_intersects(
                    mode,
                    Circle {
                        center: Vec2::new(x, y),
                        radius,
                    },
                    brick,
                ) {
                    hit = true;
                    break;
                }
                k += 1;
            }
            if !hit {
                return true;
            }
        }
    }
    false
}

/// Lowest speed (px/s) at which `mode` tunnels through `brick` without sub-steps.
fn tunnelling_speed(mode: CollisionMode, brick: Aabb, radius: f32) -> f32 {
    let mut v = SPEED_STEP;
    loop {
        if tunnels(mode, brick, radius, v * FIXED_TIMESTEP) {
            return v;
        }
        v += SPEED_STEP;
    }
}

fn main() {
    let radius = BALL_RADIUS;
    let bricks = [
        (
            "80×50 (solid-shield.lvl)",
            Aabb::from_pos_size(Vec2::new(320.0, 50.0), Vec2::new(80.0, 50.0)),
        ),
        (
            "80×37.5 brick",
            Aabb::from_pos_size(Vec2::new(320.0, 112.5), Vec2::new(80.0, 37.5)),
        ),
        (
            "80×10 thin brick",
            Aabb::from_pos_size(Vec2::new(320.0, 150.0), Vec2::new(80.0, 10.0)),
        ),
    ];
    let substep = MAX_SUBSTEP_FRACTION * radius;
    println!(
        "ball radius {radius} px, dt = 1/{} s, one discrete test per step (no sub-steps)",
        (1.0 / FIXED_TIMESTEP).round()
    );
    println!(
        "(the game sub-steps to <= {substep} px, far below the h + 2r >= {} px a path across a face spends in overlap)\n",
        2.0 * radius
    );
    let names: Vec<&str> = bricks.iter().map(|(name, _)| *name).collect();
    println!("| mode | {} |", names.join(" | "));
    println!("|---|{}", "---|".repeat(bricks.len()));
    let discrete: Vec<CollisionMode> = CollisionMode::ALL
        .iter()
        .copied()
        .filter(|m| !m.is_continuous())
        .collect();
    for mode in discrete {
        let speeds: Vec<String> = bricks
            .iter()
            .map(|(_, brick)| {
                let v = tunnelling_speed(mode, *brick, radius);
                format!("{v:.0} px/s ({:.2} px/step)", v * FIXED_TIMESTEP)
            })
            .collect();
        println!("| `{}` | {} |", mode.name(), speeds.join(" | "));
    }
    let theory: Vec<String> = bricks
        .iter()
        .map(|(_, b)| {
            let h = b.max.y - b.min.y;
            format!(
                "{:.0} px/s ((h + 2r)/dt)",
                (h + 2.0 * radius) / FIXED_TIMESTEP
            )
        })
        .collect();
    println!("| exact arithmetic | {} |", theory.join(" | "));

    println!();
    solid_shield_runs();
}

/// Replays `breakout simulate --level tests/fixtures/tunnelling/solid-shield.lvl --steps 20000
/// --collision <mode> --ball-speed <v>` (seed 1) and counts solid-row hits.
fn solid_shield_runs() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/tunnelling/solid-shield.lvl");
    let level = Level::load(&path).expect("solid-shield fixture loads");
    println!("solid-shield.lvl, {SIM_STEPS} steps, seed 1: solid hits / bricks destroyed / balls escaped / state hash");
    for mode in CollisionMode::ALL {
        for speed in SIM_SPEEDS {
            let config = GameConfig {
                seed: 1,
                collision: mode,
                launch_speed: speed,
                infinite_lives: true,
                ..GameConfig::default()
            };
            let mut game = Game::new(&level, config);
            let mut bot = Bot::new(config.seed, 0.0);
            let mut solid_hits = 0u64;
            for _ in 0..SIM_STEPS {
                let input = bot.input(&game);
                game.step(&input);
                solid_hits += game
                    .events()
                    .iter()
                    .filter(|e| matches!(e, GameEvent::SolidHit { .. }))
                    .count() as u64;
                if game.state() != GameState::Playing {
                    break;
                }
            }
            let stats = game.stats();
            println!(
                "{:>5} {speed:>6}: {solid_hits:>6} solid hits, {} destroyed, {} escaped, {} lost, {:016x}",
                mode.name(),
                stats.bricks_destroyed,
                stats.balls_escaped,
                stats.balls_lost,
                game.state_hash()
            );
        }
    }
}
