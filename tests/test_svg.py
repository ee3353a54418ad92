"""The SVG pictures of every game: well-formed, complete, deterministic, and telling apart
the states they draw.

Each game's page documents the classes of its elements; these tests count the ``piece``
elements (``hero`` in Dorasure) to check that every piece is drawn exactly once, wherever
it stands.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import boardrules as br
from boardrules.dorada import board_from_spec
from boardrules.dorada import position as dorada_position
from boardrules.parchis import position as parchis_position

SVG = "{http://www.w3.org/2000/svg}"

#: Per game: the options of the games played, the class counted and how many there are.
GAMES: dict[str, tuple[list[dict[str, Any]], str, Any]] = {
    "parchis": ([{"players": 2}, {"players": 4}], "piece", lambda s: 4 * br.num_players(s)),
    "dorada": ([{"players": 2}, {"players": 4}], "piece", lambda s: 4 * br.num_players(s)),
    "docker": ([{"players": 2}, {"players": 4}], "piece", lambda s: 3 * br.num_players(s)),
    "dorasure": ([{"players": 1}, {"players": 3}], "hero", lambda s: br.num_players(s)),
}


def states(game: str, options: dict[str, Any], seed: int, every: int) -> Iterator[Any]:
    """Every ``every``-th state of a seeded random game, and every node type at least once:
    the first chance node, the first decision, the end."""
    rng = random.Random(seed)
    s = br.new_game(game, **options)
    seen: set[int] = set()
    ply = 0
    while True:
        kind = br.current_player(s)
        kind = kind if kind < 0 else 0
        if kind not in seen or ply % every == 0:
            seen.add(kind)
            yield s
        if br.is_terminal(s) or ply > 3000:
            return
        s = br.apply_move(
            s, br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        )
        ply += 1


def classes(element: ET.Element) -> list[str]:
    return element.get("class", "").split()


def count(root: ET.Element, cls: str) -> int:
    return sum(1 for e in root.iter() if cls in classes(e))


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("version") == "1.1"
    box = [float(v) for v in root.get("viewBox", "").split()]
    assert len(box) == 4 and box[2] > 0 and box[3] > 0
    assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0
    # Safe to embed: nothing that runs or loads anything.
    assert not [
        e for e in root.iter() if e.tag in (f"{SVG}script", f"{SVG}image", f"{SVG}foreignObject")
    ]
    assert "href" not in svg and "url(" not in svg
    return root


@pytest.mark.parametrize("game", list(GAMES))
def test_every_state_draws_as_svg_with_each_piece_once(game: str) -> None:
    option_sets, cls, expected = GAMES[game]
    kinds: set[str] = set()
    for k, options in enumerate(option_sets):
        for s in states(game, options, seed=10 + k, every=37):
            kinds.add("chance" if br.is_chance(s) else "end" if br.is_terminal(s) else "turn")
            svg = br.render_svg(s)
            root = parse(svg)
            assert count(root, cls) == expected(s), br.render(s)
            assert count(root, "status") == 1
            assert root[0].tag == f"{SVG}title" and (root[0].text or "").lower().startswith(
                game[:4]
            ), "the picture names itself for screen readers"
            assert count(root, "highlight") == 0
    assert kinds == {"chance", "turn", "end"}


@pytest.mark.parametrize("game", list(GAMES))
def test_different_states_give_different_pictures_and_a_state_always_the_same(game: str) -> None:
    option_sets, _, _ = GAMES[game]
    pictures: dict[str, Any] = {}
    for s in states(game, option_sets[-1], seed=3, every=5):
        svg = br.render_svg(s)
        assert br.render_svg(br.from_json(br.to_json(s))) == svg
        other = pictures.setdefault(svg, s)
        assert other == s, f"two states draw the same:\n{br.render(other)}\n{br.render(s)}"
    assert len(pictures) > 10


@pytest.mark.parametrize("game", list(GAMES))
def test_each_legal_move_can_be_highlighted(game: str) -> None:
    option_sets, _, _ = GAMES[game]
    highlighted = 0
    for s in states(game, option_sets[-1], seed=5, every=29):
        plain = br.render_svg(s)
        for move in br.legal_moves(s)[:6]:
            svg = br.render_svg(s, move=move)
            root = parse(svg)
            marks = count(root, "highlight")
            assert marks <= 1
            highlighted += marks
            if marks == 0:
                assert svg == plain
    assert highlighted > 5


@pytest.mark.parametrize("game", list(GAMES))
def test_size_sets_the_width_and_keeps_the_proportions(game: str) -> None:
    s = br.new_game(game, players=2)
    root = parse(br.render_svg(s, size=300))
    box = [float(v) for v in root.get("viewBox", "").split()]
    assert root.get("width") == "300"
    assert float(root.get("height", "0")) == pytest.approx(300 * box[3] / box[2], abs=0.01)
    for bad in (0, -5, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="size"):
            br.render_svg(s, size=bad)


@pytest.mark.parametrize("game", list(GAMES))
def test_perspective_takes_a_seat_of_the_game(game: str) -> None:
    s = br.new_game(game, players=2)
    for seat in (0, 1):
        parse(br.render_svg(s, perspective=seat))
    for bad in (-1, 2):
        with pytest.raises(ValueError, match="perspective"):
            br.render_svg(s, perspective=bad)


def test_parchis_perspective_turns_the_seats_arm_to_the_bottom() -> None:
    s = parchis_position({"yellow": [5], "red": [39]}, players=2)

    # Yellow's exit (square 5) is at the bottom, red's (39) at the top; seat 1 turns them.
    def y_of(svg: str, square: int) -> float:
        root = ET.fromstring(svg)
        for g in root.iter(f"{SVG}g"):
            title = g.find(f"{SVG}title")
            if title is not None and title.text == f"square {square} (safe)":
                rect = g.find(f"{SVG}rect")
                assert rect is not None
                return float(rect.get("y", "0"))
        raise AssertionError(f"no square {square}")

    plain, turned = br.render_svg(s), br.render_svg(s, perspective=1)
    assert y_of(plain, 5) > y_of(plain, 39)
    assert y_of(turned, 5) < y_of(turned, 39)


def test_pieces_on_one_square_are_drawn_side_by_side_in_order_of_arrival() -> None:
    s = parchis_position({"yellow": [12], "red": [12]}, players=2)
    root = ET.fromstring(br.render_svg(s))
    on_12 = [
        g
        for g in root.iter(f"{SVG}g")
        if "piece" in classes(g) and (g.findtext(f"{SVG}title") or "").endswith("(12)")
    ]
    assert len(on_12) == 2
    assert {g.findtext(f".//{SVG}text") for g in on_12} == {"Y", "R"}


def test_dorada_stack_order_is_visible_bottom_first() -> None:
    s = dorada_position(players=3, track={7: [2, 0, 1]}, dorada=[1, 0])
    svg = br.render_svg(s)
    assert "field 7, bottom to top: green, red, blue" in svg
    assert "blue, 3 from the bottom (the free piece)" in svg
    assert "red, 2 from the bottom, 100 points" in svg


def test_text_from_a_user_is_escaped() -> None:
    board = board_from_spec(
        {"name": 'mine <&> "x"', "fields": 10, "jumps": [[4, 2]], "last_jump": 4}
    )
    s = br.new_game("dorada", players=2, board=board)
    root = parse(br.render_svg(s))
    assert any((e.text or "").endswith('mine <&> "x"') for e in root.iter(f"{SVG}text"))


def test_states_show_as_svg_in_notebooks() -> None:
    for game in GAMES:
        s: Any = br.new_game(game, players=2)  # _repr_svg_ is attached at run time
        assert s._repr_svg_() == br.render_svg(s)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_move_that_is_not_legal_is_refused(game: str) -> None:
    s = br.new_game(game, players=2)
    rng = random.Random(1)
    later = br.apply_move(s, br.sample_chance(s, rng))
    while br.is_chance(later):
        later = br.apply_move(later, br.sample_chance(later, rng))
    with pytest.raises(ValueError, match="legal move"):
        br.render_svg(later, move=br.legal_moves(s)[0])


def test_boards_of_other_sizes_draw_whole() -> None:
    long_path = board_from_spec(
        {
            "name": "long",
            "fields": 95,
            "stumble": [50, 90],
            "jumps": [[10, 5], [60, -4], [80, 3]],
            "gold": [70],
            "last_jump": 80,
        }
    )
    s = dorada_position(
        players=4, board=long_path, track={94: [3], 95: [1, 2]}, bridges={50: 0}, dorada=[0, 1]
    )
    root = parse(br.render_svg(s))
    assert count(root, "piece") == 16 and count(root, "field") == 95
    rows = (
        "C C R P F P F M P R P F",
        "R R P F M P F F P R P F",
        "P R P P F R P M P R V P",
        "F R P F P R M P R P F P",
        "P V P F V R F P R P F M",
    ) + ("P R P F P R P F P R P F",) * 5
    heroes = br.new_game("dorasure", players=2, board=list(rows))
    root = parse(br.render_svg(heroes))
    assert count(root, "hero") == 2
    assert count(root, "hex") == len(
        br.new_game("dorasure", players=2, board=list(rows)).rules.board.names
    )


# Any text is safe in a picture (issue 21, class 10) -----------------------------------------

_HOSTILE_TEXTS = ["bell\x07", "nul\x00", "esc\x1b[31mred", "\x7f\x85\x9f", "\ufffe\uffff",
                  "tab\tnl\ncr\r", "<b>&amp;\"'", "]]><!--"]  # fmt: skip


@pytest.mark.parametrize("text", _HOSTILE_TEXTS, ids=repr)
def test_a_dorada_board_name_is_refused_or_draws_well_formed_utf8(text: str) -> None:
    board = {"fields": 10, "jumps": [[4, 2]], "last_jump": 4, "name": text}
    if not text.isprintable():  # a control character never reaches a picture or a terminal
        with pytest.raises(br.InvalidOptionError, match="printable"):
            br.new_game("dorada", players=2, board=board)
        return
    svg = br.render_svg(br.new_game("dorada", players=2, board=board))
    ET.fromstring(svg.encode("utf-8"))  # well-formed, and UTF-8 can hold it


@pytest.mark.parametrize("text", [*_HOSTILE_TEXTS, "lone \ud800", "\udfff"], ids=repr)
def test_the_svg_writer_makes_any_text_well_formed(text: str) -> None:
    from boardrules._svg import Drawing

    d = Drawing(100, 50)
    d.text(10, 10, text)
    d.open("piece", title=text)
    d.rect(0, 0, 5, 5, fill="#000000", cls=text)
    d.close()
    root = ET.fromstring(d.document(200, title=text).encode("utf-8"))
    assert root.tag == f"{SVG}svg"
    if text.isprintable() and "\ud800" not in text:
        assert root.find(f"{SVG}text").text == text  # type: ignore[union-attr]
