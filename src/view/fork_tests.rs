//! Tests of the fork's layout: ghosts where the copies' balls are, in their colours; text that
//! never overlaps; panes side by side inside the playfield.

use super::*;
use crate::level::Level;
use crate::sim::{Game, GameConfig, Input, PowerUpSettings};
use crate::view::text_boxes::{assert_no_overlap, text_boxes};
use crate::view::timeline::TimelineView;
use glam::Vec2;

/// A fork of a ball flying at a brick's corner, `steps` steps after it was made at step 500.
fn parted_fork(steps: usize) -> Fork {
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
    let mut fork = Fork::every_mode(&game, 500);
    for _ in 0..steps {
        fork.step(&Input::default());
    }
    fork
}

#[test]
fn every_ghost_is_drawn_at_its_copys_ball_in_its_colour_and_the_own_mode_is_not() {
    let fork = parted_fork(150);
    assert!(fork.first_split().is_some(), "the corner parts the modes");
    let mut out = Vec::new();
    ghosts(&mut out, &fork, CollisionMode::Clamp, 1.0);
    for copy in fork.copies() {
        let color = with_alpha(mode_color(copy.mode()), 0.85);
        let drawn: Vec<_> = out.iter().filter(|s| s.i_color == color).collect();
        if copy.mode() == CollisionMode::Clamp {
            assert!(drawn.is_empty(), "the own mode is the solid game");
            continue;
        }
        let ball = copy.game().balls()[0];
        assert_eq!(drawn.len(), 1, "{:?}", copy.mode());
        let [x, y, w, h] = drawn[0].i_rect;
        assert_eq!(Vec2::new(x + w / 2.0, y + h / 2.0), ball.pos);
        // And its trail: fainter dots of its colour.
        assert!(out
            .iter()
            .any(|s| { s.i_color[..3] == color[..3] && s.i_color[3] < 0.85 && s.i_rect[2] < w }));
    }
}

#[test]
fn the_palette_gives_every_mode_its_own_colour() {
    let colors: Vec<_> = CollisionMode::ALL.iter().map(|&m| mode_color(m)).collect();
    for (i, a) in colors.iter().enumerate() {
        assert!(!colors[i + 1..].contains(a));
    }
}

#[test]
fn broken_bricks_are_outlined_in_each_copys_colour() {
    let fork = parted_fork(150);
    let mut out = Vec::new();
    broken_marks(&mut out, &fork);
    for (i, copy) in fork.copies().iter().enumerate() {
        let n = out
            .iter()
            .filter(|s| s.i_color == mode_color(copy.mode()))
            .count();
        assert_eq!(n, 4 * fork.broken(i).len(), "{:?}", copy.mode());
    }
    // The textbook modes all break a brick at this corner (the peer models may not: a model
    // that misses the corner breaks nothing in 150 steps).
    for (i, copy) in fork.copies().iter().enumerate() {
        let textbook = !matches!(
            copy.mode().model().resolution(),
            crate::collision::Resolution::Own(_)
        );
        if textbook {
            assert!(
                !fork.broken(i).is_empty(),
                "{:?} broke a brick",
                copy.mode()
            );
        }
    }
}

/// The words on the line whose first word is `first`, left to right: (x, word, y), playfield
/// pixels (a line's boxes are split where it has many spaces).
fn words_at_row(
    boxes: &[crate::view::text_boxes::TextBox],
    first: &str,
) -> Vec<(f32, String, f32)> {
    let advance = |b: &crate::view::text_boxes::TextBox| b.rect[2] / b.text.chars().count() as f32;
    let Some(start) = boxes
        .iter()
        .find(|b| b.text.split_whitespace().next() == Some(first))
    else {
        return Vec::new();
    };
    let y = start.rect[1];
    let mut words: Vec<(f32, String, f32)> = boxes
        .iter()
        .filter(|b| (b.rect[1] - y).abs() < 0.01)
        .flat_map(|b| {
            let a = advance(b);
            let mut out = Vec::new();
            let mut from = None;
            for (i, c) in b.text.chars().chain([' ']).enumerate() {
                match (c == ' ', from) {
                    (false, None) => from = Some(i),
                    (true, Some(f)) => {
                        let w: String = b.text.chars().skip(f).take(i - f).collect();
                        out.push((b.rect[0] + a * f as f32, w, y));
                        from = None;
                    }
                    _ => {}
                }
            }
            out
        })
        .collect();
    words.sort_by(|a, b| a.0.total_cmp(&b.0));
    words
}

#[test]
fn the_legend_names_every_mode_and_overlaps_no_text_of_the_strip() {
    for steps in [0, 150] {
        let fork = parted_fork(steps);
        let mut out = Vec::new();
        let view = TimelineView {
            at: fork.at(),
            steps: 99_999,
            speed: "x1/8",
            state: "PAUSED",
            mode: "swept",
            score: 999_999,
            lives: 9,
            diverged_at: None,
            help_key: "H",
        };
        timeline::timeline(&mut out, &view);
        timeline_marks(&mut out, &fork, 99_999);
        let note = timeline::diverged_text(99_999);
        let rect = legend(&mut out, &fork, CollisionMode::Swept, Some(&note), &[]);
        let boxes = assert_no_overlap("the fork's legend over the replay", &out);
        // Every model's row: its name, then ghost or solid in one column, in its colour.
        let mut tag_x = Vec::new();
        for mode in CollisionMode::ALL {
            let tag = if mode == CollisionMode::Swept {
                "solid"
            } else {
                "ghost"
            };
            let words = words_at_row(&boxes, mode.name());
            assert_eq!(
                words.get(1).map(|w| w.1.as_str()),
                Some(tag),
                "{mode}: {words:?}"
            );
            tag_x.push(words[1].0);
            let colour = mode_color(mode);
            let swatch = out.iter().any(|s| {
                s.i_color == colour && (s.i_rect[1] - words[0].2).abs() < LEGEND_PITCH / 2.0
            });
            assert!(swatch, "{mode:?}'s swatch in its row's colour");
        }
        assert!(
            tag_x.iter().all(|&x| (x - tag_x[0]).abs() < 0.01),
            "{tag_x:?}"
        );
        assert!(
            rect[0] >= 0.0 && rect[0] + rect[2] <= PLAYFIELD_WIDTH,
            "{rect:?}: {boxes:#?}"
        );
        assert!(
            rect[1] + rect[3] < STRIP_TOP - 8.0,
            "clear of the strip: {rect:?}"
        );
        let split = boxes.iter().any(|b| b.text.starts_with("split at step"));
        assert_eq!(split, steps > 0);
        assert!(boxes.iter().any(|b| b.text == note));
    }
}

#[test]
fn panes_of_two_to_eleven_modes_sit_side_by_side_inside_the_playfield_apart() {
    for n in 2..=CollisionMode::ALL.len() {
        let panes = pane_rects(n);
        assert_eq!(panes.len(), n);
        // Each pane with its name above and its HUD below.
        let whole: Vec<[f32; 4]> = panes
            .iter()
            .map(|p| {
                let top = p[1] - PANE_TITLE - 4.0;
                [p[0], top, p[2], p[1] + p[3] + 4.0 + PANE_LINE - top]
            })
            .collect();
        for (i, (p, a)) in panes.iter().zip(&whole).enumerate() {
            assert!(p[0] >= 0.0 && p[0] + p[2] <= PLAYFIELD_WIDTH, "{n}: {p:?}");
            let header = HEADER_Y + LEGEND_LINE + LEGEND_SIZE;
            assert!(a[1] > header && a[1] + a[3] < STRIP_TOP, "{n}: {a:?}");
            assert!((p[2] / p[3] - PLAYFIELD_WIDTH / PLAYFIELD_HEIGHT).abs() < 1e-3);
            let least = if n <= 5 { 150.0 } else { 120.0 };
            assert!(p[2] > least, "{n}: big enough to see: {p:?}");
            for b in &whole[i + 1..] {
                let apart = a[0] + a[2] < b[0]
                    || b[0] + b[2] < a[0]
                    || a[1] + a[3] < b[1]
                    || b[1] + b[3] < a[1];
                assert!(apart, "{n}: {a:?} and {b:?}");
            }
        }
        // Two panes go side by side in one row.
        if n == 2 {
            assert_eq!(panes[0][1], panes[1][1]);
        }
    }
}

#[test]
fn the_split_view_draws_one_pane_per_mode_with_its_hud_and_no_text_overlaps() {
    let fork = parted_fork(150);
    for n in [2, 5, CollisionMode::ALL.len()] {
        let modes = &CollisionMode::ALL[..n];
        let game = fork.copies()[0].game().clone();
        let small = Fork::new(&game, modes, 0);
        let mut batch = SpriteBatch::default();
        let note = timeline::diverged_text(99_999);
        split_view(&mut batch, &small, 1.0, HeldPowerUps::Hidden, Some(&note));
        let boxes = assert_no_overlap("the split view", &batch.text);
        assert!(boxes.iter().any(|b| b.text == note), "the DIVERGED note");
        for (mode, pane) in modes.iter().zip(pane_rects(n)) {
            let name = boxes
                .iter()
                .find(|b| b.text == mode.name())
                .unwrap_or_else(|| panic!("{mode:?} named"));
            assert!(name.rect[0] >= pane[0] && name.rect[0] + name.rect[2] <= pane[0] + pane[2]);
            let line = boxes
                .iter()
                .filter(|b| b.text.starts_with("SCORE"))
                .find(|b| b.rect[0] == pane[0] && b.rect[1] > pane[1])
                .unwrap_or_else(|| panic!("{n}: {mode:?}'s HUD line"));
            assert!(line.text.contains("BRICKS") && line.text.contains("LIVES"));
            assert!(line.rect[0] + line.rect[2] <= pane[0] + pane[2] + 0.5);
        }
        // Each pane's balls drawn inside it.
        let balls = batch
            .world
            .iter()
            .filter(|s| s.i_layer == Layer::Ball as u32 as f32);
        for ball in balls {
            assert!(pane_rects(n)
                .iter()
                .any(|p| ball.i_rect[0] >= p[0] && ball.i_rect[0] + ball.i_rect[2] <= p[0] + p[2]));
        }
        assert!(text_boxes(&batch.text).len() >= 2 * n);
    }
}
