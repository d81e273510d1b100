//! Events (narration) and the per-seat view (cego.md §6.6).

use std::fmt;

use cards_core::Seat;
use cards_core::text::{Count, Screen};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::cards::{Card, Cards};
use crate::rules::Contract;
use crate::scoring::Score;
use crate::state::{Phase, State, TrickRecord, letter_of_seat, nth, seat_of_letter};

/// What happened, one line of narration each.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Event {
    /// A deal begins.
    DealStarted {
        /// Deal number, from 1.
        deal: u32,
        /// The dealer.
        dealer: Seat,
        /// Forehand.
        forehand: Seat,
    },
    /// A seat's dealt hand (hidden from the others).
    Dealt {
        /// The seat.
        seat: Seat,
        /// The hand, `None` when redacted.
        hand: Option<Cards>,
    },
    /// An auction call.
    Called {
        /// Who called.
        seat: Seat,
        /// The call.
        action: Action,
        /// Whether a Solo was called before (Cego is then Gegensolo).
        after_solo: bool,
    },
    /// The auction is over.
    ContractFixed {
        /// The contract.
        contract: Contract,
        /// The soloist (none in Räuber).
        soloist: Option<Seat>,
        /// Whether a Solo was called (after-Solo factors, Gegensolo).
        after_solo: bool,
        /// The factor or stake.
        terms: Terms,
    },
    /// A kept card laid face up.
    Exposed {
        /// The soloist.
        seat: Seat,
        /// The card.
        card: Card,
    },
    /// The soloist's other dealt cards go to the Legage face down.
    DiscardedRest {
        /// The soloist.
        seat: Seat,
        /// How many.
        count: u8,
    },
    /// One discard (hidden from the others).
    Discarded {
        /// The soloist.
        seat: Seat,
        /// The card, `None` when redacted.
        card: Option<Card>,
    },
    /// The soloist takes up the cego (its cards hidden from the others).
    TookCego {
        /// The soloist.
        seat: Seat,
        /// The cards, `None` when redacted.
        cards: Option<Cards>,
    },
    /// The forced Trock discard of Two Blanks / Two Different, shown to all.
    ShownDiscard {
        /// The soloist.
        seat: Seat,
        /// The Trock.
        card: Card,
    },
    /// A card played.
    Played {
        /// Who played.
        seat: Seat,
        /// The card.
        card: Card,
        /// The trick number.
        trick: u8,
    },
    /// A trick taken.
    TrickWon {
        /// Who took it.
        seat: Seat,
        /// The trick number.
        trick: u8,
    },
    /// A special game stopped early because its result is certain (CG22).
    Decided {
        /// Tricks played.
        trick: u8,
    },
    /// The set-aside cego shown at the end of the deal.
    CegoShown {
        /// The cards.
        cards: Cards,
    },
    /// The deal is scored.
    Scored {
        /// The contract.
        contract: Contract,
        /// The soloist.
        soloist: Option<Seat>,
        /// How.
        score: Score,
        /// Payments by seat index.
        payments: [i32; 4],
        /// Match totals after the deal.
        totals: [i32; 4],
    },
    /// "Der Gstieß gibt ab": the deal whose holder of the Gstieß will be noted begins
    /// (Gstieß ending, cego.md 3).
    GstiessAnnounced {
        /// The deal number, from 1.
        deal: u32,
    },
    /// The holder of the Gstieß in the announced deal is noted: the match ends with the deal
    /// he deals (Gstieß ending, cego.md 3).
    GstiessNoted {
        /// The noted holder.
        seat: Seat,
        /// The number (from 1) of the last deal, which he deals.
        last_deal: u32,
    },
    /// The match is over.
    MatchOver {
        /// Final totals by seat index.
        totals: [i32; 4],
    },
}

/// What a contract is played for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Terms {
    /// Solo: factor 2 if won, 1 if lost.
    Solo,
    /// A counter game's factor.
    Factor(i32),
    /// A special game's stake per defender.
    Stake(i32),
    /// Räuber: the most card points pays.
    Raeuber,
}

impl fmt::Display for Terms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Terms::Solo => f.write_str("factor 2 if won, 1 if lost"),
            Terms::Factor(x) => write!(f, "factor {x}"),
            Terms::Stake(x) => write!(f, "{x} per defender"),
            Terms::Raeuber => f.write_str("most card points pays"),
        }
    }
}

fn call_name(action: Action, after_solo: bool) -> String {
    match action {
        Action::Pass => "Pass".into(),
        Action::Hold => "Hold (Selbst)".into(),
        Action::Bid(Contract::Cego) if after_solo => "Gegensolo".into(),
        Action::Bid(c) => c.name().into(),
        a => a.to_string(),
    }
}

fn pays(p: &[i32; 4]) -> String {
    p.iter()
        .enumerate()
        .map(|(i, x)| format!("S{i} {x:+}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::DealStarted {
                deal,
                dealer,
                forehand,
            } => write!(f, "deal {deal}: {dealer} deals, {forehand} is forehand"),
            Event::Dealt { seat, hand } => match hand {
                Some(h) => write!(f, "{seat} is dealt {h}"),
                None => write!(f, "{seat} is dealt 11 cards"),
            },
            Event::Called {
                seat,
                action,
                after_solo,
            } => write!(f, "{seat}: {}", call_name(*action, *after_solo)),
            Event::ContractFixed {
                contract,
                soloist,
                after_solo,
                terms,
            } => match soloist {
                Some(s) if *contract == Contract::Cego && *after_solo => {
                    write!(f, "{s} plays Gegensolo (Cego), {terms}")
                }
                Some(s) if *after_solo && *contract != Contract::Solo => {
                    write!(f, "{s} plays {contract} against a Solo, {terms}")
                }
                Some(s) => write!(f, "{s} plays {contract}, {terms}"),
                None => write!(f, "everyone plays {contract}: {terms}"),
            },
            Event::Exposed { seat, card } => write!(f, "{seat} exposes {card}"),
            Event::DiscardedRest { seat, count } => write!(
                f,
                "{seat} discards the other {} face down",
                cards_core::text::Count(usize::from(*count), "card")
            ),
            Event::Discarded { seat, card } => match card {
                Some(c) => write!(f, "{seat} discards {c}"),
                None => write!(f, "{seat} discards a card face down"),
            },
            Event::TookCego { seat, cards } => match cards {
                Some(c) => write!(f, "{seat} takes the cego: {c}"),
                None => write!(f, "{seat} takes the cego"),
            },
            Event::ShownDiscard { seat, card } => {
                write!(f, "{seat} discards {card} from the cego face up")
            }
            Event::Played { seat, card, trick } => write!(f, "trick {trick}: {seat} plays {card}"),
            Event::TrickWon { seat, trick } => write!(f, "trick {trick} goes to {seat}"),
            Event::Decided { trick } => write!(
                f,
                "the result is certain after trick {trick}: the deal stops (CG22)"
            ),
            Event::CegoShown { cards } => write!(f, "the cego was {cards}"),
            Event::Scored {
                contract,
                soloist,
                score,
                payments,
                totals,
            } => {
                let who = soloist.map_or_else(String::new, |s| format!("{s} "));
                match score {
                    Score::Counter { won, .. } => write!(
                        f,
                        "{who}{} {contract} with {score}: {}; totals {}",
                        if *won { "wins" } else { "loses" },
                        pays(payments),
                        pays(totals)
                    ),
                    Score::Special { won, .. } => write!(
                        f,
                        "{who}{} {contract}, {score}: {}; totals {}",
                        if *won { "wins" } else { "loses" },
                        pays(payments),
                        pays(totals)
                    ),
                    Score::Raeuber { .. } => write!(
                        f,
                        "Räuber {score}: {}; totals {}",
                        pays(payments),
                        pays(totals)
                    ),
                }
            }
            Event::GstiessAnnounced { deal } => write!(
                f,
                "Der Gstieß gibt ab: whoever holds the Gstieß in deal {deal} deals the last deal"
            ),
            Event::GstiessNoted { seat, last_deal } => write!(
                f,
                "{seat} held the Gstieß: the match ends with deal {last_deal}, which {seat} deals"
            ),
            Event::MatchOver { totals } => write!(f, "match over: {}", pays(totals)),
        }
    }
}

/// The part of an event `seat` may see (cego.md §6.6).
pub fn redact(event: &Event, seat: Seat) -> Event {
    match event {
        Event::Dealt { seat: s, .. } if *s != seat => Event::Dealt {
            seat: *s,
            hand: None,
        },
        Event::Discarded { seat: s, .. } if *s != seat => Event::Discarded {
            seat: *s,
            card: None,
        },
        Event::TookCego { seat: s, .. } if *s != seat => Event::TookCego {
            seat: *s,
            cards: None,
        },
        e => e.clone(),
    }
}

/// A trick on the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableTrick {
    /// Trick number.
    pub number: u8,
    /// Cards played so far, in order.
    pub plays: Vec<(Seat, Card)>,
}

/// What one seat may see.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat.
    pub seat: Seat,
    /// Deal number (from 1) and deals per match.
    pub deal: u32,
    /// Deals per match: the number of the last deal when it is known (under the Gstieß
    /// ending, once its holder is noted), else the deal after which "Der Gstieß gibt ab" is
    /// announced (see [`View::gstiess_ending`]).
    pub deals: u32,
    /// Whether the match ends by the Gstieß ending, its last deal not yet known.
    pub gstiess_ending: bool,
    /// The dealer.
    pub dealer: Seat,
    /// Forehand.
    pub forehand: Seat,
    /// The seat's hand.
    pub hand: Cards,
    /// Card counts by seat index.
    pub hand_sizes: [u8; 4],
    /// The auction so far.
    pub calls: Vec<(Seat, Action)>,
    /// The contract, once fixed.
    pub contract: Option<Contract>,
    /// The soloist.
    pub soloist: Option<Seat>,
    /// Whether a Solo was called.
    pub after_solo: bool,
    /// What the contract is played for (factor or stake), once it is fixed.
    pub terms: Option<Terms>,
    /// Cards the soloist exposed.
    pub exposed: Cards,
    /// The Trock discarded face up.
    pub shown_discard: Option<Card>,
    /// The Legage: the soloist only, until trick 1 is complete.
    pub legage: Option<Cards>,
    /// The cego cards the soloist took up: the soloist only, while he may see his Legage.
    pub cego_taken: Option<Cards>,
    /// The cego, when the rules show it (after the match).
    pub cego: Option<Cards>,
    /// Completed tricks of this deal.
    pub tricks: Vec<TrickRecord>,
    /// Tricks on the table (two during the double lead).
    pub table: Vec<TableTrick>,
    /// Tricks taken by seat index.
    pub tricks_won: [u8; 4],
    /// Match totals by seat index.
    pub totals: [i32; 4],
    /// The seat to move.
    pub to_move: Option<Seat>,
}

impl View {
    /// Who won trick `number` (1 to 11) of this deal, or `None` while that trick is not
    /// complete; the completed tricks are in [`View::tricks`].
    pub fn trick_winner(&self, number: u8) -> Option<Seat> {
        self.tricks
            .iter()
            .find(|t| t.number == number)
            .map(|t| t.winner)
    }
}

/// Builds the view of `seat`.
pub fn view(state: &State, seat: Seat) -> View {
    let d = &state.deal;
    let is_soloist = d.soloist == Some(seat);
    let discard_game = d.contract.is_some_and(Contract::takes_cego);
    let legage_phase = matches!(d.phase, Phase::Expose { .. } | Phase::Discard { .. })
        || (d.phase == Phase::Play && d.trick_no == 0);
    let mut table = Vec::new();
    if d.phase == Phase::Play {
        let n = if d.double && d.trick_no == 0 { 2 } else { 1 };
        for (k, t) in d.tricks.iter().take(n).enumerate() {
            table.push(TableTrick {
                number: d.trick_no + 1 + k as u8,
                plays: t.plays().collect(),
            });
        }
    }
    View {
        seat,
        deal: d.index + 1,
        deals: state.last_deal().map_or(state.config.deals, |l| l + 1),
        gstiess_ending: state.last_deal().is_none(),
        dealer: d.dealer,
        forehand: d.forehand,
        hand: d.hand(seat),
        hand_sizes: d.hands.map(|h| h.len() as u8),
        calls: d.calls.clone(),
        contract: d.contract,
        soloist: d.soloist,
        after_solo: d.after_solo,
        terms: crate::play::terms(d, &state.config),
        exposed: d.exposed,
        shown_discard: d.shown,
        legage: (is_soloist && discard_game && legage_phase).then_some(d.legage),
        cego_taken: (is_soloist && discard_game && legage_phase && d.cego.is_empty())
            .then_some(d.cego_dealt),
        cego: state.over.then_some(d.cego),
        tricks: d.history.clone(),
        table,
        tricks_won: d.tricks_won,
        totals: state.totals,
        to_move: if state.over { None } else { Some(d.to_move) },
    }
}

impl fmt::Display for View {
    /// The screen every game shares ([`Cego::screen`](cards_core::Game::screen)), without its
    /// final line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let screen = <crate::game::Cego as cards_core::Game>::screen(self).to_string();
        f.write_str(screen.trim_end_matches('\n'))
    }
}

/// The screen of a view (see [`Cego::screen`](cards_core::Game::screen)).
pub(crate) fn screen(v: &View) -> Screen {
    let letters = ['A', 'B', 'C', 'D'];
    let letter = |s: Seat| letter_of_seat(s, v.dealer, 4);
    let mut table = Vec::new();
    let order: Vec<String> = letters
        .iter()
        .filter_map(|&l| seat_of_letter(l, v.dealer, 4).map(|s| format!("{l}={s}")))
        .collect();
    table.push(format!("speaking order: {}", order.join(" ")));
    if !v.calls.is_empty() {
        let calls: Vec<String> = v
            .calls
            .iter()
            .map(|(s, a)| format!("{s} {}", call_name(*a, v.after_solo)))
            .collect();
        table.push(format!("auction: {}", calls.join(", ")));
    }
    if let Some(c) = v.contract {
        let name = if c == Contract::Cego && v.after_solo {
            "Gegensolo (Cego)".to_owned()
        } else {
            c.name().to_owned()
        };
        let by = v.soloist.map_or_else(String::new, |s| format!(" by {s}"));
        let terms = v.terms.map_or_else(String::new, |t| format!(", {t}"));
        table.push(format!("game: {name}{by}{terms}"));
    }
    if !v.exposed.is_empty() {
        table.push(format!("exposed: {}", v.exposed));
    }
    if let Some(c) = v.shown_discard {
        table.push(format!("discarded face up: {c}"));
    }
    if let Some(c) = v.cego.filter(|c| !c.is_empty()) {
        table.push(format!("the cego: {c}"));
    }
    if let Some(t) = v.tricks.last() {
        let plays: Vec<String> = (0..4)
            .map(|k| format!("{} {}", nth(t.leader, k), t.cards[k]))
            .collect();
        table.push(format!(
            "last trick {}: {}; won by {}",
            t.number,
            plays.join(", "),
            t.winner
        ));
    }
    for t in &v.table {
        if t.plays.is_empty() {
            let leader = v
                .to_move
                .map_or_else(String::new, |s| format!(": {s} to lead"));
            table.push(format!("trick {}{leader}", t.number));
        } else {
            let plays: Vec<String> = t.plays.iter().map(|(s, c)| format!("{s} {c}")).collect();
            table.push(format!("trick {}: {}", t.number, plays.join(", ")));
        }
    }
    let seats = (0..4u8)
        .map(|i| {
            let seat = Seat(i);
            let mut facts = Vec::new();
            match letter(seat) {
                Some('A') => facts.push("A (forehand)".to_owned()),
                Some('D') => facts.push("D (dealer)".to_owned()),
                Some(l) => facts.push(l.to_string()),
                None => {}
            }
            if v.soloist == Some(seat) {
                facts.push("soloist".to_owned());
            }
            let i = usize::from(i);
            facts.push(Count(usize::from(v.hand_sizes[i]), "card").to_string());
            facts.push(Count(usize::from(v.tricks_won[i]), "trick").to_string());
            facts.push(format!("total {:+}", v.totals[i]));
            facts
        })
        .collect();
    let mut private = Vec::new();
    if let Some(c) = v.cego_taken {
        private.push(format!("you took the cego: {c}"));
    }
    if let Some(l) = v.legage {
        private.push(format!(
            "your discards (the Legage, {}): {l}",
            Count(l.len(), "card")
        ));
    }
    Screen {
        heading: if v.gstiess_ending {
            format!(
                "Cego, deal {}, the Gstieß ending after deal {} ({} deals, {} is forehand)",
                v.deal, v.deals, v.dealer, v.forehand
            )
        } else {
            format!(
                "Cego, deal {} of {} ({} deals, {} is forehand)",
                v.deal, v.deals, v.dealer, v.forehand
            )
        },
        viewer: v.seat,
        to_move: v.to_move,
        table,
        seats,
        hand: v.hand.iter().map(|c| c.to_string()).collect(),
        private,
    }
}
