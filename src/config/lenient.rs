//! Reading `breakout.toml` so that one mistake costs only its own setting: every problem is
//! found (not only the first, as serde stops at), told in a player's words with its line and
//! column, and the rest of the file still applies. The command line refuses a file with any
//! problem ([`Config::parse`]); the game can start with [`Config::parse_lenient`]'s result.

use super::Config;
use std::fmt;

/// Most problems reported for one file (each costs a re-parse; a file this broken is not a
/// configuration).
const MAX_PROBLEMS: usize = 50;

/// One mistake in the configuration file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// 1-based line.
    pub line: usize,
    /// 1-based column (characters).
    pub column: usize,
    /// What is wrong, in a player's words.
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

/// A number setting with its range: section, key, where it lives in [`Config`], lowest, highest.
type Ranged = (
    &'static str,
    &'static str,
    fn(&mut Config) -> &mut f32,
    f32,
    f32,
);

/// The number settings whose range serde cannot check.
const RANGED: [Ranged; 12] = [
    (
        "ball",
        "speed_up_per_minute",
        |c| &mut c.ball.speed_up_per_minute,
        0.0,
        10.0,
    ),
    (
        "ball",
        "max_speed_factor",
        |c| &mut c.ball.max_speed_factor,
        1.0,
        4.0,
    ),
    (
        "powerups",
        "good_chance",
        |c| &mut c.powerups.good_chance,
        0.0,
        1.0,
    ),
    (
        "powerups",
        "bad_chance",
        |c| &mut c.powerups.bad_chance,
        0.0,
        1.0,
    ),
    (
        "powerups",
        "sticky_seconds",
        |c| &mut c.powerups.sticky_seconds,
        0.001,
        3600.0,
    ),
    (
        "powerups",
        "pass_through_seconds",
        |c| &mut c.powerups.pass_through_seconds,
        0.001,
        3600.0,
    ),
    (
        "powerups",
        "confuse_seconds",
        |c| &mut c.powerups.confuse_seconds,
        0.001,
        3600.0,
    ),
    (
        "powerups",
        "chaos_seconds",
        |c| &mut c.powerups.chaos_seconds,
        0.001,
        3600.0,
    ),
    (
        "audio",
        "music_volume",
        |c| &mut c.audio.music_volume,
        0.0,
        1.0,
    ),
    (
        "audio",
        "effects_volume",
        |c| &mut c.audio.effects_volume,
        0.0,
        1.0,
    ),
    (
        "effects",
        "trail_rate",
        |c| &mut c.effects.trail_rate,
        0.0,
        5000.0,
    ),
    (
        "gamepad",
        "dead_zone",
        |c| &mut c.gamepad.dead_zone,
        0.0,
        0.9,
    ),
];

/// Most particles in a brick's burst (`[effects] burst_particles`).
const MAX_BURST_PARTICLES: u32 = 500;

impl Config {
    /// Reads the bytes of a configuration file, skipping what is wrong: as
    /// [`Config::parse_lenient`], after reading each byte sequence that is not UTF-8 as U+FFFD
    /// (a Latin-1 `é` in a comment costs nothing else; in a setting, that setting). Each line
    /// holding such bytes is one more problem, `not UTF-8 at byte offset N (line L)`.
    pub fn parse_lenient_bytes(bytes: &[u8]) -> (Config, Vec<Problem>) {
        let (text, mut problems) = decode(bytes);
        let (config, more) = Config::parse_lenient(&text);
        problems.extend(more);
        problems.sort_by_key(|p| (p.line, p.column));
        (config, problems)
    }

    /// As [`Config::parse_lenient_bytes`], for a file refused on any mistake (`--config`): the
    /// problems do not say what the game would play instead, since it plays nothing from it.
    pub fn parse_strict_bytes(bytes: &[u8]) -> (Config, Vec<Problem>) {
        let (config, mut problems) = Config::parse_lenient_bytes(bytes);
        let clause = fallback_clause();
        for p in &mut problems {
            p.message = p.message.replace(&clause, "");
        }
        (config, problems)
    }

    /// Reads configuration text, skipping what is wrong: returns the configuration with the
    /// default value wherever the file has a mistake (a bad line, an unknown section, a value
    /// out of range), and every mistake (line, column, message), in file order.
    pub fn parse_lenient(text: &str) -> (Config, Vec<Problem>) {
        let (mut config, text, mut problems) = deserialize_lenient(text);
        config.check_ranges(&text, &mut problems);
        config.check_powerup_tables(&text, &mut problems);
        // `[keys]`: unknown actions and key names, menu keys, a key given twice.
        let (_, key_problems) = crate::bindings::Bindings::from_entries(&config.keys.entries);
        for (name, message) in key_problems {
            let (line, column) = locate(&text, "keys", &name);
            problems.push(Problem {
                line,
                column,
                message,
            });
        }
        problems.sort_by_key(|p| (p.line, p.column));
        (config, problems)
    }

    /// Puts back the default of each number out of its range (serde reads any number), with a
    /// problem at the setting's line.
    fn check_ranges(&mut self, text: &str, problems: &mut Vec<Problem>) {
        for (section, key, field, lo, hi) in RANGED {
            let value = *field(self);
            if !(lo..=hi).contains(&value) {
                let (line, column) = locate(text, section, key);
                problems.push(Problem {
                    line,
                    column,
                    message: format!(
                        "{key} = {value} is out of range: it must be between {lo} and {hi}"
                    ),
                });
                *field(self) = *field(&mut Config::default());
            }
        }
        if self.effects.burst_particles > MAX_BURST_PARTICLES {
            let (line, column) = locate(text, "effects", "burst_particles");
            problems.push(Problem {
                line,
                column,
                message: format!(
                    "burst_particles = {} is out of range: it must be between 0 and {MAX_BURST_PARTICLES}",
                    self.effects.burst_particles
                ),
            });
            self.effects.burst_particles = super::EffectsConfig::default().burst_particles;
        }
        let (lo, hi) = super::GAME_SPEED_RANGE;
        if !(lo..=hi).contains(&self.game.speed) {
            let (line, column) = locate(text, "game", "speed");
            problems.push(Problem {
                line,
                column,
                message: format!(
                    "speed = {} is out of range: it must be between {lo} and {hi} (per cent)",
                    self.game.speed
                ),
            });
            self.game.speed = super::PlayConfig::default().speed;
        }
        let (lo, hi) = super::FRAME_CAP_RANGE;
        if let Some(cap) = self
            .video
            .frame_cap
            .filter(|&c| c != 0 && !(lo..=hi).contains(&c))
        {
            let (line, column) = locate(text, "video", "frame_cap");
            problems.push(Problem {
                line,
                column,
                message: format!(
                    "frame_cap = {cap} is out of range: it must be 0 (no cap) or between {lo} and {hi}"
                ),
            });
            self.video.frame_cap = None;
        }
    }

    /// `[powerups.chance]` and `[powerups.seconds]`: each problem at the name's line in its
    /// table, and that power-up's entry forgotten.
    fn check_powerup_tables(&mut self, text: &str, problems: &mut Vec<Problem>) {
        for (key, message) in self.powerups.problems() {
            let Some((table, name)) = key.split_once('.') else {
                continue;
            };
            let (line, column) = locate(text, &format!("powerups.{table}"), name);
            problems.push(Problem {
                line,
                column,
                message: format!("{key}: {message}"),
            });
            if let Some(kind) = crate::level::PowerUpKind::from_name(name) {
                let map = if table == "chance" {
                    &mut self.powerups.chance
                } else {
                    &mut self.powerups.seconds
                };
                map.0[kind as usize] = None;
            }
        }
    }
}

/// Deserializes `text` as serde would, but past its first error: each error is a problem (at
/// most [`MAX_PROBLEMS`]) and its line (a section header: its whole section) is blanked out
/// before trying again. Returns the configuration, the text as finally read (blanked lines
/// included, for locating later problems) and the problems.
fn deserialize_lenient(text: &str) -> (Config, String, Vec<Problem>) {
    let mut text = text.to_string();
    let mut problems = Vec::new();
    let config = loop {
        match toml::from_str::<Config>(&text) {
            Ok(config) => break config,
            Err(e) if problems.len() < MAX_PROBLEMS => {
                let offset = e.span().map_or(0, |s| s.start);
                let (line, column) = position(&text, offset);
                let key = key_at(&text, offset);
                let in_collision = section_at(&text, offset) == "collision";
                let message = match key.as_deref() {
                    Some("mode") if in_collision => unknown_model_words(e.message()),
                    _ => None,
                };
                problems.push(Problem {
                    line,
                    column,
                    message: message.unwrap_or_else(|| plain_words(e.message(), key.as_deref())),
                });
                if !blank_out(&mut text, offset) {
                    break Config::default();
                }
            }
            Err(_) => break Config::default(),
        }
    };
    (config, text, problems)
}

/// `bytes` as text, each byte sequence that is not UTF-8 read as U+FFFD (as
/// [`String::from_utf8_lossy`] does), and one problem for each line holding such bytes (at the
/// first of them), at most [`MAX_PROBLEMS`].
pub(super) fn decode(bytes: &[u8]) -> (String, Vec<Problem>) {
    let mut text = String::with_capacity(bytes.len());
    let mut problems: Vec<Problem> = Vec::new();
    let (mut line, mut column) = (1, 1);
    let mut rest = bytes;
    loop {
        let (good, bad) = match std::str::from_utf8(rest) {
            Ok(all) => (all, None),
            Err(e) => {
                let good = std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or_default();
                let len = e.error_len().unwrap_or(rest.len() - e.valid_up_to());
                (good, Some(len))
            }
        };
        text.push_str(good);
        match good.rsplit_once('\n') {
            Some((before, after)) => {
                line += before.matches('\n').count() + 1;
                column = after.chars().count() + 1;
            }
            None => column += good.chars().count(),
        }
        let Some(bad) = bad else { break };
        let offset = bytes.len() - rest.len() + good.len();
        if problems.last().is_none_or(|p| p.line != line) && problems.len() < MAX_PROBLEMS {
            problems.push(Problem {
                line,
                column,
                message: format!(
                    "not UTF-8 at byte offset {offset} (line {line}); the game will not \
                     save into this file until it is saved as UTF-8"
                ),
            });
        }
        text.push(char::REPLACEMENT_CHARACTER);
        column += 1;
        rest = &rest[good.len() + bad..];
    }
    (text, problems)
}

/// 1-based line and column of byte `offset` in `text`.
pub(super) fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset.min(text.len())).unwrap_or("");
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// The byte range of the line holding `offset`.
fn line_range(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    (start, end)
}

/// The key written on the line holding `offset` (`key = …`), if any.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let (start, end) = line_range(text, offset);
    let line = &text[start..end];
    let (key, _) = line.split_once('=')?;
    let key = key.trim().trim_matches('"');
    (!key.is_empty() && !key.starts_with('[')).then(|| key.to_string())
}

/// Empties the line holding `offset` (a `[section]` header: the whole section, up to the next
/// header), keeping line numbers; false if nothing was left to empty.
fn blank_out(text: &mut String, offset: usize) -> bool {
    let (start, mut end) = line_range(text, offset);
    if text[start..end].trim().is_empty() {
        return false;
    }
    if text[start..end].trim_start().starts_with('[') {
        let mut next = end;
        while next < text.len() {
            let (s, e) = line_range(text, next + 1);
            if s >= text.len() || text[s..e].trim_start().starts_with('[') {
                break;
            }
            end = e;
            next = e;
        }
    }
    let blanked: String = text[start..end]
        .chars()
        .map(|c| if c == '\n' { '\n' } else { ' ' })
        .collect();
    text.replace_range(start..end, &blanked);
    true
}

/// The name of the `[section]` the line holding `offset` is in ("" before the first header).
fn section_at(text: &str, offset: usize) -> &str {
    let (start, _) = line_range(text, offset);
    text[..start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('['))
        .map_or("", |h| h.trim_matches(['[', ']']).trim())
}

/// `[collision] mode` naming a model this version lacks (serde's "unknown variant"): says so,
/// that the game plays the default model instead (the setting is left at its default), and
/// lists every model of [`CollisionMode::ALL`](crate::collision::CollisionMode::ALL). None for
/// any other mistake (a number instead of a name: the ordinary words).
fn unknown_model_words(message: &str) -> Option<String> {
    use crate::collision::CollisionMode;
    let rest = message.trim().strip_prefix("unknown variant `")?;
    let (name, _) = rest.split_once('`')?;
    let names: Vec<&str> = CollisionMode::ALL.iter().map(|m| m.name()).collect();
    Some(format!(
        "unknown value '{name}' for mode: this version has no collision model '{name}'{}; the \
         models are {}, or native (each level with its own game's physics)",
        fallback_clause(),
        names.join(", ")
    ))
}

/// What [`unknown_model_words`] says of the fallback: true where a mistake costs only its
/// setting (the game's own file), left out where the file is refused (`--config`).
fn fallback_clause() -> String {
    use crate::collision::CollisionMode;
    format!(
        ", so {} (the default) plays instead",
        CollisionMode::default()
    )
}

/// Line and column of `key = …` inside `[section]` (the file's start if not found).
fn locate(text: &str, section: &str, key: &str) -> (usize, usize) {
    let mut in_section = false;
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        if trimmed.starts_with('[') {
            in_section = trimmed.trim_matches(['[', ']']).trim() == section;
        } else if in_section
            && trimmed
                .split_once('=')
                .is_some_and(|(k, _)| k.trim().trim_matches('"') == key)
        {
            let indent = line.len() - line.trim_start().len();
            return position(text, offset + indent);
        }
        offset += line.len();
    }
    (1, 1)
}

/// serde's and TOML's messages in a player's words: "unknown field" becomes an unknown setting
/// with the valid ones, "invalid type: string, expected f32" a value that must be a number.
fn plain_words(message: &str, key: Option<&str>) -> String {
    let message = message.trim().replace('\n', "; ");
    let ticks = |s: &str| s.replace('`', "");
    if let Some(rest) = message.strip_prefix("unknown field `") {
        if let Some((name, expected)) = rest.split_once("`, expected ") {
            let expected = ticks(expected.trim_start_matches("one of "));
            return format!("unknown setting '{name}': the settings here are {expected}");
        }
    }
    if let Some(rest) = message.strip_prefix("unknown variant `") {
        if let Some((name, expected)) = rest.split_once("`, expected ") {
            let expected = ticks(expected.trim_start_matches("one of "));
            let what = key.map_or(String::new(), |k| format!(" for {k}"));
            return format!("unknown value '{name}'{what}: it must be one of {expected}");
        }
    }
    if let Some(rest) = message.strip_prefix("invalid type: ") {
        if let Some((found, expected)) = rest.split_once(", expected ") {
            let expected = match expected.trim() {
                "f32" | "f64" | "a float" => "a number",
                "u8" | "u16" | "u32" | "u64" | "i32" | "i64" | "an integer" => "a whole number",
                "a boolean" | "bool" => "true or false",
                "a string" | "string" => "text in quotes",
                other => other,
            };
            let found = if let Some(s) = found.strip_prefix("string ") {
                format!("the text {s}")
            } else {
                let found = ticks(found);
                ["integer ", "floating point ", "boolean "]
                    .iter()
                    .find_map(|p| found.strip_prefix(p).map(str::to_string))
                    .unwrap_or(found)
            };
            let what = key.unwrap_or("this setting");
            return format!("{what} must be {expected}, not {found}");
        }
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mistake_is_reported_and_the_rest_still_applies() {
        let text = "[effects]\ntrail_rate = -1\nburst_particles = 100000000\n\n[audio]\nmusic_volume = \"loud\"\neffects_volume = 0.25\n[vidoe]\nwidth = 3\n[collision]\nmode = \"sweep\"\n";
        let (config, problems) = Config::parse_lenient(text);
        let at: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(
            at,
            vec![(2, 1), (3, 1), (6, 16), (8, 2), (11, 8)],
            "{problems:#?}"
        );
        let words: Vec<&str> = problems.iter().map(|p| p.message.as_str()).collect();
        assert!(
            words[2].contains("music_volume must be a number, not the text \"loud\""),
            "{}",
            words[2]
        );
        assert!(
            words[3].contains("unknown setting 'vidoe'") && words[3].contains("audio"),
            "{}",
            words[3]
        );
        assert!(
            words[4].contains("unknown value 'sweep' for mode") && words[4].contains("swept"),
            "{}",
            words[4]
        );
        for w in &words {
            assert!(
                !w.contains('`') && !w.contains("f32") && !w.contains("variant"),
                "{w}"
            );
        }
        // What was right still applies; what was wrong is the default.
        assert_eq!(config.audio.effects_volume, 0.25);
        assert_eq!(
            config.audio.music_volume,
            Config::default().audio.music_volume
        );
        assert_eq!(config.effects, Config::default().effects);
        assert_eq!(config.collision, Config::default().collision);
    }

    #[test]
    fn a_model_this_version_lacks_falls_back_to_the_default_and_lists_every_model() {
        let text = "[audio]\neffects_volume = 0.5\n[collision]\n# from a later version\nmode = \"quantum-foam\"\n";
        let (config, problems) = Config::parse_lenient(text);
        assert_eq!(problems.len(), 1, "{problems:#?}");
        let p = &problems[0];
        assert_eq!((p.line, p.column), (5, 8));
        assert!(
            p.message.contains("no collision model 'quantum-foam'"),
            "{p}"
        );
        let fallback = crate::collision::CollisionMode::default();
        assert!(
            p.message.contains(&format!("so {fallback} (the default)")),
            "{p}"
        );
        for mode in crate::collision::CollisionMode::ALL {
            assert!(p.message.contains(mode.name()), "{p} should list {mode}");
        }
        assert_eq!(config.collision.mode, fallback);
        assert_eq!(config.audio.effects_volume, 0.5);
        // A file refused on any mistake (`--config`) does not say what would play instead.
        let (_, strict) = Config::parse_strict_bytes(text.as_bytes());
        assert!(strict[0]
            .message
            .contains("no collision model 'quantum-foam'; the models are"));
        assert!(!strict[0].message.contains("instead"), "{}", strict[0]);
        // Only the collision section's `mode` is a model: another section's is not.
        assert_eq!(section_at(text, text.find("effects").unwrap()), "audio");
        assert_eq!(section_at("mode = 1\n", 0), "");
    }

    #[test]
    fn a_good_file_has_no_problem() {
        let (config, problems) =
            Config::parse_lenient("[audio]\nmusic_volume = 1\n[powerups.seconds]\nfrozen = 2\n");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(config.audio.music_volume, 1.0);
    }

    /// Regression (found by a play-test): a file that is not UTF-8 could not be read at
    /// all. Its bytes that are not UTF-8 are now one problem per line, and every setting that
    /// can still be read applies.
    #[test]
    fn bytes_that_are_not_utf8_cost_only_their_line_and_say_where() {
        // Latin-1 `é` (0xE9) in a comment, then in a setting's line; the other settings apply.
        let mut bytes = b"# caf\xE9 settings\n[audio]\nmusic_volume = 0.25\n".to_vec();
        bytes.extend_from_slice(b"effects_volume = 0.\xE95\nmuted = true\n");
        let (config, problems) = Config::parse_lenient_bytes(&bytes);
        assert_eq!(config.audio.music_volume, 0.25);
        assert!(config.audio.muted);
        assert_eq!(
            config.audio.effects_volume,
            Config::default().audio.effects_volume
        );
        let utf8: Vec<&Problem> = problems
            .iter()
            .filter(|p| p.message.starts_with("not UTF-8"))
            .collect();
        assert_eq!(utf8.len(), 2, "{problems:#?}");
        assert_eq!((utf8[0].line, utf8[0].column), (1, 6));
        assert!(
            utf8[0]
                .message
                .starts_with("not UTF-8 at byte offset 5 (line 1)"),
            "{}",
            utf8[0].message
        );
        assert_eq!((utf8[1].line, utf8[1].column), (4, 20));
        assert!(
            utf8[1]
                .message
                .starts_with("not UTF-8 at byte offset 63 (line 4)"),
            "{}",
            utf8[1].message
        );
        // The bad value is a TOML mistake too, at its line; nothing else is.
        assert_eq!(problems.len(), 3, "{problems:#?}");
        assert_eq!(problems[2].line, 4);
        // Random bytes: the defaults, and problems rather than a refusal.
        let noise: Vec<u8> = (0u32..500)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let (config, problems) = Config::parse_lenient_bytes(&noise);
        assert_eq!(config, Config::default());
        assert!(
            problems.iter().any(|p| p.message.starts_with("not UTF-8")),
            "{problems:#?}"
        );
    }

    #[test]
    fn broken_toml_is_reported_and_the_other_lines_apply() {
        let (config, problems) =
            Config::parse_lenient("[audio]\nmusic_volume = = 3\neffects_volume = 0.5\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].line, 2);
        assert_eq!(config.audio.effects_volume, 0.5);
    }
}
