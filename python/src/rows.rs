//! The rows of the batch environment: each match with what it keeps at hand ([`Slot`]), and
//! how a step runs over them (spread over threads in runs of consecutive rows, each row's
//! observation, mask, rewards, done flag and seat to move written into its part of the output
//! buffers).

use std::any::Any;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use cards_core::GameRng;
use cards_core::rng::{below, derive_seed};
use pyo3::prelude::*;

use crate::IllegalActionError;
use crate::encode::Encoder;
use crate::engine::{DynGame, Scratch};
use crate::space::Space;

/// One match of the batch and what the batch keeps of it at hand.
pub(crate) struct Slot {
    pub(crate) game: Box<dyn DynGame>,
    /// The opponents' bot (one bot plays every seat but the agent's), when there is one.
    pub(crate) opponent: Option<Mutex<Box<dyn Any + Send>>>,
    pub(crate) base_seed: u64,
    pub(crate) episode: u64,
    /// What the row keeps at hand of its legal actions.
    pub(crate) legal: Legal,
}

/// Legal actions whose space indices a row keeps at hand.
pub(crate) const CACHED: usize = 29;

/// The number of legal actions and the space indices of the first [`CACHED`] of them, kept
/// next to the row (written after each step) so that `sample_actions` and `step`'s checks do
/// not reach into every match's state, far apart in memory: one cache line, which is all those
/// loops over the rows read of a row.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub(crate) struct Legal {
    /// The number of legal actions (`u16::MAX`: that many or more, ask the match).
    len: u16,
    /// Whether the row's mask in the kept arrays holds 1 exactly at `cached[..len]` (it was
    /// written from them), so that the next step clears those entries instead of the row.
    masked: bool,
    cached: [u16; CACHED],
}

const _: () = assert!(std::mem::size_of::<Legal>() == 64);

impl Legal {
    /// Nothing kept yet.
    pub(crate) const EMPTY: Legal = Legal {
        len: 0,
        masked: false,
        cached: [0; CACHED],
    };
}

impl Slot {
    /// The number of legal actions.
    pub(crate) fn legal_len(&self) -> usize {
        match self.legal.len {
            u16::MAX => self.game.legal_len(),
            n => usize::from(n),
        }
    }

    /// How many legal actions `sample_actions` draws among: those with an index in `space`.
    pub(crate) fn sample_len(&self, _: &Space) -> usize {
        self.legal_len()
    }

    /// The space indices of the legal actions, when they are at hand.
    fn cached(&self, _: &Space) -> Option<&[u16]> {
        let n = usize::from(self.legal.len);
        (n <= CACHED).then(|| &self.legal.cached[..n])
    }

    /// Makes the row's mask all zeros: clears the entries it set if it was written from
    /// [`Legal`]'s indices (still those of the mask's state), else the whole row.
    fn clear_mask(&mut self, mask: &mut [i8]) {
        let n = usize::from(self.legal.len);
        if self.legal.masked && n <= CACHED {
            for &i in &self.legal.cached[..n] {
                if let Some(m) = mask.get_mut(usize::from(i)) {
                    *m = 0;
                }
            }
        } else {
            mask.fill(0);
        }
        self.legal.masked = false;
    }

    /// Updates [`Slot::legal`] from the match.
    fn cache(&mut self, space: &Space) {
        let n = self.game.legal_len();
        self.legal.len = u16::try_from(n).unwrap_or(u16::MAX);
        if n > CACHED {
            return;
        }
        if self
            .game
            .legal_indices_into(space, &mut self.legal.cached[..n])
        {
            return;
        }
        for (j, c) in self.legal.cached[..n].iter_mut().enumerate() {
            *c = self
                .game
                .legal_to_space(space, j)
                .and_then(|i| u16::try_from(i).ok())
                .unwrap_or(u16::MAX);
        }
    }

    /// The space index of the `j`-th legal action (`j` below the legal count).
    pub(crate) fn legal_to_space(&self, space: &Space, j: usize) -> Option<usize> {
        match self.cached(space) {
            Some(cached) => cached
                .get(j)
                .map(|&i| usize::from(i))
                .filter(|&i| i < space.size()),
            None => self.game.legal_to_space(space, j),
        }
    }

    /// The position in the legal list of the action at space index `i`, if legal now.
    pub(crate) fn space_to_legal(&self, space: &Space, i: usize) -> Option<usize> {
        match self.cached(space) {
            Some(cached) => {
                let i = u16::try_from(i).ok().filter(|&i| i != u16::MAX)?;
                cached.iter().position(|&c| c == i)
            }
            None => self.game.space_to_legal(space, i),
        }
    }

    /// Lets the opponents move until the agent is to move or the match is over.
    pub(crate) fn run_opponents(&mut self, agent: usize) -> Result<(), String> {
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
    pub(crate) fn open(
        first: &dyn DynGame,
        space: &Arc<Space>,
        base: u64,
        i: usize,
        opponent: Option<&str>,
        agent: Option<usize>,
    ) -> PyResult<Slot> {
        let mut game = first.boxed_clone();
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
            legal: Legal::EMPTY,
        };
        slot.run_opponents(agent.unwrap_or(0))
            .map_err(IllegalActionError::new_err)?;
        slot.cache(space);
        Ok(slot)
    }

    pub(crate) fn reset(&mut self, agent: Option<usize>) -> Result<(), String> {
        self.game.reset(derive_seed(self.base_seed, self.episode));
        match agent {
            Some(a) => self.run_opponents(a),
            None => Ok(()),
        }
    }
}

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
    let Out {
        obs,
        mask,
        to_move: to_move_out,
    } = out;
    let to_move = slot.game.to_move();
    let seat = agent.or(to_move).unwrap_or(0);
    *to_move_out = to_move.map_or(-1, |s| s as i64);
    if !zeroed && !slot.game.observe_writes_all() {
        obs.fill(0.0);
    }
    slot.game.observe(seat, encoder, obs);
    if to_move != Some(seat) {
        return;
    }
    if let Some(cached) = slot.cached(space) {
        // What `mask_into` writes: a 1 at each legal action's index in the space.
        for &i in cached {
            if let Some(m) = mask.get_mut(usize::from(i)) {
                *m = 1;
            }
        }
        slot.legal.masked = true;
    } else {
        slot.game.mask_into(space, mask);
    }
}

/// The output buffers of one step, one row per match.
pub(crate) struct Bufs<'a> {
    pub(crate) obs: &'a mut [f32],
    pub(crate) mask: &'a mut [i8],
    pub(crate) rewards: &'a mut [f32],
    pub(crate) done: &'a mut [bool],
    pub(crate) to_move: &'a mut [i64],
    /// Each row's next random action (see [`Ctx::draws`]).
    pub(crate) sample: &'a mut [i64],
    /// Each row's action of the step under way as its position in the row's legal list
    /// (written by the check of the actions), or [`RESIGN`].
    pub(crate) picked: &'a mut [i64],
    /// With final observations kept (`BatchEnv(final_observations=True)`), each row whose
    /// match ended in this step gets the observation of the seat that acted (the agent's with
    /// an opponent), of the finished match; other rows are not written. Empty otherwise.
    pub(crate) final_obs: &'a mut [f32],
}

/// What every row of a step shares: the sizes of its rows in the buffers, the agent, the
/// encoder, the space and whether the buffers are new (all zeros).
pub(crate) struct Ctx<'a> {
    pub(crate) d: usize,
    pub(crate) k: usize,
    pub(crate) p: usize,
    pub(crate) agent: Option<usize>,
    pub(crate) encoder: &'a Encoder,
    pub(crate) space: &'a Space,
    pub(crate) zeroed: bool,
    /// Whether this step goes through the rows backwards (every other step does, see
    /// [`run_rows`]).
    pub(crate) reverse: bool,
    /// The stream of `sample_actions` and its position: each row also draws, into
    /// [`Bufs::sample`], the action the next `sample_actions` will give it, row `i` from the
    /// `i`-th u64 ahead, which is where the serial draw takes it when every row takes one.
    pub(crate) draws: (&'a GameRng, u128),
    /// Cleared when a row does not take exactly one u64 (no legal action, or a draw
    /// `below` rejects): `sample_actions` then draws serially.
    pub(crate) sampled: &'a AtomicBool,
}

impl<'a> Bufs<'a> {
    /// The first `rows` rows, and the rest.
    fn split_rows(self, rows: usize, d: usize, k: usize, p: usize) -> (Bufs<'a>, Bufs<'a>) {
        let rows = rows.min(self.done.len());
        let (o1, o2) = self.obs.split_at_mut(rows * d);
        let (m1, m2) = self.mask.split_at_mut(rows * k);
        let (r1, r2) = self.rewards.split_at_mut(rows * p);
        let (d1, d2) = self.done.split_at_mut(rows);
        let (t1, t2) = self.to_move.split_at_mut(rows);
        let (s1, s2) = self.sample.split_at_mut(rows.min(self.sample.len()));
        let (p1, p2) = self.picked.split_at_mut(rows.min(self.picked.len()));
        let (f1, f2) = self
            .final_obs
            .split_at_mut((rows * d).min(self.final_obs.len()));
        (
            Bufs {
                obs: o1,
                mask: m1,
                rewards: r1,
                done: d1,
                to_move: t1,
                sample: s1,
                picked: p1,
                final_obs: f1,
            },
            Bufs {
                obs: o2,
                mask: m2,
                rewards: r2,
                done: d2,
                to_move: t2,
                sample: s2,
                picked: p2,
                final_obs: f2,
            },
        )
    }
}

/// The action that resigns a row's match (`BatchEnv.RESIGN`): the match ends at once, unmoved,
/// and the row restarts with its next match.
pub(crate) const RESIGN: i64 = -2;

/// The fewest rows per thread: a smaller batch is stepped by fewer threads than asked for.
const MIN_ROWS_PER_THREAD: usize = 256;

/// Runs of rows per thread and step, and the bounds on a run's length (see [`run_rows`]).
const RUNS_PER_THREAD: usize = 8;
const MIN_RUN: usize = 16;
const MAX_RUN: usize = 256;

/// One run of consecutive rows: its matches, its part of the buffers and of the actions.
struct Job<'s, 'b, 'a> {
    /// The run's first row.
    first: usize,
    slots: &'s mut [Slot],
    out: Bufs<'b>,
    actions: Option<&'a [i64]>,
}

/// The runs of a step, in row order.
struct Jobs<'s, 'b, 'a> {
    /// The rows handed out so far.
    done: usize,
    slots: &'s mut [Slot],
    out: Option<Bufs<'b>>,
    actions: Option<&'a [i64]>,
    run: usize,
    d: usize,
    k: usize,
    p: usize,
}

impl<'s, 'b, 'a> Jobs<'s, 'b, 'a> {
    fn split(
        slots: &'s mut [Slot],
        out: Bufs<'b>,
        actions: Option<&'a [i64]>,
        run: usize,
        c: &Ctx<'_>,
    ) -> Self {
        Jobs {
            done: 0,
            slots,
            out: Some(out),
            actions,
            run: run.max(1),
            d: c.d,
            k: c.k,
            p: c.p,
        }
    }
}

impl<'s, 'b, 'a> Iterator for Jobs<'s, 'b, 'a> {
    type Item = Job<'s, 'b, 'a>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.slots.is_empty() {
            return None;
        }
        let rows = self.run.min(self.slots.len());
        let (slots, rest) = std::mem::take(&mut self.slots).split_at_mut(rows);
        self.slots = rest;
        let (out, rest_out) = self.out.take()?.split_rows(rows, self.d, self.k, self.p);
        self.out = Some(rest_out);
        let (actions, rest_actions) = match self.actions {
            Some(a) => {
                let (x, y) = a.split_at(rows.min(a.len()));
                (Some(x), Some(y))
            }
            None => (None, None),
        };
        self.actions = rest_actions;
        let first = self.done;
        self.done += rows;
        Some(Job {
            first,
            slots,
            out,
            actions,
        })
    }
}

/// Runs `f` on each of `slots` (with its entry of `actions`) and writes the row's results.
fn step_rows<F>(
    c: &Ctx<'_>,
    job: Job<'_, '_, '_>,
    scratch: &mut Scratch,
    f: &F,
) -> Result<(), String>
where
    F: Fn(&mut Slot, Option<i64>, Option<usize>, &mut Scratch) -> Result<bool, String>,
{
    let (d, k, p) = (c.d, c.k, c.p);
    let Job {
        first,
        slots,
        out,
        actions,
    } = job;
    let rows = slots.len();
    for i in 0..rows {
        let j = if c.reverse { rows - 1 - i } else { i };
        let slot = &mut slots[j];
        let mask = &mut out.mask[j * k..(j + 1) * k];
        if c.zeroed {
            slot.legal.masked = false;
        } else {
            slot.clear_mask(mask);
        }
        let actor = slot.game.to_move();
        let finished = f(
            slot,
            actions.and(out.picked.get(j).copied()),
            c.agent,
            scratch,
        )?;
        let row = &mut out.rewards[j * p..(j + 1) * p];
        row.fill(0.0);
        out.done[j] = finished;
        if finished {
            for (r, s) in row.iter_mut().zip(slot.game.scores()) {
                *r = s as f32;
            }
            if let Some(fin) = out.final_obs.get_mut(j * d..(j + 1) * d) {
                if !slot.game.observe_writes_all() {
                    fin.fill(0.0);
                }
                slot.game
                    .observe(c.agent.or(actor).unwrap_or(0), c.encoder, fin);
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
    if !presample(c, slots, out.sample, first) {
        c.sampled.store(false, Ordering::Relaxed);
    }
    Ok(())
}

/// Draws each row's next random action into `out` as `sample_actions` would (the rows from
/// `first` on, in row order: [`Ctx::draws`]); `false` if a row does not take exactly one u64.
fn presample(c: &Ctx<'_>, slots: &[Slot], out: &mut [i64], first: usize) -> bool {
    let (rng, pos) = c.draws;
    let mut rng = rng.clone();
    let start = pos + 2 * first as u128;
    rng.set_word_pos(start);
    for (slot, o) in slots.iter().zip(out.iter_mut()) {
        let n = slot.sample_len(c.space);
        if n == 0 {
            return false;
        }
        let j = below(&mut rng, n as u64) as usize;
        *o = slot.legal_to_space(c.space, j).map_or(0, |i| i as i64);
    }
    // Every row took at least one u64 (two words): exactly one each if they took that many.
    slots.len() == out.len() && rng.get_word_pos() == start + 2 * slots.len() as u128
}

/// One thread's share of a step's runs, in row order, each with its place among all runs (a
/// run is out, `None`, while a thread works on it), and for each of the two passes (checking
/// the actions, stepping) the runs not yet taken, `front..back`.
struct Share<'s, 'b, 'a> {
    runs: Vec<Option<(usize, Job<'s, 'b, 'a>)>>,
    ends: [(usize, usize); 2],
}

type Block<'s, 'b, 'a> = Mutex<Share<'s, 'b, 'a>>;

/// A run taken: its block, its place in the block, its place among all runs, the run.
type Taken<'s, 'b, 'a> = (usize, usize, usize, Job<'s, 'b, 'a>);

/// The next run of `pass` for thread `me`: from its own block at the end where it stopped the
/// step before (those rows are the likeliest still in its core's cache), else one taken from
/// another thread's block at the far end from where that thread works.
fn next_run<'s, 'b, 'a>(
    blocks: &[Block<'s, 'b, 'a>],
    me: usize,
    reverse: bool,
    pass: usize,
) -> Option<Taken<'s, 'b, 'a>> {
    let n = blocks.len();
    (0..n).find_map(|k| {
        let b = (me + k) % n;
        let mut share = blocks[b].lock().ok()?;
        let (front, back) = share.ends[pass];
        if front >= back {
            return None;
        }
        let at = if (k == 0) ^ reverse {
            share.ends[pass].0 += 1;
            front
        } else {
            share.ends[pass].1 -= 1;
            back - 1
        };
        let (i, job) = share.runs.get_mut(at)?.take()?;
        Some((b, at, i, job))
    })
}

/// The runs of a step in `threads` blocks of consecutive runs.
fn blocks<'s, 'b, 'a>(
    runs: Vec<(usize, Job<'s, 'b, 'a>)>,
    threads: usize,
) -> Vec<Block<'s, 'b, 'a>> {
    let per = runs.len().div_ceil(threads).max(1);
    let mut blocks = Vec::with_capacity(threads);
    let mut runs = runs.into_iter().peekable();
    while runs.peek().is_some() {
        let runs: Vec<_> = runs.by_ref().take(per).map(Some).collect();
        let ends = [(0, runs.len()); 2];
        blocks.push(Mutex::new(Share { runs, ends }));
    }
    blocks
}

/// Each row's action of a run (a space index) as its position in the row's legal list, into
/// [`Bufs::picked`]; the first row whose action is not legal now, with the action.
fn check_run(space: &Space, job: &mut Job<'_, '_, '_>) -> Option<(usize, i64)> {
    let actions = job.actions?;
    let rows = job.slots.iter().zip(actions).zip(job.out.picked.iter_mut());
    for (j, ((slot, &a), p)) in rows.enumerate() {
        if a == RESIGN {
            *p = RESIGN;
            continue;
        }
        match usize::try_from(a)
            .ok()
            .and_then(|a| slot.space_to_legal(space, a))
        {
            Some(i) => *p = i as i64,
            None => return Some((job.first + j, a)),
        }
    }
    None
}

/// What the threads of a step share while they check the actions.
struct Checks {
    /// Runs checked (and back in their blocks).
    done: AtomicUsize,
    /// The first row (in row order) whose action is not legal, with the action.
    refused: Mutex<Option<(usize, i64)>>,
    /// Whether a run could not be put back (a lock poisoned: never, no thread panics).
    lost: AtomicBool,
}

/// The first pass, when the rows get actions: thread `me` checks runs until none is left, then
/// waits for the others' runs (every row is checked before any moves); `false` when a row's
/// action is refused.
fn check_pass(c: &Ctx<'_>, blocks: &[Block<'_, '_, '_>], me: usize, checks: &Checks) -> bool {
    let total: usize = blocks
        .iter()
        .filter_map(|b| b.lock().ok().map(|s| s.runs.len()))
        .sum();
    while let Some((b, at, i, mut job)) = next_run(blocks, me, c.reverse, 0) {
        let refused = check_run(c.space, &mut job);
        if let Ok(mut r) = checks.refused.lock() {
            if let Some(x) = refused.filter(|x| r.is_none_or(|y| x.0 < y.0)) {
                *r = Some(x);
            }
        }
        // Back in its block for the second pass (no thread panics holding a block's lock).
        let back = blocks[b].lock().ok().and_then(|mut s| {
            let place = s.runs.get_mut(at)?;
            *place = Some((i, job));
            Some(())
        });
        if back.is_none() {
            checks.lost.store(true, Ordering::Release);
        }
        checks.done.fetch_add(1, Ordering::AcqRel);
    }
    while checks.done.load(Ordering::Acquire) < total {
        std::thread::yield_now();
    }
    !checks.lost.load(Ordering::Acquire) && checks.refused.lock().is_ok_and(|r| r.is_none())
}

/// Runs `f` on every row of `slots` over `threads` threads at most (the calling thread one of
/// them, and one per [`MIN_ROWS_PER_THREAD`] rows) and writes each row's results into `out`.
/// With `actions` (space indices), every row's action is checked first (by all the threads),
/// and no row moves if one is not legal.
///
/// Each thread has a block of consecutive rows, the same from step to step, which it goes
/// through in runs forwards in one step and backwards in the next, so that the rows it stepped
/// last, still in its core's cache, are the first it steps again. A thread done with its block
/// takes runs from the far end of the others' blocks, so that a thread the system runs late
/// leaves its share to the others. Where and in which order rows are stepped does not change
/// their results. The error is that of the first run (in row order) that failed.
pub(crate) fn run_rows<F>(
    c: &Ctx<'_>,
    slots: &mut [Slot],
    out: Bufs<'_>,
    actions: Option<&[i64]>,
    (threads, pool): (usize, Option<&rayon::ThreadPool>),
    f: &F,
) -> Result<(), String>
where
    F: Fn(&mut Slot, Option<i64>, Option<usize>, &mut Scratch) -> Result<bool, String> + Sync,
{
    let n = slots.len();
    // Waking a thread and waiting for it costs about as much as stepping a few hundred rows.
    let threads = threads.clamp(1, (n / MIN_ROWS_PER_THREAD).max(1));
    let run = n
        .div_ceil(threads * RUNS_PER_THREAD)
        .clamp(MIN_RUN, MAX_RUN);
    let runs = Jobs::split(slots, out, actions, run, c)
        .enumerate()
        .collect();
    let blocks = blocks(runs, threads);
    let checks = Checks {
        done: AtomicUsize::new(0),
        refused: Mutex::new(None),
        lost: AtomicBool::new(false),
    };
    let work = |me: usize| {
        if actions.is_some() && !check_pass(c, &blocks, me, &checks) {
            return None;
        }
        let mut first_error: Option<(usize, String)> = None;
        let mut scratch = Scratch::default();
        while let Some((_, _, i, job)) = next_run(&blocks, me, c.reverse, 1) {
            if let Err(e) = step_rows(c, job, &mut scratch, f) {
                first_error = first_error.filter(|(j, _)| *j < i).or(Some((i, e)));
            }
        }
        first_error
    };
    let errors = on_threads(blocks.len(), pool, &work);
    if checks.lost.into_inner() {
        return Err("a thread of the batch failed: no row moved".to_owned());
    }
    if let Some((i, a)) = checks.refused.into_inner().ok().flatten() {
        return Err(format!(
            "match {i}: action index {a} is not legal now (see its row of the mask)"
        ));
    }
    match errors.into_iter().flatten().min_by_key(|(i, _)| *i) {
        Some((_, e)) => Err(e),
        None => Ok(()),
    }
}

/// Runs `work(me)` on `threads` threads: the calling thread (`me` 0) and the kept workers (each
/// its own `me`); their results.
fn on_threads<T: Send>(
    threads: usize,
    pool: Option<&rayon::ThreadPool>,
    work: &(impl Fn(usize) -> T + Sync),
) -> Vec<T> {
    let theirs = Mutex::new(Vec::new());
    let mut all = match pool.filter(|_| threads > 1) {
        Some(pool) => pool.in_place_scope(|scope| {
            for _ in 1..threads {
                scope.spawn(|_| {
                    let me = rayon::current_thread_index().map_or(1, |w| w + 1);
                    let r = work(me);
                    if let Ok(mut t) = theirs.lock() {
                        t.push(r);
                    }
                });
            }
            vec![work(0)]
        }),
        None => vec![work(0)],
    };
    all.extend(theirs.into_inner().unwrap_or_default());
    all
}
