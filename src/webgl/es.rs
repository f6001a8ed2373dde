//! The GLSL `300 es` variants of the desktop's shaders (`shaders/*.vert|frag`, `#version 330
//! core`), made at run time from the same sources, so a shader is written once and a modder's
//! override works in both builds. Pure text: compiled (and tested) on every target.
//!
//! What changes: the `#version` line becomes `#version 300 es`, followed by default precisions
//! (fragment shaders have no default float precision in GLSL ES, and neither stage has one for
//! `sampler2DArray`), then the caller's `#define` lines. Everything else the sources use
//! (`in`/`out`, `texture`, `textureSize`, `gl_PointCoord`, `gl_PointSize`, `uniform bool`) is
//! GLSL ES 3.00 already.

/// What follows `#version 300 es` in every converted shader: highp everywhere (WebGL2
/// guarantees highp in both stages), for the types whose default precision GLSL ES leaves out.
pub const PRECISION: &str = "precision highp float;\nprecision highp int;\n\
                             precision highp sampler2D;\nprecision highp sampler2DArray;\n";

/// Desktop-only words that WebGL2 refuses and the conversion does not rewrite: a source using
/// one fails to compile in the browser (the driver's log names it). The shipped sources use
/// none (the test checks).
pub const DESKTOP_ONLY: [&str; 6] = [
    "texture2D",
    "gl_FragColor",
    "#version 330",
    "layout(location",
    "sampler1D",
    "gl_FragData",
];

/// `source` (a `#version 330 core` shader) as GLSL `300 es`, with `defines` (whole lines, e.g.
/// `"#define CHAOS\n"`, or empty) after the version and precision lines. A source with no
/// `#version` line gets one at the top; any text before it is kept after the new header only
/// if it is blank.
pub fn to_es(source: &str, defines: &str) -> String {
    let body = match source.find("#version") {
        Some(start) if source[..start].trim().is_empty() => source[start..]
            .find('\n')
            .map_or("", |i| &source[start + i + 1..]),
        _ => source,
    };
    format!("#version 300 es\n{PRECISION}{defines}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every shader under `shaders/` (read now, so a new one is covered), name and text.
    fn shipped() -> Vec<(String, String)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("shaders");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .expect("the shaders directory")
            .map(|e| e.expect("a directory entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "vert" || x == "frag"))
            .map(|p| {
                let text = std::fs::read_to_string(&p).expect("a UTF-8 shader");
                (p.display().to_string(), text)
            })
            .collect();
        files.sort();
        files
    }

    #[test]
    fn every_shipped_shader_converts_to_what_webgl2_needs() {
        let files = shipped();
        assert!(files.len() >= 7, "{files:?}");
        for (name, source) in files {
            for defines in ["", "#define CHAOS\n#define CONFUSE\n"] {
                let es = to_es(&source, defines);
                let mut lines = es.lines();
                assert_eq!(lines.next(), Some("#version 300 es"), "{name}");
                let versions = es
                    .lines()
                    .filter(|l| l.trim_start().starts_with("#version"));
                assert_eq!(versions.count(), 1, "{name}: one version line");
                if name.ends_with(".frag") {
                    assert!(es.contains("precision highp float;"), "{name}");
                }
                if es.contains("sampler2DArray ") {
                    assert!(es.contains("precision highp sampler2DArray;"), "{name}");
                }
                for word in DESKTOP_ONLY {
                    assert!(!es.contains(word), "{name}: {word}");
                }
                let head: Vec<&str> = es.lines().take_while(|l| !l.is_empty()).collect();
                for define in defines.lines() {
                    assert!(head.contains(&define), "{name}: {define} not in the header");
                }
                // Nothing of the body is lost.
                assert!(es.contains(source.lines().last().unwrap_or("")), "{name}");
                assert!(es.contains("void main()"), "{name}");
            }
        }
    }

    #[test]
    fn a_source_without_a_version_line_gets_one_first() {
        let es = to_es("void main() {}\n", "#define X\n");
        assert!(es.starts_with("#version 300 es\nprecision highp float;"));
        assert!(es.ends_with("#define X\nvoid main() {}\n"));
        // Text before `#version` that is not blank is not a header: kept whole.
        let odd = "int a;\n#version 330 core\n";
        assert!(to_es(odd, "").ends_with(odd));
        // Only the version line is dropped; the line after it stays.
        assert_eq!(
            to_es("\n#version 330 core\nin vec2 a;", ""),
            format!("#version 300 es\n{PRECISION}in vec2 a;")
        );
    }
}
