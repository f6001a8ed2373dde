//! The Debian package, made with `dpkg-deb` from a staged tree (no cargo-deb to install), and
//! its machine-readable copyright file (DEP-5).

use crate::layout::Item;
use anyhow::{bail, Context, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Stages `items` under `stage/deb`, writes `DEBIAN/control` (from
/// `packaging/debian/control`) and `DEBIAN/md5sums`, and builds
/// `dist/breakout_VERSION_amd64.deb`.
pub fn build(root: &Path, items: &[Item], stage: &Path, dist: &Path) -> Result<PathBuf> {
    let tree = stage.join("deb");
    let mut installed_bytes = 0;
    let mut files = Vec::new();
    for item in items {
        let Some(rel) = &item.deb else { continue };
        let to = tree.join(rel);
        std::fs::create_dir_all(to.parent().expect("a file in a directory"))?;
        std::fs::copy(&item.source, &to)
            .with_context(|| format!("cannot copy {}", item.source.display()))?;
        set_mode(&to, item.mode)?;
        installed_bytes += std::fs::metadata(&to)?.len();
        files.push(rel.clone());
    }
    let binary = tree.join("usr/games/breakout");
    let template = root.join("packaging/debian/control");
    let control = std::fs::read_to_string(&template)
        .with_context(|| format!("cannot read {}", template.display()))?
        .replace("@VERSION@", &crate::version())
        .replace(
            "@INSTALLED_SIZE@",
            &installed_bytes.div_ceil(1024).to_string(),
        )
        .replace("@LIBC@", &glibc_needed(&binary)?);
    let debian = tree.join("DEBIAN");
    std::fs::create_dir_all(&debian)?;
    std::fs::write(debian.join("control"), control)?;

    // md5sums, as dpkg --verify reads it: one "HASH  PATH" line per file.
    let out = Command::new("md5sum")
        .current_dir(&tree)
        .args(&files)
        .output()
        .context("cannot run md5sum")?;
    if !out.status.success() {
        bail!("md5sum failed: {}", String::from_utf8_lossy(&out.stderr));
    }
    std::fs::write(debian.join("md5sums"), out.stdout)?;

    let deb = dist.join(format!("breakout_{}_amd64.deb", crate::version()));
    crate::run(
        Command::new("dpkg-deb")
            .args(["--root-owner-group", "-Zxz", "--build"])
            .arg(&tree)
            .arg(&deb),
    )?;
    Ok(deb)
}

fn set_mode(path: &Path, mode: u32) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))?;
    Ok(())
}

/// The newest `GLIBC_x.y` symbol version `binary` needs (from `objdump -T`), as the version
/// for `Depends: libc6 (>= …)`.
fn glibc_needed(binary: &Path) -> Result<String> {
    let out = Command::new("objdump")
        .arg("-T")
        .arg(binary)
        .output()
        .context("cannot run objdump (binutils)")?;
    let text = String::from_utf8_lossy(&out.stdout);
    let newest = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ')')
        .filter_map(|word| word.strip_prefix("GLIBC_"))
        .filter_map(|v| {
            let parts: Option<Vec<u32>> = v.split('.').map(|p| p.parse().ok()).collect();
            parts
        })
        .max()
        .context("objdump -T shows no GLIBC_ symbol version")?;
    Ok(newest
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("."))
}

/// The DEP-5 copyright file: `packaging/debian/copyright` (this game, its font), then one
/// paragraph for every Rust crate compiled into the binary for `target` (a target triple),
/// from `cargo metadata`
/// (name, version, authors, licence), then a stand-alone paragraph for each licence they use.
pub fn copyright(root: &Path, target: &str) -> Result<String> {
    let head_path = root.join("packaging/debian/copyright");
    let mut text = std::fs::read_to_string(&head_path)
        .with_context(|| format!("cannot read {}", head_path.display()))?;
    let own_licences: BTreeSet<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("License: "))
        .filter(|l| !l.contains(' '))
        .map(str::to_owned)
        .collect();
    let mut used = BTreeMap::new();
    for krate in shipped_crates(target)? {
        let licence = dep5_licence(&krate.licence);
        for name in licence_names(&licence) {
            used.entry(name).or_insert_with(|| krate.clone());
        }
        let holders = if krate.authors.is_empty() {
            format!("the {} developers", krate.name)
        } else {
            krate.authors.join("\n ")
        };
        text.push_str(&format!(
            "\nFiles: cargo-crates/{0}-{1}/*\nCopyright: {holders}\nLicense: {licence}\n\
             Comment: Rust crate {0} {1} from crates.io, compiled into the game's executable.\n",
            krate.name, krate.version
        ));
    }
    for (name, example) in used {
        if own_licences.contains(&name) {
            continue;
        }
        let body = if name == "Apache-2.0" {
            " On Debian systems, the full text of the Apache License, Version 2.0 can be found\n \
             in the file /usr/share/common-licenses/Apache-2.0."
                .to_owned()
        } else {
            format!(
                " The full text ships with each crate under this licence, as published on\n \
                 crates.io (for example {} {}).",
                example.name, example.version
            )
        };
        text.push_str(&format!("\nLicense: {name}\n{body}\n"));
    }
    Ok(text)
}

/// A crate in the binary.
#[derive(Clone)]
struct Crate {
    name: String,
    version: String,
    authors: Vec<String>,
    licence: String,
}

/// Every crate the game's build for `target` links in: the normal dependencies reachable from the
/// `breakout` package (build scripts' and tests' dependencies and proc-macros left out).
fn shipped_crates(target: &str) -> Result<Vec<Crate>> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--locked"])
        .args(["--filter-platform", target])
        .output()
        .context("cannot run cargo metadata")?;
    if !out.status.success() {
        bail!("cargo metadata: {}", String::from_utf8_lossy(&out.stderr));
    }
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout)?;
    let str_of = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_owned();
    let mut packages = BTreeMap::new();
    for p in meta["packages"].as_array().into_iter().flatten() {
        let proc_macro = p["targets"].as_array().into_iter().flatten().all(|t| {
            t["kind"]
                .as_array()
                .is_some_and(|k| k.iter().any(|k| k == "proc-macro"))
        });
        packages.insert(str_of(&p["id"]), (p, proc_macro));
    }
    let nodes: BTreeMap<String, &serde_json::Value> = meta["resolve"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|n| (str_of(&n["id"]), n))
        .collect();
    let root_id = packages
        .iter()
        .find(|(_, (p, _))| p["name"] == "breakout")
        .map(|(id, _)| id.clone())
        .context("cargo metadata lists no breakout package")?;
    let mut seen = BTreeSet::new();
    let mut stack = vec![root_id.clone()];
    while let Some(id) = stack.pop() {
        let Some(node) = nodes.get(&id) else { continue };
        for dep in node["deps"].as_array().into_iter().flatten() {
            let normal = dep["dep_kinds"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|k| k["kind"].is_null());
            let dep_id = str_of(&dep["pkg"]);
            let is_macro = packages.get(&dep_id).is_some_and(|(_, m)| *m);
            if normal && !is_macro && seen.insert(dep_id.clone()) {
                stack.push(dep_id);
            }
        }
    }
    let mut crates: Vec<Crate> = seen
        .iter()
        .filter_map(|id| packages.get(id))
        .map(|(p, _)| Crate {
            name: str_of(&p["name"]),
            version: str_of(&p["version"]),
            authors: p["authors"]
                .as_array()
                .into_iter()
                .flatten()
                .map(str_of)
                .collect(),
            licence: p["license"].as_str().unwrap_or("UNKNOWN").to_owned(),
        })
        .collect();
    crates.sort_by(|a, b| (&a.name, &a.version).cmp(&(&b.name, &b.version)));
    Ok(crates)
}

/// An SPDX licence expression in DEP-5's syntax (`or`, `and`, `with`; the old `/` means or).
fn dep5_licence(spdx: &str) -> String {
    let words = spdx.replace('/', " OR ");
    let words: Vec<&str> = words
        .split_whitespace()
        .map(|w| match w {
            "OR" => "or",
            "AND" => "and",
            "WITH" => "with",
            w => w,
        })
        .collect();
    words.join(" ")
}

/// The licence names in a DEP-5 licence expression (`with` exceptions kept on their licence).
fn licence_names(expr: &str) -> Vec<String> {
    expr.replace(['(', ')'], " ")
        .replace(" or ", "\n")
        .replace(" and ", "\n")
        .lines()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}
