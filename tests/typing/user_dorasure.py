"""A user's Dorasure code, checked by ``check.py`` (never run): every type is precise."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import assert_type

import boardrules as br
from boardrules import dorasure

s = br.new_game("dorasure", heroes=["Ninja", "Gladiator"], fang=True)
assert_type(s, dorasure.State)
assert_type(br.legal_moves(s), tuple[dorasure.Move, ...])
assert_type(br.chance_outcomes(s), tuple[tuple[dorasure.Move, Fraction], ...])
assert_type(br.apply_move(s, br.sample_chance(s, random.Random(1))), dorasure.State)
assert_type(br.parse_move(s, "quest-tile golem"), dorasure.Move)
assert_type(br.returns(s), tuple[float, ...])
assert_type(br.game_of(s), br.Game[dorasure.State, dorasure.Move])
assert_type(br.get_game("dorasure"), br.Game[dorasure.State, dorasure.Move])

p = br.new_game("parchis")
br.apply_move(s, br.legal_moves(p)[0])  # expect-error
br.apply_move(p, br.legal_moves(s)[0])  # expect-error
br.new_game("dorasure", heros=["Ninja"])  # expect-error
br.new_game("dorasure", fang="yes")  # expect-error

assert_type(dorasure.new_game(players=1), dorasure.State)
dorasure.new_game(hero="Ninja")  # expect-error
