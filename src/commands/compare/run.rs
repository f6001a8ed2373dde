//! Playing one level (or one replay) in every mode at once: one copy of the game per mode,
//! stepped in lockstep, each copy's bricks tunnelled through counted and its first step apart
//! from `clamp` found by [`Game::state_hash_without_mode`].

use super::contacts::ContactStats;
use super::models::Model;
use super::tunnels::TunnelCounter;
use crate::collision::CollisionMode;
use crate::level::Level;
use crate::replay::{ChangeKind, Replay};
use crate::sim::{Bot, Game, GameConfig, GameState};

/// Seconds the bot waits before launching (none: nobody is watching), as in `simulate`.
const LAUNCH_DELAY: f32 = 0.0;

/// How one mode played one level: the facts of one row of `compare.csv`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeOutcome {
    /// The collision model.
    pub model: Model,
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
    /// Its contacts checked against the exact referee ([`super::contacts`]); `None` with
    /// `--no-contact-check`.
    pub contacts: Option<ContactStats>,
}

/// Steps between two comparisons of the copies' whole hashes when the bot plays. A hash costs
/// more than a step, so between them each step compares only what the collision mode changes
/// first (the paddle, the balls, the score…), and a copy that differs
/// there is confirmed by its hash at once. A copy whose hash differs at a comparison though
/// nothing showed is played again from the last comparison's saved copies with a hash every
/// step, to find its exact step. (Only a difference outside those that also
/// vanished again before the next comparison would be missed.)
pub const CHECK_EVERY: u64 = 64;

/// Whether `a` and `b` have the same score, paddle, balls, falling power-ups and last step's
/// events: what a collision mode changes first (the paddle too: the bot's aim looks ahead in
/// the game's own mode).
fn looks_alike(a: &Game, b: &Game) -> bool {
    a.score() == b.score()
        && a.paddle() == b.paddle()
        && a.balls() == b.balls()
        && a.falling_powerups() == b.falling_powerups()
        && a.events() == b.events()
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
    /// The per-contact check, when the games record their contacts.
    contacts: Option<ContactStats>,
    /// Stopped: the level was cleared or lost.
    done: bool,
}

/// The bot plays `level` for at most `steps` steps with each of `modes`, every copy from the
/// same `config` (its seed; lives are infinite, as in `simulate`) but for the model. The
/// outcomes are in the order of `modes`. `contact_check`: every contact is checked against the
/// exact referee ([`super::contacts`]).
pub fn play_level(
    level: &Level,
    config: GameConfig,
    modes: &[Model],
    (steps, contact_check): (u64, bool),
) -> Vec<ModeOutcome> {
    let config = GameConfig {
        infinite_lives: true,
        ..config
    };
    let mut start = Game::new(level, config);
    start.record_contacts(contact_check);
    let bots = (0..=modes.len())
        .map(|_| Bot::new(config.seed, LAUNCH_DELAY))
        .collect();
    lockstep(&start, modes, steps, Driver::Bot(bots))
}

/// `replay`'s recorded input played in each of `modes` (its own collision-mode changes left
/// out), for at most `steps` steps, `contact_check` as [`play_level`]'s. The outcomes are in
/// the order of `modes`.
///
/// # Errors
/// The replay's level text does not parse.
pub fn play_replay(
    replay: &Replay,
    modes: &[Model],
    (steps, contact_check): (u64, bool),
) -> Result<Vec<ModeOutcome>, crate::level::LevelErrors> {
    let mut start = replay.start_game()?;
    start.record_contacts(contact_check);
    let steps = steps.min(replay.steps());
    Ok(lockstep(&start, modes, steps, Driver::Replay(replay)))
}

/// Steps one copy of `start` per mode of `modes`, plus a `clamp` copy to compare with when
/// `modes` has none, until `steps` steps or every copy has stopped.
fn lockstep(start: &Game, modes: &[Model], steps: u64, mut driver: Driver) -> Vec<ModeOutcome> {
    let (all, reference, mut lanes) = lanes_for(start, modes);
    // Lanes still hashed against the reference: not the reference, not yet parted.
    let mut unparted: Vec<usize> = (0..lanes.len()).filter(|&i| i != reference).collect();
    // With the bot, hashes are compared every `CHECK_EVERY` steps only; when a copy is found
    // apart, the stretch since the last checkpoint is played again from saved copies with a
    // hash per step to find the exact step. A replay's copies are hashed every step.
    let every = match driver {
        Driver::Bot(_) => CHECK_EVERY,
        Driver::Replay(_) => 1,
    };
    let mut checkpoint: Option<Checkpoint> = None;
    let mut next_change = 0;
    for at in 0..steps {
        if let Driver::Bot(bots) = &driver {
            if at % every == 0 && !unparted.is_empty() {
                checkpoint = Some(Checkpoint::save(at, &lanes, bots, reference, &unparted));
            }
        }
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
                Driver::Replay(_) => recorded.unwrap_or_default(),
            };
            lane.tunnels.before_step(&lane.game);
            lane.game.step(&input);
            lane.tunnels.after_step(&lane.game);
            if let Some(contacts) = &mut lane.contacts {
                contacts.after_step(&lane.game);
            }
            lane.done = lane.game.state() != GameState::Playing;
        }
        let all_done = lanes.iter().all(|l| l.done);
        let last = at + 1 == steps || all_done;
        if !unparted.is_empty() {
            let check = (at + 1) % every == 0 || last;
            let partings = Partings {
                reference,
                every,
                checkpoint: checkpoint.as_ref(),
            };
            partings.mark(&mut lanes, &mut unparted, at, check);
        }
        if all_done {
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
        .map(|(lane, model)| outcome(model, lane))
        .collect()
}

/// One lane per mode of `modes`, from copies of `start`, and a `clamp` lane after them when
/// `modes` has none: the lanes' modes, the index of the reference (the `clamp` lane) and the
/// lanes.
fn lanes_for(start: &Game, modes: &[Model]) -> (Vec<Model>, usize, Vec<Lane>) {
    let mut all: Vec<Model> = modes.to_vec();
    let reference = match all.iter().position(Model::is_reference) {
        Some(i) => i,
        None => {
            all.push(Model::built_in(CollisionMode::Clamp));
            all.len() - 1
        }
    };
    let lanes = all
        .iter()
        .map(|model| {
            let mut game = start.clone();
            model.apply(&mut game);
            Lane {
                game,
                tunnels: TunnelCounter::default(),
                parted_at: None,
                contacts: start.contacts().enabled().then(ContactStats::default),
                done: false,
            }
        })
        .collect();
    (all, reference, lanes)
}

/// How [`lockstep`] finds where the copies part from the reference.
struct Partings<'a> {
    /// The reference lane's index.
    reference: usize,
    /// Steps between two hash comparisons (1: every step).
    every: u64,
    /// The copies saved at the last comparison, to find the exact step between two.
    checkpoint: Option<&'a Checkpoint>,
}

impl Partings<'_> {
    /// After step `at` (0-based): each lane of `unparted` seen apart from the reference (by
    /// its look at once, or by its hash when `check`) leaves `unparted`, with the step it
    /// parted at (found again from the checkpoint when it was not seen at once).
    fn mark(&self, lanes: &mut [Lane], unparted: &mut Vec<usize>, at: u64, check: bool) {
        let reference = self.reference;
        let reference_hash = check.then(|| lanes[reference].game.state_hash());
        let mut parted = Vec::new();
        unparted.retain(|&i| {
            let (lane, reference) = (&lanes[i].game, &lanes[reference].game);
            let apart = if !looks_alike(lane, reference) {
                // Seen this very step: the hashes confirm it.
                lane.state_hash_without_mode() != reference.state_hash()
            } else if let Some(hash) = reference_hash {
                lane.state_hash_without_mode() != hash
            } else {
                false
            };
            if apart {
                parted.push((i, !looks_alike(lane, reference)));
            }
            !apart
        });
        for (i, seen_now) in parted {
            lanes[i].parted_at = Some(match self.checkpoint {
                Some(saved) if self.every > 1 && !seen_now => {
                    saved.first_parting(reference, i, at + 1)
                }
                _ => at + 1,
            });
        }
    }
}

/// Copies of the reference and of the copies not yet apart, with their bots, at one step.
struct Checkpoint {
    /// Steps run when saved.
    at: u64,
    /// By lane index: the game and its bot, for the lanes saved.
    saved: Vec<Option<(Game, Bot)>>,
}

impl Checkpoint {
    /// Saves lane `reference` and the lanes of `unparted` at step `at`.
    fn save(
        at: u64,
        lanes: &[Lane],
        bots: &[Bot],
        reference: usize,
        unparted: &[usize],
    ) -> Checkpoint {
        let saved = (0..lanes.len())
            .map(|i| {
                (i == reference || unparted.contains(&i))
                    .then(|| (lanes[i].game.clone(), bots[i].clone()))
            })
            .collect();
        Checkpoint { at, saved }
    }

    /// Plays the saved reference and lane `lane` again in lockstep, as the main loop does,
    /// up to step `until`, and returns the first step after which their hashes (the mode left
    /// out) differ: `until` if none before it.
    fn first_parting(&self, reference: usize, lane: usize, until: u64) -> u64 {
        let (Some(a), Some(b)) = (&self.saved[reference], &self.saved[lane]) else {
            return until;
        };
        let ((mut a, mut bot_a), (mut b, mut bot_b)) = (a.clone(), b.clone());
        for at in self.at..until {
            for (game, bot) in [(&mut a, &mut bot_a), (&mut b, &mut bot_b)] {
                if game.state() == GameState::Playing {
                    let input = bot.input(game);
                    game.step(&input);
                }
            }
            if a.state_hash() != b.state_hash_without_mode() {
                return at + 1;
            }
        }
        until
    }
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

/// The outcome of a copy played with `model`.
fn outcome(model: Model, lane: Lane) -> ModeOutcome {
    let stats = lane.game.stats();
    ModeOutcome {
        model,
        cleared: lane.game.state() == GameState::LevelCleared,
        steps: stats.steps,
        bricks_destroyed: stats.bricks_destroyed,
        balls_lost: stats.balls_lost,
        escapes: stats.balls_escaped,
        tunnelled: lane.tunnels.count,
        parted_at: lane.parted_at,
        score: lane.game.score(),
        contacts: lane.contacts,
    }
}
