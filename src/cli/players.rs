//! The players of a hot-seat run (`--players`): how many, and the names they may have.

/// The players of a hot-seat run, in turn order (`--players`): 2 to [`MAX_PLAYERS`] names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerNames(pub Vec<String>);

/// Most players of a hot-seat run.
pub const MAX_PLAYERS: usize = 4;
/// Longest player name, characters (it fits the turn banner and the end table).
pub const MAX_NAME_CHARS: usize = 12;

/// Whether `c` may be in a player's name: letters, digits, space, `-`, `_`, `'` and `.`.
pub fn is_name_char(c: char) -> bool {
    c.is_alphanumeric() || matches!(c, ' ' | '-' | '_' | '\'' | '.')
}

/// `--players`: 2–4 comma-separated names, each trimmed, 1–[`MAX_NAME_CHARS`] characters of
/// [`is_name_char`], no two the same (ignoring case: their best scores are kept by name).
pub fn parse_players(s: &str) -> Result<PlayerNames, String> {
    let names: Vec<String> = s.split(',').map(|n| n.trim().to_string()).collect();
    if names.len() < 2 || names.len() > MAX_PLAYERS {
        return Err(format!(
            "a hot-seat run has 2 to {MAX_PLAYERS} players, given {}: name them separated by commas, e.g. --players Anna,Ben",
            names.len()
        ));
    }
    for (i, name) in names.iter().enumerate() {
        if name.is_empty() {
            return Err(format!("player {} has no name", i + 1));
        }
        if name.chars().count() > MAX_NAME_CHARS {
            return Err(format!(
                "'{name}' is longer than {MAX_NAME_CHARS} characters"
            ));
        }
        if let Some(c) = name.chars().find(|&c| !is_name_char(c)) {
            return Err(format!(
                "'{name}' has '{c}': a name holds letters, digits, spaces and - _ ' ."
            ));
        }
        if names[..i]
            .iter()
            .any(|n| n.to_lowercase() == name.to_lowercase())
        {
            return Err(format!(
                "'{name}' is named twice: each player needs their own name"
            ));
        }
    }
    Ok(PlayerNames(names))
}
