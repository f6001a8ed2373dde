//! What a run does at the end of a bonus mini-game ([`crate::assets::bonus_levels`]): the next
//! level starts with the lives the mini-game started with or more (it never costs one), its
//! points count in the run's score and in its bonus score, and the end screens say how it
//! ended ([`crate::sim::Game::bonus_end`]).

use crate::sim::Game;

/// Whether `game` is a bonus mini-game.
pub fn is_bonus(game: &Game) -> bool {
    game.level_type().mini_game().is_some()
}

/// The lives the run has after `game`, which started with `start_lives`: the game's, and never
/// fewer than it started with on a mini-game (ending one, won or lost, costs no life).
pub fn lives_after(game: &Game, start_lives: u32) -> u32 {
    if is_bonus(game) {
        game.lives().max(start_lives)
    } else {
        game.lives()
    }
}

/// How a mini-game ended, for the end screens: "Jumping Jack: The fuse burnt out, bonus
/// +1200"; `None` on a brick level.
pub fn end_note(game: &Game) -> Option<String> {
    let kind = game.level_type().mini_game()?;
    let why = game
        .bonus_end()
        .map_or("Ended", crate::sim::BonusEnd::message);
    Some(format!(
        "{}: {why}, bonus +{}",
        kind.title(),
        game.bonus_score()
    ))
}

/// The run-over screen's note on the run's bonus score (`points`, its bonus levels' points
/// with the last level's), when it played any bonus level (`played`).
pub fn bonus_score_note(points: u64, played: bool) -> Option<String> {
    played.then(|| format!("bonus score {points}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, MiniGame};
    use crate::sim::GameConfig;

    #[test]
    fn a_mini_game_never_costs_a_life_and_its_note_names_it() {
        let game = Game::new(&Level::mini_game(MiniGame::Hunter), GameConfig::default());
        assert!(is_bonus(&game));
        assert_eq!(lives_after(&game, game.lives() + 2), game.lives() + 2);
        let note = end_note(&game).unwrap();
        assert!(note.starts_with("Hunter: "), "{note}");
        let level = crate::assets::LevelSource::built_in("01-first-steps")
            .unwrap()
            .load()
            .unwrap();
        let bricks = Game::new(&level, GameConfig::default());
        assert!(!is_bonus(&bricks));
        assert_eq!(lives_after(&bricks, 9), bricks.lives());
        assert_eq!(end_note(&bricks), None);
    }
}
