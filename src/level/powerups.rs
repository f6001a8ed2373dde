//! The power-ups a level can place in a brick, by name (`+pad-size`, `+frozen`) or, for the
//! eight of LearnOpenGL and this game's first version, by letter (`+W`), and the random placements
//! (`+10%`, `+bad`) that the game rolls when play starts. What each one does is the simulation's
//! (`sim::powerups::table`); this module only knows the names. The catalogue, with sources, is
//! the power-up table of `docs/levels.md`.

use std::fmt;

/// A power-up a level places in a brick (`+NAME` or `+X` after a brick the ball can destroy). It is
/// released when the brick is destroyed, falls, and acts when the paddle catches it. The order is
/// the simulation's table's (and the state hash's): new kinds go at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum PowerUpKind {
    /// `S` or `speed`: ball speed ×1.2 (LearnOpenGL; ×1.3 under KBreakOut's rules), up to a cap.
    Speed,
    /// `T` or `sticky`: sticky paddle (LBreakout2's slime, SDL-Ball's glue): a ball that lands stays until launched.
    Sticky,
    /// `P` or `pass-through`: the ball passes through destructible bricks, destroying them (LearnOpenGL; SDL-Ball's go-thru).
    PassThrough,
    /// `W` or `pad-size`: wider paddle (LearnOpenGL's pad-size increase, LBreakout2's expand, SDL-Ball's grow).
    PadSizeIncrease,
    /// `C` or `confuse`: confuse screen effect (the screen is inverted and flipped).
    Confuse,
    /// `X` or `chaos`: LearnOpenGL's chaos screen effect (edge detection and swirl).
    Chaos,
    /// `M` or `multiball`: more balls: two extra balls (LearnOpenGL), every ball split in two (KBreakOut, SDL-Ball).
    Multiball,
    /// `L` or `extra-life`: an extra life.
    ExtraLife,
    /// `points-100`: 100 points.
    Points100,
    /// `points-200`: 200 points.
    Points200,
    /// `points-500`: 500 points.
    Points500,
    /// `points-1000`: 1,000 points (and SDL-Ball's 1,000 coins).
    Points1000,
    /// `points-2000`: 2,000 points.
    Points2000,
    /// `points-5000`: 5,000 points.
    Points5000,
    /// `points-10000`: 10,000 points.
    Points10000,
    /// `gold-shower`: gold shower (LBreakout2's "End of the Rainbow"): destroyed bricks without a power-up drop 1,000 points for a while.
    GoldShower,
    /// `shrink`: narrower paddle.
    Shrink,
    /// `frozen`: the paddle cannot move, briefly.
    Frozen,
    /// `ghost`: ghost paddle: invisible, and not solid while it stands still.
    Ghost,
    /// `weapon`: the paddle shoots (LBreakout2's weapon, SDL-Ball's gun, gnome-breakout's laser); shots hit bricks.
    Weapon,
    /// `bonus-magnet`: the paddle pulls good falling power-ups towards it.
    BonusMagnet,
    /// `malus-magnet`: the paddle pulls bad falling power-ups towards it.
    MalusMagnet,
    /// `aim-helper`: shows the ball's bounce path (SDL-Ball's aim helper and laser sight).
    AimHelper,
    /// `aim-sticky`: SDL-Ball's aim: the bounce path shown and a sticky paddle.
    AimSticky,
    /// `fast`: balls at top speed for a while (LBreakout2); faster balls (KBreakOut).
    Fast,
    /// `slow`: balls at their slowest for a while (LBreakout2); slower balls (KBreakOut, gnome-breakout).
    Slow,
    /// `energy-ball`: energy ball (LBreakout2's metal ball, KBreakOut's unstoppable ball): passes through every brick but walls, destroying it, metal included.
    EnergyBall,
    /// `explosive-ball`: explosive ball (LBreakout2's explosive, KBreakOut's burning, SDL-Ball's fireball): a hit blows up the bricks around.
    ExplosiveBall,
    /// `weak-ball`: weak ball: a hit sometimes does no damage.
    WeakBall,
    /// `big-ball`: a bigger ball.
    BigBall,
    /// `normal-ball`: the ball back to its normal size (SDL-Ball).
    NormalBall,
    /// `small-ball`: a smaller ball (faster too, as in SDL-Ball).
    SmallBall,
    /// `chaotic-ball`: LBreakout2's chaos: balls leave bricks in random directions.
    ChaoticBall,
    /// `extra-ball`: one more ball, from the paddle.
    ExtraBall,
    /// `bonus-floor`: a wall below the paddle: no ball is lost for a while.
    BonusFloor,
    /// `darkness`: only the paddle, the balls and the power-ups are seen.
    Darkness,
    /// `board-drop`: the bricks move down a row at every paddle hit (SDL-Ball's drop).
    BoardDrop,
    /// `detonate`: every explosive brick goes off.
    Detonate,
    /// `explosive-grow`: explosive bricks turn their neighbours explosive (SDL-Ball; KBreakOut's more explosion).
    ExplosiveGrow,
    /// `easy-bricks`: every brick takes one hit.
    EasyBricks,
    /// `magic-eye`: reveals every invisible and hidden brick.
    MagicEye,
    /// `magic-wand`: indestructible and multi-hit bricks break at one hit.
    MagicWand,
    /// `lose-life`: a life lost at once.
    LoseLife,
    /// `next-level`: the level is cleared at once; the bricks left score.
    NextLevel,
    /// `joker`: collects every good falling power-up and destroys the bad ones.
    Joker,
    /// `reset`: every active power-up ends.
    Reset,
    /// `time-add`: every timed power-up lasts 7 s longer.
    TimeAdd,
    /// `random`: turns into a random power-up when caught.
    Random,
}

impl PowerUpKind {
    /// Every power-up, in table order.
    pub const ALL: [PowerUpKind; 48] = [
        PowerUpKind::Speed,
        PowerUpKind::Sticky,
        PowerUpKind::PassThrough,
        PowerUpKind::PadSizeIncrease,
        PowerUpKind::Confuse,
        PowerUpKind::Chaos,
        PowerUpKind::Multiball,
        PowerUpKind::ExtraLife,
        PowerUpKind::Points100,
        PowerUpKind::Points200,
        PowerUpKind::Points500,
        PowerUpKind::Points1000,
        PowerUpKind::Points2000,
        PowerUpKind::Points5000,
        PowerUpKind::Points10000,
        PowerUpKind::GoldShower,
        PowerUpKind::Shrink,
        PowerUpKind::Frozen,
        PowerUpKind::Ghost,
        PowerUpKind::Weapon,
        PowerUpKind::BonusMagnet,
        PowerUpKind::MalusMagnet,
        PowerUpKind::AimHelper,
        PowerUpKind::AimSticky,
        PowerUpKind::Fast,
        PowerUpKind::Slow,
        PowerUpKind::EnergyBall,
        PowerUpKind::ExplosiveBall,
        PowerUpKind::WeakBall,
        PowerUpKind::BigBall,
        PowerUpKind::NormalBall,
        PowerUpKind::SmallBall,
        PowerUpKind::ChaoticBall,
        PowerUpKind::ExtraBall,
        PowerUpKind::BonusFloor,
        PowerUpKind::Darkness,
        PowerUpKind::BoardDrop,
        PowerUpKind::Detonate,
        PowerUpKind::ExplosiveGrow,
        PowerUpKind::EasyBricks,
        PowerUpKind::MagicEye,
        PowerUpKind::MagicWand,
        PowerUpKind::LoseLife,
        PowerUpKind::NextLevel,
        PowerUpKind::Joker,
        PowerUpKind::Reset,
        PowerUpKind::TimeAdd,
        PowerUpKind::Random,
    ];

    /// The name that places it in a level file (`+name`), in `breakout.toml`'s `[powerups]`
    /// tables and in `simulate`'s JSON: lower case words joined by `-`.
    pub fn name(self) -> &'static str {
        match self {
            PowerUpKind::Speed => "speed",
            PowerUpKind::Sticky => "sticky",
            PowerUpKind::PassThrough => "pass-through",
            PowerUpKind::PadSizeIncrease => "pad-size",
            PowerUpKind::Confuse => "confuse",
            PowerUpKind::Chaos => "chaos",
            PowerUpKind::Multiball => "multiball",
            PowerUpKind::ExtraLife => "extra-life",
            PowerUpKind::Points100 => "points-100",
            PowerUpKind::Points200 => "points-200",
            PowerUpKind::Points500 => "points-500",
            PowerUpKind::Points1000 => "points-1000",
            PowerUpKind::Points2000 => "points-2000",
            PowerUpKind::Points5000 => "points-5000",
            PowerUpKind::Points10000 => "points-10000",
            PowerUpKind::GoldShower => "gold-shower",
            PowerUpKind::Shrink => "shrink",
            PowerUpKind::Frozen => "frozen",
            PowerUpKind::Ghost => "ghost",
            PowerUpKind::Weapon => "weapon",
            PowerUpKind::BonusMagnet => "bonus-magnet",
            PowerUpKind::MalusMagnet => "malus-magnet",
            PowerUpKind::AimHelper => "aim-helper",
            PowerUpKind::AimSticky => "aim-sticky",
            PowerUpKind::Fast => "fast",
            PowerUpKind::Slow => "slow",
            PowerUpKind::EnergyBall => "energy-ball",
            PowerUpKind::ExplosiveBall => "explosive-ball",
            PowerUpKind::WeakBall => "weak-ball",
            PowerUpKind::BigBall => "big-ball",
            PowerUpKind::NormalBall => "normal-ball",
            PowerUpKind::SmallBall => "small-ball",
            PowerUpKind::ChaoticBall => "chaotic-ball",
            PowerUpKind::ExtraBall => "extra-ball",
            PowerUpKind::BonusFloor => "bonus-floor",
            PowerUpKind::Darkness => "darkness",
            PowerUpKind::BoardDrop => "board-drop",
            PowerUpKind::Detonate => "detonate",
            PowerUpKind::ExplosiveGrow => "explosive-grow",
            PowerUpKind::EasyBricks => "easy-bricks",
            PowerUpKind::MagicEye => "magic-eye",
            PowerUpKind::MagicWand => "magic-wand",
            PowerUpKind::LoseLife => "lose-life",
            PowerUpKind::NextLevel => "next-level",
            PowerUpKind::Joker => "joker",
            PowerUpKind::Reset => "reset",
            PowerUpKind::TimeAdd => "time-add",
            PowerUpKind::Random => "random",
        }
    }

    /// The capital letter that also places it (`+W`), for the eight power-ups of the first
    /// format; `None` for the others, which have a name only.
    pub fn letter(self) -> Option<char> {
        match self {
            PowerUpKind::Speed => Some('S'),
            PowerUpKind::Sticky => Some('T'),
            PowerUpKind::PassThrough => Some('P'),
            PowerUpKind::PadSizeIncrease => Some('W'),
            PowerUpKind::Confuse => Some('C'),
            PowerUpKind::Chaos => Some('X'),
            PowerUpKind::Multiball => Some('M'),
            PowerUpKind::ExtraLife => Some('L'),
            _ => None,
        }
    }

    /// How a level file writes it after `+`: its letter where it has one, else its name.
    pub fn token(self) -> String {
        match self.letter() {
            Some(c) => c.to_string(),
            None => self.name().to_string(),
        }
    }

    /// The power-up a level-file token names: a letter (either case) or a name (lower case).
    pub fn from_token(token: &str) -> Option<PowerUpKind> {
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
    pub fn from_token(token: &str) -> Option<Roll> {
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
