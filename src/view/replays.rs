//! The Replays list's words (no GL here): dates, lengths, the right-hand column of a row, and
//! the message of an empty list. The list itself is drawn by [`super::menu::list`].

use crate::playfield::PLAYFIELD_WIDTH;
use crate::view::sprite::SpriteInstance;
use crate::view::text::{chars_in, layout_centered, wrap};

/// `unix` (seconds since 1970-01-01 00:00 UTC) as `YYYY-MM-DD HH:MM UTC`; `unknown date` for
/// 0 (a replay that does not know when it was recorded).
pub fn utc_date(unix: u64) -> String {
    if unix == 0 {
        return "unknown date".to_string();
    }
    let days = (unix / 86_400) as i64;
    let minutes = (unix % 86_400) / 60;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02} UTC",
        minutes / 60,
        minutes % 60
    )
}

/// The proleptic Gregorian date (year, month 1–12, day 1–31) `days` days after 1970-01-01
/// (Howard Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// `seconds` of play as `m:ss` (whole seconds, rounded down).
pub fn length(seconds: f64) -> String {
    let s = if seconds.is_finite() && seconds > 0.0 {
        seconds as u64
    } else {
        0
    };
    format!("{}:{:02}", s / 60, s % 60)
}

/// A replay's score for its row: `score` when it is the score reached (`reached`), else
/// `score+` (the start's score of a game whose end is not known: at least that).
pub fn score(score: u32, reached: bool) -> String {
    if reached {
        score.to_string()
    } else {
        format!("{score}+")
    }
}

/// The right-hand column of a replay's row: date, score ([`score`]), length and collision
/// mode, two spaces apart, each right-aligned in a column of its own (the rows' columns line
/// up; the column ends at the list's right margin, so the mode is last).
pub fn row_info(recorded_at: u64, score: &str, seconds: f64, mode: &str) -> String {
    format!(
        "{:>20}  {score:>6}  {:>5}  {mode:>5}",
        utc_date(recorded_at),
        length(seconds)
    )
}

/// Text size of the empty list's message, pixels.
const EMPTY_SIZE: f32 = 16.0;

/// The message of an empty Replays list, centred from `top` playfield pixels: that there are
/// none yet, and where the game keeps them (`dir`; `None` when it keeps none, the system
/// having no data directory), wrapped to the width.
pub fn empty_list(out: &mut Vec<SpriteInstance>, top: f32, dir: Option<&str>) {
    let white = [1.0, 1.0, 1.0, 1.0];
    let dim = [0.7, 0.75, 0.85, 1.0];
    let centre = PLAYFIELD_WIDTH / 2.0;
    layout_centered(out, "No replays yet.", centre, top, EMPTY_SIZE, white);
    let text = match dir {
        Some(dir) => format!(
            "Every level played is recorded: the last 20 games and the best run of each level \
             are kept in {dir}"
        ),
        None => "Replays are not kept: this system has no data directory.".to_string(),
    };
    let max = chars_in(PLAYFIELD_WIDTH - 56.0, EMPTY_SIZE);
    for (i, line) in wrap(&text, max, 6).iter().enumerate() {
        let y = top + 32.0 + i as f32 * 22.0;
        layout_centered(out, line, centre, y, EMPTY_SIZE, dim);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_calendar_dates() {
        assert_eq!(utc_date(1), "1970-01-01 00:00 UTC");
        assert_eq!(utc_date(951_782_400), "2000-02-29 00:00 UTC", "a leap day");
        assert_eq!(utc_date(1_700_000_000), "2023-11-14 22:13 UTC");
        assert_eq!(utc_date(1_709_251_199), "2024-02-29 23:59 UTC");
        assert_eq!(utc_date(4_102_444_800), "2100-01-01 00:00 UTC");
        assert_eq!(utc_date(0), "unknown date");
    }

    #[test]
    fn lengths_and_rows() {
        assert_eq!(length(0.0), "0:00");
        assert_eq!(length(65.9), "1:05");
        assert_eq!(length(f64::NAN), "0:00");
        assert_eq!(
            row_info(1_700_000_000, &score(1230, true), 8.33, "swept"),
            "2023-11-14 22:13 UTC    1230   0:08  swept"
        );
        assert_eq!(
            row_info(1_700_000_000, &score(40, false), 8.33, "swept"),
            "2023-11-14 22:13 UTC     40+   0:08  swept"
        );
        let known = row_info(1_700_000_000, "1", 1.0, "aabb");
        let unknown = row_info(0, "1", 1.0, "swept");
        assert_eq!(known.len(), unknown.len(), "{unknown:?}");
    }

    #[test]
    fn the_empty_message_names_the_directory_within_the_width() {
        let mut out = Vec::new();
        empty_list(
            &mut out,
            140.0,
            Some("/home/someone/.local/share/breakout/replays"),
        );
        let text: String = out
            .iter()
            .filter_map(crate::view::text::glyph_char)
            .collect();
        assert!(
            text.contains("/home/someone/.local/share/breakout/replays"),
            "{text}"
        );
        for s in &out {
            assert!(s.i_rect[0] >= 0.0 && s.i_rect[0] + s.i_rect[2] <= PLAYFIELD_WIDTH);
        }
    }
}
