"""PettingZoo AEC environment of cego: ``env()`` (wrapped) or ``raw_env()``.
Arguments: players, options (variant options as in the CLI's --option), single_deal (default
True), render_mode ("human" or "ansi")."""

from ._aec import CardsAECEnv, make_env

GAME = "cego"


def env(**kwargs):
    """The wrapped AEC environment."""
    return make_env(GAME, **kwargs)


def raw_env(**kwargs):
    """The AEC environment without wrappers."""
    return CardsAECEnv(GAME, **kwargs)
