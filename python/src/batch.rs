//! The batch environment: N matches stepped in Rust, spread over threads with the GIL released,
//! observations, masks, rewards and done flags written into flat buffers that become numpy
//! arrays; a finished match is reset at once from its own seed stream.

use std::any::Any;
use std::sync::Mutex;
use std::time::Instant;

use cards_core::GameRng;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::encode::Encoder;
use crate::engine::{self, DynGame};
use crate::space::{self, Space};
use crate::{ConfigError, IllegalActionError, read_options};
use std::sync::Arc;

struct Slot {
    game: Box<dyn DynGame>,
    /// The opponents' bot (one bot plays every seat but the agent's), when there is one.
    opponent: Option<Mutex<Box<dyn Any + Send>>>,
    base_seed: u64,
    episode: u64,
    /// The number of legal actions and the space indices of the first [`CACHED`] of them, kept
    /// next to the row (written after each step) so that `sample_actions` and `step`'s checks
    /// do not reach into every match's state, far apart in memory.
    legal_len: usize,
    cached: [u16; CACHED],
    /// Whether the row's mask in the kept arrays holds 1 exactly at `cached[..legal_len]` (it
    /// was written from them), so that the next step clears those entries instead of the row.
    masked: bool,
}

/// Legal actions whose space indices a row keeps at hand.
const CACHED: usize = 24;

impl Slot {
    /// Whether the space indices of the legal actions are at hand in [`Slot::cached`].
    fn all_cached(&self, space: &Space) -> bool {
        matches!(space, Space::Vocab { .. }) && self.legal_len <= CACHED
    }

    /// Makes the row's mask all zeros: clears the entries it set if it was written from
    /// [`Slot::cached`] (still those of the mask's state), else the whole row.
    fn clear_mask(&mut self, mask: &mut [i8]) {
        if self.masked {
            for &i in &self.cached[..self.legal_len] {
                if let Some(m) = mask.get_mut(usize::from(i)) {
                    *m = 0;
                }
            }
        } else {
            mask.fill(0);
        }
        self.masked = false;
    }

    /// Updates [`Slot::legal_len`] and [`Slot::cached`] from the match.
    fn cache(&mut self, space: &Space) {
        self.legal_len = self.game.legal_len();
        if self.all_cached(space) {
            for (j, c) in self.cached[..self.legal_len].iter_mut().enumerate() {
                *c = self
                    .game
                    .legal_to_space(space, j)
                    .and_then(|i| u16::try_from(i).ok())
                    .unwrap_or(u16::MAX);
            }
        }
    }

    /// The space index of the `j`-th legal action (`j` below the legal count).
    fn legal_to_space(&self, space: &Space, j: usize) -> Option<usize> {
        match space {
            Space::Ordered(k) => (j < *k && j < self.legal_len).then_some(j),
            Space::Vocab { .. } if self.legal_len <= CACHED => self.cached[..self.legal_len]
                .get(j)
                .map(|&i| usize::from(i))
                .filter(|&i| i < space.size()),
            Space::Vocab { .. } => self.game.legal_to_space(space, j),
        }
    }

    /// The position in the legal list of the action at space index `i`, if legal now.
    fn space_to_legal(&self, space: &Space, i: usize) -> Option<usize> {
        match space {
            Space::Ordered(k) => (i < *k && i < self.legal_len).then_some(i),
            Space::Vocab { .. } if self.legal_len <= CACHED => {
                let i = u16::try_from(i).ok().filter(|&i| i != u16::MAX)?;
                self.cached[..self.legal_len].iter().position(|&c| c == i)
            }
            Space::Vocab { .. } => self.game.space_to_legal(space, i),
        }
    }

    /// Lets the opponents move until the agent is to move or the match is over.
    fn run_opponents(&mut self, agent: usize) -> Result<(), String> {
        let Some(bot) = self.opponent.as_mut() else {
            return Ok(());
        };
        let bot = bot
            .get_mut()
            .map_err(|_| "an opponent bot failed".to_owned())?;
        while let Some(seat) = self.game.to_move() {
            if seat == agent {
                break;
            }
            let i = self.game.choose(&mut **bot)?;
            self.game.apply_index(i)?;
        }
        Ok(())
    }

    /// Row `i`: a copy of `first` dealt from the stream `base`, with its opponents' bot (if
    /// any) and their first moves played.
    fn open(
        first: &dyn DynGame,
        space: &Arc<Space>,
        base: u64,
        i: usize,
        opponent: Option<&str>,
        agent: Option<usize>,
    ) -> PyResult<Slot> {
        let mut game = first.boxed_clone();
        game.attach_space(space.clone());
        game.reset(derive_seed(base, 0));
        let opponent = match opponent {
            Some(spec) => Some(Mutex::new(
                game.make_bot(spec, derive_seed(base, u64::MAX - i as u64))
                    .map_err(crate::BotError::new_err)?,
            )),
            None => None,
        };
        let mut slot = Slot {
            game,
            opponent,
            base_seed: base,
            episode: 0,
            legal_len: 0,
            cached: [0; CACHED],
            masked: false,
        };
        slot.run_opponents(agent.unwrap_or(0))
            .map_err(IllegalActionError::new_err)?;
        slot.cache(space);
        Ok(slot)
    }

    fn reset(&mut self, agent: Option<usize>) -> Result<(), String> {
        self.game.reset(derive_seed(self.base_seed, self.episode));
        match agent {
            Some(a) => self.run_opponents(a),
            None => Ok(()),
        }
    }
}

/// How many rows ahead the batch environment reads a row's state before stepping it.
const AHEAD: usize = 4;

/// What one slot writes after a step.
struct Out<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [i8],
    to_move: &'a mut i64,
}

/// Writes a row, whose mask is all zeros; `zeroed`: its observation is all zeros too (new
/// arrays).
fn write(
    slot: &mut Slot,
    encoder: &Encoder,
    space: &Space,
    agent: Option<usize>,
    zeroed: bool,
    out: Out<'_>,
) {
    let to_move = slot.game.to_move();
    let seat = agent.or(to_move).unwrap_or(0);
    *out.to_move = to_move.map_or(-1, |s| s as i64);
    if !zeroed && !slot.game.observe_writes_all() {
        out.obs.fill(0.0);
    }
    slot.game.observe(seat, encoder, out.obs);
    if to_move != Some(seat) {
        return;
    }
    if slot.all_cached(space) {
        // What `mask_into` writes: a 1 at each legal action's index in the space.
        for &i in &slot.cached[..slot.legal_len] {
            if let Some(m) = out.mask.get_mut(usize::from(i)) {
                *m = 1;
            }
        }
        slot.masked = true;
    } else {
        slot.game.mask_into(space, out.mask);
    }
}

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
/// what must outlive the next step).
#[pyclass(module = "cards_engines._native", name = "BatchEnv")]
pub struct BatchEnv {
    slots: Vec<Slot>,
    encoder: Encoder,
    obs_size: usize,
    space: Arc<Space>,
    k: usize,
    players: usize,
    rng: GameRng,
    kept: Option<Kept>,
    agent: Option<usize>,
    threads: usize,
    name: &'static str,
    /// The rows' actions of a step as positions in their legal lists (kept to reuse).
    picked: Vec<i64>,
}

/// The output buffers of one step, one row per match.
struct Bufs<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [i8],
    rewards: &'a mut [f32],
    done: &'a mut [bool],
    to_move: &'a mut [i64],
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

/// Each row's seed stream: `derive_seed(seed, i)` for one int (0 when None), else the `n` ints
/// given.
fn row_seeds(seed: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<Vec<u64>> {
    if let Some(s) = seed.map_or(Some(0), |s| s.extract::<u64>().ok()) {
        return Ok((0..n as u64).map(|i| derive_seed(s, i)).collect());
    }
    let v: Vec<u64> = seed.map_or(Ok(Vec::new()), |s| s.extract()).map_err(|_| {
        PyValueError::new_err("seed is an int or a sequence of n non-negative ints")
    })?;
    if v.len() != n {
        return Err(PyValueError::new_err(format!(
            "{} seeds for {n} matches",
            v.len()
        )));
    }
    Ok(v)
}

/// What every row of a step shares: the sizes of its rows in the buffers, the agent, the
/// encoder, the space and whether the buffers are new (all zeros).
struct Ctx<'a> {
    d: usize,
    k: usize,
    p: usize,
    agent: Option<usize>,
    encoder: &'a Encoder,
    space: &'a Space,
    zeroed: bool,
}

impl<'a> Bufs<'a> {
    /// The first `rows` rows, and the rest.
    fn split_rows(self, rows: usize, c: &Ctx<'_>) -> (Bufs<'a>, Bufs<'a>) {
        let rows = rows.min(self.done.len());
        let (o1, o2) = self.obs.split_at_mut(rows * c.d);
        let (m1, m2) = self.mask.split_at_mut(rows * c.k);
        let (r1, r2) = self.rewards.split_at_mut(rows * c.p);
        let (d1, d2) = self.done.split_at_mut(rows);
        let (t1, t2) = self.to_move.split_at_mut(rows);
        (
            Bufs {
                obs: o1,
                mask: m1,
                rewards: r1,
                done: d1,
                to_move: t1,
            },
            Bufs {
                obs: o2,
                mask: m2,
                rewards: r2,
                done: d2,
                to_move: t2,
            },
        )
    }
}

/// Runs `f` on each of `slots` (with its entry of `actions`) and writes the row's results.
fn step_rows<F>(
    c: &Ctx<'_>,
    slots: &mut [Slot],
    out: Bufs<'_>,
    actions: Option<&[i64]>,
    f: &F,
) -> Result<(), String>
where
    F: Fn(&mut Slot, Option<i64>, Option<usize>) -> Result<bool, String>,
{
    let (d, k, p) = (c.d, c.k, c.p);
    for j in 0..slots.len() {
        // The rows far apart in memory: bring a later row's state into the cache while this
        // one is stepped.
        if let Some(ahead) = slots.get(j + 2 * AHEAD) {
            std::hint::black_box(ahead.game.touch(false));
        }
        if let Some(ahead) = slots.get(j + AHEAD) {
            std::hint::black_box(ahead.game.touch(true));
        }
        let slot = &mut slots[j];
        let mask = &mut out.mask[j * k..(j + 1) * k];
        if c.zeroed {
            slot.masked = false;
        } else {
            slot.clear_mask(mask);
        }
        let finished = f(slot, actions.map(|a| a[j]), c.agent)?;
        let row = &mut out.rewards[j * p..(j + 1) * p];
        row.fill(0.0);
        out.done[j] = finished;
        if finished {
            for (r, s) in row.iter_mut().zip(slot.game.scores()) {
                *r = s as f32;
            }
            slot.episode += 1;
            slot.reset(c.agent)?;
        }
        slot.cache(c.space);
        let row = Out {
            obs: &mut out.obs[j * d..(j + 1) * d],
            mask,
            to_move: &mut out.to_move[j],
        };
        write(slot, c.encoder, c.space, c.agent, c.zeroed, row);
    }
    Ok(())
}

impl BatchEnv {
    /// Runs `f` on every row (spread over the threads, the GIL released: the calling thread
    /// takes the first share of the rows), then writes each row's results into `out`.
    fn run_into<F>(
        &mut self,
        py: Python<'_>,
        actions: Option<&[i64]>,
        out: Bufs<'_>,
        zeroed: bool,
        f: F,
    ) -> PyResult<()>
    where
        F: Fn(&mut Slot, Option<i64>, Option<usize>) -> Result<bool, String> + Sync,
    {
        let n = self.slots.len();
        let threads = self.threads.clamp(1, n.max(1));
        let chunk = n.div_ceil(threads).max(1);
        let c = Ctx {
            d: self.obs_size,
            k: self.k,
            p: self.players,
            agent: self.agent,
            encoder: &self.encoder,
            space: &self.space,
            zeroed,
        };
        let slots = &mut self.slots;
        let result: Result<(), String> = py.detach(|| {
            let (c, f) = (&c, &f);
            let (mine, rest) = slots.split_at_mut(chunk.min(n));
            let (my_out, mut rest_out) = out.split_rows(chunk, c);
            let (my_actions, rest_actions) = match actions {
                Some(a) => {
                    let (x, y) = a.split_at(chunk.min(n));
                    (Some(x), Some(y))
                }
                None => (None, None),
            };
            std::thread::scope(|scope| {
                let mut handles = Vec::with_capacity(threads);
                for (i, s) in rest.chunks_mut(chunk).enumerate() {
                    let (o, tail) = rest_out.split_rows(s.len(), c);
                    rest_out = tail;
                    let a = rest_actions.map(|a| &a[i * chunk..i * chunk + s.len()]);
                    handles.push(scope.spawn(move || step_rows(c, s, o, a, f)));
                }
                let mine = step_rows(c, mine, my_out, my_actions, f);
                handles.into_iter().fold(mine, |r, h| {
                    let other = h
                        .join()
                        .unwrap_or_else(|_| Err("a worker failed".to_owned()));
                    r.and(other)
                })
            })
        });
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
        F: Fn(&mut Slot, Option<i64>, Option<usize>) -> Result<bool, String> + Sync,
    {
        let (n, d, k, p) = (self.slots.len(), self.obs_size, self.k, self.players);
        if let Some(kept) = &self.kept {
            let (o, m, r, dn, t) = (
                kept.obs.bind(py).clone(),
                kept.mask.bind(py).clone(),
                kept.rewards.bind(py).clone(),
                kept.done.bind(py).clone(),
                kept.to_move.bind(py).clone(),
            );
            {
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
                };
                self.run_into(py, actions, bufs, false, f)?;
            }
            return Ok((
                o.into_any(),
                m.into_any(),
                r.into_any(),
                dn.into_any(),
                t.into_any(),
            ));
        }
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
        };
        self.run_into(py, actions, bufs, true, f)?;
        a.into_py(py, n, d, k, p)
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
    /// i)`) or a sequence of `n` ints (one stream per row). `opponent`: a bot spec that plays
    /// every seat but `agent_seat`, or None for all seats through `step`. `threads`: worker
    /// threads (default: the machine's cores).
    #[new]
    #[pyo3(signature = (game, n, seed=None, players=None, options=None, single_deal=true, opponent=None, agent_seat=0, threads=None, reuse_buffers=false))]
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
        py: Python<'_>,
    ) -> PyResult<Self> {
        if n == 0 {
            return Err(PyValueError::new_err(
                "a batch needs at least one match (n >= 1)",
            ));
        }
        let seeds = row_seeds(seed, n)?;
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
        Ok(BatchEnv {
            obs_size,
            kept,
            encoder,
            k: space.size(),
            space,
            rng: rng_from_seed(derive_seed(seeds[0], u64::MAX)),
            players: np,
            agent,
            threads,
            name: first.name(),
            slots,
            picked: Vec::with_capacity(n),
        })
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
        self.run(py, None, |slot, _, agent| {
            slot.episode = 0;
            slot.reset(agent)?;
            Ok(false)
        })
    }

    /// Applies one action index per match (int64 array of length n, each allowed by its mask)
    /// and returns `(obs float32 [n, obs_size], mask int8 [n, action_size], rewards float32
    /// [n, players], done bool [n], to_move int64 [n])`.
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
        // Each row's action as its position in the row's legal list, every row checked before
        // any moves.
        let mut picked = std::mem::take(&mut self.picked);
        picked.clear();
        for (i, (&a, slot)) in actions.iter().zip(&self.slots).enumerate() {
            match usize::try_from(a)
                .ok()
                .and_then(|a| slot.space_to_legal(&self.space, a))
            {
                Some(j) => picked.push(j as i64),
                None => {
                    self.picked = picked;
                    return Err(IllegalActionError::new_err(format!(
                        "match {i}: action index {a} is not legal now (see its row of the mask)"
                    )));
                }
            }
        }
        let result = self.run(py, Some(&picked), move |slot, j, agent| {
            slot.game.apply_legal(j.unwrap_or(0) as usize)?;
            if let Some(agent) = agent {
                slot.run_opponents(agent)?;
            }
            Ok(slot.game.to_move().is_none())
        });
        self.picked = picked;
        result
    }

    /// A uniformly random legal action index for every row (int64 [n]), drawn in Rust from the
    /// environment's own seeded stream: what a random player sends to `step`.
    fn sample_actions<'py>(&mut self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        let mut out = Vec::with_capacity(self.slots.len());
        for slot in &self.slots {
            let n = match &*self.space {
                Space::Ordered(k) => slot.legal_len.min(*k),
                Space::Vocab { .. } => slot.legal_len,
            };
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
                if !g.step_random(&mut rng) {
                    episode += 1;
                    g.reset(derive_seed(seed, episode));
                } else {
                    steps += 1;
                }
            }
        }
        steps as f64 / start.elapsed().as_secs_f64()
    }))
}
