//! Theme reading: per-file fallback, the colour key, and the installed games' looks when their
//! data is at hand (`target/foreign-levels`, `.ci/fetch-foreign-levels`).

use super::*;
use image::{Rgba, RgbaImage};

/// A PNG of `w`×`h` pixels, all `colour`.
fn png(w: u32, h: u32, colour: [u8; 4]) -> Vec<u8> {
    let mut bytes = Vec::new();
    RgbaImage::from_pixel(w, h, Rgba(colour))
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
    bytes
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("breakout-theme-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("textures/bricks")).unwrap();
    dir
}

#[test]
fn a_good_file_is_used_and_truncated_or_wrong_sized_ones_fall_back_with_a_problem_each() {
    let dir = temp_dir("fallback");
    let t = dir.join("textures");
    std::fs::write(t.join("bricks/plain2.png"), png(40, 20, [200, 10, 10, 255])).unwrap();
    let good = png(40, 20, [1, 2, 3, 255]);
    std::fs::write(t.join("bricks/solid.png"), &good[..good.len() / 2]).unwrap();
    std::fs::write(t.join("ball.png"), png(30, 20, [9; 4])).unwrap();
    std::fs::write(dir.join("theme.toml"), "title = \"Mine\"\nauthor = 3\n").unwrap();
    let found = themes_in(Some(dir.parent().unwrap()), &[]);
    let info = found
        .iter()
        .find(|i| i.source == ThemeSource::Player(dir.clone()));
    let theme = Theme::load(info.unwrap());
    let look = theme.look();
    assert!(look.bricks[ThemeBrick::Plain(2).index()]);
    assert!(
        !look.bricks[ThemeBrick::Solid.index()],
        "truncated: built in"
    );
    assert!(!look.ball, "wrong-sized: built in");
    assert!(
        !look.paddle && !look.background,
        "missing: built in, no problem"
    );
    let problems = theme.problems().join("\n");
    assert_eq!(theme.problems().len(), 3, "{problems}");
    assert!(
        problems.contains("solid.png") && problems.contains("ball.png"),
        "{problems}"
    );
    assert!(problems.contains("theme.toml"), "{problems}");
    let atlas = theme.brick_atlas();
    let [u0, v0, u1, v1] = ThemeBrick::Plain(2).uv();
    let at = |u: f32, v: f32| atlas.get_pixel((u * 256.0) as u32, (v * 256.0) as u32).0;
    assert_eq!(at((u0 + u1) / 2.0, (v0 + v1) / 2.0), [200, 10, 10, 255]);
    let [u0, v0, ..] = ThemeBrick::Solid.uv();
    assert_eq!(
        at(u0 + 0.01, v0 + 0.01)[3],
        0,
        "a slot the theme lacks is empty"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn black_is_the_colour_key_of_lbreakout2_pictures() {
    let colours = [
        [0, 0, 0],
        [2, 2, 2],
        [7, 3, 7],
        [8, 0, 0],
        [0, 4, 0],
        [0, 0, 8],
    ];
    let mut image = RgbaImage::from_fn(6, 1, |x, _| {
        let [r, g, b] = colours[x as usize];
        Rgba([r, g, b, 255])
    });
    colour_key_black(&mut image);
    let alpha: Vec<u8> = image.pixels().map(|p| p.0[3]).collect();
    assert_eq!(alpha, [0, 0, 0, 255, 255, 255]);
}

#[test]
fn names_are_slugs_and_the_built_in_theme_comes_first() {
    assert_eq!(slug(&["kbreakout", "WEB 2.0"]), "kbreakout-web-2-0");
    let found = themes_in(None, &[]);
    assert_eq!(found[0].name, BUILT_IN);
    assert!(find(&found, "BREAKOUT").is_some());
}

/// The installed games' data, or `None` with the reason printed.
fn foreign() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/foreign-levels/usr/share");
    if dir.is_dir() {
        Some(dir)
    } else {
        println!(
            "skipped: no foreign data at {} (.ci/fetch-foreign-levels)",
            dir.display()
        );
        None
    }
}

#[test]
fn every_installed_look_loads_without_a_problem() {
    let Some(data) = foreign() else { return };
    let found = themes_in(None, &[data]);
    let names: Vec<_> = found.iter().map(|i| i.name.as_str()).collect();
    for name in [
        "lbreakout2",
        "lbreakout2-oz",
        "kbreakout-default",
        "sdl-ball",
    ] {
        assert!(names.contains(&name), "{name} not in {names:?}");
    }
    // kbreakout 22.12 installs six `.desktop` files (`default.desktop` names the Egyptian
    // look; there is no `default.svgz`) and six `.svgz`.
    assert_eq!(
        names.iter().filter(|n| n.starts_with("kbreakout-")).count(),
        6
    );
    for info in &found[1..] {
        let started = std::time::Instant::now();
        let theme = Theme::load(info);
        println!(
            "{}: loaded in {:.0} ms",
            info.name,
            started.elapsed().as_secs_f64() * 1e3
        );
        assert!(
            theme.problems().is_empty(),
            "{}: {:?}",
            info.name,
            theme.problems()
        );
        let look = theme.look();
        assert!(look.ball && look.paddle, "{}", info.name);
        assert!(look.bricks.iter().all(|b| *b), "{}: {look:?}", info.name);
    }
}

#[test]
fn lbreakout2_bricks_are_its_pictures_with_black_keyed_out() {
    let Some(data) = foreign() else { return };
    let found = themes_in(None, &[data]);
    let theme = Theme::load(find(&found, "lbreakout2").unwrap());
    // d (red, picture 10) is this game's Plain(7): the import's colour sample of it.
    let red = theme.bricks[ThemeBrick::Plain(7).index()].as_ref().unwrap();
    assert_eq!(red.dimensions(), (40, 20));
    let mean = |c: usize| {
        let inner: Vec<_> = (4..36).flat_map(|x| (4..16).map(move |y| (x, y))).collect();
        inner
            .iter()
            .map(|&(x, y)| u32::from(red.get_pixel(x, y).0[c]))
            .sum::<u32>()
            / inner.len() as u32
    };
    assert!(mean(0) > 2 * mean(1) && mean(0) > 2 * mean(2), "not red");
    let ball = theme.ball.as_ref().unwrap();
    assert_eq!(
        ball.get_pixel(0, 0).0[3],
        0,
        "the ball's black corner is keyed out"
    );
}
