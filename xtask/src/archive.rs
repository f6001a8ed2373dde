//! The release archives (`tar.gz` for Linux, `zip` for Windows) and `SHA256SUMS`.

use crate::layout::{file_name, Item};
use anyhow::{Context, Result};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `dist/breakout-VERSION-x86_64-linux.tar.gz`: the items' tarball paths under the
/// directory `breakout-VERSION-x86_64-linux/`, owned by root, dated by [`archive_time`].
pub fn linux_tarball(items: &[Item], dist: &Path) -> Result<PathBuf> {
    let top = format!("breakout-{}-x86_64-linux", crate::version());
    let path = dist.join(format!("{top}.tar.gz"));
    let gz =
        flate2::write::GzEncoder::new(std::fs::File::create(&path)?, flate2::Compression::best());
    let mut tar = tar::Builder::new(gz);
    let mtime = archive_time();
    for item in items {
        let Some(rel) = &item.tar else { continue };
        let data = std::fs::read(&item.source)
            .with_context(|| format!("cannot read {}", item.source.display()))?;
        let mut header = tar::Header::new_gnu();
        header.set_size(data.len() as u64);
        header.set_mode(item.mode);
        header.set_mtime(mtime);
        header.set_uid(0);
        header.set_gid(0);
        header.set_cksum();
        tar.append_data(&mut header, format!("{top}/{rel}"), data.as_slice())?;
    }
    tar.into_inner()?.finish()?;
    Ok(path)
}

/// Writes `dist/NAME.zip` holding `files` (source, path in the archive) under the directory
/// `NAME/`.
pub fn zip(dist: &Path, name: &str, files: &[(PathBuf, String)]) -> Result<PathBuf> {
    let path = dist.join(format!("{name}.zip"));
    let mut zip = zip::ZipWriter::new(std::fs::File::create(&path)?);
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .unix_permissions(0o644);
    for (source, rel) in files {
        let data =
            std::fs::read(source).with_context(|| format!("cannot read {}", source.display()))?;
        zip.start_file(format!("{name}/{rel}"), options)?;
        zip.write_all(&data)?;
    }
    zip.finish()?;
    Ok(path)
}

/// The archives' file time: `SOURCE_DATE_EPOCH` if set, else the last commit's time (so an
/// archive of the same commit holds the same bytes).
fn archive_time() -> u64 {
    if let Some(t) = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        return t;
    }
    std::process::Command::new("git")
        .args(["log", "-1", "--format=%ct"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(0)
}

/// Writes `dist/SHA256SUMS` for every archive in `dist/` (`sha256sum -c SHA256SUMS` checks
/// them) and returns its path.
pub fn sha256sums(dist: &Path) -> Result<PathBuf> {
    let mut lines = String::new();
    for path in crate::layout::walk(dist)? {
        let name = file_name(&path);
        if !(name.ends_with(".deb") || name.ends_with(".tar.gz") || name.ends_with(".zip")) {
            continue;
        }
        let digest = Sha256::digest(std::fs::read(&path)?);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        lines.push_str(&format!("{hex}  {name}\n"));
    }
    let path = dist.join("SHA256SUMS");
    std::fs::write(&path, lines)?;
    Ok(path)
}
