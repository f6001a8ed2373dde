//! The table of files built into the binary: every shader, texture, sound and shipped level.
//!
//! Adding a file under `shaders/`, `textures/` (`*.png`), `audio/` (`*.wav`) or `levels/`
//! (`*.lvl`) means adding one line here; a unit test fails until the table and those
//! directories list the same files.

/// One built-in file: its name relative to the repository root (`"shaders/sprite.vert"`, always
/// `/`-separated) and its bytes.
#[derive(Clone, Copy, Debug)]
pub struct EmbeddedFile {
    /// Relative name, e.g. `"textures/ball.png"`.
    pub name: &'static str,
    /// The file's content, as it was when the binary was built.
    pub bytes: &'static [u8],
}

/// `files!["a/b", …]` → one [`EmbeddedFile`] per name, read at compile time.
macro_rules! files {
    ($($name:literal),* $(,)?) => {
        &[$(EmbeddedFile {
            name: $name,
            bytes: include_bytes!(concat!("../../", $name)),
        }),*]
    };
}

/// Every built-in file, sorted by name.
pub const FILES: &[EmbeddedFile] = files![
    "audio/brick.wav",
    "audio/explosion.wav",
    "audio/level_cleared.wav",
    "audio/life_lost.wav",
    "audio/music.wav",
    "audio/paddle.wav",
    "audio/powerup.wav",
    "audio/powerup_bad.wav",
    "audio/powerup_ball.wav",
    "audio/powerup_field.wav",
    "audio/powerup_paddle.wav",
    "audio/powerup_points.wav",
    "audio/solid.wav",
    "levels/01-first-steps.lvl",
    "levels/02-gates.lvl",
    "levels/03-fortress.lvl",
    "levels/04-rainbow.lvl",
    "levels/05-the-vault.lvl",
    "levels/06-shield-wall.lvl",
    "levels/07-diamond-core.lvl",
    "levels/08-citadel.lvl",
    "shaders/particle.frag",
    "shaders/particle.vert",
    "shaders/post.frag",
    "shaders/post.vert",
    "shaders/sprite.frag",
    "shaders/sprite.vert",
    "shaders/text.frag",
    "textures/background.png",
    "textures/ball.png",
    "textures/block.png",
    "textures/block_metal.png",
    "textures/block_solid.png",
    "textures/brick_marks.png",
    "textures/paddle.png",
    "textures/particle.png",
    "textures/powerups.png",
];

/// The built-in file called `name` (e.g. `"shaders/post.frag"`), if there is one.
pub fn get(name: &str) -> Option<&'static EmbeddedFile> {
    FILES.iter().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The asset files in the source tree, as the table names them.
    fn on_disk() -> Vec<String> {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut names = Vec::new();
        for (dir, ext) in [
            ("audio", "wav"),
            ("levels", "lvl"),
            ("shaders", ""),
            ("textures", "png"),
        ] {
            for entry in std::fs::read_dir(root.join(dir)).expect("asset directory") {
                let path = entry.expect("directory entry").path();
                let file = path.file_name().unwrap().to_string_lossy().into_owned();
                let matches = if ext.is_empty() {
                    file.ends_with(".vert") || file.ends_with(".frag")
                } else {
                    path.extension().is_some_and(|e| e == ext)
                };
                if matches {
                    names.push(format!("{dir}/{file}"));
                }
            }
        }
        names.sort();
        names
    }

    #[test]
    fn the_table_lists_exactly_the_asset_files_of_the_source_tree() {
        let table: Vec<String> = FILES.iter().map(|f| f.name.to_string()).collect();
        assert_eq!(table, on_disk());
    }

    #[test]
    fn built_in_bytes_are_the_files_bytes() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        for file in FILES {
            let disk = std::fs::read(root.join(file.name)).expect("file");
            assert_eq!(file.bytes, &disk[..], "{}", file.name);
        }
        assert!(get("shaders/sprite.vert").is_some());
        assert!(get("shaders/nope.vert").is_none());
    }
}
