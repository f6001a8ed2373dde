//! Each mini-game recorded with `replay::Recorder` while the bot plays it, then checked with
//! `replay::verify`: it verifies, and a changed one does not.

use breakout::level::{Level, MiniGame};
use breakout::sim::{Game, GameConfig, GameState};

#[test]
fn each_mini_game_recorded_by_the_bot_verifies_and_a_changed_one_does_not() {
    use breakout::replay::{verify, Origin, Recorder};
    for kind in MiniGame::ALL {
        let level = Level::mini_game(kind);
        let config = GameConfig {
            seed: 21,
            ..GameConfig::default()
        };
        let mut game = Game::new(&level, config);
        let mut recorder = Recorder::new(&game, &level, Origin::default(), 0, game.lives(), 0);
        let mut bot = breakout::sim::Bot::new(21, 0.0);
        for _ in 0..(240 * 20) {
            if game.state() != GameState::Playing {
                break;
            }
            let input = bot.input(&game);
            game.step(&input);
            recorder.step(&input, &game);
        }
        let replay = recorder.finish(&game);
        assert!(replay.header.level_text.contains(kind.name()), "{kind:?}");
        let path = std::path::Path::new("mini.bkreplay");
        let verified = verify::verify_replay(replay.clone(), path).expect("its level parses");
        assert_eq!(verified.exit_status(), 0, "{kind:?}: {verified:?}");
        assert_eq!(verified.report().score, game.score(), "{kind:?}");
        let mut changed = replay;
        changed.header.settings.launch_speed += 1.0;
        let diverged = verify::verify_replay(changed, path).expect("its level parses");
        assert_eq!(diverged.exit_status(), 1, "{kind:?}");
    }
}
