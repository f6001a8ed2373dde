//! The command line's value parsers: the checks and name lists clap's `value_parser`s use.

use crate::config::ModeChoice;
use crate::import::Format;
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};

/// `s` as a time of play: a number of seconds, 0 or more.
pub(super) fn parse_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("'{s}' is not a number"))?;
    if v.is_finite() && v >= 0.0 {
        Ok(v)
    } else {
        Err("must be a time in seconds, 0 or more".into())
    }
}

/// `--format`'s values: every [`Format`] by its [`Format::name`], each with the help text
/// `--help` prints beside it.
pub(super) fn formats() -> impl TypedValueParser<Value = Format> {
    one_of(&Format::ALL, Format::name, |format| format.def().help)
}

/// A value parser accepting exactly the names of `all` (as `name` spells them), each shown in
/// `--help` with its `help`; it returns the value of that name.
pub(super) fn one_of<T: Copy + Send + Sync + 'static>(
    all: &'static [T],
    name: fn(T) -> &'static str,
    help: fn(T) -> &'static str,
) -> impl TypedValueParser<Value = T> {
    let values = all
        .iter()
        .map(move |&v| PossibleValue::new(name(v)).help(help(v)));
    PossibleValuesParser::new(values).map(move |chosen| {
        *all.iter()
            .find(|&&v| name(v) == chosen)
            .expect("clap accepts only the possible values")
    })
}

pub(super) fn parse_powerup(name: &str) -> Result<crate::level::PowerUpKind, String> {
    crate::level::PowerUpKind::from_name(name).ok_or_else(|| {
        let names: Vec<&str> = crate::level::PowerUpKind::ALL
            .iter()
            .map(|k| k.name())
            .collect();
        format!("unknown power-up; the power-ups are {}", names.join(", "))
    })
}

/// `--game-speed`: one of [`crate::config::GAME_SPEEDS`], per cent (a trailing `%` allowed).
pub(super) fn parse_game_speed(s: &str) -> Result<u32, String> {
    let speeds = crate::config::GAME_SPEEDS;
    let listed = speeds.map(|p| p.to_string()).join(", ");
    s.trim_end_matches('%')
        .parse::<u32>()
        .ok()
        .filter(|p| speeds.contains(p))
        .ok_or_else(|| format!("the game speed is one of {listed} (per cent of normal)"))
}

/// `--collision`'s values: every [`crate::collision::CollisionMode`] by its name, each with the
/// help text `--help` prints beside it (its row's `help`, naming its file in `core/src/collision/`),
/// and `native`, the level's game's physics ([`ModeChoice`]).
pub(super) fn collision_choices() -> impl TypedValueParser<Value = ModeChoice> {
    let values = ModeChoice::all().map(|c| PossibleValue::new(c.name()).help(c.help()));
    PossibleValuesParser::new(values).map(|chosen| {
        ModeChoice::from_name(&chosen).expect("clap accepts only the possible values")
    })
}
