//! Cego's own observation: the fields of the seat's `View` (and the public phase) written into a
//! fixed layout (docs/python.md states it). Seats 0 to 4; card planes are 54 bits by
//! `Card::index` (Trock 1 to 21, the Gstieß, then the plain cards, suit by suit).

use cards_core::{GameState, Seat};
use game_cego::{Action, Card, Cards, Contract, Terms, View};

use crate::encode::{Cursor, one_hot};

const SEATS: usize = 5;
const CARDS: usize = 54;
const TABLE_TRICK: usize = 2 + SEATS + 4 * CARDS;

/// The length of the observation.
pub const SIZE: usize = 6 * SEATS // viewer, to move, dealer, sitting out, forehand, soloist
    + 5 + 3 // phase; deal, deals, Gstieß ending
    + 3 * CARDS // own hand, exposed, the Trock discarded face up
    + 3 * (1 + CARDS) // Legage, cego taken up, cego shown after the match
    + 3 * SEATS // cards per seat, tricks won, totals
    + 1 + SEATS * 13 // calls: how many, each seat's last call
    + 11 + 1 + 5 // contract, after a Solo, terms
    + 1 + 2 * SEATS * CARDS // completed tricks: how many, cards played and taken per seat
    + 2 * TABLE_TRICK; // the tricks on the table

fn plane(cards: Cards, out: &mut [f32]) {
    for c in cards.iter() {
        if let Some(o) = out.get_mut(usize::from(c.index())) {
            *o = 1.0;
        }
    }
}

fn card(c: Card, out: &mut [f32]) {
    one_hot(Some(usize::from(c.index())), out);
}

fn optional(cards: Option<Cards>, out: &mut [f32]) {
    if let Some(c) = cards {
        out[0] = 1.0;
        plane(c, &mut out[1..]);
    }
}

/// Writes the observation of `seat` in `state` into `out` (of [`SIZE`], all zeros), from the
/// seat's view alone and the public phase.
pub fn encode_state(
    state: &game_cego::State,
    viewer: Seat,
    to_move: Option<usize>,
    out: &mut [f32],
) {
    let phase = match (to_move, state.phase()) {
        (None, _) => 4,
        (_, "auction") => 0,
        (_, "expose") => 1,
        (_, "discard") => 2,
        _ => 3,
    };
    let view = <game_cego::Cego as cards_core::Game>::view(state, viewer);
    encode(&view, phase, to_move, out);
}

/// Writes the observation of `view`'s seat into `out` (of [`SIZE`], all zeros); `phase` is 0
/// auction, 1 expose, 2 discard, 3 play, 4 over.
pub fn encode(v: &View, phase: usize, to_move: Option<usize>, out: &mut [f32]) {
    let mut r = Cursor(out);
    one_hot(Some(v.seat.index()), r.take(SEATS));
    one_hot(to_move, r.take(SEATS));
    one_hot(Some(v.dealer.index()), r.take(SEATS));
    one_hot(v.sitting_out.map(Seat::index), r.take(SEATS));
    one_hot(Some(v.forehand.index()), r.take(SEATS));
    one_hot(v.soloist.map(Seat::index), r.take(SEATS));
    one_hot(Some(phase), r.take(5));
    let deal = r.take(3);
    deal[0] = v.deal as f32;
    deal[1] = v.deals as f32;
    deal[2] = f32::from(u8::from(v.gstiess_ending));
    plane(v.hand, r.take(CARDS));
    plane(v.exposed, r.take(CARDS));
    let shown = r.take(CARDS);
    if let Some(c) = v.shown_discard {
        card(c, shown);
    }
    optional(v.legage, r.take(1 + CARDS));
    optional(v.cego_taken, r.take(1 + CARDS));
    optional(v.cego, r.take(1 + CARDS));
    for list in [&v.hand_sizes, &v.tricks_won] {
        let o = r.take(SEATS);
        for (o, &n) in o.iter_mut().zip(list.iter()) {
            *o = f32::from(n);
        }
    }
    let totals = r.take(SEATS);
    for (o, &t) in totals.iter_mut().zip(&v.totals) {
        *o = t as f32;
    }
    auction(v, r.take(1 + SEATS * 13), r.take(11 + 1 + 5));
    let tricks = r.take(1 + 2 * SEATS * CARDS);
    tricks[0] = v.tricks.len() as f32;
    let (played, taken) = tricks[1..].split_at_mut(SEATS * CARDS);
    // The seats of the deal in order (at five players the dealer sits out): a record's
    // playing order is around them from its leader.
    let players = v.hand_sizes.len();
    let seats: Vec<Seat> = (0..players)
        .map(|s| Seat(s as u8))
        .filter(|&s| Some(s) != v.sitting_out)
        .collect();
    for t in &v.tricks {
        let lead = seats.iter().position(|&s| s == t.leader).unwrap_or(0);
        let local = game_cego::TrickRecord {
            leader: Seat(lead as u8),
            ..*t
        };
        for (who, c) in local.plays() {
            let who = seats.get(who.index()).map_or(0, |s| s.index());
            if let Some(p) = played.get_mut(who * CARDS..(who + 1) * CARDS) {
                card(c, p);
            }
            let w = t.winner.index();
            if let Some(p) = taken.get_mut(w * CARDS..(w + 1) * CARDS) {
                card(c, p);
            }
        }
    }
    for k in 0..2 {
        let t = r.take(TABLE_TRICK);
        let Some(trick) = v.table.get(k) else {
            continue;
        };
        t[0] = 1.0;
        t[1] = f32::from(trick.number);
        one_hot(
            trick.plays.first().map(|p| p.0.index()),
            &mut t[2..2 + SEATS],
        );
        for (i, (_, c)) in trick.plays.iter().enumerate().take(4) {
            card(
                *c,
                &mut t[2 + SEATS + i * CARDS..2 + SEATS + (i + 1) * CARDS],
            );
        }
    }
}

/// The calls (how many, each seat's last) into `calls`; the contract, whether a Solo was
/// called and the terms into `contract`.
fn auction(v: &View, calls: &mut [f32], contract: &mut [f32]) {
    calls[0] = v.calls.len() as f32;
    for (s, a) in &v.calls {
        let Some(c) = calls.get_mut(1 + s.index() * 13..1 + (s.index() + 1) * 13) else {
            continue;
        };
        c.fill(0.0);
        match a {
            Action::Pass => c[0] = 1.0,
            Action::Hold => c[1] = 1.0,
            Action::Bid(k) => one_hot(Contract::ALL.iter().position(|x| x == k), &mut c[2..]),
            _ => {}
        }
    }
    one_hot(
        v.contract
            .and_then(|k| Contract::ALL.iter().position(|x| *x == k)),
        &mut contract[..11],
    );
    contract[11] = f32::from(u8::from(v.after_solo));
    match v.terms {
        Some(Terms::Solo) => contract[12] = 1.0,
        Some(Terms::Factor(x)) => {
            contract[13] = 1.0;
            contract[16] = x as f32;
        }
        Some(Terms::Stake(x)) => {
            contract[14] = 1.0;
            contract[16] = x as f32;
        }
        Some(Terms::Raeuber) => contract[15] = 1.0,
        None => {}
    }
}

/// The blocks of the observation in order: name and length (docs/python.md gives their
/// content).
pub const LAYOUT: &[(&str, usize)] = &[
    ("seats", 30),
    ("phase", 5),
    ("deal, deals, Gstiess ending", 3),
    ("own hand", 54),
    ("exposed", 54),
    ("Trock discarded face up", 54),
    ("Legage", 55),
    ("cego taken up", 55),
    ("cego after the match", 55),
    ("cards per seat, tricks won, totals", 15),
    ("calls", 66),
    ("contract, after Solo, terms", 17),
    ("completed tricks", 541),
    ("table trick 1", 223),
    ("table trick 2", 223),
];

const _: () = assert!(crate::encode::layout_size(LAYOUT) == SIZE);
