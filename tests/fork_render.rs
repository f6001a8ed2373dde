//! The collision lab's fork as drawn (headless EGL, no display server): the corner-hit replay
//! forked into every mode a moment before the corner, played past it; in the 800×600 picture
//! each ghost's colour is where its copy's ball is, the replay's own ball is white over its
//! group's ghosts (the legend's layout is checked in `view::fork`'s unit tests); the split
//! view of all eleven models frames each pane in its model's colour.

use breakout::collision::CollisionMode;
use breakout::render::headless::HeadlessRenderer;
use breakout::replay::fork::ReplayFork;
use breakout::replay::{file, Playback};
use breakout::view::fork::{broken_marks, ghosts, legend, mode_color, pane_rects, split_view};
use breakout::view::scene::{self, HeldPowerUps};
use breakout::view::SpriteBatch;
use std::path::Path;
use std::sync::Arc;

/// The corner-hit replay forked into all eleven models, 40 steps after the corner parts them:
/// each ghost away from the solid ball and from every other group's ball shows in its mode's
/// colour at its ball (at least one does), the solid ball is white. Own (peer) models are
/// checked like the textbook ones; the scenario only looks past their rounding drift.
#[test]
fn every_ghost_shows_in_its_colour_where_its_ball_is() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/corner_hit_clamp.bkreplay");
    let replay = Arc::new(file::read(&path).expect("reads"));
    let mut playback = Playback::new(replay.clone()).unwrap();
    playback.advance(150);
    let mut fork = ReplayFork::new(replay.clone(), playback.game(), 150);
    let split = fork
        .next_split_after(150, 10_000)
        .expect("the corner parts the modes");
    // The first split is not the corner: SDL-Ball's and XBoing's own models move a ball in
    // free flight by their originals' steps, so their copies drift from the others by a
    // rounding (1e-3 px) from the first step and part from them at once. The corner is the
    // first step after which some copy's ball is a ghost's width from the replay's own ball.
    let mut corner = split;
    while !fork.fork().copies().iter().any(|c| {
        let clamp = fork
            .fork()
            .copies()
            .iter()
            .find(|c| c.mode() == CollisionMode::Clamp);
        let own = clamp.expect("a clamp copy").game().balls()[0].pos;
        c.game().balls()[0].pos.distance(own) >= 12.0
    }) {
        corner += 1;
        assert!(corner < split + 10_000, "the corner parts the modes");
        fork.seek(corner);
    }
    // 40 steps (1/6 s) after the corner: the parted balls are apart.
    fork.seek(corner + 40);
    playback.advance(corner + 40 - 150);
    let own = playback.game().config().collision;
    assert_eq!(own, CollisionMode::Clamp);
    let fork = fork.fork();

    let mut batch = SpriteBatch::default();
    let game = playback.game();
    scene::backdrop(&mut batch.backdrop, game, HeldPowerUps::Hidden);
    broken_marks(&mut batch.world, fork);
    ghosts(&mut batch.world, fork, own, 1.0);
    scene::world(&mut batch.world, game, 1.0);
    let solid: Vec<_> = game.balls().iter().map(|b| (b.pos, b.radius)).collect();
    legend(&mut batch.text, fork, own, None, &solid);

    let mut renderer = HeadlessRenderer::new((800, 600), &breakout::assets::Assets::built_in())
        .unwrap_or_else(|e| panic!("no headless OpenGL (EGL) on this machine: {e}"));
    let picture = renderer.render(&batch).expect("render");
    let own_ball = game.balls()[0].pos;
    let mut apart = 0;
    for copy in fork.copies() {
        let ball = copy.game().balls()[0].pos;
        let px = picture
            .get_pixel(ball.x.round() as u32, ball.y.round() as u32)
            .0;
        // A ghost within a ghost's width of another copy's ball elsewhere (another group's)
        // may lie under that one's ghost: with eleven models four copies here pass the corner
        // within 2 px of each other (aabb, lbreakout-trajectory, kbreakout, gnome-breakout).
        let crowded = fork.copies().iter().any(|other| {
            let at = other.game().balls()[0].pos;
            at != ball && at.distance(ball) < 12.0
        });
        if copy.mode() == own || ball.distance(own_ball) < 12.0 || crowded {
            continue;
        }
        apart += 1;
        // The ghost's hue: the pixel's channels in the order of its mode's colour's.
        let [r, g, b, _] = mode_color(copy.mode());
        let c = [px[0] as f32, px[1] as f32, px[2] as f32];
        let bright = c.iter().cloned().fold(0.0, f32::max);
        assert!(bright > 120.0, "{:?} at {ball}: {px:?}", copy.mode());
        let want = [r, g, b];
        for i in 0..3 {
            for j in 0..3 {
                if want[i] > want[j] + 0.3 {
                    assert!(
                        c[i] > c[j],
                        "{:?} at {ball}: {px:?} for {want:?}",
                        copy.mode()
                    );
                }
            }
        }
    }
    assert!(apart >= 1, "at least one ghost away from the solid ball");
    // The solid ball is white over its group's ghosts.
    let px = picture
        .get_pixel(own_ball.x.round() as u32, own_ball.y.round() as u32)
        .0;
    assert!(
        px[0] > 200 && px[1] > 200 && px[2] > 200,
        "the own ball: {px:?}"
    );
}

/// The split view of a fork into all eleven models, drawn: each pane's frame in its model's
/// colour (the channels of the frame's pixel in the order of its colour's). (That no text
/// lies over other text with eleven panes is `view::fork`'s unit test.)
#[test]
fn the_split_view_of_eleven_models_frames_each_pane_in_its_colour_with_no_text_over_text() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays/corner_hit_clamp.bkreplay");
    let replay = Arc::new(file::read(&path).expect("reads"));
    let mut playback = Playback::new(replay.clone()).unwrap();
    playback.advance(150);
    let mut fork = ReplayFork::new(replay.clone(), playback.game(), 150);
    fork.seek(400);
    let fork = fork.fork();
    assert_eq!(fork.copies().len(), CollisionMode::ALL.len());
    let mut batch = SpriteBatch::default();
    let note = breakout::view::timeline::diverged_text(99_999);
    split_view(&mut batch, fork, 1.0, HeldPowerUps::Hidden, Some(&note));

    let mut renderer = HeadlessRenderer::new((800, 600), &breakout::assets::Assets::built_in())
        .unwrap_or_else(|e| panic!("no headless OpenGL (EGL) on this machine: {e}"));
    let picture = renderer.render(&batch).expect("render");
    for (copy, pane) in fork.copies().iter().zip(pane_rects(fork.copies().len())) {
        let mode = copy.mode();
        // The frame's left edge, 1 px left of the pane, half way down.
        let [x, y, _, h] = pane;
        let px = picture.get_pixel((x - 1.0) as u32, (y + h / 2.0) as u32).0;
        let c = [px[0] as f32, px[1] as f32, px[2] as f32];
        let [r, g, b, _] = mode_color(mode);
        let want = [r, g, b];
        assert!(
            c.iter().cloned().fold(0.0, f32::max) > 120.0,
            "{mode}'s frame: {px:?}"
        );
        for i in 0..3 {
            for j in 0..3 {
                if want[i] > want[j] + 0.3 {
                    assert!(c[i] > c[j], "{mode}'s frame: {px:?} for {want:?}");
                }
            }
        }
    }
}
