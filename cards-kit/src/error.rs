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
        /// Why, as the catalogue tells it ([`cards_core::Catalog::config_refusal`]), where the
        /// game has it.
        said: Option<cards_core::text::Message>,
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

impl CliError {
    /// The error as a catalogue message (`cli-error-…`), told in the reader's language. What
    /// comes from elsewhere (a game's reason for refusing a configuration, a bot spec's fault,
    /// a file's error from the system, a usage text) is carried as its own text.
    pub fn message(&self) -> cards_core::text::Message {
        use cards_core::text::Message;
        let m = Message::new;
        match self {
            CliError::UnknownGame { name, known } => m("cli-error-unknown-game")
                .text("name", format!("{name:?}"))
                .text("known", known),
            CliError::Config { game, reason, said } => {
                m("cli-error-config").text("game", game).arg(
                    "reason",
                    said.clone()
                        .unwrap_or_else(|| m("untold").text("text", reason)),
                )
            }
            CliError::Bot(e) => m("untold").text("text", e),
            CliError::Usage(text) => m("untold").text("text", text),
            CliError::TooManyBots { given, seats } => m("cli-error-too-many-bots")
                .number("given", i64::try_from(*given).unwrap_or(i64::MAX))
                .number("seats", i64::try_from(*seats).unwrap_or(i64::MAX)),
            CliError::BadSeat { seat, players } => m("cli-error-bad-seat")
                .number("seat", *seat)
                .number("players", i64::try_from(*players).unwrap_or(i64::MAX)),
            CliError::UnknownExample { game, name, known } => m("cli-error-unknown-example")
                .text("game", game)
                .text("name", format!("{name:?}"))
                .text("known", known),
            CliError::Io { path, source } => {
                m("cli-error-io").text("path", path).text("reason", source)
            }
            CliError::Output(e) => m("cli-error-output").text("reason", e),
            CliError::BadLog(reason) => m("cli-error-bad-log").text("reason", reason),
            CliError::Engine(reason) => m("cli-error-engine").text("reason", reason),
        }
    }
}
