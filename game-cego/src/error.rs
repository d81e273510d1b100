//! Every error of the crate: why a configuration, an action, a stated position or a state read
//! back is refused, and why the solver gives no value.

use cards_core::Seat;
use cards_core::validate::ReplayError;

use crate::Cego;
use crate::action::Action;
use crate::cards::Card;
use crate::contract::Contract;

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

/// Why a configuration is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A player count other than 3, 4 or 5.
    #[error(
        "cego is played by 4 players, by 3 with the short pack (cego.md section 10), or by 5 with the dealer sitting out each deal (cego.md section 3), not by {0}"
    )]
    Players(usize),
    /// A match length out of range.
    #[error("deals per match must be between 1 and 1000, not {0}")]
    Deals(u32),
}

/// Why a state read back (from JSON, a save file...) is refused: what is inconsistent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// The configuration does not validate.
    #[error("invalid configuration: {0}")]
    Config(#[from] ConfigError),
    /// A seat field names a seat that is not one of the deal's players (`S0`-`S3`, `S0`-`S2`
    /// at three players).
    #[error("{field} is {seat}, not a seat of the {seats}-player table")]
    Seat {
        /// Which field.
        field: &'static str,
        /// The seat it names.
        seat: Seat,
        /// The players of the deal (3 or 4).
        seats: usize,
    },
    /// A counter beyond what the rules allow.
    #[error("{what} is {value}, more than {max}")]
    Counter {
        /// Which counter.
        what: &'static str,
        /// Its value.
        value: u64,
        /// The largest value the rules allow.
        max: u64,
    },
    /// Forehand does not sit at the dealer's right.
    #[error("forehand {forehand} does not sit at the right of the dealer {dealer} (cego.md 3)")]
    Forehand {
        /// The dealer.
        dealer: Seat,
        /// The recorded forehand.
        forehand: Seat,
    },
    /// The match-over flag disagrees with the deal number or the phase.
    #[error(
        "the match is {} in deal {deal} of {deals} with the deal phase {phase}",
        if *over { "over" } else { "not over" }
    )]
    MatchOver {
        /// The recorded flag.
        over: bool,
        /// The deal number, from 1.
        deal: u32,
        /// Deals per match.
        deals: u32,
        /// The deal's phase.
        phase: &'static str,
    },
    /// The number of recorded deal results disagrees with the deal number.
    #[error("{found} deal results are recorded where deal {deal} needs {expected}")]
    Results {
        /// Results recorded.
        found: usize,
        /// Results needed.
        expected: usize,
        /// The deal number, from 1.
        deal: u32,
    },
    /// A deal's payments do not sum to zero.
    #[error("the payments of deal {deal} sum to {sum}, not zero (every deal is zero-sum)")]
    NotZeroSum {
        /// The deal number, from 1.
        deal: usize,
        /// The sum of its payments.
        sum: i64,
    },
    /// A payment larger than any deal makes.
    #[error("deal {deal} pays {payment} to one seat; no deal moves more than {max}")]
    Payment {
        /// The deal number, from 1.
        deal: usize,
        /// The payment.
        payment: i32,
        /// The most a deal moves at this table ([`max_payment`](crate::max_payment)).
        max: i32,
    },
    /// The match totals are not the sums of the deal results.
    #[error("the match totals {totals:?} are not the sums {sums:?} of the deal results")]
    Totals {
        /// The recorded totals.
        totals: Vec<i32>,
        /// The sums of the results.
        sums: Vec<i64>,
    },
    /// A match record with other than one entry per player.
    #[error("{what} has {found} entries: the table has {players} players")]
    Entries {
        /// Which record.
        what: &'static str,
        /// Its entries.
        found: usize,
        /// The players.
        players: usize,
    },
    /// The deal's number of players disagrees with the table size.
    #[error(
        "the deal is played by {seats} players at a table of {players}: by three at three players (cego.md 10), else by four"
    )]
    Seats {
        /// The deal's recorded number of players.
        seats: u8,
        /// The players at the table.
        players: usize,
    },
    /// The seat sitting out disagrees with the table size or the deal's dealer.
    #[error(
        "{} sits out with the deal's dealer {dealer} at {players} players: at five players the dealer sits out each deal and the other four play, at four nobody sits out (cego.md 3)",
        sitting_out.map_or_else(|| "nobody".to_owned(), |s| s.to_string())
    )]
    SittingOut {
        /// The recorded seat sitting out.
        sitting_out: Option<Seat>,
        /// The deal's (local) dealer.
        dealer: Seat,
        /// The players.
        players: usize,
    },
    /// A card in two places (census against the pack).
    #[error("{0} is in two places: the cards must make up the pack exactly once (G4)")]
    Duplicate(Card),
    /// A card removed from the pack at three players is in play (cego.md 10).
    #[error(
        "{0} is in play, but ♣7, ♠7 and ♦4 are removed from the pack at three players (cego.md 10)"
    )]
    Removed(Card),
    /// A card in no place (census against the pack).
    #[error("{0} is nowhere: the cards must make up the pack exactly once (G4)")]
    Missing(Card),
    /// The Gstieß ending's last deal disagrees with the deal number or the configuration.
    #[error(
        "the last deal of the gstiess ending is {} in deal {deal}: it is noted only after the deal following the announcement, as one of the deals after it up to one per player (cego.md 3)",
        last.map_or_else(|| "unknown".to_owned(), |l| l.to_string())
    )]
    Gstiess {
        /// The recorded last deal (from 1), if any.
        last: Option<u32>,
        /// The deal number, from 1.
        deal: u32,
    },
    /// The cards, traced back to where they were dealt, do not form a deal.
    #[error("the cards traced back to the deal do not form one: {0}")]
    Dealt(SetupError),
    /// A later deal's hands are not the ones the match seed deals.
    #[error("the cards of deal {deal} are not the ones the match seed deals (G1, CG1)")]
    NotFromSeed {
        /// The deal number, from 1.
        deal: u32,
    },
    /// A call recorded for a seat that was not the one to speak.
    #[error("call {number} is recorded for {seat}, but {to_move} was to speak (cego.md 4)")]
    CallOutOfTurn {
        /// The call's number, from 1.
        number: usize,
        /// The recorded seat.
        seat: Seat,
        /// The seat whose turn it was.
        to_move: Seat,
    },
    /// A recorded action that the rules refuse at its moment.
    #[error("recorded action {number} ({action}) is illegal when the deal is replayed: {error}")]
    Illegal {
        /// The action's number in the deal, from 1.
        number: usize,
        /// The action.
        action: Action,
        /// Why it is refused.
        error: ActionError,
    },
    /// A field that disagrees with the deal replayed from its record.
    #[error(
        "{0} disagrees with the deal replayed from its calls, exposures, discards and cards played"
    )]
    Mismatch(&'static str),
}

/// Why a [`Solver`](crate::Solver) gives no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The state is not in card play (the auction, the discards, or the match is over), or
    /// nothing was loaded.
    #[error("not in card play")]
    NotCardPlay,
    /// Tricks 1 and 2 of Two Blanks / Two Different, led at once, are not solved.
    #[error("the double lead of tricks 1 and 2 is not solved")]
    DoubleLead,
    /// Räuber has no soloist: ask [`Solver::value_for`](crate::Solver::value_for) a seat.
    #[error("Räuber has no soloist: ask for the value of a seat")]
    NoSoloist,
    /// The seat does not play in this deal (the dealer sitting out at five players, or no
    /// such seat).
    #[error("{0} does not play in this deal")]
    NotPlaying(Seat),
    /// The search visited more nodes than its budget allows.
    #[error("the search exceeded its budget of {0} nodes")]
    Budget(u64),
    /// The search was stopped at its deadline ([`Solver::set_deadline`](crate::Solver::set_deadline)): its clock had reached
    /// it.
    #[error("the search was stopped at its deadline")]
    Deadline,
}

/// A replay's refusal ([`cards_core::validate::replay`]) as the state's: the illegal action
/// with its number and the rule it breaks.
impl From<ReplayError<Cego>> for InvalidState {
    fn from(e: ReplayError<Cego>) -> InvalidState {
        match e {
            ReplayError::Illegal {
                number,
                action,
                error,
            } => InvalidState::Illegal {
                number,
                action,
                error,
            },
            ReplayError::Mismatch(_) => InvalidState::Mismatch("the state"),
        }
    }
}

impl ConfigError {
    /// This refusal as a catalogue message (`cego-config-…`), for a front end that tells it in
    /// the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        match self {
            ConfigError::Players(players) => Message::new("cego-config-players")
                .number("players", i64::try_from(*players).unwrap_or(i64::MAX)),
            ConfigError::Deals(deals) => Message::new("cego-config-deals").number("deals", *deals),
        }
    }
}
