"""Observations hold only what their seat may see: another world the engine deals consistent
with a seat's knowledge (Game.determinize) gives that seat the same observation, mask and view,
at every step of random deals of every game and player count."""

import random

import numpy as np

import cards_engines as ce

from conftest import player_counts


def test_observation_unchanged_when_unseen_cards_are_dealt_differently(game_name):
    rng = random.Random(42)
    checked = 0
    differs = 0
    for players in player_counts(game_name):
        for seed in range(2):
            g = ce.Game(game_name, players=players, seed=seed, single_deal=True)
            step = 0
            while not g.is_over and step < 400:
                for seat in range(g.players):
                    other = g.determinize(seat, seed=rng.randrange(1 << 32))
                    obs = g.observation(seat)
                    assert np.array_equal(obs, other.observation(seat)), (
                        f"{game_name} {players} players, seed {seed}, step {step}: "
                        f"the observation of seat {seat} depends on cards it cannot see"
                    )
                    assert np.array_equal(g.action_mask(seat), other.action_mask(seat))
                    assert g.view(seat) == other.view(seat)
                    if seat == g.to_move:
                        assert g.legal_actions() == other.legal_actions()
                        assert np.array_equal(g.legal_action_indices(), other.legal_action_indices())
                        assert np.array_equal(g.legal_action_features(), other.legal_action_features())
                    # The other world does differ somewhere (else the test proves nothing).
                    if any(other.view(s) != g.view(s) for s in range(g.players) if s != seat):
                        differs += 1
                    checked += 1
                legal = g.legal_actions()
                g.apply(legal[rng.randrange(len(legal))])
                step += 1
    assert checked > 100
    assert differs > checked // 4, "the determinized worlds hardly differ"
