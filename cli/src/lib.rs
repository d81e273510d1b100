//! The library behind the `cards` binary: its games registry, play loop, simulation, replay of
//! saved logs and web server. The binary (`src/main.rs`) parses the command line and calls in
//! here; the library exists so that the fuzz targets (`fuzz/`) can drive the log reader
//! ([`log::GameLog::from_json`], [`log::replay`]) and the play loop's line parser
//! ([`play::read_line`], [`play::read_entry`]) directly.

pub mod analyze;
pub mod bots;
pub mod colour;
pub mod error;
pub mod exec;
pub mod fair;
pub mod i18n;
pub mod interrupt;
pub mod log;
pub mod narrate;
pub mod options;
pub mod play;
pub(crate) mod plays;
pub mod registry;
pub mod serve;
pub(crate) mod shards;
pub mod simulate;
pub mod stats;
pub mod tournament;
