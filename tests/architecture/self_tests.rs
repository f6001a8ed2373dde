//! Each rule of `tests/architecture.rs` planted with a breach in a small source tree and seen
//! to fail (and to pass without the breach), one test per hole the review of 2026-11-27 found
//! (H1–H6) and one for the size rule.

use super::*;

fn tree(files: &[(&str, &str)]) -> Tree {
    Tree::new(
        files
            .iter()
            .map(|(n, t)| (n.to_string(), t.to_string()))
            .collect(),
    )
}

/// The paths file `name` names: `(line, path)`.
fn paths(tree: &Tree, name: &str) -> Vec<(usize, String)> {
    let i = tree.files.iter().position(|f| f.name == name).unwrap();
    tree.refs[i]
        .iter()
        .map(|r| (r.line, r.path.join("::")))
        .collect()
}

fn owned(pairs: &[(usize, &str)]) -> Vec<(usize, String)> {
    pairs.iter().map(|(l, p)| (*l, p.to_string())).collect()
}

/// The reader itself: comments and literals are not paths, `super` inside an inline module is
/// that module's parent, use trees expand; a visibility (`pub(in crate::config)`) and an
/// external crate's path (`glam::Vec2`) are not imports of a module.
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
pub(in crate::config) fn h() -> glam::Vec2 { glam::Vec2::ZERO }
"##;
    let t = tree(&[("src/config/x.rs", text)]);
    assert_eq!(
        paths(&t, "src/config/x.rs"),
        owned(&[
            (3, "level::Level"),
            (3, "sim"),
            (3, "sim::Game"),
            (7, "config::audio::Sound"),
            (10, "effects::Effects::new"),
        ])
    );
    assert_eq!(
        code_lines("fn a() {}\n#[cfg(test)]\nmod t {\n  fn b() {}\n}\nfn c() {}\n"),
        2
    );
}

/// H1: a rename inside a use group does not end the group, so a back-edge written after it is
/// seen.
#[test]
fn h1_a_rename_inside_a_use_group_does_not_hide_the_rest() {
    let t = tree(&[
        (
            "src/config/x.rs",
            "use crate::{sim::Game as G, render::Renderer};\n\
             use crate::sim::{self as s, Input};\n",
        ),
        ("src/render/mod.rs", ""),
        ("core/src/sim/mod.rs", ""),
    ]);
    assert_eq!(
        paths(&t, "src/config/x.rs"),
        owned(&[
            (1, "sim::Game"),
            (1, "render::Renderer"),
            (2, "sim"),
            (2, "sim::Input")
        ])
    );
    let binds: Vec<&str> = t.refs[t
        .files
        .iter()
        .position(|f| f.name == "src/config/x.rs")
        .unwrap()]
    .iter()
    .filter_map(|r| r.binds.as_deref())
    .collect();
    assert_eq!(binds, ["G", "Renderer", "s", "Input"]);
    let may: &Table<'_> = &[("config", &["sim"]), ("render", &[]), ("sim", &[])];
    let problems = layer_problems(&t, may, &[]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("`config` may not import `render`"));
}

/// H2: code in a `mod.rs`, and in a parent file with a child directory, is under the cycle
/// rule, and a bare path through a child module is read.
#[test]
fn h2_a_facade_with_code_and_a_bare_child_path_make_a_cycle() {
    let difficulty = (
        "core/src/sim/difficulty.rs",
        "use super::GameConfig;\npub enum Difficulty {}\npub fn scaled_points(p: u32) -> u32 { p }\n",
    );
    let calls = tree(&[
        (
            "core/src/sim/mod.rs",
            "pub mod difficulty;\npub struct GameConfig;\nfn f() -> u32 { difficulty::scaled_points(1) }\n",
        ),
        difficulty,
    ]);
    assert_eq!(
        paths(&calls, "core/src/sim/mod.rs"),
        owned(&[(3, "sim::difficulty::scaled_points")])
    );
    let problems = cycle_problems(&calls, &[]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("core/src/sim/mod.rs:3 reaches core/src/sim/difficulty.rs"));
    // A known cycle is allowed while no file joins it; an entry with no cycle left fails.
    let known: &[&[&str]] = &[&["core/src/sim/mod.rs", "core/src/sim/difficulty.rs"]];
    assert!(cycle_problems(&calls, known).is_empty());
    let stale: &[&[&str]] = &[known[0], &["core/src/sim/a.rs", "core/src/sim/b.rs"]];
    let problems = cycle_problems(&calls, stale);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("no cycle is left among them"));
    // A re-export the facade uses itself is an edge; one it only passes on is not.
    let uses = "pub mod difficulty;\npub use difficulty::Difficulty;\npub struct GameConfig { d: Difficulty }\n";
    assert_eq!(
        cycle_problems(&tree(&[("core/src/sim/mod.rs", uses), difficulty]), &[]).len(),
        1
    );
    let passes = "pub mod difficulty;\npub use difficulty::Difficulty;\npub struct GameConfig;\n";
    assert!(cycle_problems(&tree(&[("core/src/sim/mod.rs", passes), difficulty]), &[]).is_empty());
    // A parent file beside its child directory.
    let parent = tree(&[
        (
            "src/app/scenes/editor.rs",
            "mod properties;\npub struct Doc;\nfn f() { properties::edit(); }\n",
        ),
        (
            "src/app/scenes/editor/properties.rs",
            "use super::Doc;\npub fn edit() {}\n",
        ),
    ]);
    let problems = cycle_problems(&parent, &[]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].contains("src/app/scenes/editor/properties.rs:1 reaches"));
}

/// H3: two sub-directories of a module that reach each other through different files are a
/// cycle.
#[test]
fn h3_sub_directories_of_a_module_make_no_cycle() {
    let mut files = vec![
        (
            "core/src/sim/mod.rs",
            "pub mod bricks;\npub mod powerups;\n",
        ),
        (
            "core/src/sim/bricks/mod.rs",
            "pub mod hits;\npub mod kinds;\n",
        ),
        (
            "core/src/sim/bricks/hits.rs",
            "use crate::sim::powerups::rules::Rules;\n",
        ),
        ("core/src/sim/bricks/kinds.rs", "pub struct Kind;\n"),
        (
            "core/src/sim/powerups/mod.rs",
            "pub mod rules;\npub mod table;\n",
        ),
        ("core/src/sim/powerups/rules.rs", "pub struct Rules;\n"),
        (
            "core/src/sim/powerups/table.rs",
            "use crate::sim::bricks::kinds::Kind;\n",
        ),
    ];
    let problems = cycle_problems(&tree(&files), &[]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(problems[0].starts_with("directory cycle among "));
    assert!(problems[0].contains("sim::bricks") && problems[0].contains("sim::powerups"));
    assert!(problems[0].contains("core/src/sim/powerups/table.rs:1 reaches"));
    files[6].1 = "pub struct Table;\n";
    assert!(cycle_problems(&tree(&files), &[]).is_empty());
}

/// H4: an allowance no import uses fails, and a test-only use needs its own allowance.
#[test]
fn h4_every_allowance_is_used_and_test_uses_are_their_own() {
    let t = tree(&[
        ("core/src/playfield.rs", ""),
        ("core/src/files.rs", ""),
        ("core/src/level/mod.rs", "use crate::playfield::Size;\n"),
        ("src/commands/mod.rs", ""),
        (
            "src/app/mod.rs",
            "use crate::level::Level;\n#[cfg(test)]\nmod tests {\n    use crate::commands::check;\n}\n",
        ),
    ]);
    let base: Vec<(&str, &[&str])> = vec![
        ("playfield", &[]),
        ("files", &[]),
        ("commands", &[]),
        ("app", &["level"]),
    ];
    let with = |level: &'static [&'static str]| {
        let mut may = base.clone();
        may.push(("level", level));
        may
    };
    let tests_may: &Table<'_> = &[("app", &["commands"])];
    assert!(layer_problems(&t, &with(&["playfield"]), tests_may).is_empty());
    let unused = layer_problems(&t, &with(&["files", "playfield"]), tests_may);
    assert_eq!(unused.len(), 1, "{unused:?}");
    assert!(unused[0].contains("lets `level` import `files` and no code of `level` does"));
    // The test-only use: refused without its allowance, and not counted as code's use.
    let refused = layer_problems(&t, &with(&["playfield"]), &[]);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(refused[0].contains("`app` may not import `commands`"));
    let mut may = with(&["playfield"]);
    may[3] = ("app", &["commands", "level"]);
    let as_code = layer_problems(&t, &may, &[]);
    assert_eq!(as_code.len(), 1, "{as_code:?}");
    assert!(as_code[0].contains("lets `app` import `commands` and no code of `app` does"));
    let unused_in_tests = layer_problems(
        &t,
        &with(&["playfield"]),
        &[("app", &["commands", "files"])],
    );
    assert_eq!(unused_in_tests.len(), 1, "{unused_in_tests:?}");
}

/// H5: the doc's table is compared with the tables, allowance for allowance and row for row.
#[test]
fn h5_the_doc_table_differing_from_may_import_fails() {
    let doc = "# A\n\n## Code map and layers\n\n| module | what | may import |\n|---|---|---|\n\
               | `playfield` | the leaf | nothing |\n| `level` | levels | playfield |\n\
               | `app` | the window | playfield, level; tests also: commands |\n\n\
               ## Invariants\n\n| `x` | not this table | y |\n";
    let may: &Table<'_> = &[
        ("playfield", &[]),
        ("level", &["playfield"]),
        ("app", &["level", "playfield"]),
    ];
    let tests_may: &Table<'_> = &[("app", &["commands"])];
    assert!(doc_problems(doc, may, tests_may).is_empty());
    assert_eq!(doc_problems(doc, may, &[]).len(), 1);
    let narrower: &Table<'_> = &[
        ("playfield", &[]),
        ("level", &[]),
        ("app", &["level", "playfield"]),
    ];
    assert_eq!(doc_problems(doc, narrower, tests_may).len(), 1);
    let reordered: &Table<'_> = &[may[1], may[0], may[2]];
    assert_eq!(doc_problems(doc, reordered, tests_may).len(), 2);
    let longer: &Table<'_> = &[may[0], may[1], may[2], ("view", &[])];
    assert_eq!(doc_problems(doc, longer, tests_may).len(), 1);
}

/// H6: a `#[path]` test file is the module it is declared as, so its `super::` is right.
#[test]
fn h6_a_path_test_file_is_its_real_module() {
    let t = tree(&[
        ("core/src/sim/mod.rs", "pub mod fork;\n"),
        (
            "core/src/sim/fork.rs",
            "pub struct Fork;\n#[cfg(test)]\n#[path = \"fork_tests.rs\"]\nmod tests;\n",
        ),
        ("core/src/sim/fork_tests.rs", "use super::Fork;\n"),
    ]);
    let file = t
        .files
        .iter()
        .find(|f| f.name == "core/src/sim/fork_tests.rs")
        .unwrap();
    assert_eq!(file.module, ["sim", "fork", "tests"]);
    assert!(file.is_test);
    assert_eq!(
        paths(&t, "core/src/sim/fork_tests.rs"),
        owned(&[(1, "sim::fork::Fork")])
    );
    assert!(t.refs[2].iter().all(|r| r.in_test));
}

/// The size rule: a long file and a long function fail; [`SHRINKING`] allows them at or below
/// their count and [`LONG_BY_NATURE`] a function; stale entries fail; tests are not counted.
#[test]
fn sizes_are_limited_and_the_lists_only_shrink() {
    let mut text = String::from("fn big() {\n");
    text += &"    x();\n".repeat(101);
    text += "}\n";
    text += &"const A: u8 = 0;\n".repeat(400);
    text += "#[cfg(test)]\nmod tests {\n    fn huge() {\n";
    text += &"        x();\n".repeat(200);
    text += "    }\n}\n";
    let t = tree(&[("src/a.rs", &text), ("src/b.rs", "fn small() {}\n")]);
    assert_eq!(functions(&text)[0], ("big".to_string(), 1, 103));
    let problems = size_problems(&t.files, &[], &[]);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[0].starts_with("src/a.rs: 503 lines"));
    assert!(problems[1].starts_with("src/a.rs::big: 103 lines"));
    let listed = [("src/a.rs", 503), ("src/a.rs::big", 103)];
    assert!(size_problems(&t.files, &[], &listed).is_empty());
    let exempt = [("src/a.rs::big", "a parser: one match over the grammar")];
    assert_eq!(
        size_problems(&t.files, &exempt, &listed[..1]),
        Vec::<String>::new()
    );
    let grew = size_problems(&t.files, &[], &[("src/a.rs", 503), ("src/a.rs::big", 102)]);
    assert_eq!(grew.len(), 1, "{grew:?}");
    assert!(grew[0].contains("up from 102"));
    let stale = size_problems(&t.files, &[], &[listed[0], listed[1], ("src/b.rs", 600)]);
    assert_eq!(stale.len(), 1, "{stale:?}");
    assert!(stale[0].contains("within the limit"));
    let gone = size_problems(&t.files, &[("src/a.rs::gone", "was a parser")], &listed);
    assert_eq!(gone.len(), 1, "{gone:?}");
}
