//! The man pages and shell completions, generated from the game's clap command: nothing is
//! written by hand, so they cannot drift from `breakout --help`.

use anyhow::Result;
use clap::CommandFactory;
use clap_complete::Shell;
use std::path::{Path, PathBuf};

/// Man pages and completion scripts written by [`write`], by file name.
pub struct Docs {
    /// `breakout.6` and one `breakout-SUBCOMMAND.6` per subcommand.
    pub man_pages: Vec<PathBuf>,
    /// `breakout.bash`, `_breakout` (zsh), `breakout.fish`.
    pub bash: PathBuf,
    /// The zsh completion function file.
    pub zsh: PathBuf,
    /// The fish completion file.
    pub fish: PathBuf,
}

/// Writes the man pages (section 6, games) into `dir/man/` and the completions into
/// `dir/completions/`.
pub fn write(dir: &Path) -> Result<Docs> {
    let man_dir = dir.join("man");
    let completions = dir.join("completions");
    std::fs::create_dir_all(&man_dir)?;
    std::fs::create_dir_all(&completions)?;

    let mut cmd = breakout::cli::Cli::command();
    cmd.build();
    let source = format!("breakout {}", crate::version());
    let page = |cmd: clap::Command| -> Result<PathBuf> {
        let man = clap_mangen::Man::new(cmd)
            .section("6")
            .manual("Games Manual")
            .source(source.clone());
        Ok(man.generate_to(&man_dir)?)
    };
    let mut man_pages = vec![page(cmd.clone())?];
    // Not `help`: clap's own subcommand, which `breakout --help` already covers.
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        man_pages.push(page(sub.clone())?);
    }

    let mut generate = |shell: Shell| -> Result<PathBuf> {
        Ok(clap_complete::generate_to(
            shell,
            &mut cmd,
            "breakout",
            &completions,
        )?)
    };
    Ok(Docs {
        man_pages,
        bash: generate(Shell::Bash)?,
        zsh: generate(Shell::Zsh)?,
        fish: generate(Shell::Fish)?,
    })
}
