//! KBreakOut's SVG themes (six in kbreakout 22.12) (`kbreakout/themes/<file>.svgz`, named by the `Name=` and
//! `FileName=` lines of their `.desktop` files), rendered once at load with `resvg`: each piece
//! is the SVG element of its id (`PlainBrick1`…`6`, `MultipleBrick1`…`3`, `UnbreakableBrick`,
//! `ExplodingBrick`, `HiddenBrick`, `BreakableBrick`, `PlainBall`, `PlainBar`, `Background`, the
//! ids KBreakOut's `qml/` items draw) rendered at the size the game draws it.

use super::{slug, Theme, ThemeBrick, ThemeInfo, ThemeSource, CELL_HEIGHT, CELL_WIDTH};
use image::RgbaImage;
use std::path::Path;

/// Where Debian installs the themes, under a data directory.
pub const THEMES: &str = "kbreakout/themes";

/// The SVG id a slot is drawn from.
pub fn element(slot: ThemeBrick) -> String {
    match slot {
        ThemeBrick::Solid | ThemeBrick::Metal | ThemeBrick::Chaotic => "UnbreakableBrick".into(),
        ThemeBrick::Explosive => "ExplodingBrick".into(),
        ThemeBrick::Growing => "BreakableBrick".into(),
        ThemeBrick::Invisible | ThemeBrick::Hidden => "HiddenBrick".into(),
        ThemeBrick::Plain(digit) => format!("PlainBrick{}", (digit.saturating_sub(2)) % 6 + 1),
        ThemeBrick::Strong(hits) | ThemeBrick::Regenerating(hits) => {
            format!("MultipleBrick{}", hits.clamp(1, 3))
        }
    }
}

/// The KBreakOut themes under `data_dir`, one per `.desktop` file naming an existing `.svgz`,
/// named after the `.desktop` file (`kbreakout-default`, `kbreakout-iceworld`, …).
pub fn find(data_dir: &Path) -> Vec<ThemeInfo> {
    let dir = data_dir.join(THEMES);
    super::super::installed::files_in(&dir, |n| n.ends_with(".desktop"))
        .into_iter()
        .filter_map(|desktop| {
            let text = std::fs::read_to_string(&desktop).ok()?;
            let key = |k: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(k).map(|v| v.trim().to_string()))
            };
            let file = dir.join(key("FileName=")?);
            // Named after the `.desktop` file: `default.desktop` is KBreakOut's default
            // look (it names `egyptianbreakout.svgz`).
            let stem = desktop.file_stem()?.to_str()?.to_string();
            let title = key("Name=").unwrap_or_else(|| stem.clone());
            file.is_file().then(|| ThemeInfo {
                name: slug(&["kbreakout", &stem]),
                title: format!("KBreakOut: {title}"),
                source: ThemeSource::KBreakOut(file),
            })
        })
        .collect()
}

/// Renders the SVG theme `file` into `theme`: a problem if it does not parse, and one per
/// element it lacks.
pub fn load(file: &Path, theme: &mut Theme) {
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(e) => return theme.problem(file, format!("cannot read: {e}")),
    };
    let started = std::time::Instant::now();
    load_bytes(&bytes, file, theme);
    log::info!(
        "{}: rendered in {:.0} ms",
        file.display(),
        started.elapsed().as_secs_f64() * 1000.0
    );
}

/// Largest SVG read once unpacked, bytes (KBreakOut's largest is about 2 MB).
pub const MAX_SVG_BYTES: u64 = 32 << 20;

/// `bytes` unpacked if gzip'd (`.svgz`), as they are otherwise.
///
/// # Errors
/// A broken gzip stream, or more than [`MAX_SVG_BYTES`] once unpacked.
pub fn unpack(bytes: &[u8]) -> Result<std::borrow::Cow<'_, [u8]>, String> {
    use std::io::Read;
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes.into());
    }
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .take(MAX_SVG_BYTES + 1)
        .read_to_end(&mut out)
        .map_err(|e| format!("is not a readable .svgz (gzip): {e}"))?;
    if out.len() as u64 > MAX_SVG_BYTES {
        return Err(format!("unpacks to more than {MAX_SVG_BYTES} bytes"));
    }
    Ok(out.into())
}

/// [`load`] of the file's `bytes` (`.svg` or gzip'd `.svgz`); `file` names it in problems.
pub fn load_bytes(bytes: &[u8], file: &Path, theme: &mut Theme) {
    let bytes = match unpack(bytes) {
        Ok(bytes) => bytes,
        Err(e) => return theme.problem(file, e),
    };
    let tree = match resvg::usvg::Tree::from_data(&bytes, &resvg::usvg::Options::default()) {
        Ok(tree) => tree,
        Err(e) => return theme.problem(file, format!("is not an SVG that renders: {e}")),
    };
    let mut missing = Vec::new();
    let mut render = |id: &str, w: u32, h: u32| {
        let image = render_element(&tree, id, w, h);
        if image.is_none() && !missing.iter().any(|m: &String| m == id) {
            missing.push(id.to_string());
        }
        image
    };
    let bricks: Vec<_> = ThemeBrick::ALL
        .iter()
        .map(|slot| {
            (
                *slot,
                render(&element(*slot), CELL_WIDTH * 2, CELL_HEIGHT * 2),
            )
        })
        .collect();
    let ball = render("PlainBall", 64, 64);
    let paddle = render("PlainBar", 256, 64);
    let background = render("Background", 800, 600);
    for (slot, image) in bricks {
        if let Some(image) = image {
            theme.set_brick(slot, image);
        }
    }
    theme.ball = ball;
    theme.paddle = paddle;
    theme.background = background;
    for id in missing {
        theme.problem(file, format!("has no element `{id}` that renders"));
    }
}

/// The element `id` of `tree` rendered to `width`×`height` pixels (stretched to fill), or
/// `None` if there is none or it has no area.
pub fn render_element(
    tree: &resvg::usvg::Tree,
    id: &str,
    width: u32,
    height: u32,
) -> Option<RgbaImage> {
    let node = tree.node_by_id(id)?;
    let bbox = node.abs_layer_bounding_box()?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(width, height)?;
    let transform = resvg::tiny_skia::Transform::from_scale(
        width as f32 / bbox.width(),
        height as f32 / bbox.height(),
    );
    resvg::render_node(node, transform, &mut pixmap.as_mut())?;
    // tiny-skia stores premultiplied RGBA: back to straight alpha.
    let pixels = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    RgbaImage::from_raw(width, height, pixels)
}
