"""Go Tell the Spartans from the ``polemos`` command: play in the terminal, replay, selfplay, bench."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import polemos
from polemos.ai.agents import make_agent
from polemos.ai.selfplay import play_game
from polemos.cli import app

runner = CliRunner()


def test_play_in_the_terminal_shows_the_grid_and_takes_actions() -> None:
    result = runner.invoke(app, ["play", "go-tell-the-spartans", "--seed", "3"], input="1\n1\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Greek>" in out
    assert "Ephialtes Box" in out
    assert "Greeks: place spa1 (Spartans 1: area and facing)" in out  # the deployment prompt (6.0), the unit named
    assert "Place spa1 in G9 (west of the Wall), facing W" in out  # the choices in words (issue 11)
    assert "Standard deployment" in out  # G44
    assert "Traceback" not in out


def test_play_reports_an_illegal_action_and_goes_on() -> None:
    result = runner.invoke(app, ["play", "go-tell-the-spartans", "--seed", "3"], input="fly to persia\nquit\n")
    assert result.exit_code == 0, result.output
    assert "not a legal action" in result.output


def test_selfplay_and_replay_a_solitaire_game(tmp_path: Path) -> None:
    out = tmp_path / "games.json"
    result = runner.invoke(app, ["selfplay", "go-tell-the-spartans", "--games", "1", "--bots", "random",
                                 "--json", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    assert doc["summary"]["games"] == 1 and doc["games"][0]["winner"] in ("greek", "persian")
    game = polemos.game("go-tell-the-spartans")
    agents = {role: make_agent("random", game.id) for role in game.seats_for()}
    record = play_game(game, 4, agents).record
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    state = polemos.replay(record)
    assert state.outcome() is not None


def test_bench_measures_the_game() -> None:
    result = runner.invoke(app, ["bench", "go-tell-the-spartans", "--steps", "300"])
    assert result.exit_code == 0, result.output
    assert "steps/s" in result.output


def test_options_reach_the_game_and_bad_options_are_refused_clearly() -> None:
    result = runner.invoke(app, ["play", "go-tell-the-spartans", "--seed", "2", "--options", '{"players": "two"}'],
                           input="quit\n")
    assert result.exit_code == 0, result.output
    assert "commit" in result.output  # 11.1: the Persian player commits the first contingent
    for bad, message in (('{"players": "nine"}', "players must be one of"), ("{oops", "not valid JSON"),
                         ('["two"]', "JSON object"), ('{"fog": true}', "unknown option")):
        result = runner.invoke(app, ["bench", "go-tell-the-spartans", "--steps", "5", "--options", bad])
        assert result.exit_code == 1, (bad, result.output)
        assert message in result.output, (bad, result.output)
        assert "Traceback" not in result.output


# -- issue 9: what a new player met ----------------------------------------------------------------
def _record_of_a_solitaire_game(tmp_path: Path, seed: int = 4, steps: int = 40) -> Path:
    """A solitaire game's first ``steps`` actions (the automaton's log lines come with them)."""
    game = polemos.game("go-tell-the-spartans")
    result = play_game(game, seed, {"greek": make_agent("random", game.id)}, max_steps=steps)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(result.record))
    return path


def test_1_0_solitaire_play_offers_no_persian_seat() -> None:
    """1.0: in solitaire the Persians are the rulebook's automaton: no seat, no bot for them."""
    result = runner.invoke(app, ["play", "go-tell-the-spartans", "--seed", "3"], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "you are Greek, the rules play Persian" in result.output
    result = runner.invoke(app, ["play", "go-tell-the-spartans", "--vs", "random", "--seat", "persian"])
    assert result.exit_code == 1
    assert "no seat 'persian' in go-tell-the-spartans (persian is played by the rules" in result.output
    result = runner.invoke(app, ["play", "go-tell-the-spartans", "--vs", "random"])
    assert result.exit_code == 1
    assert "no seat is left for a bot" in result.output
    # 11.1: two-handed, the Persian seat is a player's (here the bot's)
    result = runner.invoke(app, ["play", "go-tell-the-spartans", "--vs", "random", "--seed", "2",
                                 "--options", '{"players": "two"}'], input="quit\n")
    assert result.exit_code == 0, result.output
    assert "you are Greek, random plays the rest" in result.output


def test_1_0_solitaire_selfplay_credits_no_bot_with_the_automatons_wins(tmp_path: Path) -> None:
    out = tmp_path / "games.json"
    result = runner.invoke(app, ["selfplay", "go-tell-the-spartans", "--games", "2", "--bots", "random",
                                 "--json", str(out), "--no-progress", "--seed", "1"])
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text())
    summary = doc["summary"]
    assert summary["bots"] == {"greek": "random", "persian": "(the rules)"}
    assert summary["bot_wins"] == {"random": summary["wins"]["greek"]}
    assert summary["wins"]["greek"] + summary["wins"]["persian"] == 2
    for row in doc["games"]:
        assert row["winner_bot"] == ("random" if row["winner"] == "greek" else None)
    # one bot per seat: a second name would go to a seat that does not exist
    result = runner.invoke(app, ["selfplay", "go-tell-the-spartans", "--games", "1", "--bots", "heuristic,random"])
    assert result.exit_code == 1
    assert "1 seat(s) (greek; the rules play persian): give one bot per seat, not 2" in result.output


def test_log_lines_read_as_text_in_play_and_replay_step(tmp_path: Path) -> None:
    """Structured log entries ({"text", "rule"}) are shown as "text (rule)", never as a dict."""
    result = runner.invoke(app, ["play", "go-tell-the-spartans", "--seed", "3"], input="quit\n")
    assert "  | Day 1 (August 18th, 480 BCE) (4.0)" in result.output
    assert "{'text'" not in result.output and '{"text"' not in result.output
    path = _record_of_a_solitaire_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--step"], input="\n" * 60)
    assert result.exit_code == 0, result.output
    assert "  | Day 1 (August 18th, 480 BCE) (4.0)" in result.output
    assert "(5.1)" in result.output  # the automaton's commitment roll, with its rule
    assert "{'text'" not in result.output and '{"text"' not in result.output


def test_map_draws_the_pass_as_svg(tmp_path: Path) -> None:
    out = tmp_path / "gts.svg"
    result = runner.invoke(app, ["map", "go-tell-the-spartans", "--out", str(out)])
    assert result.exit_code == 0, result.output
    svg = out.read_text()
    assert svg.startswith("<svg") and "Thermopylae" in svg and svg.rstrip().endswith("</svg>")
