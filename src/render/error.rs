//! The renderer's errors: each names the file or step involved.

use std::path::PathBuf;

/// Errors from setting up or using the renderer; each names the file or step involved.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A shader or texture could not be read (an unknown name, a shader that is not UTF-8).
    #[error("{}: cannot read: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A texture file is not a readable PNG.
    #[error("{}: cannot decode image: {source}", path.display())]
    Image {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: image::ImageError,
    },
    /// A shader failed to compile or link.
    #[error(
        "{} + {}: shader program failed to build{}: {source}",
        vertex.display(),
        fragment.display(),
        variant_note(defines)
    )]
    Shader {
        /// The program's vertex shader file.
        vertex: PathBuf,
        /// The program's fragment shader file.
        fragment: PathBuf,
        /// The preprocessor symbols of the variant that failed (`""` for a plain program).
        defines: String,
        /// glium's error, with the driver's log.
        source: glium::ProgramCreationError,
    },
    /// Writing a screenshot or preview failed.
    #[error("{}: cannot write the PNG: {source}", path.display())]
    Screenshot {
        /// The file.
        path: PathBuf,
        /// The underlying error.
        source: image::ImageError,
    },
    /// A screenshot or preview was asked for under a name that does not end in `.png`.
    #[error("{}: pictures are written as PNG: give a file name ending in .png", path.display())]
    NotPng {
        /// The file name given.
        path: PathBuf,
    },
    /// Any other OpenGL-side failure (buffer or texture creation, draw, swap).
    #[error("OpenGL: {0}")]
    Gl(String),
}

fn variant_note(defines: &str) -> String {
    if defines.is_empty() {
        String::new()
    } else {
        format!(" (variant with {defines})")
    }
}

/// A GL-side failure as [`RenderError::Gl`].
pub(super) fn gl_err(e: impl std::fmt::Display) -> RenderError {
    RenderError::Gl(e.to_string())
}
