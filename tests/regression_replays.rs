//! The regression replays of `tests/replays/` (what each pins: `tests/replays/README.md`).
//!
//! Each replay is played again with [`Playback`] and must not diverge: a change that alters
//! the game fails here with the replay's file, the step where a stored state hash stopped
//! matching and its time of play (m:ss). Each is also watched while it plays ([`Watch`]) and
//! must still show what it pins — a corner of a brick touched, two multiball capsules caught,
//! an explosion chain, a mode switch, a live reload — so a replay re-recorded into a game that
//! no longer does that fails too.
//!
//! The replays are made by [`make_regression_replays`], an ignored test that builds each
//! scenario from a level written as text, inputs (its own or the bot's) and the replay's
//! changes only (a collision-mode switch, a forced power-up, a live reload), searching
//! launch positions and seeds until the game does what the replay is to pin:
//!
//! ```sh
//! cargo test --release --test regression_replays -- --ignored make_regression_replays
//! REPLAY=corner_hit_swept cargo test --release --test regression_replays -- --ignored make
//! ```
//!
//! Re-recording one is a commit of its own that says why.

use breakout::collision::{Aabb, CollisionMode};
use breakout::commands::replay::clock;
use breakout::level::{Level, MiniGame, PowerUpKind};
use breakout::replay::{file, ChangeKind, Math, Origin, Playback, Recorder, Replay};
use breakout::sim::{BonusEnd, PowerUpSettings};
use breakout::sim::{Bot, Game, GameConfig, GameEvent, GameState, Input, PaceSettings};
use glam::Vec2;
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/replays")
}

// ---------------------------------------------------------------------------------------------
// Watching a replay play.

/// A brick hit at a corner: at the step of the hit, a ball was in the same corner's region of
/// the brick (beyond its left or right edge, and beyond its top or bottom edge, by at least
/// [`CORNER_MARGIN`] of its radius: not a face grazed at its end) before and after the step, no
/// further from that corner than the ball's reach.
#[derive(Clone, Copy, Debug, PartialEq)]
struct CornerHit {
    step: u64,
    row: usize,
    col: usize,
    corner: Vec2,
}

/// What a replay did, gathered step by step as it plays.
#[derive(Debug, Default)]
struct Watch {
    /// Steps played.
    steps: u64,
    corner_hits: Vec<CornerHit>,
    /// Most balls in play at once.
    most_balls: usize,
    /// Multiball power-ups collected (caught or forced).
    multiballs: u32,
    /// Explosion events.
    explosions: u32,
    /// Most bricks destroyed in one step, and that step.
    most_destroyed: (usize, u64),
    /// The collision mode after each step where it changed (the start's first).
    modes: Vec<(u64, CollisionMode)>,
    /// The level's name after each step where it changed (the start's first), with its live
    /// bricks then.
    levels: Vec<(u64, String, usize)>,
    /// Steps in which a brick was destroyed.
    destroying_steps: Vec<u64>,
    /// A mini-game's points and end, as of the last step (`None` on a brick level).
    bonus: Option<(u64, Option<BonusEnd>)>,
}

impl Watch {
    /// Looks at the game `after` a step (`step` steps run).
    fn step(&mut self, step: u64, after: &Game) {
        self.steps = step;
        self.most_balls = self.most_balls.max(after.balls().len());
        let mut destroyed = 0;
        for event in after.events() {
            match *event {
                GameEvent::BrickDestroyed { row, col, .. } => {
                    destroyed += 1;
                    self.corner_hit(step, after, row, col);
                }
                GameEvent::BrickDamaged { row, col, .. } | GameEvent::SolidHit { row, col } => {
                    self.corner_hit(step, after, row, col)
                }
                GameEvent::PowerUpCollected {
                    kind: PowerUpKind::Multiball,
                } => self.multiballs += 1,
                GameEvent::Explosion { .. } => self.explosions += 1,
                _ => {}
            }
        }
        if destroyed > 0 {
            self.destroying_steps.push(step);
        }
        if destroyed > self.most_destroyed.0 {
            self.most_destroyed = (destroyed, step);
        }
        self.look(step, after);
    }

    /// Notes the mode and level of `game` when they changed (also after a change between steps).
    fn look(&mut self, step: u64, game: &Game) {
        self.bonus =
            (game.level_type().mini_game()).map(|_| (game.bonus_score(), game.bonus_end()));
        let mode = game.config().collision;
        if self.modes.last().is_none_or(|&(_, m)| m != mode) {
            self.modes.push((step, mode));
        }
        let name = game.level_name();
        if self.levels.last().is_none_or(|(_, n, _)| n != name) {
            let live = game.bricks().iter_live().count();
            self.levels.push((step, name.to_string(), live));
        }
    }

    /// Records a corner hit on brick (`row`, `col`) if a ball of `after` hit it at a corner.
    fn corner_hit(&mut self, step: u64, after: &Game, row: usize, col: usize) {
        let rect = after.bricks().cell_rect(row, col);
        let hit = after.balls().iter().find_map(|ball| {
            let margin = CORNER_MARGIN * ball.radius;
            let corner = corner_region(rect, ball.prev_pos, margin)?;
            let near = ball.pos.distance(corner) <= ball.radius * 1.5 + 1.0;
            (corner_region(rect, ball.pos, margin) == Some(corner) && near).then_some(corner)
        });
        if let Some(corner) = hit {
            self.corner_hits.push(CornerHit {
                step,
                row,
                col,
                corner,
            });
        }
    }
}

/// How far beyond both edges of a brick (a fraction of its radius) a ball's centre must be for
/// its hit to count as a corner hit: the contact normal is then at least 14° off both axes.
const CORNER_MARGIN: f32 = 0.25;

/// The corner of `rect` whose region holds `p` at least `margin` pixels beyond both edges
/// (left or right of the box, and above or below it), if `p` is in one.
fn corner_region(rect: Aabb, p: Vec2, margin: f32) -> Option<Vec2> {
    let x = if p.x < rect.min.x - margin {
        rect.min.x
    } else if p.x > rect.max.x + margin {
        rect.max.x
    } else {
        return None;
    };
    let y = if p.y < rect.min.y - margin {
        rect.min.y
    } else if p.y > rect.max.y + margin {
        rect.max.y
    } else {
        return None;
    };
    Some(Vec2::new(x, y))
}

/// Plays `replay` to its end, watching every step. Errors: a divergence, with the replay's
/// `name`, the step, its time of play and both hashes. A replay of format 3 or older, recorded
/// with the platform's math ([`Math::Platform`]), may diverge where that math parts from this
/// version's: it must play to its end, and its divergence is only reported (stderr).
fn play(name: &str, replay: Replay) -> Result<Watch, String> {
    let math = replay.header.math;
    let mut playback = Playback::new(Arc::new(replay)).map_err(|e| format!("{name}: {e}"))?;
    let mut watch = Watch::default();
    watch.look(0, playback.game());
    while playback.step() {
        watch.step(playback.at(), playback.game());
    }
    playback.finish();
    watch.look(playback.at(), playback.game());
    match playback.divergence() {
        None => Ok(watch),
        Some(d) if math == Math::Platform => {
            eprintln!(
                "{name}: diverged at step {} ({}): {}",
                d.step,
                clock(d.step),
                math.divergence_note()
                    .expect("the platform's math has a note")
            );
            Ok(watch)
        }
        Some(d) => Err(format!(
            "{name}: DIVERGED at step {} ({}): the replay stored state hash {:016x}, the game now \
             gives {:016x}. The game changed: if on purpose, re-record it (see the module docs) \
             in a commit of its own that says why",
            d.step,
            clock(d.step),
            d.expected,
            d.found
        )),
    }
}

// ---------------------------------------------------------------------------------------------
// What each replay pins.

/// What the replay must still show.
type Pins = fn(&Watch) -> Result<(), String>;

fn pins_a_corner_hit(w: &Watch) -> Result<(), String> {
    match w.corner_hits.first() {
        Some(_) => Ok(()),
        None => Err("no ball touched a brick at one of its corners".into()),
    }
}

fn pins_a_multiball_chain(w: &Watch) -> Result<(), String> {
    if w.multiballs >= 2 && w.most_balls >= 5 {
        Ok(())
    } else {
        Err(format!(
            "{} multiball power-ups caught and at most {} balls at once: the chain needs 2 and 5",
            w.multiballs, w.most_balls
        ))
    }
}

fn pins_an_explosion_chain(w: &Watch) -> Result<(), String> {
    let (most, at) = w.most_destroyed;
    if w.explosions >= 4 && most >= 5 {
        Ok(())
    } else {
        Err(format!(
            "{} explosions, at most {most} bricks destroyed in one step (step {at}): the chain \
             needs 4 explosions and 5 bricks in one step",
            w.explosions
        ))
    }
}

fn pins_a_mode_switch(w: &Watch) -> Result<(), String> {
    let [(_, from), (at, to)] = w.modes[..] else {
        return Err(format!("the modes were {:?}: one switch expected", w.modes));
    };
    let after = w.destroying_steps.iter().filter(|&&s| s > at).count();
    if at > 0 && from != to && after > 0 {
        Ok(())
    } else {
        Err(format!(
            "{from} to {to} at step {at}, {after} steps destroying bricks after: a switch in \
             the middle of the game, which goes on, expected"
        ))
    }
}

fn pins_a_live_reload(w: &Watch) -> Result<(), String> {
    let [(_, ref first, _), (at, ref second, live)] = w.levels[..] else {
        return Err(format!(
            "the levels were {:?}: one reload expected",
            w.levels
        ));
    };
    let reloaded = Level::parse(RELOADED, "reloaded").expect("the reloaded level parses");
    let after = w.destroying_steps.iter().filter(|&&s| s > at).count();
    if at > 0 && first != second && live == reloaded.destructible_count() && after > 0 {
        Ok(())
    } else {
        Err(format!(
            "{first:?} reloaded as {second:?} at step {at} with {live} bricks, {after} steps \
             destroying bricks after: the reloaded level's {} bricks, played on, expected",
            reloaded.destructible_count()
        ))
    }
}

/// A game that goes on: bricks destroyed in at least 5 steps.
fn pins_a_game_played(w: &Watch) -> Result<(), String> {
    match w.destroying_steps.len() {
        n if n >= 5 => Ok(()),
        n => Err(format!("bricks destroyed in {n} steps, 5 expected")),
    }
}

/// A mini-game played to its end, by its own rules or with points won first.
fn pins_a_mini_game_to_its_end(w: &Watch) -> Result<(), String> {
    match w.bonus {
        Some((points, Some(end))) if points > 0 || end != BonusEnd::BallLost => Ok(()),
        other => Err(format!(
            "a mini-game's (points, end) were {other:?}: an end by its rules, or points, expected"
        )),
    }
}

/// Every regression replay: its file stem and what it must still show.
const PINNED: &[(&str, Pins)] = &[
    ("corner_hit_aabb", pins_a_corner_hit),
    ("corner_hit_clamp", pins_a_corner_hit),
    ("corner_hit_zones", pins_a_corner_hit),
    ("corner_hit_cross", pins_a_corner_hit),
    ("corner_hit_swept", pins_a_corner_hit),
    ("corner_hit_lbreakout_trajectory", pins_a_corner_hit),
    ("corner_hit_lbreakout_clipping", pins_a_corner_hit),
    ("corner_hit_kbreakout", pins_a_corner_hit),
    ("corner_hit_sdl_ball", pins_a_corner_hit),
    ("corner_hit_gnome_breakout", pins_a_corner_hit),
    ("corner_hit_xboing", pins_a_corner_hit),
    ("multiball_chain", pins_a_multiball_chain),
    ("explosion_chain", pins_an_explosion_chain),
    ("mode_switch", pins_a_mode_switch),
    ("live_reload", pins_a_live_reload),
    ("format_1_bot", pins_a_game_played),
    ("format_2_multiball_chain", pins_a_game_played),
    ("format_3_bot", pins_a_game_played),
    ("minigame_jumping_jack", pins_a_mini_game_to_its_end),
    ("minigame_outbreak", pins_a_mini_game_to_its_end),
    ("minigame_barrier", pins_a_mini_game_to_its_end),
    ("minigame_sitting_ducks", pins_a_mini_game_to_its_end),
    ("minigame_hunter", pins_a_mini_game_to_its_end),
    ("minigame_invaders", pins_a_mini_game_to_its_end),
];

/// Reads, plays and checks the replay `name`.
fn verify(name: &str) {
    let (_, pins) = PINNED
        .iter()
        .find(|(n, _)| *n == name)
        .expect("a pinned replay");
    let path = dir().join(format!("{name}.bkreplay"));
    let shown = format!("tests/replays/{name}.bkreplay");
    let replay = file::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let watch = play(&shown, replay).unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = pins(&watch) {
        panic!("{shown} no longer pins what it is named after: {e}");
    }
}

macro_rules! replay_tests {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                verify(stringify!($name));
            }
        )*
    };
}

replay_tests!(
    corner_hit_aabb,
    corner_hit_clamp,
    corner_hit_zones,
    corner_hit_cross,
    corner_hit_swept,
    corner_hit_lbreakout_trajectory,
    corner_hit_lbreakout_clipping,
    corner_hit_kbreakout,
    corner_hit_sdl_ball,
    corner_hit_gnome_breakout,
    corner_hit_xboing,
    multiball_chain,
    explosion_chain,
    mode_switch,
    live_reload,
    format_1_bot,
    format_2_multiball_chain,
    format_3_bot,
    minigame_jumping_jack,
    minigame_outbreak,
    minigame_barrier,
    minigame_sitting_ducks,
    minigame_hunter,
    minigame_invaders,
);

/// `format_1_bot.bkreplay` was written by a development build after 0.2.0 (`simulate
/// --record`), in format 1, whose input track stored a paddle target off the 1/256 px grid as
/// its raw bits (format 2 stores the change of the bits): the file must stay in format 1 and
/// hold such targets, or [`format_1_bot`] no longer shows that old files are still read right.
#[test]
fn the_format_1_replay_is_format_1_with_targets_off_the_grid() {
    let bytes = std::fs::read(dir().join("format_1_bot.bkreplay")).unwrap();
    assert_eq!(
        u16::from_le_bytes([bytes[8], bytes[9]]),
        1,
        "format version"
    );
    let replay = file::read(&dir().join("format_1_bot.bkreplay")).unwrap();
    let off_grid = (0..replay.steps())
        .filter_map(|s| replay.inputs.get(s)?.paddle_target_x)
        .filter(|x| (f64::from(*x) * 256.0).fract() != 0.0)
        .count();
    assert!(off_grid > 100, "{off_grid} targets off the 1/256 px grid");
}

/// `format_3_bot.bkreplay` was written in format 3 by the core of commit 154c779 (the bot's
/// 20 s on `04-rainbow`, seed 5), with the platform's math and the FNV-1a state hash: the file
/// must stay in format 3, read as [`Math::Platform`], and be checked against its own hashes as
/// far as this version's game matches them (past the first: they are the legacy hash's), or
/// [`format_3_bot`] no longer shows that format 3 is still read and checked right.
#[test]
fn the_format_3_replay_is_format_3_and_checked_against_its_legacy_hashes() {
    let path = dir().join("format_3_bot.bkreplay");
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(
        u16::from_le_bytes([bytes[8], bytes[9]]),
        3,
        "format version"
    );
    let replay = file::read(&path).unwrap();
    assert_eq!(replay.header.math, Math::Platform);
    let mut playback = Playback::new(Arc::new(replay)).unwrap();
    playback.run_to_end();
    let diverged = playback.divergence().map(|d| d.step);
    assert!(
        diverged.is_none_or(|step| step > 240),
        "diverged at {diverged:?}: its first stored hash no longer matches"
    );
}

/// `format_2_multiball_chain.bkreplay` is `multiball_chain.bkreplay` as format 2 wrote it (the
/// bot's paddle targets in one column of codes; format 3 stores them as picks from a palette):
/// the file must stay in format 2 and hold targets, or [`format_2_multiball_chain`] no longer
/// shows that format 2 is still read right.
#[test]
fn the_format_2_replay_is_format_2_with_targets() {
    let path = dir().join("format_2_multiball_chain.bkreplay");
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(
        u16::from_le_bytes([bytes[8], bytes[9]]),
        2,
        "format version"
    );
    let replay = file::read(&path).unwrap();
    let targets = (0..replay.steps())
        .filter(|&s| {
            replay
                .inputs
                .get(s)
                .is_some_and(|i| i.paddle_target_x.is_some())
        })
        .count();
    assert!(targets > 1000, "{targets} steps with a paddle target");
}

#[test]
fn every_replay_in_the_directory_is_pinned_and_every_pinned_one_is_there() {
    let mut files: Vec<String> = std::fs::read_dir(dir())
        .expect("tests/replays")
        .filter_map(|e| {
            let path = e.ok()?.path();
            (path.extension()? == "bkreplay").then(|| path.file_stem()?.to_str().map(Into::into))?
        })
        .collect();
    files.sort();
    let mut pinned: Vec<String> = PINNED.iter().map(|(n, _)| n.to_string()).collect();
    pinned.sort();
    assert_eq!(files, pinned, "tests/replays/*.bkreplay and PINNED");
}

#[test]
fn a_replay_that_stops_pinning_fails() {
    // The corner-hit replay of one mode is no multiball chain, and a switched mode is no reload.
    let path = dir().join("corner_hit_clamp.bkreplay");
    let watch = play("corner", file::read(&path).unwrap()).unwrap();
    assert!(pins_a_multiball_chain(&watch).is_err());
    assert!(pins_an_explosion_chain(&watch).is_err());
    assert!(pins_a_mode_switch(&watch).is_err());
    assert!(pins_a_live_reload(&watch).is_err());
}

#[test]
fn a_changed_game_fails_with_the_file_the_step_and_the_time() {
    let mut replay = file::read(&dir().join("mode_switch.bkreplay")).unwrap();
    replay.header.settings.launch_speed += 1.0;
    let e = play("tests/replays/mode_switch.bkreplay", replay).unwrap_err();
    assert!(
        e.starts_with("tests/replays/mode_switch.bkreplay: DIVERGED at step 240 (0:01)"),
        "{e}"
    );
}

// ---------------------------------------------------------------------------------------------
// Making them.

/// One solid brick (to hit) and two to clear far from it (so the level goes on).
const CORNER: &str =
    "@name: Corner\n2 0 0 0 0 0 0 2\n0 0 0 0 0 0 0 0\n0 0 0 1 0 0 0 0\n0 0 0 0 0 0 0 0\n";
/// Bricks holding multiball capsules, among plain ones.
const MULTIBALL: &str =
    "@name: Multiball chain\n2 3 4 5 2 3 4 5\n3+M 4 5+M 2 3+M 4 5+M 2\n4 5 2 3 4 5 2 3\n";
/// A row of explosive bricks between rows of plain ones.
const EXPLOSIVE: &str =
    "@name: Explosion chain\n2 3 4 5 2 3 4 5\n3 X X X X X X 3\n4 5 2 3 4 5 2 3\n0 0 0 0 0 0 0 0\n";
/// The level played before a mode switch or a reload.
const PLAIN: &str = "@name: Plain\n2 3 4 5 2 3 4 5\n3 4 5 2 3 4 5 2\n0 0 0 0 0 0 0 0\n";
/// The level reloaded in the middle of the live-reload replay.
const RELOADED: &str = "@name: Reloaded\n5 0 5 0 5 0 5 0\n0 4 0 4 0 4 0 4\n";

/// A game being recorded.
struct Take {
    game: Game,
    recorder: Recorder,
    watch: Watch,
}

impl Take {
    fn new(text: &str, name: &str, config: GameConfig) -> Take {
        let level = Level::parse(text, name).expect("a scenario's level parses");
        let game = Game::new(&level, config);
        let origin = Origin {
            level_key: Some(format!("tests/replays/{name}")),
            ..Origin::default()
        };
        let recorder = Recorder::new(&game, &level, origin, game.score(), game.lives(), 0);
        let mut watch = Watch::default();
        watch.look(0, &game);
        Take {
            game,
            recorder,
            watch,
        }
    }

    fn step(&mut self, input: &Input) {
        self.game.step(input);
        self.recorder.step(input, &self.game);
        self.watch.step(self.recorder.steps(), &self.game);
    }

    fn change(&mut self, kind: ChangeKind) {
        kind.apply(&mut self.game);
        self.recorder.change(kind);
        self.watch.look(self.recorder.steps(), &self.game);
    }

    /// `steps` steps of the bot (or fewer, if the level ends).
    fn bot(&mut self, bot: &mut Bot, steps: u64) {
        for _ in 0..steps {
            if self.game.state() != GameState::Playing {
                return;
            }
            let input = bot.input(&self.game);
            self.step(&input);
        }
    }
}

fn config(seed: u64, mode: CollisionMode) -> GameConfig {
    GameConfig {
        seed,
        collision: mode,
        powerups: PowerUpSettings::none(),
        pace: PaceSettings::OFF,
        ..GameConfig::default()
    }
}

/// A corner hit in `mode`: the paddle moved under some x, the ball launched at the seed's
/// angle, played until a second after its first brick hit, which must be at a corner.
fn make_corner_hit(mode: CollisionMode) -> Option<Take> {
    for seed in 1..40 {
        for x in (60..740).map(|x| x as f32) {
            let mut take = Take::new(CORNER, "corner", config(seed, mode));
            let hold = Input {
                paddle_target_x: Some(x),
                ..Input::default()
            };
            for _ in 0..120 {
                take.step(&hold);
            }
            take.step(&Input {
                launch: true,
                ..hold
            });
            for _ in 0..480 {
                take.step(&hold);
                let hit_a_brick = take.game.events().iter().any(|e| {
                    matches!(
                        e,
                        GameEvent::SolidHit { .. } | GameEvent::BrickDestroyed { .. }
                    )
                });
                if hit_a_brick {
                    // The first brick the ball touches is the solid one, touched at a corner.
                    let solid = |h: &CornerHit| (h.row, h.col) == (2, 3);
                    if take.watch.corner_hits.len() == 1 && solid(&take.watch.corner_hits[0]) {
                        for _ in 0..240 {
                            take.step(&hold);
                        }
                        return Some(take);
                    }
                    break;
                }
            }
        }
    }
    None
}

/// The bot on [`MULTIBALL`] until it caught two multiball capsules with five balls in play.
fn make_multiball_chain() -> Option<Take> {
    (1..60).find_map(|seed| {
        let mut take = Take::new(MULTIBALL, "multiball", config(seed, CollisionMode::Clamp));
        let mut bot = Bot::new(seed, 0.0);
        for _ in 0..(60 * 240) {
            take.bot(&mut bot, 1);
            if pins_a_multiball_chain(&take.watch).is_ok() {
                take.bot(&mut bot, 240);
                return Some(take);
            }
        }
        None
    })
}

/// The bot on [`EXPLOSIVE`] until a chain of explosions went off.
fn make_explosion_chain() -> Option<Take> {
    (1..60).find_map(|seed| {
        let mut take = Take::new(EXPLOSIVE, "explosive", config(seed, CollisionMode::Clamp));
        let mut bot = Bot::new(seed, 0.0);
        for _ in 0..(60 * 240) {
            take.bot(&mut bot, 1);
            if pins_an_explosion_chain(&take.watch).is_ok() {
                take.bot(&mut bot, 240);
                return Some(take);
            }
        }
        None
    })
}

/// The bot on [`PLAIN`] in clamp mode, switched to swept with the ball in flight, and on.
fn make_mode_switch() -> Option<Take> {
    let mut take = Take::new(PLAIN, "plain", config(3, CollisionMode::Clamp));
    let mut bot = Bot::new(3, 0.0);
    take.bot(&mut bot, 5 * 240);
    if take.game.balls().iter().all(|b| b.stuck) {
        return None;
    }
    take.change(ChangeKind::Collision(CollisionMode::Swept.name().into()));
    take.bot(&mut bot, 10 * 240);
    pins_a_mode_switch(&take.watch).ok().map(|()| take)
}

/// The bot on [`PLAIN`], [`RELOADED`] swapped in after five seconds, and on.
fn make_live_reload() -> Option<Take> {
    let mut take = Take::new(PLAIN, "plain", config(4, CollisionMode::Clamp));
    let mut bot = Bot::new(4, 0.0);
    take.bot(&mut bot, 5 * 240);
    let reloaded = Level::parse(RELOADED, "reloaded").expect("parses");
    take.change(ChangeKind::reload(&reloaded));
    take.bot(&mut bot, 10 * 240);
    pins_a_live_reload(&take.watch).ok().map(|()| take)
}

/// The bot on the mini-game `kind` until it wins points or the game ends (2 minutes at most),
/// then the paddle in a corner until the ball is lost, if the game goes on.
fn make_mini_game(kind: MiniGame) -> Option<Take> {
    let text = Level::mini_game(kind).to_text();
    (1..20).find_map(|seed| {
        let mut take = Take::new(&text, kind.name(), config(seed, CollisionMode::Clamp));
        let mut bot = Bot::new(seed, 0.0);
        for _ in 0..(120 * 240) {
            if take.game.bonus_score() > 0 || take.game.state() != GameState::Playing {
                break;
            }
            take.bot(&mut bot, 1);
        }
        let away = Input {
            paddle_target_x: Some(0.0),
            ..Input::default()
        };
        for _ in 0..(60 * 240) {
            if take.game.state() != GameState::Playing {
                break;
            }
            take.step(&away);
        }
        pins_a_mini_game_to_its_end(&take.watch)
            .is_ok()
            .then_some(take)
    })
}

/// Writes the regression replays (`REPLAY=NAME`: that one only).
#[test]
#[ignore = "writes tests/replays/: run it to re-record, then commit with the reason"]
fn make_regression_replays() {
    let only = std::env::var("REPLAY").ok();
    for &(name, pins) in PINNED {
        if only.as_deref().is_some_and(|o| o != name) {
            continue;
        }
        let take = match name {
            // Written by older versions in their formats, never re-recorded.
            old if old.starts_with("format_") => continue,
            "multiball_chain" => make_multiball_chain(),
            "explosion_chain" => make_explosion_chain(),
            "mode_switch" => make_mode_switch(),
            "live_reload" => make_live_reload(),
            mini if mini.starts_with("minigame_") => {
                let game = mini["minigame_".len()..].replace('_', "-");
                make_mini_game(MiniGame::from_name(&game).expect("a mini-game"))
            }
            corner => {
                let mode = corner.strip_prefix("corner_hit_").expect("a corner hit");
                // A file stem spells the model's `-` as `_`.
                let mode = mode.replace('_', "-");
                let mode = *CollisionMode::ALL
                    .iter()
                    .find(|m| m.name() == mode)
                    .expect("a mode");
                make_corner_hit(mode)
            }
        };
        let take = take.unwrap_or_else(|| panic!("{name}: no scenario found"));
        let replay = take.recorder.finish(&take.game);
        let path = dir().join(format!("{name}.bkreplay"));
        file::write(&path, &replay).expect("write the replay");
        let watch = play(name, file::read(&path).unwrap()).unwrap();
        pins(&watch).unwrap_or_else(|e| panic!("{name}: {e}"));
        println!(
            "{name}: {} steps, {} bytes",
            replay.steps(),
            std::fs::metadata(&path).unwrap().len()
        );
    }
}
