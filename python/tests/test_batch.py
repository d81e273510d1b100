"""The batch environment: shapes, masks, rewards, automatic reset, seeds, threads."""

import hashlib

import numpy as np
import pytest

import cards_engines as ce

from conftest import GAMES


def random_actions(mask, rng):
    return np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)


@pytest.mark.parametrize("name", GAMES)
def test_random_play_finishes_matches_and_resets(name):
    env = ce.BatchEnv(name, 8, seed=1)
    obs, mask, rewards, done, to_move = env.reset()
    n, p = len(env), env.players
    assert obs.shape == (n, env.observation_size) and obs.dtype == np.float32
    assert mask.shape == (n, env.action_size) and mask.dtype == np.int8
    assert rewards.shape == (n, p) and not done.any() and (to_move >= 0).all()
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(3000):
        obs, mask, rewards, done, to_move = env.step(random_actions(mask, rng))
        assert (mask.sum(axis=1) >= 1).all(), "after an automatic reset a seat is to move"
        assert not rewards[~done].any()
        finished += int(done.sum())
        if finished >= 8:
            break
    assert finished >= 8


def test_a_row_is_the_game_of_its_seed():
    env = ce.BatchEnv("cego", 3, seed=[7, 8, 9], threads=2)
    obs, mask, _, _, to_move = env.reset()
    # Row 0's first match is dealt from derive_seed(7, 0): the same actions through a Game
    # give the same observations and the same final scores.
    g = ce.Game("cego", seed=ce.derive_seed(7, 0), single_deal=True)
    rng = np.random.default_rng(3)
    while True:
        assert to_move[0] == g.to_move
        assert np.array_equal(obs[0], g.observation(g.to_move))
        assert np.array_equal(mask[0], g.action_mask(g.to_move))
        a = random_actions(mask, rng)
        g.apply_index(int(a[0]))
        obs, mask, rewards, done, to_move = env.step(a)
        if done[0]:
            break
    assert g.is_over and list(rewards[0]) == pytest.approx(g.scores)
    # ... and its next match is dealt from derive_seed(7, 1).
    h = ce.Game("cego", seed=ce.derive_seed(7, 1), single_deal=True)
    assert np.array_equal(obs[0], h.observation(h.to_move))


@pytest.mark.parametrize("name", ["big-a", "einer-ist-immer"])
def test_threads_do_not_change_results(name):
    # 3,072 rows: enough for three threads (a thread is started per 1,024 rows at most), whose
    # runs of rows go to whichever is free.
    n, outs = 3072, []
    for threads in (1, 2, 3):
        env = ce.BatchEnv(name, n, seed=3, threads=threads, reuse_buffers=threads == 3)
        env.reset()
        total = np.zeros((n, env.players), np.float32)
        digest = hashlib.sha256()
        for _ in range(50):
            obs, mask, rewards, done, to_move = env.step(env.sample_actions())
            total += rewards
            for a in (obs, mask, done, to_move):
                digest.update(a.tobytes())
        outs.append((digest.hexdigest(), total))
    for other in outs[1:]:
        assert other[0] == outs[0][0] and np.array_equal(other[1], outs[0][1])


def test_opponents_move_inside_rust():
    env = ce.BatchEnv("einer-ist-immer", 4, seed=2, opponent="random", agent_seat=1)
    obs, mask, rewards, done, to_move = env.reset()
    rng = np.random.default_rng(0)
    for _ in range(200):
        assert ((to_move == 1)).all()
        obs, mask, rewards, done, to_move = env.step(random_actions(mask, rng))


def test_illegal_and_malformed_actions_are_refused():
    env = ce.BatchEnv("cego", 2, seed=1)
    _, mask, *_ = env.reset()
    with pytest.raises(ce.IllegalActionError, match="match 0"):
        env.step(np.array([mask.shape[1] + 5, int(np.flatnonzero(mask[1])[0])], dtype=np.int64))
    with pytest.raises(ce.IllegalActionError, match="match 1"):
        env.step(np.array([int(np.flatnonzero(mask[0])[0]), int(np.flatnonzero(mask[1] == 0)[0])]))
    with pytest.raises(ValueError, match="1 actions for 2"):
        env.step(np.array([0], dtype=np.int64))
    with pytest.raises(ValueError):
        ce.BatchEnv("cego", 0)
    with pytest.raises(ce.BotError):
        ce.BatchEnv("cego", 2, opponent="nobody")


def test_a_refused_action_moves_no_row_on_any_thread():
    # The rows' threads check every action before any row moves: a refusal in the last row (or
    # in two rows: the first is named) leaves every row as it was.
    n = 2048
    a = ce.BatchEnv("einer-ist-immer", n, seed=5, threads=2)
    b = ce.BatchEnv("einer-ist-immer", n, seed=5, threads=2)
    _, mask, *_ = a.reset()
    b.reset()
    actions = a.sample_actions()
    assert np.array_equal(actions, b.sample_actions())
    bad = actions.copy()
    bad[-1] = int(np.flatnonzero(mask[-1] == 0)[0])
    with pytest.raises(ce.IllegalActionError, match=f"match {n - 1}:"):
        a.step(bad)
    bad[3] = -1
    with pytest.raises(ce.IllegalActionError, match="match 3:"):
        a.step(bad)
    for x, y in zip(a.step(actions), b.step(actions)):
        assert np.array_equal(x, y)


@pytest.mark.parametrize("name", GAMES)
def test_sampled_actions_are_allowed_by_the_mask(name):
    env = ce.BatchEnv(name, 16, seed=4)
    obs, mask, *_ = env.reset()
    for _ in range(200):
        a = env.sample_actions()
        assert a.dtype == np.int64 and (mask[np.arange(16), a] == 1).all()
        obs, mask, *_ = env.step(a)


def test_reused_buffers_give_the_same_results_in_the_same_arrays():
    fresh = ce.BatchEnv("cego", 8, seed=6)
    kept = ce.BatchEnv("cego", 8, seed=6, reuse_buffers=True)
    a = fresh.reset()
    b = kept.reset()
    first = b
    for _ in range(300):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
        actions = fresh.sample_actions()
        a = fresh.step(actions)
        b = kept.step(actions)
        assert all(x is y for x, y in zip(b, first)), "the same arrays, overwritten"


@pytest.mark.parametrize("name", GAMES)
def test_reused_arrays_match_new_ones_and_the_mask_is_read_only(name):
    # A step clears only the mask entries it set the step before, so the kept mask must not be
    # written from Python between steps: it is read-only (and any view of it too).
    fresh = ce.BatchEnv(name, 6, seed=9, players=None, single_deal=False)
    kept = ce.BatchEnv(name, 6, seed=9, single_deal=False, reuse_buffers=True)
    a, b = fresh.reset(), kept.reset()
    for _ in range(400):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
        with pytest.raises(ValueError):
            b[1][0, 0] = 1
        with pytest.raises(ValueError):
            b[1][2][:] = 0
        actions = fresh.sample_actions()
        a, b = fresh.step(actions), kept.step(actions)


@pytest.mark.parametrize("name", GAMES)
def test_unseeded_batches_differ_and_their_seed_reproduces_them(name):
    # seed=None draws 64 bits of OS entropy (kept in env.seed): two fresh batches have
    # different seeds (equal with probability 2^-64) and so different deals in their 16 rows'
    # first observations; BatchEnv(seed=env.seed) replays a batch step for step.
    a, b = ce.BatchEnv(name, 16), ce.BatchEnv(name, 16)
    assert a.seed != b.seed
    ra, rb = a.reset(), b.reset()
    assert not np.array_equal(ra[0], rb[0])
    c = ce.BatchEnv(name, 16, seed=a.seed)
    assert c.seed == a.seed
    rc = c.reset()
    for _ in range(50):
        for x, y in zip(ra, rc):
            assert np.array_equal(x, y)
        actions = a.sample_actions()
        assert np.array_equal(actions, c.sample_actions())
        ra, rc = a.step(actions), c.step(actions)
    assert ce.BatchEnv(name, 2, seed=5).seed == 5
    assert ce.BatchEnv(name, 2, seed=[5, 6]).seed is None


def test_resign_ends_a_rows_match_unmoved_and_deals_its_next():
    env = ce.BatchEnv("cego", 3, seed=[7, 8, 9], final_observations=True)
    obs, mask, _, _, to_move = env.reset()
    g = ce.Game("cego", seed=ce.derive_seed(8, 0), single_deal=True)
    actions = env.sample_actions()
    actions[1] = ce.BatchEnv.RESIGN
    obs2, mask2, rewards, done, to_move2 = env.step(actions)
    assert list(done) == [False, True, False]
    assert list(rewards[1]) == pytest.approx(g.scores)  # the match's scores so far
    # The final observation is the resigning seat's, of the match as it stood.
    assert np.array_equal(env.final_observations([1])[0], g.observation(int(to_move[1])))
    h = ce.Game("cego", seed=ce.derive_seed(8, 1), single_deal=True)
    assert np.array_equal(obs2[1], h.observation(h.to_move)) and to_move2[1] == h.to_move
    with pytest.raises(ce.IllegalActionError, match="match 0"):
        env.step(np.array([-1, 0, 0]))
    with pytest.raises(ValueError, match="row 5"):
        env.final_observations([5])
    with pytest.raises(ValueError, match="final_observations=True"):
        ce.BatchEnv("cego", 1).final_observations([0])


def test_final_observations_do_not_depend_on_threads():
    # 512 rows: two threads step them; the finished rows' final observations, the arrays and
    # the rewards are the same as on one thread.
    outs = []
    for threads in (1, 2):
        env = ce.BatchEnv("einer-ist-immer", 512, seed=4, threads=threads, final_observations=True)
        env.reset()
        digest, finished = hashlib.sha256(), 0
        for _ in range(120):
            step = env.step(env.sample_actions())
            rows = np.flatnonzero(step[3])
            finished += len(rows)
            for a in (*step, env.final_observations(rows.tolist())):
                digest.update(a.tobytes())
        outs.append((digest.hexdigest(), finished))
    assert outs[0] == outs[1] and outs[0][1] > 50
