//! One object-safe interface over every [`Game`], so that Python sees one `Game` class: the
//! type-erased game of `cards-kit/src/registry.rs`'s `Entry`, holding a match state instead of
//! describing a game.

use std::any::Any;
use std::sync::Arc;
use std::time::Instant;

use cards_core::rng::{below, rng_from_seed};
use cards_core::{Bot, Decision, GameRng, Seat};
use cards_core::{BotSpec, make_bot};
use serde_json::Value;

use std::fmt::Write as _;

use crate::encode::Encoder;
use crate::space::{ActionIndex, DenseKey, Space};
use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::GameView;

/// A bot of one game with its own random stream, behind `Any` so that one Python class holds
/// the bot of any game; the game it was made for downcasts it back.
pub struct GameBot<G: Catalog> {
    bot: Box<dyn Bot<G>>,
    rng: GameRng,
}

/// What every game offers Python, whatever its types.
pub trait DynGame: Send + Sync {
    /// The game's command-line name.
    fn name(&self) -> &'static str;
    /// The number of players of this match.
    fn players(&self) -> usize;
    /// A copy of the match.
    fn boxed_clone(&self) -> Box<dyn DynGame>;
    /// The seat to move, `None` when the match is over.
    fn to_move(&self) -> Option<usize>;
    /// The legal actions in the engine's order, as notation.
    fn legal(&self) -> Vec<String>;
    /// How many legal actions there are.
    fn legal_len(&self) -> usize;
    /// Applies an action given in notation; the engine's refusal as text.
    fn apply_text(&mut self, text: &str) -> Result<(), String>;
    /// Applies the `i`-th legal action.
    fn apply_index(&mut self, i: usize) -> Result<(), String>;
    /// The view of `seat` as JSON.
    fn view_json(&self, seat: usize) -> Result<Value, String>;
    /// The screen of `seat` (what the CLI shows a player).
    fn screen(&self, seat: usize) -> Result<String, String>;
    /// The match scores so far.
    fn scores(&self) -> Vec<f64>;
    /// The kind of decision now.
    fn phase(&self) -> &'static str;
    /// Every physical card of the pack, by notation.
    fn pack(&self) -> Vec<String>;
    /// The configuration as JSON.
    fn config_json(&self) -> Value;
    /// Writes the observation of `seat` into `out` (of [`DynGame::observation_size`], all
    /// zeros unless [`DynGame::observe_writes_all`]): the game's own fixed layout.
    fn observe(&self, seat: usize, encoder: &Encoder, out: &mut [f32]);
    /// The length of an observation.
    fn observation_size(&self, encoder: &Encoder) -> usize;
    /// Whether [`DynGame::observe`] writes every entry of `out` (so it need not be zeros).
    fn observe_writes_all(&self) -> bool;
    /// The name of the game's encoding (docs/python.md).
    fn observation_encoding(&self) -> &'static str;
    /// The observation's blocks in order: name and length.
    fn observation_layout(&self) -> &'static [(&'static str, usize)];
    /// The length of an action's feature vector.
    fn feature_size(&self) -> usize;
    /// The feature vectors of the legal actions, in the legal list's order, one row of
    /// [`DynGame::feature_size`] each, into `out` (cleared first).
    fn legal_features(&self, out: &mut Vec<f32>);
    /// Another world consistent with what `seat` knows.
    fn determinized(&self, seat: usize, seed: u64) -> Result<Box<dyn DynGame>, String>;
    /// A bot of this game from a spec.
    fn make_bot(&self, spec: &str, seed: u64) -> Result<Box<dyn Any + Send>, String>;
    /// The index in the legal list that `bot` (from [`DynGame::make_bot`] of the same game)
    /// chooses for the seat to move, through a [`Decision`].
    fn choose(&self, bot: &mut (dyn Any + Send)) -> Result<usize, String>;
    /// Starts a new match of the same configuration.
    fn reset(&mut self, seed: u64);
    /// Plays a uniformly random legal action (for benchmarks); false when the match is over.
    fn step_random(&mut self, rng: &mut GameRng) -> bool;
    /// Writes the action mask of the seat to move in `space` (all 0 once the match is over).
    fn mask_into(&self, space: &Space, out: &mut [i8]);
    /// The position in the legal list of the action at index `i` of `space`, if legal now.
    fn space_to_legal(&self, space: &Space, i: usize) -> Option<usize>;
    /// The index in `space` of the legal action at position `j` of the legal list.
    fn legal_to_space(&self, space: &Space, j: usize) -> Option<usize>;
    /// Writes the index in `space` of each legal action, in order, into `out` (`u16::MAX` for
    /// one without an index below `space`'s size, or past `u16`), when `space` is a vocabulary
    /// of this game and `out` has room for the whole legal list; `false` (nothing written) else.
    fn legal_indices_into(&self, space: &Space, out: &mut [u16]) -> bool;
    /// Applies the `i`-th legal action without asking the engine to check it again (it is in
    /// the legal list); the error of [`DynGame::apply_index`] for an index out of the list.
    fn apply_legal(&mut self, i: usize, scratch: &mut Scratch) -> Result<(), String>;
}

/// What a thread stepping many matches lends each of them: the vector that receives the events
/// of an action (which the batch environment does not read), so that a match does not write
/// into a vector of its own, one more line of memory to fetch at every step.
#[derive(Default)]
pub struct Scratch(Option<Box<dyn Any + Send>>);

impl Scratch {
    /// The events vector of a game whose events are `E` (a new one if the last game's differ).
    fn events<E: Send + 'static>(&mut self) -> Option<&mut Vec<E>> {
        let b = self.0.get_or_insert_with(|| Box::new(Vec::<E>::new()));
        if !b.is::<Vec<E>>() {
            *b = Box::new(Vec::<E>::new());
        }
        b.downcast_mut::<Vec<E>>()
    }
}

/// The index of a concrete action in a game's abstract action space, from the state.
pub type Keyer<G> =
    fn(&<G as cards_core::Game>::State, &<G as cards_core::Game>::Action) -> Option<usize>;

/// A game's learning interface: its observation encoder (length and how to write it from what
/// the seat may see), its action features and, for an abstract action space, the index of
/// each concrete action.
pub struct Observer<G: Catalog> {
    /// The name of the encoding (docs/python.md).
    pub name: &'static str,
    /// The length of the observation.
    pub size: usize,
    /// The observation's blocks in order: name and length.
    pub layout: &'static [(&'static str, usize)],
    /// Writes the observation of `seat` (into a zeroed buffer, unless `writes_all`), given the
    /// seat to move: an encoding of what `G::view(state, seat)` holds, and of nothing else.
    pub encode_state: fn(&G::State, Seat, Option<usize>, &mut [f32]),
    /// Whether `encode_state` writes every entry (so the buffer need not be zeroed first).
    pub writes_all: bool,
    /// The length of an action's feature vector.
    pub feature_size: usize,
    /// Writes the features of an action in a state into a zeroed buffer of `feature_size`.
    pub features: fn(&G::State, &G::Action, &mut [f32]),
    /// The index of an action in the game's abstract action space ([`Space::Abstract`]), from
    /// the state; `None` for a vocabulary space.
    pub keyer: Option<Keyer<G>>,
}

impl<G: Catalog> Clone for Observer<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Catalog> Copy for Observer<G> {}

/// A match of `G` with its legal actions kept up to date.
pub struct GameBox<G: Catalog> {
    config: G::Config,
    state: G::State,
    legal: Vec<G::Action>,
    observer: Observer<G>,
    /// The events of the last action (kept to reuse the vector).
    events: Vec<G::Event>,
}

impl<G: Catalog> Clone for GameBox<G> {
    fn clone(&self) -> Self {
        GameBox {
            config: self.config.clone(),
            state: self.state.clone(),
            legal: self.legal.clone(),
            observer: self.observer,
            events: Vec::new(),
        }
    }
}

impl<G: Catalog> GameBox<G>
where
    G::Action: DenseKey,
{
    /// A match of `config` from `seed`.
    pub fn new(config: G::Config, seed: u64, observer: Observer<G>) -> Result<Self, String> {
        let state = G::new(&config, seed).map_err(|e| e.to_string())?;
        Ok(Self::from_state(config, state, observer))
    }

    fn from_state(config: G::Config, state: G::State, observer: Observer<G>) -> Self {
        let mut b = GameBox {
            config,
            state,
            legal: Vec::new(),
            observer,
            events: Vec::new(),
        };
        b.refresh();
        b
    }

    /// Lists the legal actions of the state.
    fn refresh(&mut self) {
        G::legal_actions_into(&self.state, &mut self.legal);
    }

    fn seat(&self, seat: usize) -> Result<Seat, String> {
        let n = self.config.players();
        if seat < n {
            Ok(Seat(seat as u8))
        } else {
            Err(format!(
                "seat {seat} does not exist: this match of {} has seats 0 to {}",
                G::NAME,
                n - 1
            ))
        }
    }

    fn apply_action(&mut self, action: &G::Action) -> Result<(), String> {
        G::check(&self.state, action).map_err(|e| e.to_string())?;
        self.events.clear();
        G::apply_unchecked(&mut self.state, action, &mut self.events);
        self.refresh();
        Ok(())
    }
}

impl<G: Catalog> DynGame for GameBox<G>
where
    G::Event: Send + Sync + 'static,
    G::Action: DenseKey,
{
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn players(&self) -> usize {
        self.config.players()
    }
    fn boxed_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
    fn to_move(&self) -> Option<usize> {
        G::to_move(&self.state).map(Seat::index)
    }
    fn legal(&self) -> Vec<String> {
        self.legal.iter().map(ToString::to_string).collect()
    }
    fn legal_len(&self) -> usize {
        self.legal.len()
    }
    fn apply_text(&mut self, text: &str) -> Result<(), String> {
        if G::to_move(&self.state).is_none() {
            return Err("the match is over: no action is legal".to_owned());
        }
        let action = G::parse_action(&self.state, text)
            .map_err(|e| format!("cannot read {text:?} as an action of {}: {e}", G::NAME))?;
        self.apply_action(&action)
    }
    fn apply_index(&mut self, i: usize) -> Result<(), String> {
        match self.legal.get(i) {
            Some(a) => {
                let a = a.clone();
                self.apply_action(&a)
            }
            None if self.legal.is_empty() => {
                Err("the match is over: no action is legal".to_owned())
            }
            None => Err(format!(
                "action index {i} is not legal: there are {} legal actions (indices 0 to {})",
                self.legal.len(),
                self.legal.len() - 1
            )),
        }
    }
    fn view_json(&self, seat: usize) -> Result<Value, String> {
        let seat = self.seat(seat)?;
        serde_json::to_value(G::view(&self.state, seat)).map_err(|e| e.to_string())
    }
    fn screen(&self, seat: usize) -> Result<String, String> {
        let seat = self.seat(seat)?;
        Ok(G::view(&self.state, seat).screen().to_string())
    }
    fn scores(&self) -> Vec<f64> {
        G::scores(&self.state).0
    }
    fn phase(&self) -> &'static str {
        self.state.phase()
    }
    fn pack(&self) -> Vec<String> {
        self.config.pack()
    }
    fn config_json(&self) -> Value {
        serde_json::to_value(&self.config).unwrap_or(Value::Null)
    }
    fn observe(&self, seat: usize, _: &Encoder, out: &mut [f32]) {
        let Ok(s) = self.seat(seat) else {
            out.fill(0.0);
            return;
        };
        (self.observer.encode_state)(&self.state, s, self.to_move(), out);
    }
    fn observation_size(&self, _: &Encoder) -> usize {
        self.observer.size
    }
    fn observation_encoding(&self) -> &'static str {
        self.observer.name
    }
    fn observe_writes_all(&self) -> bool {
        self.observer.writes_all
    }
    fn feature_size(&self) -> usize {
        self.observer.feature_size
    }
    fn observation_layout(&self) -> &'static [(&'static str, usize)] {
        self.observer.layout
    }
    fn legal_features(&self, out: &mut Vec<f32>) {
        let f = self.observer.feature_size;
        out.clear();
        out.resize(self.legal.len() * f, 0.0);
        for (a, row) in self.legal.iter().zip(out.chunks_exact_mut(f.max(1))) {
            (self.observer.features)(&self.state, a, row);
        }
    }
    fn determinized(&self, seat: usize, seed: u64) -> Result<Box<dyn DynGame>, String> {
        let seat = self.seat(seat)?;
        let mut rng = rng_from_seed(seed);
        let state = self.state.determinize(seat, &mut rng);
        Ok(Box::new(Self::from_state(
            self.config.clone(),
            state,
            self.observer,
        )))
    }
    fn make_bot(&self, spec: &str, seed: u64) -> Result<Box<dyn Any + Send>, String> {
        let spec = BotSpec::parse::<G>(spec).map_err(|e| e.to_string())?;
        let clock = spec.millis().map(|_| {
            let start = Instant::now();
            Arc::new(move || start.elapsed()) as cards_core::search::Clock
        });
        let bot = make_bot::<G>(&spec, clock).map_err(|e| e.to_string())?;
        Ok(Box::new(GameBot::<G> {
            bot,
            rng: rng_from_seed(seed),
        }))
    }
    fn choose(&self, bot: &mut (dyn Any + Send)) -> Result<usize, String> {
        let Some(bot) = bot.downcast_mut::<GameBot<G>>() else {
            return Err(format!(
                "this bot was made for another game, not {}",
                G::NAME
            ));
        };
        let Some(seat) = G::to_move(&self.state) else {
            return Err("the match is over: there is nothing to choose".to_owned());
        };
        let decision = Decision::<G>::new(&self.state, seat, &self.legal);
        let i = bot.bot.choose(&decision, &mut bot.rng);
        Ok(i.min(self.legal.len() - 1))
    }
    fn reset(&mut self, seed: u64) {
        if let Ok(state) = G::new(&self.config, seed) {
            self.state = state;
            self.refresh();
        }
    }
    fn mask_into(&self, space: &Space, out: &mut [i8]) {
        out.fill(0);
        match space {
            Space::Abstract { .. } => {
                if let Some(key) = self.observer.keyer {
                    for a in &self.legal {
                        if let Some(m) = key(&self.state, a).and_then(|i| out.get_mut(i)) {
                            *m = 1;
                        }
                    }
                }
            }
            Space::Vocab { typed, .. } if typed.is::<ActionIndex<G::Action>>() => {
                if let Some(map) = typed.downcast_ref::<ActionIndex<G::Action>>() {
                    for a in &self.legal {
                        if let Some(m) = map.get(a).and_then(|i| out.get_mut(i)) {
                            *m = 1;
                        }
                    }
                }
            }
            Space::Vocab { index, .. } => {
                let mut buf = String::new();
                for a in &self.legal {
                    buf.clear();
                    let _ = write!(buf, "{a}");
                    if let Some(&i) = index.get(buf.as_str()) {
                        if let Some(m) = out.get_mut(i) {
                            *m = 1;
                        }
                    }
                }
            }
        }
    }
    fn space_to_legal(&self, space: &Space, i: usize) -> Option<usize> {
        match space {
            Space::Abstract { .. } => {
                let key = self.observer.keyer?;
                self.legal
                    .iter()
                    .position(|a| key(&self.state, a) == Some(i))
            }
            Space::Vocab { typed, .. } if typed.is::<ActionIndex<G::Action>>() => {
                let map = typed.downcast_ref::<ActionIndex<G::Action>>()?;
                self.legal.iter().position(|a| map.get(a) == Some(i))
            }
            Space::Vocab { words, .. } => {
                let word = words.get(i)?;
                let mut buf = String::new();
                self.legal.iter().position(|a| {
                    buf.clear();
                    let _ = write!(buf, "{a}");
                    buf == *word
                })
            }
        }
    }
    fn legal_to_space(&self, space: &Space, j: usize) -> Option<usize> {
        let a = self.legal.get(j)?;
        match space {
            Space::Abstract { .. } => self.observer.keyer.and_then(|key| key(&self.state, a)),
            Space::Vocab { typed, index, .. } => {
                match typed.downcast_ref::<ActionIndex<G::Action>>() {
                    Some(map) => map.get(a),
                    None => index.get(a.to_string().as_str()).copied(),
                }
            }
        }
    }
    fn step_random(&mut self, rng: &mut GameRng) -> bool {
        if self.legal.is_empty() {
            return false;
        }
        let i = below(rng, self.legal.len() as u64) as usize;
        let a = self.legal[i].clone();
        self.events.clear();
        G::apply_unchecked(&mut self.state, &a, &mut self.events);
        self.refresh();
        true
    }
    fn legal_indices_into(&self, space: &Space, out: &mut [u16]) -> bool {
        let typed = match space {
            Space::Vocab { typed, .. } => typed,
            Space::Abstract { .. } => {
                let (Some(key), Some(out)) = (self.observer.keyer, out.get_mut(..self.legal.len()))
                else {
                    return false;
                };
                for (o, a) in out.iter_mut().zip(&self.legal) {
                    *o = key(&self.state, a)
                        .and_then(|i| u16::try_from(i).ok())
                        .unwrap_or(u16::MAX);
                }
                return true;
            }
        };
        let map = typed.downcast_ref::<ActionIndex<G::Action>>();
        let (Some(map), Some(out)) = (map, out.get_mut(..self.legal.len())) else {
            return false;
        };
        // Every legal action has its index (the vocabulary tests check it); one that had none
        // would get u16::MAX, which no mask allows. A vocabulary's indices are below its size.
        for (o, a) in out.iter_mut().zip(&self.legal) {
            *o = map.get_u16(a);
        }
        true
    }
    fn apply_legal(&mut self, i: usize, scratch: &mut Scratch) -> Result<(), String> {
        let Some(a) = self.legal.get(i).cloned() else {
            return self.apply_index(i);
        };
        let events = scratch.events::<G::Event>().unwrap_or(&mut self.events);
        events.clear();
        G::apply_unchecked(&mut self.state, &a, events);
        self.refresh();
        Ok(())
    }
}

/// What Python may know of a game before opening one.
pub struct Info {
    /// Command-line name.
    pub name: &'static str,
    /// Title.
    pub title: &'static str,
    /// One line of description.
    pub description: &'static str,
    /// The player counts allowed.
    pub min_players: usize,
    /// The player counts allowed.
    pub max_players: usize,
    /// The default player count.
    pub default_players: usize,
    /// Whether every finished match's scores add to zero.
    pub zero_sum: bool,
    /// The variant options: key, default (JSON text).
    pub options: Vec<(String, String)>,
    /// The bot kinds.
    pub bots: Vec<&'static str>,
    /// Rules text.
    pub rules: &'static str,
}

fn info<G: Catalog>() -> Info {
    let options = match serde_json::to_value(G::Config::default()) {
        Ok(Value::Object(map)) => map
            .into_iter()
            .filter(|(k, _)| k != "players")
            .map(|(k, v)| (k, v.to_string()))
            .collect(),
        _ => Vec::new(),
    };
    Info {
        name: G::NAME,
        title: G::TITLE,
        description: G::DESCRIPTION,
        min_players: *G::PLAYERS.start(),
        max_players: *G::PLAYERS.end(),
        default_players: G::Config::default().players(),
        zero_sum: G::ZERO_SUM,
        options,
        bots: cards_core::catalog::bot_kinds::<G>(),
        rules: G::rules(),
    }
}

fn open_einer(
    players: Option<usize>,
    options: &[(String, String)],
    single_deal: bool,
    seed: u64,
) -> Result<Box<dyn DynGame>, String> {
    open_with::<game_einer_ist_immer::EinerIstImmer>(
        players,
        options,
        single_deal,
        seed,
        Observer {
            name: "einer-ist-immer",
            size: crate::encode_einer::SIZE,
            layout: crate::encode_einer::LAYOUT,
            encode_state: crate::encode_einer::encode_state,
            writes_all: true,
            feature_size: crate::features::EINER,
            features: crate::features::einer,
            keyer: None,
        },
    )
}

fn open_rummy(
    players: Option<usize>,
    options: &[(String, String)],
    single_deal: bool,
    seed: u64,
) -> Result<Box<dyn DynGame>, String> {
    open_with::<game_contract_rummy::ContractRummy>(
        players,
        options,
        single_deal,
        seed,
        Observer {
            name: "contract-rummy",
            size: crate::encode_rummy::SIZE,
            layout: crate::encode_rummy::LAYOUT,
            encode_state: crate::encode_rummy::encode_state,
            writes_all: false,
            feature_size: crate::features::RUMMY,
            features: crate::features::rummy,
            keyer: Some(crate::space::rummy::key),
        },
    )
}

fn open_big_a(
    players: Option<usize>,
    options: &[(String, String)],
    single_deal: bool,
    seed: u64,
) -> Result<Box<dyn DynGame>, String> {
    open_with::<game_big_a::BigA>(
        players,
        options,
        single_deal,
        seed,
        Observer {
            name: "big-a",
            size: crate::encode_biga::SIZE,
            layout: crate::encode_biga::LAYOUT,
            encode_state: crate::encode_biga::encode_state,
            writes_all: false,
            feature_size: crate::features::BIG_A,
            features: crate::features::big_a,
            keyer: None,
        },
    )
}

fn open_gka(
    players: Option<usize>,
    options: &[(String, String)],
    single_deal: bool,
    seed: u64,
) -> Result<Box<dyn DynGame>, String> {
    open_with::<game_grosse_kleine_a::GrosseKleineA>(
        players,
        options,
        single_deal,
        seed,
        Observer {
            name: "grosse-kleine-a",
            size: crate::encode_gka::SIZE,
            layout: crate::encode_gka::LAYOUT,
            encode_state: crate::encode_gka::encode_state,
            writes_all: false,
            feature_size: crate::features::GKA,
            features: crate::features::gka,
            keyer: None,
        },
    )
}

fn open_cego(
    players: Option<usize>,
    options: &[(String, String)],
    single_deal: bool,
    seed: u64,
) -> Result<Box<dyn DynGame>, String> {
    open_with::<game_cego::Cego>(
        players,
        options,
        single_deal,
        seed,
        Observer {
            name: "cego",
            size: crate::encode_cego::SIZE,
            layout: crate::encode_cego::LAYOUT,
            encode_state: crate::encode_cego::encode_state,
            writes_all: false,
            feature_size: crate::features::CEGO,
            features: crate::features::cego,
            keyer: None,
        },
    )
}

fn open_with<G: Catalog>(
    players: Option<usize>,
    options: &[(String, String)],
    single_deal: bool,
    seed: u64,
    observer: Observer<G>,
) -> Result<Box<dyn DynGame>, String>
where
    G::Event: Send + Sync + 'static,
    G::Action: DenseKey,
{
    let mut config = match players {
        Some(n) => G::Config::for_players(n).map_err(|e| e.to_string())?,
        None => G::Config::default(),
    };
    config = crate::options::apply::<G>(config, options)?;
    if single_deal {
        config = config.single_deal();
    }
    Ok(Box::new(GameBox::<G>::new(config, seed, observer)?))
}

type Opener = fn(Option<usize>, &[(String, String)], bool, u64) -> Result<Box<dyn DynGame>, String>;

/// Every game: its description and how to open a match.
pub fn registry() -> Vec<(Info, Opener)> {
    vec![
        (
            info::<game_grosse_kleine_a::GrosseKleineA>(),
            open_gka as Opener,
        ),
        (info::<game_big_a::BigA>(), open_big_a),
        (info::<game_einer_ist_immer::EinerIstImmer>(), open_einer),
        (info::<game_contract_rummy::ContractRummy>(), open_rummy),
        (info::<game_cego::Cego>(), open_cego),
    ]
}

/// The names of every game, in the registry's order.
pub fn names() -> Vec<&'static str> {
    registry().into_iter().map(|(i, _)| i.name).collect()
}

/// Opens a match of the game `name`.
///
/// # Errors
/// An unknown game, player count or option, or a configuration the game refuses.
pub fn open_by_name(
    name: &str,
    players: Option<usize>,
    options: &[(String, String)],
    single_deal: bool,
    seed: u64,
) -> Result<Box<dyn DynGame>, String> {
    let name = name.replace('_', "-");
    match registry().into_iter().find(|(i, _)| i.name == name) {
        Some((_, opener)) => opener(players, options, single_deal, seed),
        None => Err(format!(
            "unknown game {name:?}; the games: {}",
            names().join(", ")
        )),
    }
}

/// The description of the game `name`.
pub fn info_by_name(name: &str) -> Result<Info, String> {
    let name = name.replace('_', "-");
    registry()
        .into_iter()
        .find(|(i, _)| i.name == name)
        .map(|(i, _)| i)
        .ok_or_else(|| format!("unknown game {name:?}; the games: {}", names().join(", ")))
}
