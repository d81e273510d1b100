//! The batch environment: N matches stepped in Rust, spread over threads with the GIL released,
//! observations, masks, rewards and done flags written into flat buffers that become numpy
//! arrays; a finished match is reset at once from its own seed stream.

use std::time::Instant;

use cards_core::GameRng;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::encode::Encoder;
use crate::engine::{self, Scratch};
use crate::rows::{self, Bufs, Ctx, Slot};
use crate::space::{self, Space};
use crate::{ConfigError, IllegalActionError, read_options};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

/// N matches of one game stepped together in Rust.
///
/// Without an opponent, every seat is played through `step`'s actions: each row's observation
/// and mask are those of its seat to move (`to_move`). With `opponent="random"` (or any bot
/// spec) only `agent_seat` acts through `step`; the bot plays every other seat inside Rust, and
/// each row's observation is the agent's. A finished match reports its final scores in
/// `rewards` (one column per seat) with `done` set, and is replaced at once by the next match of
/// its seed stream (match `e` of row `i` is dealt from `derive_seed(derive_seed(seed, i), e)`),
/// so the observation returned with `done` is the new match's. With `reuse_buffers=True` every
/// `step` and `reset` returns the same five arrays, overwritten (no allocation per step: copy
/// what must outlive the next step); the mask array is then read-only.
#[pyclass(module = "cards_engines._native", name = "BatchEnv")]
pub struct BatchEnv {
    slots: Vec<Slot>,
    encoder: Encoder,
    obs_size: usize,
    space: Arc<Space>,
    k: usize,
    players: usize,
    rng: GameRng,
    /// The one seed the rows' streams come from (drawn from the OS for `seed=None`); None when
    /// a seed per row was given.
    base_seed: Option<u64>,
    kept: Option<Kept>,
    agent: Option<usize>,
    threads: usize,
    /// The workers beside the calling thread (`threads - 1` of them), kept from step to step:
    /// waking a kept worker costs a few microseconds, starting a thread tens.
    pool: Option<rayon::ThreadPool>,
    name: &'static str,
    /// Whether the next step goes through the rows backwards (they alternate).
    reverse: bool,
    /// Each row's next random action, drawn by the last step's rows from `rng` as
    /// `sample_actions` draws them, and whether it is what `sample_actions` would give now.
    sampled: Vec<i64>,
    sampled_ok: bool,
    /// The rows' actions of a step as positions in their legal lists (kept to reuse).
    picked: Vec<i64>,
    /// The final observations of the last step (`n * obs_size`; empty unless asked for:
    /// [`rows::Bufs::final_obs`]).
    final_obs: Vec<f32>,
}

impl std::fmt::Debug for BatchEnv {
    /// The environment's shape, not its rows (thousands of game states).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BatchEnv")
            .field("name", &self.name)
            .field("n", &self.slots.len())
            .field("players", &self.players)
            .field("obs_size", &self.obs_size)
            .field("action_size", &self.k)
            .field("agent", &self.agent)
            .field("threads", &self.threads)
            .finish_non_exhaustive()
    }
}

/// Arrays kept from step to step (`reuse_buffers=True`).
struct Kept {
    obs: Py<PyArray2<f32>>,
    mask: Py<PyArray2<i8>>,
    rewards: Py<PyArray2<f32>>,
    done: Py<PyArray1<bool>>,
    to_move: Py<PyArray1<i64>>,
}

impl Kept {
    /// Zeroed arrays for `n` rows of observations of `d`, masks of `k` and `p` seats.
    fn new(py: Python<'_>, n: usize, d: usize, k: usize, p: usize) -> Kept {
        Kept {
            obs: PyArray2::zeros(py, [n, d], false).unbind(),
            mask: PyArray2::zeros(py, [n, k], false).unbind(),
            rewards: PyArray2::zeros(py, [n, p], false).unbind(),
            done: PyArray1::from_vec(py, vec![false; n]).unbind(),
            to_move: PyArray1::zeros(py, [n], false).unbind(),
        }
    }
}

/// The agent's seat among `players`, when it exists.
fn agent_of(seat: usize, players: usize) -> PyResult<usize> {
    if seat < players {
        return Ok(seat);
    }
    Err(PyValueError::new_err(format!(
        "agent_seat {seat} does not exist: seats 0 to {}",
        players - 1
    )))
}

/// The workers kept beside the calling thread: `threads - 1` of them (none for one thread).
fn workers(threads: usize) -> PyResult<Option<rayon::ThreadPool>> {
    (threads > 1)
        .then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads - 1)
                .thread_name(|i| format!("cards-batch-{i}"))
                .build()
        })
        .transpose()
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
}

/// 64 bits of the operating system's entropy (Python's `secrets.randbits`, which reads
/// `os.urandom`): the seed of an environment opened with `seed=None`.
fn fresh_seed(py: Python<'_>) -> PyResult<u64> {
    py.import("secrets")?
        .call_method1("randbits", (64,))?
        .extract::<u64>()
}

/// Each row's seed stream, and the one seed it comes from when there is one: `derive_seed(seed,
/// i)` for one int, or for None a seed of fresh entropy ([`fresh_seed`]); else the `n` ints
/// given, one per row.
fn row_seeds(
    py: Python<'_>,
    seed: Option<&Bound<'_, PyAny>>,
    n: usize,
) -> PyResult<(Vec<u64>, Option<u64>)> {
    let one = match seed {
        None => Some(fresh_seed(py)?),
        Some(s) => s.extract::<u64>().ok(),
    };
    if let Some(s) = one {
        return Ok(((0..n as u64).map(|i| derive_seed(s, i)).collect(), Some(s)));
    }
    let v: Vec<u64> = seed
        .map_or(Ok(Vec::new()), PyAnyMethods::extract)
        .map_err(|_| {
            PyValueError::new_err("seed is an int or a sequence of n non-negative ints")
        })?;
    if v.len() != n {
        return Err(PyValueError::new_err(format!(
            "{} seeds for {n} matches",
            v.len()
        )));
    }
    Ok((v, None))
}

impl BatchEnv {
    /// Runs `f` on every row (spread over the threads, the GIL released: [`rows::run_rows`]),
    /// then writes each row's results into `out`.
    fn run_into<F>(
        &mut self,
        py: Python<'_>,
        actions: Option<&[i64]>,
        out: Bufs<'_>,
        zeroed: bool,
        f: F,
    ) -> PyResult<()>
    where
        F: Fn(&mut Slot, Option<i64>, Option<usize>, &mut Scratch) -> Result<bool, String> + Sync,
    {
        self.sampled_ok = false;
        let mut sampled = std::mem::take(&mut self.sampled);
        sampled.resize(self.slots.len(), 0);
        let ok = AtomicBool::new(true);
        let c = Ctx {
            d: self.obs_size,
            k: self.k,
            p: self.players,
            agent: self.agent,
            encoder: &self.encoder,
            space: &self.space,
            zeroed,
            reverse: self.reverse,
            draws: (&self.rng, self.rng.get_word_pos()),
            sampled: &ok,
        };
        let mut picked = std::mem::take(&mut self.picked);
        picked.resize(self.slots.len(), 0);
        let mut final_obs = std::mem::take(&mut self.final_obs);
        let out = Bufs {
            sample: &mut sampled,
            picked: &mut picked,
            final_obs: &mut final_obs,
            ..out
        };
        let (slots, threads, pool) = (&mut self.slots, self.threads, self.pool.as_ref());
        let result = py.detach(|| rows::run_rows(&c, slots, out, actions, (threads, pool), &f));
        self.reverse = !self.reverse;
        self.sampled = sampled;
        self.picked = picked;
        self.final_obs = final_obs;
        self.sampled_ok = result.is_ok() && ok.into_inner();
        result.map_err(IllegalActionError::new_err)
    }

    /// Runs `f` on every row and returns the five arrays: new ones, or the kept ones
    /// overwritten.
    fn run<'py, F>(
        &mut self,
        py: Python<'py>,
        actions: Option<&[i64]>,
        f: F,
    ) -> PyResult<StepResult<'py>>
    where
        F: Fn(&mut Slot, Option<i64>, Option<usize>, &mut Scratch) -> Result<bool, String> + Sync,
    {
        if self.kept.is_some() {
            return self.run_kept(py, actions, f);
        }
        let (n, d, k, p) = (self.slots.len(), self.obs_size, self.k, self.players);
        let mut a = Arrays {
            obs: vec![0f32; n * d],
            mask: vec![0i8; n * k],
            rewards: vec![0f32; n * p],
            done: vec![false; n],
            to_move: vec![0i64; n],
        };
        let bufs = Bufs {
            obs: &mut a.obs,
            mask: &mut a.mask,
            rewards: &mut a.rewards,
            done: &mut a.done,
            to_move: &mut a.to_move,
            sample: &mut [],
            picked: &mut [],
            final_obs: &mut [],
        };
        self.run_into(py, actions, bufs, true, f)?;
        a.into_py(py, n, d, k, p)
    }

    /// [`BatchEnv::run`] into the kept arrays (`reuse_buffers=True`), overwritten.
    fn run_kept<'py, F>(
        &mut self,
        py: Python<'py>,
        actions: Option<&[i64]>,
        f: F,
    ) -> PyResult<StepResult<'py>>
    where
        F: Fn(&mut Slot, Option<i64>, Option<usize>, &mut Scratch) -> Result<bool, String> + Sync,
    {
        let Some(kept) = &self.kept else {
            return Err(PyValueError::new_err("this batch keeps no arrays"));
        };
        let (o, m, r, dn, t) = (
            kept.obs.bind(py).clone(),
            kept.mask.bind(py).clone(),
            kept.rewards.bind(py).clone(),
            kept.done.bind(py).clone(),
            kept.to_move.bind(py).clone(),
        );
        // The mask is read-only to Python between steps: a step clears only the entries it set
        // in the step before (`rows::Legal`), so nothing else may write into it.
        let flags = m.getattr("flags")?;
        flags.setattr("writeable", true)?;
        let result = (|| {
            let (mut ow, mut mw, mut rw, mut dw, mut tw) = (
                o.try_readwrite()?,
                m.try_readwrite()?,
                r.try_readwrite()?,
                dn.try_readwrite()?,
                t.try_readwrite()?,
            );
            let bufs = Bufs {
                obs: ow.as_slice_mut()?,
                mask: mw.as_slice_mut()?,
                rewards: rw.as_slice_mut()?,
                done: dw.as_slice_mut()?,
                to_move: tw.as_slice_mut()?,
                sample: &mut [],
                picked: &mut [],
                final_obs: &mut [],
            };
            self.run_into(py, actions, bufs, false, f)
        })();
        flags.setattr("writeable", false)?;
        result?;
        Ok((
            o.into_any(),
            m.into_any(),
            r.into_any(),
            dn.into_any(),
            t.into_any(),
        ))
    }
}

struct Arrays {
    obs: Vec<f32>,
    mask: Vec<i8>,
    rewards: Vec<f32>,
    done: Vec<bool>,
    to_move: Vec<i64>,
}

type StepResult<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
);

impl Arrays {
    fn into_py(
        self,
        py: Python<'_>,
        n: usize,
        d: usize,
        k: usize,
        p: usize,
    ) -> PyResult<StepResult<'_>> {
        Ok((
            PyArray1::from_vec(py, self.obs).reshape([n, d])?.into_any(),
            PyArray1::from_vec(py, self.mask)
                .reshape([n, k])?
                .into_any(),
            PyArray1::from_vec(py, self.rewards)
                .reshape([n, p])?
                .into_any(),
            PyArray1::from_vec(py, self.done).into_any(),
            PyArray1::from_vec(py, self.to_move).into_any(),
        ))
    }
}

#[pymethods]
impl BatchEnv {
    /// `n` matches of `game`. `seed` is one int (row `i` uses the stream `derive_seed(seed,
    /// i)`), None (the same with a seed drawn from the operating system's entropy, kept in
    /// `seed`) or a sequence of `n` ints (one stream per row). `opponent`: a bot spec that plays
    /// every seat but `agent_seat`, or None for all seats through `step`. `threads`: worker
    /// threads (default: the machine's cores). `final_observations`: keep, for the rows whose
    /// match ends in a step, the acting seat's observation of the finished match
    /// (`final_observations(rows)`).
    #[new]
    #[pyo3(signature = (game, n, seed=None, players=None, options=None, single_deal=true, opponent=None, agent_seat=0, threads=None, reuse_buffers=false, final_observations=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        game: &str,
        n: usize,
        seed: Option<&Bound<'_, PyAny>>,
        players: Option<usize>,
        options: Option<&Bound<'_, PyAny>>,
        single_deal: bool,
        opponent: Option<&str>,
        agent_seat: usize,
        threads: Option<usize>,
        reuse_buffers: bool,
        final_observations: bool,
        py: Python<'_>,
    ) -> PyResult<Self> {
        if n == 0 {
            return Err(PyValueError::new_err(
                "a batch needs at least one match (n >= 1)",
            ));
        }
        let (seeds, base_seed) = row_seeds(py, seed, n)?;
        let options = read_options(options)?;
        let first = engine::open_by_name(game, players, &options, single_deal, 0)
            .map_err(ConfigError::new_err)?;
        let np = first.players();
        let agent = opponent.map(|_| agent_of(agent_seat, np)).transpose()?;
        let space = space::space(first.name());
        let slots = seeds
            .iter()
            .enumerate()
            .map(|(i, &base)| Slot::open(&*first, &space, base, i, opponent, agent))
            .collect::<PyResult<Vec<_>>>()?;
        let threads = threads
            .or_else(|| std::thread::available_parallelism().ok().map(usize::from))
            .unwrap_or(1)
            .max(1);
        let encoder = Encoder::new(&first.pack());
        let obs_size = first.observation_size(&encoder);
        let kept = reuse_buffers.then(|| Kept::new(py, n, obs_size, space.size(), np));
        let pool = workers(threads)?;
        Ok(BatchEnv {
            obs_size,
            kept,
            encoder,
            k: space.size(),
            space,
            rng: rng_from_seed(derive_seed(seeds[0], u64::MAX)),
            base_seed,
            players: np,
            agent,
            threads,
            pool,
            name: first.name(),
            slots,
            reverse: false,
            sampled: Vec::with_capacity(n),
            sampled_ok: false,
            picked: Vec::with_capacity(n),
            final_obs: if final_observations {
                vec![0.0; n * obs_size]
            } else {
                Vec::new()
            },
        })
    }

    /// The action that resigns a row's match in `step`: the match ends at once without a move
    /// (`done` True, `rewards` the match's scores so far) and the row restarts with its next
    /// match.
    #[classattr]
    const RESIGN: i64 = rows::RESIGN;

    /// The observations, of the finished matches, of the seat that acted last (the agent's
    /// seat with an opponent) in the `rows` given (rows whose match ended in the last step),
    /// float32 `[len(rows), observation_size]`; needs `final_observations=True`.
    #[allow(clippy::needless_pass_by_value)] // pyo3 hands a method's arguments over by value
    fn final_observations<'py>(
        &self,
        py: Python<'py>,
        rows: Vec<usize>,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let d = self.obs_size;
        if self.final_obs.is_empty() {
            return Err(PyValueError::new_err(
                "open the batch with final_observations=True to keep them",
            ));
        }
        let mut out = Vec::with_capacity(rows.len() * d);
        for &r in &rows {
            let row = self.final_obs.get(r * d..(r + 1) * d).ok_or_else(|| {
                PyValueError::new_err(format!("row {r} of a batch of {}", self.slots.len()))
            })?;
            out.extend_from_slice(row);
        }
        PyArray1::from_vec(py, out).reshape([rows.len(), d])
    }

    /// The length of an action's feature vector (`Game.action_feature_size`).
    #[getter]
    fn action_feature_size(&self) -> usize {
        self.slots.first().map_or(0, |s| s.game.feature_size())
    }

    /// The legal actions of the seat to move in each of `rows` (every row when None), for
    /// agents that score actions by their features (docs/python.md): `(row, index, features)`,
    /// one entry per legal action, row by row in each row's legal order: the row (int64
    /// `[m]`), the action-space index `step` takes (int64 `[m]`; -1 for none, never met), the
    /// features (float32 `[m, action_feature_size]`).
    #[allow(clippy::type_complexity)] // the three arrays Python receives
    #[pyo3(signature = (rows=None))]
    fn legal_action_features<'py>(
        &self,
        py: Python<'py>,
        rows: Option<Vec<usize>>,
    ) -> PyResult<(
        Bound<'py, PyArray1<i64>>,
        Bound<'py, PyArray1<i64>>,
        Bound<'py, PyArray2<f32>>,
    )> {
        let rows = rows.unwrap_or_else(|| (0..self.slots.len()).collect());
        let f = self.action_feature_size();
        let (mut which, mut index, mut feats) = (Vec::new(), Vec::new(), Vec::new());
        let mut buf = Vec::new();
        for &r in &rows {
            let slot = self.slots.get(r).ok_or_else(|| {
                PyValueError::new_err(format!("row {r} of a batch of {}", self.slots.len()))
            })?;
            slot.game.legal_features(&mut buf);
            feats.extend_from_slice(&buf);
            for j in 0..slot.game.legal_len() {
                which.push(r as i64);
                index.push(
                    slot.game
                        .legal_to_space(&self.space, j)
                        .map_or(-1, |i| i as i64),
                );
            }
        }
        let m = which.len();
        Ok((
            PyArray1::from_vec(py, which),
            PyArray1::from_vec(py, index),
            PyArray1::from_vec(py, feats).reshape([m, f])?,
        ))
    }

    /// The number of matches.
    fn __len__(&self) -> usize {
        self.slots.len()
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.name
    }

    /// The seed the rows' streams come from: the int given, or for `seed=None` the one drawn
    /// from the operating system's entropy (give it back to reproduce the run); None when a
    /// seed per row was given.
    #[getter]
    fn seed(&self) -> Option<u64> {
        self.base_seed
    }

    /// Seats per match.
    #[getter]
    fn players(&self) -> usize {
        self.players
    }

    /// The size of the action space.
    #[getter]
    fn action_size(&self) -> usize {
        self.k
    }

    /// The length of an observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.obs_size
    }

    /// Restarts every match at the start of its seed stream; returns `(obs, mask, rewards,
    /// done, to_move)` like `step`, rewards zero and done false.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<StepResult<'py>> {
        self.run(py, None, |slot, _, agent, _| {
            slot.episode = 0;
            slot.reset(agent)?;
            Ok(false)
        })
    }

    /// Applies one action index per match (int64 array of length n, each allowed by its mask)
    /// and returns `(obs float32 [n, obs_size], mask int8 [n, action_size], rewards float32
    /// [n, players], done bool [n], to_move int64 [n])`.
    #[allow(clippy::needless_pass_by_value)] // pyo3 hands a method's arguments over by value
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<StepResult<'py>> {
        let n = self.slots.len();
        let actions = actions.as_slice()?;
        if actions.len() != n {
            return Err(PyValueError::new_err(format!(
                "{} actions for {n} matches",
                actions.len()
            )));
        }
        // Every row's action is checked (by the rows' threads) before any row moves.
        self.run(py, Some(actions), move |slot, j, agent, scratch| {
            if j == Some(rows::RESIGN) {
                return Ok(true);
            }
            slot.game.apply_legal(j.unwrap_or(0) as usize, scratch)?;
            if let Some(agent) = agent {
                slot.run_opponents(agent)?;
            }
            Ok(slot.game.to_move().is_none())
        })
    }

    /// A uniformly random legal action index for every row (int64 [n]), drawn in Rust from the
    /// environment's own seeded stream: what a random player sends to `step`.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let n = self.slots.len();
        if std::mem::take(&mut self.sampled_ok) && self.sampled.len() == n {
            // The rows drew these in the last step, from this very position: the stream moves
            // on as if drawn here, one u64 (two words) per row.
            let pos = self.rng.get_word_pos() + 2 * n as u128;
            self.rng.set_word_pos(pos);
            return PyArray1::from_slice(py, &self.sampled);
        }
        let mut out = Vec::with_capacity(n);
        for slot in &self.slots {
            let n = slot.sample_len(&self.space);
            let j = below(&mut self.rng, n as u64) as usize;
            out.push(slot.legal_to_space(&self.space, j).map_or(0, |i| i as i64));
        }
        PyArray1::from_vec(py, out)
    }

    fn __repr__(&self) -> String {
        format!(
            "BatchEnv({:?}, n={}, players={}, threads={})",
            self.name,
            self.slots.len(),
            self.players,
            self.threads
        )
    }
}

/// Steps per second of uniformly random play of `game` in Rust alone (no observation), over
/// `seconds`: the engine's own pace, for comparison with the Python-facing figures.
#[pyfunction]
#[pyo3(signature = (game, seconds=1.0, players=None, seed=0))]
pub fn random_playout_rate(
    py: Python<'_>,
    game: &str,
    seconds: f64,
    players: Option<usize>,
    seed: u64,
) -> PyResult<f64> {
    let mut g =
        engine::open_by_name(game, players, &[], true, seed).map_err(ConfigError::new_err)?;
    Ok(py.detach(|| {
        let mut rng: GameRng = rng_from_seed(seed);
        let start = Instant::now();
        let mut steps = 0u64;
        let mut episode = 0;
        while start.elapsed().as_secs_f64() < seconds {
            for _ in 0..1000 {
                if g.step_random(&mut rng) {
                    steps += 1;
                } else {
                    episode += 1;
                    g.reset(derive_seed(seed, episode));
                }
            }
        }
        steps as f64 / start.elapsed().as_secs_f64()
    }))
}
