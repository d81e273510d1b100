"""Type stubs of the Rust extension cards_engines._native."""

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import numpy.typing as npt

Options = Union[Mapping[str, Any], Sequence[str], None]

class IllegalActionError(ValueError):
    """An action the engine refuses (its message names the broken rule)."""

class ConfigError(ValueError):
    """An unknown game, player count or option, or a configuration the game refuses."""

class BotError(ValueError):
    """A bot spec the game refuses, or a bot used with another game."""

def games() -> List[str]:
    """The names of every game."""

def game_info(name: str) -> Dict[str, Any]:
    """Title, description, min/max/default players, zero_sum, options (key -> default as JSON
    text), bots, action_size and rules of a game."""

def derive_seed(seed: int, index: int) -> int:
    """The seed of sub-stream `index` of `seed` (SplitMix64)."""

def random_playout_rate(game: str, seconds: float = 1.0, players: Optional[int] = None, seed: int = 0) -> float:
    """Steps per second of uniformly random play in Rust alone."""

class Game:
    """A match of one game; the state stays in Rust, Python reads what a seat may see."""

    def __init__(
        self,
        name: str,
        players: Optional[int] = None,
        seed: int = 0,
        options: Options = None,
        single_deal: bool = False,
    ) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> int: ...
    @property
    def seed(self) -> int: ...
    @property
    def to_move(self) -> Optional[int]:
        """The seat to move, None once the match is over."""
    @property
    def is_over(self) -> bool: ...
    @property
    def scores(self) -> List[float]:
        """The match scores so far, one per seat, higher is better."""
    @property
    def phase(self) -> str: ...
    @property
    def pack(self) -> List[str]: ...
    @property
    def config(self) -> Dict[str, Any]: ...
    @property
    def action_size(self) -> int: ...
    @property
    def action_space_kind(self) -> str:
        """"vocabulary" (index i is always one action, by notation) or "abstract" (index i is
        always one abstract action, e.g. a set of 8s of four cards: contract-rummy)."""
    @property
    def action_vocabulary(self) -> List[str]:
        """What every index means: an action's notation, or an abstract action's description."""
    @property
    def action_feature_size(self) -> int:
        """The length of an action's feature vector."""
    @property
    def observation_size(self) -> int: ...
    @property
    def observation_encoding(self) -> str:
        """The name of the game's observation layout (docs/python.md)."""
    @property
    def observation_layout(self) -> List[Tuple[str, int, int]]:
        """The observation's blocks in order: (name, offset, length)."""
    @property
    def faces(self) -> List[str]:
        """The distinct card faces of the pack, in sorted notation."""
    def legal_actions(self) -> List[str]:
        """The legal actions of the seat to move, in notation, in the engine's sorted order."""
    def apply(self, action: str) -> None:
        """Applies an action in notation; IllegalActionError with the engine's reason if refused."""
    def apply_index(self, index: int) -> None:
        """Applies the action at `index` of the action space (docs/python.md)."""
    def view(self, seat: int) -> Dict[str, Any]:
        """What `seat` may see (the engine's serde view)."""
    def screen(self, seat: int) -> str:
        """The screen `seat` sees, as the CLI prints it."""
    def clone(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def determinize(self, seat: int, seed: int = 0) -> "Game":
        """Another match consistent with what `seat` knows, its unseen cards dealt anew."""
    def observation(self, seat: int) -> npt.NDArray[np.float32]:
        """The observation of `seat`, from its view alone (docs/python.md)."""
    def action_mask(self, seat: int) -> npt.NDArray[np.int8]:
        """1 at the indices of the legal actions when `seat` is to move, else all 0."""
    def action_index(self, action: str) -> Optional[int]: ...
    def action_notation(self, index: int) -> str:
        """A vocabulary's notation of `index`; in an abstract space the legal action it applies now."""
    def legal_action_indices(self) -> npt.NDArray[np.int64]:
        """The action-space index of every legal action, in the order of legal_actions()."""
    def legal_action_features(self) -> npt.NDArray[np.float32]:
        """The feature vector of every legal action, [len(legal_actions()), action_feature_size]."""
    def apply_legal(self, j: int) -> None:
        """Applies the j-th entry of legal_actions() (an action chosen by its features)."""

class Bot:
    """A bot of one game (random, heuristic, ismcts:iters=N, pimc for cego, ...), deciding
    through the engine's Decision: the seat's view and the legal actions, never the state."""

    def __init__(self, game: str, spec: str, seed: int = 0) -> None: ...
    @property
    def spec(self) -> str: ...
    @property
    def game(self) -> str: ...
    def choose(self, game: Game) -> str:
        """The action (notation) chosen for the seat to move; the match is not changed."""
    def choose_index(self, game: Game) -> int: ...

StepResult = Tuple[
    npt.NDArray[np.float32],
    npt.NDArray[np.int8],
    npt.NDArray[np.float32],
    npt.NDArray[np.bool_],
    npt.NDArray[np.int64],
]

class BatchEnv:
    """N matches stepped in Rust across threads with the GIL released, with automatic reset.

    With reuse_buffers=True every step and reset returns the same five arrays, overwritten (copy
    what must outlive the next step); the mask array is then read-only."""

    def __init__(
        self,
        game: str,
        n: int,
        seed: Union[int, Sequence[int], None] = None,
        players: Optional[int] = None,
        options: Options = None,
        single_deal: bool = True,
        opponent: Optional[str] = None,
        agent_seat: int = 0,
        threads: Optional[int] = None,
        reuse_buffers: bool = False,
        final_observations: bool = False,
    ) -> None: ...
    RESIGN: int
    """The action (-2) that resigns a row's match in step: done, rewards the scores so far, next match."""
    def final_observations(self, rows: Sequence[int]) -> npt.NDArray[np.float32]:
        """[len(rows), obs_size]: the acting seat's observation of each row's finished match
        (rows done in the last step; needs final_observations=True)."""
    def __len__(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def seed(self) -> Optional[int]:
        """The seed of the rows' streams (drawn from os entropy for seed=None); None for a list."""
    @property
    def players(self) -> int: ...
    @property
    def action_size(self) -> int: ...
    @property
    def observation_size(self) -> int: ...
    @property
    def action_feature_size(self) -> int: ...
    def legal_action_features(
        self, rows: Optional[Sequence[int]] = None
    ) -> Tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float32]]:
        """(row, action index, features) of every legal action of each row's seat to move."""
    def reset(self) -> StepResult:
        """(obs [n, obs_size], mask [n, action_size], rewards [n, players], done [n], to_move [n])."""
    def sample_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action index per row, drawn in Rust."""
    def step(self, actions: npt.NDArray[np.int64]) -> StepResult:
        """Applies one action index per row; finished rows report their scores and restart."""
