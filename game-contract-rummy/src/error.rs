//! Why an action is refused: every variant names the broken rule and cites the ruling.

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
