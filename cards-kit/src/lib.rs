//! What the `cards` command (the `cli` crate) and the card room (`cards-serve`) share, below
//! both: the registry of games behind one object-safe interface ([`registry`]), bot specs made
//! bots ([`bots`]) and programs speaking the JSON-lines protocol ([`exec`]), the match log and
//! its replay ([`log`]), fair deals with a commitment ([`fair`]), rule variants from
//! `KEY=VALUE` ([`options`]), the message catalogues of every word a person reads ([`i18n`],
//! [`narrate`]), the analysis of a played match ([`analyze`]) and the one error type
//! ([`error::CliError`]).
//!
//! ```
//! let names: Vec<&str> = cards_kit::registry::registry().iter().map(|g| g.name()).collect();
//! assert_eq!(names, cards_games::NAMES);
//! ```

pub mod analyze;
pub mod bots;
pub mod error;
pub mod exec;
pub mod fair;
pub mod i18n;
pub mod log;
pub mod narrate;
pub mod options;
pub mod registry;
