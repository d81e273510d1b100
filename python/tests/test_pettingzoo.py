"""PettingZoo's own API test on the AEC environment of every game."""

import importlib

import numpy as np
import pytest
from pettingzoo.test import api_test

import cards_engines as ce
import cards_engines.pettingzoo  # noqa: F401

from conftest import GAMES


def module(name):
    return importlib.import_module(f"cards_engines.pettingzoo.{name.replace('-', '_')}_v0")


@pytest.mark.parametrize("name", GAMES)
def test_api_test_passes(name):
    api_test(module(name).env(), num_cycles=300, verbose_progress=False)


@pytest.mark.parametrize("name", GAMES)
def test_a_masked_random_episode_ends_with_the_scores(name):
    env = module(name).env()
    env.reset(seed=11)
    rng = np.random.default_rng(0)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=5000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(rng.choice(legal)))
    assert not env.agents, "every agent finished"
    if ce.game_info(name)["zero_sum"]:
        assert abs(sum(total.values())) < 1e-6


def test_seeded_resets_repeat():
    a, b = module("cego").env(), module("cego").env()
    a.reset(seed=5)
    b.reset(seed=5)
    oa, ob = a.observe(a.agent_selection), b.observe(b.agent_selection)
    assert np.array_equal(oa["observation"], ob["observation"])
