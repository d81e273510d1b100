//! Validation of a state read from outside (deserialisation): [`State::validate`].
//!
//! The shared way ([`cards_core::validate`]): the census (G4), then the recorded actions
//! replayed through the engine from the deal as dealt, traced back from where its cards are
//! now, must give back the state read, every cached field recomputed. What the replay cannot
//! see is checked here: the table, the match before this deal and the seed's deal (CG1); a
//! few cheap checks come first for their precise messages.

use cards_core::validate::{check_census, differing_path, replay};

use crate::Cego;
use crate::action::Action;
use crate::cards::{Card, Cards, pack_for, pack_names};
use crate::contract::Contract;
use crate::error::InvalidState;
use crate::scoring::max_payment;
use crate::seats::local_dealer;
use crate::state::{Deal, Phase, Position, State, Trick, dealt_position};
use crate::tally::PerPlayer;

impl State {
    /// Checks that the state is one the engine can reach, and names the first thing that is not:
    /// the configuration validates; the table agrees with it (three players in a deal at
    /// three players, cego.md 10, else four; at five the dealer sits out, cego.md 3); the
    /// counters are in range; the match record agrees with the deal number (the match-over
    /// flag, the Gstieß ending, one zero-sum result per finished deal, no payment beyond
    /// [`max_payment`]); the cards make up the pack exactly once (G4); the cards traced back
    /// to where they were dealt form a valid deal, from the first seeded deal on the one the
    /// match seed deals (CG1); and the recorded calls, exposures, discards and cards played,
    /// replayed through the engine from that deal, are each legal, each call by the seat whose
    /// turn it was, and give back exactly this state, every cached field recomputed.
    ///
    /// Deserialisation runs this check, so a `State` read from JSON is one the engine handles.
    /// It costs a replay of the current deal (at most about 100 actions), off the hot paths.
    ///
    /// # Errors
    /// The first inconsistency found, as an [`InvalidState`].
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        self.check_table()?;
        self.check_counters()?;
        self.check_match()?;
        self.check_results()?;
        self.check_census()?;
        let position = traced_position(&self.deal)?;
        if self.deal.index >= self.seeded_from {
            let d = &self.deal;
            let order = self.config.deal_order;
            if dealt_position(self.seed, d.index, d.dealer, order, d.seats) != position {
                return Err(InvalidState::NotFromSeed { deal: d.index + 1 });
            }
        }
        self.check_replay(&position)
    }

    /// Three players in the deal at three players (cego.md 10), else four; at five the dealer
    /// sits out (cego.md 3), else nobody; the seat to move is one of the deal's.
    fn check_table(&self) -> Result<(), InvalidState> {
        let (d, players) = (&self.deal, self.config.players);
        if usize::from(d.seats) != self.config.seats() {
            return Err(InvalidState::Seats {
                seats: d.seats,
                players,
            });
        }
        let sitting_out_ok = match self.sitting_out {
            None => players <= 4,
            Some(out) => {
                players == 5 && out.index() < 5 && d.dealer == local_dealer(Some(out), out)
            }
        };
        if !sitting_out_ok {
            return Err(InvalidState::SittingOut {
                sitting_out: self.sitting_out,
                dealer: d.dealer,
                players,
            });
        }
        if d.to_move.index() >= d.n() {
            return Err(InvalidState::Seat {
                field: "the seat to move",
                seat: d.to_move,
                seats: d.n(),
            });
        }
        Ok(())
    }

    /// The deal index, the completed tricks and the cards of the current tricks are in range.
    fn check_counters(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let deals = self.config.max_deals();
        counter_ok("the deal index", d.index.into(), u64::from(deals) - 1)?;
        let tricks = u64::from(d.tricks_per_deal());
        counter_ok("the number of completed tricks", d.trick_no.into(), tricks)?;
        let (what, most) = (
            "the cards in the current trick",
            d.tricks.iter().map(|t| t.len),
        );
        counter_ok(what, most.max().unwrap_or(0).into(), d.seats.into())
    }

    /// The Gstieß ending's last deal (cego.md 3) is noted only after the deal following the
    /// announcement, up to one deal per player later; the first seeded deal is not after the
    /// current one; the match is over exactly in its last deal, in the phase `Over`.
    fn check_match(&self) -> Result<(), InvalidState> {
        let (index, deals) = (self.deal.index, self.config.deals);
        let gstiess_ok = match self.gstiess_last {
            None => !self.config.gstiess_ending || index <= deals,
            Some(last) => {
                self.config.gstiess_ending
                    && index > deals
                    && (deals + 1..=deals + self.config.players as u32).contains(&last)
                    && index <= last
            }
        };
        if !gstiess_ok {
            return Err(InvalidState::Gstiess {
                last: self.gstiess_last.map(|l| l + 1),
                deal: index + 1,
            });
        }
        let first_seeded = "the first deal dealt from the seed";
        counter_ok(first_seeded, self.seeded_from.into(), u64::from(index) + 1)?;
        let phase_over = self.deal.phase == Phase::Over;
        if self.over != phase_over || (self.over && self.last_deal() != Some(index)) {
            return Err(InvalidState::MatchOver {
                over: self.over,
                deal: index + 1,
                deals: self.config.max_deals(),
                phase: phase_name(self.deal.phase),
            });
        }
        Ok(())
    }

    /// One result per finished deal, one entry per player, each zero-sum, no payment beyond
    /// [`max_payment`] (the replay recomputes the totals from the results).
    fn check_results(&self) -> Result<(), InvalidState> {
        let (d, players) = (&self.deal, self.config.players);
        let expected = d.index as usize + usize::from(self.over);
        if self.results.len() != expected {
            return Err(InvalidState::Results {
                found: self.results.len(),
                expected,
                deal: d.index + 1,
            });
        }
        let entries = std::iter::once(("the match totals", &self.totals))
            .chain(self.results.iter().map(|r| ("the payments of a deal", r)));
        for (what, record) in entries {
            if record.len() != players {
                let found = record.len();
                return Err(InvalidState::Entries {
                    what,
                    found,
                    players,
                });
            }
        }
        let max = max_payment(players);
        for (k, payments) in self.results.iter().enumerate() {
            if let Some(&payment) = payments.iter().find(|p| p.abs() > max) {
                return Err(InvalidState::Payment {
                    deal: k + 1,
                    payment,
                    max,
                });
            }
            let sum: i64 = payments.iter().map(|&p| i64::from(p)).sum();
            if sum != 0 {
                return Err(InvalidState::NotZeroSum { deal: k + 1, sum });
            }
        }
        Ok(())
    }

    /// The cards of all locations make up the pack exactly once (G4, [`check_census`]); at
    /// three players the pack is the short one of cego.md 10. A card found twice is named
    /// first, then a card out of the pack, then a card found nowhere.
    fn check_census(&self) -> Result<(), InvalidState> {
        let Err(e) = check_census(self.census(), pack_names(self.config.players)) else {
            return Ok(());
        };
        let cards = |names: &[String]| -> Vec<Card> {
            names.iter().filter_map(|n| n.parse().ok()).collect()
        };
        let (extra, pack) = (cards(&e.extra), pack_for(self.config.players));
        if let Some(&c) = extra.iter().find(|&&c| pack.contains(c)) {
            return Err(InvalidState::Duplicate(c));
        }
        Err(match (extra.first(), cards(&e.missing).first()) {
            (Some(&c), _) => InvalidState::Removed(c),
            (None, Some(&c)) => InvalidState::Missing(c),
            (None, None) => return Ok(()),
        })
    }

    /// Replays the current deal's record from `position`, in the match context of the earlier
    /// results ([`replay`]), and compares the result with the state ([`differing_field`]).
    fn check_replay(&self, position: &Position) -> Result<(), InvalidState> {
        let d = &self.deal;
        // `check_results` made sure that the results hold `index` deals.
        let prior = self.results.get(..d.index as usize).unwrap_or_default();
        let mut totals = PerPlayer::zeros(self.config.players);
        for (i, t) in totals.iter_mut().enumerate() {
            *t = prior.iter().filter_map(|r| r.get(i)).sum();
        }
        let start = State {
            config: self.config.clone(),
            deal: Deal::new(d.index, position, d.seats),
            totals,
            results: prior.to_vec(),
            over: false,
            ..*self
        };
        let replayed = replay::<Cego>(start, recorded_actions(d))?;
        let calls = replayed.deal.calls.iter().zip(&d.calls);
        if let Some((k, (r, s))) = calls.enumerate().find(|(_, (r, s))| r.0 != s.0) {
            return Err(InvalidState::CallOutOfTurn {
                number: k + 1,
                seat: s.0,
                to_move: r.0,
            });
        }
        if replayed == *self {
            return Ok(());
        }
        Err(InvalidState::Mismatch(differing_field(&replayed, self)))
    }
}

fn counter_ok(what: &'static str, value: u64, max: u64) -> Result<(), InvalidState> {
    if value <= max {
        Ok(())
    } else {
        Err(InvalidState::Counter { what, value, max })
    }
}

/// A short name of a phase, for messages.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Auction => "auction",
        Phase::Expose { .. } => "expose",
        Phase::Discard { .. } => "discard",
        Phase::Play => "play",
        Phase::Over => "over",
    }
}

/// The deal as dealt, traced back from where the cards are now: each hand with the cards its
/// seat played; the soloist of a discard game also with his Legage, less the cego he took up.
fn traced_position(d: &Deal) -> Result<Position, InvalidState> {
    let mut hands = d.hands;
    for (h, played) in hands.iter_mut().zip(d.played()) {
        *h = *h | Cards::from_bits(played);
    }
    let soloist = d
        .soloist
        .filter(|_| d.contract.is_some_and(Contract::takes_cego));
    if let Some(h) = soloist.and_then(|s| hands.get_mut(s.index())) {
        *h = (*h | d.legage) - d.cego_dealt;
    }
    let position = Position {
        dealer: d.dealer,
        hands,
        cego: d.cego_dealt,
    };
    position.validate_for(d.n()).map_err(InvalidState::Dealt)?;
    Ok(position)
}

/// The deal's record as the actions that made it: the calls, the exposures, the soloist's own
/// discards (from his dealt hand first; not the rest that an exposure sends to the Legage, nor
/// the Trock shown), the cards played (tricks 1 and 2 of a double lead as pairs).
fn recorded_actions(d: &Deal) -> Vec<Action> {
    let mut actions: Vec<Action> = d.calls.iter().map(|&(_, a)| a).collect();
    let mut discards = match d.contract {
        Some(Contract::Cego | Contract::OneCard) => d.legage,
        Some(Contract::LittleMan) => d.legage & d.cego_dealt,
        _ => {
            actions.extend(d.exposed.iter().map(Action::Expose));
            d.legage & d.cego_dealt
        }
    };
    if let Some(t) = d.shown {
        discards.remove(t);
    }
    let (from_hand, from_cego) = (discards - d.cego_dealt, discards & d.cego_dealt);
    for c in from_hand.iter().chain(from_cego.iter()) {
        actions.push(Action::Discard(c));
    }
    let mut tricks: Vec<Vec<Card>> = d.history.iter().map(|t| t.cards().to_vec()).collect();
    let cards = |t: &Trick| -> Vec<Card> { t.cards.iter().flatten().copied().collect() };
    tricks.extend(d.on_table().iter().map(cards));
    let mut rest = &tricks[..];
    if let (true, [one, two, more @ ..]) = (d.contract.is_some_and(Contract::double_lead), rest) {
        actions.extend(one.iter().zip(two).map(|(&x, &y)| Action::Pair(x, y)));
        rest = more;
    }
    actions.extend(rest.iter().flatten().map(|&c| Action::Play(c)));
    actions
}

/// The field where the replay `r` first differs from the state `s` read: the innermost field
/// of the match, the deal or its auction that holds the first difference ([`differing_path`]).
fn differing_field(r: &State, s: &State) -> &'static str {
    let path = differing_path(r, s);
    field_name(match &path[..] {
        [deal, auction, f, ..] if deal == "deal" && auction == "auction" => f,
        [deal, f, ..] if deal == "deal" => f,
        [f, ..] => f,
        [] => "",
    })
}

/// The names in messages of the fields of [`State`], [`Deal`] and [`Auction`](crate::Auction),
/// `field=name;` each.
const FIELD_NAMES: &str = "index=the deal index;dealer=the dealer;forehand=forehand;\
    seats=the players of the deal;hands=the hands;cego=the cego;cego_dealt=the cego as dealt;\
    legage=the legage;shown=the trock shown;exposed=the exposed cards;dead=the dead cards;\
    phase=the phase;stage=the auction stage;solo_caller=the solo caller;\
    holder=the auction holder;rung=the auction rung;entrants=the auction entrants;\
    entrant=the auction entrant;any_bid=the any-bid flag;calls=the calls;\
    contract=the contract;soloist=the soloist;after_solo=the after-solo flag;\
    t1_known=the known holder of trock 1;cego_trocks=the cego trocks;\
    trick_no=the number of completed tricks;tricks=the current tricks;\
    double=the double-lead flag;to_move=the seat to move;won=the tricks won;\
    tricks_won=the tricks won;voids=the voids;history=the completed tricks;\
    totals=the match totals;results=the deal results;over=the match-over flag;";

/// The name in messages of a field ([`FIELD_NAMES`]), "the state" for any other.
fn field_name(field: &str) -> &'static str {
    FIELD_NAMES
        .split(';')
        .find_map(|entry| entry.strip_prefix(field)?.strip_prefix('='))
        .unwrap_or("the state")
}
