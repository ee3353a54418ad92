"""The review of a game (``boardrules.analysis.review``, ``boardrules review``): every
decision's error, every roll's luck, the players' totals, the chart in the replay page; and
the trust in it: luck of mean 0, small errors for a strong player, large ones for a random
one, the same review for the same seed."""

from __future__ import annotations

import json
import math
import random
import statistics
from pathlib import Path
from typing import Any, cast

import pytest

import boardrules as br
from boardrules.analysis import BAD, DOUBTFUL, VERY_BAD, Review, flag, review
from boardrules.analysis._review import _luck
from boardrules.bots import BOTS, Bot, GreedyBot, RandomBot, make_bot, play_game
from boardrules.cli import main
from boardrules.records import GameRecord

GAMES = ["parchis", "dorada", "docker", "dorasure"]


def strongest() -> Bot:
    """The strongest bot there is: ``strong`` once it exists, else greedy."""
    return make_bot("strong:seconds=0.01") if "strong" in BOTS else GreedyBot()


def start_of(game: str) -> Any:
    return br.new_game(game) if game == "dorasure" else br.new_game(game, players=2)


def cut(record: GameRecord[Any, Any], plies: int) -> GameRecord[Any, Any]:
    """The first ``plies`` moves of ``record`` (an unfinished record)."""
    return GameRecord(record.game, record.options, record.players, record.moves[:plies],
                      record.seed, None, record.start)  # fmt: skip


@pytest.fixture(scope="module")
def dorada_game() -> GameRecord[Any, Any]:
    _, record = play_game(start_of("dorada"), [GreedyBot(), RandomBot()], seed=1,
                          names=["greedy", "random"])  # fmt: skip
    return record


@pytest.fixture(scope="module")
def dorada_review(dorada_game: GameRecord[Any, Any]) -> Review:
    return review(dorada_game, seconds_per_move=None, rollouts=4)


def test_every_decision_with_a_choice_and_every_roll_is_reviewed(
    dorada_game: GameRecord[Any, Any], dorada_review: Review
) -> None:
    r = dorada_review
    state: Any = dorada_game.first_state()
    choices, rolls = [], []
    for ply, text in enumerate(dorada_game.moves):
        if br.current_player(state) >= 0 and len(br.legal_moves(state)) > 1:
            choices.append(ply)
        elif br.is_chance(state):
            rolls.append(ply)
        state = br.apply_move(state, br.parse_move(state, text))
    assert [d.ply for d in r.decisions] == choices
    assert [x.ply for x in r.rolls] == rolls  # Dorada rolls a die of six faces
    for d in r.decisions:
        assert d.played in d.values and d.best in d.values
        assert d.best == max(d.values, key=lambda m: d.values[m])
        assert d.loss == (d.estimated_loss if d.told_apart else 0.0) >= 0
        assert d.estimated_loss == pytest.approx(d.values[d.best] - d.values[d.played])
        assert d.flag == flag(d.loss)
    for seat, p in enumerate(r.players):
        mine = [d for d in r.decisions if d.player == seat]
        assert p.error_total == pytest.approx(sum(d.loss for d in mine))
        assert p.decisions == len(mine) and p.rolls == len([x for x in r.rolls if x.player == seat])
        assert p.luck_total == pytest.approx(sum(x.luck for x in r.rolls if x.player == seat))
    assert [p.label for p in r.players] == ["greedy", "random"]
    assert r.better() == r.players[0].name  # greedy errs less than random
    assert r.result == dorada_game.result and not r.team


def test_the_flags_follow_the_documented_thresholds() -> None:
    assert (DOUBTFUL, BAD, VERY_BAD) == (0.02, 0.04, 0.08)
    assert [flag(x) for x in (0.0199, 0.02, 0.0399, 0.04, 0.0799, 0.08, 1.0)] == [
        "", "doubtful", "doubtful", "bad", "bad", "very bad", "very bad"]  # fmt: skip
    assert flag(0.5, told_apart=False) == ""


def test_a_review_is_the_same_for_the_same_seed(
    dorada_game: GameRecord[Any, Any], dorada_review: Review
) -> None:
    again = review(dorada_game, seconds_per_move=None, rollouts=4)
    other = review(dorada_game, seconds_per_move=None, rollouts=4, seed=1)
    first, second = dorada_review.to_dict(), again.to_dict()
    first.pop("seconds"), second.pop("seconds")
    assert first == second
    assert [d.values for d in other.decisions] != [d.values for d in dorada_review.decisions]


def test_the_json_has_the_documented_fields(dorada_review: Review) -> None:
    doc = json.loads(dorada_review.to_json())
    assert {"ply", "player", "played", "best", "loss"} <= set(doc["decisions"][0])
    assert {"ply", "player", "luck"} <= set(doc["rolls"][0])
    assert {"name", "error_total", "luck_total"} <= set(doc["players"][0])
    assert doc["thresholds"] == {"doubtful": 0.02, "bad": 0.04, "very_bad": 0.08}
    assert doc["players"][0]["name"] == "red" and doc["decisions"][0]["player"] in ("red", "blue")


def test_the_cooperative_game_reports_the_team() -> None:
    _, record = play_game(br.new_game("dorasure"), [GreedyBot()] * 4, seed=2)
    r = review(cut(record, 24), seconds_per_move=None, rollouts=2, horizon=10)
    assert r.team and r.better() == r.luckier() == "the team" and r.result is None
    assert r.decisions and all(len(set(d.chances)) == 1 for d in r.decisions)
    assert "the chances are the team's" in r.text()


def test_the_cli_says_which_record_to_review_in_a_file_of_several(
    dorada_game: GameRecord[Any, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The JSON Lines of simulate --out were "not a JSON document: Extra data: line 2".
    path = tmp_path / "games.jsonl"
    path.write_text(f"{dorada_game.to_json()}\n" * 3)
    assert main(["review", str(path), "--rollouts", "2", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert f"error: {path} holds 3 game records; review reads one: put its line" in err


def test_the_cli_reviews_a_record_in_text_json_and_html(
    dorada_game: GameRecord[Any, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text(dorada_game.to_json())
    html = tmp_path / "review.html"
    assert main(["review", str(path), "--rollouts", "4", "--html", str(html)]) == 0
    captured = capsys.readouterr()
    assert "better player: red" in captured.out and "players:" in captured.out
    assert "reviewing: " in captured.err and " decisions (" in captured.err
    page = html.read_text()
    assert '<svg id="chart"' in page and "reviewAlternatives" in page and "Review" in page
    assert main(["review", str(path), "--rollouts", "4", "--json", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    doc = json.loads(captured.out)
    assert doc["format"] == "boardrules-review" and doc["seconds_per_move"] is None
    assert main(["review", str(path), "--seconds-per-move", "0"]) == 2
    assert "--seconds-per-move must be a finite number more than 0" in capsys.readouterr().err


# --------------------------------------------------------------------------- trust


@pytest.mark.parametrize("game", GAMES)
def test_the_luck_of_a_roll_has_mean_zero(game: str) -> None:
    rng = random.Random(game)
    lucks: list[float] = []
    rolls = 40 if game == "dorasure" else 150
    while len(lucks) < rolls:
        state: Any = start_of(game)
        while not br.is_terminal(state) and len(lucks) < rolls:
            if br.is_chance(state):
                outcome = br.sample_chance(state, rng)
                after = br.apply_move(state, outcome)
                player = br.current_player(after)
                if player >= 0 and len(br.chance_outcomes(state)) > 1:
                    lucks.append(_luck(state, after, player, br.evaluate))
                state = after
            else:
                moves = br.legal_moves(state)
                state = br.apply_move(state, moves[rng.randrange(len(moves))])
    mean = sum(lucks) / len(lucks)
    sd = math.sqrt(sum((x - mean) ** 2 for x in lucks) / (len(lucks) - 1))
    assert sd > 0  # the rolls do matter
    assert abs(mean) <= 1.96 * sd / math.sqrt(len(lucks)), (mean, sd)


def _error_rates(
    game: str, bots: list[Bot], plies: int, seed: int, rollouts: int = 40, horizon: int = 10
) -> list[float]:
    """Each seat's error per decision over the first ``plies`` of a seeded game."""
    start = start_of(game)
    seats = br.num_players(start)
    _, record = play_game(start, (bots * seats)[:seats], seed=seed)
    r = review(cut(record, plies), seconds_per_move=None, rollouts=rollouts, horizon=horizon)
    return [p.error_rate for p in r.players]


def _pooled_error_rates(
    game: str, bots: list[Bot], plies: int, seeds: tuple[int, ...]
) -> list[float]:
    """Each seat's error per decision over the first ``plies`` of seeded games, pooled."""
    start = start_of(game)
    seats = br.num_players(start)
    errors, decisions = [0.0] * seats, [0] * seats
    for seed in seeds:
        _, record = play_game(start, (bots * seats)[:seats], seed=seed)
        r = review(cut(record, plies), seconds_per_move=None, rollouts=40, horizon=10)
        for seat, p in enumerate(r.players):
            errors[seat] += p.error_total
            decisions[seat] += p.decisions
    return [e / d if d else 0.0 for e, d in zip(errors, decisions, strict=True)]


# Cheap reviews for the default run: the first plies of a seeded game of strong against
# random, each move rolled out 2 plies deep (40-60 times: the paired intervals narrow enough
# to tell a random move from the best).  Parchís needs more plies: its first ones are
# mostly without a choice.  (Dorasure: see its own tests below.)
SHORT = {"parchis": (150, 60, 1), "dorada": (60, 40, 2), "docker": (60, 40, 2)}


@pytest.mark.parametrize("game", list(SHORT))
def test_random_errs_more_than_strong_in_a_short_review(game: str) -> None:
    plies, rollouts, seed = SHORT[game]
    rates = _error_rates(game, [strongest(), RandomBot()], plies, seed, rollouts, horizon=2)
    assert max(rates[0::2]) < 0.01  # the strong seats err little
    assert max(rates[1::2]) > 2 * max(rates[0::2])  # the random ones more


def test_strong_against_itself_errs_little_in_dorada() -> None:
    # The cheap sibling of the release test below (which also checks that random errs
    # more: a few dozen decisions are too few to show it reliably).
    assert max(_error_rates("dorada", [strongest(), strongest()], 60, seed=5)) < 0.01


@pytest.mark.release
@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES[:3])
def test_strong_errs_little_and_random_much(game: str) -> None:
    # The strong bot as players get it (0.1 s a decision): at 0.01 s (80 positions in
    # Docker) it blunders where the review rightly says so (Docker, seed 6, ply 37: b1-b2
    # at 0.27 where b1-a2 is worth 0.67-0.69 by 200 rollouts of either policy).
    # Dorada's games are pooled over three seeds: in that of seed 6 the strong bot is 92% to
    # win from ply 5, and no move of random's then costs it 0.01 (gnubg's errors in a decided
    # game are small too); seeds 7 and 8 give random 0.043 and 0.049 a decision.
    plies = {"parchis": 200, "dorada": 80, "docker": 60}[game]
    seeds = (6, 7, 8) if game == "dorada" else (6,)
    strong = _pooled_error_rates(game, [make_bot("strong"), make_bot("strong")], plies, seeds)
    mixed = _pooled_error_rates(game, [make_bot("strong"), RandomBot()], plies, seeds)
    assert max(strong) < 0.01 and mixed[0] < 0.01
    assert max(mixed[1::2]) > 2 * max(mixed[0::2])  # the random seats err more


# Dorasure: a hero's decision moves the team's chance by only 0.001-0.01 (random heroes
# lose the team about 0.003 a decision), so one game's few decisions tell nothing and the
# errors are pooled over several seeded games, strong seats against random ones, and
# compared by the 95% interval of the difference of their means (decisions as samples).


def _pooled_losses(
    bots: list[Bot],
    plies: int,
    seeds: range | tuple[int, ...],
    rollouts: int,
    horizon: int,
    estimated: bool = False,
) -> tuple[list[float], list[float]]:
    """The errors (``estimated``: the estimated losses) of the even and of the odd seats
    of Dorasure's default four heroes, decision by decision, over the first ``plies`` of
    the seeded games of ``bots`` (taking the seats in turn)."""
    start = start_of("dorasure")
    seats = br.num_players(start)
    even: list[float] = []
    odd: list[float] = []
    for seed in seeds:
        _, record = play_game(start, (bots * seats)[:seats], seed=seed)
        r = review(cut(record, plies), seconds_per_move=None, rollouts=rollouts, horizon=horizon)
        for d in r.decisions:
            (odd if d.player % 2 else even).append(d.estimated_loss if estimated else d.loss)
    return even, odd


def _mean_difference(more: list[float], less: list[float]) -> tuple[float, float]:
    """The mean of ``more`` minus that of ``less`` and the half-width of its 95% interval
    (Welch: two independent samples of unequal variance, normal approximation)."""
    spread = sum(statistics.variance(xs) / len(xs) for xs in (more, less))
    return statistics.fmean(more) - statistics.fmean(less), 1.96 * math.sqrt(spread)


def test_mean_difference_is_welchs_interval() -> None:
    difference, half = _mean_difference([1.0, 3.0], [0.0, 0.0, 0.0])
    assert difference == 2.0 and half == pytest.approx(1.96)  # sqrt(2 / 2 + 0 / 3)


def test_random_heroes_lose_more_by_the_evaluation_than_strong_ones() -> None:
    # The cheap sibling of the release test below: each move valued by the evaluation alone
    # (horizon 0: two rollouts that stop at once, so the estimated loss is the evaluation's
    # exact difference; too few rollouts for any error to be told apart, hence the
    # estimated losses).  Measured: strong 0-0.0001 a decision, random 0.0013-0.0027, the
    # difference outside its interval for the seed pairs (1, 2), (3, 4) and (6, 7).
    strong, random_ = _pooled_losses([strongest(), RandomBot()], 120, (1, 2), 2, 0, True)
    assert len(random_) >= 30 and statistics.fmean(strong) < 0.001
    difference, half = _mean_difference(random_, strong)
    assert difference > half, (difference, half)


@pytest.mark.release
@pytest.mark.slow
def test_random_heroes_err_more_than_strong_ones_in_dorasure() -> None:
    # The review's errors (losses told apart from the noise) with rollouts 2 plies deep
    # then the evaluation, 400 per move: the interval of a difference is then at least
    # 0.98/400 = 0.0025 wide, below a random hero's larger errors.  Deeper rollouts do
    # not tell the two apart: 10 plies of QuickBot (400 rollouts, seeds 6-11, 196
    # decisions) gave strong 0.0021 and random 0.0024 a decision, a difference of
    # 0.0003 +- 0.0014: ten plies of every hero's play weigh more than one hero's step.
    strong, random_ = _pooled_losses([make_bot("strong"), RandomBot()], 60, range(6, 16), 400, 2)
    assert statistics.fmean(strong) < 0.01
    difference, half = _mean_difference(random_, strong)
    assert difference > half, (difference, half)


def test_a_review_document_that_is_no_review_is_refused_by_the_page_in_words(
    dorada_review: Review, dorada_game: GameRecord[Any, Any]
) -> None:
    # The page and the chart took any mapping: {} raised KeyError 'team', 5 TypeError, a
    # damaged decision KeyError 'chances', a set JSON's TypeError; a record of 5
    # AttributeError ('int' object has no attribute 'first_state').
    from boardrules.analysis import chart_html
    from boardrules.pictures import replay_html

    doc = dorada_review.to_dict()
    names = list(dorada_review.names)
    for bad, message in (
        ({}, "review must be a review's to_dict() (format 'boardrules-review'), not {}"),
        (5, "review must be a review's to_dict() (format 'boardrules-review'), not 5"),
        ({**doc, "decisions": [{}]}, "this review cannot be drawn: KeyError 'chances'"),
        ({**doc, "decisions": 5}, "this review cannot be drawn: TypeError"),
        ({**doc, "players": {1}}, "this review cannot be drawn: Object of type set"),
    ):
        with pytest.raises(br.InvalidOptionError) as refused:
            chart_html(cast(Any, bad), names)
        assert str(refused.value).startswith(message)
    with pytest.raises(br.InvalidOptionError, match=r"^review must be a review's to_dict"):
        replay_html(dorada_game, review={"team": False})
    with pytest.raises(br.InvalidOptionError, match=r"^record must be a GameRecord, not 5$"):
        replay_html(cast(Any, 5))


def test_the_chart_draws_a_line_per_player_through_the_decisions(dorada_review: Review) -> None:
    from boardrules.analysis._chart import chart_data

    review_doc = dorada_review.to_dict()
    data = chart_data(review_doc, list(dorada_review.names))
    assert data["names"] == ["red", "blue"] and len(data["lines"]) == 2
    decisions = review_doc["decisions"]
    for seat, line in enumerate(data["lines"]):
        points = [[d["ply"] + 1, d["chances"][seat]] for d in decisions]
        assert line == [*points, [dorada_review.plies, review_doc["result"][seat]]]
    assert [d["flag"] for d in data["decisions"]] == [d["flag"] for d in decisions]
    estimated = [d for d in decisions if d["half"].get(d["played"])]
    assert estimated and data["bands"] == [
        [d["ply"] + 1, d["seat"], d["chances"][d["seat"]], d["half"][d["played"]]]
        for d in estimated
    ]
    team = chart_data({**review_doc, "team": True}, ["Ninja", "Gladiator"])
    assert team["names"] == ["the team"] and len(team["lines"]) == 1
    from boardrules.analysis import chart_html

    hostile = {**review_doc, "players": [{**review_doc["players"][0], "label": "</script>"},
                                         review_doc["players"][1]]}  # fmt: skip
    assert "</script><" not in chart_html(hostile, ["red", "blue"]).split("const R =")[1][:2000]
