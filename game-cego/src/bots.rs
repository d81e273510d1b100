//! The heuristic bot.

use cards_core::rng::below;
use cards_core::{Bot, Decision, GameRng, Seat};

use crate::Cego;
use crate::action::Action;
use crate::cards::{Card, Cards, Kind, SUIT_MASKS, TROCK, raw};
use crate::contract::Contract;
use crate::seats::DIR;
use crate::view::View;

/// A heuristic player: bids from hand strength (Trocks, honours, suit lengths), discards plain
/// cards to the Legage, takes tricks with points, smears points onto a partner's trick, ducks in
/// Bettel and Piccolo, and keeps Trock 1 back in Ulti.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

fn trocks(hand: Cards) -> u32 {
    (raw(hand) & SUIT_MASKS[TROCK as usize]).count_ones()
}

fn high_trocks(hand: Cards) -> u32 {
    hand.iter()
        .filter(|c| matches!(c.kind(), Kind::Trock(n) if n >= 17))
        .count() as u32
}

/// A rough hand strength: Trocks count double, high Trocks and Kings add.
fn strength(hand: Cards) -> u32 {
    let kings = hand
        .iter()
        .filter(|c| matches!(c.kind(), Kind::Plain(_, 8)))
        .count() as u32;
    let voids = (0..4).filter(|&s| raw(hand) & SUIT_MASKS[s] == 0).count() as u32;
    2 * trocks(hand) + high_trocks(hand) + kings + voids
}

fn choose_auction(v: &View, legal: &[Action]) -> Action {
    let h = v.hand;
    let s = strength(h);
    let has = |a: Action| legal.contains(&a);
    if has(Action::Bid(Contract::Ulti)) && trocks(h) >= 10 {
        return Action::Bid(Contract::Ulti);
    }
    if has(Action::Bid(Contract::Solo)) && s >= 24 {
        return Action::Bid(Contract::Solo);
    }
    if has(Action::Bid(Contract::Raeuber)) {
        return if trocks(h) <= 4 && high_trocks(h) == 0 {
            Action::Bid(Contract::Raeuber)
        } else {
            Action::Bid(Contract::Cego)
        };
    }
    if has(Action::Bid(Contract::Cego)) && !has(Action::Pass) {
        // Forehand's opening.
        if trocks(h) == 0 && has(Action::Bid(Contract::Bettel)) {
            return Action::Bid(Contract::Bettel);
        }
        return Action::Bid(Contract::Cego);
    }
    // Raise or hold only with a strong hand, and not too high.
    let limit = if s >= 20 {
        Contract::TwoBlanks
    } else if s >= 16 {
        Contract::OneCard
    } else {
        Contract::Solo
    };
    for &a in legal {
        if let Action::Bid(c) = a {
            if c != Contract::Solo
                && (c.next_rung().is_some() || c == Contract::LittleMan)
                && c <= limit
                && c.is_counter()
            {
                return a;
            }
        }
    }
    if has(Action::Hold) && s >= 16 {
        return Action::Hold;
    }
    if has(Action::Bid(Contract::Bettel)) && trocks(h) == 0 && s <= 2 {
        return Action::Bid(Contract::Bettel);
    }
    Action::Pass
}

/// The card that currently wins a trick given its plays, with the suit to follow.
fn current_winner(plays: &[(Seat, Card)], dead: Cards) -> Option<(Seat, Card, u8)> {
    let &(_, lead) = plays.first()?;
    let mut suit = lead.suit_code();
    if dead.contains(lead) {
        if let Some(&(_, c)) = plays.get(1) {
            if c.suit_code() != suit && !c.is_trock() {
                suit = c.suit_code();
            }
        }
    }
    let mut best: Option<(Seat, Card, u8)> = None;
    for &(s, c) in plays {
        let v = if c.is_trock() || (c.suit_code() == suit && !dead.contains(c)) {
            c.strength()
        } else {
            0
        };
        if v > best.map_or(0, |b| b.2) {
            best = Some((s, c, v));
        }
    }
    best.or(Some((plays[0].0, lead, 0)))
        .map(|(s, c, _)| (s, c, suit))
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Aim {
    /// Take card points (counter games, defenders against them).
    Points,
    /// Avoid tricks (Bettel soloist, Räuber, Piccolo soloist after one trick).
    Duck,
    /// Help the soloist take tricks (defenders in Bettel / Piccolo).
    Feed,
}

fn partners(v: &View, a: Seat, b: Seat) -> bool {
    match (v.contract, v.soloist) {
        (Some(Contract::Raeuber), _) | (_, None) => a == b,
        (_, Some(s)) => (a == s) == (b == s),
    }
}

fn aim(v: &View) -> Aim {
    let me = v.seat;
    match (v.contract, v.soloist) {
        (Some(Contract::Raeuber), _) => Aim::Duck,
        (Some(Contract::Bettel), Some(s)) => {
            if s == me {
                Aim::Duck
            } else {
                Aim::Feed
            }
        }
        (Some(Contract::Piccolo), Some(s)) => {
            if s == me {
                if v.tricks_won[me.index()] >= 1 {
                    Aim::Duck
                } else {
                    Aim::Points
                }
            } else if v.tricks_won[s.index()] == 0 {
                Aim::Feed
            } else {
                Aim::Points
            }
        }
        _ => Aim::Points,
    }
}

/// What scoring a card needs to know about the trick it goes to, computed once per trick.
struct Table<'a> {
    plays: &'a [(Seat, Card)],
    /// Card points on the table.
    points: i32,
    /// Whether a partner of the deciding seat is winning the trick so far.
    partner_winning: bool,
}

impl<'a> Table<'a> {
    fn new(v: &View, plays: &'a [(Seat, Card)], dead: Cards) -> Table<'a> {
        let points = plays.iter().map(|(_, c)| c.points() as i32).sum();
        let before = current_winner(plays, dead).map(|x| x.0);
        let partner_winning = before.is_some_and(|b| b != v.seat && partners(v, b, v.seat));
        Table {
            plays,
            points,
            partner_winning,
        }
    }
}

/// Scores leading `card` (higher is better): for points the soloist leads strong, the others
/// lead weak plain cards with points, no Trock; ducking and feeding lead weak.
fn lead_score(v: &View, aim: Aim, card: Card) -> i32 {
    let strength = i32::from(card.strength());
    match aim {
        Aim::Points if v.soloist == Some(v.seat) => strength,
        Aim::Points => {
            if card.is_trock() {
                -strength
            } else {
                40 - strength + if card.points() >= 5 { 30 } else { 0 }
            }
        }
        Aim::Duck | Aim::Feed => -strength,
    }
}

/// Scores playing `card` to a trick with `plays` so far (higher is better).
fn score_card(v: &View, aim: Aim, table: &Table<'_>, card: Card, dead: Cards) -> i32 {
    let me = v.seat;
    let plays = table.plays;
    let pts = card.points() as i32;
    let ulti_t1 = v.contract == Some(Contract::Ulti)
        && v.soloist == Some(me)
        && card == Card::T1
        && v.tricks.len() + v.table.len() < usize::from(v.tricks_per_deal());
    let penalty = if ulti_t1 { -1000 } else { 0 };
    let a = aim;
    if plays.is_empty() {
        return penalty + lead_score(v, a, card);
    }
    let mut after = [(me, card); 4];
    let n = plays.len().min(3);
    after[..n].copy_from_slice(&plays[..n]);
    let Some((w, _, _)) = current_winner(&after[..=n], dead) else {
        return 0;
    };
    let i_win = w == me;
    let last = plays.len() + 1 == v.seats_in_deal();
    let table_pts = table.points;
    penalty
        + match a {
            Aim::Points => {
                if i_win {
                    let sure = if last || card == Card::GSTIESS { 20 } else { 5 };
                    50 + sure + table_pts - i32::from(card.strength()) / 4
                } else if table.partner_winning && partners(v, w, me) {
                    20 + 4 * pts
                } else {
                    -4 * pts - i32::from(card.strength()) / 8
                }
            }
            Aim::Duck => {
                if i_win {
                    -100 - 3 * (table_pts + pts) + i32::from(card.strength()) / 8
                } else {
                    4 * pts + i32::from(card.strength())
                }
            }
            Aim::Feed => {
                let soloist_wins = v.soloist == Some(w);
                if soloist_wins {
                    40 + i32::from(card.strength()) / 4
                } else {
                    -i32::from(card.strength())
                }
            }
        }
}

fn choose_discard(legal: &[Action]) -> Action {
    // Secure points in the Legage: plain cards with the most points first, Trocks last.
    let key = |a: &Action| match a {
        Action::Discard(c) | Action::Expose(c) => {
            if c.is_trock() {
                -100 - i32::from(c.strength())
            } else {
                c.points() as i32 * 10 - i32::from(c.strength())
            }
        }
        _ => i32::MIN,
    };
    legal
        .iter()
        .copied()
        .max_by_key(key)
        .unwrap_or(Action::Pass)
}

fn dead_cards(v: &View) -> Cards {
    match v.contract {
        Some(Contract::OneBlank | Contract::TwoBlanks | Contract::TwoDifferent) => v.exposed,
        _ => Cards::EMPTY,
    }
}

impl Bot<Cego> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, Cego>, rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        if legal.len() <= 1 {
            return 0;
        }
        let v = decision.view();
        let dead = dead_cards(&v);
        let pick = match legal[0] {
            Action::Pass | Action::Hold | Action::Bid(_) => choose_auction(&v, legal),
            Action::Discard(_) => choose_discard(legal),
            Action::Expose(_) => legal[below(rng, legal.len() as u64) as usize],
            Action::Play(_) => {
                let aim = aim(&v);
                let plays = v.table.first().map_or(&[][..], |t| t.plays.as_slice());
                let table = Table::new(&v, plays, dead);
                *legal
                    .iter()
                    .max_by_key(|a| match a {
                        Action::Play(c) => score_card(&v, aim, &table, *c, dead),
                        _ => i32::MIN,
                    })
                    .unwrap_or(&legal[0])
            }
            Action::Pair(..) => {
                let aim = aim(&v);
                let t0 = v.table.first().map_or(&[][..], |t| t.plays.as_slice());
                let t1 = v.table.get(1).map_or(&[][..], |t| t.plays.as_slice());
                let (t0, t1) = (Table::new(&v, t0, dead), Table::new(&v, t1, dead));
                *legal
                    .iter()
                    .max_by_key(|a| match a {
                        Action::Pair(x, y) => {
                            score_card(&v, aim, &t0, *x, dead) + score_card(&v, aim, &t1, *y, dead)
                        }
                        _ => i32::MIN,
                    })
                    .unwrap_or(&legal[0])
            }
        };
        let _ = DIR;
        legal.iter().position(|a| *a == pick).unwrap_or(0)
    }
}
