"""A user's Docker code, checked by ``check.py`` (never run): every type is precise."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import assert_type

import boardrules as br
from boardrules import docker, parchis

s = br.new_game("docker", players=4, first_player=1, return_to_start=True)
assert_type(s, docker.State)
assert_type(br.legal_moves(s), tuple[docker.Move, ...])
assert_type(br.chance_outcomes(s), tuple[tuple[docker.Move, Fraction], ...])
assert_type(br.apply_move(s, br.sample_chance(s, random.Random(1))), docker.State)
assert_type(br.parse_move(s, "roll 2"), docker.Move)
assert_type(br.evaluate(s), tuple[float, ...])
assert_type(br.game_of(s), br.Game[docker.State, docker.Move])
assert_type(br.get_game("docker"), br.Game[docker.State, docker.Move])

p = br.new_game("parchis")
br.apply_move(s, br.legal_moves(p)[0])  # expect-error
br.new_game("docker", return_to_start=1)  # expect-error
br.chance_outcomes(None)  # expect-error
t: parchis.State = br.apply_move(s, br.legal_moves(s)[0])  # expect-error

assert_type(docker.new_game(return_to_start=True), docker.State)
docker.new_game(players=2.5)  # expect-error
