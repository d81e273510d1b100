//! Card play (B6-B11): taking a play's cards from a hand, plays, Fours captures, passes, the
//! lead after a winner who is out, and the end of a hand with its scores.

use cards_core::card::{FrenchCard, Joker, Suit};
use cards_core::seat::Seat;

use crate::action::{Action, Play};
use crate::error::ActionError;
use crate::event::{Event, ExposeKind};
use crate::hand::Hand;
use crate::play::RankMasks;
use crate::rules::{
    ACE, CHAIN, Combo, Counts, DIR, FirstDrawer, NoBeat, PLAYERS, beats, chain_rank, fours_combo,
    may_capture,
};
use crate::scoring::deal_scores;
use crate::state::{Phase, State, ace, face_base};

/// Why the seat to move may not play `play` now (B7).
pub(crate) fn check_play(state: &State, play: Play) -> Result<(), ActionError> {
    let extra = state.config.extra_bombs;
    let text = || play.to_string();
    if !play.combo.is_valid(extra) || play.big > play.combo.aces() {
        return Err(ActionError::NotCombination { play: text() });
    }
    if !state.counts[state.turn.index()].holds(play.combo, play.big) {
        return Err(ActionError::NotHeld { play: text() });
    }
    if let Some((_, top)) = state.top {
        beats(play.combo, top.combo, extra).map_err(|why| ActionError::CannotBeat {
            play: text(),
            top: top.to_string(),
            reason: match why {
                NoBeat::Shape => "only the same type and length, or a bomb, beats it (B7)",
                NoBeat::NotHigher => "it is not higher (B7)",
                NoBeat::TripletLimit => {
                    "a triplet cannot beat a joker, a lone big ace or a double sequence (B7)"
                }
                NoBeat::FourLimit => "a four of a kind cannot beat a lone big ace (B7)",
                NoBeat::LowerBomb => "it is a lower bomb (B7)",
            },
        })?;
    }
    Ok(())
}

/// Why the seat to move may not capture with `fours` Fours now (B9).
pub(crate) fn check_capture(state: &State, fours: u8) -> Result<(), ActionError> {
    let Some((_, top)) = state.top else {
        return Err(ActionError::NothingToCapture);
    };
    let need = match top.combo {
        crate::rules::Combo::Kind { n, .. } if (3..=6).contains(&n) => n - 1,
        _ => return Err(ActionError::NothingToCapture),
    };
    if !may_capture(fours, top.combo) {
        return Err(ActionError::CaptureCount {
            top: top.to_string(),
            need,
            given: fours,
        });
    }
    if state.fours(state.turn) < fours {
        return Err(ActionError::NotHeld {
            play: Action::Capture(fours).to_string(),
        });
    }
    Ok(())
}

/// One seat's cards and their counts, borrowed apart from the pile, to take cards from them.
struct Taker<'a> {
    hand: &'a mut Hand,
    known: &'a mut Hand,
    counts: &'a mut Counts,
    masks: &'a mut RankMasks,
    /// The Big Aces' suit (hearts before it is decided).
    suit: Suit,
}

impl Taker<'_> {
    /// Moves the cards of `play` into `taken`.
    fn take(&mut self, play: Play, taken: &mut Hand) {
        match play.combo {
            Combo::Single(r) | Combo::Pair(r) | Combo::Kind { rank: r, .. } => {
                self.take_rank(r, play.combo.len() - play.big, play.big, taken);
            }
            Combo::BigAce | Combo::BigAcePair => {
                self.take_rank(ACE, 0, play.big, taken);
            }
            Combo::Run { width, start, len } => {
                let high_big = if start + len == CHAIN {
                    play.big.min(width)
                } else {
                    0
                };
                for p in start..start + len {
                    let big = match p {
                        0 => play.big - high_big,
                        13 => high_big,
                        _ => 0,
                    };
                    self.take_rank(chain_rank(p), width - big, big, taken);
                }
            }
            Combo::Joker(red) => {
                self.take_jokers(u8::from(red), u8::from(!red), taken);
            }
            Combo::Jokers { red, black } => self.take_jokers(red, black, taken),
        }
    }

    /// Moves `big` Big Aces and `plain` other cards of rank index `r` into `taken`: publicly
    /// known copies first, then by suit order.
    #[inline]
    fn take_rank(&mut self, r: u8, plain: u8, big: u8, taken: &mut Hand) {
        // The face index of rank `r` in suit `su` is `su * 13 + base`.
        let base = face_base(r);
        let suit = self.suit;
        let (hand, known) = (&mut *self.hand, &mut *self.known);
        let known_any = !known.is_empty();
        if big > 0 {
            let i = suit as usize * 13 + base;
            let k = hand.move_at(i, big, taken);
            known.remove_at(i, k);
        }
        // The Big Aces' suit is not among the ordinary Aces.
        let skip = if r == ACE { suit as usize } else { 4 };
        let mut left = plain;
        // Publicly known copies go first; most hands have none, so skip that pass.
        if left > 0 && known_any {
            for su in 0..4 {
                if su == skip {
                    continue;
                }
                let i = su * 13 + base;
                let k = hand.move_at(i, left.min(known.count_at(i)), taken);
                known.remove_at(i, k);
                left -= k;
            }
        }
        if left > 0 {
            let moved = hand.move_rank(base, skip, left, taken);
            if known_any {
                for (su, &k) in moved.iter().enumerate() {
                    known.remove_at(su * 13 + base, k);
                }
            }
        }
        let n = &mut self.counts.rank[r as usize];
        let was = *n;
        *n = n.saturating_sub(plain + big);
        self.masks.lower(r, was, *n);
        self.counts.big = self.counts.big.saturating_sub(big);
    }

    fn take_jokers(&mut self, red: u8, black: u8, taken: &mut Hand) {
        for (j, n) in [(Joker::Red, red), (Joker::Black, black)] {
            let c = FrenchCard::joker(j);
            for _ in 0..n {
                if self.hand.remove(c) {
                    self.known.remove(c);
                    taken.add(c);
                    let n = &mut self.counts.jokers[j as usize];
                    *n = n.saturating_sub(1);
                }
            }
        }
    }
}

impl State {
    /// Whether `seat` is on the Big Ace team.
    pub(crate) fn on_team(&self, seat: Seat) -> bool {
        Some(seat) == self.declarer || Some(seat) == self.partner
    }

    /// How many of its own Big Aces `seat` has publicly shown (exposed or played beyond those
    /// it captured).
    pub(crate) fn revealed(&self, seat: Seat) -> u8 {
        let s = seat.index();
        let exposed = if Some(seat) == self.declarer {
            self.declarer_shown
        } else {
            u8::from(self.partner_exposed && Some(seat) == self.partner)
        };
        exposed.max(self.played_big[s].saturating_sub(self.captured_big[s]))
    }

    /// Public knowledge of a seat's team: `Some(true)` Big Ace team, `Some(false)` opponent.
    pub fn known_team(&self, seat: Seat) -> Option<bool> {
        let d = self.declarer?;
        if seat == d {
            return Some(true);
        }
        if self.phase != Phase::Play && self.phase != Phase::Over {
            return if self.partner_exposed && self.revealed_pre(seat) {
                Some(true)
            } else {
                None
            };
        }
        match self.partner {
            Some(p) if self.revealed(p) >= 1 => Some(seat == p),
            None if self.revealed(d) >= 2 => Some(false),
            _ => None,
        }
    }

    fn revealed_pre(&self, seat: Seat) -> bool {
        self.exposures
            .iter()
            .any(|e| e.seat == seat && e.kind == ExposeKind::Partner)
    }

    pub(crate) fn next_holder(&self, from: Seat) -> Option<Seat> {
        from.next_active(PLAYERS, DIR, |s| !self.hands[s.index()].is_empty())
    }

    fn holders_except(&self, seat: Seat) -> u8 {
        // Summed without branches: who holds cards is hard to predict.
        Seat::all(PLAYERS)
            .map(|s| u8::from(s != seat) & u8::from(!self.hands[s.index()].is_empty()))
            .sum()
    }

    /// A seat's cards and their counts, borrowed apart from the rest of the state (the pile),
    /// to take cards from them.
    fn taker(&mut self, seat: Seat) -> Taker<'_> {
        let s = seat.index();
        Taker {
            hand: &mut self.hands[s],
            known: &mut self.known[s],
            counts: &mut self.counts[s],
            masks: &mut self.masks[s],
            suit: self.big_suit.unwrap_or(Suit::Hearts),
        }
    }

    /// Removes the cards of `play` from `seat`'s hand, returning them.
    fn take_cards(&mut self, seat: Seat, play: Play) -> Hand {
        let mut taken = Hand::new();
        self.taker(seat).take(play, &mut taken);
        taken
    }

    #[cfg(test)]
    fn take_jokers(&mut self, s: usize, red: u8, black: u8, taken: &mut Hand) {
        self.taker(Seat(s as u8)).take_jokers(red, black, taken);
    }

    /// Plays a combination.
    pub(crate) fn play(&mut self, seat: Seat, play: Play, ev: &mut Vec<Event>) {
        // Taken straight onto the top of the pile (no hand returned and copied).
        self.top_cards.clear();
        let s = seat.index();
        let mut taker = Taker {
            hand: &mut self.hands[s],
            known: &mut self.known[s],
            counts: &mut self.counts[s],
            masks: &mut self.masks[s],
            suit: self.big_suit.unwrap_or(Suit::Hearts),
        };
        taker.take(play, &mut self.top_cards);
        self.table.add_all(&self.top_cards);
        self.top = Some((seat, play));
        self.passes = 0;
        let p = &mut self.played_big[seat.index()];
        *p = p.saturating_add(play.big);
        ev.push(Event::Played { seat, play });
        if self.hands[seat.index()].is_empty() {
            self.places.push(seat);
            ev.push(Event::WentOut {
                seat,
                place: self.places.len() as u8,
            });
            if self.hand_is_over() {
                self.finish_hand(seat, ev);
                return;
            }
        }
        if let Some(n) = self.next_holder(seat) {
            self.turn = n;
        }
    }

    /// Captures the egg on the pile with `fours` Fours (B9).
    pub(crate) fn capture(&mut self, seat: Seat, fours: u8, ev: &mut Vec<Event>) {
        let Some((_, taken)) = self.top else {
            return;
        };
        let cards = self.take_cards(seat, Play::plain(fours_combo(fours)));
        let captured = self.top_cards;
        self.table.remove_all(&captured);
        let s = seat.index();
        self.hands[s].add_all(&captured);
        self.known[s].add_all(&captured);
        if let Some(suit) = self.big_suit {
            self.captured_big[s] = self.captured_big[s].saturating_add(captured.count(ace(suit)));
        }
        self.counts[s] = Counts::of(self.hands[s].faces(), self.big_suit);
        self.masks[s] = RankMasks::of(&self.counts[s]);
        self.table.add_all(&cards);
        self.top_cards = cards;
        self.top = Some((seat, Play::plain(fours_combo(fours))));
        self.passes = 0;
        ev.push(Event::Captured { seat, fours, taken });
        if let Some(n) = self.next_holder(seat) {
            self.turn = n;
        }
    }

    /// A pass in play.
    pub(crate) fn pass(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        ev.push(Event::Passed { seat });
        self.passes += 1;
        let Some((winner, _)) = self.top else {
            return;
        };
        if self.passes < self.holders_except(winner) {
            if let Some(n) = self.next_holder(seat) {
                self.turn = n;
            }
            return;
        }
        self.discard.add_all(&self.table);
        self.table.clear();
        self.top_cards.clear();
        self.top = None;
        self.passes = 0;
        ev.push(Event::TrickWon { seat: winner });
        if self.hands[winner.index()].is_empty() {
            let to = self.lead_after(winner);
            ev.push(Event::LeadPasses { from: winner, to });
            self.turn = to;
        } else {
            self.turn = winner;
        }
    }

    /// The next leader after a winner who is out (B10).
    pub(crate) fn lead_after(&self, winner: Seat) -> Seat {
        let team = self.on_team(winner);
        winner
            .cycle_from(PLAYERS, DIR)
            .skip(1)
            .find(|&s| !self.hands[s.index()].is_empty() && self.known_team(s) != Some(!team))
            .or_else(|| self.next_holder(winner))
            .unwrap_or(winner)
    }

    pub(crate) fn hand_is_over(&self) -> bool {
        let mut team = None;
        for s in Seat::all(PLAYERS) {
            if self.hands[s.index()].is_empty() {
                continue;
            }
            let t = self.on_team(s);
            match team {
                None => team = Some(t),
                Some(x) if x != t => return false,
                _ => {}
            }
        }
        true
    }

    fn finish_hand(&mut self, last_out: Seat, ev: &mut Vec<Event>) {
        for s in last_out.cycle_from(PLAYERS, DIR).skip(1) {
            if !self.hands[s.index()].is_empty() && !self.places.contains(&s) {
                self.places.push(s);
            }
        }
        let (Some(d), Some(_)) = (self.declarer, self.big_suit) else {
            return;
        };
        let scores = deal_scores(
            &self.places,
            d,
            self.partner,
            self.partner_exposed,
            self.declarer_shown >= 2,
        );
        for (t, x) in self.totals.iter_mut().zip(scores.iter()) {
            *t += *x;
        }
        self.last_scores = Some(scores);
        let mut places = [d; PLAYERS];
        for (p, &s) in places.iter_mut().zip(self.places.iter()) {
            *p = s;
        }
        ev.push(Event::DealEnded {
            places,
            scores,
            totals: self.totals,
        });
        self.deal += 1;
        if self.deal as usize >= self.config.hands {
            self.phase = Phase::Over;
            ev.push(Event::MatchOver {
                totals: self.totals,
            });
            return;
        }
        self.first_drawer = match self.config.first_drawer {
            FirstDrawer::FirstOut => self.places.first().copied().unwrap_or(d),
            FirstDrawer::Declarer => d,
            FirstDrawer::Rotate => self.first_drawer.next(PLAYERS, DIR),
        };
        self.attempt = 0;
        self.begin_attempt(None, ev);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Config, rank_of_index};
    use cards_core::GameConfig;
    use cards_core::card::Rank;
    use cards_core::game::Game;
    use cards_core::rng::below;

    /// The card-by-card `take_cards` that the face-index one replaced.
    fn reference_take(st: &mut State, seat: Seat, play: Play) -> Hand {
        let s = seat.index();
        let suit = st.big_suit.unwrap_or(Suit::Hearts);
        let mut taken = Hand::new();
        let mut take_rank = |this: &mut State, r: u8, plain: u8, big: u8| {
            let rank = rank_of_index(r);
            for _ in 0..big {
                let a = ace(suit);
                if this.hands[s].remove(a) {
                    this.known[s].remove(a);
                    taken.add(a);
                }
            }
            let mut left = plain;
            for pass in 0..2 {
                for su in Suit::ALL {
                    if rank == Rank::Ace && su == suit {
                        continue;
                    }
                    let c = FrenchCard::new(rank, su);
                    while left > 0
                        && this.hands[s].count(c) > 0
                        && (pass == 1 || this.known[s].count(c) > 0)
                    {
                        this.hands[s].remove(c);
                        this.known[s].remove(c);
                        taken.add(c);
                        left -= 1;
                    }
                }
            }
            let n = &mut this.counts[s].rank[r as usize];
            *n = n.saturating_sub(plain + big);
            this.counts[s].big = this.counts[s].big.saturating_sub(big);
            this.masks[s] = RankMasks::of(&this.counts[s]);
        };
        match play.combo {
            Combo::Single(r) | Combo::Pair(r) | Combo::Kind { rank: r, .. } => {
                take_rank(st, r, play.combo.len() - play.big, play.big);
            }
            Combo::BigAce | Combo::BigAcePair => take_rank(st, ACE, 0, play.big),
            Combo::Run { width, start, len } => {
                let high_big = if start + len == CHAIN {
                    play.big.min(width)
                } else {
                    0
                };
                for p in start..start + len {
                    let big = match p {
                        0 => play.big - high_big,
                        13 => high_big,
                        _ => 0,
                    };
                    take_rank(st, chain_rank(p), width - big, big);
                }
            }
            Combo::Joker(red) => st.take_jokers(s, u8::from(red), u8::from(!red), &mut taken),
            Combo::Jokers { red, black } => st.take_jokers(s, red, black, &mut taken),
        }
        taken
    }

    #[test]
    fn taking_cards_by_face_index_agrees_with_the_card_by_card_reference() {
        let config = Config::default().single_deal();
        let mut rng = cards_core::rng::rng_from_seed(9);
        let mut plays = 0;
        for seed in 0..300 {
            let mut state = State::new(&config, seed).unwrap();
            let mut legal = Vec::new();
            while let Some(seat) = crate::BigA::to_move(&state) {
                crate::BigA::legal_actions_into(&state, &mut legal);
                let a = legal[below(&mut rng, legal.len() as u64) as usize];
                if let crate::Action::Play(p) = a {
                    let (mut x, mut y) = (state.clone(), state.clone());
                    assert_eq!(
                        x.take_cards(seat, p),
                        reference_take(&mut y, seat, p),
                        "{p}"
                    );
                    assert_eq!(x, y, "{p}");
                    plays += 1;
                }
                let mut ev = Vec::new();
                crate::BigA::apply_unchecked(&mut state, &a, &mut ev);
            }
        }
        assert!(plays > 10_000, "{plays}");
    }
}
