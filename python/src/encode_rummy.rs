//! Contract Rummy's own observation: the fields of its `View` written straight into the vector
//! (no serde walk, no notation), for the speed of the batch environment on the game closest to
//! gin rummy. Built from the seat's view alone, like every game's. docs/python.md states
//! the layout; faces are the engine's card indices 0 to 52 (`Card::index`, the joker last).

use std::cell::RefCell;

use cards_core::Seat;
use game_contract_rummy::{FACES, Phase, Shape, View};

const SEATS: usize = 8;
/// Meld slots described one by one (the table's later melds count in the face totals only).
const MELDS: usize = 16;
const PER_MELD: usize = 2 + 1 + 4 + 1 + 1 + SEATS;

/// The length of the observation.
pub const SIZE: usize = 3 * SEATS // viewer, to move, dealer one-hots
    + 3 // put down this turn, final turn, over
    + 3 + 14 // round, hand size, wild rank; allowed meld sizes 0 to 13
    + 2 * FACES // own hand, cards on the table
    + 2 * SEATS + 1 // melds and melded cards per owner; melds on the table
    + MELDS * PER_MELD
    + SEATS + 1 // cards per seat, stock
    + 4 * SEATS // totals, tallies, went out, last round's points
    + 2; // first and last round

fn one_hot(seat: Option<Seat>, out: &mut [f32]) {
    if let Some(s) = seat.filter(|s| s.index() < out.len()) {
        out[s.index()] = 1.0;
    }
}

/// Writes the observation of `seat` in `state` into `out` (of [`SIZE`], all zeros): [`encode`]
/// of the seat's view, built in a view kept by the thread from call to call
/// ([`View::refill`]), so that no view is allocated at each step.
pub fn encode_state(
    state: &game_contract_rummy::State,
    seat: Seat,
    to_move: Option<usize>,
    out: &mut [f32],
) {
    thread_local! {
        static VIEW: RefCell<Option<View>> = const { RefCell::new(None) };
    }
    VIEW.with_borrow_mut(|kept| {
        let view = match kept {
            Some(v) => {
                v.refill(state, seat);
                v
            }
            None => kept.insert(View::new(state, seat)),
        };
        encode(view, to_move, out);
    });
}

/// Writes the observation of `view`'s seat into `out` (of [`SIZE`], all zeros).
pub fn encode(view: &View, to_move: Option<usize>, out: &mut [f32]) {
    let (head, rest) = out.split_at_mut(3 * SEATS);
    one_hot(Some(view.seat), &mut head[..SEATS]);
    one_hot(to_move.map(|s| Seat(s as u8)), &mut head[SEATS..2 * SEATS]);
    one_hot(Some(view.dealer), &mut head[2 * SEATS..]);
    let (phase, rest) = rest.split_at_mut(3);
    match view.phase {
        Phase::Turn {
            put_down,
            final_turn,
            ..
        } => {
            phase[0] = f32::from(u8::from(put_down));
            phase[1] = f32::from(u8::from(final_turn));
        }
        Phase::Over => phase[2] = 1.0,
    }
    let (info, rest) = rest.split_at_mut(3 + 14);
    info[0] = f32::from(view.info.round);
    info[1] = f32::from(view.info.hand);
    info[2] = f32::from(view.info.wild);
    for bit in 0..14 {
        if view.info.sizes & (1 << bit) != 0 {
            info[3 + bit] = 1.0;
        }
    }
    let (hand, rest) = rest.split_at_mut(FACES);
    for (h, &c) in hand.iter_mut().zip(view.hand.counts()) {
        *h = f32::from(c);
    }
    let (table, rest) = rest.split_at_mut(FACES);
    let (owners, rest) = rest.split_at_mut(2 * SEATS + 1);
    let (slots, rest) = rest.split_at_mut(MELDS * PER_MELD);
    melds(view, table, owners, slots);
    let (counts, rest) = rest.split_at_mut(SEATS + 1);
    for (i, &c) in view.counts.iter().enumerate().take(SEATS) {
        counts[i] = c as f32;
    }
    counts[SEATS] = view.stock as f32;
    scores(view, rest);
}

/// The melds on the table: their cards per face into `table`, melds and melded cards per owner
/// and the number of melds into `owners`, the first [`MELDS`] one by one into `slots`.
fn melds(view: &View, table: &mut [f32], owners: &mut [f32], slots: &mut [f32]) {
    owners[2 * SEATS] = view.melds.len() as f32;
    for (m, meld) in view.melds.iter().enumerate() {
        for c in meld.cards() {
            if let Some(t) = table.get_mut(c.index()) {
                *t += 1.0;
            }
        }
        let owner = meld.owner().index();
        if owner < SEATS {
            owners[owner] += 1.0;
            owners[SEATS + owner] += meld.cards().len() as f32;
        }
        if m < MELDS {
            let s = &mut slots[m * PER_MELD..(m + 1) * PER_MELD];
            match meld.shape() {
                Shape::Set(rank) => {
                    s[0] = 1.0;
                    s[2] = f32::from(rank.number());
                }
                Shape::Run { suit, lo } => {
                    s[1] = 1.0;
                    s[2] = f32::from(lo);
                    s[3 + suit as usize] = 1.0;
                }
            }
            s[7] = meld.cards().len() as f32;
            s[8] = f32::from(u8::from(meld.owner() == view.seat));
            one_hot(Some(meld.owner()), &mut s[9..]);
        }
    }
}

/// Totals, go-out tallies, who went out, last round's points; first and last round.
fn scores(view: &View, rest: &mut [f32]) {
    let (scores, rest) = rest.split_at_mut(4 * SEATS);
    for (i, &t) in view.totals.iter().enumerate().take(SEATS) {
        scores[i] = t as f32;
    }
    for (i, &t) in view.tallies.iter().enumerate().take(SEATS) {
        scores[SEATS + i] = t as f32;
    }
    one_hot(view.went_out, &mut scores[2 * SEATS..3 * SEATS]);
    if let Some(points) = &view.last_points {
        for (i, &p) in points.iter().enumerate().take(SEATS) {
            scores[3 * SEATS + i] = p as f32;
        }
    }
    rest[0] = f32::from(view.first_round);
    rest[1] = f32::from(view.last_round);
}

/// The blocks of the observation in order: name and length (docs/python.md gives their
/// content).
pub const LAYOUT: &[(&str, usize)] = &[
    ("seats", 24),
    ("put down, final turn, over", 3),
    ("round, hand size, wild, meld sizes", 17),
    ("own hand", 53),
    ("melds on the table", 53),
    ("melds per owner", 17),
    ("the first 16 melds", 272),
    ("cards per seat, stock", 9),
    ("totals, tallies, went out, last points", 32),
    ("first and last round", 2),
];

const _: () = assert!(crate::encode::layout_size(LAYOUT) == SIZE);
