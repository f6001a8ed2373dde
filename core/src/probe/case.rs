//! A probe saved as a regression case: a small TOML file holding the bricks, the ball, its
//! motion over one step, and the answers of every mode and of the referee when it was saved.
//! `tests/regressions/probe_cases.rs` asks the modes and the referee again for every case in
//! `tests/regressions/probes/` and expects the saved answers; the lab's `S` key writes one
//! with [`save`] into the directory the game chooses (`probes/` in its data directory).
//!
//! ```toml
//! format = 1
//! name = "corner"
//! center = [465.0, 133.25]   # the ball's centre at the start of the step, pixels
//! radius = 12.5              # pixels
//! motion = [-16.0, 16.0]     # the ball's motion over one step, pixels
//!
//! [[bricks]]
//! min = [360.0, 156.25]      # top-left corner, pixels
//! max = [440.0, 193.75]      # bottom-right corner, pixels
//!
//! [[bricks.answers]]
//! by = "aabb"                # a mode's name, or "referee"
//! hit = true
//! normal = [1.0, 0.0]        # unit contact normal (absent: no contact)
//! depth = 3.5                # penetration depth, pixels (discrete modes and the referee)
//! # toi = 0.25               # time of impact, fraction of the motion (swept and the referee)
//! ```
//!
//! Reading never panics: any bytes give a [`CaseError`] naming the file, line and column.

use super::{ask, Answer, BrickAnswers};
use crate::collision::{Aabb, Circle, CollisionMode};
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The case file format this game writes and reads.
pub const FORMAT: u32 = 1;

/// The `by` of the referee's answers.
pub const REFEREE: &str = "referee";

/// Most bricks a case may hold (the lab makes one or two).
pub const MAX_BRICKS: usize = 16;

/// Largest coordinate or motion a case may hold, pixels: far past any playfield, and small
/// enough that f32 still resolves a thousandth of a pixel.
pub const MAX_COORDINATE: f32 = 10_000.0;

/// A saved probe.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Case {
    /// Always [`FORMAT`] when written.
    pub format: u32,
    /// What it is (a preset's name, or "probe").
    pub name: String,
    /// The ball's centre at the start of the step, pixels.
    pub center: [f32; 2],
    /// The ball's radius, pixels.
    pub radius: f32,
    /// The ball's motion over one step, pixels.
    pub motion: [f32; 2],
    /// The bricks, each with the answers saved for it.
    pub bricks: Vec<CaseBrick>,
}

/// One brick of a case and the answers about it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CaseBrick {
    /// Top-left corner, pixels.
    pub min: [f32; 2],
    /// Bottom-right corner, pixels.
    pub max: [f32; 2],
    /// One answer per mode (by its name) and the referee's ([`REFEREE`]).
    pub answers: Vec<SavedAnswer>,
}

/// One saved answer (see [`Answer`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedAnswer {
    /// A mode's name ([`CollisionMode::name`]) or [`REFEREE`].
    pub by: String,
    /// A hit (overlap at the end of the motion; for `swept`, a time of impact).
    pub hit: bool,
    /// Unit contact normal, from the brick towards the ball.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub normal: Option<[f64; 2]>,
    /// Penetration depth, pixels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<f64>,
    /// Time of impact, fraction of the motion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toi: Option<f64>,
}

impl SavedAnswer {
    /// `answer` saved as `by`'s.
    pub fn new(by: &str, answer: &Answer) -> SavedAnswer {
        SavedAnswer {
            by: by.to_string(),
            hit: answer.hit,
            normal: answer.normal.map(|n| n.to_array()),
            depth: answer.depth,
            toi: answer.toi,
        }
    }
}

impl Case {
    /// The case of the ball `ball` moving by `motion` pixels among `bricks`, with every mode's
    /// and the referee's answers now ([`ask`]).
    pub fn new(name: &str, bricks: &[Aabb], ball: Circle, motion: Vec2) -> Case {
        let answers = ask(bricks, ball, motion);
        Case {
            format: FORMAT,
            name: name.to_string(),
            center: ball.center.to_array(),
            radius: ball.radius,
            motion: motion.to_array(),
            bricks: answers.iter().map(brick_of).collect(),
        }
    }

    /// The ball at the start of the step.
    pub fn ball(&self) -> Circle {
        Circle {
            center: Vec2::from_array(self.center),
            radius: self.radius,
        }
    }

    /// The motion over one step, pixels.
    pub fn motion(&self) -> Vec2 {
        Vec2::from_array(self.motion)
    }

    /// The bricks, pixels.
    pub(crate) fn aabbs(&self) -> Vec<Aabb> {
        self.bricks
            .iter()
            .map(|b| Aabb {
                min: Vec2::from_array(b.min),
                max: Vec2::from_array(b.max),
            })
            .collect()
    }

    /// The answers of the modes and the referee asked again now, saved as in a case file (so a
    /// test compares them with the saved ones).
    pub fn ask_again(&self) -> Vec<Vec<SavedAnswer>> {
        ask(&self.aabbs(), self.ball(), self.motion())
            .iter()
            .map(|a| brick_of(a).answers)
            .collect()
    }

    /// The case as TOML text, with a comment saying what it is.
    pub fn to_toml(&self) -> String {
        let body = toml::to_string(self).unwrap_or_default();
        format!(
            "# A collision lab probe saved as a regression case (breakout lab, S):\n\
             # tests/regressions/probe_cases.rs expects these answers again.\n{body}"
        )
    }
}

/// The saved form of one brick's answers.
fn brick_of(answers: &BrickAnswers) -> CaseBrick {
    let mut saved: Vec<SavedAnswer> = answers
        .modes
        .iter()
        .map(|r| SavedAnswer::new(r.mode.name(), &r.answer))
        .collect();
    saved.push(SavedAnswer::new(REFEREE, &answers.referee()));
    CaseBrick {
        min: answers.brick.min.to_array(),
        max: answers.brick.max.to_array(),
        answers: saved,
    }
}

/// Why a case file could not be read: the file, line and column (from 1), and what is wrong.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("{}:{line}:{column}: {message}", file.display())]
pub struct CaseError {
    /// The file.
    pub file: PathBuf,
    /// Line, from 1.
    pub line: usize,
    /// Column (characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// The case file as read, with the places of the values checked after parsing.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawCase {
    format: Spanned<u32>,
    name: String,
    center: Spanned<[f32; 2]>,
    radius: Spanned<f32>,
    motion: Spanned<[f32; 2]>,
    bricks: Spanned<Vec<RawBrick>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBrick {
    min: Spanned<[f32; 2]>,
    max: Spanned<[f32; 2]>,
    answers: Vec<Spanned<SavedAnswer>>,
}

/// Line and column (from 1, columns in characters) of byte `offset` of `text`.
fn position(text: &str, offset: usize) -> (usize, usize) {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, before[line_start..].chars().count() + 1)
}

/// Reads a case from `text` (the contents of `file`, named in errors).
///
/// # Errors
/// Text that is not UTF-8 TOML of this shape, an unknown format, a number that is not finite
/// or out of range, no bricks or too many, a brick whose `min` exceeds its `max`, a radius not
/// above 0, or an answer by an unknown mode: the first problem, with its line and column.
pub fn parse(file: &Path, bytes: &[u8]) -> Result<Case, CaseError> {
    let error = |offset: usize, message: String| {
        let text = std::str::from_utf8(bytes).unwrap_or("");
        let (line, column) = position(text, offset);
        CaseError {
            file: file.to_path_buf(),
            line,
            column,
            message,
        }
    };
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let valid = std::str::from_utf8(&bytes[..e.valid_up_to()]).unwrap_or("");
        let (line, column) = position(valid, valid.len());
        CaseError {
            file: file.to_path_buf(),
            line,
            column,
            message: "not UTF-8 text".to_string(),
        }
    })?;
    let raw: RawCase = toml::from_str(text).map_err(|e| {
        let offset = e.span().map_or(0, |s| s.start);
        error(offset, e.message().trim().to_string())
    })?;
    let at = |spanned_start: usize, message: &str| error(spanned_start, message.to_string());
    if *raw.format.get_ref() != FORMAT {
        return Err(at(
            raw.format.span().start,
            &format!(
                "format {}: this game reads case files of format {FORMAT}",
                raw.format.get_ref()
            ),
        ));
    }
    let point_ok = |p: &[f32; 2]| p.iter().all(|v| v.is_finite() && v.abs() <= MAX_COORDINATE);
    for (value, what) in [(&raw.center, "center"), (&raw.motion, "motion")] {
        if !point_ok(value.get_ref()) {
            return Err(at(
                value.span().start,
                &format!("{what}: numbers must be finite, within ±{MAX_COORDINATE} pixels"),
            ));
        }
    }
    let radius = *raw.radius.get_ref();
    if !(radius.is_finite() && radius > 0.0 && radius <= MAX_COORDINATE) {
        return Err(at(
            raw.radius.span().start,
            "radius: must be above 0 and finite",
        ));
    }
    let count = raw.bricks.get_ref().len();
    if count == 0 || count > MAX_BRICKS {
        return Err(at(
            raw.bricks.span().start,
            &format!("bricks: {count} given, a case has 1 to {MAX_BRICKS}"),
        ));
    }
    let mut bricks = Vec::with_capacity(count);
    for brick in raw.bricks.into_inner() {
        for corner in [&brick.min, &brick.max] {
            if !point_ok(corner.get_ref()) {
                return Err(at(
                    corner.span().start,
                    &format!("a brick's corner must be finite, within ±{MAX_COORDINATE} pixels"),
                ));
            }
        }
        let (min, max) = (*brick.min.get_ref(), *brick.max.get_ref());
        if min[0] > max[0] || min[1] > max[1] {
            return Err(at(
                brick.max.span().start,
                "a brick's max is left of or above its min",
            ));
        }
        let mut answers = Vec::with_capacity(brick.answers.len());
        for answer in brick.answers {
            let by = &answer.get_ref().by;
            let known = by == REFEREE || CollisionMode::ALL.iter().any(|m| m.name() == by);
            if !known {
                return Err(at(
                    answer.span().start,
                    &format!("answer by {by:?}: not a collision mode nor \"{REFEREE}\""),
                ));
            }
            let a = answer.get_ref();
            let numbers = a.normal.iter().flatten().chain(&a.depth).chain(&a.toi);
            if !numbers.into_iter().all(|v| v.is_finite()) {
                return Err(at(
                    answer.span().start,
                    &format!("answer by {by:?}: numbers must be finite"),
                ));
            }
            answers.push(answer.into_inner());
        }
        bricks.push(CaseBrick { min, max, answers });
    }
    Ok(Case {
        format: FORMAT,
        name: raw.name,
        center: *raw.center.get_ref(),
        radius,
        motion: *raw.motion.get_ref(),
        bricks,
    })
}

/// Reads the case file at `path`.
///
/// # Errors
/// A file that cannot be read (line 1, column 1, with the system's reason), or any problem of
/// [`parse`].
pub fn read(path: &Path) -> Result<Case, CaseError> {
    let bytes = crate::files::read(path).map_err(|e| CaseError {
        file: path.to_path_buf(),
        line: 1,
        column: 1,
        message: format!("cannot read: {e}"),
    })?;
    parse(path, &bytes)
}

/// Writes `case` into `dir` as `<name>-<n>.toml`, the first `n` from 1 not taken, creating
/// the directory ([`crate::files::write_atomic`]); returns the file's path.
///
/// # Errors
/// The directory cannot be made or the file written (the system's reason, with the path).
pub fn save(dir: &Path, case: &Case) -> Result<PathBuf, String> {
    let stem: String = case
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let path = (1..)
        .map(|n| dir.join(format!("{stem}-{n}.toml")))
        .find(|p| !(p.exists() || crate::files::is_file(p)))
        .unwrap_or_else(|| dir.join(format!("{stem}.toml")));
    crate::files::write_atomic(&path, case.to_toml().as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

/// How far a case's brick size or position may be from the lab's own, pixels (a case written
/// with f32 coordinates reads back to within rounding).
const PROBE_TOLERANCE: f32 = 1e-3;

impl Case {
    /// The lab's probe that asks this case's question: the first brick moved onto the probe's
    /// ([`super::BRICK_CENTER`]), the ball and a second brick moved alike, when the lab's grid
    /// holds it (one or two bricks of a level's cell size on one row, the game's radius).
    ///
    /// # Errors
    /// No brick, or more bricks than a probe holds (the grid's reason is given).
    ///
    /// A case the grid cannot hold (another size, bricks elsewhere, another radius) is opened
    /// with its bricks where they are ([`super::Probe::from_bricks`]); only no brick, or more
    /// than that holds, is refused.
    pub fn to_probe(&self) -> Result<super::Probe, String> {
        self.to_grid_probe().or_else(|why| {
            let ball = crate::collision::Circle {
                center: Vec2::from_array(self.center),
                radius: self.radius,
            };
            super::Probe::from_bricks(&self.aabbs(), ball, self.motion()).ok_or(why)
        })
    }

    /// [`Case::to_probe`] on the lab's own grid of bricks, or why not.
    fn to_grid_probe(&self) -> Result<super::Probe, String> {
        let bricks = self.aabbs();
        let (first, second) = match bricks.as_slice() {
            [one] => (*one, None),
            [one, two] => (*one, Some(*two)),
            _ => {
                return Err(format!(
                    "{} bricks: the lab's probe holds one or two",
                    bricks.len()
                ))
            }
        };
        let size = first.max - first.min;
        let near = |a: Vec2, b: Vec2| (a - b).abs().max_element() <= PROBE_TOLERANCE;
        let grid = super::BRICK_GRIDS
            .iter()
            .position(|&(rows, cols)| near(crate::playfield::cell_size(rows, cols), size))
            .ok_or_else(|| {
                format!(
                    "a {}x{} px brick is not one of the lab's sizes (a level's cell)",
                    size.x, size.y
                )
            })?;
        let gap = match second {
            None => None,
            Some(b) => {
                let gap = b.min.x - first.max.x;
                if !(near(b.max - b.min, size) && near(Vec2::Y * b.min.y, Vec2::Y * first.min.y))
                    || gap < 0.0
                {
                    return Err("the second brick is not the first's size, to its right".into());
                }
                Some(gap)
            }
        };
        if (self.radius - crate::playfield::BALL_RADIUS).abs() > PROBE_TOLERANCE {
            return Err(format!(
                "a ball of radius {} px: the lab's is the game's, {} px",
                self.radius,
                crate::playfield::BALL_RADIUS
            ));
        }
        let shift = super::BRICK_CENTER - (first.min + first.max) / 2.0;
        Ok(super::Probe {
            grid,
            gap,
            ball: Vec2::from_array(self.center) + shift,
            motion: self.motion(),
            placed: None,
        })
    }
}

/// The case files (`*.toml`) in `dir`, the newest first (by the time they were last written;
/// by name, last first, where the system gives no times: a browser's storage). An empty list
/// when the directory does not exist or cannot be read.
pub fn saved_cases(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<(Option<std::time::SystemTime>, PathBuf)> = crate::files::list(dir)
        .unwrap_or_default()
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| (std::fs::metadata(&p).and_then(|m| m.modified()).ok(), p))
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files.into_iter().map(|(_, p)| p).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::presets::presets;

    fn corner_case() -> Case {
        let p = presets()[0].probe;
        Case::new("corner", &p.bricks(), p.ball(), p.motion)
    }

    #[test]
    fn a_case_round_trips_through_its_toml_and_asks_the_same_again() {
        let case = corner_case();
        let text = case.to_toml();
        assert!(text.contains("by = \"referee\""), "{text}");
        let back = parse(Path::new("c.toml"), text.as_bytes()).unwrap();
        assert_eq!(back, case);
        let saved: Vec<_> = case.bricks.iter().map(|b| b.answers.clone()).collect();
        assert_eq!(back.ask_again(), saved);
    }

    #[test]
    fn bad_files_give_the_file_line_and_column() {
        let file = Path::new("bad.toml");
        let good = corner_case().to_toml();
        let cases: Vec<(String, &str, usize)> = vec![
            ("format = 1\nname = ".to_string(), "", 2),
            (good.replace("format = 1", "format = 7"), "format 7", 3),
            (good.replace("radius = 12.5", "radius = -1.0"), "radius", 0),
            (good.replace("radius = 12.5", "radius = nan"), "radius", 0),
            (good.replace("depth = 3.5", "depth = inf"), "finite", 0),
            (good.replace("by = \"zones\"", "by = \"zonez\""), "zonez", 0),
            (
                good.replace("min = [360.0", "min = [460.0"),
                "max is left",
                0,
            ),
            (good.replace("center = [", "centre = ["), "centre", 0),
        ];
        for (text, says, line) in cases {
            let e = parse(file, text.as_bytes()).unwrap_err();
            assert!(e.message.contains(says), "{e}");
            assert!(e.line >= 1 && e.column >= 1, "{e}");
            if line > 0 {
                assert_eq!(e.line, line, "{e}");
            }
            assert!(e.to_string().starts_with("bad.toml:"), "{e}");
        }
        let e = parse(file, b"name = \"a\"\n\xff\xfe").unwrap_err();
        assert_eq!((e.line, e.column), (2, 1), "{e}");
    }

    #[test]
    fn any_bytes_give_a_case_or_an_error_never_a_panic() {
        let good = corner_case().to_toml().into_bytes();
        // Every prefix and every single-byte change of a good file.
        for cut in 0..good.len() {
            let _ = parse(Path::new("x"), &good[..cut]);
        }
        for i in (0..good.len()).step_by(3) {
            for b in [0u8, b'"', b'[', b'9', 0xff] {
                let mut bytes = good.clone();
                bytes[i] = b;
                let _ = parse(Path::new("x"), &bytes);
            }
        }
    }

    #[test]
    fn saving_picks_a_free_name_in_the_directory() {
        let dir = std::env::temp_dir().join(format!("breakout-probe-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let case = corner_case();
        let first = save(&dir, &case).unwrap();
        let second = save(&dir, &case).unwrap();
        assert!(first.ends_with("corner-1.toml") && second.ends_with("corner-2.toml"));
        assert_eq!(read(&second).unwrap(), case);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn every_preset_saved_opens_as_the_same_probe() {
        for preset in presets() {
            let p = preset.probe;
            let case = Case::new(preset.name, &p.bricks(), p.ball(), p.motion);
            let text = case.to_toml();
            let back = parse(Path::new("c.toml"), text.as_bytes()).unwrap();
            let probe = back.to_probe().unwrap();
            assert_eq!(probe.grid, p.grid, "{}", preset.name);
            assert_eq!(probe.gap, p.gap, "{}", preset.name);
            assert!((probe.ball - p.ball).length() < 1e-3, "{}", preset.name);
            assert_eq!(probe.motion, p.motion, "{}", preset.name);
            assert_eq!(probe.answers().len(), p.answers().len());
        }
    }

    #[test]
    fn a_case_elsewhere_moves_onto_the_probe_and_odd_ones_open_where_they_are() {
        let p = presets()[0].probe;
        let shift = Vec2::new(-200.0, 150.0);
        let moved: Vec<_> = p
            .bricks()
            .iter()
            .map(|b| crate::collision::Aabb {
                min: b.min + shift,
                max: b.max + shift,
            })
            .collect();
        let ball = Circle {
            center: p.ball + shift,
            radius: p.ball().radius,
        };
        let probe = Case::new("x", &moved, ball, p.motion).to_probe().unwrap();
        assert!((probe.ball - p.ball).length() < 1e-3);
        let odd = crate::collision::Aabb {
            min: Vec2::ZERO,
            max: Vec2::new(33.0, 10.0),
        };
        // Off the grid: opened with its bricks and ball where they are.
        let placed = Case::new("x", &[odd], ball, p.motion).to_probe().unwrap();
        assert!(placed.placed.is_some());
        assert_eq!(placed.bricks(), vec![odd]);
        assert_eq!(placed.ball, ball.center);
        let e = Case::new("x", &[], ball, p.motion).to_probe().unwrap_err();
        assert!(e.contains("0 bricks"), "{e}");
        let small = Circle {
            center: ball.center,
            radius: 3.0,
        };
        let placed = Case::new("x", &moved, small, p.motion).to_probe().unwrap();
        assert_eq!(placed.ball().radius, 3.0);
        assert_eq!(placed.bricks(), moved);
        let many = vec![odd; 40];
        let e = Case::new("x", &many, ball, p.motion)
            .to_probe()
            .unwrap_err();
        assert!(e.contains("40 bricks"), "{e}");
    }

    #[test]
    fn saved_cases_lists_the_toml_files_newest_first() {
        let dir = std::env::temp_dir().join(format!("breakout-cases-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        assert!(saved_cases(&dir).is_empty(), "no directory: none");
        let first = save(&dir, &corner_case()).unwrap();
        std::fs::write(dir.join("notes.txt"), "not a case").unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        let second = save(&dir, &corner_case()).unwrap();
        assert_eq!(saved_cases(&dir), vec![second, first]);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
