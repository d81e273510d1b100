//! Every error type of the engine: a configuration, an action, a stated position or a state
//! read back refused, each naming the broken rule. (The notation's parse errors,
//! `ParseCardsError` and `ParseActionError`, stay beside the types they read.)

use cards_core::Seat;

use crate::action::Action;
use crate::cards::{ACard, Cards};
use crate::round::RoundKind;

/// Why a configuration is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The player count is outside 3 to 9.
    #[error("{players} players: the game is for 3 to 9 players (A2)")]
    Players {
        /// The count that was asked for.
        players: usize,
    },
    /// The number of hands is outside 1 to 1000.
    #[error("{hands} hands: a match has 1 to 1000 hands (A10)")]
    Hands {
        /// The count that was asked for.
        hands: u16,
    },
}

/// Why an action is refused. Each message names the broken rule and its ruling.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The match is over.
    #[error("the match is over (A10)")]
    MatchOver,
    /// The cards are not in the player's hand.
    #[error("{action} is not in your hand")]
    NotHeld {
        /// The action.
        action: Action,
    },
    /// The leader holds a card that may be led and tried to pass.
    #[error("the leader must lead while holding a card that may be led (A8)")]
    MustLead,
    /// An A card led in the round directly after its holder received it.
    #[error("the {card} may not be led in the round after it was taken (A6)")]
    AJustTaken {
        /// The A card.
        card: ACard,
    },
    /// An A card played other than as a lead.
    #[error("an A card may only be led, as a single card (A6)")]
    AOnlyLed,
    /// The other A card played to an A round.
    #[error("the other A card may not be played in an A round (A7)")]
    OtherAInARound,
    /// A raise with a different number of cards than the lead.
    #[error("a raise must have exactly {needed} cards, as many as the lead (A4)")]
    WrongCount {
        /// The lead's count.
        needed: u8,
        /// The count played.
        got: u8,
    },
    /// A raise that is not of a higher rank.
    #[error("a raise must be of a higher rank than {top} (A4)")]
    NotHigher {
        /// The rank to beat (14 = jokers only).
        top: u8,
    },
    /// More than one card played to an A round.
    #[error("exactly one card is played to an A round (A7)")]
    OneCardInARound,
    /// A pass in an A round by a player who holds a card that may be played.
    #[error("no passing in an A round while holding a card that may be played (A7)")]
    MustPlayInARound,
}

/// Why a stated position is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The configuration is invalid.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Not one hand per player.
    #[error("{got} hands given for {players} players")]
    Seats {
        /// Players of the configuration.
        players: usize,
        /// Hands given.
        got: usize,
    },
    /// Penalty piles given, but not one per player.
    #[error("{got} penalty piles given for {players} players (none, or one per player)")]
    Piles {
        /// Players of the configuration.
        players: usize,
        /// Piles given.
        got: usize,
    },
    /// A hand with the wrong number of cards.
    #[error("{seat} holds {got} cards; each player is dealt {expected} (A2)")]
    Count {
        /// The seat.
        seat: Seat,
        /// Cards dealt per player.
        expected: u8,
        /// Cards given.
        got: usize,
    },
    /// An A card in a hand.
    #[error("{seat} holds an A card; the A cards are never dealt (A1)")]
    ACardDealt {
        /// The seat.
        seat: Seat,
    },
    /// More copies of a card than the pack has.
    #[error(
        "{count} cards of {card} given; the pack has eight of each number and four jokers (A1)"
    )]
    TooMany {
        /// The card's notation.
        card: String,
        /// How many were given.
        count: usize,
    },
    /// An A card held twice, a hand empty later in a hand, or a round number out of order.
    #[error("inconsistent position: {0}")]
    Inconsistent(&'static str),
    /// The leader is not at the table.
    #[error("leader {leader} is not at a table of {players}")]
    Leader {
        /// The seat given.
        leader: Seat,
        /// Players of the configuration.
        players: usize,
    },
    /// The position builds a state that is inconsistent (an A card out of the middle before
    /// it is handed out, for example).
    #[error(transparent)]
    State(#[from] InvalidState),
}

/// Why a state (read back from a file, typically) is refused: the first inconsistency found.
///
/// Every state the engine produces validates; [`State::validate`](crate::State::validate)
/// names what a hand-edited or corrupted one gets wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// The configuration does not validate (its error is shown in the message, not as a
    /// source, so that an error chain names it once).
    #[error("invalid configuration: {0}")]
    Config(ConfigError),
    /// The deal is for another number of players than the configuration.
    #[error("the deal is for {deal} players but the configuration for {config}")]
    DealPlayers {
        /// Players of the deal.
        deal: u8,
        /// Players of the configuration.
        config: u8,
    },
    /// A seat that is not at the table where a seat at the table is needed.
    #[error("{what} {seat} is not at a table of {players} (A2)")]
    SeatOutOfRange {
        /// Which seat: the seat to move, the opener, the first leader.
        what: &'static str,
        /// The seat given.
        seat: Seat,
        /// Players at the table.
        players: u8,
    },
    /// Something recorded for a seat that is not at the table.
    #[error("seat S{index} is not at a table of {players} but has {what}")]
    AbsentSeat {
        /// The seat's index.
        index: usize,
        /// Players at the table.
        players: u8,
        /// What it has: cards in hand, known cards, a penalty pile, a total, a turn.
        what: &'static str,
    },
    /// The cards of all locations are not the pack, each card exactly once.
    #[error("the cards are not the pack exactly once (G4): missing {missing}, extra {extra}")]
    Census {
        /// Cards of the pack found nowhere.
        missing: Cards,
        /// Cards found beyond the pack.
        extra: Cards,
    },
    /// Cards in a place where they cannot be.
    #[error("{place} cannot hold {cards} ({rule})")]
    Misplaced {
        /// The place: the undealt cards, the cards out of play, the middle of the table.
        place: &'static str,
        /// The cards that cannot be there.
        cards: Cards,
        /// Why, with the ruling.
        rule: &'static str,
    },
    /// Cards publicly known to be in a hand that the hand does not hold.
    #[error("{seat} is known to hold {known} but holds {hand}")]
    Known {
        /// The seat.
        seat: Seat,
        /// The cards known to be there.
        known: Cards,
        /// The hand.
        hand: Cards,
    },
    /// A penalty pile that is not the trick of the little a.
    #[error("{seat}'s penalty pile {pile} {reason} (A7)")]
    Pile {
        /// The seat.
        seat: Seat,
        /// The pile.
        pile: Cards,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The round number is out of range.
    #[error("round {round} is outside 1 to {max}: no hand lasts that long (A9)")]
    Round {
        /// The round number.
        round: u16,
        /// The largest possible.
        max: u16,
    },
    /// Round 1 is not opened by the hand's first leader.
    #[error("round 1 is opened by {opener}, not by the hand's first leader {first_leader} (A3)")]
    FirstOpener {
        /// The opener of round 1.
        opener: Seat,
        /// The hand's first leader.
        first_leader: Seat,
    },
    /// An A card received at a round that is not before the round in progress.
    #[error(
        "the {card} was received at the end of round {received}, not before round {round} (A6)"
    )]
    Received {
        /// The A card.
        card: ACard,
        /// The round at whose end it was received.
        received: u16,
        /// The round in progress.
        round: u16,
    },
    /// An A card out of the middle, or received, before the round at whose end it is handed out.
    #[error(
        "the {card} is handed out at the end of round {allocated}: it cannot be received or leave the middle of the table earlier (A5)"
    )]
    AllocatedEarly {
        /// The A card.
        card: ACard,
        /// The round at whose end it is handed out.
        allocated: u16,
    },
    /// An A card still in the middle of the table that was received.
    #[error(
        "the {card} is in the middle of the table but was received at the end of round {received} (A5)"
    )]
    ReceivedInMiddle {
        /// The A card.
        card: ACard,
        /// The round at whose end it was received.
        received: u16,
    },
    /// The little a received at another round than the one at whose end it is handed out.
    #[error(
        "the {card} was received at the end of round {received}, but it is handed out at the end of round {allocated} and never taken again (A5, A7)"
    )]
    ReceivedLate {
        /// The A card.
        card: ACard,
        /// The round at whose end it was received.
        received: u16,
        /// The round at whose end it is handed out.
        allocated: u16,
    },
    /// An A card still in the middle of a dealt hand after the round at whose end it is handed
    /// out.
    #[error(
        "the {card} is still in the middle of the table after round {allocated}, at whose end it is handed out (A5)"
    )]
    NotAllocated {
        /// The A card.
        card: ACard,
        /// The round at whose end it is handed out.
        allocated: u16,
    },
    /// An A card of a dealt hand out of the middle of the table that was never received.
    #[error("the {card} left the middle of the table but was never received (A5)")]
    NeverReceived {
        /// The A card.
        card: ACard,
    },
    /// The Big A received by taking a Big A round in the round right after it was handed out,
    /// when it may not be led yet.
    #[error(
        "the Big A was received at the end of round {received}, but it is handed out at the end of round {allocated} and may not be led in the round after, so no Big A round ends before round {earliest} (A5, A6, A7)"
    )]
    BigARoundTooEarly {
        /// The round at whose end it was received.
        received: u16,
        /// The round at whose end it is handed out.
        allocated: u16,
        /// The first round a Big A round can end.
        earliest: u16,
    },
    /// An A card received at the end of the round before, not in the hand of that round's
    /// winner, who leads the round in progress.
    #[error(
        "the {card} was received at the end of round {received} by that round's winner, who {leads}, but {holder} holds it (A5, A6, A7)"
    )]
    NotWithReceiver {
        /// The A card.
        card: ACard,
        /// The round at whose end it was received.
        received: u16,
        /// Who must hold it: the opener of the round in progress (or the winner of the last
        /// round of a finished match).
        leads: String,
        /// Where it is instead: a seat, or `nobody`.
        holder: String,
    },
    /// The taker of the Big A round just ended holds no card but A cards at the start of the
    /// next round.
    #[error(
        "{seat} took the Big A round at the end of round {received} and leads round {round} without a card besides A cards, but a Big A trick holds a card of at least one other player (A7)"
    )]
    BigATakerWithoutTrick {
        /// The taker, opener of the round in progress.
        seat: Seat,
        /// The round of the Big A round.
        received: u16,
        /// The round in progress.
        round: u16,
    },
    /// A penalty pile before a little a round can have ended.
    #[error(
        "{seat} has a penalty pile after {completed} finished rounds, but the little a is handed out at the end of round {allocated} and may be led from round {earliest} on (A5, A6, A7)"
    )]
    PileEarly {
        /// The pile's owner.
        seat: Seat,
        /// Rounds finished in this hand.
        completed: u16,
        /// The round at whose end the little a is handed out.
        allocated: u16,
        /// The first round it may be led in.
        earliest: u16,
    },
    /// The little a round was the round just finished, but its pile is not with the seat that
    /// leads now.
    #[error(
        "the little a round can only have been round {round}, whose taker {leads}, but the penalty pile is {seat}'s (A7)"
    )]
    PileNotWithTaker {
        /// The pile's owner.
        seat: Seat,
        /// The little a round.
        round: u16,
        /// Who took it.
        leads: String,
    },
    /// A seat that holds more number cards and jokers than it was dealt plus what Big A tricks
    /// can have brought it.
    #[error(
        "{seat} holds {got} number cards and jokers, but was dealt {dealt} and at most {brought} came from Big A tricks (A2, A7)"
    )]
    HandTooBig {
        /// The seat.
        seat: Seat,
        /// Number cards and jokers it holds.
        got: usize,
        /// Cards dealt to each player.
        dealt: u8,
        /// The most cards Big A tricks can have brought it.
        brought: usize,
    },
    /// More number cards and jokers in the hands than were dealt, less one for every finished
    /// round but Big A rounds.
    #[error(
        "the hands hold {got} number cards and jokers, but {dealt} were dealt and {completed} finished rounds took at least {removed} out of the hands (A2, A4, A7)"
    )]
    TooManyInHands {
        /// Number cards and jokers in all hands.
        got: usize,
        /// Cards dealt in all.
        dealt: usize,
        /// Rounds finished in this hand.
        completed: u16,
        /// The fewest cards those rounds took out of the hands for good.
        removed: usize,
    },
    /// In round 1 a seat's cards and its play of the round are not a full deal.
    #[error(
        "{seat} holds {held} number cards and jokers and played {played} in round 1, but each player is dealt {dealt} (A2)"
    )]
    FirstRoundCount {
        /// The seat.
        seat: Seat,
        /// Number cards and jokers it holds.
        held: usize,
        /// Cards it played this round.
        played: usize,
        /// Cards dealt to each player.
        dealt: u8,
    },
    /// More cards known to be in the hands than the Big A rounds can have shown.
    #[error(
        "{known} cards are known to be in hands, but the at most {rounds} Big A rounds of this hand show at most {max} (A7)"
    )]
    KnownTooMany {
        /// Cards known in all hands.
        known: usize,
        /// The most Big A rounds taken this hand.
        rounds: u16,
        /// The most cards they can have shown.
        max: usize,
    },
    /// A hand result below the penalty of the A card that is always in a hand at its end.
    #[error(
        "the penalties of hand {number} add to {points}, less than the {min} of the {card}, which every hand ends with in someone's hand (A5, A9)"
    )]
    ResultTooLow {
        /// The hand's number, from 1.
        number: usize,
        /// The penalties' sum.
        points: u64,
        /// The A card's penalty.
        min: u16,
        /// The A card handed out at the end of round 1.
        card: ACard,
    },
    /// A hand result in which every seat pays more than a player who went out can.
    #[error(
        "in hand {number} every player has at least {least} penalty points, but a player without cards pays only a penalty pile, at most {max} (A9)"
    )]
    NobodyOut {
        /// The hand's number, from 1.
        number: usize,
        /// The smallest penalty of the hand.
        least: u16,
        /// The largest penalty pile.
        max: u16,
    },
    /// Cards known to be in a hand though no Big A round was played.
    #[error("{seat} is known to hold {known} though no Big A round was taken this hand (A7)")]
    KnownWithoutBigARound {
        /// The seat.
        seat: Seat,
        /// The cards known to be there.
        known: Cards,
    },
    /// The hand index is not within the match.
    #[error("hand {number} is not in a match of {hands} hands (A10)")]
    HandNumber {
        /// The hand's number, from 1.
        number: u32,
        /// Hands in the match.
        hands: u16,
    },
    /// The match is marked over before its last hand.
    #[error("the match is over during hand {number} of {hands} (A10)")]
    OverEarly {
        /// The hand's number, from 1.
        number: u32,
        /// Hands in the match.
        hands: u16,
    },
    /// A finished match whose last round did not finish the hand.
    #[error("the match is over but {reason} (A9)")]
    NotOver {
        /// What shows the hand is not over.
        reason: &'static str,
    },
    /// Not one result per finished hand.
    #[error("{got} hand results are recorded but {finished} hands are finished")]
    ResultCount {
        /// Results recorded.
        got: usize,
        /// Hands finished.
        finished: usize,
    },
    /// A hand result without one entry per seat.
    #[error("the result of hand {number} has {got} entries for {players} players")]
    ResultSeats {
        /// The hand's number, from 1.
        number: usize,
        /// Entries given.
        got: usize,
        /// Players at the table.
        players: u8,
    },
    /// A hand result worth more penalty points than the whole pack.
    #[error(
        "the penalties of hand {number} add to {points}, more than the {max} of the whole pack (A9)"
    )]
    ResultTooHigh {
        /// The hand's number, from 1.
        number: usize,
        /// The penalties' sum.
        points: u64,
        /// The pack's penalty points in hand.
        max: u16,
    },
    /// A total that is not the sum of the seat's hand results.
    #[error("{seat}'s total is {total} but its hand results add to {sum} (A10)")]
    Total {
        /// The seat.
        seat: Seat,
        /// The total recorded.
        total: u32,
        /// The sum of its results.
        sum: u64,
    },
    /// A hand's first leader who did not have the most penalty points in the hand before.
    #[error("{seat} leads hand {number} without the most penalty points of the hand before (A3)")]
    FirstLeader {
        /// The first leader.
        seat: Seat,
        /// The hand's number, from 1.
        number: u32,
    },
    /// The wrong number of undealt cards.
    #[error("{got} cards are undealt but {expected} stay out with {players} players (A2)")]
    Undealt {
        /// Undealt cards.
        got: usize,
        /// Cards left out of a deal at this table.
        expected: usize,
        /// Players at the table.
        players: u8,
    },
    /// The seats that had their turn this round are not those from the opener to the seat to
    /// move.
    #[error(
        "the seats that had their turn this round ({done}) are not those from the opener {opener} to the seat to move {turn}, clockwise (A4)"
    )]
    Turn {
        /// The seats marked as done, in seat order.
        done: String,
        /// The round's opener.
        opener: Seat,
        /// The seat to move.
        turn: Seat,
    },
    /// A seat without cards that is still to play in the round.
    #[error("{seat} has no cards but is still to play this round: the hand should be over (A9)")]
    EmptyHand {
        /// The seat.
        seat: Seat,
    },
    /// What a seat did this round breaks the rules.
    #[error("{seat}'s `{action}` this round {reason}")]
    Act {
        /// The seat.
        seat: Seat,
        /// What it did.
        action: Action,
        /// Why that cannot be, with the ruling.
        reason: &'static str,
    },
    /// The round recorded is not the one the round's plays make.
    #[error("the round is recorded as {recorded:?} but its plays make it {derived:?}")]
    Kind {
        /// The round recorded.
        recorded: RoundKind,
        /// The round replayed from the plays.
        derived: RoundKind,
    },
    /// The table does not hold the round's plays.
    #[error("the table holds {recorded} but the plays of the round put {derived} there")]
    Table {
        /// The table recorded.
        recorded: Cards,
        /// The cards of the round's plays.
        derived: Cards,
    },
    /// The round's acts, replayed through the engine from the start of the round (rebuilt from
    /// the hands and the acts), give another state than the one read: the first line of its
    /// `Debug` form that differs, for a field no named check covers.
    #[error("the round's acts, replayed from its start, give another state, first at `{0}`")]
    Replay(String),
}

impl From<ConfigError> for InvalidState {
    fn from(e: ConfigError) -> Self {
        InvalidState::Config(e)
    }
}

impl ActionError {
    /// This refusal as a catalogue message (`gka-refused-…`), for a front end that tells it in
    /// the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        match self {
            ActionError::MatchOver => Message::new("gka-refused-match-over"),
            ActionError::NotHeld { action } => {
                Message::new("gka-refused-not-held").text("action", action)
            }
            ActionError::MustLead => Message::new("gka-refused-must-lead"),
            ActionError::AJustTaken { card } => Message::new("gka-refused-a-just-taken")
                .arg("card", Message::new(a_card_key(*card))),
            ActionError::AOnlyLed => Message::new("gka-refused-a-only-led"),
            ActionError::OtherAInARound => Message::new("gka-refused-other-a-in-a-round"),
            ActionError::WrongCount { needed, got } => Message::new("gka-refused-wrong-count")
                .number("needed", *needed)
                .number("got", *got),
            ActionError::NotHigher { top } => {
                Message::new("gka-refused-not-higher").number("top", *top)
            }
            ActionError::OneCardInARound => Message::new("gka-refused-one-card-in-a-round"),
            ActionError::MustPlayInARound => Message::new("gka-refused-must-play-in-a-round"),
        }
    }
}

/// The catalogue key of an A card's name after "the" (`little a`, `Big A`).
fn a_card_key(card: ACard) -> &'static str {
    match card {
        ACard::Little => "gka-card-little",
        ACard::Big => "gka-card-big",
    }
}

impl ConfigError {
    /// This refusal as a catalogue message (`gka-config-…`), for a front end that tells it in
    /// the reader's language; formatted in English it reads as the `Display`.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        match self {
            ConfigError::Players { players } => Message::new("gka-config-players")
                .number("players", i64::try_from(*players).unwrap_or(i64::MAX)),
            ConfigError::Hands { hands } => {
                Message::new("gka-config-hands").number("hands", *hands)
            }
        }
    }
}
