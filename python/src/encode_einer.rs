//! Einer ist immer's own observation: the fields of its `View` written straight into the vector
//! (no serde walk, no notation), for the speed of the batch environment on the game closest to
//! dou dizhu. Built from the seat's view alone, like the generic encoding. docs/python.md states
//! the layout; ranks are indexed 0 to 12 for 2 to Ace and 13 for the joker; seats 0 to 9.

use std::cell::RefCell;

use cards_core::Seat;
use game_einer_ist_immer::{ACE, Cards, TWO, View};

const SEATS: usize = 10;
const FACES: usize = 14;

/// The length of the observation.
pub const SIZE: usize = 4 * SEATS // viewer, to move, leader, dealer one-hots
    + 2 * FACES // hand, jokers set aside
    + SEATS * FACES // what each seat played this hand
    + 4 * SEATS // cards per seat, chair, place finished, place in the previous hand
    + 1 + 13 + 2 + SEATS // top play: present, rank, naturals and jokers, who
    + 2 // turns and passes in the current trick
    + SEATS // match points
    + 2 // hand number, hands in the match
    + 1 + SEATS + 1 + 2 * FACES; // exchange: present, partner, higher, gave, received

fn faces(cards: &Cards, out: &mut [f32]) {
    for rank in TWO..=ACE {
        out[usize::from(rank - TWO)] = f32::from(cards.count(rank));
    }
    out[13] = f32::from(cards.jokers());
}

fn one_hot(seat: Option<Seat>, out: &mut [f32]) {
    if let Some(s) = seat.filter(|s| s.index() < SEATS) {
        out[s.index()] = 1.0;
    }
}

/// Writes the observation of `seat` in `state` into `out` (of [`SIZE`], all zeros): [`encode`]
/// of the seat's view, built in a view kept by the thread from call to call
/// ([`View::refill`]), so that no view is allocated at each step.
pub fn encode_state(
    state: &game_einer_ist_immer::State,
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
            None => kept.insert(View::of(state, seat)),
        };
        encode(view, to_move, out);
    });
}

/// Reads what a step reads outside the state's own block: the seat to move's hand (see
/// `DynGame::touch`).
pub fn touch(state: &game_einer_ist_immer::State) -> usize {
    use cards_core::Game;
    let seat = game_einer_ist_immer::EinerIstImmer::to_move(state).unwrap_or(Seat(0));
    state.finished().len() + state.hand_of(seat).len()
}

/// Writes the observation of `view`'s seat into `out` (of [`SIZE`], all zeros).
pub fn encode(view: &View, to_move: Option<usize>, out: &mut [f32]) {
    let n = view.players.max(1) as f32;
    let (head, rest) = out.split_at_mut(4 * SEATS);
    one_hot(Some(view.seat), &mut head[..SEATS]);
    one_hot(to_move.map(|s| Seat(s as u8)), &mut head[SEATS..2 * SEATS]);
    one_hot(Some(view.leader), &mut head[2 * SEATS..3 * SEATS]);
    one_hot(Some(view.dealer), &mut head[3 * SEATS..]);
    let (hand, rest) = rest.split_at_mut(FACES);
    faces(&view.hand, hand);
    let (aside, rest) = rest.split_at_mut(FACES);
    faces(&view.set_aside, aside);
    let (played, rest) = rest.split_at_mut(SEATS * FACES);
    for (i, cards) in view.played_by.iter().enumerate().take(SEATS) {
        faces(cards, &mut played[i * FACES..(i + 1) * FACES]);
    }
    let (seats, rest) = rest.split_at_mut(4 * SEATS);
    for (i, &c) in view.counts.iter().enumerate().take(SEATS) {
        seats[i] = f32::from(c);
    }
    for (chair, s) in view.chairs.iter().enumerate() {
        if s.index() < SEATS {
            seats[SEATS + s.index()] = (chair + 1) as f32 / n;
        }
    }
    for (place, s) in view.finished.iter().enumerate() {
        if s.index() < SEATS {
            seats[2 * SEATS + s.index()] = (place + 1) as f32 / n;
        }
    }
    for (place, s) in view.previous_ranking.iter().enumerate() {
        if s.index() < SEATS {
            seats[3 * SEATS + s.index()] = (place + 1) as f32 / n;
        }
    }
    let (top, rest) = rest.split_at_mut(1 + 13 + 2 + SEATS);
    if let Some((who, play)) = view.top {
        top[0] = 1.0;
        top[1 + usize::from(play.rank().clamp(TWO, ACE) - TWO)] = 1.0;
        top[14] = f32::from(play.naturals());
        top[15] = f32::from(play.jokers());
        one_hot(Some(who), &mut top[16..]);
    }
    let (trick, rest) = rest.split_at_mut(2);
    trick[0] = view.trick.len() as f32;
    trick[1] = view
        .trick
        .iter()
        .filter(|t| matches!(t.action, game_einer_ist_immer::Action::Pass))
        .count() as f32;
    let (points, rest) = rest.split_at_mut(SEATS);
    for (i, &p) in view.points.iter().enumerate().take(SEATS) {
        points[i] = p as f32;
    }
    let (hands, rest) = rest.split_at_mut(2);
    hands[0] = view.hand_number as f32;
    hands[1] = view.hands_in_match as f32;
    if let Some(x) = &view.exchange {
        rest[0] = 1.0;
        one_hot(Some(x.partner), &mut rest[1..=SEATS]);
        rest[1 + SEATS] = if x.higher { 1.0 } else { 0.0 };
        faces(&x.gave, &mut rest[2 + SEATS..2 + SEATS + FACES]);
        faces(&x.received, &mut rest[2 + SEATS + FACES..]);
    }
}
