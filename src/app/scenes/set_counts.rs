//! The set list's counts for the installed games' sets, read in the background: a foreign set's
//! number of levels (and a gnome-breakout set's own title) is known only once its file is read,
//! and the list showed "0/?" beside each until it was opened. One thread reads them all when
//! the list is made; the list shows each as it comes and nothing for a set not counted yet.
//!
//! Reading all 118 sets of Debian's LBreakout2, KBreakOut, SDL-Ball and gnome-breakout packages
//! took 253–268 ms (a 2-core machine, busy with other builds), so start-up does not wait for it:
//! the counts fill in during the menu's first frames.

use crate::assets::{Assets, LevelSetSource};
use std::sync::mpsc::{channel, Receiver};
use web_time::Instant;

/// What reading one set told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// The set's index in the list given to [`SetCounts::start`].
    pub index: usize,
    /// Its number of levels and its name as its level list shows it
    /// ([`crate::assets::OpenedSet::name`]), or why it does not open.
    pub result: Result<(usize, String), String>,
}

/// The background reading of the sets whose count is not known without reading them.
pub struct SetCounts {
    /// Results not taken yet; `None` once every set was counted.
    results: Option<Receiver<Counted>>,
}

impl SetCounts {
    /// Starts reading, on a thread of its own, each of `sets` whose count
    /// [`LevelSetSource::count_hint`] does not know, but Freakout (which reads them all and
    /// shuffles anew each time). With none to read, starts nothing.
    pub fn start(assets: &Assets, sets: &[LevelSetSource]) -> SetCounts {
        let unknown: Vec<(usize, LevelSetSource)> = sets
            .iter()
            .enumerate()
            .filter(|(_, s)| s.count_hint(assets).is_none())
            .filter(|(_, s)| !matches!(s, LevelSetSource::Freakout { .. }))
            .map(|(i, s)| (i, s.clone()))
            .collect();
        if unknown.is_empty() {
            return SetCounts { results: None };
        }
        let (send, results) = channel();
        let assets = assets.clone();
        let spawned = std::thread::Builder::new()
            .name("set counts".into())
            .spawn(move || {
                let start = Instant::now();
                let sets = unknown.len();
                for (index, set) in unknown {
                    let result = set
                        .open(&assets)
                        .map(|opened| (opened.levels.len(), opened.name))
                        .map_err(|e| e.to_string());
                    if send.send(Counted { index, result }).is_err() {
                        return; // the list is gone
                    }
                }
                let ms = start.elapsed().as_secs_f64() * 1000.0;
                log::debug!("counted the levels of {sets} sets in {ms:.0} ms");
            });
        if let Err(e) = &spawned {
            log::warn!("cannot count the sets' levels: {e}");
        }
        SetCounts {
            results: spawned.ok().map(|_| results),
        }
    }

    /// The sets counted since the last call (none while reading goes on without a result).
    pub fn take(&mut self) -> Vec<Counted> {
        let Some(results) = &self.results else {
            return Vec::new();
        };
        let mut out = Vec::new();
        loop {
            match results.try_recv() {
                Ok(counted) => out.push(counted),
                Err(std::sync::mpsc::TryRecvError::Empty) => return out,
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    self.results = None;
                    return out;
                }
            }
        }
    }

    /// Waits until every set is counted and returns those not taken yet (for tests).
    #[cfg(test)]
    pub fn wait(&mut self) -> Vec<Counted> {
        let out = self
            .results
            .take()
            .map_or_else(Vec::new, |r| r.iter().collect());
        out
    }
}
