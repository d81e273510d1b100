//! Einer ist immer's own observation: what the seat's `View` holds written straight into the
//! vector (no serde walk, no notation), for the speed of the batch environment on the game
//! closest to dou dizhu. docs/python.md states the layout; ranks are indexed 0 to 12 for 2 to
//! Ace and 13 for the joker; seats 0 to 9.
//!
//! Two encoders write the same vector: [`encode_state`] reads the parts of the state that
//! `View::of(state, seat)` copies (the batch environment's and `Game.observation`'s, with no
//! view built), [`encode`] reads a [`View`] (the reference, which `check_state_encoding`
//! compares with the first over random deals). Both go through the same block writers, and both
//! write every entry of the vector, so it needs no zeroing first.

use cards_core::{GameState, Seat};
use game_einer_ist_immer::{Action, Cards, ExchangeView, JOKER, Play, State, TWO, Turn, View};

const SEATS: usize = 10;
const FACES: usize = 14;
/// Offsets of the blocks (docs/python.md).
const HAND: usize = 4 * SEATS;
const ASIDE: usize = HAND + FACES;
const PLAYED: usize = ASIDE + FACES;
const PER_SEAT: usize = PLAYED + SEATS * FACES;
const TOP: usize = PER_SEAT + 4 * SEATS;
const TRICK: usize = TOP + 1 + 13 + 2 + SEATS;
const POINTS: usize = TRICK + 2;
const HANDS: usize = POINTS + SEATS;
const EXCHANGE: usize = HANDS + 2;

/// The length of the observation.
pub const SIZE: usize = EXCHANGE + 1 + SEATS + 1 + 2 * FACES; // exchange: present, partner, higher, gave, received

/// Cards per rank, 2 to Ace then the jokers, into `out[..FACES]`.
fn faces(cards: &Cards, out: &mut [f32]) {
    let counts = &cards.0.0;
    let out = &mut out[..FACES];
    let two = usize::from(TWO);
    for (o, &c) in out[..13].iter_mut().zip(&counts[two..two + 13]) {
        *o = f32::from(c);
    }
    out[13] = f32::from(counts[usize::from(JOKER)]);
}

/// A one-hot of `seat` over `out[..SEATS]` (all 0 for none).
fn one_hot(seat: Option<Seat>, out: &mut [f32]) {
    let out = &mut out[..SEATS];
    out.fill(0.0);
    if let Some(s) = seat.filter(|s| s.index() < SEATS) {
        out[s.index()] = 1.0;
    }
}

/// `(place + 1) / n` at each listed seat's entry of `out[..SEATS]`, 0 elsewhere.
fn places(seats: &[Seat], n: f32, out: &mut [f32]) {
    let out = &mut out[..SEATS];
    out.fill(0.0);
    for (place, s) in seats.iter().enumerate() {
        if let Some(o) = out.get_mut(s.index()) {
            *o = (place + 1) as f32 / n;
        }
    }
}

/// What the four one-hots, the hand and the jokers set aside hold.
struct Head<'a> {
    seat: Seat,
    to_move: Option<usize>,
    leader: Seat,
    dealer: Seat,
    hand: &'a Cards,
    set_aside: &'a Cards,
}

fn head(h: &Head<'_>, out: &mut [f32]) {
    one_hot(Some(h.seat), &mut out[..]);
    one_hot(h.to_move.map(|s| Seat(s as u8)), &mut out[SEATS..]);
    one_hot(Some(h.leader), &mut out[2 * SEATS..]);
    one_hot(Some(h.dealer), &mut out[3 * SEATS..]);
    faces(h.hand, &mut out[HAND..]);
    faces(h.set_aside, &mut out[ASIDE..]);
}

/// What each seat played this hand (`played`, one entry per seat), 0 past the last seat.
fn played<'a>(played: impl Iterator<Item = &'a Cards>, out: &mut [f32]) {
    let out = &mut out[PLAYED..PER_SEAT];
    let mut written = 0;
    for (cards, row) in played.zip(out.chunks_exact_mut(FACES)) {
        faces(cards, row);
        written += FACES;
    }
    out[written..].fill(0.0);
}

/// The per-seat block: cards in hand, chair, place this hand, place in the previous hand.
fn per_seat(
    counts: impl Iterator<Item = u8>,
    n: f32,
    [chairs, finished, previous]: [&[Seat]; 3],
    out: &mut [f32],
) {
    let out = &mut out[PER_SEAT..TOP];
    out[..SEATS].fill(0.0);
    for (o, c) in out[..SEATS].iter_mut().zip(counts) {
        *o = f32::from(c);
    }
    places(chairs, n, &mut out[SEATS..]);
    places(finished, n, &mut out[2 * SEATS..]);
    places(previous, n, &mut out[3 * SEATS..]);
}

/// The trick's top play and who made it, the turns and passes of the trick.
fn trick(top: Option<(Seat, Play)>, trick: &[Turn], out: &mut [f32]) {
    let block = &mut out[TOP..TRICK];
    block.fill(0.0);
    if let Some((who, play)) = top {
        block[0] = 1.0;
        block[1 + usize::from(play.rank().clamp(TWO, game_einer_ist_immer::ACE) - TWO)] = 1.0;
        block[14] = f32::from(play.naturals());
        block[15] = f32::from(play.jokers());
        one_hot(Some(who), &mut block[16..]);
    }
    out[TRICK] = trick.len() as f32;
    out[TRICK + 1] = trick
        .iter()
        .filter(|t| matches!(t.action, Action::Pass))
        .count() as f32;
}

/// Match points per seat, the hand number and the hands of the match, and the seat's own
/// exchange.
fn tail(points: &[i32], [hand, hands]: [u32; 2], exchange: Option<&ExchangeView>, out: &mut [f32]) {
    let block = &mut out[POINTS..HANDS];
    block.fill(0.0);
    for (o, &p) in block.iter_mut().zip(points) {
        *o = p as f32;
    }
    out[HANDS] = hand as f32;
    out[HANDS + 1] = hands as f32;
    let rest = &mut out[EXCHANGE..SIZE];
    rest.fill(0.0);
    if let Some(x) = exchange {
        rest[0] = 1.0;
        one_hot(Some(x.partner), &mut rest[1..=SEATS]);
        rest[1 + SEATS] = if x.higher { 1.0 } else { 0.0 };
        faces(&x.gave, &mut rest[2 + SEATS..2 + SEATS + FACES]);
        faces(&x.received, &mut rest[2 + SEATS + FACES..]);
    }
}

/// `seat`'s exchange this hand, as the view holds it (`View::refill`).
fn exchange_of(state: &State, seat: Seat) -> Option<ExchangeView> {
    state.exchanges().iter().find_map(|x| {
        if x.higher == seat {
            Some(ExchangeView {
                partner: x.lower,
                higher: true,
                gave: x.from_higher,
                received: x.from_lower,
            })
        } else if x.lower == seat {
            Some(ExchangeView {
                partner: x.higher,
                higher: false,
                gave: x.from_lower,
                received: x.from_higher,
            })
        } else {
            None
        }
    })
}

/// The match totals in units of 1/(n-1) (`State::points`), on the stack.
fn points(state: &State, players: usize) -> [i32; SEATS] {
    let n = players.min(SEATS);
    let mut t = [0; SEATS];
    for ranking in state.rankings() {
        for (p, s) in ranking.iter().enumerate() {
            if let Some(v) = t[..n].get_mut(s.index()) {
                *v += (n - 1) as i32 - 2 * p as i32;
            }
        }
    }
    t
}

/// Writes the observation of `seat` in `state` into `out` (of [`SIZE`]; every entry written),
/// from the parts of the state that `View::of(state, seat)` holds: the same vector as
/// [`encode`] of that view, without building it.
pub fn encode_state(state: &State, seat: Seat, to_move: Option<usize>, out: &mut [f32]) {
    let config = state.config();
    let players = config.players;
    let n = players.max(1) as f32;
    let head_of = Head {
        seat,
        to_move,
        leader: state.leader(),
        dealer: state.dealer(),
        hand: &state.hand_of(seat),
        set_aside: &state.set_aside(),
    };
    head(&head_of, out);
    played(state.played_by().iter().take(SEATS), out);
    let counts = (0..players.min(SEATS)).map(|s| state.hand_of(Seat(s as u8)).len() as u8);
    let lists = [state.chairs(), state.finished(), state.previous_ranking()];
    per_seat(counts, n, lists, out);
    trick(state.top(), state.trick(), out);
    let hands = [state.hand_number(), config.hands];
    let points = points(state, players);
    tail(
        &points[..players.min(SEATS)],
        hands,
        exchange_of(state, seat).as_ref(),
        out,
    );
}

/// Writes the observation of `view`'s seat into `out` (of [`SIZE`]; every entry written): the
/// reference encoding, which [`encode_state`] must equal.
pub fn encode(view: &View, to_move: Option<usize>, out: &mut [f32]) {
    let n = view.players.max(1) as f32;
    let head_of = Head {
        seat: view.seat,
        to_move,
        leader: view.leader,
        dealer: view.dealer,
        hand: &view.hand,
        set_aside: &view.set_aside,
    };
    head(&head_of, out);
    played(view.played_by.iter().take(SEATS), out);
    let lists = [&view.chairs[..], &view.finished, &view.previous_ranking];
    per_seat(view.counts.iter().copied(), n, lists, out);
    trick(view.top, &view.trick, out);
    let hands = [view.hand_number, view.hands_in_match];
    tail(&view.points, hands, view.exchange.as_ref(), out);
}

/// Plays `deals` random deals of `players` seats (`hands` hands each, from `seed`) and compares,
/// at every step and for every seat, [`encode_state`] with [`encode`] of the seat's view (both
/// written over a buffer of garbage, to check that every entry is written); returns the number
/// of observations compared, or the first difference.
pub fn check_state_encoding(
    players: usize,
    hands: u32,
    seed: u64,
    deals: u64,
) -> Result<usize, String> {
    use cards_core::Game;
    use cards_core::rng::{below, derive_seed, rng_from_seed};
    use game_einer_ist_immer::{Config, EinerIstImmer};
    let config = Config {
        players,
        hands,
        ..Config::default()
    };
    let mut rng = rng_from_seed(seed);
    let (mut compared, mut legal) = (0, Vec::new());
    let (mut a, mut b) = (vec![0.0; SIZE], vec![0.0; SIZE]);
    for deal in 0..deals {
        let mut state =
            EinerIstImmer::new(&config, derive_seed(seed, deal)).map_err(|e| e.to_string())?;
        loop {
            let to_move = EinerIstImmer::to_move(&state).map(Seat::index);
            for seat in Seat::all(players) {
                a.fill(f32::NAN);
                b.fill(-7.0);
                encode_state(&state, seat, to_move, &mut a);
                encode(&View::of(&state, seat), to_move, &mut b);
                if a.iter()
                    .map(|x| x.to_bits())
                    .ne(b.iter().map(|x| x.to_bits()))
                {
                    let i = a
                        .iter()
                        .zip(&b)
                        .position(|(x, y)| x.to_bits() != y.to_bits());
                    return Err(format!("deal {deal}, {seat}: entry {i:?} differs"));
                }
                compared += 1;
            }
            EinerIstImmer::legal_actions_into(&state, &mut legal);
            let Some(&action) = legal.get(below(&mut rng, legal.len().max(1) as u64) as usize)
            else {
                break;
            };
            EinerIstImmer::apply_unchecked(&mut state, &action, &mut Vec::new());
        }
    }
    Ok(compared)
}

/// The blocks of the observation in order: name and length (docs/python.md gives their
/// content).
pub const LAYOUT: &[(&str, usize)] = &[
    ("seats", 40),
    ("own hand", 14),
    ("jokers set aside", 14),
    ("played this hand per seat", 140),
    ("per seat", 40),
    ("the trick's top play", 26),
    ("turns, passes", 2),
    ("match points", 10),
    ("hand number, hands", 2),
    ("exchange", 40),
];

const _: () = assert!(crate::encode::layout_size(LAYOUT) == SIZE);
