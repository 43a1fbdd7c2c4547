"""The state's position document (issue 12): compact since format 2 (defaults left out, per-block and
per-hex lists as their differences or as digits, the action list one string), and the full layout
written before it (every field, lists whole) still loads: games stored in the server's database and
positions in record files were written in it. ``saved/`` holds two documents written by the code of
2026-11-27 (commit 2172fa8), one of each edition: a battle under way and a Replacement Phase."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import polemos
from polemos.core.errors import RecordError
from polemos.core.rng import Rng
from polemos.games.athens_sparta.state import FORMAT, POOL, AthensSpartaState

from .conftest import game, play_random
from .helpers import full_document

SAVED = Path(__file__).resolve().parent / "saved"


def saved(name: str) -> Any:
    return json.loads((SAVED / f"{name}-edition-2026-11-27.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", ["second", "first"])
def test_a_document_in_the_full_layout_of_2026_11_27_still_loads(name: str) -> None:
    old = saved(name)
    assert "format" not in old and isinstance(old["actions"], list)
    state = game().from_json(old)
    assert isinstance(state, AthensSpartaState)
    # every field as written (full_document reads the state back from its compact document)
    assert full_document(state) == old
    # the same game as its record replays, and it plays on
    replayed = polemos.replay(json.loads(json.dumps(state.record())))
    # the log as written then; a replay writes today's words (e.g. the first edition's Bad Hand, 1st 4.61)
    assert {k: v for k, v in replayed.to_json().items() if k != "log"} == \
        {k: v for k, v in state.to_json().items() if k != "log"}
    play_random(state, Rng(7), 60)
    play_random(replayed, Rng(7), 60)
    assert {k: v for k, v in replayed.to_json().items() if k != "log"} == \
        {k: v for k, v in state.to_json().items() if k != "log"}
    assert replayed.log[-40:] == state.log[-40:]  # and the lines written since, in today's words


def test_the_compact_document_round_trips_and_leaves_defaults_out() -> None:
    state = game().new(5)
    doc = state.to_json()
    assert doc["format"] == FORMAT and doc["actions"] == ""
    for name in ("moved", "crossed", "revealed", "halfhit", "came_from", "start_hex", "city_spent", "battle"):
        assert name not in doc, name  # a new game's defaults (start_hex: the blocks' hexes, 1.4)
    play_random(state, Rng(5), 400)
    doc = json.loads(json.dumps(state.to_json()))
    assert isinstance(doc["actions"], str) and doc["actions"].count("\n") == len(state.actions) - 1
    again = game().from_json(doc)
    assert again.to_json() == doc
    assert full_document(again) == full_document(state)


def test_a_mid_game_document_without_its_log_is_under_16_kb() -> None:
    """Issue 12's memory target, at 450 actions (a random game runs to ~800-1,000): ~8 KB, of which
    the action list (the record) is ~6 KB."""
    state = game().new(6)
    play_random(state, Rng(6), 450)
    doc = state.to_json()
    doc.pop("log")
    assert len(json.dumps(doc, separators=(",", ":"))) <= 16_000
    doc.pop("actions")
    assert len(json.dumps(doc, separators=(",", ":"))) <= 4_000


@pytest.mark.parametrize(("doc", "message"), [
    ({"format": 3, "seed": 1}, "unknown position document format 3"),
    ({"format": 2, "seed": 1, "loc": {"73": 5}}, "position field 'loc': no entry 73"),
    ({"format": 2, "seed": 1, "loc": {"-1": 5}}, "position field 'loc': no entry -1"),
    ({"format": 2, "seed": 1, "strength": "2x"}, "position field 'strength': not a string of digits"),
    ({"format": 2, "seed": 1, "actions": [["athens", "keep"]]}, "'actions' must be a string in format 2"),
    ({"format": 2, "seed": 1, "actions": "7keep"}, "bad action line"),
])
def test_a_bad_compact_document_is_refused(doc: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        game().from_json(doc)


def test_a_compact_document_missing_a_field_takes_its_default() -> None:
    """Unlike a partial document in the full layout (whose missing fields are the new game's), a compact
    one leaves out exactly the fields at their defaults: every block in the pool (3.0, 8.5)."""
    state = game().from_json({"format": 2, "seed": 3})
    assert isinstance(state, AthensSpartaState)
    assert state.loc == [POOL] * len(state.loc)
