"""The PettingZoo AEC environment of every game: PettingZoo's api_test, rewards, the illegal-action
penalty, seeds."""

import importlib
import random

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import cards_engines as ce
import cards_engines.pettingzoo  # noqa: F401
from cards_engines.bounds import worst_score_bound

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


def illegal_index(mask):
    """An index the mask does not allow (every game's mask has zeros: K exceeds any legal list
    met at the first decision)."""
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("single_deal", [True, False])
def test_an_illegal_action_costs_the_worst_score_a_match_can_give(name, single_deal):
    # The offender's return is -worst_score_bound (the others' 0): never better than any legal
    # play, whose scores in random matches of the same configuration all stay above it.
    env = module(name).env(single_deal=single_deal)
    env.reset(seed=4)
    bound = env.unwrapped.illegal_penalty
    assert bound == worst_score_bound(env.unwrapped.game) > 0
    offender = env.agent_selection
    total = {a: 0.0 for a in env.possible_agents}
    first = True
    for agent in env.agent_iter(max_iter=100):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
        elif first:
            first = False
            env.step(illegal_index(obs["action_mask"]))
        else:
            raise AssertionError("the match goes on after an illegal action")
    assert total[offender] == -bound
    assert all(total[a] == 0 for a in env.possible_agents if a != offender)
    # Random legal play of that configuration never scores below -bound.
    rng = random.Random(0)
    for seed in range(30 if single_deal else 2):
        g = ce.Game(name, seed=seed, single_deal=single_deal)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        assert min(g.scores) >= -bound, (name, seed, g.scores, bound)


def test_the_bounds_are_the_rules_figures():
    def bound(name, **kw):
        return worst_score_bound(ce.Game(name, **kw))

    # Einer ist immer: -1 (the Ass) per hand.
    assert bound("einer-ist-immer", single_deal=True) == 1
    assert bound("einer-ist-immer", options={"hands": 7}) == 7
    # Big A: a lone declarer last with both Big Aces exposed loses 64 per hand.
    assert bound("big-a", single_deal=True) == 64
    assert bound("big-a", options={"hands": 3}) == 192
    # Cego: the engine's max_payment per deal (1000, 1200 at five) times the most deals.
    assert bound("cego", single_deal=True) == 1000
    assert bound("cego", players=5, single_deal=True) == 1200
    assert bound("cego", options={"deals": 2, "gstiess_ending": True}) == 1000 * (2 + 1 + 4)
    # Grosse/kleine A: every card of the pack left in one hand (rank, joker 14, a 15, A 20).
    g = ce.Game("grosse-kleine-a", single_deal=True)
    values = {"A": 20, "a": 15, "J": 14}
    assert bound("grosse-kleine-a", single_deal=True) == sum(
        values.get(c) or int(c) for c in g.pack
    )
    # 3 to 13: every card of the pack left in one hand, per round.
    r = ce.Game("contract-rummy", single_deal=True)
    assert r.config["rounds"] == 1 and len(r.pack) >= 100
    assert bound("contract-rummy", single_deal=True) == sum(
        25 if c == "Jk" or c.startswith("A") else 10 if c[0] in "JQK" else int(c[:-1])
        for c in r.pack
    )


@pytest.mark.parametrize("name", GAMES)
def test_unseeded_environments_deal_differently_and_a_seed_repeats(name):
    # seed=None draws 64 bits of OS entropy: two fresh environments differ in their seeds
    # (equal with probability 2^-64) and in their deals (every seat's view of the first deal).
    def deal(env):
        g = env.unwrapped.game
        return g.seed, [g.view(s) for s in range(g.players)]

    a, b = module(name).env(), module(name).env()
    a.reset()
    b.reset()
    (sa, va), (sb, vb) = deal(a), deal(b)
    assert sa != sb and va != vb
    a.reset()  # the next match of a's stream
    assert deal(a)[0] == (sa + 1) % 2**64
    c = module(name).env()
    c.reset(seed=sa)
    assert deal(c) == (sa, va)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoos_seed_test_passes(name):
    # Two environments reset with seed 42 step alike, observations, rewards and masks, under
    # the same masked actions sampled from seeded action spaces (PettingZoo's seed_test).
    seed_test(module(name).env, num_cycles=100)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoos_render_test_passes(name):
    # Every render mode of the metadata ("human" prints and returns None, "ansi" returns the
    # seat's screen as text) over a few masked steps (PettingZoo's render_test).
    render_test(module(name).env)
