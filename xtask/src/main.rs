//! The project's build tasks, run as `cargo xtask TASK` (an alias in `.cargo/config.toml`):
//!
//! * `cargo xtask docs [DIR]`: the man pages (section 6) and the bash, zsh and fish completions,
//!   generated from the game's own clap command ([`breakout::cli::Cli`]) with `clap_mangen` and
//!   `clap_complete`; default DIR `target/xtask/docs`.
//! * `cargo xtask dist [--profile NAME | --binary PATH]`: builds the game (profile `dist` by default: LTO,
//!   stripped) and writes `dist/breakout_VERSION_amd64.deb`,
//!   `dist/breakout-VERSION-x86_64-linux.tar.gz` and `dist/SHA256SUMS`.
//! * `cargo xtask dist --windows`: cross-builds `breakout.exe` for `x86_64-pc-windows-gnu`
//!   (icon and version information linked in from a resource compiled by mingw-w64's `windres`)
//!   and writes `dist/breakout-VERSION-x86_64-windows.zip`, then `dist/SHA256SUMS` again.
//! * `cargo xtask web [--profile NAME] [--serve [--port N]]`: the browser build, a static
//!   site in `dist/web/` ([`web`]), its files' sizes raw and gzipped; `--serve` then serves
//!   it on localhost ([`web_serve`]).
//!
//! What goes where is [`layout`]; the Debian package is [`deb`]; the archives and checksums
//! are [`archive`]; the Windows build is [`windows`].

mod archive;
mod deb;
mod docs;
mod layout;
mod web;
mod web_serve;
mod windows;

use anyhow::{bail, Context, Result};
use clap::{CommandFactory, Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The application id (reverse DNS): the name of the desktop file, the metainfo and the icons
/// (also in `examples/gen_assets/icons.rs` and `packaging/linux/`).
pub const APP_ID: &str = "io.github.breakout_glium.Breakout";

/// Build tasks of the breakout game.
#[derive(Parser)]
#[command(name = "cargo xtask")]
struct Args {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Write the man pages and the shell completions into DIR (default target/xtask/docs).
    Docs {
        /// Output directory.
        dir: Option<PathBuf>,
    },
    /// Build the release archives into dist/.
    Dist {
        /// Cross-build the Windows zip instead of the Linux .deb and tarball.
        #[arg(long)]
        windows: bool,
        /// The cargo profile the game is built with (CI packages `release`, which
        /// `cargo test --release` has already built).
        #[arg(long, default_value = "dist")]
        profile: String,
        /// Package this already built Linux binary instead of building one (CI: the
        /// target/release/breakout that `cargo test --release` built).
        #[arg(long, value_name = "PATH", conflicts_with_all = ["windows", "profile"])]
        binary: Option<PathBuf>,
    },
    /// Build the browser version, a static site, into dist/web/ (and print its sizes).
    Web {
        /// The cargo profile the .wasm is built with.
        #[arg(long, default_value = "release")]
        profile: String,
        /// Then serve the site on http://localhost:PORT/ for a browser (Ctrl+C stops).
        #[arg(long)]
        serve: bool,
        /// The port --serve listens on.
        #[arg(long, default_value_t = 8000, requires = "serve")]
        port: u16,
    },
}

fn main() -> Result<()> {
    let args = Args::parse();
    let root = project_root();
    std::env::set_current_dir(&root)?;
    match args.task {
        Task::Docs { dir } => {
            let dir = dir.unwrap_or_else(|| root.join("target/xtask/docs"));
            docs::write(&dir)?;
            println!("wrote {}", dir.display());
        }
        Task::Dist {
            windows,
            profile,
            binary,
        } => {
            let dist = root.join("dist");
            std::fs::create_dir_all(&dist)?;
            let written = if windows {
                vec![windows::dist(&root, &profile, &dist)?]
            } else {
                let binary = match binary {
                    Some(path) => std::fs::canonicalize(&path)
                        .with_context(|| format!("{}: no such binary", path.display()))?,
                    None => build(&profile, None, &[])?,
                };
                let stage = root.join("target/xtask/stage");
                let files = layout::linux_files(&root, &binary, &stage)?;
                vec![
                    deb::build(&root, &files, &stage, &dist)?,
                    archive::linux_tarball(&files, &dist)?,
                ]
            };
            let sums = archive::sha256sums(&dist)?;
            for path in written.iter().chain([&sums]) {
                println!("wrote {}", path.display());
            }
        }
        Task::Web {
            profile,
            serve,
            port,
        } => {
            let out = root.join("dist/web");
            let files = web::build(&root, &profile, &out)?;
            print_sizes(&files, &web::sizes(&files)?);
            if serve {
                web_serve::serve(&out, port)?;
            }
        }
    }
    Ok(())
}

/// Prints each file written with its size, raw and gzipped, and the site's total.
fn print_sizes(files: &[PathBuf], sizes: &[web::Size]) {
    let kb = |bytes: u64| bytes as f64 / 1024.0;
    for (path, size) in files.iter().zip(sizes) {
        println!(
            "wrote {} ({:.1} KiB, {:.1} KiB gzipped)",
            path.display(),
            kb(size.raw),
            kb(size.gzipped)
        );
    }
    let raw: u64 = sizes.iter().map(|s| s.raw).sum();
    let gzipped: u64 = sizes.iter().map(|s| s.gzipped).sum();
    println!(
        "the page: {:.2} MiB, {:.2} MiB gzipped",
        kb(raw) / 1024.0,
        kb(gzipped) / 1024.0
    );
}

/// The game's version, from its own command (Cargo.toml's `version`).
pub fn version() -> String {
    breakout::cli::Cli::command()
        .get_version()
        .expect("the game's command has a version")
        .to_owned()
}

/// The workspace root (the parent of this crate's directory).
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ is in the workspace root")
        .to_owned()
}

/// Builds the `breakout` binary with `profile` (for `target`, a target triple, if given;
/// `rustc_args` go to the final rustc call only) and returns its path.
pub fn build(profile: &str, target: Option<&str>, rustc_args: &[String]) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(cargo);
    cmd.args(["rustc", "--package", "breakout", "--bin", "breakout"]);
    cmd.args(["--profile", profile]);
    if let Some(target) = target {
        cmd.args(["--target", target]);
    }
    if !rustc_args.is_empty() {
        cmd.arg("--").args(rustc_args);
    }
    run(&mut cmd)?;
    // Cargo's directory for a profile: `dev` builds into debug/, the others into their name.
    let dir = if profile == "dev" { "debug" } else { profile };
    let mut path = PathBuf::from("target");
    if let Some(target) = target {
        path.push(target);
    }
    path.push(dir);
    path.push(if target.is_some_and(|t| t.contains("windows")) {
        "breakout.exe"
    } else {
        "breakout"
    });
    if !path.is_file() {
        bail!("{} was not built", path.display());
    }
    Ok(std::fs::canonicalize(&path)?)
}

/// Runs `cmd`, failing with its command line if it cannot start or exits with an error.
pub fn run(cmd: &mut Command) -> Result<()> {
    let status = cmd
        .status()
        .with_context(|| format!("cannot run {cmd:?}"))?;
    if !status.success() {
        bail!("{cmd:?} failed: {status}");
    }
    Ok(())
}
