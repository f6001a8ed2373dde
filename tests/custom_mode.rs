//! The example's model of one's own (`examples/custom_mode/model.rs`, included here so the
//! test checks the model the example shows) run as `examples/custom_mode.rs` runs it:
//!
//! * through `compare` (the library entry point) beside `clamp`: `compare.csv` has its rows,
//!   named by the model, and its parting step from `clamp` is the one an independent lockstep
//!   computed here finds (two games, one with `Game::set_custom_model`, each with its bot) — on
//!   a level full of bricks it does part;
//! * through the probe (`probe::models::answer_with_models`): it answers every preset, and its
//!   normal where it hits is an axis or a diagonal (its rule);
//! * property tests of its rule: a sub-step keeps the ball's speed (a reflection, and a nudge
//!   that turns it), and a ball that bounced moves away from the brick along the normal.

#[path = "../examples/custom_mode/model.rs"]
#[allow(dead_code)]
mod model;

use breakout::collision::model::{BrickGrid, CollisionModel, ModelBall, ModelMemory};
use breakout::collision::{Aabb, CollisionMode};
use breakout::commands::compare::{self, CompareOptions, Model, Subject};
use breakout::commands::simulate_all::LevelJob;
use breakout::level::Level;
use breakout::probe::models::answer_with_models;
use breakout::probe::own::ProbeGrid;
use breakout::probe::presets::presets;
use breakout::sim::{Bot, Game, GameConfig, GameState};
use glam::Vec2;
use model::LEAST_OVERLAP;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg32;

const SEED: u64 = 3;
const STEPS: u64 = 3_000;

/// A level of close rows of bricks: the ball meets them at once.
const LEVEL: &str = "@name: Rows\n0 0 0 0 0 0 0 0\n2 3 4 5 2 3 4 5\n3 3 3 3 3 3 3 3\n";

/// The first step after which the custom copy's hash (model left out) differs from the `clamp`
/// copy's, each played by its own bot; `None` within `steps`.
fn parting(level: &Level, steps: u64) -> Option<u64> {
    let config = GameConfig {
        seed: SEED,
        infinite_lives: true,
        ..GameConfig::default()
    };
    let mut clamp = Game::new(level, config);
    let mut own = clamp.clone();
    own.set_custom_model(&LEAST_OVERLAP);
    let (mut bot_c, mut bot_o) = (Bot::new(SEED, 0.0), Bot::new(SEED, 0.0));
    for at in 1..=steps {
        for (game, bot) in [(&mut clamp, &mut bot_c), (&mut own, &mut bot_o)] {
            if game.state() == GameState::Playing {
                let input = bot.input(game);
                game.step(&input);
            }
        }
        if clamp.state_hash() != own.state_hash_without_mode() {
            return Some(at);
        }
    }
    None
}

#[test]
fn compare_plays_the_custom_model_beside_clamp_and_it_parts_where_an_independent_lockstep_does() {
    let dir = std::env::temp_dir().join(format!("breakout-custom-mode-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("rows.lvl");
    std::fs::write(&file, LEVEL).unwrap();
    let job = LevelJob {
        set: "test".into(),
        number: 1,
        name: "Rows".into(),
        source: breakout::assets::LevelSource::File(file),
    };
    let options = CompareOptions {
        modes: vec![
            Model::built_in(CollisionMode::Clamp),
            Model::custom(&LEAST_OVERLAP, [20, 20, 20]),
        ],
        steps: Some(STEPS),
        seed: SEED,
        seeds: 1,
        speed_sweep: false,
        contact_check: true,
        sub_steps: breakout::sim::SubSteps::On,
    };
    let out = dir.join("out");
    compare::compare(&Subject::Levels(vec![job]), &options, &out, false).unwrap();
    let text = std::fs::read_to_string(out.join("compare.csv")).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert_eq!(rows[0][3], "clamp");
    assert_eq!(rows[1][3], "least-overlap");
    let expected = parting(&Level::parse(LEVEL, "rows").unwrap(), STEPS);
    assert!(
        expected.is_some(),
        "the bounding square should part from clamp"
    );
    assert_eq!(rows[1][10], expected.unwrap().to_string(), "{text}");
    assert_eq!(rows[0][10], "", "clamp never parts from itself");
    let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
    assert!(summary.contains("| least-overlap |"), "{summary}");
    // Two models of one name are refused, and nothing is written.
    let twice = CompareOptions {
        modes: vec![
            Model::custom(&LEAST_OVERLAP, [20, 20, 20]),
            Model::custom(&LEAST_OVERLAP, [0, 0, 0]),
        ],
        ..options
    };
    let job = LevelJob {
        set: "test".into(),
        number: 1,
        name: "Rows".into(),
        source: breakout::assets::LevelSource::File(dir.join("rows.lvl")),
    };
    let again = dir.join("again");
    assert!(compare::compare(&Subject::Levels(vec![job]), &twice, &again, false).is_err());
    assert!(!again.join("compare.csv").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_probe_asks_the_custom_model_and_its_normals_are_axes_or_diagonals() {
    let mut answered = 0;
    for preset in presets() {
        for answers in answer_with_models(&preset.probe, &[&LEAST_OVERLAP]) {
            let row = answers.models[0];
            assert_eq!(row.name, "least-overlap");
            if let Some(n) = row.answer.normal {
                answered += 1;
                let axis = n.x == 0.0 || n.y == 0.0;
                let diagonal = (n.x.abs() - n.y.abs()).abs() < 1e-6;
                assert!(axis || diagonal, "{}: {n:?}", preset.name);
            }
        }
    }
    assert!(answered >= 3, "the model should hit in most presets");
}

proptest! {
    #[test]
    fn a_sub_step_keeps_the_speed_and_a_bounce_leaves_the_brick(
        x in 300.0f32..500.0,
        y in 120.0f32..230.0,
        angle in 0.0f32..std::f32::consts::TAU,
        speed in 100.0f32..3000.0,
        bounces in 0u32..20,
        seed in any::<u64>(),
    ) {
        let brick = Aabb { min: Vec2::new(360.0, 156.25), max: Vec2::new(440.0, 193.75) };
        let grid = ProbeGrid::new(&[brick]);
        let mut memory = ModelMemory { counter: bounces, ..ModelMemory::default() };
        let vel = Vec2::new(libm::cosf(angle), libm::sinf(angle)) * speed;
        let mut ball = ModelBall { pos: Vec2::new(x, y), vel, radius: 12.5, memory: &mut memory };
        let mut rng = Pcg32::seed_from_u64(seed);
        let response = LEAST_OVERLAP.step_bricks(&mut ball, 1.0 / 240.0 / 4.0, &grid, &mut rng);
        let (after, end) = (ball.vel, ball.pos);
        prop_assert!((after.length() - speed).abs() <= speed * 1e-5, "{} → {}", speed, after.length());
        if let Some(&n) = response.normals.first() {
            prop_assert!(after.dot(n) >= 0.0, "still moving into the brick: {after:?} {n:?}");
            prop_assert_eq!(memory.counter, bounces + 1);
            // Pushed out of the overlap along the normal's axes: the square no longer overlaps.
            let circle = breakout::collision::Circle { center: end, radius: 12.5 };
            if let Some(c) = LEAST_OVERLAP.contact(circle, brick, after) {
                prop_assert!(c.depth < 1e-3, "{c:?}");
            }
        } else {
            prop_assert_eq!(memory.counter, bounces);
        }
        prop_assert!(grid.rows() == 1);
    }
}
