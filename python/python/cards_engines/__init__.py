"""Card-game rules engines for Python: Das Grosse und das kleine A, Big A, Einer ist immer,
Contract Rummy and Cego, with their bots, a learning interface, PettingZoo environments
(``cards_engines.pettingzoo``), Gymnasium environments (``cards_engines.gymnasium``) and a
batch environment stepped in Rust (``BatchEnv``).

>>> import cards_engines as ce
>>> g = ce.Game("cego", seed=7, single_deal=True)
>>> while not g.is_over:
...     g.apply(ce.Bot("cego", "heuristic").choose(g))
>>> len(g.scores)
4

See docs/python.md for the action spaces and the observation encoding.
"""

from ._native import (
    BatchEnv,
    Bot,
    BotError,
    ConfigError,
    Game,
    IllegalActionError,
    derive_seed,
    game_info,
    games,
    random_playout_rate,
)

__all__ = [
    "BatchEnv",
    "Bot",
    "BotError",
    "ConfigError",
    "Game",
    "IllegalActionError",
    "derive_seed",
    "game_info",
    "games",
    "random_playout_rate",
]
__version__ = "0.1.0"
