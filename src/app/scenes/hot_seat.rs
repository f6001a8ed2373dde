//! Hot seat: 2–4 players take turns at one keyboard, as in LBreakoutHD. Each player has their
//! own run ([`Campaign`]: score, lives, place in the set) and their own game, a [`PlayScene`];
//! when a player loses a life their game is set aside exactly as it is (its new ball on the
//! paddle) and the next player who is still in takes over on their own level. A banner says
//! whose turn it is and waits for the launch key. A player who loses their last life or clears
//! the set is out; when all are out, the end table ([`HotSeatEndScene`]) shows each result.
//!
//! Each game records its own replay: a game set aside simply is not stepped, so its replay
//! holds that player's steps only and verifies on its own.

use super::hot_seat_end::{HotSeatEndScene, SeatResult};
use super::play::{Campaign, GameStart, PlayScene, TurnEnd};
use super::{go_on_key, goes_on, hint_line, Context, Scene, Transition, CONFIRM_DELAY};
use super::{Chrome, Handled, SceneInput};
use crate::highscores::Score;
use crate::sim::Game;
use crate::view::{hud, SpriteBatch};
use winit::keyboard::KeyCode;

/// One player of a hot-seat run.
struct Seat {
    name: String,
    /// Their game, in play or set aside; `None` once they are out.
    play: Option<PlayScene>,
    /// How their run ended, once they are out.
    result: Option<SeatResult>,
}

/// What the hot-seat scene shows.
#[derive(Clone, Debug, PartialEq)]
enum Phase {
    /// The banner over the current player's game: whose turn it is (`title`) and why (`note`,
    /// may be empty), waiting for the launch key; `seconds` it has been shown.
    Banner {
        title: String,
        note: String,
        seconds: f32,
    },
    /// The current player plays.
    Playing,
}

/// The players' games and whose turn it is. Pushed where a single player's [`PlayScene`]
/// would be: leaving it (Esc, the pause screen's menu, the end table) leaves the run.
pub struct HotSeatScene {
    seats: Vec<Seat>,
    /// Index of the player whose turn it is.
    current: usize,
    phase: Phase,
}

impl HotSeatScene {
    /// A run through `campaign`'s set (from its current level) for the players `names`, in
    /// turn order, each with a fresh score and full lives; the first player's turn banner
    /// shows. Errors: the level does not load (as [`PlayScene::start`]).
    pub fn start(ctx: &mut Context, campaign: &Campaign, names: &[String]) -> Result<Self, String> {
        let runs = names.iter().map(|name| campaign.clone().for_player(name));
        HotSeatScene::with_runs(ctx, runs.collect())
    }

    /// A run of the players of `runs` (each made with [`Campaign::for_player`]; a run
    /// without a player is played as "Player N"), in turn order, each from where their run
    /// is. Errors as [`HotSeatScene::start`].
    pub fn with_runs(ctx: &mut Context, runs: Vec<Campaign>) -> Result<Self, String> {
        let mut seats = Vec::with_capacity(runs.len());
        for (i, run) in runs.into_iter().enumerate() {
            let name = run
                .player()
                .map_or_else(|| format!("Player {}", i + 1), str::to_string);
            let mut play = PlayScene::start(ctx, GameStart::Load(run.for_player(&name)))?;
            play.set_aside();
            seats.push(Seat {
                name,
                play: Some(play),
                result: None,
            });
        }
        let mut scene = HotSeatScene {
            seats,
            current: 0,
            phase: Phase::Playing,
        };
        let names = scene.names();
        let (last, others) = names.split_last().unwrap_or((&"", &[]));
        let order = format!("{} and {last} take turns", others.join(", "));
        scene.banner(ctx, order);
        Ok(scene)
    }

    /// The names of the players, in turn order.
    pub fn names(&self) -> Vec<&str> {
        self.seats.iter().map(|s| s.name.as_str()).collect()
    }

    /// The name of the player whose turn it is.
    pub fn current_name(&self) -> &str {
        &self.seats[self.current].name
    }

    /// Whether the turn banner shows (waiting for the launch key).
    pub fn shows_banner(&self) -> bool {
        matches!(self.phase, Phase::Banner { .. })
    }

    /// The game of player `index`, in play or set aside (`None` once they are out).
    pub fn game_of(&self, index: usize) -> Option<&Game> {
        self.seats.get(index)?.play.as_ref().map(PlayScene::game)
    }

    /// Where player `index` is in the set (1-based level, levels), while they are in.
    pub fn level_of(&self, index: usize) -> Option<(usize, usize)> {
        let play = self.seats.get(index)?.play.as_ref()?;
        Some(play.campaign().position())
    }

    /// The result of player `index`, once they are out.
    pub fn result_of(&self, index: usize) -> Option<&SeatResult> {
        self.seats.get(index)?.result.as_ref()
    }

    /// The banner of the current player's turn; `note` says what happened before.
    fn banner(&mut self, ctx: &mut Context, note: String) {
        ctx.input.new_game();
        // The last game's particles and shake are not the next player's.
        ctx.effects.clear();
        let title = format!("{}'S TURN", self.current_name().to_uppercase());
        self.phase = Phase::Banner {
            title,
            note,
            seconds: 0.0,
        };
    }

    /// The next player after the current one who is still in (the current one again when
    /// they are the last), or `None` when all are out.
    fn next_in(&self) -> Option<usize> {
        let n = self.seats.len();
        (1..=n)
            .map(|k| (self.current + k) % n)
            .find(|&i| self.seats[i].play.is_some())
    }

    /// Passes the turn (after `note`), or ends the run with the table when everyone is out.
    fn pass_turn(&mut self, ctx: &mut Context, note: String) -> Transition {
        match self.next_in() {
            Some(next) => {
                self.current = next;
                self.banner(ctx, note);
                Transition::None
            }
            None => {
                let results: Vec<SeatResult> =
                    self.seats.iter().filter_map(|s| s.result.clone()).collect();
                if let Some(last) = self.seats.last().and_then(|s| s.result.as_ref()) {
                    ctx.run_ended_at = Some((last.set_key.clone(), last.level.0 - 1));
                }
                self.phase = Phase::Playing;
                Transition::Push(Box::new(HotSeatEndScene::new(results)))
            }
        }
    }

    /// The current player's turn ended as `end`.
    fn turn_ended(&mut self, ctx: &mut Context, end: TurnEnd) -> Transition {
        let name = self.current_name().to_string();
        let seat = &mut self.seats[self.current];
        let Some(play) = seat.play.as_mut() else {
            return Transition::None;
        };
        match end {
            TurnEnd::LifeLost => {
                play.set_aside();
                self.pass_turn(ctx, format!("{name} lost a life"))
            }
            TurnEnd::LevelEnded {
                cleared,
                outcome,
                total,
                lives,
                speed,
            } => {
                let campaign = play.campaign().clone();
                if cleared && !campaign.is_last() {
                    // A cleared level moves this player on, and it stays their turn.
                    let next = campaign.next(total, lives).played_at(speed);
                    if let Ok(mut play) = PlayScene::start(ctx, GameStart::Load(next)) {
                        play.set_aside();
                        seat.play = Some(play);
                        let cleared = format!("{name} cleared the level  +{}", outcome.score);
                        let best = outcome.best_line();
                        let note = [cleared, best].join("  ").trim_end().to_string();
                        self.banner(ctx, note);
                        return Transition::None;
                    }
                }
                let score = Score {
                    points: total,
                    speed,
                };
                let best = ctx.record_player_run(&name, &campaign, score);
                let won = cleared && campaign.is_last();
                seat.result = Some(SeatResult {
                    name: name.clone(),
                    score,
                    level: campaign.position(),
                    cleared: won,
                    new_best: best.is_some_and(|b| b.is_best && b.saved),
                    set_key: campaign.set_key().to_string(),
                });
                seat.play = None;
                let why = if won {
                    "cleared the set"
                } else if cleared {
                    // The next level did not load: the menu says why.
                    "stopped: the next level does not load"
                } else {
                    "is out"
                };
                self.pass_turn(ctx, format!("{name} {why}"))
            }
        }
    }

    fn play(&self) -> Option<&PlayScene> {
        self.seats.get(self.current)?.play.as_ref()
    }

    /// The current player's game while they play (not under the banner).
    fn playing(&mut self) -> Option<&mut PlayScene> {
        match self.phase {
            Phase::Playing => self.play_mut(),
            Phase::Banner { .. } => None,
        }
    }

    fn play_mut(&mut self) -> Option<&mut PlayScene> {
        self.seats.get_mut(self.current)?.play.as_mut()
    }
}

impl Scene for HotSeatScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        match input {
            SceneInput::Press(code) => self.on_press(ctx, *code).into(),
            // The other inputs are the game's, while it is played (not under a banner).
            _ => match self.playing() {
                Some(play) => play.input(ctx, input),
                None => Handled::No,
            },
        }
    }

    fn live_game(&self) -> Option<&Game> {
        self.play().map(PlayScene::game)
    }

    /// No cursor over the game being played.
    fn chrome(&self) -> Chrome {
        Chrome {
            shows_cursor: false,
            title: self.title(),
            ..Chrome::default()
        }
    }

    fn update(&mut self, ctx: &mut Context, dt: f32) -> Transition {
        if let Phase::Banner { seconds, .. } = &mut self.phase {
            *seconds += dt;
            return Transition::None;
        }
        let Some(play) = self.play_mut() else {
            return Transition::None;
        };
        let transition = play.update(ctx, dt);
        match play.take_turn_end() {
            Some(end) => self.turn_ended(ctx, end),
            None => transition,
        }
    }

    fn update_covered(&mut self, ctx: &mut Context, dt: f32) -> bool {
        self.play_mut()
            .is_some_and(|play| play.update_covered(ctx, dt))
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, covered: bool) {
        let banner = match &self.phase {
            Phase::Banner { title, note, .. } => Some((title, note)),
            Phase::Playing => None,
        };
        match self.play() {
            Some(play) => play.draw(ctx, batch, covered || banner.is_some()),
            None => crate::view::scene::background(&mut batch.backdrop),
        }
        if let (Some((title, note)), false) = (banner, covered) {
            let action = format!("{} to play", go_on_key(ctx));
            let hint = if note.is_empty() {
                action
            } else {
                hint_line(&[note], &action)
            };
            hud::message(&mut batch.text, title, &hint);
        }
    }
}

impl HotSeatScene {
    fn on_press(&mut self, ctx: &mut Context, code: KeyCode) -> Transition {
        let waited = match &self.phase {
            Phase::Banner { seconds, .. } => Some(*seconds >= CONFIRM_DELAY),
            Phase::Playing => None,
        };
        match waited {
            // A player still pressing launch as their turn ended must not start the next
            // player's turn unseen.
            Some(true) if goes_on(ctx, code) => {
                ctx.input.new_game();
                self.phase = Phase::Playing;
                Transition::None
            }
            Some(_) if code != KeyCode::Escape => Transition::None,
            _ => match self.play_mut() {
                Some(play) => play.input(ctx, &SceneInput::Press(code)).transition(),
                None => Transition::None,
            },
        }
    }

    fn title(&self) -> Option<String> {
        let play = self.play()?.title();
        let rest = play.strip_prefix("Breakout — ").unwrap_or(&play);
        Some(format!(
            "Breakout — {}'s turn — {rest}",
            self.current_name()
        ))
    }
}
