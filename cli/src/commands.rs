//! What the command does with a game beyond the shared registry ([`crate::registry`]): a
//! person plays at the terminal, bots play bots, bots are rated. One [`Command`] per game, over
//! the same list of games ([`cards_games::visit_all`]).

use std::io::{BufRead, Write};

use cards_core::Catalog;
use cards_kit::registry::{Entry, GameEntry};

use crate::error::CliError;
use crate::play::{self, PlayOptions};
use crate::simulate::{self, SimOptions, SimReport};
use crate::tournament::{self, TourOptions, TourReport};

/// One game, as the command's own subcommands see it: the registry's [`Entry`] and the play
/// loop, the simulation and the tournament.
pub trait Command: Entry {
    /// A person plays one seat against bots.
    ///
    /// # Errors
    /// Bad options, or output that cannot be written.
    fn play(
        &self,
        options: &PlayOptions,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<play::Outcome, CliError>;
    /// Bots against bots.
    ///
    /// # Errors
    /// Bad options or bot specs.
    fn simulate(&self, options: &SimOptions) -> Result<SimReport, CliError>;
    /// Every bot against every other, rated.
    ///
    /// # Errors
    /// Bad options or bot specs.
    fn tournament(&self, options: &TourOptions) -> Result<TourReport, CliError>;
}

impl<G: Catalog> Command for GameEntry<G> {
    fn play(
        &self,
        options: &PlayOptions,
        input: &mut dyn BufRead,
        out: &mut dyn Write,
    ) -> Result<play::Outcome, CliError> {
        play::play::<G>(options, input, out)
    }
    fn simulate(&self, options: &SimOptions) -> Result<SimReport, CliError> {
        simulate::simulate::<G>(options)
    }
    fn tournament(&self, options: &TourOptions) -> Result<TourReport, CliError> {
        tournament::tournament::<G>(options)
    }
}

/// The [`Command`] of every game of the workspace ([`cards_games::NAMES`]), in that order.
pub fn commands() -> Vec<Box<dyn Command>> {
    struct Commands(Vec<Box<dyn Command>>);
    impl cards_games::Visit for Commands {
        fn visit<G: Catalog>(&mut self) {
            self.0.push(Box::new(GameEntry::<G>::new()));
        }
    }
    let mut commands = Commands(Vec::new());
    cards_games::visit_all(&mut commands);
    commands.0
}

/// The [`Command`] of a game by its command-line name.
///
/// # Errors
/// [`CliError::UnknownGame`] listing the known names.
pub fn find(name: &str) -> Result<Box<dyn Command>, CliError> {
    let games = commands();
    let known: Vec<&'static str> = games.iter().map(|g| g.name()).collect();
    games
        .into_iter()
        .find(|g| g.name() == name)
        .ok_or_else(|| CliError::UnknownGame {
            name: name.to_owned(),
            known: known.join(", "),
        })
}
