//! Every error type of the crate: a refused configuration, action, stated position, action
//! text or state read back. Each message names the broken rule and its ruling.

use cards_core::card::FrenchCard;
use cards_core::seat::Seat;

/// Redeals in a row after which a heart Ace is always seen ([`crate::MAX_REDEALS`]), for the
/// message of [`InvalidState::Attempt`]; a test keeps the two equal.
const MAX_REDEALS: u32 = 16;

/// Why a configuration is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Big A is for exactly five players.
    #[error("big a needs exactly 5 players, not {players} (B2)")]
    Players {
        /// The refused count.
        players: usize,
    },
    /// The number of hands is out of range.
    #[error("a match has 1 to 1000 hands, not {hands} (B11)")]
    Hands {
        /// The refused count.
        hands: usize,
    },
}

/// Why an action is refused; each message names the broken rule and its ruling.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The match is over.
    #[error("the match is over")]
    MatchOver,
    /// Aces are exposed only in the draw and right after the pick-up.
    #[error("aces are exposed only during the draw or right after the pick-up (B4, B5)")]
    NotExposing,
    /// The Ace (or pair) is not held where it may be exposed.
    #[error("you do not hold {what} among your seen cards (B4, B5)")]
    NoSuchAce {
        /// What was to be exposed.
        what: String,
    },
    /// The declarer exposed a pair or both copies: nobody may expose now.
    #[error("the big aces are settled: nobody may expose any more (B4, B5)")]
    Settled,
    /// An Ace is exposed: only a pair of identical Aces overcalls it.
    #[error("an ace is already exposed: only a pair of identical aces overcalls it (B4)")]
    OnlyPairOvercalls,
    /// After a forced heart Ace the partner may not expose.
    #[error("the partner may not expose after a forced heart ace (B5)")]
    PartnerAfterForcedHeart,
    /// After the pick-up only the Ace matching the Big Ace is exposed.
    #[error(
        "after the pick-up only the ace matching the big ace may be exposed, by its holder (B5)"
    )]
    NotTheBigAce,
    /// Cards are played only after the draw.
    #[error("cards are played only once the big ace is decided and the cards are taken up (B6)")]
    NotPlaying,
    /// The leader may not pass.
    #[error("the leader must play a card or combination (B8)")]
    MustLead,
    /// Not a combination.
    #[error("{play} is not a combination (B7)")]
    NotCombination {
        /// The play.
        play: String,
    },
    /// The cards are not held.
    #[error("you do not hold {play} (B7)")]
    NotHeld {
        /// The play.
        play: String,
    },
    /// The play does not beat the top of the pile.
    #[error("{play} does not beat {top}: {reason}")]
    CannotBeat {
        /// The play.
        play: String,
        /// The top of the pile.
        top: String,
        /// Why (with the ruling).
        reason: &'static str,
    },
    /// Nothing that Fours can capture.
    #[error("fours capture only an egg of 3 to 6 equal cards on the pile (B9)")]
    NothingToCapture,
    /// Wrong number of Fours.
    #[error("capturing {top} needs exactly {need} fours, not {given} (B9)")]
    CaptureCount {
        /// The egg on the pile.
        top: String,
        /// Fours needed.
        need: u8,
        /// Fours offered.
        given: u8,
    },
    /// Any other illegal action.
    #[error("{action} is not legal now (B4-B10)")]
    Illegal {
        /// The action.
        action: String,
    },
}

/// Text that is not an action in Big A notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?} as an action: {reason}")]
pub struct ParseActionError {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

/// Why a stated position is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A stacked pack must hold the 108 cards, each face twice.
    #[error("a stacked pack holds each of the 54 faces exactly twice, 108 cards (B1)")]
    Pack,
    /// A card appears more often than the double pack has it.
    #[error("{card} appears {count} times; the double pack has two (G4)")]
    TooMany {
        /// The card.
        card: FrenchCard,
        /// How often it was given.
        count: usize,
    },
    /// A seat that is out must have no cards, and a seat with no cards must be out.
    #[error("{seat}: the seats out are exactly those without cards (B10)")]
    Out {
        /// The seat.
        seat: Seat,
    },
    /// The declarer must be distinct from the partner, the leader must hold cards.
    #[error("inconsistent teams or leader: {0} (B6)")]
    Teams(&'static str),
    /// The configuration is refused.
    #[error(transparent)]
    Config(#[from] ConfigError),
}

/// Why a [`State`](crate::State) is refused (by [`State::validate`](crate::State::validate), and
/// so by deserialisation): what is inconsistent, with the ruling it breaks where one applies.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// The configuration does not validate.
    #[error("invalid configuration: {0}")]
    Config(#[from] ConfigError),
    /// A seat index out of range.
    #[error("{field} is seat {seat}, but the table has seats S0 to S4 (B2)")]
    Seat {
        /// Which field.
        field: &'static str,
        /// The seat named.
        seat: Seat,
    },
    /// The number of finished hands does not fit the match and the phase.
    #[error("{deal} of {hands} hands finished does not fit {phase} (B11)")]
    Deal {
        /// Hands finished.
        deal: u32,
        /// Hands in the match.
        hands: usize,
        /// The phase.
        phase: &'static str,
    },
    /// A redeal count no hand reaches, or a draw at redeal 16 or later, nobody declared, whose
    /// stock hides both heart Aces among the face-down cards (B12 never deals it).
    #[error(
        "redeal {attempt} cannot happen: from redeal {MAX_REDEALS} on a heart ace is always seen (B12)"
    )]
    Attempt {
        /// The redeal count.
        attempt: u32,
    },
    /// The match totals or the last hand's scores are impossible.
    #[error("the scores are inconsistent: {0} (B11)")]
    Scores(&'static str),
    /// The stock does not fit the phase.
    #[error(
        "a stock of {len} cards does not fit {phase}: a hand is drawn from the 108 cards (B1, B3)"
    )]
    Stock {
        /// Cards in the stock.
        len: usize,
        /// The phase.
        phase: &'static str,
    },
    /// The stock is not the pack in some order. No longer produced: before play the census and
    /// the hands drawn make the stock the pack ([`InvalidState::Census`],
    /// [`InvalidState::HandDrawn`]), and card play no longer reads it.
    #[error(
        "{card} is {found} times in the stock, which is the 108 cards of the pack, each twice (B1)"
    )]
    StockCards {
        /// The first card whose count is wrong.
        card: FrenchCard,
        /// How often the stock has it.
        found: usize,
    },
    /// The number of cards drawn does not fit the phase.
    #[error("{drawn} cards drawn does not fit {phase} (B3)")]
    Drawn {
        /// Cards drawn.
        drawn: u8,
        /// The phase.
        phase: &'static str,
    },
    /// The cards of all locations are not the pack, each physical card once.
    #[error(
        "{card} is found {found} times in the stock, hands, table and discard, not {expected} (G4)"
    )]
    Census {
        /// The first card whose count is wrong.
        card: FrenchCard,
        /// How often it was found.
        found: usize,
        /// How often the pack has it.
        expected: usize,
    },
    /// A hand's size does not fit the draw. No longer produced: a hand that is not its seat's
    /// draws is [`InvalidState::HandDrawn`].
    #[error("{seat} holds {len} cards, but the draw has given it {expected} (B3)")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Cards held.
        len: usize,
        /// Cards drawn by the seat.
        expected: usize,
    },
    /// A hand is not the cards its seat drew from the stock (and, at card play, kept through
    /// the recorded plays and captures, as the rules see them).
    #[error("the hand of {seat} is not the cards it drew from the stock (B3)")]
    HandDrawn {
        /// The seat.
        seat: Seat,
    },
    /// An exposure that cannot have happened.
    #[error("exposure {index} cannot have happened: {reason}")]
    Exposure {
        /// Its position in the list, from 0.
        index: usize,
        /// Why (with the ruling).
        reason: &'static str,
    },
    /// A team field that is not what the exposures (or a stated position) make it, or teams
    /// that contradict each other.
    #[error("the teams are inconsistent: {0} (B4-B6)")]
    Teams(&'static str),
    /// The partner is not the seat dealt the other Big Ace.
    #[error("the partner is {found}, but the seat dealt the other big ace is {expected} (B6)")]
    Partner {
        /// The partner in the state.
        found: String,
        /// The seat that held the other Big Ace when play started.
        expected: String,
    },
    /// The cards a seat has shown are not what it exposed, or not in its hand.
    #[error("the cards {seat} has shown are {reason} (B4, B9)")]
    Known {
        /// The seat.
        seat: Seat,
        /// What is wrong.
        reason: &'static str,
    },
    /// The cached rank counts of a hand are not recomputed from it.
    #[error("the cached counts of {seat} are not those of its hand (empty before play)")]
    Counts {
        /// The seat.
        seat: Seat,
    },
    /// The pick-up round has asked more seats than there are.
    #[error("{asked} seats asked after the pick-up, but there are 5 (B5)")]
    Asked {
        /// Seats asked.
        asked: u8,
    },
    /// The seat to move is not the one the phase gives.
    #[error("{turn} is to move, but {expected} (B3, B5, B8)")]
    Turn {
        /// The seat in the state.
        turn: Seat,
        /// Who should be, or why nobody can be.
        expected: String,
    },
    /// Something of card play exists before play starts. No longer produced: the draw replayed
    /// from the stock names the field ([`InvalidState::Replay`]).
    #[error("{0} before play starts (B6)")]
    BeforePlay(&'static str),
    /// The pile, the table and the passes disagree.
    #[error("the pile is inconsistent: {0} (B7, B8)")]
    Pile(&'static str),
    /// The finishing order disagrees with the hands.
    #[error("the finishing order is inconsistent: {0} (B10)")]
    Places(&'static str),
    /// The Big Aces held, played and captured do not add up.
    #[error("the big aces do not add up: {0} (G4, B9)")]
    BigAces(&'static str),
    /// An exposure the engine refuses where the replayed draw reaches it. No longer produced:
    /// every recorded action the replay refuses is [`InvalidState::Refused`].
    #[error("exposure {index} cannot have happened: {error}")]
    ExposureRefused {
        /// Its position in the list, from 0.
        index: usize,
        /// Why the engine refuses it.
        error: ActionError,
    },
    /// The recorded actions replayed from the start of the hand give another state: the first
    /// field that differs, as the state's `Debug` form writes it.
    #[error(
        "the recorded actions replayed from the start of the hand give another state, first at \
         `{0}` (B3-B10)"
    )]
    Replay(String),
    /// A recorded action the engine refuses where the replay from the start of the hand
    /// reaches it.
    #[error("recorded action {number} ({action}) cannot have happened: {error}")]
    Refused {
        /// Its number in the record, from 1.
        number: usize,
        /// The action.
        action: crate::Action,
        /// Why the engine refuses it.
        error: ActionError,
    },
    /// A stated position's start that [`State::from_play`](crate::State::from_play) refuses.
    #[error("the stated start of the hand is refused: {0}")]
    Stated(SetupError),
}

impl ActionError {
    /// This refusal as a catalogue message (`biga-refused-…`), for a front end that tells it in
    /// the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        let m = Message::new;
        match self {
            ActionError::MatchOver => m("biga-refused-match-over"),
            ActionError::NotExposing => m("biga-refused-not-exposing"),
            ActionError::NoSuchAce { what } => m("biga-refused-no-such-ace").text("what", what),
            ActionError::Settled => m("biga-refused-settled"),
            ActionError::OnlyPairOvercalls => m("biga-refused-only-pair-overcalls"),
            ActionError::PartnerAfterForcedHeart => m("biga-refused-partner-after-forced-heart"),
            ActionError::NotTheBigAce => m("biga-refused-not-the-big-ace"),
            ActionError::NotPlaying => m("biga-refused-not-playing"),
            ActionError::MustLead => m("biga-refused-must-lead"),
            ActionError::NotCombination { play } => {
                m("biga-refused-not-combination").text("play", play)
            }
            ActionError::NotHeld { play } => m("biga-refused-not-held").text("play", play),
            ActionError::CannotBeat { play, top, reason } => m("biga-refused-cannot-beat")
                .text("play", play)
                .text("top", top)
                .arg("reason", beat_reason(reason)),
            ActionError::NothingToCapture => m("biga-refused-nothing-to-capture"),
            ActionError::CaptureCount { top, need, given } => m("biga-refused-capture-count")
                .text("top", top)
                .number("need", *need)
                .number("given", *given),
            ActionError::Illegal { action } => m("biga-refused-illegal").text("action", action),
        }
    }
}

/// The reasons a play cannot beat the pile (B7), as [`ActionError::CannotBeat`] gives them, by
/// catalogue key.
const BEAT_REASONS: [(&str, &str); 5] = [
    (
        "only the same type and length, or a bomb, beats it (B7)",
        "biga-refused-beat-shape",
    ),
    ("it is not higher (B7)", "biga-refused-beat-not-higher"),
    (
        "a triplet cannot beat a joker, a lone big ace or a double sequence (B7)",
        "biga-refused-beat-triplet-limit",
    ),
    (
        "a four of a kind cannot beat a lone big ace (B7)",
        "biga-refused-beat-four-limit",
    ),
    ("it is a lower bomb (B7)", "biga-refused-beat-lower-bomb"),
];

/// Why a play cannot beat the pile, as a catalogue message (the text itself, under
/// `untold`, for a reason the table lacks; a test finds none).
fn beat_reason(reason: &str) -> cards_core::text::Message {
    use cards_core::text::Message;
    BEAT_REASONS
        .iter()
        .find(|(text, _)| *text == reason)
        .map_or_else(
            || Message::new("untold").text("text", reason),
            |(_, key)| Message::new(key),
        )
}

impl ConfigError {
    /// This refusal as a catalogue message (`biga-config-…`), for a front end that tells it in
    /// the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        match self {
            ConfigError::Players { players } => Message::new("biga-config-players")
                .number("players", i64::try_from(*players).unwrap_or(i64::MAX)),
            ConfigError::Hands { hands } => Message::new("biga-config-hands")
                .number("hands", i64::try_from(*hands).unwrap_or(i64::MAX)),
        }
    }
}
