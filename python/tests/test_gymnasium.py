"""The Gymnasium environments: CardsEnv passes gymnasium's check_env, and CardsVectorEnv steps
exactly as gymnasium's own SyncVectorEnv of CardsEnv in same-step autoreset mode."""

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env, data_equivalence
from gymnasium.vector import AutoresetMode, SyncVectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics

import cards_engines as ce
from cards_engines.bounds import worst_score_bound
from cards_engines.gymnasium import CardsEnv, CardsVectorEnv

from conftest import GAMES


@pytest.mark.parametrize("name", GAMES)
def test_one_match_passes_gymnasiums_check_env(name):
    # check_env samples the action space unmasked: most actions are illegal and end the match
    # with the penalty, some are legal; it checks spaces, seeding determinism, fresh data.
    check_env(CardsEnv(name), skip_render_check=True)


def masked_actions(mask, rng, illegal_rate=0.0):
    """A random allowed index per row (argmax of random keys over the 1s); with probability
    illegal_rate a row sends an index its mask does not allow."""
    keys = np.where(mask == 1, rng.random(mask.shape), -1.0)
    actions = np.argmax(keys, axis=1)
    for i in np.flatnonzero(rng.random(len(mask)) < illegal_rate):
        actions[i] = int(np.flatnonzero(mask[i] == 0)[0])
    return actions


@pytest.mark.parametrize("name", GAMES)
def test_the_vector_env_steps_as_gymnasiums_sync_vector_env(name):
    n = 3
    ours = CardsVectorEnv(name, n)
    ref = SyncVectorEnv(
        [lambda: CardsEnv(name) for _ in range(n)], autoreset_mode=AutoresetMode.SAME_STEP
    )
    assert ours.metadata["autoreset_mode"] == ref.metadata["autoreset_mode"]
    assert ours.observation_space == ref.observation_space
    assert ours.action_space == ref.action_space
    a, b = ours.reset(seed=7), ref.reset(seed=7)
    assert data_equivalence(a, b, exact=True)
    rng = np.random.default_rng(1)
    finished = illegal = 0
    for _ in range(400):
        actions = masked_actions(a[-1]["action_mask"], rng, illegal_rate=0.01)
        a, b = ours.step(actions), ref.step(actions)
        assert data_equivalence(a, b, exact=True)
        finished += int(a[2].sum())
        illegal += int(a[4]["final_info"]["illegal"].sum()) if "final_info" in a[4] else 0
    assert finished >= 2 and illegal >= 1, (finished, illegal)
    # A reset without a seed goes on to every sub-environment's next match, in both.
    a, b = ours.reset(), ref.reset()
    assert data_equivalence(a, b, exact=True)
    sampled = ours.sample_actions()
    assert (a[-1]["action_mask"][np.arange(n), sampled] == 1).all()
    for _ in range(20):
        actions = masked_actions(a[-1]["action_mask"], rng)
        a, b = ours.step(actions), ref.step(actions)
        assert data_equivalence(a, b, exact=True)


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_match_reports_its_scores_and_final_observation(name):
    # Each sub-environment against a Game dealt from its match seed and given the same
    # actions: the observations and masks of the seat to move, and at the end the actor's final
    # observation, the scores and the actor's reward; then the next match from its new seed.
    env = CardsVectorEnv(name, 4, threads=2)
    obs, infos = env.reset(seed=3)
    mirrors = [ce.Game(name, seed=s, single_deal=True) for s in env.match_seeds]
    rng = np.random.default_rng(2)
    ended = 0
    for _ in range(3000):
        actions = masked_actions(infos["action_mask"], rng)
        actors = [g.to_move for g in mirrors]
        for g, a in zip(mirrors, actions):
            g.apply_index(int(a))
        obs, reward, term, trunc, infos = env.step(actions)
        assert not trunc.any()
        for i in np.flatnonzero(term):
            g, actor = mirrors[i], actors[i]
            assert g.is_over
            fi = infos["final_info"]
            assert infos["_final_obs"][i] and fi["actor"][i] == actor
            assert np.array_equal(infos["final_obs"][i], g.observation(actor))
            assert list(fi["rewards"][i]) == pytest.approx(g.scores)
            assert reward[i] == pytest.approx(g.scores[actor])
            mirrors[i] = ce.Game(name, seed=env.match_seeds[i], single_deal=True)
            ended += 1
        for i, g in enumerate(mirrors):
            assert not g.is_over and infos["to_move"][i] == g.to_move
            assert np.array_equal(obs[i], g.observation(g.to_move))
            assert np.array_equal(infos["action_mask"][i], g.action_mask(g.to_move))
        assert not reward[~term].any()
        if ended >= 4:
            break
    assert ended >= 4


def test_illegal_actions_are_charged_the_bound_or_raised():
    env = CardsVectorEnv("cego", 2)
    _, infos = env.reset(seed=1)
    bad = [int(np.flatnonzero(m == 0)[0]) for m in infos["action_mask"]]
    ok = int(np.flatnonzero(infos["action_mask"][1])[0])
    _, reward, term, _, infos = env.step(np.array([bad[0], ok]))
    assert list(term) == [True, False]
    assert reward[0] == -worst_score_bound(ce.Game("cego", single_deal=True)) == -1000
    assert infos["final_info"]["illegal"][0]
    strict = CardsVectorEnv("cego", 1, illegal="raise")
    _, infos = strict.reset(seed=1)
    with pytest.raises(ce.IllegalActionError):
        strict.step(np.array([int(np.flatnonzero(infos["action_mask"][0] == 0)[0])]))
    with pytest.raises(ValueError):
        CardsVectorEnv("cego", 1, illegal="ignore")


def test_unseeded_vector_envs_differ_and_a_seed_repeats():
    a, b = CardsVectorEnv("cego", 2), CardsVectorEnv("cego", 2)
    a.reset()
    b.reset()
    assert a.match_seeds != b.match_seeds
    views = [[ce.Game("cego", seed=s, single_deal=True).view(0) for s in e.match_seeds] for e in (a, b)]
    assert views[0] != views[1]
    c, d = CardsVectorEnv("cego", 2), CardsVectorEnv("cego", 2)
    assert data_equivalence(c.reset(seed=11), d.reset(seed=11), exact=True)


def test_gymnasiums_episode_statistics_wrapper_reads_the_same_step_autoreset():
    # RecordEpisodeStatistics (a Gymnasium vector wrapper that handles SAME_STEP) reports, for a
    # finished row, the episode's return (the finishing actor's score: earlier steps pay 0) and
    # its length in steps since that row's match began.
    env = RecordEpisodeStatistics(CardsVectorEnv("einer-ist-immer", 4))
    _, infos = env.reset(seed=1)
    rng = np.random.default_rng(0)
    length = np.zeros(4, dtype=int)
    checked = 0
    for _ in range(1000):
        _, reward, term, _, infos = env.step(masked_actions(infos["action_mask"], rng))
        length += 1
        for i in np.flatnonzero(term):
            assert infos["_episode"][i]
            assert infos["episode"]["r"][i] == reward[i]
            assert infos["episode"]["l"][i] == length[i]
            length[i] = 0
            checked += 1
        if checked >= 3:
            break
    assert checked >= 3
