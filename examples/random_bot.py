"""A seeded game of Parchís between four random players, through the public API.

Needs nothing but boardrules itself (``pip install boardrules``).
"""

import random

import boardrules as br

rng = random.Random(2026)
state = br.new_game("parchis", players=4)
while not br.is_terminal(state):
    if br.is_chance(state):
        move = br.sample_chance(state, rng)  # the dice: an exact chance node
    else:
        move = rng.choice(br.legal_moves(state))  # a random player's decision
    state = br.apply_move(state, move)
print(br.render(state))
print("returns:", br.returns(state))
