"""``position_problems``: the laws of play a position set up by hand breaks (issue 36,
point 3).  Such a position stays loadable (puzzles and scenarios need them); each law is
tested from a concrete position that breaks it, and positions reached in play break none."""

from __future__ import annotations

import random

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis


def test_a_position_reached_in_play_breaks_no_law() -> None:
    rng = random.Random(36)
    for game in br.available_games():
        for players in (2, 4):
            state = br.new_game(game, players=players)
            for _ in range(300 if game != "dorasure" else 120):
                assert br.position_problems(state) == (), (game, state)
                if br.is_terminal(state):
                    break
                if br.is_chance(state):
                    state = br.apply_move(state, br.sample_chance(state, rng))
                else:
                    state = br.apply_move(state, rng.choice(br.legal_moves(state)))


# Parchís -------------------------------------------------------------------------------------


def test_parchis_a_bonus_of_20_needs_a_piece_eaten_back_to_its_nest() -> None:
    # Yellow counts 20 for eating, but every red piece is out: none was eaten.
    s = parchis.position({"yellow": [30], "red": [31, 40, 50, 60]}, roll=3, bonus=20, players=2)
    assert br.position_problems(s) == (
        "a bonus of 20 is earned by eating a piece, which went back to its nest, and nobody "
        "has a piece in the nest (Parchís §7.1, §7.3)",
    )
    fine = parchis.position({"yellow": [30], "red": [40, 50, 60]}, roll=3, bonus=20, players=2)
    assert br.position_problems(fine) == ()


def test_parchis_the_piece_that_ate_stands_alone_on_a_square_that_is_not_safe() -> None:
    problem = (
        "a bonus of 20 is earned by the piece that just ate, which stands alone where it ate, "
        "on a square that is not safe (Parchís §7.1, §7.2)"
    )
    on_safe = parchis.position({"yellow": [29], "red": [30]}, roll=3, bonus=20, players=2)
    assert br.position_problems(on_safe) == (problem,)
    pair = parchis.position({"yellow": [30, 30]}, roll=3, bonus=20, players=2, last=30)
    assert br.position_problems(pair) == (problem,)


def test_parchis_a_bonus_of_20_on_the_exit_is_eating_by_coming_out() -> None:
    problem = (
        "a bonus of 20 on yellow's exit is earned by coming out onto it and eating the piece "
        "of another colour that arrived last, so the player's piece stands there second, "
        "beside another colour (Parchís §4.3)"
    )
    came_out = parchis.position({"red": [5], "yellow": [5]}, roll=5, bonus=20, players=2, last=5)
    assert br.position_problems(came_out) == ()
    first = parchis.position({"yellow": [5], "red": [5]}, roll=5, bonus=20, players=2, last=5)
    assert br.position_problems(first) == (problem,)
    own = parchis.position({"yellow": [5, 5]}, roll=5, bonus=20, players=2, last=5)
    assert br.position_problems(own) == (problem,)
    no_capture = parchis.position(
        {"red": [5], "yellow": [5]}, roll=5, bonus=20, players=2, last=5, exit_capture=False
    )
    assert br.position_problems(no_capture) == (problem,)


# Dorada --------------------------------------------------------------------------------------

DORADA_FIRST_ROUND = (
    "while a player still has all four pieces on the start field it is the first round: each "
    "player from the first player, {first}, up to the one in turn has taken exactly one piece "
    "off the start field, the others none (Dorada §1.1, §1.3, §2.5)"
)


def test_dorada_in_the_first_round_the_players_before_the_turn_have_moved_once() -> None:
    problem = (DORADA_FIRST_ROUND.format(first=0),)
    assert br.position_problems(dorada.position(players=3, turn=2)) == problem  # none moved
    moved = dorada.position(players=3, track={3: [0], 5: [1]}, turn=2)
    assert br.position_problems(moved) == ()
    assert br.position_problems(dorada.position(players=3, track={3: [0]}, turn=2)) == problem
    assert br.position_problems(dorada.position(players=3, track={3: [0, 0]}, turn=1)) == problem
    assert br.position_problems(dorada.position(players=3, track={3: [0]}, turn=0)) == problem
    # From the first player on: player 2 begins, then 0.
    late = dorada.position(players=3, first_player=2, track={4: [2]}, turn=0)
    assert br.position_problems(late) == ()
    wrong = dorada.position(players=3, first_player=2, track={4: [1]}, turn=0)
    assert br.position_problems(wrong) == (DORADA_FIRST_ROUND.format(first=2),)
    # Once every player has moved a piece, the law says nothing.
    later = dorada.position(players=2, track={3: [0, 0], 7: [1]}, turn=1)
    assert br.position_problems(later) == ()


# Docker --------------------------------------------------------------------------------------

DOCKER_FIRST_ROUND = (
    "while a player still in the game has no piece on the pitch it is the first round: nobody "
    "is out, and each player from the first player, {first}, up to the one in turn has exactly "
    "one piece on the pitch, the others none (Docker §1.1, §2.4, §3.2)"
)


def test_docker_in_the_first_round_the_players_before_the_turn_have_entered_once() -> None:
    problem = (DOCKER_FIRST_ROUND.format(first=0),)
    assert br.position_problems(docker.position({"b2": [0]}, players=3, turn=2)) == problem
    assert br.position_problems(docker.position({"b2": [0], "a1": [1]}, players=3, turn=2)) == ()
    assert br.position_problems(docker.position({}, players=2, turn=1)) == problem
    twice = docker.position({"b2": [0, 0]}, players=2, turn=1)
    assert br.position_problems(twice) == problem
    out = docker.position({"b2": [0]}, players=3, turn=2, eliminated=[1])
    assert br.position_problems(out) == problem
    late = docker.position({"b2": [1]}, players=2, first_player=1, turn=0)
    assert br.position_problems(late) == ()


# Dorasure ------------------------------------------------------------------------------------


def test_dorasure_the_book_of_dragons_gave_every_hero_one_exp() -> None:
    heroes = ["Ninja", "Gladiator"]
    s = dorasure.position(heroes, quests={"g0": "golem"}, solved={"g0": "book"})
    assert br.position_problems(s) == (
        "xp: the Book of Dragons gave every hero 1 EXP (Dorasure §5.8, §6)",
    )
    xp = {"Ninja": 1, "Gladiator": 2}
    fine = dorasure.position(heroes, quests={"g0": "golem"}, solved={"g0": "book"}, xp=xp)
    assert br.position_problems(fine) == ()


def test_dorasure_a_wound_in_the_adventure_phase_is_a_dragon_s_lair_found() -> None:
    heroes = ["Ninja", "Gladiator"]
    wounded = dorasure.position(heroes, quests={"g0": "golem"}, wounds=1)
    assert br.position_problems(wounded) == (
        "wounds: in the Adventure Phase, one per Dragon's Lair and replenished quest solved "
        "(Dorasure §2.4, §5.8, §9.2)",
    )
    lair = dorasure.position(heroes, quests={"g0": "golem"}, solved={"g0": "lair"})
    assert len(br.position_problems(lair)) == 2  # neither the wound nor the meter's space
    found = dorasure.position(
        heroes, quests={"g0": "golem"}, solved={"g0": "lair"}, wounds=1, meter=1
    )
    assert br.position_problems(found) == ()


def test_dorasure_every_law_of_play_cites_its_clauses() -> None:
    from boardrules.dorasure._check import LAWS
    from boardrules.dorasure._problems import CLAUSES

    assert sorted(CLAUSES) == sorted(law.__name__ for law in LAWS)
