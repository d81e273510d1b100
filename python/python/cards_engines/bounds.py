"""A stated lower bound of every seat's score in a match: ``worst_score_bound(game)`` is a
number ``B >= 0`` such that no seat of a match of that configuration (players, options,
single deal or whole match) ends with a score below ``-B``, whatever is played.

The environments charge an action the mask does not allow ``-B`` (``cards_engines.pettingzoo``,
``cards_engines.gymnasium``): an illegal action never pays better than the worst legal play.
Each game's bound is a bound per deal (hand, round) times the most deals of the match, from
its rules and the engine's constants:

- **einer-ist-immer**: a hand scores from +1 (Boss) to -1 (Ass): ``B = hands``.
- **big-a**: the largest amount one hand moves to or from one seat is 64 (a lone declarer
  first or last with both Big Aces exposed; ``game_big_a::search::REWARD_SCALE`` and the
  ``ALONE`` table of ``scoring.rs``): ``B = 64 * hands`` (exact for a single hand).
- **cego**: ``game_cego::max_payment(players)`` bounds what one deal takes from one seat (1000
  at three and four players: a counter game pays at most 285 per defender, the soloist at most
  3 x 285 = 855, special games and Räuber at most 240; 1200 at five, where the dealer who sits
  out also pays): ``B = max_payment * max_deals`` (``deals``, or ``deals + 1 + players`` with
  the Gstieß ending: ``Config::max_deals``). A safe bound with the engine's margin.
- **grosse-kleine-a**: a seat's penalty of a hand is the cards left in its hand (rank, joker 14,
  little a 15, Big A 20; A9) and its little-a pile (rank, joker 1, A's 0; A7), each card counted
  once and never more in a pile than in a hand: at most every card of the pack in its hand,
  ``B = hands * sum(hand penalty of each card of the pack)``. Safe, not reached.
- **contract-rummy**: a seat pays for the cards left in its hand (2-10 face value, J Q K 10,
  Ace and joker 25; rulings C7): ``B = rounds * sum(points of each card of the pack)``. Safe,
  not reached.
"""

from __future__ import annotations

from typing import Any

__all__ = ["worst_score_bound"]


def _grosse_kleine_a_hand_penalty(card: str) -> int:
    # Notation: "1" to "13" number cards, "J" joker, "a" little a, "A" Big A
    # (game_grosse_kleine_a::cards::slot_symbol); points as its hand_penalty.
    if card == "A":
        return 20
    if card == "a":
        return 15
    if card == "J":
        return 14
    return int(card)


def _contract_rummy_points(card: str) -> int:
    # Notation: rank then suit ("10h", "Ks", "As"), the joker "Jk" (game_contract_rummy::cards);
    # points as game_contract_rummy::rules::card_points.
    if card.lower() == "jk":
        return 25
    rank = card[:-1]
    if rank == "A":
        return 25
    if rank in ("J", "Q", "K"):
        return 10
    return int(rank)


def worst_score_bound(game: Any) -> float:
    """``B`` such that no seat of ``game``'s configuration ends a match below ``-B`` (see the
    module's docs for each game's derivation). ``game`` is a ``cards_engines.Game``; the bound
    depends on its configuration only, not on the deal."""
    c = game.config
    name = game.name
    if name == "einer-ist-immer":
        return float(c["hands"])
    if name == "big-a":
        return 64.0 * c["hands"]
    if name == "cego":
        players = c["players"]
        per_deal = 1200 if players == 5 else 1000
        deals = c["deals"] + (1 + players if c.get("gstiess_ending") else 0)
        return float(per_deal * deals)
    if name == "grosse-kleine-a":
        return float(c["hands"] * sum(_grosse_kleine_a_hand_penalty(x) for x in game.pack))
    if name == "contract-rummy":
        return float(c["rounds"] * sum(_contract_rummy_points(x) for x in game.pack))
    raise ValueError(f"no score bound for game {name!r}")
