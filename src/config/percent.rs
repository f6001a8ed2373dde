//! A percentage read from `breakout.toml` that must be 0 to 100 (`[game] warp_limit`): more is
//! a mistake in the file, reported at its line and column like any value of the wrong type,
//! and the setting keeps its default.

use serde::{Deserialize, Deserializer};

/// Reads a whole number from 0 to 100.
///
/// # Errors
/// Not a whole number, negative, or more than 100: "... must be between 0 and 100 (per cent)".
pub fn up_to_100<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    let value = i64::deserialize(deserializer)?;
    u32::try_from(value)
        .ok()
        .filter(|&v| v <= 100)
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{value} is out of range: it must be between 0 and 100 (per cent)"
            ))
        })
}

#[cfg(test)]
mod tests {
    use crate::config::Config;

    #[test]
    fn the_warp_limit_is_read_and_out_of_range_keeps_its_default() {
        let (config, problems) = Config::parse_lenient("[game]\nwarp_limit = 30\n");
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(config.game.warp_limit, 30);
        let (config, problems) =
            Config::parse_lenient("[game]\nwarp_limit = 130\nstall_breaker = false\n");
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!((problems[0].line, problems[0].column), (2, 14));
        assert!(
            problems[0].message.contains("between 0 and 100"),
            "{problems:?}"
        );
        assert_eq!(config.game.warp_limit, 80, "the default");
        assert!(!config.game.stall_breaker, "the rest applies");
    }
}
