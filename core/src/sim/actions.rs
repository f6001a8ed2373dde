//! The player's actions beyond moving and launching ([`Action`], issue 38): turbo keys, the fire
//! keys, recall and warp, carried by [`Input::actions`](super::Input::actions) as an [`Actions`]
//! bit set. Held actions are set on every step the key is down; the others on the step the key
//! was pressed (the shell sends a press for one step).
//!
//! Each action's bit is fixed in its row (not its position in the table), since replays store
//! the bits (format 7, `docs/replays.md`): a new action takes a new bit at the end.

/// The facts of one [`Action`]: its row of the table ([`Action::def`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionDef {
    /// Its name in replays' debug output and tests (lower case, `_` between words).
    pub name: &'static str,
    /// Its bit in [`Actions`] and in a replay's actions column (0–7, each used once).
    pub bit: u8,
    /// Held (in effect while the key is down) rather than momentary (once per press).
    pub held: bool,
}

kind_table! {
    /// An action a player takes with a key (rebindable in the shell's bindings table). Rules
    /// from LBreakoutHD (`src/config.cpp` key defaults, `libgame/balls.c`, `libgame/paddle.c`),
    /// as `docs/playing.md` describes them.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Action: ActionDef {
        /// Held: the paddle moves at twice its speed (LBreakoutHD's paddle turbo).
        PaddleTurbo => ActionDef { name: "paddle_turbo", bit: 0, held: true },
        /// Held: balls move at the turbo speed (LBreakoutHD's ball turbo,
        /// `GameConfig::controls`' ball turbo speed).
        BallTurbo => ActionDef { name: "ball_turbo", bit: 1, held: true },
        /// Launch a ball stuck on the paddle at a fixed angle to the left of vertical.
        FireLeft => ActionDef { name: "fire_left", bit: 2, held: false },
        /// Launch a ball stuck on the paddle at a fixed angle to the right of vertical.
        FireRight => ActionDef { name: "fire_right", bit: 3, held: false },
        /// Bring idle balls back to the paddle (LBreakoutHD's return key, Backspace).
        Recall => ActionDef { name: "recall", bit: 4, held: false },
        /// End the level as won, once enough of its bricks are gone (`GameConfig::warp_percent`).
        Warp => ActionDef { name: "warp", bit: 5, held: false },
    }
}

impl Action {
    /// Its name ([`ActionDef::name`]).
    pub fn name(self) -> &'static str {
        self.def().name
    }

    /// Its mask in [`Actions`].
    const fn mask(self) -> u8 {
        1 << self.def().bit
    }
}

/// A set of [`Action`]s taken in one step (empty by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Actions(u8);

impl Actions {
    /// No action.
    pub const NONE: Actions = Actions(0);

    /// The set holding exactly `actions`.
    pub fn of(actions: &[Action]) -> Actions {
        let mut set = Actions::NONE;
        for &a in actions {
            set.insert(a);
        }
        set
    }

    /// Whether `action` is in the set.
    pub fn contains(self, action: Action) -> bool {
        self.0 & action.mask() != 0
    }

    /// Adds `action`.
    pub fn insert(&mut self, action: Action) {
        self.0 |= action.mask();
    }

    /// Removes `action`.
    pub fn remove(&mut self, action: Action) {
        self.0 &= !action.mask();
    }

    /// Adds or removes `action`.
    pub fn set(&mut self, action: Action, on: bool) {
        if on {
            self.insert(action);
        } else {
            self.remove(action);
        }
    }

    /// No action in the set.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The actions in the set, in table order.
    pub fn iter(self) -> impl Iterator<Item = Action> {
        Action::ALL.into_iter().filter(move |&a| self.contains(a))
    }

    /// The stored form: each action's [`ActionDef::bit`].
    pub fn bits(self) -> u8 {
        self.0
    }

    /// The set a stored byte describes. Errors: a bit no action has (a newer version's, or
    /// damage), named.
    pub fn from_bits(bits: u8) -> Result<Actions, String> {
        let known = Action::ALL.iter().fold(0u8, |m, a| m | a.mask());
        match bits & !known {
            0 => Ok(Actions(bits)),
            unknown => Err(format!("actions {bits:#04x}: unknown bits {unknown:#04x}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_has_its_own_bit_and_round_trips() {
        let mut seen = 0u8;
        for a in Action::ALL {
            assert!(a.def().bit < 8, "{}", a.name());
            assert_eq!(seen & a.mask(), 0, "{} shares a bit", a.name());
            seen |= a.mask();
            let set = Actions::of(&[a]);
            assert!(set.contains(a));
            assert_eq!(set.iter().collect::<Vec<_>>(), vec![a]);
            assert_eq!(Actions::from_bits(set.bits()), Ok(set));
        }
        assert!(Actions::from_bits(0x80).is_err());
        let mut all = Actions::of(&Action::ALL);
        all.set(Action::Warp, false);
        assert!(!all.contains(Action::Warp) && all.contains(Action::Recall));
        assert!(Actions::default().is_empty());
    }
}
