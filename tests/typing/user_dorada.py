"""A user's Dorada code, checked by ``check.py`` (never run): every type is precise."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import assert_type

import boardrules as br
from boardrules import docker, dorada

s = br.new_game("dorada", players=3, board="classic-40", tie_break="highest-piece")
assert_type(s, dorada.State)
assert_type(br.legal_moves(s), tuple[dorada.Move, ...])
assert_type(br.chance_outcomes(s), tuple[tuple[dorada.Move, Fraction], ...])
assert_type(br.apply_move(s, dorada.PASS), dorada.State)
assert_type(br.parse_move(s, "roll 5"), dorada.Move)
assert_type(br.sample_chance(s, random.Random(1)), dorada.Move)
assert_type(br.returns(s), tuple[float, ...])
assert_type(br.game_of(s), br.Game[dorada.State, dorada.Move])
assert_type(br.get_game("dorada"), br.Game[dorada.State, dorada.Move])
assert_type(br.apply_move(br.apply_move(s, dorada.PASS), dorada.PASS), dorada.State)

k = br.new_game("docker", players=2)
br.apply_move(s, br.legal_moves(k)[0])  # expect-error
br.apply_move(k, dorada.PASS)  # expect-error
br.new_game("dorada", tie_break="coin")  # expect-error
br.new_game("dorada", to_move=1)  # expect-error
br.returns(docker)  # expect-error

assert_type(dorada.new_game(tie_break="share"), dorada.State)
dorada.new_game(die=3)  # expect-error
