//! The architecture of `docs/architecture.md`, enforced (in the spirit of rust-analyzer's
//! `tidy.rs`): this test reads every file under `src/` (the game) and `core/src/` (the
//! `breakout-core` crate, whose top-level modules are the bottom layers) and fails on
//!
//! 1. **an import that runs back up a layer**: a `crate::` path (or a `super::` path that leaves
//!    its top-level module) naming a top-level module its own may not use ([`MAY_IMPORT`]), in
//!    code and test modules alike;
//! 2. **a file cycle inside a module**: two or more files of one top-level module that reach
//!    each other through their imports (a directory's `mod.rs`, the module's facade, is left
//!    out: its re-exports are followed to the file that defines the item);
//! 3. **a source file over [`MAX_LINES`] lines**, not counting its `#[cfg(test)]` modules (files
//!    of tests alone, `tests.rs` and `*_tests.rs`, are exempt).
//!
//! Each failure names the rule, the file and the line. Comments, strings and character literals
//! are skipped before the paths are read, so a doc link is not an import.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Longest a source file may be, lines of code (tests not counted).
const MAX_LINES: usize = 600;

/// The layers: which top-level modules each top-level module may import. Anything not listed
/// is forbidden; `main.rs` (the binary) may use everything. The order is bottom-up, as
/// `docs/architecture.md` draws it.
const MAY_IMPORT: &[(&str, &[&str])] = &[
    ("playfield", &[]),
    ("collision", &[]),
    ("bindings", &[]),
    ("files", &[]),
    ("user_dirs", &[]),
    ("level", &["playfield"]),
    ("import", &["level", "playfield"]),
    ("sim", &["collision", "level", "playfield"]),
    ("replay", &["collision", "files", "level", "sim"]),
    ("probe", &["collision", "files", "playfield", "sim"]),
    ("editor", &["level", "files", "playfield"]),
    (
        "assets",
        &["import", "level", "files", "playfield", "user_dirs"],
    ),
    ("highscores", &["assets", "files", "level", "user_dirs"]),
    (
        "config",
        &[
            "bindings",
            "collision",
            "files",
            "level",
            "sim",
            "user_dirs",
        ],
    ),
    (
        "effects",
        &["assets", "config", "level", "playfield", "sim"],
    ),
    ("audio", &["assets", "config", "level", "sim"]),
    (
        "view",
        &[
            "assets",
            "bindings",
            "collision",
            "config",
            "editor",
            "effects",
            "highscores",
            "level",
            "playfield",
            "probe",
            "sim",
        ],
    ),
    (
        "render",
        &[
            "assets",
            "collision",
            "config",
            "editor",
            "effects",
            "level",
            "playfield",
            "sim",
            "view",
        ],
    ),
    (
        "commands",
        &[
            "assets",
            "collision",
            "config",
            "effects",
            "highscores",
            "import",
            "level",
            "playfield",
            "replay",
            "sim",
            "view",
        ],
    ),
    (
        "cli",
        &[
            "assets",
            "collision",
            "commands",
            "config",
            "import",
            "level",
            "replay",
            "sim",
        ],
    ),
    (
        "app",
        &[
            "assets",
            "audio",
            "bindings",
            "cli",
            "collision",
            "commands",
            "config",
            "editor",
            "effects",
            "files",
            "highscores",
            "import",
            "level",
            "playfield",
            "probe",
            "render",
            "replay",
            "sim",
            "user_dirs",
            "view",
        ],
    ),
];

/// One source file, read.
struct SourceFile {
    /// Path relative to the crate root, `/`-separated (`core/src/sim/motion.rs`).
    name: String,
    /// Its module path (`["sim", "motion"]`; `["sim"]` for `core/src/sim/mod.rs`).
    module: Vec<String>,
    /// True for a directory's `mod.rs` (and `lib.rs`).
    is_facade: bool,
    /// Its text with comments, strings and character literals blanked (line breaks kept).
    code: String,
    /// Its text as written.
    text: String,
}

/// The modules of the `breakout-core` crate (`core/src/`); the game re-exports them under the
/// same names, so `crate::sim` means the same module on both sides.
const CORE_MODULES: &[&str] = &[
    "playfield",
    "collision",
    "files",
    "level",
    "import",
    "sim",
    "replay",
    "probe",
];

/// Every source file of both crates, sorted by path; a file of the core has the module path
/// it would have in one crate (`core/src/sim/motion.rs` is `["sim", "motion"]`).
fn src_files() -> Vec<SourceFile> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    collect(&root.join("src"), &mut paths);
    collect(&root.join("core/src"), &mut paths);
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let rel = path.strip_prefix(root).unwrap();
            let name = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            let mut module: Vec<String> = name
                .trim_start_matches("core/")
                .trim_start_matches("src/")
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_string)
                .collect();
            let is_facade = matches!(module.last().map(String::as_str), Some("mod" | "lib"));
            if is_facade {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            SourceFile {
                name,
                module,
                is_facade,
                code: blank_comments_and_literals(&text),
                text,
            }
        })
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `text` with every comment, string literal (raw ones included) and character literal
/// replaced by spaces, line breaks kept, so lines and columns still match.
fn blank_comments_and_literals(text: &str) -> String {
    let b: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && (next == Some('"') || next == Some('#'))
            && !b
                .get(i.wrapping_sub(1))
                .is_some_and(|p| p.is_alphanumeric() || *p == '_')
        {
            // A raw string r"…" or r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            loop {
                if j >= b.len() {
                    break;
                }
                if b[j] == '"' && (0..hashes).all(|k| b.get(j + 1 + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break;
                }
                j += 1;
            }
            for &ch in &b[i..j.min(b.len())] {
                out.push(blank(ch));
            }
            i = j;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < b.len() && b[i] != '"' {
                if b[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < b.len() {
                    out.push(blank(b[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && (b.get(i + 2) == Some(&'\'') || next == Some('\\')) {
            // A character literal ('x', '\n', '\u{..}'); a lifetime ('a) has no closing quote.
            let mut j = i + 1;
            while j < b.len() && b[j] != '\'' {
                if b[j] == '\\' {
                    j += 1;
                }
                j += 1;
            }
            for _ in i..=j.min(b.len() - 1) {
                out.push(' ');
            }
            i = j + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// A path one file names: the module path it resolves to (from the crate root), and its line.
struct Reference {
    line: usize,
    path: Vec<String>,
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Every `crate::…`, `super::…` and `self::…` path in `file`'s code, use trees expanded,
/// resolved against the module each occurrence is in (inline `mod name { … }` included).
fn references(file: &SourceFile) -> Vec<Reference> {
    let code: Vec<char> = file.code.chars().collect();
    let mut out = Vec::new();
    // The inline modules open at each brace depth.
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0usize;
    let mut line = 1;
    let mut i = 0;
    let mut pending_mod: Option<String> = None;
    while i < code.len() {
        let c = code[i];
        if c == '\n' {
            line += 1;
        }
        if c == '{' {
            depth += 1;
            if let Some(name) = pending_mod.take() {
                inline.push((depth, name));
            }
            i += 1;
            continue;
        }
        if c == '}' {
            if inline.last().is_some_and(|(d, _)| *d == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            i += 1;
            continue;
        }
        if c == ';' {
            pending_mod = None;
        }
        if is_ident(c) && (i == 0 || !is_ident(code[i - 1]) && code[i - 1] != ':') {
            let start = i;
            while i < code.len() && is_ident(code[i]) {
                i += 1;
            }
            let word: String = code[start..i].iter().collect();
            if word == "mod" {
                let mut j = i;
                while j < code.len() && code[j].is_whitespace() {
                    j += 1;
                }
                let name_start = j;
                while j < code.len() && is_ident(code[j]) {
                    j += 1;
                }
                pending_mod = Some(code[name_start..j].iter().collect());
                continue;
            }
            if matches!(word.as_str(), "crate" | "super" | "self")
                && code.get(i) == Some(&':')
                && code.get(i + 1) == Some(&':')
            {
                let mut here = file.module.clone();
                here.extend(inline.iter().map(|(_, n)| n.clone()));
                let (paths, end) = use_tree(&code, start);
                for p in paths {
                    if let Some(path) = resolve(&here, &p) {
                        out.push(Reference { line, path });
                    }
                }
                // Count the line breaks a multi-line use tree spans.
                line += code[i..end].iter().filter(|&&c| c == '\n').count();
                i = end;
            }
            continue;
        }
        i += 1;
    }
    out
}

/// The paths of the use tree (or plain path) starting at `start`, each a list of segments
/// beginning with `crate`, `super` or `self`; and where it ends.
fn use_tree(code: &[char], start: usize) -> (Vec<Vec<String>>, usize) {
    let mut paths = Vec::new();
    let end = tree(code, start, Vec::new(), &mut paths);
    (paths, end)
}

fn tree(code: &[char], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let skip_ws = |i: &mut usize| {
        while *i < code.len() && code[*i].is_whitespace() {
            *i += 1;
        }
    };
    let mut path = prefix;
    loop {
        skip_ws(&mut i);
        if code.get(i) == Some(&'{') {
            i += 1;
            loop {
                skip_ws(&mut i);
                if code.get(i) == Some(&'}') {
                    return i + 1;
                }
                i = tree(code, i, path.clone(), out);
                skip_ws(&mut i);
                match code.get(i) {
                    Some(',') => i += 1,
                    Some('}') => return i + 1,
                    _ => return i,
                }
            }
        }
        let start = i;
        while i < code.len() && is_ident(code[i]) {
            i += 1;
        }
        if i == start {
            // `*` or the end of the path.
            if code.get(i) == Some(&'*') {
                i += 1;
            }
            out.push(path);
            return i;
        }
        path.push(code[start..i].iter().collect());
        if code.get(i) == Some(&':') && code.get(i + 1) == Some(&':') {
            i += 2;
        } else {
            out.push(path);
            return i;
        }
    }
}

/// The module path `path` (starting `crate`, `super` or `self`) names from module `here`.
fn resolve(here: &[String], path: &[String]) -> Option<Vec<String>> {
    let mut base: Vec<String> = here.to_vec();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            base.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        _ => {}
    }
    while rest.first().is_some_and(|s| s == "super") {
        base.pop()?;
        rest = &rest[1..];
    }
    base.extend(rest.iter().filter(|s| *s != "self").cloned());
    Some(base)
}

#[test]
fn no_import_runs_back_up_a_layer() {
    let allowed: BTreeMap<&str, &[&str]> = MAY_IMPORT.iter().copied().collect();
    let files = src_files();
    let top_modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| f.module.first().cloned())
        .collect();
    let mut problems = Vec::new();
    for file in &files {
        let Some(own) = file.module.first() else {
            continue; // lib.rs declares the modules
        };
        if own == "main" {
            continue; // the binary may use every layer
        }
        let Some(may) = allowed.get(own.as_str()) else {
            problems.push(format!(
                "{}: module `{own}` has no row in MAY_IMPORT (tests/architecture.rs) and \
                 docs/architecture.md: say which layers it may import",
                file.name
            ));
            continue;
        };
        let mut seen = BTreeSet::new();
        for r in references(file) {
            let Some(target) = r.path.first() else {
                continue;
            };
            if target == own
                || !top_modules.contains(target)
                || !seen.insert((r.line, target.clone()))
            {
                continue;
            }
            if !may.contains(&target.as_str()) {
                let source_line = file.text.lines().nth(r.line - 1).unwrap_or("").trim();
                problems.push(format!(
                    "{}:{}: `{own}` may not import `{target}` (an import that runs back up a \
                     layer; `{own}` may import: {}): {source_line}",
                    file.name,
                    r.line,
                    if may.is_empty() {
                        "nothing".to_string()
                    } else {
                        may.join(", ")
                    }
                ));
            }
        }
    }
    assert!(
        problems.is_empty(),
        "layering rule (docs/architecture.md, \"Layers\"):\n{}",
        problems.join("\n")
    );
}

/// Where each item a facade (`mod.rs`) re-exports comes from: `module path of the facade + item
/// name` → the path it names.
fn re_exports(files: &[SourceFile]) -> BTreeMap<Vec<String>, Vec<String>> {
    let mut map = BTreeMap::new();
    for file in files.iter().filter(|f| f.is_facade) {
        let code: Vec<char> = file.code.chars().collect();
        let text: String = code.iter().collect();
        let mut from = 0;
        while let Some(at) = text[from..].find("pub use ") {
            let start = from + at + "pub use ".len();
            // A facade's `pub use child::…` names a child; `pub use crate::…` a path.
            let (paths, end) = {
                let mut paths = Vec::new();
                let end = tree(&code, start, vec!["self".to_string()], &mut paths);
                (paths, end)
            };
            for p in paths {
                // Renames (`x as y`) are rare in facades; the item keeps its last segment.
                let p: Vec<String> = if p.get(1).is_some_and(|s| s == "crate") {
                    p[1..].to_vec()
                } else {
                    p
                };
                if let (Some(item), Some(target)) = (p.last(), resolve(&file.module, &p)) {
                    let mut key = file.module.clone();
                    key.push(item.clone());
                    map.insert(key, target);
                }
            }
            from = end.max(start);
        }
    }
    map
}

/// The file (index into `files`) that defines what `path` names: the longest prefix of it that
/// is a file, re-exports of facades followed.
fn defining_file(
    path: &[String],
    files: &[SourceFile],
    by_module: &BTreeMap<Vec<String>, usize>,
    exports: &BTreeMap<Vec<String>, Vec<String>>,
) -> Option<usize> {
    let mut path = path.to_vec();
    for _ in 0..8 {
        let n = (1..=path.len())
            .rev()
            .find(|&n| by_module.contains_key(&path[..n]))?;
        let file = by_module[&path[..n]];
        if !files[file].is_facade || n == path.len() {
            return Some(file);
        }
        match exports.get(&path[..=n]) {
            Some(target) => {
                let mut next = target.clone();
                next.extend(path[n + 1..].iter().cloned());
                path = next;
            }
            None => return Some(file),
        }
    }
    None
}

/// The core crate is where the shell says it is: every module of [`CORE_MODULES`] lives in
/// `core/src/` and none in `src/`, and nothing in `core/src/` is outside that list.
#[test]
fn the_core_modules_live_in_the_core_crate() {
    let mut problems = Vec::new();
    for file in src_files() {
        let Some(own) = file.module.first() else {
            continue;
        };
        let in_core = file.name.starts_with("core/");
        if in_core != CORE_MODULES.contains(&own.as_str()) {
            problems.push(format!(
                "{}: module `{own}` is {} but CORE_MODULES says {}",
                file.name,
                if in_core {
                    "in the core crate"
                } else {
                    "in the game"
                },
                if in_core {
                    "it is not a core module"
                } else {
                    "it is one"
                }
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Crates the core may not depend on, directly or not: no window, GL, audio, gamepad, command
/// line, file watching, thread pool or user directories (issue 33; `docs/architecture.md`).
const NOT_IN_THE_CORE: &[&str] = &[
    "glium",
    "glutin",
    "glutin-winit",
    "winit",
    "glow",
    "rodio",
    "cpal",
    "alsa",
    "alsa-sys",
    "gilrs",
    "clap",
    "notify",
    "rayon",
    "directories",
    "image",
    "ab_glyph",
];

/// `cargo tree -p breakout-core` (normal dependencies, this host's target) names none of
/// [`NOT_IN_THE_CORE`], and does name what the core is built on (so an empty answer fails).
#[test]
fn the_core_depends_on_no_window_audio_or_cli_crate() {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "tree",
            "--offline",
            "-p",
            "breakout-core",
            "-e",
            "normal",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let names: BTreeSet<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for needed in ["breakout-core", "glam", "libm"] {
        assert!(names.contains(needed), "cargo tree lacks {needed}:\n{text}");
    }
    let bad: Vec<&&str> = NOT_IN_THE_CORE
        .iter()
        .filter(|n| names.contains(**n))
        .collect();
    assert!(bad.is_empty(), "the core depends on {bad:?}:\n{text}");
}

#[test]
fn no_file_cycle_inside_a_module() {
    let files = src_files();
    let by_module: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.module.clone(), i))
        .collect();
    let exports = re_exports(&files);
    // edges[a][b] = the first line of a that reaches b
    let mut edges: BTreeMap<usize, BTreeMap<usize, usize>> = BTreeMap::new();
    for (a, file) in files.iter().enumerate() {
        if file.is_facade || file.module.first().is_none_or(|m| m == "main") {
            continue;
        }
        for r in references(file) {
            let Some(b) = defining_file(&r.path, &files, &by_module, &exports) else {
                continue;
            };
            let same_top = files[b].module.first() == file.module.first();
            if b != a && !files[b].is_facade && same_top {
                edges.entry(a).or_default().entry(b).or_insert(r.line);
            }
        }
    }
    let cycles = strongly_connected(files.len(), &edges);
    let mut problems = Vec::new();
    for scc in cycles.iter().filter(|c| c.len() > 1) {
        let members: BTreeSet<usize> = scc.iter().copied().collect();
        let mut lines = Vec::new();
        for &a in scc {
            for (&b, &line) in edges.get(&a).into_iter().flatten() {
                if members.contains(&b) {
                    let source_line = files[a].text.lines().nth(line - 1).unwrap_or("").trim();
                    lines.push(format!(
                        "  {}:{line} reaches {}: {source_line}",
                        files[a].name, files[b].name
                    ));
                }
            }
        }
        problems.push(format!(
            "file cycle among {}:\n{}",
            scc.iter()
                .map(|&i| files[i].name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            lines.join("\n")
        ));
    }
    assert!(
        problems.is_empty(),
        "no-cycle rule (docs/architecture.md, \"Invariants\"): files of one module must not \
         import each other in a circle; move what both need into a file both import:\n{}",
        problems.join("\n")
    );
}

/// Tarjan's strongly connected components of the graph `edges` over `n` nodes.
fn strongly_connected(
    n: usize,
    edges: &BTreeMap<usize, BTreeMap<usize, usize>>,
) -> Vec<Vec<usize>> {
    struct State<'a> {
        edges: &'a BTreeMap<usize, BTreeMap<usize, usize>>,
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State<'_>, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        let targets: Vec<usize> = s
            .edges
            .get(&v)
            .into_iter()
            .flatten()
            .map(|(&w, _)| w)
            .collect();
        for w in targets {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut component = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            s.out.push(component);
        }
    }
    let mut s = State {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out
}

/// Lines of `code` outside `#[cfg(test)]` items (an inline `mod tests { … }` or a `mod tests;`
/// declaration, whose file is then a test file).
fn code_lines(code: &str) -> usize {
    let mut count = 0;
    let mut skipping_from: Option<usize> = None;
    let mut depth = 0usize;
    let mut armed = false;
    for line in code.lines() {
        let trimmed = line.trim();
        if skipping_from.is_none() && trimmed.starts_with("#[cfg(test)]") {
            armed = true;
            continue;
        }
        if armed && skipping_from.is_none() {
            armed = false;
            if trimmed.contains('{') {
                skipping_from = Some(depth);
            } else {
                continue; // a one-line test item
            }
        }
        let opens = line.matches('{').count();
        let closes = line.matches('}').count();
        if let Some(d) = skipping_from {
            depth = depth + opens - closes.min(depth + opens);
            if depth <= d {
                skipping_from = None;
            }
            continue;
        }
        depth = depth + opens - closes.min(depth + opens);
        count += 1;
    }
    count
}

#[test]
fn no_source_file_is_over_the_line_limit() {
    let mut problems = Vec::new();
    for file in src_files() {
        let stem = file.name.rsplit('/').next().unwrap_or("");
        if stem == "tests.rs" || stem.ends_with("_tests.rs") {
            continue;
        }
        let lines = code_lines(&file.code);
        if lines > MAX_LINES {
            problems.push(format!(
                "{}: {lines} lines of code (tests not counted); split it below {MAX_LINES}",
                file.name
            ));
        }
    }
    assert!(
        problems.is_empty(),
        "size rule (docs/architecture.md, \"Invariants\"):\n{}",
        problems.join("\n")
    );
}

/// The reader itself: comments and literals are not paths, `super` inside an inline module is
/// that module's parent, use trees expand.
#[test]
fn the_path_reader_reads_what_rust_means() {
    let text = r##"
//! [`crate::render`] in a doc comment is not an import
use crate::{level::Level, sim::{self, Game}};
const S: &str = "crate::app";
const R: &str = r#"crate::render"#;
mod tests {
    use super::super::audio::Sound;
    fn f<'a>(c: char) -> bool { c == '{' }
}
fn g() { crate::effects::Effects::new(); }
"##;
    let file = SourceFile {
        name: "src/config/x.rs".into(),
        module: vec!["config".into(), "x".into()],
        is_facade: false,
        code: blank_comments_and_literals(text),
        text: text.into(),
    };
    let found: Vec<(usize, String)> = references(&file)
        .into_iter()
        .map(|r| (r.line, r.path.join("::")))
        .collect();
    assert_eq!(
        found,
        [
            (3, "level::Level".to_string()),
            (3, "sim".to_string()),
            (3, "sim::Game".to_string()),
            (7, "config::audio::Sound".to_string()),
            (10, "effects::Effects::new".to_string()),
        ]
    );
    assert_eq!(
        code_lines("fn a() {}\n#[cfg(test)]\nmod t {\n  fn b() {}\n}\nfn c() {}\n"),
        2
    );
}
