//! `replay --export`'s animated GIF, written a frame at a time with the `gif` crate: each frame
//! only where the picture changed, with a palette of its own ([`GifFrames`]).

use image::RgbaImage;
use std::fs::File;
use std::io::BufWriter;

/// The GIF quantiser's speed, 1 (best palette, slowest) to 30: 10 keeps the game's few colours
/// exact and takes about a third of the time of 1.
const GIF_SPEED: i32 = 10;
/// An animated GIF made a frame at a time with the `gif` crate (the `image` crate's own GIF
/// codec, whose encoder writes every frame whole): the first frame whole, each later one only
/// where the picture differs from what the GIF shows so far — a rectangle around those pixels,
/// the others in it transparent, drawn over the last frame (disposal "keep"). The moving ball,
/// paddle and particles cost bytes; the bricks and the textured background only when they
/// change. Each frame's palette is made from its changed pixels alone: exact when they have at
/// most 255 colours, else NeuQuant's 255; a pixel whose palette colour is more than
/// [`GIF_TOLERANCE`] off is drawn again in a later frame. It loops forever.
pub(super) struct GifFrames {
    /// Created with the first frame, whose size is the GIF's.
    encoder: Option<gif::Encoder<BufWriter<File>>>,
    file: Option<BufWriter<File>>,
    fps: u32,
    /// What the GIF shows after the frames written so far.
    shown: Option<RgbaImage>,
    written: u64,
}

/// How far (in any of red, green and blue, 0–255) a pixel the GIF shows may be from the
/// picture before it is drawn again.
const GIF_TOLERANCE: u8 = 10;

impl GifFrames {
    pub(super) fn new(file: BufWriter<File>, fps: u32) -> GifFrames {
        GifFrames {
            encoder: None,
            file: Some(file),
            fps,
            shown: None,
            written: 0,
        }
    }

    pub(super) fn push(&mut self, picture: RgbaImage) -> Result<(), gif::EncodingError> {
        let size = |v: u32| u16::try_from(v).unwrap_or(u16::MAX);
        let (width, height) = (size(picture.width()), size(picture.height()));
        let shown = match &mut self.shown {
            Some(shown) if shown.dimensions() == picture.dimensions() => shown,
            _ => self
                .shown
                .insert(RgbaImage::new(picture.width(), picture.height())),
        };
        let mut frame = changed_part(shown, &picture, self.written == 0);
        frame.delay = gif_delay_cs(self.written, self.fps) as u16;
        frame.dispose = gif::DisposalMethod::Keep;
        let encoder = match &mut self.encoder {
            Some(encoder) => encoder,
            None => {
                let file = self.file.take().ok_or_else(|| {
                    gif::EncodingError::Io(std::io::Error::other("the GIF was already finished"))
                })?;
                let mut encoder = gif::Encoder::new(file, width, height, &[])?;
                encoder.set_repeat(gif::Repeat::Infinite)?;
                self.encoder.insert(encoder)
            }
        };
        encoder.write_frame(&frame)?;
        self.written += 1;
        Ok(())
    }

    /// Writes the trailer; gives the file back, to be flushed.
    pub(super) fn finish(self) -> Result<BufWriter<File>, gif::EncodingError> {
        match (self.encoder, self.file) {
            (Some(encoder), _) => encoder.into_inner(),
            (None, Some(file)) => Ok(file),
            (None, None) => Err(gif::EncodingError::Io(std::io::Error::other(
                "the GIF has no frame",
            ))),
        }
    }
}

/// The frame that brings `shown` (what the GIF shows) to `now`, and `shown` updated to what it
/// shows after that frame: every pixel when `whole`, else those more than [`GIF_TOLERANCE`]
/// off, in the smallest rectangle holding them, the others transparent; one transparent pixel
/// when none is.
fn changed_part(shown: &mut RgbaImage, now: &RgbaImage, whole: bool) -> gif::Frame<'static> {
    let off = |a: &image::Rgba<u8>, b: &image::Rgba<u8>| {
        (0..3).any(|c| a.0[c].abs_diff(b.0[c]) > GIF_TOLERANCE)
    };
    let (w, h) = now.dimensions();
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    let mut colours = Vec::new();
    for (x, y, p) in now.enumerate_pixels() {
        if whole || off(shown.get_pixel(x, y), p) {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
            colours.extend_from_slice(&[p.0[0], p.0[1], p.0[2], 255]);
        }
    }
    if colours.is_empty() {
        return gif::Frame {
            width: 1,
            height: 1,
            buffer: vec![0].into(),
            palette: Some(vec![0, 0, 0]),
            transparent: Some(0),
            ..gif::Frame::default()
        };
    }
    let palette = Palette::of(&colours);
    let transparent = palette.len() as u8;
    let mut buffer = Vec::with_capacity(((x1 - x0) * (y1 - y0)) as usize);
    for y in y0..y1 {
        for x in x0..x1 {
            let p = *now.get_pixel(x, y);
            let was = shown.get_pixel_mut(x, y);
            if whole || off(was, &p) {
                let i = palette.index_of(p.0);
                buffer.push(i);
                *was = palette.colour(i);
            } else {
                buffer.push(transparent);
            }
        }
    }
    let mut rgb = palette.rgb;
    rgb.extend_from_slice(&[0, 0, 0]);
    gif::Frame {
        left: x0 as u16,
        top: y0 as u16,
        width: (x1 - x0) as u16,
        height: (y1 - y0) as u16,
        buffer: buffer.into(),
        palette: Some(rgb),
        transparent: Some(transparent),
        ..gif::Frame::default()
    }
}

/// A frame's palette of at most 255 colours (the 256th index is the transparent one).
struct Palette {
    /// Red, green, blue of each colour.
    rgb: Vec<u8>,
    /// The exact colours' indices, or NeuQuant when there were more than 255.
    map: Result<std::collections::HashMap<[u8; 3], u8>, color_quant::NeuQuant>,
}

impl Palette {
    /// The palette of `rgba` (opaque pixels, four bytes each).
    fn of(rgba: &[u8]) -> Palette {
        let mut exact = std::collections::HashMap::new();
        let mut rgb = Vec::new();
        for p in rgba.chunks_exact(4) {
            let key = [p[0], p[1], p[2]];
            if !exact.contains_key(&key) {
                if exact.len() == 255 {
                    let quant = color_quant::NeuQuant::new(GIF_SPEED, 255, rgba);
                    return Palette {
                        rgb: quant.color_map_rgb(),
                        map: Err(quant),
                    };
                }
                exact.insert(key, exact.len() as u8);
                rgb.extend_from_slice(&key);
            }
        }
        Palette {
            rgb,
            map: Ok(exact),
        }
    }

    fn len(&self) -> usize {
        self.rgb.len() / 3
    }

    fn index_of(&self, p: [u8; 4]) -> u8 {
        match &self.map {
            Ok(exact) => exact.get(&[p[0], p[1], p[2]]).copied().unwrap_or(0),
            Err(quant) => quant.index_of(&[p[0], p[1], p[2], 255]) as u8,
        }
    }

    fn colour(&self, i: u8) -> image::Rgba<u8> {
        let i = usize::from(i) * 3;
        image::Rgba([self.rgb[i], self.rgb[i + 1], self.rgb[i + 2], 255])
    }
}

/// Delay of GIF frame `k` at `fps`, hundredths of a second (GIF's unit): whole hundredths
/// that add up to `k / fps` seconds, so 30 fps plays at 30 fps (3, 3, 4, 3, 3, 4…), not 33.
pub fn gif_delay_cs(k: u64, fps: u32) -> u32 {
    let at = |k: u64| (k * 100 + u64::from(fps) / 2) / u64::from(fps);
    (at(k + 1) - at(k)) as u32
}
