//! Every relative link of the documentation resolves: each link and image in `README.md`,
//! `CHANGELOG.md`, `core/README.md`, `packaging/README.md` and `docs/**/*.md` that names a file
//! or directory of the repository names one that exists, and each `#anchor` into a Markdown file
//! (or into the page itself) names one of its headings, as GitHub makes their anchors.
//!
//! The Markdown is read by `pulldown-cmark` (CommonMark with GitHub's tables), so a link inside
//! a code block or inline code is not a link, as on GitHub. Links with a scheme (`https:`,
//! `mailto:`) are not checked: this test needs no network.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

/// Directories made on a developer's machine and ignored by git (`.gitignore`), which the
/// documentation links into on purpose: `docs/faithful/originals/`, the other games' pictures
/// under the GPL that `docs/faithful.sh` makes (docs/import.md, "Faithful"). A link into one
/// is not checked; [`local_only_directories_are_ignored_by_git`] keeps the list honest.
const LOCAL_ONLY: [&str; 1] = ["docs/faithful/originals"];

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn parser(markdown: &str) -> Parser<'_> {
    Parser::new_ext(markdown, Options::ENABLE_TABLES)
}

/// The destinations of the links and images of `markdown` that point into the repository
/// (no scheme, not protocol-relative), in document order.
fn relative_links(markdown: &str) -> Vec<String> {
    parser(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.to_string())
            }
            _ => None,
        })
        .filter(|url| !url.is_empty() && !has_scheme(url) && !url.starts_with("//"))
        .collect()
}

/// True for `https://…`, `mailto:…`: a scheme is letters, digits, `+ - .` before a colon, and
/// comes before any `/`, `#` or `?`.
fn has_scheme(url: &str) -> bool {
    let Some(colon) = url.find(':') else {
        return false;
    };
    let scheme = &url[..colon];
    !scheme.is_empty()
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

/// GitHub's anchor for a heading whose text is `heading` (what github-slugger does): lower
/// case, every character that is not a letter, a digit, `-`, `_` or a space dropped, spaces
/// made `-`. "Configuration: `breakout.toml`" is `configuration-breakouttoml`.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter(|&c| c.is_alphanumeric() || c == '-' || c == '_' || c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of `markdown`'s headings, as GitHub makes them: a heading's text (inline code
/// and links included, without their markup) made a [`slug`], and the second of two equal
/// slugs suffixed `-1`, the third `-2`…
fn anchors(markdown: &str) -> HashSet<String> {
    let mut found = HashSet::new();
    let mut heading: Option<String> = None;
    for event in parser(markdown) {
        match event {
            Event::Start(Tag::Heading { .. }) => heading = Some(String::new()),
            Event::Text(text) | Event::Code(text) => {
                if let Some(h) = heading.as_mut() {
                    h.push_str(&text);
                }
            }
            Event::End(TagEnd::Heading(_)) => {
                let base = slug(heading.take().unwrap_or_default().trim());
                let mut anchor = base.clone();
                let mut n = 0;
                while found.contains(&anchor) {
                    n += 1;
                    anchor = format!("{base}-{n}");
                }
                found.insert(anchor);
            }
            _ => {}
        }
    }
    found
}

/// `%20` and the like decoded (a link to a file with a space in its name).
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                i += 3;
            }
            (byte, _) => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `dir/../x` as `x`, without asking the file system (a link may climb out of a directory
/// that does not exist yet).
fn normalised(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}

/// The broken links of the Markdown file `file` (a path relative to the repository's root)
/// whose text is `markdown`: each as `link: why`. `exists` says whether a path (relative to
/// the root) is a file or directory; `read` gives a Markdown file's text, for its anchors.
fn broken_links(
    file: &Path,
    markdown: &str,
    exists: &dyn Fn(&Path) -> bool,
    read: &dyn Fn(&Path) -> Option<String>,
) -> Vec<String> {
    let dir = file.parent().unwrap_or(Path::new(""));
    let mut broken = Vec::new();
    for link in relative_links(markdown) {
        let (path, anchor) = match link.split_once('#') {
            Some((path, anchor)) => (path, Some(anchor)),
            None => (link.as_str(), None),
        };
        let path = path.split('?').next().unwrap_or(path);
        let target = if path.is_empty() {
            file.to_path_buf()
        } else if let Some(from_root) = path.strip_prefix('/') {
            normalised(Path::new(&percent_decoded(from_root)))
        } else {
            normalised(&dir.join(percent_decoded(path)))
        };
        if LOCAL_ONLY.iter().any(|dir| target.starts_with(dir)) {
            continue;
        }
        if target.starts_with("..") || !exists(&target) {
            broken.push(format!("{link}: no file {}", target.display()));
            continue;
        }
        let Some(anchor) = anchor.filter(|a| !a.is_empty()) else {
            continue;
        };
        if target.extension().is_some_and(|e| e == "md") {
            let text = if path.is_empty() {
                Some(markdown.to_string())
            } else {
                read(&target)
            };
            let known = text.map(|t| anchors(&t)).unwrap_or_default();
            if !known.contains(&percent_decoded(anchor)) {
                broken.push(format!(
                    "{link}: no heading with the anchor #{anchor} in {}",
                    target.display()
                ));
            }
        }
    }
    broken
}

/// The Markdown files checked: the READMEs, the changelog and every `.md` under `docs/`.
fn documentation() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = [
        "README.md",
        "CHANGELOG.md",
        "core/README.md",
        "packaging/README.md",
    ]
    .iter()
    .map(PathBuf::from)
    .collect();
    let mut dirs = vec![PathBuf::from("docs")];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(root().join(&dir))
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let name = entry.expect("a directory entry").file_name();
            let path = dir.join(&name);
            if root().join(&path).is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_relative_link_of_the_documentation_resolves() {
    let exists = |p: &Path| root().join(p).exists();
    let read = |p: &Path| std::fs::read_to_string(root().join(p)).ok();
    let files = documentation();
    assert!(
        files.len() > 10,
        "the documentation was not found: {files:?}"
    );
    let mut broken = Vec::new();
    let mut checked = 0;
    for file in &files {
        let text = read(file).unwrap_or_else(|| panic!("{}: unreadable", file.display()));
        checked += relative_links(&text).len();
        for why in broken_links(file, &text, &exists, &read) {
            broken.push(format!("{}: {why}", file.display()));
        }
    }
    assert!(
        checked > 100,
        "only {checked} links found: is the extractor reading them?"
    );
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn local_only_directories_are_ignored_by_git() {
    let ignore = std::fs::read_to_string(root().join(".gitignore")).expect(".gitignore");
    for dir in LOCAL_ONLY {
        assert!(
            ignore.lines().any(|l| l.trim().trim_matches('/') == dir),
            "{dir} is not ignored by git: its files are the repository's, check its links"
        );
    }
}

#[test]
fn the_readme_links_every_page_of_docs() {
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let linked: HashSet<PathBuf> = relative_links(&readme)
        .iter()
        .map(|l| PathBuf::from(l.split('#').next().unwrap_or(l)))
        .collect();
    let pages = documentation()
        .into_iter()
        .filter(|p| p.parent() == Some(Path::new("docs")));
    let unlinked: Vec<PathBuf> = pages.filter(|p| !linked.contains(p)).collect();
    assert!(unlinked.is_empty(), "README.md does not link {unlinked:?}");
}

/// A small repository for the extractor's own tests: `README.md` and `docs/a.md` exist.
fn planted(path: &Path) -> bool {
    [
        "README.md",
        "docs",
        "docs/a.md",
        "docs/pic.png",
        "docs/my file.md",
    ]
    .iter()
    .any(|p| Path::new(p) == path)
}

fn planted_text(path: &Path) -> Option<String> {
    (path == Path::new("docs/a.md")).then(|| {
        "# Page A\n\n## Configuration: `breakout.toml`\n\n## Twice\n\n## Twice\n\n\
         ## A new run, and hot seat for 2–4 players\n"
            .to_string()
    })
}

fn check(file: &str, markdown: &str) -> Vec<String> {
    broken_links(Path::new(file), markdown, &planted, &planted_text)
}

#[test]
fn a_planted_broken_link_is_found() {
    let text = "See [the guide](docs/missing.md) and [a](docs/a.md), ![pic](docs/pic.png).";
    let broken = check("README.md", text);
    assert_eq!(broken.len(), 1, "{broken:?}");
    assert!(
        broken[0].starts_with("docs/missing.md: no file"),
        "{broken:?}"
    );
    // From a page in docs/, paths are relative to it, and `..` climbs out.
    assert_eq!(
        check("docs/b.md", "[a](a.md) [r](../README.md)"),
        Vec::<String>::new()
    );
    assert_eq!(check("docs/b.md", "[r](README.md)").len(), 1);
    assert_eq!(check("docs/b.md", "[r](../../README.md)").len(), 1);
    // Reference links and percent-encoded names count too.
    assert_eq!(check("README.md", "[x][1]\n\n[1]: docs/nope.md\n").len(), 1);
    assert!(check("README.md", "[f](docs/my%20file.md)").is_empty());
}

#[test]
fn a_planted_broken_anchor_is_found() {
    let good = "[c](docs/a.md#configuration-breakouttoml) [t](docs/a.md#twice-1) \
                [h](docs/a.md#a-new-run-and-hot-seat-for-24-players)";
    assert_eq!(check("README.md", good), Vec::<String>::new());
    let broken = check(
        "README.md",
        "[c](docs/a.md#configuration) [t](docs/a.md#twice-2)",
    );
    assert_eq!(broken.len(), 2, "{broken:?}");
    assert!(broken[0].contains("no heading with the anchor #configuration"));
    // An anchor into the page itself.
    let page = "# Title\n\n## Install\n\n[i](#install) [x](#uninstall)\n";
    assert_eq!(check("README.md", page).len(), 1);
}

#[test]
fn links_outside_the_repository_and_in_code_are_not_checked() {
    let text = "[w](https://example.org/x.md) [m](mailto:a@b.c) [p](//host/x)\n\n\
                `[c](nope.md)`\n\n```\n[d](nope.md)\n```\n";
    assert_eq!(relative_links(text), Vec::<String>::new());
    assert_eq!(
        relative_links("[r](docs/a.md)"),
        vec!["docs/a.md".to_string()]
    );
}

#[test]
fn github_anchors() {
    assert_eq!(
        slug("Quick start (Debian / Ubuntu)"),
        "quick-start-debian--ubuntu"
    );
    assert_eq!(
        slug("Comparing the modes: breakout compare"),
        "comparing-the-modes-breakout-compare"
    );
    assert_eq!(slug("What `dist` buys"), "what-dist-buys");
    assert_eq!(slug("Game speed 50 %–100 %"), "game-speed-50-100-");
}
