//! The search hooks' helpers: determinization, the rollout choice, what the search bots play for
//! (rewards), the estimate at a rollout cut-off, and the default search options (see the crate
//! docs, "Search bots").

use cards_core::card::{CardIndex, FrenchCard, Suit};
use cards_core::rng::{GameRng, Seed, below, shuffle};
use cards_core::search::{IsmctsOptions, Rollout, linear_rewards};
use cards_core::seat::{PerSeat, Seat};
use rand_core_shim::next_u64;

use crate::action::Action;
use crate::bots::{Top, choose_play, trivial};
use crate::event::ExposeKind::{LoneSecond, Overcall, Protect};
use crate::hand::Hand;
use crate::rules::{ACE, ASKED_DRAWS, Counts, DIR, MAX_REDEALS, PLAYERS, RANKS};
use crate::scoring::deal_scores;
use crate::state::{Phase, State, ace};

/// [`HeuristicBot`](crate::HeuristicBot)'s choice read straight from a (determinized) state, without building a
/// view: the same facts (the seat's own cards and team, the public team and hand size of the
/// seat on top of the pile), so the same choice.
pub(crate) fn rollout_choice(state: &State, seat: Seat, legal: &[Action]) -> usize {
    if trivial(legal) || state.phase != Phase::Play {
        return 0;
    }
    let s = seat.index() % PLAYERS;
    let top = state.top.map(|(top_seat, _)| Top {
        partner: state.known_team(top_seat) == Some(state.on_team(seat)),
        close: state
            .hands
            .get(top_seat.index())
            .is_some_and(|h| h.len() <= 6),
    });
    choose_play(legal, &state.counts[s], state.hands[s].len(), top)
}

/// The largest score of one hand (a lone declarer first with both Big Aces exposed).
pub const REWARD_SCALE: f64 = 64.0;

/// Rewards linear in the match totals: `0.5 + total / (2 · 64)` per hand of the match, so that a
/// bot maximising its expected reward maximises its expected score.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    let totals = PerSeat(state.totals.iter().map(|&x| f64::from(x)).collect());
    let hands = state.config.hands.max(1) as f64;
    linear_rewards(&totals, REWARD_SCALE * hands)
}

/// How far a seat still is from going out, lower is better: one per rank it holds one or two
/// cards of (each needs a play of its own), less for the cards that win tricks and give the
/// lead back (eggs and bigger bombs, jokers, Big Aces, Threes).
fn distance(c: &Counts) -> f64 {
    let mut d = 0.0;
    for (r, &n) in c.rank.iter().enumerate() {
        d += match n {
            0 => 0.0,
            1 | 2 => 1.0,
            3 => -0.2,
            _ => -0.7,
        };
        if r == RANKS - 1 && n > 0 && n < 3 {
            d -= 0.4; // Threes: the highest plain rank
        }
    }
    if c.rank[ACE as usize] > 0 && c.rank[ACE as usize] < 3 {
        d -= 0.2;
    }
    let jokers = f64::from(c.jokers[0] + c.jokers[1]);
    d - 0.8 * jokers - 0.9 * f64::from(c.big)
}

/// The estimate at a rollout cut-off. Before card play the rest of the draw is played out as
/// if everyone passes (the cards are already in the stock of a determinized state). At card
/// play, the seats still holding cards are placed by [`distance`] (ties: fewer cards, then
/// the order of play from the seat to move), after the seats already out; the hand is scored
/// with the seed's tables and the result turned into rewards as by [`rewards`].
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    match state.phase {
        Phase::Over => rewards(state),
        Phase::Play => estimate(state),
        Phase::Draw | Phase::PartnerExposure { .. } => {
            let mut st = state.clone();
            let mut events = Vec::new();
            // At most a few redeals of 108 draws each; bounded anyway.
            for _ in 0..4000 {
                if matches!(st.phase, Phase::Play | Phase::Over) {
                    break;
                }
                events.clear();
                <crate::BigA as cards_core::game::Game>::apply_unchecked(
                    &mut st,
                    &Action::Pass,
                    &mut events,
                );
            }
            if st.phase == Phase::Play {
                estimate(&st)
            } else {
                rewards(&st)
            }
        }
    }
}

fn estimate(state: &State) -> PerSeat<f64> {
    let Some(d) = state.declarer else {
        return rewards(state);
    };
    let mut places: [Seat; PLAYERS] = [Seat(0); PLAYERS];
    let mut n = 0;
    for &s in &state.places {
        if n < PLAYERS {
            places[n] = s;
            n += 1;
        }
    }
    let mut rest: [(f64, usize, usize, Seat); PLAYERS] = [(0.0, 0, 0, Seat(0)); PLAYERS];
    let mut m = 0;
    for (k, s) in state.turn.cycle_from(PLAYERS, DIR).enumerate() {
        let h = &state.hands[s.index()];
        if h.is_empty() {
            continue;
        }
        rest[m] = (distance(&state.counts[s.index()]), h.len(), k, s);
        m += 1;
    }
    let rest = &mut rest[..m];
    rest.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    for r in rest.iter() {
        if n < PLAYERS {
            places[n] = r.3;
            n += 1;
        }
    }
    let scores = deal_scores(
        &places[..n],
        d,
        state.partner,
        state.partner_exposed,
        state.declarer_shown >= 2,
    );
    let hands = state.config.hands.max(1) as f64;
    let totals = PerSeat(
        state
            .totals
            .iter()
            .zip(scores)
            .map(|(&t, s)| f64::from(t + s))
            .collect(),
    );
    linear_rewards(&totals, REWARD_SCALE * hands)
}

/// The default search options of Big A (see the crate docs, "Search bots").
pub(crate) fn defaults() -> IsmctsOptions {
    IsmctsOptions {
        exploration: 0.25,
        rollout: Rollout::Heuristic,
        cutoff: Some(14),
        widening: None,
        ..IsmctsOptions::default()
    }
}

/// The `expert` bot's search ([`cards_core::Search::expert_options`]): the default search
/// with 8,000 iterations, about 50 ms a decision on one core of the project's machine. On a
/// declared seed it beats ISMCTS at 1,000 iterations, where the earlier 2,500 were not apart
/// from it (`docs/strength.md`).
pub(crate) fn expert_options() -> IsmctsOptions {
    IsmctsOptions {
        iterations: 8000,
        ..defaults()
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
/// other Big Ace unless the seat knows who it is, and a fresh seed for later hands. The deal
/// keeps what the play so far shows: with only the declarer and one other seat holding cards,
/// the hand going on says that seat is not the partner, so it gets no hidden Big Ace (B10).
///
/// It depends only on what the seat knows and on the generator: the unseen cards are gathered
/// as one multiset and listed in face order before the shuffle (never in the order of the true
/// hidden hands or stock), and the start of the hand that the state records for its replay
/// (each other seat's draws, or a stated position's hands) is rewritten canonically from their
/// new hands and the public record. So two states the seat cannot tell apart give
/// the same state from equal generators, and a search bot cannot read hidden cards through it.
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut st = state.clone();
    st.seed = Seed::Short(next_u64(rng));
    if state.phase == Phase::Over {
        return st;
    }
    let swapped = deal_unseen(state, &mut st, seat, rng);
    restart(state, &mut st, seat, &swapped);
    if state.phase == Phase::Play {
        // The counts are a cache of card play: empty before it, as in the state itself.
        st.recount();
        follow_partner(state, &mut st, seat);
    }
    st
}

/// Deals the cards hidden from `seat` (the others' unexposed cards, the stock still to draw)
/// again at random into `st`: gathered as one multiset, listed in face order, shuffled.
/// Returns each seat's hidden cards and the new ones dealt in their place.
fn deal_unseen(state: &State, st: &mut State, seat: Seat, rng: &mut GameRng) -> Swapped {
    let mut unseen = Hand::new();
    let mut sizes = [0usize; PLAYERS];
    let mut swapped = [[Hand::new(); PLAYERS]; 2];
    for x in Seat::all(PLAYERS).filter(|&x| x != seat) {
        let i = x.index();
        let hidden = &mut swapped[0][i];
        *hidden = state.hands[i];
        hidden.remove_all(&state.known[i]);
        sizes[i] = hidden.len();
        unseen.add_all(hidden);
        st.hands[i] = state.known[i];
    }
    let drawn = usize::from(state.drawn).min(state.stock.len());
    for &c in &state.stock[drawn..] {
        unseen.add(c);
    }
    let mut pool: Vec<FrenchCard> = Vec::with_capacity(unseen.len());
    pool.extend(unseen.iter());
    shuffle(rng, &mut pool);
    // From redeal MAX_REDEALS on, before anybody declares, everyone knows a heart Ace is among
    // the seen cards (B12): the deals that hide both face down are drawn again.
    if state.attempt >= MAX_REDEALS && state.phase == Phase::Draw && state.declarer.is_none() {
        let seen = sizes.iter().sum::<usize>() + usize::from(ASKED_DRAWS).saturating_sub(drawn);
        let ah = ace(Suit::Hearts);
        let hides = |pool: &[FrenchCard]| {
            let face_down = pool.get(seen..).unwrap_or(&[]);
            face_down.iter().filter(|&&c| c == ah).count() == 2
        };
        // Each try fails with probability at most 2/3 (`seen` is never 0 here): bounded.
        for _ in 0..256 {
            if seen == 0 || !hides(&pool) {
                break;
            }
            shuffle(rng, &mut pool);
        }
    }
    if let Some((q, d, ba)) = barred(state, seat) {
        keep_from(&mut pool, &sizes, (q, d), ba, rng);
    }
    let mut it = pool.into_iter();
    for (i, &n) in sizes.iter().enumerate() {
        for c in it.by_ref().take(n) {
            st.hands[i].add(c);
            swapped[1][i].add(c);
        }
    }
    for (slot, c) in st.stock[drawn..].iter_mut().zip(it) {
        *slot = c;
    }
    swapped
}

/// At card play with only the declarer and one other seat holding cards, that seat and the
/// declarer's Big Ace: the hand goes on, so they are not one team (B10), and that seat did not
/// hold the other Big Ace when play started. Public, so no leak; `None` when `seat` is that seat
/// (its cards are not dealt again) or the declarer (it knows where the Big Aces are).
fn barred(state: &State, seat: Seat) -> Option<(Seat, Seat, FrenchCard)> {
    let (Some(d), Some(suit), Phase::Play) = (state.declarer, state.big_suit, state.phase) else {
        return None;
    };
    let mut holders = Seat::all(PLAYERS).filter(|&x| !state.hands[x.index()].is_empty());
    let (a, b) = (holders.next()?, holders.next()?);
    let q = match (a == d, b == d) {
        (true, _) => b,
        (_, true) => a,
        _ => return None,
    };
    let two = holders.next().is_none();
    (two && seat != q && seat != d).then_some((q, d, ace(suit)))
}

/// Moves each Big Ace `ba` that the shuffled `pool` deals to `q` (the seats' shares, `sizes`,
/// taken in seat order) to a place drawn at random in the declarer `d`'s share: the deals in
/// which `q` gets none, each as likely as before (see [`barred`]).
fn keep_from(
    pool: &mut [FrenchCard],
    sizes: &[usize; PLAYERS],
    (q, d): (Seat, Seat),
    ba: FrenchCard,
    rng: &mut GameRng,
) {
    let start = |x: Seat| sizes[..x.index()].iter().sum::<usize>();
    let (from, to) = (start(q), start(d));
    let (q_len, d_len) = (sizes[q.index()], sizes[d.index()] as u64);
    for k in from..from + q_len {
        if pool[k] == ba && d_len > 0 {
            let j = to + below(rng, d_len) as usize;
            pool.swap(k, j);
        }
    }
}

/// Per seat, its hidden cards (`[0]`) and the new ones [`deal_unseen`] dealt it (`[1]`).
type Swapped = [[Hand; PLAYERS]; 2];

/// In card play, the partner follows the other Big Ace in `st`, unless `seat` knows who it
/// is or it is public.
fn follow_partner(state: &State, st: &mut State, seat: Seat) {
    let (Some(d), Some(suit)) = (state.declarer, state.big_suit) else {
        return;
    };
    let known = state.known_team(state.partner.unwrap_or(d)) == Some(true)
        && (state.partner.is_some_and(|p| state.revealed(p) >= 1)
            || (state.partner.is_none() && state.revealed(d) >= 2));
    let knows = Some(seat) == state.partner || (seat == d && state.partner.is_none());
    if known || knows {
        return;
    }
    let ba = ace(suit);
    let hidden_ba = |x: Seat| st.hands[x.index()].count(ba) > state.known[x.index()].count(ba);
    if let Some(p) = Seat::all(PLAYERS).find(|&x| x != d && x != seat && hidden_ba(x)) {
        st.partner = Some(p);
    } else if hidden_ba(d) {
        st.partner = None;
    }
}

/// Rewrites the start of the hand in `st` (from `state`, for `seat`) so that replaying the
/// recorded actions gives the new hands: each other seat's hidden cards in it are swapped for
/// its new ones (a stated position's hands), and its draws laid out anew: its exposed Aces
/// first in the order exposed (held when it exposed them, B4, B5), then its other cards in
/// face order, a heart Ace last (face down, so that the forced heart Ace stays where it was,
/// B5). Card play takes identical cards by suit order, which new hands need not follow: the
/// replay gives them as the rules see them (see [`State::validate`]).
fn restart(state: &State, st: &mut State, seat: Seat, [hidden, new]: &Swapped) {
    let drawn = usize::from(state.drawn).min(state.stock.len());
    let ah = ace(Suit::Hearts);
    for x in Seat::all(PLAYERS).filter(|&x| x != seat) {
        let i = x.index();
        if let Some((_, hands)) = st.stated.as_deref_mut() {
            hands[i].remove_all(&hidden[i]);
            hands[i].add_all(&new[i]);
            continue;
        }
        // Its draws: every fifth card from its first (no `drawer` per card; plain strides
        // rather than `step_by`: a hot path), its hidden cards among them swapped for its new
        // ones.
        let first = (0..PLAYERS)
            .find(|&k| state.drawer(k as u8) == x)
            .unwrap_or(0);
        let (mut left, mut cards) = (hidden[i], new[i]);
        let mut k = first;
        while let Some(&c) = state.stock.get(k).filter(|_| k < drawn) {
            if !left.remove(c) {
                cards.add(c);
            }
            k += PLAYERS;
        }
        if !left.is_empty() {
            // Hidden cards its draws do not hold as such: card play takes identical cards by
            // suit order, and a state read back matches its replay only as the rules see the
            // cards (B1). Each stands for a drawn card of its kind, which it was: that card is
            // not one it played, so its new card takes the place.
            // Its kind: the rank (a joker its own), a Big Ace apart.
            let big = state.big_suit.map(ace);
            let kind = |x: FrenchCard| (x.rank().ok_or(x), Some(x) == big);
            for c in left.iter() {
                let drawn = |x: FrenchCard| kind(x) == kind(c) && cards.count(x) > new[i].count(x);
                let found = cards.iter().find(|&x| drawn(x));
                if let Some(x) = found {
                    cards.remove(x);
                }
            }
        }
        let (mut exposed, mut n) = ([ah; 8], 0);
        for e in state.exposures.iter().filter(|e| e.seat == x) {
            let second = matches!(e.kind, Overcall | Protect | LoneSecond);
            let want = 1 + usize::from(second);
            while n < 8 && exposed[..n].iter().filter(|&&c| c == ace(e.suit)).count() < want {
                if !cards.remove(ace(e.suit)) {
                    break;
                }
                (exposed[n], n) = (ace(e.suit), n + 1);
            }
        }
        // By face index rather than through `Hand::iter` (a hot path), a heart Ace last.
        let rest = cards.faces().iter().enumerate().filter(|&(_, &m)| m > 0);
        let rest = rest.filter_map(|(i, &m)| Some((FrenchCard::from_index(i)?, m)));
        let (mut k, last) = (first, cards.count(ah));
        let mut put = |c, m: u8| {
            for _ in 0..m {
                match st.stock.get_mut(k).filter(|_| k < drawn) {
                    Some(slot) => *slot = c,
                    None => return,
                }
                k += PLAYERS;
            }
        };
        exposed[..n].iter().for_each(|&c| put(c, 1));
        rest.filter(|&(c, _)| c != ah).for_each(|(c, m)| put(c, m));
        put(ah, last);
    }
}
