//! `cargo xtask web`: the browser build, a static site in `dist/web/` (`index.html`, the
//! `.wasm` and its JavaScript glue from `wasm-bindgen`).

use anyhow::{bail, Context, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The wasm target the page is built for.
const TARGET: &str = "wasm32-unknown-unknown";

/// Builds `breakout-web` for [`TARGET`] with cargo's `profile`, runs the `wasm-bindgen` CLI on
/// it (its version must equal the crate's in `Cargo.lock`) and writes the site into `out`.
/// Returns the files written.
///
/// # Errors
/// The build fails, `wasm-bindgen` is missing or of another version (the message says how to
/// install the right one), or a file cannot be written.
pub fn build(root: &Path, profile: &str, out: &Path) -> Result<Vec<PathBuf>> {
    let wanted = locked_version(root, "wasm-bindgen")?;
    check_cli(&wanted)?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["build", "--package", "breakout-web", "--target", TARGET]);
    cmd.args(["--profile", profile]);
    crate::run(&mut cmd)?;
    let dir = if profile == "dev" { "debug" } else { profile };
    let wasm = root
        .join("target")
        .join(TARGET)
        .join(dir)
        .join("breakout_web.wasm");
    std::fs::create_dir_all(out)?;
    let mut bindgen = Command::new("wasm-bindgen");
    bindgen.args(["--target", "web", "--no-typescript", "--out-dir"]);
    bindgen.arg(out).arg(&wasm);
    crate::run(&mut bindgen)?;
    let page = root.join("web/page/index.html");
    let index = out.join("index.html");
    std::fs::copy(&page, &index).with_context(|| format!("copying {}", page.display()))?;
    Ok(vec![
        index,
        out.join("breakout_web.js"),
        out.join("breakout_web_bg.wasm"),
    ])
}

/// A file's size, bytes: as it is (`raw`) and gzipped (`gzipped`, at the best level, as a
/// static host serving it compressed sends it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Bytes on disk.
    pub raw: u64,
    /// Bytes gzipped.
    pub gzipped: u64,
}

/// The sizes of `files` (the site [`build`] wrote).
///
/// # Errors
/// A file cannot be read.
pub fn sizes(files: &[PathBuf]) -> Result<Vec<Size>> {
    files
        .iter()
        .map(|path| {
            let bytes =
                std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
            let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            std::io::Write::write_all(&mut z, &bytes)?;
            Ok(Size {
                raw: bytes.len() as u64,
                gzipped: z.finish()?.len() as u64,
            })
        })
        .collect()
}

/// The version of `package` that `Cargo.lock` pins.
fn locked_version(root: &Path, package: &str) -> Result<String> {
    let lock = std::fs::read_to_string(root.join("Cargo.lock")).context("reading Cargo.lock")?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{package}\"") {
            if let Some(v) = lines.next().and_then(|l| l.strip_prefix("version = \"")) {
                return Ok(v.trim_end_matches('"').to_owned());
            }
        }
    }
    bail!("Cargo.lock has no {package}")
}

/// Checks that the `wasm-bindgen` CLI on the PATH is version `wanted`.
fn check_cli(wanted: &str) -> Result<()> {
    let install = format!("cargo install wasm-bindgen-cli --version {wanted}");
    let out = Command::new("wasm-bindgen")
        .arg("--version")
        .output()
        .with_context(|| format!("no wasm-bindgen CLI on the PATH; install it: {install}"))?;
    let said = String::from_utf8_lossy(&out.stdout);
    if !said.split_whitespace().any(|w| w == wanted) {
        bail!(
            "wasm-bindgen CLI is {}, the crate is {wanted}; install it: {install}",
            said.trim()
        );
    }
    Ok(())
}
