//! The reader behind `tests/architecture.rs`: source files read into module paths, comments and
//! literals blanked, the paths each file names (use trees expanded, renames kept, bare child
//! paths read), re-exports followed to the file that defines an item, strongly connected
//! components, and the test parts of a file (its `#[cfg(test)]` items) told from the rest.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// One source file, read.
pub struct SourceFile {
    /// Path relative to the crate root, `/`-separated (`core/src/sim/motion.rs`).
    pub name: String,
    /// Its module path (`["sim", "motion"]`; `["sim"]` for `core/src/sim/mod.rs`; a file
    /// declared `#[path = "fork_tests.rs"] mod tests;` in `sim/fork.rs` is `["sim", "fork",
    /// "tests"]`).
    pub module: Vec<String>,
    /// True for a file of tests alone: `tests.rs`, `*_tests.rs`, or one declared under
    /// `#[cfg(test)]` or as `mod tests;`.
    pub is_test: bool,
    /// Its text with comments, strings and character literals blanked (line breaks kept).
    pub code: String,
    /// Its text as written.
    pub text: String,
}

/// Every `.rs` file under `src/` and `core/src/` of the crate root, as `(path relative to the
/// root, text)`, sorted by path.
pub fn files_on_disk() -> Vec<(String, String)> {
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
            (name, std::fs::read_to_string(&path).unwrap())
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

/// The files `(name, text)` read: module paths from their names (`core/src/` and `src/` are
/// both the crate root), then `#[path]` declarations applied, so a test file declared
/// `#[path = "x_tests.rs"] mod tests;` in `dir/x.rs` is the module `dir::x::tests`.
pub fn read_tree(sources: Vec<(String, String)>) -> Vec<SourceFile> {
    let mut files: Vec<SourceFile> = sources
        .into_iter()
        .map(|(name, text)| {
            let mut module: Vec<String> = name
                .trim_start_matches("core/")
                .trim_start_matches("src/")
                .trim_end_matches(".rs")
                .split('/')
                .map(str::to_string)
                .collect();
            if matches!(module.last().map(String::as_str), Some("mod" | "lib")) {
                module.pop();
            }
            let stem = name.rsplit('/').next().unwrap_or("");
            SourceFile {
                is_test: stem == "tests.rs" || stem.ends_with("_tests.rs"),
                name,
                module,
                code: blank_comments_and_literals(&text),
                text,
            }
        })
        .collect();
    let mut moves = Vec::new();
    for file in &files {
        let dir = file.name.rsplit_once('/').map_or("", |(d, _)| d);
        for (target, name, test) in path_declarations(&file.text) {
            let mut module = file.module.clone();
            module.push(name.clone());
            moves.push((format!("{dir}/{target}"), module, test || name == "tests"));
        }
    }
    for (target, module, test) in moves {
        if let Some(f) = files.iter_mut().find(|f| f.name == target) {
            f.module = module;
            f.is_test |= test;
        }
    }
    files
}

/// The `#[path = "file"] mod name;` declarations of `text`: `(file, name, under #[cfg(test)])`.
fn path_declarations(text: &str) -> Vec<(String, String, bool)> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    for (n, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("#[path") else {
            continue;
        };
        let Some(target) = rest.split('"').nth(1) else {
            continue;
        };
        let mut test = n > 0 && lines[n - 1].replace(' ', "") == "#[cfg(test)]";
        for next in &lines[n + 1..] {
            if next.replace(' ', "") == "#[cfg(test)]" {
                test = true;
            } else if next.starts_with("#[") {
                continue;
            } else {
                let decl = next
                    .trim_start_matches("pub ")
                    .trim_start_matches("pub(crate) ");
                if let Some(name) = decl.strip_prefix("mod ") {
                    out.push((
                        target.to_string(),
                        name.trim_end_matches(';').trim().to_string(),
                        test,
                    ));
                }
                break;
            }
        }
    }
    out
}

/// `text` with every comment, string literal (raw ones included) and character literal
/// replaced by spaces, line breaks kept, so lines and columns still match.
pub fn blank_comments_and_literals(text: &str) -> String {
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

/// A path one file names.
pub struct Reference {
    /// Its line, from 1.
    pub line: usize,
    /// The module path it resolves to, from the crate root (`["sim", "Game"]`).
    pub path: Vec<String>,
    /// The module the occurrence is in: the file's, or an inline module's inside it.
    pub scope: Vec<String>,
    /// The name a `use` binds (its rename, or its last segment; `*` for a glob); `None` for a
    /// path written in code.
    pub binds: Option<String>,
    /// True inside a `pub use` (of any visibility): a re-export.
    pub re_export: bool,
    /// True in test code: a `#[cfg(test)]` item, or a file of tests.
    pub in_test: bool,
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn skip_ws(code: &[char], i: &mut usize) {
    while *i < code.len() && code[*i].is_whitespace() {
        *i += 1;
    }
}

/// Every path in `file`'s code that names a module of the crate, use trees expanded (renames
/// included), resolved against the module each occurrence is in (inline `mod name { … }`
/// included): `crate::…`, `super::…` and `self::…` paths, and bare paths whose first segment
/// is a child module of the place they are written in (`difficulty::scaled_points` in
/// `sim/mod.rs`). `modules` are the module paths of the crate's files.
pub fn references(file: &SourceFile, modules: &BTreeSet<Vec<String>>) -> Vec<Reference> {
    let code: Vec<char> = file.code.chars().collect();
    let mut out = Vec::new();
    // The inline modules open at each brace depth.
    let mut inline: Vec<(usize, String)> = Vec::new();
    let mut depth = 0usize;
    let mut line = 1;
    let mut i = 0;
    let mut pending_mod: Option<String> = None;
    // `#[cfg(test)]` seen, its item not yet opened; the depth of the test item open.
    let mut test_armed = false;
    let mut test_depth: Option<usize> = None;
    while i < code.len() {
        let c = code[i];
        match c {
            '\n' => line += 1,
            '#' => {
                let end = code[i..]
                    .iter()
                    .position(|&c| c == ']')
                    .map_or(i, |p| i + p);
                let attr: String = code[i..=end.min(code.len() - 1)]
                    .iter()
                    .filter(|c| !c.is_whitespace())
                    .collect();
                if attr == "#[cfg(test)]" || attr == "#[test]" {
                    test_armed = true;
                }
            }
            '{' => {
                depth += 1;
                if let Some(name) = pending_mod.take() {
                    inline.push((depth, name));
                }
                if test_armed && test_depth.is_none() {
                    test_depth = Some(depth);
                }
                test_armed = false;
            }
            '}' => {
                if inline.last().is_some_and(|(d, _)| *d == depth) {
                    inline.pop();
                }
                if test_depth == Some(depth) {
                    test_depth = None;
                }
                depth = depth.saturating_sub(1);
            }
            ';' => {
                pending_mod = None;
                test_armed = false;
            }
            _ => {}
        }
        if !(is_ident(c) && (i == 0 || !is_ident(code[i - 1]) && code[i - 1] != ':')) {
            i += 1;
            continue;
        }
        let start = i;
        while i < code.len() && is_ident(code[i]) {
            i += 1;
        }
        let word: String = code[start..i].iter().collect();
        let mut scope = file.module.clone();
        scope.extend(inline.iter().map(|(_, n)| n.clone()));
        let in_test = file.is_test || test_depth.is_some() || test_armed;
        let is_path = code.get(i) == Some(&':') && code.get(i + 1) == Some(&':');
        let (from, re_export) = if word == "mod" {
            let mut j = i;
            skip_ws(&code, &mut j);
            let name_start = j;
            while j < code.len() && is_ident(code[j]) {
                j += 1;
            }
            pending_mod = Some(code[name_start..j].iter().collect());
            continue;
        } else if word == "use" {
            let mut j = i;
            skip_ws(&code, &mut j);
            if code.get(j) == Some(&':') {
                j += 2; // `use ::name` names an external crate
            }
            (j, is_pub_before(&code, start))
        } else if is_path && !after_pub_in(&code, start) {
            (start, false)
        } else {
            continue;
        };
        let mut paths = Vec::new();
        let end = tree(&code, from, Vec::new(), &mut paths);
        for (p, binds) in paths {
            let Some(first) = p.first() else {
                continue;
            };
            let p = if matches!(first.as_str(), "crate" | "super" | "self") {
                p
            } else {
                let mut child = scope.clone();
                child.push(first.clone());
                if !modules.contains(&child) {
                    continue; // an external crate, a type or a local name
                }
                std::iter::once("self".to_string()).chain(p).collect()
            };
            if let Some(path) = resolve(&scope, &p) {
                out.push(Reference {
                    line,
                    path,
                    scope: scope.clone(),
                    binds: (word == "use").then_some(binds),
                    re_export,
                    in_test,
                });
            }
        }
        // Count the line breaks a multi-line use tree spans.
        line += code[i..end.max(i)].iter().filter(|&&c| c == '\n').count();
        i = end.max(i);
    }
    out
}

/// Whether the path at `at` is a visibility, `pub(in crate::sim)`, not a use of the module.
fn after_pub_in(code: &[char], at: usize) -> bool {
    let before: String = code[..at].iter().rev().take(12).collect::<String>();
    let before: String = before
        .chars()
        .rev()
        .filter(|c| !c.is_whitespace())
        .collect();
    before.ends_with("pub(in")
}

/// Whether the `use` at `at` is preceded by `pub` or `pub(…)`.
fn is_pub_before(code: &[char], at: usize) -> bool {
    let mut j = at;
    while j > 0 && code[j - 1].is_whitespace() {
        j -= 1;
    }
    if j > 0 && code[j - 1] == ')' {
        while j > 0 && code[j - 1] != '(' {
            j -= 1;
        }
        j = j.saturating_sub(1);
        while j > 0 && code[j - 1].is_whitespace() {
            j -= 1;
        }
    }
    j >= 3
        && code[j - 3..j].iter().collect::<String>() == "pub"
        && (j == 3 || !is_ident(code[j - 4]))
}

/// The paths of the use tree (or plain path) starting at `i`, each with the name it binds
/// (its rename after `as`, else its last segment other than `self`; `*` for a glob), pushed on
/// `out`; returns where the tree ends.
pub fn tree(
    code: &[char],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<(Vec<String>, String)>,
) -> usize {
    let mut path = prefix;
    loop {
        skip_ws(code, &mut i);
        if code.get(i) == Some(&'{') {
            i += 1;
            loop {
                skip_ws(code, &mut i);
                if code.get(i) == Some(&'}') {
                    return i + 1;
                }
                i = tree(code, i, path.clone(), out);
                skip_ws(code, &mut i);
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
            if code.get(i) == Some(&'*') {
                out.push((path, "*".to_string()));
                return i + 1;
            }
            if let Some(last) = path.last().cloned() {
                out.push((path, last));
            }
            return i;
        }
        let word: String = code[start..i].iter().collect();
        path.push(word.clone());
        if code.get(i) == Some(&':') && code.get(i + 1) == Some(&':') {
            i += 2;
            continue;
        }
        let mut binds = if word == "self" && path.len() > 1 {
            path[path.len() - 2].clone()
        } else {
            word
        };
        let mut j = i;
        skip_ws(code, &mut j);
        if code.get(j) == Some(&'a')
            && code.get(j + 1) == Some(&'s')
            && !code.get(j + 2).copied().is_some_and(is_ident)
        {
            j += 2;
            skip_ws(code, &mut j);
            let rename = j;
            while j < code.len() && is_ident(code[j]) {
                j += 1;
            }
            binds = code[rename..j].iter().collect();
            i = j;
        }
        out.push((path, binds));
        return i;
    }
}

/// The module path `path` (starting `crate`, `super` or `self`) names from module `here`.
pub fn resolve(here: &[String], path: &[String]) -> Option<Vec<String>> {
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

/// The files read, with what the graph rules need of them.
pub struct Tree {
    /// The files, sorted by path.
    pub files: Vec<SourceFile>,
    /// The paths each file names, by index into `files`.
    pub refs: Vec<Vec<Reference>>,
    /// Module path → the file that is that module.
    pub by_module: BTreeMap<Vec<String>, usize>,
    /// `module + name` → the path a `pub use` there names.
    pub exports: BTreeMap<Vec<String>, Vec<String>>,
}

impl Tree {
    /// `sources` (`(name, text)`) read and their paths resolved.
    pub fn new(sources: Vec<(String, String)>) -> Tree {
        let files = read_tree(sources);
        let by_module: BTreeMap<Vec<String>, usize> = files
            .iter()
            .enumerate()
            .map(|(i, f)| (f.module.clone(), i))
            .collect();
        let modules: BTreeSet<Vec<String>> = by_module.keys().cloned().collect();
        let refs: Vec<Vec<Reference>> = files.iter().map(|f| references(f, &modules)).collect();
        let mut exports = BTreeMap::new();
        for r in refs.iter().flatten().filter(|r| r.re_export) {
            if let Some(name) = r.binds.as_ref().filter(|n| *n != "*") {
                let mut key = r.scope.clone();
                key.push(name.clone());
                exports.insert(key, r.path.clone());
            }
        }
        Tree {
            files,
            refs,
            by_module,
            exports,
        }
    }

    /// The file (index into `files`) that defines what `path` names: the longest prefix of it
    /// that is a file, re-exports followed.
    pub fn defining_file(&self, path: &[String]) -> Option<usize> {
        let mut path = path.to_vec();
        for _ in 0..8 {
            let n = (1..=path.len())
                .rev()
                .find(|&n| self.by_module.contains_key(&path[..n]))?;
            let file = self.by_module[&path[..n]];
            if n == path.len() {
                return Some(file);
            }
            match self.exports.get(&path[..=n]) {
                Some(target) if *target != path => {
                    let mut next = target.clone();
                    next.extend(path[n + 1..].iter().cloned());
                    path = next;
                }
                _ => return Some(file),
            }
        }
        None
    }

    /// The edges of the file graph inside each top-level module: `edges[a][b]` is the first
    /// line of file `a` whose path reaches file `b`. A `pub use` only re-exports (it is
    /// followed, not an edge) unless the file also uses the name it binds. Test code counts
    /// when `with_tests`.
    pub fn file_edges(&self, with_tests: bool) -> BTreeMap<usize, BTreeMap<usize, usize>> {
        let mut edges: BTreeMap<usize, BTreeMap<usize, usize>> = BTreeMap::new();
        for (a, file) in self.files.iter().enumerate() {
            if file.module.first().is_none_or(|m| m == "main") {
                continue;
            }
            for r in self.refs[a].iter().filter(|r| with_tests || !r.in_test) {
                if r.re_export && !r.binds.as_ref().is_some_and(|n| uses(&file.code, n)) {
                    continue;
                }
                let Some(b) = self.defining_file(&r.path) else {
                    continue;
                };
                if b != a && self.files[b].module.first() == file.module.first() {
                    let e = edges.entry(a).or_default().entry(b).or_insert(r.line);
                    *e = (*e).min(r.line);
                }
            }
        }
        edges
    }
}

/// Whether `code` names `name` more than once (the `use` that binds it is one).
fn uses(code: &str, name: &str) -> bool {
    let mut count = 0;
    let mut from = 0;
    while let Some(at) = code[from..].find(name) {
        let s = from + at;
        let e = s + name.len();
        let before = code[..s].chars().next_back().is_some_and(is_ident);
        let after = code[e..].chars().next().is_some_and(is_ident);
        if !before && !after {
            count += 1;
        }
        from = e;
    }
    count > 1
}

/// For each line of `code`, whether it is in a `#[cfg(test)]` item (an inline `mod tests { …
/// }`, or the one line of a `mod tests;` declaration).
pub fn test_lines(code: &str) -> Vec<bool> {
    let mut out = Vec::new();
    let mut skipping_from: Option<usize> = None;
    let mut depth = 0usize;
    let mut armed = false;
    for line in code.lines() {
        let trimmed = line.trim();
        if skipping_from.is_none() && trimmed.starts_with("#[cfg(test)]") {
            armed = true;
            out.push(true);
            continue;
        }
        if armed && skipping_from.is_none() {
            armed = false;
            if trimmed.contains('{') {
                skipping_from = Some(depth);
            } else {
                out.push(true); // a one-line test item
                continue;
            }
        }
        let opens = line.matches('{').count();
        let closes = line.matches('}').count();
        depth = depth + opens - closes.min(depth + opens);
        if let Some(d) = skipping_from {
            if depth <= d {
                skipping_from = None;
            }
            out.push(true);
            continue;
        }
        out.push(false);
    }
    out
}

/// Lines of `code` outside `#[cfg(test)]` items (comments, blanked, still count as lines).
pub fn code_lines(code: &str) -> usize {
    test_lines(code).iter().filter(|t| !**t).count()
}

/// Every function with a body in `code`: its name, the line of its `fn` (from 1) and its lines
/// of code from `fn` to the closing brace (brace-matched; blank and comment lines not counted).
pub fn functions(code: &str) -> Vec<(String, usize, usize)> {
    let chars: Vec<char> = code.chars().collect();
    let line_of: Vec<usize> = chars
        .iter()
        .scan(1, |line, &c| {
            let here = *line;
            if c == '\n' {
                *line += 1;
            }
            Some(here)
        })
        .collect();
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 2 < chars.len() {
        let at_fn = chars[i] == 'f'
            && chars[i + 1] == 'n'
            && chars[i + 2].is_whitespace()
            && (i == 0 || !is_ident(chars[i - 1]));
        if !at_fn {
            i += 1;
            continue;
        }
        let mut j = i + 2;
        skip_ws(&chars, &mut j);
        let name_start = j;
        while j < chars.len() && is_ident(chars[j]) {
            j += 1;
        }
        let name: String = chars[name_start..j].iter().collect();
        i += 2;
        if name.is_empty() {
            continue;
        }
        let mut parens = 0i32;
        while j < chars.len() {
            match chars[j] {
                '(' | '[' => parens += 1,
                ')' | ']' => parens -= 1,
                '{' | ';' if parens == 0 => break,
                _ => {}
            }
            j += 1;
        }
        if chars.get(j) != Some(&'{') {
            continue; // a declaration without a body
        }
        let mut depth = 0;
        let mut k = j;
        while k < chars.len() {
            match chars[k] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            k += 1;
        }
        let (first, last) = (line_of[i], line_of[k.min(chars.len() - 1)]);
        let count = lines[first - 1..last]
            .iter()
            .filter(|l| !l.trim().is_empty())
            .count();
        out.push((name, first, count));
    }
    out
}

/// Tarjan's strongly connected components of the graph `edges` over `n` nodes.
pub fn strongly_connected(
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
