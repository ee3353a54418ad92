"""Finding a caller's move among the legal moves, and naming a forged one (boardrules._legal).

The games take a move only when it is one of their legal move objects or equals one
strictly: the same class, and fields of the same types.  These tests use small move classes
of their own, as a caller could forge them, and check the exact words the error messages
of every game are built from.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import TypeVar

import attrs
import pytest

import boardrules as br
from boardrules._legal import (
    find_legal,
    forged_field,
    same_value,
    shown,
    wrong_field_types,
)
from boardrules._values import safe_repr

M = TypeVar("M")


class Kind(enum.IntEnum):
    ENTER = 1
    MOVE = 2


@attrs.frozen
class Step:
    to: int | None

    def __str__(self) -> str:
        return f"step to {self.to}"


@attrs.frozen
class Jump:
    over: int


@attrs.frozen
class Say:
    word: str


@attrs.frozen
class Act:
    kind: Kind


@attrs.frozen
class Named:
    """A move whose notation needs no field (so it reads even when a field is unset)."""

    to: int

    def __str__(self) -> str:
        return "named move"


@attrs.frozen
class Broken:
    """A move whose notation fails (as a forged move's may, on a field of a wrong type)."""

    to: int

    def __str__(self) -> str:
        raise TypeError("no notation")


class Plain:
    """An object of no attrs class: shown by its repr, never its str."""

    def __str__(self) -> str:
        return "plain notation"

    def __repr__(self) -> str:
        return "Plain()"


class Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def forged(kind: Callable[..., M], *fields: object) -> M:
    """A move of ``kind`` with fields of any type, as a caller may make one."""
    return kind(*fields)


def unset(kind: type[object]) -> object:
    """A move of ``kind`` made without its ``__init__``: no field set."""
    return object.__new__(kind)


def test_an_int_enum_member_has_the_value_of_its_number_but_a_bool_never() -> None:
    assert same_value(Kind.MOVE, 2)
    assert same_value(2, Kind.MOVE)
    assert not same_value(Kind.MOVE, 1)
    assert not same_value(True, 1)
    assert not same_value(1, True)
    assert not same_value(1, 1.0)


def test_tuples_are_the_same_value_field_by_field_and_length() -> None:
    ours = (1, Kind.ENTER)
    assert same_value(ours, tuple([1, 1]))
    assert not same_value(ours, tuple([1, 2]))
    assert not same_value(ours, tuple([1, 1, 1]))
    assert not same_value(ours, (1.0, 1))


def test_strings_compare_by_value() -> None:
    word = "".join(["ro", "ll"])  # an equal string that is another object
    assert same_value("roll", word)
    assert not same_value("roll", "pass")


def test_a_field_never_set_is_not_a_field_that_holds_none() -> None:
    assert same_value(Step(None), Step(None))
    assert not same_value(Step(None), unset(Step))
    assert find_legal(unset(Step), (Step(None),)) is None


def test_a_forged_move_is_named_by_its_field_of_another_type() -> None:
    legal = (Step(1), Jump(2))
    assert forged_field(forged(Step, 1.0), legal) == "field to is 1.0, a float"
    assert forged_field(forged(Step, True), legal) == "field to is True, a bool"
    assert forged_field(unset(Step), legal) == "field to is not set"


def test_a_move_with_fields_of_the_legal_types_is_not_forged() -> None:
    assert forged_field(Step(5), (Step(1), Jump(2))) is None  # illegal by its value only
    assert forged_field(Jump(5), (Step(1), Jump(2))) is None
    assert forged_field(Say("pass"), (Say("roll"),)) is None
    assert forged_field(forged(Act, 2), (Act(Kind.ENTER),)) is None  # an IntEnum's plain number


def test_a_move_of_a_class_no_legal_move_has_is_not_named_forged() -> None:
    assert forged_field(forged(Step, 1.0), (Jump(2),)) is None
    assert forged_field("roll 5", ("roll 5",)) is None


def test_a_field_that_is_no_whole_number_is_named_with_its_value() -> None:
    assert wrong_field_types(forged(Jump, 7.0)) == "field over is 7.0, not a whole number"
    assert wrong_field_types(forged(Jump, False)) == "field over is False, not a whole number"
    assert wrong_field_types(unset(Jump)) == "field over is not set"
    assert wrong_field_types(Jump(7)) is None


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Step(3), "step to 3"),  # an attrs move by its notation
        ("roll 5", "'roll 5'"),  # a text by its repr: quoted
        (Plain(), "Plain()"),  # no attrs class: its repr, not its own str
        (unset(Named), "a Named"),  # a field unset: no notation, and its repr fails
        (Broken(1), "Broken(to=1)"),  # a notation that fails: the repr
        (Unprintable(), "a Unprintable"),  # a repr that fails: the type's name
        ("x" * 38, repr("x" * 38)),  # a repr of 40 characters is whole
        ("x" * 39, "'" + "x" * 36 + "..."),  # of 41, cut to 37 and "..."
    ],
    ids=lambda value: value if type(value) is str else "",  # the expected text names it
)
def test_a_move_is_shown_by_its_notation_else_a_short_repr(move: object, text: str) -> None:
    assert shown(move) == text


def test_a_game_names_the_field_of_a_forged_move() -> None:
    from boardrules import docker

    s = br.apply_move(br.new_game("docker", players=2), docker.Roll(6))
    entry = br.legal_moves(s)[0]
    assert isinstance(entry, docker.Entry)
    forged = attrs.evolve(entry, target=float(entry.target))  # type: ignore[arg-type]
    with pytest.raises(br.IllegalMoveError) as refused:
        br.apply_move(s, forged)
    assert str(refused.value).endswith(f"its field target is {entry.target}.0, not a whole number")
    with pytest.raises(br.IllegalMoveError) as refused:
        br.render_svg(s, move=forged)
    assert str(refused.value) == (
        f"move= must be a legal move; {forged} (its field target is {entry.target}.0, "
        "a float) is not legal now"
    )


# Issue 36, round 3: a forged value is named in a short message, never by a notation that
# cannot be written (an int of thousands of digits, "-" * 2**63 dice) nor at full length.


@attrs.frozen
class _Entry:
    target: int

    def __str__(self) -> str:
        return f"enter {self.target}"


@attrs.frozen
class _Pair:
    a: object
    b: object


def test_a_move_is_named_by_its_notation_only_when_its_whole_numbers_fit_64_bits() -> None:
    assert shown(_Entry(2**63 - 1)) == "enter 9223372036854775807"
    assert shown(_Entry(-(2**63) + 1)) == "enter -9223372036854775807"
    assert shown(_Entry(2**63)) == "_Entry(target=9223372036854775808)"
    assert shown(_Entry(-(2**63))) == "_Entry(target=-9223372036854775808)"
    assert shown(_Pair(10**5000, "x")) == "_Pair(a=an int of 16610 bits, b='x')"


def test_a_move_its_own_class_would_refuse_is_named_by_its_fields() -> None:
    from boardrules.dorasure import Step

    assert shown(Step(5, 3, "c1")) == "step 5 c1"  # a text field is no whole number
    forged = attrs.evolve(Step(5, 3, "c1"))
    object.__setattr__(forged, "name", "c" * 50)  # longer than any name: refused by Step
    assert shown(forged) == "Step(die=5, space=3, name='" + "c" * 36 + "...)"


def test_a_whole_number_of_more_than_128_bits_is_named_by_its_size() -> None:
    assert safe_repr(2**127) == "170141183460469231731687303715884105728"
    assert safe_repr(-(2**128)) == "an int of 129 bits"
