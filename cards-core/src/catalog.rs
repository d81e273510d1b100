//! What a game offers beside its rules: the [`Catalog`] trait (its names, rules text, worked
//! examples, words for players, bot kinds, and how a table presents it), and [`make_bot`],
//! which builds the bot a spec describes.

use std::ops::RangeInclusive;

use crate::bot::{Bot, RandomBot};
use crate::face::CardFace;
use crate::game::Game;
use crate::search::{Clock, Ismcts, Search};
use crate::spec::{BotKind, BotSpec, BotSpecError, EXEC_KIND, GENERIC_KINDS, OwnSpec};

/// A worked example of a rule text, replayed and narrated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// Short name, as used on the command line (`cards example GAME NAME`).
    pub name: &'static str,
    /// One-line title.
    pub title: &'static str,
    /// The narrated transcript (what the snapshot tests pin).
    pub transcript: String,
}

/// What a game offers players and programs beside its rules: names, the rules text, the rule
/// text's worked examples, words for its options and scores, its own bot kinds, and what a
/// table needs to present it (the opening narration, the cards an action uses, the notation
/// read at a position). A game crate implements it in its crate root, beside the modules it
/// registers, so that the engine ([`crate::Game`]) never names its bots or examples. A `Catalog` game
/// is a [`Search`] game, so `G: Catalog` is the one bound the CLI and the harness need.
pub trait Catalog: Search {
    /// The name on the command line, e.g. `grosse-kleine-a`.
    const NAME: &'static str;
    /// The game's title, e.g. `Das Grosse und das kleine A`.
    const TITLE: &'static str;
    /// A one-line description.
    const DESCRIPTION: &'static str;
    /// The player counts the game allows.
    const PLAYERS: RangeInclusive<usize>;
    /// Whether the scores of every finished match add up to zero.
    const ZERO_SUM: bool;

    /// The rules summary and the rulings the engine applies (for `cards rules`).
    fn rules() -> &'static str;

    /// The rule text's worked examples, replayed and narrated.
    fn examples() -> Vec<Example>;

    /// Words for players: what each rule option means (its label and a one-line explanation,
    /// for `cards rules` and the lobby of `cards serve`) and how the scores read. A game lists
    /// an [`OptionDoc`] for every field of its configuration except the player count. Empty
    /// by default.
    fn words() -> Words {
        Words::NONE
    }

    /// Bot kinds of this game's own beside the generic ones ([`GENERIC_KINDS`]): each kind's
    /// name, a one-line description and the keys it takes, the one table that specs are read
    /// against ([`BotSpec::parse`]) and help texts and refusals are made from. None by default.
    fn game_bot_kinds() -> &'static [BotKind] {
        &[]
    }

    /// Specs of this game's own bot kinds, at budgets small enough for the conformance
    /// harness's no-cheating check (`testing::Check::NoCheating`, with the `testing` feature),
    /// which runs them beside `testing::NO_CHEATING_BOTS` at the states where it runs the
    /// search bot. Each of [`Catalog::game_bot_kinds`] should appear here; none by default.
    fn game_bot_check_specs() -> &'static [&'static str] {
        &[]
    }

    /// Builds a bot of one of [`Catalog::game_bot_kinds`] from its spec, read against that
    /// table (with the clock a time budget needs; [`make_bot`] has checked that a spec with
    /// `ms` has one); `None` when the kind is not one of the game's own.
    fn game_bot(_spec: &OwnSpec, _clock: Option<Clock>) -> Option<Box<dyn Bot<Self>>> {
        None
    }

    /// The game's `expert` bot (the bot kind `expert`, the lobby's expert level), with a seed
    /// of its own when one is given: the game's strongest bot at a fixed budget, with no time
    /// budget and no key that changes its cost. The default is ISMCTS with
    /// [`Search::expert_options`]; a game whose strongest bot is of another kind overrides
    /// it.
    fn expert_bot(seed: Option<u64>) -> Box<dyn Bot<Self>> {
        let options = crate::search::IsmctsOptions {
            seed: seed.or(Self::expert_options().seed),
            ..Self::expert_options()
        };
        Box::new(Ismcts::<Self>::new(options))
    }

    /// The worlds the game's `expert` keeps at a decision (an inferring expert,
    /// [`crate::search::Inferring`], holds that many states at once), for a caller that
    /// bounds the memory of its bots. 0 by default (a plain search keeps none).
    fn expert_worlds() -> u32 {
        0
    }

    /// The narration of the match's opening for a state made by [`crate::Game::new`] and not yet
    /// played (the first deal dealt, who leads), the same events a later deal's start emits, so
    /// that the first deal is narrated like every later one. `new` returns a state only;
    /// callers that narrate (the CLI's play and replay) ask here. The default is none; a state
    /// that is not a fresh match gives none.
    fn opening(_state: &Self::State) -> Vec<Self::Event> {
        Vec::new()
    }

    /// The cards from the mover's hand that `action` puts on the table, discards, exchanges or
    /// exposes, each written as the mover's screen hand writes it (the entries of
    /// [`crate::text::Screen::hand`] of the mover's view), so that a page can offer the action
    /// to a player who selects exactly those cards. Empty for an action that uses no card of
    /// the hand (a pass, a bid, a draw, ending a turn), which is the default. Where the
    /// notation leaves open which of several copies the action takes, these are the copies the
    /// engine takes; [`Catalog::card_key`] says which hand cards are interchangeable. Asked for
    /// legal actions of the seat to move; the conformance harness
    /// (`testing::Check::ActionCards`) checks the cards are in that seat's screen hand and are
    /// the cards the action takes from it.
    fn action_cards(_state: &Self::State, _action: &Self::Action) -> Vec<String> {
        Vec::new()
    }

    /// The class of a card of the mover's screen hand (as [`Catalog::action_cards`] writes
    /// it) for choosing actions by their cards: two hand cards with the same key are
    /// interchangeable in every legal action now, so a selection matches an action when their
    /// cards' keys agree as multisets. The default is the card itself; a game whose actions
    /// name ranks and not suits gives the rank.
    fn card_key(_state: &Self::State, card: &str) -> String {
        card.to_owned()
    }

    /// Every card text a screen of this game may show under any configuration (the cards of
    /// its largest pack, and display forms such as a marked Big Ace `Ac*`), each with what a
    /// page prints on it ([`CardFace`]), so that a page draws the game's cards without knowing
    /// the game. Every entry of [`crate::text::Screen::hand`] of every view should be among
    /// them (`tests/faces.rs` checks it over played deals). The default is the French pack with
    /// both jokers ([`crate::face::french_faces`]).
    fn card_faces() -> Vec<CardFace> {
        crate::face::french_faces()
    }

    /// Whether a page may show the card names in this game's narration inline as cards (chips),
    /// matched by the texts of [`Catalog::card_faces`]: true where no card's text can be
    /// mistaken for a plain number or word. `false` by default.
    const INLINE_CARDS: bool = false;

    /// Reads an action in the game's notation. The default uses `FromStr`; a game whose
    /// notation depends on the position may override it.
    ///
    /// # Errors
    /// A message that says what is wrong with the text.
    fn parse_action(_state: &Self::State, text: &str) -> Result<Self::Action, String> {
        text.trim().parse().map_err(|e| format!("{e}"))
    }

    /// Why an action is refused, as a catalogue message ([`crate::text::Message`]) for a front
    /// end that tells it in the reader's language; `None` (the default) where the game's
    /// refusals are told in English only. Formatted in English, it reads as the error's
    /// `Display`.
    fn refusal(_error: &Self::ActionError) -> Option<crate::text::Message> {
        None
    }

    /// Why a configuration is refused, as a catalogue message (as [`Catalog::refusal`] for an
    /// action); `None` (the default) where the game tells it in English only.
    fn config_refusal(_error: &crate::game::ConfigError<Self>) -> Option<crate::text::Message> {
        None
    }
}

/// What one rule option (a field of a game's configuration) means, in a player's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDoc {
    /// The configuration field, by its serde name, e.g. `hands`.
    pub key: &'static str,
    /// A short label, e.g. `Hands per match`.
    pub label: &'static str,
    /// One line: what the option changes.
    pub explain: &'static str,
    /// For a whole number, the least and the most the game takes.
    pub range: Option<(i64, i64)>,
    /// For a whole number bounded together with another: `(other, n)` when this value and the
    /// other's add up to at most `n` (e.g. the first round and the number of rounds).
    pub sum_at_most: Option<(&'static str, i64)>,
    /// For a choice among names, each value (its serde name) with a label.
    pub choices: &'static [(&'static str, &'static str)],
}

impl OptionDoc {
    /// An option with a label and an explanation, and nothing more known.
    pub const fn new(key: &'static str, label: &'static str, explain: &'static str) -> Self {
        OptionDoc {
            key,
            label,
            explain,
            range: None,
            sum_at_most: None,
            choices: &[],
        }
    }

    /// The same, a whole number from `min` to `max`.
    pub const fn range(self, min: i64, max: i64) -> Self {
        OptionDoc {
            range: Some((min, max)),
            ..self
        }
    }

    /// The same, with this value and `other`'s adding up to at most `n`.
    pub const fn sum_at_most(self, other: &'static str, n: i64) -> Self {
        OptionDoc {
            sum_at_most: Some((other, n)),
            ..self
        }
    }

    /// The same, a choice among these values (serde name, label).
    pub const fn choices(self, choices: &'static [(&'static str, &'static str)]) -> Self {
        OptionDoc { choices, ..self }
    }
}

/// How a game's scores ([`crate::Game::scores`], higher is better) read to a player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scoring {
    /// Points: the scores as they are, higher is better.
    #[default]
    Points,
    /// Penalty points: the scores are their negatives, and lower is better.
    Penalties,
}

/// A game's words for players ([`Catalog::words`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Words {
    /// One entry per rule option, in the configuration's order.
    pub options: &'static [OptionDoc],
    /// How the scores read.
    pub scoring: Scoring,
    /// One line on what a deal scores, e.g. `each card left in hand costs its penalty points`.
    pub scores: &'static str,
}

impl Words {
    /// No words: the default of [`Catalog::words`].
    pub const NONE: Words = Words {
        options: &[],
        scoring: Scoring::Points,
        scores: "",
    };
}

/// The bot a spec describes, reporting under the spec's text: `random`, `heuristic`,
/// `ismcts` from the game's [`Search::search_defaults`] with the spec's settings, or a kind of
/// the game's own ([`Catalog::game_bot`]). A time budget (`ms`) needs a `clock`; this is the
/// one place that checks it. `exec:` programs are run by the `cards` command, not here.
///
/// # Errors
/// `ms` without a clock, an `exec:` spec, or a kind of another game's own (read against
/// another table than `G`'s).
pub fn make_bot<G: Catalog>(
    spec: &BotSpec,
    clock: Option<Clock>,
) -> Result<Box<dyn Bot<G>>, BotSpecError> {
    if spec.millis().is_some() && clock.is_none() {
        return Err(BotSpecError::NeedsClock {
            spec: spec.to_string(),
        });
    }
    match spec {
        BotSpec::Random => Ok(Box::new(RandomBot)),
        BotSpec::Heuristic => Ok(G::heuristic_bot()),
        BotSpec::Ismcts(s) => {
            let bot = Ismcts::<G>::new(s.options(G::search_defaults())).named(spec.to_string());
            Ok(match clock {
                Some(clock) => Box::new(bot.with_clock(clock)),
                None => Box::new(bot),
            })
        }
        BotSpec::Expert { seed } => Ok(Box::new(Named {
            name: spec.to_string(),
            bot: G::expert_bot(*seed),
        })),
        // A kind of another game's own: refused as reading the spec against `G`'s kinds would.
        BotSpec::Own(own) => G::game_bot(own, clock).ok_or_else(|| BotSpecError::UnknownKind {
            kind: own.kind().name.to_owned(),
            known: bot_kinds::<G>()
                .into_iter()
                .chain([EXEC_KIND.name])
                .collect::<Vec<_>>()
                .join(", "),
        }),
        BotSpec::Exec(_) => Err(BotSpecError::NotHere {
            spec: spec.to_string(),
            kind: spec.kind(),
        }),
    }
}

/// A bot reporting under another name (the spec's text), otherwise the bot it wraps.
struct Named<G: Game> {
    name: String,
    bot: Box<dyn Bot<G>>,
}

impl<G: Game> Bot<G> for Named<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &crate::Decision<'_, G>, rng: &mut crate::GameRng) -> usize {
        self.bot.choose(decision, rng)
    }

    fn iterations(&self) -> u64 {
        self.bot.iterations()
    }

    fn observes(&self) -> bool {
        self.bot.observes()
    }

    fn observe(&mut self, seat: crate::Seat, events: &[G::Event]) {
        self.bot.observe(seat, events);
    }

    fn finish(&mut self, seat: crate::Seat, scores: &crate::PerSeat<f64>) {
        self.bot.finish(seat, scores);
    }

    fn faults(&self) -> u64 {
        self.bot.faults()
    }
}

/// Every bot kind `G` offers: [`GENERIC_KINDS`], then the game's own
/// ([`Catalog::game_bot_kinds`]).
pub fn bot_table<G: Catalog>() -> Vec<&'static BotKind> {
    GENERIC_KINDS.iter().chain(G::game_bot_kinds()).collect()
}

/// The names of every bot kind `G` offers ([`bot_table`]).
pub fn bot_kinds<G: Catalog>() -> Vec<&'static str> {
    bot_table::<G>().iter().map(|k| k.name).collect()
}

impl BotSpec {
    /// Reads one spec against the kinds `G` offers ([`bot_table`]) and `exec:`.
    ///
    /// # Errors
    /// As [`BotSpec::parse_with`].
    pub fn parse<G: Catalog>(text: &str) -> Result<BotSpec, BotSpecError> {
        BotSpec::parse_with(text, G::game_bot_kinds())
    }

    /// Reads a comma-separated list of specs against the kinds `G` offers and `exec:`.
    ///
    /// # Errors
    /// As [`BotSpec::parse_list_with`].
    pub fn parse_list<G: Catalog>(text: &str) -> Result<Vec<BotSpec>, BotSpecError> {
        BotSpec::parse_list_with(text, G::game_bot_kinds())
    }
}
