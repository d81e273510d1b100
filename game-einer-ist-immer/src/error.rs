//! Every error type of the crate: a refused configuration, action, stated deal or position,
//! and a refused state read from outside. Each names the rule it enforces (its ruling id).
//! The notations' parse errors stay beside their notations ([`crate::ParseActionError`],
//! [`crate::ParseCardsError`]).

use cards_core::Seat;

use crate::action::Play;
use crate::cards::Cards;

/// Why a configuration is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The player count is outside 4 to 10.
    #[error("einer ist immer der is played by 4 to 10 players, not {players} (E1)")]
    Players {
        /// The count given.
        players: usize,
    },
    /// The number of hands is outside 1 to 1000.
    #[error("a match has 1 to 1000 hands, not {hands} (E9)")]
    Hands {
        /// The count given.
        hands: u32,
    },
}

/// Why an action is refused: the broken rule, with its ruling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The match is over.
    #[error("the match is over after its last hand (E9)")]
    MatchOver,
    /// Passing on the lead.
    #[error("the leader must play, passing is only for the other players (E3)")]
    MustLead,
    /// A play of the wrong size.
    #[error(
        "the trick was led with {led} cards, so exactly {led} must be played, not {played} (E3)"
    )]
    WrongCount {
        /// The trick's category.
        led: u8,
        /// The cards played.
        played: u8,
    },
    /// A play that does not outrank the highest play.
    #[error("{play} does not beat {top}: the rank must be strictly higher (E3)")]
    NotHigher {
        /// The highest play so far.
        top: Play,
        /// The play refused.
        play: Play,
    },
    /// Jokers in hand 1.
    #[error("jokers are left out of hand 1 (E2)")]
    JokersInFirstHand,
    /// Cards not in hand.
    #[error("{seat} does not hold {play} (E3)")]
    NotHeld {
        /// The seat to move.
        seat: Seat,
        /// The play refused.
        play: Play,
    },
}

/// Why a stated deal or position is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The configuration is invalid.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The number of hands given is not the number of players.
    #[error("{given} hands given for {players} players")]
    Players {
        /// Hands given.
        given: usize,
        /// Players configured.
        players: usize,
    },
    /// The hand number is outside the match.
    #[error("hand {hand} is outside a match of {hands} hands (E9)")]
    HandNumber {
        /// The hand given.
        hand: u32,
        /// Hands in the match.
        hands: u32,
    },
    /// The previous ranking is missing, present in hand 1, or not every seat once.
    #[error(
        "the previous ranking must list every seat once from hand 2 on and be empty in hand 1 (E7)"
    )]
    Ranking,
    /// A seat was dealt the wrong number of cards.
    #[error("{seat} holds {count} cards but is dealt {expected} (E2, E7)")]
    DealCount {
        /// Who.
        seat: Seat,
        /// Cards given.
        count: usize,
        /// Cards the deal gives.
        expected: usize,
    },
    /// More copies of a card than the pack holds.
    #[error("card {card} appears {count} times but the pack has {pack} (E1, G4)")]
    TooMany {
        /// The card.
        card: &'static str,
        /// Copies given.
        count: usize,
        /// Copies in play.
        pack: usize,
    },
    /// A joker in hand 1.
    #[error("jokers are left out of hand 1 (E2)")]
    JokersInFirstHand,
    /// The finishing order and the empty hands disagree.
    #[error("{seat} must be listed as finished exactly when its hand is empty (E5)")]
    Finished {
        /// The seat in question.
        seat: Seat,
    },
    /// Fewer than two players hold cards: the hand would be over.
    #[error("at least two players must hold cards for the hand to go on (E5)")]
    TooFewHolding,
    /// The leader holds no cards.
    #[error("the leader {seat} holds no cards (E6)")]
    Leader {
        /// The seat given.
        seat: Seat,
    },
}

/// Why a state (typically one read back from JSON) is refused: the first inconsistency found,
/// naming the field and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// The configuration does not validate.
    #[error("invalid configuration: {0}")]
    Config(#[from] ConfigError),
    /// The hand number is outside the match.
    #[error("hand {hand} is outside a match of {hands} hands (E9)")]
    HandNumber {
        /// The hand number found.
        hand: u32,
        /// Hands in the match.
        hands: u32,
    },
    /// A seat is not a seat of this table.
    #[error(
        "{field} names {seat}, but a table of {players} has seats S0 to S{last}",
        last = players.saturating_sub(1)
    )]
    Seat {
        /// The field that names the seat.
        field: &'static str,
        /// The seat named.
        seat: Seat,
        /// Players at the table.
        players: usize,
    },
    /// A per-seat slot past the table's size is not blank.
    #[error("slot {index} of {field} is past the table of {players} players but is not blank")]
    UnusedSlot {
        /// The per-seat array.
        field: &'static str,
        /// The slot.
        index: usize,
        /// Players at the table.
        players: usize,
    },
    /// The chairs do not seat every player exactly once.
    #[error("the chairs do not seat every player of the table exactly once")]
    Chairs,
    /// A seat's recorded chair is not the chair it sits in.
    #[error("the chair recorded for {seat} is not the chair it sits in")]
    ChairOf {
        /// The seat.
        seat: Seat,
    },
    /// The seating does not follow the rules: seat order in hand 1, the previous ranking
    /// clockwise from the Boss later.
    #[error(
        "the chairs must seat the players in seat order in hand 1 and by the previous ranking clockwise from the boss later (E7)"
    )]
    Seating,
    /// The previous ranking is present in hand 1, or missing or not every seat once later.
    #[error(
        "the previous ranking must be empty in hand 1 and list every seat once from hand 2 on (E7)"
    )]
    PreviousRanking,
    /// The dealer of a later hand is not the previous hand's Ass.
    #[error("{dealer} deals hand {hand}, but the ass of the previous hand, {ass}, deals (E7)")]
    Dealer {
        /// The dealer found.
        dealer: Seat,
        /// The hand.
        hand: u32,
        /// The previous hand's Ass.
        ass: Seat,
    },
    /// A finished hand's ranking does not list every seat once.
    #[error("the ranking of finished hand {index} does not list every seat once (E5)")]
    Ranking {
        /// Its index among the recorded rankings, from 0.
        index: usize,
    },
    /// More finished hands are recorded than have been played.
    #[error(
        "{count} finished hands are recorded, but only {played} have been played by hand {hand}"
    )]
    RankingCount {
        /// Rankings recorded.
        count: usize,
        /// Hands finished so far.
        played: u32,
        /// The current hand.
        hand: u32,
    },
    /// The previous ranking is not the ranking recorded for the previous hand.
    #[error("the previous ranking differs from the recorded ranking of hand {hand} (E7)")]
    PreviousDiffers {
        /// The previous hand's number.
        hand: u32,
    },
    /// The cards of all locations are not the pack, each card once.
    #[error(
        "hands, table, pile and set-aside cards hold {count} of card {card}, but the pack has {pack} (G4)"
    )]
    Census {
        /// The card.
        card: &'static str,
        /// Copies found.
        count: u32,
        /// Copies in the pack.
        pack: u32,
    },
    /// The cards set aside are not all the jokers in hand 1, or not none later.
    #[error(
        "{found} set aside in hand {hand}, but hand 1 sets aside exactly the {jokers} jokers and later hands nothing (E2)"
    )]
    SetAside {
        /// The cards set aside.
        found: Cards,
        /// The hand.
        hand: u32,
        /// Jokers in the pack.
        jokers: u8,
    },
    /// A seat is listed as finished twice, or too many are listed (no longer produced: a
    /// finishing order that disagrees with the hands is an [`InvalidState::Position`]).
    #[error(
        "the finishing order {finished:?} lists a seat twice or leaves fewer than two players holding cards (E5)"
    )]
    FinishingOrder {
        /// The finishing order.
        finished: Vec<Seat>,
    },
    /// The finishing order and the empty hands disagree.
    #[error("{seat} must be listed as finished exactly when its hand is empty (E5)")]
    Finished {
        /// The seat in question.
        seat: Seat,
    },
    /// The match is over (no seat to move), but the state is not the end of its last hand.
    #[error("no seat is to move, but {reason} (E5, E9)")]
    NotOver {
        /// What is not over.
        reason: &'static str,
    },
    /// The seat to move holds no cards (no longer produced: the replay of the current trick
    /// gives another seat to move, an [`InvalidState::TrickOrder`]).
    #[error("{seat} is to move but holds no cards (E3)")]
    TurnWithoutCards {
        /// The seat to move.
        seat: Seat,
    },
    /// The turns of the current trick do not follow the order of play (no longer produced: the
    /// replay of the current trick refuses them, an [`InvalidState::Replay`]).
    #[error("{reason} (E3)")]
    Trick {
        /// What is wrong with the trick.
        reason: &'static str,
    },
    /// A seat in the trick, or the seat to move, is out of its clockwise turn.
    #[error("{seat} moves out of clockwise order in the current trick led by {leader} (E3)")]
    TrickOrder {
        /// The seat out of order.
        seat: Seat,
        /// The trick's leader.
        leader: Seat,
    },
    /// A play of the trick does not beat the highest play before it (no longer produced: the
    /// replay of the current trick refuses it, an [`InvalidState::Replay`]).
    #[error(
        "{play} in the current trick does not beat {top}: same count, strictly higher rank (E3)"
    )]
    NotHigher {
        /// The play.
        play: Play,
        /// The highest play before it.
        top: Play,
    },
    /// The recorded highest play is not the trick's last play.
    #[error(
        "the highest play recorded is {}, but the trick's last play is {}",
        show(*found),
        show(*expected)
    )]
    Top {
        /// The highest play recorded.
        found: Option<(Seat, Play)>,
        /// The last play of the trick.
        expected: Option<(Seat, Play)>,
    },
    /// The table does not hold the trick's plays.
    #[error("the table holds {found}, but the current trick's plays are {expected}")]
    Table {
        /// The table.
        found: Cards,
        /// The cards of the trick's plays.
        expected: Cards,
    },
    /// What a seat has played this hand misses its plays in the current trick.
    #[error(
        "{seat} played {trick} in the current trick, but its cards played this hand are {played}"
    )]
    Played {
        /// The seat.
        seat: Seat,
        /// Its plays in the current trick.
        trick: Cards,
        /// Its cards played this hand.
        played: Cards,
    },
    /// The cards recorded as played this hand are not those on the table and in the pile: more,
    /// or (in a hand dealt here rather than stated) different.
    #[error("the cards played this hand are not those on the table and in the pile (G4)")]
    PlayedNotInPile,
    /// In a hand dealt here, a seat's cards held and played are not as many as it was dealt.
    #[error("{seat} holds and has played {held} cards this hand, but was dealt {dealt} (E7)")]
    DealtCount {
        /// The seat.
        seat: Seat,
        /// Cards held now and played this hand.
        held: usize,
        /// Cards dealt (13, the dealer 13 plus the jokers).
        dealt: usize,
    },
    /// The exchanges do not pair the previous hand's ranks.
    #[error(
        "the exchanges must be none in hand 1 and, later, none or one per pair of ranks of the previous hand (E8)"
    )]
    Exchanges,
    /// One exchange gives the wrong cards.
    #[error(
        "the exchange between {higher} and {lower} must swap {count} natural cards each way, each found in the receiver's hand and plays (E8)"
    )]
    ExchangeCards {
        /// The higher rank.
        higher: Seat,
        /// The lower rank.
        lower: Seat,
        /// The number of cards the pair swaps.
        count: u8,
    },
    /// The position at the start of the current trick (its plays back in the hands) is not
    /// one a stated position may be: the finishing order disagrees with the empty hands, fewer
    /// than two players hold cards, the leader holds none, a card too many, a bad ranking.
    #[error(transparent)]
    Position(#[from] SetupError),
    /// The current trick's turns, replayed through the engine from its start, are illegal or
    /// give another state: what the replay found.
    #[error("the current trick, replayed from its start: {0}")]
    Replay(String),
}

/// A highest play in words.
fn show(top: Option<(Seat, Play)>) -> String {
    match top {
        Some((seat, play)) => format!("{play} by {seat}"),
        None => "none".to_owned(),
    }
}

impl ActionError {
    /// This refusal as a catalogue message (`einer-refused-…`), for a front end that tells it
    /// in the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        match self {
            ActionError::MatchOver => Message::new("einer-refused-match-over"),
            ActionError::MustLead => Message::new("einer-refused-must-lead"),
            ActionError::WrongCount { led, played } => Message::new("einer-refused-wrong-count")
                .number("led", *led)
                .number("played", *played),
            ActionError::NotHigher { top, play } => Message::new("einer-refused-not-higher")
                .text("play", play)
                .text("top", top),
            ActionError::JokersInFirstHand => Message::new("einer-refused-jokers-in-first-hand"),
            ActionError::NotHeld { seat, play } => Message::new("einer-refused-not-held")
                .text("seat", seat)
                .text("play", play),
        }
    }
}

impl ConfigError {
    /// This refusal as a catalogue message (`einer-config-…`), for a front end that tells it in
    /// the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        match self {
            ConfigError::Players { players } => Message::new("einer-config-players")
                .number("players", i64::try_from(*players).unwrap_or(i64::MAX)),
            ConfigError::Hands { hands } => {
                Message::new("einer-config-hands").number("hands", *hands)
            }
        }
    }
}
