//! Why an action or a stated position is refused.

use cards_core::Seat;

use crate::action::Action;
use crate::cards::Card;
use crate::rules::{ConfigError, Contract};

/// Why an action is refused. Each message names the rule (cego.md section or ruling id).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// The action is not a decision of the current step.
    #[error("{action} is not possible now: the current step is {step}")]
    WrongStep {
        /// The refused action.
        action: Action,
        /// What is being decided now.
        step: &'static str,
    },
    /// Forehand tried to pass at the phase-two opening.
    #[error(
        "forehand may not pass at the phase-two opening: he must bid cego, piccolo or bettel (cego.md 4.3)"
    )]
    PassAtOpening,
    /// A bid that skips rungs of the ladder.
    #[error("jump bids are not allowed: the next rung is {next} (cego.md 4.1)")]
    JumpBid {
        /// The rung that may be bid.
        next: Contract,
    },
    /// A bid above the top of the ladder.
    #[error("nothing can be bid over little man, the top of the ladder (cego.md 4.1)")]
    LadderTop,
    /// Piccolo or Bettel (or Räuber) in an auction that had a Solo.
    #[error("{contract} cannot be bid over a solo (cego.md 4.4)")]
    SpecialAfterSolo {
        /// The refused contract.
        contract: Contract,
    },
    /// A bid the dealt hand cannot fulfil.
    #[error("{contract} needs {needs} in the dealt hand (cego.md 4.5, {ruling})")]
    Infeasible {
        /// The contract.
        contract: Contract,
        /// What the hand lacks.
        needs: &'static str,
        /// The ruling id.
        ruling: &'static str,
    },
    /// Piccolo, Bettel or Räuber at a three-player table (cego.md 10).
    #[error("{contract} is not played by three players (cego.md 10)")]
    NotAtThree {
        /// The refused contract.
        contract: Contract,
    },
    /// An entrant said Hold.
    #[error("only the holder may say hold; an entrant must raise or pass (CG2)")]
    EntrantHold,
    /// A call that does not belong to this moment of the auction.
    #[error("{action} is not a call open now: {why}")]
    CallNotOpen {
        /// The refused call.
        action: Action,
        /// What is open instead.
        why: &'static str,
    },
    /// A card that is not in the player's hand.
    #[error("{card} is not in your hand")]
    NotInHand {
        /// The card.
        card: Card,
    },
    /// An exposure CG8 does not allow.
    #[error("{card} cannot be exposed for {contract}: {why} (CG8)")]
    BadExposure {
        /// The card.
        card: Card,
        /// The contract.
        contract: Contract,
        /// The rule.
        why: &'static str,
    },
    /// A discard of a card that did not come from the cego (CG13).
    #[error("{card} did not come from the cego: the discard must (CG13)")]
    NotFromCego {
        /// The card.
        card: Card,
    },
    /// An exposed card may not be discarded.
    #[error("{card} is exposed and stays in hand (cego.md 5)")]
    ExposedDiscard {
        /// The card.
        card: Card,
    },
    /// A card that does not follow suit.
    #[error("you must follow {suit} (cego.md 6.2)")]
    MustFollow {
        /// The suit to follow.
        suit: &'static str,
    },
    /// A plain card while holding a Trock and unable to follow.
    #[error("you cannot follow {suit} and must play a trock (cego.md 6.2)")]
    MustTrump {
        /// The suit to follow.
        suit: &'static str,
    },
    /// A wrong first lead.
    #[error("the first lead must be {what} (cego.md 5)")]
    FirstLead {
        /// What must be led.
        what: &'static str,
    },
    /// A single card where the double lead needs a pair, or the reverse.
    #[error("{what} (cego.md 6.4)")]
    DoubleLead {
        /// What is required.
        what: &'static str,
    },
    /// A pair that no order of play makes legal.
    #[error("no order of playing {first} and {second} follows suit in both tricks (CG15)")]
    BadPair {
        /// The card for trick 1.
        first: Card,
        /// The card for trick 2.
        second: Card,
    },
    /// Trock 1 played early in Ulti under the hold-back variant.
    #[error(
        "in ulti, trock 1 may not be played before the last trick while another card is legal (CG9)"
    )]
    UltiHoldBack,
    /// It is someone else's turn (only produced for actions naming a seat; kept for callers).
    #[error("it is {0}'s turn")]
    NotYourTurn(Seat),
}

/// Why a stated position is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The configuration is invalid.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// A hand with other than 11 cards (13 at three players; none for `S3` there).
    #[error("{seat} holds {len} cards; it must hold {expected} (cego.md 3, 10)")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Its card count.
        len: usize,
        /// The count the table needs: 11 at four players, 13 at three, 0 for `S3` at three.
        expected: usize,
    },
    /// A cego with other than 10 cards (12 at three players).
    #[error("the cego holds {len} cards; it must hold {expected} (cego.md 3, 10)")]
    CegoSize {
        /// Its card count.
        len: usize,
        /// The count the table needs: 10 at four players, 12 at three.
        expected: usize,
    },
    /// A card removed from the pack at three players is dealt.
    #[error(
        "{0} is dealt, but ♣7, ♠7 and ♦4 are removed from the pack at three players (cego.md 10)"
    )]
    Removed(Card),
    /// A card in two places.
    #[error("{0} is dealt twice (G4)")]
    Duplicate(Card),
    /// The dealer is not a seat of the table.
    #[error("{0} is not a seat of the table")]
    Dealer(Seat),
}
