//! The post-processing effects (LearnOpenGL "2D game → Postprocessing": shake, confuse, chaos):
//! which a frame needs, the shaken viewport, and one compiled variant of `shaders/post.*` per
//! combination of confuse and chaos (drawn by `src/render/post_frame.rs`).
//!
//! Why variants instead of uniform `bool`s: a software rasteriser (Mesa llvmpipe, what this
//! project's CI and screenshots run on) executes both sides of a branch on a uniform, so the
//! 9-tap kernel behind `if (chaos || shake)` cost every frame (measured: the whole post pass took
//! ~6 ms of a 13 ms frame with no effect on). Each variant contains only the code of its
//! effects; with neither effect the renderer draws no effect at all, and shake only moves the
//! viewport ([`shaken`]).

use super::loading::load_source;
use super::patches::{swirl_shift, Mapping};
use super::RenderError;
use crate::assets::Assets;
use crate::playfield::PLAYFIELD_WIDTH;
use crate::view::PostEffects;
use glium::backend::Facade;
use glium::{Program, Rect};

/// The effects one post-processing variant applies; the key of [`PostPrograms`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PostVariant {
    /// Edges (and the swirl, see [`Mapping::Swirl`]).
    pub chaos: bool,
    /// Inverted colours (and, without chaos, the flip both ways, see [`Mapping::Flip`]).
    pub confuse: bool,
}

impl PostVariant {
    /// All four variants, in [`PostVariant::index`] order (the first, no effect, is a copy).
    pub const ALL: [PostVariant; 4] = [
        PostVariant {
            chaos: false,
            confuse: false,
        },
        PostVariant {
            chaos: true,
            confuse: false,
        },
        PostVariant {
            chaos: false,
            confuse: true,
        },
        PostVariant {
            chaos: true,
            confuse: true,
        },
    ];

    /// The variant a frame with `effects` needs; `None` when neither confuse nor chaos is on,
    /// so the frame needs no post-processing at all (shake alone moves the picture instead, see
    /// [`shaken`]).
    pub fn for_effects(effects: &PostEffects) -> Option<PostVariant> {
        let variant = PostVariant {
            chaos: effects.chaos,
            confuse: effects.confuse,
        };
        (variant.chaos || variant.confuse).then_some(variant)
    }

    /// Position in [`PostVariant::ALL`].
    pub fn index(self) -> usize {
        usize::from(self.chaos) | usize::from(self.confuse) << 1
    }

    /// Where this variant's pixels read the scene from, at `time` (seconds) in a frame of
    /// `size` texels: chaos swirls (also with confuse, as LearnOpenGL's vertex shader does),
    /// confuse alone flips.
    pub fn mapping(self, time: f32, size: (u32, u32)) -> Mapping {
        if self.chaos {
            Mapping::Swirl(swirl_shift(time, size))
        } else {
            Mapping::Flip
        }
    }

    /// The preprocessor lines that select this variant in `shaders/post.*`.
    pub fn defines(self) -> String {
        [
            (self.chaos, "#define CHAOS\n"),
            (self.confuse, "#define CONFUSE\n"),
        ]
        .iter()
        .filter(|(on, _)| *on)
        .map(|(_, line)| *line)
        .collect()
    }
}

/// Largest shift of the picture in a shake, playfield pixels: as far as LearnOpenGL's jitter of
/// 0.01 in clip space each way (±4 px at 800 px wide), but all on one side of the rest position
/// (GL viewports cannot start left of or below the window's corner).
pub const SHAKE_SHIFT: f32 = 8.0;

/// `rect` (a viewport, physical pixels, origin bottom-left) moved by this frame's shake: right
/// and up by 0 to [`SHAKE_SHIFT`] playfield pixels (scaled to `rect`), swinging with time at
/// 10 and 15 radians per second (LearnOpenGL's jitter); `rect` itself without a shake. Why a
/// shifted viewport rather than LearnOpenGL's blurred, jittered pass: on a software rasteriser
/// the pass cost about two plain frames (docs/rendering.md); the picture moving is the shake a
/// player sees.
pub fn shaken(rect: Rect, effects: &PostEffects) -> Rect {
    if effects.shake <= 0.0 {
        return rect;
    }
    let scale = rect.width as f32 / PLAYFIELD_WIDTH;
    let swing = |hz: f32| {
        let t = (1.0 + (effects.time * hz).cos()) / 2.0;
        (t * SHAKE_SHIFT * effects.shake.min(1.0) * scale).round() as u32
    };
    Rect {
        left: rect.left + swing(10.0),
        bottom: rect.bottom + swing(15.0),
        ..rect
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
    fn no_effect_and_shake_alone_need_no_pass() {
        assert_eq!(PostVariant::for_effects(&PostEffects::default()), None);
        let shake = PostEffects {
            shake: 0.5,
            ..Default::default()
        };
        assert_eq!(PostVariant::for_effects(&shake), None);
        let confused = PostEffects {
            confuse: true,
            ..shake
        };
        assert_eq!(
            PostVariant::for_effects(&confused),
            Some(PostVariant {
                confuse: true,
                chaos: false,
            })
        );
    }

    #[test]
    fn chaos_swirls_with_or_without_confuse_and_confuse_alone_flips() {
        let size = (800, 600);
        for confuse in [false, true] {
            let chaos = PostVariant {
                chaos: true,
                confuse,
            };
            assert_eq!(chaos.mapping(0.0, size), Mapping::Swirl((0, 420)));
        }
        let confuse = PostVariant {
            chaos: false,
            confuse: true,
        };
        assert_eq!(confuse.mapping(0.0, size), Mapping::Flip);
    }

    #[test]
    fn a_shake_moves_the_viewport_right_and_up_within_its_reach() {
        let rect = Rect {
            left: 10,
            bottom: 20,
            width: 1600,
            height: 1200,
        };
        assert_eq!(shaken(rect, &PostEffects::default()), rect);
        let mut moved = 0;
        for i in 0..100 {
            let effects = PostEffects {
                shake: 1.0,
                time: i as f32 * 0.013,
                ..Default::default()
            };
            let s = shaken(rect, &effects);
            assert_eq!((s.width, s.height), (rect.width, rect.height));
            let reach = (SHAKE_SHIFT * 2.0) as u32; // twice the playfield's scale
            assert!((rect.left..=rect.left + reach).contains(&s.left), "{s:?}");
            assert!(
                (rect.bottom..=rect.bottom + reach).contains(&s.bottom),
                "{s:?}"
            );
            moved += (s != rect) as u32;
        }
        assert!(moved > 80, "it does shake: {moved}");
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
            confuse: true,
        };
        assert_eq!(v.defines(), "#define CHAOS\n#define CONFUSE\n");
        assert_eq!(PostVariant::default().defines(), "");
    }
}
