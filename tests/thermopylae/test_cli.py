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
    assert "greek>" in out
    assert "Ephialtes Box" in out
    assert "place spartans-1" in out  # the deployment prompt (6.0) after the first choices
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
    agents = {role: make_agent("random", game.id) for role in game.roles}
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
