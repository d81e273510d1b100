"""Gymnasium environments: ``CardsEnv`` (one match, a ``gymnasium.Env``) and ``CardsVectorEnv``
(``num_envs`` matches, a ``gymnasium.vector.VectorEnv`` with same-step autoreset). Needs the
``pettingzoo`` extra (which brings gymnasium).

The games are turn-based with several seats, and Gymnasium's API has one agent, so both
environments are seen from **the seat to move**:

- the observation is that seat's ``observation(seat)`` (its view alone) and
  ``infos["action_mask"]`` that seat's mask; ``infos["to_move"]`` names the seat (-1 once the
  match is over);
- an action is an index of the game's action space for that seat;
- the reward is the score of the seat that acted (``infos["actor"]``) when its action ended the
  match, else 0; ``infos["rewards"]`` holds every seat's (float32 ``[players]``), so a learner
  playing several seats credits each;
- terminated is True when the match is over; truncated is always False (every match ends);
- an index the mask does not allow ends the match (``infos["illegal"]`` True) with the actor
  charged ``-worst_score_bound`` (``cards_engines.bounds``: no legal play scores lower) and the
  other seats 0; ``illegal="raise"`` raises ``IllegalActionError`` instead, the match unchanged.

On termination the observation is the acting seat's, of the finished match. ``CardsVectorEnv``
resets a finished sub-environment in the same step (``AutoresetMode.SAME_STEP``): the returned
observation and mask are the new match's, and the finished one's observation and infos are in
``infos["final_obs"]`` and ``infos["final_info"]`` (with the masks ``infos["_final_obs"]``,
``infos["_final_info"]``), as ``gymnasium.vector.SyncVectorEnv`` does in that mode; the
top-level infos of that row are then the new match's (``actor`` -1, ``rewards`` 0), the finished
match's every-seat rewards being ``infos["final_info"]["rewards"]``.

Seeds: ``reset(seed=s)`` deals match ``e`` (0, 1, ... by autoreset or later ``reset()``) from
``derive_seed(s, e)``; ``seed=None`` on the first reset draws 64 bits of the operating system's
entropy. ``CardsVectorEnv.reset(seed=s)`` seeds sub-environment ``i`` with ``s + i`` (a list
gives one seed each), as ``SyncVectorEnv`` does.
"""

from __future__ import annotations

import secrets
from typing import Any, List, Optional, Sequence, Union

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from ._native import BatchEnv, Game, IllegalActionError, derive_seed
from .bounds import worst_score_bound

_ILLEGAL = ("penalize", "raise")


def _observation_space(game: Game) -> spaces.Box:
    return spaces.Box(low=-1e6, high=1e6, shape=(game.observation_size,), dtype=np.float32)


class _Match:
    """One sub-environment's state: its match, seed stream and episode number (shared by both
    environments so that they step alike)."""

    __slots__ = ("make", "game", "base", "episode", "penalty")

    def __init__(self, make, penalty: float):
        self.make = make
        self.game: Optional[Game] = None
        self.base: Optional[int] = None
        self.episode = 0
        self.penalty = penalty

    def reset(self, seed: Optional[int]) -> None:
        if seed is not None:
            self.base, self.episode = int(seed) % (1 << 64), 0
        elif self.base is None:
            self.base, self.episode = secrets.randbits(64), 0
        self.game = self.make(derive_seed(self.base, self.episode))
        self.episode += 1

    def step(self, action: int, illegal: str):
        """Applies ``action`` for the seat to move; returns (actor, rewards [players] float32,
        terminated, illegal)."""
        g = self.game
        actor = g.to_move
        rewards = np.zeros(g.players, dtype=np.float32)
        a = int(action)
        if not (0 <= a < g.action_size) or g.action_mask(actor)[a] == 0:
            if illegal == "raise":
                g.apply_index(a)  # raises IllegalActionError with the engine's reason
                raise IllegalActionError(f"action {a} is not allowed by the mask")
            rewards[actor] = -self.penalty
            return actor, rewards, True, True
        g.apply_index(a)
        if g.is_over:
            rewards[:] = g.scores
            return actor, rewards, True, False
        return actor, rewards, False, False


def _check_illegal(illegal: str) -> str:
    if illegal not in _ILLEGAL:
        raise ValueError(f"illegal is one of {_ILLEGAL}, not {illegal!r}")
    return illegal


class CardsEnv(gymnasium.Env):
    """One match of ``game`` seen from the seat to move (see the module's docs)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str,
        players: Optional[int] = None,
        options: Any = None,
        single_deal: bool = True,
        illegal: str = "penalize",
        render_mode: Optional[str] = None,
    ):
        self.illegal = _check_illegal(illegal)
        self.render_mode = render_mode
        probe = Game(game, players=players, seed=0, options=options, single_deal=single_deal)
        self.players = probe.players
        self.observation_space = _observation_space(probe)
        self.action_space = spaces.Discrete(probe.action_size)
        self.illegal_penalty = worst_score_bound(probe)
        self._match = _Match(
            lambda s: Game(game, players=players, seed=s, options=options, single_deal=single_deal),
            self.illegal_penalty,
        )
        self._done = True

    @property
    def game(self) -> Optional[Game]:
        """The match in play (a ``cards_engines.Game``)."""
        return self._match.game

    def _info(self, actor: int, rewards: np.ndarray, illegal: bool) -> dict:
        g = self._match.game
        seat = g.to_move
        if seat is None or illegal:
            mask = np.zeros(g.action_size, dtype=np.int8)
            seat = -1
        else:
            mask = g.action_mask(seat)
        return {"action_mask": mask, "to_move": seat, "actor": actor, "rewards": rewards,
                "illegal": illegal}

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        self._match.reset(seed)
        self._done = False
        g = self._match.game
        info = self._info(-1, np.zeros(self.players, dtype=np.float32), False)
        return g.observation(g.to_move), info

    def step(self, action):
        if self._done:
            raise RuntimeError("the match is over: call reset()")
        actor, rewards, terminated, illegal = self._match.step(action, self.illegal)
        self._done = terminated
        g = self._match.game
        obs = g.observation(actor if terminated else g.to_move)
        return obs, float(rewards[actor]), terminated, False, self._info(actor, rewards, illegal)

    def render(self):
        if self.render_mode != "ansi" or self._match.game is None:
            return None
        g = self._match.game
        return g.screen(g.to_move if g.to_move is not None else 0)


class CardsVectorEnv(VectorEnv):
    """``num_envs`` matches of ``game``, each seen from its seat to move, with same-step
    autoreset (see the module's docs), stepped in Rust by a ``BatchEnv`` (``threads``: its
    threads, default every core). Observations float32 ``[num_envs, observation_size]``;
    ``infos``: ``action_mask`` int8 ``[num_envs, action_size]``, ``to_move``, ``actor`` int64,
    ``rewards`` float32 ``[num_envs, players]``, ``illegal`` bool, each with its ``_key`` mask
    (all True), and for the finished sub-environments ``final_obs`` / ``final_info``."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(
        self,
        game: str,
        num_envs: int,
        players: Optional[int] = None,
        options: Any = None,
        single_deal: bool = True,
        illegal: str = "penalize",
        threads: Optional[int] = None,
    ):
        if num_envs < 1:
            raise ValueError("num_envs must be at least 1")
        self.illegal = _check_illegal(illegal)
        probe = Game(game, players=players, seed=0, options=options, single_deal=single_deal)
        self.num_envs = num_envs
        self.players = probe.players
        self.single_observation_space = _observation_space(probe)
        self.single_action_space = spaces.Discrete(probe.action_size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.illegal_penalty = worst_score_bound(probe)
        self._make = lambda seeds: BatchEnv(
            game, num_envs, seed=seeds, players=players, options=options,
            single_deal=single_deal, threads=threads, final_observations=True,
        )
        self._k = probe.action_size
        self._batch: Optional[BatchEnv] = None
        self._seeds: Optional[List[int]] = None
        self._episodes = np.zeros(num_envs, dtype=np.int64)
        self._mask = self._to_move = None

    @property
    def match_seeds(self) -> List[int]:
        """The seed each sub-environment's match in play was dealt from:
        ``Game(game, seed=s, ...)`` with the same actions is that match."""
        if self._seeds is None:
            raise RuntimeError("call reset() first")
        return [derive_seed(s, int(e)) for s, e in zip(self._seeds, self._episodes)]

    def sample_actions(self) -> np.ndarray:
        """A uniformly random allowed index for every sub-environment (int64 ``[num_envs]``),
        drawn in Rust (``BatchEnv.sample_actions``): a random player, without a Python loop."""
        if self._batch is None:
            raise RuntimeError("call reset() first")
        return self._batch.sample_actions()

    def reset(
        self,
        *,
        seed: Union[int, Sequence[Optional[int]], None] = None,
        options: Optional[dict] = None,
    ):
        n = self.num_envs
        if seed is None and self._batch is not None:
            # Every sub-environment goes on to its next match (as CardsEnv.reset() does).
            obs, mask, _, _, to_move = self._batch.step(np.full(n, BatchEnv.RESIGN, dtype=np.int64))
            self._episodes += 1
        else:
            if seed is None:
                seeds = [None] * n
            elif isinstance(seed, (int, np.integer)):
                seeds = [int(seed) + i for i in range(n)]
            else:
                seeds = list(seed)
                if len(seeds) != n:
                    raise ValueError(f"{len(seeds)} seeds for {n} environments")
            if seed is not None and seeds[0] is not None:
                super().reset(seed=int(seeds[0]))
            self._seeds = [
                secrets.randbits(64) if s is None else int(s) % (1 << 64) for s in seeds
            ]
            self._batch = self._make(self._seeds)
            self._episodes[:] = 0
            obs, mask, _, _, to_move = self._batch.reset()
        self._mask, self._to_move = mask, to_move
        infos = self._infos(mask, to_move, np.full(n, -1, dtype=np.int64),
                            np.zeros((n, self.players), dtype=np.float32), np.zeros(n, dtype=bool))
        return obs, infos

    def _infos(self, mask, to_move, actor, rewards, illegal) -> dict:
        n = self.num_envs
        infos = {}
        for key, value in (("action_mask", mask), ("to_move", to_move), ("actor", actor),
                           ("rewards", rewards), ("illegal", illegal)):
            infos[key] = value
            infos["_" + key] = np.ones(n, dtype=bool)
        return infos

    def step(self, actions):
        if self._batch is None:
            raise RuntimeError("call reset() first")
        actions = np.asarray(actions)
        n = self.num_envs
        if actions.shape != (n,):
            raise ValueError(f"actions of shape {actions.shape} for {n} environments")
        actions = actions.astype(np.int64)
        actor = self._to_move
        inside = (actions >= 0) & (actions < self._k)
        allowed = np.zeros(n, dtype=bool)
        rows = np.flatnonzero(inside)
        allowed[rows] = self._mask[rows, actions[rows]] == 1
        if self.illegal == "raise":
            if not allowed.all():
                i = int(np.flatnonzero(~allowed)[0])
                raise IllegalActionError(
                    f"match {i}: action index {int(actions[i])} is not allowed by the mask"
                )
            send, illegal = actions, np.zeros(n, dtype=bool)
        else:
            illegal = ~allowed
            send = np.where(illegal, BatchEnv.RESIGN, actions)
        obs, mask, scores, done, to_move = self._batch.step(send)
        self._mask, self._to_move = mask, to_move
        reward = np.zeros(n, dtype=np.float64)
        finished = np.flatnonzero(done)
        infos = self._infos(mask, to_move, np.where(done, -1, actor),
                            np.zeros((n, self.players), dtype=np.float32), np.zeros(n, dtype=bool))
        if len(finished):
            final = self._batch.final_observations(finished.tolist())
            no_mask = np.zeros(self._k, dtype=np.int8)
            for f, i in enumerate(finished):
                who = int(actor[i])
                rewards = scores[i].copy()
                if illegal[i]:
                    rewards[:] = 0.0
                    rewards[who] = -self.illegal_penalty
                reward[i] = rewards[who]
                final_info = {"action_mask": no_mask.copy(), "to_move": -1, "actor": who,
                              "rewards": rewards, "illegal": bool(illegal[i])}
                infos = self._add_info(infos, {"final_obs": final[f], "final_info": final_info}, i)
            self._episodes[finished] += 1
        return obs, reward, done.copy(), np.zeros(n, dtype=bool), infos
