//! The checks every game's state validation shares: the census (every card of the pack is in
//! exactly one place, rulings G4) and replay-and-compare (rebuild the deal as dealt, replay the
//! recorded actions through the engine, and compare with the state that was read).
//!
//! A game's `State::validate` (run when a state is read from JSON) builds the starting state of
//! what the state records turn by turn (the deal, or only the round or trick in progress) and
//! the recorded actions, replays them ([`replay`]) and compares the result with the state read
//! ([`first_difference`]; [`replay_and_compare`] does both where no field is named first);
//! what replay cannot see (the match before, the seed's deal, a stated position) it checks
//! itself.
//!
//! ```
//! use cards_core::validate::{CensusError, check_census};
//!
//! let pack = vec!["Ah".to_string(), "Kh".to_string()];
//! assert!(check_census(vec!["Kh".into(), "Ah".into()], pack.clone()).is_ok());
//! let error = check_census(vec!["Ah".into(), "Ah".into()], pack).unwrap_err();
//! assert_eq!(error.to_string(), "the cards are not the pack (rulings G4): missing Kh; twice or foreign Ah");
//! ```

use std::fmt::{self, Debug, Display};

use crate::game::Game;

/// The census of a state differs from the pack (rulings G4).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the cards are not the pack (rulings G4): {}", self.describe())]
pub struct CensusError {
    /// Cards of the pack found nowhere, sorted.
    pub missing: Vec<String>,
    /// Cards found more often than the pack holds them, or not of the pack, sorted.
    pub extra: Vec<String>,
}

impl CensusError {
    fn describe(&self) -> String {
        let mut parts = Vec::new();
        if !self.missing.is_empty() {
            parts.push(format!("missing {}", self.missing.join(" ")));
        }
        if !self.extra.is_empty() {
            parts.push(format!("twice or foreign {}", self.extra.join(" ")));
        }
        parts.join("; ")
    }
}

impl CensusError {
    /// The card a census error names first (the first found too often, else the first
    /// missing), with how often `census` and `pack` hold it: a game's message in one step.
    ///
    /// ```
    /// use cards_core::validate::check_census;
    ///
    /// let pack = vec!["Ah".to_string(), "Kh".to_string()];
    /// let census = vec!["Ah".to_string(), "Ah".to_string()];
    /// let error = check_census(census.clone(), pack.clone()).unwrap_err();
    /// assert_eq!(error.first_miscount(&census, &pack), ("Ah".to_string(), 2, 1));
    /// ```
    #[must_use]
    pub fn first_miscount(&self, census: &[String], pack: &[String]) -> (String, usize, usize) {
        let card = self.extra.first().or(self.missing.first());
        let card = card.cloned().unwrap_or_default();
        let count = |cards: &[String]| cards.iter().filter(|&c| *c == card).count();
        let (found, held) = (count(census), count(pack));
        (card, found, held)
    }
}

/// Checks that `census` (every card where it is now) is exactly `pack` as a multiset.
///
/// # Errors
/// The cards missing and the cards too many, as a [`CensusError`].
pub fn check_census(mut census: Vec<String>, mut pack: Vec<String>) -> Result<(), CensusError> {
    census.sort_unstable();
    pack.sort_unstable();
    if census == pack {
        return Ok(());
    }
    let (mut missing, mut extra) = (Vec::new(), Vec::new());
    let (mut i, mut j) = (0, 0);
    while i < census.len() || j < pack.len() {
        match (census.get(i), pack.get(j)) {
            (Some(c), Some(p)) if c == p => (i, j) = (i + 1, j + 1),
            (Some(c), Some(p)) if c < p => {
                extra.push(c.clone());
                i += 1;
            }
            (_, Some(p)) => {
                missing.push(p.clone());
                j += 1;
            }
            (Some(c), None) => {
                extra.push(c.clone());
                i += 1;
            }
            (None, None) => break,
        }
    }
    Err(CensusError { missing, extra })
}

/// Why a replay of the recorded actions did not give back the state that was read.
pub enum ReplayError<G: Game> {
    /// A recorded action is illegal where the replay reached it.
    Illegal {
        /// Its number in the replay, from 1.
        number: usize,
        /// The action.
        action: G::Action,
        /// Why the engine refused it.
        error: G::ActionError,
    },
    /// The replay is legal throughout but ends in another state: the first line of the two
    /// states' `Debug` forms that differs (a field the record and the state disagree on).
    Mismatch(String),
}

impl<G: Game> Display for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Illegal {
                number,
                action,
                error,
            } => write!(f, "recorded action {number} ({action}) is illegal: {error}"),
            Self::Mismatch(line) => write!(
                f,
                "the recorded actions replayed from the deal give another state, first at `{line}`"
            ),
        }
    }
}

impl<G: Game> Debug for ReplayError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Illegal {
                number,
                action,
                error,
            } => f
                .debug_struct("Illegal")
                .field("number", number)
                .field("action", action)
                .field("error", error)
                .finish(),
            Self::Mismatch(line) => f.debug_tuple("Mismatch").field(line).finish(),
        }
    }
}

impl<G: Game> std::error::Error for ReplayError<G> {}

/// Applies `actions` in order to `start` through the engine's checked [`Game::apply`] and
/// compares the result with `state`.
///
/// # Errors
/// The first illegal action, or the first difference, as a [`ReplayError`].
pub fn replay_and_compare<G: Game>(
    start: G::State,
    actions: impl IntoIterator<Item = G::Action>,
    state: &G::State,
) -> Result<(), ReplayError<G>> {
    let replayed = replay::<G>(start, actions)?;
    match first_difference(&replayed, state) {
        None => Ok(()),
        Some(line) => Err(ReplayError::Mismatch(line)),
    }
}

/// Applies `actions` in order to `start` through the engine's checked [`Game::apply`].
///
/// # Errors
/// The first illegal action, as [`ReplayError::Illegal`].
pub fn replay<G: Game>(
    mut start: G::State,
    actions: impl IntoIterator<Item = G::Action>,
) -> Result<G::State, ReplayError<G>> {
    for (index, action) in actions.into_iter().enumerate() {
        if let Err(error) = G::apply(&mut start, &action) {
            return Err(ReplayError::Illegal {
                number: index + 1,
                action,
                error,
            });
        }
    }
    Ok(start)
}

/// The first line where the pretty `Debug` forms of `a` and `b` differ (trimmed, the state
/// read's side), or `None` when they are equal.
#[must_use]
pub fn first_difference<T: Debug + PartialEq>(a: &T, b: &T) -> Option<String> {
    if a == b {
        return None;
    }
    let (left, right) = (format!("{a:#?}"), format!("{b:#?}"));
    let mut lines = left.lines().zip(right.lines());
    Some(
        lines
            .find(|(l, r)| l != r)
            .map_or("the end of the state", |(_, r)| r.trim())
            .trim_end_matches(',')
            .to_string(),
    )
}

/// The names of the fields, outermost first, that hold the first difference of the pretty
/// `Debug` forms of `a` and `b` (`["deal", "auction", "holder"]`); unnamed levels (list
/// entries, tuple fields) are left out. Empty when they are equal or differ outside any field.
///
/// ```
/// use cards_core::validate::differing_path;
///
/// #[derive(Debug, PartialEq)]
/// struct Deal { tricks: Vec<u8>, turn: u8 }
/// #[derive(Debug, PartialEq)]
/// struct State { deal: Deal, over: bool }
///
/// let a = State { deal: Deal { tricks: vec![1, 2], turn: 0 }, over: false };
/// let b = State { deal: Deal { tricks: vec![1, 3], turn: 0 }, over: false };
/// assert_eq!(differing_path(&a, &b), ["deal", "tricks"]);
/// assert!(differing_path(&a, &a).is_empty());
/// ```
#[must_use]
pub fn differing_path<T: Debug + PartialEq>(a: &T, b: &T) -> Vec<String> {
    if a == b {
        return Vec::new();
    }
    let (left, right) = (format!("{a:#?}"), format!("{b:#?}"));
    let mut path: Vec<&str> = Vec::new();
    for (l, r) in left.lines().zip(right.lines()) {
        let depth = (r.len() - r.trim_start().len()) / 4;
        let field = r.trim_start().split_once(": ").map_or("", |(f, _)| f);
        let named = !field.is_empty() && field.chars().all(|c| c.is_alphanumeric() || c == '_');
        path.resize(depth.saturating_sub(1), "");
        if depth > 0 {
            path.push(if named { field } else { "" });
        }
        if l != r {
            break;
        }
    }
    path.into_iter()
        .filter(|f| !f.is_empty())
        .map(String::from)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::race::{Race, RaceConfig, RaceState};

    fn race(total: u32, to_move: u8) -> RaceState {
        RaceState {
            config: RaceConfig,
            total,
            to_move,
        }
    }

    #[test]
    fn a_replay_that_gives_back_the_state_read_passes_and_one_that_does_not_names_the_line() {
        let start = || Race::new(&RaceConfig, 0).unwrap();
        assert!(replay_and_compare::<Race>(start(), [3, 3, 2], &race(8, 1)).is_ok());
        let e = replay_and_compare::<Race>(start(), [3, 3, 2], &race(9, 1)).unwrap_err();
        assert_eq!(format!("{e:?}"), r#"Mismatch("total: 9")"#);
        assert_eq!(
            e.to_string(),
            "the recorded actions replayed from the deal give another state, first at `total: 9`"
        );
    }

    #[test]
    fn a_replay_stops_at_the_first_illegal_action_and_numbers_it_from_1() {
        let start = Race::new(&RaceConfig, 0).unwrap();
        let e = replay::<Race>(start.clone(), [3, 4, 1]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "recorded action 2 (4) is illegal: the race takes two players"
        );
        assert_eq!(
            format!("{e:?}"),
            "Illegal { number: 2, action: 4, error: RaceError }"
        );
        let e = replay_and_compare::<Race>(start, [4], &race(0, 0)).unwrap_err();
        assert!(matches!(e, ReplayError::Illegal { number: 1, .. }));
    }

    #[derive(Debug, PartialEq)]
    struct Pair {
        left: u8,
        right: u8,
    }

    #[test]
    fn census_names_missing_and_extra_cards() {
        let pack = ["Ah", "Kh", "Qh"].map(String::from).to_vec();
        let census = ["Ah", "Ah", "Qh", "Xx"].map(String::from).to_vec();
        let error = check_census(census, pack).unwrap_err();
        assert_eq!(error.missing, ["Kh"]);
        assert_eq!(error.extra, ["Ah", "Xx"]);
    }

    #[test]
    fn first_difference_names_the_field() {
        let a = Pair { left: 1, right: 2 };
        let b = Pair { left: 1, right: 3 };
        assert_eq!(first_difference(&a, &b).as_deref(), Some("right: 3"));
        assert_eq!(first_difference(&a, &a), None);
    }
}
