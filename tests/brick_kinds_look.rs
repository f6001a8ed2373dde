//! The lettered brick kinds are seen and heard:
//!
//! * pictures (`breakout preview`, headless EGL, no display server) of synthetic levels: with
//!   every kind given the same own colour, each drawn kind still looks different from every other
//!   (its body texture or its mark), at LearnOpenGL-like and at LBreakout2's flat geometry;
//!   invisible and hidden bricks are not drawn; bodies are the kind's texture times its tint or
//!   its own `:RRGGBB` colour (expected values read from `textures/*.png`, not from the
//!   renderer); regenerating bricks show one pip per hit;
//! * an explosive brick goes off [`EXPLOSION_DELAY`] after it is destroyed, with a
//!   [`GameEvent::Explosion`] at its cell before its neighbours' destruction; a growing brick
//!   reports each brick it grows;
//! * an explosion's particles, rendered, cover far more than a destroyed brick's burst and reach
//!   beyond its cell; the frame shakes; `burst_particles = 0` turns them off;
//! * the explosion has its own sound, and one step's events play each sound once.

mod support;
use support::sim::*;
use support::*;

use breakout::audio::{sounds_for, Sound};
use breakout::config::EffectsConfig;
use breakout::effects::Effects;
use breakout::level::BrickKind;
use breakout::render::headless::headless_context;
use breakout::render::Renderer;
use breakout::sim::tuning::{BALL_LAUNCH_SPEED, EXPLOSION_DELAY, FIXED_TIMESTEP};
use breakout::sim::{Game, GameEvent};
use breakout::view::{scene, SpriteBatch};
use glam::Vec2;

/// A cell's rectangle in playfield pixels `(x0, y0, w, h)` on a grid of `cols` × `rows` cells
/// filling `area` (`[left, top, width, height]`).
fn cell(area: [f32; 4], cols: usize, rows: usize, row: usize, col: usize) -> [f32; 4] {
    let (w, h) = (area[2] / cols as f32, area[3] / rows as f32);
    [area[0] + col as f32 * w, area[1] + row as f32 * h, w, h]
}

/// A signature of a cell: 9×9 samples (RGB) over its central 90 % (where bodies differ) and
/// 9×9 over the central square of half its smaller side (where marks are drawn).
fn signature(pic: &Picture, c: [f32; 4]) -> Vec<f32> {
    let mut out = Vec::new();
    let middle = 0.5 * c[2].min(c[3]);
    for (w, h) in [(0.9 * c[2], 0.9 * c[3]), (middle, middle)] {
        let (x0, y0) = (c[0] + (c[2] - w) / 2.0, c[1] + (c[3] - h) / 2.0);
        for j in 0..9 {
            for i in 0..9 {
                let (x, y) = (x0 + w * i as f32 / 8.0, y0 + h * j as f32 / 8.0);
                out.extend(pic.at(x, y)[..3].iter().map(|&v| v as f32));
            }
        }
    }
    out
}

/// Share of the samples of two signatures differing by more than [`TOLERANCE`] in a channel.
fn difference(a: &[f32], b: &[f32]) -> f32 {
    let differ = a
        .chunks(3)
        .zip(b.chunks(3))
        .filter(|(p, q)| p.iter().zip(*q).any(|(x, y)| (x - y).abs() > TOLERANCE))
        .count();
    differ as f32 / (a.len() / 3) as f32
}

/// Every kind in white (`:FFFFFF`, so tints cannot tell them apart) in the first row of a
/// `cols` × `rows` grid over `area`: the drawn ones pairwise look different, and invisible and
/// hidden cells show the dark background.
fn kinds_differ_in_one_colour(name: &str, area: Option<[u16; 4]>, cols: usize, rows: usize) {
    let kinds = ["2", "1", "M", "C", "X", "R", "G", "I", "H"];
    assert!(cols >= kinds.len());
    let mut text = String::from("@name: kinds in white\n");
    if let Some([l, t, w, h]) = area {
        text += &format!("@area: {l} {t} {w} {h}\n");
    }
    let first: Vec<String> = (0..cols)
        .map(|c| kinds.get(c).map_or("0".into(), |k| format!("{k}:FFFFFF")))
        .collect();
    text += &(first.join(" ") + "\n");
    for _ in 1..rows {
        text += &(vec!["0"; cols].join(" ") + "\n");
    }
    let pic = preview_text(&text, name);
    let area = area.map_or([0.0, 0.0, 800.0, 300.0], |a| a.map(f32::from));
    let cells: Vec<[f32; 4]> = (0..kinds.len())
        .map(|c| cell(area, cols, rows, 0, c))
        .collect();
    let drawn = 7;
    let signatures: Vec<Vec<f32>> = cells[..drawn].iter().map(|&c| signature(&pic, c)).collect();
    let mut problems = Vec::new();
    for i in 0..drawn {
        // Plain bricks and walls (not lettered kinds) are told apart by their tints.
        for j in (i + 1).max(2)..drawn {
            let d = difference(&signatures[i], &signatures[j]);
            if d < 0.1 {
                problems.push(format!(
                    "{name}: {} and {} look alike (differing in {:.0} % of the middle)",
                    kinds[i],
                    kinds[j],
                    100.0 * d
                ));
            }
        }
    }
    for (i, c) in cells.iter().enumerate().skip(drawn) {
        for (u, v) in [(0.5, 0.5), (0.2, 0.3), (0.8, 0.7)] {
            let p = pic.at(c[0] + u * c[2], c[1] + v * c[3]);
            if luminance(p) >= 0.25 {
                problems.push(format!("{name}: {} is drawn: {p:?}", kinds[i]));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn in_one_colour_every_kind_still_looks_different_and_invisible_ones_are_not_drawn() {
    // 9 columns over the default area: 89×150 px bricks.
    kinds_differ_in_one_colour("kinds-default", None, 9, 2);
    // LearnOpenGL-like: 16 × 8, 50×37.5 px.
    kinds_differ_in_one_colour("kinds-learnopengl", None, 16, 8);
    // LBreakout2: 14 × 18 bricks of 57×25 px below a 25 px strip.
    kinds_differ_in_one_colour("kinds-lbreakout2", Some([0, 25, 800, 450]), 14, 18);
}

#[test]
fn bodies_are_their_texture_times_their_tint_or_own_colour_and_marks_cover_the_middle() {
    let text = "M C X R G\n2:FF00FF X:00FFFF M:FFAA00 I H\n";
    let pic = preview_text(text, "tints");
    let own = |rgb: [u8; 3]| Some(rgb);
    // (row, col, kind, own colour, marked)
    let bricks = [
        (0, 0, BrickKind::Metal, None, false),
        (0, 1, BrickKind::Chaotic, None, true),
        (0, 2, BrickKind::Explosive, None, true),
        (0, 3, BrickKind::Regenerating, None, true),
        (0, 4, BrickKind::Growing, None, true),
        (1, 0, BrickKind::Plain(2), own([255, 0, 255]), false),
        (1, 1, BrickKind::Explosive, own([0, 255, 255]), true),
        (1, 2, BrickKind::Metal, own([255, 170, 0]), false),
    ];
    let mut problems = Vec::new();
    for (row, col, kind, colour, marked) in bricks {
        let tint = match colour {
            Some(rgb) => rgb.map(|c| f32::from(c) / 255.0),
            None => {
                let [r, g, b, _] = breakout::view::scene::brick_color(kind, None);
                [r, g, b]
            }
        };
        let c = cell([0.0, 0.0, 800.0, 300.0], 5, 2, row, col);
        let file = body_texture(kind);
        // Beside the mark, inside the bevel: the body alone.
        let (u, v) = (0.15, 0.5);
        let tex = texture_at(file, u, v);
        let expected = [tex[0] * tint[0], tex[1] * tint[1], tex[2] * tint[2]];
        let p = pic.at(c[0] + u * c[2], c[1] + v * c[3]);
        if colour_distance(p, expected) > TOLERANCE {
            problems.push(format!(
                "({row},{col}) {kind:?} body: got {p:?}, expected ≈{expected:?}"
            ));
        }
        // The middle: the body's own centre unless a mark covers it.
        let tex = texture_centre(file);
        let expected = [tex[0] * tint[0], tex[1] * tint[1], tex[2] * tint[2]];
        let p = pic.at(c[0] + c[2] / 2.0, c[1] + c[3] / 2.0);
        let plain = colour_distance(p, expected) <= TOLERANCE;
        if plain == marked {
            problems.push(format!(
                "({row},{col}) {kind:?} middle {p:?} vs body {expected:?}: marked should be {marked}"
            ));
        }
    }
    for col in [3, 4] {
        let c = cell([0.0, 0.0, 800.0, 300.0], 5, 2, 1, col);
        let p = pic.at(c[0] + c[2] / 2.0, c[1] + c[3] / 2.0);
        if luminance(p) >= 0.25 {
            problems.push(format!("(1,{col}) invisible/hidden is drawn: {p:?}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Bright dots on the best row of the bottom 30 % of cell `c`: pixels clearly brighter than at
/// the same place in `reference` (a cell drawn the same but without pips).
fn pips(pic: &Picture, c: [f32; 4], reference: [f32; 4]) -> usize {
    let mut best = 0;
    for dy in 1..(c[3] * 0.3) as i32 {
        let y = c[3] - dy as f32;
        let (mut count, mut inside) = (0, false);
        for dx in 2..(c[2] - 2.0) as i32 {
            let p = pic.at(c[0] + dx as f32, c[1] + y);
            let q = pic.at(reference[0] + dx as f32, reference[1] + y);
            let brighter = luminance(p) > luminance(q) + 0.15;
            count += usize::from(brighter && !inside);
            inside = brighter;
        }
        best = best.max(count);
    }
    best
}

#[test]
fn regenerating_bricks_show_one_pip_per_hit() {
    // Same colour and body; the growing brick has no pips: the reference.
    let pic = preview_text("R:808080 R:808080*2 R:808080*3 G:808080\n", "pips");
    let c = |col| cell([0.0, 0.0, 800.0, 300.0], 4, 1, 0, col);
    let found: Vec<usize> = (0..3).map(|col| pips(&pic, c(col), c(3))).collect();
    assert_eq!(found, [1, 2, 3]);
}

/// A game of `text` with the ball placed to hit the bottom face of the cell whose centre is at
/// `x`, bottom at `y`, going straight up, at the next step.
fn hit_from_below(text: &str, x: f32, y: f32) -> Game {
    let mut game = Game::new(&level(text), clamp_config(1));
    let vel = Vec2::new(0.0, -BALL_LAUNCH_SPEED);
    aim(&mut game, Vec2::new(x, y + R - 1.0), vel);
    game
}

#[test]
fn an_explosive_brick_goes_off_after_its_fuse_with_an_event_at_its_cell() {
    // 3 × 3 cells of 266.7×100 px; the explosive brick (1,1) spans x 266.7–533.3, y 100–200.
    let mut game = hit_from_below("2 2 2\n2 X 2\n0 0 0\n", 400.0, 200.0);
    let first = step_idle(&mut game);
    assert!(destroyed(&first).contains(&(1, 1)), "{first:?}");
    let mut steps = 0;
    let events = loop {
        steps += 1;
        assert!(steps < 200, "no explosion within 200 steps");
        let events = step_idle(&mut game);
        if events
            .iter()
            .any(|e| matches!(e, GameEvent::Explosion { .. }))
        {
            break events;
        }
    };
    // The fuse burns from the step that destroyed the brick (counted) to the one it goes off in.
    let waited = (steps + 1) as f32 * FIXED_TIMESTEP;
    assert!(
        (EXPLOSION_DELAY - 1e-4..EXPLOSION_DELAY + 2.0 * FIXED_TIMESTEP).contains(&waited),
        "went off after {waited} s"
    );
    let at = events
        .iter()
        .position(|e| matches!(e, GameEvent::Explosion { .. }))
        .unwrap();
    let GameEvent::Explosion {
        row,
        col,
        position,
        reach,
    } = events[at]
    else {
        unreachable!()
    };
    assert_eq!((row, col), (1, 1));
    let cell = Vec2::new(800.0 / 3.0, 100.0);
    assert!(
        position.distance(Vec2::new(400.0, 150.0)) < 1e-3,
        "{position}"
    );
    assert!(reach.distance(cell * 1.5) < 1e-3, "{reach}");
    let after = destroyed(&events[at..]);
    let neighbours = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2)].into();
    assert_eq!(after, neighbours, "the blast follows its event: {events:?}");
    assert!(destroyed(&events[..at]).is_empty());
}

#[test]
fn a_growing_brick_reports_each_brick_it_grows() {
    // 3 × 4 cells of 266.7×75 px; the growing brick (1,1) spans y 75–150.
    let text = "0 0 0\n0 G 0\n0 0 0\n2 0 0\n";
    let mut game = hit_from_below(text, 400.0, 150.0);
    let events = step_idle(&mut game);
    assert!(destroyed(&events).contains(&(1, 1)), "{events:?}");
    let grown: Vec<(usize, usize, BrickKind, Vec2)> = events
        .iter()
        .filter_map(|e| match *e {
            GameEvent::BrickGrown {
                row,
                col,
                kind,
                position,
            } => Some((row, col, kind, position)),
            _ => None,
        })
        .collect();
    let live: Vec<(usize, usize)> = game
        .bricks()
        .iter_live()
        .map(|(r, c, _)| (r, c))
        .filter(|&(r, c)| r <= 2 && (r, c) != (1, 1))
        .collect();
    assert!(!live.is_empty(), "something grew");
    let mut reported: Vec<(usize, usize)> = grown.iter().map(|g| (g.0, g.1)).collect();
    reported.sort();
    assert_eq!(reported, live, "one event per grown brick");
    for (r, c, kind, position) in grown {
        let brick = game.bricks().live(r, c).unwrap();
        assert_eq!(brick.kind, kind);
        assert!(position.distance(brick.rect.center()) < 1e-3);
    }
}

/// Pixels lit (luminance > 0.3) by the particles of `effects` rendered alone (headless), and the
/// farthest of them from `centre`, playfield pixels.
fn lit_particles(
    renderer: &mut Renderer,
    ctx: &std::rc::Rc<glium::backend::Context>,
    effects: &Effects,
    centre: Vec2,
) -> (usize, f32) {
    let mut batch = SpriteBatch::default();
    scene::particles(&mut batch.particles, &effects.particles);
    renderer
        .render_offscreen(ctx, (800, 600), &batch)
        .expect("render");
    let path = std::env::temp_dir().join(format!("breakout-blast-{}.png", std::process::id()));
    renderer.save_screenshot(&path).expect("screenshot");
    let img = take_png(&path);
    let mut lit = 0;
    let mut far = 0.0f32;
    for (x, y, p) in img.enumerate_pixels() {
        if luminance(p.0) > 0.3 {
            lit += 1;
            far = far.max(Vec2::new(x as f32, y as f32).distance(centre));
        }
    }
    (lit, far)
}

#[test]
fn an_explosion_bursts_far_bigger_than_a_destroyed_brick_and_shakes_the_frame() {
    let (ctx, raw_gl) =
        headless_context((800, 600)).unwrap_or_else(|e| panic!("no headless OpenGL (EGL): {e}"));
    let mut renderer =
        Renderer::new(&ctx, raw_gl, &breakout::assets::Assets::built_in()).expect("renderer");
    let (centre, cell) = (Vec2::new(400.0, 150.0), Vec2::new(50.0, 37.5));
    let destroyed = GameEvent::BrickDestroyed {
        row: 3,
        col: 8,
        kind: BrickKind::Explosive,
        colour: None,
        position: centre,
        points: 0,
    };
    let explosion = GameEvent::Explosion {
        row: 3,
        col: 8,
        position: centre,
        reach: cell * 1.5,
    };
    let after = |event: &GameEvent, config: EffectsConfig| {
        let mut effects = Effects::new(7, config);
        effects.handle_event(event);
        effects.update(0.1, None);
        effects
    };
    let config = EffectsConfig::default();
    let brick = after(&destroyed, config);
    let blast = after(&explosion, config);
    let (brick_lit, _) = lit_particles(&mut renderer, &ctx, &brick, centre);
    let (blast_lit, blast_far) = lit_particles(&mut renderer, &ctx, &blast, centre);
    assert!(brick_lit > 0, "the brick's burst is drawn");
    assert!(
        blast_lit >= 4 * brick_lit,
        "explosion lights {blast_lit} pixels, a brick's burst {brick_lit}"
    );
    assert!(
        blast_far > cell.x,
        "the blast reaches {blast_far} px, beyond its cell"
    );
    assert!(blast.post(false, false).shake > 0.0, "an explosion shakes");
    assert_eq!(
        brick.post(false, false).shake,
        0.0,
        "a plain brick does not"
    );
    let none = EffectsConfig {
        burst_particles: 0,
        ..config
    };
    assert_eq!(
        after(&explosion, none).particles.alive(),
        0,
        "burst_particles = 0: none"
    );
}

#[test]
fn an_explosion_has_its_own_sound_and_a_step_plays_each_sound_once() {
    let explosion = GameEvent::Explosion {
        row: 0,
        col: 0,
        position: Vec2::ZERO,
        reach: Vec2::ONE,
    };
    assert_eq!(Sound::for_event(&explosion), Some(Sound::Explosion));
    let mut step = vec![explosion];
    for col in 0..8 {
        step.push(GameEvent::BrickDestroyed {
            row: 1,
            col,
            kind: BrickKind::Plain(2),
            colour: None,
            position: Vec2::ZERO,
            points: 10,
        });
    }
    assert_eq!(sounds_for(&step), [Sound::Explosion, Sound::Brick]);
    // Its file is built in and is a real, audible WAV.
    let assets = breakout::assets::Assets::built_in();
    let asset = assets
        .get(&format!("audio/{}", Sound::Explosion.file_name()))
        .expect("built in");
    let mut wav = hound::WavReader::new(std::io::Cursor::new(asset.bytes.into_owned())).unwrap();
    let samples: Vec<i16> = wav.samples::<i16>().map(Result::unwrap).collect();
    let peak = samples.iter().map(|s| s.unsigned_abs()).max().unwrap_or(0);
    assert!(
        samples.len() > 10_000 && peak > 8_000,
        "{} samples, peak {peak}",
        samples.len()
    );
}
