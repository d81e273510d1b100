//! Big A's own observation: the fields of the seat's `View` written into a fixed layout
//! (docs/python.md states it). Seats 0 to 4; card planes are 54 counts by the French card index
//! (suit-major clubs, diamonds, hearts, spades, Ace to King each, then the black and the red
//! joker), each 0 to 2 (the double pack).

use cards_core::Seat;
use game_big_a::{ExposeKind, Hand, Phase, View};

use crate::encode::{Cursor, one_hot};
use crate::features::big_a_play;

const SEATS: usize = 5;
const CARDS: usize = 54;

/// The length of the observation.
pub const SIZE: usize = 4 * SEATS // viewer, to move, first drawer, declarer
    + 4 + 1 // phase, partner answers so far
    + 3 * CARDS // own cards, the trick on the table, out of play
    + SEATS + 1 // cards per seat, stock
    + SEATS * 10 // exposures per seat: Aces per suit, kinds
    + 4 // the Big Aces' suit
    + 2 * SEATS + 2 // known teams; own team known, on the Big Ace team
    + 1 + SEATS + 26 // the top play: present, who, its cards and shape
    + 1 // passes
    + SEATS // finishing place per seat
    + SEATS + 1 + SEATS // totals, last hand's scores (present, per seat)
    + 3; // hand number, hands in the match, redeals

fn seat(s: Option<Seat>) -> Option<usize> {
    s.map(Seat::index)
}

fn plane(hand: &Hand, out: &mut [f32]) {
    for (o, &c) in out.iter_mut().zip(hand.faces()) {
        *o = f32::from(c);
    }
}

/// Writes the observation of `seat` in `state` into `out` (of [`SIZE`], all zeros), from the
/// seat's view alone.
pub fn encode_state(
    state: &game_big_a::State,
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
    one_hot(Some(v.first_drawer.index()), r.take(SEATS));
    one_hot(seat(v.declarer), r.take(SEATS));
    let phase = r.take(5);
    match v.phase {
        Phase::Draw => phase[0] = 1.0,
        Phase::PartnerExposure { asked } => {
            phase[1] = 1.0;
            phase[4] = f32::from(asked);
        }
        Phase::Play => phase[2] = 1.0,
        Phase::Over => phase[3] = 1.0,
    }
    plane(&v.hand, r.take(CARDS));
    plane(&v.table, r.take(CARDS));
    plane(&v.out_of_play, r.take(CARDS));
    let counts = r.take(SEATS + 1);
    for (o, &c) in counts.iter_mut().zip(&v.counts) {
        *o = c as f32;
    }
    counts[SEATS] = v.stock as f32;
    let exposures = r.take(SEATS * 10);
    for e in &v.exposures {
        if let Some(x) = exposures.get_mut(e.seat.index() * 10..e.seat.index() * 10 + 10) {
            x[e.suit as usize] += f32::from(e.count);
            let kind = match e.kind {
                ExposeKind::Declare => 0,
                ExposeKind::Overcall => 1,
                ExposeKind::Protect => 2,
                ExposeKind::ForcedHeart => 3,
                ExposeKind::Partner => 4,
                ExposeKind::LoneSecond => 5,
            };
            x[4 + kind] += 1.0;
        }
    }
    one_hot(v.big_suit.map(|s| s as usize), r.take(4));
    let teams = r.take(2 * SEATS + 2);
    for (i, t) in v.teams.iter().enumerate().take(SEATS) {
        match t {
            Some(true) => teams[i] = 1.0,
            Some(false) => teams[SEATS + i] = 1.0,
            None => {}
        }
    }
    if let Some(mine) = v.my_team {
        teams[2 * SEATS] = 1.0;
        teams[2 * SEATS + 1] = f32::from(u8::from(mine));
    }
    let top = r.take(1 + SEATS + 26);
    if let Some((who, play)) = &v.top {
        top[0] = 1.0;
        one_hot(Some(who.index()), &mut top[1..=SEATS]);
        big_a_play(*play, &mut top[1 + SEATS..]);
    }
    r.take(1)[0] = f32::from(v.passes);
    let places = r.take(SEATS);
    for (k, s) in v.places.iter().enumerate() {
        if let Some(o) = places.get_mut(s.index()) {
            *o = (k + 1) as f32;
        }
    }
    let totals = r.take(SEATS);
    for (o, &t) in totals.iter_mut().zip(&v.totals) {
        *o = t as f32;
    }
    let last = r.take(1 + SEATS);
    if let Some(scores) = &v.last_scores {
        last[0] = 1.0;
        for (o, &t) in last[1..].iter_mut().zip(scores) {
            *o = t as f32;
        }
    }
    let hands = r.take(3);
    hands[0] = v.hand_number as f32;
    hands[1] = v.hands_in_match as f32;
    hands[2] = v.redeal as f32;
}

/// The blocks of the observation in order: name and length (docs/python.md gives their
/// content).
pub const LAYOUT: &[(&str, usize)] = &[
    ("viewer", 5),
    ("seat to move", 5),
    ("first drawer", 5),
    ("declarer", 5),
    ("phase, partner answers", 5),
    ("own cards", 54),
    ("the trick on the table", 54),
    ("out of play", 54),
    ("cards per seat, stock", 6),
    ("exposures per seat", 50),
    ("the Big Aces' suit", 4),
    ("teams", 12),
    ("the top play", 32),
    ("passes", 1),
    ("finishing places", 5),
    ("totals", 5),
    ("last hand's scores", 6),
    ("hand number, hands, redeals", 3),
];

const _: () = assert!(crate::encode::layout_size(LAYOUT) == SIZE);
