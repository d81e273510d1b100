//! `cards_engines._native`: the Rust side of the Python package `cards_engines`.
//!
//! - [`engine`]: one object-safe interface over every game (a match, its legal actions as
//!   notation, views, bots through the `Decision` boundary).
//! - [`options`]: variant options `KEY=VALUE` applied to a game's serde `Config` as the CLI does.
//! - `encode` and `encode_*`: the observation of a seat in each game's fixed layout, from its
//!   view alone.
//! - `space`: each game's fixed action space; `features`: each action's feature vector.
//! - [`batch`]: N matches stepped in Rust across threads with the GIL released.
//!
//! Every refusal (a bad name, option, seat, action or bot spec) is a Python exception carrying
//! the engine's message; nothing here panics on input.

use std::sync::Mutex;

use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

mod batch;
mod encode;
mod encode_biga;
mod encode_cego;
mod encode_einer;
mod encode_gka;
mod encode_rummy;
mod engine;
mod features;
mod options;
mod rows;
mod space;

use encode::Encoder;
use engine::DynGame;
use space::Space;
use std::sync::Arc;

create_exception!(
    _native,
    IllegalActionError,
    PyValueError,
    "An action the engine refuses (its message names the broken rule)."
);
create_exception!(
    _native,
    ConfigError,
    PyValueError,
    "An unknown game, player count or variant option, or a configuration the game refuses."
);
create_exception!(
    _native,
    BotError,
    PyValueError,
    "A bot spec the game refuses, or a bot used with another game."
);

/// Reads options given as a dict `{key: value}` or a list of `"KEY=VALUE"` strings; values that
/// are not strings are written as JSON.
fn read_options(options: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, String)>> {
    let Some(options) = options else {
        return Ok(Vec::new());
    };
    if options.is_none() {
        return Ok(Vec::new());
    }
    let py = options.py();
    let json = py.import("json")?;
    if let Ok(dict) = options.cast::<PyDict>() {
        let mut out = Vec::new();
        for (k, v) in dict.iter() {
            let key: String = k.extract()?;
            let value: String = match v.extract::<String>() {
                Ok(s) => s,
                Err(_) => json.call_method1("dumps", (v,))?.extract()?,
            };
            out.push((key, value));
        }
        return Ok(out);
    }
    if let Ok(list) = options.extract::<Vec<String>>() {
        return list
            .into_iter()
            .map(|o| {
                o.split_once('=')
                    .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
                    .filter(|(k, v)| !k.is_empty() && !v.is_empty())
                    .ok_or_else(|| ConfigError::new_err(format!("option {o:?}: write KEY=VALUE")))
            })
            .collect();
    }
    Err(ConfigError::new_err(
        "options are a dict {key: value} or a list of \"KEY=VALUE\" strings",
    ))
}

fn to_python(py: Python<'_>, value: &serde_json::Value) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(value).map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

/// A match of one of the games: its state (hidden cards included) stays in Rust; Python reads
/// what a seat may see through `view`, `observation` and `action_mask`.
#[pyclass(module = "cards_engines._native", name = "Game")]
struct PyGame {
    inner: Box<dyn DynGame>,
    encoder: Encoder,
    space: Arc<Space>,
    seed: u64,
}

impl PyGame {
    fn wrap(inner: Box<dyn DynGame>, seed: u64) -> Self {
        let encoder = Encoder::new(&inner.pack());
        let space = space::space(inner.name());
        PyGame {
            inner,
            encoder,
            space,
            seed,
        }
    }

    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat < self.inner.players() {
            Ok(())
        } else {
            Err(PyValueError::new_err(format!(
                "seat {seat} does not exist: this match has seats 0 to {}",
                self.inner.players() - 1
            )))
        }
    }
}

#[pymethods]
impl PyGame {
    /// Opens a match of `name` (see `games()`), with `players` (default: the game's), a `seed`
    /// and variant `options` (the keys of the CLI's `--option`). `single_deal=True` plays a
    /// match of one deal.
    #[new]
    #[pyo3(signature = (name, players=None, seed=0, options=None, single_deal=false))]
    fn new(
        name: &str,
        players: Option<usize>,
        seed: u64,
        options: Option<&Bound<'_, PyAny>>,
        single_deal: bool,
    ) -> PyResult<Self> {
        let options = read_options(options)?;
        let inner = engine::open_by_name(name, players, &options, single_deal, seed)
            .map_err(ConfigError::new_err)?;
        Ok(PyGame::wrap(inner, seed))
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }

    /// The number of players.
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }

    /// The seed the match was opened with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The seat to move, or None when the match is over.
    #[getter]
    fn to_move(&self) -> Option<usize> {
        self.inner.to_move()
    }

    /// Whether the match is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.to_move().is_none()
    }

    /// The match scores so far, one per seat, higher is better.
    #[getter]
    fn scores(&self) -> Vec<f64> {
        self.inner.scores()
    }

    /// The kind of decision now (public), e.g. `auction` or `play`.
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase()
    }

    /// Every physical card of the pack, by notation.
    #[getter]
    fn pack(&self) -> Vec<String> {
        self.inner.pack()
    }

    /// The configuration the match was opened with, as a dict.
    #[getter]
    fn config(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        to_python(py, &self.inner.config_json())
    }

    /// The legal actions of the seat to move, in notation, in the engine's order (empty once
    /// the match is over).
    fn legal_actions(&self) -> Vec<String> {
        self.inner.legal()
    }

    /// Applies an action given in notation; raises IllegalActionError with the engine's reason
    /// when it is refused (the match is then unchanged).
    fn apply(&mut self, action: &str) -> PyResult<()> {
        self.inner
            .apply_text(action)
            .map_err(IllegalActionError::new_err)
    }

    /// Applies the action at `index` of the game's action space (docs/python.md).
    fn apply_index(&mut self, index: usize) -> PyResult<()> {
        match self.inner.space_to_legal(&self.space, index) {
            Some(j) => self
                .inner
                .apply_index(j)
                .map_err(IllegalActionError::new_err),
            None if self.inner.to_move().is_none() => Err(IllegalActionError::new_err(
                "the match is over: no action is legal",
            )),
            None => Err(IllegalActionError::new_err(format!(
                "action index {index} is not legal now ({}; the mask allows {} indices)",
                match self.space.words().get(index) {
                    Some(word) => format!("it is {word:?}"),
                    None if index >= self.space.size() => {
                        format!("the action space has {} indices", self.space.size())
                    }
                    None => "no action".to_owned(),
                },
                self.inner.legal_len().min(self.space.size())
            ))),
        }
    }

    /// What `seat` may see, as a dict (the engine's serde view).
    fn view(&self, py: Python<'_>, seat: usize) -> PyResult<Py<PyAny>> {
        let v = self.inner.view_json(seat).map_err(PyValueError::new_err)?;
        to_python(py, &v)
    }

    /// The screen `seat` sees, as the CLI prints it.
    fn screen(&self, seat: usize) -> PyResult<String> {
        self.inner.screen(seat).map_err(PyValueError::new_err)
    }

    /// A copy of the match.
    fn clone(&self) -> Self {
        PyGame {
            inner: self.inner.boxed_clone(),
            encoder: self.encoder.clone(),
            space: self.space.clone(),
            seed: self.seed,
        }
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// Another match consistent with everything `seat` knows, the cards it cannot see dealt
    /// anew from `seed` (the engine's determinization).
    #[pyo3(signature = (seat, seed=0))]
    fn determinize(&self, seat: usize, seed: u64) -> PyResult<Self> {
        let inner = self
            .inner
            .determinized(seat, seed)
            .map_err(PyValueError::new_err)?;
        Ok(PyGame {
            inner,
            encoder: self.encoder.clone(),
            space: self.space.clone(),
            seed: self.seed,
        })
    }

    /// The size of the action space (see docs/python.md).
    #[getter]
    fn action_size(&self) -> usize {
        self.space.size()
    }

    /// `"vocabulary"` (index i is always the same action, by its notation) or `"abstract"`
    /// (index i is always the same abstract action, e.g. a set of 8s of four cards; it applies
    /// the first legal concrete action of it in the engine's order). docs/python.md.
    #[getter]
    fn action_space_kind(&self) -> &'static str {
        self.space.kind()
    }

    /// What every index means: the notation of each action of a vocabulary, the description of
    /// each abstract action of an abstract space.
    #[getter]
    fn action_vocabulary(&self) -> Vec<String> {
        self.space.words().to_vec()
    }

    /// The length of an action's feature vector (`legal_action_features`).
    #[getter]
    fn action_feature_size(&self) -> usize {
        self.inner.feature_size()
    }

    /// The feature vector of every legal action of the seat to move, one row per entry of
    /// `legal_actions()` in its order (float32 `[len(legal), action_feature_size]`; no rows once
    /// the match is over): for agents that score each legal action by its features (docs/python.md).
    fn legal_action_features<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let mut out = Vec::new();
        self.inner.legal_features(&mut out);
        let f = self.inner.feature_size();
        let n = self.inner.legal_len();
        PyArray1::from_vec(py, out)
            .reshape([n, f])
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// The action-space index of every legal action, in the order of `legal_actions()` (int64;
    /// -1 for an action without an index, never met in play).
    fn legal_action_indices<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let n = self.inner.legal_len();
        let out: Vec<i64> = (0..n)
            .map(|j| {
                self.inner
                    .legal_to_space(&self.space, j)
                    .map_or(-1, |i| i as i64)
            })
            .collect();
        PyArray1::from_vec(py, out)
    }

    /// Applies the `j`-th entry of `legal_actions()` (as listed now): the way to apply an
    /// action chosen by its features among all the legal ones (an abstract index applies only
    /// the first legal action of its abstract action).
    fn apply_legal(&mut self, j: usize) -> PyResult<()> {
        self.inner
            .apply_index(j)
            .map_err(IllegalActionError::new_err)
    }

    /// The length of an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.inner.observation_size(&self.encoder)
    }

    /// The observation's encoding: the game's own fixed layout, named after the game
    /// (docs/python.md states each).
    #[getter]
    fn observation_encoding(&self) -> &'static str {
        self.inner.observation_encoding()
    }

    /// The observation's blocks in order, as `(name, offset, length)` (docs/python.md gives
    /// each block's content).
    #[getter]
    fn observation_layout(&self) -> Vec<(&'static str, usize, usize)> {
        let mut offset = 0;
        self.inner
            .observation_layout()
            .iter()
            .map(|&(name, n)| {
                offset += n;
                (name, offset - n, n)
            })
            .collect()
    }

    /// The distinct card faces of the pack, in sorted notation.
    #[getter]
    fn faces(&self) -> Vec<String> {
        self.encoder.faces().to_vec()
    }

    /// The observation of `seat` (float32, `observation_size`), from its view alone.
    fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.check_seat(seat)?;
        let mut out = vec![0.0f32; self.inner.observation_size(&self.encoder)];
        self.inner.observe(seat, &self.encoder, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// The action mask of `seat` (int8, `action_size`): 1 at the indices of its legal actions
    /// when it is to move, all 0 otherwise.
    fn action_mask<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyArray1<i8>>> {
        self.check_seat(seat)?;
        let mut out = vec![0i8; self.space.size()];
        if self.inner.to_move() == Some(seat) {
            self.inner.mask_into(&self.space, &mut out);
        }
        Ok(PyArray1::from_vec(py, out))
    }

    /// The index in the action space of a legal action given in notation; None when it is not
    /// legal now.
    fn action_index(&self, action: &str) -> Option<usize> {
        let j = self.inner.legal().iter().position(|a| a == action.trim())?;
        self.inner.legal_to_space(&self.space, j)
    }

    /// The notation of index `index`: in a vocabulary its action (legal now or not); in an
    /// abstract space the concrete legal action it applies now (IllegalActionError when none).
    fn action_notation(&self, index: usize) -> PyResult<String> {
        let words = self.space.words();
        if index >= words.len() {
            return Err(PyValueError::new_err(format!(
                "index {index} is outside the action space of {} indices",
                words.len()
            )));
        }
        if let Space::Vocab { .. } = &*self.space {
            return Ok(words[index].clone());
        }
        match self.inner.space_to_legal(&self.space, index) {
            Some(j) => Ok(self.inner.legal().swap_remove(j)),
            None => Err(IllegalActionError::new_err(format!(
                "action index {index} ({}) is not legal now",
                words[index]
            ))),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({:?}, players={}, seed={}, to_move={:?})",
            self.inner.name(),
            self.inner.players(),
            self.seed,
            self.inner.to_move()
        )
    }
}

/// A bot of one game (`heuristic`, `random`, `ismcts:iters=1000`, `pimc` for cego, ...): it
/// chooses for the seat to move through the engine's `Decision`, seeing that seat's view and
/// the legal actions only, never the state.
#[pyclass(module = "cards_engines._native", name = "Bot")]
struct PyBot {
    game: String,
    spec: String,
    inner: Mutex<Box<dyn std::any::Any + Send>>,
}

#[pymethods]
impl PyBot {
    /// A bot for `game` from a spec, with its own random stream from `seed`.
    #[new]
    #[pyo3(signature = (game, spec, seed=0))]
    fn new(game: &str, spec: &str, seed: u64) -> PyResult<Self> {
        let probe = engine::open_by_name(game, None, &[], true, 0).map_err(ConfigError::new_err)?;
        let inner = probe.make_bot(spec, seed).map_err(BotError::new_err)?;
        Ok(PyBot {
            game: probe.name().to_owned(),
            spec: spec.trim().to_owned(),
            inner: Mutex::new(inner),
        })
    }

    /// The bot's spec.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// The game it plays.
    #[getter]
    fn game(&self) -> &str {
        &self.game
    }

    /// The action (notation) the bot chooses for the seat to move in `game`; the match is not
    /// changed. The GIL is released while it thinks.
    fn choose(&self, py: Python<'_>, game: &PyGame) -> PyResult<String> {
        let i = self.choose_index(py, game)?;
        Ok(game.inner.legal().swap_remove(i))
    }

    /// The index in the legal list of the action the bot chooses.
    fn choose_index(&self, py: Python<'_>, game: &PyGame) -> PyResult<usize> {
        if game.inner.name() != self.game {
            return Err(BotError::new_err(format!(
                "this bot plays {}, not {}",
                self.game,
                game.inner.name()
            )));
        }
        let inner = &*game.inner;
        py.detach(|| {
            let mut bot = self
                .inner
                .lock()
                .map_err(|_| "the bot failed in an earlier decision".to_owned())?;
            inner.choose(&mut **bot)
        })
        .map_err(BotError::new_err)
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?}, {:?})", self.game, self.spec)
    }
}

/// The names of every game.
#[pyfunction]
fn games() -> Vec<&'static str> {
    engine::names()
}

/// What a game is: title, description, player counts, variant options with their defaults
/// (JSON text), bot kinds, action-space size, rules text.
#[pyfunction]
fn game_info(py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
    let i = engine::info_by_name(name).map_err(ConfigError::new_err)?;
    let d = PyDict::new(py);
    d.set_item("name", i.name)?;
    d.set_item("title", i.title)?;
    d.set_item("description", i.description)?;
    d.set_item("min_players", i.min_players)?;
    d.set_item("max_players", i.max_players)?;
    d.set_item("default_players", i.default_players)?;
    d.set_item("zero_sum", i.zero_sum)?;
    let opts = PyDict::new(py);
    for (k, v) in &i.options {
        opts.set_item(k, v)?;
    }
    d.set_item("options", opts)?;
    d.set_item("bots", PyList::new(py, &i.bots)?)?;
    let sp = space::space(i.name);
    d.set_item("action_size", sp.size())?;
    d.set_item("action_space_kind", sp.kind())?;
    d.set_item("rules", i.rules)?;
    Ok(d.into_any().unbind())
}

/// The seed of sub-stream `index` of `seed` (SplitMix64, as the engines derive each deal's and
/// the batch environment derives each row's and each match's seed).
#[pyfunction]
fn derive_seed(seed: u64, index: u64) -> u64 {
    cards_core::rng::derive_seed(seed, index)
}

/// A self-check for the tests (not part of the API): Einer ist immer's observation written from
/// the state equals the one written from the seat's view, at every step of `deals` random deals
/// of `players` seats (`hands` hands each) for every seat; returns the number compared, raises
/// `ValueError` naming the first difference.
#[pyfunction]
#[pyo3(signature = (players, hands, seed, deals))]
fn _check_einer_encoding(players: usize, hands: u32, seed: u64, deals: u64) -> PyResult<usize> {
    crate::encode_einer::check_state_encoding(players, hands, seed, deals)
        .map_err(pyo3::exceptions::PyValueError::new_err)
}

/// The Rust extension of `cards_engines`.
#[pymodule(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyBot>()?;
    m.add_class::<batch::BatchEnv>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_info, m)?)?;
    m.add_function(wrap_pyfunction!(derive_seed, m)?)?;
    m.add_function(wrap_pyfunction!(batch::random_playout_rate, m)?)?;
    m.add_function(wrap_pyfunction!(_check_einer_encoding, m)?)?;
    m.add(
        "IllegalActionError",
        m.py().get_type::<IllegalActionError>(),
    )?;
    m.add("ConfigError", m.py().get_type::<ConfigError>())?;
    m.add("BotError", m.py().get_type::<BotError>())?;
    Ok(())
}
