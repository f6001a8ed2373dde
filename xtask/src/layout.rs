//! What the Linux archives hold and where: one list for both the `.deb` (paths under `/`) and
//! the tarball (paths under its top directory), so they cannot differ by accident.

use crate::APP_ID;
use anyhow::{bail, Context, Result};
use flate2::{Compression, GzBuilder};
use std::io::Write;
use std::path::{Path, PathBuf};

/// One file to ship.
pub struct Item {
    /// The file to copy.
    pub source: PathBuf,
    /// Where the `.deb` installs it, relative to `/` (None: not in the package).
    pub deb: Option<String>,
    /// Where it goes in the tarball, relative to its top directory (None: not there).
    pub tar: Option<String>,
    /// Unix permissions.
    pub mode: u32,
}

fn item(source: impl Into<PathBuf>, deb: Option<String>, tar: Option<String>) -> Item {
    Item {
        source: source.into(),
        deb,
        tar,
        mode: 0o644,
    }
}

/// Every Linux file: the binary, the desktop file, the metainfo, the icons, the man pages,
/// the completions and the documents. Files made here (man pages, completions, the `.deb`'s
/// desktop file and compressed documents, the copyright file) are written under `stage`.
pub fn linux_files(root: &Path, binary: &Path, stage: &Path) -> Result<Vec<Item>> {
    if stage.exists() {
        std::fs::remove_dir_all(stage)?;
    }
    std::fs::create_dir_all(stage)?;
    let pkg = root.join("packaging");
    let mut items = vec![Item {
        source: binary.to_owned(),
        deb: Some("usr/games/breakout".into()),
        tar: Some("breakout".into()),
        mode: 0o755,
    }];

    // The desktop file: the tarball's runs `breakout` from PATH; the package's names the
    // binary's full path, since /usr/games is not in every PATH (root's, for one).
    let desktop_name = format!("{APP_ID}.desktop");
    let desktop = pkg.join("linux").join(&desktop_name);
    let text = std::fs::read_to_string(&desktop)
        .with_context(|| format!("cannot read {}", desktop.display()))?;
    if !text.lines().any(|l| l == "Exec=breakout") {
        bail!("{}: expected the line Exec=breakout", desktop.display());
    }
    let deb_desktop = stage.join(&desktop_name);
    std::fs::write(
        &deb_desktop,
        text.replace("Exec=breakout", "Exec=/usr/games/breakout")
            .replace("TryExec=breakout", "TryExec=/usr/games/breakout"),
    )?;
    items.push(item(
        deb_desktop,
        Some(format!("usr/share/applications/{desktop_name}")),
        None,
    ));
    items.push(item(
        desktop,
        None,
        Some(format!("share/applications/{desktop_name}")),
    ));

    let metainfo_name = format!("{APP_ID}.metainfo.xml");
    let metainfo = pkg.join("linux").join(&metainfo_name);
    check_release_listed(&metainfo)?;
    items.push(item(
        metainfo,
        Some(format!("usr/share/metainfo/{metainfo_name}")),
        Some(format!("share/metainfo/{metainfo_name}")),
    ));

    for icon in walk(&pkg.join("icons"))? {
        let rel = icon
            .strip_prefix(pkg.join("icons"))?
            .to_string_lossy()
            .into_owned();
        items.push(item(
            icon,
            Some(format!("usr/share/icons/{rel}")),
            Some(format!("share/icons/{rel}")),
        ));
    }

    let docs = crate::docs::write(&stage.join("docs"))?;
    for page in &docs.man_pages {
        let name = file_name(page);
        items.push(item(
            gzip(page, &stage.join("gz"))?,
            Some(format!("usr/share/man/man6/{name}.gz")),
            None,
        ));
        items.push(item(page, None, Some(format!("share/man/man6/{name}"))));
    }
    let completion = |source: &Path, deb: &str, tar: &str| {
        item(source, Some(deb.to_owned()), Some(tar.to_owned()))
    };
    items.push(completion(
        &docs.bash,
        "usr/share/bash-completion/completions/breakout",
        "share/bash-completion/completions/breakout",
    ));
    items.push(completion(
        &docs.zsh,
        "usr/share/zsh/vendor-completions/_breakout",
        "share/zsh/site-functions/_breakout",
    ));
    items.push(completion(
        &docs.fish,
        "usr/share/fish/vendor_completions.d/breakout.fish",
        "share/fish/vendor_completions.d/breakout.fish",
    ));

    let copyright = stage.join("copyright");
    std::fs::write(
        &copyright,
        crate::deb::copyright(root, "x86_64-unknown-linux-gnu")?,
    )?;
    items.push(item(
        &copyright,
        Some("usr/share/doc/breakout/copyright".into()),
        Some("copyright".into()),
    ));
    items.push(item(
        gzip(&root.join("CHANGELOG.md"), &stage.join("gz"))?,
        Some("usr/share/doc/breakout/changelog.gz".into()),
        None,
    ));
    for doc in ["README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE"] {
        items.push(item(root.join(doc), None, Some(doc.into())));
    }
    for font in [
        "JetBrainsMono-COPYRIGHT",
        "JetBrainsMono-LICENSE-Apache-2.0",
    ] {
        items.push(item(
            root.join("textures/fonts").join(font),
            None,
            Some(format!("licenses/{font}")),
        ));
    }
    Ok(items)
}

/// Fails unless the metainfo lists a release of this version: a new version needs its entry.
fn check_release_listed(metainfo: &Path) -> Result<()> {
    let text = std::fs::read_to_string(metainfo)?;
    let wanted = format!("<release version=\"{}\"", crate::version());
    if !text.contains(&wanted) {
        bail!(
            "{}: no {wanted} …> in <releases>: add this version's release",
            metainfo.display()
        );
    }
    Ok(())
}

/// Every file under `dir`, sorted.
pub fn walk(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_owned()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).with_context(|| format!("{}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                stack.push(path);
            } else {
                files.push(path);
            }
        }
    }
    files.sort();
    Ok(files)
}

/// The file name of `path` as a string.
pub fn file_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Writes `source` gzip-compressed (no name or time in the header, as `gzip -n`, so the same
/// input gives the same bytes) as `dir/NAME.gz` and returns that path.
fn gzip(source: &Path, dir: &Path) -> Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let out = dir.join(format!("{}.gz", file_name(source)));
    let data = std::fs::read(source).with_context(|| format!("{}", source.display()))?;
    let mut gz = GzBuilder::new()
        .mtime(0)
        .write(std::fs::File::create(&out)?, Compression::best());
    gz.write_all(&data)?;
    gz.finish()?;
    Ok(out)
}
