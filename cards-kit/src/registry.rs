//! The games the command and the room know, behind one object-safe interface. (What only the
//! command does with a game, play at the terminal, simulate and rate, is the `cli` crate's
//! `commands`, over the same list.)
//!
//! The list of games is `cards_games::for_each_game!`; [`registry`] makes an entry of each.

use std::io::Write;
use std::marker::PhantomData;
use std::ops::RangeInclusive;

use cards_core::Example;

use crate::error::CliError;
use crate::log::GameLog;
use cards_core::Catalog;
use cards_core::GameConfig;

/// One game, as the command sees it.
pub trait Entry: Send + Sync {
    /// The name on the command line.
    fn name(&self) -> &'static str;
    /// The game's title.
    fn title(&self) -> &'static str;
    /// One line of description.
    fn description(&self) -> &'static str;
    /// Allowed player counts.
    fn players(&self) -> RangeInclusive<usize>;
    /// The default player count.
    fn default_players(&self) -> usize;
    /// Rules summary and rulings.
    fn rules(&self) -> &'static str;
    /// The rule variants `--option KEY=VALUE` sets.
    fn options(&self) -> Vec<crate::options::Variant>;
    /// The worked examples.
    fn examples(&self) -> Vec<Example>;
    /// The bot kinds `--bots` takes for this game, from the one table of kinds
    /// ([`cards_core::catalog::bot_table`]): the generic ones (`random`, `heuristic`,
    /// `ismcts`), then the game's own.
    fn bots(&self) -> Vec<&'static cards_core::BotKind>;
    /// The game's own bot kinds ([`Catalog::game_bot_kinds`]).
    fn own_bots(&self) -> &'static [cards_core::BotKind];
    /// Re-applies a saved log, narrating it.
    ///
    /// # Errors
    /// [`CliError::BadLog`] naming the first bad field or action, or output that cannot be
    /// written.
    fn replay(&self, log: &GameLog, out: &mut dyn Write) -> Result<(), CliError>;
    /// Weighs each decision of a saved log from the deciding seat's information
    /// ([`crate::analyze`]).
    ///
    /// # Errors
    /// A log that does not replay, or a seat the game does not have.
    fn analyze(
        &self,
        log: &GameLog,
        options: &crate::analyze::AnalyzeOptions,
    ) -> Result<Vec<crate::analyze::Weighed>, CliError>;
}

/// The [`Entry`] of a [`cards_core::Game`] type.
pub struct GameEntry<G>(PhantomData<fn() -> G>);

impl<G> GameEntry<G> {
    /// The entry of `G`.
    pub const fn new() -> Self {
        GameEntry(PhantomData)
    }
}

impl<G> Default for GameEntry<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Catalog> std::fmt::Debug for GameEntry<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameEntry({})", G::NAME)
    }
}

impl<G: Catalog> Entry for GameEntry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn description(&self) -> &'static str {
        G::DESCRIPTION
    }
    fn players(&self) -> RangeInclusive<usize> {
        G::PLAYERS
    }
    fn default_players(&self) -> usize {
        G::Config::default().players()
    }
    fn rules(&self) -> &'static str {
        G::rules()
    }
    fn options(&self) -> Vec<crate::options::Variant> {
        crate::options::variants::<G>()
    }
    fn examples(&self) -> Vec<Example> {
        G::examples()
    }
    fn bots(&self) -> Vec<&'static cards_core::BotKind> {
        cards_core::catalog::bot_table::<G>()
    }
    fn own_bots(&self) -> &'static [cards_core::BotKind] {
        G::game_bot_kinds()
    }
    fn replay(&self, log: &GameLog, out: &mut dyn Write) -> Result<(), CliError> {
        crate::log::replay::<G>(log, out)
    }
    fn analyze(
        &self,
        log: &GameLog,
        options: &crate::analyze::AnalyzeOptions,
    ) -> Result<Vec<crate::analyze::Weighed>, CliError> {
        crate::analyze::analyze::<G>(log, options)
    }
}

/// Every game of the workspace ([`cards_games::NAMES`]), in that order.
pub fn registry() -> Vec<Box<dyn Entry>> {
    struct Entries(Vec<Box<dyn Entry>>);
    impl cards_games::Visit for Entries {
        fn visit<G: Catalog>(&mut self) {
            self.0.push(Box::new(GameEntry::<G>::new()));
        }
    }
    let mut entries = Entries(Vec::new());
    cards_games::visit_all(&mut entries);
    entries.0
}

/// The entry of a game by its command-line name.
///
/// # Errors
/// [`CliError::UnknownGame`] listing the known names.
pub fn find(name: &str) -> Result<Box<dyn Entry>, CliError> {
    let games = registry();
    let known: Vec<&'static str> = games.iter().map(|g| g.name()).collect();
    games
        .into_iter()
        .find(|g| g.name() == name)
        .ok_or_else(|| CliError::UnknownGame {
            name: name.to_owned(),
            known: known.join(", "),
        })
}

/// The long help of `--bots`, from the one table of kinds: the generic kinds and `exec:` with
/// their keys, and each game's own kinds by name (`cards rules GAME` gives their keys).
pub fn bots_help(intro: &str) -> String {
    use std::fmt::Write as _;
    let mut text = format!(
        "{intro}\n\nA spec is kind[:key=value,...]; in a list a key=value belongs to the bot \
         before it (`ismcts:iters=2000,c=0.5,heuristic` is two bots). Kinds:\n"
    );
    text.push_str(&crate::bots::kinds_text(
        cards_core::spec::GENERIC_KINDS
            .iter()
            .chain([&cards_core::spec::EXEC_KIND]),
    ));
    for g in registry() {
        let own = g.own_bots();
        if !own.is_empty() {
            let names: Vec<&str> = own.iter().map(|k| k.name).collect();
            let _ = writeln!(
                text,
                "  {} (in {} only; see `cards rules {}`)",
                names.join(", "),
                g.name(),
                g.name()
            );
        }
    }
    text
}
