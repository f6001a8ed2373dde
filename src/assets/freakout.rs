//! Freakout: every installed level set merged and shuffled into one run (LBreakoutHD's
//! `!FREAKOUT!`, "Superset with ALL levels", `src/selectdlg.cpp`; research notes
//! `anchors-2026-11-27.md` §1.1).
//!
//! The sets merged (by [`super::LevelSetSource::open`]) are those the menu lists
//! ([`super::sets::discover_from_env`]): the shipped levels, the player's levels and imported
//! sets, and every installed game's set; a set that does not open is left out with a line in
//! the log. The levels are shuffled with a
//! [`rand_pcg::Pcg32`] seeded with the run's *shuffle seed*: the menu's Freakout draws a new
//! seed from the clock each time it is opened ([`fresh_seed`]; LBreakoutHD: `config.freakout_seed
//! = rand()`), and the seed is part of the set's key (`freakout:<16 hex digits>`,
//! [`seed_key`]), so each level's replay (its origin's set) keeps it and the unfinished run
//! continues in the same order. The simulation never sees the clock: the seed only orders the
//! levels. Bonus levels are added as in any run ([`super::bonus_levels`]).

use super::set_level::SetLevel;
use rand::seq::SliceRandom;
use rand::SeedableRng;

/// The Freakout set's key without a seed (the menu's entry) and the prefix of a shuffle's key.
pub const FREAKOUT_KEY: &str = "freakout";

/// The set key of the shuffle `seed`: `freakout:` and the seed in 16 hex digits.
pub fn seed_key(seed: u64) -> String {
    format!("{FREAKOUT_KEY}:{seed:016x}")
}

/// The Freakout seed a set key or `--set` argument names: `Some(None)` for `freakout` (a new
/// shuffle when opened), `Some(Some(seed))` for `freakout:<hex seed>` (that shuffle), `None`
/// for anything else (ASCII case ignored).
pub fn parse_key(arg: &str) -> Option<Option<u64>> {
    let lower = arg.to_ascii_lowercase();
    if lower == FREAKOUT_KEY {
        return Some(None);
    }
    let hex = lower.strip_prefix(FREAKOUT_KEY)?.strip_prefix(':')?;
    u64::from_str_radix(hex, 16).ok().map(Some)
}

/// A new shuffle seed, from the clock (nanoseconds since the Unix epoch, mixed; `web_time`, so
/// a browser has one too) and a count of the seeds drawn (two draws in one clock tick still
/// differ). Read here, in the shell, never in the simulation.
pub fn fresh_seed() -> u64 {
    static DRAWN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let drawn = DRAWN.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    // splitmix64's finaliser, so seeds a few nanoseconds apart differ in every digit.
    // No process id: a browser has none.
    let mut z = (nanos as u64) ^ drawn.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `levels` shuffled by a [`rand_pcg::Pcg32`] seeded with `seed`: one seed, one order.
pub fn shuffle(levels: &mut [SetLevel], seed: u64) {
    levels.shuffle(&mut rand_pcg::Pcg32::seed_from_u64(seed));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_gives_back_its_seed_and_other_names_are_not_freakout() {
        let seed = 0x0123_4567_89ab_cdef;
        assert_eq!(parse_key(&seed_key(seed)), Some(Some(seed)));
        assert_eq!(parse_key("FreakOut"), Some(None));
        assert_eq!(parse_key("freakout:zz"), None);
        assert_eq!(parse_key("shipped"), None);
    }

    #[test]
    fn fresh_seeds_differ() {
        assert_ne!(fresh_seed(), fresh_seed());
    }
}
