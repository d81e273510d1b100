//! What a table answers and how its seats are held: the types the store, the event streams,
//! the review and the table share, below all of them (a seat's kind, a seat's state, a deal's
//! result, the dealing's commitment, a step of a review).

use cards_core::BotSpec;
use cards_core::Seat;
use cards_core::text::Screen;
use serde::{Deserialize, Serialize};

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "spec", rename_all = "lowercase")]
pub enum SeatKind {
    /// A person, who plays through the seat's link.
    Person,
    /// A bot, by its spec, read once (`heuristic`, `ismcts:ms=500`); in JSON and the store its
    /// text, read back against the same table.
    #[serde(with = "spec_text")]
    Bot(BotSpec),
}

/// A seat's bot spec as text in JSON and the store: written as [`BotSpec`] writes it, read
/// against the kinds the server seats ([`super::caps::own_kinds`]).
pub mod spec_text {
    use cards_core::BotSpec;
    use serde::{Deserialize, Deserializer, Serializer};

    /// Writes the spec's text.
    ///
    /// # Errors
    /// The serializer's.
    pub fn serialize<S: Serializer>(spec: &BotSpec, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(spec)
    }

    /// Reads a spec's text.
    ///
    /// # Errors
    /// Not a string, or a spec the table refuses.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<BotSpec, D::Error> {
        let text = String::deserialize(d)?;
        BotSpec::parse_with(&text, super::super::caps::own_kinds())
            .map_err(serde::de::Error::custom)
    }
}

/// The result of one finished deal, shown to every seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealResult {
    /// The deal's number, from 1.
    pub number: usize,
    /// What each seat scored in the deal.
    pub scores: Vec<f64>,
    /// Each seat's match total after it.
    pub totals: Vec<f64>,
}

/// What one seat saw of a deal that has just ended, kept while the table waits for the next:
/// the engines deal the next hand in the same move that ends one, so the seat's screen by
/// then shows the new deal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndedDeal {
    /// The deal's number, from 1 (as in [`DealResult::number`]).
    pub number: usize,
    /// The seat's screen as the deal's last move found it (its heading names the deal).
    pub screen: Screen,
    /// The same screen as catalogue messages, for a page in another language
    /// ([`cards_core::GameView::screen_messages`]); none where the game has none.
    pub screen_messages: Option<Screen<cards_core::text::Message>>,
    /// What lay on the table when the deal ended: as the last move found it, with that move's
    /// cards laid in front of its player (the deal's last card, which the screen before it
    /// cannot show).
    pub layout: cards_core::layout::Layout,
    /// The seat's narration of that last move, up to the start of the next deal.
    pub narration: Vec<String>,
    /// Parallel to `narration`: each line as a catalogue message where the engine told it so.
    pub narration_messages: Vec<Option<cards_core::text::Message>>,
}

/// Everything one seat's page is sent: its screen, its legal actions, its narration. What the
/// table holds already (its seats, finished deals, narration and rules) is borrowed from it,
/// not copied: a state is built for every change a seat is shown.
#[derive(Clone, Debug, Serialize)]
pub struct SeatState<'a> {
    /// The game's command-line name.
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// The seat this is for.
    pub seat: u8,
    /// Players at the table.
    pub players: usize,
    /// Who sits where.
    pub seats: &'a [SeatKind],
    /// The number of changes the table has seen; an action may name the one it answers.
    pub version: u64,
    /// The seat's screen, built from its view.
    pub screen: Screen,
    /// The same screen as catalogue messages, for a page in another language
    /// ([`cards_core::GameView::screen_messages`]); none where the game has none.
    pub screen_messages: Option<Screen<cards_core::text::Message>>,
    /// What lies on the table, by seat ([`cards_core::GameView::layout`]: public facts only).
    pub layout: cards_core::layout::Layout,
    /// The seat's view as the terminal shows it.
    pub view_text: String,
    /// The seat to move, if any.
    pub to_move: Option<u8>,
    /// Whether this seat must decide now (a single option is taken for it, unasked).
    pub your_turn: bool,
    /// This seat's legal actions in the game's notation, when it must decide.
    pub legal: Vec<String>,
    /// Whether `legal` was cut at `MAX_LEGAL_SENT` actions.
    pub legal_cut: bool,
    /// Parallel to `legal`: the cards of the screen hand each action uses
    /// ([`cards_core::Catalog::action_cards`]), empty for one that uses none; the page offers an action to a
    /// player who selects exactly its cards.
    pub legal_cards: Vec<Vec<String>>,
    /// The hand cards whose key ([`cards_core::Catalog::card_key`]) is not the card itself, with that key:
    /// a selection matches an action when their cards' keys agree, counted.
    pub card_keys: std::collections::BTreeMap<String, String>,
    /// The phase of the game ([`cards_core::GameState::phase`], e.g. `play`, or Cego's `discard`): in a
    /// `discard` phase the page takes several discards as one selection.
    pub phase: &'static str,
    /// The index of the first line of `narration` in the seat's whole narration.
    pub narration_from: usize,
    /// The seat's narration (redacted events) from `narration_from` on.
    pub narration: &'a [String],
    /// Parallel to `narration`: each line as a catalogue message where the engine told it so
    /// ([`cards_core::GameEvent::message`]), for a page in another language.
    pub narration_messages: Vec<Option<&'a cards_core::text::Message>>,
    /// The match scores so far, one per seat.
    pub scores: Vec<f64>,
    /// The finished deals.
    pub deals: &'a [DealResult],
    /// Set when a deal has ended and the table waits for every person to start the next.
    pub waiting_for_next_deal: bool,
    /// While the table waits for the next deal, the person seats that have not asked for it yet
    /// (the next deal starts when every person has).
    pub next_deal_waits_for: Vec<u8>,
    /// Set when the match is over (the log can then be downloaded).
    pub match_over: bool,
    /// How the cards were dealt: the commitment to the secret seed, or a practice table; the
    /// seed itself only once the match is over.
    pub dealing: Dealing,
    /// While the table waits for the next deal, what this seat saw of the deal that ended.
    pub ended_deal: Option<&'a EndedDeal>,
    /// How the scores read: `points` (higher is better) or `penalties` (the scores' negatives,
    /// lower is better), from the game's [`cards_core::Words`].
    pub scoring: &'static str,
    /// One line on what a deal scores, from the game's [`cards_core::Words`].
    pub scores_explain: &'static str,
    /// The names people chose for their seats.
    pub names: &'a [Option<String>],
    /// The action this seat may take back now ([`Table::take_back`](super::table::Table::take_back)), with the moves after
    /// it: at a practice table, while no other person has moved since, within the deal.
    pub takeback: Option<String>,
    /// The table's rules: its configuration in the game's serde form, whose variant options
    /// the page names in the lobby's words (public: every seat plays by them).
    pub config: &'a serde_json::Value,
}

/// How a table's cards were dealt, as every page is told. The seed decides every card, so it
/// is secret until the match ends (see [`crate::fair`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dealing {
    /// SHA-256 commitment to the seed drawn by the server, shown from the first deal; `None`
    /// at a practice table.
    pub commitment: Option<String>,
    /// Set when the opener chose the seed: the opener knows the deal.
    pub practice: bool,
    /// The seed, once the match is over.
    pub seed: Option<cards_core::Seed>,
    /// The commitment's salt, once the match is over.
    pub salt: Option<String>,
}

/// The seat a spectator sees the game as: one at no table, so every game's redaction hides
/// from it whatever it hides from any seat but the one concerned.
pub const SPECTATOR: Seat = Seat(u8::MAX);

/// One step of a finished match, as its review page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewStep {
    /// The game's command-line name.
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// Actions applied, from 0 (the deal before any action) to `steps`.
    pub step: usize,
    /// The match's number of actions.
    pub steps: usize,
    /// The action that led here, and the seat that took it (none at step 0).
    pub action: Option<String>,
    /// The seat that took `action`.
    pub seat: Option<u8>,
    /// What happened in that action, every event unredacted.
    pub lines: Vec<String>,
    /// Parallel to `lines`: each line as a catalogue message, for a page in another language
    /// ([`cards_core::GameEvent::message`]); none where the game has none.
    pub line_messages: Vec<Option<cards_core::text::Message>>,
    /// Every seat's screen after it, hands and all.
    pub screens: Vec<Screen>,
    /// The same screens as catalogue messages, where the game has them.
    pub screen_messages: Option<Vec<Screen<cards_core::text::Message>>>,
    /// What lies on the table at this step, by seat (public: the same for every seat).
    pub layout: cards_core::layout::Layout,
    /// The match scores after it.
    pub scores: Vec<f64>,
    /// The names people chose for their seats.
    pub names: Vec<Option<String>>,
    /// The seed and salt that open the commitment shown at the table.
    pub dealing: Dealing,
    /// Whether the seed and salt open the commitment (SHA-256 of `cards-deal:{seed}:{salt}`),
    /// checked by the server; none at a practice table.
    pub opens: Option<bool>,
}
