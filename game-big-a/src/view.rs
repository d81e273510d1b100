//! What one seat may see, and determinization for that seat.

use std::fmt;

use cards_core::card::{CardIndex, FrenchCard, Suit};
use cards_core::rng::{GameRng, shuffle};
use cards_core::seat::Seat;
use rand_core_shim::next_u64;
use serde::{Deserialize, Serialize};

use crate::action::Play;
use crate::event::{ExposeKind, Exposure};
use crate::hand::Hand;
use crate::state::{PACK, PLAYERS, Phase, State, ace};

/// One seat's view: its own seen cards, others' counts, exposures, the pile, public team
/// knowledge, places and scores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The viewer.
    pub seat: Seat,
    /// The current hand, from 1.
    pub hand_number: u32,
    /// Hands in the match.
    pub hands_in_match: usize,
    /// The phase.
    pub phase: Phase,
    /// Who decides now.
    pub to_move: Option<Seat>,
    /// Who drew first this hand.
    pub first_drawer: Seat,
    /// The viewer's seen cards (the face-down card is not among them until taken up).
    pub hand: Hand,
    /// Cards left in the stock (the face-down cards included until the pick-up).
    pub stock: usize,
    /// Cards held per seat.
    pub counts: Vec<usize>,
    /// Every exposure so far this hand.
    pub exposures: Vec<Exposure>,
    /// The declarer.
    pub declarer: Option<Seat>,
    /// The Big Aces' suit.
    pub big_suit: Option<Suit>,
    /// Public knowledge per seat: `Some(true)` on the Big Ace team, `Some(false)` opponent.
    pub teams: Vec<Option<bool>>,
    /// The viewer's own team, once it knows it.
    pub my_team: Option<bool>,
    /// The top of the pile and who played it.
    pub top: Option<(Seat, Play)>,
    /// The cards of the current trick.
    pub table: Hand,
    /// Cards set aside this hand (played in finished tricks).
    pub out_of_play: Hand,
    /// Passes since the last play.
    pub passes: u8,
    /// Finishing order so far.
    pub places: Vec<Seat>,
    /// Match totals.
    pub totals: Vec<i32>,
    /// The last finished hand's scores.
    pub last_scores: Option<Vec<i32>>,
}

impl View {
    /// The view of `seat`.
    pub fn of(state: &State, seat: Seat) -> View {
        let s = seat.index() % PLAYERS;
        let my_team = match state.phase {
            Phase::Draw => state.declarer.map(|d| d == seat).filter(|&b| b),
            Phase::PartnerExposure { .. } => Some(
                state.declarer == Some(seat)
                    || state
                        .big_suit
                        .is_some_and(|suit| state.hands[s].count(ace(suit)) > 0),
            ),
            Phase::Play | Phase::Over => Some(state.on_team(seat)),
        };
        View {
            seat,
            hand_number: state.deal + 1,
            hands_in_match: state.config.hands,
            phase: state.phase,
            to_move: (state.phase != Phase::Over).then_some(state.turn),
            first_drawer: state.first_drawer,
            hand: state.hands[s],
            stock: PACK.saturating_sub(usize::from(state.drawn)),
            counts: state.hands.iter().map(Hand::len).collect(),
            exposures: state.exposures.clone(),
            declarer: state.declarer,
            big_suit: state.big_suit,
            teams: Seat::all(PLAYERS).map(|x| state.known_team(x)).collect(),
            my_team,
            top: state.top,
            table: state.table,
            out_of_play: state.discard,
            passes: state.passes,
            places: state.places.clone(),
            totals: state.totals.to_vec(),
            last_scores: state.last_scores.map(|x| x.to_vec()),
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "Big A, hand {} of {} - you are {}",
            self.hand_number, self.hands_in_match, self.seat
        )?;
        match (self.declarer, self.big_suit) {
            (Some(d), Some(suit)) => {
                let alone = self
                    .exposures
                    .iter()
                    .filter(|e| e.seat == d && e.suit == suit)
                    .map(|e| e.count)
                    .sum::<u8>()
                    >= 2;
                writeln!(
                    f,
                    "declarer {d}, Big Aces A{suit}{}",
                    if alone { " (declarer alone)" } else { "" }
                )?;
            }
            _ => writeln!(f, "no Big Ace yet")?,
        }
        for e in &self.exposures {
            if e.kind != ExposeKind::Declare && e.kind != ExposeKind::ForcedHeart {
                writeln!(
                    f,
                    "  {} exposed {} x A{} ({:?})",
                    e.seat, e.count, e.suit, e.kind
                )?;
            }
        }
        if self.phase == Phase::Draw {
            writeln!(f, "drawing: {} cards left in the stock", self.stock)?;
        }
        for s in Seat::all(PLAYERS) {
            let team = match self.teams.get(s.index()).copied().flatten() {
                Some(true) if Some(s) == self.declarer => "declarer",
                Some(true) => "partner",
                Some(false) => "opponent",
                None => "?",
            };
            let place = self
                .places
                .iter()
                .position(|&x| x == s)
                .map(|p| format!(", out {}", p + 1))
                .unwrap_or_default();
            let me = if s == self.seat { " (you)" } else { "" };
            let turn = if Some(s) == self.to_move {
                " <- to move"
            } else {
                ""
            };
            let n = self.counts.get(s.index()).copied().unwrap_or(0);
            writeln!(
                f,
                "  {s}{me}: {n} card{}, {team}{place}, total {:+}{turn}",
                if n == 1 { "" } else { "s" },
                self.totals.get(s.index()).copied().unwrap_or(0),
            )?;
        }
        match self.top {
            Some((s, p)) => writeln!(f, "pile: {p} by {s} ({} passes)", self.passes)?,
            None if self.phase == Phase::Play => writeln!(f, "pile: empty, a new lead")?,
            None => {}
        }
        if let Some(t) = &self.my_team {
            let who = if *t {
                "on the Big Ace team"
            } else {
                "an opponent"
            };
            writeln!(f, "you are {who}")?;
        }
        if let Some(s) = &self.last_scores {
            let v: Vec<String> = s.iter().map(|x| format!("{x:+}")).collect();
            writeln!(f, "last hand: {}", v.join(" "))?;
        }
        let cards: Vec<String> = self
            .hand
            .sorted()
            .iter()
            .map(|c: &FrenchCard| {
                if Some(*c) == self.big_suit.map(ace) {
                    format!("{c}*")
                } else {
                    c.to_string()
                }
            })
            .collect();
        write!(f, "your hand ({}): {}", cards.len(), cards.join(" "))
    }
}

mod rand_core_shim {
    use cards_core::rng::{GameRng, below};

    /// A fresh 64-bit value from the generator.
    pub fn next_u64(rng: &mut GameRng) -> u64 {
        (below(rng, 1 << 32) << 32) | below(rng, 1 << 32)
    }
}

/// A state that `seat` cannot tell from `state`: every card hidden from it (others' unexposed
/// cards, the stock with the face-down cards) dealt again at random, the partner following the
/// other Big Ace unless the seat knows who it is, and a fresh seed for later hands.
///
/// It depends only on what the seat knows and on the generator: the unseen cards are gathered
/// as one multiset and listed in face order before the shuffle (never in the order of the true
/// hidden hands or stock), the draw history of the other seats is rewritten canonically from
/// their new hands, and at card play, where the history no longer matters, the stock is the pack
/// in face order. So two states the seat cannot tell apart give the same state from equal
/// generators, and a search bot cannot read hidden cards through it.
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut st = state.clone();
    st.seed = next_u64(rng);
    if state.phase == Phase::Over {
        return st;
    }
    let mut unseen = Hand::new();
    let mut sizes = [0usize; PLAYERS];
    for x in Seat::all(PLAYERS).filter(|&x| x != seat) {
        let i = x.index();
        let mut hidden = state.hands[i];
        hidden.remove_all(&state.known[i]);
        sizes[i] = hidden.len();
        unseen.add_all(&hidden);
        st.hands[i] = state.known[i];
    }
    let drawn = usize::from(state.drawn).min(state.stock.len());
    for &c in &state.stock[drawn..] {
        unseen.add(c);
    }
    let mut pool: Vec<FrenchCard> = Vec::with_capacity(unseen.len());
    pool.extend(unseen.iter());
    shuffle(rng, &mut pool);
    let mut it = pool.into_iter();
    for (i, &n) in sizes.iter().enumerate() {
        for c in it.by_ref().take(n) {
            st.hands[i].add(c);
        }
    }
    for (slot, c) in st.stock[drawn..].iter_mut().zip(it) {
        *slot = c;
    }
    match state.phase {
        Phase::Draw | Phase::PartnerExposure { .. } => redraw(&mut st, seat, drawn),
        _ => {
            // The draw history is hidden and no longer used: the pack in face order.
            if st.stock.len() == PACK {
                for (k, slot) in st.stock.iter_mut().enumerate() {
                    if let Some(c) = FrenchCard::from_index(k / 2) {
                        *slot = c;
                    }
                }
            }
        }
    }
    if state.phase == Phase::Play {
        // The counts are a cache of card play: empty before it, as in the state itself.
        st.recount();
    }
    if matches!(state.phase, Phase::Play)
        && let (Some(d), Some(suit)) = (state.declarer, state.big_suit)
    {
        let known = state.known_team(state.partner.unwrap_or(d)) == Some(true)
            && (state.partner.is_some_and(|p| state.revealed(p) >= 1)
                || (state.partner.is_none() && state.revealed(d) >= 2));
        let knows = Some(seat) == state.partner || (seat == d && state.partner.is_none());
        if !known && !knows {
            let ba = ace(suit);
            let hidden_ba =
                |x: Seat| st.hands[x.index()].count(ba) > state.known[x.index()].count(ba);
            if let Some(p) = Seat::all(PLAYERS).find(|&x| x != d && x != seat && hidden_ba(x)) {
                st.partner = Some(p);
            } else if hidden_ba(d) {
                st.partner = None;
            }
        }
    }
    st
}

/// Rewrites the drawn part of the stock so that each seat's draws are the cards of its (new)
/// hand: the seat's own draws stay as they were (it saw them), every other seat's draws are
/// its new hand in face order. The history of the draw is then one that gives the
/// determinized hands, and depends only on them.
fn redraw(st: &mut State, seat: Seat, drawn: usize) {
    let mut left = st.hands;
    for k in 0..drawn {
        if st.drawer(k as u8) == seat {
            left[seat.index()].remove(st.stock[k]);
        }
    }
    let mut next = [0usize; PLAYERS];
    for k in 0..drawn {
        let x = st.drawer(k as u8);
        if x == seat {
            continue;
        }
        let h = &mut left[x.index()];
        let faces = h.faces();
        let Some(i) = (next[x.index()]..faces.len()).find(|&i| faces[i] > 0) else {
            continue;
        };
        next[x.index()] = i;
        if let Some(c) = FrenchCard::from_index(i) {
            h.remove(c);
            st.stock[k] = c;
        }
    }
}
