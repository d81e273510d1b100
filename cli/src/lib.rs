//! The library behind the `cards` binary: its play loop, simulation and tournaments, each over
//! the registry of games of [`cards_kit`] (whose modules it re-exports under their names); the
//! card room is [`cards_serve`]. The binary (`src/main.rs`) parses the command line and calls
//! in here; the library exists so that the fuzz targets (`fuzz/`) can drive the log reader
//! ([`log::GameLog::from_json`], [`log::replay`]) and the play loop's line parser
//! ([`play::read_line`], [`play::read_entry`]) directly.

pub use cards_kit::{analyze, bots, error, exec, fair, i18n, log, narrate, options, registry};
pub use cards_serve as serve;

pub mod colour;
pub mod commands;
pub mod interrupt;
pub mod play;
pub(crate) mod plays;
pub(crate) mod shards;
pub mod simulate;
pub mod stats;
pub mod tournament;
