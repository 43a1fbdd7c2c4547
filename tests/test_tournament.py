"""Tournaments (issue 12 part 3): the plan on paired seeds, the statistics on hand-made records,
resumption from the results file, and small real tournaments in process, on two worker
processes and on a local Ray."""

from __future__ import annotations

import json
import math
import statistics
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import polemos
from polemos.ai import stats
from polemos.ai.tournament import (
    SprtSpec,
    Tournament,
    analyse,
    drop_torn_tail,
    execute,
    load_results,
    plan,
    run_tournament,
)
from polemos.cli import app

JSON = dict[str, Any]
AS = "athens-and-sparta"
GTS = "go-tell-the-spartans"


def rec(seed: int, seats: dict[str, str], winner: str | None, reason: str = "won", game: str = AS) -> JSON:
    return {"game": game, "options": {}, "seed": seed, "seats": seats,
            "result": {"winner": winner, "winner_agent": seats.get(winner) if winner else None, "reason": reason},
            "moves": 10, "time": 0.1}


def pair(seed: int, a: str, b: str, first: str | None, second: str | None) -> list[JSON]:
    """The two games of a seed between a and b: a holds athens first, then sparta. ``first`` and
    ``second`` name the winning agent of each (None: a draw)."""
    g1 = {"athens": a, "sparta": b}
    g2 = {"athens": b, "sparta": a}

    def role(seats: dict[str, str], agent: str | None) -> str | None:
        return None if agent is None else next(r for r, n in seats.items() if n == agent)

    return [rec(seed, g1, role(g1, first)), rec(seed, g2, role(g2, second))]


# -- statistics on hand-made records ----------------------------------------------------------------
def test_wilson_interval_matches_the_published_values() -> None:
    # Wilson score interval, z = 1.96: 5/10 -> 0.2366-0.7634, 8/10 -> 0.4902-0.9433, 0/10 -> 0-0.2775
    for (k, n), (low, high) in {(5, 10): (0.2366, 0.7634), (8, 10): (0.4902, 0.9433), (0, 10): (0.0, 0.2775),
                                (1, 3): (0.0615, 0.7923)}.items():
        got = stats.wilson(k, n)
        assert got[0] == pytest.approx(low, abs=1e-4) and got[1] == pytest.approx(high, abs=1e-4)
    assert stats.wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        stats.wilson(11, 10)


def test_seat_table_counts_wins_draws_losses_per_seat() -> None:
    records = pair(0, "random", "heuristic", "heuristic", "heuristic") + pair(1, "random", "heuristic", None, "random")
    lines = {(line.agent, line.seat): line for line in stats.seat_table(records, ["random", "heuristic"])}
    h_athens = lines["heuristic", "athens"]  # seed 0 second game (won), seed 1 second game (lost)
    assert (h_athens.games, h_athens.wins, h_athens.draws, h_athens.losses) == (2, 1, 0, 1)
    h_sparta = lines["heuristic", "sparta"]  # seed 0 first game (won), seed 1 first game (draw)
    assert (h_sparta.games, h_sparta.wins, h_sparta.draws, h_sparta.losses) == (2, 1, 1, 0)
    h_all = lines["heuristic", "all"]
    assert (h_all.games, h_all.wins, h_all.draws, h_all.losses) == (4, 2, 1, 1)
    assert h_all.to_json()["interval"] == [round(x, 4) for x in stats.wilson(2, 4)]
    r_all = lines["random", "all"]
    assert (r_all.wins, r_all.draws, r_all.losses) == (1, 1, 2)


def test_solitaire_games_are_played_against_the_rules() -> None:
    won = rec(3, {"greek": "heuristic"}, "greek", game=GTS)
    lost = rec(3, {"greek": "random"}, "persian", game=GTS)
    assert stats.participants(won) == ["heuristic", stats.RULES]
    assert stats.points(won) == {"heuristic": 1.0, stats.RULES: 0.0}
    assert stats.points(lost) == {"random": 0.0, stats.RULES: 1.0}
    # paired on the seed: heuristic (B) did better than random (A)
    assert stats.pair_scores([won, lost], "random", "heuristic") == [1.0]


def test_elo_of_two_agents_is_the_logit_of_the_score_with_one_virtual_draw() -> None:
    # 40 games, B scores 30: maximum likelihood with one virtual draw gives p = 30.5 / 41
    records = []
    for seed in range(20):
        records += pair(seed, "a", "b", "b", "b" if seed < 10 else "a")
    ratings = {r.name: r for r in stats.elo_ratings(records, ["a", "b"], bootstrap=50)}
    p = 30.5 / 41
    assert ratings["a"].elo == 0.0
    assert ratings["b"].elo == pytest.approx(400 * math.log10(p / (1 - p)), abs=0.01)
    assert ratings["b"].low is not None and ratings["b"].high is not None
    assert ratings["b"].low < ratings["b"].elo < ratings["b"].high
    assert ratings["b"].games == 40


def test_elo_of_equal_agents_is_zero_and_a_transitive_chain_orders_them() -> None:
    even = pair(0, "a", "b", "a", "b") + pair(1, "a", "b", None, None)
    assert stats.bradley_terry(even, ["a", "b"]) == pytest.approx([0.0, 0.0], abs=1e-6)
    chain = []
    for seed in range(6):
        chain += pair(seed, "weak", "mid", "mid", "mid" if seed % 2 else "weak")
        chain += pair(seed, "mid", "strong", "strong", "strong" if seed % 2 else "mid")
        chain += pair(seed, "weak", "strong", "strong", "strong")
    elo = dict(zip(["weak", "mid", "strong"], stats.bradley_terry(chain, ["weak", "mid", "strong"]), strict=True))
    assert 0.0 == elo["weak"] < elo["mid"] < elo["strong"]
    with pytest.raises(ValueError, match="do not connect"):
        stats.bradley_terry(pair(0, "a", "b", "a", "b") + pair(0, "c", "d", "c", "d"), ["a", "b", "c", "d"])


def test_openskill_ranks_the_winner_first_and_is_order_independent() -> None:
    records = pair(0, "a", "b", "b", "b") + pair(1, "a", "b", "b", None)
    first = stats.openskill_ratings(records, ["a", "b"])
    again = stats.openskill_ratings(list(reversed(records)), ["a", "b"])
    assert first == again  # rated in the canonical order, not the file's
    mu = {r["name"]: r["mu"] for r in first}
    assert mu["b"] > mu["a"]


def test_pair_scores_are_pentanomial_on_two_seats_and_skip_incomplete_pairs() -> None:
    records = (pair(0, "a", "b", "b", "b") + pair(1, "a", "b", "b", "a") + pair(2, "a", "b", None, "b")
               + pair(3, "a", "b", "a", "a") + pair(4, "a", "b", "b", "b")[:1])
    assert stats.pair_scores(records, "a", "b") == [1.0, 0.5, 0.75, 0.0]  # seed 4 has one game only
    assert stats.pair_scores(records, "b", "a") == [0.0, 0.5, 0.25, 1.0]


def test_sprt_accepts_h1_for_a_clearly_stronger_b() -> None:
    # B wins both games of every pair: the log-likelihood ratio grows by about log(s1/s0) a pair
    early = stats.sprt([1.0] * 5, 0, 50, pentanomial=True)
    assert early.decision == "continue" and 0 < early.llr < early.upper
    decided = next(n for n in range(1, 100) if stats.sprt([1.0] * n, 0, 50, pentanomial=True).decision != "continue")
    result = stats.sprt([1.0] * decided, 0, 50, pentanomial=True)
    assert result.decision == "H1" and result.llr >= math.log(0.95 / 0.05)
    low = stats.wilson(decided, decided)[0]  # a perfect score: bounded below only
    assert result.elo_interval == (pytest.approx(stats.score_to_elo(low)), math.inf)
    assert result.to_json()["elo_interval"] == [round(stats.score_to_elo(low), 1), None]
    assert decided == math.ceil(math.log(19) / math.log(stats.elo_to_score(50) / 0.5) - 1e-9)


def test_sprt_accepts_h0_for_equal_agents_and_respects_the_bounds() -> None:
    even = [0.0, 0.25, 0.5, 0.5, 0.75, 1.0] * 40  # mean 1/2: no stronger
    result = stats.sprt(even, 0, 50, pentanomial=True)
    assert result.decision == "H0" and result.llr <= math.log(0.05 / 0.95)
    assert result.elo == pytest.approx(0.0, abs=1e-6)
    loose = stats.sprt(even[:12], 0, 50, alpha=0.3, beta=0.3, pentanomial=True)
    assert (loose.lower, loose.upper) == (pytest.approx(math.log(0.3 / 0.7)), pytest.approx(math.log(0.7 / 0.3)))
    with pytest.raises(ValueError, match="elo0"):
        stats.sprt(even, 50, 0)
    with pytest.raises(ValueError, match="none of"):
        stats.sprt([0.3], 0, 50)


def test_sprt_llr_agrees_with_the_normal_approximation_on_mixed_results() -> None:
    # the GSPRT's usual approximation: N (s1 - s0)(2 mean - s0 - s1) / (2 var); close on large samples
    s0, s1 = stats.elo_to_score(0), stats.elo_to_score(50)
    for scores, penta in (([1.0] * 60 + [0.0] * 40, False),
                          ([1.0] * 30 + [0.75] * 50 + [0.5] * 80 + [0.25] * 30 + [0.0] * 10, True)):
        mean, var = statistics.fmean(scores), statistics.pvariance(scores)
        approx = len(scores) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
        assert stats.sprt(scores, 0, 50, pentanomial=penta).llr == pytest.approx(approx, rel=0.06)


def test_analyse_reports_every_figure_from_the_records_alone() -> None:
    records = pair(0, "random", "heuristic", "heuristic", "heuristic") + pair(1, "random", "heuristic", None, None)
    records[-1]["result"]["reason"] = stats.MAX_STEPS_REASON
    report = analyse(records, ["random", "heuristic"], SprtSpec(0, 50), bootstrap=20)
    assert report["games"] == 4 and report["seeds"] == 2 and report["draws"] == 1 and report["cut"] == 1
    assert [r["name"] for r in report["elo"]] == ["random", "heuristic"]
    # heuristic scored 3 of 4: Wilson 30.1%-95.4% of the score -> Elo bounds
    bounds = [round(stats.score_to_elo(x), 1) for x in stats.wilson(3, 4)]
    assert report["pairs"] == [{"a": "random", "b": "heuristic", "pairs": 2, "b_better": 1, "even": 1,
                                "a_better": 0, "b_score": 0.75, "b_elo_bounds": bounds}]
    assert stats.score_to_elo(0.75) == pytest.approx(400 * math.log10(3))
    assert report["sprt"]["pairs"] == 2 and report["sprt"]["decision"] == "continue"
    assert analyse(list(reversed(records)), ["random", "heuristic"], SprtSpec(0, 50), bootstrap=20) == report


# -- the plan and the results file ------------------------------------------------------------------
def test_plan_pairs_every_seed_with_sides_swapped() -> None:
    game = polemos.game(AS)
    tasks = plan(game, ["a", "b", "c"], games=3, seed=10)  # 3 games per pair -> 2 seeds
    assert len(tasks) == 2 * 3 * 2
    assert {t.seed for t in tasks} == {10, 11}
    seats = {(t.seed, t.seats) for t in tasks}
    assert (10, (("athens", "a"), ("sparta", "b"))) in seats and (10, (("athens", "b"), ("sparta", "a"))) in seats
    assert [t.seed for t in tasks] == sorted(t.seed for t in tasks)  # seed by seed: balanced when cut short
    with pytest.raises(ValueError, match="two agents"):
        plan(game, ["a"], games=2)
    with pytest.raises(ValueError, match="named twice"):
        plan(game, ["a", "a"], games=2)


def test_plan_of_a_solitaire_game_plays_every_agent_on_the_same_seeds() -> None:
    game = polemos.game(GTS)
    tasks = plan(game, ["random", "heuristic"], games=3)
    expected = [(s, (("greek", a),)) for s in range(3) for a in ("random", "heuristic")]
    assert [(t.seed, t.seats) for t in tasks] == expected
    with pytest.raises(ValueError, match="7 seats"):
        plan(game, ["random", "heuristic"], games=2, options={"players": "multi"})
    two = plan(game, ["random", "heuristic"], games=2, options={"players": "two"})
    assert [t.seats for t in two] == [(("greek", "random"), ("persian", "heuristic")),
                                      (("greek", "heuristic"), ("persian", "random"))]


def test_results_file_drops_a_torn_last_line_and_refuses_a_bad_one(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    good = pair(0, "a", "b", "a", "b")
    path.write_text("\n".join(json.dumps(r) for r in good) + '\n{"game": "athens-and-sp', encoding="utf-8")
    torn = path.read_text(encoding="utf-8")
    assert load_results(path) == good
    assert path.read_text(encoding="utf-8") == torn  # reading changes nothing
    drop_torn_tail(path)  # what a run does before appending
    assert path.read_text(encoding="utf-8") == "".join(json.dumps(r) + "\n" for r in good)
    path.write_text('{"seed": 1}\n' + json.dumps(good[0]) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1 is not a game record"):
        load_results(path)
    path.write_text('[1, 2]', encoding="utf-8")  # complete JSON, no record: an error, never dropped
    with pytest.raises(ValueError, match="line 1 is not a game record"):
        load_results(path)
    path.write_text('{"seed": \n' + json.dumps(good[0]) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 1 is not JSON"):
        load_results(path)
    assert load_results(tmp_path / "none.jsonl") == []


# -- real tournaments ---------------------------------------------------------------------------------
def _strip(records: list[JSON]) -> list[JSON]:
    """The records without their timings (the rest is the same wherever a game ran)."""
    keep = ("game", "options", "seed", "seats", "result", "moves", "decisions")
    return sorted(({k: r[k] for k in keep} for r in records), key=lambda r: (r["seed"], list(r["seats"].values())))


def test_a_small_tournament_in_process_resumes_from_its_file(tmp_path: Path) -> None:
    results = tmp_path / "as.jsonl"
    spec = Tournament(AS, ["random", "heuristic"], games=2, results=results, workers=1, bootstrap=20)
    seen: list[JSON] = []
    report = run_tournament(spec, on_record=seen.append)
    assert report["played"] == 2 and report["skipped"] == 0 and report["games"] == 2
    lines = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    assert lines == seen
    assert {tuple(r["seats"].values()) for r in lines} == {("random", "heuristic"), ("heuristic", "random")}
    for r in lines:
        assert set(r) >= {"game", "seed", "seats", "result", "moves", "time"} and r["moves"] > 0
        assert sum(r["decisions"].values()) == r["moves"]
    again = run_tournament(spec)
    assert again["played"] == 0 and again["skipped"] == 2
    assert {k: v for k, v in again.items() if k not in ("played", "skipped")} == \
        {k: v for k, v in report.items() if k not in ("played", "skipped")}
    more = run_tournament(Tournament(AS, ["random", "heuristic"], games=4, results=results, workers=1, bootstrap=20))
    assert more["played"] == 2 and more["skipped"] == 2 and more["seeds"] == 2
    assert len(results.read_text(encoding="utf-8").splitlines()) == 4
    with pytest.raises(ValueError, match="holds games of athens-and-sparta"):
        run_tournament(Tournament(GTS, ["random"], games=1, results=results, workers=1))


@pytest.fixture(scope="module")
def gts_alone() -> list[JSON]:
    """Two seeds of Go Tell the Spartans for random and heuristic Greeks, played in this process."""
    return list(execute(plan(polemos.game(GTS), ["random", "heuristic"], games=2), workers=1))


def test_two_worker_processes_play_the_same_games_as_one(tmp_path: Path, gts_alone: list[JSON]) -> None:
    report = run_tournament(Tournament(GTS, ["random", "heuristic"], games=2, results=tmp_path / "g.jsonl",
                                       workers=2, bootstrap=20))
    assert report["played"] == 4 and {r["name"] for r in report["elo"]} == {"random", "heuristic", stats.RULES}
    assert report["paired_by"] == "seed against the rules"
    assert _strip(load_results(tmp_path / "g.jsonl")) == _strip(gts_alone)


def test_sprt_tournament_stops_when_decided(tmp_path: Path) -> None:
    # the heuristic Greeks against random ones on the same seeds; loose bounds so it decides soon
    spec = Tournament(GTS, ["random", "heuristic"], games=40, results=tmp_path / "s.jsonl", workers=1,
                      sprt=SprtSpec(elo0=0, elo1=400, alpha=0.2, beta=0.2), bootstrap=0)
    report = run_tournament(spec, progress=True)  # the bar shows the LLR as games arrive
    assert report["sprt"]["decision"] == "H1"
    assert report["played"] < report["planned"] == 80
    assert report["sprt"]["llr"] >= report["sprt"]["bounds"][1]
    # resumed: already decided, nothing more is played
    assert run_tournament(spec)["played"] == 0
    with pytest.raises(ValueError, match="two agents"):
        run_tournament(Tournament(GTS, ["random"], games=2, results=tmp_path / "x.jsonl", sprt=SprtSpec()))
    with pytest.raises(ValueError, match="elo0"):
        run_tournament(Tournament(GTS, ["random", "heuristic"], games=2, results=tmp_path / "x.jsonl",
                                  sprt=SprtSpec(elo0=10, elo1=5)))


def test_ray_plays_the_same_games_in_batches(tmp_path: Path, gts_alone: list[JSON]) -> None:
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'polemos[cluster]')")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        report = run_tournament(Tournament(GTS, ["random", "heuristic"], games=2, results=tmp_path / "ray.jsonl",
                                           ray_address="local", batch=3, bootstrap=20))
        assert ray.is_initialized()  # a Ray the caller started is left running
    finally:
        ray.shutdown()
    assert report["played"] == 4
    assert _strip(load_results(tmp_path / "ray.jsonl")) == _strip(gts_alone)


# -- the command ------------------------------------------------------------------------------------
def test_tournament_command_prints_the_tables_and_refuses_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    results = tmp_path / "cli.jsonl"
    out = tmp_path / "report.json"
    got = runner.invoke(app, ["tournament", GTS, "--agents", "random,heuristic", "--games", "1", "--workers", "1",
                              "--results", str(results), "--json", str(out), "--progress"])
    assert got.exit_code == 0, got.output
    assert "win rates per seat" in got.output and "(the rules)" in got.output
    assert json.loads(out.read_text(encoding="utf-8"))["games"] == 2
    before = results.read_text(encoding="utf-8")
    bad = runner.invoke(app, ["tournament", GTS, "--agents", "random,alphazero", "--games", "1",
                              "--results", str(results), "--no-progress"])
    assert bad.exit_code == 1 and "no bot 'alphazero'" in bad.output and "Traceback" not in bad.output
    assert results.read_text(encoding="utf-8") == before  # nothing changed
    sprt = runner.invoke(app, ["tournament", GTS, "--agents", "random,heuristic", "--sprt", "--elo0", "5",
                               "--elo1", "5", "--results", str(tmp_path / "s.jsonl"), "--no-progress"])
    assert sprt.exit_code == 1 and "--elo0 (5) must be below --elo1 (5)" in sprt.output
    report = runner.invoke(app, ["tournament", GTS, "--agents", "random,heuristic", "--games", "0",
                                 "--results", str(results), "--no-progress"])
    assert report.exit_code == 0 and "2 games on 1 seed in" in report.output and "(0 played now)" in report.output
