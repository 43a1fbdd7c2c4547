"""polemos.core.log: the one way a log line is shown to a person (terminal, replay, page, panels)."""

from __future__ import annotations

import polemos
from polemos.core.log import log_lines, log_text
from polemos.games.thermopylae import text as gts_text
from polemos.games.thermopylae import web as gts_web


def test_log_text_reads_structured_entries_as_text() -> None:
    assert log_text("5.5 ATHENS retreats to MEGARA") == "5.5 ATHENS retreats to MEGARA"
    assert log_text({"text": "the Immortals are committed", "rule": "5.1"}) == "the Immortals are committed (5.1)"
    assert log_text({"text": "Day 1", "rule": ""}) == "Day 1"
    assert log_text({"what": "x", "rule": "4.0"}) == "what: x (4.0)"  # no text: its fields, never a dict
    assert log_text(None) == ""
    assert log_lines({"log": ["a", {"text": "b", "rule": "8.2"}]}) == ["a", "b (8.2)"]
    assert log_lines({"log": "not a list"}) == [] and log_lines({}) == []


def test_every_view_of_go_tell_the_spartans_renders_the_same_lines() -> None:
    state = polemos.game("go-tell-the-spartans").new(3)
    view = state.view("greek")
    lines = log_lines(view)
    assert lines and all(isinstance(line, str) and not line.startswith("{") for line in lines)
    assert gts_web.describe(view)["log"] == lines[-len(gts_web.describe(view)["log"]):]
    shown = gts_text.render(view)
    assert lines[-1] in " ".join(shown.split())
