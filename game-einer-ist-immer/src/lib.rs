//! Einer ist immer der ... ("One always has to be the ..."): a President game with ranks,
//! seating and card exchange, for 4 to 10 players.
//!
//! Source: the German/English rule sheet `shared/rules/seeds/004_86555b7f68a0224e.txt`, with
//! the rulings E1-E9 of `shared/rules/rulings.md` (and G1-G4, which every game keeps).
//!
//! # The rules
//!
//! - **Pack (E1).** One 13-card set (2 low ... Ace high) per player, plus one joker per two
//!   players, floor(n/2). Suits do not matter, so cards, hands and plays are ranks and counts.
//!   Play is clockwise.
//! - **Hand 1 (E2).** The jokers are set aside; 13 cards each; the first dealer comes from the
//!   seed; the player to the dealer's left leads.
//! - **Tricks (E3).** The leader plays k >= 1 cards of one rank. Each other player still holding
//!   cards then gets exactly one turn, clockwise, the leader's right-hand neighbour last: pass,
//!   or play exactly k cards of a strictly higher rank than the highest play so far. The last
//!   player who played wins the trick and leads the next. The leader may not pass.
//! - **Jokers (E4, hands 2 on).** A joker stands in for any card: with natural cards it takes
//!   their rank; jokers alone count as Aces (so a lone joker beats a King, not an Ace).
//! - **Ranks (E5).** The first player out is Boss, the next the second rank, ...; when a single
//!   player still holds cards the hand ends at once and that player is the Ass.
//! - **Lead after a winner goes out (E6).** Hand 1: the next player clockwise holding cards.
//!   Later hands: the winner's direct superior (one rank above in the previous hand), else the
//!   direct subordinate, else the highest-ranking player still holding cards.
//! - **Later hands (E7, E8).** The Boss keeps their chair and the others sit clockwise by rank,
//!   so the Ass sits to the Boss's right. The Ass deals all cards, jokers included: 13 to
//!   everyone, the rest (13 + jokers) to themself. Then the automatic exchange: the i-th
//!   highest and i-th lowest ranks swap floor(n/2) - (i - 1) cards (Boss and Ass as many as there
//!   are jokers); the higher one gives their lowest cards, the lower one their highest natural
//!   cards (jokers are never given); an odd table's middle rank swaps nothing. Both sides are
//!   chosen from the hands as dealt. The Boss leads.
//! - **Match (E9).** A number of hands (default 5). A hand's value for place p (0 = Boss) of n
//!   is (n - 1 - 2p) / (n - 1), +1 for the Boss to -1 for the Ass; [`cards_core::Game::scores`] sums them
//!   (zero-sum). [`State::records`] gives each player's times Boss, times Ass and mean place.
//!
//! # Notation
//!
//! Cards: `2` ... `10`, `J`, `Q`, `K`, `A`, `JK`; a hand `2 2 7 K A JK`. Actions: `pass`;
//! `1x7` (a seven), `3xK` (three Kings), `2x9+1jk` (two nines and a joker standing for a third),
//! `2jk` (two jokers alone, a pair of Aces). Plays of the same size and rank made with different
//! numbers of jokers are different actions (they leave different hands).
//!
//! # Engine
//!
//! [`EinerIstImmer`] implements [`cards_core::Game`]: a [`State`] is a whole match; each hand's
//! cards are fixed from the match seed when the hand is dealt, so every decision is a player's
//! (there is no hidden order question, G3: passing is always allowed and nobody else is ever
//! asked). [`State::from_deal_with_exchange`] starts at a stated deal (and runs the exchange);
//! [`State::from_mid_hand_position`] starts at a stated position in the middle of a hand. Views
//! show a seat its own hand, every count, the trick, the ranks and seats, and only its own exchange
//! (their `Display` is the screen layout every game shares, [`View::screen`]);
//! `determinize` keeps what the seat gave its exchange partner in the partner's hand (less what
//! the partner has played since) and deals the partner's other cards within what the exchange
//! revealed. [`Heuristic`] is the heuristic bot. A state read back from JSON is input:
//! deserialising a [`State`] runs [`State::validate`] and refuses an inconsistent one with an
//! [`InvalidState`] that names what is wrong (a seat off the table, a card twice, G4, ...).
//!
//! # Search bots
//!
//! The generic ISMCTS bot (`cards_core::search`, spec `ismcts`) is tuned for this game through
//! three hooks of [`EinerIstImmer`]:
//!
//! - **Reward** ([`cards_core::Game::rewards`]): each seat's match total mapped linearly into
//!   `[0, 1]`, `0.5 + total / (2 · hands)`. It is linear in the score, so the bot maximises its
//!   expected score, which is what `cards simulate` measures. A single deal (what `simulate`
//!   plays by default) is hand 1 alone: no jokers, no exchange, and the score is the place value
//!   (E9), so the reward is `(n - 1 - p) / (n - 1)` for place `p`: every place counts, from 1
//!   for the Boss to 0 for the Ass, not only who wins.
//! - **Cut-off estimate** ([`cards_core::Game::evaluate`]): the totals of finished hands, the
//!   places already taken in the hand in play, and the remaining places shared out among the
//!   seats still holding cards by each hand's *burden* (its natural ranks, i.e. the groups it
//!   still has to get rid of, high groups counting less since they tend to win their trick; a
//!   few hundredths per card break ties), blended half and half with the average of those places
//!   because the burden is only a rough guide. Hands not yet dealt count 0 for everyone.
//! - **Defaults** ([`cards_core::Game::search_defaults`]): random rollouts, cut off after 20
//!   actions (about four tricks at five players) and scored by the estimate above; `c = 0.7`; no
//!   progressive widening (a lead offers at most a few dozen actions). Random rollouts with the
//!   cut-off were as strong as heuristic or mixed ones in 30-deal trials (all within noise) and
//!   the cheapest: the heuristic bot builds a [`View`] per call.
//!
//! Measured (`cards simulate einer-ist-immer --games 300 --bots ismcts:iters=1000,heuristic
//! --threads 2`, 5 players, single deals): ISMCTS +0.143 ± 0.020 mean score per deal against
//! the heuristic's -0.214 ± 0.024 (win rates 0.259 and 0.112), at about 9 µs per iteration.
//!
//! `determinize` lists the unseen cards in a canonical order (low to high) before shuffling,
//! so it depends only on what the seat knows and the generator (`tests/search.rs` checks this,
//! and that the random, heuristic and ISMCTS bots choose alike in states a seat cannot tell
//! apart). `benches/search.rs` times a search and `determinize` alone.
//!
//! # Variant options
//!
//! [`Config`]: `players` (4 to 10), `hands` (1 to 1000, default 5), `titles` (English or German
//! rank titles).
//!
//! # Not implemented
//!
//! The Ass's duties ("Arsch, hol mir mal Erdnuesse") are left to the table. Stated positions
//! start at the beginning of a trick.
//!
//! # Example
//!
//! ```
//! use cards_core::{Game, Seat};
//! use game_einer_ist_immer::{Action, Config, EinerIstImmer};
//!
//! let config = EinerIstImmer::single_deal(&Config::default());
//! let mut state = EinerIstImmer::new(&config, 7).unwrap();
//! let leader = EinerIstImmer::to_move(&state).unwrap();
//! // The leader may not pass (E3).
//! assert!(EinerIstImmer::apply(&mut state, &"pass".parse::<Action>().unwrap()).is_err());
//! // Play the hand out, always choosing the last legal action.
//! while EinerIstImmer::to_move(&state).is_some() {
//!     let legal = EinerIstImmer::legal_actions(&state);
//!     let events = EinerIstImmer::apply(&mut state, &legal[legal.len() - 1]).unwrap();
//!     assert!(!events.is_empty());
//! }
//! assert_eq!(state.rankings()[0].len(), 5);
//! assert!(state.rankings()[0].contains(&leader));
//! let total: f64 = EinerIstImmer::scores(&state).0.iter().sum();
//! assert!(total.abs() < 1e-9);
//! let _ = Seat(0);
//! ```

mod action;
mod bots;
mod cards;
mod event;
mod game;
mod rules;
mod search;
mod state;
mod validate;
mod view;
pub mod worked;

pub use action::{Action, ParseActionError, Play};
pub use bots::Heuristic;
pub use cards::{ACE, Cards, JOKER, KING, ParseCardsError, RANKS, TWO};
pub use event::{Event, LeadReason};
pub use game::{ActionError, EinerIstImmer};
pub use rules::{
    Config, ConfigError, HAND_SIZE, MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS, Record, Titles,
    exchange_count, hand_value, highest_naturals, lowest_naturals, pack, records,
};
pub use state::{Deal, Exchange, Position, SetupError, State, Turn};
pub use validate::InvalidState;
pub use view::{ExchangeView, View};

/// The registration of what the engine offers beside its rules: the worked examples and the
/// heuristic bot (they depend on the engine, not the reverse).
impl cards_core::Catalog for EinerIstImmer {
    fn examples() -> Vec<cards_core::Example> {
        worked::all()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// Hands per match and the rank titles; scores are points from +1 (Boss) to -1 (Ass).
    fn words() -> cards_core::Words {
        use cards_core::OptionDoc;
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new(
                "hands",
                "Hands per match",
                "How many hands the match lasts; the highest total wins (E9).",
            )
            .range(1, rules::MAX_HANDS as i64),
            OptionDoc::new(
                "titles",
                "Rank titles",
                "The language of the titles from Boss to Ass; the rules do not change.",
            )
            .choices(&[
                ("english", "English (Boss ... Ass)"),
                ("german", "German (Boss ... Arsch)"),
            ]),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Points,
            scores: "each hand scores from +1 for the Boss to -1 for the Ass; the highest total wins",
        }
    }
}

/// The rules summary and rulings, as `cards rules einer-ist-immer` prints them.
pub const RULES: &str = "\
Einer ist immer der ... (One always has to be the ...): 4 to 10 players, clockwise.
Goal: get rid of your cards first (Boss), and above all not last (Ass).

Pack: one 13-card set (2 low ... Ace high) per player, plus one joker per two players
(floor(n/2)). Suits do not matter. (E1)

Hand 1: jokers set aside, 13 cards each, the first dealer from the seed; the player to the
dealer's left leads. (E2)

A trick: the leader plays k >= 1 cards of one rank (a single, pair, three of a kind, ...).
Each other player still holding cards gets exactly one turn, clockwise, the leader's right
last: pass, or play exactly k cards of a strictly higher rank. The last to play wins the trick
and leads the next. The leader may not pass. (E3)

Jokers (hands 2 on) stand in for any card: with natural cards they take their rank; jokers
alone count as Aces (a lone joker beats a King, not an Ace). (E4)

Ranks: first out is Boss, then the next ranks; when one player still holds cards, the hand
ends and that player is the Ass. (E5)

If a trick's winner has just gone out: in hand 1 the next player clockwise holding cards
leads; later, the winner's direct superior (one rank above in the previous hand), else the
direct subordinate, else the highest-ranking player still holding cards. (E6)

Hands 2 on: the Boss keeps their chair, the others sit clockwise by rank (the Ass to the
Boss's right). The Ass deals everything: 13 to each, the rest (13 + jokers) to themself. (E7)
Exchange, automatic: the i-th highest and i-th lowest swap floor(n/2) - (i - 1) cards (Boss
and Ass as many as there are jokers, one fewer per pair inward; an odd table's middle rank
swaps nothing). The higher gives their lowest cards, the lower their highest natural cards;
jokers are never given; both choose from the hands as dealt. The Boss leads. (E8)

Match: 5 hands by default (variant). A hand is worth (n - 1 - 2p) / (n - 1) for place p
(0 = Boss): +1 for the Boss, -1 for the Ass; the match score is the sum. (E9)

Notation: cards 2 ... 10 J Q K A JK. Actions: pass, 1x7 (a seven), 3xK (three Kings),
2x9+1jk (two nines and a joker), 2jk (two jokers alone: a pair of Aces).

Rulings applied: E1-E9, G1-G4 (explained in the game-einer-ist-immer crate docs).
";
