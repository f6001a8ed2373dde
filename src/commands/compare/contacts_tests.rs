//! The per-contact check against situations whose exact answer is known by hand, a game with a
//! model that tunnels, and the log's silence: recording changes no game.

use super::*;
use crate::collision::model::{BrickGrid, BrickResponse, ModelBall, Resolution, Substeps};
use crate::collision::{circle_aabb_contact, CollisionMode, CollisionModel, Contact};
use crate::level::Level;
use crate::sim::contact_log::ContactSource;
use crate::sim::{Bot, GameConfig, GameState};
use rand_pcg::Pcg32;

/// The brick of the hand-built cases: 60 × 30 px at (100, 100).
fn brick() -> Aabb {
    Aabb::from_pos_size(Vec2::new(100.0, 100.0), Vec2::new(60.0, 30.0))
}

/// A shared-resolution contact of `mode`, the ball (radius 8) moving from `from` to `to`.
fn discrete(mode: CollisionMode, from: Vec2, to: Vec2) -> Option<LoggedContact> {
    let tested = Circle {
        center: to,
        radius: 8.0,
    };
    let velocity = (to - from) * 240.0;
    let c = circle_aabb_contact(mode, tested, brick(), velocity)?;
    Some(LoggedContact {
        ball: 0,
        cell: (0, 0),
        brick: brick(),
        source: ContactSource::Shared,
        start: Circle {
            center: from,
            ..tested
        },
        start_velocity: velocity,
        motion: to - from,
        tested,
        tested_velocity: velocity,
        normal: Some(c.normal),
        depth: Some(c.depth),
        toi: None,
        exit: false,
        reflected: true,
        segment: 0,
    })
}

fn compared(v: Verdict) -> (f64, Option<f64>) {
    match v {
        Verdict::Compared {
            normal_deg,
            depth_px,
            ..
        } => (normal_deg, depth_px),
        other => panic!("not compared: {other:?}"),
    }
}

#[test]
fn a_face_hit_is_exact_for_clamp_and_aabb() {
    // Straight down onto the top face, 3 px deep: the exact normal is (0, -1), depth 3.
    for mode in [CollisionMode::Clamp, CollisionMode::Aabb] {
        let c = discrete(mode, Vec2::new(130.0, 85.0), Vec2::new(130.0, 95.0)).unwrap();
        let (normal, depth) = compared(check(&c));
        assert!(normal < 1e-6, "{mode:?}: {normal}°");
        assert!(depth.unwrap().abs() < 1e-5, "{mode:?}: {depth:?}");
    }
}

#[test]
fn a_corner_hit_is_exact_for_clamp_and_off_by_the_corner_angle_for_aabb() {
    // 3-4-5 from the bottom-right corner (160, 130): the exact normal is (0.8, 0.6), depth 3.
    let (from, to) = (Vec2::new(180.0, 150.0), Vec2::new(164.0, 133.0));
    let clamp = discrete(CollisionMode::Clamp, from, to).unwrap();
    let (normal, depth) = compared(check(&clamp));
    assert!(normal < 1e-3, "clamp: {normal}°");
    assert!(depth.unwrap().abs() < 1e-4, "clamp: {depth:?}");
    // aabb's square ball: overlaps 4 px in x, 5 px in y; it pushes out along x, (1, 0).
    let aabb = discrete(CollisionMode::Aabb, from, to).unwrap();
    assert_eq!(aabb.normal, Some(Vec2::X));
    let (normal, _) = compared(check(&aabb));
    let expected = 0.8f64.acos().to_degrees(); // between (1, 0) and (0.8, 0.6): 36.87°
    assert!(
        (normal - expected).abs() < 1e-3,
        "aabb: {normal}° vs {expected}°"
    );
}

#[test]
fn aabbs_corner_only_overlap_is_a_phantom() {
    // 6 px right of and below the corner: 8.49 px from it, more than the radius 8.
    let (from, to) = (Vec2::new(180.0, 150.0), Vec2::new(166.0, 136.0));
    assert!(discrete(CollisionMode::Clamp, from, to).is_none());
    let aabb = discrete(CollisionMode::Aabb, from, to).expect("the square overlaps");
    assert_eq!(check(&aabb), Verdict::Phantom);
    let mut stats = ContactStats::default();
    stats.count(check(&aabb));
    assert_eq!((stats.contacts, stats.phantom, stats.compared), (1, 1, 0));
}

/// A model that moves the ball a whole step at once and tests only where it lands (clamp):
/// it tunnels through anything thinner than a step's travel.
#[derive(Debug)]
struct EndOnly;

impl CollisionModel for EndOnly {
    fn name(&self) -> &'static str {
        "end-only"
    }
    fn contact(&self, circle: Circle, aabb: Aabb, velocity: Vec2) -> Option<Contact> {
        circle_aabb_contact(CollisionMode::Clamp, circle, aabb, velocity)
    }
    fn resolution(&self) -> Resolution {
        Resolution::Own(Substeps::PerStep)
    }
    fn step_bricks(
        &self,
        ball: &mut ModelBall<'_>,
        dt: f32,
        bricks: &dyn BrickGrid,
        _rng: &mut Pcg32,
    ) -> BrickResponse {
        ball.pos += ball.vel * dt;
        let mut response = BrickResponse::default();
        let circle = Circle {
            center: ball.pos,
            radius: ball.radius,
        };
        for row in 0..bricks.rows() {
            for col in 0..bricks.cols() {
                let hit = bricks
                    .brick(row, col)
                    .and_then(|rect| self.contact(circle, rect, ball.vel));
                if let Some(c) = hit {
                    response.hits.push((row, col));
                    response.normals.push(c.normal);
                }
            }
        }
        response
    }
}

static END_ONLY: EndOnly = EndOnly;

/// A level with one brick, in the middle of the fourth row of eight.
fn one_brick() -> Level {
    let mut text = String::new();
    for row in 0..8 {
        let cells: Vec<&str> = (0..10)
            .map(|col| if row == 3 && col == 4 { "2" } else { "0" })
            .collect();
        text.push_str(&cells.join(" "));
        text.push('\n');
    }
    Level::parse(&text, "one").expect("valid level")
}

/// One step of a ball shot straight up through the brick at 36,000 px/s (150 px per step),
/// from 40 px below it: the per-contact figures of that step.
fn shot_through(game: &mut Game) -> ContactStats {
    let rect = game.bricks().live(3, 4).expect("the brick").rect;
    let x = (rect.min.x + rect.max.x) / 2.0;
    assert!(
        rect.max.y - rect.min.y < 150.0 - 40.0 - 16.0,
        "thin enough to tunnel"
    );
    game.record_contacts(true);
    game.set_ball(Vec2::new(x, rect.max.y + 40.0), Vec2::new(0.0, -36_000.0));
    game.step(&crate::sim::Input::default());
    let mut stats = ContactStats::default();
    stats.after_step(game);
    stats
}

#[test]
fn a_ball_tunnelling_through_a_brick_is_one_missed_contact() {
    let mut game = Game::new(&one_brick(), GameConfig::default());
    game.set_custom_model(&END_ONLY);
    let stats = shot_through(&mut game);
    assert_eq!((stats.contacts, stats.missed), (0, 1), "{stats:?}");
    assert!(game.bricks().live(3, 4).is_some(), "the brick was not hit");
    // Sub-stepped clamp sees it: one contact, compared, nothing missed.
    let mut game = Game::new(&one_brick(), GameConfig::default());
    game.set_collision_mode(CollisionMode::Clamp);
    let stats = shot_through(&mut game);
    assert_eq!((stats.contacts, stats.missed, stats.phantom), (1, 0, 0));
    assert!(stats.normal_deg.max < 1e-3, "{stats:?}");
}

#[test]
fn recording_contacts_changes_no_game() {
    let level = Level::parse("2 2 3 2 2\n2 9 2 9 2\n2 2 2 2 2\n0 0 0 0 0", "hash").unwrap();
    let models: [&dyn Fn(&mut Game); 4] = [
        &|g| g.set_collision_mode(CollisionMode::Aabb),
        &|g| g.set_collision_mode(CollisionMode::Swept),
        &|g| g.set_collision_mode(CollisionMode::LbreakoutTrajectory),
        &|g| g.set_custom_model(&END_ONLY),
    ];
    for seed in [1, 7, 42] {
        for set_model in models {
            let config = GameConfig {
                seed,
                infinite_lives: true,
                ..GameConfig::default()
            };
            let mut games = [Game::new(&level, config), Game::new(&level, config)];
            let mut bots = [Bot::new(seed, 0.0), Bot::new(seed, 0.0)];
            for g in &mut games {
                set_model(g);
            }
            games[1].record_contacts(true);
            let mut logged = 0;
            for step in 0..6_000 {
                for (g, bot) in games.iter_mut().zip(&mut bots) {
                    let input = bot.input(g);
                    g.step(&input);
                }
                logged += games[1].contacts().contacts().len();
                assert!(games[0].contacts().contacts().is_empty());
                if step % 500 == 0 || games[0].state() != GameState::Playing {
                    assert_eq!(games[0].state_hash(), games[1].state_hash(), "step {step}");
                }
            }
            assert_eq!(games[0].state_hash(), games[1].state_hash());
            assert!(logged > 0, "seed {seed}: the log saw contacts");
        }
    }
}

#[test]
fn a_distributions_quantiles_are_within_a_bin_and_never_under() {
    let mut d = Distribution::default();
    for i in 1..=1000 {
        d.add(f64::from(i) * 0.01);
    }
    d.add(f64::NAN);
    assert_eq!(d.count, 1000);
    let median = d.quantile(0.5).unwrap();
    assert!((5.0..=5.0 * 1.024).contains(&median), "{median}");
    assert_eq!(d.quantile(1.0), Some(10.0));
    let mut zero = Distribution::default();
    zero.add(0.0);
    assert_eq!(zero.quantile(0.5), Some(0.0));
    assert_eq!(Distribution::default().quantile(0.5), None);
}
