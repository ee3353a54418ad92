"""A user's Parchís code, checked by ``check.py`` (never run): every type is precise."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import assert_type

import boardrules as br
from boardrules import dorada, parchis

s = br.new_game("parchis", players=2, colours=["yellow", "red"], exit_capture=False)
assert_type(s, parchis.State)
assert_type(br.legal_moves(s), tuple[parchis.Move, ...])
assert_type(br.chance_outcomes(s), tuple[tuple[parchis.Move, Fraction], ...])
assert_type(br.apply_move(s, br.legal_moves(s)[0]), parchis.State)
assert_type(br.parse_move(s, "roll 5"), parchis.Move)
assert_type(br.sample_chance(s, random.Random(1)), parchis.Move)
assert_type(br.action_to_move(s, 4), parchis.Move)
assert_type(br.returns(s), tuple[float, ...])
assert_type(br.evaluate(s), tuple[float, ...])
assert_type(br.game_of(s), br.Game[parchis.State, parchis.Move])
assert_type(br.get_game("parchis"), br.Game[parchis.State, parchis.Move])
# Calls nested in calls keep their types.
assert_type(br.legal_moves(br.apply_move(s, br.legal_moves(s)[0])), tuple[parchis.Move, ...])
assert_type(br.current_player(br.apply_move(s, br.sample_chance(s, random.Random(1)))), int)

# The mistakes of the issue: each is a type error.
d = br.new_game("dorada", players=2)
br.apply_move(s, br.legal_moves(d)[0])  # expect-error
br.legal_moves("not a state")  # expect-error
x: str = br.new_game("parchis")  # expect-error
br.new_game("parchis", player=2)  # expect-error
br.new_game("parchis", players="2")  # expect-error
br.render_svg(s, move=dorada.PASS)  # expect-error
br.move_to_action(s, dorada.PASS)  # expect-error

# The game's own module is typed alike.
assert_type(parchis.new_game(players=3), parchis.State)
assert_type(parchis.legal_moves(s), tuple[parchis.Move, ...])
parchis.new_game(player=2)  # expect-error
parchis.new_game(exit_capture="no")  # expect-error
