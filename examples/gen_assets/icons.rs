//! The application icon, for the desktop (`packaging/icons/`) and the Windows executable
//! (`packaging/windows/breakout.ico`): a rounded dark tile with rows of bricks in the game's
//! colours, one brick knocked out, the ball and the paddle.
//!
//! One list of shapes ([`SHAPES`]) is written both as the scalable SVG and, by this file's own
//! supersampling rasteriser, as the PNGs at 16–512 px, so every size shows the same picture.
//! The `.ico` holds the 16–256 px PNGs as they are (PNG-compressed icon entries).

use std::fmt::Write as _;
use std::path::Path;

/// The application id (reverse DNS), the file name of the icons; the same as in
/// `packaging/linux/` and `xtask/src/main.rs`.
const APP_ID: &str = "io.github.breakout_glium.Breakout";
/// Edge of the SVG's view box; the shapes' coordinates are in these units.
const VIEW: f64 = 256.0;
/// PNG sizes written under `packaging/icons/hicolor/NxN/apps/`.
const PNG_SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];
/// Sizes in the Windows icon (256 is the largest an .ico entry can be).
const ICO_SIZES: [u32; 6] = [16, 24, 32, 48, 64, 256];

/// How a shape is filled: one sRGB colour, or a vertical gradient over the shape's own box.
#[derive(Clone, Copy)]
enum Fill {
    Solid([u8; 3]),
    Vertical([u8; 3], [u8; 3]),
}

/// A shape of the icon, in view-box units.
#[derive(Clone, Copy)]
enum Shape {
    /// x, y, width, height, corner radius.
    RoundRect([f64; 5], Fill),
    /// Centre x, y, radius.
    Circle([f64; 3], Fill),
}

/// Brick colours, sRGB: orange, yellow, green and blue, the game's four scoring colours.
const ORANGE: [u8; 3] = [255, 140, 26];
const YELLOW: [u8; 3] = [230, 220, 110];
const GREEN: [u8; 3] = [40, 190, 70];
const BLUE: [u8; 3] = [60, 160, 255];

/// The picture, back to front.
const SHAPES: &[Shape] = &[
    // The tile: deep blue to purple, as the game's background.
    Shape::RoundRect(
        [8.0, 8.0, 240.0, 240.0, 44.0],
        Fill::Vertical([30, 36, 92], [66, 22, 92]),
    ),
    // Four rows of three bricks; the middle brick of the third row is gone.
    Shape::RoundRect([32.0, 40.0, 60.0, 26.0, 6.0], Fill::Solid(ORANGE)),
    Shape::RoundRect([98.0, 40.0, 60.0, 26.0, 6.0], Fill::Solid(ORANGE)),
    Shape::RoundRect([164.0, 40.0, 60.0, 26.0, 6.0], Fill::Solid(ORANGE)),
    Shape::RoundRect([32.0, 72.0, 60.0, 26.0, 6.0], Fill::Solid(YELLOW)),
    Shape::RoundRect([98.0, 72.0, 60.0, 26.0, 6.0], Fill::Solid(YELLOW)),
    Shape::RoundRect([164.0, 72.0, 60.0, 26.0, 6.0], Fill::Solid(YELLOW)),
    Shape::RoundRect([32.0, 104.0, 60.0, 26.0, 6.0], Fill::Solid(GREEN)),
    Shape::RoundRect([164.0, 104.0, 60.0, 26.0, 6.0], Fill::Solid(GREEN)),
    Shape::RoundRect([32.0, 136.0, 60.0, 26.0, 6.0], Fill::Solid(BLUE)),
    Shape::RoundRect([98.0, 136.0, 60.0, 26.0, 6.0], Fill::Solid(BLUE)),
    Shape::RoundRect([164.0, 136.0, 60.0, 26.0, 6.0], Fill::Solid(BLUE)),
    // The ball, on its way up to the gap, and the paddle.
    Shape::Circle([146.0, 186.0, 13.0], Fill::Solid([250, 250, 250])),
    Shape::RoundRect(
        [84.0, 212.0, 96.0, 18.0, 9.0],
        Fill::Vertical([236, 236, 240], [150, 150, 165]),
    ),
];

/// Writes the SVG, the PNGs and the Windows icon under `root/packaging/`.
pub fn save(root: &Path) {
    let hicolor = root.join("packaging/icons/hicolor");
    let scalable = hicolor.join("scalable/apps");
    std::fs::create_dir_all(&scalable).expect("create packaging/icons/");
    std::fs::write(scalable.join(format!("{APP_ID}.svg")), svg()).expect("write the SVG icon");
    let mut ico_entries = Vec::new();
    for size in PNG_SIZES {
        let dir = hicolor.join(format!("{size}x{size}/apps"));
        std::fs::create_dir_all(&dir).expect("create an icon directory");
        let png = png(size);
        std::fs::write(dir.join(format!("{APP_ID}.png")), &png).expect("write a PNG icon");
        if ICO_SIZES.contains(&size) {
            ico_entries.push((size, png));
        }
    }
    let windows = root.join("packaging/windows");
    std::fs::create_dir_all(&windows).expect("create packaging/windows/");
    std::fs::write(windows.join("breakout.ico"), ico(&ico_entries)).expect("write the .ico");
}

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// The icon as an SVG document (integer coordinates, one gradient per gradient-filled shape).
fn svg() -> String {
    let mut defs = String::new();
    let mut body = String::new();
    let paint = |fill: Fill, defs: &mut String| match fill {
        Fill::Solid(c) => hex(c),
        Fill::Vertical(top, bottom) => {
            let id = format!("g{}", defs.matches("<linearGradient").count());
            let _ = writeln!(
                defs,
                "    <linearGradient id=\"{id}\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">\
                 <stop offset=\"0\" stop-color=\"{}\"/><stop offset=\"1\" stop-color=\"{}\"/>\
                 </linearGradient>",
                hex(top),
                hex(bottom)
            );
            format!("url(#{id})")
        }
    };
    for shape in SHAPES {
        match *shape {
            Shape::RoundRect([x, y, w, h, r], fill) => {
                let fill = paint(fill, &mut defs);
                let _ = writeln!(
                    body,
                    "  <rect x=\"{x}\" y=\"{y}\" width=\"{w}\" height=\"{h}\" rx=\"{r}\" fill=\"{fill}\"/>"
                );
            }
            Shape::Circle([cx, cy, r], fill) => {
                let fill = paint(fill, &mut defs);
                let _ = writeln!(
                    body,
                    "  <circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\"/>"
                );
            }
        }
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{VIEW}\" height=\"{VIEW}\" \
         viewBox=\"0 0 {VIEW} {VIEW}\">\n  <!-- Made by examples/gen_assets/icons.rs; do not edit. -->\n  \
         <defs>\n{defs}  </defs>\n{body}</svg>\n"
    )
}

/// Coverage (0 or 1) of `shape` at point `p` (view-box units), and its colour there (sRGB 0–1).
fn sample(shape: &Shape, p: [f64; 2]) -> Option<[f64; 3]> {
    let (inside, fill, top, height) = match *shape {
        Shape::RoundRect([x, y, w, h, r], fill) => {
            // Distance from the rectangle shrunk by r, compared with r.
            let dx = (p[0] - (x + w / 2.0)).abs() - (w / 2.0 - r);
            let dy = (p[1] - (y + h / 2.0)).abs() - (h / 2.0 - r);
            let outside = dx.max(0.0).hypot(dy.max(0.0)) + dx.max(dy).min(0.0);
            (outside <= r, fill, y, h)
        }
        Shape::Circle([cx, cy, r], fill) => {
            ((p[0] - cx).hypot(p[1] - cy) <= r, fill, cy - r, 2.0 * r)
        }
    };
    if !inside {
        return None;
    }
    let to01 = |c: [u8; 3]| c.map(|v| v as f64 / 255.0);
    Some(match fill {
        Fill::Solid(c) => to01(c),
        Fill::Vertical(a, b) => {
            let t = ((p[1] - top) / height).clamp(0.0, 1.0);
            let (a, b) = (to01(a), to01(b));
            [0, 1, 2].map(|i| a[i] + (b[i] - a[i]) * t)
        }
    })
}

/// The icon rendered at `size`×`size` px, as PNG bytes: 8×8 samples per pixel, each the
/// topmost shape's colour there, averaged premultiplied (as an SVG renderer blends edges).
fn png(size: u32) -> Vec<u8> {
    const N: u32 = 8;
    let scale = VIEW / size as f64;
    let img = image::RgbaImage::from_fn(size, size, |x, y| {
        let mut acc = [0.0; 4];
        for sy in 0..N {
            for sx in 0..N {
                let p = [
                    (x as f64 + (sx as f64 + 0.5) / N as f64) * scale,
                    (y as f64 + (sy as f64 + 0.5) / N as f64) * scale,
                ];
                if let Some(c) = SHAPES.iter().rev().find_map(|s| sample(s, p)) {
                    for i in 0..3 {
                        acc[i] += c[i];
                    }
                    acc[3] += 1.0;
                }
            }
        }
        let to8 = |c: f64| (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        let rgb = |i: usize| if acc[3] > 0.0 { acc[i] / acc[3] } else { 0.0 };
        image::Rgba([
            to8(rgb(0)),
            to8(rgb(1)),
            to8(rgb(2)),
            to8(acc[3] / (N * N) as f64),
        ])
    });
    let mut bytes = Vec::new();
    img.write_to(
        &mut std::io::Cursor::new(&mut bytes),
        image::ImageFormat::Png,
    )
    .expect("encode a PNG icon");
    bytes
}

/// A Windows `.ico` file holding `entries` (size, PNG bytes): the ICONDIR header, one
/// 16-byte ICONDIRENTRY per image (a size of 256 is written as 0), then the PNGs.
fn ico(entries: &[(u32, Vec<u8>)]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&0u16.to_le_bytes()); // reserved
    out.extend_from_slice(&1u16.to_le_bytes()); // type: icon
    out.extend_from_slice(&(entries.len() as u16).to_le_bytes());
    let mut offset = 6 + 16 * entries.len() as u32;
    for (size, png) in entries {
        let edge = if *size >= 256 { 0 } else { *size as u8 };
        out.extend_from_slice(&[edge, edge, 0, 0]); // width, height, no palette, reserved
        out.extend_from_slice(&1u16.to_le_bytes()); // colour planes
        out.extend_from_slice(&32u16.to_le_bytes()); // bits per pixel
        out.extend_from_slice(&(png.len() as u32).to_le_bytes());
        out.extend_from_slice(&offset.to_le_bytes());
        offset += png.len() as u32;
    }
    for (_, png) in entries {
        out.extend_from_slice(png);
    }
    out
}
