"""The browser table's web module: the board with every locale clickable, click refs, the side panel."""

from __future__ import annotations

import random
import re

from polemos.games.sparta_vs_athens import web
from tests.sparta_vs_athens.engine import new


def test_the_board_makes_every_locale_clickable_and_shows_both_sides_strength() -> None:
    s = new(seed=4)
    svg = web.render_board(s.view("athens"))
    refs = set(re.findall(r'data-ref="l:([a-z_]+)"', svg))
    assert refs == {loc.id for loc in s.comp.locales}
    assert ">A 21L<" in svg  # Athens: two 6s, a 4, cavalry 3 and archers 2 (16.2)
    assert svg.count("<svg") == 1 and svg.rstrip().endswith("</svg>")


def test_3_2_action_refs_click_the_locale_an_action_names_several_at_one_locale_share_it() -> None:
    legal = ["march eleusis", "march megara", "sail megara", "stop", "place cleon at athens",
             "buy delos-hoplites at abdera", "buy samian-squadron at abdera", "take delos-hoplites#1"]
    assert web.action_refs({}, legal) == [["l:eleusis"], ["l:megara"], ["l:megara"], [], ["l:athens"],
                                          ["l:abdera"], ["l:abdera"], []]


def test_the_panel_names_the_tracks_and_the_decision_along_a_game() -> None:
    s = new(seed=6)
    r = random.Random(6)
    for _ in range(200):
        if s.outcome() is not None:
            break
        role = s.active_roles()[0]
        panel = web.describe(s.view(role))
        assert panel["prompt"].startswith(role.capitalize() + ": ")
        assert panel["treasury"] == {"Athens": s.treasury[0], "Sparta": s.treasury[1]}
        legal = s.legal_actions(role)
        assert len(web.action_refs(s.view(role), legal)) == len(legal)
        s.apply(role, r.choice(legal))


def test_the_panel_says_plainly_which_rules_are_ours_in_english_and_spanish() -> None:
    from polemos.i18n import page_words

    panel = web.describe(new(seed=1).view("athens"))
    assert panel["whose rules"] == web.OURS
    assert "1.1-3.2" in web.OURS and "Polemos' own design" in web.OURS and "DESIGN.md" in web.OURS
    spanish = page_words(panel, "es")[web.OURS]
    assert spanish.startswith("Solo sobreviven las secciones 1.1-3.2") and "DESIGN.es.md" in spanish
    assert page_words({"k": "Whose rules"}, "es") == {"Whose rules": "De quién son las reglas"}
