//! Playing one level (or one replay) in every mode at once: one copy of the game per mode,
//! stepped in lockstep, each copy's bricks tunnelled through counted and its first step apart
//! from `clamp` found by [`Game::state_hash_without_mode`].

use super::tunnels::TunnelCounter;
use crate::collision::CollisionMode;
use crate::level::Level;
use crate::replay::{ChangeKind, Replay};
use crate::sim::{Bot, Game, GameConfig, GameState, Input};

/// Seconds the bot waits before launching (none: nobody is watching), as in `simulate`.
const LAUNCH_DELAY: f32 = 0.0;

/// How one mode played one level: the facts of one row of `compare.csv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeOutcome {
    /// The collision mode.
    pub mode: CollisionMode,
    /// Every destructible brick was destroyed.
    pub cleared: bool,
    /// Fixed steps (of 1/240 s) played: to the clear, or all of them.
    pub steps: u64,
    /// Destructible bricks destroyed.
    pub bricks_destroyed: u32,
    /// Balls that fell out of the bottom.
    pub balls_lost: u32,
    /// Times a ball centre left the playfield other than through the bottom.
    pub escapes: u32,
    /// Bricks tunnelled through (the definition is in [`super::tunnels`]).
    pub tunnelled: u32,
    /// The first step (counting from 1) after which this copy's
    /// [`Game::state_hash_without_mode`] differed from the `clamp` copy's; `None` if it never
    /// did within the steps played, and always for `clamp` itself.
    pub parted_at: Option<u64>,
    /// The final score.
    pub score: u32,
}

/// Where each copy's input comes from.
enum Driver<'a> {
    /// The bot, one per copy, all with the same seed.
    Bot(Vec<Bot>),
    /// A replay's recorded input and its changes (but its collision-mode changes: each copy
    /// keeps its own mode).
    Replay(&'a Replay),
}

/// One copy of the game in one mode.
struct Lane {
    game: Game,
    tunnels: TunnelCounter,
    parted_at: Option<u64>,
    /// Stopped: the level was cleared or lost.
    done: bool,
}

/// The bot plays `level` for at most `steps` steps in each of `modes`, every copy from the
/// same `config` (its seed; lives are infinite, as in `simulate`) but for the mode. The
/// outcomes are in the order of `modes`.
pub fn play_level(
    level: &Level,
    config: GameConfig,
    modes: &[CollisionMode],
    steps: u64,
) -> Vec<ModeOutcome> {
    let config = GameConfig {
        infinite_lives: true,
        ..config
    };
    let start = Game::new(level, config);
    let bots = (0..=modes.len())
        .map(|_| Bot::new(config.seed, LAUNCH_DELAY))
        .collect();
    lockstep(&start, modes, steps, Driver::Bot(bots))
}

/// `replay`'s recorded input played in each of `modes` (its own collision-mode changes left
/// out), for at most `steps` steps. The outcomes are in the order of `modes`.
///
/// # Errors
/// The replay's level text does not parse.
pub fn play_replay(
    replay: &Replay,
    modes: &[CollisionMode],
    steps: u64,
) -> Result<Vec<ModeOutcome>, crate::level::LevelErrors> {
    let start = replay.start_game()?;
    let steps = steps.min(replay.steps());
    Ok(lockstep(&start, modes, steps, Driver::Replay(replay)))
}

/// Steps one copy of `start` per mode of `modes`, plus a `clamp` copy to compare with when
/// `modes` has none, until `steps` steps or every copy has stopped.
fn lockstep(
    start: &Game,
    modes: &[CollisionMode],
    steps: u64,
    mut driver: Driver,
) -> Vec<ModeOutcome> {
    let mut all: Vec<CollisionMode> = modes.to_vec();
    let reference = match all.iter().position(|&m| m == CollisionMode::Clamp) {
        Some(i) => i,
        None => {
            all.push(CollisionMode::Clamp);
            all.len() - 1
        }
    };
    let mut lanes: Vec<Lane> = all
        .iter()
        .map(|&mode| {
            let mut game = start.clone();
            game.set_collision_mode(mode);
            Lane {
                game,
                tunnels: TunnelCounter::default(),
                parted_at: None,
                done: false,
            }
        })
        .collect();
    // Lanes still hashed against the reference: not the reference, not yet parted.
    let mut unparted: Vec<usize> = (0..lanes.len()).filter(|&i| i != reference).collect();
    let mut next_change = 0;
    for at in 0..steps {
        if let Driver::Replay(replay) = &driver {
            // A change (a reload, a power-up) lands in every copy alike.
            apply_changes(replay, &mut next_change, at, &mut lanes);
        }
        let recorded = match &driver {
            Driver::Replay(replay) => replay.inputs.get(at),
            Driver::Bot(_) => None,
        };
        for (i, lane) in lanes.iter_mut().enumerate() {
            if lane.done {
                continue;
            }
            let input = match &mut driver {
                Driver::Bot(bots) => bots[i].input(&lane.game),
                Driver::Replay(_) => recorded.unwrap_or(Input::default()),
            };
            lane.tunnels.before_step(&lane.game);
            lane.game.step(&input);
            lane.tunnels.after_step(&lane.game);
            lane.done = lane.game.state() != GameState::Playing;
        }
        if !unparted.is_empty() {
            let reference_hash = lanes[reference].game.state_hash();
            unparted.retain(|&i| {
                let lane = &mut lanes[i];
                let parted = lane.game.state_hash_without_mode() != reference_hash;
                if parted {
                    lane.parted_at = Some(at + 1);
                }
                !parted
            });
        }
        if lanes.iter().all(|l| l.done) {
            break;
        }
    }
    if let Driver::Replay(replay) = &driver {
        if steps >= replay.steps() {
            apply_changes(replay, &mut next_change, steps, &mut lanes);
        }
    }
    lanes
        .into_iter()
        .zip(all)
        .take(modes.len())
        .map(|(lane, mode)| outcome(mode, lane))
        .collect()
}

/// Applies to every copy the replay's changes recorded before step `at` (from index `next`
/// on), but collision-mode changes.
fn apply_changes(replay: &Replay, next: &mut usize, at: u64, lanes: &mut [Lane]) {
    while let Some(change) = replay.changes.get(*next) {
        if change.step > at {
            break;
        }
        *next += 1;
        if matches!(change.kind, ChangeKind::Collision(_)) {
            continue;
        }
        for lane in lanes.iter_mut() {
            change.kind.apply(&mut lane.game);
        }
    }
}

/// The outcome of a copy played in `mode`.
fn outcome(mode: CollisionMode, lane: Lane) -> ModeOutcome {
    let stats = lane.game.stats();
    ModeOutcome {
        mode,
        cleared: lane.game.state() == GameState::LevelCleared,
        steps: stats.steps,
        bricks_destroyed: stats.bricks_destroyed,
        balls_lost: stats.balls_lost,
        escapes: stats.balls_escaped,
        tunnelled: lane.tunnels.count,
        parted_at: lane.parted_at,
        score: lane.game.score(),
    }
}
