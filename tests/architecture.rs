//! The architecture of `docs/architecture.md`, enforced (in the spirit of rust-analyzer's
//! `tidy.rs`): this test reads every file under `src/` (the game) and `core/src/` (the
//! `breakout-core` crate, whose top-level modules are the bottom layers) and fails on
//!
//! 1. **an import that runs back up a layer**: a path naming a top-level module its own may
//!    not use ([`MAY_IMPORT`]; test code may also use [`TESTS_MAY_IMPORT`]);
//! 2. **an allowance no import uses**: [`MAY_IMPORT`] is exactly what the code imports, so what
//!    a layer does not use today it may not start using silently;
//! 3. **a layer table in `docs/architecture.md` that differs from [`MAY_IMPORT`]**;
//! 4. **a cycle inside a module**: files (a directory's `mod.rs` and a parent file with a child
//!    directory included) that reach each other through their paths, or sub-directories of one
//!    module that do (`sim::bricks` → `sim::powerups` → `sim::bricks`);
//! 5. **a source file over [`MAX_LINES`] lines of code** and **a function over
//!    [`MAX_FN_LINES`]**, tests not counted, except the functions of [`LONG_BY_NATURE`] and the
//!    counts of [`SHRINKING`], which may only go down.
//!
//! The paths read are `crate::`, `super::` and `self::` paths and bare paths through a child
//! module (`difficulty::scaled_points` in `sim/mod.rs`), in code and test modules alike, use
//! trees expanded with their renames, `#[path]` test files at their real module. Comments,
//! strings and character literals are blanked first, so a doc link is not an import. Each
//! failure names the rule, the file and the line. Every rule has a self-test below that plants
//! a breach in a small source tree and sees it fail.

#[path = "architecture/reader.rs"]
mod reader;

use reader::{code_lines, functions, strongly_connected, test_lines, SourceFile, Tree};
use std::collections::{BTreeMap, BTreeSet};

/// Longest a source file may be, lines of code (tests not counted; comments are, as blanked
/// lines).
const MAX_LINES: usize = 500;

/// Longest a function may be, lines of code from `fn` to its closing brace (blank and comment
/// lines not counted; test code not checked).
const MAX_FN_LINES: usize = 100;

/// Functions allowed over [`MAX_FN_LINES`]: hand-written parsers and writers, each with why it
/// is one function. `file::function`.
const LONG_BY_NATURE: &[(&str, &str)] = &[
    (
        "core/src/level/parse.rs::salvage",
        "a parser: the lenient pass over a level's lines, one arm per kind of line, in order",
    ),
    (
        "core/src/probe/case.rs::parse",
        "a parser: one case file's TOML keys checked in turn, each with its line and column",
    ),
    (
        "src/editor/document.rs::text",
        "a writer: the level file written back line by line, keeping what the author wrote",
    ),
];

/// Files (`file`) and functions (`file::function`) over their limit today, with their count:
/// allowed at or below it while the work that splits them lands. An entry whose file or
/// function is within the limit fails (remove it), so the list only shrinks.
const SHRINKING: &[(&str, usize)] = &[];

/// Cycles found when the cycle rule came to read facades (`mod.rs`) with code, each the files
/// of one: a facade that defines what its children share and also calls into them. Allowed
/// while no new member joins; an entry with no cycle left inside it fails (remove it).
const CYCLES_TO_BREAK: &[&[&str]] = &[
    &[
        "src/app/mod.rs",
        "src/app/pacing.rs",
        "src/app/start.rs",
        "src/app/window.rs",
    ],
    &[
        "src/config/mod.rs",
        "src/config/controls.rs",
        "src/config/lenient.rs",
    ],
    &[
        "src/render/mod.rs",
        "src/render/glyph_texture.rs",
        "src/render/offscreen.rs",
        "src/render/passes.rs",
        "src/render/patches.rs",
        "src/render/post.rs",
        "src/render/post_frame.rs",
        "src/render/still.rs",
    ],
];

/// The layers: which top-level modules each top-level module may import, exactly (an
/// allowance no import uses fails). Anything not listed is forbidden; `main.rs` (the binary)
/// may use everything. The order is bottom-up, as `docs/architecture.md` draws it; its table
/// must say the same.
const MAY_IMPORT: &[(&str, &[&str])] = &[
    ("playfield", &[]),
    ("collision", &[]),
    ("bindings", &[]),
    ("files", &[]),
    ("user_files", &["files"]),
    ("user_dirs", &["user_files"]),
    ("level", &["files", "playfield"]),
    ("import", &["level"]),
    ("sim", &["collision", "level", "playfield"]),
    ("replay", &["collision", "files", "level", "sim"]),
    ("probe", &["collision", "files", "playfield", "sim"]),
    ("editor", &["files", "level"]),
    ("assets", &["files", "import", "level", "user_dirs"]),
    ("highscores", &["files", "user_dirs"]),
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
    ("effects", &["config", "level", "sim"]),
    ("audio", &["assets", "config", "level", "sim"]),
    (
        "view",
        &[
            "assets",
            "collision",
            "editor",
            "effects",
            "level",
            "playfield",
            "probe",
            "sim",
        ],
    ),
    ("render", &["assets", "playfield", "view"]),
    ("webgl", &["assets", "playfield", "view"]),
    (
        "commands",
        &[
            "assets",
            "collision",
            "config",
            "effects",
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
        &["collision", "commands", "config", "import", "level", "sim"],
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
            "level",
            "playfield",
            "probe",
            "render",
            "replay",
            "sim",
            "user_dirs",
            "user_files",
            "view",
            "webgl",
        ],
    ),
];

/// What test code may import beyond [`MAY_IMPORT`] (each used by a test, or it fails).
const TESTS_MAY_IMPORT: &[(&str, &[&str])] = &[("app", &["import"])];

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

type Table<'a> = [(&'a str, &'a [&'a str])];

fn real_tree() -> Tree {
    Tree::new(reader::files_on_disk())
}

/// The layering rule and its exactness: every path to another top-level module is allowed by
/// `may` (or, in test code, by `tests_may`), and every allowance is used by such a path (of
/// code for `may`, of tests alone for `tests_may`).
fn layer_problems(tree: &Tree, may: &Table<'_>, tests_may: &Table<'_>) -> Vec<String> {
    let allowed: BTreeMap<&str, &[&str]> = may.iter().copied().collect();
    let allowed_in_tests: BTreeMap<&str, &[&str]> = tests_may.iter().copied().collect();
    let top_modules: BTreeSet<&str> = tree
        .files
        .iter()
        .filter_map(|f| f.module.first().map(String::as_str))
        .collect();
    let mut used = BTreeSet::new();
    let mut used_in_tests = BTreeSet::new();
    let mut problems = Vec::new();
    for (file, refs) in tree.files.iter().zip(&tree.refs) {
        let Some(own) = file.module.first().map(String::as_str) else {
            continue; // lib.rs declares the modules
        };
        if own == "main" {
            continue; // the binary may use every layer
        }
        let Some(may) = allowed.get(own) else {
            problems.push(format!(
                "{}: module `{own}` has no row in MAY_IMPORT (tests/architecture.rs) and \
                 docs/architecture.md: say which layers it may import",
                file.name
            ));
            continue;
        };
        let tests_may = allowed_in_tests.get(own).copied().unwrap_or(&[]);
        let mut seen = BTreeSet::new();
        for r in refs {
            let Some(target) = r.path.first().map(String::as_str) else {
                continue;
            };
            if target == own || !top_modules.contains(target) || !seen.insert((r.line, target)) {
                continue;
            }
            if may.contains(&target) {
                if !r.in_test {
                    used.insert((own, target));
                }
                continue;
            }
            if r.in_test && tests_may.contains(&target) {
                used_in_tests.insert((own, target));
                continue;
            }
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
    for (own, list) in may {
        for target in *list {
            if top_modules.contains(own) && !used.contains(&(*own, *target)) {
                problems.push(format!(
                    "MAY_IMPORT lets `{own}` import `{target}` and no code of `{own}` does: \
                     remove the allowance (here and in docs/architecture.md)"
                ));
            }
        }
    }
    for (own, list) in tests_may {
        for target in *list {
            if top_modules.contains(own) && !used_in_tests.contains(&(*own, *target)) {
                problems.push(format!(
                    "TESTS_MAY_IMPORT lets the tests of `{own}` import `{target}` and none \
                     does: remove the allowance (here and in docs/architecture.md)"
                ));
            }
        }
    }
    problems
}

#[test]
fn no_import_runs_back_up_a_layer_and_every_allowance_is_used() {
    let problems = layer_problems(&real_tree(), MAY_IMPORT, TESTS_MAY_IMPORT);
    assert!(
        problems.is_empty(),
        "layering rule (docs/architecture.md, \"Code map and layers\"):\n{}",
        problems.join("\n")
    );
}

/// The rows of the table in `doc`'s "Code map and layers" section: module, what it may import,
/// what its tests may import besides (`…; tests also: a, b`).
fn doc_table(doc: &str) -> Vec<(String, Vec<String>, Vec<String>)> {
    let list = |s: &str| -> Vec<String> {
        let s = s.trim();
        if s == "nothing" || s.is_empty() {
            return Vec::new();
        }
        s.split(',').map(|m| m.trim().to_string()).collect()
    };
    doc.split("\n## ")
        .find(|s| s.starts_with("Code map and layers"))
        .unwrap_or("")
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim().trim_matches('|').split('|').collect();
            let module = cells[0].trim().trim_matches('`').to_string();
            let may = cells.last().copied().unwrap_or("");
            let (code, tests) = may.split_once("; tests also:").unwrap_or((may, ""));
            (module, list(code), list(tests))
        })
        .collect()
}

/// Where `doc`'s layer table and the two tables differ (rows, order, allowances).
fn doc_problems(doc: &str, may: &Table<'_>, tests_may: &Table<'_>) -> Vec<String> {
    let tests: BTreeMap<&str, &[&str]> = tests_may.iter().copied().collect();
    let expected: Vec<(String, Vec<String>, Vec<String>)> = may
        .iter()
        .map(|(m, l)| {
            let mut code: Vec<String> = l.iter().map(|s| s.to_string()).collect();
            code.sort();
            let mut t: Vec<String> = tests
                .get(m)
                .map_or(Vec::new(), |l| l.iter().map(|s| s.to_string()).collect());
            t.sort();
            (m.to_string(), code, t)
        })
        .collect();
    let found: Vec<(String, Vec<String>, Vec<String>)> = doc_table(doc)
        .into_iter()
        .map(|(m, mut c, mut t)| {
            c.sort();
            t.sort();
            (m, c, t)
        })
        .collect();
    let mut problems = Vec::new();
    for n in 0..expected.len().max(found.len()) {
        if expected.get(n) != found.get(n) {
            problems.push(format!(
                "row {}: MAY_IMPORT says {:?}, docs/architecture.md's table says {:?}",
                n + 1,
                expected.get(n),
                found.get(n)
            ));
        }
    }
    problems
}

#[test]
fn the_doc_table_is_may_import() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/architecture.md"))
        .unwrap();
    let problems = doc_problems(&doc, MAY_IMPORT, TESTS_MAY_IMPORT);
    assert!(
        problems.is_empty(),
        "docs/architecture.md's \"Code map and layers\" table and MAY_IMPORT (with \
         TESTS_MAY_IMPORT) must say the same, row for row in the same order:\n{}",
        problems.join("\n")
    );
}

/// Cycles between the files of a top-level module, and between the children (files and
/// sub-directories, each taken whole) of every module, except those inside an entry of
/// `known` (file names, or `module::child` for a sub-directory); an entry inside which no
/// cycle is left is a problem too, so the list only shrinks.
fn cycle_problems(tree: &Tree, known: &[&[&str]]) -> Vec<String> {
    let mut problems = Vec::new();
    let found = cycles(tree);
    for (members, text) in &found {
        if !known
            .iter()
            .any(|k| members.iter().all(|m| k.contains(&m.as_str())))
        {
            problems.push(text.clone());
        }
    }
    for k in known {
        if !found
            .iter()
            .any(|(members, _)| members.iter().all(|m| k.contains(&m.as_str())))
        {
            problems.push(format!(
                "CYCLES_TO_BREAK lists {k:?} and no cycle is left among them: remove the entry"
            ));
        }
    }
    problems
}

/// Every cycle of [`cycle_problems`]: its members and its report.
fn cycles(tree: &Tree) -> Vec<(Vec<String>, String)> {
    let files = &tree.files;
    let edges = tree.file_edges(true);
    // Between sub-directories only code counts: a test may drive a whole game.
    let code_edges = tree.file_edges(false);
    let evidence = |a: usize, b: usize, line: usize| {
        let text = files[a].text.lines().nth(line - 1).unwrap_or("").trim();
        format!(
            "  {}:{line} reaches {}: {text}",
            files[a].name, files[b].name
        )
    };
    let mut problems = Vec::new();
    for scc in strongly_connected(files.len(), &edges) {
        if scc.len() < 2 {
            continue;
        }
        let members: BTreeSet<usize> = scc.iter().copied().collect();
        let lines: Vec<String> = scc
            .iter()
            .flat_map(|&a| {
                edges
                    .get(&a)
                    .into_iter()
                    .flatten()
                    .filter(|(b, _)| members.contains(b))
                    .map(move |(&b, &line)| (a, b, line))
            })
            .map(|(a, b, line)| evidence(a, b, line))
            .collect();
        let names: Vec<String> = scc.iter().map(|&i| files[i].name.clone()).collect();
        let text = format!(
            "file cycle among {}:\n{}",
            names.join(", "),
            lines.join("\n")
        );
        problems.push((names, text));
    }
    // Every module with a sub-directory: its children, each a file or a whole sub-tree.
    let parents: BTreeSet<&[String]> = files
        .iter()
        .flat_map(|f| (1..f.module.len().saturating_sub(1)).map(|n| &f.module[..n]))
        .collect();
    for parent in parents {
        let child = |f: &SourceFile| -> Option<String> {
            f.module.starts_with(parent).then(|| {
                f.module
                    .get(parent.len())
                    .cloned()
                    .unwrap_or_else(|| "(itself)".to_string())
            })
        };
        let is_dir = |c: &str| {
            files
                .iter()
                .any(|f| f.module.len() > parent.len() + 1 && child(f).as_deref() == Some(c))
        };
        // The parent's own file is left out: its cycles with its children are file cycles.
        let names: Vec<String> = files
            .iter()
            .filter_map(child)
            .filter(|c| c != "(itself)")
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let index = |c: &str| names.iter().position(|n| n == c);
        let mut dir_edges: BTreeMap<usize, BTreeMap<usize, usize>> = BTreeMap::new();
        let mut first_edge: BTreeMap<(usize, usize), (usize, usize, usize)> = BTreeMap::new();
        for (&a, targets) in &code_edges {
            for (&b, &line) in targets {
                let (Some(ca), Some(cb)) = (child(&files[a]), child(&files[b])) else {
                    continue;
                };
                let (Some(x), Some(y)) = (index(&ca), index(&cb)) else {
                    continue;
                };
                if x != y {
                    dir_edges.entry(x).or_default().insert(y, line);
                    first_edge.entry((x, y)).or_insert((a, b, line));
                }
            }
        }
        for scc in strongly_connected(names.len(), &dir_edges) {
            if scc.len() < 2 || !scc.iter().any(|&c| is_dir(&names[c])) {
                continue; // none, or a cycle of files alone (reported above)
            }
            let members: BTreeSet<usize> = scc.iter().copied().collect();
            let lines: Vec<String> = first_edge
                .iter()
                .filter(|((x, y), _)| members.contains(x) && members.contains(y))
                .map(|(_, &(a, b, line))| evidence(a, b, line))
                .collect();
            let ring: Vec<String> = scc
                .iter()
                .map(|&c| format!("{}::{}", parent.join("::"), names[c]))
                .collect();
            let text = format!(
                "directory cycle among {}:\n{}",
                ring.join(", "),
                lines.join("\n")
            );
            problems.push((ring, text));
        }
    }
    problems
}

#[test]
fn no_cycle_between_files_or_directories_of_a_module() {
    let problems = cycle_problems(&real_tree(), CYCLES_TO_BREAK);
    assert!(
        problems.is_empty(),
        "no-cycle rule (docs/architecture.md, \"Invariants\"): files, and the sub-directories \
         of a module, must not import each other in a circle; move what both need into a \
         place both import:\n{}",
        problems.join("\n")
    );
}

/// Files over [`MAX_LINES`] and functions over [`MAX_FN_LINES`] that neither `long_by_nature`
/// nor `shrinking` allows, and entries of those lists that name nothing over its limit.
fn size_problems(
    files: &[SourceFile],
    long_by_nature: &[(&str, &str)],
    shrinking: &[(&str, usize)],
) -> Vec<String> {
    // name → (count, limit), for every file and function checked.
    let mut measured: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for file in files.iter().filter(|f| !f.is_test) {
        measured.insert(file.name.clone(), (code_lines(&file.code), MAX_LINES));
        let tests = test_lines(&file.code);
        for (name, line, count) in functions(&file.code) {
            if tests.get(line - 1).copied().unwrap_or(false) {
                continue;
            }
            let e = measured
                .entry(format!("{}::{name}", file.name))
                .or_insert((0, MAX_FN_LINES));
            e.0 = e.0.max(count);
        }
    }
    let exempt: BTreeMap<&str, &str> = long_by_nature.iter().copied().collect();
    let allowed: BTreeMap<&str, usize> = shrinking.iter().copied().collect();
    let mut problems = Vec::new();
    for (name, &(count, limit)) in &measured {
        if count <= limit || exempt.contains_key(name.as_str()) {
            continue;
        }
        match allowed.get(name.as_str()) {
            Some(&was) if count <= was => {}
            Some(&was) => problems.push(format!(
                "{name}: {count} lines of code, over the limit of {limit} and up from {was} \
                 in SHRINKING: split it"
            )),
            None => problems.push(format!(
                "{name}: {count} lines of code (tests not counted), over the limit of {limit}: \
                 split it"
            )),
        }
    }
    let listed = long_by_nature
        .iter()
        .map(|(n, _)| (*n, "LONG_BY_NATURE"))
        .chain(shrinking.iter().map(|(n, _)| (*n, "SHRINKING")));
    for (name, list) in listed {
        match measured.get(name) {
            Some(&(count, limit)) if count > limit => {}
            Some(&(count, limit)) => problems.push(format!(
                "{name} is in {list} but has {count} lines, within the limit of {limit}: \
                 remove it from the list"
            )),
            None => problems.push(format!(
                "{name} is in {list} but names no file or function: remove it from the list"
            )),
        }
    }
    problems
}

#[test]
fn no_file_or_function_is_over_its_limit() {
    let tree = real_tree();
    let problems = size_problems(&tree.files, LONG_BY_NATURE, SHRINKING);
    assert!(
        problems.is_empty(),
        "size rule (docs/architecture.md, \"Invariants\"):\n{}",
        problems.join("\n")
    );
}

/// The core crate is where the shell says it is: every module of [`CORE_MODULES`] lives in
/// `core/src/` and none in `src/`, and nothing in `core/src/` is outside that list.
#[test]
fn the_core_modules_live_in_the_core_crate() {
    let mut problems = Vec::new();
    for file in reader::read_tree(reader::files_on_disk()) {
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

#[path = "architecture/self_tests.rs"]
mod self_tests;
