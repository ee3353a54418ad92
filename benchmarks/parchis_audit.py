"""Differential audit of Parchís: this checkout's engine against the engine of a git revision.

Both engines play the same seeded random games with the README's loop in every configuration
(2, 3 and 4 players, each option on its own and all together, other colours and first
players), each in its own process importing its own ``src/``; at every node each one writes
down the player to move, the state's fields (``board`` as its tuple, the barrier mask, the
finishing order...) and hash, the legal moves (notation and action numbers), the chance
outcomes with their exact probabilities and the returns, and in every ``--json-every``-th game
also the state's JSON document and ``repr``; the audit compares them::

    python benchmarks/parchis_audit.py main --games 20000
    python benchmarks/parchis_audit.py main --ours HEAD   # a commit, not the checkout

The first difference is shown with its game and node, and the audit exits 1 (the workers
and the comparison are ``benchmarks/_audit.py``'s, shared with ``dorasure_audit.py``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import _audit  # benchmarks/_audit.py: the workers, the comparison

#: The configurations, played in turn (game number ``k`` plays ``CONFIGS[k % len]``).
CONFIGS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("4 players", {"players": 4}),
    ("3 players", {"players": 3}),
    ("2 players", {"players": 2}),
    ("4 players, two out on the first 5", {"players": 4, "two_out_on_first_five": True}),
    ("4 players, no exit capture", {"players": 4, "exit_capture": False}),
    ("4 players, barriers on safe squares only", {"players": 4, "barriers_on_safe_only": True}),
    ("4 players, third 6 to the lane", {"players": 4, "third_six_back_to_lane_start": True}),
    (
        "2 players, every option, colours 1 and 3, second first",
        {
            "players": 2,
            "colours": ["blue", "green"],
            "first_player": 1,
            "two_out_on_first_five": True,
            "exit_capture": False,
            "barriers_on_safe_only": True,
            "third_six_back_to_lane_start": True,
        },
    ),
    (
        "3 players, two out, third 6 to the lane, colours 0 2 3",
        {
            "players": 3,
            "colours": ["yellow", "red", "green"],
            "two_out_on_first_five": True,
            "third_six_back_to_lane_start": True,
        },
    ),
)

#: The state's fields, as the audit writes them down.
FIELDS = (
    "pos", "board", "turn", "phase", "roll", "count", "sixes", "last", "finished", "opened",
    "barriers",
)  # fmt: skip


def _describe(json_every: int) -> Callable[[Any, Any, int], str]:
    """Everything the audit compares at one node, as one line (with the JSON document and
    the reprs in every ``json_every``-th game)."""

    def describe(br: Any, s: Any, seed: int) -> str:
        player = br.current_player(s)
        fields = tuple(getattr(s, name) for name in FIELDS)
        parts = [f"player {player}", f"returns {tuple(br.returns(s))}", f"fields {fields}"]
        parts.append(f"hash {hash(s)}")
        if seed % json_every == 0:
            parts += [f"json {br.to_json(s)}", f"repr {s!r}", f"full {s.full_repr()}"]
        if not br.is_terminal(s):
            if player == br.CHANCE:
                outcomes = br.chance_outcomes(s)
                odds = [(str(m), f"{p.numerator}/{p.denominator}") for m, p in outcomes]
                parts.append(f"outcomes {odds}")
            parts.append(f"moves {[str(m) for m in br.legal_moves(s)]}")
            parts.append(f"actions {list(br.legal_actions(s))}")
        return "\t".join(parts)

    return describe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    _audit.arguments(parser)
    parser.add_argument("--games", type=int, default=20_000, help="games (20,000)")
    parser.add_argument(
        "--json-every", type=int, default=10, help="JSON and reprs in every k-th game (10)"
    )
    args = parser.parse_args(argv)
    audit = _audit.Audit("parchis", CONFIGS, _describe(args.json_every), Path(__file__).resolve())
    options = ("--games", str(args.games), "--json-every", str(args.json_every))
    return _audit.run(audit, args, options, games=args.games)


if __name__ == "__main__":
    sys.exit(main())
