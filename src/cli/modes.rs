//! `--modes`: which collision models the fork, the split view and the lab show.

use crate::collision::CollisionMode;

/// The collision models a screen that shows several at once shows (`--modes`): the fork of
/// the pause screen and of the replay screen, their split view and legend, the lab's table.
/// At least one, each once, in [`CollisionMode::ALL`]'s order; all of them by default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeList(Vec<CollisionMode>);

impl Default for ModeList {
    fn default() -> ModeList {
        ModeList(CollisionMode::ALL.to_vec())
    }
}

impl ModeList {
    /// The models, in [`CollisionMode::ALL`]'s order.
    pub fn modes(&self) -> &[CollisionMode] {
        &self.0
    }

    /// True if `mode` is one of them.
    pub fn contains(&self, mode: CollisionMode) -> bool {
        self.0.contains(&mode)
    }
}

/// Every model's name, comma-separated (the error messages' list).
pub fn every_model() -> String {
    let names: Vec<&str> = CollisionMode::ALL.iter().map(|m| m.name()).collect();
    names.join(", ")
}

/// `--modes`: `all`, or model names ([`CollisionMode::name`]) separated by commas (spaces
/// around them allowed, a name given twice counted once). An unknown name lists every model.
pub fn parse_modes(s: &str) -> Result<ModeList, String> {
    if s.trim() == "all" {
        return Ok(ModeList::default());
    }
    let mut chosen = Vec::new();
    for name in s.split(',').map(str::trim) {
        if name.is_empty() {
            return Err(format!(
                "an empty name in the list; give `all` or names separated by commas from: {}",
                every_model()
            ));
        }
        let Some(mode) = CollisionMode::from_name(name) else {
            return Err(format!(
                "no collision model '{name}'; the models are {} (or `all`)",
                every_model()
            ));
        };
        chosen.push(mode);
    }
    Ok(ModeList(
        CollisionMode::ALL
            .into_iter()
            .filter(|m| chosen.contains(m))
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn all_and_the_default_are_every_model_in_order() {
        assert_eq!(parse_modes("all").unwrap().modes(), &CollisionMode::ALL[..]);
        assert_eq!(ModeList::default().modes(), &CollisionMode::ALL[..]);
    }

    #[test]
    fn an_unknown_or_empty_name_lists_every_model() {
        for bad in ["clamp,quantum", "", "clamp,,swept", "ALL"] {
            let err = parse_modes(bad).unwrap_err();
            for mode in CollisionMode::ALL {
                assert!(
                    err.contains(mode.name()),
                    "{bad:?}: {err} should list {mode}"
                );
            }
        }
    }

    proptest! {
        /// Any selection of names, in any order and repeated, gives exactly those models once
        /// each, in the table's order.
        #[test]
        fn any_list_of_names_gives_those_models_in_table_order(
            picks in prop::collection::vec(0..CollisionMode::ALL.len(), 1..20),
        ) {
            let text: Vec<&str> = picks.iter().map(|&i| CollisionMode::ALL[i].name()).collect();
            let list = parse_modes(&text.join(" , ")).unwrap();
            for (i, mode) in CollisionMode::ALL.iter().enumerate() {
                prop_assert_eq!(list.contains(*mode), picks.contains(&i));
            }
            let positions: Vec<usize> = list
                .modes()
                .iter()
                .map(|m| CollisionMode::ALL.iter().position(|a| a == m).unwrap())
                .collect();
            prop_assert!(positions.windows(2).all(|w| w[0] < w[1]));
        }
    }
}
