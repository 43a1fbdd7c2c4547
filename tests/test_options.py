"""Game options as a schema (architecture.md: "Each game declares its options as a schema ... an
unknown or bad option is a clear error"): one declaration type and one validator in the kernel,
applied by ``Game.new`` so the CLI, the server and ``polemos.replay`` all refuse the same bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

import polemos
from polemos.cli import app
from polemos.core.errors import RecordError
from polemos.core.options import OptionSpec, validate_options

AS = "athens-and-sparta"
GTS = "go-tell-the-spartans"
SPECS = (
    OptionSpec("flag", "bool", "a flag", default=False),
    OptionSpec("count", "int", "a count", default=1, minimum=0, maximum=5),
    OptionSpec("mode", "choice", "a mode", default="a", choices=("a", "b")),
    OptionSpec("pair", "object", "a pair", fields=(OptionSpec("mode", "choice", "which", choices=("a", "b")),
                                                  OptionSpec("count", "int", "how many", minimum=0, maximum=3))),
)


def test_valid_options_pass_unchanged_and_absent_ones_stay_absent() -> None:
    given = {"flag": True, "count": 5, "mode": "b", "pair": {"mode": "a", "count": 0}}
    assert validate_options(SPECS, given) == given
    assert validate_options(SPECS, {}) == {} and validate_options(SPECS, None) == {}


@pytest.mark.parametrize(("options", "message"), [
    ({"speed": 1}, "unknown option(s) speed; known: flag, count, mode, pair"),
    ({"flag": 1}, "option flag must be true or false, not 1"),
    ({"flag": "yes"}, "option flag must be true or false, not 'yes'"),
    ({"count": True}, "option count must be an integer from 0 to 5, not true"),  # a bool is no integer
    ({"count": 3.0}, "option count must be an integer from 0 to 5, not 3.0"),
    ({"count": -3}, "not -3"),
    ({"count": 6}, "not 6"),
    ({"count": float("inf")}, "not a number that is not finite"),
    ({"count": float("nan")}, "not a number that is not finite"),
    ({"count": 10**5000}, "not a huge number"),  # never written out (and past str(int)'s limit)
    ({"count": "lots"}, "not 'lots'"),
    ({"mode": "c"}, "option mode must be one of a, b, not 'c'"),
    ({"mode": "x" * 5_000_000}, "not a text of 5000000 characters"),  # a 5 MB value is not echoed
    ({"pair": None}, "option pair must be {"),
    ({"pair": {"mode": "a"}}, "option pair: field 'count' is missing"),
    ({"pair": {"mode": "a", "count": 1, "more": 2}}, "option pair: unknown field(s) more"),
    ({"pair": {"mode": "a", "count": 9}}, "option pair.count must be an integer from 0 to 3, not 9"),
    ([1, 2], "options must be a JSON object"),
])
def test_bad_options_are_clear_value_errors(options: Any, message: str) -> None:
    with pytest.raises(ValueError) as err:
        validate_options(SPECS, options)
    assert message in str(err.value)
    assert len(str(err.value)) < 300


def test_each_game_declares_its_options_as_a_schema() -> None:
    for gid in polemos.game_ids():
        game = polemos.game(gid)
        assert all(isinstance(spec, OptionSpec) for spec in game.options)
        described = game.describe()["options"]
        assert [o["name"] for o in described] == [s.name for s in game.options]
        json.dumps(described)  # plain JSON for /api/catalog
        for spec in game.options:  # every default is itself a valid value (or off)
            if spec.default is not None:
                assert spec.check(spec.default) == spec.default
    names = {o["name"]: o for o in polemos.game(GTS).describe()["options"]}
    assert names["players"]["choices"] == ["solitaire", "two", "multi"] and names["players"]["default"] == "solitaire"
    bid = next(o for o in polemos.game(AS).describe()["options"] if o["name"] == "bid")
    assert bid["type"] == "object" and [f["name"] for f in bid["fields"]] == ["side", "steps"]


def test_10_3_bid_range_is_what_the_set_up_allows() -> None:
    """10.3: "No unit can take more than one step loss", so a bid removes at most one step per starting
    block of two or more steps; the option's maximum is the larger side's count (RULINGS R24)."""
    from polemos.games.athens_sparta.game import MAX_BID
    from polemos.games.athens_sparta.rules import legal_bid

    state = polemos.game(AS).new(1)
    assert max(len(legal_bid(state, side)) for side in (0, 1)) == MAX_BID
    zero: Any = polemos.game(AS).new(1, options={"bid": {"side": "athens", "steps": 0}})  # "a first bid of 0 is okay"
    assert zero.pending is None or zero.pending["kind"] != "bid"
    for bad in (-3, 1e999, "lots", MAX_BID + 1, True):
        with pytest.raises(ValueError, match=r"option bid\.steps must be an integer from 0 to"):
            polemos.game(AS).new(1, options={"bid": {"side": "athens", "steps": bad}})
    with pytest.raises(ValueError, match="option syracuse_points must be true or false"):
        polemos.game(AS).new(1, options={"syracuse_points": "x" * 5_000_000})


def test_replay_and_position_documents_check_options_too() -> None:
    record = {"game": GTS, "seed": 1, "options": {"players": "nine"}, "actions": []}
    with pytest.raises(RecordError, match="option players must be one of solitaire, two, multi"):
        polemos.replay(record)
    with pytest.raises(RecordError, match="option feigned_retreat must be true or false"):
        polemos.game(GTS).from_json({"game": GTS, "seed": 1, "options": {"feigned_retreat": 1}})


def test_the_cli_reports_a_bad_option_and_lists_options_from_the_schema() -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["bench", AS, "--steps", "5", "--options", '{"bid": {"side": "athens", "steps": -3}}'])
    assert result.exit_code == 1 and "option bid.steps must be an integer from 0 to 24, not -3" in result.output
    assert "Traceback" not in result.output
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "option players: " in result.output and "[one of solitaire, two, multi; default: solitaire]" in result.output
    assert "option bid: " in result.output
