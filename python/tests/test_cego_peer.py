"""The discard policy of python/examples/cego_peer.py implements the rlcard fork's
`set_cego_player_deck` rule: the soloist keeps his two highest-ranked hand cards and all the cego
cards but the lowest-ranked one, and lays away exactly the rest."""

import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))

import cego_peer  # noqa: E402

# The fork's ranking written out independently of cego_peer.rank: plain cards by position in
# their suit (lowest first), then the Trocks 1..21 and the Gstieß.
BLACK = ["7", "8", "9", "10", "J", "R", "Q", "K"]
RED = ["4", "3", "2", "1", "J", "R", "Q", "K"]


def fork_rank(card):
    if card == "Gs":
        return 100 + 22
    if card.startswith("T"):
        return 100 + int(card[1:])
    order = BLACK if card[-1] in "cs" else RED
    return order.index(card[:-1]) + 1


def test_rank_order():
    r = cego_peer.rank
    assert r("Gs") > r("T21") > r("T2") > r("T1") > r("Kc")
    assert r("Kd") == r("Kc") > r("Qh") > r("Rs") > r("Jd") > r("10c")
    assert r("1h") == r("10s") > r("2d") == r("9c") > r("3h") > r("4d") == r("7s")
    for face in ["Gs", "T1", "T13", "Kc", "Qd", "1h", "4d", "10s", "7c", "Rh", "Js"]:
        assert r(face) == fork_rank(face)


def test_laid_away_cards_are_the_rules():
    for i in range(12):
        g, soloist = cego_peer.forced_cego(cego_peer.ce.derive_seed(99, i))
        hand = list(g.view(soloist)["hand"])
        assert len(hand) == 11
        while g.phase == "discard":
            g.apply(cego_peer.fork_discard(g, soloist))
        v = g.view(soloist)
        cego = list(v["cego_taken"])
        assert len(cego) == 10
        legage = list(v["legage"])
        assert len(legage) == 10 and len(v["hand"]) == 11

        from_hand = [c for c in legage if c in hand]
        from_cego = [c for c in legage if c in cego]
        assert len(from_hand) == 9 and len(from_cego) == 1
        kept = [c for c in hand if c not in legage]
        # The two kept hand cards rank at least as high as every laid-away hand card.
        assert len(kept) == 2
        assert min(fork_rank(c) for c in kept) >= max(fork_rank(c) for c in from_hand)
        # The one laid-away cego card ranks lowest of the cego.
        assert fork_rank(from_cego[0]) == min(fork_rank(c) for c in cego)
        # The hand played is the two kept cards and the other nine cego cards.
        assert sorted(v["hand"]) == sorted(kept + [c for c in cego if c != from_cego[0]])
        # And exactly what cego_peer.fork_rule names (its tie-break included).
        away_hand, away_cego = cego_peer.fork_rule(hand, cego)
        assert sorted(from_hand) == sorted(away_hand) and from_cego == [away_cego]


def test_a_deal_plays_out():
    rng = np.random.default_rng(0)
    for i in range(5):
        assert cego_peer.play_deal(cego_peer.ce.derive_seed(98, i), rng) in (1, -1)
