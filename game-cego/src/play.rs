//! The contracts' set-up (exposures, discards, the cego) and the card play (cego.md §5, §6).

use cards_core::Seat;

use crate::action::Action;
use crate::cards::{Card, Cards, SUIT_MASKS, TROCK, highest, lowest, raw, set};
use crate::contract::Contract;
use crate::error::ActionError;
use crate::event::{Event, Terms};
use crate::rules::{Config, NoTrockDiscard, follow_options, pair_legal};
use crate::seats::DIR;
use crate::state::{CegoTrocks, Deal, Phase, Trick, TrickRecord};

/// Fixes the contract and runs the automatic steps that follow it.
pub(crate) fn fix_contract(
    deal: &mut Deal,
    config: &Config,
    contract: Contract,
    soloist: Option<Seat>,
    events: &mut Vec<Event>,
) {
    deal.contract = Some(contract);
    deal.soloist = soloist;
    let terms = terms(deal, config).unwrap_or(Terms::Raeuber);
    events.push(Event::ContractFixed {
        contract,
        soloist,
        after_solo: deal.after_solo,
        terms,
    });
    let s = soloist.unwrap_or(deal.forehand);
    deal.to_move = s;
    // The soloist keeps `kept` cards and discards the rest of his dealt hand: 9 or 10 of 11,
    // 11 or 12 of 13 at three players (cego.md 10).
    let rest = deal.tricks_per_deal().saturating_sub(contract.kept());
    match contract {
        Contract::Cego | Contract::OneCard => {
            deal.phase = Phase::Discard {
                left: rest,
                after_pickup: false,
            }
        }
        Contract::OneBlank | Contract::TwoBlanks | Contract::TwoDifferent => {
            deal.phase = Phase::Expose { first: None };
        }
        Contract::LittleMan => {
            deal.exposed.insert(Card::T1);
            events.push(Event::Exposed {
                seat: s,
                card: Card::T1,
            });
            finish_exposure(deal, config, events);
        }
        _ => start_play(deal, s),
    }
}

/// What the deal's contract is played for, once it is fixed: the factor (from the after-Solo
/// column when the auction had a Solo, CG7) or the stake.
pub(crate) fn terms(deal: &Deal, config: &Config) -> Option<Terms> {
    let contract = deal.contract?;
    let column = deal.after_solo
        && !(config.solo_caller_uses_normal_factor && deal.auction.solo_caller == deal.soloist);
    Some(match contract {
        Contract::Solo => Terms::Solo,
        Contract::Raeuber => Terms::Raeuber,
        c if c.is_counter() => Terms::Factor(c.factor(column, true)),
        c => Terms::Stake(crate::scoring::special_stake(c, config.special_stakes)),
    })
}

fn start_play(deal: &mut Deal, leader: Seat) {
    deal.phase = Phase::Play;
    deal.double = deal.contract.is_some_and(Contract::double_lead);
    deal.tricks = [Trick::new(leader, deal.seats); 2];
    deal.to_move = leader;
}

fn pickup(deal: &mut Deal, s: Seat, events: &mut Vec<Event>) {
    let cego = deal.cego;
    deal.hands[s.index()] = deal.hands[s.index()] | cego;
    deal.cego = Cards::EMPTY;
    events.push(Event::TookCego {
        seat: s,
        cards: Some(cego),
    });
}

fn finish_exposure(deal: &mut Deal, config: &Config, events: &mut Vec<Event>) {
    let Some(s) = deal.soloist else { return };
    let Some(contract) = deal.contract else {
        return;
    };
    let i = s.index();
    let rest = deal.hands[i] - deal.exposed;
    deal.legage = deal.legage | rest;
    deal.hands[i] = deal.exposed;
    events.push(Event::DiscardedRest {
        seat: s,
        count: rest.len() as u8,
    });
    deal.dead = match contract {
        Contract::OneBlank | Contract::TwoBlanks => deal.exposed,
        Contract::TwoDifferent if config.two_different_dead => deal.exposed,
        _ => Cards::EMPTY,
    };
    pickup(deal, s, events);
    if contract.double_lead() {
        let trocks = raw(deal.cego_dealt) & SUIT_MASKS[TROCK as usize];
        let forced = if contract == Contract::TwoBlanks {
            lowest(trocks)
        } else {
            highest(trocks)
        };
        if let Some(t) = forced {
            deal.hands[i].remove(t);
            deal.legage.insert(t);
            deal.shown = Some(t);
            deal.cego_trocks = match (contract, t.kind()) {
                (Contract::TwoBlanks, crate::cards::Kind::Trock(n)) => CegoTrocks::Above(n),
                (_, crate::cards::Kind::Trock(n)) => CegoTrocks::Below(n),
                _ => CegoTrocks::Unknown,
            };
            events.push(Event::ShownDiscard { seat: s, card: t });
        } else {
            deal.cego_trocks = CegoTrocks::None;
            deal.phase = Phase::Discard {
                left: 1,
                after_pickup: true,
            };
            return;
        }
    }
    start_play(deal, s);
}

/// The legal discards of the soloist (raw mask).
fn discard_options(deal: &Deal, config: &Config, after_pickup: bool) -> u128 {
    let hand = raw(deal.hand(deal.to_move));
    let double = deal.contract.is_some_and(Contract::double_lead);
    if after_pickup && double {
        match config.no_trock_discard {
            NoTrockDiscard::FromCego => hand & raw(deal.cego_dealt),
            NoTrockDiscard::AnyCard => hand & !raw(deal.exposed),
        }
    } else {
        hand
    }
}

fn suit_name(code: u8) -> &'static str {
    ["clubs", "spades", "hearts", "diamonds", "trocks"][code.min(4) as usize]
}

/// The single cards the seat to move may play now (raw mask); 0 during a double lead.
#[inline]
fn play_mask(deal: &Deal, config: &Config) -> u128 {
    let p = deal.to_move;
    let hand = raw(deal.hand(p));
    let t = &deal.tricks[0];
    let mut m = if t.len == 0 {
        if deal.trick_no == 0 {
            match deal.contract {
                Some(Contract::OneBlank) => deal
                    .exposed
                    .first()
                    .map_or(hand, |c| hand & SUIT_MASKS[c.suit_code() as usize]),
                Some(Contract::LittleMan) => hand & Card::T1.bit(),
                _ => hand,
            }
        } else {
            hand
        }
    } else {
        // One-word masks on the hot path (the 54 cards fit in 64 bits).
        u128::from(crate::rules::follow_options_64(hand as u64, t.suit))
    };
    if config.ulti_must_hold_back
        && deal.contract == Some(Contract::Ulti)
        && deal.soloist == Some(p)
        && deal.trick_no + 1 < deal.tricks_per_deal()
        && m & !Card::T1.bit() != 0
    {
        m &= !Card::T1.bit();
    }
    m
}

/// Whether the decision is a single card to play (the card play outside the double lead).
#[inline]
pub(crate) fn is_single_play(deal: &Deal) -> bool {
    matches!(deal.phase, Phase::Play) && !in_double(deal)
}

/// Writes the legal single cards of the seat to move (when [`is_single_play`]).
#[inline]
pub(crate) fn push_plays(deal: &Deal, config: &Config, out: &mut Vec<Action>) {
    push_cards(play_mask(deal, config), Action::Play, out);
}

fn in_double(deal: &Deal) -> bool {
    deal.double && deal.trick_no == 0
}

/// Writes the legal actions of the non-auction phases. Single card plays (four actions in five
/// of a random playout) take the short path; the rest is out of line.
pub(crate) fn legal(deal: &Deal, config: &Config, out: &mut Vec<Action>) {
    if matches!(deal.phase, Phase::Play) && !in_double(deal) {
        push_cards(play_mask(deal, config), Action::Play, out);
    } else {
        legal_other(deal, config, out);
    }
}

#[inline(never)]
fn legal_other(deal: &Deal, config: &Config, out: &mut Vec<Action>) {
    let hand = deal.hand(deal.to_move);
    match deal.phase {
        Phase::Expose { first } => {
            let Some(contract) = deal.contract else {
                return;
            };
            push_cards(
                crate::rules::exposure_mask(contract, hand, first),
                Action::Expose,
                out,
            );
        }
        Phase::Discard { after_pickup, .. } => {
            push_cards(
                discard_options(deal, config, after_pickup),
                Action::Discard,
                out,
            );
        }
        Phase::Play if in_double(deal) => {
            if deal.tricks[0].len == 0 {
                lead_pairs(deal, hand, out);
            } else {
                defender_pairs(raw(hand), deal.tricks[0].suit, deal.tricks[1].suit, out);
            }
        }
        Phase::Play => push_cards(play_mask(deal, config), Action::Play, out),
        Phase::Auction | Phase::Over => {}
    }
}

/// Pushes one action per card of a raw mask, lowest card first (the hot path of playouts: a
/// plain loop over the bits, no iterator adapters, no population count).
#[inline]
fn push_cards(m: u128, action: fn(Card) -> Action, out: &mut Vec<Action>) {
    // The 54 cards fit in the low 64 bits: one word is cheaper to walk than two.
    let mut m = m as u64;
    while m != 0 {
        let c = m.trailing_zeros() as u8;
        m &= m - 1;
        out.push(action(Card::from_raw(c)));
    }
}

/// The legal pairs of a defender (CG15), sorted: for each first card, the second cards allowed
/// in either order of play. Equivalent to filtering every pair with [`pair_legal`].
#[inline(never)]
fn defender_pairs(h: u128, s0: u8, s1: u8, out: &mut Vec<Action>) {
    // Second cards allowed for each first card, indexed by the first card's rank in the hand.
    let mut seconds = [0u128; 16];
    let pos = |x: u32| (h & ((1u128 << x) - 1)).count_ones() as usize & 15;
    // Order 1: x to trick 1 first, then y to trick 2.
    let mut xs = follow_options(h, s0);
    while xs != 0 {
        let x = xs.trailing_zeros();
        xs &= xs - 1;
        seconds[pos(x)] |= follow_options(h & !(1u128 << x), s1);
    }
    // Order 2: y to trick 2 first, then x to trick 1.
    let mut ys = follow_options(h, s1);
    while ys != 0 {
        let y = ys.trailing_zeros();
        ys &= ys - 1;
        let mut xs = follow_options(h & !(1u128 << y), s0);
        while xs != 0 {
            let x = xs.trailing_zeros();
            xs &= xs - 1;
            seconds[pos(x)] |= 1u128 << y;
        }
    }
    let mut firsts = h;
    let mut k = 0;
    while firsts != 0 {
        let x = firsts.trailing_zeros();
        firsts &= firsts - 1;
        let mut ys = seconds[k & 15] & !(1u128 << x);
        k += 1;
        while ys != 0 {
            let y = ys.trailing_zeros();
            ys &= ys - 1;
            if let (Some(cx), Some(cy)) = (lowest(1u128 << x), lowest(1u128 << y)) {
                out.push(Action::Pair(cx, cy));
            }
        }
    }
}

fn lead_pairs(deal: &Deal, hand: Cards, out: &mut Vec<Action>) {
    if deal.contract == Some(Contract::TwoBlanks) {
        {
            let Some(e) = deal.exposed.first() else {
                return;
            };
            let suit = set(raw(hand) & SUIT_MASKS[e.suit_code() as usize]);
            for x in suit.iter() {
                for y in suit.iter() {
                    if x != y {
                        out.push(Action::Pair(x, y));
                    }
                }
            }
        }
    } else {
        let mut it = deal.exposed.iter();
        if let (Some(a), Some(b)) = (it.next(), it.next()) {
            out.push(Action::Pair(a, b));
            out.push(Action::Pair(b, a));
        }
    }
}

/// Why an action of the non-auction phases is refused (or `Ok`). A single card played outside
/// the double lead (most checks of a playout) takes the short path; the rest is out of line.
pub(crate) fn check(deal: &Deal, config: &Config, action: Action) -> Result<(), ActionError> {
    let hand = deal.hand(deal.to_move);
    match (deal.phase, action) {
        (Phase::Play, Action::Play(c)) if !in_double(deal) => {
            if !hand.contains(c) {
                return Err(ActionError::NotInHand { card: c });
            }
            check_play(deal, config, hand, c)
        }
        _ => check_other(deal, config, hand, action),
    }
}

/// [`check`] of the other actions: the wrong step, the double-lead mix-up and a card not in
/// hand first, then each step's own rules.
#[inline(never)]
fn check_other(
    deal: &Deal,
    config: &Config,
    hand: Cards,
    action: Action,
) -> Result<(), ActionError> {
    let cards = match action {
        Action::Expose(c) | Action::Discard(c) | Action::Play(c) => [Some(c), None],
        Action::Pair(x, y) => [Some(x), Some(y)],
        _ => [None, None],
    };
    let step_matches = matches!(
        (deal.phase, action),
        (Phase::Expose { .. }, Action::Expose(_))
            | (Phase::Discard { .. }, Action::Discard(_))
            | (Phase::Play, Action::Play(_) | Action::Pair(..))
    );
    if !step_matches {
        let step = match deal.phase {
            Phase::Expose { .. } => "exposing the kept cards",
            Phase::Discard { .. } => "discarding to the legage",
            _ => "card play",
        };
        return Err(ActionError::WrongStep { action, step });
    }
    if in_double(deal) != matches!(action, Action::Pair(..)) && deal.phase == Phase::Play {
        return Err(ActionError::DoubleLead {
            what: if in_double(deal) {
                "tricks 1 and 2 are played together: play a pair such as 8s+7s"
            } else {
                "only tricks 1 and 2 of two blanks and two different are played as a pair"
            },
        });
    }
    if let Some(card) = cards.into_iter().flatten().find(|&c| !hand.contains(c)) {
        return Err(ActionError::NotInHand { card });
    }
    match (deal.phase, action) {
        (Phase::Expose { first }, Action::Expose(c)) => check_exposure(deal, hand, first, c),
        (Phase::Discard { after_pickup, .. }, Action::Discard(c)) => {
            if discard_options(deal, config, after_pickup) & c.bit() != 0 {
                Ok(())
            } else if deal.exposed.contains(c) {
                Err(ActionError::ExposedDiscard { card: c })
            } else {
                Err(ActionError::NotFromCego { card: c })
            }
        }
        (_, Action::Play(c)) => check_play(deal, config, hand, c),
        (_, Action::Pair(x, y)) => check_pair(deal, hand, x, y),
        _ => Ok(()),
    }
}

/// Why a card in hand may not be exposed (or `Ok`): CG8's choice of the kept cards.
fn check_exposure(
    deal: &Deal,
    hand: Cards,
    first: Option<Card>,
    c: Card,
) -> Result<(), ActionError> {
    let contract = deal.contract.unwrap_or(Contract::OneBlank);
    if crate::rules::exposure_mask(contract, hand, first) & c.bit() != 0 {
        return Ok(());
    }
    let why = match contract {
        Contract::OneBlank => "a numeral must be kept when the hand has one",
        Contract::TwoBlanks => {
            "two cards of one plain suit, numerals when some suit has two numerals"
        }
        _ => "two plain cards of different suits with as few courts as possible",
    };
    Err(ActionError::BadExposure {
        card: c,
        contract,
        why,
    })
}

/// Why a card in hand may not be played to the current trick (or `Ok`): the first lead of
/// Little Man and One Blank, following suit, trumping, the Ulti hold-back.
#[inline]
fn check_play(deal: &Deal, config: &Config, hand: Cards, c: Card) -> Result<(), ActionError> {
    if play_mask(deal, config) & c.bit() != 0 {
        return Ok(());
    }
    let t = &deal.tricks[0];
    if t.len == 0 {
        return Err(match deal.contract {
            Some(Contract::LittleMan) => ActionError::FirstLead {
                what: "trock 1 (little man)",
            },
            Some(Contract::OneBlank) if deal.trick_no == 0 => ActionError::FirstLead {
                what: "the exposed blank or another card of its suit (one blank)",
            },
            _ => ActionError::UltiHoldBack,
        });
    }
    let h = raw(hand);
    if h & SUIT_MASKS[t.suit as usize] != 0 {
        Err(ActionError::MustFollow {
            suit: suit_name(t.suit),
        })
    } else if h & SUIT_MASKS[TROCK as usize] != 0 && !c.is_trock() {
        Err(ActionError::MustTrump {
            suit: suit_name(t.suit),
        })
    } else {
        Err(ActionError::UltiHoldBack)
    }
}

/// Why a pair of cards in hand may not be played to tricks 1 and 2 of the double lead (or
/// `Ok`): the soloist's lead of Two Blanks / Two Different, a defender's following (CG15).
fn check_pair(deal: &Deal, hand: Cards, x: Card, y: Card) -> Result<(), ActionError> {
    if deal.tricks[0].len == 0 {
        let mut v = Vec::new();
        lead_pairs(deal, hand, &mut v);
        if v.contains(&Action::Pair(x, y)) {
            return Ok(());
        }
        return Err(ActionError::FirstLead {
            what: if deal.contract == Some(Contract::TwoBlanks) {
                "two different cards of the exposed suit, to tricks 1 and 2 (two blanks)"
            } else {
                "exactly the two exposed cards, to tricks 1 and 2 (two different)"
            },
        });
    }
    let (s0, s1) = (deal.tricks[0].suit, deal.tricks[1].suit);
    if pair_legal(raw(hand), s0, s1, x, y) {
        Ok(())
    } else {
        Err(ActionError::BadPair {
            first: x,
            second: y,
        })
    }
}

/// Applies an accepted action of the non-auction phases. Returns whether the deal ended.
pub(crate) fn apply(
    deal: &mut Deal,
    config: &Config,
    action: Action,
    events: &mut Vec<Event>,
) -> bool {
    let p = deal.to_move;
    match (deal.phase, action) {
        (Phase::Expose { first }, Action::Expose(c)) => {
            deal.exposed.insert(c);
            events.push(Event::Exposed { seat: p, card: c });
            let done = deal.contract == Some(Contract::OneBlank) || first.is_some();
            if done {
                finish_exposure(deal, config, events);
            } else {
                deal.phase = Phase::Expose { first: Some(c) };
            }
            false
        }
        (Phase::Discard { left, after_pickup }, Action::Discard(c)) => {
            deal.hands[p.index()].remove(c);
            deal.legage.insert(c);
            events.push(Event::Discarded {
                seat: p,
                card: Some(c),
            });
            if left > 1 {
                deal.phase = Phase::Discard {
                    left: left - 1,
                    after_pickup,
                };
            } else if !after_pickup {
                pickup(deal, p, events);
                if deal.contract == Some(Contract::Cego) {
                    deal.phase = Phase::Discard {
                        left: 1,
                        after_pickup: true,
                    };
                } else {
                    start_play(deal, p);
                }
            } else {
                start_play(deal, p);
            }
            false
        }
        (Phase::Play, Action::Play(c)) => {
            put(deal, 0, p, c, events);
            if deal.tricks[0].len < deal.seats {
                deal.to_move = p.next(deal.n(), DIR);
                return false;
            }
            let w = resolve(deal, 0, events);
            finish_trick(deal, config, w, events)
        }
        (Phase::Play, Action::Pair(x, y)) => play_pair(deal, config, x, y, events),
        _ => false,
    }
}

/// Plays card `c` of the seat to move when it is a legal single card (the card play outside
/// the double lead) that does not complete the trick, as [`apply`] does, and returns `true`;
/// otherwise changes nothing and returns `false`. The short path of random playouts.
#[inline]
pub(crate) fn put_short(deal: &mut Deal, c: Card, events: &mut Vec<Event>) -> bool {
    if !matches!(deal.phase, Phase::Play) || in_double(deal) || deal.tricks[0].len + 1 >= deal.seats
    {
        return false;
    }
    let p = deal.to_move;
    put(deal, 0, p, c, events);
    deal.to_move = p.next(deal.n(), DIR);
    true
}

/// Plays a pair to tricks 1 and 2 of the double lead; when both are complete, resolves them
/// and leads trick 3 from the better winning card's player. Returns whether the deal ended.
fn play_pair(deal: &mut Deal, config: &Config, x: Card, y: Card, events: &mut Vec<Event>) -> bool {
    let p = deal.to_move;
    put(deal, 0, p, x, events);
    put(deal, 1, p, y, events);
    if deal.tricks[0].len < deal.seats {
        deal.to_move = p.next(deal.n(), DIR);
        return false;
    }
    let w0 = resolve(deal, 0, events);
    deal.trick_no = 1;
    let w1 = resolve(deal, 1, events);
    let lead = if w0 == w1 {
        w0
    } else {
        let best = |k: usize, w: Seat| {
            deal.tricks[k]
                .plays()
                .find(|&(s, _)| s == w)
                .map_or(0, |(_, c)| c.strength())
        };
        if best(0, w0) >= best(1, w1) { w0 } else { w1 }
    };
    finish_trick(deal, config, lead, events)
}

/// Puts a card into trick `k`, with the void bookkeeping and the dead-lead rule (CG14).
// Inlined into the play, which saves its call frame in random playouts (measured: the crate
// docs, "Search bots").
#[allow(clippy::inline_always)]
#[inline(always)]
fn put(deal: &mut Deal, k: usize, p: Seat, c: Card, events: &mut Vec<Event>) {
    deal.hands[p.index()].remove(c);
    let dead = deal.dead;
    let t = &mut deal.tricks[k];
    if t.len == 0 {
        t.leader = p;
        t.suit = c.suit_code();
    } else if c.suit_code() != t.suit {
        deal.voids[p.index()] |= 1 << t.suit;
        if !c.is_trock() {
            deal.voids[p.index()] |= 1 << TROCK;
            if t.len == 1 && t.cards[0].is_some_and(|l| dead.contains(l)) {
                t.suit = c.suit_code();
            }
        }
    }
    t.cards[t.len as usize] = Some(c);
    t.len += 1;
    events.push(Event::Played {
        seat: p,
        card: c,
        trick: deal.trick_no + 1 + k as u8,
    });
}

/// The winner of trick `k` (cego.md §6.2, §6.3): highest Trock, else the highest live card of
/// the suit to follow. Records the trick and gives the cards to the winner.
fn resolve(deal: &mut Deal, k: usize, events: &mut Vec<Event>) -> Seat {
    let t = deal.tricks[k];
    let mut best = (0u8, 0usize);
    let mut cards = [Card::T1; 4];
    // The 54 cards fit in 64 bits: one-word masks are cheaper than `u128` ones.
    let mut won = 0u64;
    // The cards that can win: every Trock, and the live cards of the suit to follow.
    let live = (SUIT_MASKS[TROCK as usize]
        | (SUIT_MASKS[usize::from(t.suit).min(4)] & !raw(deal.dead))) as u64;
    for (i, slot) in t.cards.iter().enumerate() {
        let Some(c) = *slot else { continue };
        cards[i] = c;
        let bit = 1u64 << (c.index() & 63);
        won |= bit;
        let v = if live & bit != 0 { c.strength() } else { 0 };
        if v > best.0 {
            best = (v, i);
        }
    }
    let w = t.leader.step(deal.n(), DIR, best.1);
    // At three players the fourth place repeats the lead (see `TrickRecord::cards`).
    if t.len < 4 {
        cards[3] = cards[0];
    }
    let won = set(u128::from(won));
    deal.won[w.index()] = deal.won[w.index()] | won;
    deal.tricks_won[w.index()] += 1;
    let number = deal.trick_no + 1;
    deal.history.push(TrickRecord {
        number,
        leader: t.leader,
        cards,
        winner: w,
        seats: deal.seats,
    });
    events.push(Event::TrickWon {
        seat: w,
        trick: number,
    });
    w
}

/// Whether a special game's result is already certain (CG22): Bettel after the soloist's first
/// trick, Piccolo after his second, Ulti once Trock 1 has gone before the last trick (trick 11,
/// 13 at three players).
pub(crate) fn decided(deal: &Deal) -> bool {
    let Some(s) = deal.soloist else { return false };
    let t = deal.tricks_won[s.index()];
    match deal.contract {
        Some(Contract::Bettel) => t >= 1,
        Some(Contract::Piccolo) => t >= 2,
        Some(Contract::Ulti) => {
            deal.trick_no < deal.tricks_per_deal() && !deal.hand(s).contains(Card::T1)
        }
        _ => false,
    }
}

fn finish_trick(deal: &mut Deal, config: &Config, leader: Seat, events: &mut Vec<Event>) -> bool {
    deal.trick_no += 1;
    if deal.trick_no >= deal.tricks_per_deal() {
        return true;
    }
    if config.stop_when_decided && decided(deal) {
        events.push(Event::Decided {
            trick: deal.trick_no,
        });
        return true;
    }
    deal.tricks = [Trick::new(leader, deal.seats); 2];
    deal.to_move = leader;
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Card;

    #[test]
    fn defender_pairs_equal_the_brute_force_filter() {
        let mut x: u64 = 99;
        for _ in 0..3000 {
            let mut h = 0u128;
            while h.count_ones() < 9 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                h |= 1u128 << (x % 54);
            }
            let (s0, s1) = ((x >> 8) as u8 % 5, (x >> 16) as u8 % 5);
            let mut fast = Vec::new();
            defender_pairs(h, s0, s1, &mut fast);
            let mut slow = Vec::new();
            let cards: Vec<Card> = crate::cards::set(h).iter().collect();
            for &a in &cards {
                for &b in &cards {
                    if pair_legal(h, s0, s1, a, b) {
                        slow.push(Action::Pair(a, b));
                    }
                }
            }
            assert_eq!(fast, slow);
        }
    }
}
