"""The engine API as a Python user meets it."""

import copy
import json
import random

import numpy as np
import pytest

import cards_engines as ce

from conftest import GAMES


def test_every_game_is_listed_with_its_facts():
    assert GAMES == ["grosse-kleine-a", "big-a", "einer-ist-immer", "contract-rummy", "cego"]
    for name in GAMES:
        info = ce.game_info(name)
        assert info["name"] == name
        assert info["min_players"] <= info["default_players"] <= info["max_players"]
        assert {"random", "heuristic", "ismcts"} <= set(info["bots"])
        assert info["action_size"] >= 32
        assert "players" not in info["options"]
    assert "pimc" in ce.game_info("cego")["bots"]


def test_a_deal_of_every_game_plays_out_through_notation(game_name):
    g = ce.Game(game_name, seed=3, single_deal=True)
    rng = random.Random(0)
    steps = 0
    while not g.is_over:
        legal = g.legal_actions()
        assert legal, "a seat to move has legal actions"
        g.apply(rng.choice(legal))
        steps += 1
    assert g.to_move is None and g.legal_actions() == []
    assert len(g.scores) == g.players and steps > 0


def test_unknown_game_player_count_and_options_are_refused_in_words():
    with pytest.raises(ce.ConfigError, match="unknown game .*cego"):
        ce.Game("skat")
    with pytest.raises(ce.ConfigError, match="not by 9"):
        ce.Game("cego", players=9)
    with pytest.raises(ce.ConfigError, match="no option \"colour\".*deals"):
        ce.Game("cego", options={"colour": "red"})
    with pytest.raises(ce.ConfigError, match="count"):
        ce.Game("cego", options=["count=fours"])
    with pytest.raises(ce.ConfigError, match="between 1 and 1000"):
        ce.Game("cego", options={"deals": 0})


def test_options_set_the_config_like_the_cli():
    g = ce.Game("cego", options={"deals": 2, "count": "pairs", "stop_when_decided": True})
    assert g.config["deals"] == 2 and g.config["count"] == "pairs"
    assert g.config["stop_when_decided"] is True
    h = ce.Game("cego", options=["deals=3", "count=pairs"])
    assert h.config["deals"] == 3
    assert ce.Game("grosse-kleine-a", players=6).players == 6
    assert ce.Game("cego", single_deal=True).config["deals"] == 1


def test_an_illegal_action_raises_the_engines_reason_and_changes_nothing(game_name):
    g = ce.Game(game_name, seed=5, single_deal=True)
    before = (g.to_move, g.legal_actions(), g.view(0))
    with pytest.raises(ce.IllegalActionError):
        g.apply("no such action")
    with pytest.raises(ce.IllegalActionError, match="not legal"):
        g.apply_index(10_000)
    assert (g.to_move, g.legal_actions(), g.view(0)) == before


def test_an_engine_refusal_names_the_rule():
    g = ce.Game("cego", seed=1, single_deal=True)
    # A card that is notation but not a legal move in the auction.
    with pytest.raises(ce.IllegalActionError) as e:
        g.apply("T21")
    assert str(e.value)


def test_bad_seats_are_python_errors_not_crashes(game_name):
    g = ce.Game(game_name, seed=1)
    for call in (g.view, g.observation, g.action_mask, g.screen, g.determinize):
        with pytest.raises(ValueError, match="seat"):
            call(99)


def test_views_are_dicts_of_the_seat_and_screens_text(game_name):
    g = ce.Game(game_name, seed=2)
    for seat in range(g.players):
        v = g.view(seat)
        assert isinstance(v, dict) and v["seat"] == seat
        json.dumps(v)
        assert f"you are S{seat}" in g.screen(seat)


def test_clone_is_independent(game_name):
    g = ce.Game(game_name, seed=4, single_deal=True)
    h = g.clone()
    h.apply(h.legal_actions()[0])
    assert g.view(0) != h.view(0) or g.to_move != h.to_move or g.legal_actions() != h.legal_actions()
    k = copy.deepcopy(g)
    assert k.view(0) == g.view(0) and k.legal_actions() == g.legal_actions()


def test_masks_and_indices_map_to_the_legal_actions(game_name):
    g = ce.Game(game_name, seed=6, single_deal=True)
    rng = random.Random(1)
    vocab = g.action_vocabulary
    assert len(vocab) == g.action_size
    exact = g.action_space_kind == "vocabulary"
    assert g.action_space_kind == ("abstract" if game_name == "contract-rummy" else "vocabulary")
    while not g.is_over:
        legal = g.legal_actions()
        seat = g.to_move
        mask = g.action_mask(seat)
        assert mask.dtype == np.int8 and mask.shape == (g.action_size,)
        indices = g.legal_action_indices()
        assert indices.shape == (len(legal),) and (indices >= 0).all()
        assert set(np.flatnonzero(mask)) == set(indices.tolist())
        if exact:
            assert mask.sum() == len(legal)
        for other in range(g.players):
            if other != seat:
                assert g.action_mask(other).sum() == 0
        j = rng.randrange(len(legal))
        i = g.action_index(legal[j])
        assert i == indices[j] and mask[i] == 1
        if exact:
            assert vocab[i] == legal[j] and g.action_notation(i) == legal[j]
        else:
            # The abstract index applies the first legal action of its abstract action.
            first = legal[list(indices).index(i)]
            assert g.action_notation(i) == first
        obs = g.observation(seat)
        assert obs.dtype == np.float32 and obs.shape == (g.observation_size,)
        assert np.isfinite(obs).all()
        g.apply_index(i)


@pytest.mark.parametrize("name", ["big-a", "cego", "einer-ist-immer", "grosse-kleine-a", "contract-rummy"])
def test_every_legal_action_has_its_index_in_the_vocabulary(name):
    info = ce.game_info(name)
    exact = info["action_space_kind"] == "vocabulary"
    assert exact == (name != "contract-rummy")
    rng = random.Random(2)
    for players in range(info["min_players"], info["max_players"] + 1):
        for seed in range(40 if name != "big-a" else 8):
            g = ce.Game(name, players=players, seed=seed, single_deal=True)
            while not g.is_over:
                legal = g.legal_actions()
                indices = g.legal_action_indices()
                assert (indices >= 0).all(), legal
                mask = g.action_mask(g.to_move)
                if exact:
                    assert int(mask.sum()) == len(legal), legal
                else:
                    assert int(mask.sum()) == len(set(indices.tolist()))
                g.apply(rng.choice(legal))


def test_an_unmasked_index_is_refused_in_words():
    g = ce.Game("cego", seed=1, single_deal=True)
    with pytest.raises(ce.IllegalActionError, match="not legal now .*T21"):
        g.apply_index(g.action_vocabulary.index("T21"))
    with pytest.raises(ce.IllegalActionError, match="action space has"):
        g.apply_index(10**6)


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iters=30"])
def test_bots_play_every_game_through_the_decision_boundary(game_name, spec):
    g = ce.Game(game_name, seed=8, single_deal=True)
    bot = ce.Bot(game_name, spec, seed=1)
    steps = 0
    while not g.is_over and steps < 400:
        action = bot.choose(g)
        assert action in g.legal_actions()
        g.apply(action)
        steps += 1
    assert steps > 0


def test_pimc_plays_cego():
    g = ce.Game("cego", seed=9, single_deal=True)
    bot = ce.Bot("cego", "pimc:worlds=2,bids=2,iters=20", seed=1)
    while not g.is_over:
        g.apply(bot.choose(g))
    assert sum(g.scores) == 0


def test_bad_bot_specs_and_wrong_games_are_refused():
    with pytest.raises(ce.BotError, match="unknown bot kind"):
        ce.Bot("cego", "alphazero")
    with pytest.raises(ce.BotError, match="iters"):
        ce.Bot("cego", "ismcts:iters=0")
    with pytest.raises(ce.BotError, match="pimc"):
        ce.Bot("big-a", "pimc")
    bot = ce.Bot("big-a", "random")
    with pytest.raises(ce.BotError, match="plays big-a"):
        bot.choose(ce.Game("cego"))
    g = ce.Game("cego", seed=1, single_deal=True)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    with pytest.raises(ce.BotError, match="over"):
        ce.Bot("cego", "heuristic").choose(g)


def test_determinize_keeps_what_the_seat_knows(game_name):
    g = ce.Game(game_name, seed=10)
    for seat in range(g.players):
        d = g.determinize(seat, seed=3)
        assert d.view(seat) == g.view(seat)


def test_random_playout_rate_runs():
    assert ce.random_playout_rate("cego", 0.05) > 0


def test_observation_encodings_are_named():
    sizes = {"grosse-kleine-a": 477, "big-a": 311, "einer-ist-immer": 328, "contract-rummy": 482, "cego": 1450}
    for name in GAMES:
        g = ce.Game(name)
        assert g.observation_encoding == name
        assert g.observation(0).shape == (g.observation_size,) == (sizes[name],)


@pytest.mark.parametrize("players", range(4, 11))
def test_einer_observation_from_the_state_equals_the_one_from_the_view(players):
    # encode_einer writes the observation from the state's public parts (no View built); at
    # every step of random deals of three hands, for every seat, it must equal bit for bit the
    # reference encoding of View::of(state, seat), every entry written over garbage.
    compared = ce._native._check_einer_encoding(players, 3, 100 + players, 6)
    assert compared > 1000
