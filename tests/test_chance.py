"""The dice helpers and the check of a generator's draw (boardrules.chance).

``checked_draw`` runs only when a draw failed the samplers' one fast test: it takes every
real number in [0, 1) exactly and refuses anything else with a message that names the
generator's class and what it returned.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

import boardrules as br
from boardrules.chance import checked_draw, dice_sorted, dice_sum, die_faces


class Dice:
    """A generator of the user's own whose every draw is ``value``."""

    def __init__(self, value: object) -> None:
        self.value = value

    def random(self) -> object:
        return self.value


class Ratio(float):
    """A real number type of its own that is no Rational (as numpy's float32 is)."""


def refusal(returned: str) -> str:
    return (
        "a chance draw needs rng.random() to return a number in [0, 1), as random.Random "
        f"does; Dice.random() returned {returned}"
    )


def test_dice_helpers_list_every_outcome_with_its_exact_probability() -> None:
    for helper in (die_faces, dice_sum, dice_sorted):
        helper.cache_clear()  # computed here, not remembered from an earlier caller
    assert die_faces(4) == tuple((face, Fraction(1, 4)) for face in (1, 2, 3, 4))
    assert dice_sum(2, 3) == (
        (2, Fraction(1, 9)),
        (3, Fraction(2, 9)),
        (4, Fraction(3, 9)),
        (5, Fraction(2, 9)),
        (6, Fraction(1, 9)),
    )
    assert dice_sorted(3, 2) == (
        ((1, 1, 1), Fraction(1, 8)),
        ((1, 1, 2), Fraction(3, 8)),
        ((1, 2, 2), Fraction(3, 8)),
        ((2, 2, 2), Fraction(1, 8)),
    )


@pytest.mark.parametrize(
    ("draw", "taken"),
    [
        (0, 0),
        (Fraction(0), Fraction(0)),
        (Fraction(1, 3), Fraction(1, 3)),
        (Decimal("0.5"), Fraction(1, 2)),
        (Decimal("0.1"), Fraction(1, 10)),  # exactly a tenth, not the float nearest to it
        (Ratio(0.25), 0.25),
    ],
    ids=repr,
)
def test_a_real_number_in_0_1_of_another_type_is_taken_exactly(draw: object, taken: object) -> None:
    value = checked_draw(draw, Dice(draw))
    assert value == taken
    assert type(value) is type(taken)  # a Decimal as a Fraction, a float subclass as a float


@pytest.mark.parametrize(
    ("draw", "returned"),
    [
        (1, "1"),
        (-1, "-1"),
        (Fraction(1), "Fraction(1, 1)"),
        (Fraction(-1, 2), "Fraction(-1, 2)"),
        (Decimal(1), "a Decimal"),  # a Decimal is no numbers.Real: named by its type
        (Decimal("NaN"), "a Decimal"),
        (Ratio(1.0), "1.0"),
        (float("nan"), "nan"),
        (False, "False"),
        (True, "True"),
        ("0.5", "a str"),
        (None, "a NoneType"),
        (Fraction(-1, 10**40), "Fraction(-1, 100000000000000000000000000"),
    ],
    ids=repr,
)
def test_anything_else_is_refused_naming_the_generator_and_the_draw(
    draw: object, returned: str
) -> None:
    with pytest.raises(br.BoardrulesError) as refused:
        checked_draw(draw, Dice(draw))
    assert str(refused.value) == refusal(returned)
    assert len(returned) <= 40  # a long draw is cut to its first 40 characters


def test_sample_chance_refuses_a_draw_of_one_with_the_same_message() -> None:
    with pytest.raises(br.BoardrulesError) as refused:
        br.sample_chance(br.new_game("parchis", players=2), Dice(1.0))  # type: ignore[arg-type]
    assert str(refused.value) == refusal("1.0")
