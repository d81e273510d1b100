//! Deliberately broken wrappers around a real game, one per harness check, to show that each
//! check catches what it is meant to catch.

use std::fmt;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

use cards_core::bot::Bot;
use cards_core::{
    Catalog, Decision, Example, Game, GameConfig, GameRng, GameState, PerSeat, Search, Seat,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Which contract the wrapper breaks.
pub mod mode {
    /// The legal list comes out reversed (unsorted).
    pub const UNSORTED: u8 = 1;
    /// `check` refuses the last listed action.
    pub const LISTED_REFUSED: u8 = 2;
    /// Notation does not parse back to the same action.
    pub const BAD_NOTATION: u8 = 3;
    /// `check` accepts anything.
    pub const ACCEPTS_ALL: u8 = 4;
    /// The census loses a card.
    pub const LOSES_CARD: u8 = 5;
    /// State carries a field serde skips.
    pub const SERDE_LOSSY: u8 = 6;
    /// A clone differs from its original.
    pub const CLONE_DIFFERS: u8 = 7;
    /// `new` reads hidden global state.
    pub const NONDETERMINISTIC: u8 = 8;
    /// A seat's view shows the next seat's cards.
    pub const LEAKS: u8 = 9;
    /// Declares zero-sum scores that are not.
    pub const SCORE_SUM: u8 = 10;
    /// Declares a maximum match length that is too small.
    pub const TOO_LONG: u8 = 11;
    /// Writes a tag beside the real state, reads it back unchecked, and panics on a tag no
    /// state it makes ever has.
    pub const TRUSTS_INPUT: u8 = 12;
    /// `determinize` returns a state that does not read back (its tag is not written).
    pub const DETERMINIZES_UNREADABLE: u8 = 13;
    /// The heuristic bot reads the true state through a back door (a global the game writes
    /// whenever it lists legal actions) and lets the hidden cards steer its choice.
    pub const PEEKS: u8 = 14;
    /// The heuristic bot is honest, but the game's own bot kind `peeker` (registered through
    /// `Catalog::game_bot_kinds` and `Catalog::game_bot_check_specs`) reads the back door.
    pub const OWN_KIND_PEEKS: u8 = 15;
    /// The game registers a check spec its own bot factory refuses (`ismcts:iters=zero`).
    pub const BAD_CHECK_SPEC: u8 = 16;
}

/// The back door of [`mode::PEEKS`]: a hash of the last state whose legal actions were listed.
static PEEK: AtomicU64 = AtomicU64::new(0);

fn hash_of<T: Serialize>(value: &T) -> u64 {
    let text = serde_json::to_string(value).unwrap_or_default();
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The serialized form of the [`mode::TRUSTS_INPUT`] wrapper: the tag beside the real state.
#[derive(Serialize, Deserialize)]
struct Tagged<S> {
    tag: u32,
    inner: S,
}

/// A broken wrapper around `G`.
#[derive(Debug)]
pub struct Broken<G, const MODE: u8>(PhantomData<G>);

/// The wrapper's configuration: the real game's, with its own bound on a match's length
/// ([`mode::TOO_LONG`]).
pub struct WConfig<G: Catalog, const MODE: u8>(pub G::Config);

impl<G: Catalog, const MODE: u8> fmt::Debug for WConfig<G, MODE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: Catalog, const MODE: u8> Clone for WConfig<G, MODE> {
    fn clone(&self) -> Self {
        WConfig(self.0.clone())
    }
}

impl<G: Catalog, const MODE: u8> Default for WConfig<G, MODE> {
    fn default() -> Self {
        WConfig(G::Config::default())
    }
}

impl<G: Catalog, const MODE: u8> PartialEq for WConfig<G, MODE> {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<G: Catalog, const MODE: u8> Serialize for WConfig<G, MODE> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, G: Catalog, const MODE: u8> Deserialize<'de> for WConfig<G, MODE> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        G::Config::deserialize(d).map(WConfig)
    }
}

impl<G: Catalog, const MODE: u8> GameConfig for WConfig<G, MODE> {
    type Error = cards_core::ConfigError<G>;

    fn for_players(players: usize) -> Result<Self, Self::Error> {
        G::Config::for_players(players).map(WConfig)
    }
    fn players(&self) -> usize {
        self.0.players()
    }
    fn single_deal(&self) -> Self {
        WConfig(self.0.single_deal())
    }
    fn pack(&self) -> Vec<String> {
        self.0.pack()
    }
    fn max_actions(&self) -> usize {
        if MODE == mode::TOO_LONG {
            5
        } else {
            self.0.max_actions()
        }
    }
}

/// The wrapper's state: the real state and a tag that some modes use.
pub struct WState<G: Catalog, const MODE: u8> {
    inner: G::State,
    tag: u32,
    config: WConfig<G, MODE>,
}

impl<G: Catalog, const MODE: u8> WState<G, MODE> {
    fn of(inner: G::State, tag: u32) -> Self {
        let config = WConfig(inner.config().clone());
        WState { inner, tag, config }
    }
}

impl<G: Catalog, const MODE: u8> fmt::Debug for WState<G, MODE> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("WState")
            .field("tag", &self.tag)
            .finish_non_exhaustive()
    }
}

impl<G: Catalog, const MODE: u8> Clone for WState<G, MODE> {
    fn clone(&self) -> Self {
        WState::of(
            self.inner.clone(),
            self.tag + u32::from(MODE == mode::CLONE_DIFFERS),
        )
    }
}

impl<G: Catalog, const MODE: u8> PartialEq for WState<G, MODE> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner && self.tag == other.tag
    }
}

impl<G: Catalog, const MODE: u8> Serialize for WState<G, MODE> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if MODE == mode::TRUSTS_INPUT {
            return Tagged {
                tag: self.tag,
                inner: &self.inner,
            }
            .serialize(s);
        }
        // The tag is not written: lossy whenever it is non-zero.
        self.inner.serialize(s)
    }
}

impl<'de, G: Catalog, const MODE: u8> Deserialize<'de> for WState<G, MODE> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if MODE == mode::TRUSTS_INPUT {
            let Tagged { tag, inner } = Tagged::deserialize(d)?;
            return Ok(WState::of(inner, tag));
        }
        Ok(WState::of(G::State::deserialize(d)?, 0))
    }
}

/// Why the wrapper refuses an action.
#[derive(Debug, thiserror::Error)]
pub enum WError<E: std::error::Error + 'static> {
    /// The real game's refusal.
    #[error(transparent)]
    Inner(E),
    /// The wrapper's own (wrong) refusal.
    #[error("refused by the broken wrapper")]
    Broken,
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

struct WBot<G: Catalog>(Box<dyn Bot<G>>);

impl<G: Catalog, const MODE: u8> Bot<Broken<G, MODE>> for WBot<G> {
    fn name(&self) -> &str {
        self.0.name()
    }
    fn choose(&mut self, decision: &Decision<'_, Broken<G, MODE>>, _rng: &mut GameRng) -> usize {
        if MODE == mode::PEEKS {
            (PEEK.load(Ordering::Relaxed) % decision.legal().len() as u64) as usize
        } else {
            0
        }
    }
}

/// The game's own bot kind of [`mode::OWN_KIND_PEEKS`]: it reads the back door.
struct Peeker;

impl<G: Catalog, const MODE: u8> Bot<Broken<G, MODE>> for Peeker {
    fn name(&self) -> &str {
        "peeker"
    }
    fn choose(&mut self, decision: &Decision<'_, Broken<G, MODE>>, _rng: &mut GameRng) -> usize {
        (PEEK.load(Ordering::Relaxed) % decision.legal().len() as u64) as usize
    }
}

impl<G: Catalog, const MODE: u8> cards_core::GameState for WState<G, MODE> {
    type Config = WConfig<G, MODE>;

    fn config(&self) -> &WConfig<G, MODE> {
        &self.config
    }
    fn census(&self) -> Vec<String> {
        let mut c = self.inner.census();
        if MODE == mode::LOSES_CARD {
            c.pop();
        }
        c
    }
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self {
        WState::of(
            self.inner.determinize(seat, rng),
            self.tag + u32::from(MODE == mode::DETERMINIZES_UNREADABLE),
        )
    }
    fn phase(&self) -> &'static str {
        self.inner.phase()
    }
    fn new_seeded(
        config: &WConfig<G, MODE>,
        seed: cards_core::Seed,
    ) -> Result<Self, <WConfig<G, MODE> as GameConfig>::Error> {
        Ok(WState::of(G::State::new_seeded(&config.0, seed)?, 0))
    }
    fn deals_finished(&self) -> u32 {
        self.inner.deals_finished()
    }
}

impl<G: Catalog, const MODE: u8> Search for Broken<G, MODE> {
    fn heuristic_bot() -> Box<dyn Bot<Self>> {
        Box::new(WBot(G::heuristic_bot()))
    }
}

impl<G: Catalog, const MODE: u8> cards_core::Catalog for Broken<G, MODE> {
    fn examples() -> Vec<Example> {
        Vec::new()
    }

    const NAME: &'static str = G::NAME;
    const TITLE: &'static str = G::TITLE;
    const DESCRIPTION: &'static str = G::DESCRIPTION;
    const PLAYERS: std::ops::RangeInclusive<usize> = G::PLAYERS;
    const ZERO_SUM: bool = G::ZERO_SUM || MODE == mode::SCORE_SUM;

    fn rules() -> &'static str {
        G::rules()
    }

    fn parse_action(state: &Self::State, text: &str) -> Result<Self::Action, String> {
        if MODE == mode::BAD_NOTATION {
            if let Some(first) = G::legal_actions(&state.inner).into_iter().next() {
                return Ok(first);
            }
        }
        G::parse_action(&state.inner, text)
    }

    fn game_bot_kinds() -> &'static [cards_core::BotKind] {
        if MODE == mode::OWN_KIND_PEEKS {
            &[cards_core::BotKind {
                name: "peeker",
                about: "reads the hidden cards through a back door",
                keys: &[],
            }]
        } else {
            &[]
        }
    }

    fn game_bot_check_specs() -> &'static [&'static str] {
        if MODE == mode::OWN_KIND_PEEKS {
            &["peeker"]
        } else if MODE == mode::BAD_CHECK_SPEC {
            &["ismcts:iters=zero"]
        } else {
            &[]
        }
    }

    fn game_bot(
        spec: &cards_core::OwnSpec,
        _clock: Option<cards_core::search::Clock>,
    ) -> Option<Box<dyn Bot<Self>>> {
        (MODE == mode::OWN_KIND_PEEKS && spec.kind().name == "peeker")
            .then(|| Box::new(Peeker) as Box<dyn Bot<Self>>)
    }
}

impl<G: Catalog, const MODE: u8> Game for Broken<G, MODE> {
    type Config = WConfig<G, MODE>;
    type State = WState<G, MODE>;
    type Action = G::Action;
    type View = G::View;
    type Event = G::Event;
    type ActionError = WError<G::ActionError>;

    fn new(config: &Self::Config, seed: u64) -> Result<Self::State, cards_core::ConfigError<Self>> {
        let seed = if MODE == mode::NONDETERMINISTIC {
            seed ^ COUNTER.fetch_add(1, Ordering::Relaxed)
        } else {
            seed
        };
        Ok(WState::of(G::new(&config.0, seed)?, 0))
    }
    fn to_move(state: &Self::State) -> Option<Seat> {
        if MODE == mode::TRUSTS_INPUT {
            // Stands for an engine indexing with a field it never checked.
            assert_eq!(state.tag, 0, "a tag no state of this game has");
        }
        G::to_move(&state.inner)
    }
    fn legal_actions_into(state: &Self::State, out: &mut Vec<Self::Action>) {
        G::legal_actions_into(&state.inner, out);
        if MODE == mode::PEEKS || MODE == mode::OWN_KIND_PEEKS {
            PEEK.store(hash_of(&state.inner), Ordering::Relaxed);
        }
        if MODE == mode::UNSORTED {
            out.reverse();
        }
    }
    fn check(state: &Self::State, action: &Self::Action) -> Result<(), Self::ActionError> {
        if MODE == mode::ACCEPTS_ALL {
            return Ok(());
        }
        if MODE == mode::LISTED_REFUSED && G::legal_actions(&state.inner).last() == Some(action) {
            return Err(WError::Broken);
        }
        G::check(&state.inner, action).map_err(WError::Inner)
    }
    fn apply_unchecked(
        state: &mut Self::State,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    ) {
        if MODE == mode::SERDE_LOSSY {
            state.tag += 1;
        }
        if G::check(&state.inner, action).is_ok() {
            G::apply_unchecked(&mut state.inner, action, events);
        }
    }
    fn view(state: &Self::State, seat: Seat) -> Self::View {
        if MODE == mode::LEAKS {
            let players = state.inner.config().players();
            G::view(
                &state.inner,
                seat.next(players, cards_core::Direction::Clockwise),
            )
        } else {
            G::view(&state.inner, seat)
        }
    }
    fn scores(state: &Self::State) -> PerSeat<f64> {
        let mut s = G::scores(&state.inner);
        if MODE == mode::SCORE_SUM {
            s.0[0] += 1.0;
        }
        s
    }
}
