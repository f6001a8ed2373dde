//! What the window keeps of its replays between frames and between runs: the background
//! [`Writer`] that writes them (a frame never waits for the disk: the atomic write of a file
//! waits for it to reach the disk, milliseconds), and the run left unfinished that the set menu
//! offers to continue ([`Unfinished`], shared through an [`UnfinishedSlot`]).

use crate::replay::{self, file, Playback, Replay, Store};
use crate::sim::Game;
use std::cell::RefCell;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::{mpsc, Arc, Mutex};

/// The run a player left in the middle of a level, as the set menu offers it.
#[derive(Debug)]
pub enum Unfinished {
    /// It can be continued: the level's replay up to where it was left (no end).
    Run {
        /// The replay.
        replay: Arc<Replay>,
        /// The run's score where it was left.
        score: u32,
    },
    /// The file is there but cannot be continued: why (naming the file).
    Unreadable(String),
}

impl Unfinished {
    /// The unfinished run kept in `store`, if there is one: read and re-simulated to the step
    /// where it was left (for its score). A file that cannot be read, or whose level does not
    /// parse, gives [`Unfinished::Unreadable`].
    pub fn load(store: &Store) -> Option<Unfinished> {
        let path = store.unfinished_path();
        let replay = match file::read(&path) {
            Ok(replay) => replay,
            Err(replay::ReplayError::Io { source, .. })
                if source.kind() == std::io::ErrorKind::NotFound =>
            {
                return None
            }
            Err(e) => return Some(Unfinished::Unreadable(e.to_string())),
        };
        if let Some(why) = read_only(&path) {
            // Its end (a game over, the run cleared) could not have deleted it: it may be a
            // run that has ended (play-test H3), so it is not offered.
            return Some(Unfinished::Unreadable(format!(
                "{}: {why}, so a run's end could not be recorded there and this run may have \
                 ended",
                path.display()
            )));
        }
        let origin = &replay.header.origin;
        if origin.set.is_none() || origin.index.is_none() {
            return Some(Unfinished::Unreadable(format!(
                "{}: not a run through a level set",
                path.display()
            )));
        }
        let replay = Arc::new(replay);
        match resimulate(&replay) {
            Ok(game) => {
                // The menu offers it; the log says it only when asked for detail.
                log::debug!(
                    "{}: a run left at level {} of {} (score {}) can be continued from the menu",
                    path.display(),
                    replay.header.origin.index.unwrap_or(0) + 1,
                    replay.header.origin.set.as_deref().unwrap_or_default(),
                    game.score()
                );
                Some(Unfinished::Run {
                    score: game.score(),
                    replay,
                })
            }
            Err(e) => Some(Unfinished::Unreadable(format!("{}: {e}", path.display()))),
        }
    }
}

/// Where a game that begins being recorded now goes among `store`'s recent games
/// ([`Store::recent_path_at`] with the clock of `web_time`, which a browser has: `std`'s
/// panics there).
pub fn recent_path(store: &Store, replay: &Replay) -> PathBuf {
    let now = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    store.recent_path_at(replay, now)
}

/// Why nothing can be written beside `path`: its directory is read-only (`None` when it is
/// writable, or missing: it is made at the first save).
fn read_only(path: &Path) -> Option<String> {
    let dir = path.parent()?;
    let meta = std::fs::metadata(dir).ok()?;
    meta.permissions()
        .readonly()
        .then(|| format!("{} is read-only", dir.display()))
}

/// The game `replay` gives at its last step (and the changes after it). A divergence (the
/// game changed since it was recorded) is logged: play goes on from what the simulation does.
/// Errors: the replay's level text does not parse.
pub fn resimulate(replay: &Arc<Replay>) -> Result<Game, String> {
    let mut playback =
        Playback::new(replay.clone()).map_err(|e| format!("the replay's level: {e}"))?;
    playback.run_to_end();
    if let Some(d) = playback.divergence() {
        log::warn!(
            "the unfinished run diverged at step {}: this version of the game plays it \
             differently",
            d.step
        );
    }
    Ok(playback.into_game())
}

/// What the set menu offers to continue, shared by the menu and the game being played (which
/// updates it as it saves). Cloning shares it.
#[derive(Clone, Debug, Default)]
pub struct UnfinishedSlot(Rc<RefCell<Option<Rc<Unfinished>>>>);

impl UnfinishedSlot {
    /// A slot holding `unfinished`.
    pub fn new(unfinished: Option<Unfinished>) -> UnfinishedSlot {
        UnfinishedSlot(Rc::new(RefCell::new(unfinished.map(Rc::new))))
    }

    /// What is offered now (a new `Rc` each time it changes).
    pub fn get(&self) -> Option<Rc<Unfinished>> {
        self.0.borrow().clone()
    }

    /// Nothing to continue.
    pub fn clear(&self) {
        *self.0.borrow_mut() = None;
    }

    /// The run of `replay`, left with the run's score at `score`.
    pub fn set_run(&self, replay: &Replay, score: u32) {
        *self.0.borrow_mut() = Some(Rc::new(Unfinished::Run {
            replay: Arc::new(replay.clone()),
            score,
        }));
    }
}

/// Where a save goes.
pub enum Target {
    /// Among the recent games (older ones beyond the store's limit deleted).
    Recent(Store, PathBuf),
    /// A file of its own.
    File(PathBuf),
}

/// A background writer's work.
enum Job {
    /// Encode `replay` once and write it to each target.
    Save {
        replay: Box<Replay>,
        to: Vec<Target>,
    },
    /// Delete a file (gone already is fine).
    Delete(PathBuf),
    /// Say when everything before is done.
    Flush(mpsc::Sender<()>),
}

/// Why the replays are not being kept, shared by a writer and its clones (the menu says it):
/// the directory of the last failure and what failed, until a write into that directory
/// succeeds (one elsewhere, as `--record`'s, says nothing about it).
#[derive(Clone, Debug, Default)]
struct NotKept(Arc<Mutex<Option<(PathBuf, String)>>>);

impl NotKept {
    /// A write into `dir` failed: `why`.
    fn failed(&self, dir: &Path, why: String) {
        if let Ok(mut now) = self.0.lock() {
            *now = Some((dir.to_path_buf(), why));
        }
    }

    /// A write into `dir` succeeded: a failure there is over.
    fn succeeded(&self, dir: &Path) {
        if let Ok(mut now) = self.0.lock() {
            if now.as_ref().is_some_and(|(failed, _)| failed == dir) {
                *now = None;
            }
        }
    }

    fn get(&self) -> Option<String> {
        self.0
            .lock()
            .ok()
            .and_then(|now| now.as_ref().map(|(_, why)| why.clone()))
    }
}

/// The directory a file at `path` is written into.
fn dir_of(path: &Path) -> &Path {
    path.parent().unwrap_or(path)
}

impl Job {
    /// Does the job; `logged` holds the directories whose failure was logged (each is logged
    /// once: a read-only or full disk would say so for two files every few seconds), and
    /// `not_kept` what the menu shows.
    fn run(self, logged: &mut BTreeSet<PathBuf>, not_kept: &NotKept) {
        let mut report = |path: &Path, e: String| {
            if logged.insert(dir_of(path).to_path_buf()) {
                log::warn!("replay not saved (said once for this directory): {e}");
            }
            not_kept.failed(dir_of(path), e);
        };
        match self {
            Job::Save { replay, to } => {
                if to.is_empty() {
                    return;
                }
                let bytes = file::encode(&replay);
                for target in to {
                    let (path, store) = match target {
                        Target::Recent(store, path) => (path, Some(store)),
                        Target::File(path) => (path, None),
                    };
                    match crate::files::write_atomic(&path, &bytes) {
                        Ok(()) => not_kept.succeeded(dir_of(&path)),
                        Err(e) => report(&path, e.to_string()),
                    }
                    if let Some(store) = store {
                        store.prune_recent();
                    }
                }
            }
            Job::Delete(path) => match crate::files::remove(&path) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                    report(&path, format!("{}: {e}", path.display()))
                }
                _ => {}
            },
            Job::Flush(done) => {
                let _ = done.send(());
            }
        }
    }
}

/// Writes replays on a thread of its own, in the order asked; clones share the thread (it ends
/// when the last clone is dropped). Where no thread can be started, writes at once.
#[derive(Clone, Debug)]
pub struct Writer {
    jobs: Option<mpsc::Sender<Job>>,
    not_kept: NotKept,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Job::Save { .. } => "Save",
            Job::Delete(_) => "Delete",
            Job::Flush(_) => "Flush",
        })
    }
}

impl Writer {
    /// A writer and its thread.
    pub fn new() -> Writer {
        let (jobs, queue) = mpsc::channel::<Job>();
        let not_kept = NotKept::default();
        let shared = not_kept.clone();
        let thread = std::thread::Builder::new()
            .name("replay-writer".into())
            .spawn(move || {
                let mut logged = BTreeSet::new();
                for job in queue {
                    job.run(&mut logged, &shared);
                }
            });
        if let Err(e) = &thread {
            log::warn!("replays are written without a thread of their own: {e}");
        }
        Writer {
            jobs: thread.ok().map(|_| jobs),
            not_kept,
        }
    }

    /// A writer for `store` that knows from the start when its directory is read-only (the
    /// menu says so before any game fails to save).
    pub fn watching(store: Option<&Store>) -> Writer {
        let writer = Writer::new();
        if let Some(store) = store {
            let path = store.unfinished_path();
            if let Some(why) = read_only(&path) {
                writer.not_kept.failed(dir_of(&path), why);
            }
        }
        writer
    }

    /// Why replays and the run to continue are not being kept: the last write's failure, else
    /// the storage's own word when it keeps nothing (a browser's storage refused or full:
    /// [`crate::files::not_kept`]); `None` while writes succeed.
    pub fn not_kept(&self) -> Option<String> {
        self.not_kept.get().or_else(crate::files::not_kept)
    }

    fn send(&self, job: Job) {
        let job = match &self.jobs {
            Some(jobs) => match jobs.send(job) {
                Ok(()) => return,
                Err(mpsc::SendError(job)) => job,
            },
            None => job,
        };
        job.run(&mut BTreeSet::new(), &self.not_kept);
    }

    /// Writes `replay` to each of `to`, in the background.
    pub fn save(&self, replay: Replay, to: Vec<Target>) {
        self.send(Job::Save {
            replay: Box::new(replay),
            to,
        });
    }

    /// Deletes the file at `path` (gone already is fine), in the background.
    pub fn delete(&self, path: PathBuf) {
        self.send(Job::Delete(path));
    }

    /// Waits until every save asked for so far is written.
    pub fn flush(&self) {
        let (done, wait) = mpsc::channel();
        self.send(Job::Flush(done));
        let _ = wait.recv();
    }
}

impl Default for Writer {
    fn default() -> Writer {
        Writer::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Play-test H3: a failed write is what the menu says until a write into the same
    /// directory succeeds; a write elsewhere (`--record`'s) does not hide it.
    #[test]
    fn a_failed_write_is_kept_until_its_directory_takes_one() {
        let dir = crate::app::scenes::test_dir("writer", "not-kept");
        let level = crate::level::Level::parse("2 2", "one").unwrap();
        let origin = Some(crate::replay::Origin::default());
        let (_, replay) =
            crate::commands::simulate::simulate_recorded(&level, 10, Default::default(), origin);
        let replay = replay.unwrap();
        // A directory where a file is: nothing can be written under it.
        let blocked = dir.join("blocked");
        std::fs::write(&blocked, "a file").unwrap();
        let writer = Writer::new();
        assert_eq!(writer.not_kept(), None);
        let save = |to: PathBuf| {
            writer.save(replay.clone(), vec![Target::File(to)]);
            writer.flush();
        };
        save(blocked.join("unfinished.bkreplay"));
        let why = writer.not_kept().expect("the failure is kept");
        assert!(why.contains("blocked"), "{why}");
        save(dir.join("elsewhere.bkreplay"));
        assert_eq!(
            writer.not_kept(),
            Some(why),
            "a write elsewhere does not hide it"
        );
        std::fs::remove_file(&blocked).unwrap();
        std::fs::create_dir_all(&blocked).unwrap();
        save(blocked.join("unfinished.bkreplay"));
        assert_eq!(writer.not_kept(), None, "the directory takes files again");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
