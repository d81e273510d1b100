//! What the command reports when it cannot do what was asked.

/// A failure of the command, shown to the user as a message with a non-zero exit code.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// No game has that name.
    #[error("unknown game {name:?} (known games: {known})")]
    UnknownGame {
        /// The name given.
        name: String,
        /// The known names.
        known: String,
    },
    /// The game cannot be set up so.
    #[error("bad configuration for {game}: {reason}")]
    Config {
        /// The game.
        game: &'static str,
        /// Why.
        reason: String,
    },
    /// A bot spec that names no bot or sets a bad option.
    #[error("{0}")]
    Bot(cards_core::BotSpecError),
    /// A command-line value out of range.
    #[error("{0}")]
    Usage(String),
    /// More bots than seats.
    #[error("{given} bots for {seats} seats: at most one bot per seat")]
    TooManyBots {
        /// Bots given.
        given: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// The seat is not at the table.
    #[error("seat {seat} is not at a table of {players}")]
    BadSeat {
        /// The seat given.
        seat: u8,
        /// The players at the table.
        players: usize,
    },
    /// No worked example has that name.
    #[error("{game} has no example {name:?} (examples: {known})")]
    UnknownExample {
        /// The game.
        game: &'static str,
        /// The name given.
        name: String,
        /// The known names.
        known: String,
    },
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The cause.
        source: std::io::Error,
    },
    /// Writing to the terminal failed.
    #[error("output failed: {0}")]
    Output(#[from] std::io::Error),
    /// A saved log is not valid.
    #[error("invalid log: {0}")]
    BadLog(String),
    /// An engine defect found while playing.
    #[error("engine error: {0}")]
    Engine(String),
}

impl CliError {
    /// The exit code: 2 for a bad command line (an unknown game or bot, a value out of range,
    /// like clap's own usage errors), 1 for everything else.
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::UnknownGame { .. }
            | CliError::Usage(_)
            | CliError::Bot(_)
            | CliError::TooManyBots { .. }
            | CliError::BadSeat { .. }
            | CliError::UnknownExample { .. } => 2,
            _ => 1,
        }
    }
}
