//! The Windows build: `breakout.exe` cross-built for `x86_64-pc-windows-gnu` with mingw-w64,
//! its icon and version information compiled from `packaging/windows/breakout.rc` by
//! `windres` and linked in, and the zip around it.

use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The target triple of the Windows build.
const TARGET: &str = "x86_64-pc-windows-gnu";
/// mingw-w64's resource compiler (Debian: package mingw-w64, binutils-mingw-w64-x86-64).
const WINDRES: &str = "x86_64-w64-mingw32-windres";

/// Builds the exe with `profile` and writes `dist/breakout-VERSION-x86_64-windows.zip`.
pub fn dist(root: &Path, profile: &str, dist: &Path) -> Result<PathBuf> {
    let version = crate::version();
    let work = root.join("target/xtask/windows");
    std::fs::create_dir_all(&work)?;

    // The resource script with this version filled in; the icon is found through -I.
    let template = root.join("packaging/windows/breakout.rc");
    let numbers: Vec<&str> = version.split(['.', '-', '+']).take(3).collect();
    let rc = std::fs::read_to_string(&template)
        .with_context(|| format!("cannot read {}", template.display()))?
        .replace("@VERSION@", &version)
        .replace("@VERSION_COMMAS@", &format!("{},0", numbers.join(",")));
    let rc_path = work.join("breakout.rc");
    std::fs::write(&rc_path, rc)?;
    let object = work.join("breakout-resources.o");
    crate::run(
        Command::new(WINDRES)
            .arg("-I")
            .arg(root.join("packaging/windows"))
            .args(["--input-format=rc", "--output-format=coff", "-i"])
            .arg(&rc_path)
            .arg("-o")
            .arg(&object),
    )
    .with_context(|| format!("{WINDRES} (Debian: apt-get install mingw-w64)"))?;

    let link_arg = format!("link-arg={}", object.display());
    let exe = crate::build(profile, Some(TARGET), &["-C".into(), link_arg])?;

    std::fs::write(work.join("copyright"), crate::deb::copyright(root, TARGET)?)?;
    let mut files = vec![(exe, "breakout.exe".to_owned())];
    for doc in ["README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE"] {
        files.push((root.join(doc), doc.to_owned()));
    }
    files.push((work.join("copyright"), "licenses/copyright".to_owned()));
    for font in [
        "JetBrainsMono-COPYRIGHT",
        "JetBrainsMono-LICENSE-Apache-2.0",
    ] {
        files.push((
            root.join("textures/fonts").join(font),
            format!("licenses/{font}"),
        ));
    }
    crate::archive::zip(dist, &format!("breakout-{version}-x86_64-windows"), &files)
}
