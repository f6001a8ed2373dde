//! The post-processing programs: one compiled variant of `shaders/post.*` per combination of
//! effects (LearnOpenGL "2D game → Postprocessing": shake, confuse, chaos).
//!
//! Why variants instead of uniform `bool`s: a software rasteriser (Mesa llvmpipe, what this
//! project's CI and screenshots run on) executes both sides of a branch on a uniform, so the
//! 9-tap kernel behind `if (chaos || shake)` cost every frame (measured: the whole post pass took
//! ~6 ms of a 13 ms frame with no effect on). Each variant contains only the code of its
//! effects; with no effect at all the renderer skips the pass entirely.

use super::loading::load_source;
use super::sprite::PostEffects;
use super::RenderError;
use crate::assets::Assets;
use glium::backend::Facade;
use glium::Program;

/// The effects one post-processing variant applies; the key of [`PostPrograms`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PostVariant {
    /// Edge-detection kernel and swirling texture coordinates.
    pub chaos: bool,
    /// Inverted colours, texture coordinates flipped both ways.
    pub confuse: bool,
    /// Blur kernel (unless `chaos`, whose kernel wins) and a jittering quad.
    pub shake: bool,
}

impl PostVariant {
    /// All eight variants, in [`PostVariant::index`] order.
    pub const ALL: [PostVariant; 8] = {
        let mut all = [PostVariant {
            chaos: false,
            confuse: false,
            shake: false,
        }; 8];
        let mut i = 0;
        while i < 8 {
            all[i] = PostVariant {
                chaos: i & 1 != 0,
                confuse: i & 2 != 0,
                shake: i & 4 != 0,
            };
            i += 1;
        }
        all
    };

    /// The variant a frame with `effects` needs; `None` when no effect is on, so the frame needs
    /// no post pass at all.
    pub fn for_effects(effects: &PostEffects) -> Option<PostVariant> {
        let variant = PostVariant {
            chaos: effects.chaos,
            confuse: effects.confuse,
            shake: effects.shake > 0.0,
        };
        (variant != PostVariant::default()).then_some(variant)
    }

    /// Position in [`PostVariant::ALL`].
    pub fn index(self) -> usize {
        usize::from(self.chaos) | usize::from(self.confuse) << 1 | usize::from(self.shake) << 2
    }

    /// The preprocessor lines that select this variant in `shaders/post.*`.
    pub fn defines(self) -> String {
        [
            (self.chaos, "#define CHAOS\n"),
            (self.confuse, "#define CONFUSE\n"),
            (self.shake, "#define SHAKE\n"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, line)| *line)
        .collect()
    }
}

/// Inserts `defines` after the `#version` line of a GLSL `source` (GLSL requires `#version`
/// first), or at the very start if there is none.
pub fn with_defines(source: &str, defines: &str) -> String {
    let split = match source.find("#version") {
        Some(start) if source[..start].trim().is_empty() => source[start..]
            .find('\n')
            .map_or(source.len(), |i| start + i + 1),
        _ => 0,
    };
    let (head, tail) = source.split_at(split);
    let newline = if head.is_empty() || head.ends_with('\n') {
        ""
    } else {
        "\n"
    };
    format!("{head}{newline}{defines}{tail}")
}

/// Every post-processing variant, compiled at start-up (a broken shader fails at once, not when
/// a power-up is first caught).
pub struct PostPrograms {
    programs: Vec<Program>,
}

impl PostPrograms {
    /// Compiles `shaders/post.vert` and `post.frag` of `assets` once per [`PostVariant`].
    ///
    /// # Errors
    /// [`RenderError::Read`] naming a file that is not UTF-8, [`RenderError::Shader`] with the
    /// driver's log (and the variant's defines) if a variant fails to build.
    pub fn new(facade: &impl Facade, assets: &Assets) -> Result<PostPrograms, RenderError> {
        let (vertex, vert_path) = load_source(assets, "shaders/post.vert")?;
        let (fragment, frag_path) = load_source(assets, "shaders/post.frag")?;
        let programs = PostVariant::ALL
            .iter()
            .map(|variant| {
                let defines = variant.defines();
                Program::from_source(
                    facade,
                    &with_defines(&vertex, &defines),
                    &with_defines(&fragment, &defines),
                    None,
                )
                .map_err(|source| RenderError::Shader {
                    vertex: vert_path.clone(),
                    fragment: frag_path.clone(),
                    defines: defines
                        .lines()
                        .map(|line| line.trim_start_matches("#define "))
                        .collect::<Vec<_>>()
                        .join(" "),
                    source,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(PostPrograms { programs })
    }

    /// The program of `variant`.
    pub fn get(&self, variant: PostVariant) -> &Program {
        &self.programs[variant.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_have_distinct_indices_in_order() {
        for (i, variant) in PostVariant::ALL.iter().enumerate() {
            assert_eq!(variant.index(), i);
        }
    }

    #[test]
    fn no_effect_needs_no_pass() {
        assert_eq!(PostVariant::for_effects(&PostEffects::default()), None);
        let shake = PostEffects {
            shake: 0.5,
            ..Default::default()
        };
        assert_eq!(
            PostVariant::for_effects(&shake),
            Some(PostVariant {
                shake: true,
                ..Default::default()
            })
        );
    }

    #[test]
    fn defines_go_after_the_version_line() {
        let src = "#version 330 core\nvoid main() {}\n";
        let out = with_defines(src, "#define CHAOS\n");
        assert_eq!(out, "#version 330 core\n#define CHAOS\nvoid main() {}\n");
        assert_eq!(
            with_defines("void main() {}", "#define X\n"),
            "#define X\nvoid main() {}"
        );
        assert_eq!(
            with_defines("#version 330 core", "#define X\n"),
            "#version 330 core\n#define X\n"
        );
    }

    #[test]
    fn defines_name_exactly_the_effects_on() {
        let v = PostVariant {
            chaos: true,
            confuse: false,
            shake: true,
        };
        assert_eq!(v.defines(), "#define CHAOS\n#define SHAKE\n");
        assert_eq!(PostVariant::default().defines(), "");
    }
}
