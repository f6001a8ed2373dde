//! The renderer's WebGL2 textures: the sprite texture array (the layers of
//! [`crate::view::Layer`]: the PNG files, the solid layer, the power-up atlas), the glyph
//! texture kept equal to the glyph atlas, and the scene texture the effects read.

use crate::assets::{powerup_looks::ATLAS_LAYERS, Assets};
use crate::view::sprite::LAYER_SIZE;
use crate::view::text::atlas::GlyphAtlas;
use crate::view::{Layer, SpriteInstance};
use anyhow::{anyhow, Context as _};
use glow::HasContext as _;

/// The PNG asset `name` as RGBA rows, resized to `width × height` if it has another size.
fn load_png(assets: &Assets, name: &str, width: u32, height: u32) -> anyhow::Result<Vec<u8>> {
    let asset = assets
        .get(name)
        .ok_or_else(|| anyhow!("{name}: no such asset"))?;
    let image = image::load_from_memory_with_format(&asset.bytes, image::ImageFormat::Png)
        .with_context(|| format!("{}: not a PNG image", asset.origin.display()))?
        .to_rgba8();
    let image = if image.dimensions() == (width, height) {
        image
    } else {
        log::warn!(
            "{}: is {:?}, expected {width}×{height}; resizing",
            asset.origin.display(),
            image.dimensions()
        );
        image::imageops::resize(&image, width, height, image::imageops::FilterType::Triangle)
    };
    Ok(image.into_raw())
}

/// The bytes of every layer of the sprite texture array, in [`Layer`] order, each stored
/// bottom row first (what `shaders/sprite.vert`'s flip of v expects), and the layer count.
fn layer_bytes(assets: &Assets) -> anyhow::Result<(Vec<u8>, u32)> {
    let side = LAYER_SIZE as usize;
    let layer = side * side * 4;
    let mut top_first = Vec::new();
    for (_, file) in Layer::FILES {
        top_first.extend(load_png(
            assets,
            &format!("textures/{file}"),
            LAYER_SIZE,
            LAYER_SIZE,
        )?);
    }
    top_first.extend(std::iter::repeat_n(255u8, layer));
    top_first.extend(load_png(
        assets,
        "textures/powerups.png",
        LAYER_SIZE,
        LAYER_SIZE * ATLAS_LAYERS,
    )?);
    // The theme brick atlas (`Layer::ThemeBricks`): empty, the browser keeps the built-in look.
    top_first.extend(std::iter::repeat_n(0u8, layer));
    let count = top_first.len() / layer;
    let row = side * 4;
    let mut bytes = Vec::with_capacity(top_first.len());
    for image in top_first.chunks_exact(layer) {
        for line in image.chunks_exact(row).rev() {
            bytes.extend_from_slice(line);
        }
    }
    Ok((bytes, count as u32))
}

/// Uploads the sprite texture array (mipmapped, trilinear, clamped) of `assets`.
///
/// # Errors
/// A texture file missing or not a PNG; WebGL2 refusing the texture.
pub fn sprite_array(gl: &glow::Context, assets: &Assets) -> anyhow::Result<glow::Texture> {
    let (bytes, count) = layer_bytes(assets)?;
    let side = LAYER_SIZE as i32;
    // SAFETY: a texture made, bound and filled on the renderer's own context.
    unsafe {
        let texture = gl
            .create_texture()
            .map_err(|e| anyhow!("texture array: {e}"))?;
        gl.bind_texture(glow::TEXTURE_2D_ARRAY, Some(texture));
        gl.pixel_store_i32(glow::UNPACK_ALIGNMENT, 1);
        gl.tex_image_3d(
            glow::TEXTURE_2D_ARRAY,
            0,
            glow::RGBA8 as i32,
            side,
            side,
            count as i32,
            0,
            glow::RGBA,
            glow::UNSIGNED_BYTE,
            glow::PixelUnpackData::Slice(Some(&bytes)),
        );
        gl.generate_mipmap(glow::TEXTURE_2D_ARRAY);
        let target = glow::TEXTURE_2D_ARRAY;
        gl.tex_parameter_i32(
            target,
            glow::TEXTURE_MIN_FILTER,
            glow::LINEAR_MIPMAP_LINEAR as i32,
        );
        gl.tex_parameter_i32(target, glow::TEXTURE_MAG_FILTER, glow::LINEAR as i32);
        gl.tex_parameter_i32(target, glow::TEXTURE_WRAP_S, glow::CLAMP_TO_EDGE as i32);
        gl.tex_parameter_i32(target, glow::TEXTURE_WRAP_T, glow::CLAMP_TO_EDGE as i32);
        Ok(texture)
    }
}

/// Makes a 2D texture of `size` texels (`internal`/`format`, unfilled), nearest-sampled, with
/// `wrap` (REPEAT or CLAMP_TO_EDGE), and leaves it bound to TEXTURE_2D.
///
/// # Errors
/// WebGL2 refusing the texture (a lost context).
pub fn empty_2d(
    gl: &glow::Context,
    size: (i32, i32),
    [internal, format]: [u32; 2],
    wrap: u32,
) -> anyhow::Result<glow::Texture> {
    // SAFETY: a texture made and bound on the renderer's own context.
    unsafe {
        let texture = gl.create_texture().map_err(|e| anyhow!("texture: {e}"))?;
        gl.bind_texture(glow::TEXTURE_2D, Some(texture));
        gl.tex_image_2d(
            glow::TEXTURE_2D,
            0,
            internal as i32,
            size.0,
            size.1,
            0,
            format,
            glow::UNSIGNED_BYTE,
            glow::PixelUnpackData::Slice(None),
        );
        let target = glow::TEXTURE_2D;
        gl.tex_parameter_i32(target, glow::TEXTURE_MIN_FILTER, glow::NEAREST as i32);
        gl.tex_parameter_i32(target, glow::TEXTURE_MAG_FILTER, glow::NEAREST as i32);
        gl.tex_parameter_i32(target, glow::TEXTURE_WRAP_S, wrap as i32);
        gl.tex_parameter_i32(target, glow::TEXTURE_WRAP_T, wrap as i32);
        Ok(texture)
    }
}

/// The glyph atlas ([`crate::view::text::atlas`]) and its two-channel texture (row 0 = the
/// atlas's top row, as `shaders/text.frag` expects).
#[derive(Default)]
pub struct Glyphs {
    atlas: GlyphAtlas,
    texture: Option<(glow::Texture, u64, u32)>,
    /// The last frame's text sprites, glyphs resolved.
    pub resolved: Vec<SpriteInstance>,
}

impl Glyphs {
    /// Resolves the glyphs of `text` at `scale` window pixels per playfield pixel into
    /// [`Glyphs::resolved`] and brings the texture up to date (only the rows that changed).
    ///
    /// # Errors
    /// WebGL2 refusing the texture (a lost context).
    pub fn prepare(
        &mut self,
        gl: &glow::Context,
        text: &[SpriteInstance],
        scale: [f32; 2],
    ) -> anyhow::Result<()> {
        self.resolved.clear();
        self.atlas.resolve(text, scale, &mut self.resolved);
        let (generation, side) = (self.atlas.generation(), self.atlas.side());
        if !matches!(self.texture, Some((_, g, s)) if g == generation && s == side) {
            if let Some((old, _, _)) = self.texture.take() {
                // SAFETY: a texture of this context, no longer used.
                unsafe { gl.delete_texture(old) };
            }
            let size = (side as i32, side as i32);
            let texture = empty_2d(gl, size, [glow::RG8, glow::RG], glow::CLAMP_TO_EDGE)?;
            self.texture = Some((texture, generation, side));
            // A new texture is empty: upload the whole atlas.
            let _ = self.atlas.take_dirty();
            self.upload(gl, 0, side);
        } else if let Some([_, top, _, height]) = self.atlas.take_dirty() {
            self.upload(gl, top, height);
        }
        Ok(())
    }

    /// Uploads `height` whole rows of the atlas from row `top`.
    fn upload(&self, gl: &glow::Context, top: u32, height: u32) {
        let Some((texture, _, side)) = self.texture else {
            return;
        };
        let row = side as usize * crate::view::text::atlas::TEXEL_BYTES;
        let pixels = self.atlas.pixels();
        let Some(bytes) = pixels.get(top as usize * row..(top + height) as usize * row) else {
            return;
        };
        // SAFETY: rows of a texture of this context, the slice exactly their size.
        unsafe {
            gl.bind_texture(glow::TEXTURE_2D, Some(texture));
            gl.pixel_store_i32(glow::UNPACK_ALIGNMENT, 1);
            gl.tex_sub_image_2d(
                glow::TEXTURE_2D,
                0,
                0,
                top as i32,
                side as i32,
                height as i32,
                glow::RG,
                glow::UNSIGNED_BYTE,
                glow::PixelUnpackData::Slice(Some(bytes)),
            );
        }
    }

    /// The glyph texture (none before the first [`Glyphs::prepare`]).
    pub fn texture(&self) -> Option<glow::Texture> {
        self.texture.map(|(t, _, _)| t)
    }
}
