//! The per-seat view (cego.md §6.6) and its screen.

use std::fmt;

use cards_core::Seat;
use cards_core::layout::{Finished, Group, Laid, Layout};
use cards_core::text::{Count, Message, Screen};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::cards::{Card, Cards};
use crate::contract::Contract;
use crate::event::{Terms, call_message, call_name, contract_message};
use crate::seats::{DIR, letter_of_seat, seat_of_letter};
use crate::state::{Phase, State, TrickRecord};

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
    /// At five players, the dealer, who sits out this deal (cego.md 3): he has no hand and
    /// sees the public play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sitting_out: Option<Seat>,
    /// Forehand.
    pub forehand: Seat,
    /// The seat's hand (empty for the seat sitting out).
    pub hand: Cards,
    /// Card counts by seat index, one per player.
    pub hand_sizes: Vec<u8>,
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
    /// Tricks taken by seat index, one per player.
    pub tricks_won: Vec<u8>,
    /// Match totals by seat index, one per player.
    pub totals: Vec<i32>,
    /// The seat to move.
    pub to_move: Option<Seat>,
    /// How many cards lie face down as the Legage, the soloist's discards (public: everyone
    /// sees them laid away).
    #[serde(default)]
    pub legage_count: u8,
    /// How many cards of the cego lie face down in the middle, not yet taken up.
    #[serde(default)]
    pub cego_count: u8,
}

impl View {
    /// Who won trick `number` (1 to 11, 13 at three players) of this deal, or `None` while
    /// that trick is not complete; the completed tricks are in [`View::tricks`].
    pub fn trick_winner(&self, number: u8) -> Option<Seat> {
        self.tricks
            .iter()
            .find(|t| t.number == number)
            .map(|t| t.winner)
    }
}

/// Builds the view of `seat` (a real seat; at five players the dealer sitting out sees only
/// the public play).
pub fn view(state: &State, seat: Seat) -> View {
    let d = &state.deal;
    let real = |s: Seat| state.real_seat(s);
    // The seat sitting out is no local seat: index 4 matches none of the deal's seats.
    let local = state.local_seat(seat).unwrap_or(Seat(4));
    let is_soloist = d.soloist == Some(local);
    let discard_game = d.contract.is_some_and(Contract::takes_cego);
    let legage_phase = matches!(d.phase, Phase::Expose { .. } | Phase::Discard { .. })
        || (d.phase == Phase::Play && d.trick_no == 0);
    let table = (d.on_table().iter().enumerate())
        .map(|(k, t)| TableTrick {
            number: d.trick_no + 1 + k as u8,
            plays: t.plays().map(|(s, c)| (real(s), c)).collect(),
        })
        .collect();
    let players = state.players();
    let by_seat = |f: &dyn Fn(Seat) -> u8| -> Vec<u8> {
        Seat::all(players)
            .map(|s| state.local_seat(s).map_or(0, f))
            .collect()
    };
    View {
        seat,
        deal: d.index + 1,
        deals: state.last_deal().map_or(state.config.deals, |l| l + 1),
        gstiess_ending: state.last_deal().is_none(),
        dealer: state.dealer(),
        sitting_out: state.sitting_out(),
        forehand: real(d.forehand),
        hand: d.hand(local),
        hand_sizes: by_seat(&|s| d.hand(s).len() as u8),
        calls: d.calls.iter().map(|&(s, a)| (real(s), a)).collect(),
        contract: d.contract,
        soloist: d.soloist.map(real),
        after_solo: d.after_solo,
        terms: crate::play::terms(d, &state.config),
        exposed: d.exposed,
        shown_discard: d.shown,
        legage: (is_soloist && discard_game && legage_phase).then_some(d.legage),
        cego_taken: (is_soloist && discard_game && legage_phase && d.cego.is_empty())
            .then_some(d.cego_dealt),
        cego: state.over.then_some(d.cego),
        tricks: d
            .history
            .iter()
            .map(|t| TrickRecord {
                leader: real(t.leader),
                winner: real(t.winner),
                ..*t
            })
            .collect(),
        table,
        tricks_won: by_seat(&|s| d.tricks_won.get(s.index()).copied().unwrap_or(0)),
        totals: state.totals.to_vec(),
        to_move: if state.over {
            None
        } else {
            Some(real(d.to_move))
        },
        legage_count: d.legage.len() as u8,
        cego_count: d.cego.len() as u8,
    }
}

impl View {
    /// The number of players at the table.
    pub fn players(&self) -> usize {
        self.totals.len()
    }

    /// The number of players in the deal: 3 at three players (cego.md 10), else 4 (at five
    /// the dealer sits out).
    pub fn seats_in_deal(&self) -> usize {
        if self.players() == 3 { 3 } else { 4 }
    }

    /// The number of tricks of the deal: 11, or 13 at three players (cego.md 10).
    pub fn tricks_per_deal(&self) -> u8 {
        crate::rules::hand_size(self.seats_in_deal()) as u8
    }

    /// The seat `k` places after `seat` in playing order, skipping the seat sitting out.
    pub fn after(&self, seat: Seat, k: usize) -> Seat {
        let players = self.players();
        let mut s = seat;
        for _ in 0..k {
            s = s.next(players, DIR);
            if Some(s) == self.sitting_out {
                s = s.next(players, DIR);
            }
        }
        s
    }
}

impl fmt::Display for View {
    /// The screen every game shares ([`cards_core::GameView::screen`](cards_core::GameView::screen)), without its
    /// final line break.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let screen = screen(self).to_string();
        f.write_str(screen.trim_end_matches('\n'))
    }
}

/// The screen of a view (see [`cards_core::GameView::screen`](cards_core::GameView::screen)).
pub(crate) fn screen(v: &View) -> Screen {
    let mut table = auction_lines(v);
    table.extend(trick_lines(v));
    let mut private = Vec::new();
    if let Some(c) = v.cego_taken {
        private.push(format!("you took the cego: {c}"));
    }
    if let Some(l) = v.legage {
        let count = Count(l.len(), "card");
        private.push(format!("your discards (the Legage, {count}): {l}"));
    }
    Screen {
        heading: heading(v),
        viewer: v.seat,
        to_move: v.to_move,
        table,
        seats: Seat::all(v.players()).map(|s| seat_facts(v, s)).collect(),
        hand: v.hand.iter().map(|c| c.to_string()).collect(),
        private,
    }
}

/// The heading: the deal (of how many, or the Gstieß ending), the dealer and Forehand.
fn heading(v: &View) -> String {
    let out = if v.sitting_out.is_some() {
        " and sits out"
    } else {
        ""
    };
    let (deal, deals, dealer, forehand) = (v.deal, v.deals, v.dealer, v.forehand);
    if v.gstiess_ending {
        format!(
            "Cego, deal {deal}, the Gstieß ending after deal {deals} ({dealer} deals{out}, \
             {forehand} is forehand)"
        )
    } else {
        format!("Cego, deal {deal} of {deals} ({dealer} deals{out}, {forehand} is forehand)")
    }
}

/// The table's lines up to the card play: the speaking order, the seat sitting out, the
/// auction, the game with its terms, the exposed cards, the Trock discarded face up and the
/// cego once shown.
fn auction_lines(v: &View) -> Vec<String> {
    let order: Vec<String> = ['A', 'B', 'C', 'D']
        .iter()
        .filter_map(|&l| seat_of_letter(l, v.dealer, v.players()).map(|s| format!("{l}={s}")))
        .collect();
    let mut table = vec![format!("speaking order: {}", order.join(" "))];
    if let Some(out) = v.sitting_out {
        table.push(format!(
            "{out} deals and sits out this deal, paying or receiving like a defender"
        ));
    }
    if !v.calls.is_empty() {
        let calls: Vec<String> = (v.calls.iter())
            .map(|(s, a)| format!("{s} {}", call_name(*a, v.after_solo)))
            .collect();
        table.push(format!("auction: {}", calls.join(", ")));
    }
    if let Some(c) = v.contract {
        let name = if c == Contract::Cego && v.after_solo {
            "Gegensolo (Cego)"
        } else {
            c.name()
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
    table
}

/// The table's lines of the card play: the last trick and the trick(s) being played.
fn trick_lines(v: &View) -> Vec<String> {
    let mut table = Vec::new();
    if let Some(t) = v.tricks.last() {
        let plays: Vec<String> = (t.cards().iter().enumerate())
            .map(|(k, c)| format!("{} {c}", v.after(t.leader, k)))
            .collect();
        let (number, winner) = (t.number, t.winner);
        table.push(format!(
            "last trick {number}: {}; won by {winner}",
            plays.join(", ")
        ));
    }
    for t in &v.table {
        if t.plays.is_empty() {
            let leader = (v.to_move).map_or_else(String::new, |s| format!(": {s} to lead"));
            table.push(format!("trick {}{leader}", t.number));
        } else {
            let plays: Vec<String> = t.plays.iter().map(|(s, c)| format!("{s} {c}")).collect();
            table.push(format!("trick {}: {}", t.number, plays.join(", ")));
        }
    }
    table
}

/// What lies on the table (see [`cards_core::GameView::layout`]): the trick(s) being played in
/// front of their players, the last trick and its taker, the soloist's exposed cards and the
/// Trock discarded face up, the Legage face down by the soloist, the cego face down in the
/// middle (face up once the rules show it).
pub(crate) fn layout(v: &View) -> Layout {
    let trick = (v.table.iter())
        .flat_map(|t| t.plays.iter().map(|&(s, c)| Laid::cards(s, [c])))
        .collect();
    let last = v.tricks.last().map(|t| Finished {
        label: format!("trick {}", t.number),
        plays: (t.cards().iter().enumerate())
            .map(|(k, c)| Laid::cards(v.after(t.leader, k), [c]))
            .collect(),
        winner: Some(t.winner),
    });
    let mut groups = Vec::new();
    if let Some(soloist) = v.soloist {
        if !v.exposed.is_empty() {
            groups.push(Group::open(Some(soloist), "exposed", v.exposed.iter()));
        }
        if v.legage_count > 0 || v.shown_discard.is_some() {
            let mut legage = Group::hidden(
                Some(soloist),
                "the Legage",
                usize::from(v.legage_count).saturating_sub(usize::from(v.shown_discard.is_some())),
            );
            legage.cards.extend(v.shown_discard.map(|c| c.to_string()));
            groups.push(legage);
        }
    }
    match v.cego {
        Some(c) if !c.is_empty() => groups.push(Group::open(None, "the cego", c.iter())),
        _ if v.cego_count > 0 => {
            groups.push(Group::hidden(None, "the cego", usize::from(v.cego_count)));
        }
        _ => {}
    }
    Layout {
        trick,
        last,
        groups,
        wild: Vec::new(),
    }
}

/// What the screen says of a seat: its letter (forehand, dealer), sitting out, soloist, cards
/// in hand and tricks, and its match total.
fn seat_facts(v: &View, seat: Seat) -> Vec<String> {
    let mut facts = Vec::new();
    match letter_of_seat(seat, v.dealer, v.players()) {
        Some('A') => facts.push("A (forehand)".to_owned()),
        Some(l) if v.sitting_out.is_none() && seat == v.dealer => {
            facts.push(format!("{l} (dealer)"));
        }
        Some(l) => facts.push(l.to_string()),
        None => {}
    }
    if v.sitting_out == Some(seat) {
        facts.push("dealer, sits out".to_owned());
    }
    if v.soloist == Some(seat) {
        facts.push("soloist".to_owned());
    }
    let i = seat.index();
    if v.sitting_out != Some(seat) {
        let size = v.hand_sizes.get(i).copied().unwrap_or(0);
        let tricks = v.tricks_won.get(i).copied().unwrap_or(0);
        facts.push(Count(usize::from(size), "card").to_string());
        facts.push(Count(usize::from(tricks), "trick").to_string());
    }
    facts.push(format!("total {:+}", v.totals.get(i).copied().unwrap_or(0)));
    facts
}

/// Every card text this game's screens show, with its face ([`cards_core::Catalog::card_faces`]):
/// the Trocks `T1` to `T21` (numbered in the corner, in Roman numerals in the centre), the Sküs
/// `Gs`, and the plain cards of the four suits (`Kc`, `Rh`, `10s`, `1d`).
pub(crate) fn card_faces() -> Vec<cards_core::face::CardFace> {
    use crate::cards::Kind;
    use cards_core::face::{CardFace, FaceKind};
    const ROMAN: [&str; 21] = [
        "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV",
        "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
    ];
    Card::pack()
        .map(|card| {
            let text = card.to_string();
            match card.kind() {
                Kind::Trock(22) => {
                    CardFace::new(&text, "★", "Sküs", FaceKind::Trump).with_chip("Sküs")
                }
                Kind::Trock(n) => {
                    let roman = ROMAN.get(usize::from(n) - 1).copied().unwrap_or("");
                    CardFace::new(&text, &n.to_string(), roman, FaceKind::Trump)
                }
                Kind::Plain(s, _) => {
                    let suit = crate::cards::SUITS[usize::from(s)];
                    CardFace::suited(&text[..text.len() - 1], suit)
                }
            }
        })
        .collect()
}

/// The screen of a view as catalogue messages ([`cards_core::GameView::screen_messages`]):
/// [`screen`]'s facts, which it reads as in English.
pub(crate) fn screen_messages(v: &View) -> Screen<Message> {
    let mut table = auction_messages(v);
    table.extend(trick_messages(v));
    let mut private = Vec::new();
    if let Some(c) = v.cego_taken {
        private.push(Message::new("cego-you-took").text("cards", c));
    }
    if let Some(l) = v.legage {
        private.push(
            Message::new("cego-your-legage")
                .arg("count", count_cards(l.len()))
                .text("cards", l),
        );
    }
    let (deal, deals, dealer, forehand) = (v.deal, v.deals, v.dealer, v.forehand);
    let key = match (v.gstiess_ending, v.sitting_out.is_some()) {
        (true, true) => "cego-heading-gstiess-out",
        (true, false) => "cego-heading-gstiess",
        (false, true) => "cego-heading-out",
        (false, false) => "cego-heading",
    };
    Screen {
        heading: Message::new(key)
            .number("deal", deal)
            .number("deals", deals)
            .text("dealer", dealer)
            .text("forehand", forehand),
        viewer: v.seat,
        to_move: v.to_move,
        table,
        seats: Seat::all(v.players())
            .map(|s| seat_messages(v, s))
            .collect(),
        hand: v.hand.iter().map(|c| c.to_string()).collect(),
        private,
    }
}

/// `count-cards`: a number of cards.
fn count_cards(n: usize) -> Message {
    Message::new("count-cards").number("count", n as i64)
}

/// [`auction_lines`] as messages.
fn auction_messages(v: &View) -> Vec<Message> {
    let order: Vec<String> = ['A', 'B', 'C', 'D']
        .iter()
        .filter_map(|&l| seat_of_letter(l, v.dealer, v.players()).map(|s| format!("{l}={s}")))
        .collect();
    let mut table = vec![Message::new("cego-speaking-order").text("order", order.join(" "))];
    if let Some(out) = v.sitting_out {
        table.push(Message::new("cego-sits-out-line").text("seat", out));
    }
    if !v.calls.is_empty() {
        let calls: Vec<Message> = (v.calls.iter())
            .map(|(s, a)| {
                Message::new("cego-auction-call")
                    .text("seat", s)
                    .arg("call", call_message(*a, v.after_solo))
            })
            .collect();
        table.push(Message::new("cego-auction").list("calls", calls, ", "));
    }
    if let Some(c) = v.contract {
        let name = if c == Contract::Cego && v.after_solo {
            Message::new("cego-gegensolo-cego")
        } else {
            contract_message(c)
        };
        let key = match (v.soloist.is_some(), v.terms.is_some()) {
            (true, true) => "cego-game-by-terms",
            (true, false) => "cego-game-by",
            (false, true) => "cego-game-terms",
            (false, false) => "cego-game",
        };
        let mut m = Message::new(key).arg("name", name);
        if let Some(s) = v.soloist {
            m = m.text("seat", s);
        }
        if let Some(t) = v.terms {
            m = m.arg("terms", t.message());
        }
        table.push(m);
    }
    if !v.exposed.is_empty() {
        table.push(Message::new("cego-exposed-line").text("cards", v.exposed));
    }
    if let Some(c) = v.shown_discard {
        table.push(Message::new("cego-face-up").text("card", c));
    }
    if let Some(c) = v.cego.filter(|c| !c.is_empty()) {
        table.push(Message::new("cego-the-cego").text("cards", c));
    }
    table
}

/// [`trick_lines`] as messages.
fn trick_messages(v: &View) -> Vec<Message> {
    let mut table = Vec::new();
    if let Some(t) = v.tricks.last() {
        let plays: Vec<String> = (t.cards().iter().enumerate())
            .map(|(k, c)| format!("{} {c}", v.after(t.leader, k)))
            .collect();
        table.push(
            Message::new("cego-last-trick")
                .number("number", t.number)
                .text("plays", plays.join(", "))
                .text("winner", t.winner),
        );
    }
    for t in &v.table {
        if t.plays.is_empty() {
            table.push(match v.to_move {
                Some(s) => Message::new("cego-trick-lead")
                    .number("number", t.number)
                    .text("seat", s),
                None => Message::new("cego-trick-open").number("number", t.number),
            });
        } else {
            let plays: Vec<String> = t.plays.iter().map(|(s, c)| format!("{s} {c}")).collect();
            table.push(
                Message::new("cego-trick")
                    .number("number", t.number)
                    .text("plays", plays.join(", ")),
            );
        }
    }
    table
}

/// [`seat_facts`] as messages.
fn seat_messages(v: &View, seat: Seat) -> Vec<Message> {
    let mut facts = Vec::new();
    match letter_of_seat(seat, v.dealer, v.players()) {
        Some('A') => facts.push(Message::new("cego-letter-forehand")),
        Some(l) if v.sitting_out.is_none() && seat == v.dealer => {
            facts.push(Message::new("cego-letter-dealer").text("letter", l));
        }
        Some(l) => facts.push(Message::new("cego-letter").text("letter", l)),
        None => {}
    }
    if v.sitting_out == Some(seat) {
        facts.push(Message::new("cego-dealer-sits-out"));
    }
    if v.soloist == Some(seat) {
        facts.push(Message::new("cego-soloist"));
    }
    let i = seat.index();
    if v.sitting_out != Some(seat) {
        let size = v.hand_sizes.get(i).copied().unwrap_or(0);
        let tricks = v.tricks_won.get(i).copied().unwrap_or(0);
        facts.push(count_cards(usize::from(size)));
        facts.push(Message::new("count-tricks").number("count", tricks));
    }
    let total = v.totals.get(i).copied().unwrap_or(0);
    facts.push(Message::new("cego-total").text("total", format!("{total:+}")));
    facts
}
