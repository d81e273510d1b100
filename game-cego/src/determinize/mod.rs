//! Determinization: a full state that agrees with everything one seat knows.
//!
//! # Method
//! The cards the seat has not seen go to the places hidden from it: the other seats' hands, the
//! cego while it lies face down, and the Legage unless the seat is the soloist who made it. A
//! *world* is such an assignment together with what the cards' history must then have been:
//! each seat's dealt hand (its hand now plus the cards it played; for the soloist of a discard
//! game his hand, plays and Legage less the cego he took up) and the cego as dealt.
//!
//! A world is consistent with the public record exactly when the replay that
//! [`State::validate`] runs accepts every recorded action, which comes down to:
//! 1. every bid and Hold was feasible for the caller's dealt hand (CG8, CG9): `feasible`;
//! 2. the soloist's exposure was valid for his dealt hand (CG8): `exposure_mask` /
//!    `valid_exposure`;
//! 3. the Trock shown in Two Blanks / Two Different is the lowest / highest Trock of the cego as
//!    dealt, and the cego held none when none was shown (CG13);
//! 4. every card played obeyed §6.2: the hand now holds no card of a suit the seat showed void
//!    in (and, under `ulti_must_hold_back`, no Trock once Trock 1 went early, CG9).
//!
//! Discards are face-down choices the replay re-makes from the Legage, legal whatever the cards
//! (any card, or a cego card under CG13, which the world's cego as dealt contains by
//! construction). Exposures, Trock 1 of a Little Man or Ulti bid, the shown Trock and every card
//! played stay where they are.
//!
//! Rules 3 and 4 and the mask parts of rule 2 (no numeral in the One Blank Legage after a court
//! blank; numerals of one suit only, or none, after a court in Two Different) are *masks*: the
//! places a card may go. Cards are dealt to the places at random within their masks (the most
//! constrained cards first, each to a place with chance proportional to the room left there, so
//! without masks every redeal is equally likely), and the world is kept when rules 1 and 2
//! hold; otherwise it is redrawn, at most [`ATTEMPTS`] times. The true world satisfies every
//! rule, so a consistent world exists; when the draws all fail (a rare, tightly constrained
//! position, typically late in a deal), a depth-first search over the same places in random
//! order finds one. The search is exhaustive (it prunes only worlds that cannot be consistent),
//! so it always succeeds, and it is random: it never looks at where the cards really are.
//!
//! The match seed is replaced by a fresh one (it would deal the true cards again), and the
//! state records that the current deal is not the seed's ([`State::validate`] checks later deals
//! against the seed).

use cards_core::rng::{Seed, below, next_u64, shuffle};
use cards_core::{GameRng, Seat};

use crate::cards::{Card, SUIT_MASKS, TROCK, highest, lowest, raw, set};
use crate::contract::Contract;
use crate::rules::{cego_size, exposure_mask, feasible, hand_size, valid_exposure};
use crate::state::{Deal, Phase, State};

mod known;

/// Random draws before the exhaustive search takes over.
pub(crate) const ATTEMPTS: usize = 200;

/// Limited searches (of [`NODES`] steps each) before the unlimited one.
const RESTARTS: usize = 8;
const NODES: usize = 20_000;

const TROCKS: u128 = SUIT_MASKS[TROCK as usize];

/// Redeals the cards `seat` has not seen, consistently with every public fact (see the module
/// docs): the result passes [`State::validate`], gives `seat` the same view, and the same seat
/// is to move. A finished match is returned as it is. At five players the dealer who sits out
/// has seen no card but the public ones: all four hands are redealt for him.
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    if state.over {
        return state.clone();
    }
    let model = Model::new(state, local(state, seat));
    let world = model.sample(rng).0;
    let mut out = state.clone();
    let d = &mut out.deal;
    d.hands = world.hands.map(set);
    d.legage = set(world.legage);
    d.cego = set(world.cego);
    d.cego_dealt = set(world.cego_dealt);
    out.seed = Seed::Short(next_u64(rng));
    out.seeded_from = d.index + 1;
    // A clone's vectors have no spare room: reserve what the rest of the deal (a search
    // iteration's rollout) pushes, so that it does not grow them step by step.
    let deals = out.config.max_deals() as usize;
    let d = &mut out.deal;
    d.calls.reserve(16usize.saturating_sub(d.calls.len()));
    d.history
        .reserve(usize::from(d.tricks_per_deal()).saturating_sub(d.history.len()));
    out.results.reserve(deals.saturating_sub(out.results.len()));
    out
}

/// How many random draws a determinization took (`ATTEMPTS + 1` when the search ran), for tests.
#[doc(hidden)]
pub fn attempts(state: &State, seat: Seat, rng: &mut GameRng) -> usize {
    if state.over {
        return 0;
    }
    Model::new(state, local(state, seat)).sample(rng).1
}

/// The deal's local seat of a real seat; for the seat sitting out, `S4`, which holds no hand
/// (a seat that knows only the public facts).
fn local(state: &State, seat: Seat) -> Seat {
    state.local_seat(seat).unwrap_or(Seat(4))
}

/// A place hidden from the seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Loc {
    Hand(usize),
    Legage,
    Cego,
}

#[derive(Clone, Copy, Debug)]
struct Slot {
    loc: Loc,
    size: u32,
    allowed: u128,
}

/// How the cego as dealt follows from a world.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Origin {
    /// The seat knows it (it is the soloist who took it up).
    Keep,
    /// It still lies in the middle (or is set aside): it is the world's cego.
    Lying,
    /// Cego, the last discard still to make: any 10 of the soloist's 12 cards (12 of 14 at
    /// three players).
    CegoPending,
    /// Cego after the last discard: the soloist's 11 cards (13 at three players) with the
    /// Legage card he discarded after the pickup (or not: he kept it from his dealt hand), less
    /// the two kept cards.
    Cego,
    /// One Card: the soloist's 11 cards less the one kept card.
    OneCard,
    /// One Blank, Little Man: the soloist's cards less the exposed one.
    Kept,
    /// Two Blanks / Two Different: the soloist's cards less the exposed ones, with the shown
    /// Trock.
    Shown,
    /// Two Blanks / Two Different without a cego Trock, the discard still to make (CG13): the
    /// soloist's cards less the exposed ones.
    NoTrockPending,
    /// The same after the discard: also one non-Trock of the Legage, the discard.
    NoTrock,
}

/// A candidate world: the places' cards (raw masks) and the cego as dealt.
#[derive(Clone, Copy, Debug)]
struct World {
    hands: [u128; 4],
    legage: u128,
    cego: u128,
    cego_dealt: u128,
}

/// The most places hidden from a seat: four hands (for the seat sitting out at five players),
/// the Legage, the cego.
const MAX_SLOTS: usize = 6;

/// The places hidden from the seat, without a heap allocation (determinization runs once per
/// search iteration).
#[derive(Clone, Copy, Debug)]
struct Slots {
    items: [Slot; MAX_SLOTS],
    len: usize,
}

impl Slots {
    fn new() -> Slots {
        Slots {
            items: [Slot {
                loc: Loc::Cego,
                size: 0,
                allowed: 0,
            }; MAX_SLOTS],
            len: 0,
        }
    }

    fn push(&mut self, slot: Slot) {
        if let Some(s) = self.items.get_mut(self.len) {
            *s = slot;
            self.len += 1;
        }
    }

    fn retain(&mut self, keep: impl Fn(&Slot) -> bool) {
        let mut n = 0;
        for i in 0..self.len {
            if keep(&self.items[i]) {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n;
    }
}

impl std::ops::Deref for Slots {
    type Target = [Slot];
    fn deref(&self) -> &[Slot] {
        &self.items[..self.len]
    }
}

impl std::ops::DerefMut for Slots {
    fn deref_mut(&mut self) -> &mut [Slot] {
        &mut self.items[..self.len]
    }
}

/// Where the cards `me` has not seen may go: the slots, the cards that stay where they are.
struct Places {
    /// The places hidden from `me` that unseen cards go to.
    slots: Slots,
    /// The unseen cards (raw mask).
    pool: u128,
    /// The part of each hand that stays (the seat's own hand, exposed cards, a known Trock 1).
    fixed: [u128; 4],
    /// The part of the Legage that stays (all of it for its maker, else the Trock shown).
    fixed_legage: u128,
}

impl Places {
    fn new(d: &Deal, me: usize, soloist: Option<usize>, banned: &[u128; 4]) -> Places {
        let mut p = Places {
            slots: Slots::new(),
            pool: 0,
            fixed: [0; 4],
            fixed_legage: raw(d.legage),
        };
        for (o, (&hand, &ban)) in d.hands.iter().zip(banned).enumerate() {
            let hand = raw(hand);
            if o == me {
                p.fixed[o] = hand;
                continue;
            }
            let mut known = raw(d.exposed);
            if d.t1_known.map(Seat::index) == Some(o) {
                known |= Card::T1.bit();
            }
            p.fixed[o] = hand & known;
            let mut allowed = !ban;
            if soloist == Some(o) {
                allowed &= known::trock_allowance(d);
            }
            p.hide(Loc::Hand(o), hand & !known, allowed);
        }
        let discard_game = d.contract.is_some_and(Contract::takes_cego);
        if discard_game && soloist != Some(me) && !d.legage.is_empty() {
            let shown = d.shown.map_or(0, Card::bit);
            p.fixed_legage = raw(d.legage) & shown;
            p.hide(
                Loc::Legage,
                raw(d.legage) & !shown,
                known::legage_allowance(d),
            );
        }
        p.hide(Loc::Cego, raw(d.cego), !0);
        p.slots.retain(|s| s.size > 0);
        for s in p.slots.iter_mut() {
            s.allowed &= p.pool;
        }
        p
    }

    /// A place whose `hidden` cards are unseen and may be replaced by `allowed` ones.
    fn hide(&mut self, loc: Loc, hidden: u128, allowed: u128) {
        self.pool |= hidden;
        self.slots.push(Slot {
            loc,
            size: hidden.count_ones(),
            allowed,
        });
    }
}

struct Model<'a> {
    d: &'a Deal,
    me: usize,
    soloist: Option<usize>,
    slots: Slots,
    /// The unseen cards in index order (a canonical order: never the order of the true hands).
    cards: [Card; 54],
    /// How many of `cards` there are.
    ncards: usize,
    /// The unseen cards by the number of places they may go (0 to 5): the order in which they
    /// are dealt (the most constrained first).
    levels: [u128; MAX_SLOTS + 1],
    /// Whether every unseen card may go to every place (no masks): a shuffle then deals them.
    free: bool,
    /// The part of each hand that stays (the seat's own hand, exposed cards, a known Trock 1).
    fixed: [u128; 4],
    fixed_legage: u128,
    played: [u128; 4],
    /// Cards each hand may not hold now (voids shown, CG9 hold-back).
    banned: [u128; 4],
    /// Contracts each seat bid or held (bit per contract).
    needs: [u16; 4],
    origin: Origin,
}

impl<'a> Model<'a> {
    fn new(state: &'a State, seat: Seat) -> Model<'a> {
        let d = &state.deal;
        let me = seat.index();
        let soloist = d.soloist.map(Seat::index);
        let banned = known::banned(state, soloist);
        let places = Places::new(d, me, soloist, &banned);
        let mut levels = [0u128; MAX_SLOTS + 1];
        let mut cards = [Card::T1; 54];
        let mut ncards = 0;
        for c in set(places.pool).iter() {
            let options = places.slots.iter().filter(|s| s.allowed & c.bit() != 0);
            levels[options.count().min(MAX_SLOTS)] |= c.bit();
            cards[ncards] = c;
            ncards += 1;
        }
        Model {
            d,
            me,
            soloist,
            free: places.slots.iter().all(|s| s.allowed == places.pool),
            slots: places.slots,
            cards,
            ncards,
            levels,
            fixed: places.fixed,
            fixed_legage: places.fixed_legage,
            played: d.played(),
            banned,
            needs: known::needs(d),
            origin: known::origin(d, me, soloist),
        }
    }

    /// A consistent world and the number of random draws it took.
    fn sample(&self, rng: &mut GameRng) -> (World, usize) {
        let mut buf = self.cards;
        let cards = &mut buf[..self.ncards];
        for attempt in 1..=ATTEMPTS {
            shuffle(rng, cards);
            self.order(cards);
            if let Some(got) = self.draw(cards, rng) {
                if let Some(w) = self.world(&got, rng) {
                    return (w, attempt);
                }
            }
        }
        match self.search(rng) {
            Some(w) => (w, ATTEMPTS + 1),
            // Unreachable for a state the engine reached (its true world is consistent), kept so
            // that a state read from elsewhere never panics: the true world, unchanged.
            None => (self.truth(), ATTEMPTS + 1),
        }
    }

    /// Sorts shuffled cards by their number of places, fewest first, keeping the shuffled
    /// order within each number (a stable sort by key).
    fn order(&self, cards: &mut [Card]) {
        if self.levels.iter().filter(|&&l| l != 0).count() <= 1 {
            return;
        }
        let mut out = [Card::T1; 54];
        let mut k = 0;
        for level in self.levels {
            for &c in cards.iter() {
                if level & c.bit() != 0 {
                    if let Some(slot) = out.get_mut(k) {
                        *slot = c;
                    }
                    k += 1;
                }
            }
        }
        let n = cards.len().min(k);
        cards[..n].copy_from_slice(&out[..n]);
    }

    /// Deals `cards` in order to the slots within their masks, each to a slot with chance
    /// proportional to its room left. `None` when a card finds no room. Without masks that is
    /// a uniform deal, made by cutting the (shuffled) cards into the slots' sizes.
    fn draw(&self, cards: &[Card], rng: &mut GameRng) -> Option<[u128; MAX_SLOTS]> {
        let mut got = [0u128; MAX_SLOTS];
        if self.free {
            let mut it = cards.iter();
            for (g, s) in got.iter_mut().zip(self.slots.iter()) {
                for c in it.by_ref().take(s.size as usize) {
                    *g |= c.bit();
                }
            }
            return Some(got);
        }
        let mut left = [0u32; MAX_SLOTS];
        for (l, s) in left.iter_mut().zip(self.slots.iter()) {
            *l = s.size;
        }
        for &c in cards {
            let total: u32 = self
                .slots
                .iter()
                .zip(&left)
                .filter(|(s, _)| s.allowed & c.bit() != 0)
                .map(|(_, n)| *n)
                .sum();
            if total == 0 {
                return None;
            }
            let mut r = below(rng, u64::from(total)) as u32;
            for (i, s) in self.slots.iter().enumerate() {
                if s.allowed & c.bit() != 0 {
                    if r < left[i] {
                        got[i] |= c.bit();
                        left[i] -= 1;
                        break;
                    }
                    r -= left[i];
                }
            }
        }
        Some(got)
    }

    /// The world of an assignment, with its cego as dealt, if it is consistent.
    fn world(&self, got: &[u128], rng: &mut GameRng) -> Option<World> {
        let mut w = World {
            hands: self.fixed,
            legage: self.fixed_legage,
            cego: 0,
            cego_dealt: raw(self.d.cego_dealt),
        };
        for (s, &g) in self.slots.iter().zip(got) {
            match s.loc {
                Loc::Hand(o) => w.hands[o] |= g,
                Loc::Legage => w.legage |= g,
                Loc::Cego => w.cego |= g,
            }
        }
        let s = self.soloist.unwrap_or(0);
        let exposed = raw(self.d.exposed);
        let own = w.hands[s] | self.played[s];
        let pick = |rng: &mut GameRng, m: u128| nth(m, below(rng, u64::from(m.count_ones())));
        match self.origin {
            Origin::Keep => {}
            Origin::Lying => w.cego_dealt = w.cego,
            Origin::CegoPending => {
                let a = pick(rng, w.hands[s]);
                let b = pick(rng, w.hands[s] & !a);
                w.cego_dealt = w.hands[s] & !a & !b;
            }
            Origin::Cego => {
                // At four players: 11 worlds keep a Legage card (the cego is 10 of the 11
                // cards), 10 x 55 discard one after the pickup (the cego is it and 9 of the 11).
                // At three: 13, and 12 x 78.
                let o = u64::from(own.count_ones());
                let l = u64::from(w.legage.count_ones());
                let r = below(rng, o + l * (o * o.saturating_sub(1) / 2));
                if r < o {
                    w.cego_dealt = own & !nth(own, r);
                } else {
                    let e = pick(rng, w.legage);
                    let a = pick(rng, own);
                    let b = pick(rng, own & !a);
                    w.cego_dealt = (own & !a & !b) | e;
                }
            }
            Origin::OneCard => w.cego_dealt = own & !pick(rng, own),
            Origin::Kept | Origin::NoTrockPending => w.cego_dealt = own & !exposed,
            Origin::Shown => w.cego_dealt = (own & !exposed) | self.fixed_legage,
            Origin::NoTrock => {
                let mut es: Vec<u128> = set(w.legage & !TROCKS).iter().map(Card::bit).collect();
                shuffle(rng, &mut es);
                return es.into_iter().find_map(|e| {
                    let mut v = w;
                    v.cego_dealt = (own & !exposed) | e;
                    self.consistent(&v).then_some(v)
                });
            }
        }
        self.consistent(&w).then_some(w)
    }

    /// Rules 1-4 of the module docs.
    fn consistent(&self, w: &World) -> bool {
        let d = self.d;
        if w.cego_dealt.count_ones() as usize != cego_size(d.n()) {
            return false;
        }
        let hand = hand_size(d.n()) as u32;
        let mut dealt = [0u128; 4];
        for (o, dealt_o) in dealt.iter_mut().enumerate().take(d.n()) {
            let mut h = w.hands[o] | self.played[o];
            if Some(o) == self.soloist && d.contract.is_some_and(Contract::takes_cego) {
                h = (h | w.legage) & !w.cego_dealt;
            }
            if h.count_ones() != hand || w.hands[o] & self.banned[o] != 0 {
                return false;
            }
            if o != self.me && !self.feasible_for(o, h) {
                return false;
            }
            *dealt_o = h;
        }
        let (Some(contract), Some(s)) = (d.contract, self.soloist) else {
            return true;
        };
        if !self.exposure_ok(contract, dealt[s]) {
            return false;
        }
        if !contract.double_lead() || matches!(d.phase, Phase::Expose { .. }) {
            return true;
        }
        let trocks = w.cego_dealt & TROCKS;
        match d.shown {
            None => trocks == 0,
            Some(t) if contract == Contract::TwoBlanks => lowest(trocks) == Some(t),
            Some(t) => highest(trocks) == Some(t),
        }
    }

    /// Whether the exposure so far is valid for the soloist's dealt hand (CG8).
    fn exposure_ok(&self, contract: Contract, dealt: u128) -> bool {
        let hand = set(dealt);
        let mut ex = self.d.exposed.iter();
        match (self.d.phase, ex.next()) {
            (_, None) => true,
            (Phase::Expose { first: Some(c) }, _) => {
                exposure_mask(contract, hand, None) & c.bit() != 0
            }
            (_, Some(a)) => valid_exposure(contract, hand, a, ex.next().unwrap_or(a)),
        }
    }

    fn feasible_for(&self, o: usize, dealt: u128) -> bool {
        let needs = self.needs[o];
        needs == 0
            || Contract::ALL
                .iter()
                .all(|&c| needs & (1 << c as u8) == 0 || feasible(c, set(dealt)))
    }

    /// The exhaustive search: cards in order of fewest places, each tried in every place in
    /// random order; a branch is cut only when the remaining cards cannot fill the places
    /// (Hall's condition) or a hand can no longer make its bids feasible.
    fn search(&self, rng: &mut GameRng) -> Option<World> {
        let mut buf = self.cards;
        let cards = &mut buf[..self.ncards];
        shuffle(rng, cards);
        self.order(cards);
        // Restarts in a new random order cut the long tails of an unlucky first order; the last
        // run has no limit, so the search stays exhaustive.
        for round in 0..=RESTARTS {
            let mut left: Vec<u32> = self.slots.iter().map(|s| s.size).collect();
            let mut got = vec![0u128; self.slots.len()];
            let mut budget = if round < RESTARTS { NODES } else { usize::MAX };
            if let Some(w) = self.dfs(cards, &mut left, &mut got, &mut budget, rng) {
                return Some(w);
            }
            shuffle(rng, cards);
            self.order(cards);
        }
        None
    }

    fn dfs(
        &self,
        cards: &[Card],
        left: &mut [u32],
        got: &mut [u128],
        budget: &mut usize,
        rng: &mut GameRng,
    ) -> Option<World> {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let Some((&c, rest)) = cards.split_first() else {
            return self.world(got, rng);
        };
        let mut order: Vec<usize> = (0..self.slots.len())
            .filter(|&i| left[i] > 0 && self.slots[i].allowed & c.bit() != 0)
            .collect();
        shuffle(rng, &mut order);
        for i in order {
            got[i] |= c.bit();
            left[i] -= 1;
            if self.can_finish(rest, left, got) {
                if let Some(w) = self.dfs(rest, left, got, budget, rng) {
                    return Some(w);
                }
            }
            got[i] &= !c.bit();
            left[i] += 1;
        }
        None
    }

    fn can_finish(&self, rest: &[Card], left: &[u32], got: &[u128]) -> bool {
        let n = self.slots.len();
        // Hall's condition: for every set of slots, the cards allowed only there fit there.
        let mut count = [0u32; 32];
        let mut could = vec![0u128; n];
        for &c in rest {
            let mut sig = 0usize;
            for (i, s) in self.slots.iter().enumerate() {
                if s.allowed & c.bit() != 0 && left[i] > 0 {
                    sig |= 1 << i;
                    could[i] |= c.bit();
                }
            }
            count[sig & 31] += 1;
        }
        for i in 0..n {
            for m in 0..(1usize << n) {
                if m & (1 << i) != 0 {
                    count[m] += count[m ^ (1 << i)];
                }
            }
        }
        for (m, &k) in count.iter().enumerate().take(1 << n) {
            let room: u32 = (0..n).filter(|i| m & (1 << i) != 0).map(|i| left[i]).sum();
            if k > room {
                return false;
            }
        }
        // Feasibility only grows with more cards: a hand that cannot reach it is lost.
        for (i, s) in self.slots.iter().enumerate() {
            if let Loc::Hand(o) = s.loc {
                let independent =
                    Some(o) != self.soloist || !self.d.contract.is_some_and(Contract::takes_cego);
                let most = self.fixed[o] | self.played[o] | got[i] | could[i];
                if independent && !self.feasible_for(o, most) {
                    return false;
                }
            }
            // The soloist's dealt hand is the exposed cards and the hidden Legage: an exposure
            // that says what it lacked only gets worse with more cards, feasibility better.
            if let (Loc::Legage, Origin::Kept | Origin::Shown, Some(c), Some(o)) =
                (s.loc, self.origin, self.d.contract, self.soloist)
            {
                let exposed = raw(self.d.exposed);
                if !self.exposure_ok(c, exposed | got[i])
                    || !self.feasible_for(o, exposed | got[i] | could[i])
                {
                    return false;
                }
            }
        }
        true
    }

    fn truth(&self) -> World {
        let d = self.d;
        World {
            hands: d.hands.map(raw),
            legage: raw(d.legage),
            cego: raw(d.cego),
            cego_dealt: raw(d.cego_dealt),
        }
    }
}

/// The `k`-th card (from the lowest) of a raw mask, as a mask.
fn nth(mut m: u128, k: u64) -> u128 {
    for _ in 0..k {
        m &= m - 1;
    }
    m & m.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Game;
    use cards_core::GameConfig;
    use cards_core::rng::{derive_seed, rng_from_seed};

    use crate::Cego;
    use crate::rules::Config;

    /// The fallback search alone (no random draws) finds worlds that validate, from every seat,
    /// at every state of random deals.
    #[test]
    fn the_exhaustive_search_alone_finds_valid_worlds() {
        let config = Config::default().single_deal();
        let mut rng = rng_from_seed(5);
        for g in 0..40 {
            let mut state = Cego::new(&config, derive_seed(6, g)).unwrap();
            while Cego::to_move(&state).is_some() {
                for seat in Seat::all(4) {
                    let model = Model::new(&state, seat);
                    let w = model.search(&mut rng).expect("a consistent world exists");
                    let mut out = state.clone();
                    out.deal.hands = w.hands.map(set);
                    out.deal.legage = set(w.legage);
                    out.deal.cego = set(w.cego);
                    out.deal.cego_dealt = set(w.cego_dealt);
                    assert_eq!(out.validate(), Ok(()), "game {g}, {seat}");
                    assert_eq!(Cego::view(&out, seat), Cego::view(&state, seat));
                }
                let legal = Cego::legal_actions(&state);
                let a = legal[below(&mut rng, legal.len() as u64) as usize];
                Cego::apply(&mut state, &a).unwrap();
            }
        }
    }
}
