//! The power-ups as drawn (headless EGL, no display server; `--powerup`'s way of turning them
//! on, `Game::collect_powerup`): pixels of real frames, 800×600.
//!
//! * darkness: the bricks' pixels go dark, the paddle and ball stay lit;
//! * the bonus floor: a bar at `BONUS_FLOOR_Y` across the playfield, only while it runs;
//! * the weapon's shots are drawn where they fly; the ghost paddle is fainter than the paddle;
//! * every power-up's capsule, drawn at its falling size (60×20), differs from every other;
//! * a brick holding a power-up is drawn exactly as one holding none in play by default, and
//!   differs with `[video] show_brick_powerups` and in the level editor;
//! * a frame with darkness, weapon, floor, aim helper and several balls stays within 10 draw
//!   calls.

mod support;
use support::sim::*;
use support::*;

use breakout::level::PowerUpKind;
use breakout::render::headless::headless_context;
use breakout::render::Renderer;
use breakout::sim::powerups::BONUS_FLOOR_Y;
use breakout::sim::{Game, Input};
use breakout::view::scene::HeldPowerUps;
use breakout::view::{bricks, hud, powerups, scene, SpriteBatch};

/// Two rows of four bricks (each 200×75 px) over the top quarter, two empty rows below.
const LEVEL: &str = "2 3 4 5\n5 4 3 2\n0 0 0 0\n0 0 0 0\n";

struct Frames {
    context: std::rc::Rc<glium::backend::Context>,
    renderer: Renderer,
}

impl Frames {
    fn new() -> Frames {
        let (context, raw_gl) = headless_context((800, 600))
            .unwrap_or_else(|e| panic!("no headless OpenGL (EGL) on this machine: {e}"));
        let renderer = Renderer::new(&context, raw_gl, &breakout::assets::Assets::built_in())
            .expect("renderer");
        Frames { context, renderer }
    }

    /// `batch` drawn at 800×600; returns the picture and the draw calls it took.
    fn draw(&mut self, batch: &SpriteBatch) -> (Picture, u64) {
        let before = self.renderer.stats().draw_calls;
        self.renderer
            .render_offscreen(&self.context, (800, 600), batch)
            .expect("render");
        let calls = self.renderer.stats().draw_calls - before;
        // One counter for every test of this process: tests run in parallel threads, and a
        // per-test counter gave two of them the same file (seen in CI: one read the other's
        // half-written PNG).
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path =
            std::env::temp_dir().join(format!("breakout-powerups-{}-{n}.png", std::process::id(),));
        self.renderer.save_screenshot(&path).expect("screenshot");
        (Picture::new(take_png(&path)), calls)
    }

    /// `game` drawn as the play scene draws it by default (the power-ups bricks hold hidden).
    fn game(&mut self, game: &Game) -> (Picture, u64) {
        self.game_showing(game, HeldPowerUps::Hidden)
    }

    /// `game` drawn as the play scene draws it, with the power-ups bricks hold `held`.
    fn game_showing(&mut self, game: &Game, held: HeldPowerUps) -> (Picture, u64) {
        let mut batch = SpriteBatch::default();
        scene::backdrop(&mut batch.backdrop, game, held);
        scene::world(&mut batch.world, game, 1.0);
        hud::hud(&mut batch.text, game);
        self.draw(&batch)
    }
}

fn game() -> Game {
    Game::new(&level(LEVEL), clamp_config(1))
}

fn lum(p: [u8; 4]) -> f32 {
    luminance(p)
}

#[test]
fn darkness_hides_the_bricks_not_the_paddle_and_ball_and_the_floor_is_a_bar_while_it_runs() {
    let mut frames = Frames::new();
    let mut game = game();
    let paddle = game.paddle().rect();
    let (px, py) = (
        (paddle.min.x + paddle.max.x) / 2.0,
        (paddle.min.y + paddle.max.y) / 2.0,
    );
    let ball = game.balls()[0].pos;
    let bricks = [(100.0, 37.0), (300.0, 112.0), (500.0, 37.0), (700.0, 112.0)];

    let (lit, _) = frames.game(&game);
    for (x, y) in bricks {
        assert!(
            lum(lit.at(x, y)) > 0.25,
            "brick at ({x}, {y}) is {:?}",
            lit.at(x, y)
        );
    }
    let floor_y = BONUS_FLOOR_Y + 1.0;
    assert!(lum(lit.at(400.0, floor_y)) < 0.2, "no floor yet");

    game.collect_powerup(PowerUpKind::Darkness);
    game.collect_powerup(PowerUpKind::BonusFloor);
    let (dark, calls) = frames.game(&game);
    for (x, y) in bricks {
        assert!(
            lum(dark.at(x, y)) < 0.06,
            "brick at ({x}, {y}) is {:?} in the dark",
            dark.at(x, y)
        );
    }
    for (name, x, y) in [("paddle", px, py), ("ball", ball.x, ball.y)] {
        let (before, after) = (lum(lit.at(x, y)), lum(dark.at(x, y)));
        assert!(
            (before - after).abs() < 0.02 && after > 0.4,
            "{name}: {before} -> {after}"
        );
    }
    // The floor runs under the HUD line: look beside its text (SCORE from x = 8, LIVES to
    // 8 px from the right edge, the chips from x = 130).
    for x in [4.0, 400.0, 796.0] {
        let [r, g, b, _] = dark.at(x, floor_y);
        assert!(
            g > 180 && b > 180 && r < 150,
            "floor at x {x}: {:?}",
            [r, g, b]
        );
    }
    assert!(calls <= 10, "{calls} draw calls");
}

#[test]
fn shots_are_drawn_where_they_fly_and_the_ghost_paddle_is_faint() {
    let mut frames = Frames::new();
    let mut game = game();
    let paddle = game.paddle().rect();
    let (px, py) = (
        (paddle.min.x + paddle.max.x) / 2.0,
        (paddle.min.y + paddle.max.y) / 2.0,
    );
    let (solid, _) = frames.game(&game);
    game.collect_powerup(PowerUpKind::Weapon);
    game.collect_powerup(PowerUpKind::Ghost);
    for _ in 0..20 {
        game.step(&Input::default());
    }
    assert!(!game.shots().is_empty());
    let (pic, _) = frames.game(&game);
    for shot in game.shots() {
        let [r, g, b, _] = pic.at(shot.pos.x, shot.pos.y);
        assert!(
            r > 200 && g > 170 && b < 150,
            "shot at {:?}: {:?}",
            shot.pos,
            [r, g, b]
        );
    }
    let (before, after) = (lum(solid.at(px, py)), lum(pic.at(px, py)));
    assert!(
        after < 0.5 * before,
        "ghost paddle {after} vs paddle {before}"
    );
}

#[test]
fn every_capsule_drawn_at_its_falling_size_differs_from_every_other() {
    let mut frames = Frames::new();
    let mut batch = SpriteBatch::default();
    scene::background(&mut batch.backdrop);
    let place = |i: usize| (20.0 + (i % 8) as f32 * 95.0, 20.0 + (i / 8) as f32 * 45.0);
    for (i, kind) in PowerUpKind::ALL.into_iter().enumerate() {
        let (x, y) = place(i);
        batch
            .world
            .push(powerups::sprite(kind, [x, y, 60.0, 20.0], 1.0));
    }
    let (pic, _) = frames.draw(&batch);
    let cells: Vec<Vec<[u8; 4]>> = (0..PowerUpKind::ALL.len())
        .map(|i| {
            let (x0, y0) = place(i);
            (0..20 * 60)
                .map(|k| pic.at(x0 + (k % 60) as f32 + 0.5, y0 + (k / 60) as f32 + 0.5))
                .collect()
        })
        .collect();
    for (i, a) in cells.iter().enumerate() {
        for (j, b) in cells.iter().enumerate().skip(i + 1) {
            let differ = a
                .iter()
                .zip(b)
                .filter(|(p, q)| (0..3).any(|c| p[c].abs_diff(q[c]) > 40))
                .count();
            assert!(
                differ >= 20,
                "{} and {} differ in {differ} pixels",
                PowerUpKind::ALL[i],
                PowerUpKind::ALL[j]
            );
        }
    }
    // Bad ones are red-framed, good ones not: the frame's colour halfway along the top edge.
    for (i, kind) in PowerUpKind::ALL.into_iter().enumerate() {
        let (x, y) = place(i);
        let [r, g, _, _] = pic.at(x + 30.0, y + 2.0);
        let red = r > 150 && g < 100;
        assert_eq!(
            red,
            kind.is_bad(),
            "{kind}: {:?}",
            pic.at(x + 30.0, y + 2.0)
        );
    }
}

/// Power-ups in bricks told apart (a play-test): a brick holding a power-up showed only a blob in
/// its family's colour, so `+C` and `+X` (both bad, both red) looked the same and the blob hardly
/// showed on some bricks. Now it shows the power-up's capsule: on every brick colour (the
/// palette's, white and black), a `+C` brick and a `+X` brick differ where the blobs were alike,
/// and the capsule stands out from the brick: a dark body with bright letters, unlike the brick
/// without a power-up.
#[test]
fn a_brick_shows_which_power_up_it_holds_on_every_brick_colour() {
    let colours = [
        "2", "3", "4", "5", "6", "7", "8", "9", "2:FFFFFF", "2:000000",
    ];
    let row = |suffix: &str| {
        colours
            .iter()
            .map(|c| format!("{c}{suffix}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    // Ten columns and six rows over the default area: 80×50 px bricks.
    let zeros = vec!["0"; colours.len()].join(" ");
    let text = format!(
        "{}\n{}\n{}\n{zeros}\n{zeros}\n{zeros}\n",
        row("+C"),
        row("+X"),
        row("")
    );
    let game = Game::new(&level(&text), clamp_config(1));
    let mut frames = Frames::new();
    let (pic, _) = frames.game_showing(&game, HeldPowerUps::Shown);
    let (w, h) = (80.0, 50.0);
    // The middle of a brick, where the capsule's body and letters are (and the blob was):
    // every pixel of the central 60 % × 30 %.
    let middle = |row: usize, col: usize| -> Vec<[u8; 4]> {
        let (cx, cy) = ((col as f32 + 0.5) * w, (row as f32 + 0.5) * h);
        let mut px = Vec::new();
        for y in (cy - 0.15 * h) as i32..(cy + 0.15 * h) as i32 {
            for x in (cx - 0.3 * w) as i32..(cx + 0.3 * w) as i32 {
                px.push(pic.at(x as f32 + 0.5, y as f32 + 0.5));
            }
        }
        px
    };
    let share = |px: &[[u8; 4]], f: &dyn Fn([u8; 4]) -> bool| {
        px.iter().filter(|&&p| f(p)).count() as f32 / px.len() as f32
    };
    let differing = |a: &[[u8; 4]], b: &[[u8; 4]]| {
        let n = a
            .iter()
            .zip(b)
            .filter(|(p, q)| (0..3).any(|c| p[c].abs_diff(q[c]) > 40))
            .count();
        n as f32 / a.len() as f32
    };
    let mut problems = Vec::new();
    for (col, colour) in colours.iter().enumerate() {
        let (confuse, chaos, plain) = (middle(0, col), middle(1, col), middle(2, col));
        let apart = differing(&confuse, &chaos);
        if apart < 0.1 {
            problems.push(format!(
                "{colour}: +C and +X differ in {:.0} % of the middle",
                100.0 * apart
            ));
        }
        for (name, px) in [("+C", &confuse), ("+X", &chaos)] {
            let dark = share(px, &|p| lum(p) < 0.15);
            let bright = share(px, &|p| lum(p) > 0.7);
            let changed = differing(px, &plain);
            if dark < 0.2 || bright < 0.03 || changed < 0.5 {
                problems.push(format!(
                    "{colour}{name}: {:.0} % dark, {:.0} % bright, {:.0} % unlike the plain brick",
                    100.0 * dark,
                    100.0 * bright,
                    100.0 * changed
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Power-ups held by bricks are hidden in play by default (as in LBreakout2): each brick
/// holding one (a plain brick, an explosive one whose bomb mark would move to a corner badge, a
/// two-hit one with pips) is drawn pixel for pixel as the same brick holding none; with the
/// setting on, and in the level editor (every brick drawn as `all_bricks` does), each differs.
#[test]
fn a_brick_holding_a_power_up_looks_like_one_holding_none_in_play_unless_shown() {
    // Row 0 holds power-ups, row 1 the same bricks without; 200×75 px bricks.
    let text = "2+C X+multiball 3*2+X 4+gold-shower\n2 X 3*2 4\n0 0 0 0\n0 0 0 0\n";
    let game = Game::new(&level(text), clamp_config(1));
    let mut frames = Frames::new();
    let brick = |pic: &Picture, row: usize, col: usize| -> Vec<[u8; 4]> {
        let mut px = Vec::new();
        for y in (row * 75 + 2)..(row * 75 + 73) {
            for x in (col * 200 + 2)..(col * 200 + 198) {
                px.push(pic.at(x as f32 + 0.5, y as f32 + 0.5));
            }
        }
        px
    };
    let differing = |a: &[[u8; 4]], b: &[[u8; 4]]| {
        a.iter()
            .zip(b)
            .filter(|(p, q)| (0..3).any(|c| p[c].abs_diff(q[c]) > 8))
            .count()
    };
    let (hidden, _) = frames.game(&game);
    let (shown, _) = frames.game_showing(&game, HeldPowerUps::Shown);
    let mut editor = SpriteBatch::default();
    scene::background(&mut editor.backdrop);
    bricks::all_bricks(&mut editor.backdrop, game.bricks(), 0.5);
    let (editor, _) = frames.draw(&editor);
    let mut problems = Vec::new();
    for col in 0..4 {
        let n = differing(&brick(&hidden, 0, col), &brick(&hidden, 1, col));
        if n != 0 {
            problems.push(format!(
                "in play by default, brick {col} gives its power-up away in {n} pixels"
            ));
        }
        for (name, pic) in [("with the setting on", &shown), ("in the editor", &editor)] {
            let n = differing(&brick(pic, 0, col), &brick(pic, 1, col));
            if n < 500 {
                problems.push(format!(
                    "{name}, brick {col} shows its power-up in {n} pixels only"
                ));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
