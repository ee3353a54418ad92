"""Pictures in files: ``boardrules show``, the replay page and what happens without the
optional ``cairosvg``."""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

import boardrules as br
from boardrules._extras import MissingExtraError
from boardrules.cli import main
from boardrules.pictures import options_text, replay_html, svg_to_png
from boardrules.records import GameRecord


def seeded_record(game: str, seed: int, **options: Any) -> GameRecord:
    rng = random.Random(seed)
    s = start = br.new_game(game, **options)
    moves = []
    while not br.is_terminal(s):
        m = br.sample_chance(s, rng) if br.is_chance(s) else rng.choice(br.legal_moves(s))
        moves.append(m)
        s = br.apply_move(s, m)
    players = [f"random {i}" for i in range(br.num_players(start))]
    return GameRecord.of(start, moves, players=players, seed=seed, end=s)


def page_data(page: str) -> dict[str, Any]:
    found = re.search(r"const DATA = (.*);\n", page)
    assert found is not None
    data: dict[str, Any] = json.loads(found.group(1))
    return data


def frame(data: dict[str, Any], i: int) -> str:
    runs = data["frames"][i]
    starts, lengths = runs[0::2], runs[1::2]
    return "".join(
        data["tokens"][j] for a, n in zip(starts, lengths, strict=True) for j in range(a, a + n)
    )


def test_the_replay_page_holds_every_position_and_the_move_list() -> None:
    record = seeded_record("docker", 4, players=3)
    page = replay_html(record)
    data = page_data(page)
    assert len(data["frames"]) == len(record.moves) + 1 == len(data["turns"])
    state = record.first_state()
    for i, text in enumerate(record.moves):
        move = br.parse_move(state, text)
        highlight = None if br.is_chance(state) else move
        assert frame(data, i) == br.render_svg(state, move=highlight)
        if br.is_chance(state):  # a roll reads as itself, the caption as the board's status
            assert data["moves"][i] == text
            assert data["turns"][i] == f"{br.player_name(state, state.turn)} to roll"
            assert f'class="status">{data["turns"][i]}</text>' in frame(data, i)
        else:
            who = br.player_name(state, br.current_player(state))
            assert data["moves"][i] == f"{who}: {text}"
            assert data["turns"][i] == f"{who} ({record.players[state.turn]}) to move"
        state = br.apply_move(state, move)
    assert frame(data, len(record.moves)) == br.render_svg(state)
    assert data["turns"][0] == "blue to roll"
    winner = br.player_name(state, br.returns(state).index(1.0))
    assert data["turns"][-1] == f"game over: {winner} wins"
    assert f"result: {winner} wins" in page and "player 0" not in page
    assert replay_html(record) == page  # the same record, the same page


def test_the_replay_page_has_a_title_players_options_and_a_short_seed() -> None:
    played = seeded_record("parchis", 3, players=4, exit_capture=False)
    moves = [br.parse_move(s, t) for s, t in zip(_states(played), played.moves, strict=True)]
    seed = 12345678901234567890
    record = GameRecord.of(played.first_state(), moves, players=["greedy", "random", "mcts",
                           "human"], seed=seed)  # fmt: skip
    page = replay_html(record)
    assert "<title>Parchís — yellow, blue, red, green</title>" in page
    assert ">Parchís — yellow, blue, red, green</h1>" in page
    assert ">yellow: greedy, blue: random, red: mcts, green: human · </span>" in page
    assert '<span id="options" style="color:#555">4 players; exit capture: no</span>' in page
    shown = re.sub(r'title="[^"]*"', "", page.split("<script>")[0])  # the visible header
    assert str(seed) not in shown and "seed 1234…7890" in shown
    assert "{" not in shown.split("<body>")[1]  # no raw JSON of the options
    assert "player 0" not in page and "player 1" not in page


def test_options_are_a_short_list_of_what_differs_from_the_rules() -> None:
    assert options_text(br.new_game("dorada", players=2)) == "2 players; standard rules"
    assert options_text(br.new_game("docker", players=3, first_player=2)) == (
        "3 players; first player: green"
    )
    s = br.new_game("parchis", players=2, two_out_on_first_five=True, exit_capture=False)
    assert options_text(s) == "2 players; two out on first five: yes; exit capture: no"
    assert options_text(br.new_game("dorasure", players=2)) == "2 players; standard rules"


@pytest.mark.parametrize(
    ("game", "players", "pattern"),
    [
        ("parchis", 4, r"1st (yellow|blue|red|green), 2nd \w+, 3rd \w+, 4th \w+"),
        ("parchis", 2, r"(yellow|red) wins"),
        ("dorada", 3, r"(red|blue|green) wins|.* share the win|nobody wins"),
        ("docker", 4, r"(blue|orange|green|purple) wins"),
        ("dorasure", 2, r"the heroes win|the dragon wins"),
    ],
)
def test_the_replay_page_says_the_result_in_words(game: str, players: int, pattern: str) -> None:
    page = replay_html(seeded_record(game, 5, players=players))
    found = re.search(r'<p id="result" style="font-weight:bold">result: ([^<]*)</p>', page)
    assert found and re.fullmatch(pattern, found[1]), found
    assert page_data(page)["turns"][-1] == f"game over: {found[1]}"


def test_a_record_that_stops_early_says_so() -> None:
    played = seeded_record("docker", 1, players=2)
    state = played.first_state()
    moves = [br.parse_move(state, played.moves[0])]
    page = replay_html(GameRecord.of(state, moves))
    assert "the record ends before the game does" in page
    assert "<title>Docker — blue, orange</title>" in page and "seed " not in page.split("<ol")[0]


def test_the_replay_page_needs_no_network_and_escapes_what_the_record_says() -> None:
    played = seeded_record("dorada", 2, players=2)
    moves = [br.parse_move(s, t) for s, t in zip(_states(played), played.moves, strict=True)]
    record = GameRecord.of(played.first_state(), moves, players=["<b>me</b>", "</script>you"])
    page = replay_html(record)
    assert "<b>me</b>" not in page and "&lt;b&gt;me&lt;/b&gt;" in page
    assert page.count("</script>") == 1
    # The only address is the SVG namespace, which names the format and is never fetched.
    assert set(re.findall(r"https?://[^\s\\\"'<>]+", page)) <= {"http://www.w3.org/2000/svg"}
    assert not re.search(r"<(link|img|iframe)\b|\bsrc=|@import", page)


def _states(record: GameRecord) -> list[Any]:
    s = record.first_state()
    out = []
    for text in record.moves:
        out.append(s)
        s = br.apply_move(s, br.parse_move(s, text))
    return out


def test_cli_replay_html_takes_a_record_of_a_simulate_file(tmp_path: Path, capsys: Any) -> None:
    games = tmp_path / "games.jsonl"
    records = [seeded_record("docker", seed, players=2) for seed in (1, 2)]
    games.write_text("".join(r.to_json() + "\n" for r in records), encoding="utf-8")
    out = tmp_path / "replay.html"
    assert main(["replay", str(games), "--game", "2", "--html", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == replay_html(records[1])
    assert f"{len(records[1].moves)} moves of record 2" in capsys.readouterr().out


def test_cli_show_writes_the_svg_with_a_move_and_a_perspective(tmp_path: Path) -> None:
    first = br.new_game("parchis", players=2)
    s = br.apply_move(first, br.parse_move(first, "roll 5"))
    doc = tmp_path / "state.json"
    doc.write_text(br.to_json(s), encoding="utf-8")
    out = tmp_path / "board.svg"
    code = main(
        [
            "show",
            str(doc),
            "--svg",
            str(out),
            "--move",
            "out",
            "--perspective",
            "1",
            "--size",
            "400",
        ]
    )
    assert code == 0
    assert out.read_text(encoding="utf-8") == br.render_svg(
        s, size=400, move=br.parse_move(s, "out"), perspective=1
    )


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (("--svg", "x.svg", "--perspective", "5"), 2, "--perspective must be a seat 0..1"),
        (("--svg", "x.svg", "--move", "L9+1"), 1, "not Parchís notation"),
        (("--svg", "x.svg", "--size", "0"), 2, "--size"),
    ],
)
def test_cli_show_refuses_bad_arguments(
    tmp_path: Path,
    capsys: Any,
    args: tuple[str, ...],
    code: int,
    message: str,
    monkeypatch: Any,
) -> None:
    monkeypatch.chdir(tmp_path)
    doc = tmp_path / "state.json"
    doc.write_text(br.to_json(br.new_game("parchis", players=2)), encoding="utf-8")
    assert main(["show", str(doc), *args]) == code
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_cli_show_refuses_a_damaged_state_document(tmp_path: Path, capsys: Any) -> None:
    doc = tmp_path / "state.json"
    doc.write_text('{"format": "boardrules-state"', encoding="utf-8")
    assert main(["show", str(doc), "--svg", str(tmp_path / "x.svg")]) == 2
    assert "error" in capsys.readouterr().err


def test_png_without_cairosvg_names_the_extra(
    tmp_path: Path, capsys: Any, monkeypatch: Any
) -> None:
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # import cairosvg now fails
    with pytest.raises(MissingExtraError, match=r"pip install 'boardrules\[pictures\]'"):
        svg_to_png(br.render_svg(br.new_game("docker")), tmp_path / "x.png")
    doc = tmp_path / "state.json"
    doc.write_text(br.to_json(br.new_game("docker")), encoding="utf-8")
    assert main(["show", str(doc), "--png", str(tmp_path / "x.png")]) == 1
    err = capsys.readouterr().err
    assert "pip install 'boardrules[pictures]'" in err and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()
