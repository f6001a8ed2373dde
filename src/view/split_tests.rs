//! Tests of the split panel's layout and of [`dodge`].

use super::*;
use crate::collision::CollisionMode;
use crate::probe::split::explain;
use crate::sim::fork::Fork;
use crate::view::text_boxes::assert_no_overlap;

/// A corner hit forked into every mode (a ball flying at a brick's corner, as `fork_tests`'),
/// played until a split at a brick, explained.
pub(crate) fn explained() -> SplitExplained {
    use crate::level::Level;
    use crate::sim::{Game, GameConfig, Input, PowerUpSettings};
    let text = "2 2 2 2 2 2 2 2\n2 2 2 0 0 2 2 2\n0 0 0 0 0 0 0 0";
    let level = Level::parse(text, "lab").unwrap();
    let mut game = Game::new(
        &level,
        GameConfig {
            powerups: PowerUpSettings::none(),
            ..GameConfig::default()
        },
    );
    let brick = game.bricks().cell_rect(1, 2);
    let corner = Vec2::new(brick.max.x, brick.max.y);
    game.set_ball(corner + Vec2::new(32.0, 30.0), Vec2::new(-300.0, -300.0));
    let mut fork = Fork::every_mode(&game, 0);
    for _ in 0..600 {
        let before = fork.clone();
        fork.step(&Input::default());
        if fork.splits().len() > before.splits().len() {
            let split = fork.splits().last().cloned().unwrap();
            if let Some(why) = explain(&before, &split, CollisionMode::Clamp) {
                return why;
            }
        }
    }
    panic!("no split at a brick");
}

/// The panel: no text over text, every line inside its box, the box inside the playfield and
/// clear of the strip and of the ball; one row per copy in its mode's colour with its name,
/// the rows that went another way marked `>`, the referee's row first.
#[test]
fn the_panel_lays_out_every_copys_row_clear_of_the_ball_and_the_strip() {
    let why = explained();
    for ball in [
        why.probe.ball,
        Vec2::new(400.0, 500.0),
        Vec2::new(400.0, 120.0),
    ] {
        let mut out = Vec::new();
        let balls = [(ball, 12.5)];
        let rect = panel(&mut out, &why, &balls, "L");
        let boxes = assert_no_overlap("the split panel", &out);
        assert!(
            rect[0] >= 0.0 && rect[0] + rect[2] <= PLAYFIELD_WIDTH,
            "{rect:?}"
        );
        assert!(rect[1] >= 0.0 && rect[1] + rect[3] <= STRIP_TOP, "{rect:?}");
        assert!(
            box_distance(rect, ball) >= 12.5 + BALL_MARGIN,
            "{rect:?} over {ball}"
        );
        for b in &boxes {
            let [x, y, w, h] = b.rect;
            assert!(x >= rect[0] && y >= rect[1], "{b:?}");
            assert!(x + w <= rect[0] + rect[2] + 0.01 && y + h <= rect[1] + rect[3] + 0.01);
        }
        let referee = boxes.iter().position(|b| b.text.contains("exact referee"));
        for row in &why.rows {
            let i = boxes
                .iter()
                .position(|b| {
                    b.text.trim_start_matches(['>', ' ']).split(' ').next() == Some(row.mode.name())
                })
                .unwrap_or_else(|| panic!("{}'s row: {boxes:#?}", row.mode));
            assert!(referee < Some(i));
            assert_eq!(boxes[i].text.starts_with('>'), row.parted, "{}", row.mode);
            let [r, g, b, _] = mode_color(row.mode);
            assert!(out.iter().any(
                |s| s.i_color[..3] == [r, g, b] && (s.i_rect[1] - boxes[i].rect[1]).abs() < 1.0
            ));
        }
    }
}

/// The row's columns line up under the heading's.
#[test]
fn rows_line_up_under_the_heading() {
    let why = explained();
    let head = heading();
    let col = |s: &str, word: &str| s.find(word).unwrap();
    for row in &why.rows {
        let text = row_text(
            row.parted,
            row.mode.name(),
            &row.answer,
            &row.errors,
            row.outgoing,
        );
        let hit = ["HIT", "miss", "TUNL"]
            .iter()
            .filter_map(|w| text.find(w))
            .min()
            .unwrap();
        assert_eq!(hit, col(&head, "hit"), "{text}");
        let normal = &text[col(&head, "normal")..][..1];
        assert!(normal == "(" || normal == "-", "{text}");
        let out = text.rfind('(').unwrap();
        assert_eq!(out, col(&head, "out px/s"), "{text}");
    }
}

/// However the balls lie, a box placed by `dodge` among two candidates far enough apart keeps
/// its margin from the one ball it must avoid.
#[test]
fn dodge_never_covers_the_ball_it_must_avoid() {
    let size = [300.0, 150.0];
    let candidates = [[8.0, 300.0], [492.0, 300.0]];
    for x in (0..=800).step_by(7) {
        for y in (250..=520).step_by(9) {
            let ball = (Vec2::new(x as f32, y as f32), 12.5);
            let ghost = (Vec2::new(800.0 - x as f32, y as f32), 12.5);
            let r = dodge(size, &candidates, &[ball, ghost], &[ball]);
            assert!(
                box_distance(r, ball.0) - ball.1 >= BALL_MARGIN,
                "{r:?} {ball:?}"
            );
        }
    }
}

#[test]
fn numbers_show_signs_and_dashes() {
    assert_eq!(num(None, 2, true), "-");
    assert_eq!(num(Some(0.25), 2, true), "+0.25");
    assert_eq!(vector(Some(DVec2::new(-0.5, 1.0)), 1), "(-0.5,+1.0)");
    let mode = CollisionMode::Aabb;
    assert!(row_text(
        true,
        mode.name(),
        &Answer::default(),
        &Errors::default(),
        DVec2::ZERO
    )
    .starts_with("> aabb"));
}

/// The fork's legend never covers the solid ball, wherever it is under the bricks (a property
/// over ball positions), with the ghosts anywhere; and it keeps to its width.
#[test]
fn the_fork_legend_never_covers_the_ball() {
    use crate::level::Level;
    use crate::sim::{Game, GameConfig};
    let level = Level::parse("2 2 2 2\n2 2 2 2", "legend").unwrap();
    let game = Game::new(&level, GameConfig::default());
    let fork = Fork::every_mode(&game, 0);
    let ghost = fork.copies()[0].game().balls()[0].pos;
    for x in (0..=800).step_by(5) {
        for y in (280..=580).step_by(5) {
            let ball = (Vec2::new(x as f32, y as f32), 12.5);
            let mut out = Vec::new();
            let rect =
                crate::view::fork::legend(&mut out, &fork, CollisionMode::Clamp, None, &[ball]);
            assert!(
                rect[2] <= crate::view::fork::LEGEND_MAX_W + 0.01,
                "{rect:?}"
            );
            assert!(
                box_distance(rect, ball.0) >= ball.1 + BALL_MARGIN,
                "{rect:?} covers the ball at {ball:?} (ghost at {ghost})"
            );
        }
    }
}
