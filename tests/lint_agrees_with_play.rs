//! `breakout check`'s reachability lint agrees with the game on explosions: a brick walled in
//! next to an explosive brick the ball reaches is cleared in play by the blast (the lint does
//! not flag it), and one the blast's shape misses is never cleared (the lint flags it). The game
//! is the oracle: the bot plays each level with infinite lives.

use breakout::level::Level;
use breakout::sim::{Bot, Game, GameConfig, GameState, PowerUpSettings};

/// Plays `level` with the bot for up to `steps` steps; true if it was cleared.
fn bot_clears(level: &Level, steps: u32) -> bool {
    let config = GameConfig {
        infinite_lives: true,
        powerups: PowerUpSettings::none(),
        ..GameConfig::default()
    };
    let mut game = Game::new(level, config);
    let mut bot = Bot::new(3, 0.0);
    for _ in 0..steps {
        let input = bot.input(&game);
        game.step(&input);
        if game.state() == GameState::LevelCleared {
            return true;
        }
    }
    false
}

/// Whether the lint says some brick can never be reached.
fn flagged(text: &str) -> bool {
    let checked = Level::check_text(text, "t").expect("valid level");
    checked
        .warnings
        .iter()
        .any(|d| d.message.contains("never be reached"))
}

#[test]
fn a_blast_clears_a_walled_in_brick_in_play_exactly_when_the_lint_says_so() {
    // The 4 is sealed by walls; the X below-right of it is hit from below. Its square blast
    // reaches the 4 diagonally; a cross blast does not.
    let square = "1 1 1 0\n1 4 1 0\n1 1 X 0\n0 0 0 0\n";
    let cross = format!("@explosion: cross\n{square}");
    for (text, reachable) in [(square.to_string(), true), (cross, false)] {
        let level = Level::parse(&text, "t").expect("valid level");
        assert_eq!(flagged(&text), !reachable, "lint on\n{text}");
        // 2 minutes of play: the bot hits a 200 px wide brick within seconds.
        assert_eq!(bot_clears(&level, 240 * 120), reachable, "play of\n{text}");
    }
}
