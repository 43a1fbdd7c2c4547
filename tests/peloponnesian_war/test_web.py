"""The browser table's hooks (web.py): the board with the pieces, click refs, the side panel."""

from __future__ import annotations

import json
import random
import xml.dom.minidom

import polemos
from polemos.games.peloponnesian_war import web

GAME = polemos.game("peloponnesian-war")


def test_the_board_draws_the_set_up_with_clickable_spaces() -> None:
    s = GAME.new(3, None, {})
    svg = web.render_board(s.view("player"))
    xml.dom.minidom.parseString(svg)
    assert svg.count('data-ref="s:') == len(s.view(None)["spaces"])
    assert "2H 1C 3N" in svg and ">RS<" in svg  # Potidaea: the Athenian army, Rebellion and Siege markers


def test_refs_name_one_action_each_and_the_panel_is_json() -> None:
    s = GAME.new(4, None, {"mode": "two-player"})
    r = random.Random(4)
    for _ in range(150):
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        legal = s.legal_actions(role)
        refs = web.action_refs(s.view(role), legal)
        assert len(refs) == len(legal)
        clicked = [tuple(x) for x in refs if x]
        assert len(clicked) == len(set(clicked))
        for action, ref in zip(legal, refs, strict=True):
            if ref:
                assert ref == [f"s:{action.split()[1]}"]
        s.apply(role, r.choice(legal))
    panel = web.describe(s.view("athens"))
    json.dumps(panel)
    assert panel["title"] == "The Peloponnesian War" and set(panel["sides"]) == {"Athens", "Sparta"}
