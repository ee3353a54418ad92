"""Dorasure: what each action number means, and what each seat sees."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import boardrules as br
from boardrules.dorasure import HERO_ORDER, QUESTS, State, _rules, decode, position
from boardrules.dorasure._actions import COUNTED, numbering
from boardrules.dorasure._check import LAWS, MAX_AGENDA, breaks_a_law, check_state
from boardrules.dorasure._dice import decode_counts
from boardrules.dorasure._observation import AGENDA_SHOWN
from boardrules.dorasure._state import (
    CAP,
    M_ABSORB,
    M_ASK,
    M_DICE,
    M_KISS,
    M_SPEND,
    M_STEP,
    P_ADVENTURE,
    P_BATTLE,
    T_ADVENTURE_END,
    T_END_TURN,
    T_MOVE_ROLL,
    T_REVEAL_QUEST,
    T_ROLL,
    TASK_COUNT,
    WON,
    Move,
)
from boardrules.dorasure._tasks import (
    Absorb,
    AdventureEnd,
    Deaths,
    EndTurn,
    Roll,
    Spend,
    Task,
)
from boardrules.dorasure.tasks._registry import task_problem
from boardrules.errors import StateFormatError
from dorasure_helpers import FACE_UP, changed_options, play
from test_encoding import OPTIONS, playout

setups = st.sampled_from(OPTIONS["dorasure"])


def what(move: Move) -> tuple[int, int, int, str]:
    """What a move means: the move itself, except that a dice outcome is numbered by its
    counts of 1s, 2-3s and 4-5s (the rest of its dice, however many, are 6s)."""
    if move.kind == M_DICE:
        ones, low, high, _ = decode_counts(move.a)
        return M_DICE, ones, low << 8 | high, "dice"
    return move.kind, move.a, move.b, move.text


@settings(max_examples=4, deadline=None)
@given(options=setups, seeds=st.lists(st.integers(0, 2**32 - 1), min_size=2, max_size=2))
def test_an_action_number_means_the_same_move_in_every_position_of_a_setup(
    options: dict[str, Any], seeds: list[int]
) -> None:
    seen: dict[tuple[bool, int], tuple[int, int, int, str]] = {}
    kinds: dict[tuple[bool, int], int] = {}
    for seed in seeds:  # two games of one setup: the numbers do not depend on the game
        for state in playout("dorasure", options, seed):
            chance = br.is_chance(state)
            for move in br.legal_moves(state):
                action = br.move_to_action(state, move)
                assert seen.setdefault((chance, action), what(move)) == what(move)
                kinds[(chance, action)] = move.kind
    # Each kind of move has one block of numbers: no number of one kind lies between two
    # numbers of another.
    for chance in (False, True):
        numbers = sorted(a for c, a in kinds if c == chance)
        runs = [kinds[(chance, a)] for a in numbers]
        blocks = [k for i, k in enumerate(runs) if i == 0 or runs[i - 1] != k]
        assert len(blocks) == len(set(blocks))


def test_the_blocks_follow_the_table_on_the_dorasure_page() -> None:
    s = br.new_game("dorasure", players=2)
    spaces = len(s.rules.board.names)
    n = 2
    assert br.num_actions(s) == 6 * spaces + 3 * n + 295
    assert br.num_chance_outcomes(s) == 2 ** (n + 1) + 13300
    number = numbering(s.rules).number
    # The steps come last: step v X is (v - 1) * S + X from the start of their block.
    first_step = br.num_actions(s) - 6 * spaces
    for v in (1, 4, 6):
        for x in (0, 7, spaces - 1):
            assert number(Move(M_STEP, v, x, f"step {v} x")) == first_step + (v - 1) * spaces + x
    # The counted decisions: absorb then spend, 64 numbers each, just before the other two.
    assert number(Move(M_SPEND, 0, 0, "spend 0")) - number(Move(M_ABSORB, 0, 0, "absorb 0")) == (
        COUNTED
    )
    assert number(Move(M_ASK, 1, 1, "ask x")) - number(Move(M_ASK, 0, 0, "skip x")) == 3
    assert number(Move(M_KISS, 1, 0, "kiss x")) - number(Move(M_KISS, -1, 0, "no-kiss")) == 2


def seat_block(obs: tuple[float, ...], state: State, k: int) -> tuple[float, ...]:
    spaces = len(state.rules.board.names)
    block = 12 + spaces + 25
    return obs[k * block : (k + 1) * block]


@settings(max_examples=6, deadline=None)
@given(options=setups, seed=st.integers(0, 2**32 - 1))
def test_each_seat_sees_itself_first_and_every_hero_where_it_stands(
    options: dict[str, Any], seed: int
) -> None:
    for i, state in enumerate(playout("dorasure", options, seed)):
        if i % 5:
            continue
        n = state.rules.seats
        spaces = len(state.rules.board.names)
        for player in range(n):
            obs = br.observation(state, player)
            for k in range(n):
                seat = (player + k) % n
                block = seat_block(obs, state, k)
                assert block[:12].index(1.0) == state.rules.heroes[seat]
                assert block[12 : 12 + spaces].index(1.0) == state.pos[seat]
                health = block[12 + spaces]
                assert health == state.health[seat] / state.rules.sheets[seat].health
                assert block[12 + spaces + 4 : 12 + spaces + 10].index(1.0) == state.level(seat) - 1


def test_heroes_are_named_in_the_order_of_hero_order() -> None:
    s = br.new_game("dorasure", heroes=["Vampire", "Prince"])
    seen = [seat_block(br.observation(s, 1), s, k)[:12].index(1.0) for k in (0, 1)]
    assert [HERO_ORDER[h] for h in seen] == [s.rules.hero_name(1), s.rules.hero_name(0)]
    assert sorted(HERO_ORDER[h] for h in seen) == ["Prince", "Vampire"]


def mountains(obs: tuple[float, ...], state: State) -> list[int | None]:
    """The face-up tile of each mountain read back from an observation (None: face down)."""
    n, spaces = state.rules.seats, len(state.rules.board.names)
    at = n * (12 + spaces + 25) + 4 + n + 1 + 3
    q = len(QUESTS)
    out: list[int | None] = []
    for m in range(5):
        one_hot = obs[at + m * (q + 8) : at + m * (q + 8) + q + 1]
        assert one_hot.count(1.0) == 1 and sum(one_hot) == 1.0
        tile = one_hot.index(1.0)
        out.append(None if tile == q else tile)
    return out


@settings(max_examples=5, deadline=None)
@given(options=setups, seed=st.integers(0, 2**32 - 1))
def test_face_down_quests_show_as_face_down_and_a_turned_tile_shows_for_everyone(
    options: dict[str, Any], seed: int
) -> None:
    for state in playout("dorasure", options, seed):
        n = state.rules.seats
        views = [br.observation(state, p) for p in range(n)]
        for view in views:
            expected = [q if q >= 0 else None for q in state.quests]
            assert mountains(view, state) == expected
        if state.phase < WON and state.agenda[0][0] == T_REVEAL_QUEST:
            # Face-down tiles are not in the state: which tile comes is drawn only now, from
            # one observation for all outcomes; each tile drawn shows to every seat.
            mountain = state.agenda[0][2]
            shown = set()
            for move in br.legal_moves(state):
                after = br.apply_move(state, move)
                tiles = {mountains(br.observation(after, p), after)[mountain] for p in range(n)}
                assert len(tiles) == 1 and None not in tiles
                shown |= tiles
            assert len(shown) == len(br.legal_moves(state))


def test_the_agenda_shows_the_front_task() -> None:
    s = br.new_game("dorasure", players=2)
    obs = br.observation(s, 0)
    spaces = len(s.rules.board.names)
    at = 2 * (12 + spaces + 25) + 4 + 2 + 1 + 3 + 5 * (len(QUESTS) + 8) + len(QUESTS) + 12
    task = TASK_COUNT + 2 + 2  # the task code one-hot, its seat, its two arguments
    front = obs[at : at + task]
    assert front[:TASK_COUNT].index(1.0) == s.agenda[0][0] == T_REVEAL_QUEST
    assert len(obs) == at + AGENDA_SHOWN * task


# -- the decoder and the engine agree on the reachable states ---------------------------------


def document(s: State) -> dict[str, Any]:
    return json.loads(br.to_json(s))  # type: ignore[no-any-return]


def decoded(doc: dict[str, Any]) -> State:
    s = br.from_json(json.dumps(doc))
    assert isinstance(s, State)
    return s


def refused(doc: dict[str, Any]) -> str:
    with pytest.raises(StateFormatError) as caught:
        br.from_json(json.dumps(doc))
    return str(caught.value)


@pytest.fixture
def checked_moves() -> Iterator[None]:
    """apply_move checks every state it returns with the decoder's own checks."""
    before = _rules.CHECK_RESULTS
    _rules.CHECK_RESULTS = True
    yield
    _rules.CHECK_RESULTS = before


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(options=changed_options(), seed=st.integers(0, 2**32 - 1))
def test_every_state_the_engine_builds_with_changed_options_decodes_as_it_is(
    checked_moves: None, options: dict[str, Any], seed: int
) -> None:
    # Issue 21, class 2: play reached states whose own document did not load.
    state = br.new_game("dorasure", **options)
    rng = random.Random(seed)
    for i in range(600):
        if br.is_terminal(state):
            break
        move = (
            br.sample_chance(state, rng)
            if br.is_chance(state)
            else rng.choice(br.legal_moves(state))
        )
        state = br.apply_move(state, move)  # which checks the state it returns
        if i % 25 == 0:
            assert br.from_json(br.to_json(state)) == state


def test_finding_a_prince_with_a_low_resource_cap_keeps_servants_within_it(
    checked_moves: None,
) -> None:
    low = {"Prince": {"resource_cap": [1, 2]}}
    s = position(["Ninja", "Prince"], xp={"Prince": 5}, sheets=low, quests=FACE_UP, step="act")
    s = play(s, "pass")  # the Prince's turn begins: his servants are set to his level 4...
    assert s.turn == 1 and s.level(1) == 4
    assert s.resource[1] == s.rules.stats[1][4][CAP] == 1  # ...within the cap of his sheet
    assert br.from_json(br.to_json(s)) == s


def test_finding_a_battle_roll_of_a_hero_not_in_turn_is_refused() -> None:
    # The agenda mutation loop's finding: this loaded, and after the roll the Ninja's
    # reroll offer ("Reroll: a task of a hero not in turn") made a state that did not.
    s = position(["Ninja", "Gladiator"], step="battle", turn="Gladiator", quests=FACE_UP,
                 solved={"g0": "treasure"})  # fmt: skip
    doc = document(s)
    assert doc["state"]["agenda"][0] == [T_ROLL, 1, 3, P_BATTLE]
    doc["state"]["agenda"][0][1] = 0
    assert "not in turn" in refused(doc)


def test_finding_a_quest_roll_of_a_hero_not_in_the_quest_is_refused() -> None:
    s = position(["Ninja", "Gladiator"], quests={"d1": "golem", **FACE_UP}, at={"Ninja": "c1"},
                 resource={"Ninja": 1}, step="act")  # fmt: skip
    s = play(s, "quest d1", "absorb 0", "spend 0")
    doc = document(s)
    assert doc["state"]["agenda"][0][0] == T_ROLL and doc["state"]["party"] == 1
    doc["state"]["agenda"][0][1] = 1
    assert "not in the quest" in refused(doc)


# -- long agendas -----------------------------------------------------------------------------


def long_agenda(rows: list[list[int]], copies: int) -> str:
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    doc = document(s)
    doc["state"]["agenda"] = rows * copies + [[T_ADVENTURE_END, 0, 0, 0], [T_END_TURN, 0, 0, 0]]
    return json.dumps(doc)


@pytest.mark.parametrize("copies", [MAX_AGENDA, 100_000, 200_000])
def test_finding_an_agenda_longer_than_its_limit_is_refused_before_its_tasks_are_read(
    copies: int,
) -> None:
    # Issue 21, class 4: 1.5 MB of agenda took 4.4 s and 2.9 MB 19.7 s, only to be refused.
    text = long_agenda([[T_ROLL, 0, 1, 0]], copies)
    with pytest.raises(StateFormatError, match=f"at most {MAX_AGENDA} tasks"):
        br.from_json(text)
    doc = json.loads(text)  # the JSON read, the decoder refuses at once
    start = time.process_time()
    with pytest.raises(StateFormatError, match=f"at most {MAX_AGENDA} tasks"):
        decode(doc["options"], doc["state"])
    assert time.process_time() - start < 0.1


@pytest.mark.parametrize("rows", [[[T_ROLL, 0, 1, 0]], [[14, 0, 1, 0], [19, 0, 0, 0]]])
def test_an_agenda_at_its_limit_is_read_at_once(rows: list[list[int]]) -> None:
    text = long_agenda(rows, (MAX_AGENDA - 2) // len(rows))
    start = time.process_time()
    with pytest.raises(StateFormatError, match="agenda"):  # no such turn exists
        br.from_json(text)
    assert time.process_time() - start < 0.5


@pytest.mark.parametrize(
    "rows",
    [[Roll(0, 1, P_ADVENTURE)], [Spend(0, P_ADVENTURE, 1)], [Absorb(0, 1), Deaths(0)]],
    ids=["rolls", "spends", "damage"],
)
def test_the_rules_of_the_tasks_take_linear_time(rows: list[Task]) -> None:
    # The rules read the rest of the agenda from one scan of it, not each from its own.
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    seconds = []
    for copies in (10_000, 40_000):
        long = attrs.evolve(s, agenda=(*rows * copies, AdventureEnd(0), EndTurn(0)))
        start = time.process_time()
        for i in range(len(long.agenda)):
            task_problem(long, i)
        seconds.append(time.process_time() - start)
    assert seconds[1] < 1.0  # quadratic, the 10,000 rolls alone took 3 s
    assert seconds[1] < 8 * seconds[0] + 0.05  # four times the tasks: about four times the time


def test_an_agenda_beyond_its_limit_is_refused_by_position_checks_too() -> None:
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    long = attrs.evolve(s, agenda=(*[Roll(0, 1, P_ADVENTURE)] * MAX_AGENDA, AdventureEnd(0),
                                   EndTurn(0)))  # fmt: skip
    with pytest.raises(StateFormatError, match="at most 200"):
        check_state(long)


# -- what play leaves behind ------------------------------------------------------------------

MOUNTAINS = ["g0", "d1", "d3", "g3", "f5"]
TILES = dict(
    zip(MOUNTAINS, ["inscriptions", "golem", "teleport", "goblins", "sphinx"], strict=True)
)


def test_finding_every_quest_solved_in_the_adventure_phase_with_no_battle_coming_is_refused() -> (
    None
):
    # Issue 21, class 3: the battle begins as the last quest is solved.
    rewards = dict(zip(MOUNTAINS, ["lair", "book", "weapons", "treasure", "lair"], strict=True))
    with pytest.raises(StateFormatError, match="Climactic Battle begins"):
        position(["Ninja", "Gladiator"], quests=TILES, solved=rewards, step="act")
    s = position(["Ninja", "Gladiator"], quests=TILES, solved={**rewards, "f5": "lair"},
                 step="battle")  # fmt: skip
    doc = document(s)
    doc["state"].update(phase="adventure", agenda=[[T_MOVE_ROLL, 0, 0, 0], [T_END_TURN, 0, 0, 0]])
    assert "Climactic Battle begins" in refused(doc)


def test_finding_wounds_on_the_dragon_before_its_lair_is_found_break_a_law_of_play() -> None:
    # Issue 21, class 3: no game reaches it, but a setup may (a study of the battle need not
    # draw the lairs behind its wounds): it plays on and round-trips; the law names it.
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, wounds=2)
    assert "one per Dragon's Lair" in (breaks_a_law(s) or "")
    assert br.from_json(br.to_json(s)) == s
    lawful = position(["Ninja", "Gladiator"], quests={**FACE_UP, "d1": "golem"},
                      solved={"d1": "lair"}, wounds=1, meter=1)  # fmt: skip
    assert breaks_a_law(lawful) is None


def test_finding_the_book_of_dragons_found_while_no_hero_has_exp_breaks_a_law_of_play() -> None:
    s = position(["Ninja", "Gladiator"], quests={**FACE_UP, "d1": "golem"}, solved={"d1": "book"})
    assert "Book of Dragons" in (breaks_a_law(s) or "")
    assert br.from_json(br.to_json(s)) == s
    with_exp = position(["Ninja", "Gladiator"], quests={**FACE_UP, "d1": "golem"},
                        solved={"d1": "book"}, xp={"Ninja": 1, "Gladiator": 1})  # fmt: skip
    assert breaks_a_law(with_exp) is None


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"razed": True}, "first fire icon"),
        ({"spent": 1}, "treasure used before it is found"),
        ({"gold": [0, 4]}, "Prince has 1 gold"),
    ],
)
def test_each_law_of_play_names_a_document_that_breaks_it(
    change: dict[str, Any], message: str
) -> None:
    doc = document(position(["Ninja", "Prince"], quests=FACE_UP))
    doc["state"].update(change)
    assert message in (breaks_a_law(decoded(doc)) or "")


def test_a_battle_begun_with_the_meter_low_and_quests_left_breaks_a_law_of_play() -> None:
    s = position(["Ninja", "Prince"], quests=FACE_UP, step="battle", meter=3)
    assert "battle begins with a full meter" in (breaks_a_law(s) or "")
    assert breaks_a_law(position(["Ninja", "Prince"], quests=FACE_UP, step="battle",
                                 meter=14)) is None  # fmt: skip


def test_a_game_won_with_the_dragon_unhurt_breaks_a_law_of_play() -> None:
    doc = document(position(["Ninja", "Prince"], quests=FACE_UP))
    doc["state"].update(phase="won", agenda=[])
    assert "health is gone exactly when" in (breaks_a_law(decoded(doc)) or "")


def test_every_law_of_play_holds_in_played_games() -> None:
    # The laws are an invariant of play: the debug check of apply_move asserts that a move
    # from a lawful state gives a lawful one (the property test above plays games with it).
    assert len(LAWS) >= 5 and all(callable(law) for law in LAWS)
    for options in OPTIONS["dorasure"]:
        for state in playout("dorasure", options, 11):
            assert breaks_a_law(state) is None, state.full_repr()


def test_two_rolls_of_one_hero_for_one_reading_are_refused() -> None:
    s = position(["Ninja", "Gladiator"], quests=FACE_UP, at={"Ninja": "c1"}, step="act")
    doc = document(play(s, "adventure"))
    agenda = doc["state"]["agenda"]
    assert agenda[0][0] == T_ROLL
    agenda.insert(0, list(agenda[0]))
    assert "two rolls" in refused(doc)
