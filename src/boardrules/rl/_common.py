"""What the PettingZoo and the Gymnasium environments share: spaces, observations, masks,
dice and pictures, all built from the game-independent API only."""

from __future__ import annotations

import io
import random
from typing import Any, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import boardrules as br
from boardrules._extras import require
from boardrules.bots import sample_outcome

__all__ = [
    "RENDER_MODES",
    "Observation",
    "Table",
    "check_render_mode",
    "picture",
    "roll",
]

#: What an agent receives: ``{"observation": float32 array, "action_mask": int8 array}``.
Observation = dict[str, npt.NDArray[Any]]

#: Every render mode an environment may offer; ``rgb_array`` only with a picture of the board.
RENDER_MODES = ("ansi", "rgb_array")

# The documented range of every channel of :func:`boardrules.observation`.
_LOW, _HIGH = 0.0, 1.0


class Table:
    """The fixed facts of one game and its options that both environments need: its start,
    spaces and sizes, computed once."""

    __slots__ = (
        "action_space",
        "game",
        "num_actions",
        "observation_space",
        "players",
        "shape",
        "size",
        "start",
        "writes_into",
    )

    def __init__(self, name: str, options: dict[str, Any]) -> None:
        self.start: Any = br.new_game(name, **options)
        self.game = br.game_of(self.start)
        self.players = br.num_players(self.start)
        self.num_actions = br.num_actions(self.start)
        self.shape = br.observation_shape(self.start)
        self.size = int(np.prod(self.shape))
        self.writes_into = self.game.observation_into is not None
        self.action_space = spaces.Discrete(self.num_actions)
        # A Dict space is typed as holding any values; its values here are the arrays.
        self.observation_space = cast(
            "spaces.Space[Observation]",
            spaces.Dict(
                {
                    "observation": spaces.Box(_LOW, _HIGH, self.shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            ),
        )

    def observe(self, state: Any, player: int, to_move: bool) -> Observation:
        """``player``'s observation of ``state``, with the mask of its legal actions when it
        is to move (all zeros otherwise): always new arrays, so a caller may keep them."""
        flat = np.zeros(self.size, dtype=np.float32)
        if self.writes_into:
            br.observation_into(state, player, flat)  # only the few values that are not 0
        else:
            flat[:] = br.observation(state, player)
        obs = flat.reshape(self.shape)
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if to_move:
            mask[list(br.legal_actions(state))] = 1
        return {"observation": obs, "action_mask": mask}

    def legal(self, state: Any, action: object) -> Any | None:
        """The move behind ``action`` if it is a legal action now, else ``None``."""
        try:
            return br.action_to_move(state, action)  # type: ignore[arg-type]
        except br.IllegalMoveError:
            return None


def roll(state: Any, dice: random.Random) -> Any:
    """``state`` after every chance node ahead of it, each outcome drawn with ``dice`` with
    the exact probabilities of :func:`boardrules.chance_outcomes`."""
    while br.current_player(state) == br.CHANCE:
        state = br.apply_move(state, sample_outcome(state, dice))
    return state


def check_render_mode(table: Table, render_mode: str | None) -> tuple[str, ...]:
    """The render modes this game offers here; ``render_mode`` must be one of them."""
    modes = ("ansi", "rgb_array") if table.game.render_svg is not None else ("ansi",)
    if render_mode is not None and render_mode not in modes:
        if render_mode == "rgb_array":
            raise br.UnsupportedError(
                f"render_mode='rgb_array' needs a picture of the board, which the game "
                f"{table.game.name!r} does not draw (boardrules.render_svg)"
            )
        raise br.InvalidOptionError(
            f"unknown render_mode {render_mode!r}; this environment offers: {', '.join(modes)}"
        )
    if render_mode == "rgb_array":
        require("cairosvg", "pictures", "render_mode='rgb_array'")
        require("PIL", "pictures", "render_mode='rgb_array'")
    return modes


def picture(state: Any) -> npt.NDArray[np.uint8]:
    """The board of ``state`` as an RGB array of shape (height, width, 3)."""
    cairosvg = require("cairosvg", "pictures", "render_mode='rgb_array'")
    image = require("PIL.Image", "pictures", "render_mode='rgb_array'")
    png: bytes = cairosvg.svg2png(bytestring=br.render_svg(state).encode())
    with image.open(io.BytesIO(png)) as img:
        rgb: npt.NDArray[np.uint8] = np.asarray(img.convert("RGB"), dtype=np.uint8)
    return rgb


def rendered(state: Any, render_mode: str | None) -> str | npt.NDArray[np.uint8] | None:
    """What every environment's ``render()`` gives: text for ``"ansi"``, an RGB array for
    ``"rgb_array"``, and ``None`` with Gymnasium's warning when no mode was chosen."""
    if render_mode is None:
        gymnasium.logger.warn("render() was called without a render_mode")
        return None
    if render_mode == "ansi":
        return br.render(state)
    return picture(state)
