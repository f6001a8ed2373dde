//! Offscreen textures (the cached backdrop, the post-processing scene, the screenshot capture)
//! and the blits that copy them into frames.
//!
//! Two conventions make those copies plain memory copies on Mesa's software rasteriser, where a
//! copy drawn as a textured quad is a full-frame shader pass (about 1 ms per 800×600 frame on
//! llvmpipe, against about 0.1 ms for a memory copy; measurements in `docs/rendering.md`):
//!
//! - **BGRA storage.** glium allocates every RGBA8 texture with `glTexStorage2D`, which leaves
//!   the byte order to the driver, and Mesa picks `R8G8B8A8`, while window framebuffers under
//!   X11 are `B8G8R8A8`/`B8G8R8X8`. [`RawGl::bgra_texture`] allocates with
//!   `glTexImage2D(GL_RGBA, …, GL_BGRA, GL_UNSIGNED_BYTE, NULL)` instead, and Mesa then stores
//!   the texture in the order of that (empty) upload. To every GL call it is still an ordinary
//!   RGBA texture, so on a GPU the choice is harmless.
//! - **Top row first.** Offscreen textures are stored with the playfield's top row as row 0, the
//!   order of the window's memory (and of image files), so a same-size `glBlitFramebuffer` into
//!   the window, which flips in GL's coordinates, moves rows in memory order. Mesa copies such a
//!   blit with `memcpy` (`util_try_blit_via_copy_region`) when the byte orders match.
//!
//! Where the driver refuses the BGRA allocation, [`ensure_texture`] falls back to glium's own
//! texture: the blits stay correct, only slower.
//!
//! **Chosen at run time.** The BGRA allocation pays only on Mesa's software rasterisers, so it is
//! used only there: [`OffscreenPath::detect`] reads `GL_RENDERER` when the context is created
//! and picks [`OffscreenPath::Bgra`] for `llvmpipe`, `softpipe` and `swrast`, and
//! [`OffscreenPath::Plain`] (glium's own textures, no raw GL call at all) for anything else, a
//! GPU driver in particular. The environment variable [`OFFSCREEN_ENV`]
//! (`BREAKOUT_OFFSCREEN=bgra|plain|auto`) forces either path, for tests and measurements; the
//! choice is logged once per context. Both paths give the same pixels
//! (`tests/offscreen_paths.rs`).

use super::{gl_err, RenderError};
use glium::backend::Facade;
use glium::framebuffer::SimpleFrameBuffer;
use glium::texture::{Dimensions, MipmapsOption, Texture2d, UncompressedFloatFormat};
use glium::uniforms::MagnifySamplerFilter;
use glium::{BlitTarget, Rect, Surface};
use glow::HasContext;
use std::ffi::{c_void, CStr};
use std::rc::Rc;

/// Environment variable that forces the offscreen path: `bgra`, `plain`, or `auto` (the default:
/// chosen from `GL_RENDERER`, see the module docs).
pub const OFFSCREEN_ENV: &str = "BREAKOUT_OFFSCREEN";

/// How offscreen textures are allocated (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OffscreenPath {
    /// `glTexImage2D` with a BGRA upload format through `glow`: blits into an X11 window are
    /// memory copies on Mesa's software rasterisers.
    Bgra,
    /// glium's own `Texture2d`: no raw GL call; what a GPU driver gets.
    Plain,
}

impl OffscreenPath {
    /// The path for a driver whose `GL_RENDERER` string is `renderer`, unless `forced` (the value
    /// of [`OFFSCREEN_ENV`], case-insensitive) says `bgra` or `plain`. An unknown forced value is
    /// ignored with a warning.
    pub fn detect(renderer: &str, forced: Option<&str>) -> OffscreenPath {
        match forced.map(|f| f.trim().to_ascii_lowercase()).as_deref() {
            Some("bgra") => return OffscreenPath::Bgra,
            Some("plain") => return OffscreenPath::Plain,
            None | Some("auto") | Some("") => {}
            Some(other) => log::warn!(
                "{OFFSCREEN_ENV}={other}: unknown value (bgra, plain or auto); choosing by driver"
            ),
        }
        let renderer = renderer.to_ascii_lowercase();
        if ["llvmpipe", "softpipe", "swrast"]
            .iter()
            .any(|soft| renderer.contains(soft))
        {
            OffscreenPath::Bgra
        } else {
            OffscreenPath::Plain
        }
    }
}

/// Function pointers of one OpenGL context, for the calls glium does not offer (glium makes no
/// raw GL call available, so the context's creator loads them alongside it), and the
/// [`OffscreenPath`] chosen for that context. Clones share them.
#[derive(Clone)]
pub struct RawGl {
    gl: Rc<glow::Context>,
    path: OffscreenPath,
}

impl RawGl {
    /// Loads the functions of the current context through `loader` (a `get_proc_address`).
    ///
    /// # Safety
    /// The context glium uses must be current on this thread, and `loader` must return that
    /// context's functions (or null for missing ones).
    /// Chooses the [`OffscreenPath`] from the context's `GL_RENDERER` and [`OFFSCREEN_ENV`], and
    /// logs the choice at debug level (it was an INFO line on every run).
    pub unsafe fn load(loader: impl FnMut(&CStr) -> *const c_void) -> RawGl {
        let gl = glow::Context::from_loader_function_cstr(loader);
        let renderer = gl.get_parameter_string(glow::RENDERER);
        let forced = std::env::var(OFFSCREEN_ENV).ok();
        let path = OffscreenPath::detect(&renderer, forced.as_deref());
        log::debug!(
            "offscreen textures: {} (GL_RENDERER \"{renderer}\"{})",
            match path {
                OffscreenPath::Bgra => "BGRA",
                OffscreenPath::Plain => "plain glium",
            },
            if forced.is_some() {
                format!(", {OFFSCREEN_ENV} set")
            } else {
                String::new()
            }
        );
        RawGl {
            gl: Rc::new(gl),
            path,
        }
    }

    /// The offscreen path chosen for this context.
    pub fn path(&self) -> OffscreenPath {
        self.path
    }

    /// A `size`-pixel (width, height) RGBA8 texture stored in BGRA order, contents undefined, one
    /// mipmap level, nearest filtering, wrapped as a glium texture (glium deletes it on drop).
    ///
    /// # Errors
    /// [`RenderError::Gl`] if the driver refuses the size or the format.
    pub fn bgra_texture(
        &self,
        facade: &impl Facade,
        size: (u32, u32),
    ) -> Result<Texture2d, RenderError> {
        let (width, height) = (
            i32::try_from(size.0).map_err(gl_err)?,
            i32::try_from(size.1).map_err(gl_err)?,
        );
        let gl = &self.gl;
        // SAFETY: `exec_in_context` makes glium's context current; every binding changed below
        // is put back before returning, so glium's cached GL state stays true.
        let created = unsafe {
            facade.get_context().exec_in_context(|| {
                let previous_texture = gl.get_parameter_i32(glow::TEXTURE_BINDING_2D);
                let previous_unpack = gl.get_parameter_i32(glow::PIXEL_UNPACK_BUFFER_BINDING);
                // Drop errors left by earlier calls (bounded: a lost context may keep reporting).
                for _ in 0..16 {
                    if gl.get_error() == glow::NO_ERROR {
                        break;
                    }
                }
                let texture = gl.create_texture()?;
                gl.bind_texture(glow::TEXTURE_2D, Some(texture));
                if previous_unpack != 0 {
                    gl.bind_buffer(glow::PIXEL_UNPACK_BUFFER, None);
                }
                gl.tex_image_2d(
                    glow::TEXTURE_2D,
                    0,
                    // Unsized on purpose: Mesa matches the storage to the upload's
                    // format only for an unsized internal format (`GL_RGBA8` gets R8G8B8A8).
                    glow::RGBA as i32,
                    width,
                    height,
                    0,
                    glow::BGRA,
                    glow::UNSIGNED_BYTE,
                    glow::PixelUnpackData::Slice(None),
                );
                for (parameter, value) in [
                    (glow::TEXTURE_MIN_FILTER, glow::NEAREST),
                    (glow::TEXTURE_MAG_FILTER, glow::NEAREST),
                    (glow::TEXTURE_WRAP_S, glow::CLAMP_TO_EDGE),
                    (glow::TEXTURE_WRAP_T, glow::CLAMP_TO_EDGE),
                    (glow::TEXTURE_BASE_LEVEL, 0),
                    (glow::TEXTURE_MAX_LEVEL, 0),
                ] {
                    gl.tex_parameter_i32(glow::TEXTURE_2D, parameter, value as i32);
                }
                let error = gl.get_error();
                if previous_unpack != 0 {
                    gl.bind_buffer(
                        glow::PIXEL_UNPACK_BUFFER,
                        std::num::NonZeroU32::new(previous_unpack as u32).map(glow::NativeBuffer),
                    );
                }
                gl.bind_texture(
                    glow::TEXTURE_2D,
                    std::num::NonZeroU32::new(previous_texture as u32).map(glow::NativeTexture),
                );
                if error != glow::NO_ERROR {
                    gl.delete_texture(texture);
                    return Err(format!(
                        "cannot create a {width}×{height} BGRA texture (GL error {error:#06x})"
                    ));
                }
                Ok(texture.0.get())
            })
        }
        .map_err(gl_err)?;
        // SAFETY: `created` names a live 2D texture of this size and format, with one level, that
        // nothing else owns.
        Ok(unsafe {
            Texture2d::from_id(
                facade,
                UncompressedFloatFormat::U8U8U8U8,
                created,
                true,
                MipmapsOption::NoMipmap,
                Dimensions::Texture2d {
                    width: size.0,
                    height: size.1,
                },
            )
        })
    }
}

/// Makes sure `slot` holds an offscreen texture of exactly `size` pixels (width, height): on the
/// [`OffscreenPath::Bgra`] path stored in BGRA order if the driver allows it (see the module's
/// docs), else glium's RGBA8 texture. Contents are undefined after a (re)allocation.
///
/// # Errors
/// [`RenderError::Gl`] if neither texture can be created.
pub fn ensure_texture(
    facade: &impl Facade,
    raw_gl: &RawGl,
    slot: &mut Option<Texture2d>,
    size: (u32, u32),
) -> Result<(), RenderError> {
    if slot.as_ref().map(|t| (t.width(), t.height())) == Some(size) {
        return Ok(());
    }
    *slot = None; // free the old one first: a resize should not hold two frames' worth
    let bgra = match raw_gl.path {
        OffscreenPath::Bgra => match raw_gl.bgra_texture(facade, size) {
            Ok(texture) => Some(texture),
            Err(e) => {
                log::warn!("{e}; using an RGBA texture (its blits become shader passes)");
                None
            }
        },
        OffscreenPath::Plain => None,
    };
    let texture = match bgra {
        Some(texture) => texture,
        None => Texture2d::empty(facade, size.0, size.1).map_err(gl_err)?,
    };
    *slot = Some(texture);
    Ok(())
}

/// The whole of a `size` (width, height) surface as a GL rectangle.
pub fn full_rect(size: (u32, u32)) -> Rect {
    Rect {
        left: 0,
        bottom: 0,
        width: size.0,
        height: size.1,
    }
}

/// Clears `rect` of `target` (all of it if `None`) to opaque black.
///
/// Always use this rather than glium's `clear_color`: that one takes its colour as linear and so
/// turns `GL_FRAMEBUFFER_SRGB` on, and glium leaves it on until the next draw. A blit made
/// meanwhile into an sRGB-capable window (letterbox bars are cleared just before the backdrop
/// blit) is then gamma-encoded on the way: a washed-out frame, and no `memcpy`. Seen on a window
/// resized away from 4:3; `tests/end_to_end.rs` checks a letterboxed window's colours.
pub fn clear_black(target: &mut impl Surface, rect: Option<&Rect>) {
    target.clear(rect, Some((0.0, 0.0, 0.0, 1.0)), true, None, None);
}

/// Which way up a render target's rows are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowOrder {
    /// Row 0 is the bottom: a window's default framebuffer, in GL's coordinates.
    BottomUp,
    /// Row 0 is the top of the picture: every offscreen texture of this renderer.
    TopDown,
}

/// A rectangle of a picture in whole pixels (texels of an offscreen texture, or pixels of a
/// viewport), origin top-left, y down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PictureRect {
    /// Left edge, pixels from the picture's left.
    pub x: u32,
    /// Top edge, pixels from the picture's top.
    pub y: u32,
    /// Width, pixels.
    pub width: u32,
    /// Height, pixels.
    pub height: u32,
}

/// Copies the whole of `source` (an offscreen texture, [`RowOrder::TopDown`]) into `rect` of
/// `target` (physical pixels, GL's origin bottom-left) with `glBlitFramebuffer`, nearest texels,
/// no blending; flipped in GL's terms when `target` is [`RowOrder::BottomUp`], so the picture
/// stays upright. A memory copy on Mesa when the sizes and byte orders match. `target` must not
/// be multisampled (GL forbids blits into one; the window's config is chosen single-sampled,
/// see [`super::context::create_window`]).
///
/// # Errors
/// [`RenderError::Gl`] if `source` cannot be attached to a framebuffer.
pub fn blit(
    facade: &impl Facade,
    source: &Texture2d,
    target: &impl Surface,
    rect: Rect,
    order: RowOrder,
) -> Result<(), RenderError> {
    let whole = PictureRect {
        x: 0,
        y: 0,
        width: source.width().min(rect.width),
        height: source.height().min(rect.height),
    };
    blit_part(facade, source, whole, target, rect, order, (0, 0))
}

/// Copies the part `from` of `source` (an offscreen texture, [`RowOrder::TopDown`]; texels,
/// origin top-left) into `rect` of `target` (physical pixels, GL's origin bottom-left) with its
/// top-left corner `to` pixels right of and below `rect`'s top-left corner, texel for pixel,
/// upright whichever way `target` stores its rows (`order`). What falls past the target's right
/// or top edge (a shaken picture) is cut off, with the matching part of the source: Mesa copies
/// an unclipped, unscaled blit as memory and falls back to a slow path for one it must clip
/// (measured: 3× the plain frame, docs/rendering.md). `from` must lie inside `source`, and `to`
/// plus `from`'s size inside `rect`.
///
/// # Errors
/// [`RenderError::Gl`] if `source` cannot be attached to a framebuffer.
pub fn blit_part(
    facade: &impl Facade,
    source: &Texture2d,
    from: PictureRect,
    target: &impl Surface,
    rect: Rect,
    order: RowOrder,
    to: (u32, u32),
) -> Result<(), RenderError> {
    let (target_w, target_h) = target.get_dimensions();
    let left = rect.left + to.0;
    let width = from.width.min(target_w.saturating_sub(left));
    // GL rows of the copy before cutting: [low, low + from.height).
    let low = match order {
        RowOrder::TopDown => rect.bottom + to.1,
        RowOrder::BottomUp => (rect.bottom + rect.height).saturating_sub(to.1 + from.height),
    };
    let height = from.height.min(target_h.saturating_sub(low));
    if width == 0 || height == 0 {
        return Ok(());
    }
    let framebuffer = SimpleFrameBuffer::new(facade, source).map_err(gl_err)?;
    let signed_height = i32::try_from(height).map_err(gl_err)?;
    let (source_top, bottom, signed_height) = match order {
        // Rows past the top of the target are the part's last rows (its bottom).
        RowOrder::TopDown => (from.y, low, signed_height),
        // Flipped: the part's first rows land highest, so those past the top fall off; the
        // first row shown lands on the top row of what is kept.
        RowOrder::BottomUp => (
            from.y + (from.height - height),
            low + height,
            -signed_height,
        ),
    };
    let target_rect = BlitTarget {
        left,
        bottom,
        width: i32::try_from(width).map_err(gl_err)?,
        height: signed_height,
    };
    let source_rect = Rect {
        left: from.x,
        bottom: source_top,
        width,
        height,
    };
    framebuffer.blit_color(
        &source_rect,
        target,
        &target_rect,
        MagnifySamplerFilter::Nearest,
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::OffscreenPath::{Bgra, Plain};
    use super::*;

    #[test]
    fn software_rasterisers_get_bgra_and_everything_else_plain() {
        let llvmpipe = "llvmpipe (LLVM 15.0.6, 256 bits)";
        assert_eq!(OffscreenPath::detect(llvmpipe, None), Bgra);
        assert_eq!(OffscreenPath::detect("softpipe", None), Bgra);
        assert_eq!(OffscreenPath::detect("Mesa swrast", None), Bgra);
        assert_eq!(
            OffscreenPath::detect("NVIDIA GeForce RTX 3060/PCIe/SSE2", None),
            Plain
        );
        assert_eq!(
            OffscreenPath::detect("AMD Radeon RX 6600 (radeonsi)", None),
            Plain
        );
        assert_eq!(OffscreenPath::detect(llvmpipe, Some("plain")), Plain);
        assert_eq!(
            OffscreenPath::detect("Mesa Intel(R) UHD", Some("BGRA")),
            Bgra
        );
        assert_eq!(OffscreenPath::detect(llvmpipe, Some("auto")), Bgra);
        assert_eq!(OffscreenPath::detect(llvmpipe, Some("nonsense")), Bgra);
    }
}
