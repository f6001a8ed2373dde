//! [`SubSteps`]: `off` takes one collision test per step, `on` is today's game, and the state
//! hash carries `off` only.

use crate::collision::model::Resolution;
use crate::collision::{Aabb, Circle, CollisionMode, CollisionModel, Contact};
use crate::level::Level;
use crate::sim::sub_steps::SubSteps;
use crate::sim::{Game, GameConfig};
use crate::sim::{GameEvent, GameState, Input};
use glam::Vec2;
use proptest::prelude::*;
use std::sync::atomic::{AtomicU32, Ordering};

/// A wall one brick thick (100 × 25 px bricks): the sixth of twelve rows is solid bricks
/// (`1`) across the playfield; a nine-hit brick in the top-left corner (so that there is a
/// level to clear), the rest empty.
fn wall_text() -> String {
    let empty = "0 0 0 0 0 0 0 0\n";
    let mut text = String::from("@name: one-brick wall\n2*9 0 0 0 0 0 0 0\n");
    for row in 1..12 {
        text.push_str(if row == WALL_ROW {
            "1 1 1 1 1 1 1 1\n"
        } else {
            empty
        });
    }
    text
}

/// The wall's row.
const WALL_ROW: usize = 5;

/// The speed the lab's tunnel preset shows four modes tunnelling at, pixels/second.
const FAST: f32 = 36_000.0;

fn wall_game(mode: CollisionMode, sub_steps: SubSteps) -> Game {
    let level = Level::parse(&wall_text(), "wall").expect("the wall is a level");
    let config = GameConfig {
        collision: mode,
        infinite_lives: true,
        ..GameConfig::default()
    }
    .with_sub_steps(sub_steps);
    Game::new(&level, config)
}

/// The box of the wall's fourth brick (nothing above it but empty cells), playfield pixels.
fn wall_rect(game: &Game) -> Aabb {
    let brick = game
        .bricks()
        .live(WALL_ROW, 3)
        .expect("the wall's fourth brick");
    brick.rect
}

/// Launches one ball straight up at [`FAST`] from just below the wall (its top 1 px under the
/// wall's bottom) and plays `steps` steps: whether the ball got past the wall's top still
/// moving up, every brick alive (it went through unseen).
fn tunnels(mode: CollisionMode, sub_steps: SubSteps, steps: usize) -> bool {
    let mut game = wall_game(mode, sub_steps);
    let wall = wall_rect(&game);
    let r = crate::playfield::BALL_RADIUS;
    let x = (wall.min.x + wall.max.x) / 2.0 + 7.0;
    game.set_ball(Vec2::new(x, wall.max.y + r + 1.0), Vec2::new(0.0, -FAST));
    let bricks = game.bricks().destructible_left();
    for _ in 0..steps {
        game.step(&Input::default());
        let Some(ball) = game.balls().first() else {
            return false;
        };
        if ball.vel.y >= 0.0 {
            return false;
        }
        if ball.pos.y + r < wall.min.y {
            let solid_hit = game
                .events()
                .iter()
                .any(|e| matches!(e, GameEvent::SolidHit { .. }));
            return !solid_hit && game.bricks().destructible_left() == bricks;
        }
    }
    false
}

#[test]
fn the_default_is_on_and_on_is_left_out_of_the_hash_while_off_changes_it() {
    assert_eq!(GameConfig::default().sub_steps, SubSteps::On);
    assert_eq!(SubSteps::default(), SubSteps::On);
    let on = wall_game(CollisionMode::Clamp, SubSteps::On);
    let mut off = wall_game(CollisionMode::Clamp, SubSteps::Off);
    assert_eq!(off.sub_steps(), SubSteps::Off);
    assert_ne!(on.state_hash(), off.state_hash());
    assert_ne!(on.state_hash_without_mode(), off.state_hash_without_mode());
    off.set_sub_steps(SubSteps::On);
    assert_eq!(on.state_hash(), off.state_hash());
    // `on` serialises as before the field existed: the config's JSON has no such key.
    let json = serde_json::to_string(on.config()).unwrap();
    assert!(!json.contains("sub_steps"), "{json}");
    let json = serde_json::to_string(&GameConfig::default().with_sub_steps(SubSteps::Off));
    assert!(json.unwrap().contains("\"sub_steps\":\"off\""));
}

#[test]
fn names_read_back_and_nothing_else_is_a_name() {
    for s in SubSteps::ALL {
        assert_eq!(SubSteps::from_name(s.name()), Some(s));
        assert_eq!(s.to_string(), s.name());
    }
    assert_eq!(SubSteps::ALL.len(), 2);
    assert_eq!(SubSteps::from_name("On"), None);
    assert_eq!(SubSteps::from_name(""), None);
}

/// Off: a clamp ball at 36,000 px/s (150 px a step) jumps a one-brick wall untouched; on, it
/// bounces off it. `swept` is continuous: it bounces either way.
#[test]
fn off_tunnels_through_a_one_brick_wall_at_36000_px_s_and_on_does_not() {
    for mode in [CollisionMode::Clamp, CollisionMode::Aabb] {
        assert!(tunnels(mode, SubSteps::Off, 4), "{mode:?} off");
        assert!(!tunnels(mode, SubSteps::On, 4), "{mode:?} on");
    }
    for sub_steps in SubSteps::ALL {
        assert!(!tunnels(CollisionMode::Swept, sub_steps, 4), "swept");
    }
}

/// Every model, on and off (whether a ball at 36,000 px/s from just below jumps the wall):
/// on, only `gnome-breakout` tunnels (its own rule is one test per 1/50 s, so one per step
/// here); off, the textbook discrete modes and the sub-stepping peers (`kbreakout`,
/// `sdl-ball`) tunnel too, while the continuous `swept` and the models that look along the
/// path (`lbreakout-*` cast or march, `xboing` backs up to the touching point) do not.
#[test]
fn on_only_gnome_breakout_tunnels_and_off_the_discrete_models_do() {
    let expected: [(&str, bool, bool); 11] = [
        ("aabb", false, true),
        ("clamp", false, true),
        ("zones", false, true),
        ("cross", false, true),
        ("swept", false, false),
        ("lbreakout-trajectory", false, false),
        ("lbreakout-clipping", false, false),
        ("kbreakout", false, true),
        ("sdl-ball", false, true),
        ("gnome-breakout", true, true),
        ("xboing", false, false),
    ];
    assert_eq!(expected.len(), CollisionMode::ALL.len(), "a row per model");
    for (name, on, off) in expected {
        let mode = CollisionMode::from_name(name).expect("a model of that name");
        assert_eq!(tunnels(mode, SubSteps::On, 4), on, "{name} on");
        assert_eq!(tunnels(mode, SubSteps::Off, 4), off, "{name} off");
    }
}

/// Counts its contact tests; otherwise clamp, with the shared resolution.
#[derive(Debug)]
struct Counting;

/// [`Counting`]'s count (only [`one_test_per_step_off_and_one_per_half_radius_on`] uses it).
static TESTS: AtomicU32 = AtomicU32::new(0);

impl CollisionModel for Counting {
    fn name(&self) -> &'static str {
        "counting-clamp"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        TESTS.fetch_add(1, Ordering::Relaxed);
        crate::collision::contact_circle_aabb::contact(circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Shared
    }
}

static COUNTING: Counting = Counting;

/// In open space the only test of a sub-step is the paddle's: off, one a step; on, one per
/// 6.25 px of travel.
#[test]
fn one_test_per_step_off_and_one_per_half_radius_on() {
    let count = |sub_steps: SubSteps, speed: f32| {
        let mut game = wall_game(CollisionMode::Clamp, sub_steps);
        game.set_custom_model(&COUNTING);
        // Mid-field, moving sideways and up: far from the wall, the paddle and the walls.
        game.set_ball(Vec2::new(300.0, 300.0), Vec2::new(speed, -1.0));
        let before = TESTS.load(Ordering::Relaxed);
        game.step(&Input::default());
        assert_eq!(game.state(), GameState::Playing);
        TESTS.load(Ordering::Relaxed) - before
    };
    let travel = 9_000.0 * crate::sim::tuning::FIXED_TIMESTEP;
    let half_radius = 0.5 * crate::playfield::BALL_RADIUS;
    assert_eq!(count(SubSteps::Off, 9_000.0), 1);
    assert_eq!(
        count(SubSteps::On, 9_000.0),
        (travel / half_radius).ceil() as u32
    );
}

proptest! {
    /// On: the sub-steps never move the ball more than half its radius (below the cap) and
    /// are as few as that allows; off: always one.
    #[test]
    fn on_sub_steps_are_at_most_half_a_radius_and_off_is_one(
        travel in 0.0f32..20_000.0,
        radius in 1.0f32..40.0,
    ) {
        let cap = 10_000;
        let n = SubSteps::On.shared_count(travel, radius, cap);
        prop_assert!(n >= 1);
        if n < cap {
            prop_assert!(travel / n as f32 <= 0.5 * radius * 1.0001);
        }
        if n > 1 {
            prop_assert!(travel / (n - 1) as f32 > 0.5 * radius * 0.9999);
        }
        prop_assert_eq!(SubSteps::Off.shared_count(travel, radius, cap), 1);
        let own = crate::collision::model::Substeps::MaxTravel(4.0);
        prop_assert_eq!(SubSteps::On.own(own), own);
        prop_assert_eq!(
            SubSteps::Off.own(own),
            crate::collision::model::Substeps::PerStep
        );
    }
}

/// `simulate`'s JSON line names the sub-steps when off, and not at all when on.
#[test]
fn the_simulate_line_names_sub_steps_only_when_off() {
    let level = Level::parse(&wall_text(), "wall").unwrap();
    let line = |sub_steps| {
        let config = GameConfig::default().with_sub_steps(sub_steps);
        crate::sim::report::simulate(&level, 10, config).json_line()
    };
    assert!(!line(SubSteps::On).contains("sub_steps"));
    let off = line(SubSteps::Off);
    assert!(off.contains(",\"sub_steps\":\"off\","), "{off}");
}

/// A fork's copies inherit the forked game's sub-steps.
#[test]
fn fork_copies_inherit_sub_steps() {
    let game = wall_game(CollisionMode::Clamp, SubSteps::Off);
    let fork = crate::sim::fork::Fork::new(&game, &CollisionMode::ALL, 0);
    assert_eq!(fork.copies().len(), CollisionMode::ALL.len());
    for copy in fork.copies() {
        assert_eq!(copy.game().sub_steps(), SubSteps::Off);
    }
}
