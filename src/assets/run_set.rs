//! A set as a run plays it: with its bonus levels, or each level alone.

use super::bonus_levels::{with_bonus_levels, BONUS_EVERY};
use super::set_start::resolve_start;
use super::sets::{LevelSetSource, OpenedSet, SetError};
use super::Assets;
use std::path::Path;

/// Where a run starts from the command line, as [`resolve_start`] finds it (`start`: `--set`
/// and `--level`), in the set as a run plays it ([`OpenedSet::with_bonus`], `bonus`: the
/// *Bonus levels* setting): with `--set`, `--level N` counts the bonus levels too (with the
/// shipped set, `--level 5` is the first bonus level); `--level NAME` alone starts at that
/// level where the run plays it.
///
/// # Errors
/// Any [`SetError`] of [`resolve_start`] or [`OpenedSet::find_level`].
pub fn resolve_run_start(
    assets: &Assets,
    user_dir: Option<&Path>,
    known: &[LevelSetSource],
    (set, level): (Option<&str>, Option<&str>),
    bonus: bool,
) -> Result<Option<(OpenedSet, usize)>, SetError> {
    if set.is_some() {
        let Some((opened, _)) = resolve_start(assets, user_dir, known, set, None)? else {
            return Ok(None);
        };
        let run = opened.with_bonus(bonus);
        let index = level.map_or(Ok(0), |l| run.find_level(l))?;
        return Ok(Some((run, index)));
    }
    let start = resolve_start(assets, user_dir, known, None, level)?;
    Ok(start.map(|(opened, index)| {
        let before = opened.levels.len();
        let run = opened.with_bonus(bonus);
        // The regular level at `index` moved down by the bonus levels before it.
        let moved = if run.levels.len() > before {
            index / BONUS_EVERY
        } else {
            0
        };
        (run, index + moved)
    }))
}

impl OpenedSet {
    /// The set as a run plays it: with its bonus levels ([`with_bonus_levels`]) when `on` (the
    /// *Bonus levels* setting), as it is when off. The "Mini games" set never gets any.
    pub fn with_bonus(self, on: bool) -> OpenedSet {
        if !on || self.source == LevelSetSource::MiniGames {
            return self;
        }
        OpenedSet {
            levels: with_bonus_levels(self.levels),
            ..self
        }
    }

    /// Whether a run of this set plays each level alone: the "Mini games" set, whose
    /// mini-games are each a run of one level.
    pub fn plays_alone(&self) -> bool {
        self.source == LevelSetSource::MiniGames
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::assets::bonus_levels::mini_game_of;
    use crate::assets::freakout::shuffle;
    use crate::level::MiniGame;

    #[test]
    fn a_bonus_level_follows_every_fourth_level_and_a_set_always_gets_the_same() {
        let shipped = LevelSetSource::Shipped.open(&Assets::built_in()).unwrap();
        let plain = shipped.levels.len();
        let run = shipped.clone().with_bonus(true);
        assert_eq!(run.levels.len(), plain + plain / 4);
        let bonus_at: Vec<usize> = run
            .levels
            .iter()
            .enumerate()
            .filter(|(_, l)| {
                l.source
                    .load()
                    .ok()
                    .and_then(|l| mini_game_of(&l))
                    .is_some()
            })
            .map(|(i, _)| i)
            .collect();
        let expected: Vec<usize> = (0..plain / 4).map(|b| 4 + 5 * b).collect();
        assert_eq!(bonus_at, expected, "positions 4, 9, 14, …");
        let first = run.levels[4].source.load().unwrap();
        assert_eq!(
            mini_game_of(&first),
            Some(MiniGame::JumpingJack),
            "after level 4"
        );
        assert_eq!(run, shipped.clone().with_bonus(true), "the same sequence");
        assert_eq!(shipped.clone().with_bonus(false), shipped, "off: none");
    }

    #[test]
    fn the_mini_games_set_holds_the_six_and_gets_no_bonus_levels() {
        let set = LevelSetSource::MiniGames.open(&Assets::built_in()).unwrap();
        assert_eq!(set.levels.len(), MiniGame::ALL.len());
        assert!(set.plays_alone());
        let kinds: Vec<MiniGame> = set
            .levels
            .iter()
            .map(|l| mini_game_of(&l.source.load().unwrap()).unwrap())
            .collect();
        assert_eq!(kinds, MiniGame::ALL.to_vec());
        assert_eq!(set.clone().with_bonus(true), set);
    }

    #[test]
    fn one_seed_gives_one_order_and_another_seed_another() {
        let shipped = LevelSetSource::Shipped.open(&Assets::built_in()).unwrap();
        let names = |seed| -> Vec<String> {
            let mut levels = shipped.levels.clone();
            shuffle(&mut levels, seed);
            levels.iter().map(|l| l.source.key()).collect()
        };
        let (a, b) = (names(1), names(2));
        assert_eq!(a, names(1), "the same seed, the same order");
        assert_ne!(a, b, "another seed, another order");
        let mut sorted = a.clone();
        sorted.sort();
        let mut plain: Vec<String> = shipped.levels.iter().map(|l| l.source.key()).collect();
        plain.sort();
        assert_eq!(sorted, plain, "every shipped level once");
    }

    #[test]
    fn the_command_line_counts_the_bonus_levels() {
        let known = [LevelSetSource::Shipped];
        let start = |set, level, bonus| {
            let (run, index) =
                resolve_run_start(&Assets::built_in(), None, &known, (set, level), bonus)
                    .unwrap()
                    .unwrap();
            (run.levels[index].source.key(), run.levels.len())
        };
        assert_eq!(
            start(Some("shipped"), Some("5"), true),
            ("jumping-jack.lvl".into(), 10)
        );
        assert_eq!(
            start(Some("shipped"), Some("5"), false),
            ("05-the-vault.lvl".into(), 8)
        );
        // A level named alone starts where the run plays it, past the bonus level before it.
        let (key, count) = start(None, Some("06-shield-wall"), true);
        assert_eq!((key.as_str(), count), ("06-shield-wall.lvl", 10));
    }
}
