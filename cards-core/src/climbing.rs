//! Primitives shared by the climbing games (Das Grosse und das kleine A, Einer ist immer der,
//! Big A): a play of k cards of one rank with jokers standing in, the trick of one lap, and the
//! finishing order.
//!
//! Ranks here are plain numbers whose order is the game's: a game maps its cards onto rank
//! numbers (and a joker slot) in a [`RankCounts`], and decides what beats what.

use serde::{Deserialize, Serialize};

use crate::seat::{Direction, Seat};
use crate::set::RankCounts;

/// A play of `naturals + jokers` cards standing for one rank: the natural cards are of `rank`,
/// the jokers stand in for it. A play of jokers only has `naturals == 0` and the rank the game
/// gives such a play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Group {
    /// The rank the play stands for.
    pub rank: u8,
    /// How many natural cards of that rank.
    pub naturals: u8,
    /// How many jokers stand in.
    pub jokers: u8,
}

impl Group {
    /// The number of cards.
    pub const fn len(self) -> u8 {
        self.naturals + self.jokers
    }

    /// Whether the play holds no card.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Whether the play is jokers only.
    pub const fn is_jokers_only(self) -> bool {
        self.naturals == 0 && self.jokers > 0
    }

    /// Whether `hand` holds the cards, jokers counted in slot `joker_slot`.
    pub fn is_held_in(self, hand: &RankCounts, joker_slot: u8) -> bool {
        if self.naturals > 0 && hand.get(self.rank) < self.naturals {
            return false;
        }
        hand.get(joker_slot) >= self.jokers
    }

    /// Takes the cards from `hand`. Returns `false` and changes nothing when they are not held.
    pub fn take_from(self, hand: &mut RankCounts, joker_slot: u8) -> bool {
        if !self.is_held_in(hand, joker_slot) {
            return false;
        }
        if self.naturals > 0 {
            hand.take(self.rank, self.naturals);
        }
        hand.take(joker_slot, self.jokers);
        true
    }
}

/// Pushes onto `out` every play of exactly `k` cards that `hand` can make from natural ranks in
/// `ranks` with jokers (slot `joker_slot`, at most `max_jokers` of them) standing in, keeping
/// those whose rank passes `admit`. Each natural play uses at least one natural card; every split
/// between naturals and jokers is a separate play. Plays are pushed rank by rank, fewer jokers
/// first. Jokers-only plays are the game's business (see [`Group::is_jokers_only`]).
pub fn natural_groups(
    hand: &RankCounts,
    joker_slot: u8,
    max_jokers: u8,
    k: u8,
    ranks: std::ops::RangeInclusive<u8>,
    mut admit: impl FnMut(u8) -> bool,
    out: &mut Vec<Group>,
) {
    let jokers = hand.get(joker_slot).min(max_jokers);
    for rank in ranks {
        let have = hand.get(rank);
        if have == 0 || !admit(rank) {
            continue;
        }
        for j in 0..=jokers.min(k.saturating_sub(1)) {
            let n = k - j;
            if n >= 1 && n <= have {
                out.push(Group {
                    rank,
                    naturals: n,
                    jokers: j,
                });
            }
        }
    }
}

/// A trick of one lap: after the lead, each other player who still holds cards gets exactly one
/// turn, in the table's direction; then the trick ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OneLap {
    /// Who led.
    pub leader: Seat,
    /// Whose turn it is, `None` once everyone has had their turn.
    pub turn: Option<Seat>,
}

impl OneLap {
    /// A lap led by `leader`; `turn` is set by [`OneLap::advance`].
    pub const fn new(leader: Seat) -> Self {
        OneLap {
            leader,
            turn: Some(leader),
        }
    }

    /// Moves the turn to the next seat after the current one that `holds_cards`, stopping
    /// (turn `None`) when the lap is back at the leader.
    pub fn advance(
        &mut self,
        players: usize,
        direction: Direction,
        mut holds_cards: impl FnMut(Seat) -> bool,
    ) {
        let Some(mut s) = self.turn else { return };
        loop {
            s = s.next(players, direction);
            if s == self.leader {
                self.turn = None;
                return;
            }
            if holds_cards(s) {
                self.turn = Some(s);
                return;
            }
        }
    }
}

/// The order in which players ran out of cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct FinishingOrder(pub Vec<Seat>);

impl FinishingOrder {
    /// Records that `seat` is out (once).
    pub fn finish(&mut self, seat: Seat) {
        if !self.0.contains(&seat) {
            self.0.push(seat);
        }
    }

    /// The place of a seat (0 = first out), `None` while it still plays.
    pub fn place(&self, seat: Seat) -> Option<usize> {
        self.0.iter().position(|&s| s == seat)
    }

    /// How many are out.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether nobody is out yet.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_groups_lists_every_joker_split() {
        let mut hand = RankCounts::EMPTY;
        hand.add(5, 2);
        hand.add(9, 1);
        hand.add(14, 2);
        let mut out = Vec::new();
        natural_groups(&hand, 14, 4, 2, 1..=13, |r| r > 5, &mut out);
        assert_eq!(
            out,
            [Group {
                rank: 9,
                naturals: 1,
                jokers: 1
            }]
        );
        out.clear();
        natural_groups(&hand, 14, 4, 3, 1..=13, |_| true, &mut out);
        let splits: Vec<_> = out.iter().map(|g| (g.rank, g.naturals, g.jokers)).collect();
        assert_eq!(splits, [(5, 2, 1), (5, 1, 2), (9, 1, 2)]);
    }

    #[test]
    fn take_from_refuses_missing_cards() {
        let mut hand = RankCounts::EMPTY;
        hand.add(7, 1);
        let g = Group {
            rank: 7,
            naturals: 1,
            jokers: 1,
        };
        assert!(!g.take_from(&mut hand, 14));
        assert_eq!(hand.get(7), 1);
    }

    #[test]
    fn one_lap_skips_empty_hands_and_ends_at_the_leader() {
        let holds = [true, false, true, true];
        let mut lap = OneLap::new(Seat(3));
        let mut order = Vec::new();
        loop {
            lap.advance(4, Direction::Clockwise, |s| holds[s.index()]);
            match lap.turn {
                Some(s) => order.push(s),
                None => break,
            }
        }
        assert_eq!(order, [Seat(0), Seat(2)]);
    }

    #[test]
    fn finishing_order_records_each_seat_once() {
        let mut f = FinishingOrder::default();
        f.finish(Seat(2));
        f.finish(Seat(2));
        f.finish(Seat(0));
        assert_eq!(f.place(Seat(0)), Some(1));
        assert_eq!(f.place(Seat(1)), None);
        assert_eq!(f.len(), 2);
    }
}
