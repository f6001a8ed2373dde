//! The subcommands that draw without a window, through the game's own renderer on a headless
//! GL context (`render::headless`): `breakout preview`'s PNG and `replay --export`'s frames.
//! Their layout is `commands`' (no GL there: `commands` may not use `render`); this is the glue
//! that hands it to the renderer, here because `app` may use both.

use crate::assets::Assets;
use crate::cli::{PreviewArgs, ReplayArgs};
use crate::commands::export::{Export, ExportRange};
use crate::commands::{self, preview};
use std::path::Path;
use std::process::ExitCode;

/// `breakout preview`: the level (`--set`/`--set-level`, or the level argument) as play starts,
/// drawn into the PNG `-o` names at `--size`. Returns the exit status; an error (no such level,
/// no GL, a file that cannot be written) is one line on stderr.
pub fn preview(args: &PreviewArgs) -> ExitCode {
    commands::exit(
        Assets::from_env()
            .map_err(anyhow::Error::from)
            .and_then(|assets| {
                let level = match &args.set {
                    Some(set) => {
                        commands::load_level(&assets, Some(set), args.set_level.as_deref())?
                    }
                    None => commands::load_level(&assets, None, args.level.as_deref())?,
                };
                let theme = match &args.theme {
                    Some(name) => {
                        Some(crate::assets::theme::load_named(name).map_err(anyhow::Error::msg)?)
                    }
                    None => None,
                };
                let mut renderer =
                    crate::render::headless::HeadlessRenderer::new(args.size, &assets)?;
                renderer.set_theme(&assets, theme.as_ref())?;
                let batch = preview::batch(&level);
                renderer.save_png(&batch, &args.output)?;
                Ok(())
            }),
    )
}

/// `replay FILE --export OUT`: the frames drawn headless on one context and written; a line on
/// stdout saying what was written, a warning on stderr if the replay diverged. Returns the
/// exit status; an error is one line on stderr (and nothing half-written is left).
pub fn export_replay(args: &ReplayArgs, out: &Path) -> ExitCode {
    let range = ExportRange {
        from: args.from,
        to: args.to,
        fps: args.fps,
    };
    let run = || -> Result<_, String> {
        let export = Export::prepare(&args.file, out, &range)?;
        let assets = Assets::from_env();
        let mut renderer = match assets
            .map_err(anyhow::Error::from)
            .and_then(|assets| crate::render::headless::HeadlessRenderer::new(args.size, &assets))
        {
            Ok(renderer) => renderer,
            Err(e) => {
                export.abandon();
                return Err(commands::describe(&e));
            }
        };
        export.run(&mut |batch| renderer.render(batch).map_err(|e| e.to_string()))
    };
    match run() {
        Ok(exported) => {
            let clock = commands::replay::clock;
            if let Some(step) = exported.diverged_at {
                eprintln!(
                    "breakout: warning: {}: DIVERGED at step {step} ({}): the frames show what \
                     the game does now",
                    args.file.display(),
                    clock(step)
                );
            }
            println!(
                "{}: {} frames of {}x{}, play from {} to {} at {} fps",
                out.display(),
                exported.frames,
                args.size.0,
                args.size.1,
                clock(exported.steps.0),
                clock(exported.steps.1),
                args.fps
            );
            ExitCode::SUCCESS
        }
        Err(message) => commands::fail(&message),
    }
}
