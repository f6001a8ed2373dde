//! Reading the renderer's assets (built in, or an override file, see [`crate::assets`]): shader
//! sources, linked programs, texture layers. Every error names the file.

use super::RenderError;
use crate::assets::{Asset, Assets, BUILT_IN_PREFIX};
use crate::view::sprite::LAYER_SIZE;
use glium::backend::Facade;
use glium::program::ProgramCreationInput;
use glium::texture::RawImage2d;
use glium::Program;
use std::path::{Path, PathBuf};

/// The asset `name` (`"shaders/post.frag"`), or [`RenderError::Read`] if it is not built in.
fn get<'a>(assets: &'a Assets, name: &str) -> Result<Asset<'a>, RenderError> {
    assets.get(name).ok_or_else(|| RenderError::Read {
        path: Path::new(BUILT_IN_PREFIX).join(name),
        source: std::io::Error::new(std::io::ErrorKind::NotFound, "no such built-in asset"),
    })
}

/// A shader's source text (`name` as `"shaders/post.frag"`) and the path naming it.
pub(super) fn load_source(assets: &Assets, name: &str) -> Result<(String, PathBuf), RenderError> {
    let asset = get(assets, name)?;
    let text = String::from_utf8(asset.bytes.into_owned()).map_err(|e| RenderError::Read {
        path: asset.origin.clone(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
    })?;
    Ok((text, asset.origin))
}

/// Reads `shaders/<vert>.vert` and `shaders/<frag>.frag` and links them; `point_size` if the
/// vertex shader sets `gl_PointSize` (glium then enables `GL_PROGRAM_POINT_SIZE` for it).
pub(super) fn load_program(
    facade: &impl Facade,
    assets: &Assets,
    vert: &str,
    frag: &str,
    point_size: bool,
) -> Result<Program, RenderError> {
    let (vertex, vertex_path) = load_source(assets, &format!("shaders/{vert}.vert"))?;
    let (fragment, fragment_path) = load_source(assets, &format!("shaders/{frag}.frag"))?;
    let input = ProgramCreationInput::SourceCode {
        vertex_shader: &vertex,
        tessellation_control_shader: None,
        tessellation_evaluation_shader: None,
        geometry_shader: None,
        fragment_shader: &fragment,
        transform_feedback_varyings: None,
        // What `Program::from_source` assumes: no sRGB conversion by GL.
        outputs_srgb: true,
        uses_point_size: point_size,
    };
    Program::new(facade, input).map_err(|source| RenderError::Shader {
        vertex: vertex_path,
        fragment: fragment_path,
        defines: String::new(),
        source,
    })
}

/// Loads the PNG `name` (`"textures/ball.png"`) as a texture-array layer, resized to
/// `LAYER_SIZE` square if needed.
pub(super) fn load_layer(
    assets: &Assets,
    name: &str,
) -> Result<RawImage2d<'static, u8>, RenderError> {
    let asset = get(assets, name)?;
    let path = asset.origin.as_path();
    let image = image::load_from_memory_with_format(&asset.bytes, image::ImageFormat::Png)
        .map_err(|source| RenderError::Image {
            path: path.to_path_buf(),
            source,
        })?
        .to_rgba8();
    let image = if image.dimensions() == (LAYER_SIZE, LAYER_SIZE) {
        image
    } else {
        log::warn!(
            "{}: is {:?}, expected {LAYER_SIZE}×{LAYER_SIZE}; resizing",
            path.display(),
            image.dimensions()
        );
        image::imageops::resize(
            &image,
            LAYER_SIZE,
            LAYER_SIZE,
            image::imageops::FilterType::Triangle,
        )
    };
    Ok(RawImage2d::from_raw_rgba_reversed(
        &image.into_raw(),
        (LAYER_SIZE, LAYER_SIZE),
    ))
}

/// Loads the PNG `name`, a column of `count` square layers one under the other
/// (`textures/powerups.png`), as `count` texture-array layers of `LAYER_SIZE` square; resized
/// to that if it has another size.
pub(super) fn load_layers(
    assets: &Assets,
    name: &str,
    count: u32,
) -> Result<Vec<RawImage2d<'static, u8>>, RenderError> {
    let asset = get(assets, name)?;
    let path = asset.origin.as_path();
    let image = image::load_from_memory_with_format(&asset.bytes, image::ImageFormat::Png)
        .map_err(|source| RenderError::Image {
            path: path.to_path_buf(),
            source,
        })?
        .to_rgba8();
    let size = (LAYER_SIZE, LAYER_SIZE * count);
    let image = if image.dimensions() == size {
        image
    } else {
        log::warn!(
            "{}: is {:?}, expected {}×{}; resizing",
            path.display(),
            image.dimensions(),
            size.0,
            size.1
        );
        image::imageops::resize(
            &image,
            size.0,
            size.1,
            image::imageops::FilterType::Triangle,
        )
    };
    let layer_bytes = (LAYER_SIZE * LAYER_SIZE * 4) as usize;
    Ok(image
        .into_raw()
        .chunks_exact(layer_bytes)
        .map(|layer| RawImage2d::from_raw_rgba_reversed(layer, (LAYER_SIZE, LAYER_SIZE)))
        .collect())
}
