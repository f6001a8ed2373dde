//! The WebGL2 programs: the desktop's shader sources from [`Assets`], converted by
//! [`super::es`], compiled and linked with fixed attribute locations (so one vertex-array
//! layout serves every sprite program), and their uniform locations.

use super::es::to_es;
use crate::assets::Assets;
use anyhow::{anyhow, Context as _};
use glow::HasContext as _;

/// Attribute locations, the same in every program (bound before linking).
pub const ATTRIBUTES: [(&str, u32); 7] = [
    ("corner", 0),
    ("i_rect", 1),
    ("i_uv", 2),
    ("i_color", 3),
    ("i_layer", 4),
    ("p_source", 1),
    ("p_target", 2),
];

/// A linked program and the locations of the uniforms the renderer sets (a uniform the
/// program does not use has none; setting it is then a no-op).
pub struct Program {
    /// The program.
    pub program: glow::Program,
    uniforms: Vec<(&'static str, Option<glow::UniformLocation>)>,
}

impl Program {
    /// The location of uniform `name` (one of those given to [`build`]).
    pub fn uniform(&self, name: &str) -> Option<&glow::UniformLocation> {
        self.uniforms
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, l)| l.as_ref())
    }
}

/// The text of the asset `name` (`"shaders/sprite.vert"`).
fn source(assets: &Assets, name: &str) -> anyhow::Result<String> {
    let asset = assets
        .get(name)
        .ok_or_else(|| anyhow!("{name}: no such asset"))?;
    String::from_utf8(asset.bytes.into_owned())
        .with_context(|| format!("{}: not UTF-8", asset.origin.display()))
}

/// Compiles `shaders/<vert>.vert` and `shaders/<frag>.frag` of `assets` as GLSL ES with
/// `defines` (see [`to_es`]), links them, and looks up `uniforms`.
///
/// # Errors
/// A missing or non-UTF-8 source; WebGL2's compile or link log, naming the files and defines.
pub fn build(
    gl: &glow::Context,
    assets: &Assets,
    [vert, frag]: [&str; 2],
    defines: &str,
    uniforms: &[&'static str],
) -> anyhow::Result<Program> {
    let names = [
        format!("shaders/{vert}.vert"),
        format!("shaders/{frag}.frag"),
    ];
    let what = format!("{} + {} {}", names[0], names[1], defines.replace('\n', " "));
    let sources = [source(assets, &names[0])?, source(assets, &names[1])?];
    // SAFETY: object creation and queries on the renderer's own context; every object made
    // here is deleted here or owned by the returned program.
    unsafe {
        let program = gl.create_program().map_err(|e| anyhow!("{what}: {e}"))?;
        let mut shaders = Vec::new();
        for (kind, (name, text)) in [glow::VERTEX_SHADER, glow::FRAGMENT_SHADER]
            .into_iter()
            .zip(names.iter().zip(&sources))
        {
            let shader = gl.create_shader(kind).map_err(|e| anyhow!("{name}: {e}"))?;
            gl.shader_source(shader, &to_es(text, defines));
            gl.compile_shader(shader);
            if !gl.get_shader_compile_status(shader) {
                let log = gl.get_shader_info_log(shader);
                gl.delete_shader(shader);
                gl.delete_program(program);
                anyhow::bail!("{name} ({what}) does not compile in WebGL2: {log}");
            }
            gl.attach_shader(program, shader);
            shaders.push(shader);
        }
        for (name, location) in ATTRIBUTES {
            gl.bind_attrib_location(program, location, name);
        }
        gl.link_program(program);
        for shader in shaders {
            gl.detach_shader(program, shader);
            gl.delete_shader(shader);
        }
        if !gl.get_program_link_status(program) {
            let log = gl.get_program_info_log(program);
            gl.delete_program(program);
            anyhow::bail!("{what} does not link in WebGL2: {log}");
        }
        let uniforms = uniforms
            .iter()
            .map(|&name| (name, gl.get_uniform_location(program, name)))
            .collect();
        Ok(Program { program, uniforms })
    }
}
