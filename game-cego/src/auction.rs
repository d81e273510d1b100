//! The auction (cego.md §4): phase one (Solo, Ulti), phase two with its ladder and duels.

use crate::action::Action;
use crate::cards::{Card, Cards};
use crate::contract::Contract;
use crate::error::ActionError;
use crate::event::Event;
use crate::rules::{Config, feasible, played_at};
use crate::seats::nth;
use crate::state::{Deal, Stage};

/// A short list of auction calls (at most 4).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Calls {
    items: [Action; 4],
    len: usize,
}

impl Calls {
    fn new() -> Calls {
        Calls {
            items: [Action::Pass; 4],
            len: 0,
        }
    }
    fn push(&mut self, a: Action) {
        if self.len < 4 {
            self.items[self.len] = a;
            self.len += 1;
        }
    }
    pub(crate) fn as_slice(&self) -> &[Action] {
        &self.items[..self.len]
    }
}

/// The calls open to the seat to move, sorted.
pub(crate) fn options(deal: &Deal, config: &Config) -> Calls {
    let mut out = Calls::new();
    let a = &deal.auction;
    let seat = deal.to_move;
    let hand = deal.hand(seat);
    // Piccolo and Bettel are not played by three (cego.md 10).
    let specials = deal.seats != 3;
    let raise = |out: &mut Calls| {
        if let Some(next) = a.rung.next_rung() {
            if feasible(next, hand) {
                out.push(Action::Bid(next));
            }
        }
    };
    match a.stage {
        Stage::PhaseOne { .. } => {
            out.push(Action::Pass);
            if a.solo_caller.is_none() {
                out.push(Action::Bid(Contract::Solo));
            }
            if hand.contains(Card::T1) && (a.solo_caller.is_none() || config.ulti_after_solo) {
                out.push(Action::Bid(Contract::Ulti));
            }
        }
        Stage::Opening => {
            out.push(Action::Bid(Contract::Cego));
            if specials {
                out.push(Action::Bid(Contract::Piccolo));
                out.push(Action::Bid(Contract::Bettel));
            }
        }
        Stage::Entry => {
            out.push(Action::Pass);
            raise(&mut out);
            if a.solo_caller.is_none() && specials {
                out.push(Action::Bid(Contract::Piccolo));
                out.push(Action::Bid(Contract::Bettel));
            }
        }
        Stage::Answer => {
            out.push(Action::Pass);
            if feasible(a.rung, hand) {
                out.push(Action::Hold);
            }
        }
        Stage::Again => {
            out.push(Action::Pass);
            raise(&mut out);
        }
        Stage::RaeuberChoice => {
            out.push(Action::Bid(Contract::Cego));
            out.push(Action::Bid(Contract::Raeuber));
        }
    }
    out
}

/// Why a call is refused (called only when it is not among the options).
pub(crate) fn refusal(deal: &Deal, action: Action) -> ActionError {
    let a = &deal.auction;
    let hand = deal.hand(deal.to_move);
    let infeasible = |c: Contract| infeasible(c, hand);
    match (a.stage, action) {
        (_, Action::Bid(c)) if !played_at(c, deal.n()) => ActionError::NotAtThree { contract: c },
        (_, Action::Bid(c @ (Contract::Ulti | Contract::LittleMan))) if infeasible(c).is_some() => {
            infeasible(c).unwrap_or(ActionError::MatchOver)
        }
        (Stage::Opening, Action::Pass) => ActionError::PassAtOpening,
        (Stage::Entry | Stage::Again, Action::Hold) => ActionError::EntrantHold,
        (Stage::Entry | Stage::Again | Stage::Answer, Action::Bid(c))
            if a.solo_caller.is_some()
                && matches!(c, Contract::Piccolo | Contract::Bettel | Contract::Raeuber) =>
        {
            ActionError::SpecialAfterSolo { contract: c }
        }
        (Stage::Entry | Stage::Again, Action::Bid(c))
            if c.next_rung().is_some() || c == Contract::LittleMan =>
        {
            match a.rung.next_rung() {
                None => ActionError::LadderTop,
                Some(next) if next != c => ActionError::JumpBid { next },
                Some(next) => infeasible(next).unwrap_or(ActionError::CallNotOpen {
                    action,
                    why: "an entrant may pass or bid the next rung",
                }),
            }
        }
        (Stage::Answer, Action::Hold) => infeasible(a.rung).unwrap_or(ActionError::CallNotOpen {
            action,
            why: "the holder may hold or pass",
        }),
        (stage, _) => not_open(stage, action),
    }
}

/// The refusal of a bid the dealt hand cannot fulfil (cego.md 4.5: CG8, CG9), if it cannot.
fn infeasible(c: Contract, hand: Cards) -> Option<ActionError> {
    let (needs, ruling) = match c {
        Contract::OneBlank => ("a plain-suit card", "CG8"),
        Contract::TwoBlanks => ("two cards of one plain suit", "CG8"),
        Contract::TwoDifferent => ("plain cards of two different suits", "CG8"),
        Contract::LittleMan | Contract::Ulti => ("trock 1", "CG9"),
        _ => return None,
    };
    (!feasible(c, hand)).then_some(ActionError::Infeasible {
        contract: c,
        needs,
        ruling,
    })
}

/// The refusal of a call that the auction's step does not open, with what it opens.
fn not_open(stage: Stage, action: Action) -> ActionError {
    match stage {
        Stage::PhaseOne { .. } => ActionError::CallNotOpen {
            action,
            why: "phase one allows only pass, solo or ulti (cego.md 4.2, CG4)",
        },
        Stage::Opening => ActionError::CallNotOpen {
            action,
            why: "forehand opens phase two with cego, piccolo or bettel (cego.md 4.3)",
        },
        Stage::Answer => ActionError::CallNotOpen {
            action,
            why: "the holder may only hold or pass (cego.md 4.3, CG2)",
        },
        Stage::RaeuberChoice => ActionError::CallNotOpen {
            action,
            why: "forehand chooses cego or raeuber (cego.md 4.3)",
        },
        Stage::Entry | Stage::Again => ActionError::CallNotOpen {
            action,
            why: "an entrant may pass, bid the next rung, or (without a solo) piccolo or bettel",
        },
    }
}

/// What the auction decided, when it ends.
pub(crate) enum Outcome {
    Continue,
    Contract(Contract, Option<cards_core::Seat>),
}

/// Applies a call that `options` listed.
pub(crate) fn apply(
    deal: &mut Deal,
    config: &Config,
    action: Action,
    events: &mut Vec<Event>,
) -> Outcome {
    let seat = deal.to_move;
    deal.calls.push((seat, action));
    events.push(Event::Called {
        seat,
        action,
        after_solo: deal.auction.solo_caller.is_some()
            && !matches!(deal.auction.stage, Stage::PhaseOne { .. }),
    });
    let a = &mut deal.auction;
    match (a.stage, action) {
        (Stage::PhaseOne { next }, _) => phase_one(deal, config, next, action),
        (Stage::Opening, Action::Bid(c)) => {
            if c == Contract::Cego {
                a.holder = deal.forehand;
                a.rung = Contract::Cego;
                a.entrant = 0;
                a.stage = Stage::Entry;
                deal.to_move = a.entrants[0];
                Outcome::Continue
            } else {
                Outcome::Contract(c, Some(seat))
            }
        }
        (Stage::Entry | Stage::Again, Action::Pass) => advance(deal),
        (Stage::Entry | Stage::Again, Action::Bid(c)) => {
            if matches!(c, Contract::Piccolo | Contract::Bettel) {
                return Outcome::Contract(c, Some(seat));
            }
            if c == Contract::LittleMan {
                deal.t1_known = Some(seat);
            }
            a.rung = c;
            a.any_bid = true;
            a.stage = Stage::Answer;
            deal.to_move = a.holder;
            Outcome::Continue
        }
        (Stage::Answer, Action::Hold) => {
            a.stage = Stage::Again;
            deal.to_move = a.entrants[a.entrant as usize];
            Outcome::Continue
        }
        (Stage::Answer, _) => {
            a.holder = a.entrants[a.entrant as usize];
            advance(deal)
        }
        (Stage::RaeuberChoice, Action::Bid(Contract::Raeuber)) => {
            Outcome::Contract(Contract::Raeuber, None)
        }
        (Stage::RaeuberChoice, _) => Outcome::Contract(Contract::Cego, Some(seat)),
        _ => Outcome::Continue,
    }
}

/// Applies a call of phase one (cego.md 4.2): Ulti ends the auction, Solo opens case b (at
/// once unless Ulti may still follow, CG4), and after the last speaker phase two begins.
fn phase_one(deal: &mut Deal, config: &Config, next: u8, action: Action) -> Outcome {
    let (seat, n, seats) = (deal.to_move, deal.n(), deal.seats);
    let a = &mut deal.auction;
    if let Action::Bid(Contract::Ulti) = action {
        deal.t1_known = Some(seat);
        return Outcome::Contract(Contract::Ulti, Some(seat));
    }
    if let Action::Bid(Contract::Solo) = action {
        a.solo_caller = Some(seat);
        if !config.ulti_after_solo {
            start_case_b(deal, seat);
            return Outcome::Continue;
        }
    }
    if usize::from(next) + 1 >= n {
        if let Some(s) = a.solo_caller {
            start_case_b(deal, s);
        } else {
            a.stage = Stage::Opening;
            deal.to_move = deal.forehand;
        }
    } else {
        a.stage = Stage::PhaseOne { next: next + 1 };
        deal.to_move = nth(deal.forehand, next as usize + 1, seats);
    }
    Outcome::Continue
}

fn start_case_b(deal: &mut Deal, solo: cards_core::Seat) {
    let (n, seats, forehand) = (deal.n(), deal.seats, deal.forehand);
    let a = &mut deal.auction;
    a.holder = solo;
    a.rung = Contract::Solo;
    let mut k = 0;
    for i in 0..n {
        let s = nth(forehand, i, seats);
        if s != solo && k < 3 {
            a.entrants[k] = s;
            k += 1;
        }
    }
    a.entrant = 0;
    a.stage = Stage::Entry;
    deal.after_solo = true;
    deal.to_move = a.entrants[0];
}

fn advance(deal: &mut Deal) -> Outcome {
    let (n, seats) = (deal.n(), deal.seats);
    let a = &mut deal.auction;
    a.entrant += 1;
    // The entrants are the other players: three at four players, two at three.
    if usize::from(a.entrant) + 1 >= n {
        // At three players Forehand's Cego with no higher bid is played as Cego: no Räuber
        // (cego.md 10).
        if a.solo_caller.is_none() && !a.any_bid && seats != 3 {
            a.stage = Stage::RaeuberChoice;
            deal.to_move = deal.forehand;
            return Outcome::Continue;
        }
        return Outcome::Contract(a.rung, Some(a.holder));
    }
    a.stage = Stage::Entry;
    deal.to_move = a.entrants[a.entrant as usize];
    Outcome::Continue
}
