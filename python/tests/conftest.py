import pytest

import cards_engines as ce

GAMES = ce.games()


def player_counts(name):
    info = ce.game_info(name)
    return list(range(info["min_players"], info["max_players"] + 1))


@pytest.fixture(params=GAMES)
def game_name(request):
    return request.param
