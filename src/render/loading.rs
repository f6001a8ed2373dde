//! Reading the renderer's assets from disk: shader sources, linked programs, texture layers.
//! Every error names the file.

use super::text::LAYER_SIZE;
use super::RenderError;
use glium::backend::Facade;
use glium::program::ProgramCreationInput;
use glium::texture::RawImage2d;
use glium::Program;
use std::path::Path;

/// Reads a shader source file.
pub(super) fn load_source(path: &Path) -> Result<String, RenderError> {
    std::fs::read_to_string(path).map_err(|source| RenderError::Read {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads `<dir>/<vert>.vert` and `<dir>/<frag>.frag` and links them; `point_size` if the vertex
/// shader sets `gl_PointSize` (glium then enables `GL_PROGRAM_POINT_SIZE` for it).
pub(super) fn load_program(
    facade: &impl Facade,
    dir: &Path,
    vert: &str,
    frag: &str,
    point_size: bool,
) -> Result<Program, RenderError> {
    let vertex_path = dir.join(format!("{vert}.vert"));
    let fragment_path = dir.join(format!("{frag}.frag"));
    let vertex = load_source(&vertex_path)?;
    let fragment = load_source(&fragment_path)?;
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

/// Loads one PNG as a texture-array layer, resized to `LAYER_SIZE` square if needed.
pub(super) fn load_layer(path: &Path) -> Result<RawImage2d<'static, u8>, RenderError> {
    let bytes = std::fs::read(path).map_err(|source| RenderError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let image = image::load_from_memory_with_format(&bytes, image::ImageFormat::Png)
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
