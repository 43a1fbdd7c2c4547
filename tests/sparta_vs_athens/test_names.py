"""One display name per piece (issues 11, 14): the log, the terminal, the browser's buttons, board and
panel name counters, leaders, locales, phases and the scenario in words; the record keeps the canonical
action text (``take athenian-fleet-10#2``), which the browser shows as the button's title."""

from __future__ import annotations

import random
import re

import polemos
from polemos.games.sparta_vs_athens import names, text, web
from polemos.games.sparta_vs_athens.state import SVAState, display_names, unit_names
from tests.sparta_vs_athens.engine import new

RAW = re.compile(r"\b[a-z]+(?:-[a-z0-9]+)+\b|[a-z0-9]#\d+")  # a record id: delos-garrison#30, peloponnesian-war


def test_every_counter_has_one_distinct_display_name() -> None:
    s = new()
    labels = display_names(s.comp)
    assert len(set(labels)) == len(labels) == len(unit_names(s.comp)[0])
    index = s.unit_names_index()
    assert s.label(index["athenian-fleet-10#3"]) == "Athenian Fleet III"
    assert s.label(index["athenian-hoplites-6#1"]) == "Athenian Hoplites (6) I"
    assert s.label(index["spartiates#1"]) == "Spartiate Hoplites" or "#" not in s.label(index["spartiates#1"])
    assert names.unit("delos-garrison#30") == "Delos Confederation Garrison XXX"


def _game(seed: int) -> SVAState:
    s = polemos.game("sparta-vs-athens").new(seed)
    assert isinstance(s, SVAState)
    return s


def test_log_terminal_buttons_and_panel_show_no_record_ids() -> None:
    """A random game: no log line, terminal board, button label or panel entry shows a record id; the
    labels name the same pieces the log does."""
    s = _game(3)
    r = random.Random(3)
    for step in range(1500):
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        legal = s.legal_actions(role)
        view = s.view(role)
        labels = web.action_labels(view, legal)
        assert len(labels) == len(legal)
        for label in labels:
            assert not RAW.search(label), label
        if step % 50 == 0:
            board = text.render(view)
            assert not RAW.search(board), [line for line in board.splitlines() if RAW.search(line)][:3]
            panel = web.describe(view)
            shown = " ".join(str(panel[k]) for k in ("prompt", "scenario", "phase", "government", "event",
                                                     "allies", "force"))
            assert not RAW.search(shown), shown
        s.apply(role, r.choice(legal))
    for _, line in s.log:
        assert not RAW.search(line), line


def test_the_canonical_action_is_the_record_and_the_label_its_words() -> None:
    s = new(seed=1)
    view = {"pending": {"kind": "force"}, "force": {"stage": "take", "leader": "pericles", "locale": "athens"}}
    assert names.action_label(view, "take athenian-fleet-10#2") == "take Athenian Fleet II"
    assert names.action_label(view, "march megara") == "march to Megara (DESIGN 7.2)"
    assert names.action_label({"pending": {"kind": "campaign"}}, "end") == "end the Campaign Phase (DESIGN 4.1)"
    assert names.action_label({}, "buy athenian-fleet-10 at piraeus") == \
        "buy Athenian Fleet for 10 talents at Piraeus (3.2 2a)"
    assert names.prompt(view | {"pending": {"kind": "force", "role": "athens"}}).startswith(
        "Athens: take units into Pericles's force at Athens")
    assert s.scenario == "peloponnesian-war" and "peloponnesian-war" not in text.render(s.view(None))
