//! The feature vector of each action (docs/python.md, "Action features"), for agents that score
//! every legal action by its features (as DouZero does for dou dizhu) instead of, or besides,
//! the fixed index of the action space. Each game writes a fixed-length `f32` vector from the
//! action alone (3 to 13: and the public table, for the meld a card is added to); different
//! actions of one state always get different vectors.

use cards_core::card::Suit;

use crate::encode::one_hot;

/// Big A: the length of an action's features.
pub const BIG_A: usize = 37;

/// Writes the features of a Big A action into `out` (of [`BIG_A`], all zeros): kind one-hot
/// (pass, expose, play, capture) 0-3; the exposed Ace's suit 4-7 and pair 8; the cards of a
/// play or capture per play rank 4 to 3 (Aces, Big Aces included, at 10) 9-21; Big Aces 22, red
/// jokers 23, black jokers 24; the combination's type one-hot 25-32 (single, Big Ace, joker,
/// pair, run, N of a kind, jokers, Big Ace pair); a run's width 33 and ranks 34; cards 35;
/// Fours captured 36.
#[allow(clippy::trivially_copy_pass_by_ref)] // the signature every game shares
pub fn big_a(_: &game_big_a::State, action: &game_big_a::Action, out: &mut [f32]) {
    use game_big_a::Action;
    match action {
        Action::Pass => out[0] = 1.0,
        Action::Expose { suit, pair } => {
            out[1] = 1.0;
            out[4 + *suit as usize] = 1.0;
            out[8] = f32::from(u8::from(*pair));
        }
        Action::Play(play) => {
            out[2] = 1.0;
            big_a_play(*play, &mut out[9..35]);
            out[35] = f32::from(play.combo.len());
        }
        Action::Capture(n) => {
            out[3] = 1.0;
            out[9 + usize::from(game_big_a::FOUR)] = f32::from(*n);
            out[35] = f32::from(*n);
            out[36] = f32::from(*n);
        }
    }
}

/// A Big A play's cards and shape into `out` (26 entries: ranks 13, Big Aces, red and black
/// jokers, type 8, run width and ranks), as in [`big_a`] from its offset 9.
pub fn big_a_play(play: game_big_a::Play, out: &mut [f32]) {
    use game_big_a::{ACE, Combo, chain_rank};
    let (ranks, rest) = out.split_at_mut(13);
    let mut rank = |r: u8, n: u8| {
        if let Some(o) = ranks.get_mut(usize::from(r)) {
            *o += f32::from(n);
        }
    };
    let kind = match play.combo {
        Combo::Single(r) => {
            rank(r, 1);
            0
        }
        Combo::BigAce => {
            rank(ACE, 1);
            1
        }
        Combo::Joker(red) => {
            rest[1 + usize::from(!red)] = 1.0;
            2
        }
        Combo::Pair(r) => {
            rank(r, 2);
            3
        }
        Combo::Run { width, start, len } => {
            for p in start..start.saturating_add(len) {
                rank(chain_rank(p), width);
            }
            rest[11] = f32::from(width);
            rest[12] = f32::from(len);
            4
        }
        Combo::Kind { rank: r, n } => {
            rank(r, n);
            5
        }
        Combo::Jokers { red, black } => {
            rest[1] = f32::from(red);
            rest[2] = f32::from(black);
            6
        }
        Combo::BigAcePair => {
            rank(ACE, 2);
            7
        }
    };
    rest[0] = f32::from(match play.combo {
        Combo::BigAce => 1,
        Combo::BigAcePair => 2,
        _ => play.big,
    });
    rest[3 + kind] = 1.0;
}

/// Cego: the length of an action's features.
pub const CEGO: usize = 126;

/// Writes the features of a Cego action into `out` (of [`CEGO`], all zeros): kind one-hot
/// (pass, hold, bid, expose, discard, play, double lead) 0-6; the contract bid one-hot 7-17 (in
/// `Contract::ALL`'s order); the card exposed, discarded, played or led first, one-hot over the
/// 54 cards by `Card::index` (Trock 1 to 21, the Gstieß, then the plain cards by suit) 18-71;
/// the second card of a double lead 72-125.
#[allow(clippy::trivially_copy_pass_by_ref)] // the signature every game shares
pub fn cego(_: &game_cego::State, action: &game_cego::Action, out: &mut [f32]) {
    use game_cego::{Action, Contract};
    let card = |c: game_cego::Card| usize::from(c.index());
    match action {
        Action::Pass => out[0] = 1.0,
        Action::Hold => out[1] = 1.0,
        Action::Bid(c) => {
            out[2] = 1.0;
            one_hot(Contract::ALL.iter().position(|x| x == c), &mut out[7..18]);
        }
        Action::Expose(c) => {
            out[3] = 1.0;
            one_hot(Some(card(*c)), &mut out[18..72]);
        }
        Action::Discard(c) => {
            out[4] = 1.0;
            one_hot(Some(card(*c)), &mut out[18..72]);
        }
        Action::Play(c) => {
            out[5] = 1.0;
            one_hot(Some(card(*c)), &mut out[18..72]);
        }
        Action::Pair(a, b) => {
            out[6] = 1.0;
            one_hot(Some(card(*a)), &mut out[18..72]);
            one_hot(Some(card(*b)), &mut out[72..126]);
        }
    }
}

/// Einer ist immer: the length of an action's features.
pub const EINER: usize = 29;

/// Writes the features of an Einer ist immer action into `out` (of [`EINER`], all zeros):
/// pass 0; the natural cards per rank 2 to Ace 1-13; jokers 14; cards 15; the rank the play
/// stands for, one-hot 2 to Ace, 16-28.
#[allow(clippy::trivially_copy_pass_by_ref)] // the signature every game shares
pub fn einer(
    _: &game_einer_ist_immer::State,
    action: &game_einer_ist_immer::Action,
    out: &mut [f32],
) {
    use game_einer_ist_immer::{Action, TWO};
    match action {
        Action::Pass => out[0] = 1.0,
        Action::Play(p) => {
            let r = usize::from(p.rank().saturating_sub(TWO));
            if p.naturals() > 0 {
                if let Some(o) = out[1..14].get_mut(r) {
                    *o = f32::from(p.naturals());
                }
            }
            out[14] = f32::from(p.jokers());
            out[15] = f32::from(p.len());
            one_hot(Some(r), &mut out[16..29]);
        }
    }
}

/// Das Grosse und das kleine A: the length of an action's features.
pub const GKA: usize = 32;

/// Writes the features of a Grosse/kleine A action into `out` (of [`GKA`], all zeros): pass 0;
/// lead the little a 1, the Big A 2; the number cards per rank 1 to 13 3-15; jokers 16; cards
/// 17; the rank the play stands for, one-hot 1 to 14 (14: jokers alone), 18-31.
#[allow(clippy::trivially_copy_pass_by_ref)] // the signature every game shares
pub fn gka(
    _: &game_grosse_kleine_a::State,
    action: &game_grosse_kleine_a::Action,
    out: &mut [f32],
) {
    use game_grosse_kleine_a::{ACard, Action};
    match action {
        Action::Pass => out[0] = 1.0,
        Action::LeadA(ACard::Little) => {
            out[1] = 1.0;
            out[17] = 1.0;
        }
        Action::LeadA(ACard::Big) => {
            out[2] = 1.0;
            out[17] = 1.0;
        }
        Action::Play(p) => {
            let r = usize::from(p.rank()).saturating_sub(1);
            if p.naturals() > 0 {
                if let Some(o) = out[3..16].get_mut(r) {
                    *o = f32::from(p.naturals());
                }
            }
            out[16] = f32::from(p.jokers());
            out[17] = f32::from(p.len());
            one_hot(Some(r), &mut out[18..32]);
        }
    }
}

/// 3 to 13: the length of an action's features.
pub const RUMMY: usize = 72;

/// Writes the features of a 3 to 13 action into `out` (of [`RUMMY`], all zeros): kind one-hot
/// (draw, pass, done, meld, add) 0-4; the cards leaving the hand per face 5-57 (`Card::index`:
/// suit-major clubs, diamonds, hearts, spades, Ace to King, the joker 52); the shape of the meld
/// made or added to: set 58, run 59, the set's rank or the run's lowest place 60, the run's suit
/// one-hot 61-64, its cards 65 (a new meld's, or the table meld's before the addition); wild
/// cards standing in for another card 66; an addition's table meld (1-based) 67 and its place
/// among the seat's own melds (1-based) 68, where it goes one-hot (its own place, low, high)
/// 69-71.
#[allow(clippy::trivially_copy_pass_by_ref)] // the signature every game shares
pub fn rummy(
    state: &game_contract_rummy::State,
    action: &game_contract_rummy::Action,
    out: &mut [f32],
) {
    use game_contract_rummy::{Action, End};
    match action {
        Action::Draw => out[0] = 1.0,
        Action::Pass => out[1] = 1.0,
        Action::Done => out[2] = 1.0,
        Action::Meld(spec) => {
            out[3] = 1.0;
            for c in spec.cards() {
                if let Some(o) = out[5..58].get_mut(c.index()) {
                    *o += 1.0;
                }
            }
            rummy_shape(spec.shape(), spec.len(), &mut out[58..66]);
            out[66] = spec.placed().iter().filter(|p| p.1.is_some()).count() as f32;
        }
        Action::Add { meld, card, end } => {
            out[4] = 1.0;
            if let Some(o) = out[5..58].get_mut(card.index()) {
                *o = 1.0;
            }
            let melds = state.melds();
            let m = usize::from(*meld);
            if let Some(target) = melds.get(m) {
                rummy_shape(target.shape(), target.len(), &mut out[58..66]);
                let own = melds[..m]
                    .iter()
                    .filter(|x| x.owner() == target.owner())
                    .count();
                out[68] = (own + 1) as f32;
                let natural = match target.shape() {
                    game_contract_rummy::Shape::Set(r) => card.rank() == Some(r),
                    game_contract_rummy::Shape::Run { suit, .. } => {
                        card.suit() == Some(suit) && *end == End::Own
                    }
                };
                out[66] = f32::from(u8::from(!natural));
            }
            out[67] = (m + 1) as f32;
            out[69 + *end as usize] = 1.0;
        }
    }
}

/// A meld's shape into `out` (8 entries: set, run, rank or lowest place, suit one-hot, cards).
fn rummy_shape(shape: game_contract_rummy::Shape, len: usize, out: &mut [f32]) {
    match shape {
        game_contract_rummy::Shape::Set(r) => {
            out[0] = 1.0;
            out[2] = f32::from(r.number());
        }
        game_contract_rummy::Shape::Run { suit, lo } => {
            out[1] = 1.0;
            out[2] = f32::from(lo);
            out[3 + suit_index(suit)] = 1.0;
        }
    }
    out[7] = len as f32;
}

fn suit_index(suit: Suit) -> usize {
    suit as usize
}
