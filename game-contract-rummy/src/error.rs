//! Every error type of the crate: a refused configuration, action or state read from outside;
//! each names the broken rule and cites the ruling. The notations' parse errors stay beside
//! their notations ([`crate::ParseActionError`], [`crate::ParseMeldError`]).

use cards_core::seat::Seat;

use crate::cards::Card;

/// An illegal action (rulings G2: the state is left unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The match is over.
    #[error("the match is over after its last round (C8)")]
    MatchOver,
    /// Drawing after putting cards down in the same turn.
    #[error("a turn is either a draw or putting cards down, not both (C6)")]
    DrawAfterPutDown,
    /// Drawing in a final turn.
    #[error("after a player went out the others may only put cards down, not draw (C7)")]
    DrawInFinalTurn,
    /// Drawing from an empty stock.
    #[error("the stock is empty: put cards down, or pass if you cannot (C6)")]
    StockEmpty,
    /// Passing while a draw or a put-down is possible.
    #[error("a player may pass only when the stock is empty and nothing can be put down (C6)")]
    PassNotAllowed,
    /// Ending a normal turn without putting anything down.
    #[error("a turn must draw or put down at least one card before it ends (C6)")]
    NothingPutDown,
    /// `done` outside a turn of putting down.
    #[error("done ends a turn of putting cards down (C6)")]
    DoneNotAllowed,
    /// Putting down after drawing (cannot happen: a draw ends the turn).
    #[error("putting down is not allowed now (C6)")]
    PutDownNotAllowed,
    /// A new meld of a size the round does not allow.
    #[error("a new meld in round {round} has {allowed} cards, not {size} (C5)")]
    SizeNotAllowed {
        /// The size given.
        size: usize,
        /// The round.
        round: u8,
        /// The allowed sizes, as text.
        allowed: String,
    },
    /// A card not in hand.
    #[error(
        "{card} is not in your hand, or not that many copies: only cards from hand go down (C6)"
    )]
    NotInHand {
        /// The card.
        card: Card,
    },
    /// A natural card of another rank in a set.
    #[error("{card} does not belong in a set of {rank}s: a set is one rank, wilds aside (C4)")]
    NotASet {
        /// The card.
        card: Card,
        /// The set's rank.
        rank: String,
    },
    /// A natural card of another suit in a run.
    #[error("{card} is not of the run's suit {suit}: a run is one suit, wilds aside (C4)")]
    RunAcrossSuits {
        /// The card.
        card: Card,
        /// The run's suit.
        suit: String,
    },
    /// A run past the high Ace.
    #[error("a run may not wrap around from K over A to 2 (C4)")]
    WrappedRun,
    /// A natural card not at its own place.
    #[error("{card} must sit at its own place in the run (C4)")]
    OutOfPlace {
        /// The card.
        card: Card,
    },
    /// No such meld on the table.
    #[error("there is no meld {meld} on the table to add to (C6)")]
    NoSuchMeld {
        /// The meld number (1-based).
        meld: usize,
    },
    /// Adding to another player's meld.
    #[error("meld {meld} belongs to {owner}: nobody adds to another player's melds (C6)")]
    NotYourMeld {
        /// The meld number (1-based).
        meld: usize,
        /// Its owner.
        owner: Seat,
    },
    /// The card does not extend the meld.
    #[error("{card} does not extend meld {meld} into a valid set or run (C4, C6)")]
    DoesNotExtend {
        /// The card.
        card: Card,
        /// The meld number (1-based).
        meld: usize,
    },
    /// The addition is written in another form.
    #[error("write this as `{expected}` (C4)")]
    Notation {
        /// The canonical notation.
        expected: String,
    },
    /// An equivalent wild chosen out of the fixed order.
    #[error(
        "equivalent wilds are put down in a fixed order: use {expected} here, not {given} (C3)"
    )]
    EquivalentWild {
        /// The wild given.
        given: Card,
        /// The wild expected.
        expected: Card,
    },
}

/// Why a configuration is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Player count out of range.
    #[error("contract rummy is played by 2 to 7 players, not {0} (C1)")]
    Players(usize),
    /// Joker count out of range.
    #[error("the pack holds 0 to 4 jokers, not {0} (C1)")]
    Jokers(u8),
    /// Rounds out of range.
    #[error(
        "rounds run from 1 to 11: first round {first} and {rounds} rounds do not fit; from round \
         {first} at most {} rounds are left (set rounds too) (C2)",
        12u8.saturating_sub(*first).max(1)
    )]
    Rounds {
        /// The first round.
        first: u8,
        /// The number of rounds.
        rounds: u8,
    },
    /// The meld-size table does not have one row per round.
    // 11 is `ROUNDS`, written out: error.rs does not import rules.rs (rules.rs imports it).
    #[error("meld_sizes needs 11 rows, one per round, not {rows} (C5)")]
    MeldSizeRows {
        /// The rows given.
        rows: usize,
    },
    /// The meld-size table is malformed.
    #[error(
        "meld sizes of round {round} must be 1 to 13 sizes between 3 and {hand} cards, each once (C5)"
    )]
    MeldSizes {
        /// The round whose sizes are wrong (1-based).
        round: u8,
        /// The round's hand size.
        hand: u8,
    },
    /// A stated position is inconsistent.
    #[error("invalid position: {0}")]
    Position(String),
}

/// Why a state is inconsistent: the configuration, a seat, the cards (rulings G4), a meld, or
/// the turn, round and scoring counters disagree with the rest of the state.
///
/// Returned by [`State::validate`](crate::State::validate); deserializing a [`State`](crate::State)
/// refuses it with this message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// The configuration does not validate.
    #[error("the configuration is invalid: {0}")]
    Config(#[from] ConfigError),
    /// A per-seat list does not have one entry per player.
    #[error("{what} have {len} entries for {players} players")]
    PerSeat {
        /// Which list (`hands`, `totals`, ...).
        what: &'static str,
        /// Its length.
        len: usize,
        /// The number of players.
        players: usize,
    },
    /// A seat index is not below the number of players.
    #[error("the {what} is seat {seat}, out of range for {players} players")]
    SeatOutOfRange {
        /// Which seat (`dealer`, `player to move`, ...).
        what: &'static str,
        /// The seat given.
        seat: u8,
        /// The number of players.
        players: usize,
    },
    /// The deal index is outside the match.
    #[error("deal {deal} is outside the match's {rounds} rounds (C2)")]
    Deal {
        /// The deal index (0-based).
        deal: u8,
        /// The number of rounds of the match.
        rounds: u8,
    },
    /// The round facts are not those of the round the deal index names.
    #[error(
        "the round facts (round {given}) differ from those of round {round} under the configuration (C2, C3, C5)"
    )]
    RoundInfo {
        /// The round the state's round facts name.
        given: u8,
        /// The round of the deal.
        round: u8,
    },
    /// Hands, melds and stock do not make up the pack, each card exactly once.
    #[error(
        "hands, melds and stock hold {card} {found} times, but the pack holds it {pack} times (G4)"
    )]
    Census {
        /// The card.
        card: Card,
        /// How many copies the state holds.
        found: usize,
        /// How many copies the pack holds.
        pack: usize,
    },
    /// A meld on the table is not a valid set or run of the round.
    #[error("meld {meld} ({text}) is not a valid set or run in round {round} (C4)")]
    InvalidMeld {
        /// The meld number (1-based).
        meld: usize,
        /// The meld as written.
        text: String,
        /// The round.
        round: u8,
    },
    /// The match is over before its last deal.
    #[error("the match is over in deal {deal}, before its last deal {last} (C8)")]
    OverEarly {
        /// The deal index.
        deal: u8,
        /// The last deal index.
        last: u8,
    },
    /// The last round ended neither by a player going out nor by every player passing.
    #[error(
        "the last round ends when a player went out or all passed, not with {passes} passes and {went_out:?} out (C6, C7)"
    )]
    RoundEnd {
        /// The passes counted.
        passes: u8,
        /// Who went out.
        went_out: Option<Seat>,
    },
    /// More passes in a row than players.
    #[error("{passes} passes in a row with {players} players: the round ends when all pass (C6)")]
    Passes {
        /// The passes counted.
        passes: u8,
        /// The number of players.
        players: usize,
    },
    /// Passes counted while the stock still holds cards.
    #[error(
        "{passes} passes counted with {stock} cards in the stock: only an empty stock allows a pass (C6)"
    )]
    PassesWithStock {
        /// The passes counted.
        passes: u8,
        /// Cards in the stock.
        stock: usize,
    },
    /// A final turn without a player who went out, or a player out without final turns.
    #[error(
        "a final turn is played exactly when a player went out (final turn: {final_turn}, went out: {went_out:?}) (C7)"
    )]
    FinalTurn {
        /// Whether the phase is a final turn.
        final_turn: bool,
        /// Who went out.
        went_out: Option<Seat>,
    },
    /// The player who went out is to move again.
    #[error("{seat} went out and has no final turn (C7)")]
    WentOutToMove {
        /// The seat.
        seat: Seat,
    },
    /// The player who went out still holds cards.
    #[error("{seat} went out but holds {cards} cards (C7)")]
    WentOutHolding {
        /// The seat.
        seat: Seat,
        /// The cards held.
        cards: usize,
    },
    /// A player is putting down with nothing in hand, or without a meld of their own.
    #[error("{seat} is putting cards down but {reason} (C6, C7)")]
    PutDown {
        /// The seat to move.
        seat: Seat,
        /// What contradicts it.
        reason: &'static str,
    },
    /// The last round's points are missing, or present before any round was scored.
    #[error("the last round's points are {}, but {reason} (C7)", if *present { "given" } else { "missing" })]
    LastPoints {
        /// Whether they are given.
        present: bool,
        /// Why that is wrong.
        reason: &'static str,
    },
    /// At the end of the match, the last round's points are not those of the hands left.
    #[error(
        "{seat} scored {given} points in the last round, but its hand left counts {counted} (C7)"
    )]
    LastPointsDiffer {
        /// The seat.
        seat: Seat,
        /// The points recorded.
        given: u32,
        /// The points of the hand.
        counted: u32,
    },
    /// A seat's last-round points exceed its total.
    #[error("{seat} scored {points} points in the last round but has a total of {total} (C8)")]
    LastPointsAboveTotal {
        /// The seat.
        seat: Seat,
        /// The last round's points.
        points: u32,
        /// The total.
        total: u32,
    },
    /// The totals exceed what the rounds scored so far can give.
    #[error(
        "the totals add up to {sum} points, more than the {max} that {rounds} scored rounds can give (C7, C8)"
    )]
    Totals {
        /// The sum of the totals.
        sum: u64,
        /// The most the scored rounds can give.
        max: u64,
        /// The rounds scored before (and including, once the match is over) this one.
        rounds: u8,
    },
    /// The go-out tallies exceed the rounds in which someone could go out.
    #[error(
        "the go-out tallies add up to {sum}, more than the {max} rounds in which a player went out (C8)"
    )]
    Tallies {
        /// The sum of the tallies.
        sum: u64,
        /// The most possible.
        max: u64,
    },
    /// The player who went out has no go-out tally.
    #[error("{seat} went out this round but has no go-out tally (C8)")]
    NoTally {
        /// The seat.
        seat: Seat,
    },
}

impl ActionError {
    /// This refusal as a catalogue message (`rummy-refused-…`), for a front end that tells it
    /// in the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        let m = Message::new;
        match self {
            ActionError::MatchOver => m("rummy-refused-match-over"),
            ActionError::DrawAfterPutDown => m("rummy-refused-draw-after-put-down"),
            ActionError::DrawInFinalTurn => m("rummy-refused-draw-in-final-turn"),
            ActionError::StockEmpty => m("rummy-refused-stock-empty"),
            ActionError::PassNotAllowed => m("rummy-refused-pass-not-allowed"),
            ActionError::NothingPutDown => m("rummy-refused-nothing-put-down"),
            ActionError::DoneNotAllowed => m("rummy-refused-done-not-allowed"),
            ActionError::PutDownNotAllowed => m("rummy-refused-put-down-not-allowed"),
            ActionError::SizeNotAllowed {
                size,
                round,
                allowed,
            } => m("rummy-refused-size-not-allowed")
                .number("round", *round)
                .arg("allowed", sizes_message(allowed))
                .number("size", i64::try_from(*size).unwrap_or(i64::MAX)),
            ActionError::NotInHand { card } => m("rummy-refused-not-in-hand").text("card", card),
            ActionError::NotASet { card, rank } => m("rummy-refused-not-a-set")
                .text("card", card)
                .text("rank", rank),
            ActionError::RunAcrossSuits { card, suit } => m("rummy-refused-run-across-suits")
                .text("card", card)
                .text("suit", suit),
            ActionError::WrappedRun => m("rummy-refused-wrapped-run"),
            ActionError::OutOfPlace { card } => m("rummy-refused-out-of-place").text("card", card),
            ActionError::NoSuchMeld { meld } => {
                m("rummy-refused-no-such-meld").number("meld", meld_number(*meld))
            }
            ActionError::NotYourMeld { meld, owner } => m("rummy-refused-not-your-meld")
                .number("meld", meld_number(*meld))
                .text("owner", owner),
            ActionError::DoesNotExtend { card, meld } => m("rummy-refused-does-not-extend")
                .text("card", card)
                .number("meld", meld_number(*meld)),
            ActionError::Notation { expected } => {
                m("rummy-refused-notation").text("expected", expected)
            }
            ActionError::EquivalentWild { given, expected } => m("rummy-refused-equivalent-wild")
                .text("expected", expected)
                .text("given", given),
        }
    }
}

/// A meld's number as a message argument.
fn meld_number(meld: usize) -> i64 {
    i64::try_from(meld).unwrap_or(i64::MAX)
}

/// The sizes a new meld may have (`3 or 4`, as the check writes them) as a message: the sizes
/// joined by the language's "or".
fn sizes_message(allowed: &str) -> cards_core::text::Message {
    use cards_core::text::Message;
    let mut sizes = allowed.split(" or ");
    let first = Message::new("rummy-refused-sizes").text("sizes", sizes.next().unwrap_or(""));
    sizes.fold(first, |init, last| {
        Message::new("list-or").arg("init", init).text("last", last)
    })
}

impl ConfigError {
    /// This refusal as a catalogue message (`rummy-config-…`), for a front end that tells it in
    /// the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        match self {
            ConfigError::Players(players) => Message::new("rummy-config-players")
                .number("players", i64::try_from(*players).unwrap_or(i64::MAX)),
            ConfigError::Jokers(jokers) => {
                Message::new("rummy-config-jokers").number("jokers", *jokers)
            }
            ConfigError::Rounds { first, rounds } => Message::new("rummy-config-rounds")
                .number("first", *first)
                .number("rounds", *rounds)
                .number("left", 12u8.saturating_sub(*first).max(1)),
            ConfigError::MeldSizeRows { rows } => Message::new("rummy-config-meld-size-rows")
                .number("rows", i64::try_from(*rows).unwrap_or(i64::MAX)),
            ConfigError::MeldSizes { round, hand } => Message::new("rummy-config-meld-sizes")
                .number("round", *round)
                .number("hand", *hand),
            ConfigError::Position(reason) => {
                Message::new("rummy-config-position").text("reason", reason)
            }
        }
    }
}
