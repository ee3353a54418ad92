"""Dorasure's moves and chance outcomes: one frozen class per kind, each with its named
fields, checked on construction; ``str(move)`` is the notation, built from the fields (the
names a notation shows, a space's or a hero's, are fields too: a move does not know the
map).  The rules tell the kinds apart by class; :data:`Move` is their union.

>>> from boardrules.dorasure._move_classes import Step, MOVE_TYPES
>>> str(Step(5, 3, "c1")), Step in MOVE_TYPES
('step 5 c1', True)
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple, TypeAlias, get_args

import attrs

from boardrules._legal import FIELD_LIMIT
from boardrules._values import move_repr, safe_repr
from boardrules.dorasure._data import QUESTS, REWARDS

#: The moves' classes and their union: the package and ``_state`` re-export this list.
__all__ = [
    "AbsorbDamage",
    "Adventure",
    "Answer",
    "AskHelp",
    "ChartRoll",
    "ClawRoll",
    "DollDamage",
    "DorasureMove",
    "ExtraDie",
    "Gather",
    "KissOfDeath",
    "LandDraw",
    "Move",
    "MovementRoll",
    "NoBullet",
    "NoKiss",
    "Pass",
    "PoisonBullet",
    "Quest",
    "QuestDraw",
    "RampageDie",
    "Rest",
    "RewardDraw",
    "RollOff",
    "SpecialRoll",
    "SpendResources",
    "Step",
    "Stop",
    "SurvivalRoll",
    "TuneDice",
    "UseBigBang",
    "UseElixir",
    "UseFaith",
    "UseGauntlets",
    "UseGust",
    "UseLullaby",
    "UseMasterReroll",
    "UseReroll",
    "UseShield",
]

REWARD_SLUGS = tuple(slug for slug, _ in REWARDS)
QUEST_SLUGS = tuple(q.slug for q in QUESTS)

#: The symbols of the classes of a die read on the Adventuring Chart: a 1, a 2 or 3, a 4 or 5,
#: a 6 (the fields ``result`` of :class:`ExtraDie` and :class:`PoisonBullet` index it).
DIE_CLASSES = "-0+6"
#: The Dragon Retaliation's results as the notation writes them (``ClawRoll.result``).
CLAW_WORDS = ("miss", "blast", "slash")
#: The Fang land tiles' slugs, in the rulebook's order (``_fang.LANDS`` has the tiles).
LAND_SLUGS = ("quicksand", "mirage", "meadow", "winter", "swamp", "caravan", "sea", "tree")


#: The most dice one roll may hold: a :class:`ChartRoll`'s counts, a stored roll's.
MAX_DICE = 40
#: The longest text of a move's field (a hero's, a space's or a quest's name).
_LONGEST_TEXT = 40


class Problem(NamedTuple):
    """What is wrong with the value of a move's field: the ``error`` a constructor raises,
    the ``trouble`` in words, what is ``allowed`` and what was ``found``."""

    error: type[Exception]
    trouble: str
    allowed: str
    found: str


@attrs.frozen
class _Field:
    """A validator of a move's field (attrs calls it with the move, the field and the
    value): a value of type ``kind`` itself, from 0 to ``limit - 1`` when a ``limit`` is
    given (an index into the notation's words, a count of dice), a tuple of at most
    ``MAX_DICE`` such items when ``many``.  :meth:`problem` tells what is wrong with a
    value; the checks run when a move is made, not when its class is (so that a change to
    them is seen by the tests)."""

    kind: type
    limit: int = 0
    many: bool = False

    def __call__(self, move: Any, field: attrs.Attribute[Any], value: Any) -> None:
        found = self.problem(value)
        if found is not None:
            raise found.error(
                f"a Dorasure move's {field.name} is {found.allowed}, not {found.found} "
                f"({type(move).__name__})"
            )

    def problem(self, value: Any) -> Problem | None:
        """What is wrong with ``value`` for this field, or ``None`` when it is good."""
        if self.many:
            return _tuple_problem(self.kind, value)
        if self.limit and type(value) is int and not 0 <= value < self.limit:
            return Problem(ValueError, "out of range", f"0 to {self.limit - 1}", safe_repr(value))
        return _exact_problem(self.kind, value)


_A = {int: "an int", bool: "a bool", str: "a str"}


def _exact_problem(kind: type, value: Any) -> Problem | None:
    """The value's type is ``kind`` itself (``True`` or ``5.0`` is no int), an int within
    ``FIELD_LIMIT``, a text of at most ``_LONGEST_TEXT`` characters: a move writes its
    fields into its notation and into error messages."""
    if type(value) is not kind:
        return Problem(TypeError, "of the wrong type", _A[kind], safe_repr(value))
    if isinstance(value, int) and not -FIELD_LIMIT < value < FIELD_LIMIT:
        return Problem(ValueError, "out of range", "an int of 64 bits", safe_repr(value))
    if isinstance(value, str) and len(value) > _LONGEST_TEXT:
        allowed = f"a str of at most {_LONGEST_TEXT} characters"
        return Problem(ValueError, "too long", allowed, f"{len(value)} characters")
    return None


def _tuple_problem(kind: type, value: Any) -> Problem | None:
    """A tuple of at most ``MAX_DICE`` items, each as :func:`_exact_problem` takes it."""
    if (
        type(value) is not tuple
        or len(value) > MAX_DICE
        or any(_exact_problem(kind, item) for item in value)
    ):
        allowed = f"a tuple of at most {MAX_DICE} {kind.__name__}s"
        return Problem(TypeError, "of the wrong type", allowed, safe_repr(value))
    return None


_INT, _BOOL, _STR = _Field(int), _Field(bool), _Field(str)


def field_problem(move: DorasureMove) -> str | None:
    """What is wrong with a field of ``move`` set behind its class's back, in words (``its
    tile is out of range: 0 to 7, not 99``); ``None`` when every field is good.

    >>> import attrs
    >>> from boardrules.dorasure._move_classes import ExtraDie, field_problem
    >>> forged = ExtraDie(1)
    >>> object.__setattr__(forged, "result", 9)
    >>> field_problem(forged), field_problem(ExtraDie(1))
    ('its result is out of range: 0 to 3, not 9', None)
    """
    for field in attrs.fields(type(move)):
        check = field.validator
        assert isinstance(check, _Field)  # every field of a move has one
        found = check.problem(getattr(move, field.name))
        if found is not None:
            return f"its {field.name} is {found.trouble}: {found.allowed}, not {found.found}"
    return None


@attrs.frozen(repr=False)
class DorasureMove:
    """Base class of the Dorasure moves and chance outcomes; :data:`Move` is the union of
    its classes, the precise type.  ``str(move)`` is its notation (see the docs page),
    :attr:`word` the notation's first word, and ``repr(move)`` shows the notation too.

    The fields are checked on construction: ``5.0`` or ``True`` equal ``5`` and ``1`` but
    are not moves.

    >>> from boardrules.dorasure import Step
    >>> Step(5, 3, "c1")
    <dorasure.Step step 5 c1>
    >>> Step(True, 3, "c1")
    Traceback (most recent call last):
    ...
    TypeError: a Dorasure move's die is an int, not True (Step)
    """

    #: the first word of the notation, for the kinds that have one word
    WORD: ClassVar[str] = ""
    #: the field the notation writes after its word, for the kinds written so (``absorb 2``:
    #: ``resources``; empty: the word alone, or a notation of the kind's own)
    ARGUMENT: ClassVar[str] = ""

    @property
    def word(self) -> str:
        """The first word of the notation (``step``, ``no-faith``, ``highest``...)."""
        return self.WORD

    def __str__(self) -> str:
        if self.ARGUMENT:
            return f"{self.word} {getattr(self, self.ARGUMENT)}"
        return self.word

    def __repr__(self) -> str:
        return move_repr("dorasure", self)


# Chance outcomes.


@attrs.frozen(repr=False)
class MovementRoll(DorasureMove):
    """§3.1 The movement roll: its dice's ``faces``, sorted (``roll 2 5 6``)."""

    WORD: ClassVar[str] = "roll"
    faces: tuple[int, ...] = attrs.field(validator=_Field(int, many=True))

    def __str__(self) -> str:
        return "roll " + " ".join(map(str, self.faces))


@attrs.frozen(repr=False)
class ChartRoll(DorasureMove):
    """§5.2 A roll read on the Adventuring Chart, by the classes of its dice: ``ones`` (-1
    each), ``low`` (2s and 3s: 0), ``high`` (4s and 5s: +1) and ``sixes`` (+1 and an extra
    die each): ``dice --0+6``, ones first."""

    WORD: ClassVar[str] = "dice"
    ones: int = attrs.field(validator=_Field(int, MAX_DICE + 1))
    low: int = attrs.field(validator=_Field(int, MAX_DICE + 1))
    high: int = attrs.field(validator=_Field(int, MAX_DICE + 1))
    sixes: int = attrs.field(validator=_Field(int, MAX_DICE + 1))

    @property
    def count(self) -> int:
        """The dice rolled."""
        return self.ones + self.low + self.high + self.sixes

    def __str__(self) -> str:
        return "dice " + "-" * self.ones + "0" * self.low + "+" * self.high + "6" * self.sixes


@attrs.frozen(repr=False)
class ExtraDie(DorasureMove):
    """§5.2 The extra die of a 6: ``result`` is its class, an index into ``-0+6``
    (``extra +``)."""

    WORD: ClassVar[str] = "extra"
    result: int = attrs.field(validator=_Field(int, 4))

    def __str__(self) -> str:
        return "extra " + DIE_CLASSES[self.result]


@attrs.frozen(repr=False)
class RampageDie(DorasureMove):
    """§3.3 The die on the Roaming Dragon Chart shows ``face`` (``rampage 4``)."""

    WORD: ClassVar[str] = "rampage"
    ARGUMENT: ClassVar[str] = "face"
    face: int = attrs.field(validator=_INT)


@attrs.frozen(repr=False)
class RollOff(DorasureMove):
    """§3.3 A roll-off: the heroes in ``seats`` (rising) tied for the highest die, or the
    lowest when ``lowest`` is set; ``names`` are their heroes as the notation writes them
    (``highest Ninja+Hunter``)."""

    seats: tuple[int, ...] = attrs.field(validator=_Field(int, many=True))
    lowest: bool = attrs.field(validator=_BOOL)
    names: tuple[str, ...] = attrs.field(validator=_Field(str, many=True))

    @property
    def word(self) -> str:
        return "lowest" if self.lowest else "highest"

    def __str__(self) -> str:
        return f"{self.word} {'+'.join(self.names)}"


@attrs.frozen(repr=False)
class SurvivalRoll(DorasureMove):
    """§2.3 The survival roll: ``saved`` by a 6, else lost (``survival saved``)."""

    WORD: ClassVar[str] = "survival"
    saved: bool = attrs.field(validator=_BOOL)

    def __str__(self) -> str:
        return "survival saved" if self.saved else "survival lost"


@attrs.frozen(repr=False)
class ClawRoll(DorasureMove):
    """§7.3 The Dragon Retaliation roll: ``result`` CLAW_MISS, CLAW_BLAST or CLAW_SLASH
    (``claw blast``)."""

    WORD: ClassVar[str] = "claw"
    result: int = attrs.field(validator=_Field(int, 3))

    def __str__(self) -> str:
        return "claw " + CLAW_WORDS[self.result]


@attrs.frozen(repr=False)
class QuestDraw(DorasureMove):
    """§1.3 A face-down quest turned up: the quest tile ``tile`` (an index into ``QUESTS``;
    ``quest-tile golem``)."""

    WORD: ClassVar[str] = "quest-tile"
    tile: int = attrs.field(validator=_Field(int, len(QUESTS)))

    def __str__(self) -> str:
        return "quest-tile " + QUEST_SLUGS[self.tile]


@attrs.frozen(repr=False)
class RewardDraw(DorasureMove):
    """§5.8 The reward tile under a solved quest: ``reward`` (an index into ``REWARDS``;
    ``reward lair``)."""

    WORD: ClassVar[str] = "reward"
    reward: int = attrs.field(validator=_Field(int, len(REWARDS)))

    def __str__(self) -> str:
        return "reward " + REWARD_SLUGS[self.reward]


@attrs.frozen(repr=False)
class SpecialRoll(DorasureMove):
    """§9.1 Special Chance: the hero in turn is ``hurt`` (4-6), else the dragon token moves
    up (``special meter``)."""

    WORD: ClassVar[str] = "special"
    hurt: bool = attrs.field(validator=_BOOL)

    def __str__(self) -> str:
        return "special hurt" if self.hurt else "special meter"


@attrs.frozen(repr=False)
class LandDraw(DorasureMove):
    """§10.1 A Fang land tile drawn onto the next Fang hex: ``tile`` (an index into
    ``LAND_SLUGS``; ``land mirage``)."""

    WORD: ClassVar[str] = "land"
    tile: int = attrs.field(validator=_Field(int, len(LAND_SLUGS)))

    def __str__(self) -> str:
        return "land " + LAND_SLUGS[self.tile]


# Decisions.


@attrs.frozen(repr=False)
class _YesNo(DorasureMove):
    """A hero's ability used (``yes``: ``faith``) or not (``no-faith``)."""

    yes: bool = attrs.field(validator=_BOOL)

    @property
    def word(self) -> str:
        return self.WORD if self.yes else "no-" + self.WORD


@attrs.frozen(repr=False)
class UseFaith(_YesNo):
    """§8.5 Faith: the Paladin drops his highest movement die for 1 resource, or not."""

    WORD: ClassVar[str] = "faith"


@attrs.frozen(repr=False)
class UseReroll(_YesNo):
    """§8.1 Oboro-Gasumi: the Ninja rerolls his battle dice, or not (``reroll``)."""

    WORD: ClassVar[str] = "reroll"


@attrs.frozen(repr=False)
class UseShield(_YesNo):
    """§8.5 Platinum Shield: the Paladin stops the Retaliation, or not."""

    WORD: ClassVar[str] = "shield"


@attrs.frozen(repr=False)
class UseGust(_YesNo):
    """§9.3 Final Move: Gust: the Samurai pays 1 resource for 2 more dice, or not."""

    WORD: ClassVar[str] = "gust"


@attrs.frozen(repr=False)
class UseLullaby(_YesNo):
    """§9.5 Lullaby: the Minstrel keeps the dragon token still, or not."""

    WORD: ClassVar[str] = "lullaby"


@attrs.frozen(repr=False)
class UseBigBang(_YesNo):
    """§9.6 Big Bang: the Magician pays 5 Magic for 2 wounds, or not."""

    WORD: ClassVar[str] = "big-bang"


@attrs.frozen(repr=False)
class UseGauntlets(_YesNo):
    """§9.8 Werewolf Lord's Gauntlets: the Werewolf takes a second turn, or not."""

    WORD: ClassVar[str] = "gauntlets"


@attrs.frozen(repr=False)
class UseMasterReroll(_YesNo):
    """§9.9 The Grand Master rerolls all his dice (once per game), or not (``reroll``, the
    same notation as the Ninja's)."""

    WORD: ClassVar[str] = "reroll"


@attrs.frozen(repr=False)
class UseElixir(_YesNo):
    """§9.9 Elixir: the Grand Master regains all his health, or not."""

    WORD: ClassVar[str] = "elixir"


@attrs.frozen(repr=False)
class Answer(DorasureMove):
    """§5.6 A hero asked to assist in a quest agrees (``agree``) or not (``refuse``)."""

    agree: bool = attrs.field(validator=_BOOL)

    @property
    def word(self) -> str:
        return "agree" if self.agree else "refuse"


@attrs.frozen(repr=False)
class AskHelp(DorasureMove):
    """§5.6 The questing hero asks the hero in seat ``candidate`` to assist (``asked``), or
    skips him; ``name`` is that hero as the notation writes him (``ask Hunter``)."""

    candidate: int = attrs.field(validator=_INT)
    asked: bool = attrs.field(validator=_BOOL)
    name: str = attrs.field(validator=_STR)

    ARGUMENT: ClassVar[str] = "name"

    @property
    def word(self) -> str:
        return "ask" if self.asked else "skip"


@attrs.frozen(repr=False)
class Step(DorasureMove):
    """§4.1 One step with an unused die showing ``die`` into the space ``space`` (its index
    in the map's reading order), written ``name`` (``step 5 c1``)."""

    WORD: ClassVar[str] = "step"
    die: int = attrs.field(validator=_INT)
    space: int = attrs.field(validator=_INT)
    name: str = attrs.field(validator=_STR)

    def __str__(self) -> str:
        return f"step {self.die} {self.name}"


@attrs.frozen(repr=False)
class Stop(DorasureMove):
    """§4.1 The end of the steps."""

    WORD: ClassVar[str] = "stop"


@attrs.frozen(repr=False)
class Adventure(DorasureMove):
    """§5.2 Adventure on the plains or in a forest."""

    WORD: ClassVar[str] = "adventure"


@attrs.frozen(repr=False)
class Rest(DorasureMove):
    """§5.3 Rest in the City or a village."""

    WORD: ClassVar[str] = "rest"


@attrs.frozen(repr=False)
class Gather(DorasureMove):
    """§5.4 Gather information at the adjacent ``mountain`` (0-4, in the map's reading
    order), written ``name`` (``gather d1``)."""

    WORD: ClassVar[str] = "gather"
    ARGUMENT: ClassVar[str] = "name"
    mountain: int = attrs.field(validator=_INT)
    name: str = attrs.field(validator=_STR)


@attrs.frozen(repr=False)
class Quest(DorasureMove):
    """§5.5 Do the quest of the adjacent ``mountain`` (0-4), written ``name``
    (``quest g0``)."""

    WORD: ClassVar[str] = "quest"
    ARGUMENT: ClassVar[str] = "name"
    mountain: int = attrs.field(validator=_INT)
    name: str = attrs.field(validator=_STR)


@attrs.frozen(repr=False)
class Pass(DorasureMove):
    """§5.1 No action after moving."""

    WORD: ClassVar[str] = "pass"


@attrs.frozen(repr=False)
class AbsorbDamage(DorasureMove):
    """§6.1 The hero pays ``resources`` of the damage with resources (``absorb 2``)."""

    WORD: ClassVar[str] = "absorb"
    ARGUMENT: ClassVar[str] = "resources"
    resources: int = attrs.field(validator=_INT)


@attrs.frozen(repr=False)
class SpendResources(DorasureMove):
    """§6.1 The hero spends ``resources`` for as many extra dice (``spend 1``)."""

    WORD: ClassVar[str] = "spend"
    ARGUMENT: ClassVar[str] = "resources"
    resources: int = attrs.field(validator=_INT)


@attrs.frozen(repr=False)
class DollDamage(DorasureMove):
    """§9.4 Body-Swapping Doll: the Shaman takes ``damage`` of the ally's (``doll 1``)."""

    WORD: ClassVar[str] = "doll"
    ARGUMENT: ClassVar[str] = "damage"
    damage: int = attrs.field(validator=_INT)


@attrs.frozen(repr=False)
class TuneDice(DorasureMove):
    """§9.5 Heroic Tune: the Minstrel pays ``resources`` for as many dice added to the
    ally's roll (``tune 2``)."""

    WORD: ClassVar[str] = "tune"
    ARGUMENT: ClassVar[str] = "resources"
    resources: int = attrs.field(validator=_INT)


@attrs.frozen(repr=False)
class PoisonBullet(DorasureMove):
    """§8.2 Poisoned Bullets: one die of the class ``result`` (an index into ``-0+``)
    becomes a 6 (``bullet -``)."""

    WORD: ClassVar[str] = "bullet"
    result: int = attrs.field(validator=_Field(int, 3))

    def __str__(self) -> str:
        return "bullet " + DIE_CLASSES[self.result]


@attrs.frozen(repr=False)
class NoBullet(DorasureMove):
    """§8.2 The Hunter keeps his Poisoned Bullet."""

    WORD: ClassVar[str] = "no-bullet"


@attrs.frozen(repr=False)
class KissOfDeath(DorasureMove):
    """§9.7 Kiss of Death: the Vampire revives the dead hero in ``seat``, written ``name``
    (``kiss Ninja``)."""

    WORD: ClassVar[str] = "kiss"
    ARGUMENT: ClassVar[str] = "name"
    seat: int = attrs.field(validator=_INT)
    name: str = attrs.field(validator=_STR)


@attrs.frozen(repr=False)
class NoKiss(DorasureMove):
    """§9.7 The Vampire keeps her Kiss of Death."""

    WORD: ClassVar[str] = "no-kiss"


#: A Dorasure move or chance outcome: the union of the move classes.
Move: TypeAlias = (
    MovementRoll | ChartRoll | ExtraDie | RampageDie | RollOff | SurvivalRoll | ClawRoll
    | QuestDraw | RewardDraw | SpecialRoll | LandDraw | UseFaith | UseReroll | UseShield
    | UseGust | UseLullaby | UseBigBang | UseGauntlets | UseMasterReroll | UseElixir | Answer
    | AskHelp | Step | Stop | Adventure | Rest | Gather | Quest | Pass | AbsorbDamage
    | SpendResources | DollDamage | TuneDice | PoisonBullet | NoBullet | KissOfDeath | NoKiss
)  # fmt: skip
#: The move classes, the members of :data:`Move`.
MOVE_TYPES: tuple[type[DorasureMove], ...] = get_args(Move)
#: The single moves (no field): the stop, the actions without a place, the refusals.
STOP, ADVENTURE_MOVE, REST, PASS = Stop(), Adventure(), Rest(), Pass()
NO_BULLET, NO_KISS = NoBullet(), NoKiss()
