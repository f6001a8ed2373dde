//! The power-ups a level can place in a brick, by name (`+pad-size`, `+frozen`) or, for the
//! eight of LearnOpenGL and this game's first version, by letter (`+W`), and the random placements
//! (`+10%`, `+bad`) that the game rolls when play starts.
//!
//! **The facts about each power-up are one row of the table below** ([`POWER_UPS`]): its name,
//! letter, family (good or bad), how long it lasts and what it does in words. The enum
//! [`PowerUpKind`] and its list [`PowerUpKind::ALL`] are generated from the same rows, so a new
//! row is a new kind, and every `match` over kinds elsewhere (the simulation's behaviour, the
//! look) fails to compile until it handles it. What each one *does* is the simulation's
//! (`sim::powerup_table`); how it looks is `assets::powerup_looks`. `docs/playing.md`'s and
//! `docs/levels.md`'s power-up tables are checked against these rows (`tests/kind_tables.rs`).

use std::fmt;

/// The facts about one [`Family`]: one row of its table ([`Family::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FamilyDef {
    /// Its name, one lower-case word.
    pub name: &'static str,
}

kind_table! {
    /// What a power-up is about. The family gives a capsule its frame colour and the sound played
    /// when it is caught (`assets::powerup_looks`); [`Family::Bad`] is what hinders the player
    /// (LearnOpenGL's "negative" power-ups, LBreakout2's maluses): the bot dodges those, the joker
    /// destroys them and `+bad` draws from them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Family: FamilyDef {
        /// Score and lives: points, gold shower, extra life.
        Points => FamilyDef { name: "points" },
        /// The paddle: wider, sticky, weapon, magnet.
        Paddle => FamilyDef { name: "paddle" },
        /// The balls: speed, size, kind, more balls, aim.
        Ball => FamilyDef { name: "ball" },
        /// The bricks and the field: floor, bombs, easy bricks, joker, next level.
        Field => FamilyDef { name: "field" },
        /// Anything that hinders the player.
        Bad => FamilyDef { name: "bad" },
    }
}

/// How long a caught power-up's effect lasts, under this game's own rules (`@powerups:
/// classic`). Other games' rules change the length, not the kind (`sim::powerups::rules`):
/// under KBreakOut's and SDL-Ball's nothing is timed and an effect lasts until the life is lost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lasts {
    /// It acts when caught; what it changes stays (speed, paddle and ball size until a life is
    /// lost).
    Once,
    /// A running timer, which is the effect (the simulation reads it while it runs).
    Timed {
        /// Its length by default, seconds (`breakout.toml`'s `[powerups.seconds]` changes it).
        seconds: f32,
        /// True when LBreakout2 has it: `@powerups: lbreakout2` levels then keep `seconds`,
        /// LBreakout2's own length (`game/gamedefs.h` `TIME_*`; the aim helper and
        /// pass-through, which it lacks, keep this game's), whatever `breakout.toml` says.
        lbreakout2: bool,
    },
    /// Until a life is lost, under every rule set.
    UntilLifeLost,
}

impl Lasts {
    /// Its default length in seconds when timed, else `None`.
    pub const fn seconds(self) -> Option<f32> {
        match self {
            Lasts::Timed { seconds, .. } => Some(seconds),
            Lasts::Once | Lasts::UntilLifeLost => None,
        }
    }

    /// True for a timed effect and one that lasts until the life is lost: the game keeps it
    /// among the running effects (the HUD shows it).
    pub const fn is_lasting(self) -> bool {
        !matches!(self, Lasts::Once)
    }
}

/// The facts about one power-up: one row of [`POWER_UPS`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PowerUpDef {
    /// The kind this row describes (the row's index is the kind's).
    pub kind: PowerUpKind,
    /// The name that places it in a level file (`+name`), in `breakout.toml`'s `[powerups]`
    /// tables and in `simulate`'s JSON: lower case words joined by `-`.
    pub name: &'static str,
    /// The capital letter that also places it (`+W`), for the eight power-ups of the first
    /// format; `None` for the others, which have a name only.
    pub letter: Option<char>,
    /// What it is about; [`Family::Bad`] for the ones that hinder the player.
    pub family: Family,
    /// How long it lasts under this game's rules.
    pub lasts: Lasts,
    /// What it does, in the words of `docs/playing.md`'s and `docs/levels.md`'s tables.
    pub what: &'static str,
}

/// A timed row's [`Lasts`].
const fn timed(seconds: f32, lbreakout2: bool) -> Lasts {
    Lasts::Timed {
        seconds,
        lbreakout2,
    }
}
const IN_LBREAKOUT2: bool = true;
const NOT_IN_LBREAKOUT2: bool = false;

/// `Some(letter)` for a row that gives one, `None` otherwise.
macro_rules! optional {
    () => {
        None
    };
    ($x:expr) => {
        Some($x)
    };
}

/// Generates [`PowerUpKind`] (one variant per row, its doc from the row), [`PowerUpKind::ALL`]
/// and [`POWER_UPS`] from one list of rows:
/// `Variant: "name" [/ 'L'], Family, Lasts, "what it does";`.
macro_rules! power_up_table {
    ($( $variant:ident: $name:literal $(/ $letter:literal)?, $family:ident, $lasts:expr,
        $what:literal; )*) => {
        /// A power-up a level places in a brick (`+NAME` or `+X` after a brick the ball can
        /// destroy). It is released when the brick is destroyed, falls, and acts when the
        /// paddle catches it. The order is the table's (and the state hash's): new kinds go at
        /// the end.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
        pub enum PowerUpKind {
            $(
                #[doc = concat!($("`", $letter, "` or ",)? "`", $name, "`: ", $what)]
                $variant,
            )*
        }

        impl PowerUpKind {
            /// Every power-up, in table order.
            pub const ALL: [PowerUpKind; [$($name),*].len()] = [$(PowerUpKind::$variant),*];
        }

        /// Every power-up's facts, in the order of [`PowerUpKind::ALL`] (see
        /// [`PowerUpKind::def`]).
        pub const POWER_UPS: [PowerUpDef; PowerUpKind::ALL.len()] = [$(
            PowerUpDef {
                kind: PowerUpKind::$variant,
                name: $name,
                letter: optional!($($letter)?),
                family: Family::$family,
                lasts: $lasts,
                what: $what,
            },
        )*];
    };
}

use Lasts::{Once, UntilLifeLost};

power_up_table! {
    Speed: "speed" / 'S', Ball, Once,
        "ball speed ×1.2 (LearnOpenGL; ×1.3 under KBreakOut's rules), up to a cap.";
    Sticky: "sticky" / 'T', Paddle, timed(20.0, IN_LBREAKOUT2),
        "sticky paddle (LBreakout2's slime, SDL-Ball's glue): a ball that lands stays until launched.";
    PassThrough: "pass-through" / 'P', Ball, timed(10.0, IN_LBREAKOUT2),
        "the ball passes through destructible bricks, destroying them (LearnOpenGL; SDL-Ball's go-thru).";
    PadSizeIncrease: "pad-size" / 'W', Paddle, Once,
        "wider paddle (LearnOpenGL's pad-size increase, LBreakout2's expand, SDL-Ball's grow).";
    Confuse: "confuse" / 'C', Bad, timed(15.0, NOT_IN_LBREAKOUT2),
        "confuse screen effect (the screen is inverted and flipped).";
    Chaos: "chaos" / 'X', Bad, timed(15.0, NOT_IN_LBREAKOUT2),
        "LearnOpenGL's chaos screen effect (edge detection and swirl).";
    Multiball: "multiball" / 'M', Ball, Once,
        "more balls: two extra balls (LearnOpenGL), every ball split in two (KBreakOut, SDL-Ball).";
    ExtraLife: "extra-life" / 'L', Points, Once,
        "an extra life.";
    Points100: "points-100", Points, Once,
        "100 points.";
    Points200: "points-200", Points, Once,
        "200 points.";
    Points500: "points-500", Points, Once,
        "500 points.";
    Points1000: "points-1000", Points, Once,
        "1,000 points (and SDL-Ball's 1,000 coins).";
    Points2000: "points-2000", Points, Once,
        "2,000 points.";
    Points5000: "points-5000", Points, Once,
        "5,000 points.";
    Points10000: "points-10000", Points, Once,
        "10,000 points.";
    GoldShower: "gold-shower", Points, timed(20.0, IN_LBREAKOUT2),
        "gold shower (LBreakout2's \"End of the Rainbow\"): destroyed bricks without a power-up drop 1,000 points for a while.";
    Shrink: "shrink", Bad, Once,
        "narrower paddle.";
    Frozen: "frozen", Bad, timed(1.0, IN_LBREAKOUT2),
        "the paddle cannot move, briefly.";
    Ghost: "ghost", Bad, timed(20.0, IN_LBREAKOUT2),
        "ghost paddle: invisible, and not solid while it stands still.";
    Weapon: "weapon", Paddle, timed(5.0, IN_LBREAKOUT2),
        "the paddle shoots (LBreakout2's weapon, SDL-Ball's gun, gnome-breakout's laser); shots hit bricks.";
    BonusMagnet: "bonus-magnet", Paddle, timed(20.0, IN_LBREAKOUT2),
        "the paddle pulls good falling power-ups towards it.";
    MalusMagnet: "malus-magnet", Bad, timed(20.0, IN_LBREAKOUT2),
        "the paddle pulls bad falling power-ups towards it.";
    AimHelper: "aim-helper", Ball, timed(10.0, IN_LBREAKOUT2),
        "shows the ball's bounce path (SDL-Ball's aim helper and laser sight).";
    AimSticky: "aim-sticky", Paddle, Once,
        "SDL-Ball's aim: the bounce path shown and a sticky paddle.";
    Fast: "fast", Bad, timed(20.0, IN_LBREAKOUT2),
        "balls at top speed for a while (LBreakout2); faster balls (KBreakOut).";
    Slow: "slow", Ball, timed(20.0, IN_LBREAKOUT2),
        "balls at their slowest for a while (LBreakout2); slower balls (KBreakOut, gnome-breakout).";
    EnergyBall: "energy-ball", Ball, timed(5.0, IN_LBREAKOUT2),
        "energy ball (LBreakout2's metal ball, KBreakOut's unstoppable ball): passes through every brick but walls, destroying it, metal included.";
    ExplosiveBall: "explosive-ball", Ball, timed(10.0, IN_LBREAKOUT2),
        "explosive ball (LBreakout2's explosive, KBreakOut's burning, SDL-Ball's fireball): a hit blows up the bricks around.";
    WeakBall: "weak-ball", Bad, timed(10.0, IN_LBREAKOUT2),
        "weak ball: a hit sometimes does no damage.";
    BigBall: "big-ball", Ball, Once,
        "a bigger ball.";
    NormalBall: "normal-ball", Ball, Once,
        "the ball back to its normal size (SDL-Ball).";
    SmallBall: "small-ball", Bad, Once,
        "a smaller ball (faster too, as in SDL-Ball).";
    ChaoticBall: "chaotic-ball", Bad, timed(10.0, IN_LBREAKOUT2),
        "LBreakout2's chaos: balls leave bricks in random directions.";
    ExtraBall: "extra-ball", Ball, Once,
        "one more ball, from the paddle.";
    BonusFloor: "bonus-floor", Field, timed(10.0, IN_LBREAKOUT2),
        "a wall below the paddle: no ball is lost for a while.";
    Darkness: "darkness", Bad, timed(20.0, IN_LBREAKOUT2),
        "only the paddle, the balls and the power-ups are seen.";
    BoardDrop: "board-drop", Bad, UntilLifeLost,
        "the bricks move down a row at every paddle hit (SDL-Ball's drop).";
    Detonate: "detonate", Field, Once,
        "every explosive brick goes off.";
    ExplosiveGrow: "explosive-grow", Field, Once,
        "explosive bricks turn their neighbours explosive (SDL-Ball; KBreakOut's more explosion).";
    EasyBricks: "easy-bricks", Field, Once,
        "every brick takes one hit.";
    MagicEye: "magic-eye", Field, Once,
        "reveals every invisible and hidden brick.";
    MagicWand: "magic-wand", Field, Once,
        "indestructible and multi-hit bricks break at one hit.";
    LoseLife: "lose-life", Bad, Once,
        "a life lost at once.";
    NextLevel: "next-level", Field, Once,
        "the level is cleared at once; the bricks left score.";
    Joker: "joker", Field, Once,
        "collects every good falling power-up and destroys the bad ones.";
    Reset: "reset", Bad, Once,
        "every active power-up ends.";
    TimeAdd: "time-add", Field, Once,
        "every timed power-up lasts 7 s longer.";
    Random: "random", Field, Once,
        "turns into a random power-up when caught.";
}

impl PowerUpKind {
    /// This kind's facts: its row of [`POWER_UPS`], by index (no search).
    pub const fn def(self) -> &'static PowerUpDef {
        &POWER_UPS[self as usize]
    }

    /// The name that places it in a level file (`+name`), in `breakout.toml`'s `[powerups]`
    /// tables and in `simulate`'s JSON: lower case words joined by `-`.
    pub const fn name(self) -> &'static str {
        self.def().name
    }

    /// The capital letter that also places it (`+W`), for the eight power-ups of the first
    /// format; `None` for the others, which have a name only.
    pub const fn letter(self) -> Option<char> {
        self.def().letter
    }

    /// What it is about (its capsule's frame colour and its sound).
    pub const fn family(self) -> Family {
        self.def().family
    }

    /// True if it hinders the player ([`Family::Bad`]).
    pub const fn is_bad(self) -> bool {
        matches!(self.def().family, Family::Bad)
    }

    /// How long it lasts under this game's rules.
    pub const fn lasts(self) -> Lasts {
        self.def().lasts
    }

    /// How a level file writes it after `+`: its letter where it has one, else its name.
    pub fn token(self) -> String {
        match self.letter() {
            Some(c) => c.to_string(),
            None => self.name().to_string(),
        }
    }

    /// The power-up a level-file token names: a letter (either case) or a name (lower case).
    pub(crate) fn from_token(token: &str) -> Option<PowerUpKind> {
        let mut chars = token.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            let c = c.to_ascii_uppercase();
            return Self::ALL.into_iter().find(|k| k.letter() == Some(c));
        }
        Self::from_name(token)
    }

    /// The power-up of a name (exactly as [`PowerUpKind::name`] writes it).
    pub fn from_name(name: &str) -> Option<PowerUpKind> {
        Self::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for PowerUpKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for PowerUpKind {
    /// From its name: an unknown one is an error listing the names (the config's `[powerups]`
    /// tables are keyed by name, so a mistyped key is reported with its line and column).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        PowerUpKind::from_name(&name).ok_or_else(|| {
            let names: Vec<&str> = PowerUpKind::ALL.iter().map(|k| k.name()).collect();
            serde::de::Error::custom(format!(
                "unknown power-up '{name}': the power-ups are {}",
                names.join(", ")
            ))
        })
    }
}

/// A random power-up a level lets the game place when play starts (SDL-Ball's random codes,
/// `loadlevel.cpp` `randomPowerup`): rolled once per game with the game's seeded generator, so
/// the same seed places the same power-ups. The pool drawn from is the level's `@powerups:`
/// rules'.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Roll {
    /// `+N%` (1–100): with a chance of N in 100, a power-up drawn from the rules' pool.
    Chance(u8),
    /// `+bad`: always a power-up, drawn from the rules' bad ones (SDL-Ball's `Q`).
    Bad,
}

impl Roll {
    /// How a level file writes it after `+`.
    pub fn token(self) -> String {
        match self {
            Roll::Chance(n) => format!("{n}%"),
            Roll::Bad => "bad".to_string(),
        }
    }

    /// The roll a level-file token writes: `N%` with N in 1–100, or `bad`.
    pub(crate) fn from_token(token: &str) -> Option<Roll> {
        if token == "bad" {
            return Some(Roll::Bad);
        }
        let n: u8 = token.strip_suffix('%')?.parse().ok()?;
        (1..=100).contains(&n).then_some(Roll::Chance(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_token_and_name_reads_back_as_its_kind() {
        for kind in PowerUpKind::ALL {
            assert_eq!(PowerUpKind::from_token(&kind.token()), Some(kind));
            assert_eq!(PowerUpKind::from_token(kind.name()), Some(kind));
            assert_eq!(PowerUpKind::from_name(kind.name()), Some(kind));
        }
        let names: std::collections::BTreeSet<&str> =
            PowerUpKind::ALL.iter().map(|k| k.name()).collect();
        assert_eq!(names.len(), PowerUpKind::ALL.len(), "names are unique");
        assert_eq!(
            PowerUpKind::from_token("w"),
            Some(PowerUpKind::PadSizeIncrease)
        );
        assert_eq!(PowerUpKind::from_token("Frozen"), None);
    }

    #[test]
    fn rolls_read_back_and_refuse_out_of_range_chances() {
        for n in 1..=100 {
            assert_eq!(
                Roll::from_token(&Roll::Chance(n).token()),
                Some(Roll::Chance(n))
            );
        }
        assert_eq!(Roll::from_token("bad"), Some(Roll::Bad));
        for bad in ["0%", "101%", "%", "5", "-1%"] {
            assert_eq!(Roll::from_token(bad), None, "{bad}");
        }
    }
}
