//! Das Grosse und das kleine A's own observation: the fields of the seat's `View` written into
//! a fixed layout (docs/python.md states it). Seats 0 to 8; card planes are 16 counts by the
//! game's card slot (0 the Big A, 1 to 13 the number cards, 14 the jokers, 15 the little a).

use cards_core::Seat;
use game_grosse_kleine_a::{ACard, APlace, Action, Cards, RoundKind, View};

use crate::encode::{Cursor, one_hot};

const SEATS: usize = 9;
const SLOTS: usize = 16;
const PER_SEAT_ACT: usize = 7;

/// The length of the observation.
pub const SIZE: usize = 2 * SEATS // viewer, to move
    + 5 // players, hand number, hands in the match, round, cards not dealt
    + SLOTS // own cards
    + 2 * SEATS * SLOTS // known cards per seat, penalty piles per seat
    + SEATS // cards per seat
    + SLOTS // out of play
    + 2 * (4 + SEATS + 1) // the two A cards
    + 3 + 1 + 1 + SEATS + 2 // the round
    + SEATS * PER_SEAT_ACT // what each seat did this round
    + 2 * SEATS; // totals, last hand's penalty points

fn plane(cards: &Cards, out: &mut [f32]) {
    for (slot, o) in out.iter_mut().enumerate().take(SLOTS) {
        *o = f32::from(cards.count(slot as u8));
    }
}

/// Writes the observation of `seat` in `state` into `out` (of [`SIZE`], all zeros), from the
/// seat's view alone.
pub fn encode_state(
    state: &game_grosse_kleine_a::State,
    viewer: Seat,
    to_move: Option<usize>,
    out: &mut [f32],
) {
    encode(&View::of(state, viewer), to_move, out);
}

/// Writes the observation of `view`'s seat into `out` (of [`SIZE`], all zeros).
pub fn encode(v: &View, to_move: Option<usize>, out: &mut [f32]) {
    let mut r = Cursor(out);
    one_hot(Some(v.seat.index()), r.take(SEATS));
    one_hot(to_move, r.take(SEATS));
    let head = r.take(5);
    head[0] = f32::from(v.players);
    head[1] = f32::from(v.hand_number);
    head[2] = f32::from(v.hands_per_match);
    head[3] = f32::from(v.round);
    head[4] = f32::from(v.undealt);
    plane(&v.hand, r.take(SLOTS));
    let known = r.take(SEATS * SLOTS);
    for (i, c) in v.known.iter().enumerate().take(SEATS) {
        plane(c, &mut known[i * SLOTS..(i + 1) * SLOTS]);
    }
    let piles = r.take(SEATS * SLOTS);
    for (i, c) in v.piles.iter().enumerate().take(SEATS) {
        plane(c, &mut piles[i * SLOTS..(i + 1) * SLOTS]);
    }
    let sizes = r.take(SEATS);
    for (o, &n) in sizes.iter_mut().zip(&v.hand_sizes) {
        *o = f32::from(n);
    }
    plane(&v.out, r.take(SLOTS));
    for sight in &v.a_cards {
        let a = r.take(4 + SEATS + 1);
        let (place, who) = match sight.place {
            APlace::Middle => (0, None),
            APlace::Hand(s) => (1, Some(s.index())),
            APlace::Table => (2, None),
            APlace::Pile(s) => (3, Some(s.index())),
        };
        a[place] = 1.0;
        one_hot(who, &mut a[4..4 + SEATS]);
        a[4 + SEATS] = f32::from(u8::from(sight.may_be_led));
    }
    let round = r.take(3 + 1 + 1 + SEATS + 2);
    match v.kind {
        RoundKind::Open => round[0] = 1.0,
        RoundKind::Normal { k, rank, winner } => {
            round[1] = 1.0;
            round[3] = f32::from(k);
            round[4] = f32::from(rank);
            one_hot(Some(winner.index()), &mut round[5..5 + SEATS]);
        }
        RoundKind::ARound { card, rank, winner } => {
            round[2] = 1.0;
            round[4] = f32::from(rank);
            one_hot(Some(winner.index()), &mut round[5..5 + SEATS]);
            round[5 + SEATS + usize::from(card == ACard::Big)] = 1.0;
        }
    }
    let acts = r.take(SEATS * PER_SEAT_ACT);
    for (s, action) in &v.table {
        let Some(a) = acts.get_mut(s.index() * PER_SEAT_ACT..(s.index() + 1) * PER_SEAT_ACT) else {
            continue;
        };
        a[0] = 1.0;
        match action {
            Action::Pass => a[1] = 1.0,
            Action::LeadA(ACard::Little) => a[2] = 1.0,
            Action::LeadA(ACard::Big) => a[3] = 1.0,
            Action::Play(p) => {
                a[4] = f32::from(p.rank());
                a[5] = f32::from(p.naturals());
                a[6] = f32::from(p.jokers());
            }
        }
    }
    let scores = r.take(2 * SEATS);
    for (o, &t) in scores.iter_mut().zip(&v.totals) {
        *o = t as f32;
    }
    if let Some(last) = v.results.last() {
        for (o, &p) in scores[SEATS..].iter_mut().zip(last) {
            *o = f32::from(p);
        }
    }
}

/// The blocks of the observation in order: name and length (docs/python.md gives their
/// content).
pub const LAYOUT: &[(&str, usize)] = &[
    ("viewer, seat to move", 18),
    ("players, hand, hands, round, undealt", 5),
    ("own cards", 16),
    ("known cards per seat", 144),
    ("penalty piles per seat", 144),
    ("cards per seat", 9),
    ("out of play", 16),
    ("the little a", 14),
    ("the Big A", 14),
    ("the round", 16),
    ("this round per seat", 63),
    ("totals, last hand's points", 18),
];

const _: () = assert!(crate::encode::layout_size(LAYOUT) == SIZE);
