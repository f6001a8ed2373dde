//! The menu: the list of level sets — the shipped levels, the user's, imported sets and the
//! installed games' sets — each with its number of levels and how many are cleared. It is the
//! bottom scene; choosing a set pushes its level list ([`LevelMenuScene`]). A run left in the
//! middle of a level is offered at the top ("Continue: SET, level N, score S"); after the sets come
//! the collision lab's probe ([`LabScene`]) and, last, the Replays list of recorded games
//! ([`ReplaysScene`]).

use super::lab::LabScene;
use super::level_menu::LevelMenuScene;
use super::list::{filter_status, ListAction, ListState};
use super::offer::{continue_label, edited_since, not_kept_note, set_name_of_key, set_of_key};
use super::play::{Campaign, GameStart, PlayScene};
use super::recording;
use super::replay_files::Unfinished;
use super::replays::ReplaysScene;
use super::set_counts::SetCounts;
use super::settings::{SettingsScene, SETTINGS_KEY};
use super::{Chrome, Handled, SceneInput};
use super::{Context, Scene, Transition};
use crate::assets::{Assets, LevelSetSource, OpenedSet};
use crate::view::menu::{self, ListView, Mark, Row};
use crate::view::{scene, SpriteBatch};
use std::rc::Rc;
use std::sync::Arc;

/// Top of the set list's first row, playfield pixels.
const LIST_TOP: f32 = 116.0;

/// The set list, then Replays. Up/Down, PageUp/PageDown, Home/End choose; typing filters; Enter opens the
/// set (a foreign file is read then, and its error shown if it does not load); Esc quits.
/// Under `--autoplay` it opens the chosen set at once.
pub struct MenuScene {
    assets: Assets,
    sets: Vec<LevelSetSource>,
    /// Levels in each set when known without reading a foreign file, or once it was read.
    counts: Vec<Option<usize>>,
    /// Each set's name as the list shows it: [`LevelSetSource::label`], then the name its
    /// level list has once it was read ([`OpenedSet::name`]), so the two agree.
    labels: Vec<String>,
    /// The foreign sets being read in the background for their counts and names.
    counting: SetCounts,
    /// Each set once opened: its levels, or why it does not open.
    opened: Vec<Option<Result<Arc<OpenedSet>, String>>>,
    list: ListState,
    /// Where the mouse pointer is, playfield pixels (none before it moves).
    pointer: Option<glam::Vec2>,
    /// The unfinished run offered as the list's first entry, if there is one.
    offer: Option<Offer>,
}

/// Said after why an unfinished run cannot be continued.
const FORGET: &str = " (ENTER forgets it)";

/// The unfinished run, as the menu offers it.
struct Offer {
    /// What it was made from ([`Context::unfinished`]; a change makes a new one).
    from: Rc<Unfinished>,
    /// The row: "Continue: SET, level N, score S", or why it cannot be continued.
    label: String,
    /// The run's set, found among the installed ones.
    set: Option<LevelSetSource>,
    /// Why it cannot be continued: shown under the list; Enter then forgets the run.
    error: Option<String>,
}

/// The menu's last entry, after the sets: the Replays list ([`ReplaysScene`]).
const REPLAYS: &str = "Replays";

/// The entry between the sets and Replays: the collision lab's probe ([`LabScene`]).
const LAB: &str = "Lab";

/// What an entry of the list is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// The unfinished run.
    Continue,
    /// The set at this index of `sets`.
    Set(usize),
    /// The Replays list, after the sets.
    Replays,
    /// The collision lab's probe, after the sets, before Replays.
    Lab,
}

impl MenuScene {
    /// A menu of `sets` (see [`crate::assets::sets::discover`]), read with `assets`, the
    /// first one chosen.
    pub fn new(assets: Assets, sets: Vec<LevelSetSource>) -> MenuScene {
        let counts = sets.iter().map(|s| s.count_hint(&assets)).collect();
        let labels: Vec<String> = sets.iter().map(LevelSetSource::label).collect();
        let names = labels
            .iter()
            .cloned()
            .chain([LAB.to_string(), REPLAYS.to_string()])
            .collect();
        MenuScene {
            counting: SetCounts::start(&assets, &sets),
            assets,
            opened: vec![None; sets.len()],
            counts,
            labels,
            sets,
            list: ListState::new(names, menu::page_rows(LIST_TOP)),
            pointer: None,
            offer: None,
        }
    }

    /// What the list's entry at `index` is.
    fn entry(&self, index: usize) -> Entry {
        let set = match (&self.offer, index) {
            (Some(_), 0) => return Entry::Continue,
            (Some(_), i) => i - 1,
            (None, i) => i,
        };
        if set < self.sets.len() {
            Entry::Set(set)
        } else if set == self.sets.len() {
            Entry::Lab
        } else {
            Entry::Replays
        }
    }

    /// Follows [`Context::unfinished`]: a new unfinished run becomes the first entry, chosen;
    /// the entry goes when there is none (never under `--autoplay`: the bot plays a set).
    fn sync_offer(&mut self, ctx: &Context) {
        let now = ctx.unfinished.get().filter(|_| !ctx.options.autoplay);
        let same = match (&self.offer, &now) {
            (Some(offer), Some(now)) => Rc::ptr_eq(&offer.from, now),
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        let chosen = self.list.selected().map(|i| self.entry(i));
        self.offer = now.map(|from| self.offer_of(from));
        let mut names: Vec<String> = self.offer.iter().map(|o| o.label.clone()).collect();
        names.extend(self.labels.iter().cloned());
        names.push(LAB.to_string());
        names.push(REPLAYS.to_string());
        self.list = ListState::new(names, menu::page_rows(LIST_TOP));
        match chosen {
            _ if self.offer.is_some() => self.list.select(0),
            Some(Entry::Set(i)) => self.list.select(i),
            _ => {}
        }
    }

    /// The offer of the unfinished run `from`: its set found by its key (installed, or a
    /// directory or file still there).
    fn offer_of(&self, from: Rc<Unfinished>) -> Offer {
        let (label, set, error) = match &*from {
            Unfinished::Run { replay, score } => {
                let origin = &replay.header.origin;
                let key = origin.set.clone().unwrap_or_default();
                let level = origin.index.map_or(1, |i| i + 1);
                match set_of_key(&key, &self.sets) {
                    Ok(set) => (
                        continue_label(&self.label_of(&set), level, *score, replay),
                        Some(set),
                        None,
                    ),
                    Err(_) => (
                        "Cannot continue the last run".to_string(),
                        None,
                        Some(format!(
                            "the run left at level {level} of {} cannot be continued: that \
                             set is no longer installed{FORGET}",
                            set_name_of_key(&key)
                        )),
                    ),
                }
            }
            Unfinished::Unreadable(why) => (
                "Cannot continue the last run".to_string(),
                None,
                Some(format!(
                    "the run left unfinished cannot be continued: {why}{FORGET}"
                )),
            ),
        };
        Offer {
            from,
            label,
            set,
            error,
        }
    }

    /// Continues the unfinished run: its level re-simulated to where it was left, shown paused,
    /// over its set's level list. A run that cannot be continued shows why; Enter then forgets
    /// it.
    fn continue_run(&mut self, ctx: &mut Context) -> Transition {
        let Some(offer) = &mut self.offer else {
            return Transition::None;
        };
        let (None, Some(source), Unfinished::Run { replay, .. }) =
            (&offer.error, &offer.set, &*offer.from)
        else {
            recording::forget_unfinished(ctx);
            self.sync_offer(ctx);
            return Transition::None;
        };
        let resumed = (|| {
            let set = (source.open(&self.assets).map_err(|e| e.to_string())?)
                .with_bonus(ctx.settings.now.game.bonus_levels);
            let h = &replay.header;
            let index = h.origin.index.unwrap_or(0) as usize;
            let key = h.origin.level_key.clone().unwrap_or_default();
            if set.levels.get(index).map(|l| l.source.key()) != Some(key.clone()) {
                return Err(format!(
                    "{} changed since the run was left: its level {} is no longer {key}",
                    set.name,
                    index + 1
                ));
            }
            let note = edited_since(&set.levels[index].source, replay);
            let campaign = Campaign::resumed(&set, index, h.start_score, h.start_lives)
                .with_difficulty(replay.config().difficulty);
            let play = PlayScene::start(ctx, GameStart::Resume { campaign, replay })?;
            Ok((Arc::new(set), index, play, note))
        })();
        match resumed {
            Ok((set, index, mut play, note)) => {
                // Shown paused, with what any pause of this game offers, and the note on an
                // edited level file.
                let pause = play.pause_noting(note);
                Transition::Sequence(vec![
                    Transition::Push(Box::new(LevelMenuScene::new(set, index))),
                    Transition::Push(Box::new(play)),
                    pause,
                ])
            }
            Err(e) => {
                log::warn!("cannot continue the run: {e}");
                offer.error = Some(format!("cannot continue the run: {e}{FORGET}"));
                Transition::None
            }
        }
    }

    /// How the list names `set`: its label, or its name once read.
    fn label_of(&self, set: &LevelSetSource) -> String {
        match self
            .sets
            .iter()
            .position(|s| s == set || s.key() == set.key())
        {
            Some(i) => self.labels[i].clone(),
            None => set.label(),
        }
    }

    /// Takes what the background reading found: each set's count and name, or why it does not
    /// open.
    fn take_counts(&mut self) {
        let counted = self.counting.take();
        self.apply_counts(counted);
    }

    /// Takes the counts and names of `counted`.
    fn apply_counts(&mut self, counted: Vec<super::set_counts::Counted>) {
        for counted in counted {
            let index = counted.index;
            match counted.result {
                Ok((count, name)) => {
                    self.counts[index] = Some(count);
                    self.rename(index, name);
                }
                // Opened since (chosen before its count came): what opening said stands.
                Err(_) if self.opened[index].is_some() => {}
                Err(e) => self.opened[index] = Some(Err(e)),
            }
        }
    }

    /// Names the set at `index` `name` in the list.
    fn rename(&mut self, index: usize, name: String) {
        if self.labels[index] != name {
            let at = index + usize::from(self.offer.is_some());
            self.list.rename(at, name.clone());
            self.labels[index] = name;
        }
    }

    /// The set at `index`, opened once and kept.
    fn open(&mut self, index: usize) -> Result<Arc<OpenedSet>, String> {
        if self.opened[index].is_none() {
            let opened = self.sets[index]
                .open(&self.assets)
                .map(Arc::new)
                .map_err(|e| e.to_string());
            if let Err(e) = &opened {
                log::warn!("{e}");
            }
            if let Ok(set) = &opened {
                self.counts[index] = Some(set.levels.len());
                self.rename(index, set.name.clone());
            }
            self.opened[index] = Some(opened);
        }
        self.opened[index]
            .clone()
            .unwrap_or_else(|| Err(String::new()))
    }

    /// Opens the entry at `index`: continues the unfinished run, shows the Replays list, or
    /// opens the set and shows its levels; a set that does not open stays here, showing why.
    fn choose(&mut self, ctx: &mut Context, index: usize) -> Transition {
        let index = match self.entry(index) {
            Entry::Continue => return self.continue_run(ctx),
            Entry::Replays => return Transition::Push(Box::new(ReplaysScene::new(ctx))),
            Entry::Lab => return Transition::Push(Box::new(LabScene::new())),
            Entry::Set(index) => index,
        };
        if self.sets[index] == (LevelSetSource::Freakout { seed: None }) {
            self.opened[index] = None; // a new shuffle each time
        }
        match self.open(index) {
            Ok(set) => {
                let run = OpenedSet::clone(&set).with_bonus(ctx.settings.now.game.bonus_levels);
                Transition::Push(Box::new(LevelMenuScene::new(Arc::new(run), 0)))
            }
            Err(_) => Transition::None,
        }
    }

    /// The row of the entry at `index`: the unfinished run, or a set: its label, then levels
    /// cleared / levels in it (only what is cleared until a foreign set is counted) and the
    /// best run, or "does not load".
    fn row(&self, ctx: &Context, index: usize) -> Row {
        let selected = self.list.selected() == Some(index);
        let index = match (self.entry(index), &self.offer) {
            (Entry::Set(index), _) => index,
            (Entry::Lab, _) => {
                return Row {
                    name: LAB.to_string(),
                    info: "collision probe".to_string(),
                    mark: Mark::Plain,
                    selected,
                }
            }
            (Entry::Replays, _) => {
                return Row {
                    name: REPLAYS.to_string(),
                    info: "recent games, best runs".to_string(),
                    mark: Mark::Plain,
                    selected,
                }
            }
            (Entry::Continue, offer) => {
                let broken = offer.as_ref().is_none_or(|o| o.error.is_some());
                return Row {
                    name: offer.as_ref().map(|o| o.label.clone()).unwrap_or_default(),
                    info: if broken { "error" } else { "" }.to_string(),
                    mark: if broken { Mark::Broken } else { Mark::Plain },
                    selected,
                };
            }
        };
        // The scores of the difficulty the next run is played at.
        let key = Context::scores_key(&self.sets[index].key(), ctx.difficulty());
        let scores = ctx.scores.as_ref();
        let cleared = scores.map_or(0, |s| s.cleared(&key));
        let count = self.counts[index];
        let broken = matches!(self.opened[index], Some(Err(_)));
        let mut info = match count {
            _ if broken => "does not load".to_string(),
            Some(n) => format!("{cleared}/{n}"),
            None if cleared > 0 => format!("{cleared} cleared"),
            None => String::new(),
        };
        if let Some(run) = scores.and_then(|s| s.best_run(&key)).filter(|_| !broken) {
            info = format!("run {run}{}   {info}", ctx.difficulty_note());
        }
        let mark = match count {
            _ if broken => Mark::Broken,
            Some(n) if n > 0 && cleared >= n => Mark::Done,
            _ => Mark::Plain,
        };
        Row {
            name: self.labels[index].clone(),
            info,
            mark,
            selected,
        }
    }
}

impl Scene for MenuScene {
    fn input(&mut self, ctx: &mut Context, input: &SceneInput) -> Handled {
        if let SceneInput::Press(code) = input {
            self.sync_offer(ctx);
            if *code == SETTINGS_KEY {
                return Transition::Push(Box::new(SettingsScene::new(false))).into();
            }
        }
        match super::list::input(&mut self.list, LIST_TOP, &mut self.pointer, input) {
            Some(ListAction::Back) => Transition::Quit.into(),
            Some(ListAction::Chosen(index)) => self.choose(ctx, index).into(),
            Some(ListAction::Moved | ListAction::None) => Handled::Yes(Transition::None),
            None => Handled::No,
        }
    }

    /// The letters type into the list's filter.
    fn chrome(&self) -> Chrome {
        Chrome {
            takes_letters: true,
            ..Chrome::default()
        }
    }

    fn update(&mut self, ctx: &mut Context, _dt: f32) -> Transition {
        self.sync_offer(ctx);
        self.take_counts();
        // Demo mode: straight into the chosen set, whose list waits before it plays.
        match self.list.selected() {
            Some(index)
                if ctx.options.autoplay
                    && !matches!(self.entry(index), Entry::Replays | Entry::Lab) =>
            {
                self.choose(ctx, index)
            }
            _ => Transition::None,
        }
    }

    fn draw(&self, ctx: &Context, batch: &mut SpriteBatch, _covered: bool) {
        scene::background(&mut batch.backdrop);
        let rows = self
            .list
            .visible()
            .iter()
            .map(|&i| self.row(ctx, i))
            .collect();
        let error = self
            .list
            .selected()
            .and_then(|i| match (self.entry(i), &self.offer) {
                (Entry::Set(i), _) => match &self.opened[i] {
                    Some(Err(e)) => Some(e.as_str()),
                    _ => None,
                },
                (Entry::Continue, offer) => offer.as_ref().and_then(|o| o.error.as_deref()),
                (Entry::Replays | Entry::Lab, _) => None,
            });
        let not_kept = not_kept_note(ctx);
        let error = error.or(not_kept.as_deref());
        let (shown, at) = self.list.position();
        let settings = crate::bindings::key_name(SETTINGS_KEY).unwrap_or("?");
        // A page cannot close itself: Esc quits the desktop game only.
        let quit = if cfg!(target_arch = "wasm32") {
            ""
        } else {
            "  ESC quit"
        };
        let keys = format!("UP/DOWN choose  ENTER open  {settings} settings{quit}");
        let view = ListView {
            title: "BREAKOUT",
            top: LIST_TOP,
            rows,
            more: self.list.more(),
            status: filter_status(self.list.filter(), "sets"),
            position: format!("{}/{shown}", (at + 1).min(shown)),
            error,
            keys: &keys,
        };
        menu::list(&mut batch.text, &view);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::scenes::stack::Flow;
    use crate::app::scenes::{test_context, SceneStack};
    use winit::keyboard::KeyCode;

    /// Play-test H18: the Continue line names the set as the list does and says a difficulty
    /// other than Normal; a set that is gone is named as the menu names it, never by its key.
    #[test]
    fn the_continue_line_names_the_set_as_the_list_does_with_its_difficulty() {
        let dir = crate::app::scenes::test_dir("menu", "continue-names");
        let file = std::path::absolute(dir.join("arkanoid")).unwrap();
        std::fs::write(&file, "not read here").unwrap();
        let listed = LevelSetSource::Foreign {
            path: file.clone(),
            format: Some(crate::import::Format::LBreakout2),
        };
        let sets = vec![LevelSetSource::Shipped, listed.clone()];
        let found = set_of_key(&listed.key(), &sets).unwrap();
        assert_eq!(found, listed);
        assert_eq!(found.label(), "LBreakout2: arkanoid");
        assert_eq!(set_name_of_key("user"), "My levels");
        assert_eq!(set_name_of_key("shipped"), "Breakout");
        assert_eq!(set_name_of_key(&file.display().to_string()), "arkanoid");
        let level = crate::level::Level::parse("2 2", "one").unwrap();
        let replay = |difficulty| {
            let config = crate::sim::GameConfig {
                difficulty,
                ..Default::default()
            };
            let origin = Some(crate::replay::Origin::default());
            crate::commands::simulate::simulate_recorded(&level, 10, config, origin)
                .1
                .unwrap()
        };
        let kids = replay(crate::sim::Difficulty::Kids);
        assert_eq!(
            continue_label("LBreakout2: arkanoid", 1, 250, &kids),
            "Continue: LBreakout2: arkanoid, level 1, score 250, Kids"
        );
        let normal = replay(crate::sim::Difficulty::Normal);
        assert_eq!(
            continue_label("Breakout", 2, 530, &normal),
            "Continue: Breakout, level 2, score 530"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// Play-test H3: a read-only replays directory. The run left there is not offered (its end
    /// could not have deleted it), and the menu says that nothing is being kept.
    #[cfg(unix)]
    #[test]
    fn a_read_only_replays_directory_offers_no_run_and_the_menu_says_nothing_is_kept() {
        use super::super::replay_files::Writer;
        use std::os::unix::fs::PermissionsExt;
        let dir = crate::app::scenes::test_dir("menu", "read-only");
        let store = crate::replay::Store::new(dir.join("replays"));
        std::fs::create_dir_all(store.dir()).unwrap();
        let level = crate::level::Level::parse("2 2", "one").unwrap();
        let origin = crate::replay::Origin {
            set: Some("shipped".into()),
            index: Some(0),
            ..Default::default()
        };
        let (_, replay) = crate::commands::simulate::simulate_recorded(
            &level,
            10,
            Default::default(),
            Some(origin),
        );
        crate::replay::file::write(&store.unfinished_path(), &replay.unwrap()).unwrap();
        assert!(matches!(
            Unfinished::load(&store),
            Some(Unfinished::Run { .. })
        ));
        let writable = std::fs::metadata(store.dir()).unwrap().permissions();
        std::fs::set_permissions(store.dir(), std::fs::Permissions::from_mode(0o555)).unwrap();
        let loaded = Unfinished::load(&store);
        let writer = Writer::watching(Some(&store));
        std::fs::set_permissions(store.dir(), writable).unwrap();
        match loaded {
            Some(Unfinished::Unreadable(why)) => assert!(why.contains("read-only"), "{why}"),
            other => panic!("{other:?}"),
        }
        let mut ctx = test_context();
        ctx.writer = writer;
        let stack = SceneStack::new(Box::new(MenuScene::new(Assets::built_in(), Vec::new())));
        let mut batch = SpriteBatch::default();
        stack.draw(&ctx, &mut batch);
        let text: String = batch
            .text
            .iter()
            .filter_map(crate::view::text::glyph_char)
            .collect();
        assert!(text.contains("replaysandContinuearenotbeingkept"), "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_set_that_does_not_load_shows_its_error_and_the_menu_stays() {
        let dir = std::env::temp_dir().join(format!("breakout-menu-bad-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("broken.gbl");
        std::fs::write(&bad, "\u{0}not a level set").unwrap();
        let sets = vec![
            LevelSetSource::Foreign {
                path: bad.clone(),
                format: Some(crate::import::Format::Gnome),
            },
            LevelSetSource::Shipped,
        ];
        let mut ctx = test_context();
        let mut stack = SceneStack::new(Box::new(MenuScene::new(Assets::built_in(), sets)));
        assert_eq!(
            stack.key(&mut ctx, key(KeyCode::Enter), true, false),
            Flow::Continue
        );
        assert_eq!(stack.len(), 1, "the broken set opens no level list");
        // The shipped set opens: its level list goes on top; Esc comes back.
        stack.key(&mut ctx, key(KeyCode::ArrowDown), true, false);
        stack.key(&mut ctx, key(KeyCode::Enter), true, false);
        assert_eq!(stack.len(), 2);
        stack.key(&mut ctx, key(KeyCode::Escape), true, false);
        assert_eq!(stack.len(), 1);
        assert_eq!(
            stack.key(&mut ctx, key(KeyCode::Escape), true, false),
            Flow::Quit
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The installed games' sets in the set list (a play-test saw "0/?" beside 118 of them, and
    /// a gnome-breakout set named by its file there but by its title over its levels): each is
    /// counted when the list is made, never shown with a "?", and named as its level list and
    /// the window's title name it.
    #[test]
    fn foreign_sets_are_counted_and_named_as_their_level_list_is() {
        let dir = std::env::temp_dir().join(format!("breakout-menu-count-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let gbl = dir.join("alcaron.gbl");
        let mut text = String::from("TITLE Michael's Levels\n");
        for name in ["One", "Two"] {
            text += &format!("BEGIN_LEVEL\nNAME {name}\nBEGIN_DATA\n1,1,1,1,1,1,1,1,1,1\n");
            text += &"0,0,0,0,0,0,0,0,0,0\n".repeat(14);
            text += "END_DATA\nEND_LEVEL\n";
        }
        std::fs::write(&gbl, text).unwrap();
        let sets = vec![
            LevelSetSource::Shipped,
            LevelSetSource::Foreign {
                path: gbl,
                format: Some(crate::import::Format::Gnome),
            },
        ];
        let ctx = test_context();
        let mut menu = MenuScene::new(Assets::built_in(), sets);
        assert!(
            !menu.row(&ctx, 1).info.contains('?'),
            "{:?}",
            menu.row(&ctx, 1)
        );
        let counted = menu.counting.wait();
        menu.apply_counts(counted);
        let row = menu.row(&ctx, 1);
        assert_eq!(
            (row.name.as_str(), row.info.as_str()),
            ("gnome-breakout: Michael's Levels", "0/2")
        );
        // Typing filters by that name.
        for k in [KeyCode::KeyM, KeyCode::KeyI, KeyCode::KeyC] {
            menu.list.key(k);
        }
        assert_eq!(menu.list.visible(), [1]);
        let mut ctx = ctx;
        let mut stack = SceneStack::new(Box::new(menu));
        stack.key(&mut ctx, key(KeyCode::Enter), true, false);
        assert_eq!(stack.len(), 2);
        assert_eq!(stack.title(), "Breakout — gnome-breakout: Michael's Levels");
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn key(code: KeyCode) -> winit::keyboard::PhysicalKey {
        winit::keyboard::PhysicalKey::Code(code)
    }
}
