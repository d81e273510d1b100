"""The PettingZoo AEC environment shared by every game (one module per game wraps it)."""

from __future__ import annotations

import secrets
from typing import Any, Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .._native import Game
from ..bounds import worst_score_bound


class CardsAECEnv(AECEnv):
    """One match of a game as an AEC environment.

    Agents are ``player_0`` ... ``player_{n-1}`` (the engine's seats). An observation is a dict
    ``{"observation": float32 [observation_size], "action_mask": int8 [action_size]}`` built
    from that seat's view alone; an action is an index of the game's fixed action space (index
    i is the same action in every state: a vocabulary of every possible action, or in
    contract-rummy of every abstract action; docs/python.md). The legal actions' feature
    vectors are ``env.unwrapped.game.legal_action_features()``. The match is a single deal by
    default
    (``single_deal=False`` plays the game's whole match); when it ends every agent is terminated
    and receives its score as the reward. ``reset(seed)`` deals from that seed, a later
    ``reset()`` the next match (seed + 1); the first ``reset()`` without a seed draws one from
    the operating system's entropy. ``illegal_penalty`` is what ``make_env``'s wrapper charges
    an index the mask does not allow (``cards_engines.bounds``).
    """

    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: Optional[int] = None,
        options: Any = None,
        single_deal: bool = True,
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self._game_name = game
        self._players = players
        self._options = options
        self._single_deal = single_deal
        self.render_mode = render_mode
        self.game = Game(game, players=players, seed=0, options=options, single_deal=single_deal)
        self.metadata = dict(self.metadata, name=f"{self.game.name.replace('-', '_')}_v0")
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.game.observation_size
        k = self.game.action_size
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-1e6, high=1e6, shape=(size,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(k,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(k) for a in self.possible_agents}
        # The seed of the next match: None until the first reset, which takes the seed given
        # or, for None, 64 bits of the operating system's entropy; each later reset without a
        # seed deals the next match (seed + 1).
        self._next_seed: Optional[int] = None
        #: What an index the mask does not allow costs its agent (``make_env``'s wrapper):
        #: the game's stated worst score for this configuration (``cards_engines.bounds``).
        self.illegal_penalty = worst_score_bound(self.game)

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def observe(self, agent):
        seat = self._seat[agent]
        return {
            "observation": self.game.observation(seat),
            "action_mask": self.game.action_mask(seat),
        }

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._next_seed = int(seed)
        elif self._next_seed is None:
            self._next_seed = secrets.randbits(64)
        self.game = Game(
            self._game_name,
            players=self._players,
            seed=self._next_seed,
            options=self._options,
            single_deal=self._single_deal,
        )
        self._next_seed = (self._next_seed + 1) % (1 << 64)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.to_move]

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game.apply_index(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.game.is_over:
            for a, s in zip(self.possible_agents, self.game.scores):
                self.rewards[a] = float(s)
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.game.to_move]
        self._accumulate_rewards()
        if self.game.is_over:
            # Every agent is done at once; PettingZoo then expects each to be stepped with None.
            self.agent_selection = self.agents[0]
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        seat = self.game.to_move if self.game.to_move is not None else 0
        text = self.game.screen(seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def make_env(game: str, **kwargs) -> AECEnv:
    """The environment of ``game`` with PettingZoo's usual wrappers: an index the mask does not
    allow ends the match, the offender rewarded ``-env.illegal_penalty`` (the game's stated
    worst score for this configuration, ``cards_engines.bounds``: no legal play scores lower,
    so playing illegally never pays) and the other agents 0; order enforcing."""
    env = CardsAECEnv(game, **kwargs)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-env.illegal_penalty)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    return env
