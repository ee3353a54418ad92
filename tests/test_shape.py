"""The four game packages read alike: the same names, readable values, errors that cite the
rule, and the old names still working (deprecated) for code written against 0.1."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any, get_args

import attrs
import pytest

import boardrules as br
from boardrules import docker, dorada, dorasure, parchis

GAMES = (parchis, dorada, docker, dorasure)
CORE = (
    "State", "Move", "Options", "GAME", "new_game", "position", "legal_moves",
    "chance_outcomes", "apply_move", "current_player", "num_players", "is_terminal",
    "returns", "render", "parse_move", "encode", "decode", "options_of", "evaluate", "pieces",
    "position_problems",
)  # fmt: skip


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_every_game_package_exports_the_core_names(game: ModuleType) -> None:
    missing = [name for name in CORE if name not in game.__all__]
    assert missing == []
    assert game.GAME.state_type is game.State
    assert game.GAME.move_type is game.Move


# The skeleton of every game package: the same private modules for the same job.
SKELETON = (
    "_board", "_state", "_rules", "_setup", "_text", "_json", "_svg", "_actions",
    "_observation", "_problems",
)  # fmt: skip
# The fitted evaluation of a game: its features, and the weights fitted to them
# (benchmarks/fit_evaluation.py); every game but Dorasure has them.
FITTED = ("_features", "_evaluation")
# Modules of one game's own: Dorada's scoring, read by its rules and its features alike.
OWN_MODULES = {"dorada": {"_points"}}
# What each game calls its board, defined in its _board (Docker's is a pitch).
BOARD_CLASS = {"parchis": "Board", "dorada": "Board", "docker": "Pitch", "dorasure": "Board"}
# Old modules kept, with a warning on every use, for code that imported them: the names
# each still gives.  No note announced them before, so they go in a later release.
DEPRECATED_MODULES = {
    "boardrules.dorada._notation": ("_text", ("parse_move",)),
    "boardrules.dorada._options": ("_setup", ("OPTIONS", "make_options", "options_of")),
    "boardrules.dorada._position": ("_setup", ("build_state", "new_game", "position")),
    "boardrules.dorada._render": ("_text", ("LETTERS", "draw_board", "render")),
}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_every_game_package_has_the_skeletons_files(game: ModuleType) -> None:
    assert game.__file__ is not None
    folder = Path(game.__file__).parent
    private = {p.stem for p in folder.glob("_*.py") if p.stem != "__init__"}
    assert set(SKELETON) <= private
    deprecated = {m.rsplit(".", 1)[1] for m in DEPRECATED_MODULES if m.startswith(game.__name__)}
    if game is not dorasure:  # Dorasure, the largest, has more modules
        own = OWN_MODULES.get(game.__name__.rsplit(".", 1)[1], set())
        assert private == set(SKELETON) | deprecated | set(FITTED) | own


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.__name__)
def test_the_same_private_modules_do_the_same_job_in_every_game(game: ModuleType) -> None:
    from importlib import import_module

    for part, names in (
        ("_state", ("State", "Options")),
        ("_rules", ("legal_moves", "apply_move", "evaluate")),
        ("_setup", ("new_game", "position", "options_of")),
        ("_text", ("render", "parse_move", "player_name", "pieces")),
        ("_json", ("encode", "decode")),
        ("_svg", ("render_svg",)),
        ("_actions", ("num_actions", "num_chance_outcomes", "legal_actions",
                      "move_to_action", "action_to_move")),
        ("_observation", ("observation_shape", "observation", "observation_into",
                          "observation_string")),
    ):  # fmt: skip
        module = import_module(f"{game.__name__}.{part}")
        for name in names:
            public = getattr(game, name)  # checked at the package's boundary (a wrapper)
            assert getattr(public, "__wrapped__", public) is getattr(module, name), (part, name)
            assert getattr(game.GAME, name, None) in (None, getattr(module, name))
    board = import_module(f"{game.__name__}._board")
    kind = getattr(board, BOARD_CLASS[game.__name__.rsplit(".", 1)[1]])
    assert isinstance(kind, type) and kind.__module__ == board.__name__


@pytest.mark.parametrize("old", sorted(DEPRECATED_MODULES))
def test_a_deprecated_module_still_gives_its_names_with_a_warning(old: str) -> None:
    from importlib import import_module

    module = import_module(old)
    home_name, names = DEPRECATED_MODULES[old]
    home = import_module(f"{old.rsplit('.', 1)[0]}.{home_name}")
    for name in names:
        with pytest.warns(DeprecationWarning, match=f"{old} is deprecated"):
            assert getattr(module, name) is getattr(home, name)
    with pytest.raises(AttributeError):
        module.anything_else  # noqa: B018


def test_old_names_are_aliases_of_the_new_ones() -> None:
    assert dorada.DoradaState is dorada.State and dorada.DoradaOptions is dorada.Options
    assert docker.DockerState is docker.State and docker.Rules is docker.Options
    assert dorasure.DorasureState is dorasure.State
    assert dorasure.Rules is dorasure.Options
    # The old base classes stay the base of every move class of their game.
    assert all(issubclass(c, dorada.DoradaMove) for c in (dorada.Roll, dorada.Advance, dorada.Pass))
    assert all(issubclass(c, docker.DockerMove) for c in (docker.Roll, docker.Shift, docker.Entry))
    assert all(issubclass(c, dorasure.DorasureMove) for c in get_args(dorasure.Move))


def test_old_position_keywords_still_work_with_a_deprecation_warning() -> None:
    with pytest.warns(DeprecationWarning) as caught:
        old = dorada.position(players=2, track={3: [1, 0]}, to_move=0, die=4)
    assert sorted(str(w.message) for w in caught) == [
        "die= is deprecated; write roll=",
        "to_move= is deprecated; write turn=",
    ]
    assert old == dorada.position(players=2, track={3: [1, 0]}, turn=0, roll=4)
    with pytest.warns(DeprecationWarning, match="die= is deprecated; write roll="):
        dorada.position(players=2, turn=1, die=2)
    with pytest.warns(DeprecationWarning, match="to_move="):
        old_docker = docker.position({"b2": "01"}, players=2, to_move=1, roll=2)
    assert old_docker == docker.position({"b2": "01"}, players=2, turn=1, roll=2)
    with pytest.raises(br.StateFormatError, match="given twice"):
        dorada.position(players=2, turn=0, to_move=0)


def test_renamed_state_fields_keep_their_old_names_read_only() -> None:
    s = dorada.position(players=2, track={3: [1, 0]}, turn=0, roll=4)
    assert (s.to_move, s.die) == (s.turn, s.roll) == (0, 4)
    d = docker.position({"b2": "01"}, players=2, turn=1, roll=2)
    assert (d.to_move, d.rules) == (d.turn, d.options) == (1, d.options)
    h = dorasure.new_game(players=2)
    assert h.options is h.rules
    with pytest.raises(AttributeError):
        s.to_move = 1  # type: ignore[misc]


def test_json_documents_keep_their_keys() -> None:
    s = dorada.position(players=2, track={3: [1, 0]}, turn=0, roll=4)
    body = json.loads(br.to_json(s))["state"]
    assert (body["to_move"], body["die"]) == (0, 4)
    d = docker.position({"b2": "01"}, players=2, turn=1, roll=2)
    assert json.loads(br.to_json(d))["state"]["to_move"] == 1


@pytest.mark.parametrize(
    ("state", "text", "shown"),
    [
        (parchis.position({"yellow": [12]}, roll=6, players=2), "12+6", "<parchis.Move 12+6>"),
        (dorada.position(players=2, track={3: [0]}, turn=0, roll=4), "move 3",
         "<dorada.Advance move 3>"),
        (docker.position({"b2": "0"}, players=2, roll=1), "b2-a2", "<docker.Shift b2-a2>"),
        (dorasure.new_game(players=2), "quest-tile golem", "<dorasure.QuestDraw quest-tile golem>"),
    ],
)  # fmt: skip
def test_a_moves_repr_shows_its_notation(
    state: br.GameState[Any, Any], text: str, shown: str
) -> None:
    assert repr(br.parse_move(state, text)) == shown


@pytest.mark.parametrize(
    ("state", "shown"),
    [
        (parchis.position({"yellow": [12]}, roll=6, players=2),
         "<parchis.State turn=0 (yellow) phase=move roll=6>"),
        (dorada.new_game(players=2), "<dorada.State turn=0 phase=roll>"),
        (docker.position({"b2": "0"}, players=2, turn=1, roll=1),
         "<docker.State turn=1 phase=move roll=1>"),
        (dorasure.new_game(players=2), "<dorasure.State turn=0 (Ninja) phase=adventure>"),
    ],
)  # fmt: skip
def test_a_states_repr_is_short_and_its_str_is_the_picture(
    state: br.GameState[Any, Any], shown: str
) -> None:
    assert repr(state) == shown
    assert str(state) == br.render(state)
    full = state.full_repr()  # type: ignore[attr-defined]
    shown_fields = [f.name for f in attrs.fields(type(state)) if f.repr is not False]  # type: ignore[arg-type]
    assert full.startswith("State(") and all(f"{name}=" in full for name in shown_fields)


def test_parchis_move_kinds_are_a_named_enum() -> None:
    m = parchis.parse_move(parchis.new_game(), "roll 5")
    assert m.kind is parchis.Kind.ROLL
    assert int(m.kind) == 0  # still an int for older code
    assert [k.name for k in parchis.Kind] == ["ROLL", "MOVE", "OUT", "PASS"]


CITES = re.compile(r"\((Parchís|Dorada|Docker|Dorasure) §\d+\.\d+")


@pytest.mark.parametrize(
    ("state", "text", "rule"),
    [
        # Parchís: roll first; a 5 must bring a piece out; a 6 must open a barrier; the goal
        # needs the exact count; a square off the player's way.
        (parchis.position({"yellow": [12]}, players=2), "12+4", "Parchís §3.1"),
        (parchis.position({"yellow": [12]}, roll=5, players=2), "12+5", "Parchís §4.1"),
        (parchis.position({"yellow": [12, 12, 30]}, roll=6, players=2), "30+6", "Parchís §6.3"),
        (parchis.position({"yellow": ["L5"]}, roll=4, players=2), "L5+4", "Parchís §8.1"),
        (parchis.position({"yellow": [12]}, roll=4, players=2), "3+4", "Parchís §1.2"),
        # Dorada: roll first; no voluntary pass; only the top piece of a stack moves.
        (dorada.position(players=2, track={3: [0]}, turn=0), "move 3", "Dorada §2.1"),
        (dorada.position(players=2, track={3: [0]}, turn=0, roll=2), "pass", "Dorada §2.5"),
        (dorada.position(players=2, track={3: [0, 1]}, turn=0, roll=2), "move 3", "Dorada §2.3"),
        # Docker: only the top piece of a tower moves; no ending where the move began.
        (docker.position({"b2": "01"}, players=2, turn=0, roll=1), "b2-a2", "Docker §1.3"),
        (docker.position({"b2": "0"}, players=2, turn=0, roll=4), "b2-b2", "Docker §2.2"),
        # Dorasure: not an action during movement; resting where no rest is possible; a step
        # the terrain forbids.
        (dorasure.position(["Ninja", "Hunter"], at={"Ninja": "c2"}, quests={"g0": "golem"},
                           step="move", dice=[3, 5]), "rest", "Dorasure §4.1"),
        (dorasure.position(["Ninja", "Hunter"], at={"Ninja": "f1"}, quests={"g0": "golem"},
                           step="act"), "rest", "Dorasure §5.3"),
        (dorasure.position(["Ninja", "Hunter"], at={"Ninja": "c2"}, quests={"g0": "golem"},
                           step="move", dice=[3, 5]), "step 6 c1", "Dorasure §4.1"),
    ],
)  # fmt: skip
def test_an_illegal_move_names_the_rule_that_forbids_it(
    state: br.GameState[Any, Any], text: str, rule: str
) -> None:
    with pytest.raises(br.IllegalMoveError) as refused:
        br.parse_move(state, text)
    assert f"({rule}" in str(refused.value)


@pytest.mark.parametrize(
    ("state", "move", "rule"),
    [
        (parchis.position({"yellow": [12]}, roll=5, players=2),
         parchis.Move(parchis.Kind.MOVE, 0, 7, 5), "Parchís §4.1"),
        (dorada.position(players=2, track={3: [0]}, turn=0, roll=2), dorada.PASS, "Dorada §2.5"),
        (docker.position({"b2": "01"}, players=2, turn=0, roll=1), docker.Shift(4, 3),
         "Docker §1.3"),
    ],
)  # fmt: skip
def test_apply_move_of_an_illegal_move_names_the_rule_too(
    state: br.GameState[Any, Any], move: object, rule: str
) -> None:
    with pytest.raises(br.IllegalMoveError, match=re.escape(f"({rule}")):
        br.apply_move(state, move)


def test_a_dorasure_move_from_another_task_is_explained_by_apply_move() -> None:
    s = dorasure.position(
        ["Ninja", "Hunter"], at={"Ninja": "f1"}, quests={"g0": "golem"}, step="act"
    )
    moving = dorasure.position(
        ["Ninja", "Hunter"], at={"Ninja": "c2"}, quests={"g0": "golem"}, step="move", dice=[3, 5]
    )
    step = dorasure.parse_move(moving, "step 3 b2")
    with pytest.raises(br.IllegalMoveError) as refused:
        dorasure.apply_move(s, step)
    assert CITES.search(str(refused.value)) and "legal now: adventure" in str(refused.value)


def test_no_deprecation_warning_from_the_new_names() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        dorada.position(players=2, turn=1, roll=2)
        docker.position({}, players=2, turn=1)
