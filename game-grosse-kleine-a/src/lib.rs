//! Das Grosse und das kleine A (Wolfgang Kramer): a climbing card game for 3 to 9 players.
//!
//! Source: Rick Heli's English translation of the rules (2002), seed text
//! `000_234aa25b94a68c0d.txt`; where it is silent, the rulings A1 to A11 of the workspace's
//! `rulings.md` apply, cited by id below, in the error messages and in the tests.
//!
//! # The rules
//!
//! The pack (A1) holds eight each of the numbers 1 to 13, four jokers, the Big A and the little
//! a. The two A cards lie in the middle of the table; the other cards are shuffled and dealt,
//! 13 to each of 3 to 8 players, 12 each with nine (A2). Undealt cards stay out of play.
//!
//! Play is clockwise. In hand 1 the player left of the dealer (chosen from the seed) leads; in
//! later hands the player with the most penalty points in the hand just finished, ties going
//! to the first clockwise from the previous hand's first leader, that leader included (A3).
//!
//! **A normal round** (A4): the leader plays one or more cards of one number, jokers joining
//! it (two 10s and a joker are three 10s); a lone joker, or jokers only, rank 14. Each other
//! player then has exactly one turn, clockwise: play as many cards as the lead of a strictly
//! higher rank, or pass (always allowed). The highest play wins the round, its cards go out of
//! play and its player leads next. The winner of round 1 takes the little a into hand, the
//! winner of round 2 the Big A (A5; [`FirstA`] switches the order).
//!
//! **Leading an A card** (A6): an A card may only be led, alone, and not in the round directly
//! after the round at whose end its holder received it. A leader whose hand holds only A cards
//! that may not be led yet passes the lead clockwise to the next player who can lead, and has
//! passed in that round (A8).
//!
//! **An A round** (A7): the led A ranks 0 and jokers rank 1. Nobody may pass: every other player
//! plays exactly one card, never the other A card (a hand of only the other A passes). The
//! highest card takes the trick; among equal ranks, the first player of that rank. The little
//! a trick goes into the taker's penalty pile (numbers at face value, joker 1, little a 0); the
//! Big A trick goes into the taker's hand. The taker leads next.
//!
//! **End** (A9): the hand ends at the end of a round in which a player has no cards left.
//! Penalties: cards in hand at face value, joker 14, little a 15, Big A 20, plus the penalty
//! pile. A match is five hands ([`Config::hands`]); the lowest total wins and ties share (A10).
//!
//! # Rulings applied
//! A1 (pack), A2 (deal sizes), A3 (first leaders), A4 (normal rounds), A5 (A cards after
//! rounds 1 and 2, variant [`FirstA`]), A6 (leading A cards), A7 (A rounds), A8 (lead passing),
//! A9 (end and penalties), A10 (match, variant number of hands), A11 (the worked example's slip:
//! Anna plays her 3 by choice; the tests show that her joker was legal and would have handed the
//! trick to Christian; Anna is dealt the one 13 the text has her lead in round 6, and her pass in
//! round 3, when that 13 could raise Doris's 12, is by choice like her keeping the joker); G1 to
//! G4. The text's joker example ("two 10 cards and a joker constitute three 10 cards", A4) is
//! narrated as `cards example grosse-kleine-a joker`.
//!
//! Readings where the rulings leave room:
//! - A8: the skipped leader's pass is a forced single decision (`pass`), public (who holds the
//!   A cards and how many cards each player holds is public, so nothing leaks, G3).
//! - A5 (as amended): the A card of round 1 or 2 is taken into hand before the check for the
//!   end of the hand (A9). A winner who played out in that round holds a card again and the hand
//!   goes on unless another player is out; when the hand ends at the end of round 2 (at any table
//!   size), its winner holds the Big A and pays its 20. Only the Big A stays in the middle when
//!   the hand ends in round 1.
//! - A player whose hand is only A cards in a normal round has a single option, `pass`.
//!
//! # Using the engine
//! [`GrosseKleineA`] implements [`cards_core::Game`]: a [`State`] is a whole match (hands in
//! sequence, each dealt from `derive_seed(seed, hand_index)`, so every decision is a player's);
//! [`Config`] holds the player count, the hands per match and the [`FirstA`] variant.
//! [`State::from_position`] starts from a stated [`Position`] (explicit hands, validated: right
//! counts, no card too often), also later in a hand (round number, when the A cards were
//! received, the penalty pile), for worked examples and tests; a position that play cannot
//! reach (an A card still in the middle after its round, more cards in the hands than the
//! rounds played leave, a pile before a little a round could end, ...) is refused with the
//! [`InvalidState`] that names the rule. The worked example of the rule text lives in
//! [`example`]. A [`View`] shows one seat its hand, the other hands' sizes, the round, where
//! the A cards are and whether they may be led, the penalty piles and the totals; the cards
//! taken into hand from a Big A trick are public (they were played face up) until played. Its
//! `Display` is the screen layout every game shares ([`View::screen`], `Game::screen`).
//! [`Heuristic`] is the heuristic bot.
//!
//! A state read back from a file is input: deserialising a [`State`] validates it
//! ([`State::validate`]) and refuses an inconsistent one with an [`InvalidState`] that names
//! what is wrong (a card twice or missing, G4; a seat not at the table; a counter out of range;
//! a round whose plays do not make the round recorded; a position play cannot reach), so every
//! state that deserialises is one the engine handles without a panic. What validation cannot
//! see: the A3 tie-break between equal penalties (the previous hand's first leader is not
//! stored) and whether hands fit the match seed (`determinize` redraws it).
//!
//! Hidden information: a seat sees its own cards only. Passing is always allowed in a normal
//! round and every card may be played to an A round, so play reveals no voids; what is public
//! is each hand's size, who holds each A card (and whether it may be led), every card played,
//! the penalty piles, and the cards taken into hand from a Big A trick until they are played.
//! `determinize` keeps all of that and deals the rest (other hands and the undealt cards) at
//! random.
//!
//! # Search bots
//! The generic ISMCTS bot (`ismcts`, [`cards_core::search`]) plays for what `cards simulate`
//! measures, the mean score (minus the penalty total):
//! - **Rewards** ([`cards_core::Game::rewards`]): linear in the seat's own penalty total,
//!   `1 - total / (100 · hands finished)` clamped to `[0, 1]` ([`PENALTY_SCALE`]); for a single
//!   deal `1 - penalty / 100`. Maximising the expected reward minimises the expected penalty; the
//!   other seats' penalties do not enter (the game is not zero-sum, and a rank-based reward would
//!   trade points for places). Penalties above 100 in a hand are rare, so the clamp almost never
//!   bites.
//! - **Defaults** ([`cards_core::Game::search_defaults`]): random rollouts to the end of the match,
//!   no cut-off, no widening, exploration `c = 0.35` (half the core default, since these rewards
//!   spread over about 0.6 where spread rewards span 1). A deal is short (about 50 actions for four
//!   players) and legal lists are small (at most a few dozen leads), so random rollouts are cheap:
//!   1,000 iterations take about 15 ms per decision on an idle core. Heuristic and mixed rollouts
//!   and `c` from 0.2 to 0.7 were tried head to head over 30 to 60 duplicate deals and were no
//!   better within the noise; random rollouts are the cheapest.
//! - **Cut-off estimate** ([`cards_core::Game::evaluate`], used only when a spec sets `cutoff=N`,
//!   e.g. for whole matches with `--match`, where rollouts otherwise play every later hand): the
//!   rewards as if the hand in progress ended now, each seat paying for its hand and penalty pile
//!   (A9) on top of its total.
//! - **Strength** (`cards simulate grosse-kleine-a --games 300 --bots ismcts:iters=1000,heuristic
//!   --threads 2`, single four-player deals, each replayed in every seat rotation): ismcts
//!   -12.74 ± 0.57 (win rate 0.38) against heuristic -36.85 ± 0.96 (0.12); against random
//!   (`--bots ismcts:iters=1000,random`, 300 deals) -5.02 ± 0.35 (0.45) against -36.98 ± 0.90
//!   (0.05).
//! - **No cheating**: `determinize` keeps everything public (hand sizes, where the A cards are and
//!   whether they may be led, cards known from Big A tricks, piles, cards played) and deals the
//!   unseen cards (the other hands' unknown part and the undealt cards) from a multiset gathered
//!   in card order, so the true hidden hands never influence the deal; it redraws the match seed,
//!   which would otherwise re-deal the true cards of later hands. `tests/search.rs` checks that
//!   `determinize` of a state and of any determinization of it agree for equal generators, and
//!   that the random, heuristic and ISMCTS bots choose alike on both; `benches/search.rs`
//!   measures ISMCTS iterations and `determinize` alone: on a shared machine about 15 µs per
//!   iteration at the first decision of a deal and 9 µs mid-deal, of which `determinize` takes
//!   2.4 to 2.6 µs (a fifth to a quarter).
//!
//! # Notation
//! Actions name numbers, counts and jokers, not card identities: `5 5`, `7 J`, `J`, `J J`,
//! `a` (lead the little a), `A` (lead the Big A), `pass`. Cards: `1`..`13`, `J`, `a`, `A`.
//!
//! # Not implemented
//! Nothing of the rules is left out. The scorekeeper ("the player for whom life has been
//! cruelest") has no effect on play.
//!
//! # Example
//! ```
//! use cards_core::Game;
//! use game_grosse_kleine_a::{Action, Config, GrosseKleineA};
//!
//! let config = GrosseKleineA::single_deal(&Config::default());
//! let mut state = GrosseKleineA::new(&config, 7).unwrap();
//! while let Some(_seat) = GrosseKleineA::to_move(&state) {
//!     let legal = GrosseKleineA::legal_actions(&state);
//!     // Always take the first legal action (a pass where passing is allowed).
//!     let events = GrosseKleineA::apply(&mut state, &legal[0]).unwrap();
//!     for e in &events {
//!         let _line = e.to_string();
//!     }
//! }
//! let scores = GrosseKleineA::scores(&state);
//! assert!(scores.iter().all(|(_, s)| *s <= 0.0));
//! assert_eq!("7 J".parse::<Action>().unwrap().to_string(), "7 J");
//! ```

mod action;
mod bots;
mod event;
pub mod example;
mod game;
mod play;
mod rules;
mod search;
mod state;
mod validate;
mod view;

pub use action::{Action, ParseActionError, Play};
pub use bots::Heuristic;
pub use event::{Event, Take};
pub use game::{GrosseKleineA, RULES};
pub use play::ActionError;
pub use rules::{
    ACard, BIG_A, Cards, Config, ConfigError, FirstA, JOKER, JOKERS_ONLY_RANK, LITTLE_A,
    ParseCardsError, a_round_rank, hand_penalty, pile_penalty,
};
pub use search::PENALTY_SCALE;
pub use state::{Position, RoundKind, SetupError, State};
pub use validate::InvalidState;
pub use view::{APlace, ASight, View};

/// The registration of what the engine offers beside its rules: the worked examples and the
/// heuristic bot (they depend on the engine, not the reverse).
impl cards_core::Catalog for GrosseKleineA {
    fn examples() -> Vec<cards_core::Example> {
        example::examples()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// Hands per match and which A card round 1's winner takes; scores are penalty points.
    fn words() -> cards_core::Words {
        use cards_core::OptionDoc;
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new(
                "hands",
                "Hands per match",
                "How many hands the match lasts; the lowest total of penalty points wins (A10).",
            )
            .range(1, rules::MAX_HANDS as i64),
            OptionDoc::new(
                "first_a",
                "A card of round 1",
                "Which A card the winner of round 1 takes into hand; round 2's winner takes the \
                 other (A5).",
            )
            .choices(&[
                ("LittleAFirst", "little a first (this text)"),
                ("BigAFirst", "Big A first (another translation)"),
            ]),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Penalties,
            scores: "cards left in hand and little-a piles count penalty points; the lowest \
                     total wins",
        }
    }
}
