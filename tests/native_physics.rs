//! `--collision native`: another game's level plays with that game's collision model and paddle
//! rule (`core/src/sim/native.rs`, `core/src/sim/paddle_rule.rs`), and a replay of such a game
//! records the resolved pair and re-verifies.
//!
//! The LBreakout2 level is written here from the format's description (`docs/import.md`,
//! `core/src/import/lbreakout2.rs`), never copied from the game's data.

use breakout::collision::CollisionMode;
use breakout::commands::simulate::simulate_recorded;
use breakout::import::{parse_set, Format};
use breakout::level::Level;
use breakout::replay::verify::{verify_replay, Verified};
use breakout::replay::{file, Origin};
use breakout::sim::report::Simulation;
use breakout::sim::{GameConfig, GameEvent, PaddleRule, Physics};
use std::path::Path;

/// One LBreakout2 level: two rows of plain bricks, no bonuses.
fn lbreakout2_level() -> Level {
    let mut text = String::from("Level:\nTester\nNative\nBricks:\n");
    for row in 0..18 {
        let line = if row == 3 || row == 4 {
            "..aaaaaaaaaa.."
        } else {
            ".............."
        };
        text.push_str(line);
        text.push('\n');
    }
    text.push_str("Bonus:\n");
    for _ in 0..18 {
        text.push_str("..............\n");
    }
    let set = parse_set(
        text.as_bytes(),
        Path::new("Native"),
        Some(Format::LBreakout2),
    )
    .expect("the synthetic set imports");
    set.levels[0].level.clone()
}

fn chosen() -> GameConfig {
    GameConfig {
        seed: 5,
        collision: CollisionMode::Zones,
        ..GameConfig::default()
    }
}

#[test]
fn an_lbreakout2_level_plays_lbreakout_trajectory_with_the_lbreakout_paddle() {
    let level = lbreakout2_level();
    let config = Physics::Native.config_for(chosen(), &level);
    assert_eq!(config.collision, CollisionMode::LbreakoutTrajectory);
    assert_eq!(config.paddle_rule, PaddleRule::Lbreakout);
    // As chosen, the same level plays the chosen mode with this game's paddle.
    let as_chosen = Physics::AsChosen.config_for(chosen(), &level);
    assert_eq!(
        (as_chosen.collision, as_chosen.paddle_rule),
        (CollisionMode::Zones, PaddleRule::Game)
    );
    // This game's own levels play as chosen either way.
    let own = Level::parse("1 1 1\n2 0 2\n", "own").unwrap();
    assert_eq!(Physics::Native.config_for(chosen(), &own), chosen());
}

/// The ball leaves the paddle as LBreakout's rule says: 10°–70° from vertical, in whole 2°
/// steps (this game's rule is continuous and never says so).
#[test]
fn the_ball_leaves_the_paddle_by_lbreakout_s_rule_in_play() {
    let level = lbreakout2_level();
    let config = Physics::Native.config_for(chosen(), &level);
    let mut sim = Simulation::new(&level, 20_000, config);
    let (mut hits, mut lbreakout_like) = (0, 0);
    while sim.step().is_some() {
        let game = sim.game();
        if !game.events().contains(&GameEvent::PaddleHit) {
            continue;
        }
        for ball in game.balls().iter().filter(|b| !b.stuck && b.vel.y < 0.0) {
            hits += 1;
            let deg = ball.vel.x.abs().atan2(-ball.vel.y).to_degrees();
            let even = (deg / 2.0 - (deg / 2.0).round()).abs() < 1e-2;
            lbreakout_like += usize::from(even && (9.99..=70.01).contains(&deg));
        }
    }
    assert!(hits >= 10, "the bot hit the paddle {hits} times");
    // A wall touched in the same step as the paddle may change the direction after the rule.
    assert!(
        lbreakout_like * 10 >= hits * 9,
        "{lbreakout_like} of {hits} paddle bounces followed LBreakout's rule"
    );
}

#[test]
fn a_replay_of_a_native_game_records_the_model_and_rule_and_re_verifies() {
    let level = lbreakout2_level();
    let config = Physics::Native.config_for(chosen(), &level);
    let (report, replay) = simulate_recorded(&level, 3_000, config, Some(Origin::default()));
    assert_eq!(report.collision, "lbreakout-trajectory");
    assert_eq!(report.paddle_rule.as_deref(), Some("lbreakout"));
    let line = report.json_line();
    assert!(line.contains("\"paddle_rule\":\"lbreakout\""), "{line}");
    let replay = replay.expect("recorded");
    assert_eq!(replay.header.settings.paddle_rule, "lbreakout");
    assert_eq!(replay.header.settings.collision, "lbreakout-trajectory");
    // Through the file format and back, then played again against its state hashes.
    let path = Path::new("native.bkreplay");
    let back = file::decode(&file::encode(&replay), path).expect("decodes");
    assert_eq!(back, replay);
    assert_eq!(back.config().paddle_rule, PaddleRule::Lbreakout);
    let verified = verify_replay(back, path).expect("plays");
    assert!(matches!(verified, Verified::Matches(_)), "{verified:?}");
    // The same game with this game's paddle is another game: the rule is in the hashes.
    let plain = GameConfig {
        paddle_rule: PaddleRule::Game,
        ..config
    };
    let (other, _) = simulate_recorded(&level, 3_000, plain, None);
    assert_ne!(other.state_hash, report.state_hash);
    assert_eq!(other.paddle_rule, None);
}
