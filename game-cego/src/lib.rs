//! Cego: the tarock game of Baden, with its auction, contracts and payments.
//!
//! Source: D. Parlett, *The Penguin Book of Card Games* (2008), Cego chapter (the seed fragment
//! `001_38c245c9b11f61ee.txt`), completed by `cego.md` and its rulings CG1-CG22. Where the
//! fragment is clear it wins; elsewhere the rulings apply.
//!
//! # The rules in brief
//! - **Pack.** 54 cards: 22 Trocks (T1 to T21 and the Gstieß `Gs`, the highest) and four plain
//!   suits of eight: black `K Q R J 10 9 8 7`, red `K Q R J 1 2 3 4` (red numerals rank in
//!   reverse). Every Trock beats every plain card. Points: Kings and the three honours (Gs, T21,
//!   T1) 5, Queens 4, Cavaliers 3, Jacks 2, every other card 1; counted in threes the pack is 70.
//! - **Deal.** Four players (three with the short pack, five with the dealer sitting out),
//!   everything anticlockwise. 11 cards each, 10 face down as the *cego*. Forehand (A) sits at the dealer's right and speaks and leads first; the deal passes
//!   to the right (the next dealer is this Forehand). The first dealer is drawn from the match
//!   seed ([`first_dealer`], G1); a stated position names its dealer (the worked examples:
//!   `S1`, so A is `S0`, B `S3`, C `S2`, D `S1`). [`seat_of_letter`] maps the text's letters
//!   A-D to seats.
//! - **Five players** (cego.md 3, `players = 5`): the dealer sits out each deal and pays or
//!   receives like a defender; the other four play it exactly as at four, A at the dealer's
//!   right and D at his left, and the deal passes to the right as at four, so every seat sits
//!   out in turn. In a soloist's game the one sitting out pays or receives what each defender
//!   does (the soloist's payment is four times it); in Räuber every loser pays him what he pays
//!   each other player (a ruling: the text is silent on Räuber). The [`Deal`] is kept in four
//!   *local* seats, the real seats in index order without the one sitting out
//!   ([`State::real_seat`], [`State::local_seat`], [`State::sitting_out`]); everything the
//!   `Game` interface shows (the seat to move, views, events, totals, payments) names real
//!   seats. The one sitting out has no hand: his view shows the public play, and his
//!   determinization redeals all four hands.
//! - **Three players** (cego.md 10, `players = 3`, `Cego::config_for_players(3)`): see
//!   [Three players](#three-players) below.
//! - **Match.** `deals` deals (default 8), or with the Gstieß ending "Der Gstieß gibt ab" after
//!   `deals` deals: the holder of the Gstieß in the next deal ([`gstiess_holder`]) is noted and
//!   play continues up to and including his next turn to deal.
//! - **Auction.** Phase one: A, B, C, D say Pass, Solo or Ulti (only the holder of T1). Ulti
//!   ends the auction; Solo ends phase one. Without a Solo, A must open phase two with Cego,
//!   Piccolo or Bettel; B, C, D enter one at a time and may pass, bid the next rung (Cego < One
//!   Card < One Blank < Two Blanks < Two Different < Little Man; no jump bids) or, on their own
//!   entry turn, call Piccolo or Bettel (ends the auction). The holder answers each raise with
//!   Hold or Pass. If nobody bids over A's Cego, A picks Cego or Räuber. After a Solo, the Solo
//!   caller holds rung Solo and A, B, C, D (without him) enter over Gegensolo (= Cego) and the
//!   ladder; no special games. Every bid or Hold must be possible with the dealt hand.
//! - **Contracts.** Solo: play the dealt hand, cego set aside. Cego/Gegensolo: keep 2, discard
//!   9, take the cego, discard 1 more. One Card: keep 1 hidden. One Blank: keep a numeral face up
//!   (a court only without numerals); it is dead and the first lead is it or its suit. Two Blanks:
//!   two numerals of one suit face up, the lowest cego Trock discarded face up, both tricks 1 and
//!   2 led at once with cards of that suit. Two Different: two numerals of different suits, the
//!   highest cego Trock discarded face up, exactly those two led at once. Little Man: keep T1
//!   face up and lead it. Ulti: win trick 11 with T1. Piccolo: take exactly one trick. Bettel:
//!   take none. Räuber: everyone for himself, most card points loses. The soloist's discards
//!   form the Legage, which counts for him when he takes a trick.
//! - **Play.** Follow suit, else play a Trock, else anything; no duty to beat. Dead cards never
//!   win; when a dead card is led and the next player can neither follow nor trump, his card
//!   sets the suit. In the double lead each defender plays to both tricks at once (a pair is
//!   legal when some order of playing it obeys the rules); the higher winning card leads trick 3.
//! - **Scoring.** Soloist's pile (tricks plus set-aside cards if he took a trick) counted in
//!   threes; 36 wins, 35 (Bürgermeister) loses. Each defender pays or receives
//!   `|points − 35| × factor` rounded up to a multiple of 5 (at least 5). Factors: Solo 2 won /
//!   1 lost; Cego 1, One Card 2, One Blank 3, Two Blanks 4, Two Different 5, Little Man 6, one
//!   more after a Solo. Ulti 80, Piccolo 30, Bettel 30. Räuber: the most points pays 30 to each
//!   other player; Forehand pays 60 each and alone when he is among the highest. Every deal is
//!   zero-sum; a match keeps running totals.
//!
//! # Rulings applied
//! CG1 (deal packets: A 0-10, B 11-21, C 22-32, D 33-43, cego 44-53 of the seeded shuffle),
//! CG2 (the holder says Hold, the entrant must raise), CG3 (entry order after a Solo), CG4 (no
//! Ulti after a Solo), CG5 (Piccolo/Bettel on the own entry turn only), CG6 (the set-aside cards
//! count for the soloist), CG7 (after-Solo factor column for every rung), CG8 (feasibility and
//! court substitutes), CG9 (Ulti/Little Man need T1), CG10 (One Card and Cego details), CG11
//! (the soloist leads, Forehand in Räuber), CG12 (Two Different cards are dead), CG13 (no cego
//! Trock: discard a cego card face down), CG14 (a dead card led), CG15 (double-lead legality),
//! CG16 (ceiling rounding, minimum 5), CG17 (threes), CG21 (Legage visible until trick 1 is
//! complete), CG22 (early stop of special games, off by default). CG18 (Halbe), CG19 (Solo
//! duty) and CG20 (Schwarzwald order) are not implemented. The general rulings G1-G4 hold.
//!
//! # Variant options ([`Config`])
//! `deals` (default 8), `count` (threes / pairs, CG17), `round_strict_next` (CG16),
//! `ulti_after_solo` (CG4), `solo_caller_uses_normal_factor` (CG7), `two_different_dead`
//! (CG12), `ulti_must_hold_back` (CG9), `no_trock_discard` (CG13), `special_stakes` and
//! `raeuber_stakes` (Parlett / Schwarzwald), `stop_when_decided` (CG22), `deal_order` (CG1),
//! `gstiess_ending` (cego.md 3: the match ends with the deal the noted holder of the Gstieß
//! deals; the holder is the player dealt it, the soloist who took up a cego holding it, or the
//! dealer when it lay in a cego nobody took up).
//!
//! # Trick winners and seat letters
//! [`Deal::trick_winner`] and [`View::trick_winner`] give the winner of each trick (the
//! completed tricks with leader, cards and winner are [`Deal::history`] and [`View::tricks`]);
//! [`seat_of_letter`] and [`letter_of_seat`] map the rule text's A-D to seats.
//!
//! # Three players
//! `players = 3` plays cego.md section 10 (Parlett, with the regional sheet's credit for the
//! removed cards):
//! - **Pack.** ♣7, ♠7 and ♦4 are removed ([`removed`]): 51 cards ([`pack_for`]). They are out
//!   of play: no hand, trick or cego holds them, and the census of the conformance checks is
//!   the 51 cards ([`Cego::pack`](cards_core::Game::pack)). A stated position holding one is
//!   refused with [`SetupError::Removed`].
//! - **Deal.** 13 cards to each player and 12 to the cego ([`hand_size`], [`cego_size`]); 13
//!   tricks of three cards.
//! - **Contracts.** Piccolo, Bettel and Räuber are not played: they are never offered, and a
//!   bid of one is refused with [`ActionError::NotAtThree`] (cego.md 10). If nobody bids over
//!   Forehand's Cego, he plays Cego (no Räuber choice). Parlett's other punishment of a
//!   withheld Solo (the page after the chapter, not available) is not implemented: nothing
//!   replaces Räuber.
//! - **Discard contracts** keep as many dealt cards as at four (2 in Cego, Two Blanks, Two
//!   Different; 1 in One Card, One Blank, Little Man), discard the rest of the 13, take the 12
//!   cego cards and come back to 13 (Cego and the double-lead contracts with their one more
//!   discard as at four); the Legage has 12 cards.
//! - **Counting.** The 51 cards count 69 in threes; the three removed cards (three 1-point
//!   cards, worth 1 as one group) are credited to the soloist, restoring 70, so 36 still wins
//!   and 35 is still the Bürgermeister. Counted in pairs they are worth 1½ (77½ + 1½ = 79).
//! - **Scoring.** The same factors and stakes as at four (the regional sheet's other factor
//!   table is not adopted, as cego.md 10 says); each of the two defenders pays or receives the
//!   amount, the soloist twice it.
//!
//! Engine rulings where section 10 is silent (the smallest change from four players):
//! - **3P1 Deal packets** (CG1): the 51 cards, in card order, are shuffled by the seeded
//!   shuffle and dealt A 0-12, B 13-25, C 26-38, cego 39-50 (`cego-first`: cego 0-11, then 13
//!   each).
//! - **3P2 Seats.** Forehand A sits at the dealer's right, then B, and C is the dealer; the
//!   seat letter D names nobody ([`seat_of_letter`]). Everything goes anticlockwise and the
//!   deal passes to the right, as at four (cego.md 3).
//! - **3P3 Auction.** Phase one: A, B, C. Without a Solo, A must open with Cego (the only call
//!   left of cego.md 4.3's three) and B, C enter; after a Solo the two others enter in
//!   priority order. Everything else as at four.
//! - **3P4 The removed cards** join the set-aside cards in the soloist's one pile: like them
//!   they count for him only when he took at least one trick (cego.md 7.1: otherwise all 70
//!   belong to the defenders). In Ulti (the only special game left) card points do not matter.
//! - **3P5 The last trick** is trick 13: Ulti is won by taking trick 13 with Trock 1, and
//!   "before trick 11" in CG9's hold-back variant and CG22's early stop reads "before the last
//!   trick".
//! - **3P6 Little Man** is unchanged (expose Trock 1, lead it to trick 1). At four it always
//!   loses that trick (cego.md 5); at three the 12 cego cards and the 12 of the Legage can
//!   hold all 21 other Trocks, and then Trock 1 takes trick 1. The rules of play decide.
//! - **3P7 Match.** `deals` keeps its default of 8; the Gstieß ending ends at most 4 deals
//!   after the announced one (the noted deal and up to 3 more until its holder deals).
//!
//! # Not implemented
//! Other counts than 3, 4 and 5 are refused with [`ConfigError::Players`]. CG18 (Halbe), CG19
//! (Solo duty) and CG20 (Schwarzwald order) are not implemented (see the rulings above).
//!
//! # Determinization
//! [`Cego::determinize`](cards_core::Game::determinize) redeals the unseen cards consistently
//! with every public fact (bids and Holds feasible for the dealt hands, the exposure valid, the
//! shown Trock, voids shown in play): its states pass [`State::validate`]. It draws a new match
//! seed, and the redealt deal counts as a stated position (later deals come from that seed).
//!
//! # Search bots
//! The generic ISMCTS bot of [`cards_core::search`] (`--bots ismcts:iters=1000`) gets from this
//! crate:
//! - **Rewards** ([`Cego::rewards`](cards_core::Game::rewards)): linear in each seat's match
//!   total, `0.5 + total / (2 · REWARD_SCALE · deals)` with [`REWARD_SCALE`] = 1000 (more than
//!   any deal pays to or takes from one seat), so the rewards stay in `[0, 1]` unclamped and a
//!   bot that maximises its expected reward maximises its expected payment, the mean score
//!   that `cards simulate` reports. (Spreading the scores between the lowest and the highest
//!   seat would play for rank instead, and a soloist's 3-to-1 payments would be misjudged.)
//! - **Defaults** ([`Cego::search_defaults`](cards_core::Game::search_defaults)): rollouts by
//!   the heuristic bot for every seat (random rollouts make the auction look random: a random
//!   soloist loses any contract, so every bid looks bad), exploration `c = 0.1` (one deal moves
//!   a reward by a few hundredths; `c = 0.2` measured the same), no progressive widening (no
//!   decision lists more than a few dozen actions), and a cut-off after
//!   [`MAX_ACTIONS_PER_DEAL`] rollout actions with [`Cego::evaluate`](cards_core::Game::evaluate)
//!   = the rewards of the totals as they stand: a single deal always ends before the cut-off;
//!   in a match the deal being searched is always scored by then and the rollout stops in the
//!   next one instead of playing out the whole match.
//! - **Speed.** Determinization samples without heap allocations (fixed-size places, a stack
//!   buffer of the unseen cards, a shuffle-and-cut deal when no place is masked) and reserves
//!   the vectors a rollout pushes to; the heuristic bot scores its cards without allocations.
//!   `benches/search.rs` measures ISMCTS iterations per second and determinization alone.
//! - **No cheating**: determinization collects the unseen cards in card order (never in the
//!   order of the true hidden hands) and draws everything from the generator, so two states a
//!   seat cannot tell apart determinize alike; `tests/search.rs` checks this and that the
//!   random, heuristic and ISMCTS bots choose alike in such states.
//!
//! Measured with `cards simulate cego --games 300 --bots ismcts:iters=1000,heuristic
//! --threads 2` (300 duplicate deals, four seat rotations each, on a shared and busy machine):
//! ISMCTS +9.96 ± 1.98 per deal against the heuristic bot's −9.96 ± 1.53 (win rates 0.33 and
//! 0.17), median 51 ms per real decision under that load (13 ms on a quiet one); against the
//! random bot (`--bots ismcts:iters=1000,random`, 300 deals) +29.3 ± 1.4 against −29.3 ± 3.5.
//! `benches/search.rs`: about 70,000 iterations per second with the defaults and 220,000 with
//! random rollouts at the first decision of a seeded deal, of which determinization takes
//! about 0.9 µs.
//!
//! # Open-hand solver
//! [`Solver`] (issue 16) gives the exact result of the remaining card play with every hand
//! known, from any point of the card play but the double lead of tricks 1 and 2: the
//! soloist's final card points in a counter game, whether he reaches his object in Ulti,
//! Piccolo and Bettel, and in Räuber each seat's payment by a paranoid search
//! ([`Solver::value_for`]); [`Solver::card_values`] values every legal card and
//! [`Solver::best_card`] picks one; [`Solver::payment`] turns a value into a seat's payment,
//! and [`Solver::card_payments`] finds each card's payment directly (a few null-window
//! searches at the steps of the payment function, cheaper than the exact values).
//! MTD(f) with bisection over null-window alpha-beta, a bounded transposition table at trick
//! boundaries, equivalent cards merged, trick-aware move ordering (history in Räuber), bounds
//! on the soloist's points, a node budget ([`SolveError::Budget`]) and a deadline on a
//! caller's clock ([`Solver::set_deadline`], [`SolveError::Deadline`]); the table is allocated
//! by the first search ([`Solver::table_bytes`] gives its size). [`solve`] is the one-call
//! form.
//! `tests/solver.rs` checks it against plain minimax (and minimax over the engine) on random
//! endings of every contract at three and four players, and against the T14 Ulti deals.
//!
//! Speed (`cargo run --release -p game-cego --example solve_times`): the card payments at the
//! first decision of the last 7 tricks take a median of under 20 ms in every contract but
//! Räuber (70-90 ms, 440,000 nodes); the whole card play from trick 1, over random deals
//! of every contract alike, takes a median of 14 to 17 ms, but most Cego deals and half the
//! Räuber, One Blank and One Card deals need more than 10 million nodes: see the README.
//!
//! # PIMC bot
//! `--bots pimc` ([`Pimc`], registered through [`cards_core::Catalog::game_bot_kinds`]):
//! in the last `from` tricks (default 7) of the counter games and in every trick of Ulti,
//! Piccolo, Bettel and Räuber (`special`, default 13) it samples `worlds` worlds (default 20)
//! from the deciding seat's view with [`Cego::determinize`](cards_core::Game::determinize),
//! solves each with the open-hand solver and plays the card of the highest mean payment for
//! the deciding seat over the worlds; cards the worlds cannot tell apart go to ISMCTS. In the
//! auction it judges the calls of Ulti, Piccolo and Bettel on `bids` worlds (default 20)
//! solved from the first card: a call won in more than half is made, a call won in none is
//! struck before ISMCTS chooses (`auction=0` leaves the auction to ISMCTS). The rest of the
//! auction, the discards, the earlier tricks and any decision where a world overruns the node
//! budget (`nodes`, default 500,000) go to ISMCTS (`iters`, `seed`); `margin=1` breaks
//! ties of the mean payment by the mean card points of the seat's side. In a Solo a defender
//! draws its worlds weighted by the bidding (`infer`, default 1): the soloist's hand is kept
//! with the chance that ISMCTS would have called Solo with it. `ms` is the time budget of the
//! whole decision, every solve included, on a clock the caller passes (a clock that jumps
//! past the deadline cancels the decision); `table` (10 to 22, default 18) sizes the solver's
//! table, `2^table` entries allocated at the first solve ([`PimcOptions::table_bytes`]). Spec:
//! `pimc:worlds=N,from=K,special=K,nodes=B,table=T,margin=0|1,auction=0|1,bids=W,infer=0|1,`
//! `iters=I,ms=M,seed=S`.
//! It never reads hidden cards: `tests/pimc.rs` checks that it chooses alike in states the seat
//! cannot tell apart. Strength
//! (`cards simulate cego --games 200 --bots pimc,heuristic --threads 1`):
//! +10.04 ± 2.38 per deal against the heuristic bot's −10.04 ± 1.89; against
//! `ismcts:iters=1000` a tie (−0.10 ± 2.22 over 200 deals; playing the whole card play where
//! the worlds solve, −0.02 ± 1.25 over 600 deals; with the auction's judgement and tied cards
//! to ISMCTS, +0.60 ± 1.48 against −0.60 ± 1.62 over 400 deals; with the whole card play of
//! Ulti, Piccolo, Bettel and Räuber by PIMC, +0.23 ± 0.73 against −0.23 ± 0.84 over 1,600
//! deals; with a Solo defender's worlds weighted by the bid too, the default, +0.57 ± 0.72
//! against −0.57 ± 0.81 over 1,600 others; ISMCTS at 10,000 iterations ties with it too). The
//! default beats it on 2,400 fresh deals (`--games 2400 --seed 3`, a run declared before it
//! started): +0.66 ± 0.44 against −0.66 ± 0.44, the intervals clustered by deal (per seat
//! ± 0.61 and ± 0.69, still apart): a small edge. See the README.
//!
//! # Reading a state back
//! Deserialising a [`State`] validates it ([`State::validate`]): a state whose cards, seats,
//! counters, match record or cached fields disagree, or whose recorded calls and plays do not
//! replay to it, is refused with an [`InvalidState`] that names what is wrong.
//!
//! # Example
//! ```
//! use cards_core::Game;
//! use game_cego::{Action, Cego, Config, Contract};
//!
//! let config = Cego::single_deal(&Config::default());
//! let mut state = Cego::new(&config, 42).unwrap();
//! // Everybody passes phase one; Forehand must open phase two.
//! for _ in 0..4 {
//!     Cego::apply(&mut state, &Action::Pass).unwrap();
//! }
//! assert!(Cego::apply(&mut state, &Action::Pass).is_err());
//! Cego::apply(&mut state, &"cego".parse().unwrap()).unwrap();
//! // Play the rest with the first legal action each time.
//! while let Some(&a) = Cego::legal_actions(&state).first() {
//!     Cego::apply(&mut state, &a).unwrap();
//! }
//! assert!(Cego::is_over(&state));
//! assert_eq!(Cego::scores(&state).0.iter().sum::<f64>(), 0.0);
//! assert!(state.deal.contract.is_some_and(|c| c != Contract::Solo));
//! ```

mod action;
mod auction;
mod bots;
mod cards;
mod determinize;
pub mod docs;
mod error;
pub mod examples;
mod game;
pub mod pimc;
mod play;
mod rules;
mod scoring;
pub mod solver;
mod state;
mod tally;
mod validate;
mod view;

pub use action::{Action, ParseActionError};
pub use bots::Heuristic;
pub use cards::{
    Card, Cards, Counting, Kind, half_points, pack_for, parse_cards, points_in_threes, removed,
};
#[doc(hidden)]
pub use determinize::attempts as determinize_attempts;
pub use error::{ActionError, SetupError};
pub use game::{Cego, MAX_ACTIONS_PER_DEAL, REWARD_SCALE};
pub use pimc::{PIMC_KIND, PIMC_TABLE_BITS, Pimc, PimcOptions};
pub use rules::{
    Config, ConfigError, Contract, DealOrder, NoTrockDiscard, ParseContractError, Stakes,
    cego_size, hand_size, played_at,
};
pub use scoring::{
    Finished, Score, counter_amount, counter_score, counter_won, difference, raeuber_payments,
    round_five, score, sitting_out_payment, soloist_payments, special_stake,
};
pub use solver::{DEFAULT_TABLE_BITS, SolveError, Solver, TABLE_BITS, solve};
#[doc(hidden)]
pub use solver::{solve_by_minimax, solve_by_minimax_for};
pub use state::{
    Auction, CegoTrocks, Deal, FIRST_DEALER, Phase, Position, Stage, State, Trick, TrickRecord,
    first_dealer, gstiess_holder, letter_of_seat, seat_of_letter,
};
pub use tally::PerPlayer;
pub use validate::{InvalidState, MAX_PAYMENT, max_payment};
pub use view::{Event, TableTrick, Terms, View};

/// The registration of what the engine offers beside its rules: the worked examples and the
/// heuristic bot (they depend on the engine, not the reverse).
impl cards_core::Catalog for Cego {
    fn examples() -> Vec<cards_core::Example> {
        examples::all()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// `pimc`: [`Pimc`], PIMC over the open-hand [`Solver`] in the card play (the last tricks
    /// of the counter games, every trick of Ulti, Piccolo, Bettel and Räuber) and for the
    /// calls of Ulti, Piccolo and Bettel, ISMCTS elsewhere.
    fn game_bot_kinds() -> &'static [(&'static str, &'static str)] {
        &[(
            PIMC_KIND,
            "PIMC over the exact open-hand solver in the card play (the last tricks of the counter \
             games, every trick of Ulti, Piccolo, Bettel and Räuber) and for the calls of Ulti, \
             Piccolo and Bettel, ISMCTS elsewhere; a Solo's defenders draw the soloist's hand as \
             a Solo caller's; ms bounds the whole decision (keys and defaults: worlds=20 \
             (1..=10000), from=7 and special=13 (tricks, 0..=13), nodes=500000 (>= 1), \
             table=18 (2^table solver entries, 10..=22), margin=0, auction=1, bids=20 \
             (1..=10000), infer=1, iters=1000, ms (>= 1, the decision's budget), seed)",
        )]
    }

    fn game_bot_check_specs() -> &'static [&'static str] {
        // Few worlds, a small node budget and a short ISMCTS, so the harness can afford it.
        &["pimc:worlds=3,bids=3,nodes=20000,iters=24"]
    }

    fn game_bot(
        spec: &cards_core::bot::BotSpec,
        clock: Option<cards_core::search::Clock>,
    ) -> Option<Result<Box<dyn cards_core::Bot<Self>>, cards_core::bot::BotSpecError>> {
        (spec.kind == PIMC_KIND).then(|| {
            Pimc::from_spec(spec, clock).map(|b| Box::new(b) as Box<dyn cards_core::Bot<Self>>)
        })
    }

    /// The match length, the counting and the rulings' variants; scores are points.
    fn words() -> cards_core::Words {
        use cards_core::OptionDoc;
        const STAKES: &[(&str, &str)] = &[
            ("parlett", "Parlett"),
            ("schwarzwald", "Schwarzwald tournament"),
        ];
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new(
                "deals",
                "Deals per match",
                "How many deals the match lasts (8 is two rounds of dealers at four players).",
            )
            .range(1, 1000),
            OptionDoc::new(
                "count",
                "Counting card points",
                "How the card points of a trick pile are counted (CG17).",
            )
            .choices(&[
                ("threes", "in threes (pack 70, 36 wins)"),
                ("pairs", "in pairs (pack 79, 40 wins)"),
            ]),
            OptionDoc::new(
                "round_strict_next",
                "Always round up to the next 5",
                "Round a payment up to the next multiple of 5 even when it is one already (CG16).",
            ),
            OptionDoc::new(
                "ulti_after_solo",
                "Ulti after a Solo",
                "Ulti may still be called in phase one after someone has called Solo (CG4).",
            ),
            OptionDoc::new(
                "solo_caller_uses_normal_factor",
                "Solo caller keeps the normal factor",
                "A Solo caller who ends up playing a higher rung uses the normal factor column, \
                 not the after-Solo one (CG7).",
            ),
            OptionDoc::new(
                "two_different_dead",
                "Two Different's cards are dead",
                "The two cards Two Different exposes can never win a trick (CG12).",
            ),
            OptionDoc::new(
                "ulti_must_hold_back",
                "Ulti holds Trock 1 back",
                "The Ulti soloist may play Trock 1 before the last trick only when it is his only \
                 legal card (CG9).",
            ),
            OptionDoc::new(
                "no_trock_discard",
                "Discard without a Trock in the cego",
                "What the soloist of Two Blanks or Two Different discards when the cego holds no \
                 Trock (CG13).",
            )
            .choices(&[
                ("from-cego", "a card from the cego"),
                ("any-card", "any unexposed card"),
            ]),
            OptionDoc::new(
                "special_stakes",
                "Stakes of Ulti, Piccolo, Bettel",
                "Parlett: Ulti 80, Piccolo 30, Bettel 30; Schwarzwald: Ulti 80, Piccolo 40, \
                 Bettel 30 (7.2).",
            )
            .choices(STAKES),
            OptionDoc::new(
                "raeuber_stakes",
                "Stakes of Räuber",
                "Parlett: 30 (Forehand 60); Schwarzwald: 40 (Forehand 80) (7.3).",
            )
            .choices(STAKES),
            OptionDoc::new(
                "stop_when_decided",
                "Stop when decided",
                "Bettel, Piccolo and Ulti end as soon as their result is certain (CG22).",
            ),
            OptionDoc::new(
                "deal_order",
                "Deal order",
                "How the shuffled pack is dealt; it matters only when replaying a physical deal \
                 (CG1).",
            )
            .choices(&[
                ("players-first", "players first, then the cego"),
                ("cego-first", "the cego first"),
            ]),
            OptionDoc::new(
                "gstiess_ending",
                "Gstieß ending",
                "After the deals, play on until the holder of the Gstieß in the next deal has \
                 dealt once more: 2 to 5 more deals (3).",
            ),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Points,
            scores: "each deal the soloist and the defenders pay each other; the highest total wins",
        }
    }
}
