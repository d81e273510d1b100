"""Fixed action spaces, action features and observation layouts (docs/python.md): an index
means the same action in every state, every legal action has its feature vector, and each
game's observation layout is the one the documentation states."""

import re
from pathlib import Path

import numpy as np
import pytest

import cards_engines as ce

from conftest import GAMES, player_counts

DOCS = Path(__file__).resolve().parents[2] / "docs" / "python.md"

# What a 3 to 13 feature vector says of the abstract action (docs/python.md): the kind
# one-hot (0-4) and, for a new meld, its shape and size (58-65); for an addition, the card
# (5-57) and where it goes (69-71), whichever own meld takes it.
RUMMY_MELD = [0, 1, 2, 3, 4] + list(range(58, 66))
RUMMY_ADD = [0, 1, 2, 3, 4] + list(range(5, 58)) + [69, 70, 71]


def abstract_signature(name, row):
    if name != "contract-rummy":
        return tuple(row)
    if row[4] == 1:
        return tuple(row[RUMMY_ADD])
    return tuple(row[RUMMY_MELD])


def random_states(name, players, seeds, rng):
    for seed in seeds:
        g = ce.Game(name, players=players, seed=seed, single_deal=True)
        step = 0
        while not g.is_over and step < 600:
            yield g
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            step += 1


def test_an_index_means_the_same_action_in_every_state(game_name):
    """Over random deals, every index met is always the same action: in a vocabulary the same
    notation with the same features; in 3 to 13's abstract space the same abstract action (the
    same kind, shape and size of meld, or the same card added the same way to the same own
    meld), and the index applies the first legal action of it."""
    import random

    prng = random.Random(0)
    meaning = {}
    states_of = {}
    g0 = ce.Game(game_name, single_deal=True)
    vocab = g0.action_vocabulary
    exact = g0.action_space_kind == "vocabulary"
    for players in player_counts(game_name):
        for k, g in enumerate(random_states(game_name, players, range(6), prng)):
            legal = g.legal_actions()
            idx = g.legal_action_indices()
            feats = g.legal_action_features()
            for j, i in enumerate(idx.tolist()):
                sig = (legal[j], tuple(feats[j])) if exact else abstract_signature(game_name, feats[j])
                if exact:
                    assert vocab[i] == legal[j]
                seen = meaning.setdefault(i, sig)
                assert seen == sig, f"{game_name}: index {i} is {seen} and {sig}"
                states_of.setdefault(i, set()).add((players, k))
            if not exact:
                for i in set(idx.tolist()):
                    assert g.action_notation(i) == legal[idx.tolist().index(i)]
    shared = [i for i, s in states_of.items() if len(s) >= 2]
    assert len(shared) >= 3, "too few indices met in two different states to show anything"


def test_an_index_applies_the_same_action_in_two_different_states(game_name):
    """The same index applied in two different states makes the same move (same notation in a
    vocabulary, the same abstract action in 3 to 13)."""
    import random

    prng = random.Random(3)
    first = {}
    for g in random_states(game_name, None, range(4), prng):
        idx = g.legal_action_indices().tolist()
        feats = g.legal_action_features()
        for i in set(idx):
            j = idx.index(i)
            key = abstract_signature(game_name, feats[j])
            if i in first and first[i][0] != g.view(g.to_move):
                # Two different states, one index: the same action (abstract in 3 to 13),
                # and apply_index(i) applies it.
                assert first[i][1] == key
                by_index, by_notation = g.clone(), g.clone()
                by_index.apply_index(i)
                by_notation.apply(g.legal_actions()[j])
                assert by_index.view(g.to_move) == by_notation.view(g.to_move)
                return
            first.setdefault(i, (g.view(g.to_move), key))
    pytest.fail("no index legal in two different states")


def test_features_of_every_legal_action_have_the_documented_shape(game_name):
    import random

    prng = random.Random(5)
    g0 = ce.Game(game_name, single_deal=True)
    f = g0.action_feature_size
    assert f == DOCUMENTED_FEATURES()[game_name]
    for g in random_states(game_name, None, range(3), prng):
        legal = g.legal_actions()
        feats = g.legal_action_features()
        assert feats.dtype == np.float32 and feats.shape == (len(legal), f)
        assert np.isfinite(feats).all()
        # Different actions of one state have different features.
        assert len({row.tobytes() for row in feats}) == len(legal)
    over = ce.Game(game_name, seed=1, single_deal=True)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    assert over.legal_action_features().shape == (0, f)
    assert over.legal_action_indices().shape == (0,)


def test_apply_legal_applies_the_listed_action():
    g = ce.Game("contract-rummy", seed=11, single_deal=True)
    h = g.clone()
    legal = g.legal_actions()
    j = len(legal) - 1
    g.apply_legal(j)
    h.apply(legal[j])
    assert g.view(0) == h.view(0) and g.to_move == h.to_move
    with pytest.raises(ce.IllegalActionError):
        g.apply_legal(10**6)


def documented_layouts():
    """Each game's observation layout as docs/python.md states it: {game: (size, [(offset,
    length), ...])}, read from the line `**game** (size ...` and the table under it."""
    out = {}
    current = None
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\*\*([a-z-]+)\*\* \(([\d,]+)", line)
        if m:
            current = m.group(1)
            out[current] = (int(m.group(2).replace(",", "")), [])
            continue
        if current is None:
            continue
        m = re.match(r"^\| *([\d,]+) *\| *([\d,]+) *\|", line)
        if m:
            out[current][1].append((int(m.group(1).replace(",", "")), int(m.group(2).replace(",", ""))))
        elif out[current][1] and not line.startswith("|"):
            current = None
    return out


def DOCUMENTED_FEATURES():
    """The action-space table of docs/python.md: {game: feature length}."""
    out = {}
    for line in DOCS.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\| ([a-z-]+) \| (vocabulary|abstract) \| ([\d,]+) \| (\d+) \|", line)
        if m:
            out[m.group(1)] = int(m.group(4))
            assert ce.game_info(m.group(1))["action_size"] == int(m.group(3).replace(",", ""))
            assert ce.game_info(m.group(1))["action_space_kind"] == m.group(2)
    return out


def test_observation_layouts_are_the_documented_ones():
    docs = documented_layouts()
    assert set(docs) == set(GAMES)
    assert set(DOCUMENTED_FEATURES()) == set(GAMES)
    for name in GAMES:
        for players in player_counts(name):
            g = ce.Game(name, players=players)
            assert g.observation_encoding == name
            layout = g.observation_layout
            size, blocks = docs[name]
            assert g.observation_size == size == sum(n for _, _, n in layout)
            assert [(o, n) for _, o, n in layout] == blocks, name
            assert g.observation(0).shape == (size,)


def test_observations_hold_no_hashed_or_unbounded_values(game_name):
    """Every entry is a count, a one-hot, a number of the view or a score: finite, and at every
    step the same for a seat whatever the unseen cards (test_no_leak checks that)."""
    import random

    prng = random.Random(9)
    for g in random_states(game_name, None, range(2), prng):
        o = g.observation(g.to_move)
        assert np.isfinite(o).all()
        assert (np.abs(o) <= 10_000).all()


def test_the_batch_gives_the_features_of_every_rows_legal_actions(game_name):
    env = ce.BatchEnv(game_name, 8, seed=4, threads=1)
    env.reset()
    for _ in range(5):
        env.step(env.sample_actions())
    rows, indices, feats = env.legal_action_features()
    assert feats.shape == (len(rows), env.action_feature_size) == (len(indices), ce.Game(game_name).action_feature_size)
    assert set(rows.tolist()) == set(range(8))
    _, mask, _, _, _ = env.step(env.sample_actions())
    rows, indices, feats = env.legal_action_features([2, 5])
    assert set(rows.tolist()) == {2, 5}
    for r in (2, 5):
        assert set(indices[rows == r].tolist()) == set(np.flatnonzero(mask[r]).tolist())
    with pytest.raises(ValueError):
        env.legal_action_features([99])


def block(g, obs, name):
    for n, o, k in g.observation_layout:
        if n == name:
            return obs[o : o + k]
    raise KeyError(name)


@pytest.mark.parametrize(
    "name, own, per_seat",
    [
        ("big-a", "own cards", "cards per seat, stock"),
        ("grosse-kleine-a", "own cards", "cards per seat"),
        ("cego", "own hand", "cards per seat, tricks won, totals"),
    ],
)
def test_the_own_cards_block_holds_the_seats_hand(name, own, per_seat):
    """The layouts agree with themselves: a seat's own-cards plane holds as many cards as the
    public count of its hand; in Cego every card of a completed trick is once among the cards
    played per seat and once among the cards taken per seat."""
    import random

    prng = random.Random(13)
    checked = 0
    for players in player_counts(name):
        for g in random_states(name, players, range(2), prng):
            for seat in range(g.players):
                obs = g.observation(seat)
                assert block(g, obs, own).sum() == block(g, obs, per_seat)[seat], (players, seat)
                if name == "cego":
                    tricks = block(g, obs, "completed tricks")
                    done = len(g.view(seat)["tricks"])
                    cards_per_trick = 3 if players == 3 else 4
                    played, taken = tricks[1:271], tricks[271:]
                    assert tricks[0] == done
                    assert played.sum() == taken.sum() == done * cards_per_trick
                    assert played.reshape(5, 54).sum(axis=0).max(initial=0) <= 1
                checked += 1
    assert checked > 100


def test_big_as_vocabulary_covers_the_variant_bombs():
    """Big A's vocabulary holds the variant false ten, twelve and fourteen too: with
    extra_bombs every legal action has its own index."""
    import random

    prng = random.Random(0)
    for seed in range(12):
        g = ce.Game("big-a", seed=seed, single_deal=True, options={"extra_bombs": True})
        while not g.is_over:
            idx = g.legal_action_indices()
            assert (idx >= 0).all() and len(set(idx.tolist())) == len(idx), g.legal_actions()
            g.apply(prng.choice(g.legal_actions()))
