//! Big A (打大A): a five-player climbing game with two packs, bombs, Fours captures and a hidden
//! partner.
//!
//! Source: the rule text `002_379d87fa7d6e42f9.txt` (George Witty's description, after web
//! pages and videos from Inner Mongolia), with the workspace rulings B1-B12 and G1-G4 of
//! `shared/rules/rulings.md`.
//!
//! # The rules
//!
//! Five players use two packs of 54 cards (108 cards, B1); the draw and play go anticlockwise
//! (B2). Cards are drawn one at a time from the first drawer on; the first three drawers end
//! with 22 cards, the others with 21, and each player's last card stays face down, unseen even
//! by its holder, until the Big Ace is decided (B3). Right after each of their own draws (but the
//! last) a player may expose: one Ace when no Ace is exposed (they become declarer, and the
//! holder of the identical Ace is their hidden partner); a pair of identical Aces when at most a
//! single Ace is exposed (the overcall: declarer alone, protected); or, as the single-Ace
//! declarer, the second copy (alone, protected). The drawer is always asked, with `pass` offered,
//! so being asked reveals nothing (B4, G3). If nobody exposed, the first player from the first
//! drawer with a seen Ace of hearts must expose it, and the partner may then not expose for the
//! higher stake; if both heart Aces are face down the hand is redealt by the same first drawer.
//! Everyone takes up their face-down card; then, in turn from the first drawer, the holder of
//! the other Big Ace may expose it (doubled, shared stake), or a declarer holding both may expose
//! the second (alone, both exposed: doubled) (B5). Teams are fixed when play starts; an exposed
//! partner leads, else the declarer (B6).
//!
//! A trick: the leader plays any combination; in turn each player passes or beats the top; it
//! ends when every other player still holding cards has passed in succession, and the last
//! player leads again (B8). Singles rank, high to low: Big Ace, red joker, black joker, 3, 2, A,
//! K, ..., 4; pairs 3 high to 4 low; sequences (3+ ranks) and double sequences (3+ pairs) in the chain
//! A,2,3,...,K,A without wrapping, beaten only by a higher one of the same length. Bombs, low to
//! high: triplet (egg), four, five, six of a kind, two jokers (red-red > red-black >
//! black-black), triplet sequence, fake eight, seven, eight of a kind, three jokers, four
//! jokers, Big Ace pair. A bomb beats every single and ordinary combination and lower bombs,
//! except that a triplet cannot beat a joker, a lone Big Ace or a double sequence, and a four of
//! a kind cannot beat a lone Big Ace (B7). Big Aces inside combinations count as plain Aces.
//! Fours capture: on an N-of-a-kind of 3 to 6 cards a player may play exactly N-1 Fours, take
//! the bomb into hand, and the Fours lie on the pile as the plain N-1 of a kind (B9). A player
//! out of cards drops out; when a trick's winner is out, the lead passes to the next player
//! holding cards who is not publicly known to be their opponent; the hand ends as soon as all
//! players holding cards are on one team (B10). Scores come from the seed's three tables
//! ([`NORMAL`], [`EXPOSED`], [`ALONE`]); a match is 5 hands with running totals (B11).
//!
//! # Notation
//!
//! `pass`; `expose Ah` (one Ace) and `expose Ah Ah` (a pair); a play lists its cards by rank,
//! separated by spaces, lowest first in chain order, without suits: `7`, `Q Q`, `7 7 7`,
//! `A 2 3`, `6 6 7 7 8 8`, `4 4 4 5 5 5 6 6 6`, `4 4 4 4 5 5 5 5`, `6 7 8 9 10 J Q K A`; `BA` is a
//! Big Ace (`BA`, `A BA`, `BA BA`), `RJ`/`BJ` the jokers (`RJ BJ`); `capture 4 4`. The compact
//! forms of earlier versions (`678910JQKA`, `AhAh`, `capture 44`) still read, and a run's cards
//! may be written in any order (`2 2 2 2 A A A A` is the lowest fake eight). A play never says
//! which of two identical cards is used, only how many Big Aces. [`Play`] and [`Combo`] read
//! and write this notation, so a program builds combinations from cards as a player writes
//! them; the indexes inside [`Combo`] are explained there.
//!
//! # Variants ([`Config`])
//!
//! `hands` per match (default 5); `first_drawer` of later hands ([`FirstDrawer`]: the first
//! player out, the default; the declarer; or rotating); `extra_bombs`, the seed's "Variations"
//! bombs (sequences of 4 and 5 triplets, false ten, twelve and fourteen; True Eight above Three
//! Jokers), off by default.
//!
//! # Engine choices and what is not implemented
//!
//! - The forced heart-Ace question has no choice in it, so it is resolved without asking.
//! - Three jokers are never compared with three jokers (the double pack has four jokers).
//! - A declarer holding both Big Aces after the pick-up may expose the second however they came
//!   to hold both (drawn during the draw without protecting, or taken up as the face-down
//!   card), and so may a declarer forced by the heart Ace: the forced case bars only the
//!   partner (B5 as amended; the seed: "a player can reveal themselves as a partner (or as the
//!   lone player)").
//! - The single-Ace declarer may overcall their own declaration with a pair of identical Aces
//!   of another suit (the seed: "any player can overcall by exposing a pair of identical
//!   Aces"; B4 asks only that at most a single Ace be exposed): that pair becomes the Big Aces,
//!   the declarer plays alone with both exposed (the doubled lone stake), and the holder of the
//!   other copy of the first Ace is no partner.
//! - After [`MAX_REDEALS`] (16) redeals in a row, the next redeal's pack puts a heart Ace where
//!   it is seen, so every hand ends and `max_actions` is finite (B12; probability about
//!   10^-44 of mattering).
//! - A player's team is public once they exposed a Big Ace or played more Big Aces than they
//!   captured; deductions beyond that are not modelled.
//! - Fours never capture seven or eight of a kind (the seed's interpretation).
//!
//! # Search bots
//!
//! - **Rewards** ([`Game::rewards`](cards_core::game::Game::rewards)): linear in the match
//!   totals, `0.5 + total / (2 · 64 · hands)` clamped to `[0, 1]` ([`REWARD_SCALE`] = 64, the
//!   largest score of one hand), so a search bot maximises its expected score, which is what
//!   `cards simulate` measures (the mean score per seat) — not its rank or its team's place.
//! - **Estimate at a cut-off** ([`Game::evaluate`](cards_core::game::Game::evaluate)): before
//!   card play, the rest of the draw is played as if everyone passes (the unseen cards are
//!   already in the stock of a determinized state), then the play position is estimated. At
//!   card play the seats already out keep their places and the others are placed by a
//!   "distance to going out": one per rank held once or twice, less for eggs and bigger bombs,
//!   jokers, Big Aces, Threes and Aces (ties: fewer cards, then the order of play). The hand is
//!   scored with the seed's tables from those places, with the true (determinized) teams.
//! - **Defaults** ([`Game::search_defaults`](cards_core::game::Game::search_defaults)):
//!   heuristic rollouts cut off after 14 actions, `c = 0.25`, no widening. Tuned in one
//!   ISMCTS (1000 iterations) against four heuristic bots on 40-60 duplicate deals per
//!   setting: `c = 0.15`-`0.3` beat `0.05` on every seed tried (rewards of a normal hand differ
//!   by a few hundredths, but visit counts of 1000 iterations need more exploration than
//!   `0.05` gives), and a cut-off of 14-20 beat 8 on every seed.
//! - **Rollout policy** ([`Catalog::rollout_choice`](cards_core::Catalog::rollout_choice)):
//!   the heuristic bot's choice read straight from the (determinized) state: the seat's own
//!   counts and hand size, its team, and the public team and hand size of the seat on top of
//!   the pile, the same facts the bot reads from its view, through the same code, so the same
//!   choice (`tests/search.rs` checks it on true and determinized states). Building the view
//!   at every rollout step dominated an iteration; without it 1000 iterations take about 15 ms
//!   with a cut-off of 8 (40 ms before) and about 18 ms with 14.
//! - **Strength**: `cards simulate big-a --games 300 --bots
//!   ismcts:iters=1000,heuristic,heuristic,heuristic,heuristic --threads 2 --json` (one ISMCTS
//!   against four heuristic bots, rotated over the seats of 300 duplicate deals): ISMCTS
//!   +6.27 ± 1.08 per deal (win rate 0.511), heuristic -1.57 ± 0.15 (0.122); median think
//!   11.6 ms, 25 256 000 iterations over 68 355 decisions.
//!   Against random bots (`--bots ismcts:iters=1000,random`, ISMCTS on seats 0, 2 and 4, 60
//!   duplicate deals): ISMCTS +4.57 ± 1.14, random -6.86 ± 1.40.
//! - **No cheating**: [`determinize`] gathers the unseen cards as one multiset in face order
//!   before shuffling, rewrites the other seats' draw history canonically and, at card play,
//!   sets the (no longer used) stock to the pack in face order, so it depends only on what the
//!   seat knows and on the generator (`tests/search.rs`).
//! - **Speed**: legal plays come from per-count rank masks (bit `r` of mask `w` set when rank
//!   `r` is held `w` times or more), kept with each seat's counts and lowered as cards leave,
//!   reading runs and eggs off set bits; a response generates the same shape, then bombs only
//!   for a hand that holds one; playing takes cards by face index without branching on the
//!   counts. Applying an action never allocates (events carry arrays, places and exposures
//!   live in the state, a new hand is shuffled into the stock's buffer).
//!   `examples/playouts.rs` times three things (see its header): whole deals as `cards
//!   simulate big-a --bots random` plays them (per action: the legal list into a reused
//!   vector, the boxed random bot's choice, one ChaCha8 draw, apply with its events collected;
//!   per deal: `BigA::new` and its shuffle; about 270 actions a deal, 103 of them draws and 5
//!   pick-up answers, cheap decisions mostly with the one legal action `pass`), card play alone
//!   (the costly actions), and the method of `openspiel_anchor.py rollout` (rollouts from 16
//!   first decisions, a clone each, then legal list, choice and apply per action). Callgrind
//!   over 1000 deals: 456 instructions per action for whole deals (602 before these
//!   changes with the same harness), 525 for card play alone (705 before). In runs
//!   interleaved with OpenSpiel's C++ `dou_dizhu` rollouts (Clone + LegalActions +
//!   ApplyAction, 560 to 650 ns per action in those six runs, a loaded 2-core machine) whole
//!   deals took 80-96 ns per action (193 once), card play alone 108-120, the anchor's method
//!   72-81: 6.0x to 7.8x below OpenSpiel for whole deals (2.9x once), 4.8x to 6.1x for card
//!   play alone, 7.2x to 9.0x by the anchor's own method. `cards simulate` adds its own
//!   bookkeeping. `benches/search.rs` measures an ISMCTS iteration and `determinize` alone.
//!
//! # Saved states
//!
//! A [`State`] serialises with serde; deserialisation validates it ([`State::validate`]) and
//! refuses an inconsistent one with an [`InvalidState`] that names what is wrong, so any state
//! read back is one the engine handles without a panic.
//!
//! # Example
//!
//! ```
//! use cards_core::game::Game;
//! use cards_core::seat::Seat;
//! use game_big_a::{Action, BigA, Config, Phase};
//!
//! let config = BigA::single_deal(&Config::default());
//! let mut state = BigA::new(&config, 42).unwrap();
//! // Nobody exposes during the draw: the heart Ace decides the declarer.
//! while state.phase() != Phase::Play {
//!     BigA::apply(&mut state, &Action::Pass).unwrap();
//! }
//! let leader = BigA::to_move(&state).unwrap();
//! assert_eq!(Some(leader), state.declarer());
//! let legal = BigA::legal_actions(&state);
//! assert!(!legal.contains(&Action::Pass)); // the leader must play
//! let lowest_single: Action = legal[0];
//! let events = BigA::apply(&mut state, &lowest_single).unwrap();
//! assert_eq!(events[0].to_string(), format!("{leader} plays {lowest_single}"));
//! assert_eq!(BigA::view(&state, Seat(0)).counts.iter().sum::<usize>(), 107);
//! ```

mod action;
mod bots;
mod event;
mod examples;
mod few;
mod game;
mod hand;
mod play;
mod rules;
mod scoring;
mod search;
mod setup;
mod state;
mod text;
mod validate;
mod view;

pub use action::{Action, ParseActionError, Play};
pub use bots::HeuristicBot;
pub use event::{Event, ExposeKind, Exposure};
pub use game::{ActionError, BigA};
pub use hand::Hand;
pub use rules::{
    ACE, CHAIN, Combo, Config, ConfigError, Counts, FOUR, FirstDrawer, NoBeat, RANK_SYMBOLS, RANKS,
    beats, chain_pos, chain_rank, fours_combo, may_capture, rank_index, rank_of_index, run_shapes,
};
pub use scoring::{ALONE, EXPOSED, NORMAL, Row, deal_scores, team_row};
pub use search::REWARD_SCALE;
pub use setup::{PlaySetup, SetupError};
pub use state::{ASKED_DRAWS, MAX_REDEALS, PACK, PLAYERS, Phase, State, full_pack};
pub use validate::InvalidState;
pub use view::{View, determinize};

/// The registration of what the engine offers beside its rules: the worked examples and the
/// heuristic bot (they depend on the engine, not the reverse).
impl cards_core::Catalog for BigA {
    fn examples() -> Vec<cards_core::Example> {
        examples::examples()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::HeuristicBot)
    }

    /// [`HeuristicBot`]'s choice, read from the state without building a view.
    fn rollout_choice(
        state: &State,
        seat: cards_core::Seat,
        legal: &[Action],
        _rng: &mut cards_core::GameRng,
    ) -> Option<usize> {
        Some(bots::rollout_choice(state, seat, legal))
    }

    /// Hands per match, who draws first later and the extra bombs; scores are points.
    fn words() -> cards_core::Words {
        use cards_core::OptionDoc;
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new(
                "hands",
                "Hands per match",
                "How many hands the match lasts; the highest total wins (B11).",
            )
            .range(1, Config::MAX_HANDS as i64),
            OptionDoc::new(
                "first_drawer",
                "First to draw later",
                "Who draws the first card in every hand after the first (B3).",
            )
            .choices(&[
                ("FirstOut", "who ran out first last hand"),
                ("Declarer", "last hand's declarer"),
                ("Rotate", "passes anticlockwise each hand"),
            ]),
            OptionDoc::new(
                "extra_bombs",
                "Extra bombs",
                "Adds the Variations' bombs: sequences of 4 and 5 triplets, the false ten, twelve \
                 and fourteen, and the True Eight above Three Jokers.",
            ),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Points,
            scores: "each hand's points come from the score tables (the declarer's side against \
                     the rest); the highest total wins",
        }
    }
}
